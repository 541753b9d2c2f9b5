"""Printing case reports: terminal text and the JSON document of ``--json``."""
from __future__ import annotations

from typing import Any, Iterable

from dipsat.cli.runner import CaseReport
from dipsat.model.reasons import why_json
from dipsat.solver.explain import decision_chain, decision_of
from dipsat.solver.paradox import Paradox
from dipsat.solver.resolution import Resolution


def cycle_orders(p: Paradox) -> list[str]:
    """The orders of a cycle: the order named by each of its decisions (``dislodged[p]``: the
    unit in p), in short notation."""
    found = []
    for name in p.decisions:
        inside = name[name.index("[") + 1:-1]
        if name.startswith("dislodged["):
            continue
        if inside not in found:
            found.append(inside)
    return found


def paradox_json(p: Paradox) -> dict[str, Any]:
    """A cycle of the decision graph as JSON: its orders, decisions, resolutions and backup rule."""
    return {"orders": cycle_orders(p), "decisions": list(p.decisions),
            "resolutions": p.resolutions if p.resolutions < 2 else "2+",
            "rule": p.rule or None, "fixed": {name: value for name, value in p.fixed}}


def chains_json(res: Resolution) -> dict[str, list[dict[str, Any]]]:
    """Order -> the chain of decisions that fixed its result (movement phases)."""
    if res.model is None:
        return {}
    found = {}
    for r in res.results + res.generated:
        name = decision_of(res.model, r.order)
        if name is not None:
            found[str(r.order)] = [{"depth": d, "decision": n, "value": v, "fixed_by": how}
                                   for d, n, v, how in decision_chain(res.model, res.values, name)]
    return found


def case_json(r: CaseReport, explain: bool = False) -> dict[str, Any]:
    """One case report as JSON (with ``explain``, each order's chain of decisions)."""
    return {
        "id": r.id, "title": r.title, "rules": r.rules, "passed": r.passed,
        "has_expectations": r.has_expectations,
        "deviation": r.deviation,
        "orders": [{"order": c.order, "expected": c.expected, "actual": c.actual, "reason": c.reason,
                    "why": why_json(c.why) if c.why is not None else None}
                   for c in r.orders],
        "differences": list(r.differences),
        "phases": [{"phase": str(res.before.phase), "rules": res.rules,
                    "resolutions": res.resolutions if res.resolutions < 2 else "2+",
                    "cycles": [paradox_json(p) for p in (res.values.cycles if res.values else ())],
                    "paradoxes": [paradox_json(p) for p in res.paradoxes],
                    **({"chains": chains_json(res)} if explain else {})} for res in r.resolutions],
    }


def summary(reports: Iterable[CaseReport]) -> dict[str, int]:
    """Counts: cases, passed, failed (of those with expectations), known deviations among failed."""
    reports = list(reports)
    checked = [r for r in reports if r.has_expectations]
    failed = [r for r in checked if not r.passed]
    return {"cases": len(reports), "passed": len(checked) - len(failed), "failed": len(failed),
            "known_deviations": sum(1 for r in failed if r.deviation),
            "without_expectations": len(reports) - len(checked)}


def case_text(r: CaseReport, explain: bool = False) -> list[str]:
    """One case report as terminal lines."""
    status = "pass" if r.passed else ("DEVIATION" if r.deviation else "FAIL")
    if not r.has_expectations:
        status = "(no expectations)"
    lines = [f"{r.id}  {r.title}  [{status}]  rules: {r.rules}"]
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
        for p in (res.values.cycles if res.values and explain else res.paradoxes):
            settled = f"settled by the {p.rule} rule" if p.rule else "one resolution, no backup rule"
            lines.append(f"  cycle of {', '.join(cycle_orders(p))}: {settled}")
            if p.fixed:
                lines.append(f"    fixed: {', '.join(f'{n} = {v}' for n, v in p.fixed)}")
        if explain:
            for order, chain in chains_json(res).items():
                lines.append(f"  why {order}:")
                lines += [f"    {'  ' * c['depth']}{c['decision']} = {c['value']} ({c['fixed_by']})" for c in chain]
    if r.deviation and not r.passed:
        lines.append(f"  known deviation: {r.deviation}")
    return lines
