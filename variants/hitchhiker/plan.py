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

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Sequence

from dipsat.model.kinds import Moves
from dipsat.model.reasons import Acted
from dipsat.model.types import Hold, Move, Order, OrderResult, Piece, Position, Result, SupportHold, SupportMove
from dipsat.variants.framework.engine import illegal
from dipsat.variants.framework.orders import AnyOrder
from dipsat.variants.hitchhiker.kinds import BUBBLE_CAR, DESTRUCTOR, HITCH_HIKER, HITCHHIKER_UNIT
from dipsat.variants.hitchhiker.orders import Lift
from dipsat.variants.hitchhiker.stack_orders import take_piece_orders
from dipsat.variants.hitchhiker.stacks import joinable
from dipsat.variants.hitchhiker.vogons import ship_move_problem

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap
    from dipsat.variants.variant import Variant

__all__ = ["Plan", "Turn", "make_plan", "REPLACED", "GIVES_LIFT"]

REPLACED = Acted("fails", "replaced by a lift", "rule 6")
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
    ship_moves: list[tuple[int, Move]] = field(default_factory=list)
    """The destructor ships' moves, held back for their own step (rule 7)."""
    into_ships: dict[int, str] = field(default_factory=dict)
    """Moves that enter a ship's province: index -> the mover's province (rule 12: destroyed)."""
    aside_supports: dict[int, SupportHold] = field(default_factory=dict)
    """Supports to hold a stack set aside (ruling H9), by given order index: the model does not
    see them; each is given, or cut by an attack on its supporter (the engine tells)."""
    piece_supports: dict[int, Order] = field(default_factory=dict)
    """Given order index -> a support a further piece of a stack gives, different from its first
    piece's order (``stack_orders.py``): the model sees it as that piece's order (its own key)."""
    first_lifts: dict[str, int] = field(default_factory=dict)
    """Province of a stack whose pieces are all lifted -> the lift (given order index) that moves
    its first piece from the province itself (the first written); the others are ``split``."""
    split: list[Move] = field(default_factory=list)
    """The lifted moves (the very objects in ``passed``) that take one piece out of a stack whose
    province keeps an order of its own (pieces stay behind, or another lift moves the first
    piece): each is a further piece's move, under its own key in the model (ruling H2: one lift
    per piece; ``stacks.key_further_pieces``)."""


@dataclass(frozen=True)
class Turn:
    """What part 2 adds to the orders of a movement turn (rules 7, 9, 10, 12)."""

    marvin: str | None = None
    """Marvin's province at the start of the turn: no unit moves there (rule 9)."""
    ships: frozenset[str] = frozenset()
    """Provinces of the destructor ships at the start of the turn."""
    gargled: frozenset[str] = frozenset()
    sunglasses: frozenset[str] = frozenset()
    taking_off: frozenset[str] = frozenset()
    """Units spending this turn taking their sunglasses off."""
    commanded: frozenset[str] = frozenset()
    skip: frozenset[int] = frozenset()
    """Indices of given orders the engine decides itself (votes, the game master's lines...)."""


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


def _turn_problem(turn: Turn, position: Position, piece: Piece, dest: str) -> str:
    """Why a move of ``piece`` to ``dest`` is illegal this turn (rules 9, 10), or ``""``."""
    province = piece.unit.province
    if dest == turn.marvin:
        return "units refuse to move to the province Marvin occupies (rule 9)"
    if province in turn.gargled:
        return "it shared a Pan-Galactic Gargle Blaster with Zaphod: it cannot move this turn (rule 10b)"
    if province in turn.taking_off:
        return "it spends this turn taking its sunglasses off (rule 10c)"
    if province in turn.sunglasses:
        enemy = [p for p in position.pieces_at(dest) if p.unit.kind.owned and p.power != piece.power]
        if enemy:
            return f"it wears Joonjanta sunglasses: it cannot move to {dest}, where {enemy[0].unit} stands (rule 10c)"
    return ""


def _supported_move_problem(turn: Turn, position: Position, support: SupportMove) -> str:
    """Why the move a support names is impossible this turn (Marvin's province, a Gargle Blaster,
    the sunglasses: rules 9, 10), or ``""``: the support is then illegal, as the standard game
    makes a support of an impossible move illegal."""
    target = position.units.get(support.target.province)
    if target is None:
        return ""
    return _turn_problem(replace(turn, taking_off=frozenset()), position, target, support.dest.province)


