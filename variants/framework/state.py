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

from typing import Any, Callable, Mapping, TypeVar

from dipsat.model.types import Position
from dipsat.model.values import value_class

__all__ = ["VariantPosition", "StateNotation", "with_state", "state_of"]

T = TypeVar("T")


@value_class(eq=False)
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


@value_class(slots=False)
class StateNotation:
    """How a case states a variant's own state (``STATE`` lines, ``Key: words``), at its start
    and in ``AFTER``: the notation a rules lawyer sets a situation up with and the checker reads
    back (the Hitchhiker's Vogon-proof centres, Zaphod's spells...)."""

    read: Callable[[Any, Position, str, str], Position]
    """``(variant, position, key, words) -> position`` with that part of the state set (``key``
    lower case; ``variant``: the :class:`~dipsat.variants.variant.Variant`, which imports this
    module, so it is not named here). Raises :class:`~dipsat.model.errors.InputError` for a key
    or words it cannot read."""
    write: Callable[[Any, Position], Mapping[str, str]]
    """``(variant, position) -> {key: words}``: every key, in the words ``read`` reads back."""
