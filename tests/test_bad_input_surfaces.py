"""Hostile input on the newer surfaces (issue 22): report, maps, graphs, exported models, saved
games, variant records, pipes, crafted text, secrets, impossible board changes (Ctrl-C:
tests/test_bad_input_interrupts.py).

One test (or one parametrized family) per class of defect, each tried on its neighbours: every
command and every output kind that can meet it. The rule of each class is in docs/errors.md.
"""
from __future__ import annotations

import copy
import csv
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dipsat.model.safe_text import file_names, visible
from tests.bad_input import DIPSAT, GAMES, ROOT, cli, no_python, well_formed

MILA = ROOT / "tests" / "replay_fixtures" / "mila_game.json"

CASE = """CASE {id}
TITLE {title}
VARIANT standard
RULES datc
PHASE Spring 1901 Movement
UNITS
France: A Paris
Germany: A Munich
Germany: A Ruhr
ORDERS
France: A Paris - Burgundy  [fails]
Germany: A Munich - Burgundy  [fails]
Germany: A Ruhr Holds  [stands]
END
"""
"""One case with one movement phase (so one map, one graph and one exported model per case)."""


def cases_file(tmp_path: Path, ids: list[str], titles: list[str] | None = None) -> Path:
    path = tmp_path / "cases.txt"
    titles = titles or [f"case {i}" for i in range(len(ids))]
    path.write_text("\n".join(CASE.format(id=i, title=t) for i, t in zip(ids, titles)), encoding="utf-8")
    return path


def inside(folder: Path, root: Path) -> bool:
    return folder.resolve().is_relative_to(root.resolve())


# 1. One function makes every id a safe, unique file name ------------------------------------

HOSTILE_IDS = ["a_b", "a-b", "index", "INDEX", "..", ".", "a/b", "a\\b", "Ångström", "日本", "中文", "x" * 300,
               "A", "a", "con", "-rf", "a\x01b", "6.A.1"]


def test_file_names_are_safe_unique_and_inside_the_folder(tmp_path: Path):
    names = file_names(HOSTILE_IDS, reserved=["index"])
    assert len({n.lower() for n in names}) == len(names)  # unique, even on a case-blind file system
    assert "index" not in {n.lower() for n in names}
    for n in names:
        assert n and "/" not in n and "\\" not in n and not n.startswith((".", "-")) and len(n.encode()) <= 100
        assert (tmp_path / f"{n}.html").resolve().parent == tmp_path.resolve()
    assert names[HOSTILE_IDS.index("a_b")] == "a_b" and names[HOSTILE_IDS.index("6.A.1")] == "6.A.1"
    assert names[HOSTILE_IDS.index("日本")] != names[HOSTILE_IDS.index("中文")]  # non-ASCII kept apart
    assert file_names(["z", "z"]) == ["z", "z-2"]
    assert file_names(HOSTILE_IDS, ["index"]) == names  # the same ids, the same names


def test_report_writes_every_page_inside_out_and_links_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    ids = HOSTILE_IDS
    path = cases_file(tmp_path, ids)
    out = tmp_path / "deep" / "out"
    code, stdout, err = cli(capsys, "report", path, "--out", out)
    assert code == 0, err
    index = (out / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'href="([^"]+)"', index)
    assert len(links) == len(ids) == len(set(links))
    for link in links:
        assert (out / link).is_file() and inside(out / link, out)
        assert (out / link).read_text(encoding="utf-8").count("<h1>") == 1
    for svg in out.rglob("*.svg"):
        assert inside(svg, out)
        well_formed(svg)
    assert not any(p.suffix == ".svg" for p in (tmp_path / "deep").iterdir())  # nothing beside --out
    for n, i in enumerate(ids):  # each link leads to its own case's page (the index links no wrong verdict)
        page = (out / links[n]).read_text(encoding="utf-8")
        assert f"case {n}</h1>" in page


@pytest.mark.parametrize("option, suffix", [("--map", ".svg"), ("--graph", ".svg"), ("--export-model", ".pb.txt"),
                                            ("--export-model", ".pb")])
def test_pictures_and_models_of_many_cases_get_safe_names(option: str, suffix: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]):
    ids = ["a/b", "a-b", "..", "x" * 300, "Ångström", "日本", "A", "a"]
    path = cases_file(tmp_path, ids)
    out = tmp_path / "out"
    code, _, err = cli(capsys, "adjudicate", path, option, out / f"f{suffix}")
    assert code == 0, err
    written = sorted(p for p in tmp_path.rglob("*") if p.is_file() and p != path)
    assert len(written) == len(ids)  # one file per case, none skipped, none overwritten
    assert all(inside(p, out) for p in written)
    if suffix == ".svg":
        for p in written:
            well_formed(p)


