"""Export a movement phase's model as the equations define it, and the backup rule apart.

The equations file is the model as first built, before any backup rule: its solutions are
exactly the consistent resolutions of the phase (DATC 5.B.9), so a circular movement (6.C.1)
exports with two of them and a paradox without resolution (6.F.24) with none; a rules
researcher can study the paradox from the file alone. When a backup rule settled the phase,
a second file holds the model it was settled with: the fixed decisions lose their defining
equations (as :class:`~dipsat.solver.phase_model.PhaseModel` overrides do) and each fix is a
named constraint ``backup rule <rule>: <decision> = <value>``; that model has exactly one
solution, the resolution dipsat reports.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from dipsat.model.files import write_atomic

if TYPE_CHECKING:  # ortools is imported only when a model is exported (see the model's to_cpsat)
    from ortools.sat.python import cp_model

    from dipsat.solver.resolution import Resolution

__all__ = ["backup_path", "equations_model", "settled_model", "export_model"]


def backup_path(path: Path) -> Path:
    """``case.pb.txt`` -> ``case.backup.pb.txt``, ``m-6.A.1-1.txt`` -> ``m-6.A.1-1.backup.txt``:
    where the settled model goes (before the format's ending, so that names made of ids with dots
    stay apart)."""
    name = path.name
    for ending in (".pb.txt", ".pb", ".txt"):
        if name.lower().endswith(ending) and len(name) > len(ending):
            return path.with_name(f"{name[:-len(ending)]}.backup{name[-len(ending):]}")
    stem, dot, rest = name.partition(".")
    return path.with_name(f"{stem}.backup{dot}{rest}" if dot else f"{stem}.backup")


def equations_model(res: Resolution) -> cp_model.CpModel:
    """The phase's model as the equations define it (no backup rule applied)."""
    first = getattr(res.values, "first", None) or res.model
    return first.model.to_cpsat()[0]


def settled_model(res: Resolution) -> cp_model.CpModel | None:
    """The model the backup rules settled, with each fix named; ``None`` when none applied."""
    paradoxes = getattr(res.values, "paradoxes", ()) or res.paradoxes
    if not paradoxes:
        return None
    model, xs = res.model.model.to_cpsat()
    pm = res.model
    decisions = {pm.name(key): var for key, var in pm.decisions.items()}
    for paradox in paradoxes:
        for name, value in paradox.fixed:
            var = decisions.get(name)
            if var is None:
                continue
            model.add(xs[var.index] == int(value)).with_name(f"backup rule {paradox.rule}: {name} = {int(value)}")
    return model


def export_model(res: Resolution, path: str | Path) -> list[Path]:
    """Write the equations to ``path`` and, when a backup rule applied, the settled model to
    :func:`backup_path` of it; return the files written (``.txt`` names give the text format)."""
    path = Path(path)
    _write_model(equations_model(res), path)
    written = [path]
    settled = settled_model(res)
    if settled is not None:
        second = backup_path(path)
        _write_model(settled, second)
        written.append(second)
    return written


def _write_model(model: cp_model.CpModel, path: Path) -> None:
    """Write ``model`` whole (a temporary file renamed, :func:`write_atomic`); OR-Tools answers a
    failed write with ``False``, never silence here.

    Raises:
        OutputError: the file cannot be written.
    """
    def write(temp: str) -> None:
        if not model.export_to_file(temp):
            raise OSError(0, "OR-Tools could not write the model")
    write_atomic(path, write)
