"""Result words and reasons: read a solved phase model back into DATC words that name culprits."""
from __future__ import annotations

from dipsat.model.types import (
    Convoy, Hold, Move, OrderResult, Result, SupportHold, SupportMove, Tag,
)
from dipsat.solver.legality import ILLEGAL, INVALID, Verdict
from dipsat.solver.paradox import Solution
from dipsat.solver.phase_model import (
    ATTACK, AVAILABLE, DEFEND, DISLODGED, GIVEN, HOLD, MOVES, PATH, PREVENT, Key, PhaseModel,
)


def explain_order(pm: PhaseModel, solution: Solution, v: Verdict, fate: Tag | None) -> OrderResult:
    """The result of one given order, with its reason in words."""
    order = v.order
    if v.status == ILLEGAL:
        return OrderResult(order, _ILLEGAL, f"illegal: {v.reason}", fate)
    if v.status == INVALID:
        return OrderResult(order, _INVALID, f"invalid: {v.reason}", fate)
    province = v.key or order.unit.location.province  # type: ignore[union-attr]
    effective = pm.facts.orders.get(province)
    if effective is not order and effective != order:
        return OrderResult(order, _ILLEGAL, f"illegal: the unit carries out {effective}", fate)
    kind = type(order)
    if kind is Move:
        ok = solution.decisions.get((MOVES, province), False)
        return OrderResult(order, _SUCCEEDS if ok else _FAILS, _move_reason(pm, solution, province, ok), fate)
    if kind is SupportHold or kind is SupportMove:
        ok = solution.decisions.get((GIVEN, province), False)
        return OrderResult(order, _GIVEN if ok else _CUT, _support_reason(pm, solution, province, ok), fate)
    if kind is Convoy:
        ok = solution.decisions.get((AVAILABLE, province), False)
        return OrderResult(order, _AVAILABLE if ok else _DISRUPTED, _convoy_reason(pm, solution, province, ok), fate)
    if kind is Hold:
        return OrderResult(order, _STANDS, _hold_reason(pm, solution, province, fate), fate)
    return OrderResult(order, _ILLEGAL, "illegal: not an order of a movement phase", fate)


_SUCCEEDS, _FAILS, _ILLEGAL, _INVALID, _STANDS = Result.SUCCEEDS, Result.FAILS, Result.ILLEGAL, Result.INVALID, Result.STANDS
_GIVEN, _CUT, _AVAILABLE, _DISRUPTED = Result.GIVEN, Result.CUT, Result.AVAILABLE, Result.DISRUPTED
"""The result words, read once (reading an Enum member costs a descriptor call each time)."""


def _winner(pm: PhaseModel, solution: Solution, province: str) -> str | None:
    for a in pm.attackers(province):
        if solution.decisions.get((MOVES, a), False):
            return pm.label(a)
    return None


def _hold_reason(pm: PhaseModel, solution: Solution, province: str, fate: Tag | None) -> str:
    hold = solution.strengths.get((HOLD, province), 1)
    if fate is not None:
        return f"{fate.value}: dislodged by {_winner(pm, solution, province)}"
    return f"stands: hold strength {hold}"


def _move_reason(pm: PhaseModel, solution: Solution, src: str, ok: bool) -> str:
    facts, s, d = pm.facts, solution.strengths, solution.decisions
    mf = facts.moves[src]
    attack = s.get((ATTACK, src), 0)
    for name, fixed in _fixed_by_backup(pm, solution, (MOVES, src)):
        return f"{'succeeds' if fixed else 'fails'}: {name}"
    if ok:
        defender = facts.position.units.get(mf.dest)
        if defender is not None and d.get((DISLODGED, mf.dest), False):
            return f"succeeds: dislodges {defender.unit} ({attack} against {_opposition(pm, solution, src)})"
        return f"succeeds: attack {attack}, nothing as strong opposes it"
    if mf.convoyed and not d.get((PATH, src), False):
        return f"fails: no convoy path ({_path_culprits(pm, solution, src)})"
    opponent = facts.opponent.get(src)
    for rival in pm.attackers(mf.dest):
        if rival == src:
            continue
        prevent = s.get((PREVENT, rival), 0)
        if prevent >= attack:
            return f"fails: bounced with {pm.label(rival)} ({attack} against {prevent})"
    if opponent is not None:
        defend = s.get((DEFEND, opponent), 0)
        return f"fails: lost the head-to-head battle with {pm.label(opponent)} ({attack} against {defend})"
    defender = facts.position.units.get(mf.dest)
    hold = s.get((HOLD, mf.dest), 0)
    if defender is not None and defender.power == mf.piece.power and attack == 0:
        return f"fails: cannot dislodge {defender.unit} of its own power"
    what = f"{defender.unit}" if defender else mf.dest
    return f"fails: bounced off {what} ({attack} against hold strength {hold})"


