"""The rules of other judges (datacases/judges.txt): each case passes under its preset and pins a
rule of that judge (under datc it resolves differently)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases

CASES = load_cases(Path(__file__).resolve().parents[1] / "datacases" / "judges.txt")


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_judge_case(case):
    """The case resolves as its judge does, and not as the DATC does."""
    report = run_case(case)
    assert report.has_expectations and report.passed, "\n".join(report.differences)
    under_datc = run_case(case, "datc")
    assert not under_datc.passed, "the case does not pin a rule of its judge"
