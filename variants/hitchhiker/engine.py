"""The Hitchhiker's Guide's engine: one phase of the game (rules 4-12).

Winter 1900: the set-up (:mod:`.setup`), then the random placements (:mod:`.placing`). Other
adjustments: NBOs, who may build which kind (:mod:`.kinds`), then the standard rules. A movement
turn, in the order of issue 14: the game master's lines and the votes (:mod:`.gm`); the orders
in force (:mod:`.plan`: lifts, bubble-cars, ships held back, rule 12, Zaphod's spells, Marvin's
province); one CP-SAT model at strength scale 2 (:mod:`.rules`); the ships' step
(:mod:`.vogons`); Marvin and Zaphod (:mod:`.wanderers`); then retreats and adjustments. The board
after a phase is always the board at the next phase, carrying the game state (:mod:`.state`).
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Mapping, Sequence

from dipsat.model.board import AddCentre, Lasting, clear_owner
from dipsat.model.reasons import Acted, Backup, CivilDisorder, Cut, Noted, Then
from dipsat.model.types import (
    Build, Disband, Hold, Location, Move, Order, OrderResult, Phase, PhaseKind, Piece, Position, Result, Retreat, SupportHold,
    Tag, Unit, Waive,
)
from dipsat.solver import Resolution, Rules
from dipsat.solver.adjustment import adjudicate_adjustments, adjustments_due
from dipsat.solver.movement import adjudicate_movement
from dipsat.solver.phase_model import AVAILABLE, DISLODGED, HOLD, MOVES, PATH
from dipsat.solver.rules.carried import add_carried_paths
from dipsat.solver.phases import after_adjustments, after_movement, after_retreats
from dipsat.solver.retreat import adjudicate_retreats
from dipsat.variants.framework.engine import add_constant_term, illegal, insert_before, merge_results
from dipsat.variants.framework.orders import AnyOrder, SpecialOrder
from dipsat.variants.framework.state import state_of, with_state
from dipsat.variants.hitchhiker.gm import Specials, settle_draws, sort_specials
from dipsat.variants.hitchhiker.kinds import BUBBLE_CAR, DESTRUCTOR, HITCH_HIKER, HITCHHIKER_UNIT, VOGON, kind_problem
from dipsat.variants.hitchhiker.orders import Lift, Nbo
from dipsat.variants.hitchhiker.placing import commanded_moves, commanded_retreats, follow, place_at_start
from dipsat.variants.hitchhiker.plan import GIVES_LIFT, Plan, Turn, make_plan
from dipsat.variants.hitchhiker.rules import (
    add_aside_supports, add_bubble_battles, add_half_supports, add_hitchhikers_together, aside_support_result,
)
from dipsat.variants.hitchhiker.setup import is_setup, nbo_centres, play_setup
from dipsat.variants.hitchhiker.stacks import (
    add_stack_supports, dislodge_stacks, extra_supports, key_further_pieces, put_back, set_aside, settle_retreats,
)
from dipsat.variants.hitchhiker.stack_orders import pass_piece_supports
from dipsat.variants.hitchhiker.stack_retreats import apply_own_retreats, take_own_retreats
from dipsat.variants.hitchhiker.state import EMPTY, HitchState
from dipsat.variants.hitchhiker.vogons import meet_hitchhikers, play_ships, ships_retreat
from dipsat.variants.hitchhiker.wanderers import find_wanderer, gargled_cannot_retreat, play_wanderers

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["play_hitchhiker"]

SHIP_HOLD = 1000
"""A ship's hold strength in the model: no attack dislodges it (rule 12; attackers that reach it
are destroyed before the model, this covers the convoyed ones)."""


def play_hitchhiker(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
                    advance: bool = True) -> Resolution:
    """Resolve one phase; the board after is the board at the next phase."""
    state = state_of(position, EMPTY)
    specials = sort_specials(variant.map, position, orders, state)
    kind = position.phase.kind
    if is_setup(position):
        res = _setup(variant, position, orders, rules, specials)
    elif kind is PhaseKind.ADJUSTMENT:
        res = _adjustments(variant, position, orders, rules, specials)
    elif kind is PhaseKind.RETREAT:
        res = _retreats(variant, position, orders, rules, specials)
    else:
        res = _movement(variant, position, orders, rules, specials)
    results = dict(enumerate(res.results))
    new_state = replace(state_of(res.after, EMPTY), phase=str(position.phase))
    settle_draws(orders, specials, new_state, results, str(position.phase))
    secret = frozenset(i for i, o in enumerate(orders) if getattr(o, "hidden", False))
    return replace(res, before=position, results=merge_results(len(orders), results),
                   after=with_state(res.after, new_state), secret=secret)


def _own(orders: Sequence[AnyOrder], specials: Specials) -> list[tuple[int, AnyOrder]]:
    """The orders the phase itself plays: all but those ``specials`` handles."""
    return [(i, o) for i, o in enumerate(orders) if i not in specials.handled]


def _setup(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
           specials: Specials) -> Resolution:
    own = _own(orders, specials)
    res = play_setup(variant, position, [o for _, o in own], rules)  # type: ignore[misc]
    decided = dict(specials.results)
    decided.update((i, r) for (i, _), r in zip(own, res.results))
    proof = nbo_centres([o for _, o in own], res.results)  # option nbo_1900=yes
    state = replace(specials.state, vogon_proof=specials.state.vogon_proof | proof) if proof else specials.state
    board, state, placed = place_at_start(variant.map, res.after, state, specials.stated)
    return replace(res, results=tuple(_fill(orders, decided)), generated=(*res.generated, *placed),
                   after=with_state(board, state))


def _fill(orders: Sequence[AnyOrder], decided: dict[int, OrderResult]) -> list[OrderResult]:
    """One result per order; the ``GM: DRAW`` lines get theirs later (a placeholder now)."""
    return [decided.get(i) or OrderResult(o, Result.FAILS, Acted("fails"))  # type: ignore[arg-type]
            for i, o in enumerate(orders)]


def _movement(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
              specials: Specials) -> Resolution:
    """A movement turn. A stack whose pieces are all lifted is left only when every lift succeeds:
    the first lift moves the stack's first piece from the province itself, the others are the
    stack's further moves (``stacks``), and the model's ``leaves[...]`` literal tells whether a
    piece stays behind to hold the province with a unit's strength (ruling H2). Under
    ``lift_dislodged=fails`` each lift is a carried move of the model (``carriers``): it has a path
    only while its lifter is not dislodged, in the same solve (:func:`_carriers`)."""
    state = specials.state
    for centre in sorted(state.neutral_next):  # rule 10: Zaphod's visit is noticed now
        position = clear_owner(position, centre)
    state = replace(state, neutral_next=frozenset())
    marvin = find_wanderer(position, "P")
    ships = frozenset(p for p, pc in position.units.items() if pc.unit.kind == DESTRUCTOR)
    turn = Turn(marvin=marvin.unit.province if marvin else None, ships=ships, gargled=state.gargled,
                sunglasses=state.sunglasses, taking_off=frozenset(specials.taking_off.values()),
                commanded=state.commanded, skip=specials.handled)
    plan = make_plan(variant, position, orders, turn)
    decided = dict(specials.results)
    decided.update(plan.results)
    for i in specials.taking_off:
        decided[i] = OrderResult(orders[i], Result.SUCCEEDS, Acted("succeeds", "the sunglasses come off", "rule 10c"))  # type: ignore[arg-type]
    randomly, state = commanded_moves(variant.board(position), position, state, turn, specials.stated)
    into_ship = [m for m in randomly if m.dest.province in ships]  # type: ignore[attr-defined]
    randomly = [m for m in randomly if m not in into_ship]
    plan.passed += randomly
    plan.source += [None] * len(randomly)
    board = set_aside(position, plan.aside) if plan.aside else position
    generated: list[OrderResult] = []
    for m in into_ship:  # rule 12 reaches a move Zaphod commands too
        board = board.without_piece(board.units[m.unit.province])  # type: ignore[attr-defined]
        generated.append(OrderResult(m, Result.FAILS, Acted("fails", "Zaphod moved it into a destructor ship",
                                                            "rules 10a, 12"), Tag.DESTROYED))
    proof = variant.choice("lift_into_ship") == "ship_destroyed"
    arrivals = []  # rule 7d read as 7a: a hitch-hiker lifted into a ship arrives after the normal step
    for i, province in sorted(plan.into_ships.items()):  # rule 12: destroyed by moving into a ship
        piece = board.units.get(province)
        if piece is None:  # a second order of a unit an earlier one already sent into the ship
            decided[i] = illegal(orders[i], "a second order for the unit: the first, into the destructor ship, counts")
            continue
        board = board.without_piece(piece)
        if proof and isinstance(orders[i], Lift):
            arrivals.append((i, orders[i], piece))
            continue
        decided[i] = OrderResult(orders[i], Result.FAILS, Acted("fails", "it moved into a destructor ship", "rule 12"),  # type: ignore[arg-type]
                                 Tag.DESTROYED)
    modules = insert_before(variant.movement_rules, "strengths", {
        "ships": partial(_ships_hold, provinces=tuple(sorted(ships)))})
    modules = insert_before(modules, next(iter(modules)), {"hitchhikers_together": add_hitchhikers_together})
    extra = extra_supports(position, plan)
    if extra:
        modules = insert_before(modules, "strengths", {
            "stack_supports": partial(add_stack_supports, extra=tuple(sorted(extra.items())))})
    if variant.choice("bubble_swap") == "head_to_head" and plan.off_graph:
        modules = insert_before(modules, next(iter(modules)), {"bubble_battles": add_bubble_battles})
    if variant.choice("bubble_attack") == "all_half" and plan.halved:
        modules = insert_before(modules, "strengths", {
            "half_supports": partial(add_half_supports, provinces=tuple(plan.halved))})
    if plan.aside_supports:
        modules = insert_before(modules, "strengths", {
            "aside_supports": partial(add_aside_supports, supports=tuple(plan.aside_supports.values()))})
    keys = key_further_pieces(board, plan)
    stacks = {origin: tuple(k for o, k in zip(plan.passed, keys) if k and isinstance(o, Move) and o.unit.province == origin)
              for origin in plan.first_lifts}
    pass_piece_supports(board, plan, keys)
    carriers = _carriers(orders, plan, keys) if variant.choice("lift_dislodged") == "fails" else {}
    if carriers:
        modules = insert_before(modules, "supports", {"carried_paths": add_carried_paths})
    res = adjudicate_movement(variant.map, board, plan.passed, rules, modules, off_graph=plan.off_graph,
                              stacks=stacks, keys=keys, carriers=carriers)
    behind = _left_behind(plan, res, stacks, keys)
    res = replace(res, after=_land_together(res))
    generated += res.generated
    fates = {}
    for r, src in zip(res.results, plan.source):
        if src is None:  # a lifting unit's hold, or a move Zaphod commands
            if isinstance(r.order, Hold):
                fates[r.order.unit.province] = r.tag
                generated.append(replace(r, why=Acted(r.result.value, GIVES_LIFT)))
            else:
                generated.append(replace(r, why=Noted(r.why, "commanded by Zaphod, rule 10a")))
            continue
        if src in plan.piece_supports and isinstance(r.why, Cut):  # a further piece's support (ruling H2)
            r = replace(r, why=replace(r.why, note="ruling H2"))
        decided[src] = replace(r, order=orders[src])  # type: ignore[arg-type]
    _lifts_lost(orders, plan, keys, carriers, res, decided)
    for i in behind:  # the fate of the province is the piece's left behind
        first = plan.first_lifts[orders[i].hitchhiker.province]  # type: ignore[union-attr]
        decided[i] = replace(decided[i], tag=decided[first].tag)
        decided[first] = replace(decided[first], tag=None)
    for i, support in plan.aside_supports.items():  # ruling H9: a support to hold a stack being joined
        decided[i] = aside_support_result(res.model, res.values, support)
    arriving = {piece.unit.province for _, _, piece in arrivals}
    gone = set(plan.into_ships.values()) - arriving
    for i, r in list(decided.items()):
        province = getattr(getattr(r.order, "unit", None), "province", None)
        if r.result is Result.FAILS and province in plan.lifters and fates.get(province) is not None:
            decided[i] = replace(r, tag=fates[province])
        target = getattr(getattr(r.order, "target", None), "province", None)
        if target in arriving and i not in plan.into_ships:  # supported a Vogon-proof lift (rule 7d read as 7a)
            decided[i] = replace(r, result=Result.GIVEN, why=Acted("given", f"the hitch-hiker in {target} needs no "
                                 "support: it enters the ship's province after the normal step", "rule 7d"))
        if target in gone and i not in plan.into_ships:  # supported a unit destroyed by rule 12
            decided[i] = replace(r, result=Result.FAILS, why=Acted("fails", f"the unit in {target} was destroyed "
                                                                   "moving into a destructor ship", "rule 12"))
    after = put_back(position, res.after, plan.aside) if plan.aside else res.after
    moved_out = frozenset(orders[i].hitchhiker.province for i in plan.lifters.values()  # type: ignore[union-attr]
                          if i in decided and decided[i].result is Result.SUCCEEDS)  # arrivals: not yet
    came_from = {r.order.dest.province: r.order.unit.province for r, k in zip(res.results, keys)  # type: ignore[union-attr]
                 if isinstance(r.order, Move) and r.result is Result.SUCCEEDS and k is None}
    after, carried, destroyed = dislodge_stacks(after, moved_out, came_from)
    generated += destroyed
    moves = {k or r.order.unit.province: r.order.dest.province for r, k in zip(res.results, keys)  # type: ignore[union-attr]
             if isinstance(r.order, Move) and r.result is Result.SUCCEEDS}
    if arrivals:
        met = meet_hitchhikers(variant.board(after), after, state, arrivals, plan.ship_moves, specials.stated,
                               str(position.phase))
        after, state = met.board, met.state
        decided.update(met.results)
        generated += _tag_given(met.generated, _ends(orders, decided), decided)
        moves |= {piece.unit.province: lift.dest.province for i, lift, piece in arrivals
                  if met.results[i].result is Result.SUCCEEDS}
    step = play_ships(variant.board(after), after, state, plan.ship_moves, specials.stated, str(position.phase),
                      victim_near=variant.choice("vogon_victim"), occupied=variant.choice("vogon_occupied"),
                      meet=variant.choice("ships_meet"))
    decided.update(step.results)
    moves |= {r.order.unit.province: r.order.dest.province for r in step.results.values()
              if isinstance(r.order, Move) and r.result is Result.SUCCEEDS}
    state = follow(replace(step.state, gargled=frozenset()), moves, step.board,
                   drop=frozenset(specials.taking_off.values()))
    ends = _ends(orders, decided)
    generated += _tag_given(step.generated, ends, decided)
    wander = play_wanderers(variant.board(step.board), position, step.board, state, specials.votes, specials.stated,
                            absolute=variant.choice("marvin_vote") == "majority", entry=variant.choice("zaphod_entry"),
                            resist=_hold_strengths(decided, moves) if variant.choice("marvin_strength") == "two" else None)
    generated += _tag_given(wander.generated, _ends(orders, decided), decided)
    after = wander.board
    state = replace(wander.state, carried={**carried, **wander.carried})
    if variant.choice("gargle_retreat") == "destroyed":
        after, state = gargled_cannot_retreat(after, state, turn.gargled, decided, generated)
    if after.dislodged and after.phase.kind is not PhaseKind.RETREAT:
        after = replace(after, phase=Phase(after.phase.year, after.phase.season, PhaseKind.RETREAT))
    after = with_state(after_movement(variant.map, after), state)
    return replace(res, before=position, results=tuple(_fill(orders, decided)), generated=tuple(generated),
                   after=after)


def _land_together(res: Resolution) -> Position:
    """The board after the model with the hitch-hikers that arrived in one province together all
    there, as a stack (rule 6; the model places one unit per province, ``add_hitchhikers_together``)."""
    arrived: dict[str, list[Move]] = {}
    for r in res.results:
        if isinstance(r.order, Move) and r.result is Result.SUCCEEDS and r.order.unit.kind == HITCHHIKER_UNIT:
            arrived.setdefault(r.order.dest.province, []).append(r.order)
    after = res.after
    for dest, moves in sorted(arrived.items()):
        there = sum(1 for p in after.pieces_at(dest) if p.unit.kind == HITCHHIKER_UNIT)
        for m in moves[there:]:
            after = after.with_piece(Piece(m.power, Unit(HITCHHIKER_UNIT, Location(dest))))
    return after


def _carriers(orders: Sequence[AnyOrder], plan: Plan, keys: Sequence[str | None]) -> dict[str, str]:
    """Option ``lift_dislodged=fails``: the model key of each lifted move -> its lifter's
    province (the solver's ``carriers`` hook: the lift carries only while its lifter is not
    dislodged, as a convoy does, DATC 5.B.3)."""
    lifts = set(plan.lifters.values())
    return {k or o.unit.province: orders[s].lifter.province  # type: ignore[union-attr]
            for o, s, k in zip(plan.passed, plan.source, keys) if s in lifts and isinstance(o, Move)}


def _lifts_lost(orders: Sequence[AnyOrder], plan: Plan, keys: Sequence[str | None], carriers: Mapping[str, str],
                res: Resolution, decided: dict[int, OrderResult]) -> None:
    """The lifts that failed for want of a path: their lifter is dislodged, or a backup rule
    made its carrying not available (a convoy paradox, ruling H4); their result says so, in place
    of the model's."""
    if not carriers:
        return
    decisions = res.values.decisions if res.values is not None else {}
    for o, s, k in zip(plan.passed, plan.source, keys):
        key = k or getattr(getattr(o, "unit", None), "province", None)
        if s is None or key not in carriers or decisions.get((PATH, key), True):
            continue
        lift = orders[s]
        named = res.model.name((AVAILABLE, carriers[key])) if res.model is not None else ""
        backup = [p.rule for p in res.paradoxes for name, _ in p.fixed if name == named]
        why = Backup(backup[0], "fails") if backup else Acted(
            "fails", f"{lift.lifter} is dislodged, and the lift with it",  # type: ignore[union-attr]
            "rule 6; option lift_dislodged=fails")
        decided[s] = OrderResult(lift, Result.FAILS, why)  # type: ignore[arg-type]


