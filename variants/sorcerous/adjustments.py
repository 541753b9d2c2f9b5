"""Sorcerous adjustments (rules 2b-2f, 4): wizard builds, spirits' upkeep, linked deaths.

* ``Build W <centre>`` is a build of the power's wizard: only in its wizard centre (2e), only
  while it owns that centre (2f), only when it has no wizard (2b); it is then an ordinary
  build of an army (a fleet for ``WF``, where option ``wizard_kind`` allows it), counted and
  checked like any other (the centre must be a vacant home centre with a build to spare).
* A familiar's spirit needs a centre (rule 4): each spirit due lowers the power's builds by one
  or adds one disband. Builds beyond what is left are illegal (the first ones written count);
  disbands due because of a spirit are ordered and removed like any others.
* A disbanded or removed wizard or familiar takes its partner with it (rule 4). Civil disorder
  counts the partner: a disband that takes a partner with it removes two units; civil disorder
  passes over such a disband while a later unit fits the count still due.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from dipsat.model.board import board_in_play
from dipsat.model.gamemap import GameMap
from dipsat.model.reasons import Acted
from dipsat.model.types import Build, Disband, Order, OrderResult, Piece, Position, Result, Waive
from dipsat.solver import Resolution, Rules
from dipsat.solver.adjustment import CIVIL_DISORDER, adjudicate_adjustments, adjustments_due
from dipsat.solver.phases import after_adjustments
from dipsat.variants.framework.engine import illegal
from dipsat.variants.framework.orders import SpecialOrder
from dipsat.model.kinds import Moves
from dipsat.variants.sorcerous.kinds import is_familiar, is_wizard
from dipsat.variants.sorcerous.orders import BuildWizard
from dipsat.variants.sorcerous.state import SorcerousState
from dipsat.variants.sorcerous.turn import bury

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["WIZARD_CENTRES", "play_adjustments"]

WIZARD_CENTRES = {"Austria": "bud", "England": "edi", "France": "par", "Germany": "kie",
                  "Italy": "rom", "Russia": "mos", "Turkey": "smy"}
"""Rule 2e: the one centre where each power builds its wizard."""


def _wizard_problem(variant: Variant, position: Position, state: SorcerousState, order: BuildWizard,
                    building: set[str]) -> str:
    power = order.power
    centre = WIZARD_CENTRES.get(power)
    where = order.location.province
    if where != centre:  # the place decides first: no other rule could make it legal
        other = next((p for p, c in WIZARD_CENTRES.items() if c == where), None)
        if other is not None:
            return f"{where} is {other}'s wizard centre; {power} builds its wizard only in {centre} (rules 2e, 2f)"
        return f"{power} builds its wizard only in {centre} (rule 2e)"
    if position.centres.get(centre) != power:
        return f"{power} does not own {centre}, its wizard centre (rule 2f)"
    if state.wizard_of(power) is not None:
        return f"{power} already has a wizard in {state.wizard_of(power)} (rule 2b: one at a time)"
    if power in building:
        return f"{power} builds one wizard (rule 2b: one at a time)"
    if order.fleet:
        choice = variant.choice("wizard_kind")
        if choice == "army" or (choice == "england_fleet" and power != "England"):
            return "a wizard is an army (rule 2a; option wizard_kind)"
    return ""


def play_adjustments(variant: Variant, position: Position, standard: list[tuple[int, Order]],
                     specials: list[tuple[int, SpecialOrder]], rules: Rules, decided: dict[int, OrderResult],
                     state: SorcerousState) -> tuple[Resolution, SorcerousState, list[OrderResult]]:
    """Resolve a Winter adjustment phase; the board returned is at the next Spring."""
    year = position.phase.year
    forever = variant.choice("spirit") == "forever"
    passed: list[tuple[int, Order]] = []
    wizards: dict[int, BuildWizard] = {}
    building: set[str] = set()
    for i, o in list(standard):
        if isinstance(o, Build) and is_wizard(o.unit.kind):  # "Build wizard Paris": a wizard build all the same
            standard.remove((i, o))
            specials.append((i, BuildWizard(o.power, o.unit.location, o.unit.kind.moves is Moves.FLEET)))
        elif isinstance(o, Build) and is_familiar(o.unit.kind):
            standard.remove((i, o))
            decided[i] = illegal(o, "a familiar is not built: a wizard takes one of its power's units (rule 4)")
    for i, o in sorted(specials, key=lambda x: x[0]):
        if not isinstance(o, BuildWizard):
            decided[i] = illegal(o, "spells and familiars are ordered in movement phases (rule 2g)")
            continue
        problem = _wizard_problem(variant, position, state, o, building)
        if problem:
            decided[i] = illegal(o, problem)
            continue
        building.add(o.power)
        wizards[i] = o
        passed.append((i, Build(o.power, o.unit)))
    passed = sorted([*passed, *standard])
    due = adjustments_due(position)
    hidden: dict[str, str] = {}
    for power in sorted({p for p, _ in state.spirits}):
        extra = state.spirits_due(power, year, forever)
        if not extra:
            continue
        left = due.get(power, 0) - extra
        if left >= 0:
            mine = [i for i, o in passed if isinstance(o, (Build, Waive)) and o.power == power]
            for i in mine[left:]:
                decided[i] = illegal(dict(passed)[i] if i not in wizards else wizards[i],
                                     f"{power} has no build left: its familiar's spirit needs a centre (rule 4)")
            passed = [(i, o) for i, o in passed if i not in decided]
        else:
            owned = sorted(p for p, pw in position.centres.items() if pw == power)
            for centre in owned[:min(extra, len(owned))]:
                hidden[centre] = power
    board = replace(position, centres={c: p for c, p in position.centres.items() if c not in hidden}) \
        if hidden else position
    res = _count_partners(adjudicate_adjustments(variant.map, board, [o for _, o in passed], rules),
                          adjustments_due(board), state, board_in_play(variant.map, board), rules)
    for (i, o), r in zip(passed, res.results):
        decided[i] = replace(r, order=wizards[i]) if i in wizards else r
    for i, o in wizards.items():
        if decided[i].result is Result.SUCCEEDS:
            state = state.add_wizard(o.power, o.location.province)
            decided[i] = replace(decided[i], why=Acted("succeeds", f"{o.power}'s wizard built in {o.location.province}"))
    after = replace(res.after, centres=position.centres) if hidden else res.after
    moved = {p: None for p in position.units if p not in after.units}
    after, state, linked = bury(after, state, moved, year + 1)
    return replace(res, after=after_adjustments(after)), state, linked


def _count_partners(res: Resolution, due: dict[str, int], state: SorcerousState, gmap: GameMap,
                    rules: Rules) -> Resolution:
    """``res`` with its civil disorder disbands chosen again knowing rule 4: a disband takes the
    linked partner with it (two units gone). Units are taken in the core's ranking (farthest
    first), passing over a unit whose disband would leave the count due out of reach of the units
    ranked after it (so exactly the count due goes whenever it can); when it cannot (the one pair
    is all that is left and one unit is due), the ranking alone decides."""
    partner = {a: b for link in state.links for a, b in ((link.wizard, link.familiar), (link.familiar, link.wizard))}
    if not partner or not res.generated:
        return res
    units = dict(res.after.units)
    units.update({r.order.unit.province: res.before.units[r.order.unit.province]
                  for r in res.generated if isinstance(r.order, Disband)})
    generated = [r for r in res.generated if not isinstance(r.order, Disband)]
    auto = {r.order.unit.province: r for r in res.generated if isinstance(r.order, Disband)}
    why = next(iter(auto.values())).why
    for power in sorted({r.order.power for r in auto.values()}):
        gone: set[str] = set()
        for r in res.results:
            if isinstance(r.order, Disband) and r.result is Result.SUCCEEDS and r.order.power == power:
                p = r.order.unit.province
                gone.update({p, partner.get(p, p)})
        need = -due.get(power, 0) - len(gone)
        ranking: list[Piece] = []
        for pc in CIVIL_DISORDER[rules.civil_disorder](gmap, res.before, units, power):
            if pc.unit.province not in gone and partner.get(pc.unit.province) not in {r.unit.province for r in ranking}:
                ranking.append(pc)  # a linked pair once, by its partner ranked first
        sizes = [2 if partner.get(pc.unit.province) in units else 1 for pc in ranking]
        exact = _exact(need, sizes)
        for k, piece in enumerate(ranking):
            if need <= 0:
                break
            if exact and (sizes[k] > need or not _exact(need - sizes[k], sizes[k + 1:])):
                continue  # passed over: taking it would remove more units than are due
            need -= sizes[k]
            gone.update({piece.unit.province, partner.get(piece.unit.province, piece.unit.province)})
            generated.append(auto.get(piece.unit.province) or
                             OrderResult(Disband(power, piece.unit), Result.SUCCEEDS, why))
    for r in generated:
        if isinstance(r.order, Disband):
            units.pop(r.order.unit.province, None)
    return replace(res, generated=tuple(generated), after=replace(res.after, units=units))


def _exact(need: int, sizes: list[int]) -> bool:
    """Whether some of the units (each removing ``sizes[k]`` units: 1, or 2 with its partner) remove
    exactly ``need``; a power has one wizard, so at most one size is 2."""
    singles = sizes.count(1)
    return need <= singles or (2 in sizes and 0 <= need - 2 <= singles)
