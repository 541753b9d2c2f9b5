"""Option ``double_cut=any_attack``: any attack on a double unit cuts its support, even one
from the province the support is given into (rule 2, "Any attack on a double unit cuts all
support given by it", read as an exception to DATC 5.B.2). Other supports follow DATC 5.B.2.

This rule replaces the ``supports`` rule module when a double unit gives support; it reads the
standard cut rule (no paradox-rule exemptions: the older convoy paradox rules of DATC 4.A.2 do
not combine with this option).
"""
from __future__ import annotations

from typing import Iterable

from dipsat.solver.phase_model import GIVEN, Lit, PhaseModel
from dipsat.solver.rules.supports import cutters

__all__ = ["supports_cut_by_any_attack"]


def _not(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else ~lit


def supports_cut_by_any_attack(pm: PhaseModel, doubles: Iterable[str] = ()) -> None:
    """given[s] <-> not dislodged[s] and no cutting attack has a path; for a double supporter
    every attack by another power cuts."""
    double = frozenset(doubles)
    for province in pm.facts.supports:
        given = pm.given(province)
        if province in double:
            power = pm.facts.supports[province].power
            cut = [a for a in pm.attackers(province) if pm.facts.position.units[a].power != power]
        else:
            cut = cutters(pm, province)
        pm.cut_by[province] = cut
        paths = [pm.path(a) for a in cut]
        lost = pm.dislodged(province)
        if not pm.defines((GIVEN, province), pm.keys_of([lost, *paths])):
            continue
        pm.equal_and(given, [_not(lost)] + [_not(p) for p in paths])  # type: ignore[arg-type]
