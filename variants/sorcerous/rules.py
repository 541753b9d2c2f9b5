"""Sorcerous Diplomacy's rule module: a term of the model's strength expressions (a familiar's
double strength is its unit kind's, :mod:`.kinds`).

* A fleet stuck in ice is helpless under option ``stuck_fleet=helpless``: ``stuck[<province>]
  = -1`` makes its hold strength 0, so any army that moves onto the province destroys it (its
  supports to hold are illegal, decided before the model).

The modules only add terms; they run before ``strengths``, which builds the sums.
"""
from __future__ import annotations

from dipsat.solver.phase_model import HOLD, PhaseModel
from dipsat.variants.framework.engine import add_constant_term

__all__ = ["add_stuck_fleets"]


def add_stuck_fleets(pm: PhaseModel, provinces: frozenset[str] = frozenset()) -> None:
    """Take the hold strength of each helpless fleet stuck in ice down to 0."""
    for province in sorted(provinces):
        if province in pm.facts.orders:
            add_constant_term(pm, [(HOLD, province)], f"stuck[{province}]", "stuck fleet", -1)
