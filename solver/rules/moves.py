"""DATC 5.B.1 MOVE: a move succeeds when its attack beats every opposing strength.

Without a head-to-head battle the attack must exceed the hold strength of the destination;
in one, the defend strength of the opposing unit; and always the prevent strength of every
other move to the same province.
"""
from __future__ import annotations

from dipsat.model.errors import AdjudicationError
from dipsat.solver.phase_model import PhaseModel


def reads(pm: PhaseModel, src: str) -> list[str]:
    """The decisions the success of the move from ``src`` depends on."""
    facts = pm.facts
    mf = facts.moves[src]
    found = [pm.path(src)] + [pm.given(s) for s in facts.move_supports.get(src, [])]
    opponent = facts.opponent.get(src)
    if opponent is not None:
        found += [pm.given(s) for s in facts.move_supports.get(opponent, [])]
    else:
        found += [pm.moves(mf.dest)] + [pm.given(s) for s in facts.hold_supports.get(mf.dest, [])]
    for rival in pm.attackers(mf.dest):
        if rival != src:
            beaten_by = facts.beaten_by.get(rival, "")
            found += [pm.path(rival), pm.moves(beaten_by)]
            if beaten_by and beaten_by != facts.opponent.get(rival):
                found.append(pm.moves(rival))
            found += [pm.given(s) for s in facts.move_supports.get(rival, [])]
    return [n for n in (pm.name_of(x) for x in found) if n]


def add_moves(pm: PhaseModel) -> None:
    """moves[m] <-> attack[m] beats the hold (or defend) strength and every prevent strength."""
    facts = pm.facts
    for src, mf in facts.moves.items():
        lit = pm.moves(src)
        if not pm.defines(lit.name, lambda src=src: reads(pm, src)):  # type: ignore[misc]
            continue
        label = pm.label(src)
        attack = pm.strengths.get(f"attack[{label}]")
        if attack is None:
            raise AdjudicationError("the moves rule compares strengths: apply the 'strengths' rule before it")
        opponent = facts.opponent.get(src)
        strengths = pm.strengths
        if opponent is not None:
            against = [("defend", opponent, strengths[f"defend[{pm.label(opponent)}]"])]
        else:
            hold = strengths.get(f"hold[{mf.dest}]")
            against = [("hold", mf.dest, hold)] if hold is not None else []
        against += [("prevent", r, strengths[f"prevent[{pm.label(r)}]"]) for r in pm.attackers(mf.dest) if r != src]
        if not against:  # an empty, uncontested province: hold strength 0 (a variant may bring the attack to 0)
            against = [("hold", mf.dest, 0)]
        beats: list = []
        for what, whose, strength in against:
            if isinstance(attack, int) and isinstance(strength, int):
                beats.append(attack > strength)
                continue
            subject = pm.label(whose) if what != "hold" else whose
            beat = pm.model.new_bool_var(f"beats[{label} vs {what} {subject}]")
            pm.model.add_difference(attack, strength, 1, None, [beat])
            pm.model.add_difference(attack, strength, None, 0, [~beat])
            beats.append(beat)
        pm.equal_and(lit, [pm.path(src), *beats])
