"""The Hitchhiker's Guide's engine: one phase of the game (rules 4-6).

Winter 1900: the set-up (:mod:`.setup`). Other adjustments: who may build which kind
(:mod:`.kinds`), then the standard rules. Movement: the orders in force (:mod:`.plan`: lifts
replace their lifters' orders, bubble-cars move off the adjacency graph), one CP-SAT model with
the bubble-cars' half strengths, then the standard sequence of phases.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from dipsat.model.types import Build, OrderResult, PhaseKind, Position
from dipsat.solver import Resolution, Rules, adjudicate
from dipsat.solver.adjustment import adjudicate_adjustments
from dipsat.solver.phases import after_adjustments
from dipsat.variants.framework.engine import illegal, merge_results, split_orders
from dipsat.variants.framework.orders import AnyOrder
from dipsat.variants.hitchhiker.kinds import kind_problem
from dipsat.variants.hitchhiker.setup import is_setup, play_setup

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["play_hitchhiker"]


def play_hitchhiker(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
                    advance: bool = True) -> Resolution:
    """Resolve one phase; the board after is the board at the next phase."""
    if is_setup(position):
        return play_setup(variant, position, orders, rules)  # type: ignore[arg-type]
    if position.phase.kind is PhaseKind.ADJUSTMENT:
        return _adjustments(variant, position, orders, rules)
    return adjudicate(variant.map, position, orders, rules, variant.movement_rules)  # type: ignore[arg-type]


def _adjustments(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules) -> Resolution:
    """Rules 5-7: a build of a kind its power may not build is illegal; then the standard rules."""
    standard, _ = split_orders(orders)
    decided: dict[int, OrderResult] = {}
    passed = []
    for i, o in standard:
        problem = kind_problem(o.power, o.unit) if isinstance(o, Build) else ""
        if problem:
            decided[i] = illegal(o, problem)
        else:
            passed.append((i, o))
    res = adjudicate_adjustments(variant.map, position, [o for _, o in passed], rules)
    decided.update((i, r) for (i, _), r in zip(passed, res.results))
    return replace(res, results=merge_results(len(orders), decided), after=after_adjustments(res.after))
