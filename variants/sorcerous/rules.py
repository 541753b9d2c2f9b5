"""Sorcerous Diplomacy's rule modules: terms of the model's strength expressions.

* A familiar is "a double army/fleet" (rule 4): it counts as two units wherever a unit's own
  strength counts. ``familiar[<order>] = 1`` is added to the attack, defend and prevent
  strengths of its move, ``familiar[<province>] = 1`` to the hold strength of its province when
  it does not move. Its supports count once, like any unit's (a support lends no strength of
  the supporter's own).
* A fleet stuck in ice is helpless under option ``stuck_fleet=helpless``: ``stuck[<province>]
  = -1`` makes its hold strength 0, so any army that moves onto the province destroys it (its
  supports to hold are illegal, decided before the model).

The modules only add terms; they run before ``strengths``, which builds the sums.
"""
from __future__ import annotations

from dipsat.solver.phase_model import PhaseModel
from dipsat.variants.framework.engine import add_constant_term

__all__ = ["add_familiars", "add_stuck_fleets"]


def add_familiars(pm: PhaseModel, provinces: frozenset[str] = frozenset()) -> None:
    """Add one unit's strength to each familiar's attack, defend, prevent or hold strength."""
    for province in sorted(provinces):
        if province not in pm.facts.orders:
            continue
        if province in pm.facts.moves:
            label = pm.label(province)
            add_constant_term(pm, [f"attack[{label}]", f"defend[{label}]", f"prevent[{label}]"],
                              f"familiar[{label}]", "familiar", 1)
        add_constant_term(pm, [f"hold[{province}]"], f"familiar[{province}]", "familiar", 1)


def add_stuck_fleets(pm: PhaseModel, provinces: frozenset[str] = frozenset()) -> None:
    """Take the hold strength of each helpless fleet stuck in ice down to 0."""
    for province in sorted(provinces):
        if province in pm.facts.orders:
            add_constant_term(pm, [f"hold[{province}]"], f"stuck[{province}]", "stuck fleet", -1)
