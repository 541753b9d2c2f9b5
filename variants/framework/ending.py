"""The end of a game as data: who has won, and why, as a chain of small rules.

An :data:`EndRule` looks at the variant and a position (the board at the next phase to play) and
returns an :class:`Outcome` when the game is over, ``None`` while it goes on. The standard game
ends at 18 centres (:func:`centre_count`); a variant combines the rules below:

* :func:`majority_of_centres`: more than half of the supply centres on the board in play (so the
  threshold moves as centres are destroyed or created);
* :func:`after_year`: once the game is past a year limit, a tie-break chain decides;
* :func:`unit_margin`, :func:`most_points`, :func:`shared_win`: the links of such a chain;
* :func:`first_of`: the first rule that decides.

The Gathering: ``first_of(majority_of_centres(), after_year(1908, first_of(unit_margin(3),
most_points(card_points), shared_win(card_points))))``.
"""
from __future__ import annotations

from typing import Callable, Mapping, Protocol

from dipsat.model.board import board_in_play
from dipsat.model.gamemap import GameMap
from dipsat.model.types import Position
from dipsat.model.values import value_class

__all__ = ["Outcome", "EndRule", "centre_count", "majority_of_centres", "after_year", "unit_margin",
           "most_points", "shared_win", "first_of", "centre_counts", "unit_counts"]


@value_class(slots=False)
class Outcome:
    """The end of a game: the winner (or the powers sharing the win) and the reason in words."""

    winners: tuple[str, ...]
    reason: str

    @property
    def winner(self) -> str | None:
        """The one winner, or ``None`` when the win is shared (or nobody won)."""
        return self.winners[0] if len(self.winners) == 1 else None

    def __str__(self) -> str:
        if not self.winners:
            return f"the game is over, nobody has won: {self.reason}"
        who = self.winners[0] + " has won" if len(self.winners) == 1 else \
            ", ".join(self.winners) + " share the win"
        return f"{who}: {self.reason}"


class Variant(Protocol):
    """What an end rule reads of its variant (a :class:`dipsat.variants.variant.Variant` is one):
    its map. A protocol, so that the framework below the variant needs no import of it."""

    @property
    def map(self) -> GameMap: ...


EndRule = Callable[[Variant, Position], Outcome | None]
"""``(variant, position) -> Outcome`` when the game is over at ``position``, else ``None``."""


def centre_counts(position: Position) -> dict[str, int]:
    """Power -> centres it owns."""
    counts: dict[str, int] = {}
    for owner in position.centres.values():
        counts[owner] = counts.get(owner, 0) + 1
    return counts


def unit_counts(position: Position) -> dict[str, int]:
    """Power -> units it has on the board (pieces of no power left out)."""
    counts: dict[str, int] = {}
    for piece in position.all_pieces():
        if piece.unit.kind.owned:
            counts[piece.power] = counts.get(piece.power, 0) + 1
    return counts


def centre_count(needed: int) -> EndRule:
    """The power owning at least ``needed`` centres wins (the standard game: 18)."""
    def rule(variant: Variant, position: Position) -> Outcome | None:
        best = sorted(p for p, n in centre_counts(position).items() if n >= needed)
        if len(best) == 1:
            n = centre_counts(position)[best[0]]
            return Outcome((best[0],), f"{best[0]} owns {n} supply centres ({needed} win)")
        return None
    return rule


def majority_of_centres() -> EndRule:
    """The power owning more than half the supply centres on the board in play wins."""
    def rule(variant: Variant, position: Position) -> Outcome | None:
        total = len(board_in_play(variant.map, position).supply_centres)
        for power, n in sorted(centre_counts(position).items()):
            if 2 * n > total:
                return Outcome((power,), f"{power} owns {n} of the {total} supply centres on the board, a majority")
        return None
    return rule


def after_year(last: int, then: EndRule) -> EndRule:
    """Once the game is past year ``last`` (the next phase is in a later year), ``then`` decides."""
    def rule(variant: Variant, position: Position) -> Outcome | None:
        if position.phase.year <= last:
            return None
        found = then(variant, position)
        return None if found is None else Outcome(found.winners, f"after {last}: {found.reason}")
    return rule


def unit_margin(margin: int) -> EndRule:
    """The power with the most units wins if it has at least ``margin`` more than every other."""
    def rule(variant: Variant, position: Position) -> Outcome | None:
        ranked = sorted(unit_counts(position).items(), key=lambda kv: (-kv[1], kv[0]))
        if not ranked:
            return None
        second = ranked[1][1] if len(ranked) > 1 else 0
        if ranked[0][1] - second >= margin:
            return Outcome((ranked[0][0],), f"{ranked[0][0]} has {ranked[0][1]} units, "
                                            f"{ranked[0][1] - second} more than any other power (at least {margin})")
        return None
    return rule


def most_points(points: Callable[[Position], Mapping[str, int]], what: str = "points") -> EndRule:
    """The power with strictly the most ``points`` (read from the position) wins."""
    def rule(variant: Variant, position: Position) -> Outcome | None:
        ranked = sorted(points(position).items(), key=lambda kv: (-kv[1], kv[0]))
        if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            return Outcome((ranked[0][0],), f"{ranked[0][0]} has the most {what} ({ranked[0][1]})")
        return None
    return rule


def shared_win(points: Callable[[Position], Mapping[str, int]] | None = None, what: str = "centres") -> EndRule:
    """Every power tied at the top of ``points`` (centres owned by default) shares the win: the
    last link of a chain, it always decides (The Gathering: the powers tied on card points)."""
    def rule(variant: Variant, position: Position) -> Outcome | None:
        counts = points(position) if points is not None else centre_counts(position)
        top = max(counts.values(), default=0)
        tied = tuple(sorted(p for p, n in counts.items() if n == top))
        return Outcome(tied, f"no rule decided: the powers with the most {what} ({top}) share the glory")
    return rule


def first_of(*rules: EndRule) -> EndRule:
    """The outcome of the first rule that decides."""
    def rule(variant: Variant, position: Position) -> Outcome | None:
        for r in rules:
            found = r(variant, position)
            if found is not None:
                return found
        return None
    return rule
