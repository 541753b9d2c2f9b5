"""A Sorcerous movement phase (rule 5): Stasis, Magic Shield, the movement as one CP-SAT model
on the board in play, then what the movement leaves for the end of the turn.

1. The special orders are sorted (:mod:`.casting`); a wizard that casts or takes a familiar
   has no other order this season (rule 2g); rule 2h is judged on the orders as given, or after
   this turn's Stasis spells (option ``stasis_first=yes``).
2. Stasis spells take effect, then Magic Shields (and, under ``flame_timing=before_movement``,
   Flames): a unit in Stasis has its moves and supports (and convoys, ``stasis_convoy``) made
   illegal before the model, so the model has no move literal for it.
3. One model on the map of the turn (:func:`.board.board_in_play`: Walls and Ice in force,
   shielded units' views); a familiar's double strength is its kind's (``2A``, :mod:`.kinds`), a
   helpless stuck fleet's a strength term (:mod:`.rules`).
4. Dislodged units in Stasis are destroyed (``stasis_retreat=destroyed``), familiars taken
   this turn are linked, linked partners die (rule 4); Wall, Ice and Flame wait for the end of
   the turn (after the retreats).
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Sequence

from dipsat.model.reasons import Acted, Then
from dipsat.model.types import (
    Convoy, Disband, Location, Move, Order, OrderResult, Position, Result, SupportHold, SupportMove, Tag, Unit,
)
from dipsat.model.kinds import Moves
from dipsat.solver import Resolution, Rules
from dipsat.solver.movement import adjudicate_movement
from dipsat.variants.framework.engine import carry_fates, illegal, insert_before
from dipsat.variants.framework.orders import SpecialOrder
from dipsat.variants.framework.overridden import name_refused_convoys, supports_of_refused_moves
from dipsat.variants.sorcerous.board import board_in_play
from dipsat.variants.sorcerous.casting import blocked_result, check_specials, interacting
from dipsat.variants.sorcerous.orders import Cast
from dipsat.variants.sorcerous.rules import add_stuck_fleets
from dipsat.variants.sorcerous.spells import Effect, Spell, turn_name, turn_of
from dipsat.variants.sorcerous.state import Link, SorcerousState
from dipsat.variants.sorcerous.turn import DISLODGED, bury, iced, mark_familiars, melt

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["play_movement", "turn_board", "held_in_stasis"]


def held_in_stasis(variant: Variant, state: SorcerousState, turn: int) -> dict[str, Effect]:
    """Province -> the Stasis that holds its unit in ``turn``: a Magic Shield lifts it under
    ``shield_lifts_stasis=yes``, and always suspends one cast after the Shield (kept for later
    under ``stasis_on_shield=later``)."""
    lifts = variant.choice("shield_lifts_stasis") == "yes"
    shields = {e.where[0]: e for e in state.active(Spell.SHIELD, turn)}
    return {e.where[0]: e for e in state.active(Spell.STASIS, turn)
            if not (e.where[0] in shields and (lifts or e.first > shields[e.where[0]].first))}


def turn_board(variant: Variant, state: SorcerousState, turn: int, supporters: frozenset[str] = frozenset()):  # type: ignore[no-untyped-def]
    """The map of ``turn``: Walls and Ice in force, shielded units' views (rule 3)."""
    walls = frozenset(e.where for e in state.active(Spell.WALL, turn))
    ice = iced(state, turn)
    shield_view = "shield_either" if variant.choice("shield_ice") == "either" else "shield"
    views = {p: "no_walls" for p in supporters} if variant.choice("wall_support") == "allows" else {}
    views.update({e.where[0].lstrip(DISLODGED): shield_view for e in state.active(Spell.SHIELD, turn)})
    return board_in_play(variant.map, walls, ice, tuple(sorted(views.items())),  # type: ignore[arg-type]
                         variant.choice("wall_convoy") == "blocks")


