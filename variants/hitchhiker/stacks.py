"""Stacks of hitch-hikers (rule 6: "Two or more Hitch-hiker units may occupy the same province").

The board holds a stack as its first piece (the one the model sees) plus the further pieces
(``Position.stacked``). Rulings H2, H8, H9 of ``docs/variants/hitchhiker.md``:

* *Joining*: a hitch-hiker lifted into a province where only the Hitch-hiker's hitch-hikers stand
  and stay (none moves, none is ordered anything but to hold) joins them when no other unit moves
  there: the model is shown that province empty (:func:`set_aside`) and the stack is put back
  after (:func:`put_back`). A join that another unit contests is an ordinary move against one's
  own unit: it fails, though it still stands the intruder off (its prevent strength).
* *Dislodged together*: when the first piece of a stack is dislodged, the others are dislodged
  with it and share its retreat (:func:`dislodge_stacks`, :func:`settle_retreats`).
* *Lifted out while attacked*: the lifted piece is a further piece of the stack in the model (its
  own key, ``par#2``: :func:`key_further_pieces`), so the pieces left hold with a unit's strength.
* Each piece may be lifted once a turn (one lift per piece): a lift that takes a piece out of a
  stack whose province keeps an order is a further piece's move too (``Plan.split``).
* The pieces that stay give an order each: the same support written once per piece counts once
  per piece (:func:`extra_supports`, :func:`add_stack_supports`: the support's literal weighted by
  the number of pieces); a different order is a further piece's own (:mod:`.stack_orders`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Protocol, Sequence

from dipsat.model.reasons import Acted
from dipsat.model.types import (
    Disband, Dislodged, Hold, Move, Order, OrderResult, Piece, Position, Result, Retreat, SupportHold,
    SupportMove, Tag,
)
from dipsat.variants.hitchhiker.kinds import HITCH_HIKER, HITCHHIKER_UNIT

__all__ = ["only_hitchhikers", "set_aside", "put_back", "dislodge_stacks", "settle_retreats", "key_further_pieces",
           "next_key", "extra_supports", "add_stack_supports"]


class Plan(Protocol):
    """What the stacks read of a turn's plan (:class:`dipsat.variants.hitchhiker.plan.Plan` is
    one; a protocol, so that the plan may use this module without an import circle)."""

    passed: list[Order]
    off_graph: dict[str, str]
    split: list[Move]


def only_hitchhikers(position: Position, province: str) -> bool:
    """Every piece in ``province`` is one of the Hitch-hiker's hitch-hikers (and there is one)."""
    pieces = position.pieces_at(province)
    return bool(pieces) and all(p.power == HITCH_HIKER and p.unit.kind == HITCHHIKER_UNIT for p in pieces)


def joinable(position: Position, province: str, passed: Sequence[Order], joining: Sequence[str]) -> bool:
    """A lift into ``province`` joins the stack there: only hitch-hikers that stay, no other move in."""
    if not only_hitchhikers(position, province):
        return False
    for o in passed:
        if o.unit.province == province and not isinstance(o, Hold):  # type: ignore[union-attr]
            return False
        if isinstance(o, Move) and o.dest.province == province and o.unit.province not in joining:
            return False
    return True


def set_aside(position: Position, provinces: Sequence[str]) -> Position:
    """The board without the stacks in ``provinces`` (the model sees them empty)."""
    units = {p: pc for p, pc in position.units.items() if p not in provinces}
    stacked = {p: s for p, s in position.stacked.items() if p not in provinces}
    return replace(position, units=units, stacked=stacked)


def put_back(before: Position, after: Position, provinces: Sequence[str]) -> Position:
    """``after`` with the stacks set aside from ``before`` back in place, newcomers stacked on them."""
    units, stacked = dict(after.units), dict(after.stacked)
    for province in provinces:
        old = before.pieces_at(province)
        new = [p for p in (after.units.get(province), *after.stacked.get(province, ())) if p is not None]
        units[province] = old[0]
        stacked[province] = (*old[1:], *new)
    return replace(after, units=units, stacked=stacked)


def dislodge_stacks(after: Position, moved_out: frozenset[str], came_from: dict[str, str] | None = None
                    ) -> tuple[Position, dict[str, int], list[OrderResult]]:
    """Hitch-hikers left standing under another power's unit go with their stack's first piece.

    If it was dislodged, they are dislodged with it; if it was destroyed (no retreat), they are
    destroyed too; if it left (``moved_out``: its lift succeeded) and the province was taken,
    they are dislodged (from ``came_from[province]``, the origin of the unit that moved in). Returns the board, per province how many hitch-hikers travel with its
    dislodged unit, and the results of the pieces destroyed.
    """
    units, stacked, dislodged = dict(after.units), dict(after.stacked), dict(after.dislodged)
    carried: dict[str, int] = {}
    destroyed: list[OrderResult] = []
    for province, more in after.stacked.items():
        hitchers = [p for p in more if p.unit.kind == HITCHHIKER_UNIT]
        principal = units.get(province)
        if not hitchers or (principal is not None and principal.unit.kind == HITCHHIKER_UNIT
                            and province not in dislodged):
            continue
        stacked[province] = tuple(p for p in more if p.unit.kind != HITCHHIKER_UNIT)
        if not stacked[province]:
            del stacked[province]
        if province not in dislodged and province not in moved_out:  # destroyed: nowhere to retreat
            destroyed += [OrderResult(Hold(p.power, p.unit), Result.FAILS,
                                      Acted("fails", "destroyed with its stack: no retreat", "ruling H8"), Tag.DESTROYED)
                          for p in hitchers]
            continue
        if province not in dislodged:  # the first piece left and the province was taken
            dislodged[province] = Dislodged(hitchers[0], (came_from or {}).get(province))
            hitchers = hitchers[1:]
        if hitchers:
            carried[province] = len(hitchers)
    return replace(after, units=units, stacked=stacked, dislodged=dislodged), carried, destroyed


