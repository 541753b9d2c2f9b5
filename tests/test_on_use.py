"""Modules imported at their first use (:mod:`dipsat.model.on_use`) and what a start-up loads
(issue 23: start-up): the stand-ins change only when a module is imported, never what it does."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "replay_fixtures"


def _run(code: str) -> str:
    """Run ``code`` in a fresh interpreter; its output (it must succeed)."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_a_stand_in_imports_the_real_module_at_its_first_use(tmp_path: Path):
    (tmp_path / "uses_later.py").write_text("import colorsys\n\ndef convert(r, g, b):\n    return colorsys.rgb_to_hsv(r, g, b)\n")
    out = _run(f"import sys\nsys.path.insert(0, {str(tmp_path)!r})\n"
               "from dipsat.model.on_use import ImportedOnUse, imported_on_use\n"
               "with imported_on_use('colorsys'):\n"
               "    import uses_later\n"
               "print(type(uses_later.colorsys) is ImportedOnUse, 'colorsys' in sys.modules)\n"
               "print(uses_later.convert(1.0, 0.0, 0.0))\n"
               "import colorsys\n"
               "print(type(colorsys).__name__, uses_later.colorsys.rgb_to_hsv is colorsys.rgb_to_hsv)\n")
    assert out.splitlines() == ["True False", "(0.0, 1.0, 1.0)", "module True"]


def test_a_stand_in_used_while_its_library_is_imported_is_the_real_module(tmp_path: Path):
    (tmp_path / "uses_at_once.py").write_text("import colorsys\nHUE = colorsys.rgb_to_hsv(0.0, 1.0, 0.0)[0]\n")
    out = _run(f"import sys\nsys.path.insert(0, {str(tmp_path)!r})\n"
               "from dipsat.model.on_use import imported_on_use\n"
               "with imported_on_use('colorsys'):\n"
               "    import uses_at_once\n"
               "print(round(uses_at_once.HUE, 4), type(sys.modules['colorsys']).__name__)\n")
    assert out.split() == ["0.3333", "module"]


def test_a_module_already_loaded_is_left_alone():
    out = _run("import colorsys, sys\n"
               "from dipsat.model.on_use import imported_on_use\n"
               "with imported_on_use('colorsys'):\n"
               "    print(sys.modules['colorsys'] is colorsys)\n"
               "print(sys.modules['colorsys'] is colorsys)\n")
    assert out.split() == ["True", "True"]


def test_dataclasses_without_inspect_still_writes_a_missing_docstring():
    out = _run("import sys\n"
               "import dipsat.model.values\n"
               "import dataclasses\n"
               "print('inspect' in sys.modules)\n"
               "@dataclasses.dataclass\n"
               "class Spot:\n"
               "    x: int\n"
               "    y: str = 'a'\n"
               "print(Spot.__doc__)\n"
               "print('inspect' in sys.modules)\n")
    assert out.splitlines() == ["False", "Spot(x: int, y: str = 'a')", "True"]


def test_lean_arrow_still_pickles_converts_decimals_and_finds_a_port():
    out = _run("import sys\n"
               "from dipsat.replay.cores import import_arrow_lean\n"
               "import_arrow_lean()\n"
               "print(sorted(m for m in ('inspect', 'socket', 'pickle', 'decimal', 'signal') if m in sys.modules))\n"
               "import decimal, pickle\n"
               "import pyarrow as pa, pyarrow.util\n"
               "values = pa.array([decimal.Decimal('1.25'), None])\n"
               "print(values.type, values[0].as_py())\n"
               "table = pa.table({'x': [1, 2]})\n"
               "print(pickle.loads(pickle.dumps(table)).equals(table))\n"
               "print(pyarrow.util.find_free_port() > 0)\n")
    assert out.splitlines() == ["[]", "decimal128(3, 2) 1.25", "True", "True"]


def _loaded_after_program(argv: list[str], modules: tuple[str, ...]) -> list[str]:
    """Which of ``modules`` the ``dipsat`` program has loaded once it has run ``argv``."""
    out = _run("import atexit, sys\n"
               f"atexit.register(lambda: print('LOADED', [m for m in {modules!r} if sys.modules.get(m) is not None]))\n"
               f"sys.argv = ['dipsat', *{argv!r}]\n"
               "from dipsat.cli.main import program\n"
               "program()\n")
    return ast.literal_eval(out.rsplit("LOADED ", 1)[1].splitlines()[0])


def test_a_replay_loads_what_it_does_not_use_only_when_used(tmp_path: Path):
    """A one-game replay loads neither inspect (nor ast, dis, tokenize), socket, pickle, decimal,
    OpenSSL (its task ids are the same SHA-256), tempfile, shutil (argparse asks it the terminal's
    width only to show help), gzip (no .gz read), signal (its enums), pkgutil (the map is read
    through its package's loader), unicodedata (only file names made of ids need it) nor the reader
    of saved games (a Droidippy record is read)."""
    unused = ("inspect", "ast", "dis", "tokenize", "socket", "pickle", "decimal", "_hashlib", "ssl",
              "tempfile", "shutil", "bz2", "lzma", "gzip", "random", "signal", "pkgutil", "importlib.util",
              "unicodedata", "dipsat.replay.readers.mila_json")
    assert _loaded_after_program(["replay", str(FIXTURES / "droidippy_game.txt"), "--workers", "1",
                                  "--out", str(tmp_path / "out"), "--json"], unused) == []


