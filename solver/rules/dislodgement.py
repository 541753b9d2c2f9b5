"""Dislodgement: a unit is dislodged when a move into its province succeeds and it did not leave."""
from __future__ import annotations

from dipsat.solver.phase_model import PhaseModel


def add_dislodgement(pm: PhaseModel) -> None:
    """dislodged[p] <-> OR(moves[a] for the attackers a of p) and not moves[p]."""
    for province in pm.facts.orders:
        dislodged = pm.dislodged(province)
        if dislodged is False:
            continue
        attackers = [pm.moves(a) for a in pm.attackers(province)]
        stays = pm.moves(province)
        reads = [pm.name_of(x) for x in [*attackers, stays]]
        if not pm.defines(dislodged.name, [r for r in reads if r]):
            continue
        entered = pm.model.new_bool_var(f"entered[{province}]")
        pm.equal_or(entered, attackers)
        pm.equal_and(dislodged, [entered, (not stays) if isinstance(stays, bool) else ~stays])