def _hold_strengths(decided: Mapping[int, OrderResult], moves: Mapping[str, str]) -> dict[str, int]:
    """Province -> the hold strength of the unit that stayed there this turn: 1 plus each support
    to hold it given (option ``marvin_strength=two``); a unit that moved in has 1."""
    found: dict[str, int] = {}
    for r in decided.values():
        if isinstance(r.order, SupportHold) and r.result is Result.GIVEN:
            target = r.order.target.province
            if target not in moves.values():
                found[target] = found.get(target, 1) + 1
    return found


def _left_behind(plan: Plan, res: Resolution, stacks: Mapping[str, tuple[str, ...]],
                 keys: Sequence[str | None]) -> list[int]:
    """Stacks whose pieces are all lifted, where the lift of the first piece (from the province)
    succeeded and another failed, and the province's fate (dislodged, destroyed) fell on the piece
    left behind: the first failed lift of each (given order index)."""
    found: list[int] = []
    decisions = res.values.decisions if res.values is not None else {}
    for origin, i in plan.first_lifts.items():
        if not decisions.get((MOVES, origin), False) or (DISLODGED, origin) not in decisions \
                or not decisions[DISLODGED, origin]:
            continue
        for k in stacks.get(origin, ()):
            if not decisions.get((MOVES, k), False):
                found.append(next(j for j, key in zip(plan.source, keys) if key == k))  # type: ignore[misc]
                break
    return found


