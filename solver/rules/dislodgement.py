"""Dislodgement: a unit is dislodged when a move into its province succeeds and it did not leave."""
from __future__ import annotations

from dipsat.solver.phase_model import DISLODGED, ENTERED, PhaseModel


def add_dislodgement(pm: PhaseModel) -> None:
    """dislodged[p] <-> OR(moves[a] for the attackers a of p) and not moves[p] (``leaves[p]`` for
    a stack whose pieces all move: a piece left behind is dislodged)."""
    attacked = pm.facts.attackers
    for province in pm.facts.orders:
        if province not in attacked:
            continue  # nobody attacks it: never dislodged, no literal
        dislodged = pm.dislodged(province)
        attackers = [pm.moves(a) for a in pm.attackers(province)]
        left = pm.leaves(province)
        reads = pm.keys_of([*attackers, left])
        if not pm.defines((DISLODGED, province), reads):
            continue
        left = pm.fixed(left)
        stayed = (not left) if isinstance(left, bool) else ~left
        live = [a for a in map(pm.fixed, attackers) if a is not False]
        if len(live) <= 1 or any(a is True for a in live):  # entered is one move (or a constant)
            entered = True if any(a is True for a in live) else live[0] if live else False
            pm.equal_and(dislodged, [entered, stayed])
            continue
        entered = pm.model.new_bool_var((ENTERED, province))
        pm.equal_or(entered, live)
        pm.equal_and(dislodged, [entered, stayed])
