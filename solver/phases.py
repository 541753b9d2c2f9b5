"""The order of phases in a year, and what happens between them.

Spring movement, Spring retreats, Fall movement, Fall retreats, then centre ownership is
updated and Winter adjustments follow. Retreat phases with no dislodged unit and adjustment
phases in which no power has anything to adjust are skipped.
"""
from __future__ import annotations

from dipsat.model.board import board_in_play, drop_expired
from dipsat.model.gamemap import GameMap
from dipsat.model.types import Phase, PhaseKind, Position, Season
from dipsat.solver.adjustment import adjustments_due


def update_centres(gmap: GameMap, position: Position) -> Position:
    """Give each supply centre to the power whose unit stands in it (after the Fall turn).

    Only a unit whose kind captures takes a centre (a bubble-car does not); the centres are
    those of the board in play (a destroyed centre is owned by nobody).
    """
    return position.updated(centres=centres_taken(gmap, position), dislodged={}, standoffs=frozenset())


def centres_taken(gmap: GameMap, position: Position) -> dict[str, str] | None:
    """Supply centre -> owner once the units standing in centres have taken them (:func:`update_centres`),
    or ``None`` when that is ``position.centres`` as it is (most Falls of a long game: the board
    keeps its frozen centres)."""
    supply = board_in_play(gmap, position).supply_centres
    centres: dict[str, str] | None = None
    if not supply.issuperset(position.centres):  # a centre removed from the board in play
        centres = {c: owner for c, owner in position.centres.items() if c in supply}
    owners = position.centres if centres is None else centres
    units = position.units
    for province in supply.intersection(units):  # the units standing in centres (in any order: a
        piece = units[province]                  # centre is taken by the one unit standing in it)
        if owners.get(province) != piece.power and piece.unit.kind.captures and piece.unit.kind.owned:
            if centres is None:
                centres = owners = position.centres.copy()  # type: ignore[attr-defined]  # at once
            centres[province] = piece.power
    return centres


def after_movement(gmap: GameMap, after: Position) -> Position:
    """The phase that follows a movement phase whose resulting board is ``after``."""
    if after.dislodged:
        return after
    return _end_of_season(gmap, after)


def after_retreats(gmap: GameMap, after: Position) -> Position:
    """The phase that follows a retreat phase."""
    return _end_of_season(gmap, after)


def after_adjustments(after: Position) -> Position:
    """The phase that follows an adjustment phase: next year's Spring movement."""
    return drop_expired(after.updated(phase=Phase(after.phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT),
                                      dislodged={}, standoffs=frozenset()))


def _end_of_season(gmap: GameMap, board: Position) -> Position:
    year, season = board.phase.year, board.phase.season
    if season is Season.SPRING:
        return drop_expired(board.updated(phase=Phase(year, Season.FALL, PhaseKind.MOVEMENT), dislodged={},
                                          standoffs=frozenset()))
    # update_centres and the move to Winter in one new board
    winter = drop_expired(board.updated(phase=Phase(year, Season.WINTER, PhaseKind.ADJUSTMENT),
                                        centres=centres_taken(gmap, board), dislodged={}, standoffs=frozenset()))
    if adjustments_due(winter):
        return winter
    return after_adjustments(winter)
