"""A head-to-head battle that a variant or a rule option makes exist only sometimes.

DATC 5.B.1, 5.B.6 and 5.B.7 for two moves ``one`` and ``two`` coming at each other, made
conditional on a literal ``battle``: in a battle, a move's attack must beat the other's defend
strength, and the loser's prevent strength is 0 when the other succeeds. The moves rule reads
the attack and prevent strengths from ``pm.strengths``; this module replaces them, after the
``strengths`` rule, by ``attack_in_battle[...]`` and ``prevent_in_battle[...]`` (under the keys
``(ATTACK, src)`` and ``(PREVENT, src)``).
"""
from __future__ import annotations

from dipsat.solver.constraints import IntVar, LinearExpr
from dipsat.solver.phase_model import ATTACK, DEFEND, PREVENT, PhaseModel
from dipsat.solver.rules.strengths import support_sum

__all__ = ["battle_strengths"]


def _upper(pm: PhaseModel, value: LinearExpr | IntVar | int) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, IntVar):
        return pm.model.ub[value.index]
    return value.const + sum(c * (pm.model.ub[v] if c > 0 else pm.model.lb[v]) for v, c in value.terms.items())


def battle_strengths(pm: PhaseModel, one: str, two: str, battle: IntVar) -> None:
    """``one``'s attack and prevent strength as read in a battle with ``two`` that may not happen."""
    label, other_label = pm.label(one), pm.label(two)
    attack = pm.strengths.get((ATTACK, one))
    if attack is not None:
        defend = support_sum(pm, pm.facts.move_supports.get(two, [])) + pm.extra((DEFEND, two))
        beats = pm.model.new_bool_var(f"beats[{label} vs defend {other_label}]")
        pm.model.add_greater(attack, defend, beats)
        loses = pm.model.new_bool_var(f"loses_battle[{label}]")
        pm.equal_and(loses, [battle, ~beats])
        read = pm.model.new_int_var(0, max(0, _upper(pm, attack)), f"attack_in_battle[{label}]")
        pm.model.add_difference(read, attack, 0, 0, [~loses])
        pm.model.add(read == 0).only_enforce_if(loses)
        pm.strengths[ATTACK, one] = read
    prevent = pm.strengths.get((PREVENT, one))
    if prevent is not None:
        beaten = pm.model.new_bool_var(f"beaten_in_battle[{label}]")
        pm.equal_and(beaten, [battle, pm.moves(two)])
        read = pm.model.new_int_var(0, max(0, _upper(pm, prevent)), f"prevent_in_battle[{label}]")
        pm.model.add_difference(read, prevent, 0, 0, [~beaten])
        pm.model.add(read == 0).only_enforce_if(beaten)
        pm.strengths[PREVENT, one] = read
