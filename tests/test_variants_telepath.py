"""Telepath (rb42): every case of datacases/telepath.txt is its own test, named by its id."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases
from dipsat.variants import read_order

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
CASES = load_cases(DATACASES / "telepath.txt", order_reader=read_order)


def test_every_case_is_a_telepath_case():
    """The file holds at least 25 cases, each of the telepath variant (options allowed)."""
    assert len(CASES) >= 25
    assert all(c.variant.split(",")[0] == "telepath" for c in CASES)


def test_every_numbered_rule_is_exercised():
    """Rules 1 to 8 each name at least one case (rule 0 is the DATC run under Telepath)."""
    titles = " ".join(c.title for c in CASES)
    for n in range(1, 9):
        assert re.search(rf"\bRules? (?:[\d, and]*\b)?{n}\b", titles), n


def test_rulings_cite_existing_cases():
    """Every case the rulings document cites exists, and every case is cited."""
    text = (DATACASES.parent / "docs/variants/telepath.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"\btelepath\.\d+\b", text))
    assert cited == {c.id for c in CASES}


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_telepath_case(case):
    """The case resolves as its expectations say: each order's result and the board after."""
    report = run_case(case)
    assert report.has_expectations
    assert report.passed, "\n".join(report.differences)


def test_rule_4_is_in_the_model_not_in_python():
    """Several bans: the moves read ``max0(...)`` of a strength bans could take below zero, named
    in the exported CP-SAT model; the move banned to zero fails against the hold floored at zero."""
    from dipsat.variants import TELEPATH
    from helpers import board
    pos = board("France: A par", "Germany: A bur", "England: F lon", "Italy: A ven", "Russia: A mos")
    orders = [TELEPATH.parse_order(text, power, pos) for power, text in [
        ("France", "A par - bur"), ("Germany", "A bur H"), ("England", "BAN FRE A(Par)-Bur"),
        ("Italy", "BAN GER A(Bur)"), ("Russia", "BAN GER A(Bur)")]]
    res = TELEPATH.adjudicate(pos, orders)
    pm = res.model
    assert pm.model.name(pm.strengths["hold", "bur"].index) == "max0(hold[bur])"  # 1 - 2 bans: floored at 0
    assert res.values.strengths["hold", "bur"] == 0 and res.values.strengths["attack", "par"] == 0
    text = str(pm.model.to_cpsat()[0].proto)
    assert 'name: "max0(hold[bur])"' in text and 'name: "positive[hold[bur]]"' in text
    assert res.results[0].words == "fails"
