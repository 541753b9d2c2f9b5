"""DATC 5.B.5-5.B.8: hold, attack, defend and prevent strengths.

Each strength is one plus a sum of support literals (plus any terms a variant adds), under the
conditions of the DATC equations. A strength whose value depends on a decision (an attack on a
unit that may leave, a prevent strength that a head-to-head loss takes away) is an integer
variable (``attack[A par - bur]``, ``prevent[A bur - mun]``, keyed ``(ATTACK, "par")``...) defined
by enforced equalities; one
that is a plain sum is kept as that linear expression, and a constant as a number, so the model
holds no variable that Python already knows. Only the strengths some move reads are made: the
hold strength of an attacked province, the defend strength of a unit in a head-to-head battle,
the prevent strength of a move that has rivals.
"""
from __future__ import annotations

from dipsat.model.types import Move
from dipsat.solver.constraints import IntVar, LinearExpr, NotVar, new_var
from dipsat.solver.order_choices import DEFEND_LEAVES_OUT, OWN_SUPPORT_COUNTS
from dipsat.solver.phase_model import ATTACK, BEATEN, DEFEND, HOLD, MOVES, PREVENT, Key, Lit, PhaseModel


def support_sum(pm: PhaseModel, supporters: list[str], excluding_power: str | None = None,
                base: int = 1) -> LinearExpr | int:
    """``base`` + the given supports among ``supporters`` (those of ``excluding_power`` left out),
    each weighted by its unit's support strength when a variant's kinds differ (see
    :attr:`~dipsat.solver.legality.Facts.strengths`)."""
    if not supporters:
        return base
    facts = pm.facts
    if pm.fold and facts.strengths is None:  # the common case, folded
        lb, ub, made = pm.model.lb, pm.model.ub, pm._given
        found: dict[int, int] = {}
        for s in supporters:
            if excluding_power is not None and facts.piece(s).power == excluding_power:
                continue  # left out before its literal is asked for, as below
            lit = made.get(s)  # pm.given(s), read from its table once made
            if lit is None:
                lit = pm.given(s)
            if lit is False:
                continue
            v = lit.index  # type: ignore[union-attr]
            if lb[v] != ub[v]:
                found[v] = found.get(v, 0) + 1
            elif lb[v]:  # fixed by the facts: a constant
                base += 1
        return LinearExpr(found, base) if found else base
    kept, lits = [], []  # loops: a comprehension makes a function object each time
    for s in supporters:
        if excluding_power is None or facts.piece(s).power != excluding_power:
            kept.append(s)
            lits.append(pm.fixed(pm.given(s)))  # a support fixed by the facts is a constant
    weights = facts.strengths
    if weights is not None:
        base += sum(weights[s].support for s, lit in zip(kept, lits) if lit is True)
        terms = [lit * weights[s].support for s, lit in zip(kept, lits)
                 if lit is not False and lit is not True and weights[s].support]
        return base + LinearExpr.sum(terms) if terms else base
    counted: dict[int, int] = {}
    for lit in lits:
        if lit is True:
            base += 1
        elif lit is not False:  # a given support is a literal (an IntVar): one more
            counted[lit.index] = counted.get(lit.index, 0) + 1  # type: ignore[union-attr]
    return LinearExpr(counted, base) if counted else base


def _base(pm: PhaseModel, province: str, what: int) -> int:
    """The strength ``what`` (index in :class:`~dipsat.model.kinds.Strengths`) of the unit in
    ``province`` by itself: 1 unless a variant's kinds say otherwise."""
    found = pm.facts.strengths
    return 1 if found is None else found[province][what]


_ATTACK, _HOLD, _DEFEND, _PREVENT = 0, 1, 2, 3


def _plus(a: LinearExpr | int, b: LinearExpr | int) -> LinearExpr | int:
    if isinstance(b, int) and b == 0:
        return a
    return a + b


def _extra(pm: PhaseModel, strength: str, subject: str) -> LinearExpr | int:
    """The terms a variant added to the strength ``(strength, subject)`` (0 when none was)."""
    if not pm.terms:
        return 0
    return pm.extra((strength, subject))


