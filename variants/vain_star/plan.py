"""What Vain Star decides before the model: removals, new unit types, and the orders in force.

In the order the rules give: the Thief's unit disbands "before any other order is carried out"
(A); Amphibians change type at the start of the season (H); then each unit's order in force is
chosen: a Teleport (C) or a Pirate (B) beats an Evil Eye (D), which beats a Pilot (G), which
beats the owner's own orders. Two different Evil Eyes, or two different Pirates, on one unit
stand each other off. Supermen (E) and Lepers (F) cannot carry out what they may not do, and a
Superman receives no support. Petrol Rationing (I) counts the player's own hold orders as given.
Every special that is illegal here has no effect (it is spent all the same, rule 4).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.reasons import Acted, Illegal
from dipsat.model.types import (
    Convoy, Hold, Location, Move, Order, OrderResult, Piece, Position, Result, SupportHold, SupportMove,
    Tag, Unit, UnitType,
)
from dipsat.solver.convoy_routes import fleets_needed
from dipsat.variants.framework.engine import illegal
from dipsat.variants.vain_star.orders import (
    Amphibians, Bomber, EvilEye, Leper, LethalStandOff, PetrolRationing, Pilot, Pirate, SpringRaid, Superman,
    Teleport, Thief, VainStarOrder,
)

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["Plan", "make_plan"]


@dataclass
class Plan:
    """A movement phase prepared for the solver (a throwaway working object)."""

    board: Position
    """The board after the Thief and the Amphibians: the one the model is built on."""
    passed: list[Order] = field(default_factory=list)
    """The orders handed to the solver."""
    source: list[int] = field(default_factory=list)
    """For each passed order, the index of the given order (standard or special) it comes from."""
    results: dict[int, OrderResult] = field(default_factory=dict)
    """Results fixed before the model, by index of the given order."""
    notes: dict[int, str] = field(default_factory=dict)
    """Special orders that take effect -> what they do, in words."""
    stolen: dict[str, Piece] = field(default_factory=dict)
    supermen: set[str] = field(default_factory=set)
    lepers: set[str] = field(default_factory=set)
    petrol: dict[str, int] = field(default_factory=dict)
    teleports: dict[str, int] = field(default_factory=dict)
    """Origin of a teleported unit -> index of its Teleport order."""
    off_graph: dict[str, str] = field(default_factory=dict)
    ordered_to_move: set[str] = field(default_factory=set)
    """Provinces of the units whose orders in force (legal or not) include a move (rule J)."""
    countermanded_moves: set[str] = field(default_factory=set)
    """Provinces of the units whose owner ordered a move that another order countermanded
    (rule J under option ``lethal_ordered=as_given``)."""
    lethal: bool = False
    bombs: set[str] = field(default_factory=set)
    raid: bool = False
    specials: dict[int, VainStarOrder] = field(default_factory=dict)
    """The special orders of the phase, by index of the given order."""
    countermanded: dict[int, str] = field(default_factory=dict)
    """Own orders that another order for the unit replaced -> the unit's province (for its fate)."""
    same_as: dict[int, int] = field(default_factory=dict)
    """An Evil Eye identical to another one on the same unit -> the one whose order is passed."""


def _can_stand(gmap: GameMap, kind: UnitType, dest: Location) -> str:
    """Why a unit of ``kind`` cannot stand at ``dest``, or ``""`` (the kind's terrains, read as data)."""
    if not gmap.can_stand(kind, dest.province):
        article = "an" if kind.name[:1] in "aeiou" else "a"
        return f"{article} {kind.name} cannot stand {'at sea' if gmap.is_sea(dest.province) else 'inland'}"
    coasts = gmap.provinces[dest.province].coasts
    if kind.uses_coasts and coasts and dest.coast not in coasts:
        return f"a fleet entering {dest.province} must name its coast ({', '.join(coasts)})"
    return ""


def _own(plan: Plan, o: VainStarOrder, unit: Unit) -> tuple[Piece | None, str]:
    """The player's own unit named by ``o``, or why there is none."""
    piece = plan.board.units.get(unit.province)
    if piece is None:
        if unit.province in plan.stolen:
            return None, f"{plan.stolen[unit.province].unit} was disbanded by a Thief"
        return None, f"no unit in {unit.location}"
    if piece.power != o.power:
        return None, f"{piece.unit} belongs to {piece.power}, not {o.power}"
    return piece, ""