def make_plan(variant: Variant, position: Position, orders: Sequence[AnyOrder], turn: Turn = Turn()) -> Plan:
    """The orders in force, the results decided before the model, the off-graph moves."""
    gmap = variant.board(position)
    plan = Plan()
    into_ship = variant.choice("lift_into_ship")
    lifted: dict[str, list[int]] = {}
    for i, o in enumerate(orders):
        if not isinstance(o, Lift) or i in turn.skip:
            continue
        problem = lift_problem(gmap, position, o)
        if not problem:
            hitcher = position.units[o.hitchhiker.province]
            problem = _turn_problem(turn, position, hitcher, o.dest.province)
        if not problem and o.lifter.province in turn.commanded:
            problem = (f"Zaphod has permanent command of {o.lifter}: it takes no order, a lift neither; "
                       "it moves at random (rule 10a)")
        if not problem and o.lifter.province in plan.lifters:
            problem = f"{o.lifter.province} already gives a lift this turn (ruling H4)"
        if not problem and len(lifted.get(o.hitchhiker.province, ())) >= _stack_size(position, o.hitchhiker.province):
            problem = f"every hitch-hiker in {o.hitchhiker.province} is already lifted this turn (rulings H2, H4)"
        if problem:
            plan.results[i] = illegal(o, problem)
            continue
        plan.lifters[o.lifter.province] = i
        lifted.setdefault(o.hitchhiker.province, []).append(i)
    sea_ok = variant.choice("bubble_sea") == "yes"
    for i, o in enumerate(orders):
        if isinstance(o, Lift) or i in plan.results or i in turn.skip:
            continue
        unit = getattr(o, "unit", None)
        province = unit.province if unit is not None else None
        piece = position.units.get(province) if province is not None else None
        own = piece is not None and piece.power == o.power
        if own and province in turn.commanded:
            plan.results[i] = OrderResult(o, Result.FAILS, Acted("fails", "Zaphod commands it: it moves at random", "rule 10a"))  # type: ignore[arg-type]
            continue
        if own and isinstance(o, Move):
            problem = _turn_problem(turn, position, piece, o.dest.province)  # type: ignore[arg-type]
            if problem:
                plan.results[i] = illegal(o, problem)
                continue
        if own and isinstance(o, SupportMove):  # as in the standard game: the supported move is impossible
            problem = _supported_move_problem(turn, position, o)
            if problem:
                plan.results[i] = illegal(o, f"the supported move is impossible: {problem}")
                continue
        if own and piece.unit.kind == DESTRUCTOR and province not in plan.lifters:  # type: ignore[union-attr]
            problem = _ship_order(gmap, position, o, plan, i)  # type: ignore[arg-type]
            if problem is not None:
                if problem:
                    plan.results[i] = illegal(o, problem)
                continue
        if own and province in turn.taking_off and not isinstance(o, Hold):
            plan.results[i] = OrderResult(o, Result.FAILS, Acted("fails", "it takes its sunglasses off this turn", "rule 10c"))  # type: ignore[arg-type]
            continue
        if own and province in plan.lifters:
            plan.results[i] = OrderResult(o, Result.FAILS, REPLACED)  # type: ignore[arg-type]
            continue
        if own and province in lifted and len(lifted[province]) >= _stack_size(position, province):  # type: ignore[index]
            plan.results[i] = OrderResult(o, Result.FAILS, Acted("fails", "the hitch-hiker is lifted", "rule 6"))  # type: ignore[arg-type]
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
        if isinstance(o, Move) and o.dest.province in turn.ships and own and o.dest.province != province:
            plan.into_ships[i] = province  # type: ignore[assignment]
            continue
        plan.passed.append(o)  # type: ignore[arg-type]
        plan.source.append(i)
    for province, i in plan.lifters.items():
        lift = orders[i]
        assert isinstance(lift, Lift)
        lifter = position.units[province]
        hitcher = position.units[lift.hitchhiker.province]
        plan.passed.append(Hold(lifter.power, lifter.unit))
        plan.source.append(None)
        if lift.dest.province in turn.ships and into_ship != "bounces":  # rule 12 (or 7a: the engine)
            plan.into_ships[i] = hitcher.unit.province
            continue
        plan.passed.append(Move(hitcher.power, hitcher.unit, lift.dest))
        plan.source.append(i)
        origin = hitcher.unit.province
        everyone = len(lifted[origin]) >= _stack_size(position, origin)
        if everyone:
            plan.first_lifts[origin] = lifted[origin][0]
        if not everyone or plan.first_lifts[origin] != i:
            plan.split.append(plan.passed[-1])  # type: ignore[arg-type]  # a further piece's move
        else:
            plan.off_graph[origin] = lift.dest.province
    _set_joins_aside(position, orders, plan)
    take_piece_orders(position, plan)
    return plan


def _stack_size(position: Position, province: str) -> int:
    """How many hitch-hikers stand in ``province`` (each may be lifted once a turn, ruling H2)."""
    return sum(1 for p in position.pieces_at(province) if p.unit.kind == HITCHHIKER_UNIT)


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
        for o, s in zip(plan.passed, plan.source):
            if isinstance(o, SupportHold) and o.target.province == dest and s is not None:
                plan.aside_supports[s] = o
        keep = [(o, s) for o, s in zip(plan.passed, plan.source) if o.unit.province != dest  # type: ignore[union-attr]
                and s not in plan.aside_supports]
        for o, s in zip(plan.passed, plan.source):
            if o.unit.province == dest and s is not None:  # type: ignore[union-attr]
                plan.results[s] = OrderResult(o, Result.STANDS, Acted("stands", "a hitch-hiker joins its stack", "ruling H9"))
        plan.passed = [o for o, _ in keep]
        plan.source = [s for _, s in keep]


def _ship_order(gmap: GameMap, position: Position, o: Order, plan: Plan, i: int) -> str | None:
    """A destructor ship's order (rule 7): its move waits for the ships' step; a support of
    another ship's move is given and changes nothing; a support of any other unit, or a convoy,
    is illegal. Returns ``None`` for a hold (the model takes it), ``""`` when decided here."""
    if isinstance(o, Move):
        problem = ship_move_problem(gmap, position, o)
        if not problem:
            plan.ship_moves.append((i, o))
        return problem
    if isinstance(o, SupportMove | SupportHold):
        target = position.units.get(o.target.province)
        if target is None or target.unit.kind != DESTRUCTOR:
            return "a destructor ship supports only other destructor ships (rule 7d)"
        plan.results[i] = OrderResult(o, Result.GIVEN, Acted("given", "supports between destructor ships change nothing", "rule 7d"))
        return ""
    if isinstance(o, Hold):
        return None
    return "a destructor ship only moves, holds or supports another ship (rule 7)"


def supported_moves(passed: Sequence[Order], province: str) -> list[str]:
    """Provinces of the units ordered to support the move of the unit in ``province``."""
    return [o.unit.province for o in passed if isinstance(o, SupportMove) and o.target.province == province]
