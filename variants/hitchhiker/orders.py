"""The Hitchhiker's Guide's own order: the lift (rule 6), and its reader.

Accepted, case-insensitively; the lifting unit first, then ``L`` ("gives a lift to", rule 6),
then the hitch-hiker's province and the destination::

    F(MAO) L H(Bre)-Gas                    French F(MAO) L H(Bre)-Gas     (the seed's notation)
    F mao L H bre - gas                    F Mid-Atlantic Ocean lifts H Brest - Gascony
    A Burgundy gives a lift to H Ruhr - Paris

The order is given by the Hitch-hiker (it then replaces the lifting unit's own order, whoever
owns it) or by the lifting unit's owner. A nationality word before the lifting unit
(``French``) names its owner; it is checked against the board. Builds (``Build M Paris``,
``Build V Iceland``, ``Build H Ulster``) are standard orders with the new unit letters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from dipsat.model.errors import OrderSyntaxError
from dipsat.model.gamemap import GameMap
from dipsat.model.types import Location, PhaseKind, Position, Unit
from dipsat.variants.framework.orders import (
    POWER_WORDS, SpecialOrder, location_name, read_unit, resolve_place, split_dashes, unit_name,
)

__all__ = ["Lift", "read_hitchhiker_order"]

_LIFT_RE: Final = re.compile(r"\s*(.+?)\s+(?:l|lifts|gives\s+a\s+lift\s+to)\s+(.+?)\s*", re.IGNORECASE | re.DOTALL)
_ANY_PAREN_RE: Final = re.compile(r"\b([A-Za-z])\s*\(\s*([^()]*?(?:\([^()]*\))?)\s*\)")
_HITCH_WORDS: Final = ("h", "hitch-hiker", "hitchhiker")
_NATIONS: Final = {**POWER_WORDS, "vogon": "vogon", "hitch-hiker": "hitch-hiker", "hitchhiker": "hitch-hiker"}


@dataclass(frozen=True, slots=True)
class Lift(SpecialOrder):
    """``F mao L H bre - gas``: ``lifter`` transports the hitch-hiker in ``hitchhiker`` to ``dest``."""

    lifter: Unit
    hitchhiker: Location
    """Where the lifted hitch-hiker stands."""
    dest: Location
    nation: str | None = None
    """The lifter's owner as the order names it (``French``), lower case; ``None`` if not named."""

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``F mao L H bre - gas`` (short) or ``F Mid-Atlantic Ocean L H Brest - Gascony`` (long)."""
        return (f"{unit_name(gmap, self.lifter, style)} L H {location_name(gmap, self.hitchhiker, style)}"
                f" - {location_name(gmap, self.dest, style)}")


def read_hitchhiker_order(gmap: GameMap, text: str, power: str | None, position: Position | None,
                          kind: PhaseKind) -> Lift | None:
    """Read a lift; ``None`` when ``text`` is not one (it is then read as a standard order).

    Raises:
        OrderSyntaxError: a lift without a destination, or without the power that gives it.
        UnknownProvinceError: an unknown province.
        OrderError: no unit type and no unit on the board to take it from.
    """
    m = _LIFT_RE.fullmatch(_ANY_PAREN_RE.sub(lambda g: f"{g[1]} {g[2]}", text))
    if m is None or not _looks_like_lift(m[2]):
        return None
    if power is None:
        raise OrderSyntaxError(f"a lift needs the power that gives it ('Hitch-hiker: F(MAO) L H(Bre)-Gas'): {text!r}")
    lifter_text, nation = _nation(m[1])
    parts = split_dashes(gmap, m[2])
    if len(parts) != 2:
        raise OrderSyntaxError(f"expected '<unit> L H <province> - <destination>', got {text!r}")
    return Lift(power, read_any_unit(gmap, lifter_text, position), _hitchhiker_place(gmap, parts[0]),
                resolve_place(gmap, parts[1]), nation)


def _looks_like_lift(rest: str) -> bool:
    """The part after ``L`` names a hitch-hiker: ``H bre - gas`` (or a province and a dash)."""
    words = rest.split()
    return bool(words) and (words[0].lower() in _HITCH_WORDS or "-" in rest)


def _nation(text: str) -> tuple[str, str | None]:
    """Split ``French F mao`` into the unit text and the nation word."""
    words = text.split(None, 1)
    if len(words) == 2 and words[0].lower() in _NATIONS:
        return words[1], _NATIONS[words[0].lower()]
    return text, None


def _hitchhiker_place(gmap: GameMap, text: str) -> Location:
    words = text.split(None, 1)
    if len(words) == 2 and words[0].lower() in _HITCH_WORDS:
        text = words[1]
    return resolve_place(gmap, text)


def read_any_unit(gmap: GameMap, text: str, position: Position | None) -> Unit:
    """Read ``A Munich``, ``M(Par)``, ``V ice``, ``F(Bre)`` or ``stp/nc`` (type from the board).

    Raises:
        OrderSyntaxError: no text.
        UnknownProvinceError: unknown province.
        OrderError: no unit type and no unit on the board there.
    """
    text = _ANY_PAREN_RE.sub(lambda g: f"{g[1]} {g[2]}", text).strip()
    words = text.split(None, 1)
    kinds = getattr(gmap, "kinds", None)
    if len(words) == 2 and kinds is not None and words[0].lower() in kinds:
        return Unit(kinds[words[0].lower()], resolve_place(gmap, words[1]))
    return read_unit(gmap, text, position)
