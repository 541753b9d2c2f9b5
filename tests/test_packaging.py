"""Packaging: every folder that holds a package is listed in pyproject, and the layers hold."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_package_folder_is_listed():
    """A sub-package missing from [tool.setuptools] packages would be left out of the wheel."""
    tool = _pyproject()["tool"]["setuptools"]
    listed = set(tool["packages"])
    for dotted, folder in tool["package-dir"].items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            name = ".".join([dotted, *rel.parts]) if rel.parts else dotted
            assert name in listed, f"{name} ({init.parent}) is not in pyproject packages"


def test_every_listed_package_has_a_folder():
    """Each listed package maps to a folder with an __init__.py."""
    tool = _pyproject()["tool"]["setuptools"]
    for name in tool["packages"]:
        top = ".".join(name.split(".")[:2])
        folder = ROOT / tool["package-dir"][top] / Path(*name.split(".")[2:])
        assert (folder / "__init__.py").is_file(), name


def test_model_imports_neither_ortools_nor_pandas():
    """dipsat.model is pure Python: importing all of it loads no solver and no pandas."""
    code = ("import sys, pkgutil, importlib, dipsat.model as m\n"
            "for i in pkgutil.iter_modules(m.__path__): importlib.import_module('dipsat.model.' + i.name)\n"
            "bad = [x for x in ('ortools', 'pandas') if x in sys.modules]\n"
            "print(','.join(bad)); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_solver_does_not_import_variants_or_cli():
    """dipsat.solver stands below the variants and the command line (pandas comes with ortools)."""
    code = ("import sys, dipsat.solver\n"
            "bad = [x for x in ('dipsat.variants', 'dipsat.cli') if x in sys.modules]\n"
            "print(','.join(bad)); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
