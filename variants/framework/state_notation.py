"""A variant's game state written in a case file: the ``STATE`` block (at a case's start, and
after an ``AFTER`` board, where it is checked).

The case reader (:mod:`dipsat.model.cases`) keeps the block's lines; the variant's
:class:`StateNotation` reads them into its state (``read``) and writes a state back as the
lines its notation compares (``lines``): an ``AFTER`` block holds when the lines written, read and
written back, are the lines of the state the game reached. Only what the notation covers is
compared (a Sorcerous wizard is read from the board, not from ``STATE``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from dipsat.model.errors import InputError
from dipsat.model.types import Phase, Position, Season

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["StateNotation", "StateLineError", "parse_season", "state_differences"]


class StateLineError(InputError):
    """A ``STATE`` line the variant cannot read (the message quotes it; ``line`` is its number)."""


@dataclass(frozen=True)
class StateNotation:
    """How one variant writes its game state in a case file."""

    read: Callable[[Variant, Position, Sequence[tuple[int, str]]], Any]
    """``(variant, board, [(line number, text)]) -> the state``; raises :class:`StateLineError`."""
    lines: Callable[[Variant, Any, Position], list[str]]
    """``(variant, state, board) -> the lines the notation compares``, sorted."""
    help: str = ""
    """The line forms it reads, for error messages."""


def parse_season(text: str) -> Phase:
    """``Fall 1901`` (``Autumn`` and ``Spring`` too) as the movement phase of that season.

    Raises:
        ValueError: not a season and a year.
    """
    words = text.split()
    if len(words) != 2 or not words[1].isdigit():
        raise ValueError(f"expected a season and a year ('Fall 1901'), got {text!r}")
    season = {"spring": Season.SPRING, "fall": Season.FALL, "autumn": Season.FALL,
              "winter": Season.WINTER}.get(words[0].lower())
    if season is None:
        raise ValueError(f"expected Spring, Fall (Autumn) or Winter, got {words[0]!r}")
    from dipsat.model.types import PhaseKind
    kind = PhaseKind.ADJUSTMENT if season is Season.WINTER else PhaseKind.MOVEMENT
    return Phase(int(words[1]), season, kind)


def state_differences(variant: Variant, want: Position, got: Position) -> list[str]:
    """What differs between the state an ``AFTER`` states and the one the game reached (nothing
    when the ``AFTER`` states no ``STATE`` block or the variant has no notation)."""
    notation: StateNotation | None = getattr(variant, "state_notation", None)
    wanted = getattr(want, "state", None)
    if notation is None or wanted is None:
        return []
    w = notation.lines(variant, wanted, want)
    g = notation.lines(variant, getattr(got, "state", None), got)
    missing = [x for x in w if x not in g]
    extra = [x for x in g if x not in w]
    if not missing and not extra:
        return []
    return [f"after, state: expected {'; '.join(missing) or 'no more'}, got {'; '.join(extra) or 'nothing more'}"]
