"""Which spells and familiar orders count (rules 2a, 2g, 2h, 3, 4), decided before the model.

Everything here depends on the orders as given and the board at the start of the turn, never
on the resolution: the checks are Python and their outcome is fixed before the model is built.

Rule 2h ("if any other enemy unit interacts with a wizard unit ... [it] cannot cast a spell")
is judged against the board at the start of the turn with the spells of earlier turns in force,
on the orders as given (the default, ``stasis_first=no``) or, under ``stasis_first=yes``, without
the orders of the units frozen by this turn's Stasis spells (:func:`.movement._after_stasis`). A unit *interacts*
with a wizard when it belongs to another power and its order, legal and valid, is a move into
the wizard's province or a support or convoy of such a move (option ``interaction=attacked``);
``interaction=any_order`` adds any other order aimed at the wizard (a support to hold it).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.reasons import Acted
from dipsat.model.types import Convoy, Move, Order, OrderResult, Position, Result, SupportHold, SupportMove
from dipsat.solver import Rules
from dipsat.solver.legality import check_orders
from dipsat.variants.framework.engine import illegal
from dipsat.variants.framework.orders import SpecialOrder
from dipsat.variants.sorcerous.orders import BuildWizard, Cast, TakeFamiliar
from dipsat.variants.sorcerous.spells import Spell
from dipsat.variants.sorcerous.state import SorcerousState

__all__ = ["CastPlan", "check_specials", "interacting"]

SPELL_LIST = ", ".join(s.value for s in Spell)


@dataclass
class CastPlan:
    """The special orders of one movement phase, sorted (a throwaway working object)."""

    decided: dict[int, OrderResult] = field(default_factory=dict)
    """Order index -> result, for orders already settled (illegal ones)."""
    casts: dict[int, tuple[Cast, str]] = field(default_factory=dict)
    """Order index -> a legal cast and its wizard's province."""
    familiars: dict[int, tuple[TakeFamiliar, str]] = field(default_factory=dict)
    """Order index -> a legal familiar order and its wizard's province."""

    @property
    def acting(self) -> dict[str, str]:
        """Wizard province -> what it does this season instead of a move or support."""
        out = {w: "casts a spell" for _, w in self.casts.values()}
        out.update({w: "takes a familiar" for _, w in self.familiars.values()})
        return out


def _target_problem(gmap: GameMap, position: Position, cast: Cast) -> str:
    spell = cast.spell
    if spell in (Spell.STASIS, Spell.SHIELD):
        assert cast.unit is not None
        return "" if cast.unit.province in position.units else f"no unit in {cast.unit.province} to enchant"
    if spell is Spell.WALL:
        a, b = (p.province for p in cast.places)
        if a == b:
            return "a Wall stands between two different provinces"
        if not gmap.fleet_provinces_adjacent(a, b) and not gmap.army_can_move(a, b):
            return f"a Wall stands between adjacent provinces: {a} and {b} are not adjacent"
        return ""
    sea = cast.places[0].province
    if not gmap.is_sea(sea):
        return f"{spell.value.capitalize()} is cast on a sea: {sea} is not a sea"  # type: ignore[union-attr]
    return ""


def check_specials(gmap: GameMap, position: Position, state: SorcerousState,
                   specials: Sequence[tuple[int, SpecialOrder]]) -> CastPlan:
    """Sort the special orders of a movement phase into illegal, casts and familiar orders.

    ``gmap`` is the variant's own map (a Wall's provinces must be adjacent on it, Ice and Flame
    need a sea of it). One spell a year per wizard (2g) and one order a season per wizard: the
    first written counts; a later one is illegal.
    """
    plan = CastPlan()
    year = position.phase.year
    busy: dict[str, int] = {}
    for i, order in specials:
        if isinstance(order, BuildWizard):
            plan.decided[i] = illegal(order, "wizards are built in the Winter adjustments (rule 2d)")
            continue
        assert isinstance(order, (Cast, TakeFamiliar))
        power = order.power
        wizard = state.wizard_of(power)
        named = order.wizard
        if wizard is None:
            reason = f"{power} has no wizard (rule 2a: only wizards cast spells and take familiars)"
        elif named is not None and named.province != wizard:
            reason = f"{named} is not {power}'s wizard (rule 2a: only wizards cast spells and take familiars)"
        elif wizard in busy:
            reason = f"{power}'s wizard has one order a season; its first one counts (rule 2g)"
        elif isinstance(order, Cast):
            reason = _cast_problem(gmap, position, state, order, year)
        else:
            reason = _familiar_problem(position, state, order, wizard)
        if reason:
            plan.decided[i] = illegal(order, reason)
            continue
        busy[wizard] = i  # type: ignore[index]
        if isinstance(order, Cast):
            plan.casts[i] = (order, wizard)  # type: ignore[assignment]
        else:
            plan.familiars[i] = (order, wizard)  # type: ignore[assignment]
    return plan


def _cast_problem(gmap: GameMap, position: Position, state: SorcerousState, cast: Cast, year: int) -> str:
    if cast.spell is None:
        return f"unknown spell {cast.word!r}; the spells are {SPELL_LIST}"
    if state.has_cast(cast.power, year):
        return f"{cast.power}'s wizard has already cast its spell of {year} (rule 2g: one spell each game year)"
    return _target_problem(gmap, position, cast)


def _familiar_problem(position: Position, state: SorcerousState, order: TakeFamiliar, wizard: str) -> str:
    if state.link_of(order.power) is not None:
        return f"{order.power}'s wizard already has a familiar (rule 4: one at a time)"
    piece = position.units.get(order.unit.province)
    if piece is None:
        return f"no unit in {order.unit.province}"
    if piece.power != order.power:
        return f"{piece.unit} belongs to {piece.power}: a familiar is one of the wizard's own power's units"
    if order.unit.province == wizard:
        return "a wizard cannot be its own familiar"
    return ""


def interacting(board: GameMap, position: Position, orders: Sequence[Order], rules: Rules,
                wizard: str, any_order: bool) -> Order | None:
    """The first order (as given) by which another power's unit interacts with the wizard in
    ``wizard`` (rule 2h), or ``None``; ``orders`` are the orders in force at the start of the turn."""
    facts = check_orders(board, position, orders, rules)
    owner = position.units[wizard].power
    for province, order in sorted(facts.orders.items()):
        if position.units[province].power == owner:
            continue
        hit = False
        if province in facts.moves:
            hit = facts.moves[province].dest == wizard
        elif province in facts.supports:
            o = facts.supports[province]
            hit = (isinstance(o, SupportMove) and o.dest.province == wizard) or (
                any_order and isinstance(o, SupportHold) and o.target.province == wizard)
        elif province in facts.convoys:
            hit = facts.convoys[province].dest.province == wizard
        if hit:
            return order
    return None


def blocked_result(cast: Cast | TakeFamiliar, by: Order) -> OrderResult:
    """The result of a cast the wizard cannot make: it defends itself (rule 2h)."""
    what = {Move: "moves against it", SupportMove: "supports a move against it",
            Convoy: "convoys a move against it", SupportHold: "supports it"}.get(type(by), "acts on it")
    return OrderResult(cast, Result.FAILS,  # type: ignore[arg-type]
                       Acted("fails", f"{by.power}'s {by.unit} {what} ({by}): the wizard is forced to defend "  # type: ignore[union-attr]
                       "itself and cannot cast a spell", "rule 2h"))
