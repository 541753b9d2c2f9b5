"""The command line as a user meets it: real runs, bad input, exit codes, no tracebacks."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CASE = """CASE t-1
TITLE Two armies bounce
PHASE Spring 1901 Movement
UNITS
France: A Paris
Germany: A Munich
ORDERS
France: A Paris - Burgundy  [fails]
Germany: A Munich - Burgundy  [fails]
AFTER
France: A Paris
Germany: A Munich
END
"""


def dipsat(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run the command line in a fresh interpreter."""
    return subprocess.run([sys.executable, "-m", "dipsat.cli.main", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def test_adjudicate_json_reports_every_order(tmp_path):
    """--json gives a summary and, per order, expected, actual and reason."""
    (tmp_path / "c.txt").write_text(CASE)
    done = dipsat("adjudicate", str(tmp_path / "c.txt"), "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["summary"] == {"cases": 1, "passed": 1, "failed": 0, "known_deviations": 0,
                              "without_expectations": 0}
    order = doc["cases"][0]["orders"][0]
    assert order["expected"] == order["actual"] == "fails"
    assert "bounced with A mun - bur" in order["reason"]


def test_failed_expectation_exits_1(tmp_path):
    """A case whose expectation does not hold makes the exit status 1."""
    (tmp_path / "c.txt").write_text(CASE.replace("Burgundy  [fails]\nGermany", "Burgundy  [succeeds]\nGermany"))
    done = dipsat("adjudicate", str(tmp_path / "c.txt"))
    assert done.returncode == 1
    assert "expected succeeds" in done.stdout


BAD = {
    "unknown province": ("CASE x\nPHASE Spring 1901 Movement\nUNITS\nFrance: A Paris\nORDERS\n"
                         "France: A Paris - Xyzzy\nEND\n", ":6:", "xyzzy"),
    "wrong unit type": ("CASE x\nPHASE Spring 1901 Movement\nUNITS\nFrance: X Paris\nEND\n", ":4:", "X Paris"),
    "garbage lines": ("hello world\nfoo\n", ":1:", "hello world"),
    "case without END": ("CASE x\nPHASE Spring 1901 Movement\nUNITS\nFrance: A Paris\n", ":1:", "END"),
    "empty file": ("", "", "no cases"),
}


@pytest.mark.parametrize("text,where,quoted", BAD.values(), ids=list(BAD))
def test_bad_case_file_gives_one_line_error(tmp_path, text, where, quoted):
    """Bad input: one line naming the file (and line), exit 2, no traceback."""
    path = tmp_path / "bad.txt"
    path.write_text(text)
    done = dipsat("adjudicate", str(path))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) + where in lines[0] and quoted.lower() in lines[0].lower()


def test_non_utf8_bytes_name_the_line(tmp_path):
    """Bytes that are not UTF-8: the error names the line of the bad byte."""
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"CASE x\nTITLE caf\xe9\n")
    done = dipsat("adjudicate", str(path))
    assert done.returncode == 2 and f"{path}:2:" in done.stderr and "UTF-8" in done.stderr


def test_missing_file(tmp_path):
    """A missing file is a one-line error, exit 2."""
    done = dipsat("adjudicate", str(tmp_path / "nope.txt"))
    assert done.returncode == 2 and "nope.txt" in done.stderr and "Traceback" not in done.stderr


def test_order_for_a_missing_unit_is_illegal_not_an_error(tmp_path):
    """An order for a unit that is not there is the DATC's 'illegal' (the unit holds)."""
    text = CASE.replace("France: A Paris - Burgundy  [fails]", "France: A Brest - Picardy  [illegal]")
    (tmp_path / "c.txt").write_text(text.replace("Germany: A Munich - Burgundy  [fails]",
                                                 "Germany: A Munich - Burgundy  [succeeds]")
                                    .replace("Germany: A Munich\nEND", "Germany: A Burgundy\nEND"))
    done = dipsat("adjudicate", str(tmp_path / "c.txt"), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["cases"][0]["orders"][0]["actual"] == "illegal"


def test_unknown_rules_preset_lists_the_known_ones(tmp_path):
    """--rules with an unknown preset: exit 2 and the known presets."""
    (tmp_path / "c.txt").write_text(CASE)
    done = dipsat("adjudicate", str(tmp_path / "c.txt"), "--rules", "1999")
    assert done.returncode == 2 and "datc" in done.stderr and "1982" in done.stderr


def test_datc_table_and_paradox_explained():
    """dipsat datc prints the per-section table; --explain shows cycles and decision chains."""
    done = dipsat("datc")
    assert done.returncode == 0, done.stdout[-2000:]
    assert "6.F" in done.stdout and "176" in done.stdout
    explained = dipsat("adjudicate", "datacases/datc_6F_convoys.txt", "--case", "6.F.24", "--explain", "--json")
    phase = json.loads(explained.stdout)["cases"][0]["phases"][0]
    assert phase["resolutions"] == 0
    assert [p["rule"] for p in phase["paradoxes"]] == ["Szykman"]
    assert phase["chains"]["A bre - lon"][0] == {"depth": 0, "decision": "moves[A bre - lon]",
                                                  "value": False, "fixed_by": "equations"}


def test_graph_and_model_export(tmp_path):
    """--graph writes an SVG with the cycle; --export-model a readable text model."""
    svg, model = tmp_path / "g.svg", tmp_path / "m.pb.txt"
    done = dipsat("adjudicate", "datacases/datc_6C_circular.txt", "--case", "6.C.1",
                  "--graph", str(svg), "--export-model", str(model))
    assert done.returncode == 0, done.stderr
    text = svg.read_text()
    assert text.startswith("<svg") and "moves[A con - smy]" in text and "circular movement rule" in text
    assert 'name: "moves[F ank - con]"' in model.read_text()


def test_compare_datc_with_1982_lists_the_paradox_cases():
    """compare: the 1982 rules change 6.F.20 and 6.F.21, among others, and nothing in 6.A-6.E."""
    done = dipsat("compare", "--rules", "datc", "--rules", "1982", "datacases/", "--json")
    doc = json.loads(done.stdout)
    assert {"6.F.20", "6.F.21"} <= set(doc["cases_that_differ"])
    assert not [c for c in doc["cases_that_differ"] if c[:3] in {"6.A", "6.B", "6.C", "6.D", "6.E"}]
    assert doc["phases_differ"] >= len(doc["cases_that_differ"]) and doc["orders_differ"] > 0


def test_compare_reads_archived_games(tmp_path):
    """compare also takes archived games: every recorded phase under both semantics, to CSV."""
    out = tmp_path / "diff.csv"
    done = dipsat("compare", "--rules", "datc", "--rules", "datc,civil_disorder=home_distance",
                  "tests/replay_fixtures/droidippy_game.txt", "--json", "--out", str(out))
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["cases"] == 1 and doc["phases"] > 10
    assert out.read_text().startswith("source,case,phase,order,result_a,result_b")
