"""Adjudicate an adjustment phase: builds, disbands, waives and civil disorder (DATC 6.I, 6.J).

Orders are carried out from top to bottom, skipping those that cannot be (DATC 3, 4.D.4-4.D.6):
a power with more centres than units may build in its owned, vacant home centres up to the
difference; one with more units than centres must disband the difference, and the units it
does not disband are removed for it (civil disorder, DATC 4.D.8). Nothing here depends on
another decision, so the outcomes are fixed in Python; the civil-disorder choice is a rule option.
"""
from __future__ import annotations

from typing import Callable, Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.types import (
    Build, Disband, Order, OrderResult, Piece, Position, Result, UnitType, Waive,
)
from dipsat.solver.options import Rules
from dipsat.solver.resolution import Resolution


FAILS = "fails: "
"""Prefix of a problem that makes a build fail rather than be illegal."""


def adjustments_due(position: Position) -> dict[str, int]:
    """Power -> centres minus units (positive: builds allowed, negative: disbands due)."""
    powers = set(position.centres.values()) | {p.power for p in position.units.values()}
    due = {}
    for power in sorted(powers):
        centres = sum(1 for owner in position.centres.values() if owner == power)
        units = sum(1 for p in position.units.values() if p.power == power)
        if centres != units:
            due[power] = centres - units
    return due


def adjudicate_adjustments(gmap: GameMap, position: Position, orders: Sequence[Order],
                           rules: Rules) -> Resolution:
    """Resolve builds and disbands in the order given; remove units of powers in civil disorder."""
    due = adjustments_due(position)
    units = dict(position.units)
    builds_left = {p: n for p, n in due.items() if n > 0}
    disbands_left = {p: -n for p, n in due.items() if n < 0}
    results = []
    for o in orders:
        problem = _problem(gmap, position, units, o, builds_left, disbands_left)
        if problem.startswith(FAILS):
            results.append(OrderResult(o, Result.FAILS, problem))
            continue
        if problem:
            results.append(OrderResult(o, Result.ILLEGAL, f"illegal: {problem}"))
            continue
        match o:
            case Build():
                units[o.unit.province] = Piece(o.power, o.unit)
                builds_left[o.power] -= 1
                results.append(OrderResult(o, Result.SUCCEEDS, f"succeeds: {o.unit} built"))
            case Disband():
                del units[o.unit.province]
                disbands_left[o.power] -= 1
                results.append(OrderResult(o, Result.SUCCEEDS, f"succeeds: {o.unit} disbanded"))
            case Waive():
                builds_left[o.power] -= 1
                results.append(OrderResult(o, Result.SUCCEEDS, "succeeds: one build waived"))
    generated = []
    choose = CIVIL_DISORDER[rules.civil_disorder]
    for power, count in sorted(disbands_left.items()):
        for piece in choose(gmap, position, units, power)[:count]:
            del units[piece.unit.province]
            o = Disband(power, piece.unit)
            generated.append(OrderResult(o, Result.SUCCEEDS,
                                         f"succeeds: civil disorder ({rules.civil_disorder} rule)"))
    after = Position(position.phase, units, position.centres)
    return Resolution(position, tuple(results), tuple(generated), after, rules=str(rules))


def _problem(gmap: GameMap, position: Position, units: dict[str, Piece], o: Order,
             builds_left: dict[str, int], disbands_left: dict[str, int]) -> str:
    match o:
        case Build():
            province = o.unit.province
            if builds_left.get(o.power, 0) <= 0:
                return f"{o.power} has no build left"
            homes = gmap.home_centres(o.power) if o.power in gmap.powers else frozenset()
            if province not in homes:
                return f"{province} is not a home centre of {o.power}"
            if position.centres.get(province) != o.power:
                return f"{o.power} does not own {province}"
            if province in units:
                return f"{province} is occupied"
            if o.unit.kind is UnitType.FLEET:
                if gmap.is_land(province):
                    return "a fleet cannot be built inland"
                if gmap.provinces[province].coasts and o.unit.location.coast is None:
                    return f"{FAILS}a fleet built in {province} needs a coast (DATC 4.B.7)"
            elif o.unit.location.coast is not None:
                return "an army has no coast"
            return ""
        case Disband():
            piece = units.get(o.unit.province)
            if disbands_left.get(o.power, 0) <= 0:
                return f"{o.power} has no disband due"
            if piece is None or piece.power != o.power:
                return f"{o.power} has no unit in {o.unit.province}"
            return ""
        case Waive():
            return "" if builds_left.get(o.power, 0) > 0 else f"{o.power} has no build to waive"
    return "only builds, disbands and waives are ordered in an adjustment phase"


def _by_nearest_owned_centre(gmap: GameMap, position: Position, units: dict[str, Piece],
                             power: str) -> list[Piece]:
    """DATC 4.D.8, 2023 rulebook: farthest from the nearest owned centre first, counting
    moves over land and sea alike; ties: fleets before armies, then alphabetically by name."""
    owned = frozenset(p for p, owner in position.centres.items() if owner == power)
    return _ranked(gmap, units, power, lambda pc: gmap.distance(pc.unit.province, owned, pc.unit.kind))


def _by_nearest_home_centre(gmap: GameMap, position: Position, units: dict[str, Piece],
                            power: str) -> list[Piece]:
    """Pre-2023 practice (Droidippy): farthest from the nearest home centre first, fleets moving
    only by sea, armies over land and sea; ties: fleets before armies, then by province id."""
    homes = gmap.home_centres(power)
    pieces = [p for p in units.values() if p.power == power]
    return sorted(pieces, key=lambda pc: (
        -gmap.distance(pc.unit.province, homes, pc.unit.kind, legacy=True),
        pc.unit.kind is not UnitType.FLEET, pc.unit.province))


def _ranked(gmap: GameMap, units: dict[str, Piece], power: str, distance: Callable[[Piece], int]) -> list[Piece]:
    pieces = [p for p in units.values() if p.power == power]
    return sorted(pieces, key=lambda pc: (-distance(pc), pc.unit.kind is not UnitType.FLEET,
                                          gmap.provinces[pc.unit.province].name))


CIVIL_DISORDER: dict[str, Callable[[GameMap, Position, dict[str, Piece], str], list[Piece]]] = {
    "2023": _by_nearest_owned_centre,
    "home_distance": _by_nearest_home_centre,
}
"""Rule option ``civil_disorder``: choice -> the ranking of a power's units, first removed first."""
