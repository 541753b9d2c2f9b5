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

import functools
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
def test_datc_paradoxes_need_no_ortools(path, case):
    """A circular movement (6.C.1) or Pandin's paradox (6.F.16) is settled by the search in
    Python (``solver/search.py``): ortools is not loaded (before the search, CP-SAT's compiled
    helper was); the cycles of the decision graph are found and ordered without networkx."""
    status, found, out = _modules_after(["adjudicate", path, "--case", case])
    assert status == 0, out
    assert "paradox settled by the" in out, out  # the phase did reach the search
    assert found == {"dipsat.variants.classical"}, out


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


# -- layers point down (issue 25) ------------------------------------------------------------

LAYERS = {"model": 0, "solver": 1, "variants": 2, "render": 3, "replay": 3,
          "cli": 4, "datacases": 4, "serve": 4, "discover": 4}
"""Rank of each top-level package: a module imports only from its own package or a lower rank
(``dipsat.model`` the values and parsers, ``dipsat.solver`` the CP-SAT model, ``dipsat.variants``
the games, the pictures and archives above them, the commands and services on top)."""


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return "dipsat." + ".".join(parts)


def _import_graph() -> dict[str, dict[str, int]]:
    """Module -> {module it imports: line}, for every module of the installed packages: every
    ``import`` in the file, at the top, inside a function or under ``TYPE_CHECKING`` alike. A
    ``from package import name`` counts as an import of the submodule when ``name`` is one, else
    of the package."""
    return _graph_of(ROOT)


@functools.lru_cache(maxsize=4)
def _graph_of(root: Path) -> dict[str, dict[str, int]]:
    import ast
    files = {_module_name(p, root): p for top in LAYERS if (root / top).is_dir() for p in (root / top).rglob("*.py")}
    graph: dict[str, dict[str, int]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        edges = graph.setdefault(name, {})
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up) + (f".{base}" if base else "")
                subs = [f"{base}.{a.name}" for a in node.names]
                targets = [s for s in subs if s in files] + ([base] if any(s not in files for s in subs) else [])
            else:
                continue
            for target in targets:
                if target in files and target != name:
                    edges.setdefault(target, node.lineno)
    return graph


def test_every_top_level_package_has_a_layer():
    """A new package of the tree is given its place in :data:`LAYERS` (so the layer test sees it)."""
    tops = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests", "benchmarks"}
    assert tops <= set(LAYERS), sorted(tops - set(LAYERS))


def test_layers_point_down():
    """No module imports from a package above its own: the values never reach up into the solver,
    the solver never into the variants, and so on (``model/`` imports nothing of ``solver/``)."""
    upward = []
    for name, edges in _import_graph().items():
        for target, line in edges.items():
            mine, theirs = name.split(".")[1], target.split(".")[1]
            if mine != theirs and LAYERS[theirs] > LAYERS[mine]:
                upward.append(f"{name} (line {line}) imports {target}")
    assert not upward, upward


def test_no_import_circles():
    """No circle of imports, through function-level and ``TYPE_CHECKING`` imports too: a module
    that needs a type of a module that imports it takes a protocol or a module of values both
    can import (``solver/facts.py``, ``model/phase_words.py``)."""
    graph = _import_graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = iter(range(10**9))

    def visit(v: str) -> None:  # Tarjan's strongly connected components, depth first
        index[v] = low[v] = next(counter)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            found = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                found.append(w)
                if w == v:
                    break
            if len(found) > 1:
                circles.append(sorted(found))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    assert not circles, circles


def test_the_layer_checks_find_a_circle_and_an_upward_import(tmp_path, monkeypatch):
    """The checks are not vacuous: a tree with a circle and an upward import fails both."""
    for top in ("model", "solver"):
        (tmp_path / top).mkdir()
        (tmp_path / top / "__init__.py").write_text("")
    (tmp_path / "model" / "a.py").write_text("from dipsat.solver.b import x\n")
    (tmp_path / "solver" / "b.py").write_text("def f():\n    from dipsat.solver.c import y\n")
    (tmp_path / "solver" / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                               "    from dipsat.solver.b import f\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    with pytest.raises(AssertionError, match=r"dipsat\.model\.a \(line 1\) imports dipsat\.solver\.b"):
        test_layers_point_down()
    with pytest.raises(AssertionError, match=r"dipsat\.solver\.b', 'dipsat\.solver\.c"):
        test_no_import_circles()