def test_an_export_that_cannot_be_written_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A model file OR-Tools cannot write (its name too long for the file system) is exit 2, never a skip."""
    path = cases_file(tmp_path, ["one", "two"])
    code, _, err = cli(capsys, "adjudicate", path, "--export-model", tmp_path / ("m" * 250 + ".pb"))
    assert code == 2 and "dipsat: error:" in err
    no_python(err)


# 2. One bad game of a saved-games file is one error row --------------------------------------

def _games_file(tmp_path: Path) -> tuple[Path, int]:
    """20 saved games, of which 7 are bad in the ways of issue 22; return the file and the bad count."""
    base = json.loads(MILA.read_text())
    lines = []
    for n in range(20):
        game = copy.deepcopy(base)
        game["id"] = f"g{n}"
        lines.append(json.dumps(game))
    lines[3] = lines[3].replace('"id": "g3"', '"id": "g3\\ud800"')
    lines[4] = lines[4].replace('"A PAR S A MAR - BUR"', '"A PAR S A MAR - BUR\\udfff"')
    lines[5] = lines[5].replace('"F KIE - DEN"', "9" * 5000)  # a huge number where an order stands
    lines[6] = lines[6].replace('"timestamp": 0', '"timestamp": ' + "9" * 5000, 1)  # unused: the game is read
    for n, orders in ((10, "A PAR H"), (11, None), (12, {"FRANCE": "A PAR H"}), (13, [1, 2])):
        game = json.loads(lines[n])
        game["phases"][0]["orders"] = orders
        lines[n] = json.dumps(game)
    for n, key, value in ((14, "units", {"FRANCE": "A PAR"}), (15, "centers", {"FRANCE": "PAR"})):
        game = json.loads(lines[n])  # a text where a list stands was read one letter at a time
        game["phases"][0]["state"][key] = value
        lines[n] = json.dumps(game)
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, 10


@pytest.mark.parametrize("executor", [["--workers", "1"], ["--workers", "2"], ["dask"]])
def test_one_bad_game_is_one_error_row(executor: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      request: pytest.FixtureRequest):
    path, bad = _games_file(tmp_path)
    if executor == ["dask"]:
        cluster = request.getfixturevalue("dask_cluster")  # started only for this case
        code, out, err = cli(capsys, "replay", path, "--out", tmp_path / "o", "--json",
                             "--dask", cluster.scheduler_address)
    else:
        code, out, err = cli(capsys, "replay", path, "--out", tmp_path / "o", "--json", *executor)
    no_python(out + err)
    summary = json.loads(out)
    assert code == 2 and summary["games"] == 20, summary
    assert summary["errors"] == bad - 1  # the unused huge number does not stop its game
    import pyarrow.parquet as pq
    rows = pq.read_table(tmp_path / "o" / "phases.parquet").to_pylist()
    errors = {r["game"] for r in rows if r["status"] == "error"}
    assert errors == {"g3\\ud800", "g4", "g5", "g10", "g11", "g12", "g13", "g14", "g15"}
    replayed = {r["game"] for r in rows if r["status"] != "error"}  # a game with a bad phase keeps its others
    assert replayed >= {f"g{n}" for n in range(20)} - errors - {"g3", "g4"}


def test_compare_reads_the_same_bad_games_as_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path, bad = _games_file(tmp_path)
    code, out, err = cli(capsys, "compare", path, "--rules", "mila", "--rules", "datc", "--json",
                         "--out", tmp_path / "c.csv")
    no_python(out + err)
    assert code == 2 and json.loads(out)["errors"] == bad - 1
    with open(tmp_path / "c.csv", encoding="utf-8") as f:
        assert sum(1 for row in csv.DictReader(f) if row["result_a"] == "error") == bad - 1


def test_a_huge_number_in_a_json_list_keeps_the_other_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    base = json.loads(MILA.read_text())
    games = []
    for n in range(3):
        game = copy.deepcopy(base)
        game["id"] = f"g{n}"
        games.append(game)
    text = json.dumps(games).replace('"F KIE - DEN"', "9" * 5000, 1)
    path = tmp_path / "list.json"
    path.write_text(text)
    code, out, err = cli(capsys, "replay", path, "--out", tmp_path / "o", "--json", "--workers", "1")
    no_python(out + err)
    summary = json.loads(out)
    assert summary["games"] == 3 and summary["errors"] == 1


def test_a_file_touched_during_replay_keeps_its_identity(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch):
    import dipsat.replay.run as run
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(MILA, folder / "a.json")
    shutil.copy(ROOT / "tests" / "replay_fixtures" / "mila_games.jsonl", folder / "b.jsonl")
    scan = run._scan

    def scan_then_touch(config, store):  # the files change between listing and replaying
        found = scan(config, store)
        for f in folder.iterdir():
            os.utime(f, ns=(1, 10 ** 18))
        return found
    monkeypatch.setattr(run, "_scan", scan_then_touch)
    code, out, err = cli(capsys, "replay", folder, "--out", tmp_path / "o", "--json", "--workers", "1")
    no_python(out + err)
    summary = json.loads(out)
    assert code in (0, 1) and summary["errors"] == 0 and summary["games"] == 3


def test_a_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A file name with bytes that are not UTF-8 (Python keeps them as lone surrogates) is shown
    as ``\\xff``: the tables, the CSV and the terminal can hold it."""
    folder = tmp_path / "in"
    folder.mkdir()
    name = os.fsdecode(b"g\xff.json")
    shutil.copy(MILA, folder / name)
    code, out, err = cli(capsys, "replay", folder, "--out", tmp_path / "o", "--json", "--workers", "1")
    no_python(err)
    assert code == 0 and json.loads(out)["games"] == 1
    import pyarrow.parquet as pq
    assert {r["file"] for r in pq.read_table(tmp_path / "o" / "phases.parquet").to_pylist()} == {f"{folder}/g\\xff.json"}
    code, out, err = cli(capsys, "compare", folder, "--rules", "mila", "--rules", "datc", "--out", tmp_path / "c.csv")
    no_python(err)
    assert code == 0 and "\\xff" in (tmp_path / "c.csv").read_text(encoding="utf-8")


