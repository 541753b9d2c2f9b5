"""DATC 5.B.2 SUPPORT: a support is given unless it is cut or the supporting unit is dislodged.

A support is cut by a move into the supporter's province that has a path, by a unit of another
power, from anywhere but the province the support is directed at. "From" is where the attacker
started, even when it is convoyed (DATC 4.A.4, as Calhamer ruled; option ``convoy_cut_origin``).
The older paradox rules of DATC 4.A.2 add exceptions: convoyed armies that do not cut certain
supports. Each choice is its own rule (:data:`SUPPORT_RULES`), built from :func:`add_supports`.
"""
from __future__ import annotations

from functools import partial
from typing import Callable

from dipsat.model.types import SupportHold, SupportMove
from dipsat.solver.constraints import IntVar, new_var
from dipsat.solver.phase_model import GIVEN, Lit, PhaseModel

Exempt = Callable[[PhaseModel, str, str], bool]
"""(model, supporter province, attacker origin) -> the attack does not cut that support."""


def _into(pm: PhaseModel, province: str, support: SupportHold | SupportMove | None = None) -> str:
    support = support or pm.facts.supports[province]
    return support.target.province if isinstance(support, SupportHold) else support.dest.province


def cutters(pm: PhaseModel, province: str, cut_from_target_by_convoy: bool = False,
            exempt: Exempt | None = None, support: SupportHold | SupportMove | None = None) -> list[str]:
    """The origins of the moves that cut the support ordered from ``province`` if they have a path.

    ``support``: the support, when it is not among the model's (a variant's support of a unit the
    model does not hold, given by a unit that holds in it)."""
    support = support or pm.facts.supports[province]
    into = _into(pm, province, support)
    power = support.power
    found = []
    for a in pm.attackers(pm.facts.province(province)):  # a further piece of a stack: its province
        attacker = pm.facts.piece(a)
        if attacker.power == power or not attacker.unit.kind.cuts:
            continue
        if a == into and not (cut_from_target_by_convoy and pm.facts.moves[a].convoyed):
            continue
        if exempt is not None and exempt(pm, province, a):
            continue
        found.append(a)
    return found


def add_supports(pm: PhaseModel, cut_from_target_by_convoy: bool = False, exempt: Exempt | None = None) -> None:
    """given[s] <-> not dislodged[supporter] and no cutting attack has a path.

    With an exemption (the 1971, 1982 and 2000 paradox rules) the exempted convoyed army cuts
    the support neither by attacking nor by dislodging the supporter: those rules take
    precedence over the dislodge rule, as is commonly read (DATC 4.A.2, 6.F.17, 6.F.21).
    """
    facts = pm.facts
    attacked, stacked = facts.attackers, facts.slots
    given_of, defines, always, cut_by = pm.given, pm.defines, pm.always, pm.cut_by
    if pm.fold and not pm.overrides:  # every support is defined here: the unattacked ones fixed inline
        model = pm.model
        lb, ub, keys, made, decisions = model.lb, model.ub, model.keys, pm._given, pm.decisions
        plain = exempt is None and not cut_from_target_by_convoy and not stacked  # the usual rules, no stacks
        for province in facts.supports:
            given = made.get(province)
            if given is None:  # pm.given(province), inline: the supports' literals are made here
                key = (GIVEN, province)
                given = decisions.get(key)
                if given is None:
                    given = decisions[key] = new_var(IntVar)  # IntVar(len(keys), key) without its __init__'s frame
                    given.index, given.key = len(keys), key
                    keys.append(key)
                    lb.append(0)
                    ub.append(1)
                made[province] = given
            if not attacked.get(facts.province(province) if stacked else province):
                cut_by[province] = []  # nobody attacks the supporter: given, reading nothing (as _uncut)
                v = given.index  # type: ignore[union-attr]
                if lb[v] != ub[v]:  # model.fix, inline
                    lb[v] = ub[v] = 1
                elif lb[v] != 1:
                    model.conflict = True
            elif plain:
                _add_attacked_folded(pm, given, province)  # type: ignore[arg-type]
            else:
                add_support_literal(pm, given, province, cut_from_target_by_convoy, exempt)  # type: ignore[arg-type]
        return
    for province in facts.supports:
        given = given_of(province)
        if not attacked.get(facts.province(province) if stacked else province):
            cut_by[province] = []  # nobody attacks the supporter: given, reading nothing (as _uncut)
            if defines((GIVEN, province)):
                always(given)  # type: ignore[arg-type]
        else:
            add_support_literal(pm, given, province, cut_from_target_by_convoy, exempt)  # type: ignore[arg-type]


