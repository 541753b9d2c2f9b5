"""Whole games: a fold of phases over positions.

``Game.start(variant)`` begins at the variant's opening; ``game.play(orders)`` returns a new
game one phase further. Every position and resolution stays readable.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from dipsat.model.types import Order, Position
from dipsat.solver import DATC, Resolution, Rules

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant


class GameError(ValueError):
    """The game cannot go on (it is over)."""


@dataclass(frozen=True)
class Game:
    """An immutable game record: the positions played and how each phase resolved."""

    variant: Variant
    rules: Rules
    positions: tuple[Position, ...]
    """Every position, the first at the start, the last the one to be played next."""
    resolutions: tuple[Resolution, ...]

    @classmethod
    def start(cls, variant: Variant, position: Position | None = None, rules: Rules = DATC) -> Game:
        """A game at the variant's opening (or at ``position``)."""
        return cls(variant, rules, (position or variant.start(),), ())

    @property
    def position(self) -> Position:
        """The position to be played next."""
        return self.positions[-1]

    @property
    def winner(self) -> str | None:
        """The power that has won, if any."""
        return self.variant.winner(self.position)

    def play(self, orders: Sequence[Order]) -> Game:
        """Resolve the current phase with ``orders``; return the game one phase further.

        Raises:
            GameError: the game is already won.
        """
        outcome = self.variant.outcome(self.position)
        if outcome is not None:
            raise GameError(f"the game is over: {outcome}")
        res = self.variant.adjudicate(self.position, orders, self.rules)
        return Game(self.variant, self.rules, self.positions + (res.after,), self.resolutions + (res,))
