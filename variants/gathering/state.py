"""The Gathering's per-game state: decks, lasting effects, the board's changes, the generator.

Everything is an immutable value, printed the same way every time (sorted tuples, no sets in
reports), and travels with the board in a
:class:`~dipsat.variants.framework.state.VariantPosition`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Iterable, Mapping

from dipsat.model.types import Phase, Season
from dipsat.variants.gathering.cards import DECK, DEFAULT_SECONDARY, Card, points, sorted_cards

__all__ = ["Hand", "Marks", "NO_MARKS", "GatheringState", "season_index", "season_name", "START"]


def season_index(phase: Phase) -> int:
    """Spring 1901 = 3802, Fall 1901 = 3803: two seasons a year, for durations."""
    return phase.year * 2 + (1 if phase.season in (Season.FALL, Season.WINTER) else 0)


def season_name(index: int) -> str:
    """``Fall 1901`` for a :func:`season_index`."""
    return f"{'Fall' if index % 2 else 'Spring'} {index // 2}"


def _minus(cards: tuple[Card, ...], gone: Iterable[Card]) -> tuple[Card, ...]:
    left = Counter(cards)
    left.subtract(Counter(gone))
    return sorted_cards(left.elements())


@dataclass(frozen=True)
class Hand:
    """One power's cards (rule 3): what is left in each deck, the discard pile, what was played."""

    primary: tuple[Card, ...]
    secondary: tuple[Card, ...]
    discard: tuple[Card, ...] = ()
    played: tuple[tuple[Card, str], ...] = ()
    """(card, season) for each card played, in order."""
    split_stated: bool = False

    @classmethod
    def fresh(cls) -> Hand:
        """20 cards, split by default with the four Shields in the secondary deck (ruling 3.2)."""
        every = [c for c, n in DECK.items() for _ in range(n)]
        return cls(_minus(sorted_cards(every), DEFAULT_SECONDARY), sorted_cards(DEFAULT_SECONDARY))

    @property
    def untouched(self) -> bool:
        """No card played or discarded yet: the split may still be stated."""
        return not self.played and not self.discard

    def split(self, secondary: tuple[Card, ...]) -> Hand:
        """The deck split with ``secondary`` as its secondary deck."""
        every = sorted_cards([*self.primary, *self.secondary])
        return replace(self, primary=_minus(every, secondary), secondary=sorted_cards(secondary),
                       split_stated=True)

    def play(self, card: Card, secondary: bool, season: str) -> Hand:
        """The hand after ``card`` is played from the primary or the secondary deck."""
        if secondary:
            return replace(self, secondary=_minus(self.secondary, [card]), played=self.played + ((card, season),))
        return replace(self, primary=_minus(self.primary, [card]), played=self.played + ((card, season),))

    def throw(self, card: Card) -> Hand:
        """The hand after a primary card is put on the discard pile."""
        return replace(self, primary=_minus(self.primary, [card]), discard=sorted_cards([*self.discard, card]))

    @property
    def points(self) -> int:
        """Rule 4: points of the cards left in the secondary deck and on the discard pile."""
        return sum(points(c) for c in (*self.secondary, *self.discard))


@dataclass(frozen=True)
class Marks:
    """What the cards left on one unit besides its kind: the last season it is stone, the season
    a Shield was played on it (Double Trouble, Walk on Water and Sail on Land are its kind)."""

    stone_until: int = -1
    shielded: int = -1
    """The season a Mystical Shield was played on the unit (it spares it that season's Black Holes)."""

    def __bool__(self) -> bool:
        return self.stone_until >= 0 or self.shielded >= 0

    def current(self, season: int) -> Marks:
        """These marks with what ended before ``season`` left out."""
        return Marks(self.stone_until if self.stone_until >= season else -1,
                     self.shielded if self.shielded >= season else -1)

    def stone(self, season: int) -> bool:
        """Turned to stone in ``season``."""
        return self.stone_until >= season

    def text(self, season: int) -> str:
        """``stone until Fall 1901``."""
        words = []
        if self.stone(season):
            words.append(f"stone until {season_name(self.stone_until)}")
        return ", ".join(words)


def _mapping(pairs: Mapping | Iterable) -> Mapping:  # type: ignore[type-arg]
    return MappingProxyType(dict(sorted(dict(pairs).items())))


@dataclass(frozen=True)
class GatheringState:
    """What a game of The Gathering remembers between phases."""

    seed: int = 0
    hands: Mapping[str, Hand] = field(default_factory=dict)
    marks: Mapping[str, Marks] = field(default_factory=dict)
    """Province of a unit on the board -> what the cards left on it (it moves with the unit)."""
    retreating: Mapping[str, Marks] = field(default_factory=dict)
    """Province of a dislodged unit -> its marks, during a retreat phase."""
    amulets: Mapping[str, int] = field(default_factory=dict)
    """Power -> the last season its Protective Amulet protects it."""
    ended: str = ""
    """Why the game is over (rule 1 or 4a), once it is."""
    holes: frozenset[str] = frozenset()
    """This season's Black Holes."""
    starts: Mapping[str, str] = field(default_factory=dict)
    """Province of a unit now -> the province it began the season in (option black_hole_from)."""
    draws: tuple[str, ...] = ()
    """Every draw of the game's generator, in words, in order."""
    winner: str | None = None
    """The power that won by an absolute majority (rule 4a), once it has."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", _mapping(self.hands))
        object.__setattr__(self, "marks", _mapping({k: v for k, v in dict(self.marks).items() if v}))
        object.__setattr__(self, "retreating", _mapping({k: v for k, v in dict(self.retreating).items() if v}))
        object.__setattr__(self, "amulets", _mapping(self.amulets))
        object.__setattr__(self, "starts", _mapping(self.starts))

    def hand(self, power: str) -> Hand:
        """The power's cards (a fresh deck before its first card)."""
        return self.hands.get(power) or Hand.fresh()

    def with_hand(self, power: str, hand: Hand) -> GatheringState:
        """This state with ``power``'s cards replaced."""
        return replace(self, hands={**self.hands, power: hand})

    def marks_of(self, province: str) -> Marks:
        """What the cards left on the unit in ``province``."""
        return self.marks.get(province, NO_MARKS)

    def protected(self, power: str, season: int) -> bool:
        """The power's Protective Amulet is in force in ``season``."""
        return self.amulets.get(power, -1) >= season


NO_MARKS = Marks()
START = GatheringState()
