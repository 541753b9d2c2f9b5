"""Bad input found by attacking every command (the robust round): options given twice, a header
line given twice, unknown rules in a case file for every command that reads one, saved games of
the wrong shape, a ``--case`` that names no case. Each is one error line naming file and line,
exit 2, no traceback, never a quiet success."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dipsat.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "datacases" / "datc_6A_basic.txt"
RECORD = ROOT / "datacases" / "games" / "telepath_1901_1903.txt"
MILA = ROOT / "tests" / "replay_fixtures" / "mila_game.json"
PYTHON_WORDS = ("Traceback", "TypeError", "AttributeError", "KeyError", "NoneType")


def cli(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """Run the command line in this process; return exit status, stdout, stderr."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def error_of(code: int, err: str) -> str:
    """The one ``dipsat: error:`` line of a run that exited 2, with no Python in it."""
    assert code == 2, err
    lines = [line for line in err.splitlines() if line.startswith("dipsat: error:")]
    assert len(lines) == 1, err
    assert not any(word in err for word in PYTHON_WORDS), err
    return lines[0]


@pytest.mark.parametrize("args", [
    ["adjudicate", CASES, "--rules", "datc", "--rules", "2000"],
    ["adjudicate", CASES, "--variant", "standard", "--variant", "telepath"],
    ["replay", CASES, "--out", "A", "--out", "B"],
    ["play", RECORD, "--rules", "datc", "--rules", "1982"],
])
def test_an_option_given_twice_is_refused(args: list[object], tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    line = error_of(*cli(capsys, *args)[::2])
    assert "given twice" in line
    assert not (tmp_path / "A").exists() and not (tmp_path / "B").exists()


def test_compare_still_takes_rules_twice(capsys: pytest.CaptureFixture[str]):
    code, out, err = cli(capsys, "compare", CASES, "--rules", "datc", "--rules", "1982")
    assert code == 0, err


def test_a_rule_option_given_twice_is_refused(capsys: pytest.CaptureFixture[str]):
    line = error_of(*cli(capsys, "adjudicate", CASES, "--rules", "datc,paradox=szykman,paradox=all_hold")[::2])
    assert "rule option 'paradox' given twice" in line


def test_a_case_header_given_twice_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = CASES.read_text().replace("RULES datc\n", "RULES datc\nRULES 1982\n", 1)
    path = tmp_path / "twice.txt"
    path.write_text(text)
    line_no = text.splitlines().index("RULES 1982") + 1
    for command in (["adjudicate"], ["convert", "--out", tmp_path / "c"], ["replay", "--out", tmp_path / "r"]):
        line = error_of(*cli(capsys, command[0], path, *command[1:])[::2])
        assert f"twice.txt:{line_no}: RULES given twice (first on line {line_no - 1})" in line


def test_a_record_header_given_twice_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = RECORD.read_text().replace("RULES datc\n", "RULES datc\nRULES 2000\n", 1)
    path = tmp_path / "record.txt"
    path.write_text(text)
    line_no = text.splitlines().index("RULES 2000") + 1
    for command in (["play"], ["report", "--out", tmp_path / "rep"]):
        line = error_of(*cli(capsys, command[0], path, *command[1:])[::2])
        assert f"record.txt:{line_no}: RULES given twice" in line


def test_unknown_rules_of_a_case_are_refused_at_their_line_by_every_command(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]):
    text = CASES.read_text().replace("RULES datc\n", "RULES datc,nosuch=yes\n", 1)
    path = tmp_path / "rules.txt"
    path.write_text(text)
    line_no = text.splitlines().index("RULES datc,nosuch=yes") + 1
    for command in (["adjudicate"], ["convert", "--out", tmp_path / "c"], ["replay", "--out", tmp_path / "r"],
                    ["report", "--out", tmp_path / "rep"]):
        line = error_of(*cli(capsys, command[0], path, *command[1:])[::2])
        assert f"rules.txt:{line_no}: RULES datc,nosuch=yes: unknown rule option 'nosuch'" in line, command
    assert not (tmp_path / "c").exists() or not any((tmp_path / "c").iterdir())


def _saved_game(tmp_path: Path, change) -> Path:
    game = json.loads(MILA.read_text())
    change(game)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game))
    return path