def _supporters(orders: Sequence[tuple[int, Order]]) -> frozenset[str]:
    return frozenset(o.unit.province for _, o in orders if isinstance(o, (SupportHold, SupportMove)))


def _stuck(variant: Variant, position: Position, state: SorcerousState, turn: int) -> frozenset[str]:
    shielded = {e.where[0] for e in state.active(Spell.SHIELD, turn)}
    return frozenset(p for p in iced(state, turn) if p in position.units and p not in shielded
                     and position.units[p].unit.kind.moves is Moves.FLEET)


def spell_block(variant: Variant, state: SorcerousState, turn: int, unit: Unit, dest: str) -> str:
    """Why a Wall or Ice of ``turn`` stops ``unit`` moving to ``dest`` (a move the standard map
    allows), or ``""``. A shielded unit ignores both (rule 3)."""
    src = unit.province
    if src in {e.where[0].lstrip(DISLODGED) for e in state.active(Spell.SHIELD, turn)}:
        if (variant.choice("shield_ice") == "ignores" and unit.kind.moves is Moves.ARMY
                and dest in iced(state, turn) and src not in iced(state, turn)):
            return f"a shielded army ignores the ice (option shield_ice=ignores): {dest} is a sea for it"
        return ""
    ice = iced(state, turn)
    on_ice = unit.kind.moves is not Moves.FLEET and (src in ice or dest in ice)  # an army's edge on the ice
    if not variant.map.can_move(unit, Location(dest)) and not (
            unit.kind.moves is Moves.FLEET and variant.map.fleet_reaches(unit.location, dest)) and not (
            on_ice and variant.map.fleet_provinces_adjacent(src, dest)):
        return ""
    if tuple(sorted((src, dest))) in {e.where for e in state.active(Spell.WALL, turn)}:
        return f"a Wall stands between {src} and {dest} (rule 3)"
    if unit.kind.moves is Moves.FLEET and (src in ice or dest in ice):
        sea = src if src in ice else dest
        return f"{sea} is covered by ice: fleets may not move into or out of it (rule 3)"
    return ""


def _carried_across(state: SorcerousState, turn: int, o: Move) -> str:
    """Option ``wall_convoyed_move=blocks``: a convoyed move from one walled province to the other
    is movement between them (rule 3), unless the army is shielded."""
    src, dest = o.unit.province, o.dest.province
    if src in {e.where[0].lstrip(DISLODGED) for e in state.active(Spell.SHIELD, turn)}:
        return ""
    if tuple(sorted((src, dest))) in {e.where for e in state.active(Spell.WALL, turn)}:
        return (f"a Wall stands between {src} and {dest}: being convoyed between them is movement "
                "between them too (rule 3; option wall_convoyed_move=blocks)")
    return ""


def _in_force(variant: Variant, state: SorcerousState, turn: int, standard: Sequence[tuple[int, Order]],
              acting: dict[str, str], stuck: frozenset[str]) -> tuple[list[tuple[int, Order]], dict[int, OrderResult]]:
    """The standard orders that reach the model, and the results of those that do not."""
    bound = held_in_stasis(variant, state, turn)
    no_convoy = variant.choice("stasis_convoy") == "forbidden"
    helpless = variant.choice("stuck_fleet") == "helpless"
    carried_blocked = variant.choice("wall_convoyed_move") == "blocks"
    passed, decided = [], {}
    for i, o in standard:
        p = getattr(getattr(o, "unit", None), "province", None)
        reason = ""
        if p in acting and state.wizard_at(p) == o.power:
            reason = f"the wizard {acting[p]} this season instead of moving or supporting (rule 2g)"
        elif p in bound and (isinstance(o, (Move, SupportHold, SupportMove)) or (no_convoy and isinstance(o, Convoy))):
            reason = f"{o.unit} is held in Stasis: it can neither move nor support (rule 3)" if not isinstance(  # type: ignore[union-attr]
                o, Convoy) else f"{o.unit} is held in Stasis: it cannot convoy (rule 3; option stasis_convoy=forbidden)"  # type: ignore[union-attr]
        elif helpless and isinstance(o, SupportHold) and o.target.province in stuck:
            reason = f"{o.target} is stuck in the ice and cannot be supported (option stuck_fleet=helpless)"
        elif isinstance(o, Move) and not o.via_convoy:
            reason = spell_block(variant, state, turn, o.unit, o.dest.province)
        elif isinstance(o, Move) and carried_blocked:
            reason = _carried_across(state, turn, o)
        if reason:
            decided[i] = illegal(o, reason)
        else:
            passed.append((i, o))
    return passed, decided


