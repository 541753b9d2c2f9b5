"""Vain Star's engine: one phase of the game with the twelve specials (rules 0-4).

Movement: rules 1, 2, 4 (:mod:`.usage`), the orders in force (:mod:`.plan`), one CP-SAT model
with the special strengths as terms (:mod:`.rules`), then the events (:mod:`.events`).
Retreats: Leper victims disband, the standard retreats, then Lethal Stand Off and bombs.
Adjustments: the standard ones; the Summer ones (Spring Raid) take the centres first.
The board after a phase is always the board at the next phase, carrying the state.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Sequence

from dipsat.model.reasons import Acted
from dipsat.model.types import (
    Convoy, Disband, Order, OrderResult, Phase, PhaseKind, Position, Result, Retreat, Season, Tag,
)
from dipsat.solver import Resolution, Rules
from dipsat.solver.adjustment import adjudicate_adjustments
from dipsat.solver.hooks import Removal
from dipsat.solver.movement import adjudicate_movement
from dipsat.solver.phases import after_adjustments, update_centres
from dipsat.solver.retreat import adjudicate_retreats
from dipsat.variants.framework.engine import illegal, insert_before, merge_results, split_orders
from dipsat.variants.framework.orders import AnyOrder
from dipsat.variants.framework.state import state_of, with_state
from dipsat.variants.vain_star.events import (
    apply_end_events, end_of_season, lose_in_hyperspace, pending_events,
)
from dipsat.variants.vain_star.orders import Bomber, Thief, VainStarOrder
from dipsat.variants.vain_star.plan import make_plan
from dipsat.variants.vain_star.reveal import unrevealed
from dipsat.variants.vain_star.rules import (
    add_flight_battles, add_hyperspace, add_hyperspace_entries, add_lepers, add_petrol,
    add_supermen,
)
from dipsat.variants.vain_star.state import EMPTY, Pending, VainStarState
from dipsat.variants.vain_star.usage import check_usage

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["play_vain_star"]

def play_vain_star(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
                   advance: bool = True) -> Resolution:
    """Resolve one Vain Star phase; the board after is the board at the next phase.

    ``secret`` holds the specials the public report leaves out (rule 3, option ``reveal``).
    """
    res = _play(variant, position, orders, rules)
    if variant.choice("reveal") == "necessary" and any(isinstance(o, VainStarOrder) for o in orders):
        res = replace(res, secret=unrevealed(_play, variant, position, orders, rules, res))
    return res


def _play(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
          inert: frozenset[int] = frozenset()) -> Resolution:
    """One phase, every special shown. The specials of ``inert`` are given and spent (rules 1, 2
    and 4 judge them as given) but do nothing: the phase without them, for rule 3."""
    state = state_of(position, EMPTY)
    standard, specials = split_orders(orders)
    usage = check_usage(variant, position, state, specials)  # type: ignore[arg-type]
    decided = {i: illegal(o, usage.reasons[i]) for i, o in specials if usage.reasons[i]}
    decided.update((i, OrderResult(o, Result.FAILS, Acted("fails", "left out to see what it changes", "rule 3")))
                   for i, o in specials if i in inert and not usage.reasons[i])
    active = [(i, o) for i, o in specials if not usage.reasons[i] and i not in inert]
    state = usage.state
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        res, state = _movement(variant, position, orders, standard, active, rules, decided, state)
    elif kind is PhaseKind.RETREAT:
        board, bombs = _off_season(position, active, decided)
        if bombs:
            state = replace(state, pending=replace(state.pending, bombs=state.pending.bombs | bombs))
        res, state = _retreats(variant, board, standard, rules, decided, state, frozenset(position.dislodged))
    else:
        board, _ = _off_season(position, active, decided)
        res = _adjustments(variant, board, standard, rules, decided)
    return replace(res, before=position, results=merge_results(len(orders), decided),
                   after=with_state(res.after, state))


def _movement(variant: Variant, position: Position, orders: Sequence[AnyOrder],
              standard: list[tuple[int, Order]], active: list[tuple[int, VainStarOrder]], rules: Rules,
              decided: dict[int, OrderResult], state: VainStarState) -> tuple[Resolution, VainStarState]:
    plan = make_plan(variant, position, standard, active)
    vacated = variant.choice("teleport_origin") == "vacated"
    modules = insert_before(variant.movement_rules, "strengths", {
        "supermen": partial(add_supermen, provinces=frozenset(plan.supermen)),
        "lepers": partial(add_lepers, provinces=frozenset(plan.lepers)),
        "petrol": partial(add_petrol, extra=dict(plan.petrol)),
        "hyperspace": partial(add_hyperspace, origins=frozenset(plan.teleports) if vacated else frozenset()),
    })
    pilots = frozenset(p for p in plan.off_graph if p not in plan.teleports)
    if variant.choice("pilot_swap") == "pilots_only" and pilots:
        modules = insert_before(modules, "moves", {"flight_battles": partial(add_flight_battles, pilots=pilots)})
    if vacated and plan.teleports:
        modules = insert_before(modules, "moves", {
            "hyperspace_entries": partial(add_hyperspace_entries, origins=frozenset(plan.teleports))})
    stolen = Removal(plan.stolen, tuple(o for _, o in standard if isinstance(o, Convoy) and o.unit.province in plan.stolen
                                        and plan.stolen[o.unit.province].power == o.power), "by a Thief")
    res = adjudicate_movement(variant.map, plan.board, plan.passed, rules, modules, off_graph=plan.off_graph,
                              removed=stolen if plan.stolen else None)
    decided.update(plan.results)
    board, lost_units, lost = lose_in_hyperspace(plan, res)
    for r, src in zip(res.results, plan.source):
        if src in decided:
            continue
        given = orders[src]
        tag = Tag.DESTROYED if src in plan.teleports.values() and given.unit.province in lost else r.tag  # type: ignore[union-attr]
        decided[src] = OrderResult(given, r.result, r.why, tag)  # type: ignore[arg-type]
    fates = {r.order.unit.province: r.tag for r in (*res.results, *res.generated)  # type: ignore[union-attr]
             if r.tag is not None and hasattr(r.order, "unit")}
    for i, province in plan.countermanded.items():
        if province in fates:
            decided[i] = replace(decided[i], tag=Tag.DESTROYED if province in lost else fates[province])
    for i, first in plan.same_as.items():
        decided.setdefault(i, replace(decided[first], order=plan.specials[i]))  # type: ignore[arg-type]
    for i, note in plan.notes.items():
        decided.setdefault(i, OrderResult(plan.specials[i], Result.SUCCEEDS, Acted("succeeds", note)))  # type: ignore[arg-type]
    pending = pending_events(plan, res, lost, variant.choice("superman_immune") == "yes",
                             variant.choice("lethal_ordered") == "as_given")
    generated = [*res.generated, *lost_units]
    raid = plan.raid or state.raid
    if board.dislodged:
        state = replace(state, pending=pending, raid=raid)
        after = board
    else:
        board, events = apply_end_events(board, pending)
        generated += events
        state = replace(state, pending=Pending(), raid=False)
        after = end_of_season(variant.map, board, raid)
    return replace(res, generated=tuple(generated), after=after), state


def _off_season(position: Position, active: list[tuple[int, VainStarOrder]],
                decided: dict[int, OrderResult]) -> tuple[Position, frozenset[str]]:
    """Specials in a retreat or adjustment phase (option ``specials_outside_movement=where_possible``;
    otherwise none is active here): a Thief's unit disbands before any other order of the phase
    (in the retreats, where a dislodged unit and the unit that dislodged it share the province
    named, the dislodged one: the unit the retreat phase is about); a Bomber's bomb waits for the end of the retreats."""
    units, dislodged = dict(position.units), dict(position.dislodged)
    bombs: set[str] = set()
    for i, o in active:
        if isinstance(o, Thief):
            gone = dislodged.pop(o.unit.province, None)  # in the retreats, the dislodged unit first
            taken = gone.piece if gone else units.pop(o.unit.province, None)
            decided[i] = (illegal(o, f"no unit in {o.unit.location} to steal") if taken is None else
                          OrderResult(o, Result.SUCCEEDS, Acted("succeeds", f"{taken} disbanded before any order")))
        elif isinstance(o, Bomber):
            bombs.add(o.province)
            decided[i] = OrderResult(o, Result.SUCCEEDS, Acted("succeeds", f"a bomb is planted in {o.province}; "
                                                                    "it explodes after the retreats"))
    return replace(position, units=units, dislodged=dislodged), frozenset(bombs)


