"""Vain Star's rule modules: Supermen, Lepers, Petrol Rationing and hyperspace as terms of the
model's strength expressions (rules E, F, I, C).

Each term is a named constant variable of the model (``superman[par]``, ``leper[mun]``,
``petrol[A mun - bur]``, ``hyperspace[bre]``) added with :meth:`PhaseModel.add_term` to the
strengths it changes, so an exported model shows ``attack[A par - bur] == 1 + ... +
superman[par]``. No Python ``if`` decides a battle: a Superman wins because its term dominates
every finite strength in the same inequalities as any other attack.

* Superman (E): ``SUPERMAN`` added to the attack, defend and prevent strengths of its move and
  to the hold strength of its province. Every finite strength is below it (at most 35 units
  stand on the board), so only another Superman's equal term stands it off.
* Leper (F): ``LEPER`` added to the hold strength of its province; above any Superman, so a
  Leper is never dislodged and stands off every move into it, a Superman's too.
* Petrol Rationing (I): ``+n`` on the attack, defend and prevent strengths of the move.
* Hyperspace (C, option ``teleport_origin=vacated``): ``-1`` on the hold strength of a
  teleporting unit's province, which is empty (hold 0) whether the teleport succeeds or not;
  and, after ``strengths``, every move into that province attacks it as an empty province
  (``add_hyperspace_entries``): ``entry[<move>]`` is the move's full attack, with no exception
  for a unit of the teleporter's own power nor for supports of that power (ruling C2), since
  nobody of that power is there.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Mapping

from dipsat.solver.phase_model import ATTACK, DEFEND, HOLD, PREVENT, Key, PhaseModel
from dipsat.solver.rules.battles import battle_strengths
from dipsat.solver.rules.strengths import support_sum
from dipsat.variants.framework.engine import add_constant_term

__all__ = ["SUPERMAN", "LEPER", "add_supermen", "add_lepers", "add_petrol", "add_hyperspace",
           "add_hyperspace_entries", "add_flight_battles"]

SUPERMAN = 1_000
"""A Superman's strength term: more than any sum of finite strengths on a 34-centre map."""
LEPER = 1_000_000
"""A Leper's hold-strength term: more than a Superman's attack."""


INFINITE_NAMES = ((LEPER - 100_000, "Leper"), (SUPERMAN - 100, "Superman"))
"""How the reasons name an infinite strength: the first threshold it reaches."""


def _move_strengths(province: str) -> list[Key]:
    return [(ATTACK, province), (DEFEND, province), (PREVENT, province)]


def add_supermen(pm: PhaseModel, provinces: Iterable[str] = ()) -> None:
    """Give each Superman's move and hold strengths the term ``superman[p] = SUPERMAN``; the
    reasons write such strengths as ``infinite (Superman)``."""
    pm.scale = replace(pm.scale, infinite=SUPERMAN - 100, names=INFINITE_NAMES)
    for province in sorted(provinces):
        if province not in pm.facts.orders:
            continue
        keys = [(HOLD, province)]
        if province in pm.facts.moves:
            keys += _move_strengths(province)
        add_constant_term(pm, keys, f"superman[{province}]", "superman", SUPERMAN)


def add_lepers(pm: PhaseModel, provinces: Iterable[str] = ()) -> None:
    """Give each Leper's hold strength the term ``leper[p] = LEPER``; the reasons write such
    strengths as ``infinite (Leper)``."""
    pm.scale = replace(pm.scale, infinite=SUPERMAN - 100, names=INFINITE_NAMES)
    for province in sorted(provinces):
        if province in pm.facts.orders:
            add_constant_term(pm, [(HOLD, province)], f"leper[{province}]", "leper", LEPER)


def add_petrol(pm: PhaseModel, extra: Mapping[str, int] | None = None) -> None:
    """Give each rationed move the term ``petrol[<move>] = n`` on attack, defend and prevent."""
    for province, n in sorted((extra or {}).items()):
        if province in pm.facts.moves:
            add_constant_term(pm, _move_strengths(province), f"petrol[{pm.label(province)}]", "petrol", n)


