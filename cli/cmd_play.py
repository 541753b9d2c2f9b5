"""``dipsat play FILE``: replay a variant game record phase by phase (format:
``docs/variants/game_records.md``), printing every resolution and board and checking what the
record expects."""
from __future__ import annotations

import argparse
import json

from dipsat.cli.options import rules_argument, variant_argument
from dipsat.variants.framework.record import load_record
from dipsat.variants.framework.replay import play_record
from dipsat.variants.framework.report import game_json, game_text


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    p = sub.add_parser("play", help="replay a game record phase by phase and check its expectations")
    p.add_argument("file", metavar="FILE", help="a game record (GAME ... END)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--gm", action="store_true",
                   help="game master's view: name the power behind every special order, list spent powers")
    variant_argument(p, "play the record as this variant instead of its VARIANT line")
    rules_argument(p)
    return p


def run(args: argparse.Namespace) -> int:
    """Play the record; exit 0 when every expectation it states holds, 1 otherwise."""
    report = play_record(load_record(args.file), args.variant, args.rules)
    if args.json:
        print(json.dumps(game_json(report, args.gm), indent=1, ensure_ascii=False))
    else:
        print(game_text(report, args.gm), end="")
    return 0 if report.failed == 0 else 1