def _cast_spells(variant: Variant, position: Position, state: SorcerousState, turn: int,
                 live: dict[int, Cast]) -> tuple[SorcerousState, dict[int, OrderResult], list[Cast]]:
    """Stasis, then Magic Shield take effect; Wall, Ice and Flame are kept for later."""
    results: dict[int, OrderResult] = {}
    effects = list(state.effects)
    later: list[Cast] = []
    two = f"{turn_name(turn)} and {turn_name(turn + 1)}"
    shielded = {e.where[0] for e in state.active(Spell.SHIELD, turn)}
    lifts = variant.choice("shield_lifts_stasis") == "yes"
    later_on_shield = variant.choice("stasis_on_shield") == "later"
    shielded_now = {c.unit.province for c in live.values() if c.spell is Spell.SHIELD}  # type: ignore[union-attr]
    for spell in (Spell.STASIS, Spell.SHIELD):
        for i, cast in sorted(live.items()):
            if cast.spell is not spell:
                continue
            p = cast.unit.province  # type: ignore[union-attr]
            unit = position.units[p].unit
            if spell is Spell.STASIS and p in shielded and later_on_shield:
                free = max(e.last for e in state.active(Spell.SHIELD, turn) if e.where[0] == p) + 1
                if free > turn + 1:
                    results[i] = OrderResult(cast, Result.FAILS, Acted(  # type: ignore[arg-type]
                        "fails", f"{unit} is protected by a Magic Shield until after {turn_name(turn + 1)}, the "
                        "Stasis's last turn", "rule 3; option stasis_on_shield=later"))
                    continue
                effects.append(Effect(spell, (p,), turn, turn + 1, cast.power))
                results[i] = OrderResult(cast, Result.SUCCEEDS, Acted(  # type: ignore[arg-type]
                    "succeeds", f"{unit} is protected by a Magic Shield in {turn_name(turn)}; it is held in Stasis "
                    f"in {turn_name(free)}", "option stasis_on_shield=later"))
                continue
            if spell is Spell.STASIS and p in shielded:
                results[i] = OrderResult(cast, Result.FAILS, Acted("fails", f"{unit} is protected by a Magic Shield",   # type: ignore[arg-type]
                                         "rule 3: immune to Stasis"))
                continue
            if spell is Spell.STASIS and lifts and p in shielded_now:
                results[i] = OrderResult(cast, Result.FAILS, Acted("fails", f"{unit} is shielded by a Magic Shield cast "  # type: ignore[arg-type]
                                         "this turn, which lifts the Stasis at once", "rule 3: immune to any Stasis"))
                continue
            effects.append(Effect(spell, (p,), turn, turn + 1, cast.power))
            what = "held in Stasis" if spell is Spell.STASIS else "under a Magic Shield"
            results[i] = OrderResult(cast, Result.SUCCEEDS, Acted("succeeds", f"{unit} is {what} in {two}"))  # type: ignore[arg-type]
    coming_ice = {c.places[0].province for c in live.values() if c.spell is Spell.ICE}
    now_iced = iced(state, turn)
    for i, cast in sorted(live.items()):
        if cast.spell is Spell.WALL:
            a, b = (x.province for x in cast.places)
            results[i] = OrderResult(cast, Result.SUCCEEDS, Acted("succeeds", f"a Wall stands between {a} and {b} in "  # type: ignore[arg-type]
                                     f"{turn_name(turn + 1)} (it rises after this turn's retreats)"))
        elif cast.spell is Spell.ICE:
            sea = cast.places[0].province
            results[i] = OrderResult(cast, Result.SUCCEEDS, Acted("succeeds", f"ice covers {sea} from {turn_name(turn + 1)} "  # type: ignore[arg-type]
                                     f"to {turn_name(turn + 3)}"))
        elif cast.spell is Spell.FLAME:
            sea = cast.places[0].province
            if sea in now_iced or (sea in coming_ice and variant.choice("flame_timing") == "after_movement"):
                results[i] = OrderResult(cast, Result.SUCCEEDS, Acted("succeeds", f"the ice on {sea} ends"))  # type: ignore[arg-type]
            else:
                results[i] = OrderResult(cast, Result.FAILS, Acted("fails", f"there is no ice on {sea}"))  # type: ignore[arg-type]
                continue
        else:
            continue
        later.append(cast)
    return replace(state, effects=tuple(effects)), results, later


