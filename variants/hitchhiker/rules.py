"""The Hitchhiker's Guide's rule modules: options ``bubble_attack=all_half`` (ruling B4) and
``bubble_swap=head_to_head`` (ruling B3, :func:`add_bubble_battles`); hitch-hikers lifted into
one province do not stand each other off (ruling H9, :func:`add_hitchhikers_together`); the
supports to hold a stack being joined (ruling H9, :func:`add_aside_supports`).

With the default ``unit_half`` nothing is added: the bubble-car's kind carries its half strength
(attack, defend and prevent 1 at the board's scale 2, where every other unit and every support
weighs 2), so the standard strength sums are exact. Under ``all_half`` the whole strength of a
bubble-car's move is halved: each support given to it weighs 1, not 2. That is a term
``-1 * given[<support>]`` per supporter, named ``half_support[<support>]``, added to the move's
attack, defend and prevent strengths before the ``strengths`` rule builds the sums.

A support from the defender's own power counts for nothing in the attack on that power's unit
(DATC 5.B.8), so its half is taken off that attack only when the defender leaves
(``given[s] AND moves[dest]``), and off the defend and prevent strengths always (case hh.B.17).
"""
from __future__ import annotations

from typing import Any, Iterable

from dipsat.model.reasons import Cut, GivenTo
from dipsat.model.types import OrderResult, Result, SupportHold, SupportMove
from dipsat.solver.order_choices import OWN_SUPPORT_COUNTS
from dipsat.solver.phase_model import ATTACK, DEFEND, GIVEN, PATH, PREVENT, Lit, PhaseModel
from dipsat.solver.rules.supports import PARADOX_EXEMPTIONS, add_support_literal
from dipsat.variants.hitchhiker.kinds import HITCHHIKER_UNIT

__all__ = ["add_half_supports", "add_bubble_battles", "add_hitchhikers_together", "add_aside_supports",
           "aside_support_result"]


def add_half_supports(pm: PhaseModel, provinces: Iterable[str] = ()) -> None:
    """Halve each support given to the moves of the bubble-cars in ``provinces``."""
    facts = pm.facts
    for src in sorted(provinces):
        if src not in facts.moves:
            continue
        own = _defenders_supporters(pm, src)
        for supporter in facts.move_supports.get(src, []):
            order = facts.orders.get(supporter)
            if not isinstance(order, SupportMove):
                continue
            lit = pm.given(supporter)
            if lit is False:
                continue
            term = -1 if lit is True else -lit
            for kind in (DEFEND, PREVENT):
                pm.add_term((kind, src), "half_support", term, -1, 0)
            if supporter in own:  # it counts (and is halved) only in the attack on a province left empty
                if own[supporter] is not False:
                    both = pm.model.new_bool_var(f"half_own[{supporter}]")
                    pm.equal_and(both, [lit, own[supporter]])
                    pm.add_term((ATTACK, src), "half_support", -both, -1, 0)
                continue
            pm.add_term((ATTACK, src), "half_support", term, -1, 0)


def _defenders_supporters(pm: PhaseModel, src: str) -> dict[str, Lit]:
    """Supporters of the move from ``src`` that belong to the power of the unit it attacks, when
    their support does not count against that unit (DATC 5.B.8) -> the literal of the case where
    it counts after all: the attacked unit moves away (no head-to-head battle), else ``False``."""
    facts = pm.facts
    mf = facts.moves[src]
    defender = facts.position.units.get(mf.dest)
    if defender is None or defender.power == mf.piece.power or \
            OWN_SUPPORT_COUNTS[facts.rules.own_support_via](mf.order, mf.convoyed):
        return {}
    leaves: Lit = pm.leaves(mf.dest) if src not in facts.opponent and mf.dest in facts.moves else False
    return {s: leaves for s in facts.move_supports.get(src, []) if facts.position.units[s].power == defender.power}


def add_bubble_battles(pm: PhaseModel) -> None:
    """Option ``bubble_swap=head_to_head``: two bubble-cars exchanging places off the adjacency
    graph fight a head-to-head battle, as two units exchanging places over a border do: each is
    the other's opponent (its defend strength counts, not its hold), and the loser may not
    retreat to the winner's origin. Applied before every other rule reads the facts."""
    facts = pm.facts
    for src, mf in facts.moves.items():
        back = facts.moves.get(mf.dest)
        if back is None or back.dest != src or not (mf.off_graph or back.off_graph):
            continue
        if mf.convoyed or back.convoyed:
            continue
        facts.opponent[src] = mf.dest
        facts.beaten_by[src] = mf.dest
    for src in facts.opponent:
        facts.moves[src].off_graph = False


def add_hitchhikers_together(pm: PhaseModel) -> None:
    """Rule 6 "Two or more Hitch-hiker units may occupy the same province": the Hitch-hiker's
    hitch-hikers moving into one province (every such move is a lift) do not stand each other off:
    each still meets every other unit's prevent strength, and the unit there (ruling H9). The
    engine stacks those that arrive together (the model places one unit per province)."""
    facts = pm.facts
    into: dict[str, list[str]] = {}
    for src, mf in facts.moves.items():
        if mf.piece.unit.kind == HITCHHIKER_UNIT:
            into.setdefault(mf.dest, []).append(src)
    for group in into.values():
        facts.allied |= {frozenset((a, b)) for a in group for b in group if a < b}


def add_aside_supports(pm: PhaseModel, supports: Iterable[SupportHold] = ()) -> None:
    """Ruling H9: a support to hold a stack that lifted hitch-hikers join. The stack is set aside
    from the model (shown empty: the joins succeed), and its supporter holds in the model; the
    support is a literal of the same solve, ``given[...]``, defined as any support's (DATC 5.B.2,
    the rules' options in force): given unless a move that cuts it has a path, or the supporter
    is dislodged."""
    rules = pm.facts.rules
    for support in supports:
        province = support.unit.province
        if province not in pm.facts.orders:
            continue
        add_support_literal(pm, pm.decision((GIVEN, province)), province, rules.convoy_cut_origin == "convoy",
                            PARADOX_EXEMPTIONS.get(rules.paradox), support)


def aside_support_result(pm: PhaseModel, values: Any, support: SupportHold) -> OrderResult:
    """The result of a support :func:`add_aside_supports` put in the model: given, or cut by the
    first move that cuts it with a path (the supporter's dislodger among them)."""
    province = support.unit.province
    if values.decisions.get((GIVEN, province), False):
        return OrderResult(support, Result.GIVEN, GivenTo(str(support.target), "its stack stays; ruling H9"))
    for a in pm.cut_by.get(province, ()):
        path = pm.path(a)
        if path is True or (path is not False and values.decisions.get((PATH, a), False)):
            return OrderResult(support, Result.CUT, Cut(str(pm.facts.moves[a].piece.unit), pm.facts.moves[a].convoyed))
    return OrderResult(support, Result.CUT, Cut())
