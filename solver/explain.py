"""Result words and reasons: read a solved phase model back into DATC results and the typed
reasons that name the culprits (their words are written by :mod:`dipsat.model.reasons`)."""
from __future__ import annotations

from typing import Final

from dipsat.model.reasons import (
    AvailableTo, Backup, Cut, Dislodged, Dislodges, Disrupted, GivenTo, HeadToHead, Illegal, Invalid,
    NoConvoyPath, OwnUnit, Reason, Removed, Stands, BouncedOff, BouncedWith, Unopposed, WHOLE,
)
from dipsat.model.reasons import kept as _kept, kept_memo
from dipsat.model.types import (
    Convoy, Hold, Move, OrderResult, Result, SupportHold, SupportMove, Tag,
)
from dipsat.model.types import _unit_text  # str(unit) without the slot's look-up
from dipsat.solver.legality import ILLEGAL, INVALID, LEGAL, Verdict
from dipsat.solver.paradox import Solution
from dipsat.solver.phase_model import (
    ATTACK, AVAILABLE, DEFEND, DISLODGED, GIVEN, HOLD, MOVES, PATH, PREVENT, Key, PhaseModel,
)


def explain_order(pm: PhaseModel, solution: Solution, v: Verdict, fate: Tag | None) -> OrderResult:
    """The result of one given order, with its typed reason (:mod:`dipsat.model.reasons`)."""
    return Explainer(pm, solution).result(v, fate)


