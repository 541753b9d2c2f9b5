"""The ``dipsat`` console script (:func:`dipsat.cli.main.program`) ends without Python's teardown:
its output must still be complete, its exit status the command's, and exit handlers must run."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = "import atexit, sys; atexit.register(lambda: print('exit handler ran', file=sys.stderr)); " \
          "from dipsat.cli.main import program; program()"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PROGRAM, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_output_complete_and_status_kept() -> None:
    done = _run("adjudicate", "datacases/datc_6A_basic.txt")
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("0 failed")
    assert "exit handler ran" in done.stderr


def test_user_error_status_and_message() -> None:
    done = _run("adjudicate", "datacases/no_such_file.txt")
    assert done.returncode == 2
    assert "no_such_file.txt" in done.stderr and "Traceback" not in done.stderr
    assert "exit handler ran" in done.stderr


def test_long_json_output_is_whole(tmp_path: Path) -> None:
    done = _run("datc", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report  # the whole document parsed: nothing was cut off by the quick exit
