"""What the hostile-input tests share: running the command line in process or as a program, and
the checks that no Python words reach the user and that a picture is whole."""
from __future__ import annotations

import sys
import xml.dom.minidom
from pathlib import Path

import pytest

from dipsat.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "datacases" / "games"
PYTHON_WORDS = ("Traceback", "TypeError", "AttributeError", "KeyError", "ValueError", "NoneType")
DIPSAT = [sys.executable, "-c", "from dipsat.cli.main import program; program()"]
"""The ``dipsat`` program as a separate process."""


def cli(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """Run ``dipsat ARGS`` in this process: its exit status, stdout and stderr."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def no_python(err: str) -> None:
    assert not any(word in err for word in PYTHON_WORDS), err


def well_formed(path: Path) -> None:
    xml.dom.minidom.parse(str(path))  # raises on ill-formed XML