# 3. Numbers read from files are bounded ------------------------------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize("record, old, new", [
    ("gathering_1901_1908_points.txt", "VARIANT gathering", f"VARIANT gathering,seed={HUGE}"),
    ("gathering_1901_1908_points.txt", "VARIANT gathering", "VARIANT gathering,seed=\u0663"),
    ("hitchhiker_1900_1902.txt", "\nGM: SEED 3\n", f"\nGM: SEED {HUGE}\n"),
    ("hitchhiker_1900_1902.txt", "PHASE Spring 1901 Movement", f"PHASE Spring {HUGE} Movement"),
])
@pytest.mark.parametrize("as_json", [False, True])
def test_numbers_in_records_are_bounded(record: str, old: str, new: str, as_json: bool, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]):
    text = (GAMES / record).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / record
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out, err = cli(capsys, "play", path, *(["--json"] if as_json else []))
    assert code == 2
    no_python(out + err)
    if as_json:
        assert json.loads(out)["error"]["file"] == str(path) and not err
    else:
        assert len(err.splitlines()) == 1 and len(err) < 600


@pytest.mark.parametrize("command", [["replay", "--workers", "1", "--out", "o"], ["compare", "--rules", "droidippy",
                                                                                  "--rules", "datc"]])
def test_a_huge_year_in_a_droidippy_game_is_an_error_of_its_phase(command: list[str], tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    text = (ROOT / "tests" / "replay_fixtures" / "droidippy_game.txt").read_text(encoding="utf-8")
    first = text.split("\n", 1)[0]
    path = tmp_path / "dy.txt"
    path.write_text(re.sub(r"\d+", HUGE, first, count=1) + "\n" + text.split("\n", 1)[1], encoding="utf-8")
    code, out, err = cli(capsys, command[0], path, *command[1:])
    no_python(err)
    assert code == 2 and "dy.txt:1:" in err and "year" in err and len(err) < 600, err


def test_a_huge_seed_on_the_command_line_is_refused(capsys: pytest.CaptureFixture[str]):
    code, out, err = cli(capsys, "play", GAMES / "gathering_1901_1908_points.txt", "--variant",
                         f"gathering,seed={HUGE}")
    assert code == 2 and "whole number" in err and len(err) < 600
    no_python(err)


def test_a_huge_strength_in_a_vain_star_order_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = (ROOT / "datacases" / "vain_star.txt").read_text(encoding="utf-8")
    old = "France: PETROL RATIONING A Paris +2  [succeeds]"
    assert old in text
    for extra in (HUGE, "1001", "\u0663"):
        path = tmp_path / "vs.txt"
        path.write_text(text.replace(old, f"France: PETROL RATIONING A Paris +{extra}  [succeeds]", 1), encoding="utf-8")
        code, _, err = cli(capsys, "adjudicate", path)
        no_python(err)
        assert code == 2 and "whole number" in err and len(err) < 600, err


# 4. Non-seekable input is read once ----------------------------------------------------------

def _shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    dipsat = " ".join(f"'{a}'" for a in DIPSAT)
    return subprocess.run(["bash", "-c", command.replace("DIPSAT", dipsat)], cwd=cwd, capture_output=True,
                          text=True, timeout=240)


@pytest.mark.parametrize("command, expect", [
    ("DIPSAT replay <(cat {games}) --out o --workers 1 --json", '"games": 2'),
    ("DIPSAT replay /dev/stdin --out o --workers 1 --json < {games}", '"games": 2'),
    ("DIPSAT compare <(cat {games}) --rules mila --rules datc --json", '"phases": '),
    ("DIPSAT report <(cat {cases}) --out r --json", '"pages": 12'),
    ("cat {record} | DIPSAT report /dev/stdin --out r2 --json", '"pages": 1'),
    ("DIPSAT adjudicate <(cat {cases}) --json", '"cases": 12'),
    ("DIPSAT play <(cat {record}) --json", '"game": "telepath-1901-1903"'),
])
def test_a_pipe_is_read_once(command: str, expect: str, tmp_path: Path):
    games = ROOT / "tests" / "replay_fixtures" / "mila_games.jsonl"
    found = _shell(command.format(games=games, cases=ROOT / "datacases" / "datc_6A_basic.txt",
                                  record=GAMES / "telepath_1901_1903.txt"), tmp_path)
    no_python(found.stderr)
    assert found.returncode in (0, 1), found.stderr
    assert expect in found.stdout


# 6. Crafted text: control characters, spreadsheet formulas ----------------------------------

CONTROL_TITLE = "t\x1b[32m[pass]\x1b[0m\x01\x7f\x9b2J"
CONTROL_ID = "x\x1b[2K\x01y"


def test_control_characters_never_reach_the_terminal_or_break_a_picture(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]):
    path = cases_file(tmp_path, [CONTROL_ID, "plain"], [CONTROL_TITLE, CONTROL_TITLE])
    runs = [["adjudicate", path], ["adjudicate", path, "--json"], ["adjudicate", path, "--explain"],
            ["adjudicate", path, "--map", tmp_path / "m.svg", "--graph", tmp_path / "g.svg"],
            ["report", path, "--out", tmp_path / "r"], ["compare", path, "--rules", "datc", "--rules", "1982"],
            ["replay", path, "--out", tmp_path / "o", "--workers", "1"], ["convert", path, "--out", tmp_path / "c"],
            ["adjudicate", path, "--case", CONTROL_ID + "\x1b]0;owned\x07"]]
    for args in runs:
        code, out, err = cli(capsys, *args)
        no_python(err)
        for stream in (out, err):
            assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", stream), (args, stream)
        if "--json" in args:
            ids = [c["id"] for c in json.loads(out)["cases"]]
            assert CONTROL_ID in ids  # the JSON escape means the same text
    for picture in tmp_path.rglob("*.svg"):
        well_formed(picture)
    for page in (tmp_path / "r").glob("*.html"):
        assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f]", page.read_text(encoding="utf-8"))