def _retreats(variant: Variant, position: Position, standard: list[tuple[int, Order]], rules: Rules,
              decided: dict[int, OrderResult], state: VainStarState,
              was_dislodged: frozenset[str]) -> tuple[Resolution, VainStarState]:
    pending = state.pending
    victims = {p: d for p, d in position.dislodged.items() if p in pending.leper_victims}
    board = replace(position, dislodged={p: d for p, d in position.dislodged.items() if p not in victims})
    passed, source = [], []
    for i, o in standard:
        province = getattr(getattr(o, "unit", None), "province", None)
        if province in victims and victims[province].piece.power == o.power:
            decided[i] = OrderResult(o, Result.FAILS, Acted("fails", "the unit disbands in the retreat phase: "
                                                               "it moved against a Leper", "rule F"), Tag.DESTROYED)
        else:
            passed.append(o)
            source.append(i)
    res = adjudicate_retreats(variant.map, board, passed, rules)
    decided.update(zip(source, res.results))
    retreated = {r.order.unit.province: r.order.dest.province for r in res.results  # type: ignore[union-attr]
                 if isinstance(r.order, Retreat) and r.result is Result.SUCCEEDS}
    gone = [OrderResult(Disband(d.piece.power, d.piece.unit), Result.SUCCEEDS,
                        Acted("succeeds", "disbanded in the retreat phase: it moved against a Leper", "rule F"))
            for _, d in sorted(victims.items())]
    after, events = apply_end_events(res.after, pending, was_dislodged, retreated)
    nxt = end_of_season(variant.map, after, state.raid)
    state = replace(state, pending=Pending(), raid=False)
    return replace(res, generated=(*gone, *res.generated, *events), after=nxt), state


def _adjustments(variant: Variant, position: Position, standard: list[tuple[int, Order]], rules: Rules,
                 decided: dict[int, OrderResult]) -> Resolution:
    summer = position.phase.season is Season.SUMMER
    board = update_centres(variant.map, position) if summer else position
    res = adjudicate_adjustments(variant.map, board, [o for _, o in standard], rules)
    decided.update((i, r) for (i, _), r in zip(standard, res.results))
    after = res.after
    if summer:
        nxt = replace(after, phase=Phase(after.phase.year, Season.FALL, PhaseKind.MOVEMENT), dislodged={},
                      standoffs=frozenset())
    else:
        nxt = after_adjustments(after)
    return replace(res, after=nxt)
