"""The paradox analysis and its picture on the DATC's circular-movement and convoy-paradox cases."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dipsat.render.graph import decision_graph_svg
from dipsat.cli.report import case_json
from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
CASES = {c.id: c for f in ("datc_6C_circular.txt", "datc_6F_convoys.txt") for c in load_cases(DATACASES / f)}
PARADOX_CASES = sorted(i for i in CASES if i.startswith("6.C.") or (i.startswith("6.F.") and 14 <= int(i[4:]) <= 24))


@pytest.mark.parametrize("case_id", PARADOX_CASES)
def test_cycles_are_reported_in_json(case_id):
    """Each case reports the cycles of its decision graph, their resolutions and any backup rule."""
    doc = case_json(run_case(CASES[case_id]))
    phase = doc["phases"][0]
    for cycle in phase["cycles"]:
        assert cycle["orders"] and cycle["decisions"]
        assert cycle["resolutions"] in (0, 1, "2+")
        assert (cycle["rule"] is None) == (cycle["resolutions"] == 1)
    if phase["resolutions"] != 1:
        assert phase["paradoxes"] and all(p["rule"] for p in phase["paradoxes"])


def test_the_paradox_cases_have_cycles_and_rules():
    """6.C.1 is a circular movement, 6.F.14 a Szykman paradox; 6.C.2 and 6.C.3 have a cycle with one resolution."""
    rules = {i: [p["rule"] for p in case_json(run_case(CASES[i]))["phases"][0]["cycles"]]
             for i in ("6.C.1", "6.C.2", "6.C.3", "6.F.14")}
    assert rules["6.C.1"] == ["circular movement"] and rules["6.C.2"] == [None]
    assert rules["6.C.3"] == [None]
    assert rules["6.F.14"] == ["Szykman"]


@pytest.mark.parametrize("case_id", PARADOX_CASES)
def test_svg_renders(case_id):
    """The picture is well-formed SVG holding every decision, red where a cycle is."""
    res = run_case(CASES[case_id]).resolutions[0]
    svg = decision_graph_svg(res, case_id)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    texts = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    for name in map(res.model.name, res.values.decisions):
        assert name[:40] in texts
    if res.values.cycles:
        assert "#c0392b" in svg