def test_control_characters_in_records_and_saved_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = (GAMES / "telepath_1901_1903.txt").read_text(encoding="utf-8")
    record = tmp_path / "r.txt"
    record.write_text(re.sub(r"^TITLE .*$", "TITLE " + CONTROL_TITLE, text, count=1, flags=re.M), encoding="utf-8")
    game = json.loads(MILA.read_text())
    game["id"] = "g\x1b[31m\r\nFAKE"
    saved = tmp_path / "g.json"
    saved.write_text(json.dumps(game))
    for args in (["play", record], ["play", record, "--maps", tmp_path / "m"], ["report", record, "--out", tmp_path / "r"],
                 ["replay", saved, "--out", tmp_path / "o", "--workers", "1"],
                 ["compare", saved, "--rules", "mila", "--rules", "datc"]):
        code, out, err = cli(capsys, *args)
        no_python(err)
        assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", out + err), (args, out + err)
    for picture in tmp_path.rglob("*.svg"):
        well_formed(picture)


def test_an_error_line_stays_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = cases_file(tmp_path, ["a"])
    path.write_text(path.read_text().replace("France: A Paris - Burgundy", "France: A Pa\x1bris\x0b - Bur\x85gundy"))
    code, out, err = cli(capsys, "adjudicate", path)
    no_python(err)
    assert code == 2 and len(err.splitlines()) == 1 and not re.search("[\x00-\x1f\x7f-\x9f]", err.rstrip("\n"))


