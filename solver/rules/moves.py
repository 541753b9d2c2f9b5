"""DATC 5.B.1 MOVE: a move succeeds when its attack beats every opposing strength.

Without a head-to-head battle the attack must exceed the hold strength of the destination;
in one, the defend strength of the opposing unit; and always the prevent strength of every
other move to the same province.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from dipsat.model.errors import AdjudicationError
from dipsat.solver.constraints import ConstraintModel, IntVar, LinearExpr, code, new_var
from dipsat.solver.phase_model import ATTACK, BEATS, DEFEND, HOLD, MOVES, PREVENT, Key, Lit, PhaseModel

if TYPE_CHECKING:
    from dipsat.solver.facts import MoveFacts


def reads(pm: PhaseModel, src: str) -> list[Key]:
    """The decisions the success of the move from ``src`` depends on."""
    facts = pm.facts
    mf = facts.moves[src]
    found = [pm.path(src)] + [pm.given(s) for s in facts.move_supports.get(src, [])]
    opponent = facts.opponent.get(src)
    if opponent is not None:
        found += [pm.given(s) for s in facts.move_supports.get(opponent, [])]
    else:
        found += [pm.leaves(mf.dest)] + [pm.given(s) for s in facts.hold_supports.get(mf.dest, [])]
    for rival in pm.attackers(mf.dest):
        if rival != src:
            beaten_by = facts.beaten_by.get(rival, "")
            found += [pm.path(rival), pm.moves(beaten_by)]
            if beaten_by and beaten_by != facts.opponent.get(rival):
                found.append(pm.moves(rival))
            found += [pm.given(s) for s in facts.move_supports.get(rival, [])]
    return pm.keys_of(found)


def add_moves(pm: PhaseModel) -> None:
    """moves[m] <-> attack[m] beats the hold (or defend) strength and every prevent strength."""
    facts = pm.facts
    if pm.fold and not pm.overrides:
        _add_moves_folded(pm)
        return
    strengths, model, attackers, fold = pm.strengths, pm.model, facts.attackers, pm.fold
    moves_of, defines, path_of, opponents, strength_of = pm.moves, pm.defines, pm.path, facts.opponent, strengths.get
    for src, mf in facts.moves.items():
        lit = moves_of(src)
        if not defines((MOVES, src), reads, src):
            continue
        attack = strength_of((ATTACK, src))
        if attack is None:
            raise AdjudicationError("the moves rule compares strengths: apply the 'strengths' rule before it")
        opponent = opponents.get(src)
        dest = mf.dest
        if fold and opponent is None and type(attack) is int and len(attackers[dest]) == 1:
            hold = strength_of((HOLD, dest), 0)  # 0: an empty province
            if type(hold) is int:  # the common case, folded: one move in, no battle, numbers
                _settle(model, lit, attack > hold and path_of(src))  # type: ignore[arg-type]
                continue
        if opponent is not None:
            against = [(DEFEND, opponent, strengths[DEFEND, opponent])]
        else:
            hold = strengths.get((HOLD, dest))
            against = [(HOLD, dest, hold)] if hold is not None else []
        rivals = attackers.get(dest, ())
        if len(rivals) > 1:
            allied = facts.allied
            against += [(PREVENT, r, strengths[PREVENT, r]) for r in rivals
                        if r != src and not (allied and frozenset((src, r)) in allied)]
        if not against:  # an empty, uncontested province: hold strength 0 (a variant may bring the attack to 0)
            against = [(HOLD, dest, 0)]
        if fold:
            _add_folded(pm, model, lit, src, attack, against)
            continue
        beats: list = []
        constant = isinstance(attack, int)
        for what, whose, strength in against:
            if constant and isinstance(strength, int):
                beats.append(attack > strength)
                continue
            beat = model.new_bool_var((BEATS, src, what, whose))
            model.add_greater(attack, strength, beat)
            beats.append(beat)
        pm.equal_and(lit, [pm.path(src), *beats])


def _add_moves_folded(pm: PhaseModel) -> None:
    """:func:`add_moves` for a folded model that no backup rule overrides (every move is defined
    here), in fewer steps: the common move (one move in, no battle, numbers) settled inline."""
    facts = pm.facts
    strengths, model, attackers, opponents, allied = pm.strengths, pm.model, facts.attackers, facts.opponent, facts.allied
    lb, ub = model.lb, model.ub
    known, strength_of, decisions, keys, carried = pm._moves, strengths.get, pm.decisions, model.keys, facts.carriers
    later: dict[str, MoveFacts] = {}
    """Moves into a province whose unit's move is still open, defined after the others, each
    after the move out of its destination (:func:`_chains`), so that more read it as a constant."""
    for again in (False, True):
        if again and not later:
            break
        for src, mf in (_chains(later) if again else facts.moves.items()):
            lit = known.get(src)
            if lit is None:  # pm.moves(src), inline: most moves' literals are made here
                key = (MOVES, src)
                lit = decisions.get(key)
                if lit is None:
                    lit = decisions[key] = new_var(IntVar)  # IntVar(len(keys), key) without its __init__'s frame
                    lit.index, lit.key = len(keys), key
                    keys.append(key)
                    lb.append(0)
                    ub.append(1)
                known[src] = lit
            dest = mf.dest
            attack = strength_of((ATTACK, src))
            if attack is None:
                raise AdjudicationError("the moves rule compares strengths: apply the 'strengths' rule before it")
            if type(attack) is LinearExpr and len(attack.terms) == 1:  # full or not as the defender leaves,
                (v, c), = attack.terms.items()  # once that move is fixed: a number  # type: ignore[union-attr]
                if lb[v] == ub[v] and 0 <= lb[v] <= 1:
                    attack = attack.const + c * lb[v]  # type: ignore[union-attr]
            rivals = attackers.get(dest, ())
            opponent = opponents.get(src)
            if opponent is None and len(rivals) == 1 and type(attack) is int:
                hold = strength_of((HOLD, dest), 0)  # 0: an empty province
                if type(hold) is LinearExpr and len(hold.terms) == 1:  # 1 - moves[...] once that move is fixed
                    (v, c), = hold.terms.items()  # type: ignore[union-attr]
                    if lb[v] == ub[v] and 0 <= lb[v] <= 1:  # a boolean's value: _read's constant
                        hold = hold.const + c * lb[v]  # type: ignore[union-attr]
                if type(hold) is int:  # the common case: one move in, no battle, numbers
                    value = 0
                    if attack > hold:  # type: ignore[operator]
                        path = pm.path(src) if mf.convoyed or mf.blocked or carried and src in carried else True
                        if path is True:
                            value = 1
                        elif path is not False:
                            v = path.index  # type: ignore[union-attr]
                            if lb[v] != ub[v]:
                                model.add_equal_and(2 * lit.index, [2 * v])  # type: ignore[union-attr]
                                continue
                            value = lb[v]
                    t = lit.index  # type: ignore[union-attr]
                    if lb[t] != ub[t]:  # model.fix, inline
                        lb[t] = ub[t] = value
                    elif lb[t] != value:
                        model.conflict = True
                    continue
            if not again:  # the common case above reads no move; the others may read the one out of dest
                leaving = known.get(dest)
                if type(leaving) is IntVar and lb[leaving.index] != ub[leaving.index]:  # type: ignore[union-attr]
                    later[src] = mf
                    continue
            if opponent is not None:
                against = [(DEFEND, opponent, strengths[DEFEND, opponent])]
            else:
                hold = strength_of((HOLD, dest))
                against = [(HOLD, dest, hold)] if hold is not None else []
            if len(rivals) > 1:
                for r in rivals:  # a loop: a comprehension makes a function object each time
                    if r != src and not (allied and frozenset((src, r)) in allied):
                        against.append((PREVENT, r, strengths[PREVENT, r]))
            if not against:  # an empty, uncontested province: hold strength 0 (a variant may bring the attack to 0)
                against = [(HOLD, dest, 0)]
            path = pm.path(src) if mf.convoyed or mf.blocked or carried and src in carried else True
            _add_folded(pm, model, lit, src, attack, against, path)  # type: ignore[arg-type]


def _chains(later: dict[str, MoveFacts]) -> list[tuple[str, MoveFacts]]:
    """The moves of ``later`` (origin -> move), each after the move out of its destination when
    that one is there too (a circle of moves in any order)."""
    if len(later) == 1:
        return list(later.items())
    order: list[tuple[str, MoveFacts]] = []
    seen: set[str] = set()
    for src in later:
        chain = []
        while src in later and src not in seen:
            seen.add(src)
            chain.append(src)
            src = later[src].dest
        for s in reversed(chain):
            order.append((s, later[s]))
    return order


def _settle(model: ConstraintModel, lit: IntVar, value: Lit) -> None:
    """In a folded model, ``lit`` <-> ``value``: a constant, or a path literal that may be fixed."""
    t = 2 * lit.index
    if value is True or value is False:
        model.fix(t if value else t + 1)
        return
    v = value.index  # type: ignore[union-attr]
    if model.lb[v] == model.ub[v]:
        model.fix(t if model.lb[v] else t + 1)
    else:
        model.add_equal_and(t, [2 * v])


def _add_folded(pm: PhaseModel, model: ConstraintModel, lit: IntVar, src: str, attack: LinearExpr | IntVar | int,
                against: list[tuple[str, str, LinearExpr | IntVar | int]], path: Lit | None = None) -> None:
    """The gate above in a folded model: its inputs fixed by the model read as constants, the first
    comparison lost settles it, and a comparison that reads a single boolean is that literal
    (``path``: the move's :meth:`~dipsat.solver.phase_model.PhaseModel.path`, when known)."""
    lb, ub = model.lb, model.ub
    codes = []
    if path is None:
        path = pm.path(src)
    lost = path is False
    if not lost and path is not True:
        v = path.index  # type: ignore[union-attr]
        if lb[v] != ub[v]:
            codes.append(2 * v)
        elif lb[v] == 0:
            lost = True
    if not lost:
        constant = type(attack) is int
        for what, whose, strength in against:
            if constant and type(strength) is int:
                if attack > strength:  # type: ignore[operator]
                    continue
                lost = True
                break
            if constant and type(strength) is LinearExpr and len(strength.terms) == 1:  # _one_literal's first case, inline
                (v, c), = strength.terms.items()  # type: ignore[union-attr]
                read = _read(model, v, -c, attack - strength.const)  # type: ignore[operator, union-attr]
            else:
                read = _one_literal(model, attack, strength)  # an open literal, or a constant
            if read is None:
                beat = model.new_bool_var((BEATS, src, what, whose))
                model.add_greater(attack, strength, beat)
                codes.append(2 * beat.index)
            elif read is True:
                continue
            elif read is False:
                lost = True
                break
            else:
                codes.append(code(read))
        if codes and not lost:
            model.add_equal_and(2 * lit.index, codes)
            return
    t, value = lit.index, 0 if lost else 1
    if lb[t] != ub[t]:  # model.fix, inline
        lb[t] = ub[t] = value
    elif lb[t] != value:
        model.conflict = True


def _one_literal(model: ConstraintModel, x: LinearExpr | IntVar | int, y: LinearExpr | IntVar | int) -> Lit | None:
    """``x > y`` as a literal or a constant when ``x - y`` reads a single boolean variable (in a
    folded model: ``attack > 1 - moves[...]``), else ``None``."""
    if type(x) is int and type(y) is LinearExpr and len(y.terms) == 1:  # the most common: a number against 1 - moves
        (v, c), = y.terms.items()
        return _read(model, v, -c, x - y.const)
    terms: dict[int, int] = {}
    const = 0
    for e, sign in ((x, 1), (y, -1)):
        if type(e) is int:
            const += sign * e
        elif type(e) is IntVar:
            terms[e.index] = terms.get(e.index, 0) + sign
        else:
            const += sign * e.const  # type: ignore[union-attr]
            for v, c in e.terms.items():  # type: ignore[union-attr]
                terms[v] = terms.get(v, 0) + sign * c
    live = []
    for v, c in terms.items():
        if c:
            live.append((v, c))
    if len(live) > 1:
        return None
    if not live:
        return const > 0
    v, c = live[0]
    return _read(model, v, c, const)


def _read(model: ConstraintModel, v: int, c: int, const: int) -> Lit | None:
    """``const + c * x > 0`` for variable ``x`` (index ``v``): a literal of ``x`` or a constant
    when ``x`` is boolean, else ``None``."""
    if not c:
        return const > 0
    lb, ub = model.lb[v], model.ub[v]
    if lb < 0 or ub > 1:
        return None
    low, high = const + c * lb > 0, const + c * ub > 0  # the comparison at each value left
    if low == high:
        return low
    var = IntVar(v, model.keys[v])
    return var if high else ~var
