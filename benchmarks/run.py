"""``python -m benchmarks``: dipsat side by side with the peer engine (MILA's ``diplomacy`` 1.1.2).

One run, identical inputs for both engines: (a) games of random legal orders played with a fixed
seed, (b) the Droidippy archive sample in ``../shared/archives/droidippy`` when present, (c) the
DATC cases of ``datacases/``. For every phase both engines are timed end to end (order text in,
resolution out) and for the adjudication alone, their boards after the phase are compared, and
each disagreement is given a cause (:mod:`benchmarks.causes`). Then throughput with 1 and 2
worker processes and peak memory, one engine per process (:mod:`benchmarks.measure`).

Output: a table per phase type on the terminal, the summary as CSV (``--out``), the per-phase
rows (``--phases-out``), the disagreements in words (``--disagreements``), and with
``--profile`` a cProfile report of dipsat's movement phases (:mod:`benchmarks.profile`).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.phases import PhaseInput

OUT = Path(__file__).resolve().parent / "out"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Read the command line."""
    p = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=51, help="random games to play (default 51)")
    p.add_argument("--seed", type=int, default=2024, help="seed of the random games (default 2024)")
    p.add_argument("--max-year", type=int, default=1925, help="last year of a random game (default 1925)")
    p.add_argument("--max-phases", type=int, default=None, help="phases per random game at most")
    p.add_argument("--archive-games", type=int, default=None, help="archived games to use (default all)")
    p.add_argument("--datc-cases", type=int, default=None, help="DATC cases to use (default all)")
    p.add_argument("--no-random", action="store_true", help="leave out the random games")
    p.add_argument("--no-archive", action="store_true", help="leave out the archive sample")
    p.add_argument("--no-datc", action="store_true", help="leave out the DATC cases")
    p.add_argument("--no-peer", action="store_true", help="benchmark dipsat alone even if the peer is installed")
    p.add_argument("--rules", default="mila", help="dipsat's rules preset (default mila; datc if unknown)")
    p.add_argument("--workers", default="1,2",
                   help="worker counts for the throughput runs, comma-separated; 0 skips them (default 1,2)")
    p.add_argument("--repeat", type=int, default=1,
                   help="timing passes; each phase keeps its fastest run per engine (default 1)")
    p.add_argument("--smoke", action="store_true", help="a few phases of each input, for CI (no timing claim)")
    p.add_argument("--out", type=Path, default=OUT / "bench.csv", help="summary CSV (default benchmarks/out/bench.csv)")
    p.add_argument("--phases-out", type=Path, default=None, help="per-phase CSV (default: beside --out)")
    p.add_argument("--disagreements", type=Path, default=None, help="disagreements in words (default: beside --out)")
    p.add_argument("--profile", action="store_true", help="also profile dipsat's movement phases (cProfile)")
    p.add_argument("--quiet", action="store_true", help="print the tables only")
    args = p.parse_args(argv)
    if args.smoke:
        args.games, args.max_phases = min(args.games, 1), args.max_phases or 8
        args.archive_games, args.datc_cases = args.archive_games or 1, args.datc_cases or 8
    args.workers = [int(w) for w in str(args.workers).split(",") if w.strip() and int(w) > 0]
    stem = args.out.with_suffix("")
    args.phases_out = args.phases_out or Path(f"{stem}.phases.csv")
    args.disagreements = args.disagreements or Path(f"{stem}.disagreements.txt")
    return args