def test_the_program_collects_cycles_once_the_command_runs():
    """:func:`~dipsat.cli.main.program` holds the cycle collector back during start-up only: the
    command runs with it on, start-up's objects frozen (out of its passes)."""
    out = _run("import gc, sys\n"
               "from dipsat.cli import main as m\n"
               "import dipsat.cli.cmd_rules as rules\n"
               "real = rules.run\n"
               "def run(args):\n"
               "    print('RUN', gc.isenabled(), gc.get_freeze_count() > 0, file=sys.stderr)\n"
               "    return real(args)\n"
               "rules.run = run\n"
               "sys.argv = ['dipsat', 'rules', 'datc']\n"
               "import contextlib, io\n"
               "err = io.StringIO()\n"
               "with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):\n"
               "    status = m.main()\n"
               "print(err.getvalue().split(), status, gc.isenabled(), gc.get_freeze_count() == 0)\n"
               "m._START_UP.append(True)\n"
               "gc.disable()\n"
               "with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):\n"
               "    status = m.main()\n"
               "print(err.getvalue().split()[-3:], status, gc.isenabled())\n")
    first, second = out.strip().splitlines()
    assert first == "['RUN', 'True', 'False'] 0 True True"  # main() alone (a caller's process): untouched
    assert second == "['RUN', 'True', 'True'] 0 True"  # as program() starts it


def test_a_case_adjudicated_loads_neither_inspect_nor_shutil(tmp_path: Path):
    case = tmp_path / "one.txt"
    case.write_text("CASE 1\nVARIANT standard\nPHASE Spring 1901 Movement\nUNITS\nEngland: F North Sea\n"
                    "ORDERS\nEngland: F North Sea - Picardy  [illegal]\nEND\n", encoding="utf-8")
    assert _loaded_after_program(["adjudicate", str(case)], ("inspect", "shutil", "tempfile", "gzip")) == []


def test_new_files_are_made_as_mkstemp_makes_them(tmp_path: Path):
    """:func:`dipsat.model.files._new_file`: a new file each time, open, mode 0600, named
    prefix + random + suffix in the folder; an unwritable folder is an OSError."""
    import os
    import stat

    from dipsat.model.files import _new_file

    made = [_new_file(tmp_path, ".out.txt.", ".tmp.txt") for _ in range(3)]
    for fd, name in made:
        os.write(fd, b"x")
        os.close(fd)
        path = Path(name)
        assert path.parent == tmp_path and path.name.startswith(".out.txt.") and path.name.endswith(".tmp.txt")
        assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_bytes() == b"x"
    assert len({name for _, name in made}) == 3
    with pytest.raises(OSError):
        _new_file(tmp_path / "missing", ".a.", ".b")


@pytest.mark.parametrize("command", ["replay", "adjudicate"])
def test_start_up_compiles_no_text(command: str, tmp_path: Path):
    """No ``compile()`` in a replay or an adjudication (typing compiles each quoted annotation it
    checks, and a process's first compile builds Python's syntax-tree types: ~10 M instructions)."""
    if command == "replay":
        argv = ["replay", str(FIXTURES / "droidippy_game.txt"), "--workers", "1", "--out", str(tmp_path / "out")]
    else:
        case = tmp_path / "one.txt"
        case.write_text("CASE 1\nVARIANT standard\nPHASE Spring 1901 Movement\nUNITS\nEngland: F North Sea\n"
                        "ORDERS\nEngland: F North Sea - Picardy  [illegal]\nEND\n", encoding="utf-8")
        argv = ["adjudicate", str(case)]
    out = _run("import builtins, sys\n"
               "compiled = []\n"
               "real = builtins.compile\n"
               "def compile(source, *args, **kwargs):\n"
               "    compiled.append(str(source)[:60])\n"
               "    return real(source, *args, **kwargs)\n"
               "builtins.compile = compile\n"
               "from dipsat.cli.main import main\n"
               f"status = main({argv!r})\n"
               "print('COMPILED', compiled, status)\n")
    assert out.rsplit("COMPILED ", 1)[1].split() == ["[]", "0"]


def test_lazily_bound_restores_the_loader_flags_and_imports_work():
    out = _run("import os, sys\n"
               "from dipsat.model.on_use import imported, lazily_bound\n"
               "before = sys.getdlopenflags()\n"
               "with lazily_bound():\n"
               "    inside = sys.getdlopenflags()\n"
               "print(before & os.RTLD_NOW == os.RTLD_NOW, inside & 3 == os.RTLD_LAZY, sys.getdlopenflags() == before)\n"
               "helper = imported('ortools.sat.python.cp_model_helper', on_use=('logging',))\n"
               "print(helper is sys.modules['ortools.sat.python.cp_model_helper'], 'logging' in sys.modules,\n"
               "      imported('ortools.sat.python.cp_model_helper') is helper, sys.getdlopenflags() == before)\n"
               "print(type(helper.CpModelProto()).__name__)\n")
    assert out.splitlines() == ["True True True", "True False True True", "CpModelProto"]


def test_a_paradox_reaches_cp_sat_without_logging(tmp_path: Path):
    """A circular movement (6.C.1) solved by CP-SAT (the ``cpsat`` route: on the default route the
    search in Python settles it and OR-Tools is not loaded at all): OR-Tools is loaded (its
    libraries bound lazily), its logging (for Windows) is not."""
    case = ["adjudicate", str(ROOT / "datacases" / "datc_6C_circular.txt"), "--case", "6.C.1"]
    assert _loaded_after_program(case + ["--solver", "cpsat"],
                                 ("ortools.sat.python.cp_model_helper", "logging")) == ["ortools.sat.python.cp_model_helper"]
    assert _loaded_after_program(case, ("ortools.sat.python.cp_model_helper", "logging")) == []