def test_lone_surrogates_are_escaped_on_the_terminal():
    assert visible("a\ud800b") == "a\\ud800b"
    assert json.loads(json.dumps("x") [:-1] + visible("\x1b\ud800") + '"') == "x\x1b\ud800"


def test_every_unsafe_character_is_one_a_printable_text_cannot_hold():
    """visible() leaves a printable text as it is without its patterns (issue 23: start-up): every
    character they escape must be one ``str.isprintable`` refuses (tab and line feed aside where
    they are kept), or an unsafe character would pass unescaped."""
    from dipsat.model import safe_text

    for pattern, one_line in ((safe_text._UNSAFE_ON_TERMINAL, False), (safe_text._UNSAFE_IN_LINE, True)):
        unsafe = re.compile(pattern)
        for point in range(0x10000):  # every class range lies in the first plane
            ch = chr(point)
            if unsafe.match(ch):
                assert not (ch if one_line else ch.replace("\n", "").replace("\t", "")).isprintable(), hex(point)
                assert visible("a" + ch, one_line) == f"a\\u{point:04x}"
    assert visible("tab\tand line\n") == "tab\tand line\n" and visible("é ü", True) == "é ü"
    assert visible("a\tb\n", one_line=True) == "a\\u0009b\\u000a"


def test_a_file_name_keeps_the_characters_it_kept():
    """The characters a file name made of an id keeps: ``[A-Za-z0-9._-]`` and letters and digits
    beyond ASCII (told without a pattern compiled at start-up), on the whole first plane."""
    from dipsat.model.safe_text import _kept

    for point in range(0x10000):
        ch = chr(point)
        assert _kept(ch) == (re.fullmatch(r"[A-Za-z0-9._-]", ch) is not None or (point > 127 and ch.isalnum())), hex(point)


def test_compare_csv_quotes_what_a_spreadsheet_would_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    game = json.loads(MILA.read_text())
    formulas = ["=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "\tx"]
    lines = []
    for f in formulas:
        game["id"] = f
        lines.append(json.dumps(game))
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(lines) + "\n")
    out = tmp_path / "c.csv"
    code, _, err = cli(capsys, "compare", path, "--rules", "mila", "--rules", "datc", "--out", out)
    assert code == 0, err
    with open(out, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert rows and {r["case"] for r in rows} == {"'" + visible(f) for f in formulas}
    assert not any(cell.startswith(("=", "+", "-", "@", "\t")) for r in rows for cell in r.values())


def test_compare_csv_holds_no_control_character(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    game = json.loads(MILA.read_text())
    game["id"] = "g\x1b[2J\rx"
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game))
    out = tmp_path / "c.csv"
    assert cli(capsys, "compare", path, "--rules", "mila", "--rules", "datc", "--out", out)[0] == 0
    text = out.read_text(encoding="utf-8")
    assert "g\\u001b[2J\\u000dx" in text and not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", text)


# 7. Public views never show the game master's secrets ---------------------------------------

SECRETS = {
    "hitchhiker_1900_1902.txt": ["SEED 3", "seed: 3", "Zaphod's move: bot (draw"],
    "hitchhiker_1900_1903.txt": ["SEED 2026", "VOTE MARVIN", "VOTE ZAPHOD", "NBO Kiel", "NBO kie", "NBO Paris",
                                 "NBO par", "Vogon-proof by NBO"],
    "vain_star_1901_1903.txt": ["France: Amphibians", "Turkey: Evil Eye", "Thief A Warsaw", "Thief A war",
                                "Russia: Superman"],
    "gathering_1901_1908_points.txt": ["(default split)", "discarded Double Trouble;"],
}


