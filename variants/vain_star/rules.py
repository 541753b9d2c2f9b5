"""Vain Star's rule modules: Supermen, Lepers, Petrol Rationing and hyperspace as terms of the
model's strength expressions (rules E, F, I, C).

Each term is a named constant variable of the model (``superman[par]``, ``leper[mun]``,
``petrol[A mun - bur]``, ``hyperspace[bre]``) added with :meth:`PhaseModel.add_term` to the
strengths it changes, so an exported model shows ``attack[A par - bur] == 1 + ... +
superman[par]``. No Python ``if`` decides a battle: a Superman wins because its term dominates
every finite strength in the same inequalities as any other attack.

* Superman (E): ``SUPERMAN`` added to the attack, defend and prevent strengths of its move and
  to the hold strength of its province. Every finite strength is below it (at most 35 units
  stand on the board), so only another Superman's equal term stands it off.
* Leper (F): ``LEPER`` added to the hold strength of its province; above any Superman, so a
  Leper is never dislodged and stands off every move into it, a Superman's too.
* Petrol Rationing (I): ``+n`` on the attack, defend and prevent strengths of the move.
* Hyperspace (C, option ``teleport_origin=vacated``): ``-1`` on the hold strength of a
  teleporting unit's province, which is empty (hold 0) whether the teleport succeeds or not.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from dipsat.solver.phase_model import PhaseModel
from dipsat.variants.framework.engine import add_constant_term

__all__ = ["SUPERMAN", "LEPER", "add_supermen", "add_lepers", "add_petrol", "add_hyperspace"]

SUPERMAN = 1_000
"""A Superman's strength term: more than any sum of finite strengths on a 34-centre map."""
LEPER = 1_000_000
"""A Leper's hold-strength term: more than a Superman's attack."""


def _move_strengths(pm: PhaseModel, province: str) -> list[str]:
    label = pm.label(province)
    return [f"attack[{label}]", f"defend[{label}]", f"prevent[{label}]"]


def add_supermen(pm: PhaseModel, provinces: Iterable[str] = ()) -> None:
    """Give each Superman's move and hold strengths the term ``superman[p] = SUPERMAN``."""
    for province in sorted(provinces):
        if province not in pm.facts.orders:
            continue
        names = [f"hold[{province}]"]
        if province in pm.facts.moves:
            names += _move_strengths(pm, province)
        add_constant_term(pm, names, f"superman[{province}]", "superman", SUPERMAN)


def add_lepers(pm: PhaseModel, provinces: Iterable[str] = ()) -> None:
    """Give each Leper's hold strength the term ``leper[p] = LEPER``."""
    for province in sorted(provinces):
        if province in pm.facts.orders:
            add_constant_term(pm, [f"hold[{province}]"], f"leper[{province}]", "leper", LEPER)


def add_petrol(pm: PhaseModel, extra: Mapping[str, int] | None = None) -> None:
    """Give each rationed move the term ``petrol[<move>] = n`` on attack, defend and prevent."""
    for province, n in sorted((extra or {}).items()):
        if province in pm.facts.moves:
            add_constant_term(pm, _move_strengths(pm, province), f"petrol[{pm.label(province)}]", "petrol", n)


def add_hyperspace(pm: PhaseModel, origins: Iterable[str] = ()) -> None:
    """Give each teleporting unit's province the term ``hyperspace[p] = -1`` on its hold strength."""
    for province in sorted(origins):
        if province in pm.facts.moves:
            add_constant_term(pm, [f"hold[{province}]"], f"hyperspace[{province}]", "hyperspace", -1)
