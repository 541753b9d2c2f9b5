"""Rule 4, the Winter 1900 set-up: each power disposes one unit per home centre as it likes.

The game starts at ``Winter 1900 Adjustment`` with no unit on the board (the Hitch-hiker's four
units apart, placed at random: part 2, or stated by a case). Each power but the Hitch-hiker
builds in its home centres any mix of the kinds it may build (:func:`kind_problem`). A power that
gives no order gets the standard set-up (:data:`STANDARD_SETUP`: the standard start with Russia's
fleet on Sevastopol's west coast, six destructor ships for the Vogon); a home centre left empty
by a power that did order gets its standard unit too, or stays empty under option
``partial_setup=empty``. Rulings S1-S7 in ``docs/variants/hitchhiker.md``.
"""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Mapping, Sequence

from dipsat.model.reasons import Acted
from dipsat.model.types import (
    Build, Order, OrderResult, Phase, PhaseKind, Piece, Position, Result, Season, Unit,
)
from dipsat.solver import Resolution, Rules
from dipsat.solver.adjustment import adjudicate_adjustments
from dipsat.solver.phases import after_adjustments
from dipsat.variants.framework.engine import illegal
from dipsat.variants.hitchhiker.kinds import HITCH_HIKER, VOGON, kind_problem, unit_from_text
from dipsat.variants.hitchhiker.orders import Nbo

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["SETUP_PHASE", "STANDARD_SETUP", "is_setup", "nbo_centres", "play_setup"]

SETUP_PHASE: Final = Phase(1900, Season.WINTER, PhaseKind.ADJUSTMENT)
"""Rule 4: the first season of the game."""

STANDARD_SETUP: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType({
    "Austria": ("A vie", "A bud", "F tri"),
    "England": ("F lon", "F edi", "A lvp"),
    "France": ("F bre", "A par", "A mar"),
    "Germany": ("F kie", "A ber", "A mun"),
    "Italy": ("F nap", "A rom", "A ven"),
    "Russia": ("A mos", "A war", "F sev/wc", "F stp/sc"),
    "Turkey": ("F ank", "A con", "A smy"),
    "Vogon": ("V cri", "V cyp", "V dan", "V ice", "V sar", "V swi"),
})
"""Rule 4: the set-up of a power that sends no Winter 1900 orders (the Hitch-hiker has none)."""


def is_setup(position: Position) -> bool:
    """Tell whether ``position`` is at the Winter 1900 set-up."""
    return position.phase == SETUP_PHASE


def play_setup(variant: Variant, position: Position, orders: Sequence[Order], rules: Rules) -> Resolution:
    """Resolve the Winter 1900 set-up; the board after is Spring 1901's."""
    gmap = variant.map
    decided: dict[int, OrderResult] = {}
    passed: list[tuple[int, Order]] = []
    given_up: dict[str, str] = {}
    for i, o in enumerate(orders):
        if isinstance(o, Nbo) and variant.choice("nbo_1900") == "yes" and o.power != HITCH_HIKER:
            problem = _nbo_problem(variant, position, o, given_up)
            if problem:
                decided[i] = illegal(o, problem)
            else:
                given_up[o.centre] = o.power
                decided[i] = OrderResult(o, Result.SUCCEEDS, Acted(  # type: ignore[arg-type]
                    "succeeds", "the placement there is given up; the centre is Vogon-proof (secret)",
                    "rule 7d; option nbo_1900=yes"))
            continue
        problem = _problem(variant, o)
        if not problem and isinstance(o, Build) and o.unit.province in given_up:
            problem = f"{o.power} gave up the placement in {o.unit.province} by an NBO (option nbo_1900=yes)"
        if problem:
            decided[i] = illegal(o, problem)
        else:
            passed.append((i, o))
    res = adjudicate_adjustments(gmap, position, [o for _, o in passed], rules)
    decided.update((i, r) for (i, _), r in zip(passed, res.results))
    for i, o in enumerate(orders):  # an NBO after a build there: the build came first
        if isinstance(o, Nbo) and decided[i].result is Result.SUCCEEDS and o.centre in res.after.units:
            decided[i] = illegal(o, f"{o.power} already places a unit in {o.centre}")
            del given_up[o.centre]
    units = dict(res.after.units)
    ordering = {o.power for o in orders}
    fill_partial = variant.choice("partial_setup") == "standard"
    generated = []
    for power, texts in STANDARD_SETUP.items():
        if power not in gmap.powers or (power in ordering and not fill_partial):
            continue
        why = ("standard set-up: no Winter 1900 orders (rule 4)" if power not in ordering
               else "standard set-up of a home centre left empty (option partial_setup=standard)")
        for text in texts:
            unit = unit_from_text(gmap, text)
            if unit.province in units or unit.province in given_up or position.centres.get(unit.province) != power:
                continue
            units[unit.province] = Piece(power, unit)
            generated.append(OrderResult(Build(power, unit), Result.SUCCEEDS, Acted("succeeds", f"{why}")))
    after = after_adjustments(replace(res.after, units=units, changes=position.changes))
    results = tuple(decided[i] for i in range(len(orders)))
    return replace(res, before=position, results=results, generated=(*res.generated, *generated), after=after)


def nbo_centres(orders: Sequence[object], results: Sequence[OrderResult]) -> frozenset[str]:
    """The centres made Vogon-proof by the set-up's NBOs (option ``nbo_1900=yes``)."""
    return frozenset(o.centre for o, r in zip(orders, results) if isinstance(o, Nbo) and r.result is Result.SUCCEEDS)


def _nbo_problem(variant: Variant, position: Position, o: Nbo, given_up: Mapping[str, str]) -> str:
    """Why a Winter 1900 NBO is illegal under ``nbo_1900=yes`` (ruling N3), or ``""``."""
    if o.centre not in variant.map.supply_centres:
        return f"{o.centre} is not a supply centre"
    if position.centres.get(o.centre) != o.power or o.centre not in variant.map.home_centres(o.power):
        return f"{o.centre} is not a home centre of {o.power}: no placement there to give up (rule 4)"
    if o.centre in variant.map.home_centres(VOGON):
        return f"{o.centre} is already Vogon-proof (rule 7d)"
    if o.centre in given_up:
        return f"{o.centre} is already given up by an NBO"
    return ""


def _problem(variant: Variant, order: Order) -> str:
    """Why a Winter 1900 order is illegal beyond the standard build rules, or ``""``."""
    if order.power == HITCH_HIKER:
        return "the Hitch-hiker gives no Winter 1900 orders: his units are placed at random (rules 4, 6)"
    if not isinstance(order, Build):
        return "only builds are ordered in Winter 1900 (rule 4: each power disposes its units)"
    return kind_problem(order.power, order.unit)


def standard_unit(variant: Variant, power: str, province: str) -> Unit | None:
    """The unit of the standard set-up in ``province`` for ``power``, if any."""
    for text in STANDARD_SETUP.get(power, ()):
        unit = unit_from_text(variant.map, text)
        if unit.province == province:
            return unit
    return None
