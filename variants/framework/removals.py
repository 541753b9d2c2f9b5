"""Orders that a removal before the orders (a Thief, a Sudden Death) left without their convoy.

A variant that removes units before the model (Vain Star's Thief, The Gathering's Sudden Death)
builds the model on the board without them. An army ordered to move by convoy whose fleets were
all removed then reads, on that board, as an order no fleet could ever carry: *illegal*. But the
order was legal when it was given; its convoy was taken away, as a dislodged convoying fleet's
is. :func:`convoy_removed` turns such a result into the one a dislodged convoy gives: the move
*fails* (no convoy path), with the removal named.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from dipsat.model.gamemap import GameMap
from dipsat.model.types import Move, OrderResult, Piece, Position, Result
from dipsat.solver import Rules
from dipsat.solver.legality import ILLEGAL, check_orders

__all__ = ["convoy_removed"]


def convoy_removed(result: OrderResult, gmap: GameMap, before: Position, removed: Mapping[str, Piece],
                   how: str, rules: Rules) -> OrderResult:
    """``result`` of a move judged on the board without the ``removed`` pieces (``how``: "by a
    Thief"): *fails* instead of *illegal* when the move was not illegal on the board ``before``
    the removal (its convoy's fleets were removed), else ``result`` unchanged."""
    order = result.order
    if result.result is not Result.ILLEGAL or not removed or not isinstance(order, Move):
        return result
    if order.unit.province in removed or gmap.can_move(order.unit, order.dest):
        return result  # its own unit was removed, or it needs no convoy
    if check_orders(gmap, before, [order], rules).status_of.get(id(order), ILLEGAL) == ILLEGAL:
        return result  # illegal with the removed units on the board too
    fleets = ", ".join(str(p.unit) for p in removed.values() if p.unit.kind.can_convoy) or \
        ", ".join(str(p.unit) for p in removed.values())
    return replace(result, result=Result.FAILS, reason=f"fails: no convoy path ({fleets} removed {how})")
