"""Telepath's rule module: bans are terms of the model's strength expressions (rules 2, 4-7).

A correctly forecast active ban adds ``ban[<move>] = -n`` (``n`` bans on the move) to the
move's attack strength and, under the option ``ban_prevent=reduced``, to its prevent strength;
never to its defend strength (rule 5: the unit keeps its defensive power) nor to the hold
strength of its province. A passive ban adds ``ban[<province>] = -n`` to the hold strength of
a unit that does not move (rule 6). Supports are never banned (rule 7): no term touches them.
The module only adds terms; it runs before ``strengths``, which builds the sums.
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from dipsat.model.types import Move
from dipsat.solver.legality import Facts
from dipsat.solver.phase_model import PhaseModel
from dipsat.variants.framework.engine import add_constant_term
from dipsat.variants.telepath.orders import Ban

__all__ = ["add_bans", "ban_effect"]


def ban_effect(facts: Facts, ban: Ban) -> str:
    """What a legal ban does to the orders in force: ``attack``, ``hold``, ``invalid`` or ``""``.

    ``attack``: an active ban whose forecast names the move the unit carries out; ``hold``: a
    passive ban on a unit that does not move; ``invalid``: the forecast is right but the move is
    invalid (it fails anyway); ``""``: the forecast is wrong, the ban has no effect.
    """
    province = ban.unit.province
    order = facts.orders.get(province)
    if ban.dest is None:
        return "" if isinstance(order, Move) else "hold"
    if not isinstance(order, Move) or order.dest.province != ban.dest.province:
        return ""
    return "attack" if province in facts.moves else "invalid"


def add_bans(pm: PhaseModel, bans: Sequence[Ban] = (), reduce_prevent: bool = True) -> None:
    """Add each legal ban's term to the strengths it lowers (before ``strengths`` runs)."""
    active: Counter[str] = Counter()
    passive: Counter[str] = Counter()
    for ban in bans:
        effect = ban_effect(pm.facts, ban)
        if effect == "attack":
            active[ban.unit.province] += 1
        elif effect == "hold":
            passive[ban.unit.province] += 1
    for province, n in sorted(active.items()):
        label = pm.label(province)
        names = [f"attack[{label}]"] + ([f"prevent[{label}]"] if reduce_prevent else [])
        add_constant_term(pm, names, f"ban[{label}]", "ban", -n)
    for province, n in sorted(passive.items()):
        add_constant_term(pm, [f"hold[{province}]"], f"ban[{province}]", "ban", -n)
