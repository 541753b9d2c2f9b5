"""A move carried by another unit (variant hook :attr:`~dipsat.solver.facts.Facts.carriers`,
the Hitchhiker's lifts under ``lift_dislodged=fails``): the carrying is available while the
carrier is not dislodged, as a convoying fleet's convoy is (DATC 5.B.3), and the move has a path
only while its carrying is available (DATC 5.B.4 with a route of one unit).

The literals are the convoy's own (``available[...]``, ``path[...]``): a cycle through them that
has no single consistent resolution is a convoy paradox, settled by the backup rule in force
(Szykman: the carrying is not available; :func:`~dipsat.solver.paradox.backup_rule`).
"""
from __future__ import annotations

from dipsat.solver.phase_model import AVAILABLE, PATH, PhaseModel

__all__ = ["add_carried_paths"]


def add_carried_paths(pm: PhaseModel) -> None:
    """available[carrier] <-> not dislodged[carrier]; path[m] <-> available[carrier of m]."""
    for src, carrier in sorted(pm.facts.carriers.items()):
        available = pm.available(carrier)
        dislodged = pm.dislodged(carrier)
        if pm.defines((AVAILABLE, carrier), pm.keys_of([dislodged])):
            if dislodged is False:
                pm.model.add(available == 1)
            else:
                pm.model.add(available + dislodged == 1)
        path = pm.path(src)
        if path is False:  # a blocked move
            continue
        if pm.defines((PATH, src), pm.keys_of([available])):
            pm.equal_and(path, [available])  # type: ignore[arg-type]
