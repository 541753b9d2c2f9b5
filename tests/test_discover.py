"""dipsat.discover: shrinking and shapes on tiny hand-made situations, and the command (small runs)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dipsat.cli.main import main
from dipsat.cli.runner import alternative_keys, run_case
from dipsat.discover import shape
from dipsat.discover.finding import cases_of, written
from dipsat.discover.search import Search, run, situation
from dipsat.discover.shrink import candidates, shrink, size
from dipsat.discover.verdict import Disagreement, Paradox, Side
from dipsat.model.cases import Case, read_cases
from dipsat.model.gamemap import load_map
from dipsat.model.notation import parse_order
from dipsat.variants import read_order

from tests.helpers import board

GMAP = load_map("dipsat.variants.classical")
ROOT = Path(__file__).resolve().parents[1]


def situation_of(units: list[str], orders: list[str]) -> Case:
    """A case without expectations from ``England: A lon`` lines and ``England: A lon - wal`` orders."""
    from dipsat.discover.generate import situation as make
    position = board(*units)
    parsed = [parse_order(text.partition(":")[2].strip(), GMAP, GMAP.resolve_power(text.partition(":")[0]),
                          position) for text in orders]
    return make(position, parsed)


RING = (["Turkey: F ank", "Turkey: A con", "Turkey: A smy"], ["Turkey: F ank - con", "Turkey: A con - smy", "Turkey: A smy - ank"])
"""DATC 6.C.1: three units moving round a ring, two consistent resolutions."""
PANDIN = (["England: F lon", "England: F wal", "France: A bre", "France: F eng", "Germany: F nth", "Germany: F bel"],
          ["England: F lon S F wal - eng", "England: F wal - eng", "France: A bre - lon", "France: F eng C A bre - lon",
           "Germany: F nth S F bel - eng", "Germany: F bel - eng"])
"""DATC 6.F.16, Pandin's paradox: no consistent resolution."""
PARADOX_1982 = (["France: F eas", "France: F ion", "France: A smy", "Germany: F tun"],
                ["France: F eas C A smy - tun", "France: F ion C A smy - tun", "France: A smy - tun",
                 "Germany: F tun S F ion"])
"""Found by `dipsat discover` (seed 1): under the 1982 paradox rule the convoyed army does not cut
the support given to the convoying fleet in the Ionian Sea."""


def test_shrink_keeps_the_ring_and_drops_the_bystanders():
    """A ring with two idle units beside it shrinks to the three units of DATC 6.C.1."""
    units, orders = RING
    case = situation_of(units + ["Russia: A sev", "Austria: F gre"], orders + ["Russia: A sev H"])
    prop = Paradox(Side(), want=2)
    assert prop.holds(case)
    small, checks = shrink(case, prop.holds, GMAP)
    assert sorted(small.start.units) == ["ank", "con", "smy"]
    assert len(small.steps[0].orders) == 3 and prop.holds(small) and checks > 0


def test_shrunk_case_is_one_minimal():
    """No single step of the shrinker keeps the property on a shrunk case (Pandin's paradox, padded)."""
    units, orders = PANDIN
    case = situation_of(units + ["Italy: A pic", "Italy: F mao"], orders + ["Italy: A pic - bre", "Italy: F mao H"])
    prop = Paradox(Side(), want=0)
    assert prop.holds(case)
    small, _ = shrink(case, prop.holds, GMAP)
    assert len(small.start.units) <= 6
    assert not any(prop.holds(c) for c in candidates(small, GMAP) if size(c, GMAP) < size(small, GMAP))


def test_shrinking_a_disagreement_keeps_it():
    """A 1982-paradox-rule disagreement with extra units shrinks and still disagrees."""
    units, orders = PARADOX_1982
    case = situation_of(units + ["Russia: A mos", "Germany: A kie"], orders + ["Germany: A kie - ber"])
    prop = Disagreement(Side(), Side(rules="paradox=1982"))
    assert prop.holds(case)
    small, _ = shrink(case, prop.holds, GMAP)
    assert prop.holds(small) and "mos" not in small.start.units
    assert size(small, GMAP) < size(case, GMAP)


def test_same_shape_elsewhere_on_the_board_has_the_same_key():
    """A ring in Turkey and a ring in France are one shape; a head-to-head battle is another."""
    turkey = situation_of(["Turkey: A ank", "Turkey: A con", "Turkey: A smy"],
                          ["Turkey: A ank - con", "Turkey: A con - smy", "Turkey: A smy - ank"])
    france = situation_of(["France: A par", "France: A bur", "France: A pic"],
                          ["France: A par - bur", "France: A bur - pic", "France: A pic - par"])
    swap = situation_of(["France: A par", "Germany: A bur"], ["France: A par - bur", "Germany: A bur - par"])
    keys = [shape.key(shape.graph(c, GMAP)) for c in (turkey, france, swap)]
    assert keys[0] == keys[1] != keys[2]


def test_shape_names_the_datc_case():
    """Pandin's paradox has the shape of DATC 6.F.16; a ring lies within 6.C.1."""
    assert "6.F.16" in shape.matches(shape.structure(situation_of(*PANDIN), GMAP))
    assert "6.C.1" in shape.contained_in(shape.structure(situation_of(*RING), GMAP))


