"""``dipsat datc``: run the bundled DATC cases and print a pass table per section."""
from __future__ import annotations

import argparse
import json

from importlib.resources import files
from pathlib import Path

from dipsat.cli.deviations import DEVIATIONS
from dipsat.cli.options import rules_argument, solver_argument, variant_argument
from dipsat.cli.report import case_json, summary
from dipsat.cli.runner import as_variant, run_case
from dipsat.model.casefiles import SECTIONS, load_any
from dipsat.solver import route


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    d = sub.add_parser("datc", help="run the bundled DATC cases and print a pass table per section")
    d.add_argument("--json", action="store_true", help="print one JSON document")
    rules_argument(d)
    variant_argument(d, "run the cases as this variant (with no special orders it must pass them all)")
    solver_argument(d)
    return d


def bundled_case_files() -> list[Path]:
    """The DATC case files shipped with dipsat, in section order."""
    folder = files("dipsat.datacases")
    return [Path(str(folder.joinpath(name))) for name, _ in SECTIONS.values()]


def run(args: argparse.Namespace) -> int:
    """Run every section; exit 1 if a case fails that is not a known deviation."""
    rows, reports = [], []
    for letter, path in zip(SECTIONS, bundled_case_files()):
        section = [run_case(as_variant(c, args.variant) if args.variant else c, args.rules)
                   for c in load_any(path)]
        reports += section
        rows.append((f"6.{letter}", SECTIONS[letter][1], summary(section)))
    total = summary(reports)
    if args.json:
        print(json.dumps({"rules": args.rules or "datc", "solver": route.current(), "summary": total,
                          "sections": {k: s for k, _, s in rows},
                          "cases": [case_json(r) for r in reports]}, indent=1))
    else:
        print(f"DATC v3.2 chapter 6, rules: {args.rules or 'datc'}, solver route: {route.current()}")
        print(f"{'section':<8} {'title':<48} {'cases':>5} {'passed':>6} {'failed':>6}")
        for key, title, s in rows:
            print(f"{key:<8} {title:<48} {s['cases']:>5} {s['passed']:>6} {s['failed']:>6}")
        print(f"{'all':<8} {'':<48} {total['cases']:>5} {total['passed']:>6} {total['failed']:>6}")
        for r in reports:
            if not r.passed:
                note = f"known deviation: {DEVIATIONS[r.id]}" if r.id in DEVIATIONS else "; ".join(r.differences)
                print(f"\n{r.id} {r.title}: {note}")
    return 1 if any(not r.passed and r.id not in DEVIATIONS for r in reports) else 0
