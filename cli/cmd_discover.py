"""``dipsat discover``: search for minimal situations where two rule sets disagree, or paradoxes."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from dipsat.cli.errors import EXIT_INTERRUPTED, EXIT_OK
from dipsat.model.errors import InputError, OutputError, UsageError
from dipsat.cli.options import checked_address, checked_rules, checked_variant, positive

DESCRIPTION = """\
Generate random situations (boards and orders, biased toward supports, convoys, head-to-head
battles, cycles and sloppily written orders), adjudicate each under two sides (--rules A
--rules B, or --variant A --variant B for a variant's options), keep those resolved differently,
shrink each to a minimal case (delta debugging), keep one per shape, and write each as a case
file with its expected results under both sides. With --paradox, keep the movement phases whose
equations have no consistent resolution or several, under one side.
Output is the same, byte for byte, for the same --seed and --tries on any number of workers
(timings go to stderr and OUT/timing.json). Exit status: 0 done (found or not), 2 bad arguments,
130 interrupted (what was found so far is written)."""

MODES = ("any", "movement", "retreat", "adjustment", "corpus")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register the command."""
    p: argparse.ArgumentParser = sub.add_parser(
        "discover", help="search for minimal cases where two rule sets disagree, or paradoxes",
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rules", action="append", type=checked_rules, metavar="PRESET[,OPTION=CHOICE...]",
                   help="a side's rule set (give two to compare; one with --paradox); default datc")
    p.add_argument("--variant", action="append", type=checked_variant, metavar="NAME[,OPTION=CHOICE...]",
                   help="a side's variant (give two to compare a variant's options); default standard")
    p.add_argument("--paradox", action="store_true",
                   help="keep phases with no consistent resolution or several, instead of disagreements")
    p.add_argument("--phase", choices=MODES, default="any",
                   help="the situations made: a kind of phase (retreat: a movement and its retreats), "
                        "any of them (default), or corpus: the variant's own bundled cases with units and "
                        "orders left out (the way to reach a variant's special orders)")
    p.add_argument("--units", type=_units, default=6, metavar="N", help="at most N units on the board (default 6)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the seed of the search (default 0)")
    limit = p.add_mutually_exclusive_group()
    limit.add_argument("--tries", type=positive, metavar="K", help="try K situations (default 1000)")
    limit.add_argument("--budget", type=_seconds, metavar="SECONDS", help="search for this long (whole chunks of tries)")
    p.add_argument("--name", default="found", type=_name, metavar="PREFIX", help="the prefix of the case ids (default found)")
    p.add_argument("--out", metavar="DIR", help="write findings.txt, summary.json, report.md, pictures/ and timing.json there")
    p.add_argument("--workers", metavar="N", type=positive, help="local worker processes (default: all cores)")
    p.add_argument("--dask", metavar="ADDRESS", type=checked_address, help="run on the Dask cluster at ADDRESS (tcp://host:port)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    return p






def _units(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 2 <= value <= 34:
        raise argparse.ArgumentTypeError(f"must be between 2 and 34: {text!r}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0: {text!r}")
    return value


def _name(text: str) -> str:
    if not text or any(c.isspace() or c in "#[];:" for c in text):
        raise argparse.ArgumentTypeError(f"a case id prefix has no spaces or any of #[];: {text!r}")
    return text


def sides(args: argparse.Namespace) -> tuple[object, object | None]:
    """The side(s) the arguments name.

    Raises:
        UsageError: not two sides to compare (without --paradox), or two with --paradox.
    """
    from dipsat.discover.verdict import Side

    rules = args.rules or ["datc"]
    variants = args.variant or ["standard"]
    if len(rules) > 2 or len(variants) > 2:
        raise UsageError("give --rules and --variant at most twice each (one per side)")
    if args.paradox:
        if len(rules) > 1 or len(variants) > 1:
            raise UsageError("--paradox searches under one side: give --rules and --variant at most once")
        return Side(variants[0], rules[0]), None
    if len(rules) < 2 and len(variants) < 2:
        raise UsageError("give two sides to compare (--rules A --rules B, or --variant A --variant B), or --paradox")
    a = Side(variants[0], rules[0])
    b = Side(variants[-1], rules[-1])
    if a.variant.split(",")[0] != b.variant.split(",")[0]:
        raise UsageError(f"the two sides play different games ({a.variant}, {b.variant}): "
                         "compare options of one variant")
    return a, b


def run(args: argparse.Namespace) -> int:
    """Run the search; print (and write) what it found."""
    from dipsat.discover import report
    from dipsat.discover.search import Search
    from dipsat.discover.search import run as search

    a, b = sides(args)
    if args.out is not None and Path(args.out).exists() and not Path(args.out).is_dir():
        raise OutputError("is not a folder", args.out)
    if args.out is not None:
        from dipsat.model.files import check_writable
        check_writable(Path(args.out) / "summary.json")
    mode = args.phase if not args.paradox else ("corpus" if args.phase == "corpus" else "movement")
    plan = Search(a, b, mode, args.units, args.seed, args.name)  # type: ignore[arg-type]
    tries = args.tries if args.tries or args.budget else 1000
    client = None
    workers = args.workers
    if args.dask:
        from dipsat.replay.executors import connect
        try:
            client = connect(args.dask)
        except ConnectionError as exc:
            raise InputError(str(exc)) from None
    elif workers is None:
        from dipsat.replay.executors import default_workers
        workers = default_workers()
    try:
        outcome = search(plan, tries, args.budget, workers or 1, client, _progress())
    finally:
        if client is not None:
            client.close()
    print("", file=sys.stderr, end="\r" if sys.stderr.isatty() else "")
    doc = report.document(outcome)
    if args.out is not None:
        report.write_folder(Path(args.out), outcome, doc)
    rate = report.timing(outcome)
    print(f"discover: {outcome.tries} tries in {rate['wall_seconds']} s on {rate['workers']} worker(s); "
          f"{rate['findings_per_cpu_minute']} findings per CPU minute", file=sys.stderr)
    if args.json:
        print(json.dumps(doc, indent=1))
    else:
        print("\n".join(report.text(doc)))
    if outcome.interrupted:
        print(f"\ndipsat: interrupted; the findings of the first {outcome.tries} tries are shown"
              + (f" and written to {args.out}" if args.out else ""), file=sys.stderr)
        return EXIT_INTERRUPTED
    return EXIT_OK


def _progress() -> object:
    """Progress on stderr: one rewritten line on a terminal, else a line every 10 seconds."""
    tty = sys.stderr.isatty()
    last = [0.0]

    def show(tries: int, hits: int, findings: int, seconds: float) -> None:
        if not tty and seconds - last[0] < 10:
            return
        last[0] = seconds
        print(f"discover: {tries} tries, {hits} kept, {findings} distinct, {seconds:.0f} s",
              file=sys.stderr, end="\r" if tty else "\n", flush=True)
    return show