def test_a_finding_is_written_as_a_case_that_passes_under_both_sides():
    """The written case states both sides' results (an alternative) and passes under each."""
    prop = Disagreement(Side(), Side(rules="paradox=1982"))
    cases = cases_of(situation_of(*PARADOX_1982), prop, "t.1", "test")
    text, problems = written(cases)
    assert problems == []
    back = read_cases(text, "t.txt", order_reader=read_order)
    assert [c.id for c in back] == ["t.1"] and alternative_keys(back[0]) == ["paradox=1982"]
    assert run_case(back[0]).passed and run_case(back[0], "paradox=1982").passed


def test_generation_is_the_same_for_the_same_try():
    """Try t of a seed is the same situation each time it is made."""
    search = Search(Side(), Side(rules="1982"), seed=7)
    assert [situation(search, t) for t in range(30)] == [situation(search, t) for t in range(30)]


def test_small_search_finds_a_paradox_and_its_case_passes():
    """A few hundred tries find a paradox; each finding's case passes `dipsat adjudicate`."""
    outcome = run(Search(Side(), None, units=6, seed=2), tries=200)
    assert outcome.findings
    for f in outcome.findings:
        for case in read_cases(f.text, "f.txt", order_reader=read_order):
            assert run_case(case).passed
            assert any(r.resolutions != 1 for r in run_case(case).resolutions)


def dipsat(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the command line in a fresh interpreter."""
    return subprocess.run([sys.executable, "-m", "dipsat.cli.main", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_command_smoke_and_determinism(tmp_path):
    """`dipsat discover` with a few tries: exit 0, the same JSON twice (also on two workers), a
    folder whose findings.txt passes `dipsat adjudicate` under both rule sets."""
    args = ["discover", "--rules", "datc", "--rules", "1982", "--tries", "120", "--seed", "5", "--units", "6"]
    first = dipsat(*args, "--workers", "1", "--json", "--out", str(tmp_path / "out"))
    assert first.returncode == 0, first.stderr
    doc = json.loads(first.stdout)
    assert doc["tries"] == 120 and doc["findings_count"] == len(doc["findings"]) > 0
    second = dipsat(*args, "--workers", "2", "--json")
    assert second.stdout == first.stdout
    checked = dipsat("adjudicate", str(tmp_path / "out" / "findings.txt"))
    assert checked.returncode == 0, checked.stdout[-2000:]
    cases = read_cases((tmp_path / "out" / "findings.txt").read_text(), "f.txt", order_reader=read_order)
    for case in cases:
        for key in alternative_keys(case):
            assert key == "1982" and run_case(case, key).passed
    assert {c.rules for c in cases} <= {"datc", "1982"}
    assert (tmp_path / "out" / "report.md").read_text().count("![") >= len(doc["findings"])


@pytest.mark.parametrize("args, message", [
    (["--rules", "datc"], "give two sides"),
    (["--paradox", "--rules", "datc", "--rules", "1982"], "one side"),
    (["--rules", "datc", "--rules", "nonsense"], "unknown rules preset"),
    (["--rules", "datc", "--rules", "1982", "--units", "1"], "between 2 and 34"),
])
def test_command_refuses_bad_arguments(args, message, capsys):
    """A mistake in the arguments is one line and exit 2. Run in this process (the command's
    process itself is tested above): a fresh interpreter per case cost ~0.5 s of CPU each."""
    code = main(["discover", *args, "--tries", "1"])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
    assert len([line for line in err.splitlines() if line.startswith("dipsat: error:")]) == 1, err


def test_dask_local_cluster_finds_the_same(dask_cluster):
    """The same search on a two-worker Dask LocalCluster (loopback) keeps the same findings as in this process."""
    import distributed

    search = Search(Side(), Side(rules="1982"), units=6, seed=4)
    inline = run(search, tries=60)
    with distributed.Client(dask_cluster) as client:
        remote = run(search, tries=60, client=client)
    assert remote.tries == inline.tries == 60 and remote.workers == 2
    assert [f.text for f in remote.findings] == [f.text for f in inline.findings]


def test_interrupted_search_keeps_the_chunks_done(monkeypatch):
    """Ctrl-C during a search keeps the findings of the whole chunks done before it, marked interrupted."""
    from dipsat.discover import search as module

    real = module.run_chunk

    def stops_at_third(search, index, tries):
        if index == 2:
            raise KeyboardInterrupt
        return real(search, index, tries)

    monkeypatch.setattr(module, "run_chunk", stops_at_third)
    outcome = run(Search(Side(), None, seed=2), tries=200)
    assert outcome.interrupted and outcome.tries == 2 * module.CHUNK


def test_ctrl_c_stays_python_after_a_cp_sat_solve():
    """After CP-SAT solved a phase (6.C.1 has a cycle), Ctrl-C still raises KeyboardInterrupt
    (CP-SAT's own handler left SIGINT at its default action: the process died without exit 130)."""
    import signal

    from dipsat.solver import route

    units, orders = RING
    before = route.current()
    route.choose("cpsat")
    try:
        assert Paradox(Side(), want=2).holds(situation_of(units, orders))
    finally:
        route.choose(before)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
