"""The Hitchhiker's Guide's engine: one phase of the game (rules 4-6).

Winter 1900: the set-up (:mod:`.setup`). Other adjustments: who may build which kind
(:mod:`.kinds`), then the standard rules. Movement: the orders in force (:mod:`.plan`: lifts
replace their lifters' orders and move hitch-hikers off the adjacency graph, bubble-cars reach
any province), one CP-SAT model at strength scale 2 (the bubble-cars' halves are exact; option
``bubble_attack=all_half``: :mod:`.rules`), then the standard sequence of phases.
The board after a phase is always the board at the next phase.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Sequence

from dipsat.model.board import AddCentre, Lasting
from dipsat.model.types import Build, OrderResult, PhaseKind, Position, Result
from dipsat.solver import Resolution, Rules
from dipsat.solver.adjustment import adjudicate_adjustments
from dipsat.solver.movement import adjudicate_movement
from dipsat.solver.phases import after_adjustments, after_movement, after_retreats
from dipsat.solver.retreat import adjudicate_retreats
from dipsat.variants.framework.engine import illegal, insert_before, merge_results, split_orders
from dipsat.variants.framework.orders import AnyOrder
from dipsat.variants.hitchhiker.kinds import HITCH_HIKER, kind_problem
from dipsat.variants.hitchhiker.plan import GIVES_LIFT, make_plan
from dipsat.variants.hitchhiker.rules import add_half_supports
from dipsat.variants.framework.state import state_of, with_state
from dipsat.variants.hitchhiker.setup import is_setup, play_setup
from dipsat.variants.hitchhiker.stacks import dislodge_stacks, put_back, set_aside, settle_retreats
from dipsat.variants.hitchhiker.state import EMPTY

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["play_hitchhiker", "in_halves"]

_STRENGTH_RE = re.compile(r"(\(|\b(?:attack|defend|strength|against|hold) )(\d+)")


def in_halves(reason: str) -> str:
    """Write the model's strengths (counted in halves, ruling B5) as a reader counts: ``1.5``."""
    def half(m: re.Match[str]) -> str:
        n = int(m[2])
        return m[1] + (str(n // 2) if n % 2 == 0 else f"{n / 2:g}")
    return _STRENGTH_RE.sub(half, reason)


def _readable(r: OrderResult, res: Resolution) -> str:
    """The reason with the model's strengths in halves; a unit nobody attacks is not in the model
    and its reason already counts whole units."""
    attacked = getattr(getattr(res.model, "facts", None), "attackers", None)
    province = getattr(getattr(r.order, "unit", None), "province", None)
    if r.reason.startswith("stands: hold strength") and attacked is not None and province not in attacked:
        return r.reason
    return in_halves(r.reason)


def play_hitchhiker(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
                    advance: bool = True) -> Resolution:
    """Resolve one phase; the board after is the board at the next phase."""
    if is_setup(position):
        return play_setup(variant, position, orders, rules)  # type: ignore[arg-type]
    kind = position.phase.kind
    if kind is PhaseKind.ADJUSTMENT:
        return _adjustments(variant, position, orders, rules)
    if kind is PhaseKind.RETREAT:
        return _retreats(variant, position, orders, rules)
    return _movement(variant, position, orders, rules)


def _movement(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules) -> Resolution:
    state = state_of(position, EMPTY)
    plan = make_plan(variant, position, orders)
    modules = variant.movement_rules
    if variant.choice("bubble_attack") == "all_half" and plan.halved:
        modules = insert_before(modules, "strengths", {
            "half_supports": partial(add_half_supports, provinces=tuple(plan.halved))})
    board = set_aside(position, plan.aside) if plan.aside else position
    res = adjudicate_movement(variant.map, board, plan.passed, rules, modules, off_graph=plan.off_graph)
    decided = dict(plan.results)
    generated = [replace(g, reason=_readable(g, res)) for g in res.generated]
    fates = {}
    for r, src in zip(res.results, plan.source):
        if src is None:  # a lifting unit's hold: its fate belongs to its replaced order
            fates[r.order.unit.province] = r.tag  # type: ignore[union-attr]
            generated.append(replace(r, reason=f"{r.result.value}: {GIVES_LIFT}"))
            continue
        decided[src] = replace(r, order=orders[src], reason=_readable(r, res))  # type: ignore[arg-type]
    for i, r in list(decided.items()):
        province = getattr(getattr(r.order, "unit", None), "province", None)
        if r.result is Result.FAILS and province in plan.lifters and fates.get(province) is not None:
            decided[i] = replace(r, tag=fates[province])
    after = put_back(position, res.after, plan.aside) if plan.aside else res.after
    moved_out = frozenset(orders[i].hitchhiker.province for i in plan.lifters.values()  # type: ignore[union-attr]
                          if decided[i].result is Result.SUCCEEDS)
    after, carried, destroyed = dislodge_stacks(after, moved_out)
    generated += destroyed
    after = with_state(after_movement(variant.map, after), replace(state, carried=carried))
    return replace(res, before=position, results=merge_results(len(orders), decided),
                   generated=tuple(generated), after=after)


def _retreats(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules) -> Resolution:
    state = state_of(position, EMPTY)
    standard, specials = split_orders(orders)
    decided = {i: illegal(o, "only retreats and disbands are ordered in a retreat phase") for i, o in specials}
    res = adjudicate_retreats(variant.map, position, [o for _, o in standard], rules)
    decided.update((i, r) for (i, _), r in zip(standard, res.results))
    after, gone = settle_retreats(position, res.after, [*res.results, *res.generated], dict(state.carried))
    after = with_state(after_retreats(variant.map, after), replace(state, carried={}))
    return replace(res, results=merge_results(len(orders), decided), generated=(*res.generated, *gone),
                   after=after)


def _adjustments(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules) -> Resolution:
    """Rules 5-7: a build of a kind its power may not build is illegal; then the standard rules."""
    standard, specials = split_orders(orders)
    decided: dict[int, OrderResult] = {
        i: illegal(o, "only builds, disbands and waives are ordered in an adjustment phase") for i, o in specials}
    passed = []
    for i, o in standard:
        problem = kind_problem(o.power, o.unit) if isinstance(o, Build) else ""
        if problem:
            decided[i] = illegal(o, problem)
        else:
            passed.append((i, o))
    res = adjudicate_adjustments(variant.map, _hitchhiker_sites(variant, position), [o for _, o in passed], rules)
    decided.update((i, r) for (i, _), r in zip(passed, res.results))
    after = replace(res.after, changes=position.changes)
    return replace(res, before=position, results=merge_results(len(orders), decided), after=after_adjustments(after))


def _hitchhiker_sites(variant: Variant, position: Position) -> Position:
    """Rule 6 (ruling H1): the Hitch-hiker builds "in any centre he controls": for this phase each
    centre he owns counts as one of his homes (a change of the board that ends with the phase)."""
    homes = variant.map.home_centres(HITCH_HIKER)
    extra = tuple(Lasting(AddCentre(c, home=HITCH_HIKER), until=position.phase)
                  for c, owner in sorted(position.centres.items()) if owner == HITCH_HIKER and c not in homes)
    return replace(position, changes=(*position.changes, *extra)) if extra else position