def _ends(orders: Sequence[AnyOrder], decided: dict[int, OrderResult]) -> dict[tuple[str, str], int]:
    """(power, province where the unit stands after the normal moves) -> the index of its order."""
    found: dict[tuple[str, str], int] = {}
    for i, r in sorted(decided.items()):
        unit = getattr(r.order, "unit", None)
        if unit is None or isinstance(r.order, SpecialOrder) or r.tag is not None:
            continue
        where = r.order.dest.province if isinstance(r.order, Move) and r.result is Result.SUCCEEDS else unit.province  # type: ignore[union-attr]
        found.setdefault((r.order.power, where), i)
    return found


def _tag_given(events: Sequence[OrderResult], ends: dict[tuple[str, str], int],
               decided: dict[int, OrderResult]) -> list[OrderResult]:
    """A unit a ship destroys or Marvin dislodges: its own order carries the fate (``destroyed``,
    ``dislodged``); the added line stays only for a unit that had no order."""
    kept = []
    for e in events:
        i = ends.get((e.order.power, getattr(getattr(e.order, "unit", None), "province", "")))
        if e.tag is not None and isinstance(e.order, Hold) and i is not None:
            decided[i] = replace(decided[i], tag=e.tag, why=Then(decided[i].why, e.why))
        else:
            kept.append(e)
    return kept


