"""Telepath's rule modules: bans are terms of the model's strength expressions (rules 2, 4-8).

A correctly forecast active ban adds ``ban[<move>] = -n`` (``n`` bans on the move) to the
move's attack strength and, under the option ``ban_prevent=reduced``, to its prevent strength;
never to its defend strength (rule 5: the unit keeps its defensive power) nor to the hold
strength of its province. A passive ban adds ``ban[<province>] = -n`` to the hold strength of
a unit that does not move (rule 6). Supports are never banned (rule 7): no term touches them.
``add_bans`` only adds terms; it runs before ``strengths``, which builds the sums.

Two more modules make rule 4 ("if they are reduced to zero movement, then they do not move")
part of the equations rather than of Python:

* ``add_floors`` (after ``strengths``): a strength is a number of units, never below zero.
  Each strength a ban can take below zero is read by the moves through
  ``max0(<strength>) = max(0, <strength>)`` (a named variable with two enforced equalities), and
  every banned move carries ``moves[m] -> max0(attack[m]) >= 1``: a move at zero never moves,
  whatever opposes it (an empty province, rivals banned lower still, a unit banned to below zero).
* ``add_zero_attack_cuts`` (option ``zero_attack=no_cut``, ruling 14): a banned move cuts a
  support only while its attack is at least one: the cutting literal ``cuts[m]`` replaces
  ``path[m]`` in the support's equation, with ``cuts[m] <-> path[m] and max0(attack[m]) >= 1``.
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from dipsat.model.types import Move
from dipsat.solver.constraints import IntVar, LinearExpr
from dipsat.solver.legality import Facts
from dipsat.solver.phase_model import ATTACK, HOLD, PREVENT, Key, Lit, PhaseModel
from dipsat.solver.rules import Rule
from dipsat.variants.framework.engine import add_constant_term
from dipsat.variants.telepath.orders import Ban

CUTS = "cuts"
"""The kind of the decision ``cuts[m]``: the banned move ``m`` cuts a support."""

__all__ = ["CUTS", "add_bans", "ban_effect", "add_floors", "banned_moves", "supports_without_zero_cuts",
           "add_zero_attack_cuts"]


def ban_effect(facts: Facts, ban: Ban) -> str:
    """What a legal ban does to the orders in force: ``attack``, ``hold`` or ``""``.

    ``attack``: an active ban whose forecast names the move the unit carries out; ``hold``: a
    passive ban on a unit that does not move, whatever it was ordered (ruling 6: a unit whose
    move is illegal and one whose move is invalid for want of a convoy both stand, so both are
    passive); ``""``: the forecast is wrong (or names a move that does not take place), the ban
    has no effect.
    """
    province = ban.unit.province
    moving = province in facts.moves
    if ban.dest is None:
        return "" if moving else "hold"
    order = facts.orders.get(province)
    if not moving or not isinstance(order, Move) or order.dest.province != ban.dest.province:
        return ""
    return "attack"


def banned_moves(facts: Facts, bans: Sequence[Ban]) -> Counter[str]:
    """Origin of each move a ban lowers -> the number of bans on it."""
    return Counter(b.unit.province for b in bans if ban_effect(facts, b) == "attack")


def add_bans(pm: PhaseModel, bans: Sequence[Ban] = (), reduce_prevent: bool = True) -> None:
    """Add each legal ban's term to the strengths it lowers (before ``strengths`` runs)."""
    passive: Counter[str] = Counter(b.unit.province for b in bans if ban_effect(pm.facts, b) == "hold")
    for province, n in sorted(banned_moves(pm.facts, bans).items()):
        keys = [(ATTACK, province)] + ([(PREVENT, province)] if reduce_prevent else [])
        add_constant_term(pm, keys, f"ban[{pm.label(province)}]", "ban", -n)
    for province, n in sorted(passive.items()):
        add_constant_term(pm, [(HOLD, province)], f"ban[{province}]", "ban", -n)


def _bounds(pm: PhaseModel, value: LinearExpr | IntVar | int) -> tuple[int, int]:
    """The lowest and highest value ``value`` can take, from its variables' domains."""
    if isinstance(value, int):
        return value, value
    if isinstance(value, IntVar):
        return pm.model.lb[value.index], pm.model.ub[value.index]
    low = high = value.const
    for v, c in value.terms.items():
        lb, ub = pm.model.lb[v], pm.model.ub[v]
        low += c * (lb if c > 0 else ub)
        high += c * (ub if c > 0 else lb)
    return low, high


