"""The Gathering's engine: one phase with the spell cards (rules 1-4).

Movement: the cards are judged (:mod:`.decks`) and cast (:mod:`.spells`) before the orders;
the orders in force meet in one CP-SAT model with Double Trouble's terms (:mod:`.rules`);
Teleports follow the movement, then the retreats (:mod:`.after`); Black Holes swallow at the
end of the season, then the centres change hands (after Fall) and the end is checked
(:mod:`.end`). Retreats and adjustments are the standard ones on the board in play
(:mod:`.board`). The board after a phase is the board at the next phase, carrying the state.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Sequence

from dipsat.model.reasons import Acted, Then
from dipsat.model.types import (
    Convoy, Hold, Order, OrderResult, Phase, PhaseKind, Position, Result, Retreat, Season, SupportHold,
    SupportMove, Tag, Unit,
)
from dipsat.solver import Resolution, Rules
from dipsat.solver.adjustment import adjudicate_adjustments, adjustments_due
from dipsat.solver.hooks import Removal
from dipsat.solver.movement import adjudicate_movement
from dipsat.solver.phases import after_adjustments, update_centres
from dipsat.solver.retreat import adjudicate_retreats
from dipsat.variants.framework.engine import carry_fates, illegal, merge_results, split_orders
from dipsat.variants.framework.overridden import name_refused_convoys, supports_of_refused_moves
from dipsat.variants.framework.orders import AnyOrder
from dipsat.variants.framework.state import state_of, with_state
from dipsat.model.board import board_in_play
from dipsat.variants.gathering.after import Outcome, after_movement, follow, stranded, swallow
from dipsat.variants.gathering.board import majority
from dipsat.variants.gathering.cutting import supports_cut_by_any_attack
from dipsat.variants.gathering.decks import judge_cards
from dipsat.variants.gathering.end import SEASONS
from dipsat.variants.gathering.kinds import is_double
from dipsat.variants.gathering.orders import PlayCard
from dipsat.variants.gathering.sailing import coast_problem
from dipsat.variants.gathering.spells import cast_spells
from dipsat.variants.gathering.state import GatheringState, season_index, season_name

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap
    from dipsat.variants.variant import Variant

__all__ = ["play_gathering", "initial_state"]


def initial_state(variant: Variant, position: Position) -> GatheringState:
    """The state a position carries, or a fresh one (seeded by the variant) at the game's start."""
    state = state_of(position, None)
    if state is None:
        state = GatheringState(seed=getattr(variant, "seed", 0))
    return state


_LAST: dict[str, int] = {}


def last_season(variant: Variant) -> int:
    """Rule 1: the sixteenth season from the variant's start (Fall 1908 on the standard board)."""
    last = _LAST.get(variant.map_package)
    if last is None:
        last = _LAST[variant.map_package] = season_index(variant.start().phase) + SEASONS - 1
    return last


def play_gathering(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
                   advance: bool = True) -> Resolution:
    """Resolve one phase of The Gathering; the board after is the board at the next phase."""
    state = initial_state(variant, position)
    if not state.ended and season_index(position.phase) > last_season(variant):
        state = replace(state, ended=f"the game ended after {season_name(last_season(variant))} "
                                     "(rule 1: 16 seasons)")
    if state.ended:
        results = tuple(illegal(o, f"the game is over: {state.ended}") for o in orders)
        return Resolution(position, results, (), with_state(position, state))
    standard, cards = split_orders(orders)
    v = judge_cards(position, board_in_play(variant.map, position), state, cards,  # type: ignore[arg-type]
                    variant.choice("no_primary"))
    decided: dict[int, OrderResult] = {i: illegal(o, why) for i, o in cards if (why := v.illegal.get(i))}
    decided |= {i: OrderResult(o, Result.FAILS, v.failed[i]) for i, o in cards if i in v.failed}  # type: ignore[misc]
    decided |= {i: OrderResult(o, Result.SUCCEEDS, v.notes[i]) for i, o in cards if i in v.notes}  # type: ignore[misc]
    events = [OrderResult(o, Result.SUCCEEDS, why) for o, why in v.events]  # type: ignore[arg-type]
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        res, state = _movement(variant, position, orders, standard, v.plays, rules, decided, v.state)
    elif kind is PhaseKind.RETREAT:
        res, state = _retreats(variant, position, standard, rules, decided, v.state)
    else:
        res, state = _adjustments(variant, position, standard, rules, decided, v.state)
    results = merge_results(len(orders), decided)
    return replace(res, before=position, results=results, generated=(*events, *res.generated),
                   after=with_state(res.after, _check_majority(variant, res.after, state)))


def _relocate(order: Order, relocated: dict[str, str], units: dict) -> Order:  # type: ignore[type-arg]
    """An order naming a unit where it stood before Faster than Light, for where it stands now."""
    def moved(unit: Unit) -> Unit:
        dest = relocated.get(unit.province)
        if dest is None or unit.province in units:
            return unit
        return units[dest].unit
    unit = getattr(order, "unit", None)
    if unit is None:
        return order
    order = replace(order, unit=moved(unit))  # type: ignore[type-var]
    if isinstance(order, (SupportHold, SupportMove, Convoy)):
        order = replace(order, target=moved(order.target))
    return order


