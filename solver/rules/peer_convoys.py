"""The ``diplomacy`` package's convoy disruption (rule option ``convoy_disruption=mila``).

DATC 5.B.3: a convoy is available when the convoying fleet is not dislodged. The package decides
disruption before it knows which moves succeed: a convoy is disrupted as soon as a move of
another power into the fleet's province is stronger than the fleet's hold strength, counting
*every* given support of that move, those of the fleet's own power too (they may not help to
dislodge it, DATC 5.B.8, so the attack then fails and the fleet stays, its convoy disrupted all
the same). benchmarks/PEER_DEFECTS.md, ``convoy-own-support``.

    available[f] <-> not dislodged[f] and not OR(overpowers[a] for a foreign attacker a of f)
    overpowers[a] <-> path[a] and 1 + sum(given supports of a) > hold strength of f
"""
from __future__ import annotations

from dipsat.solver.phase_model import AVAILABLE, Lit, PhaseModel
from dipsat.solver.rules.strengths import support_sum


def add_convoys_disrupted_by_any_stronger_attack(pm: PhaseModel) -> None:
    """available[f] <-> the fleet is neither dislodged nor attacked by a stronger foreign move."""
    facts = pm.facts
    for province in facts.convoys:
        available = pm.available(province)
        dislodged = pm.dislodged(province)
        power = facts.position.units[province].power
        foreign = [a for a in facts.attackers.get(province, []) if facts.piece(a).power != power]
        hold_supporters = facts.hold_supports.get(province, [])
        read = [dislodged] + [pm.path(a) for a in foreign] + [
            pm.given(s) for a in foreign for s in facts.move_supports.get(a, [])] + [
            pm.given(s) for s in hold_supporters]
        if not pm.defines((AVAILABLE, province), pm.keys_of(read)):
            continue
        hold = support_sum(pm, hold_supporters)
        threats: list[Lit] = []
        for a in foreign:
            threat = _overpowers(pm, a, hold)
            if threat is not False:
                threats.append(threat)
        pm.equal_and(available, [_neg(dislodged), *(_neg(t) for t in threats)])  # type: ignore[arg-type]


def _overpowers(pm: PhaseModel, src: str, hold: object) -> Lit:
    """``overpowers[move]``: the move has a route and, counting all its given supports, beats ``hold``."""
    path = pm.path(src)
    if path is False:
        return False
    raw = support_sum(pm, pm.facts.move_supports.get(src, []))
    margin = raw - hold  # type: ignore[operator]
    if isinstance(margin, int):
        return path if margin >= 1 else False
    threat = pm.model.new_bool_var(f"overpowers[{pm.label(src)}]")
    when = [] if path is True else [path]
    pm.model.add(margin >= 1).only_enforce_if([threat])
    if path is not True:
        pm.model.add_implication(threat, path)  # type: ignore[arg-type]
    pm.model.add(margin <= 0).only_enforce_if([~threat, *when])
    return threat


def _neg(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else ~lit