class Explainer:
    """Reads one solved phase back into results: what every order's explanation reads, looked up once."""

    __slots__ = ("pm", "solution", "facts", "orders", "moves", "decisions", "strengths", "scale", "whole",
                 "paradoxes")

    def __init__(self, pm: PhaseModel, solution: Solution) -> None:
        self.pm, self.solution, self.facts = pm, solution, pm.facts
        self.orders, self.moves = pm.facts.orders, pm.facts.moves
        self.decisions, self.strengths, self.scale = solution.decisions, solution.strengths, pm.scale
        self.whole = pm.scale is WHOLE
        """Strengths in whole units (the standard board): reasons are the ones :func:`kept` shares."""
        self.paradoxes = bool(solution.paradoxes)

    def result(self, v: Verdict, fate: Tag | None) -> OrderResult:
        """The result of one given order, with its typed reason (:mod:`dipsat.model.reasons`)."""
        order = v.order
        status = v.status
        if status != LEGAL:
            if status == ILLEGAL:
                why = _ILLEGAL_MEMO.get((v.reason,))
                return _made(OrderResult, (order, _ILLEGAL, why if why is not None else _kept(Illegal, v.reason), fate))
            if status == INVALID:
                why = _INVALID_MEMO.get((v.reason,))
                return _made(OrderResult, (order, _INVALID, why if why is not None else _kept(Invalid, v.reason), fate))
        province = v.key or order.unit.location.province  # type: ignore[union-attr]
        try:
            effective = self.orders[province]  # a subscript, not a method call: a legal order's unit has one
        except KeyError:
            effective = None
        if effective is not order and effective != order:
            return _made(OrderResult, (order, _ILLEGAL, Illegal(f"the unit carries out {effective}"), fate))
        kind = type(order)
        if kind is Move:
            try:
                moves = self.decisions[(MOVES, province)]  # a subscript, not a method call: every legal move has one
            except KeyError:
                moves = False
            if moves:
                return _made(OrderResult, (order, _SUCCEEDS, self._move_reason(province, True), fate))
            return _made(OrderResult, (order, _FAILS, self._move_reason(province, False), fate))
        if kind is SupportHold or kind is SupportMove:
            if not self.decisions.get((GIVEN, province), False):
                why = _support_reason(self.pm, self.solution, province, False)
                return _made(OrderResult, (order, _CUT, why, fate))
            if self.facts.removed is None:  # the usual support given: its reason shared by its target's text
                unit, dest = order.target, order.dest if kind is SupportMove else None  # type: ignore[union-attr]
                found = _GIVEN_BY.get((id(unit), id(dest)))
                if found is not None and found[0] is unit and found[1] is dest:
                    why = found[2]  # the same unit objects as lately (a piece's own unit, a board's place)
                else:
                    target = str(unit) if dest is None else f"{unit} - {dest}"
                    why = _GIVEN_TO.get((target,))
                    if why is None:
                        why = _kept(GivenTo, target)
                    if len(_GIVEN_BY) >= _GIVEN_KEPT:
                        _GIVEN_BY.clear()
                    _GIVEN_BY[(id(unit), id(dest))] = (unit, dest, why)  # holds them: their ids name no other
            else:
                why = _support_reason(self.pm, self.solution, province, True)
            return _made(OrderResult, (order, _GIVEN, why, fate))
        if kind is Convoy:
            ok = self.decisions.get((AVAILABLE, province), False)
            why = _convoy_reason(self.pm, self.solution, province, ok)
            return _made(OrderResult, (order, _AVAILABLE if ok else _DISRUPTED, why, fate))
        if kind is Hold:
            if fate is not None:
                why = _kept(Dislodged, _winner(self.pm, self.solution, province), fate.value)
                return _made(OrderResult, (order, _STANDS, why, fate))
            hold = self.strengths.get((HOLD, province))
            if hold is None:  # a unit nobody attacks is not in the model: its own hold strength (a 2A's is 2)
                kinds = self.facts.strengths
                hold = self.scale.unit if kinds is None or province not in kinds else kinds[province][1]
            if self.whole:
                why = _STANDS_MEMO.get((hold,))
                if why is None:
                    why = _kept(Stands, hold)
            else:
                why = Stands(hold, self.scale)
            return _made(OrderResult, (order, _STANDS, why, None))
        return _made(OrderResult, (order, _ILLEGAL, Illegal("not an order of a movement phase"), fate))

    def _move_reason(self, src: str, ok: bool) -> Reason:
        facts, s, d = self.facts, self.strengths, self.decisions
        mf = self.moves[src]
        try:
            attack = s[(ATTACK, src)]  # a subscript, not a method call: nearly every move has one
        except KeyError:
            attack = 0
        if self.paradoxes:
            for rule, fixed in _fixed_by_backup(self.pm, self.solution, (MOVES, src)):
                return Backup(rule, "succeeds" if fixed else "fails")
        dest = mf.dest
        if ok:
            if d.get((DISLODGED, dest), False):
                defender = facts.position.units.get(dest)
                if defender is not None:
                    opponent = facts.opponent.get(src)
                    if opponent is not None:
                        against, opposition = DEFEND, s.get((DEFEND, opponent), 0)
                    else:
                        against, opposition = HOLD, s.get((HOLD, dest), 0)
                    return self._scaled(Dislodges, str(defender.unit), attack, against, opposition)
            if self.whole:
                found = _UNOPPOSED.get((attack,))
                return found if found is not None else _kept(Unopposed, attack)
            return Unopposed(attack, self.scale)
        if mf.convoyed and not d.get((PATH, src), False):
            return NoConvoyPath(_path_culprits(self.pm, self.solution, src))
        allied = facts.allied
        rivals = facts.attackers.get(dest, ())
        if len(rivals) > 1:
            stoppers = [r for r in rivals if r != src and s.get((PREVENT, r), 0) >= attack
                        and (not allied or frozenset((src, r)) not in allied)]
            if stoppers:  # the one that entered, else the strongest (a bubble-car's 1/2 ties, an army's 1 stops it)
                rival = stoppers[0] if len(stoppers) == 1 else \
                    max(stoppers, key=lambda r: (d.get((MOVES, r), False), s.get((PREVENT, r), 0)))
                return self._scaled(BouncedWith, self.pm.label(rival), attack, s.get((PREVENT, rival), 0))
        opponent = facts.opponent.get(src)
        if opponent is not None:
            return self._scaled(HeadToHead, self.pm.label(opponent), attack, s.get((DEFEND, opponent), 0))
        defender = facts.position.units.get(dest)
        hold = s.get((HOLD, dest), 0)
        if defender is not None and defender.power == mf.piece.power and attack == 0:
            text = _unit_text(defender.unit)
            found = _OWN_UNIT.get((text,))
            return found if found is not None else _kept(OwnUnit, text)
        what = str(defender.unit) if defender else dest
        return self._scaled(BouncedOff, what, attack, hold)

    def _scaled(self, kind: type[Reason], *fields: object) -> Reason:
        """``kind(*fields, scale)``: on the standard board's whole units the reason :func:`kept`
        shares; on another scale (a variant's halves) a reason of its own."""
        if self.whole:
            memo = _SCALED_MEMOS.get(kind)
            found = (memo if memo is not None else kept_memo(kind)).get(fields)
            return found if found is not None else _kept(kind, *fields)
        return kind(*fields, self.scale)  # type: ignore[call-arg]


_made = tuple.__new__
"""``_made(OrderResult, (order, result, why, tag))``: an :class:`OrderResult` in one call (a
:func:`~dipsat.model.values.value_tuple`)."""
_GIVEN_TO, _STANDS_MEMO, _UNOPPOSED = kept_memo(GivenTo), kept_memo(Stands), kept_memo(Unopposed)
_ILLEGAL_MEMO, _INVALID_MEMO, _OWN_UNIT = kept_memo(Illegal), kept_memo(Invalid), kept_memo(OwnUnit)
_SCALED_MEMOS = {kind: kept_memo(kind) for kind in (Dislodges, BouncedWith, HeadToHead, BouncedOff)}
"""The memos of the reasons :meth:`Explainer._scaled` makes, by their kind (a look-up, not a call)."""
"""The memos of the commonest reasons (:func:`~dipsat.model.reasons.kept_memo`): a hit read directly."""
_GIVEN_BY: dict[tuple[int, int], tuple[object, object, Reason]] = {}
"""(id of the supported unit, id of the destination or of ``None``) -> (the unit, the destination,
the reason of a support given to it): the given support's reason without writing its target's
text again. The unit objects are held here, so their ids name no other meanwhile."""
_GIVEN_KEPT: Final = 4096
"""Entries of :data:`_GIVEN_BY` at most (then it starts again)."""