def add_floors(pm: PhaseModel) -> None:
    """Rule 4: no strength below zero, and a banned move at zero does not move (after ``strengths``).

    Every strength with a negative term that could fall below zero is replaced, for the moves
    that read it, by ``max0(s) == max(0, s)``: ``positive[s] -> max0(s) == s >= 1`` and
    ``not positive[s] -> max0(s) == 0 >= s``. Each banned move then also gets
    ``moves[m] -> max0(attack[m]) >= 1``.
    """
    for key, terms in sorted(pm.terms.items(), key=lambda item: pm.name(item[0])):
        if not any(t[2] < 0 for t in terms):
            continue
        value = pm.strengths.get(key)
        if value is None:
            continue  # a strength no move reads
        if isinstance(value, int):
            pm.strengths[key] = max(0, value)
            continue
        low, high = _bounds(pm, value)
        if low >= 0:
            continue
        high = max(0, high)
        name = pm.name(key)
        floored = pm.model.new_int_var(0, high, f"max0({name})")
        positive = pm.model.new_bool_var(f"positive[{name}]")
        pm.model.add(value >= 1).only_enforce_if(positive)
        pm.model.add(value <= 0).only_enforce_if(~positive)
        pm.model.add(floored == value).only_enforce_if(positive)
        pm.model.add(floored == 0).only_enforce_if(~positive)
        pm.strengths[key] = floored
    for src in sorted(pm.facts.moves):
        if not any(t[0] == "ban" for t in pm.terms.get((ATTACK, src), ())):
            continue
        attack = pm.strengths.get((ATTACK, src))
        moves = pm.moves(src)
        if attack is None or isinstance(moves, bool):
            continue
        if isinstance(attack, int):
            if attack < 1:
                pm.model.add_clause([2 * moves.index + 1])
            continue
        pm.model.add(attack >= 1).only_enforce_if(moves)


class _CutView:
    """The phase model as the support rule sees it under ``zero_attack=no_cut``: the path of a
    banned move is read as ``cuts[m]`` (its path and an attack of at least one)."""

    def __init__(self, pm: PhaseModel, cuts: dict[str, IntVar]) -> None:
        self._pm = pm
        self._cuts = cuts

    def path(self, src: str) -> Lit:
        """``cuts[m]`` for a banned move, else the move's own path."""
        return self._cuts.get(src) or self._pm.path(src)

    def __getattr__(self, name: str) -> object:
        return getattr(self._pm, name)


def supports_without_zero_cuts(base: Rule, bans: Sequence[Ban]) -> Rule:
    """The support rule ``base`` where a banned move cuts only with an attack of one or more."""

    def add_supports_zero_no_cut(pm: PhaseModel) -> None:
        cuts = {src: pm.decision((CUTS, src)) for src in sorted(banned_moves(pm.facts, bans))}
        base(_CutView(pm, cuts))  # type: ignore[arg-type]

    add_supports_zero_no_cut.__doc__ = f"{base.__doc__} A move banned to zero does not cut (ruling 14)."
    return add_supports_zero_no_cut


def add_zero_attack_cuts(pm: PhaseModel, bans: Sequence[Ban] = ()) -> None:
    """cuts[m] <-> path[m] and max0(attack[m]) >= 1, for each banned move (after ``add_floors``)."""
    for src in sorted(banned_moves(pm.facts, bans)):
        label = pm.label(src)
        cuts = pm.decision((CUTS, src))
        path = pm.path(src)
        attack = pm.strengths.get((ATTACK, src))
        mf = pm.facts.moves[src]
        read = [path, pm.leaves(mf.dest)] + [pm.given(s) for s in pm.facts.move_supports.get(src, [])]
        if not pm.defines((CUTS, src), pm.keys_of(read)):
            continue
        if attack is None:  # no strength is read: the move goes where nobody stands
            pm.equal_and(cuts, [path])
            continue
        if isinstance(attack, int):
            pm.equal_and(cuts, [path, attack >= 1])
            continue
        strong = pm.model.new_bool_var(f"strong[{label}]")
        pm.model.add(attack >= 1).only_enforce_if(strong)
        pm.model.add(attack <= 0).only_enforce_if(~strong)
        pm.equal_and(cuts, [path, strong])
