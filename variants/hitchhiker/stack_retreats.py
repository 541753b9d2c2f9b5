"""Retreats of a dislodged stack's further pieces, each by its own order (rule 6: "Hitch-hikers
retreat normally"; rulings H2, H8 of ``docs/variants/hitchhiker.md``).

The core's retreat phase knows one dislodged unit per province: the stack's first piece, whose
retreat the first order written for the province gives. Each further order for that province
(up to the number of further pieces) is one further piece's own retreat or disband:

* it is judged like the first piece's (the same province, the same attacker, the same closed
  provinces), by the core's own retreat rules (:func:`~dipsat.solver.retreat.adjudicate_retreats`
  on that order alone);
* retreats from different provinces into one province bounce, as in the standard game: every
  one of them fails and its unit is disbanded (a first piece that the core had let through
  included); pieces of one stack may retreat together into one province;
* a piece that fails, or is ordered to disband, is disbanded; the pieces with no order of their
  own go with the first piece (:func:`~dipsat.variants.hitchhiker.stacks.settle_retreats`).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Mapping, Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.reasons import Acted, Noted
from dipsat.model.types import Disband, Location, Order, OrderResult, Piece, Position, Result, Retreat, Unit
from dipsat.solver import Rules
from dipsat.solver.retreat import adjudicate_retreats

__all__ = ["OwnRetreats", "take_own_retreats", "apply_own_retreats"]


@dataclass
class OwnRetreats:
    """The further pieces' own retreat orders (a throwaway value of the retreat phase)."""

    orders: dict[int, Order] = field(default_factory=dict)
    """Given order index -> a further piece's own retreat or disband."""


def take_own_retreats(position: Position, passed: list[tuple[int, Order]], carried: Mapping[str, int]
                      ) -> tuple[list[tuple[int, Order]], OwnRetreats]:
    """Split the orders: those for the core (each province's first) and the further pieces' own."""
    own = OwnRetreats()
    seen: dict[str, int] = defaultdict(int)
    kept = []
    for i, o in passed:
        province = getattr(getattr(o, "unit", None), "province", None)
        if isinstance(o, Retreat | Disband) and province in carried and province in position.dislodged:
            seen[province] += 1
            if 1 < seen[province] <= 1 + carried[province]:
                own.orders[i] = o
                continue
        kept.append((i, o))
    return kept, own


def apply_own_retreats(gmap: GameMap, position: Position, after: Position, core: Sequence[OrderResult],
                       own: OwnRetreats, carried: Mapping[str, int], rules: Rules
                       ) -> tuple[Position, dict[int, OrderResult], list[OrderResult], list[OrderResult], dict[str, int]]:
    """Carry out the further pieces' own orders on ``after`` (the core's board after the retreats).

    Returns the board, the own orders' results, the core's results (a retreat a further piece
    bounced now fails), the added disbands, and per province the pieces left to go with the
    first piece (:func:`~dipsat.variants.hitchhiker.stacks.settle_retreats`).
    """
    judged = {i: adjudicate_retreats(gmap, position, [o], rules).results[0] for i, o in own.orders.items()}
    origins: dict[str, set[str]] = defaultdict(set)
    for r in (*core, *judged.values()):
        if isinstance(r.order, Retreat) and r.result in (Result.SUCCEEDS, Result.FAILS):
            origins[r.order.dest.province].add(r.order.unit.province)
    contested = {dest for dest, where in origins.items() if len(where) > 1}
    fixed = list(core)
    for k, r in enumerate(core):
        if isinstance(r.order, Retreat) and r.result is Result.SUCCEEDS and r.order.dest.province in contested:
            fixed[k] = replace(r, result=Result.FAILS, why=Acted("fails", "bounced with a hitch-hiker's retreat; disbanded"))
            landed = after.units.get(r.order.dest.province)
            if landed is not None:
                after = after.without_piece(landed)
    left = dict(carried)
    results: dict[int, OrderResult] = {}
    gone: list[OrderResult] = []
    for i, r in judged.items():
        o = own.orders[i]
        piece = position.dislodged[o.unit.province].piece  # type: ignore[union-attr]
        left[piece.unit.province] -= 1
        if isinstance(o, Retreat) and r.result is Result.SUCCEEDS and o.dest.province not in contested:
            after = after.with_piece(Piece(piece.power, Unit(piece.unit.kind, Location(o.dest.province))))
            results[i] = replace(r, why=Noted(r.why, "its own order, ruling H2"))
            continue
        if isinstance(o, Retreat) and r.result is Result.SUCCEEDS:
            r = replace(r, result=Result.FAILS, why=Acted("fails", "bounced with another retreat; disbanded"))
        results[i] = r
        if isinstance(o, Retreat):
            gone.append(OrderResult(Disband(piece.power, piece.unit), Result.SUCCEEDS,
                                    Acted("succeeds", "disbanded: its own retreat failed", "ruling H2")))
    return after, results, fixed, gone, {p: n for p, n in left.items() if n > 0}
