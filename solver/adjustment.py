"""Adjudicate an adjustment phase: builds, disbands, waives and civil disorder (DATC 6.I, 6.J).

Orders are carried out from top to bottom, skipping those that cannot be (DATC 3, 4.D.4-4.D.6):
a power with more centres than units may build in its owned, vacant home centres up to the
difference; one with more units than centres must disband the difference, and the units it
does not disband are removed for it (civil disorder, DATC 4.D.8). Nothing here depends on
another decision, so the outcomes are fixed in Python; the civil-disorder choice is a rule option.
"""
from __future__ import annotations

from typing import Callable, Final, Iterable, Mapping, Sequence

from dipsat.model.board import board_in_play
from dipsat.model.gamemap import GameMap
from dipsat.model.reasons import Built, CivilDisorder, Disbanded, Fails, Illegal, Waived, kept
from dipsat.model.types import (
    Build, Disband, Location, Order, OrderResult, Piece, Position, Result, Unit, UnitType, Waive,
)
from dipsat.model.kinds import UnitKind
from dipsat.solver.map_tables import tables
from dipsat.solver.options import Rules
from dipsat.solver.resolution import Resolution


Problem = str | Fails
"""What keeps an order from being carried out: the words of an illegal order, or the typed reason
of an order that fails (``""``: none)."""


# read once: on CPython 3.11 an enum class's attribute (PhaseKind.RETREAT) goes through
# EnumType.__getattr__'s slow hook, ~900 instructions a read
_SUCCEEDS, _FAILS, _ILLEGAL = Result.SUCCEEDS, Result.FAILS, Result.ILLEGAL


def adjustments_due(position: Position) -> dict[str, int]:
    """Power -> centres minus units (positive: builds allowed, negative: disbands due)."""
    count: dict[str, int] = {}
    for owner in position.centres.values():
        count[owner] = count.get(owner, 0) + 1
    for piece in position.all_pieces() if position.stacked else position.units.values():
        if piece.unit.kind.owned:
            count[piece.power] = count.get(piece.power, 0) - 1
    return {power: count[power] for power in sorted(count) if count[power]}


def adjudicate_adjustments(gmap: GameMap, position: Position, orders: Sequence[Order],
                           rules: Rules) -> Resolution:
    """Resolve builds and disbands in order; remove units of powers in civil disorder.

    Which of too many builds or disbands count is an option (DATC 4.D.4-4.D.6): the first legal
    ones (orders read top to bottom), the last ones (bottom to top), or none.
    """
    gmap = board_in_play(gmap, position)
    due = adjustments_due(position)
    units = position.units.copy()  # type: ignore[attr-defined]  # the dict behind the frozen view, at once
    builds_left = {p: n for p, n in due.items() if n > 0}
    disbands_left = {p: -n for p, n in due.items() if n < 0}
    orders = [_as_meant(gmap, o, rules) for o in orders] if rules.fleet_inland_build == "army" else list(orders)
    voided = _voided(gmap, position, orders, rules, builds_left, disbands_left)
    results: dict[int, OrderResult] = {}
    changed = False  # a unit built or removed: the board's units frozen anew
    in_turn: Iterable[int] = range(len(orders))  # top to bottom, unless the last ones count
    in_order = not (rules.too_many_disbands == "last" or rules.too_many_builds == "last")
    if not in_order:
        in_turn = sorted(in_turn, key=lambda i: _sequence(orders[i], i, rules))
    for i in in_turn:
        o = orders[i]
        problem = voided.get(i) or _problem(gmap, position, units, o, builds_left, disbands_left, rules)
        if isinstance(problem, Fails):
            results[i] = OrderResult(o, _FAILS, problem)
            continue
        if problem:
            results[i] = OrderResult(o, _ILLEGAL, kept(Illegal, problem))
            continue
        match o:
            case Build():
                units[o.unit.province] = Piece(o.power, o.unit)
                changed = True
                builds_left[o.power] -= 1
                results[i] = OrderResult(o, _SUCCEEDS, kept(Built, str(o.unit)))
            case Disband():
                del units[o.unit.province]
                changed = True
                disbands_left[o.power] -= 1
                results[i] = OrderResult(o, _SUCCEEDS, kept(Disbanded, str(o.unit)))
            case Waive():
                builds_left[o.power] -= 1
                results[i] = OrderResult(o, _SUCCEEDS, kept(Waived))
    generated = []
    choose = CIVIL_DISORDER[rules.civil_disorder]
    for power, count in sorted(disbands_left.items()):
        if count <= 0:  # the power disbanded what it had to
            continue
        for piece in choose(gmap, position, units, power)[:count]:
            del units[piece.unit.province]
            changed = True
            o = Disband(power, piece.unit)
            generated.append(OrderResult(o, _SUCCEEDS, kept(CivilDisorder, rules.civil_disorder)))
    after = position.updated(units=units if changed else None)
    given = tuple(results.values()) if in_order else tuple([results[i] for i in range(len(orders))])
    return Resolution(position, given, tuple(generated), after, (), 1, str(rules))


