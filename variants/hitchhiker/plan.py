"""What rules 5 and 6 decide before the model: the orders in force in a movement phase.

* Lifts (rule 6, rulings H3-H7): each lift is checked (who orders it, the lifting unit next to
  the hitch-hiker, the destination next to the lifting unit and not at sea, one lift per unit);
  a legal lift replaces the lifting unit's own order (the unit stays, as a convoying fleet does)
  and becomes the hitch-hiker's move, off the adjacency graph (the solver's ``off_graph`` hook).
  Any other move of a hitch-hiker is illegal.
* Bubble-cars (rule 5, rulings B2, B3): a move to a sea is illegal under ``bubble_sea=no``; a
  move to a province the bubble-car does not border is off the adjacency graph.

The result is a :class:`Plan`: the orders handed to the model (each with the index of the given
order it stands for), the results already decided, and the off-graph destinations.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

from dipsat.model.kinds import Moves
from dipsat.model.types import Hold, Move, Order, OrderResult, Piece, Position, Result, SupportMove
from dipsat.variants.framework.engine import illegal
from dipsat.variants.framework.orders import AnyOrder
from dipsat.variants.hitchhiker.kinds import BUBBLE_CAR, HITCH_HIKER, HITCHHIKER_UNIT
from dipsat.variants.hitchhiker.orders import Lift
from dipsat.variants.hitchhiker.stacks import joinable

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap
    from dipsat.variants.variant import Variant

__all__ = ["Plan", "make_plan", "REPLACED", "GIVES_LIFT"]

REPLACED = "fails: replaced by a lift (rule 6)"
GIVES_LIFT = "gives a lift (rule 6)"


@dataclass
class Plan:
    """The orders in force in one movement phase (a throwaway value of the engine)."""

    passed: list[Order] = field(default_factory=list)
    """The orders handed to the model."""
    source: list[int | None] = field(default_factory=list)
    """For each passed order, the index of the given order it stands for (``None``: a lifter's hold)."""
    results: dict[int, OrderResult] = field(default_factory=dict)
    """Given orders decided before the model: illegal ones, orders replaced by a lift."""
    off_graph: dict[str, str] = field(default_factory=dict)
    """Province -> the one destination its unit reaches off the adjacency graph."""
    lifters: dict[str, int] = field(default_factory=dict)
    """Province of each lifting unit -> the index of its lift."""
    halved: list[str] = field(default_factory=list)
    """Provinces of the bubble-cars that move (their supports count half under ``all_half``)."""
    aside: list[str] = field(default_factory=list)
    """Provinces of the stacks that lifted hitch-hikers join: shown empty to the model (ruling H9)."""


def _borders(gmap: GameMap, piece: Piece, province: str) -> bool:
    """``province`` is next to ``piece``'s by any edge, land or sea (rule 6: "adjacent")."""
    return province in gmap.neighbours(piece.unit.kind, piece.unit.location, Moves.ANY_EDGE)


def lift_problem(gmap: GameMap, position: Position, lift: Lift) -> str:
    """Why ``lift`` is illegal on ``position`` (rulings H3, H7), or ``""``."""
    lifter = position.units.get(lift.lifter.province)
    if lifter is None:
        return f"no unit in {lift.lifter.province} to give the lift"
    if lift.nation is not None and lifter.power.lower() != lift.nation:
        return f"{lifter.unit} belongs to {lifter.power}, not {lift.nation.capitalize()}"
    if lift.power not in (HITCH_HIKER, lifter.power):
        return f"only the Hitch-hiker or {lifter.power} may order {lifter.unit} to give a lift"
    if lifter.unit.kind == HITCHHIKER_UNIT:
        return "a hitch-hiker cannot give a lift: it needs one itself (rule 6)"
    hitcher = position.units.get(lift.hitchhiker.province)
    if hitcher is None or hitcher.unit.kind != HITCHHIKER_UNIT:
        return f"no hitch-hiker in {lift.hitchhiker.province}"
    if not _borders(gmap, lifter, hitcher.unit.province):
        return f"{lifter.unit} is not next to the hitch-hiker in {hitcher.unit.province} (rule 6)"
    dest = lift.dest.province
    if dest == hitcher.unit.province:
        return "a lift to the hitch-hiker's own province"
    if not _borders(gmap, lifter, dest):
        return f"{dest} does not border {lifter.unit.province}, where the lift is given (rule 6)"
    if gmap.is_sea(dest):
        return "a hitch-hiker may not end a move in a sea space (rule 6)"
    return ""


def make_plan(variant: Variant, position: Position, orders: Sequence[AnyOrder]) -> Plan:
    """The orders in force, the results decided before the model, the off-graph moves."""
    gmap = variant.board(position)
    plan = Plan()
    lifted: dict[str, int] = {}
    for i, o in enumerate(orders):
        if not isinstance(o, Lift):
            continue
        problem = lift_problem(gmap, position, o)
        if not problem and o.lifter.province in plan.lifters:
            problem = f"{o.lifter.province} already gives a lift this turn (ruling H4)"
        if not problem and o.hitchhiker.province in lifted:
            problem = f"the hitch-hiker in {o.hitchhiker.province} is already lifted this turn (ruling H4)"
        if problem:
            plan.results[i] = illegal(o, problem)
            continue
        plan.lifters[o.lifter.province] = i
        lifted[o.hitchhiker.province] = i
    sea_ok = variant.choice("bubble_sea") == "yes"
    for i, o in enumerate(orders):
        if isinstance(o, Lift) or i in plan.results:
            continue
        unit = getattr(o, "unit", None)
        province = unit.province if unit is not None else None
        piece = position.units.get(province) if province is not None else None
        own = piece is not None and piece.power == o.power
        if own and province in plan.lifters:
            plan.results[i] = OrderResult(o, Result.FAILS, REPLACED)  # type: ignore[arg-type]
            continue
        if own and province in lifted:
            plan.results[i] = OrderResult(o, Result.FAILS, "fails: the hitch-hiker is lifted (rule 6)")  # type: ignore[arg-type]
            continue
        if own and isinstance(o, Move) and piece.unit.kind == HITCHHIKER_UNIT:  # type: ignore[union-attr]
            plan.results[i] = illegal(o, "a hitch-hiker moves only by a lift (rule 6)")
            continue
        if own and isinstance(o, Move) and piece.unit.kind == BUBBLE_CAR:  # type: ignore[union-attr]
            if gmap.is_sea(o.dest.province) and not sea_ok:
                plan.results[i] = illegal(o, "a bubble-car may not move to sea (ruling B2, option bubble_sea)")
                continue
            if not o.via_convoy and not _borders(gmap, piece, o.dest.province):  # type: ignore[arg-type]
                plan.off_graph[province] = o.dest.province  # type: ignore[index]
            plan.halved.append(province)  # type: ignore[arg-type]
        plan.passed.append(o)  # type: ignore[arg-type]
        plan.source.append(i)
    for province, i in plan.lifters.items():
        lift = orders[i]
        assert isinstance(lift, Lift)
        lifter = position.units[province]
        hitcher = position.units[lift.hitchhiker.province]
        plan.passed.append(Hold(lifter.power, lifter.unit))
        plan.source.append(None)
        plan.passed.append(Move(hitcher.power, hitcher.unit, lift.dest))
        plan.source.append(i)
        plan.off_graph[hitcher.unit.province] = lift.dest.province
    _set_joins_aside(position, orders, plan)
    return plan


def _set_joins_aside(position: Position, orders: Sequence[AnyOrder], plan: Plan) -> None:
    """Ruling H9: a lift into a stack of the Hitch-hiker's that stays, with no other unit moving
    in, joins it; the stack is set aside from the model and its holds stand."""
    joining: dict[str, list[str]] = {}
    for i in plan.lifters.values():
        lift = orders[i]
        assert isinstance(lift, Lift)
        joining.setdefault(lift.dest.province, []).append(lift.hitchhiker.province)
    for dest, origins in sorted(joining.items()):
        if not joinable(position, dest, plan.passed, origins):
            continue
        plan.aside.append(dest)
        keep = [(o, s) for o, s in zip(plan.passed, plan.source) if o.unit.province != dest]  # type: ignore[union-attr]
        for o, s in zip(plan.passed, plan.source):
            if o.unit.province == dest and s is not None:  # type: ignore[union-attr]
                plan.results[s] = OrderResult(o, Result.STANDS, "stands: a hitch-hiker joins its stack (ruling H9)")
        plan.passed = [o for o, _ in keep]
        plan.source = [s for _, s in keep]


def supported_moves(passed: Sequence[Order], province: str) -> list[str]:
    """Provinces of the units ordered to support the move of the unit in ``province``."""
    return [o.unit.province for o in passed if isinstance(o, SupportMove) and o.target.province == province]