def _ships_hold(pm: object, provinces: tuple[str, ...] = ()) -> None:
    """Rule 12: nothing dislodges a destructor ship in the normal step. The reasons write a ship's
    hold strength as ``infinite (destructor ship)`` (it was ``501``: the constant in halves)."""
    if provinces:
        pm.scale = replace(pm.scale, infinite=SHIP_HOLD, names=((SHIP_HOLD, "destructor ship"),))  # type: ignore[attr-defined]
    for p in provinces:
        add_constant_term(pm, [(HOLD, p)], f"ship[{p}]", "ship", SHIP_HOLD)  # type: ignore[arg-type]


def _retreats(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
              specials: Specials) -> Resolution:
    state = specials.state
    decided = dict(specials.results)
    marvin = find_wanderer(position, "P")
    sea_ok = variant.choice("bubble_sea") == "yes"
    passed = []
    for i, o in _own(orders, specials):
        if isinstance(o, SpecialOrder):
            decided[i] = illegal(o, "only retreats and disbands are ordered in a retreat phase")
        elif isinstance(o, Retreat) and marvin is not None and o.dest.province == marvin.unit.province:
            decided[i] = illegal(o, "units refuse to move to the province Marvin occupies (rule 9)")
        elif isinstance(o, Retreat) and not sea_ok and _bubble_car(position, o) and variant.map.is_sea(o.dest.province):
            decided[i] = illegal(o, "a bubble-car may not retreat to sea (ruling B2, option bubble_sea)")
        else:
            passed.append((i, o))
    if variant.choice("commanded_retreat") == "random":  # rule 10a: Zaphod's unit takes no order
        passed, state, drawn = _commanded_retreats(variant, position, passed, state, marvin, rules, specials, decided)
    else:
        drawn = []
    passed, own = take_own_retreats(position, passed, state.carried)
    res = adjudicate_retreats(variant.map, position, [o for _, o in passed] + drawn, rules)
    commanded_results = res.results[len(passed):]
    res = replace(res, results=res.results[:len(passed)],
                  generated=(*(replace(r, why=Noted(r.why, "commanded by Zaphod, rule 10a")) for r in commanded_results),
                             *res.generated))
    after, own_results, core, gone, left = apply_own_retreats(variant.map, position, res.after, res.results, own,
                                                              state.carried, rules)
    res = replace(res, results=tuple(core))
    decided.update((i, r) for (i, _), r in zip(passed, res.results))
    decided.update(own_results)
    after, more_gone = settle_retreats(position, after, [*res.results, *res.generated], left)
    gone += more_gone
    if variant.choice("ship_retreat") == "effects":  # rule 7: a retreating ship "enters" too
        ships = {i: r for i, r in decided.items() if isinstance(r.order, Retreat) and r.result is Result.SUCCEEDS}
        step = ships_retreat(variant.board(after), after, state, ships, specials.stated, str(position.phase),
                             victim_near=variant.choice("vogon_victim"))
        after, state = step.board, step.state
        decided.update(step.results)
        gone += step.generated
    moves = {r.order.unit.province: r.order.dest.province for r in res.results
             if isinstance(r.order, Retreat) and r.result is Result.SUCCEEDS}
    state = follow(replace(state, carried={}), moves, after)
    after = with_state(after_retreats(variant.map, after), state)
    return replace(res, results=tuple(_fill(orders, decided)), generated=(*res.generated, *gone), after=after)


