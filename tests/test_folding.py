"""The folded model (issue 23): the model propagated is built with its constants folded, and
changes nothing anyone sees.

A movement phase is first built with the constants the facts fix folded in
(:class:`~dipsat.solver.phase_model.PhaseModel` given its rule modules): fixed decisions are
fixed as they are defined and read as numbers. For every movement phase of every DATC case the
folded model must have the same decisions in the same order, the same decision graph and the
same supports' cutters as the model the rules write without folding, fewer constraints, and
the values its propagation settles must be the one solution CP-SAT finds for the unfolded
model. A solved model read afterwards (an export, a probe) is the unfolded model.
(``tests/test_solver_routes.py`` compares whole resolutions, folded propagation against CP-SAT
on every phase.)
"""
from __future__ import annotations

from pathlib import Path

import pytest

from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases
from dipsat.solver.movement import build_model
from dipsat.solver.paradox import _values, solve_cpsat
from dipsat.variants import read_order

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
CASES = [c for f in sorted(DATACASES.glob("datc_*.txt")) for c in load_cases(f, order_reader=read_order)]


def _solved_models(case):
    """The solved phase models of ``case``'s movement phases, as the adjudicator left them."""
    return [res.model for res in run_case(case).resolutions if res.model is not None]


def _size(pm) -> int:
    return len(pm.model.lb) + len(pm.model._linear) + len(pm.model._clauses)


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_folded_model_has_the_same_decisions_graph_and_solution(case):
    """Folded and unfolded: same decisions (keys, order), graph and cutters; never more
    variables and constraints; a settled folded propagation is CP-SAT's one solution."""
    for solved in _solved_models(case):
        rules = solved.rules
        assert rules is not None, "a movement phase is built folded"
        folded = build_model(solved.facts, rules, solved.overrides, fold=True)
        full = build_model(solved.facts, rules, solved.overrides)
        assert folded.fold and not full.fold
        assert list(folded.decisions) == list(full.decisions)
        assert folded.dependents() == full.dependents()
        assert folded.cut_by == full.cut_by
        assert list(folded.strengths) == list(full.strengths)
        assert _size(folded) <= _size(full)
        bounds = folded.model.propagate()
        if bounds is None or bounds[0] != bounds[1]:
            continue  # a conflict or a cycle: CP-SAT solves the unfolded model (the routes test)
        assert _values(folded, bounds[0]) == solve_cpsat(full, full.model.to_proto())


def test_folding_takes_most_of_the_model_away():
    """Over the DATC cases the folded models are less than half the size of the unfolded ones
    (the point of folding: less to build and to propagate)."""
    folded = full = 0
    for case in CASES:
        for solved in _solved_models(case):
            folded += _size(build_model(solved.facts, solved.rules, solved.overrides, fold=True))
            full += _size(build_model(solved.facts, solved.rules, solved.overrides))
    assert 0 < folded < full / 2


def test_a_solved_model_reads_as_the_unfolded_model():
    """After solving, the model, its strengths and its decisions' variables are those of the
    model built without folding (what an export writes), names and indices alike."""
    case = next(c for c in CASES if c.id == "6.A.5")  # settled by propagation alone
    pm = run_case(case).resolutions[0].model
    assert pm.fold, "solved as built, folded"
    full = build_model(pm.facts, pm.rules, pm.overrides)
    assert str(pm.model.to_cpsat()[0].proto) == str(full.model.to_cpsat()[0].proto)
    assert not pm.fold
    assert {k: v.index for k, v in pm.decisions.items()} == {k: v.index for k, v in full.decisions.items()}
    assert {k: _form(v) for k, v in pm.strengths.items()} == {k: _form(v) for k, v in full.strengths.items()}


def _form(value):
    """A strength as comparable data: a number, a variable's index, or a sum's terms."""
    if isinstance(value, int):
        return value
    if hasattr(value, "index"):
        return ("variable", value.index)
    return ("sum", dict(value.terms), value.const)
