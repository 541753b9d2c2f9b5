"""The order of phases in a year, and what happens between them.

Spring movement, Spring retreats, Fall movement, Fall retreats, then centre ownership is
updated and Winter adjustments follow. Retreat phases with no dislodged unit and adjustment
phases in which no power has anything to adjust are skipped.
"""
from __future__ import annotations

from dipsat.model.gamemap import GameMap
from dipsat.model.types import Phase, PhaseKind, Position, Season
from dipsat.solver.adjustment import adjustments_due


def update_centres(gmap: GameMap, position: Position) -> Position:
    """Give each supply centre to the power whose unit stands in it (after the Fall turn)."""
    centres = dict(position.centres)
    for province, piece in position.units.items():
        if province in gmap.supply_centres:
            centres[province] = piece.power
    return Position(position.phase, position.units, centres)


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
    return Position(Phase(after.phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT),
                    after.units, after.centres)


def _end_of_season(gmap: GameMap, board: Position) -> Position:
    year, season = board.phase.year, board.phase.season
    if season is Season.SPRING:
        return Position(Phase(year, Season.FALL, PhaseKind.MOVEMENT), board.units, board.centres)
    board = update_centres(gmap, board)
    winter = Position(Phase(year, Season.WINTER, PhaseKind.ADJUSTMENT), board.units, board.centres)
    if adjustments_due(winter):
        return winter
    return after_adjustments(winter)
