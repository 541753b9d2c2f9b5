"""Telepath's engine: which bans count (rules 1, 3, 4), then the standard phase with the bans
as terms of the model (:mod:`dipsat.variants.telepath.rules`).

A ban is illegal (it has no effect) when it is given in a retreat or adjustment phase (rule 3),
by a power with no unit on the board (rule 1), for a unit that is not there or not the named
power's, or when its power gives another ban in the same turn (rule 1: one ban a turn; option
``several_bans``). A legal ban *succeeds* when it takes effect and *fails* when its forecast is
wrong (an active ban on a unit that does not make that move, a passive ban on a moving unit).
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Mapping, Sequence

from dipsat.model.reasons import Acted
from dipsat.model.types import Move, OrderResult, PhaseKind, Position, Result
from dipsat.solver import Resolution, Rules, adjudicate
from dipsat.solver.legality import Facts
from dipsat.solver.movement import adjudicate_movement
from dipsat.solver.phase_model import PREVENT
from dipsat.solver.phases import after_movement
from dipsat.solver.rules import Rule, with_options
from dipsat.variants.framework.engine import illegal, insert_before, merge_results, phase_word, split_orders
from dipsat.variants.framework.orders import AnyOrder
from dipsat.variants.telepath.orders import Ban
from dipsat.variants.telepath.rules import (
    add_bans, add_floors, add_zero_attack_cuts, ban_effect, supports_without_zero_cuts,
)

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["play_telepath", "check_bans"]


def check_bans(variant: Variant, position: Position, bans: Sequence[tuple[int, Ban]]) -> dict[int, str]:
    """Index of each ban -> why it is illegal, or ``""`` when it counts."""
    found: dict[int, str] = {}
    kind = position.phase.kind
    powers_on_board = {p.power for p in position.units.values()}
    by_power: dict[str, list[tuple[int, Ban]]] = {}
    for i, ban in bans:
        piece = position.units.get(ban.unit.province)
        if kind is not PhaseKind.MOVEMENT:
            found[i] = f"bans may not take place during {phase_word(position.phase)} (Telepath rule 3)"
        elif ban.power not in powers_on_board:
            found[i] = f"{ban.power} has no unit on the board (Telepath rule 1)"
        elif piece is None:
            found[i] = f"no unit in {ban.unit.location} to ban"
        elif piece.power != ban.target:
            found[i] = f"{piece.unit} belongs to {piece.power}, not {ban.target}"
        elif piece.power == ban.power and variant.choice("own_units") == "forbidden":
            found[i] = "a player may not ban his own unit (option own_units=forbidden)"
        else:
            found[i] = ""
            by_power.setdefault(ban.power, []).append((i, ban))
    for power, given in by_power.items():
        different = {b for _, b in given}
        if len(different) < 2:
            continue
        keep = given[0][1] if variant.choice("several_bans") == "first" else None
        for i, ban in given:
            if ban != keep:
                found[i] = (f"{power} gave {len(different)} different bans this turn; one ban a turn "
                            f"(Telepath rule 1, option several_bans={variant.choice('several_bans')})")
    return found


def _ban_result(facts: Facts, ban: Ban) -> OrderResult:
    effect = ban_effect(facts, ban)
    label = str(facts.orders.get(ban.unit.province))
    reasons = {
        "attack": f"forecast right; the attack of {label} is reduced by one",
        "hold": f"{ban.unit} does not move; its hold strength is reduced by one",
        "": (f"{ban.unit} makes no move: {label} is invalid, the unit stands"
             if ban.active and isinstance(facts.orders.get(ban.unit.province), Move)
             and ban.unit.province not in facts.moves
             else f"{ban.unit} makes no move: it carries out {label}"
             if ban.active and ban.unit.province not in facts.moves
             else f"{ban.unit} carries out {label}, not the forecast move" if ban.active
             else f"{ban.unit} moves ({label}); a passive ban has no effect"),
    }
    return OrderResult(ban, Result.SUCCEEDS if effect else Result.FAILS,
                       Acted("succeeds" if effect else "fails", reasons[effect]))  # type: ignore[arg-type]


def _standoffs(res: Resolution) -> Position:
    """The board after movement, where only a bounce of two or more moves leaves a standoff.

    In the standard game a lone move into an empty province never fails for want of strength;
    a banned one can (rule 4), and rule 3 lets a unit retreat where a ban stopped a move.
    """
    after = res.after
    facts, strengths = res.model.facts, res.values.strengths  # type: ignore[union-attr]
    kept = frozenset(p for p in after.standoffs
                     if sum(1 for o in facts.attackers.get(p, [])
                            if strengths.get((PREVENT, o), 0) > 0) >= 2)
    return replace(after, standoffs=kept)


def _modules(variant: Variant, rules: Rules, bans: tuple[Ban, ...]) -> Mapping[str, Rule]:
    """The movement rule modules with the bans: their terms before ``strengths``, the floor at
    zero (rule 4) after it, and under ``zero_attack=no_cut`` the support rule that lets only a
    move with an attack of one or more cut."""
    module = partial(add_bans, bans=bans, reduce_prevent=variant.choice("ban_prevent") == "reduced")
    modules = insert_before(variant.movement_rules, "strengths", {"bans": module})
    modules = insert_before(modules, "moves", {"floors": add_floors})
    if variant.choice("zero_attack") == "no_cut" and any(b.active for b in bans):
        chosen = dict(with_options(modules, rules))
        chosen["supports"] = supports_without_zero_cuts(chosen["supports"], bans)
        modules = insert_before(chosen, "moves", {"zero_attack_cuts": partial(add_zero_attack_cuts, bans=bans)})
    return modules


def play_telepath(variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
                  advance: bool = True) -> Resolution:
    """Resolve one Telepath phase; the board after is the board at the next phase."""
    standard, bans = split_orders(orders)
    verdicts = check_bans(variant, position, bans)  # type: ignore[arg-type]
    decided: dict[int, OrderResult] = {i: illegal(b, verdicts[i]) for i, b in bans if verdicts[i]}
    plain = [o for _, o in standard]
    if position.phase.kind is not PhaseKind.MOVEMENT:
        res = adjudicate(variant.map, position, plain, rules, variant.movement_rules, advance=True)
    else:
        legal = tuple(b for i, b in bans if not verdicts[i])
        res = adjudicate_movement(variant.map, position, plain, rules, _modules(variant, rules, legal))
        res = replace(res, after=after_movement(variant.map, _standoffs(res)))
        for i, ban in bans:
            if not verdicts[i]:
                decided[i] = _ban_result(res.model.facts, ban)  # type: ignore[arg-type]
    decided.update((i, r) for (i, _), r in zip(standard, res.results))
    return replace(res, results=merge_results(len(orders), decided))
