"""Nothing is imported that a command does not use (issue 11): each check runs a real command
in a fresh interpreter and looks at ``sys.modules`` when it ends.

ortools is imported only when a phase reaches CP-SAT or a model is exported, and solving needs
only its compiled helper (``cp_model``, which imports pandas and numpy, only for an export);
pandas, pyarrow and dask only where tables or clusters are used (multiprocessing only for a pool
of workers); networkx only where a graph
is drawn or walked (a picture, an explanation's chain), never for the map nor to find a decision
graph's cycles. A variant's
package is imported only when the variant is played or looked up by name, never to list the names.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dipsat.variants import KNOWN, VARIANTS, UnknownVariantError, find_variant

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "replay_fixtures"
HEAVY = ("ortools", "pandas", "numpy", "pyarrow", "dask", "distributed", "networkx", "multiprocessing")
VARIANT_PACKAGES = tuple(k.module for k in KNOWN)


def _fresh(code: str) -> tuple[int, set[str], str]:
    """Run ``code`` in a fresh interpreter; its exit status, the heavy top-level modules and the
    variant packages it imported, and its output."""
    code += ("\nimport sys\n"
             f"found = sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))\n"
             f"found += sorted(set(sys.modules) & set({VARIANT_PACKAGES!r}))\n"
             "print('MODULES=' + ','.join(found))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    lines = [x for x in done.stdout.splitlines() if x.startswith("MODULES=")]
    assert lines, done.stdout + done.stderr
    return done.returncode, {m for m in lines[-1][len("MODULES="):].split(",") if m}, done.stdout + done.stderr


def _modules_after(argv: list[str]) -> tuple[int, set[str], str]:
    """Run ``dipsat ARGV`` in a fresh interpreter; its exit status, the heavy top-level modules and
    the variant packages it imported, and its output."""
    status, found, out = _fresh("from dipsat.cli.main import main\n"
                                f"status = main({argv!r})\n"
                                "print('STATUS=%d' % status)")
    return int(out.split("STATUS=")[1].split()[0]), found, out


def test_a_case_propagation_settles_imports_no_solver_and_no_tables():
    """`dipsat adjudicate` on a case without a cycle never loads ortools, pandas, numpy, pyarrow,
    dask or networkx, nor any variant but the standard game."""
    status, found, out = _modules_after(["adjudicate", "datacases/datc_6A_basic.txt", "--case", "6.A.5"])
    assert status == 0, out
    assert found == {"dipsat.variants.classical"}, out


@pytest.mark.parametrize("path, case", [("datacases/datc_6C_circular.txt", "6.C.1"),
                                        ("datacases/datc_6F_convoys.txt", "6.F.16")])
def test_datc_run_imports_ortools_only_for_its_paradoxes(path, case):
    """A circular movement (6.C.1) or Pandin's paradox (6.F.16) needs CP-SAT: ortools is loaded,
    but not its Python layer's pandas and numpy; the cycles of the decision graph are found and
    ordered without networkx."""
    status, found, out = _modules_after(["adjudicate", path, "--case", case])
    assert status == 0, out
    assert found == {"ortools", "dipsat.variants.classical"}, out  # OR-Tools' compiled helper only


@pytest.mark.parametrize("solver", ["cpsat"])
def test_cpsat_route_loads_ortools(solver):
    """With --solver cpsat every movement phase goes to CP-SAT, so ortools is loaded even for a simple case."""
    status, found, out = _modules_after(["adjudicate", "datacases/datc_6A_basic.txt", "--case", "6.A.5",
                                         "--solver", solver])
    assert status == 0, out
    assert "ortools" in found, out


def test_replay_imports_tables_but_no_graphs_and_no_other_variant(tmp_path: Path):
    """`dipsat replay` of a standard game in this process loads pyarrow (its tables), never pandas,
    networkx, dask, multiprocessing (for a pool only) or another variant's package."""
    status, found, out = _modules_after(["replay", str(FIXTURES / "droidippy_game.txt"), "--out", str(tmp_path),
                                         "--workers", "1", "--json"])
    assert status == 0, out
    assert "pyarrow" in found, out
    assert not found & {"pandas", "networkx", "dask", "distributed", "multiprocessing"}, out
    assert found & set(VARIANT_PACKAGES) == {"dipsat.variants.classical"}, out


def test_naming_the_variants_imports_none():
    """Listing the variants, their aliases, and an unknown name's error import no variant package."""
    status, found, out = _fresh(
        "from dipsat.variants import VARIANTS, UnknownVariantError, find_variant\n"
        "assert list(VARIANTS) == ['standard', 'telepath', 'vain_star', 'sorcerous', 'gathering', 'hitchhiker']\n"
        "assert 'telepath' in VARIANTS and len(VARIANTS) == 6\n"
        "assert VARIANTS.name_of('rb42') == 'telepath' and VARIANTS.name_of('nope') is None\n"
        "try:\n"
        "    find_variant('nope')\n"
        "except UnknownVariantError as e:\n"
        "    print(e)\n")
    assert status == 0, out
    assert "known variants: gathering, hitchhiker, sorcerous, standard, telepath, vain_star" in out
    assert not found, out


def test_finding_a_variant_imports_only_its_package():
    """find_variant by an alias, with options, imports that variant's package and no other variant's."""
    status, found, out = _fresh("from dipsat.variants import find_variant\n"
                                "print(find_variant('RB42,ban_prevent=kept').spec)\n")
    assert status == 0, out
    assert "telepath,ban_prevent=kept" in out
    assert found & set(VARIANT_PACKAGES) == {"dipsat.variants.telepath"}, out


def test_dipsat_help_imports_no_variant():
    """Building every command's parser (``dipsat --help`` lists the variants) imports no variant package."""
    status, found, out = _fresh("from dipsat.cli.main import _parser\n"
                                "_parser().format_help()\n")
    assert status == 0, out
    assert not found & set(VARIANT_PACKAGES), out


@pytest.mark.parametrize("known", KNOWN, ids=lambda k: k.name)
def test_registry_knows_each_variant_as_it_defines_itself(known):
    """The registry's name and aliases of each variant are the variant's own: no name is lost by not importing it."""
    variant = VARIANTS[known.name]
    assert (variant.name, tuple(variant.aliases)) == (known.name, known.aliases)
    assert all(find_variant(alias.upper()) is variant for alias in known.aliases)


def test_registry_errors_are_kept():
    """An unknown name still raises UnknownVariantError listing the known ones; a missing key a KeyError."""
    with pytest.raises(UnknownVariantError, match="known variants: gathering, hitchhiker"):
        find_variant("chess")
    with pytest.raises(KeyError):
        VARIANTS["chess"]  # noqa: B018


def test_a_variant_set_by_hand_is_found_until_removed():
    """A variant added to the registry is found by its name and aliases; deleting it forgets both."""
    from dataclasses import replace
    mine = replace(VARIANTS["standard"], name="mine", aliases=("my_game",))
    VARIANTS["mine"] = mine
    try:
        assert find_variant("My_Game") is mine and "mine" in VARIANTS
    finally:
        del VARIANTS["mine"]
    assert "mine" not in VARIANTS
    with pytest.raises(UnknownVariantError):
        find_variant("my_game")