def collect_inputs(args: argparse.Namespace, variant: Any, rules: Any, use_peer: bool,
                   say: Any) -> list[PhaseInput]:
    """Build every phase of the three inputs (untimed)."""
    from benchmarks.randgames import dipsat_random_games, peer_random_games
    from benchmarks.sources import archive_inputs, datc_inputs

    phases: list[PhaseInput] = []
    max_phases = args.max_phases
    if args.smoke:
        max_phases = args.max_phases
    if not args.no_random:
        t0 = time.perf_counter()
        if use_peer:
            found = peer_random_games(args.games, args.seed, args.max_year, variant.map, max_phases)
            who = "played by the peer"
        else:
            found = dipsat_random_games(args.games, args.seed, args.max_year, variant, rules, max_phases)
            who = "played by dipsat (peer absent)"
        phases += found
        say(f"(a) random games: {args.games} games, seed {args.seed}, to {args.max_year}, {who}: "
            f"{len(found)} phases ({time.perf_counter() - t0:.1f} s)")
    if not args.no_archive:
        found, note = archive_inputs(variant, rules, games=args.archive_games,
                                     phases=args.max_phases if args.smoke else None)
        phases += found
        say(f"(b) archive: {len(found)} phases; {note}")
    if not args.no_datc:
        found = datc_inputs(variant, rules, limit=args.datc_cases)
        phases += found
        say(f"(c) DATC cases: {len({p.game for p in found})} cases, {len(found)} phases")
    kinds = Counter(p.kind for p in phases)
    say("    phases by type: " + ", ".join(f"{k} {kinds[k]}" for k in ("movement", "retreat", "adjustment")))
    return phases


def explain_rows(rows: list[dict[str, Any]], variant: Any, rules: Any) -> None:
    """Give every disagreement its cause (and the record's verdict)."""
    from dipsat.model.notation import parse_order
    from benchmarks.causes import explain
    from benchmarks.phases import position_from_spec
    from benchmarks.report import agreement

    for row in rows:
        agreement(row)
        if row["agree"] is not False or "peer" not in row["outcomes"] or isinstance(row["outcomes"]["peer"], Exception):
            continue
        ph = row["input"]
        position = position_from_spec(ph.position, variant.map)
        orders = []
        for power, texts in ph.orders.items():
            for text in texts:
                try:
                    orders.append(parse_order(text, variant.map, power, position, position.phase.kind))
                except ValueError:
                    pass
        try:
            res = variant.adjudicate(position, orders, rules)
            causes = explain(variant, rules, position, orders, res, row["outcomes"]["peer"].board)
        except Exception as exc:  # noqa: BLE001
            causes = [f"explanation failed: {exc}"]
        if causes == ["unexplained"] and row.get("verdict") == "dipsat matches the record":
            causes = ["peer differs from the record"]
        row["cause"] = " + ".join(causes)


