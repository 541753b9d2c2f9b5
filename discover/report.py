"""What a search found, in words (the terminal), as JSON, and as a folder (``--out``).

The folder holds ``findings.txt`` (every finding as dipsat case files: ``dipsat adjudicate
OUT/findings.txt`` passes), ``summary.json`` (the JSON document), ``report.md`` (the findings by
shape, each with its pictures and case text), ``pictures/ID-board[-b].svg`` (the board with its
orders and results under each side) and ``pictures/ID-graph[-b].svg`` (the decision graph of the
movement phase), and ``timing.json`` (seconds and rates: the one file that differs from run to
run; everything else is the same for the same seed and tries).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from dipsat.discover import shape
from dipsat.discover.search import CHUNK, Finding, Outcome
from dipsat.model.files import remove_stale, write_text_atomic

OUT_FILES = ("findings.txt", "summary.json", "report.md", "timing.json")


def describe_search(outcome: Outcome) -> dict[str, Any]:
    """The search's parameters."""
    s = outcome.search
    what: dict[str, Any] = ({"compare": [_side(s.a), _side(s.b)]} if s.b is not None else {"paradox": _side(s.a)})
    return {**what, "phase": s.mode if s.b is not None else "movement", "units": s.units, "seed": s.seed,
            "tries": outcome.tries, "chunk": CHUNK, "name": s.name}


def _side(side: Any) -> dict[str, str]:
    return {"variant": side.variant, "rules": side.rules}


def _ids(f: Finding) -> list[str]:
    return [line[5:].strip() for line in f.text.splitlines() if line.startswith("CASE ")]


def finding_json(f: Finding, datc: dict[str, Any]) -> dict[str, Any]:
    """One finding as JSON."""
    return {"ids": _ids(f), "try": f.try_index, "shape": f.shape, "key": f.key, "differs": f.label,
            "units_before": f.units_before, "units": f.units_after, "shrink_checks": f.checks,
            "datc_same_shape": datc.get("same", []), "datc_containing": datc.get("within", []),
            "case": f.text}


def datc_relations(f: Finding, variant: str) -> dict[str, list[str]]:
    """The DATC cases of the same shape as the finding, and the smallest that hold its shape."""
    if variant.split(",")[0] != "standard":
        return {}
    from dipsat.model.cases import read_cases
    from dipsat.model.gamemap import load_map
    from dipsat.variants import read_order

    case = read_cases(f.text, "<finding>", order_reader=read_order)[0]
    g = shape.structure(case, load_map("dipsat.variants.classical"))
    return {"same": shape.matches(g), "within": shape.contained_in(g)}


def document(outcome: Outcome) -> dict[str, Any]:
    """The JSON document of a search (no timings: the same for the same seed and tries)."""
    relations = [datc_relations(f, outcome.search.a.variant) for f in outcome.findings]
    shapes = Counter(f.shape for f in outcome.findings)
    return {"search": describe_search(outcome), "tries": outcome.tries, "kept_before_shrinking": outcome.hits,
            "unplayable": outcome.unplayable, "findings_count": len(outcome.findings),
            "shapes": dict(sorted(shapes.items(), key=lambda kv: (-kv[1], kv[0]))),
            "interrupted": outcome.interrupted,
            "adjudicator_errors": dict(sorted(outcome.crashes.items())),
            "findings": [finding_json(f, r) for f, r in zip(outcome.findings, relations)]}


def timing(outcome: Outcome) -> dict[str, Any]:
    """Seconds and rates of the run."""
    minutes = outcome.cpu_seconds / 60
    return {"wall_seconds": round(outcome.wall_seconds, 2), "cpu_seconds": round(outcome.cpu_seconds, 2),
            "workers": outcome.workers, "tries_per_cpu_second": round(outcome.tries / outcome.cpu_seconds, 1)
            if outcome.cpu_seconds else None,
            "findings_per_cpu_minute": round(len(outcome.findings) / minutes, 2) if minutes else None}


