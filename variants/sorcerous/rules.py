"""Sorcerous Diplomacy's rule module: a term of the model's strength expressions (a familiar's
double strength is its unit kind's, :mod:`.kinds`).

* A fleet stuck in ice is helpless under option ``stuck_fleet=helpless``: ``stuck[<province>]``,
  minus the fleet's own hold strength (-1; -2 for a familiar ``2F``), makes its hold strength 0,
  so any army that moves onto the province destroys it (its supports to hold are illegal,
  decided before the model).

The modules only add terms; they run before ``strengths``, which builds the sums.
"""
from __future__ import annotations

from dipsat.solver.phase_model import HOLD, PhaseModel
from dipsat.variants.framework.engine import add_constant_term

__all__ = ["add_stuck_fleets"]


def add_stuck_fleets(pm: PhaseModel, provinces: frozenset[str] = frozenset()) -> None:
    """Take the hold strength of each helpless fleet stuck in ice down to 0 (a double fleet's too)."""
    kinds = pm.facts.strengths  # None: every unit a standard army or fleet, hold strength 1
    for province in sorted(provinces):
        if province in pm.facts.orders:
            hold = kinds[province].hold if kinds is not None else 1
            add_constant_term(pm, [(HOLD, province)], f"stuck[{province}]", "stuck fleet", -hold)
