"""``dipsat replay PATH... [--rules R] [--out DIR] [--workers N] [--dask ADDRESS] [--json]``: check archives."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from dipsat.cli.options import checked_address, checked_rules, positive, solver_argument
from dipsat.cli.errors import EXIT_DIFFER, EXIT_INPUT, EXIT_INTERRUPTED, EXIT_OK, Problem, error_line, unread_problem
from dipsat.model.errors import InputError, OutputError
from dipsat.replay.records import JUDGE_PRESETS

DEFAULT_OUT = "dipsat-replay"

DESCRIPTION = """\
Replay every phase of archived games from its recorded position with its recorded orders, and
compare the result (units, dislodged units, centre owners) with the recorded next position.
Reads Droidippy game histories, saved games of the `diplomacy` package and the webDiplomacy
research datasets (.json, .jsonl, .gz), and case files; PATH may be files or folders.
Writes OUT/phases.parquet (one row per phase), OUT/orders.parquet (one row per order) and
OUT/summary.json. Rerun with the same --out to resume an interrupted run: finished tasks (a
task is one game, one case file, or 16 games of a JSON-lines file) are kept and skipped.
Exit status: 0 all phases agree, 1 some differ, 2 bad arguments or some records could not be read
(every other game is still replayed and written), 130 interrupted."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register the command."""
    p: argparse.ArgumentParser = sub.add_parser("replay", help="replay archived games and check every recorded result",
                       description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="PATH", help="archive file or folder")
    p.add_argument("--rules", type=checked_rules, metavar="PRESET[,OPTION=CHOICE...]",
                   help=f"rule semantics for every game; default: each archive's own judge "
                        f"({', '.join(f'{f.value}: {r}' for f, r in JUDGE_PRESETS.items())}; a saved game that says it was played on webDiplomacy: webdiplomacy; "
                        f"case files: their own)")
    p.add_argument("--out", metavar="DIR", default=DEFAULT_OUT, help=f"output folder (default: {DEFAULT_OUT})")
    p.add_argument("--workers", metavar="N", type=positive, help="local worker processes (default: all cores)")
    p.add_argument("--dask", metavar="ADDRESS", type=checked_address, help="run on the Dask cluster at ADDRESS (tcp://host:port)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    solver_argument(p)
    return p








def run(args: argparse.Namespace) -> int:
    """Run ``dipsat replay``; return the exit status (:mod:`dipsat.cli.errors`).

    Every readable game is replayed and written even when other records cannot be read; those
    are error rows, listed, and make the exit status 2.

    Raises:
        InputError: a path does not exist, the output folder cannot be written or is in use,
            the cluster cannot be reached.
    """
    from dipsat.replay.collector import no_cycle_collection, settle_for_a_long_run
    from dipsat.replay.executors import default_workers, start_pool_server

    workers = args.workers or default_workers()
    if workers > 1 and not args.dask:
        start_pool_server()  # importing in parallel with this process's own imports below
    with no_cycle_collection():  # the imports make no garbage cycles; settling freezes what they made
        from dipsat.replay.cores import import_arrow_lean, use_one_core

        import_arrow_lean()  # a Dask client too: it receives Arrow tables, no numpy arrays
        use_one_core()
        from dipsat.replay.run import RunConfig, run_replay

        settle_for_a_long_run()

    config = RunConfig(paths=tuple(args.paths), out=Path(args.out), rules_text=args.rules,
                       workers=workers, dask=args.dask,
                       progress=not args.json, compact_heap=True)
    try:
        summary = run_replay(config)
    except (FileNotFoundError, ConnectionError) as exc:
        raise InputError(str(exc)) from None
    except OSError as exc:
        raise OutputError(f"cannot write to the output folder: {exc.strerror or exc}", args.out) from None
    except KeyboardInterrupt:
        message = f"interrupted; finished games are kept in {args.out}: rerun the same command to complete the run"
        if args.json:  # for the script; the person who pressed Ctrl-C reads stderr
            print(json.dumps({"error": Problem(None, None, message).json()}, indent=1))
        print(f"\ndipsat: {message}", file=sys.stderr)
        return EXIT_INTERRUPTED
    problem = unread_problem(summary["error_list"], summary["errors"], Path(args.out) / "phases.parquet")
    if args.json:
        print(json.dumps({**({"error": problem.json()} if problem else {}), **summary}, indent=1))
    else:
        print("\n".join(summary_text(summary)))
    if problem is not None:
        if not args.json:
            print(error_line(problem), file=sys.stderr)
        return EXIT_INPUT
    return EXIT_DIFFER if summary["phases_differ"] else EXIT_OK


def summary_text(s: dict[str, Any]) -> list[str]:
    """The summary in a few lines, then every listed difference and error."""
    run = s["run"]
    rate = f", {run['phases_per_second']} phases/s" if run["phases_per_second"] else ""
    agreement = f" (agreement {100 * s['agreement']:.2f}%)" if s["agreement"] is not None else ""
    lines = [
        f"{s['games']} games, {s['phases']} phases; replayed {run['tasks_replayed']} of {run['tasks']} tasks "
        f"({run['tasks_resumed']} already done) in {run['seconds']} s on {run['executor']}{rate}",
        f"rules: {run['rules']}",
        f"agree {s['phases_agree']}, differ {s['phases_differ']}, unchecked {s['phases_unchecked']}, "
        f"errors {s['errors']}{agreement}",
    ]
    for d in s["differences"]:
        lines.append(f"differ {d['file']} {d['game']} {d['phase']}: {d['difference']}"
                     + (f" [{d['note']}]" if d.get("note") else ""))
    for e in s["error_list"]:
        where = f"{e['file']}:{e['line']}" if e.get("line") else e["file"]
        lines.append(f"error  {' '.join(x for x in (where, e['game'], e['phase']) if x)}: {e['error']}")
    out = Path(run["out"])
    lines.append(f"tables: {out / 'phases.parquet'}, {out / 'orders.parquet'}; summary: {out / 'summary.json'}")
    return lines
