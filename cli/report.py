"""Printing case reports: terminal text and the JSON document of ``--json``."""
from __future__ import annotations

from typing import Any, Iterable

from dipsat.cli.deviations import DEVIATIONS
from dipsat.cli.runner import CaseReport
from dipsat.solver.paradox import Paradox


def paradox_json(p: Paradox) -> dict[str, Any]:
    """A paradox as JSON."""
    return {"cycle": list(p.decisions), "resolutions": p.resolutions if p.resolutions < 2 else "2+",
            "rule": p.rule, "fixed": {name: value for name, value in p.fixed}}


def case_json(r: CaseReport) -> dict[str, Any]:
    """One case report as JSON."""
    return {
        "id": r.id, "title": r.title, "rules": r.rules, "passed": r.passed,
        "has_expectations": r.has_expectations,
        "deviation": DEVIATIONS.get(r.id),
        "orders": [{"order": c.order, "expected": c.expected, "actual": c.actual, "reason": c.reason}
                   for c in r.orders],
        "differences": list(r.differences),
        "phases": [{"phase": str(res.before.phase), "resolutions": res.resolutions if res.resolutions < 2 else "2+",
                    "paradoxes": [paradox_json(p) for p in res.paradoxes]} for res in r.resolutions],
    }


def summary(reports: Iterable[CaseReport]) -> dict[str, int]:
    """Counts: cases, passed, failed (of those with expectations), known deviations among failed."""
    reports = list(reports)
    checked = [r for r in reports if r.has_expectations]
    failed = [r for r in checked if not r.passed]
    return {"cases": len(reports), "passed": len(checked) - len(failed), "failed": len(failed),
            "known_deviations": sum(1 for r in failed if r.id in DEVIATIONS),
            "without_expectations": len(reports) - len(checked)}


def case_text(r: CaseReport, explain: bool = False) -> list[str]:
    """One case report as terminal lines."""
    status = "pass" if r.passed else ("DEVIATION" if r.id in DEVIATIONS else "FAIL")
    if not r.has_expectations:
        status = "(no expectations)"
    lines = [f"{r.id}  {r.title}  [{status}]"]
    width = max((len(c.order) for c in r.orders), default=0)
    for c in r.orders:
        mark = "  " if c.passed else "XX"
        expected = f"expected {c.expected:<18} " if c.expected is not None else ""
        lines.append(f"  {mark} {c.order:<{width}}  {expected}{c.actual:<18} {c.reason}")
    for d in r.differences:
        if not d.split(":")[0] in {c.order for c in r.orders}:
            lines.append(f"  XX {d}")
    for res in r.resolutions:
        if explain or res.paradoxes:
            count = {0: "no", 1: "one", 2: "two or more"}[min(res.resolutions, 2)]
            lines.append(f"  {res.before.phase}: {count} consistent resolution(s) of the equations")
        for p in res.paradoxes:
            lines.append(f"  paradox settled by the {p.rule} rule; cycle: {', '.join(p.decisions)}")
            lines.append(f"    fixed: {', '.join(f'{n} = {v}' for n, v in p.fixed)}")
    if r.id in DEVIATIONS and not r.passed:
        lines.append(f"  known deviation: {DEVIATIONS[r.id]}")
    return lines
