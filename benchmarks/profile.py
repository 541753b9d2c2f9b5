"""Where dipsat's time goes on movement phases: cProfile, grouped by stage and by module."""
from __future__ import annotations

import cProfile
import io
import pstats
from collections import defaultdict
from pathlib import Path
from typing import Any

STAGES = (
    ("parse orders", "model/notation.py"),
    ("facts (legality)", "solver/legality.py"),
    ("convoy routes", "solver/convoy_routes.py"),
    ("rule modules", "solver/rules/"),
    ("phase model container", "solver/phase_model.py"),
    ("constraint model (build, propagate)", "solver/constraints.py"),
    ("adjudicate / variant glue", "solver/adjudicate.py"),
    ("retreats, adjustments, phases", "solver/phases.py"),
    ("benchmark harness", "benchmarks/"),
    ("ortools python layer", "ortools/"),
    ("networkx", "networkx/"),
    ("explanations", "solver/explain.py"),
    ("paradox / solve driver", "solver/paradox.py"),
    ("movement (next position)", "solver/movement.py"),
    ("value types", "model/types.py"),
)


def profile_movement(phases: list[Any], rules: str, out: Path, limit: int = 30) -> str:
    """Profile dipsat end to end on the movement phases; write and return the report."""
    from benchmarks.engines import DipsatRunner

    runner = DipsatRunner(rules)
    moves = [ph for ph in phases if ph.kind == "movement"]
    positions = [runner.position(ph) for ph in moves]
    for ph, pos in list(zip(moves, positions))[:5]:
        runner.run(ph, pos, board=False)
    prof = cProfile.Profile()
    prof.enable()
    for ph, pos in zip(moves, positions):
        runner.run(ph, pos, board=False)
    prof.disable()
    stats = pstats.Stats(prof)
    total = stats.total_tt  # type: ignore[attr-defined]
    own: dict[str, float] = defaultdict(float)
    table = stats.stats  # type: ignore[attr-defined]

    def stage_of(func: tuple[str, int, str]) -> str | None:
        file = func[0].replace("\\", "/")
        return next((s for s, marker in STAGES if marker in file), None)

    for func, (_cc, _nc, tt, _ct, callers) in table.items():
        stage = stage_of(func)
        if stage is None and func[0] == "~" and "cp_model_helper" in func[2] and "solve" in func[2]:
            stage = "CP-SAT search (C++)"
        if stage is None and callers:
            # a builtin or library call: its own time goes to the stages of its callers
            share = sum(c[2] for c in callers.values()) or 1.0
            for caller, c in callers.items():
                own[stage_of(caller) or "other (library code)"] += tt * c[2] / share
            continue
        own[stage or "other (library code)"] += tt
    lines = [f"cProfile of dipsat on {len(moves)} movement phases, {total:.2f} s in all "
             f"({1e3 * total / max(len(moves), 1):.2f} ms per phase under the profiler)",
             "", "Own time by stage:"]
    for stage, t in sorted(own.items(), key=lambda kv: -kv[1]):
        lines.append(f"  {100 * t / total:5.1f}%  {stage}")
    for key in ("cumulative", "tottime"):
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).strip_dirs().sort_stats(key).print_stats(limit)
        lines += ["", f"Top {limit} by {key}:", buf.getvalue()]
    text = "\n".join(lines)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return "\n".join(lines[: 4 + len(own)]) + f"\n  (full report: {out})"
