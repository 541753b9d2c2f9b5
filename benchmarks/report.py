"""Figures and disagreements: per-phase rows -> pandas tables -> terminal and CSV.

pandas is imported here and nowhere in the packages (its import costs ~0.3 s).
"""
from __future__ import annotations

import math
import os
import platform
from dataclasses import replace
from typing import Any

import pandas as pd

from benchmarks.phases import board_of_spec

COLUMNS = [
    "engine", "source", "phase_type", "phases", "e2e_median_ms", "e2e_p90_ms", "e2e_mean_ms",
    "adj_median_ms", "adj_p90_ms", "orders_median_ms", "facts_median_ms", "build_median_ms",
    "propagate_median_ms", "solve_median_ms", "solve_mean_ms", "cpsat_share", "solves_mean", "ratio_e2e", "ratio_adj", "throughput_1w", "throughput_2w",
    "wall_rate_1w", "wall_rate_2w", "rss_import_mb", "peak_rss_mb", "record_agree", "disagreements", "rules",
    "rules_note", "ortools_version", "peer_version", "num_workers", "cpu_count", "python", "seed",
    "games", "max_year", "repeat", "load_avg",
]
"""The summary CSV's columns, in order (``tests/test_benchmarks.py`` checks them)."""


def cp_sat_workers() -> int | float:
    """The ``num_workers`` dipsat's solver sets (read from its solver factory)."""
    try:
        from dipsat.solver.paradox import _solver
        return int(_solver().parameters.num_workers)
    except Exception:  # noqa: BLE001 - a renamed factory: unknown
        return math.nan


def phase_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """One row per phase and engine: times in ms, dipsat's split, agreement."""
    records = []
    for row in rows:
        ph = row["input"]
        for engine, out in row["outcomes"].items():
            rec = {"engine": engine, "source": ph.source, "game": ph.game, "index": ph.index,
                   "phase": ph.name, "phase_type": ph.kind, "orders": sum(len(t) for t in ph.orders.values()),
                   "units": len(ph.position["units"]), "agree": row.get("agree"), "cause": row.get("cause", ""),
                   "record": row.get("record", {}).get(engine)}
            if isinstance(out, Exception):
                rec["error"] = f"{type(out).__name__}: {out}"
            else:
                split = out.split
                rec.update(e2e_ms=out.e2e * 1e3, adj_ms=out.adjudication * 1e3,
                           orders_ms=(split.get("parse", split.get("set_orders", math.nan))) * 1e3,
                           facts_ms=split.get("facts", math.nan) * 1e3,
                           build_ms=split.get("build", math.nan) * 1e3,
                           solve_ms=split.get("solve", math.nan) * 1e3,
                           propagate_ms=split.get("propagate", math.nan) * 1e3,
                           solves=split.get("solves", math.nan), error=out.error)
            records.append(rec)
    return pd.DataFrame.from_records(records)


def summary(frame: pd.DataFrame, meta: dict[str, Any], rates: dict[tuple[str, int], dict[str, Any]]) -> pd.DataFrame:
    """Aggregate per engine, source (``all`` too) and phase type (``all`` too)."""
    out = []
    ok = frame[frame["e2e_ms"].notna()] if "e2e_ms" in frame else frame.iloc[0:0]
    for source in ["all", *sorted(ok["source"].unique())]:
        part = ok if source == "all" else ok[ok["source"] == source]
        for kind in ["movement", "retreat", "adjustment", "all"]:
            sub = part if kind == "all" else part[part["phase_type"] == kind]
            if sub.empty:
                continue
            medians = sub.groupby("engine")[["e2e_ms", "adj_ms"]].median()
            for engine, g in sub.groupby("engine"):
                rec = {c: math.nan for c in COLUMNS}
                rec.update(engine=engine, source=source, phase_type=kind, phases=len(g),
                           e2e_median_ms=g["e2e_ms"].median(), e2e_p90_ms=g["e2e_ms"].quantile(0.9),
                           e2e_mean_ms=g["e2e_ms"].mean(), adj_median_ms=g["adj_ms"].median(),
                           adj_p90_ms=g["adj_ms"].quantile(0.9), orders_median_ms=g["orders_ms"].median(),
                           disagreements=int((g["agree"] == False).sum()),  # noqa: E712
                           record_agree=g["record"].dropna().astype(bool).mean() if g["record"].notna().any() else math.nan)
                if engine == "dipsat":
                    rec.update(facts_median_ms=g["facts_ms"].median(), build_median_ms=g["build_ms"].median(),
                               propagate_median_ms=g["propagate_ms"].median(),
                               solve_median_ms=g["solve_ms"].median(), solve_mean_ms=g["solve_ms"].mean(),
                               cpsat_share=(g["solves"] > 0).mean(), solves_mean=g["solves"].mean())
                if {"peer", "dipsat"} <= set(medians.index):
                    rec["ratio_e2e"] = medians.loc["peer", "e2e_ms"] / medians.loc["dipsat", "e2e_ms"]
                    rec["ratio_adj"] = medians.loc["peer", "adj_ms"] / medians.loc["dipsat", "adj_ms"]
                if source == "all":
                    for n in (1, 2):
                        r = rates.get((engine, n))
                        if r:
                            rec[f"throughput_{n}w"] = r["rates"].get(kind, math.nan)
                            if kind == "all":
                                rec[f"wall_rate_{n}w"] = r["wall_rate"]
                    one = rates.get((engine, 1))
                    if one:
                        rec["rss_import_mb"], rec["peak_rss_mb"] = one["rss_ready_mb"], one["rss_peak_mb"]
                rec.update(meta)
                out.append(rec)
    return pd.DataFrame.from_records(out, columns=COLUMNS)


