"""The Gathering's orders: playing, discarding and splitting spell cards, and their reader.

One line per card, given with the movement orders of a season (rule 3)::

    CARD SUDDEN DEATH F Kiel                  a primary card (one must be played or discarded)
    DISCARD TELEPORT                          a primary card put on the discard pile
    SECONDARY MYSTICAL SHIELD F Kiel          a secondary card (at most one a season)
    SECONDARY MYSTICAL SHIELD F Kiel IF Germany SUDDEN DEATH F Kiel
                                              ... played only if Germany plays that primary card
    CARD PROTECTIVE AMULET                    a card with no target
    CARD BLACK HOLE Burgundy                  a card against a space (also Utter Destruction,
                                              Garden of Eden)
    CARD TELEPORT A Munich - Sevastopol       a unit and the space it teleports to
    CARD FASTER THAN LIGHT F Kiel - Holland - Belgium   one or two steps
    SPLIT Double Trouble, Teleport, Mystical Shield, Mystical Shield
                                              the four cards of the secondary deck (rule 3)

Card names are read in any case (``Faster then Light`` as the seed spells it, too); ``on`` or
``against`` may stand before the target; a unit's type may be left out when the board shows
it. A conditional ``CARD`` (primary) line is read, and judged illegal (rule 3).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Final

from dipsat.model.errors import OrderSyntaxError
from dipsat.model.gamemap import GameMap
from dipsat.model.types import Location, PhaseKind, Position, Unit
from dipsat.variants.framework.orders import (
    SpecialOrder, location_name, read_unit, resolve_place, resolve_power, split_dashes, unit_name,
)
from dipsat.variants.gathering.cards import Card, Target, sorted_cards

__all__ = ["Deck", "Condition", "CardOrder", "PlayCard", "DiscardCard", "SplitDeck", "read_gathering",
           "read_card_name"]


class Deck(Enum):
    """The deck a card comes from (rule 3)."""

    PRIMARY = "CARD"
    SECONDARY = "SECONDARY"


@dataclass(frozen=True, slots=True)
class Condition:
    """``IF Germany SUDDEN DEATH F Kiel``: another power's primary play a secondary card waits for."""

    power: str
    card: Card
    unit: Unit | None = None
    place: Location | None = None

    def format(self, gmap: GameMap, style: str) -> str:
        """``IF Germany SUDDEN DEATH F kie``."""
        target = _target_text(gmap, self.unit, self.place, (), style)
        name = self.card.keyword if style == "short" else self.card.title
        return f"IF {self.power} {name}" + (f" {target}" if target else "")


@dataclass(frozen=True, slots=True)
class CardOrder(SpecialOrder):
    """Base of the card orders."""


@dataclass(frozen=True, slots=True)
class PlayCard(CardOrder):
    """A card played from a deck against a unit, a space, or nothing."""

    card: Card
    deck: Deck = Deck.PRIMARY
    unit: Unit | None = None
    place: Location | None = None
    """The space of Utter Destruction, Garden of Eden and Black Hole."""
    path: tuple[Location, ...] = ()
    """Teleport: the destination; Faster than Light: the one or two steps."""
    condition: Condition | None = None

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``CARD SUDDEN DEATH F kie`` (short) or ``CARD Sudden Death F Kiel`` (long)."""
        name = self.card.keyword if style == "short" else self.card.title
        target = _target_text(gmap, self.unit, self.place, self.path, style)
        text = f"{self.deck.value} {name}" + (f" {target}" if target else "")
        return text + (f" {self.condition.format(gmap, style)}" if self.condition else "")

    @property
    def target_province(self) -> str | None:
        """The province of the unit or space the card is played against."""
        if self.unit is not None:
            return self.unit.province
        return self.place.province if self.place is not None else None


@dataclass(frozen=True, slots=True)
class DiscardCard(CardOrder):
    """A primary card put on the discard pile instead of being played (rule 3)."""

    card: Card

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``DISCARD TELEPORT``."""
        return f"DISCARD {self.card.keyword if style == 'short' else self.card.title}"


