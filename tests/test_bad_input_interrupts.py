"""Ctrl-C on the newer surfaces (issue 22): exit 130, the 'interrupted' line, no partial file, and
nothing left of an earlier run that misleads (the rule is in docs/errors.md)."""
from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bad_input import DIPSAT, GAMES, ROOT, cli, no_python, well_formed


def test_sigint_still_interrupts_after_a_cpsat_solve():
    """OR-Tools installs its own SIGINT handler for a solve and then resets SIGINT to the default
    action (the process died silently): dipsat asks it not to."""
    script = ("import os, signal, time\n"
              "from dipsat.cli.main import main\n"
              f"main(['adjudicate', {str(ROOT / 'datacases' / 'datc_6C_circular.txt')!r}, '--case', '6.C.1'])\n"
              "try:\n"
              "    os.kill(os.getpid(), signal.SIGINT); time.sleep(2); print('not interrupted')\n"
              "except KeyboardInterrupt:\n"
              "    print('KeyboardInterrupt')\n")
    found = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert found.stdout.strip().endswith("KeyboardInterrupt"), (found.returncode, found.stdout, found.stderr)


def test_an_interrupted_lazy_import_is_an_interruption(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]):
    """A Ctrl-C inside OR-Tools' import comes out as an ``ImportError``: it is still exit 130."""
    import dipsat.cli.cmd_adjudicate as cmd

    def interrupted_import(*args, **kwargs):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:
            raise ImportError("initialization failed") from exc
    monkeypatch.setattr(cmd, "run_case", interrupted_import)
    for extra in ([], ["--json"]):
        code, out, err = cli(capsys, "adjudicate", ROOT / "datacases" / "datc_6A_basic.txt", *extra)
        assert code == 130 and "dipsat: interrupted" in err
        no_python(err)
        if extra:
            assert json.loads(out)["error"]["message"] == "interrupted"


def _interrupt_at(args: list[str], delay: float, cwd: Path, started: str) -> tuple[int, str, str]:
    """Run dipsat, wait until ``started`` (a path under ``cwd``) exists, then ``delay`` seconds more,
    and press Ctrl-C; its exit status, stdout and stderr."""
    process = subprocess.Popen([*DIPSAT, *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while not (cwd / started).exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


@pytest.mark.parametrize("delay", [0.0, 0.3, 1.0])
def test_ctrl_c_anywhere_in_a_report(delay: float, tmp_path: Path):
    code, out, err = _interrupt_at(["report", str(ROOT / "datacases" / "datc_6F_convoys.txt"), "--out", "rep",
                                    "--json"], delay, tmp_path, "rep")
    assert code in (0, 1, 130), (code, err)
    assert "Traceback" not in err
    index = tmp_path / "rep" / "index.html"
    if code == 130:
        assert "dipsat: interrupted" in err and json.loads(out)["error"]["message"] == "interrupted"
        assert not index.exists()
    else:
        assert index.read_text(encoding="utf-8").endswith("</html>\n")
    for page in (tmp_path / "rep").rglob("*"):
        assert not page.name.startswith(".")  # no temporary file left behind
        if page.suffix == ".svg":
            well_formed(page)


@pytest.mark.parametrize("delay", [0.0, 0.4])
def test_ctrl_c_during_play_maps_leaves_whole_pictures(delay: float, tmp_path: Path):
    code, out, err = _interrupt_at(["play", str(GAMES / "hitchhiker_1900_1903.txt"), "--maps", "m"], delay, tmp_path,
                                   "m/01-Winter-1900-Adjustment.svg")
    assert code in (0, 130) and "Traceback" not in err, (code, err)
    if code == 130:
        assert "dipsat: interrupted" in err
    for picture in (tmp_path / "m").glob("*"):
        assert not picture.name.startswith(".")
        well_formed(picture)


def test_play_maps_clears_the_previous_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    folder = tmp_path / "maps"
    assert cli(capsys, "play", GAMES / "hitchhiker_1900_1903.txt", "--maps", folder)[0] == 0
    (folder / "notes.txt").write_text("mine")
    assert cli(capsys, "play", GAMES / "telepath_1901_1903.txt", "--maps", folder)[0] == 0
    pictures = sorted(p.name for p in folder.glob("*.svg"))
    expected = len(re.findall(r"^PHASE ", (GAMES / "telepath_1901_1903.txt").read_text(), re.M))
    assert 0 < len(pictures) <= expected + 1
    for p in folder.glob("*.svg"):
        assert "telepath" in p.read_text(encoding="utf-8")
    assert (folder / "notes.txt").read_text() == "mine"  # only pictures of play --maps are cleared
