"""DATC 5.B.2 SUPPORT: a support is given unless it is cut or the supporting unit is dislodged.

A support is cut by a move into the supporter's province that has a path, by a unit of another
power, from anywhere but the province the support is directed at. "From" is where the attacker
started, even when it is convoyed (DATC 4.A.4, as Calhamer ruled): test cases 6.D, 6.G.13.
"""
from __future__ import annotations

from dipsat.model.types import SupportHold
from dipsat.solver.phase_model import PhaseModel


def cutters(pm: PhaseModel, province: str) -> list[str]:
    """The origins of the moves that cut the support ordered from ``province`` if they have a path."""
    support = pm.facts.supports[province]
    into = support.target.province if isinstance(support, SupportHold) else support.dest.province
    power = support.power
    return [a for a in pm.attackers(province)
            if a != into and pm.facts.position.units[a].power != power]


def add_supports(pm: PhaseModel) -> None:
    """given[s] <-> not dislodged[supporter] and no cutting attack has a path."""
    for province in pm.facts.supports:
        given = pm.given(province)
        dislodged = pm.dislodged(province)
        paths = [pm.path(a) for a in cutters(pm, province)]
        reads = [pm.name_of(x) for x in [dislodged, *paths]]
        if not pm.defines(given.name, [r for r in reads if r]):
            continue
        pm.equal_and(given, [_not(dislodged)] + [_not(p) for p in paths])


def _not(lit):
    return (not lit) if isinstance(lit, bool) else ~lit
