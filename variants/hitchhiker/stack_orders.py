"""Different orders from the pieces of one stack (rule 6: each hitch-hiker is a unit; ruling H2).

The core's model holds one order per province: the first order written for a stack's province
is its first piece's. A further order for the province, different from the first, is a further
piece's own order (as many as the pieces that stay):

* a hold: the piece stands;
* a support (to hold or to move): the piece's own order in the model, under its own key
  (``par#2``, :attr:`~dipsat.solver.legality.Facts.slots`): the piece stands in the stack's
  province, so the model judges the support as any other (DATC 5.B.2): cut by an attack on the
  province, or by the stack's dislodgement.
* anything else: illegal, as the core says for a second order.
"""
from __future__ import annotations

from typing import Protocol

from dipsat.model.reasons import Acted
from dipsat.model.types import Hold, Move, Order, OrderResult, Position, Result, SupportHold, SupportMove
from dipsat.variants.hitchhiker.kinds import HITCHHIKER_UNIT
from dipsat.variants.hitchhiker.stacks import next_key

__all__ = ["take_piece_orders", "pass_piece_supports"]


class Plan(Protocol):
    """What a stack's further orders read and write of a turn's plan
    (:class:`dipsat.variants.hitchhiker.plan.Plan` is one; a protocol, so that the plan may use
    this module without an import circle)."""

    passed: list[Order]
    source: list[int | None]
    results: dict[int, OrderResult]
    piece_supports: dict[int, Order]


def take_piece_orders(position: Position, plan: Plan) -> None:
    """Move the further pieces' own orders out of ``plan.passed``: holds are decided (they
    stand), supports wait in ``plan.piece_supports`` for :func:`pass_piece_supports`."""
    lifted: dict[str, int] = {}
    for o in plan.passed:
        if isinstance(o, Move) and o.unit.kind == HITCHHIKER_UNIT:
            lifted[o.unit.province] = lifted.get(o.unit.province, 0) + 1
    for province in position.stacked:
        pieces = [p for p in position.pieces_at(province) if p.unit.kind == HITCHHIKER_UNIT]
        room = len(pieces) - lifted.get(province, 0) - 1  # the pieces that stay, the first one aside
        own = [(k, o) for k, o in enumerate(plan.passed) if o.unit.province == province  # type: ignore[union-attr]
               and not isinstance(o, Move) and plan.source[k] is not None]
        if room <= 0 or len(own) < 2:
            continue
        first = own[0][1]
        taken, used = [], 0
        for k, o in own[1:]:
            if used >= room:
                break  # more orders than pieces: the core refuses the rest
            used += isinstance(o, Hold | SupportMove | SupportHold)
            if o == first or not isinstance(o, Hold | SupportMove | SupportHold):
                continue  # the same order again: counted by stacks.extra_supports
            taken.append(k)
            index = plan.source[k]
            assert index is not None
            if isinstance(o, Hold):
                plan.results[index] = OrderResult(o, Result.STANDS, Acted("stands", "a further piece of the stack", "ruling H2"))
            else:
                plan.piece_supports[index] = o  # type: ignore[assignment]
        plan.passed = [o for k, o in enumerate(plan.passed) if k not in taken]
        plan.source = [s for k, s in enumerate(plan.source) if k not in taken]


def pass_piece_supports(board: Position, plan: Plan, keys: list[str | None]) -> None:
    """Hand each further piece's support to the model as that piece's order, under its own key
    (``par#2``): the model judges it, and tells whether it is given or cut, as any support's."""
    for index, support in sorted(plan.piece_supports.items()):
        plan.passed.append(support)
        plan.source.append(index)
        keys.append(next_key(board, support.unit.province, keys))