def _fail(o: VainStarOrder, reason: str) -> OrderResult:
    return OrderResult(o, Result.FAILS, Acted("fails", f"{reason}"))  # type: ignore[arg-type]


def _refuse(o: VainStarOrder, why: str) -> OrderResult:
    """A special that cannot take effect: it fails when a Thief took its unit, else it is illegal."""
    return _fail(o, why) if "Thief" in why else illegal(o, why)


def _adjacent(gmap: GameMap, a: str, b: str) -> bool:
    """Tell whether two spaces touch, by land or by sea (for a flight)."""
    return a != b and gmap.distance(a, (b,), UnitType.ARMY) == 1


def _article(kind: str) -> str:
    return f"an {kind}" if kind[0] in "AEIOU" else f"a {kind}"


def make_plan(variant: Variant, position: Position, standard: Sequence[tuple[int, Order]],
              specials: Sequence[tuple[int, VainStarOrder]]) -> Plan:
    """Prepare a movement phase: see the module docstring."""
    plan = Plan(position, specials=dict(specials))
    gmap = variant.map
    of = lambda cls: [(i, o) for i, o in specials if isinstance(o, cls)]  # noqa: E731
    nominated = {o.unit.province for _, o in of(Superman)
                 if (p := position.units.get(o.unit.province)) is not None and p.power == o.power}
    immune = variant.choice("superman_immune") == "yes"
    units = dict(position.units)
    for i, o in of(Thief):
        piece = position.units.get(o.unit.province)
        if piece is None:
            plan.results[i] = illegal(o, f"no unit in {o.unit.location} to steal")
        elif immune and o.unit.province in nominated:
            plan.results[i] = _fail(o, f"{piece.unit} is a Superman; only a Leper destroys it (option superman_immune=yes)")
        else:
            units.pop(o.unit.province, None)
            plan.stolen[o.unit.province] = piece
            plan.results[i] = OrderResult(o, Result.SUCCEEDS, Acted("succeeds", f"{piece} disbanded before any order"))  # type: ignore[arg-type]
    plan.board = replace(position, units=units)
    _amphibians(plan, gmap, of(Amphibians))
    _statuses(plan, of(Superman), of(Leper))
    _orders_in_force(plan, gmap, standard, of(Teleport), of(EvilEye), of(Pilot), of(Pirate))
    _petrol(plan, position, standard, of(PetrolRationing))
    for i, o in of(LethalStandOff):
        plan.lethal = True
        plan.notes[i] = "every unit ordered to move that does not move disbands after the retreats"
    for i, o in of(Bomber):
        plan.bombs.add(o.province)
        plan.notes[i] = f"a bomb is planted in {o.province}; it explodes after the retreats"
    for i, o in of(SpringRaid):
        plan.raid = True
        plan.notes[i] = "a Summer adjustment phase follows this Spring"
    return plan


def _amphibians(plan: Plan, gmap: GameMap, given: list[tuple[int, Amphibians]]) -> None:
    units = dict(plan.board.units)
    for i, o in given:
        piece, why = _own(plan, o, o.unit)
        if piece is None:
            plan.results[i] = _refuse(o, why)
            continue
        unit = piece.unit
        if not gmap.is_coastal(unit.province) or gmap.is_sea(unit.province):
            plan.results[i] = illegal(o, f"{unit} does not stand in a coastal space")
            continue
        if unit.kind is UnitType.FLEET:
            new = Unit(UnitType.ARMY, Location(unit.province))
        else:
            coasts = gmap.provinces[unit.province].coasts
            if coasts and o.coast not in coasts:
                plan.results[i] = illegal(o, f"the fleet it becomes must be given a coast of {unit.province}: "
                                              f"{', '.join(coasts)}")
                continue
            new = Unit(UnitType.FLEET, Location(unit.province, o.coast if coasts else None))
        units[unit.province] = Piece(piece.power, new)
        plan.notes[i] = f"{unit} becomes {new}"
    plan.board = replace(plan.board, units=units)


