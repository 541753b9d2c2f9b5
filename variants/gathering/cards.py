"""The Gathering's spell cards (rule 2): the eleven cards, each power's deck of 20, the points.

A card is an :class:`Card` value; a deck is a multiset, kept as a sorted tuple of cards so that
it is an immutable value that prints the same every time. ``REMOVE_MAGIC`` is named by the
Protective Amulet (rule 2) but is in no deck: it can never be played
(``docs/variants/gathering.md``, row 2.PA.2).
"""
from __future__ import annotations

from collections import Counter
from enum import Enum
from typing import Iterable

__all__ = ["Card", "Target", "DECK", "DECK_SIZE", "PRIMARY_SIZE", "SECONDARY_SIZE", "DEFAULT_SECONDARY",
           "ADVERSE", "points", "deck_text", "sorted_cards"]


class Target(Enum):
    """What a card is played against."""

    UNIT = "unit"
    PLACE = "place"
    NOTHING = "nothing"


class Card(Enum):
    """The cards of rule 2, in the seed's order; the value is the card's title."""

    DOUBLE_TROUBLE = "Double Trouble"
    WALK_ON_WATER = "Walk on Water"
    SAIL_ON_LAND = "Sail on Land"
    UTTER_DESTRUCTION = "Utter Destruction"
    PROTECTIVE_AMULET = "Protective Amulet"
    GARDEN_OF_EDEN = "Garden of Eden"
    SUDDEN_DEATH = "Sudden Death"
    TURN_TO_STONE = "Turn to Stone"
    BLACK_HOLE = "Black Hole"
    TELEPORT = "Teleport"
    FASTER_THAN_LIGHT = "Faster than Light"
    MYSTICAL_SHIELD = "Mystical Shield"
    REMOVE_MAGIC = "Remove Magic"

    @property
    def title(self) -> str:
        """``Faster than Light``: the name as the rules print it."""
        return self.value

    @property
    def keyword(self) -> str:
        """``FASTER THAN LIGHT``: the name as an order writes it."""
        return self.value.upper()

    @property
    def target(self) -> Target:
        """What the card is played against."""
        if self in (Card.UTTER_DESTRUCTION, Card.GARDEN_OF_EDEN, Card.BLACK_HOLE):
            return Target.PLACE
        if self is Card.PROTECTIVE_AMULET:
            return Target.NOTHING
        return Target.UNIT

    @property
    def rank(self) -> int:
        """The card's place in the seed's list (for sorting)."""
        return list(Card).index(self)


DECK: dict[Card, int] = {
    Card.DOUBLE_TROUBLE: 1, Card.WALK_ON_WATER: 1, Card.SAIL_ON_LAND: 1, Card.UTTER_DESTRUCTION: 1,
    Card.PROTECTIVE_AMULET: 1, Card.GARDEN_OF_EDEN: 1, Card.SUDDEN_DEATH: 2, Card.TURN_TO_STONE: 2,
    Card.BLACK_HOLE: 2, Card.TELEPORT: 2, Card.FASTER_THAN_LIGHT: 2, Card.MYSTICAL_SHIELD: 4,
}
"""Rule 2: each power's 20 cards (Remove Magic is in no deck)."""
DECK_SIZE = sum(DECK.values())
PRIMARY_SIZE = 16
SECONDARY_SIZE = 4
DEFAULT_SECONDARY: tuple[Card, ...] = (Card.MYSTICAL_SHIELD,) * 4
"""The split of a power that states none before its first card (ruling 3.2): the four Shields."""

ADVERSE = frozenset({Card.UTTER_DESTRUCTION, Card.SUDDEN_DEATH, Card.TURN_TO_STONE, Card.REMOVE_MAGIC})
"""The adverse cards a Protective Amulet stops (rule 2's list)."""

_POINTS = {1: 4, 2: 2, 4: 1}


def points(card: Card) -> int:
    """Rule 4: a card of which a deck holds one is worth 4, two: 2, four: 1."""
    return _POINTS.get(DECK.get(card, 0), 0)


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in the seed's order: a multiset as a value."""
    return tuple(sorted(cards, key=lambda c: c.rank))


def deck_text(cards: Iterable[Card]) -> str:
    """``Teleport x2, Mystical Shield``: a multiset for people, in the seed's order."""
    counts = Counter(sorted_cards(cards))
    return ", ".join(f"{c.title} x{n}" if n > 1 else c.title for c, n in counts.items()) or "-"
