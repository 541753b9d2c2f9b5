"""A variant's own order types: the base class, and helpers to read unit text in their syntax.

A variant order (``BAN FRE F(Bre) - ENC``, ``THIEF A Munich``) is a frozen value like the
standard orders: it has the ordering ``power``, prints in short notation with ``str`` and in
either style with :meth:`SpecialOrder.format`, and is read back by the variant's reader
(``Variant.read_special``), which returns ``None`` for text that is a standard order.
"""
from __future__ import annotations

import re
from typing import Callable, ClassVar, Final

from dipsat.model.errors import OrderError, OrderSyntaxError, UnknownProvinceError
from dipsat.model.gamemap import GameMap
from dipsat.model.types import Location, Order, PhaseKind, Position, Unit, UnitType
from dipsat.model.values import value_class

__all__ = ["SpecialOrder", "SpecialReader", "read_unit", "unit_name", "location_name", "AnyOrder",
           "resolve_power", "resolve_place", "split_dashes", "unparen"]


@value_class
class SpecialOrder:
    """Base class of every variant order type."""

    power: str
    """The power that gives the order."""

    secret: ClassVar[bool] = False
    """True when the public report must not name the power that gave it (Vain Star rule 3)."""

    def format(self, gmap: GameMap, style: str = "short") -> str:
        """Write the order in short notation or in long (DATC English) style."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.format(_NO_MAP, "short")


AnyOrder = Order | SpecialOrder
"""A standard order or a variant's own order."""

SpecialReader = Callable[[GameMap, str, str | None, Position | None, PhaseKind], SpecialOrder | None]
"""A variant's reader of its own orders: ``(map, text, power, position, kind)`` -> the order, or
``None`` when the text is not one of them (it is then read as a standard order)."""


class _NoMap:
    """Stand-in for a map when printing in short notation (which needs none)."""


_NO_MAP: Final = _NoMap()
_PAREN_UNIT_RE: Final = re.compile(r"\b([AF])\s*\(\s*([^()]*?(?:\([^()]*\))?)\s*\)", re.IGNORECASE)
_UNIT_WORDS: Final = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
POWER_WORDS: Final = {"fre": "france", "french": "france", "english": "england", "german": "germany",
                      "italian": "italy", "russian": "russia", "turkish": "turkey", "austrian": "austria"}
"""Power names the zine texts use besides the map's: ``FRE`` (French) in the Telepath rules."""
PLACE_WORDS: Final = {"enc": "eng"}
"""Province names the zine texts use besides the map's: ``ENC`` (English Channel)."""


_ARROWS_RE: Final = re.compile(r"\s*(?:->|=>|→|–|—)\s*")


def split_dashes(gmap: GameMap, text: str) -> list[str]:
    """Split ``F(Bre)-ENC`` or ``A Brest - Mid-Atlantic Ocean`` at its dashes (not inside names).

    Raises:
        OrderSyntaxError: an empty part (``A par - - bur``).
    """
    words = _ARROWS_RE.sub(" - ", unparen(text)).split()
    parts: list[list[str]] = [[]]
    for word in words:
        if word == "-" or ("-" in word and word.lower() not in gmap.compound_words):
            pieces = re.split(r"(-)", word)
            for piece in pieces:
                if piece == "-":
                    parts.append([])
                elif piece:
                    parts[-1].append(piece)
        else:
            parts[-1].append(word)
    if any(not p for p in parts):
        raise OrderSyntaxError(f"a dash without a province on each side: {text!r}")
    return [" ".join(p) for p in parts]


def resolve_power(gmap: GameMap, word: str) -> str:
    """The power named ``word``: a map name or abbreviation, or ``FRE``/``French``...

    Raises:
        UnknownPowerError: no power is named so.
    """
    return gmap.resolve_power(POWER_WORDS.get(word.strip().lower(), word))


def resolve_place(gmap: GameMap, text: str) -> Location:
    """The location named ``text`` (``ENC`` too).

    Raises:
        UnknownProvinceError: unknown province or coast.
    """
    key = text.strip().lower()
    return gmap.resolve(PLACE_WORDS.get(key, text))


def unparen(text: str) -> str:
    """Rewrite ``F(Bre)`` as ``F Bre`` (the notation of the Telepath rules)."""
    return _PAREN_UNIT_RE.sub(lambda m: f"{m[1]} {m[2]}", text)


def read_unit(gmap: GameMap, text: str, position: Position | None) -> Unit:
    """Read ``A Munich``, ``F(Bre)``, ``stp/nc`` (type from the board) as a unit.

    Raises:
        OrderSyntaxError: no text, or no unit type and no board to take it from.
        UnknownProvinceError: unknown province.
        OrderError: no unit type and no unit on the board there.
    """
    text = unparen(text).strip()
    words = text.split(None, 1)
    if not words:
        raise OrderSyntaxError("a unit is missing")
    kind = _UNIT_WORDS.get(words[0].lower()) or gmap.kinds.get(words[0].lower())
    if kind is not None and len(words) == 2:
        return Unit(kind, resolve_place(gmap, words[1]))
    try:
        location = resolve_place(gmap, text)
    except UnknownProvinceError:
        raise UnknownProvinceError(f"unknown province {text!r}") from None
    piece = position.units.get(location.province) if position is not None else None
    if piece is None:
        raise OrderError(f"no unit type and no unit in {location.province}: write 'A {text}' or 'F {text}'")
    if location.coast is None and piece.unit.location.coast:
        location = piece.unit.location
    return Unit(piece.unit.kind, location)


def unit_name(gmap: GameMap | _NoMap, unit: Unit, style: str) -> str:
    """``A mun`` (short) or ``A Munich`` (long)."""
    if style == "short" or not isinstance(gmap, GameMap):
        return str(unit)
    return f"{unit.kind.value} {gmap.name_of(unit.location)}"


def location_name(gmap: GameMap | _NoMap, location: Location, style: str) -> str:
    """``mun`` (short) or ``Munich`` (long)."""
    if style == "short" or not isinstance(gmap, GameMap):
        return str(location)
    return gmap.name_of(location)