def _as_meant(gmap: GameMap, o: Order, rules: Rules) -> Order:
    """DATC 4.C.4 choice b: a fleet ordered built inland is built as an army (asked only under that choice)."""
    if (isinstance(o, Build) and o.unit.kind is UnitType.FLEET and rules.fleet_inland_build == "army"
            and o.unit.province in gmap.provinces and gmap.is_land(o.unit.province)):
        return Build(o.power, Unit(UnitType.ARMY, Location(o.unit.province)))
    return o


def _sequence(o: Order, i: int, rules: Rules) -> int:
    """Where order ``i`` comes when orders are carried out (4.D.4-4.D.6: first or last ones count)."""
    last = rules.too_many_disbands == "last" if isinstance(o, Disband) else rules.too_many_builds == "last"
    return -i if last else i


def _voided(gmap: GameMap, position: Position, orders: list[Order], rules: Rules,
            builds_left: dict[str, int], disbands_left: dict[str, int]) -> dict[int, Problem]:
    """Orders that an all-or-nothing choice of 4.D.4-4.D.6 sets aside, with the reason."""
    voided: dict[int, Problem] = {}
    if (rules.same_province_builds == "first" and rules.too_many_builds != "all_void"
            and rules.too_many_disbands != "civil_disorder"):
        return voided  # the usual choices: nothing is set aside (issue 23: every adjustment phase)
    units = dict(position.units)
    problems: dict[int, Problem] = {}

    def alone(i: int) -> Problem:
        """The problem of order ``i`` by itself, on the board before any order (found when asked:
        under the usual choices nothing is set aside and no order is asked about)."""
        found = problems.get(i)
        if found is None:
            found = problems[i] = _problem(gmap, position, units, orders[i], builds_left, disbands_left, rules)
        return found

    sites: dict[str, list[int]] = {}
    if rules.same_province_builds != "first":
        for i, o in enumerate(orders):
            if isinstance(o, Build) and not alone(i):
                sites.setdefault(o.unit.province, []).append(i)
    if rules.same_province_builds == "all_fail":
        for i in (i for group in sites.values() if len(group) > 1 for i in group):
            voided[i] = Fails(f"two builds in {orders[i].unit.province} (DATC 4.D.5)")  # type: ignore[union-attr]
    elif rules.same_province_builds == "last":  # the earlier builds give way to the last one
        for i in (i for group in sites.values() if len(group) > 1 for i in group[:-1]):
            voided[i] = f"a later build in {orders[i].unit.province} counts (DATC 4.D.5)"  # type: ignore[union-attr]
    for kind, left, choice, word in ((Build, builds_left, rules.too_many_builds, "all_void"),
                                     (Disband, disbands_left, rules.too_many_disbands, "civil_disorder")):
        if choice != word:
            continue
        for power, allowed in left.items():
            mine = [i for i, o in enumerate(orders) if isinstance(o, kind) and o.power == power
                    and not alone(i) and i not in voided]
            if len(mine) > allowed:
                for i in mine:
                    voided[i] = f"{power} ordered {len(mine)} where {allowed} are due (DATC {'4.D.4' if kind is Build else '4.D.6'})"
    return voided


def _problem(gmap: GameMap, position: Position, units: dict[str, Piece], o: Order,
             builds_left: dict[str, int], disbands_left: dict[str, int], rules: Rules) -> Problem:
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
            kind = o.unit.kind
            if not gmap.can_stand(kind, province):
                where = "at sea" if gmap.is_sea(province) else "inland"
                return f"{_a(kind)} cannot be built {where}"
            if kind.uses_coasts:
                if gmap.provinces[province].coasts and o.unit.location.coast is None:
                    return Fails(f"a fleet built in {province} needs a coast (DATC 4.B.7)")
            elif o.unit.location.coast is not None:
                return f"{_a(kind)} has no coast"
            return ""
        case Disband():
            piece = units.get(o.unit.province)
            if disbands_left.get(o.power, 0) <= 0:
                return f"{o.power} has no disband due"
            if piece is None or piece.power != o.power:
                return f"{o.power} has no unit in {o.unit.province}"
            return ""
        case Waive():
            if rules.waive == "forbidden":
                return "builds may not be waived (DATC 4.D.7)"
            return "" if builds_left.get(o.power, 0) > 0 else f"{o.power} has no build to waive"
    return "only builds, disbands and waives are ordered in an adjustment phase"


def _a(kind: UnitKind) -> str:
    return ("an " if kind.name[:1].lower() in "aeiou" else "a ") + kind.name


