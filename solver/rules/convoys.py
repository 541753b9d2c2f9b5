"""DATC 5.B.3 CONVOY: a convoy is available when the convoying fleet is not dislodged."""
from __future__ import annotations

from dipsat.solver.phase_model import AVAILABLE, PhaseModel


def add_convoys(pm: PhaseModel) -> None:
    """available[f] <-> not dislodged[f] (a backup rule may fix it instead)."""
    for province in pm.facts.convoys:
        available = pm.available(province)
        dislodged = pm.dislodged(province)
        if not pm.defines((AVAILABLE, province), pm.keys_of([dislodged])):
            continue
        if dislodged is False:
            pm.require(available)  # type: ignore[arg-type]
        else:
            pm.model.add(available + dislodged == 1)