def _set(keys: tuple[object, ...], value: object):
    def change(game: dict) -> None:
        place = game
        for key in keys[:-1]:
            place = place[key]
        place[keys[-1]] = value
    return change


@pytest.mark.parametrize("change, words", [
    (_set(("phases", 0, "name"), "X1901M"), "phase X1901M: not a phase name: 'X1901M'"),
    (_set(("phases", 0, "name"), 12), "phase 12: not a phase name: '12'"),
    (_set(("phases",), []), "its 'phases' list is empty"),
    (_set(("phases", 0), None), "phase #1 is not an object"),
    (_set(("phases", 0, "state", "units"), None),
     "phase S1901M: not a saved game's phase: null where the saved-game format has another type"),
    (_set(("phases", 0, "orders"), [1]), "phase S1901M: not a saved game's phase: a list where"),
    (_set(("phases", 0, "state", "units"), {"FRANCE": [3]}), "phase S1901M: not a saved game's phase: a number where"),
    (lambda game: game["phases"][0].pop("state"), "phase S1901M: not a saved game's phase: no 'state' in it"),
])
def test_a_saved_game_of_the_wrong_shape_is_an_error(change, words: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]):
    path = _saved_game(tmp_path, change)
    line = error_of(*cli(capsys, "replay", path, "--out", tmp_path / "out", "--workers", "1")[::2])
    assert words in line
    line = error_of(*cli(capsys, "compare", path, "--rules", "mila", "--rules", "datc")[::2])
    assert words in line


def test_report_refuses_a_case_that_is_not_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    line = error_of(*cli(capsys, "report", CASES, "--out", tmp_path / "rep", "--case", "6.A.99")[::2])
    assert "no case 6.A.99 in" in line
    assert not (tmp_path / "rep" / "index.html").exists()


def test_report_says_a_folder_is_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    # issue 22: report reads a folder's case files and game records (as compare reads a folder);
    # a folder without one is still an error, never an empty report
    line = error_of(*cli(capsys, "report", tmp_path, "--out", tmp_path / "rep")[::2])
    assert "no case file (*.txt) in the folder" in line


@pytest.mark.parametrize("second", ["Spring 1901 Movement", "Fall 1901 Movement"])
def test_case_phases_out_of_order_are_refused(second: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "order.txt"
    path.write_text("CASE t-1\nPHASE Fall 1901 Movement\nUNITS\nFrance: A Paris\nORDERS\nFrance: A Paris Holds\n"
                    f"PHASE {second}\nORDERS\nFrance: A Paris Holds\nEND\n")
    for command in (["adjudicate"], ["replay", "--out", tmp_path / "r"]):
        line = error_of(*cli(capsys, command[0], path, *command[1:])[::2])
        assert f"order.txt:7: phase out of order: {second} after Fall 1901 Movement (line 2)" in line


def test_a_byte_order_mark_before_json_lines_is_not_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """Like a case file, a JSON-lines file saved with a UTF-8 byte-order mark reads like one without."""
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + (ROOT / "tests" / "replay_fixtures" / "mila_games.jsonl").read_bytes())
    code, out, err = cli(capsys, "replay", path, "--out", tmp_path / "out", "--workers", "1")
    assert code == 0, err


@pytest.mark.parametrize("name, command", [("case.txt", ["adjudicate"]), ("record.txt", ["play"]),
                                           ("games.jsonl", ["replay", "--out", "OUT"]),
                                           ("game.json", ["replay", "--out", "OUT"])])