def _opposition(pm: PhaseModel, solution: Solution, src: str) -> str:
    opponent = pm.facts.opponent.get(src)
    if opponent is not None:
        return f"defend {solution.strengths.get((DEFEND, opponent), 0)}"
    return f"hold {solution.strengths.get((HOLD, pm.facts.moves[src].dest), 0)}"


def _path_culprits(pm: PhaseModel, solution: Solution, src: str) -> str:
    lost = []
    for f in sorted({f for r in pm.facts.moves[src].routes for f in r}):
        if not solution.decisions.get((AVAILABLE, f), False):
            lost.append(_convoy_reason(pm, solution, f, False).removeprefix("disrupted: "))
    return "; ".join(lost) or "convoy disrupted"


def _support_reason(pm: PhaseModel, solution: Solution, province: str, ok: bool) -> str:
    order = pm.facts.orders[province]
    target = f"{order.target}" + (f" - {order.dest}" if isinstance(order, SupportMove) else "")
    if ok:
        return f"given to {target}{_removed_convoy(pm, solution, order)}"
    where = pm.facts.province(province)  # a further piece of a stack: where it stands
    if solution.decisions.get((DISLODGED, where), False):
        return f"cut: dislodged by {_winner(pm, solution, where)}"
    for a in pm.cut_by.get(province, []):
        mf = pm.facts.moves[a]
        if not mf.convoyed or solution.decisions.get((PATH, a), False):
            return f"cut: attacked by {mf.piece.unit}"
    return "cut"


def _removed_convoy(pm: PhaseModel, solution: Solution, order: SupportHold | SupportMove) -> str:
    """``, which fails: no convoy path (...)`` for a support given to a convoyed move whose convoy a
    variant's rule removed before the orders (:class:`~dipsat.solver.legality.Removed`), else ``""``."""
    removed = pm.facts.removed
    if removed is None or not isinstance(order, SupportMove):
        return ""
    src = order.target.province
    mf = pm.facts.moves.get(src)
    if mf is None or not mf.convoyed or solution.decisions.get((PATH, src), False) \
            or not any(f in removed.pieces for r in mf.routes for f in r):
        return ""
    return f", which fails: no convoy path ({_path_culprits(pm, solution, src)})"


def _convoy_reason(pm: PhaseModel, solution: Solution, province: str, ok: bool) -> str:
    if ok:
        return f"available to {pm.facts.orders[province].target}"  # type: ignore[union-attr]
    removed = pm.facts.removed
    if removed is not None and province not in pm.facts.convoys and province in removed.pieces:
        return f"disrupted: {removed.pieces[province].unit} removed {removed.how}"
    for name, _ in _fixed_by_backup(pm, solution, (AVAILABLE, province)):
        return f"disrupted: {name}"
    if solution.decisions.get((DISLODGED, province), False):
        return f"disrupted: {pm.facts.position.units[province].unit} dislodged by {_winner(pm, solution, province)}"
    return "disrupted"


def _fixed_by_backup(pm: PhaseModel, solution: Solution, decision: Key) -> list[tuple[str, bool]]:
    if not solution.paradoxes:
        return []
    named = pm.name(decision)
    return [(f"paradox settled by the {p.rule} rule", value)
            for p in solution.paradoxes for name, value in p.fixed if name == named]


def decision_chain(pm: PhaseModel, solution: Solution, key: Key, depth: int = 3) -> list[tuple[int, str, bool, str]]:
    """The decisions that fixed decision ``key``, depth first: (depth, decision name, value, how
    it was fixed).

    How: ``equations`` for a decision its DATC equation fixed, or the backup rule that fixed it.
    A decision already listed is not followed again, so cycles end.
    """
    fixed = {n: p.rule for p in solution.paradoxes for n, _ in p.fixed}
    seen: set[Key] = set()
    found: list[tuple[int, str, bool, str]] = []

    def walk(node: Key, level: int) -> None:
        if node in seen or level > depth:
            return
        seen.add(node)
        name = pm.name(node)
        how = f"{fixed[name]} rule" if name in fixed else "equations"
        found.append((level, name, solution.decisions.get(node, False), how))
        if name in fixed:
            return
        for pred in sorted(pm.graph.predecessors(node), key=pm.name) if node in pm.graph else ():
            walk(pred, level + 1)

    walk(key, 0)
    return found


def decision_of(pm: PhaseModel, order: object) -> Key | None:
    """The key of the decision that gives an order its result: moves, given, available or dislodged."""
    unit = getattr(order, "unit", None)
    if unit is None or pm.facts.orders.get(unit.province) != order:
        return None
    prefix = {"Move": MOVES, "SupportHold": GIVEN, "SupportMove": GIVEN, "Convoy": AVAILABLE}
    key = (prefix.get(type(order).__name__, DISLODGED), unit.province)
    return key if key in pm.decisions else None
