"""DATC 4.A.3 read with the land-route fallback (``convoy_adjacent=2000_fallback``).

The 2000/2023 rule decides when an army that could walk goes by convoy ("via convoy", or a
fleet of its own power convoys it); "could arrive" is read as DATC v2 preferred it: the land
route is the fallback of the convoy route. An army written "via convoy" with no convoy route
ordered walks (decided before the model, :mod:`dipsat.solver.order_choices`); an army whose
ordered convoy is disrupted walks too, and that depends on the resolution, so it lives in the
model:

* ``add_paths_with_fallback`` (the ``paths`` rule): for such a move ``m``,
  ``by_convoy[m] <-> OR over its routes of AND(available[fleet])`` and ``path[m] = 1``: the move
  always has a route, by convoy or over land;
* ``add_fallback_battles`` (after ``strengths``): a head-to-head battle exists only while the
  army walks (DATC 5.B.1, 5.B.6, 5.B.7 made conditional): for ``m`` and the move ``o`` coming
  the other way over land, with ``battle <-> not by_convoy[m]`` (and ``not by_convoy[o]`` when
  ``o`` falls back too): ``battle -> not (moves[m] and moves[o])``; each move's attack as the
  moves rule reads it is ``attack_in_battle[x]``: its attack, but 0 in a battle it does not win
  against the other's defend strength; and the loser's prevent strength is 0 when the other
  succeeds in the battle (``prevent_in_battle[x]``).

A unit dislodged by an army that walked may not retreat to the army's origin (the board after the
phase reads ``by_convoy[...]``); after a convoy it may (DATC 4.A.5, as chosen). The older
paradox rules' exemptions of convoyed armies (4.A.2) and a convoyed attack from the
supported-into province (4.A.4 ``convoy``) hold only while the army goes by convoy
(``fallback_supports_rule``, used when one of them is in force).
"""
from __future__ import annotations

from typing import Callable

from dipsat.model.types import UnitType
from dipsat.solver.constraints import IntVar
from dipsat.solver.phase_model import BY_CONVOY, GIVEN, PATH, Lit, PhaseModel
from dipsat.solver.rules.battles import battle_strengths
from dipsat.solver.rules.paths import add_route_literal
from dipsat.solver.rules.supports import Exempt, _into

__all__ = ["falls_back", "add_paths_with_fallback", "add_fallback_battles", "fallback_supports_rule"]


def falls_back(pm: PhaseModel, src: str) -> bool:
    """The move from ``src`` goes by convoy but could walk: its land route is the fallback."""
    mf = pm.facts.moves.get(src)
    return (mf is not None and mf.convoyed and not mf.off_graph and mf.piece.unit.kind is UnitType.ARMY
            and pm.facts.gmap.army_can_move(src, mf.dest))


def add_paths_with_fallback(pm: PhaseModel, every_route: bool = False) -> None:
    """DATC 5.B.4 PATH with the fallback: path[m] = 1 and by_convoy[m] <-> a route is available
    for a move that could walk; path[m] <-> a route is available for every other convoyed move."""
    for src, mf in pm.facts.moves.items():
        if not mf.convoyed:
            continue
        fleets = sorted({f for r in mf.routes for f in r})
        reads = pm.keys_of(map(pm.available, fleets))
        path = pm.path(src)
        if path is False:
            continue
        if falls_back(pm, src):
            by_convoy = pm.decision((BY_CONVOY, src))
            if pm.defines((BY_CONVOY, src), reads):
                add_route_literal(pm, src, by_convoy, every_route)
            if pm.defines((PATH, src), []):
                pm.model.add(path == 1)  # type: ignore[operator]
        elif pm.defines((PATH, src), reads):
            add_route_literal(pm, src, path, every_route)  # type: ignore[arg-type]


