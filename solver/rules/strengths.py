"""DATC 5.B.5-5.B.8: hold, attack, defend and prevent strengths as integer variables.

Each strength is a named variable (``attack[A par - bur]``, ``hold[bur]``) equal to one plus a
sum of support literals, under the conditions of the DATC equations (enforcement literals).
Variants change strengths by replacing this module or by adding terms to the same sums.
"""
from __future__ import annotations

from ortools.sat.python import cp_model

from dipsat.model.types import Move
from dipsat.solver.phase_model import Lit, PhaseModel


def support_sum(pm: PhaseModel, supporters: list[str], excluding_power: str | None = None):
    """1 + the given supports among ``supporters`` (those of ``excluding_power`` left out)."""
    lits = [pm.given(s) for s in supporters
            if excluding_power is None or pm.facts.position.units[s].power != excluding_power]
    return 1 + cp_model.LinearExpr.sum([lit for lit in lits if lit is not False])


def _set(pm: PhaseModel, var, expr, when: list[Lit]) -> None:
    """var == expr whenever every literal of ``when`` holds (constants resolved here)."""
    if any(w is False for w in when):
        return
    pm.model.add(var == expr).only_enforce_if([w for w in when if w is not True])


def _neg(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else ~lit


def add_strengths(pm: PhaseModel) -> None:
    """Define hold[p] for every occupied province and attack/defend/prevent for every move."""
    facts = pm.facts
    for province, order in facts.orders.items():
        supporters = facts.hold_supports.get(province, [])
        var = pm.strength(f"hold[{province}]", 1 + len(supporters))
        extra = pm.extra(f"hold[{province}]")
        if province in facts.moves:
            pm.model.add(var == 0).only_enforce_if(pm.moves(province))
            pm.model.add(var == 1 + extra).only_enforce_if(~pm.moves(province))
        elif isinstance(order, Move):
            pm.model.add(var == 1 + extra)  # an invalid move: it fails, nobody may support it to hold
        else:
            pm.model.add(var == support_sum(pm, supporters) + extra)
    for src, mf in facts.moves.items():
        supporters = facts.move_supports.get(src, [])
        top = 1 + len(supporters)
        label = pm.label(src)
        path = pm.path(src)
        attack = pm.strength(f"attack[{label}]", top)
        defend = pm.strength(f"defend[{label}]", top)
        prevent = pm.strength(f"prevent[{label}]", top)
        full = support_sum(pm, supporters) + pm.extra(f"attack[{label}]")
        pm.model.add(defend == support_sum(pm, supporters) + pm.extra(f"defend[{label}]"))
        _set(pm, attack, 0, [_neg(path)])
        _set(pm, prevent, 0, [_neg(path)])
        opponent = facts.opponent.get(src)
        prevented = support_sum(pm, supporters) + pm.extra(f"prevent[{label}]")
        beaten_by = facts.beaten_by.get(src)
        if beaten_by is None:
            _set(pm, prevent, prevented, [path])
        elif beaten_by == opponent:  # head to head: both cannot succeed
            _set(pm, prevent, 0, [path, pm.moves(beaten_by)])
            _set(pm, prevent, prevented, [path, _neg(pm.moves(beaten_by))])
        else:  # DATC 4.A.7 choice a: dislodged by a convoyed unit from the destination
            beaten = pm.model.new_bool_var(f"beaten[{label}]")
            pm.equal_and(beaten, [pm.moves(beaten_by), _neg(pm.moves(src))])
            _set(pm, prevent, 0, [path, beaten])
            _set(pm, prevent, prevented, [path, ~beaten])
        defender = facts.position.units.get(mf.dest)
        if defender is None:
            _set(pm, attack, full, [path])
            continue
        restricted = 0 if defender.power == mf.piece.power else support_sum(
            pm, supporters, excluding_power=defender.power) + pm.extra(f"attack[{label}]")
        leaves = pm.moves(mf.dest) if opponent is None else False
        _set(pm, attack, full, [path, leaves])
        _set(pm, attack, restricted, [path, _neg(leaves)])
