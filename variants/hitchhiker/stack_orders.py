"""Different orders from the pieces of one stack (rule 6: each hitch-hiker is a unit; ruling H2).

The core's model holds one order per province: the first order written for a stack's province
is its first piece's. A further order for the province, different from the first, is a further
piece's own order (as many as the pieces that stay):

* a hold: the piece stands;
* a support (to hold or to move): the piece gives it from a *stand-in* province, an empty land
  province no order touches that borders the province the support goes into, so the model
  counts it as any support and tells whether it is given; the piece is back in its stack after
  the model (:func:`~dipsat.variants.hitchhiker.stacks.unpark`). Cutting is decided first, as the
  stand-in is never attacked: a move of another power into the stack's province, not convoyed and
  not from the province the support goes into, cuts it (DATC 5.B.2), as it cuts the first piece's.
  Known limit: an attack only by convoy, or only from that province (which cuts by dislodging
  the stack), leaves the further piece's support given.
* anything else, or a support with no stand-in free: illegal, as the core says for a second order.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, Sequence

from dipsat.model.kinds import Moves
from dipsat.model.reasons import Acted, Cut, Illegal
from dipsat.model.types import Hold, Location, Move, Order, OrderResult, Piece, Position, Result, SupportHold, SupportMove
from dipsat.variants.hitchhiker.kinds import HITCHHIKER_UNIT

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap

__all__ = ["take_piece_orders", "park_piece_supports"]


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
    stand), supports wait in ``plan.piece_supports`` for :func:`park_piece_supports`."""
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


def park_piece_supports(gmap: GameMap, board: Position, plan: Plan, parked: dict[str, str]) -> Position:
    """Give each further piece's support from a stand-in province (or decide it: cut, illegal)."""
    touched = {o.unit.province for o in plan.passed} | {o.dest.province for o in plan.passed if isinstance(o, Move)} \
        | {getattr(o, "target", o.unit).province for o in plan.passed} | set(parked) \
        | {s.target.province for s in plan.piece_supports.values()}  # type: ignore[union-attr]
    for index, support in sorted(plan.piece_supports.items()):
        origin = support.unit.province
        into = support.dest.province if isinstance(support, SupportMove) else support.target.province
        cutter = _plain_attack(gmap, plan.passed, support, into)
        if cutter is not None:
            plan.results[index] = OrderResult(support, Result.CUT, Cut(str(cutter), note="ruling H2"))
            continue
        free = [p for p in sorted(gmap.neighbours(HITCHHIKER_UNIT, Location(into), Moves.ARMY))
                if p not in touched and not board.pieces_at(p) and gmap.provinces[p].terrain.value != "sea"
                and p != origin]
        if not free or origin not in board.units:
            plan.results[index] = OrderResult(support, Result.ILLEGAL, Illegal("a stack gives one order per piece; "
                                              "no province is free to carry out this one (ruling H2)"))
            continue
        stand_in = free[0]
        touched.add(stand_in)
        piece = board.units[origin]
        moved = replace(piece.unit, location=Location(stand_in))
        board = board.without_piece(piece).with_piece(Piece(piece.power, moved))
        plan.passed.append(replace(support, unit=moved))
        plan.source.append(index)
        parked[stand_in] = origin
    return board


def _plain_attack(gmap: GameMap, passed: Sequence[Order], support: SupportMove | SupportHold, into: str) -> object:
    """A unit of another power moving next door into the supporter's province, not from ``into``."""
    for o in passed:
        if (isinstance(o, Move) and o.dest.province == support.unit.province and o.power != support.power
                and o.unit.province != into and not o.via_convoy and gmap.can_move(o.unit, o.dest)):
            return o.unit
    return None
