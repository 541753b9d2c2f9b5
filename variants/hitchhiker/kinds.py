"""The Hitchhiker's Guide's powers and the kinds of unit each may build (rules 4-7).

The kinds themselves (how they move and how strong they are) are data for the core's unit
model; which power may build which kind, and where, is this variant's check before the standard
adjustment rules run (rulings S2, B1, H1 of ``docs/variants/hitchhiker.md``).
"""
from __future__ import annotations

from typing import Final

from dipsat.model.gamemap import GameMap
from dipsat.model.notation import parse_order
from dipsat.model.types import Unit

__all__ = ["HITCH_HIKER", "VOGON", "kind_problem", "unit_from_text", "BUILDABLE"]

HITCH_HIKER: Final = "Hitch-hiker"
VOGON: Final = "Vogon"

BUILDABLE: Final = {"A": "an army", "F": "a fleet", "M": "a bubble-car", "H": "a hitch-hiker",
                    "V": "a destructor ship"}
"""Letter -> the kind in words, for reasons."""


def letters_for(power: str) -> frozenset[str]:
    """The letters of the kinds ``power`` may build (rules 5, 6, 7)."""
    if power == HITCH_HIKER:
        return frozenset({"H"})
    if power == VOGON:
        return frozenset({"A", "F", "M", "V"})
    return frozenset({"A", "F", "M"})


def kind_problem(power: str, unit: Unit) -> str:
    """Why ``power`` may not build ``unit``'s kind, or ``""``."""
    letter = unit.kind.value
    if letter in letters_for(power):
        return ""
    what = BUILDABLE.get(letter, f"a unit of kind {letter}")
    if power == HITCH_HIKER:
        return f"the Hitch-hiker builds only hitch-hikers, not {what} (rule 6)"
    rule = {"H": "rule 6", "V": "rule 7", "M": "rule 5"}.get(letter, "rules 4-7")
    return f"{power} may not build {what} ({rule})"


def unit_from_text(gmap: GameMap, text: str) -> Unit:
    """The unit written ``text`` (``F sev/wc``) on this board."""
    return parse_order(f"{text} H", gmap).unit  # type: ignore[union-attr]
