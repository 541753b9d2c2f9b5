"""DATC 5.B.1 MOVE: a move succeeds when its attack beats every opposing strength.

Without a head-to-head battle the attack must exceed the hold strength of the destination;
in one, the defend strength of the opposing unit; and always the prevent strength of every
other move to the same province.
"""
from __future__ import annotations

from functools import partial

from dipsat.model.errors import AdjudicationError
from dipsat.solver.phase_model import ATTACK, BEATS, DEFEND, HOLD, MOVES, PREVENT, Key, PhaseModel


def reads(pm: PhaseModel, src: str) -> list[Key]:
    """The decisions the success of the move from ``src`` depends on."""
    facts = pm.facts
    mf = facts.moves[src]
    found = [pm.path(src)] + [pm.given(s) for s in facts.move_supports.get(src, [])]
    opponent = facts.opponent.get(src)
    if opponent is not None:
        found += [pm.given(s) for s in facts.move_supports.get(opponent, [])]
    else:
        found += [pm.leaves(mf.dest)] + [pm.given(s) for s in facts.hold_supports.get(mf.dest, [])]
    for rival in pm.attackers(mf.dest):
        if rival != src:
            beaten_by = facts.beaten_by.get(rival, "")
            found += [pm.path(rival), pm.moves(beaten_by)]
            if beaten_by and beaten_by != facts.opponent.get(rival):
                found.append(pm.moves(rival))
            found += [pm.given(s) for s in facts.move_supports.get(rival, [])]
    return pm.keys_of(found)


def add_moves(pm: PhaseModel) -> None:
    """moves[m] <-> attack[m] beats the hold (or defend) strength and every prevent strength."""
    facts = pm.facts
    strengths, model, attackers = pm.strengths, pm.model, facts.attackers
    for src, mf in facts.moves.items():
        lit = pm.moves(src)
        if not pm.defines((MOVES, src), partial(reads, src=src)):
            continue
        attack = strengths.get((ATTACK, src))
        if attack is None:
            raise AdjudicationError("the moves rule compares strengths: apply the 'strengths' rule before it")
        opponent = facts.opponent.get(src)
        dest = mf.dest
        if opponent is not None:
            against = [(DEFEND, opponent, strengths[DEFEND, opponent])]
        else:
            hold = strengths.get((HOLD, dest))
            against = [(HOLD, dest, hold)] if hold is not None else []
        rivals = attackers.get(dest, ())
        if len(rivals) > 1:
            against += [(PREVENT, r, strengths[PREVENT, r]) for r in rivals
                        if r != src and frozenset((src, r)) not in facts.allied]
        if not against:  # an empty, uncontested province: hold strength 0 (a variant may bring the attack to 0)
            against = [(HOLD, dest, 0)]
        beats: list = []
        constant = isinstance(attack, int)
        for what, whose, strength in against:
            if constant and isinstance(strength, int):
                beats.append(attack > strength)
                continue
            beat = model.new_bool_var((BEATS, src, what, whose))
            model.add_greater(attack, strength, beat)
            beats.append(beat)
        pm.equal_and(lit, [pm.path(src), *beats])