def settle_retreats(before: Position, after: Position, results: Sequence[OrderResult],
                    carried: dict[str, int]) -> tuple[Position, list[OrderResult]]:
    """Move each carried group with its dislodged unit's retreat, or disband it with the unit."""
    gone: list[OrderResult] = []
    for province, count in sorted(carried.items()):
        d = before.dislodged.get(province)
        if d is None:
            continue
        dest = next((r.order.dest.province for r in results if isinstance(r.order, Retreat)
                     and r.order.unit.province == province and r.result is Result.SUCCEEDS), None)
        for _ in range(count):
            if dest is not None:
                after = after.with_piece(Piece(d.piece.power, replace(d.piece.unit, location=after.units[dest].unit.location)))
            else:
                gone.append(OrderResult(Disband(d.piece.power, d.piece.unit), Result.SUCCEEDS,
                                        Acted("succeeds", "disbanded with its stack", "ruling H8")))
    return after, gone


def key_further_pieces(board: Position, plan: Plan) -> list[str | None]:
    """Which of ``plan.passed`` are the orders of further pieces of stacks (rulings H2, H8), with
    their model keys (``par#2``, :attr:`~dipsat.solver.legality.Facts.slots`), ``None`` for the
    others: the lifts that take one piece out of a stack whose province keeps an order
    (``plan.split``), and a lift of the first piece out of a stack that another unit attacks while
    pieces stay (the pieces left hold their province with a unit's strength, the first one's hold
    standing for them). Such a lift's off-graph destination moves to its key."""
    attacked = {o.dest.province for o in plan.passed if isinstance(o, Move)}
    split = {id(m) for m in plan.split}
    leaving: dict[str, int] = {}  # province -> pieces split off it
    for m in plan.split:
        leaving[m.unit.province] = leaving.get(m.unit.province, 0) + 1
    staying = {p: sum(1 for pc in board.stacked.get(p, ()) if pc.unit.kind == HITCHHIKER_UNIT) - leaving.get(p, 0)
               for p in board.stacked}
    keys: list[str | None] = []
    for o in plan.passed:
        origin = o.unit.province  # type: ignore[union-attr]
        if isinstance(o, Move) and id(o) in split:
            keys.append(next_key(board, origin, keys))
            plan.off_graph[keys[-1]] = o.dest.province  # type: ignore[index]
        elif (isinstance(o, Move) and plan.off_graph.get(origin) == o.dest.province and origin in attacked
              and staying.get(origin, 0) > 0):
            keys.append(next_key(board, origin, keys))
            plan.off_graph[keys[-1]] = plan.off_graph.pop(origin)  # type: ignore[index]
        else:
            keys.append(None)
    return keys


def next_key(board: Position, province: str, keys: Sequence[str | None]) -> str:
    """The key of the next further piece of the stack in ``province`` not yet given an order."""
    n = 2 + sum(1 for k in keys if k is not None and k.partition("#")[0] == province)
    if n > len(board.stacked.get(province, ())) + 1:
        raise RuntimeError(f"more orders for further pieces in {province} than pieces")
    return f"{province}#{n}"


def extra_supports(position: Position, plan: Plan) -> dict[str, int]:
    """Province of a stack -> how many of its pieces beyond the first give its support: the same
    support order written again for a piece that stays (at most one per piece not lifted)."""
    lifted: dict[str, int] = {}
    for o in plan.passed:
        if isinstance(o, Move) and o.unit.kind == HITCHHIKER_UNIT:
            lifted[o.unit.province] = lifted.get(o.unit.province, 0) + 1
    extra: dict[str, int] = {}
    for province, more in position.stacked.items():
        staying = 1 + sum(1 for p in more if p.unit.kind == HITCHHIKER_UNIT) - lifted.get(province, 0)
        written = [o for o in plan.passed if o.unit.province == province  # type: ignore[union-attr]
                   and isinstance(o, SupportMove | SupportHold)]
        if written and staying > 1:
            same = sum(1 for o in written if o == written[0])
            if min(same, staying) > 1:
                extra[province] = min(same, staying) - 1
    return extra


def add_stack_supports(pm: object, extra: tuple[tuple[str, int], ...] = ()) -> None:
    """Rule module: a stack's support counts once per piece giving it (ruling H2): the support's
    ``given`` literal, weighted by the further pieces, is added to the strengths it feeds
    (``stack_support[...]``). Known limit: against a unit of the Hitch-hiker's own the further
    pieces are not added to the attack at all (they count for nothing against it, DATC 5.B.8)."""
    from dipsat.solver.phase_model import ATTACK, DEFEND, HOLD, PREVENT  # the solver only when a model is built

    facts = pm.facts  # type: ignore[attr-defined]
    for province, more in extra:
        order = facts.orders.get(province)
        lit = pm.given(province) if isinstance(order, SupportMove | SupportHold) else False  # type: ignore[attr-defined]
        if lit is False:
            continue
        weight = more * (facts.strengths[province].support if facts.strengths is not None else 1)
        term = weight if lit is True else lit * weight
        target = order.target.province
        if isinstance(order, SupportHold):
            pm.add_term((HOLD, target), "stack_support", term, 0, weight)  # type: ignore[attr-defined]
            continue
        if target not in facts.moves:
            continue
        defender = facts.position.units.get(order.dest.province)
        kinds = [DEFEND, PREVENT]
        if defender is None or defender.power != HITCH_HIKER:
            kinds.append(ATTACK)
        for kind in kinds:
            pm.add_term((kind, target), "stack_support", term, 0, weight)  # type: ignore[attr-defined]
