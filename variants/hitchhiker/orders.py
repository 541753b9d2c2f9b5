"""The Hitchhiker's Guide's own order: the lift (rule 6), and its reader.

Accepted, case-insensitively; the lifting unit first, then ``L`` ("gives a lift to", rule 6),
then the hitch-hiker's province and the destination::

    F(MAO) L H(Bre)-Gas                    French F(MAO) L H(Bre)-Gas     (the seed's notation)
    F mao L H bre - gas                    F Mid-Atlantic Ocean lifts H Brest - Gascony
    A Burgundy gives a lift to H Ruhr - Paris

Any other order may name its units the seed's way too (``F(MA0)-NA0``, ``M(Par)-Mos``,
``F(Sev)(wc) H``): the reader rewrites ``X(Prov)`` as ``X Prov`` and reads a standard order.

The order is given by the Hitch-hiker (it then replaces the lifting unit's own order, whoever
owns it) or by the lifting unit's owner. A nationality word before the lifting unit
(``French``) names its owner; it is checked against the board. Builds (``Build M Paris``,
``Build V Iceland``, ``Build H Ulster``) are standard orders with the new unit letters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Final

from dipsat.model.errors import OrderSyntaxError
from dipsat.model.gamemap import GameMap
from dipsat.model.notation import parse_order
from dipsat.model.safe_text import whole_number
from dipsat.model.types import Location, PhaseKind, Position, Unit
from dipsat.variants.framework.orders import (
    POWER_WORDS, SpecialOrder, location_name, read_unit, resolve_place, split_dashes, unit_name,
)

__all__ = ["Event", "Lift", "Vote", "Nbo", "GmDraw", "Seed", "SunglassesOff", "Conditional", "read_hitchhiker_order",
           "read_part_two", "ZAPHOD_ACTIONS"]

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
                          kind: PhaseKind) -> SpecialOrder | None:
    """Read one of the variant's own orders; ``None`` for a standard order.

    Raises:
        OrderSyntaxError, UnknownProvinceError, OrderError: see :func:`read_lift`, :func:`read_part_two`.
    """
    found = read_part_two(gmap, text, power, position, kind)
    if found is None:
        found = read_lift(gmap, text, power, position, kind)
    if found is None and _ANY_PAREN_RE.search(text):  # the seed's F(MA0)-NA0, M(Par)-Mos, F(Sev)(wc) H
        return parse_order(_ANY_PAREN_RE.sub(lambda g: f"{g[1]} {g[2]}", text), gmap, power, position, kind)  # type: ignore[return-value]
    return found


def read_lift(gmap: GameMap, text: str, power: str | None, position: Position | None,
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


# -- part 2: votes, NBO, the game master's lines, Zaphod's sunglasses, conditional orders ------------

_VOTE_RE: Final = re.compile(r"\s*vote\s+(marvin|zaphod)\s+(.+?)\s*", re.IGNORECASE)
_NBO_RE: Final = re.compile(r"\s*nbo\s+(.+?)\s*", re.IGNORECASE)
_DRAW_RE: Final = re.compile(r"\s*draw\s+(.+?)\s*:\s*(.+?)\s*", re.IGNORECASE)
_SEED_RE: Final = re.compile(r"\s*seed\s+(\S+)\s*", re.IGNORECASE)
_OFF_RE: Final = re.compile(r"\s*(?:sunglasses\s+off|off\s+sunglasses|take\s+off\s+sunglasses)\s+(.+?)\s*",
                            re.IGNORECASE)
_IF_RE: Final = re.compile(r"(.+?)\s+if\s+(.+)", re.IGNORECASE)
ZAPHOD_ACTIONS: Final = {"a": "command", "command": "command", "permanent command": "command",
                         "b": "gargle", "gargle": "gargle", "gargle blaster": "gargle",
                         "c": "sunglasses", "sunglasses": "sunglasses"}
"""Rule 10's three courses of action, as a vote may name them."""


