"""``dipsat report FILE... --out DIR``: static HTML pages of case files and game records.

One page per case (or per game record) with the board before and after each phase, the orders
with their expected and actual results and reasons, the paradox explanation and the decision
graph; ``index.html`` lists the pages with their verdicts. Opens from disk, no server.
"""
from __future__ import annotations

import argparse
import json

from pathlib import Path

from dipsat.cli.html_report import PageEntry, Row, slug, write_index, write_page
from dipsat.cli.options import rules_argument, variant_argument
from dipsat.cli.runner import CaseReport, as_variant, run_case
from dipsat.model.casefiles import load_any
from dipsat.model.errors import InputError
from dipsat.model.files import remove_stale
from dipsat.variants import find_variant, read_order, reader_for


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    p = sub.add_parser("report", help="write static HTML pages (boards, orders, reasons, decision graphs) "
                                      "for case files and game records")
    p.add_argument("files", nargs="+", metavar="FILE", help="a case file or a game record (GAME ... END)")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for index.html and the pages")
    p.add_argument("--case", action="append", metavar="ID", help="only this case (repeatable)")
    variant_argument(p)
    rules_argument(p)
    p.add_argument("--json", action="store_true", help="print what was written as one JSON document")
    return p


def _is_record(path: str) -> bool:
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as f:
            for line in f:
                words = line.split("#", 1)[0].split()
                if words:
                    return words[0].upper() == "GAME"
    except OSError:
        return False
    return False


def run(args: argparse.Namespace) -> int:
    """Write the pages; exit 0 when every page with expectations passed, 1 otherwise."""
    out = Path(args.out)
    jobs = []
    for path in args.files:
        if Path(path).is_dir():
            raise InputError("a folder, not a file: report reads case files and game records", source=path)
        if not Path(path).exists():
            raise InputError("no such file", source=path)
        jobs.append((path, _is_record(path)))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot write the report: {exc.strerror}", source=str(out)) from None
    remove_stale(out / "index.html")  # an earlier run's index must not pass for this run's
    entries: list[PageEntry] = []
    found: set[str] = set()
    try:
        for path, is_record in jobs:
            entries += _record_pages(out, path, args) if is_record else _case_pages(out, path, args, found)
        missing = set(args.case or ()) - found
        if missing:  # a --case that names no case is a mistake, never an empty report
            raise InputError(f"no case {', '.join(sorted(missing))} in {', '.join(args.files)}")
        write_index(out, "dipsat report: " + ", ".join(Path(f).name for f in args.files), entries)
    except OSError as exc:
        raise InputError(f"cannot write the report: {exc.strerror}", source=exc.filename or str(out)) from None
    if args.json:
        print(json.dumps({"index": str(out / "index.html"), "pages": len(entries),
                          "failed": sum(1 for e in entries if e.verdict == "fail")}, indent=1))
    else:
        print(f"{out / 'index.html'}: {len(entries)} page(s)")
    return 1 if any(e.verdict == "fail" for e in entries) else 0


def _case_pages(out: Path, path: str, args: argparse.Namespace, found: set[str]) -> list[PageEntry]:
    """Write the page of every case of ``path`` (those of ``--case`` only); add their ids to ``found``."""
    reader = reader_for(find_variant(args.variant)) if args.variant else read_order
    cases = load_any(path, order_reader=reader, only=frozenset(args.case) if args.case else None)
    if args.variant:
        cases = [as_variant(c, args.variant) for c in cases]
    if args.case:
        cases = [c for c in cases if c.id in set(args.case)]
    found.update(c.id for c in cases)
    entries = []
    for case in cases:
        report = run_case(case, args.rules)
        entries.append(write_page(out, slug(case.id), f"{case.id} {case.title}".strip(), _verdict(report),
                                  find_variant(case.variant), _case_phases(report),
                                  notes=[f"Case file: {path}", f"Rules: {report.rules}"]))
    return entries


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


def _record_pages(out: Path, path: str, args: argparse.Namespace) -> list[PageEntry]:
    from dipsat.variants.framework.record import load_record
    from dipsat.variants.framework.replay import play_record

    game = play_record(load_record(path), args.variant, args.rules)
    phases = []
    for p in game.phases:
        rows = [Row(game.variant.format_order(c.result.order, "long"), c.expected, c.result.words, c.result.reason)
                for c in p.orders]
        rows += [Row(f"{g.order.power}: {g.order}", None, g.words, g.reason) for g in p.resolution.generated]
        phases.append((p.resolution, rows))
    verdict = "none" if game.expectations == 0 else ("pass" if game.failed == 0 else "fail")
    title = f"{game.record.id} {game.record.title}".strip()
    return [write_page(out, slug(game.record.id or Path(path).stem), title, verdict, game.variant, phases,
                       notes=[f"Game record: {path}", f"Variant: {game.variant.spec}; rules: {game.rules}"])]
