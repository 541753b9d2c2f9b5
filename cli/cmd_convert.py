"""``dipsat convert FILE --out DIR``: write case files in dipsat's own format."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from dipsat.model.casefiles import convert
from dipsat.model.files import check_writable, write_text_atomic


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    c = sub.add_parser("convert", help="write DATC chapter-6 case files in dipsat's own format, one per DATC section")
    c.add_argument("file", metavar="FILE", help="case file in any format dipsat reads")
    c.add_argument("--out", metavar="DIR", required=True, help="folder to write to")
    c.add_argument("--json", action="store_true", help="print the files written as one JSON document")
    return c


def run(args: argparse.Namespace) -> int:
    """Convert and write; print each file written.

    Raises:
        CaseFileError: the file cannot be read or holds a case that is not a DATC chapter-6 case.
        OutputError: the folder cannot be written (nothing is written then).
    """
    from dipsat.solver.presets import rules_from_text
    from dipsat.variants import read_order  # each case's orders read as its VARIANT's
    out = Path(args.out)
    files = convert(args.file, order_reader=read_order, check_rules=rules_from_text)
    written = []
    for name, text in sorted(files.items()):
        check_writable(out / name)
    for name, text in sorted(files.items()):
        write_text_atomic(out / name, text)
        written.append(str(out / name))
        if not args.json:
            print(f"wrote {out / name}")
    if args.json:
        print(json.dumps({"written": written}, indent=1))
    return 0
