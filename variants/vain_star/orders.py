"""Vain Star's twelve special powers (rule 1, A-L) as order types, and their reader.

In dipsat a *power* is a player's country; the twelve Vain Star powers are called *specials*
here. Each special order names the special by its name or by its rule letter in parentheses::

    THIEF A Munich                         (A) A Munich
    PIRATE F North Sea C A London - Norway (one line per commandeered fleet)
    TELEPORT F Brest - Black Sea           (a fleet into a split-coast province names the coast)
    EVIL EYE A Munich - Ruhr               (any order, for one foreign unit)
    SUPERMAN A Paris                       (the unit's own order is given as usual)
    LEPER A Paris                          (one line per Leper)
    PILOT A Brest - English Channel - London   (origin - space flown over - destination)
    AMPHIBIANS A Brest                     AMPHIBIANS A Spain (nc)   (the coast of the new fleet)
    PETROL RATIONING A Munich +2           (extra strength for a unit ordered to move; +1 if omitted)
    LETHAL STAND OFF                       BOMBER Burgundy            SPRING RAID

A unit's type may be omitted when the board shows it. Text that starts with neither a special's
name nor a ``(letter)`` is a standard order.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, Final

from dipsat.model.errors import OrderError, OrderSyntaxError
from dipsat.model.gamemap import GameMap
from dipsat.model.notation import format_order, parse_order
from dipsat.model.safe_text import whole_number
from dipsat.model.types import (
    Convoy, Hold, Location, Move, Order, PhaseKind, Position, SupportHold, SupportMove, Unit,
)
from dipsat.variants.framework.orders import (
    SpecialOrder, location_name, read_unit, resolve_place, split_dashes, unit_name,
)

__all__ = ["Special", "VainStarOrder", "Thief", "Pirate", "Teleport", "EvilEye", "Superman", "Leper",
           "Pilot", "Amphibians", "PetrolRationing", "LethalStandOff", "Bomber", "SpringRaid",
           "read_vain_star"]


class Special(Enum):
    """The twelve special powers of Vain Star rule 1, by rule letter."""

    THIEF = "A"
    PIRATE = "B"
    TELEPORT = "C"
    EVIL_EYE = "D"
    SUPERMAN = "E"
    LEPER = "F"
    PILOT = "G"
    AMPHIBIANS = "H"
    PETROL_RATIONING = "I"
    LETHAL_STAND_OFF = "J"
    BOMBER = "K"
    SPRING_RAID = "L"

    @property
    def title(self) -> str:
        """``Evil Eye``: the name as the rules print it."""
        return self.name.replace("_", " ").title()

    @property
    def keyword(self) -> str:
        """``EVIL EYE``: the name as an order writes it."""
        return self.name.replace("_", " ")


@dataclass(frozen=True, slots=True)
class VainStarOrder(SpecialOrder):
    """Base of the twelve order types; ``power`` is the player who uses the special."""

    special: ClassVar[Special]
    secret: ClassVar[bool] = True

    def args(self, gmap: GameMap, style: str) -> str:
        """The order's text after the special's name."""
        return ""

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``THIEF A mun`` (short) or ``Thief A Munich`` (long)."""
        head = self.special.keyword if style == "short" else self.special.title
        tail = self.args(gmap, style)
        return f"{head} {tail}" if tail else head


@dataclass(frozen=True, slots=True)
class _OneUnit(VainStarOrder):
    unit: Unit

    def args(self, gmap: GameMap, style: str) -> str:
        return unit_name(gmap, self.unit, style)


@dataclass(frozen=True, slots=True)
class Thief(_OneUnit):
    """A: nominate any one unit on the board to disband before any other order is carried out."""

    special = Special.THIEF


@dataclass(frozen=True, slots=True)
class Superman(_OneUnit):
    """E: one of the player's units moves or stands with infinite strength for one season."""

    special = Special.SUPERMAN


@dataclass(frozen=True, slots=True)
class Leper(_OneUnit):
    """F: one of the player's units is a Leper for one season (one order per Leper)."""

    special = Special.LEPER


@dataclass(frozen=True, slots=True)
class Pirate(VainStarOrder):
    """B: a seaborne fleet, anyone's, convoys one of the player's armies."""

    special = Special.PIRATE
    fleet: Unit
    army: Unit
    dest: Location

    def args(self, gmap: GameMap, style: str) -> str:
        c = " C " if style == "short" else " Convoys "
        return (unit_name(gmap, self.fleet, style) + c + unit_name(gmap, self.army, style)
                + " - " + location_name(gmap, self.dest, style))

    def convoy(self, owner: str) -> Convoy:
        """The fleet's order while commandeered (given in the name of its owner)."""
        return Convoy(owner, self.fleet, self.army, self.dest)