def _commanded_retreats(variant: Variant, position: Position, passed: list[tuple[int, Order]], state: HitchState,
                        marvin: Piece | None, rules: Rules, specials: Specials,
                        decided: dict[int, OrderResult]) -> tuple[list[tuple[int, Order]], HitchState, list[Order]]:
    """Rule 10a in the retreats: the owner's orders for a dislodged unit Zaphod commands fail, and
    it retreats at random (:func:`~.placing.commanded_retreats`)."""
    def legal(o: Retreat) -> bool:
        return adjudicate_retreats(variant.map, position, [o], rules).results[0].result is not Result.ILLEGAL
    drawn, state = commanded_retreats(variant.map, position, state, marvin.unit.province if marvin else None,
                                      legal, specials.stated)
    ruled = {p for p in state.commanded if p in position.dislodged}
    kept = []
    for i, o in passed:
        if isinstance(o, (Retreat, Disband)) and o.unit.province in ruled and o.power == position.dislodged[o.unit.province].piece.power:
            decided[i] = OrderResult(o, Result.FAILS, Acted("fails", "Zaphod commands it: it retreats at random", "rule 10a"))
        else:
            kept.append((i, o))
    return kept, state, list(drawn)


def _bubble_car(position: Position, o: Retreat) -> bool:
    """Whether the retreating unit is a bubble-car (its reach is the board's, its ground is not: ruling B2)."""
    d = position.dislodged.get(o.unit.province)
    return d is not None and d.piece.unit.kind == BUBBLE_CAR


