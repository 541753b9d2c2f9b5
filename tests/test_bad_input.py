"""Bad input on the command line (issue 10): one line naming file and line, exit 2, no traceback,
and no output left behind that passes for this run's. One test (or a few) per item of the issue."""
from __future__ import annotations

import fcntl
import gzip
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dipsat.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "replay_fixtures"
DIPSAT = [sys.executable, "-m", "dipsat.cli.main"]

CASE = """\
CASE my-1
TITLE A move
PHASE Spring 1901 Movement
UNITS
France: A Paris
ORDERS
France: A Paris - Burgundy  [succeeds]
END
"""


def droidippy_text(phases: int = 3) -> str:
    """The first ``phases`` phases of the Droidippy fixture (a small, valid game)."""
    lines = FIXTURES.joinpath("droidippy_game.txt").read_text().splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("PHASE")]
    return "".join(lines[:starts[phases]] if phases < len(starts) else lines)


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command line in this process; return exit status, stdout, stderr."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line(code: int, err: str, *needles: str) -> str:
    """Exit 2, no traceback, the error on one ``dipsat: error:`` line holding every needle."""
    assert code == 2, err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.startswith("dipsat: error:")]
    assert len(lines) == 1, err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def truncated_gz(path: Path, text: str) -> Path:
    data = gzip.compress(text.encode())
    path.write_bytes(data[: len(data) // 2])
    return path


# 1. a truncated .json.gz / .txt.gz / .jsonl.gz in replay and compare


@pytest.mark.parametrize("name, text", [
    ("game.json.gz", FIXTURES.joinpath("mila_game.json").read_text()),
    ("game.txt.gz", droidippy_text()),
    ("games.jsonl.gz", FIXTURES.joinpath("mila_games.jsonl").read_text()),
])
def test_truncated_gzip_in_replay(name: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """replay: one line naming the file, exit 2, and the old summary.json is not left as this run's."""
    path = truncated_gz(tmp_path / name, text)
    out = tmp_path / "out"
    out.mkdir()
    (out / "summary.json").write_text('{"old": true, "errors": 0, "phases_differ": 0}')
    code, _, err = cli(capsys, "replay", path, "--out", out, "--workers", "1")
    assert_one_line(code, err, str(path), "truncated gzip")
    summary = json.loads((out / "summary.json").read_text())
    assert "old" not in summary and summary["errors"] >= 1


@pytest.mark.parametrize("name, text", [
    ("game.json.gz", FIXTURES.joinpath("mila_game.json").read_text()),
    ("game.txt.gz", droidippy_text()),
])
def test_truncated_gzip_in_compare(name: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """compare: one line naming the file, exit 2; an old --out file is replaced by rows saying error."""
    path = truncated_gz(tmp_path / name, text)
    table = tmp_path / "diff.csv"
    table.write_text("source,case,phase,order,result_a,result_b,reason_a,reason_b\n")
    code, out, err = cli(capsys, "compare", "--rules", "datc", "--rules", "1982", path, "--out", table)
    assert_one_line(code, err, str(path), "truncated gzip")
    assert "0 phases, 0 differ" in out and "1 could not be read" in out
    assert ",error,error," in table.read_text()


def test_truncated_gzip_in_a_real_process(tmp_path: Path):
    """The installed entry point, in its own process: no traceback, exit 2."""
    path = truncated_gz(tmp_path / "game.json.gz", FIXTURES.joinpath("mila_game.json").read_text())
    done = subprocess.run([*DIPSAT, "compare", "--rules", "datc", "--rules", "1982", str(path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert_one_line(done.returncode, done.stderr, str(path), "truncated gzip")


# 2. convert on a case that is not a DATC chapter-6 case, and on a variant case file


@pytest.mark.parametrize("source, line", [("my.txt", 1), ("datacases/options.txt", None), ("datacases/telepath.txt", None)])
def test_convert_refuses_cases_outside_chapter_6(source: str, line: int | None, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]):
    """One line naming the case, its file and line; a variant's orders are read as its own (no 'unknown province')."""
    path = tmp_path / source if source == "my.txt" else ROOT / source
    if source == "my.txt":
        path.write_text(CASE)
    code, _, err = cli(capsys, "convert", path, "--out", tmp_path / "out")
    message = assert_one_line(code, err, f"{path}:", "is not a DATC chapter-6 case")
    assert "unknown province" not in message
    if line is not None:
        assert f"{path}:{line}:" in message
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


# 3. output paths that cannot be written


def test_unwritable_outputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """compare --out, convert --out, --graph, --export-model, replay --out under a file: one line, exit 2."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    case = tmp_path / "case.txt"
    case.write_text(CASE)
    runs = [
        ["compare", "--rules", "datc", "--rules", "1982", case, "--out", blocker / "d.csv"],
        ["convert", ROOT / "datacases/datc_6A_basic.txt", "--out", blocker / "cases"],
        ["adjudicate", case, "--graph", blocker / "g.svg"],
        ["adjudicate", case, "--export-model", blocker / "m.pb"],
        ["replay", case, "--out", blocker / "out", "--workers", "1"],
    ]
    for args in runs:
        code, out, err = cli(capsys, *args)
        assert_one_line(code, err, str(blocker))
        assert "passed" not in out and "wrote" not in out


def test_read_only_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A folder the user may not write to (as root, where every folder is writable, a full device)."""
    case = tmp_path / "case.txt"
    case.write_text(CASE)
    if os.geteuid() == 0:
        target = Path("/proc/dipsat-out/d.csv")  # /proc refuses new entries, even to root
    else:
        folder = tmp_path / "ro"
        folder.mkdir(mode=0o555)
        target = folder / "d.csv"
    code, _, err = cli(capsys, "compare", "--rules", "datc", "--rules", "1982", case, "--out", target)
    assert_one_line(code, err, str(target), "cannot write")


# 4. --dask with something that is not an address


def test_dask_address_is_checked_before_connecting(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """One line, exit 2, nothing written (no client is made, so nothing hangs while it is torn down)."""
    code, _, err = cli(capsys, "replay", FIXTURES / "droidippy_game.txt", "--dask", "notanaddress",
                       "--out", tmp_path / "out")
    assert_one_line(code, err, "notanaddress", "tcp://HOST:PORT")
    assert not (tmp_path / "out").exists()


# 5. endless input


@pytest.mark.parametrize("command", ["adjudicate", "play", "convert", "replay", "compare"])
def test_endless_input_is_read_with_a_limit(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch):
    """/dev/zero: one line saying the input is larger than the limit, exit 2 (never a MemoryError)."""
    monkeypatch.setattr("dipsat.model.files.MAX_INPUT_BYTES", 1 << 16)
    extra = {"convert": ["--out", tmp_path / "o"], "replay": ["--out", tmp_path / "o", "--workers", "1"],
             "compare": ["--rules", "datc", "--rules", "1982"]}.get(command, [])
    code, _, err = cli(capsys, command, *extra, "/dev/zero")
    assert_one_line(code, err, "/dev/zero", "larger than", "endless")


def test_the_limit_is_set_by_the_environment(monkeypatch: pytest.MonkeyPatch):
    """DIPSAT_MAX_INPUT_BYTES sets the limit; nonsense in it keeps the default."""
    from dipsat.model.files import _limit_from_env
    monkeypatch.setenv("DIPSAT_MAX_INPUT_BYTES", "100000")
    assert _limit_from_env("DIPSAT_MAX_INPUT_BYTES", 7) == 100000
    monkeypatch.setenv("DIPSAT_MAX_INPUT_BYTES", "lots")
    assert _limit_from_env("DIPSAT_MAX_INPUT_BYTES", 7) == 7


# 6. compare and replay give one verdict on the same broken file


def _broken_archives(tmp_path: Path) -> list[tuple[Path, str]]:
    text = droidippy_text()
    cut = tmp_path / "cut.txt"
    cut.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 8])  # ends in the middle of a line
    empty = tmp_path / "empty.json"
    empty.write_text("")
    latin = tmp_path / "latin.txt"
    latin.write_bytes(text.encode().replace(b"army", b"arm\xe9e", 1))
    return [(cut, "cut short"), (empty, "empty file"), (latin, "not UTF-8")]


def test_compare_and_replay_report_the_same_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """An unreadable, empty or cut file: an error (never '0 differ' with exit 0) in both commands."""
    for path, words in _broken_archives(tmp_path):
        code, out, err = cli(capsys, "compare", "--rules", "datc", "--rules", "1982", path, "--json")
        assert code == 2 and err == ""
        compared = json.loads(out)
        assert compared["errors"] >= 1 and words in compared["error"]["message"]
        code, out, err = cli(capsys, "replay", path, "--out", tmp_path / f"out-{path.stem}", "--workers", "1", "--json")
        assert code == 2 and err == ""
        replayed = json.loads(out)
        assert replayed["error"] == compared["error"]
        assert [e["error"] for e in replayed["error_list"]] == [e["error"] for e in compared["error_list"]]


# 7. records no judge could have written


def _replace_phase_line(text: str, phase: int, old: str, new: str) -> str:
    blocks = text.split("PHASE ")
    blocks[phase + 1] = blocks[phase + 1].replace(old, new, 1)
    return "PHASE ".join(blocks)


@pytest.mark.parametrize("change, words", [
    (lambda t: _replace_phase_line(t, 0, "France: army par", "France: fleet par"), "a fleet cannot stand in Paris"),
    (lambda t: t.replace("PHASE 1901 Fall Movement", "PHASE 1900 Fall Movement"), "phase out of order"),
    (lambda t: t.replace("PHASE 1901 Fall Movement", "PHASE 1901 Summer Movement"), "no such phase on this board"),
    (lambda t: t.replace("PHASE 1901 Fall Movement", "PHASE 19010000000000000000 Fall Movement"),
     "year out of range"),
])
def test_impossible_record_is_an_error_not_a_difference(change, words: str, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]):
    """A fleet inland, phases out of order: an error row naming the line (replay and compare), never 'differ'."""
    path = tmp_path / "game.txt"
    text = change(droidippy_text(4))
    assert text != droidippy_text(4)
    path.write_text(text)
    code, out, err = cli(capsys, "replay", path, "--out", tmp_path / "out", "--workers", "1", "--json")
    summary = json.loads(out)
    assert code == 2 and summary["phases_differ"] == 0 and words in summary["error"]["message"]
    assert summary["error"]["line"] is not None
    code, out, err = cli(capsys, "compare", "--rules", "datc", "--rules", "droidippy", path)
    assert_one_line(code, err, words)


# 8. case files: result words, rules, alternative keys; play names its lines


@pytest.mark.parametrize("old, new, line, words", [
    ("[succeeds]", "[maybe]", 7, "unknown result word 'maybe'"),
    ("[succeeds]", "[suceeds]", 7, "succeeds, fails, illegal"),
    ("[succeeds]", "[fails, succeeds]", 7, "one result word"),
    ("TITLE A move", "TITLE A move\nRULES foo", 3, "unknown rules preset 'foo'"),
    ("[succeeds]", "[succeeds; foo: fails]", 7, "foo"),
    ("TITLE A move", "TITLE A move\nVARIANT nowhere", 3, "unknown variant 'nowhere'"),
])
def test_case_file_mistakes_name_file_and_line(old: str, new: str, line: int, words: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]):
    """A read error with file and line, never a failure later ('expected maybe')."""
    path = tmp_path / "case.txt"
    path.write_text(CASE.replace(old, new))
    code, out, err = cli(capsys, "adjudicate", path)
    assert_one_line(code, err, f"{path}:{line if 'RULES' not in new and 'VARIANT' not in new else 3}:", words)
    assert "expected maybe" not in out


@pytest.mark.parametrize("key, value", [("RULES", "foo"), ("VARIANT", "nowhere")])
def test_play_names_the_line(key: str, value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """play: an unknown variant or rules names the record's line."""
    source = (ROOT / "datacases/games/vain_star_1901_1903.txt").read_text().splitlines()
    number = next(i for i, line in enumerate(source, 1) if line.startswith(f"{key} "))
    source[number - 1] = f"{key} {value}"
    path = tmp_path / "game.txt"
    path.write_text("\n".join(source) + "\n")
    code, _, err = cli(capsys, "play", path)
    assert_one_line(code, err, f"{path}:{number}:", value)


def test_play_refuses_unknown_result_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A game record's expected result is checked like a case's."""
    text = (ROOT / "datacases/games/vain_star_1901_1903.txt").read_text().replace("[succeeds]", "[sucess]", 1)
    path = tmp_path / "game.txt"
    path.write_text(text)
    code, _, err = cli(capsys, "play", path)
    assert_one_line(code, err, f"{path}:", "unknown result word 'sucess'")


# 9. phases the variant never plays, years nobody plays


@pytest.mark.parametrize("phase, words", [
    ("Summer 1901 Movement", "has no phase Summer 1901 Movement"),
    ("Winter 1901 Movement", "has no phase Winter 1901 Movement"),
    ("Spring 19010000000000000000 Movement", "year out of range"),
])
def test_impossible_phase(phase: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A phase the standard board never plays, a year of twenty digits: file and line of the PHASE line."""
    path = tmp_path / "case.txt"
    path.write_text(CASE.replace("Spring 1901 Movement", phase))
    code, _, err = cli(capsys, "adjudicate", path)
    assert_one_line(code, err, f"{path}:3:", words)


# 10. --json: one JSON document for every outcome


@pytest.mark.parametrize("args", [
    ["adjudicate", "{missing}"],
    ["adjudicate", "{case}", "--rules", "nope"],
    ["datc", "--rules", "nope"],
    ["rules", "nope"],
    ["compare", "--rules", "datc", "{missing}"],
    ["compare", "--rules", "datc", "--rules", "1982", "{missing}"],
    ["replay", "{missing}", "--out", "{out}"],
    ["play", "{missing}"],
    ["convert", "{case}", "--out", "{out}"],
    ["report", "{missing}", "--out", "{out}"],
    ["adjudicate", "{case}", "--bogus"],
])
def test_json_errors(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """With --json a failure is {"error": {"file", "line", "message"}} on stdout, nothing on stderr, exit 2."""
    case = tmp_path / "case.txt"
    case.write_text(CASE)
    values = {"missing": tmp_path / "missing.txt", "case": case, "out": tmp_path / "out"}
    code, out, err = cli(capsys, *[a.format(**values) for a in args], "--json")
    assert code == 2 and err == ""
    doc = json.loads(out)
    assert set(doc["error"]) == {"file", "line", "message"} and doc["error"]["message"]


def test_json_error_names_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """The JSON error carries the file and line apart from the message."""
    path = tmp_path / "case.txt"
    path.write_text(CASE.replace("[succeeds]", "[maybe]"))
    code, out, _ = cli(capsys, "adjudicate", path, "--json")
    assert code == 2 and json.loads(out)["error"]["file"] == str(path) and json.loads(out)["error"]["line"] == 7


# 11. output formats dipsat cannot write


@pytest.mark.parametrize("args", [
    ["compare", "--rules", "datc", "--rules", "1982", "{case}", "--out", "{tmp}/x.xlsx"],
    ["adjudicate", "{case}", "--graph", "{tmp}/g.png"],
    ["adjudicate", "{case}", "--export-model", "{tmp}/m.json"],
])
def test_unknown_output_format_is_refused_before_the_run(args: list[str], tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]):
    """One line naming the file and the formats that can be written; no file is made."""
    case = tmp_path / "case.txt"
    case.write_text(CASE)
    code, out, err = cli(capsys, *[a.format(case=case, tmp=tmp_path) for a in args])
    assert_one_line(code, err, "cannot write this format")
    assert out == "" and sorted(p.name for p in tmp_path.iterdir()) == ["case.txt"]


def test_export_model_binary_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """.pb is the binary proto, .txt the text proto; the help says so."""
    case = tmp_path / "case.txt"
    case.write_text(CASE)
    assert cli(capsys, "adjudicate", case, "--export-model", tmp_path / "m.pb")[0] == 0
    assert cli(capsys, "adjudicate", case, "--export-model", tmp_path / "m.txt")[0] == 0
    assert (tmp_path / "m.txt").read_text().startswith("variables {")
    assert not (tmp_path / "m.pb").read_bytes().startswith(b"variables")
    from ortools.sat import cp_model_pb2
    proto = cp_model_pb2.CpModelProto()
    proto.ParseFromString((tmp_path / "m.pb").read_bytes())
    assert proto.variables[0].name.startswith("moves[")
    with pytest.raises(SystemExit):
        main(["adjudicate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "FILE.pb as a binary proto" in help_text and "FILE.txt as a text proto" in help_text


# 12. long offending text is quoted once, cut to about 200 characters


def test_a_long_line_is_quoted_once_and_cut(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A 4 MB order line: the message quotes about 200 characters of it, once."""
    path = tmp_path / "case.txt"
    path.write_text(CASE.replace("A Paris - Burgundy", "A Paris - " + "x" * (4 << 20)))
    code, _, err = cli(capsys, "adjudicate", path)
    line = assert_one_line(code, err, f"{path}:7:")
    quoted = re.findall("x{5,}", line)
    assert len(err) < 1000 and sum(map(len, quoted)) <= 250


def test_an_error_is_never_said_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """'not a unit: 'Z Paris'' once, not '... (not a unit: 'Z Paris')'."""
    path = tmp_path / "case.txt"
    path.write_text(CASE.replace("France: A Paris\n", "France: Z Paris\n"))
    code, _, err = cli(capsys, "adjudicate", path)
    line = assert_one_line(code, err, f"{path}:5:", "'Z Paris'")
    assert line.count("Z Paris") == 1


def test_long_text_in_a_replay_error_row_is_cut(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """An archive line of a megabyte: the error row and the summary quote a short part of it."""
    path = tmp_path / "game.txt"
    path.write_text(droidippy_text(2).replace("POSITIONS\n", "POSITIONS\nTurkey: fleet " + "q" * (1 << 20) + "\n", 1))
    code, out, _ = cli(capsys, "replay", path, "--out", tmp_path / "out", "--workers", "1", "--json")
    assert code == 2 and len(out) < 10_000
    assert len((tmp_path / "out" / "summary.json").read_text()) < 10_000


# 13. replay output files get the usual permissions


def test_replay_output_permissions(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """0644 under the umask 022 (not mkstemp's 0600)."""
    old = os.umask(0o022)
    try:
        path = tmp_path / "game.txt"
        path.write_text(droidippy_text(2))
        assert cli(capsys, "replay", path, "--out", tmp_path / "out", "--workers", "1")[0] == 0
    finally:
        os.umask(old)
    written = [tmp_path / "out" / n for n in ("summary.json", "phases.parquet", "orders.parquet")]
    written += sorted((tmp_path / "out" / "parts").iterdir())
    assert {oct(p.stat().st_mode & 0o777) for p in written} == {oct(0o644)}


# 14. two replays into one folder at once


def test_a_second_replay_into_a_busy_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """While one run holds the folder, another says so (one line, exit 2) and writes nothing; afterwards it runs."""
    path = tmp_path / "game.txt"
    path.write_text(droidippy_text(2))
    out = tmp_path / "out"
    out.mkdir()
    with (out / ".lock").open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        code, _, err = cli(capsys, "replay", path, "--out", out, "--workers", "1")
        assert_one_line(code, err, str(out), "another dipsat replay")
        assert not (out / "summary.json").exists()
    code, out_text, _ = cli(capsys, "replay", path, "--out", out, "--workers", "1", "--json")
    run = json.loads(out_text)["run"]
    assert code == 0 and run["tasks_replayed"] + run["tasks_resumed"] == run["tasks"] == 1


def test_a_replay_that_cannot_start_leaves_no_old_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A mistyped path: exit 2, and the summary and tables of an earlier run are gone (its parts stay for resuming)."""
    path = tmp_path / "game.txt"
    path.write_text(droidippy_text(2))
    out = tmp_path / "out"
    assert cli(capsys, "replay", path, "--out", out, "--workers", "1")[0] == 0
    code, _, err = cli(capsys, "replay", tmp_path / "gmae.txt", "--out", out, "--workers", "1")
    assert_one_line(code, err, "gmae.txt")
    assert not (out / "summary.json").exists() and not (out / "phases.parquet").exists()
    assert any((out / "parts").iterdir())


def test_a_json_line_longer_than_the_limit_is_an_error_row(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch):
    """JSON lines are read a line at a time, each at most DIPSAT_MAX_LINE_BYTES: the long one is an
    error row at its line, the others are replayed."""
    monkeypatch.setattr("dipsat.model.files.MAX_LINE_BYTES", 1 << 16)
    games = FIXTURES.joinpath("mila_games.jsonl").read_text().splitlines()
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join([games[0], "[" + " " * (1 << 17) + "]", *games[1:]]) + "\n")
    code, out, _ = cli(capsys, "replay", path, "--out", tmp_path / "out", "--workers", "1", "--json")
    summary = json.loads(out)
    assert code == 2 and summary["error"]["line"] == 2 and "line longer than" in summary["error"]["message"]
    assert summary["errors"] == 1 and summary["phases_agree"] > 0


def test_a_byte_order_mark_is_not_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A case file saved with a UTF-8 byte-order mark reads like one without."""
    path = tmp_path / "case.txt"
    path.write_bytes(b"\xef\xbb\xbf" + CASE.encode())
    assert cli(capsys, "adjudicate", path)[0] == 0


@pytest.mark.parametrize("command, source, hint", [
    ("adjudicate", "tests/replay_fixtures/mila_game.json", "dipsat replay and dipsat compare read it"),
    ("adjudicate", "tests/replay_fixtures/droidippy_game.txt", "a Droidippy game"),
    ("adjudicate", "datacases/games/telepath_1901_1903.txt", "dipsat play reads it"),
    ("play", "datacases/datc_6A_basic.txt", "dipsat adjudicate reads it"),
])
def test_a_file_for_another_command_says_which(command: str, source: str, hint: str,
                                               capsys: pytest.CaptureFixture[str]):
    """A file of another format: the one line says which command reads it."""
    code, _, err = cli(capsys, command, ROOT / source)
    assert_one_line(code, err, hint)


def test_a_failed_report_leaves_no_old_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """report: the index of an earlier run is gone when this run stops on a bad case file."""
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(CASE)
    bad.write_text(CASE.replace("[succeeds]", "[maybe]"))
    out = tmp_path / "report"
    assert cli(capsys, "report", good, "--out", out)[0] == 0 and (out / "index.html").exists()
    code, _, err = cli(capsys, "report", bad, "--out", out)
    assert_one_line(code, err, f"{bad}:7:")
    assert not (out / "index.html").exists()