def _flame_first(variant: Variant, position: Position, state: SorcerousState, turn: int,
                 flames: list[Cast]) -> tuple[Position, SorcerousState, list[OrderResult], frozenset[str]]:
    """``flame_timing=before_movement``: Flame ends the ice before the movement; armies there drown."""
    seas = frozenset(c.places[0].province for c in flames)
    before = iced(state, turn)
    effects = tuple(e for e in state.effects if not (e.spell is Spell.ICE and e.where[0] in seas))
    state = replace(state, effects=effects)
    board, state, events = melt(position, state, before & seas, frozenset(), seas, position.phase.year)
    gone = frozenset(p for p in position.units if p not in board.units)
    return board, state, events, gone


def play_movement(variant: Variant, position: Position, standard: list[tuple[int, Order]],
                  specials: list[tuple[int, SpecialOrder]], rules: Rules, decided: dict[int, OrderResult],
                  state: SorcerousState) -> tuple[Resolution, SorcerousState, list[OrderResult]]:
    """Resolve a movement phase; the board returned is right after it (dislodged units waiting)."""
    turn = turn_of(position.phase)
    year = position.phase.year
    given_orders = list(standard)
    plan = check_specials(variant.map, position, state, specials)
    decided.update(plan.decided)
    acting = {w: what for w, what in plan.acting.items()}
    stuck0 = _stuck(variant, position, state, turn)
    passed0, _ = _in_force(variant, state, turn, standard, acting, stuck0)
    board0 = turn_board(variant, state, turn, _supporters(passed0))
    any_order = variant.choice("interaction") == "any_order"
    given = _after_stasis(variant, board0, position, state, turn, plan.casts, passed0, rules, any_order)
    live: dict[int, Cast] = {}
    spent = set(state.casts)
    for i, (cast, wizard) in sorted(plan.casts.items()):
        by = interacting(board0, position, given, rules, wizard, any_order)
        if by is not None:
            decided[i] = blocked_result(cast, by)
            if variant.choice("blocked_cast") == "spent":
                spent.add((cast.power, year))
            continue
        live[i] = cast
        spent.add((cast.power, year))
    state = replace(state, casts=tuple(sorted(spent)))
    state, cast_results, later = _cast_spells(variant, position, state, turn, live)
    decided.update(cast_results)
    events: list[OrderResult] = []
    board = position
    if variant.choice("flame_timing") == "before_movement":
        flames = [c for c in later if c.spell is Spell.FLAME]
        later = [c for c in later if c.spell is not Spell.FLAME]
        state0 = state
        board, state, events, gone = _flame_first(variant, position, state, turn, flames)
        for i, o in standard:
            if o.unit.province in gone and o.power == position.units[o.unit.province].power:  # type: ignore[union-attr]
                why = "the army drowned before the movement (Flame)" if o.unit.province in iced(state0, turn) \
                    else "its partner drowned before the movement (Flame), and it died with it (rule 4)"
                decided[i] = OrderResult(o, Result.FAILS, Acted("fails", f"{why}"), Tag.DESTROYED)
        for i, (_, wizard) in plan.casts.items():  # a wizard on the ice drowns after its cast
            if wizard in gone and i in decided:
                decided[i] = replace(decided[i], tag=Tag.DESTROYED,
                                     why=Then(decided[i].why, "the wizard drowned before the movement (Flame)", "; "))
        standard = [(i, o) for i, o in standard if i not in decided]
    stuck = _stuck(variant, board, state, turn)
    passed, filtered = _in_force(variant, state, turn, standard, acting, stuck)
    decided.update(filtered)
    passed, filtered = supports_of_refused_moves(passed, decided, standard)
    decided.update(filtered)
    gmap = turn_board(variant, state, turn, _supporters(passed))
    helpless = stuck if variant.choice("stuck_fleet") == "helpless" else frozenset()
    modules = insert_before(variant.movement_rules, "strengths", {
        "stuck_fleets": partial(add_stuck_fleets, provinces=helpless),
    })
    res = adjudicate_movement(gmap, board, [o for _, o in passed], rules, modules)
    generated = list(res.generated)
    decided.update((i, r) for (i, _), r in zip(passed, res.results))
    name_refused_convoys(decided, given_orders)
    after = res.after
    moved: dict[str, str | None] = {}
    for r in (*res.results, *res.generated):
        o = r.order
        if isinstance(o, Move) and r.result is Result.SUCCEEDS and board.units.get(o.unit.province) is not None:
            moved[o.unit.province] = o.dest.province
    for r in (*res.results, *res.generated):
        p = getattr(getattr(r.order, "unit", None), "province", None)
        if r.tag is Tag.DESTROYED and p is not None:
            moved[p] = None
    for p in after.dislodged:
        moved[p] = DISLODGED + p
    after, moved, decided, generated = _stasis_retreats(variant, state, turn, after, moved, decided, generated)
    held = {i: o.unit.province for i, o in standard if i in decided and decided[i].result is Result.ILLEGAL}  # type: ignore[union-attr]
    held |= {i: w for i, (_, w) in (*plan.casts.items(), *plan.familiars.items())}
    generated = carry_fates(decided, generated, held)
    state, familiar_results = _bind(state, plan.familiars, moved)
    decided.update(familiar_results)
    after, state, linked = bury(after, state, moved, year)
    _tag_partners(decided, given_orders, moved, linked)
    after = mark_familiars(after, state, variant.choice("familiar"))
    state = replace(state, pending=tuple(later))
    return replace(res, generated=tuple(generated), after=after), state, events + linked