def _adjustments(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
                 specials: Specials) -> Resolution:
    """Rules 5-7: NBOs give up builds; a build of a kind its power may not build is illegal.
    Option ``zaphod_fall=winter``: a centre Zaphod entered in the Fall is neutral now."""
    state = specials.state
    if variant.choice("zaphod_fall") == "winter" and state.neutral_next:
        for centre in sorted(state.neutral_next):
            position = clear_owner(position, centre)
        state = replace(state, neutral_next=frozenset())
    decided = dict(specials.results)
    passed = []
    due = adjustments_due(position)
    nbo: dict[int, str] = {}
    for i, o in _own(orders, specials):
        if isinstance(o, Nbo):
            problem = _nbo_problem(variant, position, state, o, due)
            if problem:
                decided[i] = illegal(o, problem)
                continue
            nbo[i] = o.centre
            passed.append((i, Waive(o.power)))
            continue
        if isinstance(o, SpecialOrder):
            decided[i] = illegal(o, "only builds, disbands, waives and NBOs are ordered in an adjustment phase")
            continue
        problem = kind_problem(o.power, o.unit) if isinstance(o, Build) else ""
        if problem:
            decided[i] = illegal(o, problem)
        else:
            passed.append((i, o))
    res = adjudicate_adjustments(variant.map, _hitchhiker_sites(variant, position), [o for _, o in passed], rules)
    for (i, _), r in zip(passed, res.results):
        if i in nbo:
            if r.result is Result.SUCCEEDS:
                state = replace(state, vogon_proof=state.vogon_proof | {nbo[i]})
                r = OrderResult(orders[i], Result.SUCCEEDS, Acted("succeeds", "one build given up; the centre is "  # type: ignore[arg-type]
                                "Vogon-proof", "secret, rule 7d"))
            else:
                r = replace(r, order=orders[i])  # type: ignore[arg-type]
        decided[i] = r
    after, removed = _stack_disorder(replace(res.after, changes=position.changes))
    return replace(res, before=position, results=tuple(_fill(orders, decided)), generated=(*res.generated, *removed),
                   after=with_state(after_adjustments(after), state))