def _restriction(gmap: GameMap, state: GatheringState, board: Position, order: Order, season: int,
                 stone_convoy: str = "allowed") -> str:
    province = order.unit.province  # type: ignore[union-attr]
    piece = board.units.get(province)
    if piece is None or piece.power != order.power or isinstance(order, Hold):
        return ""
    marks = state.marks_of(province)
    if marks.stone(season) and isinstance(order, Convoy) and stone_convoy == "allowed":
        return ""
    if marks.stone(season):
        return f"{piece.unit} is turned to stone: it stands without giving support (rule 2)"
    if stranded(gmap, piece.unit):
        return f"{piece.unit} is out of its element: it may not move or support (rule 2)"
    return ""


def _fate(g: OrderResult, out: Outcome, gmap: GameMap, state: GatheringState, board: Position,
          season: int) -> OrderResult:
    """A hold the model made for a unit: destroyed when the unit cannot retreat (rule 2)."""
    province = g.order.unit.province  # type: ignore[union-attr]
    if out.fates.get(province) != "destroyed" or g.tag is not Tag.DISLODGED:
        return g
    return replace(g, tag=Tag.DESTROYED, why=Then(g.why, f"{_why_stuck(gmap, state, board, province, season)}: destroyed", "; "))


def _why_stuck(gmap: GameMap, state: GatheringState, board: Position, province: str, season: int) -> str:
    """Why a dislodged unit the standard rules would let retreat cannot (rule 2)."""
    piece = board.units[province]
    if state.marks_of(province).stone(season):
        return f"{piece.unit} is turned to stone and cannot retreat"
    if stranded(gmap, piece.unit):
        return f"{piece.unit} is out of its element and cannot retreat"
    return "no place to retreat to after the Teleports"


def _movement(variant: Variant, position: Position, orders: Sequence[AnyOrder], standard: list[tuple[int, Order]],
              plays: list[tuple[int, PlayCard]], rules: Rules, decided: dict[int, OrderResult],
              state: GatheringState) -> tuple[Resolution, GatheringState]:
    season = season_index(position.phase)
    sp = cast_spells(variant.map, position, state, plays, season, variant.choice("remove_magic"),
                     variant.choice("ftl_order"))
    for i, (ok, why) in sp.results.items():
        decided[i] = OrderResult(orders[i], Result.SUCCEEDS if ok else Result.FAILS,  # type: ignore[arg-type]
                                 Acted("succeeds" if ok else "fails", why))
    board, state, gmap = sp.position, sp.state, sp.gmap
    passed, source, convoys = [], [], []
    sail_needed = variant.choice("sail_coast") == "needed"
    for i, o in standard:
        given = o
        o = _relocate(o, sp.relocated, dict(board.units))
        unit = getattr(o, "unit", None)
        if unit is not None and unit.province in sp.removed and unit.province not in board.units \
                and sp.removed[unit.province].power == o.power:
            decided[i] = OrderResult(given, Result.FAILS, Acted("fails", "the unit was removed by Sudden Death"), Tag.DESTROYED)
            if isinstance(o, Convoy):
                convoys.append(o)
            continue
        if unit is not None and (why := _restriction(gmap, state, board, o, season, variant.choice("stone_convoy"))):
            decided[i] = illegal(given, why)
            continue
        if sail_needed and (why := coast_problem(gmap, board, o)):
            decided[i] = illegal(given, why)
            continue
        passed.append(o)
        source.append(i)
    kept, refused = supports_of_refused_moves(list(zip(source, passed)), decided, standard)
    decided.update(refused)
    source, passed = [i for i, _ in kept], [o for _, o in kept]
    doubles = frozenset(p for p, piece in board.units.items() if is_double(piece.unit))
    modules = variant.movement_rules
    if variant.choice("double_cut") == "any_attack" and doubles:
        modules = {**modules, "supports": partial(supports_cut_by_any_attack, doubles=doubles)}
    removed = Removal(sp.removed, tuple(convoys), "by Sudden Death") if sp.removed else None
    res = adjudicate_movement(variant.map, board, passed, rules, modules, removed=removed)
    out = after_movement(gmap, board, res, state, sp.teleports, season)
    for i, (ok, why) in out.teleports.items():
        decided[i] = OrderResult(orders[i], Result.SUCCEEDS if ok else Result.FAILS,  # type: ignore[arg-type]
                                 Acted("succeeds" if ok else "fails", why))
    for r, src in zip(res.results, source):
        province = getattr(getattr(r.order, "unit", None), "province", None)
        fate = out.fates.get(province) if r.tag is not None else None  # type: ignore[arg-type]
        tag = {"dislodged": Tag.DISLODGED, "destroyed": Tag.DESTROYED}.get(fate or "", r.tag)
        if r.tag is not None and fate is None:
            tag = Tag.DISLODGED  # dislodged, then teleported away
        why = r.why
        if fate == "destroyed" and r.tag is Tag.DISLODGED and province is not None:
            why = Then(why, f"{_why_stuck(gmap, state, board, province, season)}: destroyed", "; ")
        decided[src] = OrderResult(orders[src], r.result, why, tag)  # type: ignore[arg-type]
    name_refused_convoys(decided, standard)
    held = {i: o.unit.province for i, o in standard  # type: ignore[union-attr]
            if i in decided and decided[i].result is Result.ILLEGAL and getattr(o, "unit", None) is not None}
    generated = carry_fates(decided, [_fate(g, out, gmap, state, board, season) for g in res.generated], held)
    before_ftl = {post: pre for pre, post in sp.relocated.items()}
    starts = {now: before_ftl.get(start, start) for start, now in out.where.items()
              if now is not None and start not in out.position.dislodged}
    state = replace(out.state, starts=starts)
    after = out.position
    if after.dislodged:
        return replace(res, generated=tuple(generated), after=after), state
    nxt, state, events = _end_of_season(variant, after, state, season)
    return replace(res, generated=(*generated, *events), after=nxt), state


