"""Every bundled DATC case is its own test, named by its DATC id (``-k 6.A.1`` or the node id)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dipsat.cli.deviations import DEVIATIONS
from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
CASES = [c for f in sorted(DATACASES.glob("datc_*.txt")) for c in load_cases(f)]


def _param(case):
    marks = [pytest.mark.xfail(strict=True, reason=DEVIATIONS[case.id])] if case.id in DEVIATIONS else []
    return pytest.param(case, id=case.id, marks=marks)


def test_all_176_cases_are_bundled():
    """The bundled files hold the 176 cases of DATC v3.2 chapter 6, each once."""
    ids = [c.id for c in CASES]
    assert len(ids) == 176 and len(set(ids)) == 176


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_datc(case):
    """The case resolves as DATC v3.2 says: every order's result, dislodgements, the board after."""
    report = run_case(case)
    assert report.has_expectations
    assert report.passed, "\n".join(report.differences)