def _add_attacked_folded(pm: PhaseModel, given: IntVar, province: str) -> None:
    """:func:`add_support_literal` for an attacked supporter in a folded model with no backup-rule
    overrides, no exemption, no stacks and no cut from the target by convoy, inline: the same
    cutters, the same decisions made in the same order (each cutter's path, then the supporter's
    dislodgement) and the same gate as :meth:`~dipsat.solver.phase_model.PhaseModel.equal_and`
    folds it (``given`` <-> not dislodged and no cutter has a path)."""
    facts = pm.facts
    support = facts.supports[province]
    into = support.target.province if isinstance(support, SupportHold) else support.dest.province
    power, units = support.power, facts.position.units
    cut = []
    for a in facts.attackers[province]:  # cutters(), inline
        attacker = units.get(a)
        if attacker is None:
            attacker = facts.piece(a)
        if attacker.power != power and attacker.unit.kind.cuts and a != into:
            cut.append(a)
    pm.cut_by[province] = cut
    paths = []
    for a in cut:
        paths.append(pm.path(a))
    dislodged = pm.dislodged(province)
    model = pm.model
    lb, ub = model.lb, model.ub
    t = 2 * given.index
    v = dislodged.index  # type: ignore[union-attr]  # an attacked unit's dislodgement is a literal
    codes = []
    if lb[v] != ub[v]:
        codes.append(2 * v + 1)
        cut_for_sure = False
    else:
        cut_for_sure = lb[v] == 1
    if not cut_for_sure:
        for p in paths:  # not path: False for a path over land (the support is cut), True without a path
            if p is True:
                cut_for_sure = True
                break
            if p is not False:
                v = p.index  # type: ignore[union-attr]
                if lb[v] != ub[v]:
                    codes.append(2 * v + 1)
                elif lb[v] == 1:
                    cut_for_sure = True
                    break
    if cut_for_sure:
        model.fix(t + 1)
    elif codes:
        model.add_equal_and(t, codes)
    else:
        model.fix(t)


def _uncut(pm: PhaseModel, given: IntVar, province: str) -> None:
    """Nobody attacks the supporter in ``province``: its support is given, reading nothing."""
    pm.cut_by[province] = []
    if pm.defines((GIVEN, province)):
        pm.always(given)


def add_support_literal(pm: PhaseModel, given: IntVar, province: str, cut_from_target_by_convoy: bool = False,
                        exempt: Exempt | None = None, support: SupportHold | SupportMove | None = None) -> None:
    """given <-> the support ordered from ``province`` (or ``support``, given by the unit there)
    is neither cut nor lost by its unit's dislodgement; ``given``'s key is ``(GIVEN, province)``."""
    if not pm.attackers(pm.facts.province(province)):  # nobody attacks the supporter: given, reading nothing
        _uncut(pm, given, province)
        return
    cut = pm.cut_by[province] = cutters(pm, province, cut_from_target_by_convoy, exempt, support)
    paths = []  # loops: a comprehension makes a function object each time
    for a in cut:
        paths.append(pm.path(a))
    where = pm.facts.province(province)
    if exempt is None:
        lost = [pm.dislodged(where)]
    else:
        lost = []
        for a in pm.attackers(where):
            if not exempt(pm, province, a):
                lost.append(pm.moves(a))
    reads = () if pm.fold else pm.keys_of([*lost, *paths])  # a folded model records no graph
    if not pm.defines((GIVEN, province), reads):
        return
    inputs = []
    for x in lost:
        inputs.append(_not(x))
    for p in paths:
        inputs.append(_not(p))
    pm.equal_and(given, inputs)


def _not(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else ~lit


def _convoy_fleets(pm: PhaseModel, attacker: str) -> tuple[set[str], set[str]]:
    """The fleets on any route and the fleets on every route of a convoyed move."""
    mf = pm.facts.moves[attacker]
    if not mf.convoyed or not mf.routes:
        return set(), set()
    every = set(mf.routes[0]).intersection(*map(set, mf.routes))
    return {f for r in mf.routes for f in r}, every


def _exempt_1971(pm: PhaseModel, supporter: str, attacker: str) -> bool:
    """1971: a convoyed army does not cut the support of a fleet supporting a fleet that attacks
    one of the army's convoying fleets."""
    support = pm.facts.supports[supporter]
    units = pm.facts.position.units
    any_route, _ = _convoy_fleets(pm, attacker)
    return (isinstance(support, SupportMove) and units[supporter].unit.kind.value == "F"
            and units[support.target.province].unit.kind.value == "F"
            and support.dest.province in any_route)


def _exempt_1982(pm: PhaseModel, supporter: str, attacker: str) -> bool:
    """1982: a convoyed army does not cut the support of a fleet supporting an action in a sea
    that holds a fleet ordered to convoy."""
    if not pm.facts.moves[attacker].convoyed:
        return False
    into = _into(pm, supporter)
    units = pm.facts.position.units
    return (units[supporter].unit.kind.value == "F" and pm.facts.gmap.is_sea(into)
            and into in pm.facts.convoys)


def _exempt_2000(pm: PhaseModel, supporter: str, attacker: str) -> bool:
    """2000/2023: a convoyed army does not cut the support of a unit supporting an attack on a
    fleet the army's convoy needs (a fleet on every one of its routes)."""
    support = pm.facts.supports[supporter]
    _, every = _convoy_fleets(pm, attacker)
    return isinstance(support, SupportMove) and support.dest.province in every


PARADOX_EXEMPTIONS: dict[str, Exempt] = {"1971": _exempt_1971, "1982": _exempt_1982, "2000": _exempt_2000}
"""The older paradox rules (4.A.2) by choice name: which convoyed attacks do not cut a support."""


def supports_rule(paradox: str, convoy_cut_origin: str) -> Callable[[PhaseModel], None]:
    """The support rule for a choice of options ``paradox`` (4.A.2) and ``convoy_cut_origin`` (4.A.4)."""
    exempt = PARADOX_EXEMPTIONS.get(paradox)
    by_convoy = convoy_cut_origin == "convoy"
    if exempt is None and not by_convoy:
        return add_supports
    rule = partial(add_supports, cut_from_target_by_convoy=by_convoy, exempt=exempt)
    rule.__doc__ = f"Supports under paradox={paradox}, convoy_cut_origin={convoy_cut_origin}."  # type: ignore[misc]
    return rule