def _tag_partners(decided: dict[int, OrderResult], given: Sequence[tuple[int, Order]], moved: dict[str, str | None],
                  linked: Sequence[OrderResult]) -> None:
    """A partner that dies with its wizard or familiar in this movement (rule 4: "in the same
    turn"): its own order keeps its result and takes the fate ``destroyed``, naming why."""
    gone = {(r.order.power, r.order.unit.province): r for r in linked if isinstance(r.order, Disband)}  # type: ignore[union-attr]
    for i, o in given:
        unit = getattr(o, "unit", None)
        r = decided.get(i)
        if unit is None or r is None or r.tag is not None:
            continue
        now = moved.get(unit.province, unit.province)
        death = gone.get((o.power, now)) or gone.get((o.power, unit.province))
        if death is not None:
            decided[i] = replace(r, tag=Tag.DESTROYED, why=Then(r.why, death.why, "; "))


def _after_stasis(variant: Variant, board0, position: Position, state: SorcerousState, turn: int,  # type: ignore[no-untyped-def]
                  casts: dict, passed0: list[tuple[int, Order]], rules: Rules, any_order: bool) -> list[Order]:
    """The orders rule 2h is judged on. ``stasis_first=yes`` (rule 5: Stasis spells come first):
    without the moves and supports of units frozen by this turn's Stasis spells that are cast,
    a Stasis whose wizard is still interacted with by unfrozen units being no cast (the largest
    consistent set of Stasis spells, found by dropping blocked ones until none is). ``no``: the
    orders as given."""
    orders = [o for _, o in passed0]
    if variant.choice("stasis_first") != "yes":
        return orders
    shielded = {e.where[0] for e in state.active(Spell.SHIELD, turn)}
    no_convoy = variant.choice("stasis_convoy") == "forbidden"
    trial = {i: (c, w) for i, (c, w) in casts.items() if c.spell is Spell.STASIS}
    while True:
        frozen = {c.unit.province for c, _ in trial.values() if c.unit.province not in shielded}
        kept = [o for o in orders if not (o.unit.province in frozen and (  # type: ignore[union-attr]
            isinstance(o, (Move, SupportHold, SupportMove)) or (no_convoy and isinstance(o, Convoy))))]
        blocked = [i for i, (_, w) in trial.items() if interacting(board0, position, kept, rules, w, any_order)]
        if not blocked:
            return kept
        for i in blocked:
            del trial[i]