_SUCCEEDS, _FAILS, _ILLEGAL, _INVALID, _STANDS = Result.SUCCEEDS, Result.FAILS, Result.ILLEGAL, Result.INVALID, Result.STANDS
_GIVEN, _CUT, _AVAILABLE, _DISRUPTED = Result.GIVEN, Result.CUT, Result.AVAILABLE, Result.DISRUPTED
"""The result words, read once (reading an Enum member costs a descriptor call each time)."""


def _winner(pm: PhaseModel, solution: Solution, province: str) -> str | None:
    for a in pm.attackers(province):
        if solution.decisions.get((MOVES, a), False):
            return pm.label(a)
    return None


def _path_culprits(pm: PhaseModel, solution: Solution, src: str) -> tuple[Disrupted | Backup, ...]:
    lost = []
    for f in sorted({f for r in pm.facts.moves[src].routes for f in r}):
        if not solution.decisions.get((AVAILABLE, f), False):
            lost.append(_convoy_reason(pm, solution, f, False))
    return tuple(lost)  # type: ignore[arg-type]


def _support_reason(pm: PhaseModel, solution: Solution, province: str, ok: bool) -> Reason:
    order = pm.facts.orders[province]
    if ok:
        target = str(order.target) if type(order) is SupportHold else f"{order.target} - {order.dest}"  # type: ignore[union-attr]
        if pm.facts.removed is None:
            return _kept(GivenTo, target)
        return GivenTo(target, "", _removed_convoy(pm, solution, order))  # type: ignore[arg-type]
    where = pm.facts.province(province)  # a further piece of a stack: where it stands
    if solution.decisions.get((DISLODGED, where), False):
        return _kept(Cut, _winner(pm, solution, where), False, True)
    for a in pm.cut_by.get(province, []):
        mf = pm.facts.moves[a]
        if not mf.convoyed or solution.decisions.get((PATH, a), False):
            return _kept(Cut, str(mf.piece.unit), mf.convoyed)
    return Cut()


def _removed_convoy(pm: PhaseModel, solution: Solution, order: SupportHold | SupportMove) -> Reason | None:
    """Why the move a given support supports fails, when a variant's rule removed a convoy of it
    before the orders (:class:`~dipsat.solver.hooks.Removal`); else ``None``."""
    removed = pm.facts.removed
    if removed is None or not isinstance(order, SupportMove):
        return None
    src = order.target.province
    mf = pm.facts.moves.get(src)
    if mf is None or not mf.convoyed or solution.decisions.get((PATH, src), False) \
            or not any(f in removed.pieces for r in mf.routes for f in r):
        return None
    return NoConvoyPath(_path_culprits(pm, solution, src))


def _convoy_reason(pm: PhaseModel, solution: Solution, province: str, ok: bool) -> Reason:
    if ok:
        return _kept(AvailableTo, str(pm.facts.orders[province].target))  # type: ignore[union-attr]
    removed = pm.facts.removed
    if removed is not None and province not in pm.facts.convoys and province in removed.pieces:
        return Removed(str(removed.pieces[province].unit), removed.how)
    for rule, _ in _fixed_by_backup(pm, solution, (AVAILABLE, province)):
        return Backup(rule, "disrupted")
    if solution.decisions.get((DISLODGED, province), False):
        return Disrupted(str(pm.facts.position.units[province].unit), _winner(pm, solution, province))
    return Disrupted()


def _fixed_by_backup(pm: PhaseModel, solution: Solution, decision: Key) -> list[tuple[str, bool]]:
    if not solution.paradoxes:
        return []
    named = pm.name(decision)
    return [(p.rule, value) for p in solution.paradoxes for name, value in p.fixed if name == named]


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
    if unit is None:
        return None
    subject = unit.province
    if pm.facts.orders.get(subject) != order:  # a further piece of a stack there, under its own key?
        subject = next((k for k, p in pm.facts.slots.items() if p == unit.province and pm.facts.orders.get(k) == order), None)
        if subject is None:
            return None
    prefix = {"Move": MOVES, "SupportHold": GIVEN, "SupportMove": GIVEN, "Convoy": AVAILABLE}
    key = (prefix.get(type(order).__name__, DISLODGED), subject)
    return key if key in pm.decisions else None
