"""``dipsat compare --rules A --rules B PATH...``: what changes between two rule semantics.

Every case of the case files is adjudicated under both semantics; every order whose result
differs is listed (case, phase, order, result under A, result under B), on the terminal and,
with ``--out``, as CSV or Parquet. ``--json`` prints the summary. Files are read by replay's
reader path: what cannot be read is listed (and written to ``--out`` as rows whose result is
``error``), and the exit status is then 2.
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
from dataclasses import astuple, dataclass, fields, replace
from pathlib import Path
from typing import Final, Iterable

from dipsat.cli.compare_archives import CompareError, Tally, compare_game, read_games
from dipsat.cli.errors import EXIT_INPUT, EXIT_OK, error_line, unread_problem
from dipsat.cli.options import solver_argument, variant_argument
from dipsat.model.errors import InputError, OutputError
from dipsat.model.files import check_writable, remove_stale, write_atomic
from dipsat.model.safe_text import visible
from dipsat.replay.readers import find_tasks
from dipsat.replay.records import GameError
from dipsat.solver import route
from dipsat.solver.presets import describe, rules_from_text
from dipsat.variants import find_variant, reader_for


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
    solver_argument(c)
    return c


OUT_SUFFIXES = (".csv", ".parquet")
"""The formats ``--out`` writes, by file name ending."""


def compare(paths: Iterable[str], rules_a: str, rules_b: str,
            variant: str | None = None) -> tuple[dict[str, int], list[Difference], list[str]]:
    """Adjudicate every case and archived phase under both semantics; return the counts, the
    differing orders, and the ids of the games that differ (in an order result, an automatic
    order or the board). ``variant`` plays every game as that variant instead of its own.
    What cannot be read is counted in ``counts["errors"]`` (see :func:`compare_all` for the list)."""
    tally = compare_all(paths, rules_a, rules_b, variant)
    return tally.counts, tally.rows, sorted(tally.ids, key=_case_key)  # type: ignore[return-value]


def compare_all(paths: Iterable[str], rules_a: str, rules_b: str, variant: str | None = None) -> Tally:
    """Read every file under ``paths`` by replay's reader path and compare each game (see
    :mod:`dipsat.cli.compare_archives`); unreadable files, games and phases are errors in the tally.

    Raises:
        InputError: a path does not exist; RulesError: unknown rules.
    """
    reader = reader_for(find_variant(variant)) if variant else None
    semantics = rules_from_text(rules_a), rules_from_text(rules_b)
    tally = Tally()
    try:
        tasks = list(find_tasks(list(paths), None))
    except FileNotFoundError as e:
        raise InputError(str(e)) from None
    for task in tasks:
        if isinstance(task, GameError):
            tally.error(CompareError(task.file, task.game, "", task.line, task.message))
            continue
        for game in read_games(task, reader):
            if isinstance(game, GameError):
                tally.error(CompareError(game.file, game.game, "", game.line, game.message))
                continue
            compare_game(replace(game, variant=variant) if variant else game, *semantics, Difference, tally)
    return tally


def run(args: argparse.Namespace) -> int:
    """Compare and report; exit 0 when everything was read, 2 when something could not be."""
    if len(args.rules) != 2:
        raise InputError("give --rules exactly twice: the two semantics to compare")
    names = [describe(rules_from_text(r)) for r in args.rules]
    out = Path(args.out) if args.out else None
    if out is not None:
        if not out.name.lower().endswith(OUT_SUFFIXES):
            raise OutputError(f"cannot write this format: give a file name ending in "
                              f"{' or '.join(OUT_SUFFIXES)}", str(out))
        check_writable(out)
        remove_stale(out)
    tally = compare_all(args.paths, *args.rules, variant=args.variant)
    counts, diffs, ids = tally.counts, tally.rows, sorted(tally.ids, key=_case_key)
    if out is not None:
        _write(out, diffs + [_error_row(e) for e in tally.errors])  # type: ignore[arg-type]
    errors = [{"file": e.file, "game": e.game, "phase": e.phase, "line": e.line, "error": e.message}
              for e in tally.errors]
    summary = {"rules_a": names[0], "rules_b": names[1], **counts,
               "cases_that_differ": ids, "solver": route.current(), "error_list": errors[:100]}
    problem = unread_problem(errors, counts["errors"], out or "the list above")
    if args.json:
        print(json.dumps({**({"error": problem.json()} if problem else {}), **summary}, indent=1))
    else:
        print(f"A = {names[0]}\nB = {names[1]}")
        for d in diffs:
            print(f"{d.case:<8} {d.phase:<22} {d.order:<48} A: {d.result_a:<20} B: {d.result_b}")
        for e in errors[:100]:
            where = f"{e['file']}:{e['line']}" if e["line"] else e["file"]
            print(f"error    {' '.join(x for x in (where, e['game'], e['phase']) if x)}: {e['error']}")
        print(f"\n{counts['phases']} phases, {counts['phases_differ']} differ; "
              f"{counts['orders']} orders, {counts['orders_differ']} differ"
              + (f"; {counts['errors']} could not be read" if counts["errors"] else ""))
    if problem is not None:
        if not args.json:
            print(error_line(problem), file=sys.stderr)
        return EXIT_INPUT
    return EXIT_OK


def _error_row(e: CompareError) -> Difference:
    """An error as a row of the differences table: result ``error`` under both semantics."""
    where = f"line {e.line}: " if e.line else ""
    return Difference(e.file, e.game, e.phase, "", "error", "error", where + e.message, where + e.message)


def _case_key(case_id: str) -> tuple:
    return tuple((0, int(p), "") if p.isascii() and p.isdigit() and len(p) < 100 else (1, 0, p)
                 for p in case_id.split("."))


def _write(path: Path, diffs: list[Difference]) -> None:
    """Write the rows as CSV or Parquet (by the name's ending), atomically."""
    columns = [f.name for f in fields(Difference)]
    if path.name.lower().endswith(".parquet"):
        import pyarrow as pa
        import pyarrow.parquet as pq
        table = pa.table({c: [getattr(d, c) for d in diffs] for c in columns})
        write_atomic(path, lambda temp: pq.write_table(table, temp))
        return

    def write_csv(temp: str) -> None:
        with open(temp, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(columns)
            w.writerows([spreadsheet_safe(cell) for cell in astuple(d)] for d in diffs)
    write_atomic(path, write_csv)


FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a CSV cell as a formula (OWASP's list for CSV injection)."""


def spreadsheet_safe(cell: object) -> object:
    """A text cell that a spreadsheet would run as a formula (a game id ``=HYPERLINK(...)``)
    written with a leading ``'``, as spreadsheets themselves mark text; a control character (ESC,
    CR...) as its escape (``cat x.csv`` shows it, never runs it); any other cell as is."""
    if not isinstance(cell, str):
        return cell
    return f"'{visible(cell)}" if cell.startswith(FORMULA_STARTS) else visible(cell)
