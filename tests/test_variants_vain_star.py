"""Vain Star (rg11): every case of datacases/vain_star.txt is its own test, named by its id."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases
from dipsat.variants import read_order
from dipsat.variants.vain_star import Special

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
CASES = load_cases(DATACASES / "vain_star.txt", order_reader=read_order)


def test_at_least_three_cases_per_power():
    """Each of the twelve powers (A-L) has at least three cases of its own."""
    for special in Special:
        own = [c for c in CASES if c.id.startswith(f"vs.{special.value}.")]
        assert len(own) >= 3, special


def test_every_numbered_rule_is_exercised():
    """Rules 0, 1, 2 and 4 name cases of their own (rule 3 is the report's, 5 and 6 the GM's)."""
    titles = [c.title for c in CASES]
    for rule in ("Rule 0", "Rule 1", "Rule 2", "Rule 4"):
        assert any(re.search(rf"\b{rule}\b", t) or re.search(rf"\bRules [\d, and]*{rule[-1]}\b", t)
                   for t in titles), rule


def test_rulings_cite_existing_cases():
    """Every case the rulings document cites exists, and every power's section cites some."""
    text = (Path(__file__).resolve().parents[1] / "docs/variants/vain_star.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"\bvs\.[0-9A-Z]\.\d+\b", text))
    assert cited <= {c.id for c in CASES}, cited - {c.id for c in CASES}
    for special in Special:
        assert any(c.startswith(f"vs.{special.value}.") for c in cited), special


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_vain_star_case(case):
    """The case resolves as its expectations say: each order's result and the board after."""
    report = run_case(case)
    assert report.has_expectations
    assert report.passed, "\n".join(report.differences)