def _retreats(variant: Variant, position: Position, standard: list[tuple[int, Order]], rules: Rules,
              decided: dict[int, OrderResult], state: GatheringState) -> tuple[Resolution, GatheringState]:
    season = season_index(position.phase)
    res = adjudicate_retreats(variant.map, position, [o for _, o in standard], rules)
    decided.update((i, r) for (i, _), r in zip(standard, res.results))
    moves = {r.order.unit.province: r.order.dest.province for r in res.results  # type: ignore[union-attr]
             if isinstance(r.order, Retreat) and r.result is Result.SUCCEEDS}
    marks = dict(state.marks)
    for p, m in state.retreating.items():
        if p in moves:
            marks[moves[p]] = m
    starts = {**state.starts, **{dest: origin for origin, dest in moves.items()}}
    state = replace(state, marks=marks, retreating={}, starts=starts)
    nxt, state, events = _end_of_season(variant, res.after, state, season)
    return replace(res, generated=(*res.generated, *events), after=nxt), state


def _end_of_season(variant: Variant, board: Position, state: GatheringState,
                   season: int) -> tuple[Position, GatheringState, list[OrderResult]]:
    """Black Holes, then (after Fall) the centres; then the next phase, or the end of the game."""
    if board.phase.season is not Season.SPRING and variant.choice("black_hole_owner") == "ended":
        board = update_centres(variant.map, board)  # the hole's unit ended the Fall there (rule 2)
    board, state, events = swallow(board_in_play(variant.map, board), board, state, season,
                                   variant.choice("black_hole_from") == "start")
    state = replace(state, marks=follow(state.marks, {}, season + 1))
    last = last_season(variant)
    year = board.phase.year
    board = replace(board, dislodged={}, standoffs=frozenset())
    if board.phase.season is Season.SPRING:
        return replace(board, phase=Phase(year, Season.FALL, PhaseKind.MOVEMENT)), state, events
    if variant.choice("black_hole_owner") != "ended":
        board = update_centres(variant.map, board)
    winter = replace(board, phase=Phase(year, Season.WINTER, PhaseKind.ADJUSTMENT))
    if season >= last and (variant.choice("last_winter") == "skipped" or not adjustments_due(winter)):
        state = replace(state, ended=f"the game ended after {season_name(season)} (rule 1: 16 seasons)")
        return after_adjustments(winter), state, events
    if adjustments_due(winter):
        return winter, state, events
    return after_adjustments(winter), state, events


def _adjustments(variant: Variant, position: Position, standard: list[tuple[int, Order]], rules: Rules,
                 decided: dict[int, OrderResult], state: GatheringState) -> tuple[Resolution, GatheringState]:
    res = adjudicate_adjustments(variant.map, position, [o for _, o in standard], rules)
    decided.update((i, r) for (i, _), r in zip(standard, res.results))
    marks = {p: m for p, m in state.marks.items() if p in res.after.units}
    state = replace(state, marks=marks)
    season = season_index(position.phase)
    if season >= last_season(variant):
        state = replace(state, ended=f"the game ended after {season_name(season)} and its adjustments (rule 1: 16 seasons)")
    return replace(res, after=after_adjustments(res.after)), state


def _check_majority(variant: Variant, after: Position, state: GatheringState) -> GatheringState:
    """Rule 4a: an absolute majority of the centres on the board ends the game at once."""
    if state.winner:
        return state
    winner, count, total = majority(variant.map, after)
    if winner is None:
        return state
    return replace(state, winner=winner, ended=f"{winner} owns {count} of the {total} centres on the board, "
                                                f"an absolute majority (rule 4a)")
