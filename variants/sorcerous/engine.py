"""Sorcerous Diplomacy's engine: one phase, in the seed's order of play (rule 5).

Movement (:mod:`.movement`): Stasis, Magic Shield, the movement on the board in play; with no
unit dislodged the turn ends at once (:func:`.turn.end_of_turn`: Wall, Ice and Flame take
effect, ice melts, spells expire), else after the retreat phase. Retreats: the standard
retreats on the same board in play (a Wall of the turn still stands), linked deaths, the end
of the turn. Adjustments (:mod:`.adjustments`): wizard builds, spirits, linked deaths.
The board after a phase is the board at the next phase, carrying the state.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from dipsat.model.types import Order, OrderResult, PhaseKind, Position, Result, Retreat
from dipsat.solver import Resolution, Rules
from dipsat.solver.retreat import adjudicate_retreats
from dipsat.variants.framework.engine import illegal, merge_results, split_orders
from dipsat.variants.framework.orders import AnyOrder, SpecialOrder
from dipsat.variants.framework.state import state_of, with_state
from dipsat.variants.sorcerous.adjustments import play_adjustments
from dipsat.variants.sorcerous.movement import play_movement, turn_board
from dipsat.variants.sorcerous.spells import turn_of
from dipsat.variants.sorcerous.state import EMPTY, SorcerousState, from_board
from dipsat.variants.sorcerous.turn import DISLODGED, board_changes, bury, end_of_turn, plain

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["play_sorcerous"]


def play_sorcerous(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
                   advance: bool = True) -> Resolution:
    """Resolve one Sorcerous phase; the board after is the board at the next phase."""
    given, position = position, plain(position)
    state: SorcerousState = from_board(state_of(given, EMPTY), given)
    standard, specials = split_orders(orders)
    decided: dict[int, OrderResult] = {}
    kind = position.phase.kind
    forever = variant.choice("spirit") == "forever"
    if kind is PhaseKind.MOVEMENT:
        res, state, events = play_movement(variant, position, standard, specials, rules, decided, state)
        after = res.after
        if not after.dislodged:
            after, state, more = end_of_turn(variant.map, after, state, turn_of(position.phase), forever)
            events += more
    elif kind is PhaseKind.RETREAT:
        res, state, events = _retreats(variant, position, standard, specials, rules, decided, state)
        after, state, more = end_of_turn(variant.map, res.after, state, turn_of(position.phase), forever)
        events += more
    else:
        res, state, events = play_adjustments(variant, position, standard, specials, rules, decided, state)
        after = res.after
    results = merge_results(len(orders), decided)
    return replace(res, before=given, results=results, generated=(*res.generated, *events),
                   after=with_state(board_changes(after, state), state))


def _retreats(variant: Variant, position: Position, standard: list[tuple[int, Order]],
              specials: list[tuple[int, SpecialOrder]], rules: Rules, decided: dict[int, OrderResult],
              state: SorcerousState) -> tuple[Resolution, SorcerousState, list[OrderResult]]:
    """The retreats on the board of the turn (Walls and Ice of the turn in force)."""
    for i, o in specials:
        decided[i] = illegal(o, "spells and familiars are ordered in movement phases (rule 2g)")
    gmap = turn_board(variant, state, turn_of(position.phase))
    res = adjudicate_retreats(gmap, position, [o for _, o in standard], rules)
    decided.update((i, r) for (i, _), r in zip(standard, res.results))
    moved: dict[str, str | None] = {DISLODGED + p: None for p in position.dislodged}
    for r in res.results:
        if isinstance(r.order, Retreat) and r.result is Result.SUCCEEDS:
            moved[DISLODGED + r.order.unit.province] = r.order.dest.province
    after, state, linked = bury(res.after, state, moved, position.phase.year)
    return replace(res, after=after), state, linked