def _statuses(plan: Plan, supermen: list[tuple[int, Superman]], lepers: list[tuple[int, Leper]]) -> None:
    for i, o in [*supermen, *lepers]:
        piece, why = _own(plan, o, o.unit)
        if piece is None:
            plan.results[i] = _refuse(o, why)
        elif isinstance(o, Superman):
            plan.supermen.add(o.unit.province)
            plan.notes[i] = f"{piece.unit} has infinite strength this season"
        else:
            plan.lepers.add(o.unit.province)
            plan.notes[i] = f"{piece.unit} is a Leper this season"


def _orders_in_force(plan: Plan, gmap: GameMap, standard: Sequence[tuple[int, Order]],
                     teleports: list[tuple[int, Teleport]], eyes: list[tuple[int, EvilEye]],
                     pilots: list[tuple[int, Pilot]], pirates: list[tuple[int, Pirate]]) -> None:
    board = plan.board
    control: dict[str, tuple[str, int, Order]] = {}  # province -> (kind, special index, order)
    for i, o in teleports:
        piece, why = _own(plan, o, o.unit)
        why = why or ("a unit cannot teleport to its own province" if o.dest.province == o.unit.province
                      else _can_stand(gmap, piece.unit.kind, o.dest))  # type: ignore[union-attr]
        if not why and sum(1 for _, x in teleports if x.unit.province == o.unit.province) > 1:
            why = f"{o.unit} was given several Teleport orders"  # as several Pilot orders: none counts
        if why:
            plan.results[i] = _refuse(o, why)
            continue
        control[o.unit.province] = ("Teleport", i, Move(piece.power, piece.unit, o.dest))  # type: ignore[union-attr]
        plan.teleports[o.unit.province] = i
        plan.off_graph[o.unit.province] = o.dest.province
    _evil_eyes(plan, control, eyes)
    for i, o in pilots:
        piece, why = _own(plan, o, o.unit)
        if not why:
            why = _flight_problem(gmap, piece.unit, o)  # type: ignore[union-attr]
        if not why and sum(1 for _, x in pilots if x.unit.province == o.unit.province) > 1:
            why = f"{o.unit} was given several Pilot orders"
        if why:
            plan.results[i] = _refuse(o, why)
        elif o.unit.province in control:
            plan.results[i] = _fail(o, f"countermanded by {_article(control[o.unit.province][0])} on {o.unit}")
        else:
            control[o.unit.province] = ("Pilot", i, Move(piece.power, piece.unit, o.dest))  # type: ignore[union-attr]
            plan.off_graph[o.unit.province] = o.dest.province
    own: dict[str, list[tuple[int, Order]]] = {}
    for i, o in standard:
        piece = board.units.get(_province(o) or "")
        if piece is not None and piece.power == o.power:
            own.setdefault(o.unit.province, []).append((i, o))  # type: ignore[union-attr]
    _pirates(plan, gmap, control, own, pirates)
    for i, o in standard:
        province = _province(o)
        if province is None:  # an order without a unit (a Waive): the solver calls it illegal
            _pass(plan, i, o)
            continue
        piece = board.units.get(province)
        if province in plan.stolen and plan.stolen[province].power == o.power:
            plan.results[i] = OrderResult(o, Result.FAILS, Acted("fails", "the unit was disbanded by a Thief before "
                                                           "any order was carried out"), Tag.DESTROYED)
        elif piece is not None and piece.power == o.power and province in control:
            kind, _, _ = control[province]
            by = f"superseded by its {kind}" if kind in ("Teleport", "Pilot") else f"countermanded by {_article(kind)}"
            plan.results[i] = OrderResult(o, Result.FAILS, Acted("fails", f"{by} order"))
            plan.countermanded[i] = province
            if isinstance(o, Move):
                plan.countermanded_moves.add(province)
        else:
            if piece is not None and piece.power == o.power and piece.unit.kind is not o.unit.kind:
                o = replace(o, unit=piece.unit)  # type: ignore[type-var]  # an Amphibian: the new type
            _pass(plan, i, o)
            if isinstance(o, Move) and piece is not None and piece.power == o.power:
                plan.ordered_to_move.add(province)
    for province, (kind, i, order) in sorted(control.items()):
        _pass(plan, i, order)
        if isinstance(order, Move):
            plan.ordered_to_move.add(province)
    _restrict(plan)


