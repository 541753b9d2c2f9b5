"""``dipsat compare --rules A --rules B PATH...``: what changes between two rule semantics.

Every case of the case files is adjudicated under both semantics; every order whose result
differs is listed (case, phase, order, result under A, result under B), on the terminal and,
with ``--out``, as CSV or Parquet. ``--json`` prints the summary.
"""
from __future__ import annotations

import argparse
import csv
import json
from dataclasses import astuple, dataclass, fields, replace
from pathlib import Path
from typing import Iterable

from dipsat.cli.options import variant_argument
from dipsat.cli.compare_archives import compare_archive, count_phase, phase_differences
from dipsat.cli.runner import run_case
from dipsat.replay.readers import archive_files
from dipsat.replay.readers.droidippy import looks_like_droidippy
from dipsat.model.casefiles import load_any
from dipsat.model.errors import InputError
from dipsat.solver.presets import describe, rules_from_text
from dipsat.variants import find_variant, map_of, read_order, reader_for


@dataclass(frozen=True)
class Difference:
    """One order resolved differently under the two semantics."""

    source: str
    case: str
    phase: str
    order: str
    result_a: str
    result_b: str
    reason_a: str
    reason_b: str


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    c = sub.add_parser("compare", help="adjudicate under two rule semantics and list what differs")
    c.add_argument("paths", nargs="+", metavar="PATH",
                   help="case files, archived games (Droidippy text, diplomacy-package JSON), or folders of them")
    c.add_argument("--rules", action="append", required=True, metavar="PRESET[,OPTION=CHOICE...]",
                   help="give exactly twice: semantics A, then B")
    c.add_argument("--out", metavar="FILE", help="write the differences as .csv or .parquet")
    c.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    variant_argument(c)
    return c


def _files(paths: Iterable[str]) -> list[tuple[str, Path]]:
    try:
        return archive_files(list(paths))
    except FileNotFoundError as e:
        raise InputError(str(e)) from None


def _is_game_record(path: Path) -> bool:
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[:200]:
        line = line.split("#", 1)[0].strip()
        if line:
            return line.upper().startswith("GAME")
    return False


def _is_cases(path: Path) -> bool:
    if not path.name.endswith(".txt"):
        return False
    head = path.read_text(encoding="utf-8", errors="replace")[:4000]
    return not looks_like_droidippy(head)


def compare(paths: Iterable[str], rules_a: str, rules_b: str,
            variant: str | None = None) -> tuple[dict[str, int], list[Difference], list[str]]:
    """Adjudicate every case under both semantics; return the counts, the differing orders, and
    the ids of the cases that differ (in an order result, an automatic order or the board).
    ``variant`` plays every case as that variant instead of its own ``VARIANT``."""
    reader = reader_for(find_variant(variant)) if variant else read_order
    diffs: list[Difference] = []
    counts = dict(cases=0, cases_differ=0, phases=0, phases_differ=0, orders=0, orders_differ=0)
    ids: set[str] = set()
    for shown, path in _files(paths):
        if _is_game_record(path):
            continue  # a variant game record (dipsat play): not a case, not an archive
        if not _is_cases(path):
            diffs += compare_archive(shown, rules_from_text(rules_a), rules_from_text(rules_b),  # type: ignore[arg-type]
                                     Difference, counts, ids)
            continue
        board = find_variant(variant).map if variant else None
        for case in load_any(path, board, order_reader=reader, map_reader=map_of):
            case = replace(case, variant=variant) if variant else case
            a, b = run_case(case, rules_a), run_case(case, rules_b)
            counts["cases"] += 1
            case_differs = False
            offset = 0
            for step, res_a, res_b in zip(case.steps, a.resolutions, b.resolutions):
                n = len(step.orders)
                texts = [c.order for c in a.orders[offset:offset + n]]
                offset += n
                phase_diffs, board_differs = phase_differences(
                    str(path), case.id, str(step.phase), texts, res_a, res_b, Difference)
                diffs += phase_diffs
                case_differs |= count_phase(counts, n, phase_diffs, board_differs)
            counts["cases_differ"] += case_differs
            if case_differs:
                ids.add(case.id)
    return counts, diffs, sorted(ids, key=_case_key)


def run(args: argparse.Namespace) -> int:
    """Compare and report."""
    if len(args.rules) != 2:
        raise InputError("give --rules exactly twice: the two semantics to compare")
    names = [describe(rules_from_text(r)) for r in args.rules]
    counts, diffs, ids = compare(args.paths, *args.rules, variant=args.variant)
    if args.out:
        _write(Path(args.out), diffs)
    summary = {"rules_a": names[0], "rules_b": names[1], **counts,
               "cases_that_differ": ids}
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    print(f"A = {names[0]}\nB = {names[1]}")
    for d in diffs:
        print(f"{d.case:<8} {d.phase:<22} {d.order:<48} A: {d.result_a:<20} B: {d.result_b}")
    print(f"\n{counts['phases']} phases, {counts['phases_differ']} differ; "
          f"{counts['orders']} orders, {counts['orders_differ']} differ")
    return 0


def _case_key(case_id: str) -> tuple:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in case_id.split("."))


def _write(path: Path, diffs: list[Difference]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    columns = [f.name for f in fields(Difference)]
    if path.suffix == ".parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq
        table = pa.table({c: [getattr(d, c) for d in diffs] for c in columns})
        pq.write_table(table, path)
        return
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(columns)
        w.writerows(astuple(d) for d in diffs)
