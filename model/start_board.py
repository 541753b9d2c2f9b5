"""The start-board checks of a case: each unit stands where it may, and the board can arise in
the case's variant.

The case reader (:mod:`dipsat.model.cases`) collects the units it reads and asks these checks at
each case's ``END``; each returns the problem and its line, or ``None``.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from dipsat.model.board import board_in_play
from dipsat.model.errors import InputError, quote
from dipsat.model.gamemap import GameMap
from dipsat.model.kinds import STANDARD_KINDS
from dipsat.model.types import Phase, Position, Unit, UnitType

__all__ = ["placement_problem", "check_placements", "start_problem", "BoardProblem"]

BoardProblem = Callable[[str, Position], tuple[tuple[str, ...], str] | None]
"""Variant hook: ``(VARIANT, start board) -> (provinces, why)`` when the board cannot arise in
that variant (two wizards of one power, Marvin twice), else ``None``."""


def placement_problem(unit: Unit, gmap: GameMap, coast_required: bool = True) -> str:
    """Why ``unit`` cannot stand where it is written to stand, or ``""``: an army at sea, a
    fleet inland, and (with ``coast_required``) a fleet without the coast it needs."""
    province = gmap.provinces[unit.province]
    if not gmap.can_stand(unit.kind, unit.province) and gmap.unit_kinds != STANDARD_KINDS:
        return ""  # a variant's unit may stand out of its element (a stranded fleet): its engine rules it
    if unit.kind is UnitType.ARMY and gmap.is_sea(unit.province):
        return f"an army cannot stand in {province.name}"
    if unit.kind is UnitType.FLEET:
        if gmap.is_land(unit.province):
            return f"a fleet cannot stand in {province.name}, which has no coast"
        if coast_required and province.coasts and unit.location.coast is None:
            return f"a fleet in {province.name} must name its coast"
    elif coast_required and unit.kind.uses_coasts and province.coasts and unit.location.coast is None:
        return f"a {unit.kind.name} in {province.name} must name its coast"
    return ""


def check_placements(gmap: GameMap, placed: Iterable[tuple[Sequence[Any], Phase, Unit, str, int]]
                     ) -> tuple[str, int] | None:
    """The first unit of ``placed`` (the board's changes, phase, unit, its text, line) that cannot
    stand where it is written, as (problem, line); ``None`` when every unit may. A unit stands on
    the map, or on the board with that board's changes (an army on a frozen sea; a fleet there is
    stranded, as it was on the sea)."""
    for changes, phase, unit, rest, lineno in placed:
        problem = placement_problem(unit, gmap)
        if problem and changes:
            in_play = board_in_play(gmap, Position(phase, changes=tuple(changes)))
            problem = problem if placement_problem(unit, in_play) else ""
        if problem:
            return f"{problem}: {quote(rest)}", lineno
    return None


def start_problem(board_problem: BoardProblem | None, case: Any,
                  line_of: dict[str, tuple[int, str]]) -> tuple[str, int] | None:
    """Why the case's start board cannot arise in its variant (the variant's board check), with
    the last line that placed a piece in one of the provinces concerned; ``None`` when it can (or
    when the variant is unknown: that is reported with the case's first order)."""
    if board_problem is None:
        return None
    try:
        found = board_problem(case.variant, case.start)
    except (InputError, ValueError):
        return None
    if found is None:
        return None
    provinces, why = found
    lineno, text = max((line_of[p] for p in provinces if p in line_of), default=(case.steps[0].line, ""))
    return f"impossible start board: {why}" + (f": {quote(text)}" if text else ""), lineno
