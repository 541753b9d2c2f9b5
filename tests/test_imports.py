"""Nothing is imported that a command does not use (issue 11): each check runs a real command
in a fresh interpreter and looks at ``sys.modules`` when it ends.

ortools is imported only when a phase reaches CP-SAT or a model is exported, and solving needs
only its compiled helper (``cp_model``, which imports pandas and numpy, only for an export);
pandas, pyarrow and dask only where tables or clusters are used.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("ortools", "pandas", "numpy", "pyarrow", "dask", "distributed")


def _modules_after(argv: list[str]) -> tuple[int, set[str], str]:
    """Run ``dipsat ARGV`` in a fresh interpreter; its exit status and the heavy top-level modules it imported."""
    code = ("import sys\n"
            "from dipsat.cli.main import main\n"
            f"status = main({argv!r})\n"
            f"heavy = sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))\n"
            "print('MODULES=' + ','.join(heavy))\n"
            "sys.exit(status)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    line = next(x for x in done.stdout.splitlines() if x.startswith("MODULES="))
    return done.returncode, {m for m in line[len("MODULES="):].split(",") if m}, done.stdout + done.stderr


def test_a_case_propagation_settles_imports_no_solver_and_no_tables():
    """`dipsat adjudicate` on a case without a cycle never loads ortools, pandas, numpy, pyarrow or dask."""
    status, heavy, out = _modules_after(["adjudicate", "datacases/datc_6A_basic.txt", "--case", "6.A.5"])
    assert status == 0, out
    assert heavy == set(), out


def test_datc_run_imports_ortools_only_for_its_paradoxes():
    """A circular movement needs CP-SAT: ortools is loaded, but not its Python layer's pandas and numpy."""
    status, heavy, out = _modules_after(["adjudicate", "datacases/datc_6C_circular.txt", "--case", "6.C.1"])
    assert status == 0, out
    assert heavy == {"ortools"}, out  # solved through OR-Tools' compiled helper: no pandas, no numpy
    assert "ortools" in heavy, "6.C.1 (circular movement) has two resolutions: it must reach CP-SAT"


@pytest.mark.parametrize("solver", ["cpsat"])
def test_cpsat_route_loads_ortools(solver):
    """With --solver cpsat every movement phase goes to CP-SAT, so ortools is loaded even for a simple case."""
    status, heavy, out = _modules_after(["adjudicate", "datacases/datc_6A_basic.txt", "--case", "6.A.5",
                                         "--solver", solver])
    assert status == 0, out
    assert "ortools" in heavy, out