def meta_columns(args: Any, rules_used: str, rules_note: str, peer_version: str | None) -> dict[str, Any]:
    """The constant columns of the CSV: versions, machine, settings."""
    from importlib.metadata import version
    return {"rules": rules_used, "rules_note": rules_note, "ortools_version": version("ortools"),
            "peer_version": peer_version or "not installed", "num_workers": cp_sat_workers(),
            "cpu_count": os.cpu_count(), "python": platform.python_version(), "seed": args.seed,
            "games": args.games, "max_year": args.max_year, "repeat": args.repeat}


def table(summary_df: pd.DataFrame, source: str = "all") -> str:
    """The terminal table for one source."""
    df = summary_df[summary_df["source"] == source]
    cols = {"engine": "engine", "phase_type": "phase", "phases": "n", "e2e_median_ms": "e2e med",
            "e2e_p90_ms": "e2e p90", "adj_median_ms": "adj med", "adj_p90_ms": "adj p90",
            "ratio_e2e": "ratio e2e", "ratio_adj": "ratio adj", "build_median_ms": "build",
            "propagate_median_ms": "prop", "solve_mean_ms": "sat mean", "cpsat_share": "sat %", "throughput_1w": "ph/s 1w", "throughput_2w": "ph/s 2w",
            "rss_import_mb": "MB import", "peak_rss_mb": "MB peak"}
    shown = df[list(cols)].rename(columns=cols)
    return shown.to_string(index=False, float_format=lambda x: f"{x:.2f}", na_rep="-")


def agreement(row: dict[str, Any]) -> None:
    """Fill ``agree``, the boards' differences and the record's verdict into a phase row."""
    ph, out = row["input"], row["outcomes"]
    d, p = out.get("dipsat"), out.get("peer")
    record_check(row)
    row["agree"] = None
    if d is None or isinstance(d, Exception) or p is None or isinstance(p, Exception):
        if isinstance(p, Exception) or isinstance(d, Exception):
            row["agree"] = False
            row["diff"] = [f"{name} raised {type(o).__name__}: {o}" for name, o in out.items() if isinstance(o, Exception)]
        return
    diff = d.board.diff(p.board)
    row["agree"] = not diff
    row["diff"] = diff
    if diff and ph.expected is not None:
        dr, pr = row["record"]["dipsat"], row["record"]["peer"]
        row["verdict"] = {(True, False): "dipsat matches the record", (False, True): "peer matches the record",
                          (True, True): "both match the record", (False, False): "neither matches the record"}[(dr, pr)]


def record_check(row: dict[str, Any]) -> None:
    """Set ``row["record"]``: per engine, whether its board is the one the source records."""
    ph = row["input"]
    if ph.expected is None:
        return
    record = board_of_spec(ph.expected)
    row["record"] = {}
    for name, out in row["outcomes"].items():
        if isinstance(out, Exception) or out.board is None:
            continue
        board = out.board
        if not record.centres:  # a DATC board without centres: compare units and dislodged units
            board = replace(board, centres=frozenset())
        row["record"][name] = not board.diff(record)


def targets(summary_df: pd.DataFrame) -> list[str]:
    """Issue #5's targets, met or not, read from the ``all`` rows."""
    df = summary_df[(summary_df["source"] == "all") & (summary_df["engine"] == "dipsat")].set_index("phase_type")
    if df["ratio_e2e"].isna().all():
        return []
    checks = [("movement", "ratio_e2e", 2.0, "movement end to end at most half the peer's (ratio >= 2.0)"),
              ("movement", "ratio_adj", 1.0, "movement adjudication faster than the peer's process() (ratio > 1)"),
              ("retreat", "ratio_e2e", 1.0, "retreats no slower than the peer (ratio >= 1)"),
              ("adjustment", "ratio_e2e", 1.0, "adjustments no slower than the peer (ratio >= 1)")]
    lines = []
    for kind, col, bound, words in checks:
        if kind in df.index and not math.isnan(df.loc[kind, col]):
            value = df.loc[kind, col]
            met = value > bound if col == "ratio_adj" else value >= bound
            lines.append(f"  {'met    ' if met else 'NOT MET'}  {words}: {value:.2f}")
    return lines