def text(doc: dict[str, Any]) -> list[str]:
    """The document in a few lines per finding."""
    s = doc["search"]
    what = (f"{_side_text(s['compare'][0])} against {_side_text(s['compare'][1])}" if "compare" in s
            else f"paradoxes under {_side_text(s['paradox'])}")
    lines = [f"discover: {what}; {doc['tries']} tries (seed {s['seed']}, up to {s['units']} units, {s['phase']}): "
             f"{doc['kept_before_shrinking']} kept, {doc['findings_count']} distinct findings"
             + (" (interrupted)" if doc["interrupted"] else "")]
    for name, count in doc["shapes"].items():
        lines.append(f"  {count} x {name}")
    for what, count in doc["adjudicator_errors"].items():
        lines.append(f"  the adjudicator raised on {count} situation(s): {what}")
    for f in doc["findings"]:
        same = f" same shape as DATC {', '.join(f['datc_same_shape'])}" if f["datc_same_shape"] else ""
        within = f" within DATC {', '.join(f['datc_containing'])}" if f["datc_containing"] and not same else ""
        lines.append(f"\n{' + '.join(f['ids'])}: {f['differs']} [{f['shape']}; shrunk from {f['units_before']} units]"
                     f"{same}{within}")
        lines.append(f["case"].rstrip())
    return lines


def _side_text(side: dict[str, str]) -> str:
    return side["rules"] if side["variant"] == "standard" else f"{side['variant']} / {side['rules']}"


def write_folder(out: Path, outcome: Outcome, doc: dict[str, Any]) -> None:
    """Write the folder: case files, summary, report with pictures, timing.

    Raises:
        OutputError: a file cannot be written.
    """
    remove_stale(*(out / name for name in OUT_FILES))
    write_text_atomic(out / "findings.txt", "\n".join(f.text for f in outcome.findings))
    write_text_atomic(out / "summary.json", json.dumps(doc, indent=1) + "\n")
    pictures = _pictures(out, outcome)
    write_text_atomic(out / "report.md", _markdown(doc, pictures))
    write_text_atomic(out / "timing.json", json.dumps(timing(outcome), indent=1) + "\n")


def _pictures(out: Path, outcome: Outcome) -> dict[str, list[str]]:
    """Board and decision-graph pictures of each finding's first phase, under each side."""
    from dipsat.cli.runner import run_case
    from dipsat.model.cases import read_cases
    from dipsat.render.graph import decision_graph_svg
    from dipsat.render.pictures import cycle_orders, position_svg
    from dipsat.variants import find_variant, read_order

    found: dict[str, list[str]] = {}
    for f in outcome.findings:
        names: list[str] = []
        cases = read_cases(f.text, "<finding>", order_reader=read_order)
        sides = [(c, None) for c in cases]
        if len(cases) == 1 and outcome.search.b is not None:
            sides.append((cases[0], outcome.search.b.rules))
        for n, (case, rules) in enumerate(sides):
            report = run_case(case, rules)
            res = report.resolutions[0]
            suffix = "" if n == 0 else "-b"
            base = f"{case.id if len(cases) == 1 else _ids(f)[0]}"
            variant = find_variant(case.variant)
            board = f"pictures/{base}-board{suffix}.svg"
            write_text_atomic(out / board, position_svg(variant, res.before, res.results + res.generated,
                                                        title=f"{case.id} {res.before.phase}",
                                                        subtitle=f"rules {report.rules}", cycle=cycle_orders(res)))
            names.append(board)
            if res.model is not None:
                graph = f"pictures/{base}-graph{suffix}.svg"
                write_text_atomic(out / graph, decision_graph_svg(res, f"{case.id}: rules {report.rules}"))
                names.append(graph)
        found[f.text] = names
    return found


def _markdown(doc: dict[str, Any], pictures: dict[str, list[str]]) -> str:
    lines = ["# dipsat discover report", "", "```", text(doc)[0], "```", "", "## Findings by shape", ""]
    for name, count in doc["shapes"].items():
        lines.append(f"- {count} x {name}")
    for f in doc["findings"]:
        lines += ["", f"## {' + '.join(f['ids'])}", "", f"{f['differs']}", "",
                  f"Shape: {f['shape']}; shrunk from {f['units_before']} to {f['units']} units "
                  f"({f['shrink_checks']} checks). DATC same shape: {', '.join(f['datc_same_shape']) or 'none'}; "
                  f"DATC cases holding it: {', '.join(f['datc_containing']) or 'none'}.", ""]
        lines += [f"![{p}]({p})" for p in pictures.get(f["case"], [])]
        lines += ["", "```", f["case"].rstrip(), "```"]
    return "\n".join(lines) + "\n"