@dataclass(frozen=True, slots=True)
class SplitDeck(CardOrder):
    """The four cards a power puts in its secondary deck before the game (rule 3)."""

    secondary: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "secondary", sorted_cards(self.secondary))

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``SPLIT Double Trouble, Teleport, Mystical Shield, Mystical Shield``."""
        return "SPLIT " + ", ".join(c.keyword if style == "short" else c.title for c in self.secondary)


def _target_text(gmap: GameMap, unit: Unit | None, place: Location | None, path: tuple[Location, ...],
                 style: str) -> str:
    parts = []
    if unit is not None:
        parts.append(unit_name(gmap, unit, style))
    if place is not None:
        parts.append(location_name(gmap, place, style))
    return " - ".join(parts + [location_name(gmap, p, style) for p in path])


_ALIASES: Final = {c.keyword: c for c in Card} | {
    "FASTER THEN LIGHT": Card.FASTER_THAN_LIGHT, "FTL": Card.FASTER_THAN_LIGHT,
    "DOUBLE": Card.DOUBLE_TROUBLE, "AMULET": Card.PROTECTIVE_AMULET, "SHIELD": Card.MYSTICAL_SHIELD,
    "MYSTIC SHIELD": Card.MYSTICAL_SHIELD, "GARDEN": Card.GARDEN_OF_EDEN, "STONE": Card.TURN_TO_STONE,
    "TURN INTO STONE": Card.TURN_TO_STONE,
}
_NAME_RE: Final = re.compile(
    r"\s*(" + "|".join(sorted((n.replace(" ", r"\s+") for n in _ALIASES), key=len, reverse=True))
    + r")(?![A-Za-z])\s*(.*)", re.IGNORECASE | re.DOTALL)
_HEAD_RE: Final = re.compile(r"\s*(CARD|SECONDARY(?:\s+CARD)?|DISCARD(?:\s+CARD)?|SPLIT)(?![A-Za-z])\s*:?\s*(.*)",
                             re.IGNORECASE | re.DOTALL)
_IF_RE: Final = re.compile(r"(.*?)\s*\bIF\b\s*(.*)", re.IGNORECASE | re.DOTALL)
_ON_RE: Final = re.compile(r"\s*(?:on|against)\s+(.*)", re.IGNORECASE | re.DOTALL)
_PLAYS_RE: Final = re.compile(r"\s*(\S+)\s+(?:plays\s+)?(.*)", re.IGNORECASE | re.DOTALL)


def _known() -> str:
    return ", ".join(c.title for c in Card if c is not Card.REMOVE_MAGIC)


def read_card_name(text: str) -> tuple[Card, str]:
    """The card a text starts with, and the rest of the text.

    Raises:
        OrderSyntaxError: no card's name starts the text (the message lists the cards).
    """
    m = _NAME_RE.fullmatch(text)
    if m is None:
        if not text.strip():
            raise OrderSyntaxError(f"the name of a card is missing; the cards: {_known()}")
        raise OrderSyntaxError(f"no card is named {text.strip()!r}; the cards: {_known()}")
    return _ALIASES[" ".join(m[1].upper().split())], m[2].strip()


def read_gathering(gmap: GameMap, text: str, power: str | None, position: Position | None,
                   kind: PhaseKind) -> CardOrder | None:
    """Read a card order; ``None`` when ``text`` is a standard order.

    Raises:
        OrderSyntaxError: a card line that cannot be read (unknown card, missing target...).
        OrderError: a unit or province that cannot be read.
    """
    m = _HEAD_RE.fullmatch(text)
    if m is None:
        return None
    head = m[1].split()[0].upper()
    if power is None:
        raise OrderSyntaxError(f"a card order needs the power that gives it ('England: ...'): {text!r}")
    return _read(gmap, head, power, m[2].strip(), position)


def _read(gmap: GameMap, head: str, power: str, rest: str, position: Position | None) -> CardOrder:
    if head == "SPLIT":
        names = [n for n in re.split(r"\s*[,;]\s*|\s+and\s+", rest) if n.strip()]
        cards = []
        for name in names:
            card, tail = read_card_name(name)
            if tail:
                raise OrderSyntaxError(f"unexpected {tail!r} after {card.title}")
            cards.append(card)
        return SplitDeck(power, tuple(cards))
    card, rest = read_card_name(rest)
    if head == "DISCARD":
        if rest:
            raise OrderSyntaxError(f"a discard names only the card, not {rest!r}")
        return DiscardCard(power, card)
    deck = Deck.PRIMARY if head == "CARD" else Deck.SECONDARY
    condition = None
    m = _IF_RE.fullmatch(rest)
    if m is not None:
        rest = m[1]
        condition = _read_condition(gmap, m[2], position)
    unit, place, path = _read_target(gmap, card, rest, position, optional=False)
    return PlayCard(power, card, deck, unit, place, path, condition)


def _read_condition(gmap: GameMap, text: str, position: Position | None) -> Condition:
    m = _PLAYS_RE.fullmatch(text)
    if m is None:
        raise OrderSyntaxError("IF needs a power and a card: 'IF Germany SUDDEN DEATH F Kiel'")
    other = resolve_power(gmap, m[1])
    card, rest = read_card_name(m[2])
    unit, place, _ = _read_target(gmap, card, rest, position, optional=True)
    return Condition(other, card, unit, place)


def _read_target(gmap: GameMap, card: Card, rest: str, position: Position | None,
                 optional: bool) -> tuple[Unit | None, Location | None, tuple[Location, ...]]:
    on = _ON_RE.fullmatch(rest)
    rest = on[1].strip() if on else rest
    if card.target is Target.NOTHING or (optional and not rest):
        if rest:
            raise OrderSyntaxError(f"{card.title} has no target, got {rest!r}")
        return None, None, ()
    if not rest:
        raise OrderSyntaxError(f"{card.title} is played against {'a space' if card.target is Target.PLACE else 'a unit'}")
    if card.target is Target.PLACE:
        return None, Location(resolve_place(gmap, rest).province), ()
    parts = split_dashes(gmap, rest)
    unit = read_unit(gmap, parts[0], position)
    steps = tuple(resolve_place(gmap, p) for p in parts[1:])
    if card is Card.TELEPORT and len(steps) != 1 and not optional:
        raise OrderSyntaxError("expected 'TELEPORT <unit> - <destination>'")
    if card is Card.FASTER_THAN_LIGHT and not 1 <= len(steps) <= 2 and not optional:
        raise OrderSyntaxError("expected 'FASTER THAN LIGHT <unit> - <space> [- <space>]': one or two steps")
    if card not in (Card.TELEPORT, Card.FASTER_THAN_LIGHT) and steps:
        raise OrderSyntaxError(f"{card.title} names a unit only")
    return unit, None, steps