def test_utf16_is_named(name: str, command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    source = {"case.txt": CASES, "record.txt": RECORD, "game.json": MILA,
              "games.jsonl": ROOT / "tests" / "replay_fixtures" / "mila_games.jsonl"}[name]
    path = tmp_path / name
    path.write_bytes(source.read_text().encode("utf-16"))
    args = [str(tmp_path / "out") if a == "OUT" else a for a in command[1:]]
    line = error_of(*cli(capsys, command[0], path, *args)[::2])
    assert f"{name}:1: not UTF-8 but UTF-16" in line and "save it as UTF-8" in line


def test_a_variant_option_given_twice_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    line = error_of(*cli(capsys, "datc", "--variant", "telepath,ban_prevent=reduced,ban_prevent=kept")[::2])
    assert "option 'ban_prevent' given twice" in line
    path = tmp_path / "record.txt"
    text = RECORD.read_text().replace("VARIANT telepath\n", "VARIANT telepath,ban_prevent=kept,ban_prevent=kept\n")
    path.write_text(text)
    line = error_of(*cli(capsys, "play", path)[::2])
    assert f"record.txt:{text.splitlines().index('VARIANT telepath,ban_prevent=kept,ban_prevent=kept') + 1}:" in line
    assert "given twice" in line


@pytest.mark.parametrize("command", [["adjudicate"], ["replay", "--out", "OUT"], ["convert", "--out", "OUT"]])
def test_the_datc_transcription_takes_datc_result_words_only(command: list[str], tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]):
    """Like dipsat's own case format: an unknown word in brackets is a read error, not a failed case."""
    path = tmp_path / "transcription.txt"
    path.write_text("CASE 6.A.1\nTITLE X\nPHASE spring\nEngland:\nF North Sea - Picardy [illegl]\nEND\n")
    args = [str(tmp_path / "out") if a == "OUT" else a for a in command[1:]]
    line = error_of(*cli(capsys, command[0], path, *args)[::2])
    assert "transcription.txt:5: unknown result word 'illegl'" in line


JDIP_CASE = ("CASE 6.A.1\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n\tEngland: F nth\nORDERS\n"
             "\tEngland: F nth-pic\nPOSTSTATE_SAME\nEND\n")


@pytest.mark.parametrize("old, new, words", [
    ("Movement\n", "Movement\nPRESTATE_SETPHASE Fall 1901, Movement\n",
     "jdip.txt:3: PRESTATE_SETPHASE given twice (first on line 2)"),
    ("England: F nth\n", "England: Q nth\n", "jdip.txt:4: not a unit: 'Q nth'"),
])
def test_jdip_case_mistakes(old: str, new: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "jdip.txt"
    path.write_text(JDIP_CASE.replace(old, new, 1))
    line = error_of(*cli(capsys, "adjudicate", path)[::2])
    assert words in line
    assert line.count("not a unit") <= 1  # said once


def test_a_bad_phase_of_a_json_lines_game_is_located_at_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    lines = (ROOT / "tests" / "replay_fixtures" / "mila_games.jsonl").read_text().splitlines()
    game = json.loads(lines[1])
    game["phases"][2]["name"] = "Q"
    lines[1] = json.dumps(game)
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines) + "\n")
    for args in (["replay", path, "--out", tmp_path / "out"], ["compare", path, "--rules", "mila", "--rules", "datc"]):
        line = error_of(*cli(capsys, *args)[::2])
        assert f"games.jsonl:2: game {game['id']}, phase Q: not a phase name: 'Q'" in line


def test_a_broken_link_in_a_folder_is_an_error_not_silence(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "good.json").write_text(MILA.read_text())
    (folder / "gone.json").symlink_to(tmp_path / "nowhere.json")
    code, out, err = cli(capsys, "replay", folder, "--out", tmp_path / "out", "--workers", "1")
    assert "gone.json: cannot read file" in error_of(code, err)
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["phases_agree"] > 0 and summary["errors"] == 1
    assert "gone.json: cannot read file" in error_of(*cli(capsys, "compare", folder, "--rules", "mila",
                                                          "--rules", "datc")[::2])


def test_report_reads_a_game_record_with_a_byte_order_mark(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "record.txt"
    path.write_bytes(b"\xef\xbb\xbf" + RECORD.read_bytes())
    code, out, err = cli(capsys, "report", path, "--out", tmp_path / "rep")
    assert code == 0, err
    assert (tmp_path / "rep" / "index.html").is_file()


def test_a_record_that_leaves_the_game_names_where_it_left(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A record whose phases stop matching the game says so at the PHASE line, and names the first
    difference before it (the likely cause), so that nothing already found is lost."""
    old = "England: F London - North Sea  [succeeds]"
    text = RECORD.read_text().replace(old, old.replace("London", "Moscow"), 1)
    path = tmp_path / "record.txt"
    path.write_text(text)
    line = error_of(*cli(capsys, "play", path)[::2])
    order_line = text.splitlines().index(old.replace("London", "Moscow")) + 1
    assert "the game is at" in line
    assert f"(the game left the record earlier: line {order_line}: F Moscow - North Sea: expected succeeds" in line