def _from(counted: LinearExpr | int, base: int) -> LinearExpr | int:
    """A support sum counted from 0 (:func:`support_sum` with ``base=0``), counted from ``base``
    instead; the sum's terms are shared, never changed."""
    return counted + base if isinstance(counted, int) else LinearExpr(counted.terms, counted.const + base)


def _neg(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else ~lit


def _choose(pm: PhaseModel, key: Key, cases: list[tuple[list[Lit], LinearExpr | int]]) -> None:
    """strength ``key`` == the value of the first case whose literals all hold.

    ``cases`` must cover every situation. Constant conditions are settled here; when a single
    case remains the strength is that value itself, else a variable with enforced equalities
    (in a folded model, two numbers chosen by a literal are the expression ``b + (a - b) * lit``).
    """
    live = []
    fold = pm.fold
    lb, ub = pm.model.lb, pm.model.ub
    for when, value in cases:
        kept = []
        for w in when:
            if fold:  # pm.fixed(w), inline: a literal the model already fixes is its value
                kind = type(w)
                if kind is IntVar:
                    v = w.index  # type: ignore[union-attr]
                    if lb[v] == ub[v]:
                        w = lb[v] == 1
                elif kind is NotVar:
                    v = w.var.index  # type: ignore[union-attr]
                    if lb[v] == ub[v]:
                        w = lb[v] == 0
            if w is False:
                break
            if w is not True:
                kept.append(w)
        else:
            live.append((kept, value))
    first = live[0][1]
    same = True
    for _, v in live[1:]:  # a loop: a generator makes a function object each time
        if not _same(v, first):  # type: ignore[arg-type]
            same = False
            break
    if same:
        pm.strengths[key] = first
        return
    if pm.fold and len(live) == 2:
        (when, a), (other, b) = live
        if type(a) is int and type(b) is int and len(when) == 1 and len(other) == 1 and _opposite(when[0], other[0]):
            lit = when[0].expr()
            terms = {}  # a loop: a comprehension makes a function object each time
            for v, c in lit.terms.items():
                terms[v] = c * (a - b)
            pm.strengths[key] = LinearExpr(terms, lit.const * (a - b) + b)
            return
    top = max(_upper(pm, v) for _, v in live)
    var = pm.strength(key, top)
    for when, value in live:
        pm.model.add_difference(var, value, 0, 0, when)  # var == value, enforced when `when` holds


def _opposite(a: Lit, b: Lit) -> bool:
    """``a`` is the negation of ``b`` (both literals)."""
    return (type(b) is NotVar and b.var is a) or (type(a) is NotVar and a.var is b)


def _same(a: LinearExpr | int, b: LinearExpr | int) -> bool:
    if isinstance(a, int) or isinstance(b, int):
        return isinstance(a, int) and isinstance(b, int) and a == b
    return a.terms == b.terms and a.const == b.const


def _upper(pm: PhaseModel, value: LinearExpr | int) -> int:
    if isinstance(value, int):
        return value
    return value.const + sum(max(c, 0) * pm.model.ub[v] for v, c in value.terms.items())


def add_strengths(pm: PhaseModel) -> None:
    """Define the hold, attack, defend and prevent strengths that the moves read."""
    facts = pm.facts
    if pm.fold and facts.strengths is None and not pm.terms:
        _add_plain_folded(pm)
        return
    own_support_counts = OWN_SUPPORT_COUNTS[facts.rules.own_support_via]
    strengths, units, moves_of = pm.strengths, facts.position.units, facts.moves
    plain = facts.strengths is None and not pm.terms  # every base 1, no variant's terms (the common case)
    fixed, leaves_of, orders, hold_supports = pm.fixed, pm.leaves, facts.orders, facts.hold_supports
    fold, lb, ub = pm.fold, pm.model.lb, pm.model.ub
    for province in facts.attackers:
        order = orders.get(province)
        if order is None:
            continue  # an empty province has hold strength 0
        if plain and province not in moves_of and not isinstance(order, Move):  # the last case below, plainly
            strengths[HOLD, province] = support_sum(pm, hold_supports.get(province, []))
            continue
        extra = 0 if plain else _extra(pm, HOLD, province)
        if province in moves_of:  # 5.B.5: 0 if it moves away, else 1 (a stack: 0 if every piece does)
            moves = leaves_of(province)
            if fold and type(moves) is IntVar and lb[moves.index] == ub[moves.index]:  # fixed(), inline
                moves = lb[moves.index] == 1
            if plain and (moves is True or moves is False):  # the choice below, settled
                strengths[HOLD, province] = 0 if moves else 1
            elif not plain or moves is True or moves is False:
                _choose(pm, (HOLD, province), [([moves], 0), ([_neg(moves)], _plus(_base(pm, province, _HOLD), extra))])
            elif pm.fold:  # the choice below, settled as _choose folds it: 1 - moves
                strengths[HOLD, province] = LinearExpr({moves.index: -1}, 1)  # type: ignore[union-attr]
            else:  # the choice below, settled: a variable 0..1, 0 when it moves, 1 when not
                hold = pm.strength((HOLD, province), 1)
                pm.model.add_difference(hold, 0, 0, 0, [moves])
                pm.model.add_difference(hold, 1, 0, 0, [~moves])
        elif isinstance(order, Move):  # an invalid move: it fails, nobody may support it to hold
            strengths[HOLD, province] = _plus(_base(pm, province, _HOLD), extra)
        else:
            strengths[HOLD, province] = _plus(support_sum(pm, facts.hold_supports.get(province, []),
                                                          base=_base(pm, province, _HOLD)), extra)
    move_supports, opponents, attackers, path_of = facts.move_supports, facts.opponent, facts.attackers, pm.path
    for src, mf in moves_of.items():
        supporters = move_supports.get(src)
        supported = support_sum(pm, supporters, base=0) if supporters else 0
        supporters = supporters or []
        path = path_of(src)
        if path is not True:
            path = fixed(path)
        if src in opponents:  # 5.B.7, read by the opponent's move
            left_out = DEFEND_LEAVES_OUT[facts.rules.head_to_head_defend](facts, src)
            defending = supported if left_out is None or not supporters else support_sum(
                pm, supporters, excluding_power=left_out, base=0)
            strengths[DEFEND, src] = _from(defending, 1) if plain else _plus(
                _from(defending, _base(pm, src, _DEFEND)), _extra(pm, DEFEND, src))
        if len(attackers[mf.dest]) > 1:  # 5.B.6, read by the rivals
            prevented = _from(supported, 1) if plain else _plus(
                _from(supported, _base(pm, src, _PREVENT)), _extra(pm, PREVENT, src))
            beaten_by = facts.beaten_by.get(src)
            if beaten_by is None and (path is True or path is False):  # the choice below, settled
                strengths[PREVENT, src] = prevented if path else 0
                cases = []
            elif beaten_by is None:
                cases = [([_neg(path)], 0), ([path], prevented)]
            elif beaten_by == facts.opponent.get(src):  # head to head: both cannot succeed
                beaten = pm.fixed(pm.moves(beaten_by))
                cases = [([_neg(path)], 0), ([path, beaten], 0), ([path, _neg(beaten)], prevented)]
            else:  # DATC 4.A.7 choice a: dislodged by a convoyed unit from the destination
                beaten = pm.model.new_bool_var((BEATEN, src))
                pm.equal_and(beaten, [pm.moves(beaten_by), _neg(pm.moves(src))])
                cases = [([_neg(path)], 0), ([path, beaten], 0), ([path, ~beaten], prevented)]
            if cases:
                _choose(pm, (PREVENT, src), cases)
        attack = 1 if plain else _base(pm, src, _ATTACK)
        if plain:
            full = supported + attack if type(supported) is int else _from(supported, attack)
        else:
            full = _plus(_from(supported, attack), _extra(pm, ATTACK, src))
        defender = units.get(mf.dest)
        if defender is None:  # 5.B.8
            if path is True:  # over land: the attack is the sum itself
                strengths[ATTACK, src] = full
            else:
                _choose(pm, (ATTACK, src), [([_neg(path)], 0), ([path], full)])
            continue
        if defender.power == mf.piece.power:  # never dislodges its own power's unit
            restricted: LinearExpr | int = 0
        elif own_support_counts(mf.order, mf.convoyed):  # the defender's power's supports count too
            restricted = full
        elif not supporters and plain:
            restricted = attack
        else:
            restricted = _plus(support_sum(pm, supporters, excluding_power=defender.power, base=attack),
                               _extra(pm, ATTACK, src))
        leaves = leaves_of(mf.dest) if src not in opponents else False
        if fold and type(leaves) is IntVar and lb[leaves.index] == ub[leaves.index]:  # fixed(), inline
            leaves = lb[leaves.index] == 1
        if path is not True:
            _choose(pm, (ATTACK, src), [([_neg(path)], 0), ([path, leaves], full),
                                        ([path, _neg(leaves)], restricted)])
        elif leaves is False:  # the same choice with its constant conditions settled
            strengths[ATTACK, src] = restricted
        elif pm.fold and type(full) is int and type(restricted) is int and type(leaves) is IntVar:
            # the choice below as _choose folds it: full when the defender leaves, else restricted
            strengths[ATTACK, src] = full if full == restricted else LinearExpr(
                {leaves.index: full - restricted}, restricted)
        else:
            _choose(pm, (ATTACK, src), [([leaves], full), ([_neg(leaves)], restricted)])


def _add_plain_folded(pm: PhaseModel) -> None:
    """:func:`add_strengths` for a folded model whose strengths are all plain (every base 1, no
    variant's terms: the common case), with the same strengths and the same decisions made in
    the same order, in fewer steps: the helpers' settled choices are written inline."""
    facts = pm.facts
    strengths, units, moves_of, orders = pm.strengths, facts.position.units, facts.moves, facts.orders
    hold_supports, move_supports, opponents, attackers = facts.hold_supports, facts.move_supports, facts.opponent, facts.attackers
    lb, ub = pm.model.lb, pm.model.ub
    unstacked = not pm._stacked
    known = pm._moves if unstacked else {}  # the leaving of a unit not in a stack is its move's literal
    leaves_of, path_of, fixed, carried = pm.leaves, pm.path, pm.fixed, facts.carriers
    inline = not pm._stacked and not pm.overrides  # a move's literal made here as pm.moves makes it
    decisions, keys = pm.decisions, pm.model.keys
    for province in attackers:
        order = orders.get(province)
        if order is None:
            continue  # an empty province has hold strength 0
        if province in moves_of:  # 5.B.5: 0 if it moves away, else 1 (a stack: 0 if every piece does)
            moves = known.get(province)
            if moves is None and inline:  # pm.moves(province), inline
                key = (MOVES, province)
                moves = decisions.get(key)
                if moves is None:
                    moves = decisions[key] = new_var(IntVar)  # IntVar(len(keys), key) without its __init__'s frame
                    moves.index, moves.key = len(keys), key
                    keys.append(key)
                    lb.append(0)
                    ub.append(1)
                known[province] = moves
            elif moves is None:
                moves = leaves_of(province)
            if type(moves) is IntVar:
                v = moves.index  # type: ignore[union-attr]
                if lb[v] == ub[v]:
                    strengths[HOLD, province] = 1 - lb[v]
                else:  # LinearExpr({v: -1}, 1) without its __init__'s frame
                    hold = strengths[HOLD, province] = new_var(LinearExpr)
                    hold.terms, hold.const = {v: -1}, 1
            else:
                strengths[HOLD, province] = 0 if moves else 1
        elif isinstance(order, Move):  # an invalid move: it fails, nobody may support it to hold
            strengths[HOLD, province] = 1
        else:
            supporters = hold_supports.get(province)
            strengths[HOLD, province] = support_sum(pm, supporters) if supporters else 1
    own_support_counts = OWN_SUPPORT_COUNTS[facts.rules.own_support_via]
    made, given_of = pm._given, pm.given
    for src, mf in moves_of.items():
        supporters = move_supports.get(src)
        if supporters:  # support_sum(pm, supporters, base=0) and _from(it, 1), inline
            counted: dict[int, int] = {}
            supported = 0
            for s in supporters:
                lit = made.get(s)  # pm.given(s), read from its table once made
                if lit is None:
                    lit = given_of(s)
                if lit is False:
                    continue
                v = lit.index  # type: ignore[union-attr]
                if lb[v] != ub[v]:
                    counted[v] = counted.get(v, 0) + 1
                elif lb[v]:  # fixed by the facts: a constant
                    supported += 1
            if counted:  # the two sums share their terms, as _from's do
                supported, full = LinearExpr(counted, supported), LinearExpr(counted, supported + 1)  # type: ignore[assignment]
            else:
                full = supported + 1
        else:
            supported, full = 0, 1
        if mf.convoyed or mf.blocked or carried and src in carried:
            path = fixed(path_of(src))
        else:
            path = True  # over land: pm.path(src)
        dest = mf.dest
        opposed = src in opponents
        if opposed:  # 5.B.7, read by the opponent's move
            left_out = DEFEND_LEAVES_OUT[facts.rules.head_to_head_defend](facts, src)
            defending = supported if left_out is None or not supporters else support_sum(
                pm, supporters, excluding_power=left_out, base=0)  # type: ignore[arg-type]
            strengths[DEFEND, src] = _from(defending, 1)
        if len(attackers[dest]) > 1:  # 5.B.6, read by the rivals
            prevented = _from(supported, 1)
            beaten_by = facts.beaten_by.get(src)
            if beaten_by is None:
                if path is True or path is False:
                    strengths[PREVENT, src] = prevented if path else 0
                else:
                    _choose(pm, (PREVENT, src), [([_neg(path)], 0), ([path], prevented)])
            elif beaten_by == opponents.get(src):  # head to head: both cannot succeed
                beaten = fixed(pm.moves(beaten_by))
                _choose(pm, (PREVENT, src), [([_neg(path)], 0), ([path, beaten], 0), ([path, _neg(beaten)], prevented)])
            else:  # DATC 4.A.7 choice a: dislodged by a convoyed unit from the destination
                beaten = pm.model.new_bool_var((BEATEN, src))
                pm.equal_and(beaten, [pm.moves(beaten_by), _neg(pm.moves(src))])
                _choose(pm, (PREVENT, src), [([_neg(path)], 0), ([path, beaten], 0), ([path, ~beaten], prevented)])
        defender = units.get(dest)
        if defender is None:  # 5.B.8
            if path is True:  # over land: the attack is the sum itself
                strengths[ATTACK, src] = full
            else:
                _choose(pm, (ATTACK, src), [([_neg(path)], 0), ([path], full)])
            continue
        restricted: LinearExpr | int
        if defender.power == mf.piece.power:  # never dislodges its own power's unit
            restricted = 0
        elif not supporters:  # the unit's own strength, whether its power's supports count or not
            restricted = 1
        elif own_support_counts(mf.order, mf.convoyed):  # the defender's power's supports count too
            restricted = full
        else:
            restricted = support_sum(pm, supporters, excluding_power=defender.power, base=1)
        if opposed:
            leaves: Lit = False
        else:
            leaves = known.get(dest)  # type: ignore[assignment]
            if leaves is None:
                if unstacked and dest not in moves_of:  # pm.leaves(dest), inline: a unit that holds
                    leaves = known[dest] = False
                else:
                    leaves = leaves_of(dest)
            if type(leaves) is IntVar and lb[leaves.index] == ub[leaves.index]:  # type: ignore[union-attr]
                leaves = lb[leaves.index] == 1  # type: ignore[union-attr]
        if path is not True:
            _choose(pm, (ATTACK, src), [([_neg(path)], 0), ([path, leaves], full),
                                        ([path, _neg(leaves)], restricted)])
        elif leaves is False:  # the same choice with its constant conditions settled
            strengths[ATTACK, src] = restricted
        elif type(full) is int and type(restricted) is int and type(leaves) is IntVar:
            # the choice below as _choose folds it: full when the defender leaves, else restricted
            strengths[ATTACK, src] = full if full == restricted else LinearExpr(
                {leaves.index: full - restricted}, restricted)  # type: ignore[union-attr, operator]
        else:
            _choose(pm, (ATTACK, src), [([leaves], full), ([_neg(leaves)], restricted)])
