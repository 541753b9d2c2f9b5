"""Dislodgement: a unit is dislodged when a move into its province succeeds and it did not leave."""
from __future__ import annotations

from dipsat.solver.constraints import ConstraintModel, IntVar, new_var
from dipsat.solver.phase_model import DISLODGED, ENTERED, Key, Lit, PhaseModel


def reads(pm: PhaseModel, province: str) -> list[Key]:
    """The decisions the dislodgement of the unit in ``province`` depends on: the moves into it,
    and its own leaving."""
    return pm.keys_of([*map(pm.moves, pm.attackers(province)), pm.leaves(province)])


def add_dislodgement(pm: PhaseModel) -> None:
    """dislodged[p] <-> OR(moves[a] for the attackers a of p) and not moves[p] (``leaves[p]`` for
    a stack whose pieces all move: a piece left behind is dislodged)."""
    attacked = pm.facts.attackers
    model, fold = pm.model, pm.fold
    if fold and not pm.overrides and not pm._stacked:
        _add_unstacked_folded(pm)
        return
    dislodged_of, moves_of, leaves_of, defines = pm.dislodged, pm.moves, pm.leaves, pm.defines
    for province in pm.facts.orders:
        origins = attacked.get(province)
        if origins is None:
            continue  # nobody attacks it: never dislodged, no literal
        dislodged = dislodged_of(province)
        attackers = [moves_of(a) for a in origins]
        left = leaves_of(province)
        if not defines((DISLODGED, province), reads, province):
            continue
        if fold and _folded(model, dislodged, attackers, left):
            continue
        _several(pm, province, dislodged, attackers, left)


def _add_unstacked_folded(pm: PhaseModel) -> None:
    """:func:`add_dislodgement` for a folded model without stacks that no backup rule overrides
    (every dislodgement is defined here), in fewer steps: the literals read from the model's
    tables when they are already made."""
    attacked = pm.facts.attackers
    model = pm.model
    known, made, moves_of, decisions = pm._moves, pm._dislodged, pm.moves, pm.decisions
    keys, lb, ub = model.keys, model.lb, model.ub
    for province in pm.facts.orders:
        origins = attacked.get(province)
        if origins is None:
            continue  # nobody attacks it: never dislodged, no literal
        dislodged = made.get(province)
        if dislodged is None:  # pm.dislodged(province), inline: most are made here
            key = (DISLODGED, province)
            dislodged = decisions.get(key)
            if dislodged is None:
                dislodged = decisions[key] = new_var(IntVar)  # IntVar(len(keys), key) without its __init__'s frame
                dislodged.index, dislodged.key = len(keys), key
                keys.append(key)
                lb.append(0)
                ub.append(1)
            made[province] = dislodged
        left = known.get(province)  # the leaving of a unit not in a stack: its move
        if left is None:
            left = moves_of(province)
        # _folded, inline: the literals made in order, read as constants where fixed
        value, stayed = 1, -1
        if left is not False:
            v = left.index  # type: ignore[union-attr]
            if lb[v] != ub[v]:
                stayed = 2 * v + 1
            elif lb[v] == 1:  # it left: never dislodged
                value = 0
        entered = -1  # no move in can succeed (-2: one does; else the code of the one open)
        several = False
        for a in origins:
            lit = known.get(a)
            if lit is None:
                lit = moves_of(a)
            if not value or several or entered == -2 or lit is False:
                continue
            v = lit.index  # type: ignore[union-attr]
            if lb[v] != ub[v]:
                if entered >= 0:
                    several = True
                else:
                    entered = 2 * v
            elif lb[v] == 1:
                entered = -2
        if several:
            attackers = [known.get(a) or moves_of(a) for a in origins]
            _several(pm, province, dislodged, attackers, left)  # type: ignore[arg-type]
            continue
        if value and entered == -1:
            value = 0
        if value and (entered >= 0 or stayed >= 0):
            model.add_equal_and(2 * dislodged.index, [entered, stayed] if entered >= 0 and stayed >= 0
                                else [entered] if entered >= 0 else [stayed])
            continue
        d = dislodged.index
        if lb[d] != ub[d]:  # model.fix, inline
            lb[d] = ub[d] = value
        elif lb[d] != value:
            model.conflict = True


def _several(pm: PhaseModel, province: str, dislodged: IntVar, attackers: list[Lit], left: Lit) -> None:
    """The gate of :func:`add_dislodgement` built in full: ``dislodged <-> entered and stayed``."""
    left = pm.fixed(left)
    stayed = (not left) if isinstance(left, bool) else ~left
    live = [a for a in map(pm.fixed, attackers) if a is not False]
    if len(live) <= 1 or any(a is True for a in live):  # entered is one move (or a constant)
        entered = True if any(a is True for a in live) else live[0] if live else False
        pm.equal_and(dislodged, [entered, stayed])
        return
    entered = pm.model.new_bool_var((ENTERED, province))
    pm.equal_or(entered, live)
    pm.equal_and(dislodged, [entered, stayed])


def _folded(model: ConstraintModel, dislodged: IntVar, attackers: list[Lit], left: Lit) -> bool:
    """In a folded model, the gate above with its fixed inputs read as constants, when at most one
    move into the province is still open (nearly always); ``False`` when several are (the gate
    above makes their ``entered[...]``)."""
    lb, ub = model.lb, model.ub
    codes = []
    value = 1
    if left is not False:  # the move (or leaving) of the unit there: a literal
        v = left.index  # type: ignore[attr-defined]
        if lb[v] != ub[v]:
            codes.append(2 * v + 1)  # it stayed
        elif lb[v] == 1:  # it left: never dislodged
            value = 0
    if value:
        entered = -1
        for a in attackers:
            if a is False:
                continue
            v = a.index  # type: ignore[union-attr]
            if lb[v] != ub[v]:
                if entered >= 0:
                    return False  # several open moves
                entered = 2 * v
            elif lb[v] == 1:  # a move in succeeds: entered
                entered = -2
                break
        if entered == -1:  # no move in can succeed
            value = 0
        elif entered >= 0:
            codes.insert(0, entered)
        if value and codes:
            model.add_equal_and(2 * dislodged.index, codes)
            return True
    d = dislodged.index
    if lb[d] != ub[d]:  # model.fix, inline
        lb[d] = ub[d] = value
    elif lb[d] != value:
        model.conflict = True
    return True