@pytest.mark.parametrize("record", sorted(SECRETS))
def test_public_views_show_no_secret(record: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = GAMES / record

    def outputs(gm: bool) -> str:
        extra = ["--gm"] if gm else []
        tag = "gm" if gm else "public"
        texts = [cli(capsys, "play", path, *extra)[1], cli(capsys, "play", path, "--json", *extra)[1]]
        cli(capsys, "play", path, "--maps", tmp_path / f"maps-{tag}", *extra)
        cli(capsys, "report", path, "--out", tmp_path / f"report-{tag}", *extra)
        for f in sorted((tmp_path / f"maps-{tag}").glob("*")) + sorted((tmp_path / f"report-{tag}").rglob("*.*")):
            texts.append(f.read_text(encoding="utf-8"))
        return "\n".join(texts)
    public, gm = outputs(False), outputs(True)
    for secret in SECRETS[record]:
        if secret.lower() in gm.lower() or secret in ("NBO kie", "NBO par", "Thief A war"):
            assert secret.lower() not in public.lower(), secret
    assert any(secret in gm for secret in SECRETS[record])  # the game master does see them


# 8. Checks that accept the impossible -------------------------------------------------------

@pytest.mark.parametrize("change, words", [
    ("frozen North Sea until Summer 1902 Movement", "no variant plays Summer 1902 Movement"),
    ("frozen Paris", "only a sea freezes"),
    ("closed Paris, Moscow", "not neighbours"),
    ("centre added North Sea", "a supply centre stands on land"),
    ("centre removed North Sea", "no centre to remove"),
    ("frozen North Sea until Summer 1902 Adjustment", "phase"),  # (compare: 'no such phase on this board')
])
def test_impossible_lasting_changes_are_refused(change: str, words: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]):
    text = (ROOT / "datacases" / "board_in_play.txt").read_text(encoding="utf-8")
    lines = text.split("\n")
    at = lines.index("closed Burgundy, Munich until Spring 1901 Retreat")
    lines[at] = change
    case = tmp_path / "c.txt"
    case.write_text("\n".join(lines), encoding="utf-8")
    for command in (["adjudicate"], ["report", "--out", tmp_path / "r"], ["compare", "--rules", "datc", "--rules", "1982"]):
        code, out, err = cli(capsys, command[0], case, *command[1:])
        assert code == 2 and words in err, (command, err)
        no_python(err)
    record_text = (GAMES / "sorcerous_1901_1903.txt").read_text(encoding="utf-8").split("\n")
    at = record_text.index("frozen Black Sea until Fall 1904 Retreat")
    record_text[at] = change
    record = tmp_path / "r.txt"
    record.write_text("\n".join(record_text), encoding="utf-8")
    if "Adjustment" not in change:  # Sorcerous' own sequence: the reader's check
        code, _, err = cli(capsys, "play", record)
        assert code == 2 and f"r.txt:{at + 1}:" in err and words in err, err


def test_an_unknown_jdip_variant_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "j.txt"
    path.write_text("VARIANT_ALL Narnia\nCASE x\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\nEngland: F nth\n"
                    "ORDERS\nEngland: F nth - pic\nPOSTSTATE_SAME\nEND\n")
    for command in (["adjudicate"], ["convert", "--out", tmp_path / "o"], ["report", "--out", tmp_path / "r"]):
        code, _, err = cli(capsys, command[0], path, *command[1:])
        assert code == 2 and f"{path}:1: unknown variant 'Narnia'" in err, err
    path.write_text(path.read_text().replace("Narnia", "Standard"))
    assert cli(capsys, "adjudicate", path)[0] in (0, 1)


