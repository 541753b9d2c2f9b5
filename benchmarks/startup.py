"""Start-up benchmark: the shortest things a user runs, each a whole process, beside the peer.

    python -m benchmarks.startup [--runs 10] [--game PATH] [--against CHECKOUT] [--smoke] [--out FILE]

Issue 23's start-up targets: ``dipsat replay`` of one archived game under 0.15 s, ``dipsat
adjudicate`` of one DATC case under 0.1 s (wall, whole process, quiet machine). The commands are
run in turns (one run of each, then the next round), so that a change of the machine's load
falls on all of them alike; each is timed from outside as in :mod:`benchmarks.wholeprocess`
(wall clock, CPU of the process and its children, peak memory). A replay gets a fresh ``--out``
every run (a resumed run does nothing).

The rows: the interpreter alone (``python -c pass``: the floor under every row); ``dipsat
adjudicate`` of a file holding one case (6.A.1, written from ``datacases/datc_6A_basic.txt``) and
of that whole file (12 cases); ``dipsat rules datc`` (a command that adjudicates nothing);
``dipsat replay`` of one archived Droidippy game (``--game``); and, where the peer is installed
(``diplomacy`` 1.1.2, the ``bench`` extra), side by side: one phase adjudicated by each (the
peer: import, a new standard game, one order, ``process()``; dipsat: the one-case file) and
one saved random game replayed by each (``dipsat replay GAME.jsonl --rules mila`` against
``python -m benchmarks.peer_replay GAME.jsonl``). Ratios are peer / dipsat, on medians of the
same run. ``--against CHECKOUT`` (another checkout of dipsat, main's for one) runs every dipsat
row a second time with that checkout's code, in the same turns and with the same interpreter and
libraries (each side's packages through a ``PYTHONPATH`` of links, so both pay the same look-ups),
and gives the ratios CHECKOUT / this: a change's before and after, measured in the same minute.
``--smoke`` (CI) runs everything once: it checks that the benchmark works and claims no timing.
Output: a table on the terminal and JSON (``--out``).
"""
from __future__ import annotations

import argparse
import compileall
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

from benchmarks.wholeprocess import (
    ARCHIVE, ROOT, Run, _bin, _has_peer, compile_bytecode, dipsat_replay, measure, peer_replay, play_games,
    summarise, table,
)

GAME = ARCHIVE / "game_1030.txt"
"""The archived game of issue 23's start-up target (89 phases)."""
CASE_FILE = ROOT / "datacases" / "datc_6A_basic.txt"
CASE_ID = "6.A.1"
OUT = ROOT / "benchmarks" / "out" / "startup.json"
PEER_ONE_PHASE = ("from diplomacy import Game\n"
                  "game = Game()\n"
                  "game.set_orders('ENGLAND', ['F NTH - PIC'])\n"
                  "game.process()\n")
"""The peer's one phase: 6.A.1's order (illegal: the fleet holds) on the standard board."""


def one_case_file(source: Path, case_id: str, target: Path) -> Path:
    """Write the case ``case_id`` of the case file ``source`` alone into ``target``."""
    lines = source.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"CASE {case_id}")
    end = lines.index("END", start)
    target.write_text("\n".join(lines[start:end + 1]) + "\n", encoding="utf-8")
    return target


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Read the command line."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.startup", description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=10, help="runs of each command (default 10)")
    p.add_argument("--game", type=Path, default=GAME, help=f"archived game to replay (default {GAME.name})")
    p.add_argument("--seed", type=int, default=7, help="seed of the peer's random game (default 7)")
    p.add_argument("--against", type=Path, metavar="CHECKOUT",
                   help="another checkout of dipsat (main's): its code runs every dipsat row too; ratios CHECKOUT / this")
    p.add_argument("--smoke", action="store_true", help="one run of everything (CI; no timing claim)")
    p.add_argument("--out", type=Path, default=OUT, help=f"JSON report (default {OUT.relative_to(ROOT)})")
    args = p.parse_args(argv)
    if args.smoke:
        args.runs = 1
    return args


PACKAGE_FOLDERS = ("cli", "model", "solver", "variants", "datacases", "replay", "render", "serve", "discover")
"""The folders of dipsat's packages (``pyproject.toml``'s package-dir): ``dipsat.cli`` is ``cli/``."""
AGAINST = " [against]"


def link_tree(checkout: Path, target: Path) -> Path:
    """A folder for ``PYTHONPATH`` in which ``dipsat.X`` is ``checkout``'s ``X/`` (links); its
    bytecode written first (the other side's was, by :func:`compile_bytecode`)."""
    for folder in PACKAGE_FOLDERS:
        if (checkout / folder).is_dir():
            compileall.compile_dir(checkout / folder, quiet=2)
            (target / "dipsat").mkdir(parents=True, exist_ok=True)
            (target / "dipsat" / folder).symlink_to((checkout / folder).resolve(), target_is_directory=True)
    return target