@dataclass(frozen=True, slots=True)
class Vote(SpecialOrder):
    """``VOTE MARVIN Bohemia`` / ``VOTE MARVIN HOLD`` / ``VOTE ZAPHOD b`` (rules 9-11): secret."""

    who: str
    """``marvin`` or ``zaphod``."""
    choice: str
    """Marvin: a province id or ``hold``; Zaphod: ``command``, ``gargle`` or ``sunglasses``."""

    hidden: ClassVar[bool] = True

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``VOTE MARVIN boh`` (short) or ``VOTE MARVIN Bohemia`` (long)."""
        choice = self.choice
        if self.who == "marvin" and choice != "hold":
            choice = location_name(gmap, Location(choice), style)
        return f"VOTE {self.who.upper()} {choice.upper() if choice == 'hold' else choice}"


@dataclass(frozen=True, slots=True)
class Nbo(SpecialOrder):
    """``NBO Paris``: a build given up to make an owned centre Vogon-proof (rule 7d).

    The public report shows ``NBO`` only (:attr:`public_text`)."""

    centre: str

    public_text: ClassVar[str] = "NBO"

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``NBO par`` (short) or ``NBO Paris`` (long)."""
        return f"NBO {location_name(gmap, Location(self.centre), style)}"


@dataclass(frozen=True, slots=True)
class GmDraw(SpecialOrder):
    """``GM: DRAW Zaphod moves: Burgundy``: the outcome of a draw, as the game master published it."""

    what: str
    outcome: str

    hidden: ClassVar[bool] = True

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``DRAW Zaphod moves: bur``."""
        return f"DRAW {self.what}: {self.outcome}"


@dataclass(frozen=True, slots=True)
class Seed(SpecialOrder):
    """``GM: SEED 1234``: the seed of the game's random generator (given once, first phase)."""

    seed: int

    hidden: ClassVar[bool] = True

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``SEED 1234``."""
        return f"SEED {self.seed}"


@dataclass(frozen=True, slots=True)
class SunglassesOff(SpecialOrder):
    """``SUNGLASSES OFF A Paris``: the unit spends its movement turn taking them off (rule 10c)."""

    unit: Unit

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``SUNGLASSES OFF A par``."""
        return f"SUNGLASSES OFF {unit_name(gmap, self.unit, style)}"


@dataclass(frozen=True, slots=True)
class Event(SpecialOrder):
    """What Marvin or Zaphod did, or a random placement, as the report shows it (never given)."""

    text: str

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """The text."""
        return self.text


@dataclass(frozen=True, slots=True)
class Conditional(SpecialOrder):
    """An order given on a condition (``V ice - nao if F nwg holds``): rule 11 forbids it for ship
    orders and votes; dipsat takes no conditional order (it is illegal, the unit holds)."""

    text: str
    condition: str

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """The text as given."""
        return f"{self.text} if {self.condition}"


def read_part_two(gmap: GameMap, text: str, power: str | None, position: Position | None,
                  kind: PhaseKind) -> SpecialOrder | None:
    """Read a vote, an NBO, a game master's line, a sunglasses order or a conditional order.

    Raises:
        OrderSyntaxError: such an order without its power, or with a bad argument.
        UnknownProvinceError: an unknown province.
    """
    m = _IF_RE.fullmatch(text.strip())
    if m is not None and not re.match(r"\s*draw\b", text, re.IGNORECASE):
        return Conditional(power or "", m[1].strip(), m[2].strip())
    if power is None:
        if any(r.fullmatch(text) for r in (_VOTE_RE, _NBO_RE, _DRAW_RE, _SEED_RE, _OFF_RE)):
            raise OrderSyntaxError(f"this order needs the power that gives it: {text!r}")
        return None
    if (m := _VOTE_RE.fullmatch(text)) is not None:
        who, choice = m[1].lower(), m[2].strip()
        if who == "zaphod":
            action = ZAPHOD_ACTIONS.get(choice.lower().strip("()"))
            if action is None:
                raise OrderSyntaxError(f"a vote for Zaphod names a, b or c (command, gargle, sunglasses): {text!r}")
            return Vote(power, who, action)
        if choice.lower() in ("hold", "stay", "h"):
            return Vote(power, who, "hold")
        return Vote(power, who, resolve_place(gmap, choice).province)
    if (m := _NBO_RE.fullmatch(text)) is not None:
        return Nbo(power, resolve_place(gmap, m[1]).province)
    if (m := _DRAW_RE.fullmatch(text)) is not None:
        return GmDraw(power, m[1].strip(), m[2].strip())
    if (m := _SEED_RE.fullmatch(text)) is not None:
        try:
            return Seed(power, whole_number(m[1], "a seed"))
        except ValueError as exc:
            raise OrderSyntaxError(str(exc)) from None
    if (m := _OFF_RE.fullmatch(text)) is not None:
        return SunglassesOff(power, read_any_unit(gmap, m[1], position))
    return None