def _province(order: Order) -> str | None:
    """The province of the unit an order names (``None`` for a Waive)."""
    unit = getattr(order, "unit", None)
    return unit.province if unit is not None else None


def _pass(plan: Plan, source: int, order: Order) -> None:
    plan.passed.append(order)
    plan.source.append(source)


def _evil_eyes(plan: Plan, control: dict[str, tuple[str, int, Order]], eyes: list[tuple[int, EvilEye]]) -> None:
    by_unit: dict[str, list[tuple[int, EvilEye]]] = {}
    for i, o in eyes:
        province = o.order.unit.province  # type: ignore[union-attr]
        piece = plan.board.units.get(province)
        if piece is None:
            stolen = plan.stolen.get(province)
            plan.results[i] = _refuse(o, f"{stolen.unit} was disbanded by a Thief" if stolen
                                      else f"no unit in {province}")
        elif piece.power == o.power:
            plan.results[i] = illegal(o, "an Evil Eye orders a foreign unit, not one of the player's own")
        else:
            by_unit.setdefault(province, []).append((i, o))
    for province, given in sorted(by_unit.items()):
        piece = plan.board.units[province]
        orders = {replace(o.order, power=piece.power, unit=piece.unit) for _, o in given}  # type: ignore[type-var]
        first = given[0][0]
        for i, o in given:
            if len(orders) > 1:
                plan.results[i] = _fail(o, f"stood off by another Evil Eye on {piece.unit}; its own order stands")
            elif province in control:
                plan.results[i] = _fail(o, f"{_article(control[province][0])} order cannot be countermanded")
            elif i != first:
                plan.same_as[i] = first
        if len(orders) == 1 and province not in control:
            control[province] = ("Evil Eye", first, next(iter(orders)))
            for i, _ in given:
                plan.notes[i] = f"{piece.unit} carries out {next(iter(orders))}"


def _flight_problem(gmap: GameMap, unit: Unit, o: Pilot) -> str:
    if not _adjacent(gmap, unit.province, o.over):
        return f"{o.over} is not next to {unit.province}"
    if not _adjacent(gmap, o.over, o.dest.province) or o.dest.province == unit.province:
        return f"{o.dest.province} is not another space next to {o.over}"
    return _can_stand(gmap, unit.kind, o.dest)


def _pirate_problem(plan: Plan, gmap: GameMap, control: dict[str, tuple[str, int, Order]],
                    own: dict[str, list[tuple[int, Order]]], fleets: list[str], o: Pirate) -> str:
    """Why a Pirate order cannot take effect on its own, or ``""`` (rule B)."""
    province = o.fleet.province
    fleet = plan.board.units.get(province)
    army = plan.board.units.get(o.army.province)
    orders = [control[o.army.province][2]] if o.army.province in control else \
        [x for _, x in own.get(o.army.province, [])]
    if fleet is None or fleet.unit.kind is not UnitType.FLEET or not gmap.is_sea(province):
        return f"no seaborne fleet in {province}"
    if province in plan.supermen or province in plan.lepers:
        return f"{fleet.unit} is a {'Superman' if province in plan.supermen else 'Leper'} and may not convoy"
    if control.get(province, ("",))[0] == "Teleport":
        return f"{fleet.unit} teleports; a fleet in hyperspace convoys nothing"
    if army is None or army.power != o.power or army.unit.kind is not UnitType.ARMY:
        return f"a Pirate convoys his own armies; {o.power} has no army in {o.army.province}"
    if not any(isinstance(x, Move) and x.dest.province == o.dest.province for x in orders):
        return f"{army.unit} is not ordered to move to {o.dest.province}"
    if province not in fleets_needed(gmap, o.army.province, o.dest.province, fleets):
        return f"{fleet.unit} is on no convoy route from {o.army.province} to {o.dest.province}"
    return ""