def measure_with(argv: list[str], python_path: str | None) -> Run:
    """:func:`measure` with ``PYTHONPATH`` set to ``python_path`` for the process (if given)."""
    if python_path is None:
        return measure(argv)
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = python_path
    try:
        return measure(argv)
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before


def main(argv: list[str] | None = None) -> int:
    """Run the commands in turns; print the table and the ratios; write the JSON report."""
    args = parse_args(argv)
    say = lambda *a: print(*a, flush=True)  # noqa: E731
    compile_bytecode()
    peer = _has_peer()
    report: dict[str, Any] = {"cpus": os.cpu_count(), "load_before": os.getloadavg(), "runs": args.runs}
    with tempfile.TemporaryDirectory(prefix="dipsat-startup-") as tmp_text:
        tmp = Path(tmp_text)
        case = one_case_file(CASE_FILE, CASE_ID, tmp / "one_case.txt")
        counter = [0]

        def fresh() -> Path:
            counter[0] += 1
            return tmp / f"out{counter[0]}"

        commands: dict[str, Callable[[], list[str]]] = {
            "python -c pass (the interpreter alone)": lambda: [sys.executable, "-c", "pass"],
            f"dipsat adjudicate, one case ({CASE_ID}; target under 0.1 s)": lambda: [_bin("dipsat"), "adjudicate", str(case)],
            f"dipsat adjudicate {CASE_FILE.name} (12 cases)": lambda: [_bin("dipsat"), "adjudicate", str(CASE_FILE)],
            "dipsat rules datc (no adjudication)": lambda: [_bin("dipsat"), "rules", "datc"],
        }
        if args.game.is_file():
            commands[f"dipsat replay {args.game.name} --workers 1 (target under 0.15 s)"] = \
                lambda: dipsat_replay([str(args.game)], "droidippy", fresh())
        if peer:
            saved = tmp / "game.jsonl"
            phases = play_games(saved, 1, args.seed, 1905)
            report["peer_game_phases"] = phases
            commands["peer: one phase (import, new game, one order, process)"] = \
                lambda: [sys.executable, "-c", PEER_ONE_PHASE]
            commands[f"dipsat replay of one random game ({phases} phases) --rules mila"] = \
                lambda: dipsat_replay([str(saved)], "mila", fresh())
            commands["peer: replay of the same game (benchmarks.peer_replay)"] = lambda: peer_replay(saved)
        else:
            say("peer engine NOT INSTALLED (`diplomacy`, the bench extra): the peer's rows are left out")
        paths: dict[str, str | None] = dict.fromkeys(commands)
        if args.against is not None:
            this = str(link_tree(ROOT, tmp / "this"))
            other = str(link_tree(args.against, tmp / "against"))
            report["against"] = str(args.against.resolve())
            for name in [n for n in commands if n.startswith("dipsat ")]:
                paths[name] = this
                commands[name + AGAINST] = commands[name]
                paths[name + AGAINST] = other
        runs: dict[str, list[Run]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                runs[name].append(measure_with(command(), paths[name]))
    rows = [summarise(name, found) for name, found in runs.items()]
    report["rows"] = rows
    report["load_after"] = os.getloadavg()
    medians = {r["name"]: r for r in rows}

    def ratio(peer_row: str, dipsat_row: str) -> dict[str, float] | None:
        if peer_row not in medians or dipsat_row not in medians:
            return None
        return {k: medians[peer_row][k]["median"] / medians[dipsat_row][k]["median"] for k in ("wall", "cpu")}

    names = [n for n in commands if not n.endswith(AGAINST)]
    if args.against is not None:
        report["against_ratios"] = {n: ratio(n + AGAINST, n) for n in names if n + AGAINST in medians}
    if peer:
        report["ratio_one_phase"] = ratio(names[-3], names[1])
        report["ratio_one_game"] = ratio(names[-1], names[-2])
    say("")
    say(table(rows))
    for key, what in (("ratio_one_phase", "one phase (peer's import + game + process, dipsat's one-case file)"),
                      ("ratio_one_game", "one saved random game replayed")):
        if report.get(key):
            say(f"peer / dipsat, {what}: wall {report[key]['wall']:.2f}x, CPU {report[key]['cpu']:.2f}x")
    for name, found in report.get("against_ratios", {}).items():
        say(f"{args.against} / this, {name}: wall {found['wall']:.2f}x, CPU {found['cpu']:.2f}x")
    say(f"load average {report['load_before'][0]:.2f} before, {report['load_after'][0]:.2f} after; "
        f"{report['cpus']} CPUs (wall times are the load's: compare the CPU column on a busy machine)")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1), encoding="utf-8")
    say(f"JSON: {args.out}")
    broken = [r["name"] for r in rows if any(s not in (0, 1) for s in r["statuses"])]
    if broken:
        say("some runs did not finish normally: " + ", ".join(broken))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
