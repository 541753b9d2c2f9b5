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

Only routes that all end in the same fleet's province give the attack an origin at sea; an army
with routes ending in different provinces is treated as coming from its own province.
"""
from __future__ import annotations

from typing import Callable

from dipsat.solver.phase_model import Lit, PhaseModel
from dipsat.solver.rules.battles import battle_strengths
from dipsat.solver.rules.supports import Exempt, _into, cutters

__all__ = ["attack_origin", "brannan_supports_rule", "add_brannan_battles"]


def attack_origin(pm: PhaseModel, src: str) -> str:
    """Where the move from ``src`` comes from under Brannan's rule."""
    mf = pm.facts.moves[src]
    if not mf.convoyed or not mf.routes:
        return src
    last = {route[-1] for route in mf.routes}
    return next(iter(last)) if len(last) == 1 else src


def _not(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else ~lit


def brannan_supports_rule(paradox_exempt: Exempt | None) -> Callable[[PhaseModel], None]:
    """The support rule under Brannan's rule, with the paradox rule's exemption (4.A.2) if any."""

    def from_where_supported(pm: PhaseModel, supporter: str, attacker: str) -> bool:
        return attack_origin(pm, attacker) == _into(pm, supporter) or (
            paradox_exempt is not None and paradox_exempt(pm, supporter, attacker))

    def add_supports_brannan(pm: PhaseModel) -> None:
        """given[s] <-> not lost and no attack from elsewhere than where s is directed has a path."""
        for province in pm.facts.supports:
            given = pm.given(province)
            pm.cut_by[province] = cutters(pm, province, cut_from_target_by_convoy=True,
                                          exempt=from_where_supported)
            paths = [pm.path(a) for a in pm.cut_by[province]]
            if paradox_exempt is None:
                lost = [pm.dislodged(province)]
            else:
                lost = [pm.moves(a) for a in pm.attackers(province) if not paradox_exempt(pm, province, a)]
            reads = [pm.name_of(x) for x in [*lost, *paths]]
            if not pm.defines(given.name, [r for r in reads if r]):  # type: ignore[union-attr]
                continue
            pm.equal_and(given, [_not(x) for x in lost] + [_not(p) for p in paths])  # type: ignore[arg-type]

    return add_supports_brannan


def add_brannan_battles(pm: PhaseModel) -> None:
    """The head-to-head battles of convoyed armies with units moving into their last fleet's sea."""
    facts = pm.facts
    for src in sorted(facts.moves):
        origin = attack_origin(pm, src)
        if origin == src:
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
