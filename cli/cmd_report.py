"""``dipsat report FILE... --out DIR``: static HTML pages of case files and game records.

One page per case (or per game record) with the board before and after each phase, the orders
with their expected and actual results and reasons, the paradox explanation and the decision
graph; ``index.html`` lists the pages with their verdicts. Opens from disk, no server.
"""
from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dipsat.cli.html_report import PageEntry, Row, write_index, write_page
from dipsat.cli.inputs import case_files
from dipsat.cli.options import rules_argument, variant_argument
from dipsat.cli.runner import CaseReport, as_variant, run_case
from dipsat.model.casefiles import load_any
from dipsat.model.cases import Case
from dipsat.model.errors import InputError, OutputError
from dipsat.model.files import lines_of, read_input, remove_stale
from dipsat.model.safe_text import file_names
from dipsat.variants import find_variant, read_order, reader_for


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    p = sub.add_parser("report", help="write static HTML pages (boards, orders, reasons, decision graphs) "
                                      "for case files and game records")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="a case file or a game record (GAME ... END), or a folder of them (its *.txt files)")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for index.html and the pages")
    p.add_argument("--case", action="append", metavar="ID", help="only this case (repeatable)")
    variant_argument(p)
    rules_argument(p)
    p.add_argument("--gm", action="store_true",
                   help="game records: the game master's view (every order with its power; default: the public view)")
    p.add_argument("--json", action="store_true", help="print what was written as one JSON document")
    return p


def _is_record(path: str) -> bool:
    """Whether the file is a game record (its first word ``GAME``); read through
    :func:`read_input`, so that a pipe is read once (the reader then gets the same bytes)."""
    text = read_input(path)[:1 << 16].decode("utf-8", "replace").removeprefix("\ufeff")
    for line in lines_of(text):
        words = line.split("#", 1)[0].split()
        if words:
            return words[0].upper() == "GAME"
    return False


def run(args: argparse.Namespace) -> int:
    """Write the pages; exit 0 when every page with expectations passed, 1 otherwise.

    Every file is read and every page named before the first is written: the names come from
    :func:`file_names` (unique, inside ``--out``, never ``index``); each page and picture is
    written whole, and ``index.html`` last, so an interrupted run leaves no index.
    """
    out = Path(args.out)
    for path in args.files:
        if not Path(path).exists():
            raise InputError("no such file", source=path)
    if out.is_dir():
        remove_stale(out / "index.html")  # an earlier run's index must not pass for this run's, even if this one fails
    files = case_files(args.files, "report", records=True)  # a folder: its case files and game records
    pages = [page for path in files for page in
             (_record_page(path, args) if _is_record(path) else _case_pages(path, args))]
    missing = set(args.case or ()) - {page.id for page in pages if page.is_case}
    if missing:  # a --case that names no case is a mistake, never an empty report
        raise InputError(f"no case {', '.join(sorted(missing))} in {', '.join(args.files)}")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot write the report: {exc.strerror}", str(out)) from None
    names = file_names([page.id for page in pages], reserved=["index"])
    entries = [page.write(out, name) for page, name in zip(pages, names)]
    write_index(out, "dipsat report: " + ", ".join(Path(f).name for f in args.files), entries)
    if args.json:
        print(json.dumps({"index": str(out / "index.html"), "pages": len(entries),
                          "failed": sum(1 for e in entries if e.verdict == "fail")}, indent=1))
    else:
        print(f"{out / 'index.html'}: {len(entries)} page(s)")
    return 1 if any(e.verdict == "fail" for e in entries) else 0


@dataclass(frozen=True)
class _Page:
    """A page to write: the id it is named after, and how to write it under a name."""

    id: str
    is_case: bool
    write: Callable[[Path, str], PageEntry]


def _case_pages(path: str, args: argparse.Namespace) -> list[_Page]:
    """The page of every case of ``path`` (those of ``--case`` only)."""
    reader = reader_for(find_variant(args.variant)) if args.variant else read_order
    cases = load_any(path, order_reader=reader, only=frozenset(args.case) if args.case else None)
    if args.variant:
        cases = [as_variant(c, args.variant) for c in cases]
    if args.case:
        cases = [c for c in cases if c.id in set(args.case)]

    def page(case: Case) -> Callable[[Path, str], PageEntry]:
        def write(out: Path, name: str) -> PageEntry:
            report = run_case(case, args.rules)
            return write_page(out, name, f"{case.id} {case.title}".strip(), _verdict(report),
                              find_variant(case.variant), _case_phases(report),
                              notes=[f"Case file: {path}", f"Rules: {report.rules}"])
        return write
    return [_Page(case.id, True, page(case)) for case in cases]


def _verdict(report: CaseReport) -> str:
    if not report.has_expectations:
        return "none"
    return "pass" if report.passed else "fail"


def _case_phases(report: CaseReport) -> list[tuple[object, list[Row]]]:
    phases = []
    checks = list(report.orders)
    for res in report.resolutions:
        rows = [Row(c.order, c.expected, c.actual, c.reason) for c in checks[:len(res.results)]]
        checks = checks[len(res.results):]
        rows += [Row(f"{g.order.power}: {g.order}", None, g.words, g.reason) for g in res.generated]
        phases.append((res, rows))
    return phases


def _record_page(path: str, args: argparse.Namespace) -> list[_Page]:
    """The page of a game record: the public view (as ``dipsat play`` shows it), the game
    master's with ``--gm``."""
    from dipsat.variants.framework.record import load_record
    from dipsat.variants.framework.replay import play_record
    from dipsat.variants.framework.report import view_results, view_rows

    record = load_record(path)

    def write(out: Path, name: str) -> PageEntry:
        game = play_record(record, args.variant, args.rules)
        phases = []
        for p in game.phases:
            rows = [Row(f"{who}: {text}", c.expected, c.result.words, c.result.reason)
                    for c, who, text in view_rows(game, p, args.gm)]
            rows += [Row(f"{g.order.power}: {g.order}", None, g.words, g.reason) for g in p.resolution.generated]
            # the public view draws what it shows, and no decision graph (its decisions name every order)
            phases.append((p.resolution, rows) if args.gm else (p.resolution, rows, view_results(game, p, False)))
        verdict = "none" if game.expectations == 0 else ("pass" if game.failed == 0 else "fail")
        view = "game master's view" if args.gm else "public view"
        return write_page(out, name, f"{game.record.id} {game.record.title}".strip(), verdict, game.variant, phases,
                          notes=[f"Game record: {path}", f"Variant: {game.variant.spec}; rules: {game.rules}; {view}"])
    return [_Page(record.id or Path(path).stem, False, write)]