@dataclass(frozen=True, slots=True)
class Teleport(VainStarOrder):
    """C: one of the player's units moves to any space on the board."""

    special = Special.TELEPORT
    unit: Unit
    dest: Location

    def args(self, gmap: GameMap, style: str) -> str:
        return f"{unit_name(gmap, self.unit, style)} - {location_name(gmap, self.dest, style)}"


@dataclass(frozen=True, slots=True)
class EvilEye(VainStarOrder):
    """D: an order for one foreign unit that countermands its other orders."""

    special = Special.EVIL_EYE
    order: Order
    """The order, in the name of the unit's owner when the board shows one."""

    def args(self, gmap: GameMap, style: str) -> str:
        return format_order(self.order, gmap, "long") if style == "long" and isinstance(gmap, GameMap) \
            else str(self.order)


@dataclass(frozen=True, slots=True)
class Pilot(VainStarOrder):
    """G: one of the player's units flies over an adjacent space into a space next to it."""

    special = Special.PILOT
    unit: Unit
    over: str
    dest: Location

    def args(self, gmap: GameMap, style: str) -> str:
        return (f"{unit_name(gmap, self.unit, style)} - {location_name(gmap, Location(self.over), style)}"
                f" - {location_name(gmap, self.dest, style)}")


@dataclass(frozen=True, slots=True)
class Amphibians(VainStarOrder):
    """H: one of the player's coastal units changes type for good (one order per unit)."""

    special = Special.AMPHIBIANS
    unit: Unit
    coast: str | None = None
    """For an army in a split-coast province: the coast the new fleet stands on."""

    def args(self, gmap: GameMap, style: str) -> str:
        return unit_name(gmap, self.unit, style) + (f" ({self.coast})" if self.coast else "")


@dataclass(frozen=True, slots=True)
class PetrolRationing(VainStarOrder):
    """I: extra strength, one per unit the player orders to stand, for a move he orders."""

    special = Special.PETROL_RATIONING
    unit: Unit
    extra: int = 1

    def args(self, gmap: GameMap, style: str) -> str:
        return f"{unit_name(gmap, self.unit, style)} +{self.extra}"


@dataclass(frozen=True, slots=True)
class LethalStandOff(VainStarOrder):
    """J: every unit ordered to move that does not move is disbanded after the retreats."""

    special = Special.LETHAL_STAND_OFF


@dataclass(frozen=True, slots=True)
class Bomber(VainStarOrder):
    """K: a bomb in any space explodes after the retreats, destroying the unit there."""

    special = Special.BOMBER
    province: str

    def args(self, gmap: GameMap, style: str) -> str:
        return location_name(gmap, Location(self.province), style)


@dataclass(frozen=True, slots=True)
class SpringRaid(VainStarOrder):
    """L: ordered in Spring, a Summer adjustment phase follows the Spring turn."""

    special = Special.SPRING_RAID


_NAMES: Final = {s.keyword: s for s in Special} | {
    "EVILEYE": Special.EVIL_EYE, "PETROL": Special.PETROL_RATIONING, "LETHAL": Special.LETHAL_STAND_OFF,
    "LETHAL STANDOFF": Special.LETHAL_STAND_OFF, "BOMB": Special.BOMBER, "RAID": Special.SPRING_RAID,
    "AMPHIBIAN": Special.AMPHIBIANS, "PILOTS": Special.PILOT, "LEPERS": Special.LEPER,
}
_HEAD_RE: Final = re.compile(
    r"\s*(?:\(\s*([A-Za-z])\s*\)|(" + "|".join(sorted((re.escape(n) for n in _NAMES), key=len, reverse=True))
    + r"))(?![A-Za-z])\s*:?\s*(.*)", re.IGNORECASE | re.DOTALL)
_LETTERS: Final = {s.value: s for s in Special}
_COAST_RE: Final = re.compile(r"(.*?)\s*(?:\(\s*(nc|sc|ec|wc)\s*\)|/(nc|sc|ec|wc))\s*", re.IGNORECASE)
MAX_EXTRA: Final = 1000
"""Most strength one Petrol Rationing may add (a number read from a file is bounded)."""
_EXTRA_RE: Final = re.compile(r"(.*?)\s*(?:\+|x\s*)(\d+)\s*", re.IGNORECASE)


def _known() -> str:
    return ", ".join(f"({s.value}) {s.title}" for s in Special)