def add_fallback_battles(pm: PhaseModel) -> None:
    """Head-to-head battles that exist only while a falling-back army walks (see the module)."""
    facts = pm.facts
    done: set[frozenset[str]] = set()
    for src in sorted(facts.moves):
        if not falls_back(pm, src):
            continue
        other = facts.moves[src].dest
        of = facts.moves.get(other)
        pair = frozenset((src, other))
        if of is None or of.dest != src or of.off_graph or pair in done:
            continue
        if of.convoyed and not falls_back(pm, other):
            continue  # the other army cannot walk: never a battle
        done.add(pair)
        walking = [pm.decision((BY_CONVOY, x)) for x in sorted(pair) if falls_back(pm, x)]
        battle = pm.model.new_bool_var(f"battle[{pm.label(src)} vs {pm.label(other)}]")
        pm.equal_and(battle, [~w for w in walking])
        moves_a, moves_b = pm.moves(src), pm.moves(other)
        pm.model.add_clause([2 * battle.index + 1] + [2 * m.index + 1 for m in (moves_a, moves_b)  # type: ignore[union-attr]
                                                        if not isinstance(m, bool)])
        for one, two in ((src, other), (other, src)):
            battle_strengths(pm, one, two, battle)


def fallback_supports_rule(exempt: Exempt | None, cut_from_target_by_convoy: bool) -> Callable[[PhaseModel], None]:
    """DATC 5.B.2 SUPPORT when an army may fall back to its land route: what depends on the route
    (the older paradox rules' exemptions of convoyed armies, 4.A.2, and under
    ``convoy_cut_origin=convoy`` a convoyed attack from the supported-into province, 4.A.4) is
    read through ``by_convoy[m]``; every other attack cuts as in :func:`add_supports`."""

    def add_supports_with_fallback(pm: PhaseModel) -> None:
        """given[s] <-> not lost and no cutting attack, the route-dependent ones by ``by_convoy``."""
        for province in pm.facts.supports:
            given = pm.given(province)
            into, power = _into(pm, province), pm.facts.supports[province].power
            cuts: list[Lit] = []
            lost: list[Lit] = [] if exempt is not None else [pm.dislodged(province)]
            read: list[Lit] = list(lost)
            found: list[str] = []
            for a in pm.attackers(province):
                if pm.facts.piece(a).power == power:
                    continue
                by_convoy = pm.decision((BY_CONVOY, a)) if falls_back(pm, a) else None
                read += [pm.moves(a), pm.path(a)] + ([by_convoy] if by_convoy is not None else [])
                free = exempt is not None and exempt(pm, province, a)  # true for a convoyed army
                if exempt is not None and not free:
                    lost.append(pm.moves(a))
                elif exempt is not None and by_convoy is not None:
                    lost.append(_and(pm, [pm.moves(a), ~by_convoy], f"walked_in[{pm.label(a)}]"))
                if a == into:
                    if cut_from_target_by_convoy and pm.facts.moves[a].convoyed:
                        cuts.append(by_convoy if by_convoy is not None else pm.path(a))
                        found.append(a)
                    continue
                if free and by_convoy is None:
                    continue
                cuts.append(~by_convoy if free and by_convoy is not None else pm.path(a))
                found.append(a)
            pm.cut_by[province] = found
            if not pm.defines((GIVEN, province), pm.keys_of(read)):
                continue
            pm.equal_and(given, [_neg_lit(x) for x in [*lost, *cuts]])  # type: ignore[arg-type]

    return add_supports_with_fallback


def _neg_lit(lit: Lit | None) -> Lit:
    if lit is None or isinstance(lit, bool):
        return not lit
    return ~lit


def _and(pm: PhaseModel, lits: list[Lit | None], name: str) -> Lit:
    """A literal for AND(lits), ``False`` when one is constant false."""
    if any(lit is False or lit is None for lit in lits):
        return False
    target = pm.model.new_bool_var(name)
    pm.equal_and(target, lits)  # type: ignore[arg-type]
    return target
