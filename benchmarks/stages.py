"""Where a replay's time goes, stage by stage, in one process (a diagnosis, not a result).

    python -m benchmarks.stages GAMES [--rules mila] [--repeat 3]

Replays ``GAMES`` (any file or folder ``dipsat replay`` reads) the way ``dipsat replay
--workers 1`` does, task by task, and times each stage with the process's CPU clock: reading
(with the record checks), adjudicating and comparing, the order rows, building the Arrow
tables, and the store (writing the parts and consolidating them). Each stage keeps its best
time over the repeats; the imports are timed once. The whole-process figures a user waits for
come from :mod:`benchmarks.wholeprocess`; this splits them.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

STAGES = ("read", "adjudicate", "order_rows", "tables", "store")


def measure(games: str, rules: str, repeat: int) -> dict[str, float]:
    """Best CPU seconds of each stage over ``repeat`` replays of ``games``; ``imports`` once."""
    start = time.process_time()
    from dipsat.replay.cores import import_arrow_lean, use_one_core
    import_arrow_lean()  # pyarrow as `dipsat replay` loads it (no numpy: the tables convert with pa.array)
    use_one_core()
    from dipsat.replay import readers, replayer
    from dipsat.replay.records import Task
    from dipsat.replay.rows import OrderColumns
    from dipsat.replay.tables import PHASE_SCHEMA, order_table, to_table
    from dipsat.replay.merge import consolidate
    from dipsat.replay.store import PartStore
    from dipsat.replay.work import replay_record
    from dipsat.replay.collector import settle_for_a_long_run
    best = {"imports": time.process_time() - start}
    settle_for_a_long_run()  # the cycle collector tuned as `dipsat replay` tunes it
    tasks = [t for t in readers.find_tasks([games], rules) if isinstance(t, Task)]
    original = replayer.GameReplay._order_rows
    for _ in range(repeat):
        spent = dict.fromkeys(STAGES, 0.0)

        def order_rows(self, rec, res):  # type: ignore[no-untyped-def]
            t = time.process_time()
            original(self, rec, res)
            spent["order_rows"] += time.process_time() - t

        replayer.GameReplay._order_rows = order_rows  # type: ignore[method-assign]
        out = Path(tempfile.mkdtemp(prefix="dipsat-stages-"))
        try:
            with PartStore(out) as store:
                for task in tasks:
                    t0 = time.process_time()
                    records = readers.read_task(task, rules, readers.default_maps)
                    t1 = time.process_time()
                    phases, orders, games = [], OrderColumns(), []
                    for record in records:
                        p, o = replay_record(record, rules)
                        games += [(p[0].file, p[0].game, len(p), len(o))] if p else []
                        phases += p
                        orders.extend(o)
                    t2 = time.process_time()
                    phase_table, orders_table = to_table(phases, PHASE_SCHEMA), order_table(orders)
                    t3 = time.process_time()
                    store.write(task.uid, phase_table, orders_table, games)
                    t4 = time.process_time()
                    spent["read"] += t1 - t0
                    spent["adjudicate"] += t2 - t1
                    spent["tables"] += t3 - t2
                    spent["store"] += t4 - t3
                t = time.process_time()
                consolidate(store, [task.uid for task in tasks])
                spent["store"] += time.process_time() - t
        finally:
            replayer.GameReplay._order_rows = original  # type: ignore[method-assign]
            shutil.rmtree(out, ignore_errors=True)
        spent["adjudicate"] -= spent["order_rows"]
        for k, v in spent.items():
            best[k] = min(best.get(k, v), v)
    return best


def main(argv: list[str] | None = None) -> int:
    """Print the stages' best CPU seconds."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.stages", description=__doc__.split("\n\n")[0])
    p.add_argument("games", help="a file or folder that `dipsat replay` reads")
    p.add_argument("--rules", default="mila", help="rules preset (default mila)")
    p.add_argument("--repeat", type=int, default=3, help="replays; each stage keeps its best (default 3)")
    args = p.parse_args(argv)
    best = measure(args.games, args.rules, args.repeat)
    print(" | ".join(f"{k} {v:.3f} s" for k, v in best.items()), f"| total {sum(best.values()):.3f} s")
    print("pandas imported:", "pandas" in sys.modules)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