def read_vain_star(gmap: GameMap, text: str, power: str | None, position: Position | None,
                   kind: PhaseKind) -> VainStarOrder | None:
    """Read a special order; ``None`` when ``text`` is a standard order.

    Raises:
        OrderSyntaxError: an unknown rule letter, or a special order that cannot be read.
        OrderError: a unit or province that cannot be read.
    """
    m = _HEAD_RE.fullmatch(text)
    if m is None:
        return None
    if m[1] is not None:
        special = _LETTERS.get(m[1].upper())
        if special is None:
            raise OrderSyntaxError(f"unknown Vain Star power letter ({m[1]}) in {text!r}; the powers: {_known()}")
    else:
        special = _NAMES[" ".join(m[2].upper().split())]
    if power is None:
        raise OrderSyntaxError(f"a special order needs the power that uses it ('France: ...'): {text!r}")
    try:
        return _read_args(gmap, special, power, m[3].strip(), position)
    except OrderError as exc:
        raise type(exc)(f"{special.title}: {exc.message} in {text!r}") from None


def _read_args(gmap: GameMap, special: Special, power: str, rest: str,
               position: Position | None) -> VainStarOrder:
    if special in (Special.LETHAL_STAND_OFF, Special.SPRING_RAID):
        if rest:
            raise OrderSyntaxError(f"takes no argument, got {rest!r}")
        return LethalStandOff(power) if special is Special.LETHAL_STAND_OFF else SpringRaid(power)
    if not rest:
        raise OrderSyntaxError(f"needs {'a province' if special is Special.BOMBER else 'a unit'}")
    if special is Special.BOMBER:
        return Bomber(power, resolve_place(gmap, rest).province)
    if special in (Special.THIEF, Special.SUPERMAN, Special.LEPER):
        cls = {Special.THIEF: Thief, Special.SUPERMAN: Superman, Special.LEPER: Leper}[special]
        return cls(power, read_unit(gmap, rest, position))
    if special is Special.AMPHIBIANS:
        m = _COAST_RE.fullmatch(rest)
        unit = read_unit(gmap, m[1] if m else rest, position)
        return Amphibians(power, Unit(unit.kind, Location(unit.province, unit.location.coast if not m else None)),
                          (m[2] or m[3]).lower() if m else None)
    if special is Special.PETROL_RATIONING:
        m = _EXTRA_RE.fullmatch(rest)
        try:
            extra = whole_number(m[2], "the strength Petrol Rationing adds", 1, MAX_EXTRA) if m else 1
        except ValueError as exc:
            raise OrderSyntaxError(str(exc)) from None
        return PetrolRationing(power, read_unit(gmap, m[1] if m else rest, position), extra)
    if special is Special.PILOT:
        parts = split_dashes(gmap, re.sub(r"\s+over\s+", " - ", rest, flags=re.IGNORECASE))
        if len(parts) != 3:
            raise OrderSyntaxError(f"expected 'PILOT <unit> - <space flown over> - <destination>', got {rest!r}")
        return Pilot(power, read_unit(gmap, parts[0], position), resolve_place(gmap, parts[1]).province,
                     resolve_place(gmap, parts[2]))
    if special is Special.TELEPORT:
        parts = split_dashes(gmap, rest)
        if len(parts) != 2:
            raise OrderSyntaxError(f"expected 'TELEPORT <unit> - <destination>', got {rest!r}")
        return Teleport(power, read_unit(gmap, parts[0], position), resolve_place(gmap, parts[1]))
    if special is Special.PIRATE:
        order = parse_order(rest, gmap, power, position)
        if not isinstance(order, Convoy):
            raise OrderSyntaxError(f"expected 'PIRATE <fleet> C <army> - <destination>', got {rest!r}")
        return Pirate(power, order.unit, order.target, order.dest)
    owner = _owner(gmap, rest, position) or power  # Evil Eye: the order in its unit's owner's name
    order = parse_order(rest, gmap, owner, position)
    if not isinstance(order, (Hold, Move, SupportHold, SupportMove, Convoy)):
        raise OrderSyntaxError(f"an Evil Eye gives a movement order, got {rest!r}")
    return EvilEye(power, order)


def _owner(gmap: GameMap, text: str, position: Position | None) -> str | None:
    """The owner of the unit an order names, from the board (``None`` if unknown)."""
    if position is None:
        return None
    try:
        order = parse_order(text, gmap, "nobody", position)
    except OrderError:
        return None
    piece = position.units.get(order.unit.province)  # type: ignore[union-attr]
    return piece.power if piece is not None else None
