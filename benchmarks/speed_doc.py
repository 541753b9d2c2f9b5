"""Refresh the generated tables of ``docs/speed.md`` from the benchmarks' reports.

    python -m benchmarks.speed_doc

``docs/speed.md`` holds two generated sections, each between a ``<!-- generated: NAME -->`` and
an ``<!-- end: NAME -->`` line: ``scaling`` (from ``benchmarks/results/scaling.json``, written by
``python -m benchmarks.scaling``) and ``wholeprocess`` (from ``benchmarks/results/wholeprocess.json``,
written by ``python -m benchmarks.wholeprocess``). Both benchmarks call :func:`refresh` when they
finish; this command does it alone (after copying in a report measured elsewhere, say). The text
outside the markers is left as it is.
"""
from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "speed.md"
RESULTS = ROOT / "benchmarks" / "results"


def _when(report: dict[str, Any], path: Path) -> str:
    return report.get("date") or time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))


def _load(report: dict[str, Any]) -> str:
    before, after = report.get("load_before"), report.get("load_after")
    if not before:
        return "load average not recorded"
    return f"load average {before[0]:.2f} before, {after[0]:.2f} after" if after else f"load average {before[0]:.2f}"


def scaling_section(path: Path = RESULTS / "scaling.json") -> str:
    """The scaling table, the memory targets and the plot, as Markdown."""
    from benchmarks.scaling import flatness_table, table

    report = json.loads(path.read_text(encoding="utf-8"))
    rows = report["rows"]
    command = report.get("command", "python -m benchmarks.scaling")
    took = f", {report['seconds'] / 60:.0f} minutes in all" if "seconds" in report else ""
    return "\n".join([
        f"Measured {_when(report, path)} with `{command}` ({report.get('cpus')} CPUs, {_load(report)}{took}; "
        f"report `benchmarks/results/{path.name}`). Each cell: median (min-max) over its runs; CPU is "
        "every process of the command (main, the local pool's fork server and workers, the Dask "
        "scheduler and workers, whose CPU includes their start-up); peak memory is each process's own.",
        "", table(rows), "", "Memory against the archive's size, process by process (issue 23's targets):", "",
        flatness_table(rows), "",
        f"![wall time and peak memory against games](../benchmarks/results/{path.with_suffix('.svg').name})"])


def wholeprocess_section(path: Path = RESULTS / "wholeprocess.json") -> str:
    """The whole-process benchmark's table and ratios, as Markdown."""
    from benchmarks.wholeprocess import ratio_lines, table

    report = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join([
        f"Measured {_when(report, path)} with `{report.get('command', 'python -m benchmarks.wholeprocess')}` "
        f"({report.get('cpus')} CPUs, {_load(report)}; seed {report.get('seed')}, {report.get('games')} games "
        f"to {report.get('max_year')}; report `benchmarks/results/{path.name}`).", "",
        table(report["rows"]), "", *[f"- {line}" for line in ratio_lines(report)]])


SECTIONS = {"scaling": scaling_section, "wholeprocess": wholeprocess_section}


def refresh(doc: Path = DOC, results: Path = RESULTS) -> str:
    """Rewrite every generated section of ``doc`` whose report exists; return what was done."""
    text = doc.read_text(encoding="utf-8")
    done = []
    for name, make in SECTIONS.items():
        report = results / f"{name}.json"
        pattern = re.compile(rf"(<!-- generated: {name} .*?-->\n)(.*?)(<!-- end: {name} -->)", re.DOTALL)
        if not report.is_file() or not pattern.search(text):
            continue
        body = make(report)
        text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(3), text, count=1)
        done.append(name)
    doc.write_text(text, encoding="utf-8")
    return f"{doc.relative_to(ROOT) if doc.is_relative_to(ROOT) else doc}: {', '.join(done) or 'nothing'}"


def main() -> int:
    print(refresh())
    return 0


if __name__ == "__main__":
    sys.exit(main())
