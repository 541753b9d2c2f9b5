"""The Gathering (rg18): every case of datacases/gathering*.txt is its own test; the decks, the
generator, the end and the model terms are tested on tiny boards."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases
from dipsat.variants import read_order

ROOT = Path(__file__).resolve().parents[1]
CASES = load_cases(ROOT / "datacases/gathering.txt", order_reader=read_order)
KINDS_FILE = ROOT / "datacases/gathering_kinds.txt"
CARD_PREFIXES = {"DT": "Double Trouble", "WW": "Walk on Water", "SL": "Sail on Land", "UD": "Utter Destruction",
                 "PA": "Protective Amulet", "GE": "Garden of Eden", "SD": "Sudden Death", "TS": "Turn to Stone",
                 "BH": "Black Hole", "TP": "Teleport", "FL": "Faster than Light", "MS": "Mystical Shield"}


def _all_cases() -> list:
    return CASES + load_cases(KINDS_FILE, order_reader=read_order)


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_gathering_case(case):
    """The case resolves as its expectations say: each order's result and the board after."""
    report = run_case(case)
    assert report.has_expectations
    assert report.passed, "\n".join(report.differences)


def test_at_least_three_cases_per_card():
    """Each of the eleven cards has at least three cases of its own (ids g.<card>.<n>)."""
    cases = _all_cases()
    for prefix, card in CARD_PREFIXES.items():
        own = [c for c in cases if c.id.startswith(f"g.{prefix}.")]
        assert len(own) >= 3, card


def test_rulings_cite_existing_cases():
    """Every case the rulings document cites exists."""
    text = (ROOT / "docs/variants/gathering.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"\bg\.[0-9A-Z]+\.\d+\b", text))
    assert cited and cited <= {c.id for c in _all_cases()}, cited - {c.id for c in _all_cases()}
