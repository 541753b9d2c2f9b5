"""Propagation by passes (issue 23): a small model is propagated by passes over its constraints
(:meth:`~dipsat.solver.constraints.ConstraintModel._sweep`) before any watch list is made. The
fixpoint of unit and bounds propagation does not depend on the order the constraints run in, so
the bounds (or the conflict) must be exactly those of the propagation with watch lists, whether
the passes reach the fixpoint or stop short and hand their bounds on.

Checked on every movement phase of every DATC case, on the model built without folding (many
constraints, cycles and paradoxes: CP-SAT's model) and on the folded one (what is propagated).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases
from dipsat.solver import constraints
from dipsat.solver.movement import build_model
from dipsat.variants import read_order

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
CASES = [c for f in sorted(DATACASES.glob("datc_*.txt")) for c in load_cases(f, order_reader=read_order)]


def _models(case):
    """Both builds of each movement phase of ``case`` as the adjudicator solved it."""
    found = []
    for res in run_case(case).resolutions:
        pm = res.model
        if pm is None:
            continue
        found.append(build_model(pm.facts, pm.rules, pm.overrides))
        found.append(build_model(pm.facts, pm.rules, pm.overrides, fold=True))
    return found


def _propagated(model, monkeypatch, most: int, passes: int):
    monkeypatch.setattr(constraints, "_SWEEP_MOST", most)
    monkeypatch.setattr(constraints, "_SWEEP_PASSES", passes)
    return model.propagate()


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_passes_reach_the_fixpoint_of_the_watch_lists(case, monkeypatch):
    """Passes alone, one pass then watch lists, and watch lists alone: the same bounds."""
    for pm in _models(case):
        watched = _propagated(pm.model, monkeypatch, -1, 0)  # never by passes
        assert _propagated(pm.model, monkeypatch, 10**9, 10**9) == watched  # by passes to the end
        assert _propagated(pm.model, monkeypatch, 10**9, 1) == watched  # one pass, then watch lists


def test_a_conflict_found_by_passes():
    """Two clauses that cannot both hold: no bounds, by passes as by watch lists."""
    model = constraints.ConstraintModel()
    x = model.new_bool_var("x")
    y = model.new_bool_var("y")
    model.add_clause([2 * x.index])
    model.add_clause([2 * x.index + 1, 2 * y.index])
    model.add_clause([2 * y.index + 1])
    assert model.propagate() is None


def test_passes_narrow_a_linear_constraint():
    """A linear constraint enforced by a literal that a clause fixes narrows its variable."""
    model = constraints.ConstraintModel()
    on = model.new_bool_var("on")
    n = model.new_int_var(0, 5, "n")
    model.add_clause([2 * on.index])
    model.add(n >= 3).only_enforce_if(on)
    bounds = model.propagate()
    assert bounds is not None
    assert (bounds[0][n.index], bounds[1][n.index]) == (3, 5)
