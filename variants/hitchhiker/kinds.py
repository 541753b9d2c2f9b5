"""The Hitchhiker's Guide's powers and the kinds of unit each may build (rules 4-7).

The kinds themselves (how they move and how strong they are) are data for the core's unit
model; which power may build which kind, and where, is this variant's check before the standard
adjustment rules run (rulings S2, B1, H1 of ``docs/variants/hitchhiker.md``).
"""
from __future__ import annotations

from typing import Final

from dipsat.model.gamemap import GameMap
from dipsat.model.kinds import ALL_TERRAIN, ARMY, FLEET, Moves, UnitKind
from dipsat.model.notation import parse_unit
from dipsat.model.types import Unit

__all__ = ["HITCH_HIKER", "VOGON", "BUBBLE_CAR", "HITCHHIKER_UNIT", "DESTRUCTOR", "KINDS", "kind_problem",
           "unit_from_text", "BUILDABLE", "letters_for", "MARVIN_UNIT", "ZAPHOD_UNIT", "MARVIN", "ZAPHOD", "GM",
           "PLAYERS"]

BUBBLE_CAR: Final = UnitKind(
    "M", "bubble-car", moves=Moves.ANYWHERE, stands=ALL_TERRAIN, scale=2,
    attack=1, defend=1, prevent=1, hold=2, support=0, can_support=False, convoyable=False, captures=False)
"""Rule 5 (rulings B2-B8): anywhere in one move (seas only with ``bubble_sea=yes``, checked by the
plan), 1/2 in the strengths of its move, 1 when it stays, no support, no capture, cuts support."""

HITCHHIKER_UNIT: Final = UnitKind("H", "hitch-hiker", moves=Moves.ARMY, convoyable=False,
                                  shares_with=frozenset({"H"}))
"""Rule 6 (rulings H2-H7): moves only by a lift (the plan makes any other move illegal and hands
the lift to the model off the adjacency graph); supports and retreats over land like an army;
never at sea; hitch-hikers share a province with each other."""

DESTRUCTOR: Final = UnitKind("V", "destructor ship", moves=Moves.ANY_EDGE, stands=ALL_TERRAIN, convoyable=False)
"""Rule 7: moves along land and sea edges alike (its own step: part 2)."""

MARVIN_UNIT: Final = UnitKind("P", "Marvin", moves=Moves.ANY_EDGE, stands=ALL_TERRAIN, owned=False, guest=True,
                              shares_with=frozenset({"*"}), can_support=False, convoyable=False, captures=False)
"""Rule 9: Marvin, the Paranoid Android (letter P), no power's; moves by vote over land and sea."""

ZAPHOD_UNIT: Final = UnitKind("Z", "Zaphod", moves=Moves.ANY_EDGE, stands=ALL_TERRAIN, owned=False, guest=True,
                              shares_with=frozenset({"*"}), can_support=False, convoyable=False, captures=False)
"""Rule 10: Zaphod Beeblebrox, no power's; moves at random over land and sea, shares a province."""

MARVIN: Final = "Marvin"
ZAPHOD: Final = "Zaphod"
GM: Final = "GM"
"""The game master's name in records and cases (``GM: SEED 7``, ``GM: DRAW ...``): no player."""

KINDS: Final = (ARMY, FLEET, BUBBLE_CAR, HITCHHIKER_UNIT, DESTRUCTOR, MARVIN_UNIT, ZAPHOD_UNIT)
"""The kinds of unit of the game."""

HITCH_HIKER: Final = "Hitch-hiker"
VOGON: Final = "Vogon"

BUILDABLE: Final = {"A": "an army", "F": "a fleet", "M": "a bubble-car", "H": "a hitch-hiker",
                    "V": "a destructor ship"}
"""Letter -> the kind in words, for reasons."""


PLAYERS: Final = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey", "Hitch-hiker", "Vogon")
"""The nine players (rule 2)."""


def letters_for(power: str) -> frozenset[str]:
    """The letters of the kinds ``power`` may build (rules 5, 6, 7)."""
    if power == HITCH_HIKER:
        return frozenset({"H"})
    if power == VOGON:
        return frozenset({"A", "F", "M", "V"})
    if power not in PLAYERS:
        return frozenset()
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
    return parse_unit(text, gmap)
