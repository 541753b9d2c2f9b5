"""Pieces every variant engine uses: splitting orders, merging results, extra rule modules.

An *engine* plays one phase of a variant: ``engine(variant, position, orders, rules, advance)``
returns a :class:`~dipsat.solver.resolution.Resolution` whose ``results`` hold one result per
given order, in the order given, special orders included. The standard game has no engine of
its own (:func:`dipsat.solver.adjudicate` plays it). A variant engine keeps the solver's road:
it decides in Python what the rules decide before the model (order overrides, removals), hands
the orders in force to :func:`~dipsat.solver.movement.adjudicate_movement` with its own rule
modules inserted before ``strengths``, and applies the events that follow the phase.
"""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from dipsat.model.errors import InputError
from dipsat.model.reasons import Illegal, Then
from dipsat.model.types import Hold, Order, OrderResult, Phase, PhaseKind, Result
from dipsat.solver.phase_model import Key, PhaseModel
from dipsat.solver.rules import Rule
from dipsat.variants.framework.orders import AnyOrder, SpecialOrder

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["RefusedOrder", "split_orders", "insert_before", "named_constant", "add_constant_term",
           "merge_results", "illegal", "phase_word", "carry_fates"]


class RefusedOrder(InputError):
    """A line of a phase the variant refuses outright, where a result would silently change the
    game (a stated draw that cannot be used, a refused vote): the reader of the file names its
    line (the case runner, the record player). ``index``: the line's place among the phase's orders."""

    def __init__(self, message: str, index: int, source: str | None = None, line: int | None = None) -> None:
        super().__init__(message, source, line)
        self.index = index

    def __reduce__(self) -> tuple[type[RefusedOrder], tuple[str, int, str | None, int | None]]:  # type: ignore[override]
        return (type(self), (self.message, self.index, self.source, self.line))


def split_orders(orders: Sequence[AnyOrder]) -> tuple[list[tuple[int, Order]], list[tuple[int, SpecialOrder]]]:
    """The standard orders and the variant's own, each with its index in ``orders``."""
    standard = [(i, o) for i, o in enumerate(orders) if not isinstance(o, SpecialOrder)]
    special = [(i, o) for i, o in enumerate(orders) if isinstance(o, SpecialOrder)]
    return standard, special  # type: ignore[return-value]


def insert_before(rules: Mapping[str, Rule], anchor: str, new: Mapping[str, Rule]) -> Mapping[str, Rule]:
    """The rule modules of ``rules`` with ``new`` inserted just before ``anchor`` (in order).

    Raises:
        KeyError: ``anchor`` is not a rule of ``rules``.
    """
    if anchor not in rules:
        raise KeyError(f"no rule {anchor!r} to insert before; rules: {', '.join(rules)}")
    out: dict[str, Rule] = {}
    for name, rule in rules.items():
        if name == anchor:
            out.update(new)
        out[name] = rule
    return MappingProxyType(out)


def named_constant(pm: PhaseModel, name: str, value: int) -> cp_model.IntVar:
    """A model variable fixed to ``value`` and named ``name`` (``superman[par]``): a term that an
    exported model shows by name inside the strength it changes."""
    return pm.model.new_int_var(value, value, name)


def add_constant_term(pm: PhaseModel, strengths: Iterable[Key], name: str, what: str, value: int) -> None:
    """Add the named constant ``value`` as a term of each strength of ``strengths`` (by key:
    ``(HOLD, "par")``, ``(ATTACK, "par")``)."""
    var = named_constant(pm, name, value)
    for strength in strengths:
        pm.add_term(strength, what, var, value, value)


def merge_results(count: int, decided: Mapping[int, OrderResult]) -> tuple[OrderResult, ...]:
    """One result per given order, in the order given.

    Raises:
        AssertionError: an order has no result (an engine bug).
    """
    missing = [i for i in range(count) if i not in decided]
    assert not missing, f"orders without a result: {missing}"
    return tuple(decided[i] for i in range(count))


def illegal(order: AnyOrder, reason: str) -> OrderResult:
    """The result of an order that is not allowed: it has no effect."""
    return OrderResult(order, Result.ILLEGAL, Illegal(reason))  # type: ignore[arg-type]


def carry_fates(decided: dict[int, OrderResult], generated: Sequence[OrderResult],
                units: Mapping[int, str]) -> list[OrderResult]:
    """Give the orders settled before the model (an illegal order, a wizard's cast: the unit
    holds) the fate of their unit, as the standard game does (``illegal, dislodged``, ``fails,
    destroyed``): the model held such a unit with a hold of its own (a generated result carrying
    the tag); that hold is dropped and its tag and reason join the order's result. ``units``:
    order index -> the province of the unit the order is for. Returns the generated results left."""
    fates = {(g.order.power, g.order.unit.province): g for g in generated  # type: ignore[union-attr]
             if g.tag is not None and isinstance(g.order, Hold)}
    used: set[int] = set()
    for i, province in units.items():
        r = decided.get(i)
        g = fates.get((r.order.power, province)) if r is not None and r.tag is None else None  # type: ignore[union-attr]
        if g is None or id(g) in used:
            continue
        decided[i] = replace(r, tag=g.tag, why=Then(r.why, g.why, "; "))  # type: ignore[type-var]
        used.add(id(g))
    return [g for g in generated if id(g) not in used]


def phase_word(phase: Phase) -> str:
    """``retreats`` / ``Winter adjustments`` / ``Summer adjustments``: a phase named in a reason."""
    if phase.kind is PhaseKind.RETREAT:
        return "retreats"
    if phase.kind is PhaseKind.ADJUSTMENT:
        return f"{phase.season.value} adjustments"
    return f"{phase.season.value} movement"


