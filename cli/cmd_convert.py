"""``dipsat convert FILE --out DIR``: write case files in dipsat's own format."""
from __future__ import annotations

import argparse
from pathlib import Path

from dipsat.model.casefiles import convert


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    c = sub.add_parser("convert", help="write case files in dipsat's own format, one per DATC section")
    c.add_argument("file", metavar="FILE", help="case file in any format dipsat reads")
    c.add_argument("--out", metavar="DIR", required=True, help="folder to write to")
    return c


def run(args: argparse.Namespace) -> int:
    """Convert and write; print each file written."""
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in sorted(convert(args.file).items()):
        (out / name).write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {out / name}")
    return 0