def write_disagreements(rows: list[dict[str, Any]], path: Path) -> list[str]:
    """Write every disagreement in words; return the lines."""
    lines = []
    for row in rows:
        if row.get("agree") is not False:
            continue
        ph = row["input"]
        lines.append(f"{ph.key} {ph.name} ({ph.kind}) cause: {row.get('cause', '?')}"
                     + (f"; {row['verdict']}" if row.get("verdict") else ""))
        for d in row.get("diff", []):
            lines.append(f"    {d}")
        for power, texts in ph.orders.items():
            if texts:
                lines.append(f"    orders {power}: {', '.join(texts)}")
        lines.append("    units: " + ", ".join(f"{p} {u}" for p, u in ph.position["units"]))
        if ph.position.get("dislodged"):
            lines.append("    dislodged: " + ", ".join(f"{d[0]} {d[1]} (from {d[2]})" for d in ph.position["dislodged"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; return the exit status (0 unless the run itself broke)."""
    args = parse_args(argv)
    say = (lambda *a: None) if args.quiet else (lambda *a: print(*a, flush=True))
    from dipsat.variants import find_variant
    from benchmarks.engines import DipsatRunner, PeerRunner, peer_version
    from benchmarks.measure import interleaved, throughput

    variant = find_variant("standard")
    dipsat = DipsatRunner(args.rules)
    version = None if args.no_peer else peer_version()
    say(f"dipsat rules: {dipsat.rules_used}" + (f"  ** {dipsat.rules_note}" if dipsat.rules_note else ""))
    if version is None:
        say("peer engine: left out (--no-peer)" if args.no_peer else
            "peer engine: NOT INSTALLED (`diplomacy`, the optional `bench` extra: pip install -e '.[bench]'): "
            "benchmarking dipsat alone")
    else:
        say(f"peer engine: diplomacy {version}")
    phases = collect_inputs(args, variant, dipsat.rules, version is not None, say)
    peer = PeerRunner(variant.map) if version is not None else None

    def progress(i: int, n: int) -> None:
        if not args.quiet and sys.stderr.isatty() and (i % 50 == 0 or i == n):
            print(f"\r  timing {i}/{n}", end="" if i < n else "\n", file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    load = os.getloadavg()[0]
    rows = interleaved(phases, dipsat, peer, progress, args.repeat)
    say(f"interleaved timing: {len(phases)} phases x {args.repeat} in {time.perf_counter() - t0:.1f} s "
        f"(load average {load:.2f} before, {os.getloadavg()[0]:.2f} after, {os.cpu_count()} CPUs)")
    explain_rows(rows, variant, dipsat.rules)

    rates: dict[tuple[str, int], dict[str, Any]] = {}
    if args.workers:
        engines = ["dipsat"] + (["peer"] if version is not None else [])
        with tempfile.TemporaryDirectory() as tmp:
            inputs_file = Path(tmp) / "inputs.json"
            inputs_file.write_text(json.dumps([ph.to_dict() for ph in phases]), encoding="utf-8")
            for engine in engines:
                for n in args.workers:
                    t1 = time.perf_counter()
                    rates[(engine, n)] = throughput(engine, args.rules, str(inputs_file), phases, n)
                    errs = rates[(engine, n)]["errors"]
                    say(f"throughput {engine} with {n} worker(s): {rates[(engine, n)]['rates'].get('all', float('nan')):.0f}"
                        f" phases/s ({time.perf_counter() - t1:.1f} s)" + (f"  ERRORS: {errs}" if errs else ""))

    from benchmarks.report import meta_columns, phase_frame, summary, table, targets

    frame = phase_frame(rows)
    meta = meta_columns(args, dipsat.rules_used, dipsat.rules_note, version)
    meta["load_avg"] = round(load, 2)
    summ = summary(frame, meta, rates)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    summ.to_csv(args.out, index=False)
    frame.to_csv(args.phases_out, index=False)
    lines = write_disagreements(rows, args.disagreements)

    print(f"\nAll sources (ms per phase; ratio = peer / dipsat; ortools {meta['ortools_version']}, "
          f"CP-SAT num_workers {meta['num_workers']}, {meta['cpu_count']} CPUs)")
    print(table(summ, "all"))
    for source in sorted(set(summ["source"]) - {"all"}):
        if not args.quiet:
            print(f"\n{source}:")
            print(table(summ, source))
    goals = targets(summ)
    if goals:
        print("\nTargets (issue #5), on the median ms per phase:")
        print("\n".join(goals))
    causes = Counter(r.get("cause", "?") for r in rows if r.get("agree") is False)
    compared = sum(1 for r in rows if r.get("agree") is not None)
    if version is not None:
        print(f"\nDisagreements: {sum(causes.values())} of {compared} phases compared")
        for cause, n in causes.most_common():
            print(f"  {n:5d}  {cause}")
        if lines and not args.quiet:
            print(f"  (all listed in {args.disagreements})")
    if "record" in frame and frame["record"].notna().any():
        rec = frame[frame["record"].notna()].groupby(["source", "engine"])["record"].agg(
            lambda x: f"{int(x.astype(bool).sum())}/{len(x)}")
        print("\nBoards as the source records them (DATC: the expected board; archive: Droidippy's next "
              "position; random: the peer's own play):")
        for (source, engine), text in rec.items():
            print(f"  {source:8s} {engine:6s} {text}")
    errors = [r for r in frame.get("error", []) if isinstance(r, str) and r]
    if errors:
        print(f"\n{len(errors)} phases raised or had unreadable orders; first: {errors[0]}")
    print(f"\nCSV: {args.out}  (per phase: {args.phases_out})")
    if args.profile:
        from benchmarks.profile import profile_movement
        report = profile_movement(phases, args.rules, args.out.with_suffix(".profile.txt"))
        print("\n" + report)
    return 0
