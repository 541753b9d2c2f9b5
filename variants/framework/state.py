"""A variant's per-game state travels with the board: :class:`VariantPosition`.

Which Vain Star powers a player has spent, or the events waiting for the end of the season, are
part of the game as much as the units are. A :class:`VariantPosition` is a
:class:`~dipsat.model.types.Position` with one more immutable field, ``state``: the variant's
engine reads it at the start of a phase and returns the board after the phase with the new
state, so a case or a game that folds phases over positions carries it without knowing it.
Two positions with the same board are equal whatever their state (the board is what a case
compares); the state is compared by the tests that mean to.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from dipsat.model.types import Position

__all__ = ["VariantPosition", "with_state", "state_of"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True, eq=False)
class VariantPosition(Position):
    """A board plus the variant's per-game state (an immutable value, ``None`` at the start)."""

    state: Any = None


def with_state(position: Position, state: object) -> VariantPosition:
    """The same board carrying ``state``."""
    return VariantPosition(position.phase, position.units, position.centres, position.dislodged,
                           position.standoffs, position.stacked, position.changes, state=state)


def state_of(position: Position, default: T) -> T:
    """The state a position carries, or ``default`` (a plain position: the start of a game)."""
    state = getattr(position, "state", None)
    return default if state is None else state