def _pirates(plan: Plan, gmap: GameMap, control: dict[str, tuple[str, int, Order]],
             own: dict[str, list[tuple[int, Order]]], pirates: list[tuple[int, Pirate]]) -> None:
    """Pirate orders that could take effect alone; two different ones on a fleet stand off."""
    fleets = [p for p, pc in plan.board.units.items() if pc.unit.kind is UnitType.FLEET]
    by_fleet: dict[str, list[tuple[int, Pirate]]] = {}
    for i, o in pirates:
        why = _pirate_problem(plan, gmap, control, own, fleets, o)
        if why:
            plan.results[i] = _fail(o, why)
        else:
            by_fleet.setdefault(o.fleet.province, []).append((i, o))
    for province, given in sorted(by_fleet.items()):
        fleet = plan.board.units[province]
        if len({(o.army.province, o.dest.province) for _, o in given}) > 1:
            for i, o in given:
                plan.results[i] = _fail(o, f"stood off by another Pirate on {fleet.unit}; its own order stands")
            continue
        if province in control:
            _, j, _ = control[province]
            for k in [j, *(x for x, y in plan.same_as.items() if y == j)]:
                plan.results[k] = _fail(plan.specials[k], f"countermanded by a Pirate on {fleet.unit}")
                plan.notes.pop(k, None)
            plan.off_graph.pop(province, None)
        i, o = given[0]
        army = plan.board.units[o.army.province]
        control[province] = ("Pirate", i, Convoy(fleet.power, fleet.unit, army.unit, o.dest))
        for k, _ in given[1:]:
            plan.same_as[k] = i
        for k, _ in given:
            plan.notes[k] = f"{fleet.unit} convoys {army.unit} - {o.dest}"


def _restrict(plan: Plan) -> None:
    """Supermen and Lepers do only what they may; nobody supports a Superman (rules E, F)."""
    keep_orders, keep_source = [], []
    for order, source in zip(plan.passed, plan.source):
        province = _province(order)
        why = ""
        if province in plan.lepers and not isinstance(order, Hold):
            why = "a Leper may not move, convoy or give support (rule F)"
        elif province in plan.supermen and isinstance(order, (SupportHold, SupportMove, Convoy)):
            why = "a Superman may not convoy or give support (rule E)"
        elif isinstance(order, (SupportHold, SupportMove)) and order.target.province in plan.supermen \
                and province not in plan.supermen:
            why = "a Superman may not receive support (rule E)"
        if why:
            special = plan.specials.get(source)
            plan.results[source] = OrderResult(special or order, Result.ILLEGAL, Illegal(f"{why}"))  # type: ignore[arg-type]
            plan.notes.pop(source, None)
            continue
        keep_orders.append(order)
        keep_source.append(source)
    plan.passed, plan.source = keep_orders, keep_source


def _petrol(plan: Plan, start: Position, standard: Sequence[tuple[int, Order]],
            given: list[tuple[int, PetrolRationing]]) -> None:
    """Rule I, ruling I1: each player's extra strength comes from his own standing units."""
    by_power: dict[str, list[tuple[int, PetrolRationing]]] = {}
    for i, o in given:
        by_power.setdefault(o.power, []).append((i, o))
    in_force = {o.unit.province: o for o in plan.passed if isinstance(o, Move)}  # type: ignore[union-attr]
    for power, lines in sorted(by_power.items()):
        holds = sum(1 for _, o in standard if isinstance(o, Hold) and o.power == power
                    and (p := start.units.get(o.unit.province)) is not None and p.power == power)
        asked = sum(o.extra for _, o in lines)
        moving = {o.unit.province for _, o in standard if isinstance(o, Move) and o.power == power}  # type: ignore[union-attr]
        for i, o in lines:
            piece = start.units.get(o.unit.province)
            if asked > holds:
                plan.results[i] = illegal(o, f"{asked} extra strength asked, but {power} ordered only {holds} "
                                             "unit(s) to stand (rule I)")
            elif piece is None or piece.power != power or o.unit.province not in moving:
                plan.results[i] = illegal(o, f"{power} did not order a unit of his in {o.unit.province} to move")
            elif o.unit.province not in in_force:
                plan.results[i] = _fail(o, f"no move of the unit in {o.unit.province} is in force")
            else:
                plan.petrol[o.unit.province] = plan.petrol.get(o.unit.province, 0) + o.extra
                plan.notes[i] = f"+{o.extra} to {in_force[o.unit.province]}"
