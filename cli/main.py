"""The ``dipsat`` command line: adjudicate case files, run the bundled DATC, convert formats."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from importlib.resources import files
from pathlib import Path
from typing import Sequence

from dipsat.cli.deviations import DEVIATIONS
from dipsat.cli.report import case_json, case_text, summary
from dipsat.cli.runner import run_case
from dipsat.model.casefiles import SECTIONS, convert, load_any
from dipsat.model.errors import InputError
from dipsat.solver.presets import RulesError, rules_from_text
from dipsat.variants import UnknownVariantError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dipsat", description="A Diplomacy adjudicator built on a CP-SAT model.")
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("adjudicate", help="adjudicate the cases of case files and compare with their expectations")
    a.add_argument("files", nargs="+", metavar="FILE", help="case file: dipsat, DATC v3.2 transcription or jDip format")
    a.add_argument("--case", action="append", metavar="ID", help="only this case (repeatable)")
    a.add_argument("--rules", metavar="PRESET[,OPTION=CHOICE...]", help="rule options instead of each case's own")
    a.add_argument("--json", action="store_true", help="print one JSON document")
    a.add_argument("--explain", action="store_true", help="say how many resolutions each phase had, and why")
    d = sub.add_parser("datc", help="run the bundled DATC cases and print a pass table per section")
    d.add_argument("--json", action="store_true", help="print one JSON document")
    d.add_argument("--rules", metavar="PRESET[,OPTION=CHOICE...]", help="rule options instead of each case's own")
    c = sub.add_parser("convert", help="write case files in dipsat's own format, one per DATC section")
    c.add_argument("file", metavar="FILE")
    c.add_argument("--out", metavar="DIR", required=True, help="folder to write to")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for bad input)."""
    args = _parser().parse_args(argv)
    try:
        if args.rules:
            rules_from_text(args.rules)
        if args.command == "adjudicate":
            return _adjudicate(args)
        if args.command == "datc":
            return _datc(args)
        return _convert(args)
    except (InputError, RulesError, UnknownVariantError) as e:
        print(f"dipsat: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def _adjudicate(args: argparse.Namespace) -> int:
    cases = [c for f in args.files for c in load_any(f)]
    if args.case:
        wanted = set(args.case)
        cases = [c for c in cases if c.id in wanted]
        missing = wanted - {c.id for c in cases}
        if missing:
            raise InputError(f"no case {', '.join(sorted(missing))} in {', '.join(args.files)}")
    reports = [run_case(c, args.rules) for c in cases]
    if args.json:
        print(json.dumps({"summary": summary(reports), "cases": [case_json(r) for r in reports]}, indent=1))
    else:
        for r in reports:
            print("\n".join(case_text(r, args.explain)))
        s = summary(reports)
        print(f"\n{s['cases']} cases: {s['passed']} passed, {s['failed']} failed"
              + (f" ({s['known_deviations']} known deviations)" if s["known_deviations"] else ""))
    return 0 if all(r.passed for r in reports if r.has_expectations) else 1


def bundled_case_files() -> list[Path]:
    """The DATC case files shipped with dipsat, in section order."""
    folder = files("dipsat.datacases")
    return [Path(str(folder.joinpath(name))) for name, _ in SECTIONS.values()]


def _datc(args: argparse.Namespace) -> int:
    rows = []
    reports = []
    for letter, path in zip(SECTIONS, bundled_case_files()):
        section = [run_case(c, args.rules) for c in load_any(path)]
        reports += section
        s = summary(section)
        rows.append((f"6.{letter}", SECTIONS[letter][1], s))
    total = summary(reports)
    if args.json:
        print(json.dumps({"summary": total, "sections": {k: s for k, _, s in rows},
                          "cases": [case_json(r) for r in reports]}, indent=1))
    else:
        print(f"DATC v3.2 chapter 6, rules {args.rules or 'datc'}")
        print(f"{'section':<8} {'title':<48} {'cases':>5} {'passed':>6} {'failed':>6}")
        for key, title, s in rows:
            print(f"{key:<8} {title:<48} {s['cases']:>5} {s['passed']:>6} {s['failed']:>6}")
        print(f"{'all':<8} {'':<48} {total['cases']:>5} {total['passed']:>6} {total['failed']:>6}")
        for r in reports:
            if not r.passed:
                note = f"known deviation: {DEVIATIONS[r.id]}" if r.id in DEVIATIONS else "; ".join(r.differences)
                print(f"\n{r.id} {r.title}: {note}")
    unexpected = [r for r in reports if not r.passed and r.id not in DEVIATIONS]
    return 1 if unexpected else 0


def _convert(args: argparse.Namespace) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written = convert(args.file)
    for name, text in sorted(written.items()):
        (out / name).write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