@pytest.mark.parametrize("separator", ["\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029"])
def test_error_lines_are_counted_as_an_editor_counts_them(separator: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]):
    case = CASE.format(id="a", title="t" + separator + "more").replace("[fails]", "[maybe]")
    record = (GAMES / "telepath_1901_1903.txt").read_text(encoding="utf-8")
    record = re.sub(r"^(TITLE .*)$", lambda m: m[1] + separator + "x", record, count=1, flags=re.M)
    bad_line = next(n for n, line in enumerate(record.split("\n"), 1) if line.strip().endswith("]"))
    record_lines = record.split("\n")
    record_lines[bad_line - 1] = re.sub(r"\[[^\]]*\]\s*$", "[maybe]", record_lines[bad_line - 1])
    jdip = ("# a comment" + separator + "still the comment\nCASE x\nPRESTATE_SETPHASE Spring 1901, Movement\n"
            "PRESTATE\nEngland: F nth\nORDERS\nEngland: F nth - pic\nBOGUS\nEND\n")
    for name, text, line in (("case.txt", case, case.split("\n").index(next(
            s for s in case.split("\n") if "[maybe]" in s)) + 1), ("record.txt", "\n".join(record_lines), bad_line),
            ("jdip.txt", jdip, 8)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        code, _, err = cli(capsys, "play" if name == "record.txt" else "adjudicate", path)
        assert code == 2 and f"{name}:{line}:" in err, (name, err)


def test_adjudicate_reads_a_folder_as_compare_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    folder = tmp_path / "cases"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(ROOT / "datacases" / "datc_6A_basic.txt", folder / "a.txt")
    shutil.copy(ROOT / "datacases" / "datc_6C_circular.txt", folder / "sub" / "c.txt")
    shutil.copy(GAMES / "telepath_1901_1903.txt", folder / "record.txt")  # passed over, as compare does
    code, out, err = cli(capsys, "adjudicate", folder, "--json")
    assert code == 0, err
    ids = [c["id"] for c in json.loads(out)["cases"]]
    from dipsat.model.casefiles import load_any
    assert ids == [c.id for f in (folder / "a.txt", folder / "sub" / "c.txt") for c in load_any(f)]
    _, compared, _ = cli(capsys, "compare", folder, "--rules", "datc", "--rules", "1982", "--json")
    assert json.loads(compared)["cases"] == len(ids)
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = cli(capsys, "adjudicate", empty)
    assert code == 2 and "no case file" in err


def test_report_reads_a_folder_of_cases_and_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(ROOT / "datacases" / "datc_6A_basic.txt", folder / "a.txt")
    shutil.copy(GAMES / "telepath_1901_1903.txt", folder / "b.txt")
    shutil.copy(ROOT / "tests" / "replay_fixtures" / "droidippy_game.txt", folder / "c.txt")  # an archive: passed over
    code, out, err = cli(capsys, "report", folder, "--out", tmp_path / "r", "--json")
    assert code == 0, err
    assert json.loads(out)["pages"] == 12 + 1



def test_the_same_case_in_two_files_gets_two_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cases = ROOT / "datacases" / "datc_6A_basic.txt"
    copy_of = tmp_path / "copy.txt"
    shutil.copy(cases, copy_of)
    code, out, err = cli(capsys, "report", cases, copy_of, "--out", tmp_path / "r", "--json")
    assert code == 0 and json.loads(out)["pages"] == 24, err
    index = (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'href="([^"]+)"', index)
    assert len(set(links)) == 24 and all((tmp_path / "r" / link).is_file() for link in links)


def test_a_byte_that_is_not_utf8_is_located_as_an_editor_counts_lines(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "cr.txt"
    path.write_bytes(b"# one\r# two\r\n# three \xe9\n")
    code, _, err = cli(capsys, "adjudicate", path)
    assert code == 2 and "cr.txt:3:" in err and "not UTF-8" in err, err


def test_serve_public_boards_show_no_nbo_target_and_no_vote(tmp_path: Path):
    """The public board pictures of ``dipsat serve`` draw what the public text shows (the same
    view as ``play --maps``): a game with NBOs and votes, played through the API."""
    pytest.importorskip("fastapi")
    import importlib.util
    from fastapi.testclient import TestClient

    from dipsat.serve.app import create_app
    spec = importlib.util.spec_from_file_location("serve_games_helpers", ROOT / "tests" / "test_serve_games.py")
    helpers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(helpers)
    client = TestClient(create_app(tmp_path / "games.sqlite"))
    game, _ = helpers.play_through_api(client, GAMES / "hitchhiker_1900_1903.txt")
    gid = game["id"]
    count = client.get(f"/api/games/{gid}").json()["phase_index"]
    public = [client.get(f"/api/games/{gid}/phases/{n}/board.svg").text for n in range(count + 1)]
    master = [client.get(f"/api/games/{gid}/phases/{n}/board.svg", headers=helpers._bearer(game["gm_token"])).text
              for n in range(count + 1)]
    for secret in ("NBO kie", "VOTE MARVIN", "VOTE ZAPHOD", "SEED 2026"):
        assert any(secret in svg for svg in master), secret
        assert not any(secret in svg for svg in public), secret