def _stack_disorder(after: Position) -> tuple[Position, list[OrderResult]]:
    """Civil disorder reaches stacked hitch-hikers too: a power that still has more pieces than
    centres loses stacked pieces, by province name (ruling H8: a stack's pieces are alike)."""
    removed: list[OrderResult] = []
    for power, due in sorted(adjustments_due(after).items()):
        for province in sorted(after.stacked):
            while due < 0 and any(p.power == power and p.unit.kind.owned for p in after.stacked.get(province, ())):
                piece = next(p for p in after.stacked[province] if p.power == power and p.unit.kind.owned)
                after = after.without_piece(piece)
                due += 1
                removed.append(OrderResult(Disband(power, piece.unit), Result.SUCCEEDS,
                                           CivilDisorder("", "a piece of a stack, ruling H8")))
    return after, removed


def _nbo_problem(variant: Variant, position: Position, state: HitchState, o: Nbo, due: dict[str, int]) -> str:
    gmap = variant.board(position)
    if o.centre not in gmap.supply_centres:
        return f"{o.centre} is not a supply centre"
    if position.centres.get(o.centre) != o.power:
        return f"{o.power} does not own {o.centre} (rule 7d: 'any owned supply centre')"
    if o.centre in variant.map.home_centres(VOGON) or o.centre in state.vogon_proof:
        return f"{o.centre} is already Vogon-proof"
    if due.get(o.power, 0) <= 0:
        return f"{o.power} has no build to give up (rule 7d)"
    return ""


def _hitchhiker_sites(variant: Variant, position: Position) -> Position:
    """Rule 6 (ruling H1): the Hitch-hiker builds "in any centre he controls": for this phase each
    centre he owns counts as one of his homes (a change of the board that ends with the phase)."""
    homes = variant.map.home_centres(HITCH_HIKER)
    extra = tuple(Lasting(AddCentre(c, home=HITCH_HIKER), until=position.phase)
                  for c, owner in sorted(position.centres.items()) if owner == HITCH_HIKER and c not in homes)
    return replace(position, changes=(*position.changes, *extra)) if extra else position