def _by_nearest_owned_centre(gmap: GameMap, position: Position, units: dict[str, Piece],
                             power: str) -> list[Piece]:
    """DATC 4.D.8, 2023 rulebook: farthest from the nearest owned centre first, counting
    moves over land and sea alike; ties: fleets before armies, then alphabetically by name."""
    owned = frozenset(p for p, owner in position.centres.items() if owner == power)
    return _ranked(gmap, units, power, lambda pc: _distance(gmap, pc.unit.province, owned, pc.unit.kind))


def _by_nearest_home_centre(gmap: GameMap, position: Position, units: dict[str, Piece],
                            power: str) -> list[Piece]:
    """Pre-2023 practice (Droidippy): farthest from the nearest home centre first, fleets moving
    only by sea, armies over land and sea; ties: fleets before armies, then by province id."""
    homes = gmap.home_centres(power)
    pieces = [p for p in units.values() if p.power == power]
    return sorted(pieces, key=lambda pc: (
        -_distance(gmap, pc.unit.province, homes, pc.unit.kind, legacy=True),
        pc.unit.kind is not UnitType.FLEET, pc.unit.province))


def _by_home_coast_distance(gmap: GameMap, position: Position, units: dict[str, Piece],
                            power: str) -> list[Piece]:
    """The ``diplomacy`` package: as :func:`_by_nearest_home_centre`, but a fleet's distance is
    counted from its own coast, moving coast by coast."""
    homes = gmap.home_centres(power)
    pieces = [p for p in units.values() if p.power == power]

    def distance(pc: Piece) -> int:
        if pc.unit.kind is UnitType.ARMY:
            return _distance(gmap, pc.unit.province, homes, pc.unit.kind, legacy=True)
        return _fleet_steps(gmap, pc.unit.location, homes)

    return sorted(pieces, key=lambda pc: (-distance(pc), pc.unit.kind is not UnitType.FLEET, pc.unit.province))


GODIP_ABBREVIATIONS: Final[Mapping[str, str]] = {"lyo": "gol", "mao": "mid", "nao": "nat", "nwg": "nrg"}
"""dipsat's province id -> godip's, where they differ on the standard board (the order of
civil-disorder ties follows godip's ids)."""


def _by_home_distance_any_edge(gmap: GameMap, position: Position, units: dict[str, Piece],
                               power: str) -> list[Piece]:
    """The Droidippy/godip judge: farthest from the nearest home centre (owned or not, 0 on one)
    first, counting steps along every edge of the map, land or sea, whatever the unit's kind,
    coasts ignored; ties: fleets before armies, then by godip's province abbreviation."""
    homes = gmap.home_centres(power)
    pieces = [p for p in units.values() if p.power == power]
    return sorted(pieces, key=lambda pc: (
        -_distance(gmap, pc.unit.province, homes, pc.unit.kind), pc.unit.kind is not UnitType.FLEET,
        GODIP_ABBREVIATIONS.get(pc.unit.province, pc.unit.province)))


def _distance(gmap: GameMap, src: str, targets: frozenset[str], kind: UnitKind, *, legacy: bool = False) -> int:
    """:meth:`~dipsat.model.gamemap.GameMap.distance`, counted once per board and question (the
    same questions come back every winter)."""
    t = tables(gmap)
    key = (src, targets, kind, legacy)
    found = t.distances.get(key)
    if found is None:
        found = t.remember(t.distances, key, gmap.distance(src, targets, kind, legacy=legacy))
    return found


def _fleet_steps(gmap: GameMap, start: Location, targets: frozenset[str]) -> int:
    """Fewest fleet moves from the exact location ``start`` to any province of ``targets``,
    counted once per board and question."""
    t = tables(gmap)
    key = (start, targets)
    found = t.distances.get(key)
    if found is None:
        found = t.remember(t.distances, key, _count_fleet_steps(gmap, start, targets))
    return found


def _count_fleet_steps(gmap: GameMap, start: Location, targets: frozenset[str]) -> int:
    seen, frontier, steps = {start}, [start], 0
    while frontier:
        if any(loc.province in targets for loc in frontier):
            return steps
        steps += 1
        frontier = [n for loc in frontier for n in sorted(gmap.fleet_neighbours.get(loc, ()), key=str)
                    if n not in seen and not seen.add(n)]  # type: ignore[func-returns-value]
    return 1_000_000


def _ranked(gmap: GameMap, units: dict[str, Piece], power: str, distance: Callable[[Piece], int]) -> list[Piece]:
    pieces = [p for p in units.values() if p.power == power]
    return sorted(pieces, key=lambda pc: (-distance(pc), pc.unit.kind is not UnitType.FLEET,
                                          gmap.provinces[pc.unit.province].name))


CIVIL_DISORDER: dict[str, Callable[[GameMap, Position, dict[str, Piece], str], list[Piece]]] = {
    "2023": _by_nearest_owned_centre,
    "home_distance": _by_nearest_home_centre,
    "home_coast_distance": _by_home_coast_distance,
    "godip": _by_home_distance_any_edge,
}
"""Rule option ``civil_disorder``: choice -> the ranking of a power's units, first removed first."""