def add_hyperspace(pm: PhaseModel, origins: Iterable[str] = ()) -> None:
    """Give each teleporting unit's province the term ``hyperspace[p] = -1`` on its hold strength."""
    for province in sorted(origins):
        if province in pm.facts.moves:
            add_constant_term(pm, [(HOLD, province)], f"hyperspace[{province}]", "hyperspace", -1)


def add_hyperspace_entries(pm: PhaseModel, origins: Iterable[str] = ()) -> None:
    """After ``strengths``: a move into a teleporting unit's province attacks an empty province.

    The standard attack strength (DATC 5.B.8) distinguishes a unit that leaves from one that
    stays; a unit in hyperspace is gone either way. So the moves read ``entry[<move>]``:
    ``0`` without a path, else ``1 + supports + terms``, whoever's unit or supports they are.
    """
    for origin in sorted(origins):
        if origin not in pm.facts.moves:
            continue
        for src in pm.attackers(origin):
            label = pm.label(src)
            key = (ATTACK, src)
            if key not in pm.strengths:
                continue
            full = support_sum(pm, pm.facts.move_supports.get(src, [])) + pm.extra(key)
            path = pm.path(src)
            if path is False:
                pm.strengths[key] = 0
                continue
            high = max(0, _upper(pm, full))
            entry = pm.model.new_int_var(0 if path is True else min(0, high), high, f"entry[{label}]")
            if path is True:
                pm.model.add(entry == full)
            else:
                pm.model.add(entry == full).only_enforce_if(path)
                pm.model.add(entry == 0).only_enforce_if(~path)
            pm.strengths[key] = entry


def _upper(pm: PhaseModel, expr: object) -> int:
    if isinstance(expr, int):
        return expr
    return expr.const + sum(max(c, 0) * pm.model.ub[v] + min(c, 0) * pm.model.lb[v]  # type: ignore[attr-defined]
                            for v, c in expr.terms.items())  # type: ignore[attr-defined]


def add_flight_battles(pm: PhaseModel, pilots: Iterable[str] = ()) -> None:
    """Option ``pilot_swap=pilots_only`` (ruling G4): a flight and a unit walking the opposite
    way fight as in a head-to-head battle (DATC 5.B.1, 5.B.6, 5.B.7), after ``strengths``.

    For a flight ``f`` from ``a`` to ``b`` and a move ``w`` over land (not a flight, not convoyed)
    from ``b`` to ``a``:
    ``not (moves[f] and moves[w])``; each move's attack, as the moves rule reads it, is
    ``attack_in_battle[m]``: its attack when that beats the other's defend strength (``1 +
    supports + terms``), else 0 (DATC 5.B.1: in a head-to-head battle the attack must beat the
    defend strength); and the loser's prevent strength, read by third moves, is 0 when the other
    succeeds (``prevent_in_battle[...]``): :func:`dipsat.solver.rules.battles.battle_strengths`.
    """
    for flight in sorted(pilots):
        mf = pm.facts.moves.get(flight)
        if mf is None:
            continue
        walker = mf.dest
        wf = pm.facts.moves.get(walker)
        if wf is None or wf.dest != flight or wf.off_graph or wf.convoyed:
            continue
        f_lit, w_lit = pm.moves(flight), pm.moves(walker)
        if isinstance(f_lit, bool) or isinstance(w_lit, bool):
            continue
        battle = pm.model.new_bool_var(f"battle[{pm.label(flight)} vs {pm.label(walker)}]")
        pm.model.add_clause([2 * battle.index])  # a flight meets the walking unit whenever both are ordered
        pm.model.add_bool_or([~f_lit, ~w_lit])
        battle_strengths(pm, flight, walker, battle)
        battle_strengths(pm, walker, flight, battle)
