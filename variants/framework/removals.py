"""Orders that a removal before the orders (a Thief, a Sudden Death) left without their convoy.

A variant that removes units before the model (Vain Star's Thief, The Gathering's Sudden Death)
builds the model on the board without them. An army ordered to move by convoy whose fleets were
all removed then reads, on that board, as an order no fleet could ever carry: *illegal*, and a
support of its move too. But both orders were legal when they were given; the convoy was taken
away, as a dislodged convoying fleet's is. :func:`convoy_removed` turns such results into the
ones a dislodged convoy gives: the move *fails* (no convoy path), with the removal named; the
support is *given* (to a move that fails), or *cut* when another power's unit moved against the
supporter from anywhere but the province the support goes into.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.reasons import Cut, GivenTo, NoConvoyPath, Removed
from dipsat.model.types import Move, Order, OrderResult, Piece, Position, Result, SupportHold, SupportMove, Unit
from dipsat.solver import Rules
from dipsat.solver.legality import ILLEGAL, check_orders

__all__ = ["convoy_removed", "cutting_unit"]


def convoy_removed(result: OrderResult, gmap: GameMap, before: Position, removed: Mapping[str, Piece],
                   how: str, rules: Rules, results: Sequence[OrderResult] = ()) -> OrderResult:
    """``result`` of an order judged on the board without the ``removed`` pieces (``how``: "by
    a Thief"), corrected when the order is a convoyed move, or a support of one, that was not
    illegal on the board ``before`` the removal; else ``result`` unchanged. ``results``: the
    phase's other results (to tell whether the support was cut)."""
    order = result.order
    if result.result is not Result.ILLEGAL or not removed or not isinstance(order, Move | SupportMove):
        return result
    mover = order.unit if isinstance(order, Move) else order.target
    if order.unit.province in removed or mover.province in removed or gmap.can_move(mover, order.dest):
        return result  # its own unit was removed, or the move needs no convoy
    move = order if isinstance(order, Move) else Move(order.power, mover, order.dest)
    if not _was_possible(gmap, before, order, move, rules):
        return result  # illegal with the removed units on the board too
    fleets = ", ".join(str(p.unit) for p in removed.values() if p.unit.kind.can_convoy) or \
        ", ".join(str(p.unit) for p in removed.values())
    if isinstance(order, Move):
        return replace(result, result=Result.FAILS, why=NoConvoyPath((Removed(fleets, how),)))
    cutter = cutting_unit(order, results)
    if cutter is not None:
        return replace(result, result=Result.CUT, why=Cut(str(cutter)))
    return replace(result, result=Result.GIVEN,
                   why=GivenTo(f"{mover} - {order.dest}", which=NoConvoyPath((Removed(fleets, how),))))


def _was_possible(gmap: GameMap, before: Position, order: Order, move: Move, rules: Rules) -> bool:
    orders = [order] if order is move else [order, move]
    verdicts = check_orders(gmap, before, orders, rules).verdicts
    return next((v.status for v in verdicts if v.order is order), ILLEGAL) != ILLEGAL


def cutting_unit(support: SupportMove | SupportHold, results: Sequence[OrderResult]) -> Unit | None:
    """A unit of another power whose move (legal and valid) attacks the supporter, from anywhere
    but the province a support of a move goes into (DATC 5.B.2): the support's cutter, for a
    support the model did not see; ``None`` when the support stands."""
    into = support.dest.province if isinstance(support, SupportMove) else None
    for r in results:
        o = r.order
        if (isinstance(o, Move) and o.dest.province == support.unit.province and o.power != support.power
                and o.unit.province != into and r.result in (Result.SUCCEEDS, Result.FAILS)
                and not isinstance(r.why, NoConvoyPath)):
            return o.unit
    return None
