"""Shrinking a finding to a minimal case while its property still holds (delta debugging).

The candidates of one round, tried in this order, each smaller than the case by
:func:`size` (a tuple compared left to right, so every accepted step makes progress and the
loop ends):

1. a later step left out (a movement finding needs no retreat phase);
2. a unit taken off the board, with its orders (first half the units at once, then quarters,
   then one by one: ddmin's granularity);
3. an owned centre left unowned (adjustments);
4. an order left out (the unit is unordered, it holds);
5. a move, support or convoy replaced by a hold;
6. a ``via convoy`` dropped; an order that names its unit with another type or coast than the
   unit has written as the unit stands;
7. all units of one power given to another power (fewer powers);
8. a unit that holds moved one province closer to the others (a tighter board).

The first candidate that keeps the property becomes the case and a new round starts; when no
candidate keeps it the case is 1-minimal: no single one of these steps keeps the property.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Callable, Iterator

from dipsat.model.cases import Case, Step
from dipsat.model.gamemap import GameMap
from dipsat.model.types import (
    ARMY, FLEET, Convoy, Hold, Location, Move, Order, Piece, Position, SupportHold, SupportMove, Unit,
)

MAX_CHECKS = 600
"""At most this many candidates are adjudicated for one finding (a safety net; typical: 20-150)."""


def size(case: Case, gmap: GameMap) -> tuple[int, ...]:
    """How big a case is: steps, units and centres, orders, orders that are not holds, ``via``
    flags, orders that name a unit otherwise than it stands, powers, and the sum of the
    distances between the units."""
    start = case.start
    orders = [o for s in case.steps for o in s.orders]
    provinces = sorted(start.units)
    spread = sum(_distance(gmap, a, b) for i, a in enumerate(provinces) for b in provinces[i + 1:])
    return (len(case.steps), len(start.units) + len(start.centres), len(orders),
            sum(not isinstance(o, Hold) for o in orders), sum(bool(getattr(o, "via_convoy", False)) for o in orders),
            sum(written_as_is(o, start) != o for o in case.steps[0].orders),
            len({pc.power for pc in start.units.values()} | set(start.centres.values())), spread)


def written_as_is(order: Order, start: Position) -> Order:
    """``order`` naming its unit (and the unit it supports or convoys) as they stand on the board:
    type and coast (a sloppy order made plain)."""
    for name in ("unit", "target"):
        unit = getattr(order, name, None)
        piece = start.units.get(unit.province) if isinstance(unit, Unit) else None
        if piece is not None and piece.unit != unit and piece.unit.kind in (ARMY, FLEET):
            order = replace(order, **{name: piece.unit})  # type: ignore[arg-type]
    return order


def _distance(gmap: GameMap, a: str, b: str) -> int:
    """Steps from ``a`` to ``b`` along any edge (at most 9)."""
    return min(gmap.distance(a, [b], ARMY), 9)


def shrink(case: Case, holds: Callable[[Case], bool], gmap: GameMap) -> tuple[Case, int]:
    """The smallest case reached from ``case`` by the steps above, and the checks it took."""
    checks = 0
    current = case
    progress = True
    while progress and checks < MAX_CHECKS:
        progress = False
        here = size(current, gmap)
        for candidate in candidates(current, gmap):
            if size(candidate, gmap) >= here:
                continue
            checks += 1
            if holds(candidate):
                current, progress = candidate, True
                break
            if checks >= MAX_CHECKS:
                break
    return current, checks


def candidates(case: Case, gmap: GameMap) -> Iterator[Case]:
    """The simpler cases of one round, in the order of the module docstring."""
    if len(case.steps) > 1:
        yield replace(case, steps=case.steps[:-1])
    units = sorted(case.start.units)
    n = len(units)
    chunk = n // 2
    while chunk >= 1:
        for i in range(0, n, chunk):
            yield without_units(case, units[i:i + chunk])
        chunk //= 2
    for centre in sorted(case.start.centres):
        centres = {c: p for c, p in case.start.centres.items() if c != centre}
        yield replace(case, start=replace(case.start, centres=centres))
    for s, step in enumerate(case.steps):
        for i in range(len(step.orders)):
            yield with_orders(case, s, step.orders[:i] + step.orders[i + 1:])
    for s, step in enumerate(case.steps):
        for i, o in enumerate(step.orders):
            if isinstance(o, (Move, SupportHold, SupportMove, Convoy)):
                yield with_orders(case, s, step.orders[:i] + (Hold(o.power, o.unit),) + step.orders[i + 1:])
            if isinstance(o, Move) and o.via_convoy:
                yield with_orders(case, s, step.orders[:i] + (replace(o, via_convoy=False),) + step.orders[i + 1:])
            plain = written_as_is(o, case.start) if s == 0 else o
            if plain != o:
                yield with_orders(case, s, step.orders[:i] + (plain,) + step.orders[i + 1:])
    powers = sorted(({pc.power for pc in case.start.units.values()} | set(case.start.centres.values()))
                    & set(gmap.powers))
    for gone in powers[1:]:
        yield merged(case, gone, powers[0])
    yield from closer(case, gmap)


def with_orders(case: Case, index: int, orders: tuple[Order, ...]) -> Case:
    """The case with step ``index`` given ``orders`` (no expectations)."""
    steps = list(case.steps)
    steps[index] = replace(steps[index], orders=orders, expected=(None,) * len(orders), auto=(), after=None)
    return replace(case, steps=tuple(steps))


def _names(order: Order) -> set[str]:
    """The provinces of the units an order names (a variant's own orders too: every field that
    holds a unit)."""
    found = set()
    for f in fields(order) if is_dataclass(order) else ():
        value = getattr(order, f.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Unit):
                found.add(item.province)
    return found


def without_units(case: Case, provinces: list[str]) -> Case:
    """The case without the units in ``provinces`` and every first-step order naming them."""
    gone = set(provinces)
    units = {p: pc for p, pc in case.start.units.items() if p not in gone}
    first = case.steps[0]
    kept = tuple(o for o in first.orders if not (_names(o) & gone))
    smaller = with_orders(replace(case, start=replace(case.start, units=units)), 0, kept)
    return smaller


def merged(case: Case, gone: str, into: str) -> Case:
    """Every unit, centre and order of power ``gone`` given to power ``into``."""
    def power(p: str) -> str:
        return into if p == gone else p
    start = case.start
    units = {p: Piece(power(pc.power), pc.unit) for p, pc in start.units.items()}
    centres = {c: power(p) for c, p in start.centres.items()}
    out = replace(case, start=replace(start, units=units, centres=centres))
    for s, step in enumerate(case.steps):
        out = with_orders(out, s, tuple(replace(o, power=power(o.power)) if hasattr(o, "power") else o
                                        for o in step.orders))
    return out


def closer(case: Case, gmap: GameMap) -> Iterator[Case]:
    """Each unit that holds (or has no order) moved to an empty neighbouring province where it
    can stand, nearer the other units."""
    start: Position = case.start
    ordered = {o.unit.province: o for s in case.steps[:1] for o in s.orders if isinstance(getattr(o, "unit", None), Unit)}
    named = {p for s in case.steps for o in s.orders for p in _names(o) if not isinstance(o, Hold)}
    for province, piece in sorted(start.units.items()):
        order = ordered.get(province)
        if (order is not None and not isinstance(order, Hold)) or province in named:
            continue
        others = [p for p in start.units if p != province]
        if not others:
            continue
        now = sum(_distance(gmap, province, q) for q in others)
        for dest in sorted(gmap._any_adjacent.get(province, ())):
            if dest in start.units or not gmap.can_stand(piece.unit.kind, dest):
                continue
            places = gmap.fleet_locations(dest) if piece.unit.kind is FLEET else (Location(dest),)
            if not places or sum(_distance(gmap, dest, q) for q in others) >= now:
                continue
            unit = Unit(piece.unit.kind, places[0])
            units = {p: pc for p, pc in start.units.items() if p != province}
            units[dest] = Piece(piece.power, unit)
            moved = replace(case, start=replace(start, units=units))
            if order is not None:
                first = tuple(Hold(o.power, unit) if o is order else o for o in case.steps[0].orders)
                moved = with_orders(moved, 0, first)
            yield moved
