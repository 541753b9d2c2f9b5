"""``dipsat play FILE``: replay a variant game record phase by phase (format:
``docs/variants/game_records.md``), printing every resolution and board and checking what the
record expects."""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Final

from dipsat.cli.errors import EXIT_DIFFER, EXIT_OK, report as report_error
from dipsat.cli.options import rules_argument, variant_argument
from dipsat.model.errors import OutputError
from dipsat.model.files import remove_stale, write_text_atomic
from dipsat.model.safe_text import file_names
from dipsat.variants.framework.record import load_record
from dipsat.variants.framework.replay import GameReport, RecordStopped, play_record
from dipsat.variants.framework.report import game_json, game_text, view_results


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    p = sub.add_parser("play", help="replay a game record phase by phase and check its expectations")
    p.add_argument("file", metavar="FILE", help="a game record (GAME ... END)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--gm", action="store_true",
                   help="game master's view: name the power behind every special order, list spent powers")
    p.add_argument("--maps", metavar="DIR", help="draw the board of every phase, with its orders and results, "
                                                 "into DIR (NN-PHASE.svg), and the final board")
    variant_argument(p, "play the record as this variant instead of its VARIANT line")
    rules_argument(p)
    return p


def run(args: argparse.Namespace) -> int:
    """Play the record; exit 0 when every expectation it states holds, 1 otherwise.

    A record that stops being playable after some phases (:class:`RecordStopped`) keeps them: they are
    shown (and drawn) as a whole game would be, then the error; with ``--json`` one document, the
    game's keys after ``"error"``; exit 2 (:mod:`dipsat.cli.errors`).
    """
    try:
        report = play_record(load_record(args.file), args.variant, args.rules)
    except RecordStopped as stopped:
        if args.maps:
            write_maps(stopped.played, Path(args.maps), args.gm)
        if not args.json:
            print(game_text(stopped.played, args.gm), end="", flush=True)
        return report_error(stopped, args.json, game_json(stopped.played, args.gm) if args.json else None)
    if args.maps:
        write_maps(report, Path(args.maps), args.gm)
    if args.json:
        print(json.dumps(game_json(report, args.gm), indent=1, ensure_ascii=False))
    else:
        print(game_text(report, args.gm), end="")
    return EXIT_OK if report.failed == 0 else EXIT_DIFFER


MAP_NAME: Final = re.compile(r"\d{2,}-[A-Za-z0-9-]+\.svg")
"""The name of a picture ``play --maps`` writes (``03-Fall-1901-Movement.svg``)."""


def write_maps(report: GameReport, folder: Path, gm: bool) -> None:
    """One picture per phase (the board before it, its orders and results) and the final board.

    The pictures of an earlier ``play --maps`` in the folder (:data:`MAP_NAME`) are removed first,
    so the folder holds this game's alone; each picture is written whole (a temporary file renamed).
    The public view draws what the public text shows (:func:`view_results`).

    Raises:
        OutputError: the folder cannot be written.
    """
    from dipsat.render.pictures import cycle_orders, position_svg

    variant = report.variant
    positions = [p.resolution.before for p in report.phases] + [report.final]
    names = file_names([f"{n:02d}-{str(pos.phase).replace(' ', '-')}" for n, pos in enumerate(positions, start=1)])
    try:
        folder.mkdir(parents=True, exist_ok=True)
        remove_stale(*(f for f in folder.iterdir() if MAP_NAME.fullmatch(f.name) and f.is_file()))
    except OSError as exc:
        raise OutputError(f"cannot write the maps: {exc.strerror}", str(folder)) from None
    for name, p in zip(names, report.phases):
        res = p.resolution
        svg = position_svg(variant, res.before, view_results(report, p, gm), title=f"{report.record.id} {res.before.phase}",
                           subtitle=f"{variant.spec}; rules {report.rules}" + ("; game master's view" if gm else ""),
                           cycle=cycle_orders(res))
        write_text_atomic(folder / f"{name}.svg", svg)
    final = report.final
    write_text_atomic(folder / f"{names[-1]}.svg",
                      position_svg(variant, final, title=f"{report.record.id} {final.phase}", subtitle="the final board"))
