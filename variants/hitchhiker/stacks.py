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
* *Lifted out while attacked*: the lifted piece moves from a stand-in province (:func:`park_lifts`),
  so the pieces left hold with a unit's strength; it is put back after (:func:`unpark`).
* Each piece may be lifted once a turn (one lift per piece): a lift that takes a piece out of a
  stack whose province keeps an order moves from a stand-in too (``Plan.split``).
* The pieces that stay give an order each: the same support written once per piece counts once
  per piece (:func:`extra_supports`, :func:`add_stack_supports`: the support's literal weighted by
  the number of pieces); a different order is a further piece's own (:mod:`.stack_orders`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, Sequence

from dipsat.model.reasons import Acted
from dipsat.model.types import (
    Disband, Dislodged, Hold, Location, Move, Order, OrderResult, Piece, Position, Result, Retreat, SupportHold,
    SupportMove, Tag,
)
from dipsat.variants.hitchhiker.kinds import HITCH_HIKER, HITCHHIKER_UNIT

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap

__all__ = ["only_hitchhikers", "set_aside", "put_back", "dislodge_stacks", "settle_retreats", "park_lifts", "unpark",
           "extra_supports", "add_stack_supports"]


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


def park_lifts(gmap: GameMap, position: Position, board: Position, plan: Plan) -> tuple[Position, dict[str, str]]:
    """A hitch-hiker lifted out of a stack that another unit attacks (ruling H8): the model sees
    the one unit per province the DATC knows, so the lifted piece moves from a stand-in province
    (an empty land province no order touches) and the hitch-hikers it leaves hold their province
    with a unit's strength. Returns the model's board and stand-in -> true origin."""
    attacked = {o.dest.province for o in plan.passed if isinstance(o, Move)}
    touched = attacked | {o.unit.province for o in plan.passed} | set(plan.off_graph.values()) \
        | {getattr(o, "target", o.unit).province for o in plan.passed}  # type: ignore[union-attr]
    free = [p for p in sorted(gmap.provinces) if gmap.provinces[p].terrain.value != "sea"
            and not board.pieces_at(p) and p not in touched]
    parked: dict[str, str] = {}
    split = {id(m) for m in plan.split}
    leaving: dict[str, int] = {}  # province -> pieces split off it (lifted from stand-ins)
    for m in plan.split:
        leaving[m.unit.province] = leaving.get(m.unit.province, 0) + 1
    staying = {p: sum(1 for pc in board.stacked.get(p, ()) if pc.unit.kind == HITCHHIKER_UNIT) - leaving.get(p, 0)
               for p in board.stacked}
    for k, o in enumerate(plan.passed):
        origin = o.unit.province  # type: ignore[union-attr]
        is_split = id(o) in split
        if is_split and isinstance(o, Move):
            if not free:
                raise RuntimeError("no free province left to stand in for a lifted hitch-hiker")
        elif (not isinstance(o, Move) or plan.off_graph.get(origin) != o.dest.province or origin not in attacked
                or staying.get(origin, 0) <= 0 or not free):
            continue  # the first piece moves from its province when every piece of the stack is lifted
        stand_in = free.pop(0)
        piece = board.units[origin]
        board = board.without_piece(piece).with_piece(Piece(piece.power, replace(piece.unit, location=Location(stand_in))))
        moved = replace(piece.unit, location=Location(stand_in))
        plan.passed[k] = Move(o.power, moved, o.dest)
        for j, s in enumerate(plan.passed):
            if isinstance(s, SupportMove) and s.target.province == origin and s.dest.province == o.dest.province:
                plan.passed[j] = replace(s, target=moved)
        if not is_split:
            del plan.off_graph[origin]
        plan.off_graph[stand_in] = o.dest.province
        parked[stand_in] = origin
    return board, parked


def unpark(after: Position, parked: dict[str, str]) -> Position:
    """The board after the model with each stand-in's hitch-hiker back where it truly was: at its
    destination (it moved), or back in its stack (it failed), and dislodged units' origins told."""
    if not parked:
        return after
    units, stacked = dict(after.units), dict(after.stacked)
    for stand_in, origin in parked.items():
        piece = units.pop(stand_in, None)
        if piece is not None:
            back = Piece(piece.power, replace(piece.unit, location=Location(origin)))
            if origin in units:
                stacked[origin] = (*stacked.get(origin, ()), back)
            else:
                units[origin] = back
    dislodged = {p: replace(d, attacker_origin=parked.get(d.attacker_origin or "", d.attacker_origin))
                 for p, d in after.dislodged.items()}
    return replace(after, units=units, stacked=stacked, dislodged=dislodged)


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
