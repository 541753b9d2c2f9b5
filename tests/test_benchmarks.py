"""The benchmark harness (``python -m benchmarks``): smoke runs, CSV columns, notation, peer defects.

The peer engine (``diplomacy``, the optional ``bench`` extra) may be absent: the tests that need
it are skipped, and the smoke run must then say so and benchmark dipsat alone.
"""
from __future__ import annotations

import csv
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # benchmarks/ is a plain folder, run from the repository root

from benchmarks.report import COLUMNS  # noqa: E402

HAS_PEER = importlib.util.find_spec("diplomacy") is not None
needs_peer = pytest.mark.skipif(not HAS_PEER, reason="the peer engine `diplomacy` (bench extra) is not installed")


def _smoke(tmp_path: Path, *extra: str) -> tuple[subprocess.CompletedProcess[str], list[dict[str, str]]]:
    out = tmp_path / "bench.csv"
    proc = subprocess.run([sys.executable, "-m", "benchmarks", "--smoke", "--out", str(out), *extra],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    with out.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == COLUMNS
        return proc, list(reader)


def test_smoke_run_writes_the_summary_csv(tmp_path):
    """The smoke run exits 0 and writes every column, with dipsat rows for each phase type seen."""
    proc, rows = _smoke(tmp_path)
    dipsat = [r for r in rows if r["engine"] == "dipsat" and r["source"] == "all"]
    assert {r["phase_type"] for r in dipsat} >= {"movement", "all"}
    for r in dipsat:
        assert float(r["e2e_median_ms"]) > 0 and float(r["adj_median_ms"]) > 0
        assert r["ortools_version"] and r["cpu_count"] and r["num_workers"]
    allrow = next(r for r in dipsat if r["phase_type"] == "all")
    assert float(allrow["throughput_1w"]) > 0 and float(allrow["throughput_2w"]) > 0
    assert float(allrow["peak_rss_mb"]) > 0
    assert (tmp_path / "bench.phases.csv").exists()
    if HAS_PEER:
        peer = [r for r in rows if r["engine"] == "peer" and r["source"] == "all"]
        assert peer and all(float(r["ratio_e2e"]) > 0 for r in peer)
        assert "Disagreements:" in proc.stdout
    else:
        assert "NOT INSTALLED" in proc.stdout
        assert not [r for r in rows if r["engine"] == "peer"]


def test_smoke_run_without_the_peer(tmp_path):
    """With --no-peer, dipsat plays the random games itself and is benchmarked alone."""
    proc, rows = _smoke(tmp_path, "--no-peer", "--workers", "0", "--no-archive")
    assert "played by dipsat" in proc.stdout
    assert {r["engine"] for r in rows} == {"dipsat"}
    assert {r["source"] for r in rows} >= {"all", "random", "datc"}


def test_mila_notation_is_read_back_by_dipsat():
    """Every order written in MILA's notation parses back to the same dipsat order."""
    from dipsat.model.notation import parse_order
    from dipsat.model.types import PhaseKind
    from dipsat.variants import find_variant
    from benchmarks.phases import mila_order

    variant = find_variant("standard")
    gmap = variant.map
    texts = ["A lon - bel via convoy", "F nth C A lon - bel", "A par S A mar - bur", "A par S A mar",
             "F stp/sc - bot", "F mao - spa/nc", "A par H"]
    for text in texts:
        order = parse_order(text, gmap, "England")
        assert parse_order(mila_order(order), gmap, "England") == order
    for text, kind in (("A bel R pic", PhaseKind.RETREAT), ("A bel D", PhaseKind.RETREAT),
                       ("F stp/nc B", PhaseKind.ADJUSTMENT), ("WAIVE", PhaseKind.ADJUSTMENT)):
        order = parse_order(text, gmap, "Russia", kind=kind)
        assert parse_order(mila_order(order), gmap, "Russia", kind=kind) == order


def test_games_are_dealt_whole_and_balanced():
    """Worker shares hold whole games and about as many phases each."""
    from benchmarks.measure import deal
    from benchmarks.phases import PhaseInput

    phases = [PhaseInput("random", str(g), i, "S1901M", {}, {}, {}) for g, n in enumerate([5, 4, 3, 2]) for i in range(n)]
    shares = deal(phases, 2)
    assert sorted(len(s) for s in shares) == [7, 7]
    for share in shares:
        games = {k.split("/")[1] for k in share}
        assert all(sum(1 for k in share if k.split("/")[1] == g) == [5, 4, 3, 2][int(g)] for g in games)


@needs_peer
@pytest.mark.parametrize("repro_id", ["via-own-support", "via-over-land", "via-over-land-bounce",
                                      "convoy-retreat-standoff", "support-coast-fleet", "convoy-retreat-occupied",
                                      "head-to-head-own-support"])
def test_peer_defect_reproduces(repro_id):
    """Each defect in benchmarks/PEER_DEFECTS.md: dipsat gives the DATC's board, the peer another."""
    from dipsat.solver.presets import rules_from_text
    from dipsat.variants import find_variant
    from benchmarks.defects import REPROS, run
    from benchmarks.engines import PeerRunner

    variant = find_variant("standard")
    repro = next(r for r in REPROS if r.id == repro_id)
    boards = run(repro, variant, rules_from_text("datc"), PeerRunner(variant.map))
    assert not boards["dipsat"].diff(boards["datc"])
    assert boards["peer"].diff(boards["datc"])


@needs_peer
@pytest.mark.parametrize("repro_id", ["via-own-support", "via-over-land", "via-over-land-bounce",
                                      "convoy-retreat-standoff", "support-coast-fleet", "convoy-retreat-occupied",
                                      "head-to-head-own-support"])
def test_mila_preset_reproduces_the_peer_defect(repro_id):
    """Under the mila preset dipsat reaches the peer's board on each defect (each is a choice of the preset)."""
    from dipsat.solver.presets import rules_from_text
    from dipsat.variants import find_variant
    from benchmarks.defects import REPROS, run
    from benchmarks.engines import PeerRunner

    variant = find_variant("standard")
    repro = next(r for r in REPROS if r.id == repro_id)
    boards = run(repro, variant, rules_from_text("mila"), PeerRunner(variant.map))
    assert not boards["dipsat"].diff(boards["peer"])


def test_whole_process_smoke_run(tmp_path):
    """The whole-process benchmark's smoke run times each command as its own process and writes its report."""
    import json

    out = tmp_path / "wholeprocess.json"
    proc = subprocess.run([sys.executable, "-m", "benchmarks.wholeprocess", "--smoke", "--no-archive",
                           "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    names = [r["name"] for r in report["rows"]]
    assert any(n.startswith("one DATC case") for n in names)
    for row in report["rows"]:
        assert row["wall"]["median"] > 0 and row["cpu"]["median"] > 0 and row["peak_mb"]["median"] > 0
        assert row["statuses"] and all(s in (0, 1) for s in row["statuses"])
    if HAS_PEER:
        assert report["random_phases"] and report["random_ratio"]["wall"] > 0
        assert any(n.startswith("random games: peer") for n in names)


def test_stages_split_a_replay() -> None:
    """``python -m benchmarks.stages`` replays a case file and names every stage with a time."""
    proc = subprocess.run([sys.executable, "-m", "benchmarks.stages", "datacases/datc_6A_basic.txt",
                           "--rules", "datc", "--repeat", "1"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    first = proc.stdout.splitlines()[0]
    for stage in ("imports", "read", "adjudicate", "order_rows", "tables", "store", "total"):
        assert f"{stage} " in first
    assert "pandas imported: False" in proc.stdout


def _scaling_rows() -> list[dict]:
    """Two sizes, two executors, as :func:`benchmarks.scaling.summarise` writes them."""
    stat = lambda v: {"median": v, "min": v, "max": v}  # noqa: E731
    rows = []
    for games, main, pool in ((40, 100.0, 70.0), (4000, 125.0, 160.0)):
        rows.append({"games": games, "config": "1 worker", "phases": games * 47, "runs": 1, "wall": stat(1.0),
                     "cpu": stat(1.0), "peak_mb": stat(main), "peak_by_role": {"main": main},
                     "phases_per_second_wall": 47.0 * games, "load": stat(0.5), "statuses": [0]})
        rows.append({"games": games, "config": "2 workers", "phases": games * 47, "runs": 1, "wall": stat(1.0),
                     "cpu": stat(1.0), "peak_mb": stat(max(main, pool)), "peak_by_role": {"main": 80.0, "pool": pool},
                     "phases_per_second_wall": 47.0 * games, "load": stat(0.5), "statuses": [0]})
    return rows


def test_scaling_tells_which_memory_targets_are_met():
    """Growth from the smallest to the largest archive within 20 %, every process under 150 MB, process by process."""
    from benchmarks.scaling import flatness, flatness_table

    found = {(f["config"], f["role"]): f for f in flatness(_scaling_rows())}
    assert set(found) == {("1 worker", "main"), ("2 workers", "main"), ("2 workers", "pool")}
    assert found["1 worker", "main"]["growth"] == pytest.approx(0.25)
    assert not found["1 worker", "main"]["flat"] and found["1 worker", "main"]["under_limit"]
    assert found["2 workers", "main"]["flat"] and found["2 workers", "main"]["under_limit"]
    assert not found["2 workers", "pool"]["under_limit"]
    text = flatness_table(_scaling_rows())
    assert "| 1 worker | main | 100 | 125 | +25%: **NOT met** | 125: met |" in text


def test_speed_doc_rewrites_only_its_sections(tmp_path):
    """The generated section is replaced from the report; the text around it is kept, a second refresh changes nothing."""
    import json

    from benchmarks.speed_doc import refresh

    (tmp_path / "scaling.json").write_text(json.dumps({"cpus": 2, "load_before": [0.5, 0, 0], "load_after": [0.7, 0, 0],
                                                       "date": "2026-11-27 13:00", "rows": _scaling_rows()}))
    doc = tmp_path / "speed.md"
    doc.write_text("# Speed\n\nbefore\n<!-- generated: scaling (by hand? no) -->\nold table\n<!-- end: scaling -->\nafter\n")
    assert refresh(doc, tmp_path).endswith("scaling")
    text = doc.read_text()
    assert text.startswith("# Speed\n\nbefore\n<!-- generated: scaling (by hand? no) -->\nMeasured 2026-11-27 13:00")
    assert text.endswith("<!-- end: scaling -->\nafter\n") and "old table" not in text
    assert "| 4,000 (188,000) | 2 workers |" in text and "| 2 workers | pool | 70 | 160 |" in text
    refresh(doc, tmp_path)
    assert doc.read_text() == text


def test_startup_smoke_run(tmp_path):
    """The start-up benchmark's smoke run times each short command as its own process, in turns;
    ``--against`` (here this very checkout) runs each dipsat row with the other code too."""
    import json

    out = tmp_path / "startup.json"
    proc = subprocess.run([sys.executable, "-m", "benchmarks.startup", "--smoke", "--out", str(out),
                           "--against", str(ROOT)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    names = [r["name"] for r in report["rows"]]
    assert any(n.startswith("dipsat adjudicate, one case") for n in names)
    for row in report["rows"]:
        assert row["runs"] == 1 and row["wall"]["median"] > 0 and row["cpu"]["median"] > 0
        assert row["statuses"] and all(s in (0, 1) for s in row["statuses"]), row
    assert any(n.startswith("dipsat replay") and n.endswith("[against]") for n in names)
    assert report["against_ratios"] and all(r["cpu"] > 0 for r in report["against_ratios"].values())
    if HAS_PEER:
        assert report["ratio_one_phase"]["cpu"] > 0 and report["ratio_one_game"]["wall"] > 0
