"""``dipsat replay`` on the command line: JSON summary, text report, exit status, one-line errors."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dipsat.cli.main import main
from dipsat.replay.executors import connect

FIXTURES = Path(__file__).resolve().parent / "replay_fixtures"
GAME = FIXTURES / "droidippy_game.txt"


def test_json_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """--json prints one JSON object with the counts; all agree: exit 0."""
    status = main(["replay", str(GAME), "--out", str(tmp_path), "--workers", "1", "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert status == 0
    assert {k: summary[k] for k in ("games", "phases", "phases_agree", "phases_differ", "errors")} == {
        "games": 1, "phases": 16, "phases_agree": 15, "phases_differ": 0, "errors": 0}
    assert json.loads((tmp_path / "summary.json").read_text())["phases"] == 16


def test_difference_is_listed_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A recorded result that a replay contradicts is listed in words; the exit status is 1."""
    text = GAME.read_text().replace("PHASE 1901 Fall Movement\nPOSITIONS\n", "PHASE 1901 Fall Movement\nPOSITIONS\nItaly: army pie\n", 1)
    (tmp_path / "game_9.txt").write_text(text)
    status = main(["replay", str(tmp_path / "game_9.txt"), "--out", str(tmp_path / "out"), "--workers", "1"])
    out = capsys.readouterr().out
    assert status == 1
    assert "differ 2, " in out  # Spring: pie appears from nowhere; Fall: it vanishes again
    assert "game_9 1901 Spring Movement: unit pie: recorded Italy: A pie, replay none" in out


@pytest.mark.parametrize("args, message", [
    (["/no/such/archive"], "no such file or folder: /no/such/archive"),
    ([str(GAME), "--rules", "nosuchpreset"], "unknown rules preset 'nosuchpreset'"),
    ([str(GAME), "--workers", "0"], "must be at least 1"),
])
def test_user_mistakes_exit_2_with_one_line(args: list[str], message: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]):
    """A missing path, unknown rules or a bad worker count: one line on stderr, exit 2, no traceback."""
    try:
        status = main(["replay", *args, "--out", str(tmp_path)])
    except SystemExit as exc:  # argparse
        status = exc.code
    err = capsys.readouterr().err
    assert status == 2 and message in err and "Traceback" not in err


def test_output_folder_that_is_a_file_is_a_user_mistake(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """--out naming an existing file: exit 2 with one line."""
    (tmp_path / "file").write_text("x")
    assert main(["replay", str(GAME), "--out", str(tmp_path / "file"), "--workers", "1"]) == 2
    assert "cannot write to" in capsys.readouterr().err


def test_unreachable_dask_scheduler():
    """No scheduler at the address: a ConnectionError naming it (the command exits 2)."""
    with pytest.raises(ConnectionError, match="tcp://127.0.0.1:9"):
        connect("tcp://127.0.0.1:9", timeout=0.5)


def test_rules_apply_to_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """--rules replaces each archive's judge; the rules of every phase are in the table."""
    shutil.copy(GAME, tmp_path / "g.txt")
    main(["replay", str(tmp_path / "g.txt"), "--out", str(tmp_path / "out"), "--workers", "1", "--rules", "datc"])
    assert "rules: datc" in capsys.readouterr().out
