"""A case's steps play at the phases they state: a skipped phase may be written, a phase the
game must play may not be left out (an error with file and line)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases, read_cases
from dipsat.variants import read_order

FILE = Path(__file__).resolve().parents[1] / "datacases" / "case_phases.txt"
CASES = load_cases(FILE, order_reader=read_order)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_stated_phases_are_played(case) -> None:
    """Each step plays at its stated phase, so durations count the right turns."""
    report = run_case(case)
    assert report.passed, "\n".join(report.differences)
    assert [str(r.before.phase) for r in report.resolutions] == [str(s.phase) for s in case.steps]


def test_leaving_out_a_due_phase_fails_the_case() -> None:
    """A Winter with a build due, left out of the case, fails it with a difference naming the line."""
    text = """CASE skip.1
VARIANT sorcerous
PHASE Spring 1901 Movement
UNITS
France: W Paris
Germany: A Holland
ORDERS
France: W Paris CAST ICE North Sea  [succeeds]
PHASE Fall 1901 Movement
ORDERS
Germany: A Holland - North Sea  [succeeds]
PHASE Spring 1902 Movement
ORDERS
France: W Paris CAST FLAME North Sea  [succeeds]
END
"""
    case = read_cases(text, "skip.txt", order_reader=read_order)[0]
    report = run_case(case)
    assert not report.passed
    assert ("PHASE Spring 1902 Movement (line 12): the game is at Winter 1901 Adjustment, a phase with orders "
            "to give that the case leaves out") in report.differences