def _stasis_retreats(variant: Variant, state: SorcerousState, turn: int, after: Position,
                     moved: dict[str, str | None], decided: dict[int, OrderResult],
                     generated: list[OrderResult]):  # type: ignore[no-untyped-def]
    """``stasis_retreat=destroyed``: a dislodged unit held in Stasis cannot retreat (rule 5:
    retreats are movement): it is destroyed."""
    if variant.choice("stasis_retreat") != "destroyed":
        return after, moved, decided, generated
    bound = held_in_stasis(variant, state, turn)
    doomed = {p for p in after.dislodged if p in bound}
    if not doomed:
        return after, moved, decided, generated
    after = replace(after, dislodged={p: d for p, d in after.dislodged.items() if p not in doomed})
    if not after.dislodged:
        after = replace(after, phase=replace(after.phase, kind=type(after.phase.kind).MOVEMENT), standoffs=frozenset())
    for p in doomed:
        moved[p] = None

    def retag(r: OrderResult) -> OrderResult:
        p = getattr(getattr(r.order, "unit", None), "province", None)
        if p in doomed and r.tag is Tag.DISLODGED:
            return replace(r, tag=Tag.DESTROYED, why=Then(r.why, "held in Stasis, it cannot retreat (rule 5: retreats "
                                                          "are movement)", "; ", "destroyed"))
        return r
    decided.update({i: retag(r) for i, r in decided.items()})
    return after, moved, decided, [retag(r) for r in generated]


def _bind(state: SorcerousState, familiars: dict, moved: dict[str, str | None]):  # type: ignore[type-arg,no-untyped-def]
    """Familiars taken this turn are linked if neither unit was dislodged or destroyed (rule 4)."""
    results: dict[int, OrderResult] = {}
    links = list(state.links)
    for i, (order, wizard) in sorted(familiars.items()):
        w = moved.get(wizard, wizard)
        f = moved.get(order.unit.province, order.unit.province)
        if w is None or f is None or w.startswith(DISLODGED) or f.startswith(DISLODGED):
            who = "the wizard" if w is None or w.startswith(DISLODGED) else str(order.unit)
            results[i] = OrderResult(order, Result.FAILS, Acted("fails", f"{who} was dislodged this turn; no link is made"))
            continue
        links.append(Link(order.power, wizard, order.unit.province))  # followed by bury()
        results[i] = OrderResult(order, Result.SUCCEEDS, Acted("succeeds", f"{order.unit} is the wizard's familiar", "rule 4"))
    return replace(state, links=tuple(links)), results
