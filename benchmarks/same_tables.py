"""Compare two ``dipsat replay`` output folders row for row: the check that a change to the replay's
speed or memory kept every result.

    python -m benchmarks.same_tables BEFORE_OUT AFTER_OUT [BEFORE_OUT2 AFTER_OUT2 ...]

For each pair: the schemas of ``phases.parquet`` and ``orders.parquet``, every row, cell for cell,
in order, and ``summary.json`` without its ``run`` section (times, executor, output folder) and
with each folder's own path written as ``OUT``. Prints one line per pair and the first
differences; exits 1 if any pair differs.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def _rows(path: Path) -> tuple[Any, list[dict[str, Any]]]:
    import pyarrow.parquet as pq

    table = pq.ParquetFile(path).read()
    return table.schema, table.to_pylist()


def _summary(out: Path) -> dict[str, Any]:
    text = (out / "summary.json").read_text(encoding="utf-8").replace(str(out), "OUT")
    summary = json.loads(text)
    summary.pop("run", None)
    return summary


def differences(before: Path, after: Path, listed: int = 5) -> list[str]:
    """What differs between the tables and summaries of two output folders (empty: the same)."""
    found: list[str] = []
    for name in ("phases.parquet", "orders.parquet"):
        schema_a, rows_a = _rows(before / name)
        schema_b, rows_b = _rows(after / name)
        if schema_a != schema_b:
            found.append(f"{name}: schemas differ:\n{schema_a}\n{schema_b}")
        if len(rows_a) != len(rows_b):
            found.append(f"{name}: {len(rows_a)} rows before, {len(rows_b)} after")
        bad = [i for i, (a, b) in enumerate(zip(rows_a, rows_b)) if a != b]
        found += [f"{name} row {i}: {rows_a[i]} != {rows_b[i]}" for i in bad[:listed]]
        if len(bad) > listed:
            found.append(f"{name}: {len(bad)} rows differ")
    if _summary(before) != _summary(after):
        found.append("summary.json differs (run section left out)")
    return found


def main(argv: list[str] | None = None) -> int:
    """Compare each pair of folders given; 0 if all are the same, 1 otherwise."""
    args = sys.argv[1:] if argv is None else argv
    if not args or len(args) % 2:
        print(__doc__)
        return 2
    same = True
    for before, after in zip(args[::2], args[1::2]):
        found = differences(Path(before), Path(after))
        rows = sum(len(_rows(Path(after) / n)[1]) for n in ("phases.parquet", "orders.parquet"))
        print(f"{before} vs {after}: " + ("the same" if not found else "DIFFERENT") + f" ({rows} rows)")
        for line in found:
            print("  " + line[:2000])
        same = same and not found
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
