"""``dipsat play`` on a record that stops being playable part-way: every phase played before the
error is still shown (text, ``--json``, ``--maps``) as a whole game would show it, then the error;
exit 2. Nothing already done is lost."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dipsat.cli.main import main

RECORD = Path(__file__).resolve().parents[1] / "datacases" / "games" / "vain_star_1901_1903.txt"
PYTHON_WORDS = ("Traceback", "TypeError", "AttributeError", "KeyError", "NoneType")


def cli(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """Run the command line in this process; return exit status, stdout, stderr."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def _third_phase_broken(tmp_path: Path) -> tuple[Path, int]:
    """The record with an unreadable order in its third phase (Fall 1901); the file and that line."""
    lines = RECORD.read_text().splitlines()
    third = [i for i, line in enumerate(lines) if line.startswith("PHASE ")][2]
    assert lines[third] == "PHASE Fall 1901 Movement"
    lines[third + 1] = "England: F North Sea - Nowhere  [succeeds]"
    path = tmp_path / "record.txt"
    path.write_text("\n".join(lines) + "\n")
    return path, third + 2


def _first_two_phases(tmp_path: Path) -> Path:
    """The same record cut before its third phase: what a successful run of the played part shows."""
    lines = RECORD.read_text().splitlines()
    third = [i for i, line in enumerate(lines) if line.startswith("PHASE ")][2]
    path = tmp_path / "record.txt"
    path.write_text("\n".join(lines[:third] + ["END"]) + "\n")
    return path


def test_text_shows_the_phases_played_then_the_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path, line = _third_phase_broken(tmp_path)
    code, out, err = cli(capsys, "play", path)
    assert code == 2, err
    assert err.splitlines() == [f"dipsat: error: {path}:{line}: cannot read order 'F North Sea - Nowhere': "
                                "unknown province 'nowhere' in 'F North Sea - Nowhere'"]
    assert not any(word in out + err for word in PYTHON_WORDS)
    assert "2 phases played; " in out
    (tmp_path / "cut").mkdir()
    whole_code, whole, _ = cli(capsys, "play", _first_two_phases(tmp_path / "cut"))
    assert whole_code == 0
    assert out == whole


def test_json_is_one_document_with_the_error_and_the_phases_played(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]):
    path, line = _third_phase_broken(tmp_path)
    code, out, err = cli(capsys, "play", path, "--json")
    assert code == 2, err
    document = json.loads(out)
    assert document["error"]["file"] == str(path) and document["error"]["line"] == line
    assert "cannot read order 'F North Sea - Nowhere'" in document["error"]["message"]
    assert [p["phase"] for p in document["phases"]] == ["Spring 1901 Movement", "Summer 1901 Adjustment"]
    assert document["summary"]["phases"] == 2
    (tmp_path / "cut").mkdir()
    _, whole, _ = cli(capsys, "play", _first_two_phases(tmp_path / "cut"), "--json")
    assert {k: v for k, v in document.items() if k != "error"} == json.loads(whole)


def test_maps_are_drawn_for_the_phases_played(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path, _ = _third_phase_broken(tmp_path)
    code, _, err = cli(capsys, "play", path, "--maps", tmp_path / "maps")
    assert code == 2, err
    assert sorted(p.name for p in (tmp_path / "maps").iterdir()) == [
        "01-Spring-1901-Movement.svg", "02-Summer-1901-Adjustment.svg", "03-Fall-1901-Movement.svg"]


def test_a_record_that_leaves_the_game_keeps_the_phases_before(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]):
    """The game is not at the phase a PHASE line names: the phases up to there are still shown."""
    text = RECORD.read_text().replace("PHASE Fall 1901 Movement", "PHASE Fall 1902 Movement", 1)
    path = tmp_path / "record.txt"
    path.write_text(text)
    code, out, err = cli(capsys, "play", path)
    assert code == 2, err
    assert "the game is at Fall 1901 Movement, not Fall 1902 Movement" in err
    assert "2 phases played; " in out


def test_an_error_in_the_first_phase_shows_no_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """Nothing played, nothing to show: the error alone (one line; with --json the error document)."""
    text = RECORD.read_text().replace("England: F London - North Sea", "England: F London - Nowhere", 1)
    path = tmp_path / "record.txt"
    path.write_text(text)
    code, out, err = cli(capsys, "play", path)
    assert (code, out) == (2, "") and err.startswith("dipsat: error: ")
    code, out, _ = cli(capsys, "play", path, "--json")
    assert code == 2 and list(json.loads(out)) == ["error"]
