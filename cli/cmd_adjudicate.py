"""``dipsat adjudicate FILE...``: adjudicate case files and compare with their expectations."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from dipsat.cli.inputs import case_files
from dipsat.cli.options import rules_argument, solver_argument, variant_argument
from dipsat.cli.report import case_json, case_text, summary
from dipsat.cli.runner import CaseReport, as_variant, run_case
from dipsat.model.casefiles import load_any
from dipsat.model.errors import InputError, OutputError
from dipsat.model.files import check_writable, write_text_atomic
from dipsat.model.safe_text import file_names
from dipsat.solver import route
from dipsat.variants import find_variant, read_order, reader_for


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    a = sub.add_parser("adjudicate", help="adjudicate the cases of case files and compare with their expectations")
    a.add_argument("files", nargs="+", metavar="FILE",
                   help="case file: dipsat's format, the DATC v3.2 transcription or the jDip format; "
                        "or a folder of them (its *.txt files, as compare reads a folder)")
    a.add_argument("--case", action="append", metavar="ID", help="only this case (repeatable)")
    rules_argument(a)
    variant_argument(a)
    a.add_argument("--json", action="store_true", help="print one JSON document")
    a.add_argument("--explain", action="store_true",
                   help="for each phase, its consistent resolutions and paradoxes; for each order, "
                        "the chain of decisions that fixed its result")
    a.add_argument("--export-model", metavar="FILE.pb|FILE.txt",
                   help="write each movement phase's CP-SAT model as the equations define it (its "
                        "solutions are the consistent resolutions) and, where a backup rule settled a "
                        "paradox, the settled model beside it as NAME.backup.EXT; FILE.pb as a binary "
                        "proto, FILE.txt as a text proto (readable names)")
    a.add_argument("--graph", metavar="FILE.svg", help="draw each movement phase's decision graph (SVG)")
    a.add_argument("--map", metavar="FILE.svg",
                   help="draw the board of each phase with its orders and results (FILE-CASE-N.svg when several)")
    solver_argument(a)
    return a


def run(args: argparse.Namespace) -> int:
    """Adjudicate; exit 0 only when every case with expectations passes or is a known deviation."""
    _check_outputs(args.export_model, args.graph, args.map)
    reader = reader_for(find_variant(args.variant)) if args.variant else read_order
    files = case_files(args.files, "adjudicate")
    only = frozenset(args.case) if args.case else None
    cases = [c for f in files for c in load_any(f, order_reader=reader, only=only)]
    if args.variant:
        cases = [as_variant(c, args.variant) for c in cases]
    if args.case:
        wanted = set(args.case)
        cases = [c for c in cases if c.id in wanted]
        missing = wanted - {c.id for c in cases}
        if missing:
            raise InputError(f"no case {', '.join(sorted(missing))} in {', '.join(args.files)}")
    reports = [run_case(c, args.rules) for c in cases]
    _write_files(reports, args.export_model, args.graph)
    _write_maps([c.variant for c in cases], reports, args.map)
    if args.json:
        print(json.dumps({"summary": summary(reports), "solver": route.current(), "cases": [case_json(r, args.explain) for r in reports]},
                         indent=1))
    else:
        for r in reports:
            print("\n".join(case_text(r, args.explain)))
        s = summary(reports)
        print(f"\n{s['cases']} cases: {s['passed']} passed, {s['failed']} failed"
              + (f" ({s['known_deviations']} known deviations)" if s["known_deviations"] else "")
              + (f"; {s['without_expectations']} without expectations" if s["without_expectations"] else ""))
    return 0 if all(r.passed or r.deviation for r in reports if r.has_expectations) else 1


def _targets(pattern: str | None, reports: list[CaseReport]) -> list[tuple[Path, object, str]]:
    """One file per movement phase: the name given, or name-CASE-N.ext when there are several."""
    if pattern is None:
        return []
    names = dict(zip(map(id, reports), file_names([r.id for r in reports])))
    phases = [(r, i, res) for r in reports for i, res in enumerate(r.resolutions) if res.model is not None]
    base = Path(pattern)
    found = []
    for r, i, res in phases:
        path = base if len(phases) == 1 else _numbered(base, names[id(r)], i)
        found.append((path, res, f"{r.id} {r.title}: {res.before.phase} (rules {r.rules})"))
    return found


def _numbered(base: Path, name: str, index: int) -> Path:
    """``FILE-CASE-N.ext``: ``name`` is the case's safe file name (:func:`file_names`)."""
    return base.with_name(f"{base.stem}-{name}-{index + 1}{base.suffix}")


MODEL_SUFFIXES = (".pb", ".txt")
"""``--export-model`` formats: binary proto, text proto (OR-Tools chooses by the name's ending)."""
GRAPH_SUFFIXES = (".svg",)


def _check_outputs(export: str | None, graph: str | None, board: str | None = None) -> None:
    """Refuse, before any work, an output whose format dipsat cannot write or whose folder cannot be written.

    Raises:
        OutputError: naming the file.
    """
    for path, suffixes in ((export, MODEL_SUFFIXES), (graph, GRAPH_SUFFIXES), (board, GRAPH_SUFFIXES)):
        if path is None:
            continue
        if not path.lower().endswith(suffixes):
            raise OutputError(f"cannot write this format: give a file name ending in {' or '.join(suffixes)}", path)
        check_writable(path)


def _write_files(reports: list[CaseReport], export: str | None, graph: str | None) -> None:
    if export is None and graph is None:
        return
    from dipsat.render.graph import decision_graph_svg  # networkx, only for pictures
    from dipsat.solver.export import export_model  # OR-Tools' Python layer, only for an export

    for path, res, title in _targets(export, reports):
        export_model(res, path)  # type: ignore[arg-type]
    for path, res, title in _targets(graph, reports):
        write_text_atomic(path, decision_graph_svg(res, title))  # type: ignore[arg-type]


def _write_maps(variants: list[str], reports: list[CaseReport], pattern: str | None) -> None:
    """One board picture per phase of every case: the board before it, its orders and results."""
    if pattern is None:
        return
    from dipsat.render.pictures import cycle_orders, position_svg

    names = file_names([r.id for r in reports])
    phases = [(v, r, name, i, res) for v, r, name in zip(variants, reports, names) for i, res in enumerate(r.resolutions)]
    base = Path(pattern)
    for v, r, name, i, res in phases:
        path = base if len(phases) == 1 else _numbered(base, name, i)
        variant = find_variant(v)
        svg = position_svg(variant, res.before, res.results + res.generated, title=f"{r.id} {res.before.phase}",
                           subtitle=f"{r.title}; rules {r.rules}", cycle=cycle_orders(res))
        write_text_atomic(path, svg)
