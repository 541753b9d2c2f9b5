"""DATC 4.A.4 read with Brannan's rule (``convoy_cut_origin=brannan``, DATC v3.2 6.F.30, 6.G.13).

Brannan's rule: a convoyed attack comes from the province of its last convoying fleet, the one
next to the destination, not from where the army started. Two equations change:

* DATC 5.B.2 SUPPORT (``add_supports_brannan``): a support is cut by an attack from anywhere but
  the province the support is directed at; for a convoyed attack "from" is the last fleet's
  province. So an army convoyed from the very province the support is directed at cuts it
  (6.G.13), and one whose every route ends in a fleet standing in that province does not. A
  supporter dislodged by such an attack still loses its support, as by any other.
* DATC 5.B.1, 5.B.6, 5.B.7 (``add_brannan_battles``, after ``strengths``): the army and a unit
  moving from the army's destination into its last fleet's province meet at one border, a
  head-to-head battle (6.F.30): ``not (moves[army] and moves[unit])``; each attack, as the moves
  rule reads it, is ``attack_in_battle[...]``: 0 when it does not beat the other's defend
  strength; the loser's prevent strength is 0 when the other succeeds. The battle is fought
  whenever both moves are ordered, as a battle over land is, whether or not the convoy is later
  disrupted.

An army whose routes end in different provinces comes from wherever its available routes end: it
cuts a support directed at one of those provinces while a route ending elsewhere is available
(``from_elsewhere[...]``); such an army fights no head-to-head battle.
"""
from __future__ import annotations

from typing import Callable

from dipsat.solver.phase_model import GIVEN, Key, Lit, PhaseModel
from dipsat.solver.rules.battles import battle_strengths
from dipsat.solver.rules.supports import Exempt, _into

__all__ = ["attack_origin", "brannan_supports_rule", "add_brannan_battles"]


def attack_origin(pm: PhaseModel, src: str) -> str | None:
    """Where the move from ``src`` comes from under Brannan's rule: its own province for a move
    over land, the last fleet's province for a convoy whose routes all end there, ``None`` when
    its routes end in different provinces (then it depends on which routes are available)."""
    mf = pm.facts.moves[src]
    if not mf.convoyed or not mf.routes:
        return src
    last = {route[-1] for route in mf.routes}
    return next(iter(last)) if len(last) == 1 else None


def _not(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else ~lit


def _from_elsewhere(pm: PhaseModel, src: str, into: str) -> tuple[Lit, list[Key]]:
    """``from_elsewhere[...]``: a route of the move from ``src`` that ends away from ``into`` is
    available; and the decisions it reads."""
    mf = pm.facts.moves[src]
    routes = [r for r in mf.routes if r[-1] != into]
    fleets = sorted({f for r in routes for f in r})
    lit = pm.model.new_bool_var(f"from_elsewhere[{pm.label(src)} vs {into}]")
    route_lits = []
    for route in routes:
        ok = pm.model.new_bool_var(f"route[{pm.label(src)} ending in {route[-1]}: {' '.join(route)}]")
        pm.equal_and(ok, [pm.available(f) for f in route])
        route_lits.append(ok)
    pm.equal_or(lit, route_lits)
    return lit, pm.keys_of(map(pm.available, fleets))


def brannan_supports_rule(paradox_exempt: Exempt | None) -> Callable[[PhaseModel], None]:
    """The support rule under Brannan's rule, with the paradox rule's exemption (4.A.2) if any."""

    def add_supports_brannan(pm: PhaseModel) -> None:
        """given[s] <-> not lost and no attack from elsewhere than where s is directed has a path."""
        for province in pm.facts.supports:
            given = pm.given(province)
            into, power = _into(pm, province), pm.facts.supports[province].power
            cuts: list[Lit] = []
            reads: list[Key] = []
            found: list[str] = []
            for a in pm.attackers(province):
                if pm.facts.piece(a).power == power:
                    continue
                if paradox_exempt is not None and paradox_exempt(pm, province, a):
                    continue
                origin = attack_origin(pm, a)
                if origin == into:
                    continue
                if origin is None and any(r[-1] == into for r in pm.facts.moves[a].routes):
                    lit, read = _from_elsewhere(pm, a, into)
                    cuts.append(lit)
                    reads += read
                else:
                    cuts.append(pm.path(a))
                found.append(a)
            pm.cut_by[province] = found
            if paradox_exempt is None:
                lost = [pm.dislodged(province)]
            else:
                lost = [pm.moves(a) for a in pm.attackers(province) if not paradox_exempt(pm, province, a)]
            reads += [k for k in pm.keys_of([*lost, *cuts]) if k in pm.decisions]
            if not pm.defines((GIVEN, province), reads):
                continue
            pm.equal_and(given, [_not(x) for x in lost] + [_not(p) for p in cuts])  # type: ignore[arg-type]

    return add_supports_brannan


def add_brannan_battles(pm: PhaseModel) -> None:
    """The head-to-head battles of convoyed armies with units moving into their last fleet's sea."""
    facts = pm.facts
    for src in sorted(facts.moves):
        origin = attack_origin(pm, src)
        if origin is None or origin == src:
            continue
        other = facts.moves[src].dest
        of = facts.moves.get(other)
        if of is None or of.dest != origin or of.off_graph or of.convoyed:
            continue
        moves_a, moves_b = pm.moves(src), pm.moves(other)
        battle = pm.model.new_bool_var(f"battle[{pm.label(src)} from {origin} vs {pm.label(other)}]")
        pm.model.add_clause([2 * battle.index])  # fought whenever both moves are ordered
        pm.model.add_clause([2 * battle.index + 1] + [2 * m.index + 1 for m in (moves_a, moves_b)  # type: ignore[union-attr]
                                                        if not isinstance(m, bool)])
        for one, two in ((src, other), (other, src)):
            battle_strengths(pm, one, two, battle)
