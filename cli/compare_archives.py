"""Compare two rule semantics on archived games: every recorded phase, from its recorded position.

Each phase of each game (Droidippy text, the ``diplomacy`` package's saved games) is
adjudicated twice, under semantics A and B, from the position the archive records; every order
whose result differs, every automatic order that only one of them makes, and every phase whose
board after differs, is counted.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from dipsat.model.notation import format_order
from dipsat.replay.readers import default_maps, find_tasks, read_task
from dipsat.replay.records import GameError, GameRecord, PhaseRecord
from dipsat.solver import Resolution, Rules
from dipsat.variants import find_variant

Row = Callable[..., object]


def compare_archive(shown: str, rules_a: Rules, rules_b: Rules, make_row: Row,
                    counts: dict[str, int], ids: set[str]) -> list[object]:
    """Adjudicate every recorded phase of the archive file ``shown`` under A and B."""
    rows: list[object] = []
    for task in find_tasks([shown], None):
        games = [task] if isinstance(task, GameError) else read_task(task, None, default_maps)
        for game in games:
            if isinstance(game, GameError):
                counts["errors"] = counts.get("errors", 0) + 1
                continue
            counts["cases"] += 1
            differs = False
            for rec in game.phases:
                if not isinstance(rec, PhaseRecord) or rec.position is None or not rec.orders:
                    continue
                found, board = _phase(game, rec, rules_a, rules_b, make_row, shown)
                rows += found
                differs |= count_phase(counts, len(rec.orders), found, board)
            counts["cases_differ"] += differs
            if differs:
                ids.add(f"{Path(shown).name}:{game.game}")
    return rows


def _phase(game: GameRecord, rec: PhaseRecord, rules_a: Rules, rules_b: Rules, make_row: Row,
           shown: str) -> tuple[list[object], bool]:
    variant = find_variant(game.variant)
    orders = [o.order for o in rec.orders if o.order is not None]
    position = rec.position.with_phase(rec.phase) if rec.position is not None else None
    assert position is not None
    a = variant.adjudicate(position, orders, rules_a, advance=False)
    b = variant.adjudicate(position, orders, rules_b, advance=False)
    texts = [format_order(r.order, variant.map, "short") for r in a.results]
    return phase_differences(shown, game.game, rec.label, texts, a, b, make_row)


def count_phase(counts: dict[str, int], orders: int, rows: list[object], board_differs: bool) -> bool:
    """Add one compared phase to ``counts``; return whether it differs."""
    counts["phases"] += 1
    counts["orders"] += orders
    counts["orders_differ"] += len(rows)
    differs = bool(rows) or board_differs
    counts["phases_differ"] += differs
    return differs


def phase_differences(source: str, case: str, phase: str, texts: list[str], a: Resolution, b: Resolution,
                      make_row: Row) -> tuple[list[object], bool]:
    """The rows of one phase resolved under A and under B, and whether the boards after differ:
    each order whose result differs (``texts`` name the orders), each automatic order made by
    one semantics only."""
    rows = [make_row(source, case, phase, text, ra.words, rb.words, ra.reason, rb.reason)
            for text, ra, rb in zip(texts, a.results, b.results) if ra.words != rb.words]
    auto_a, auto_b = _automatic(a), _automatic(b)
    rows += [make_row(source, case, phase, f"(automatic) {o}", "succeeds" if o in auto_a else "not ordered",
                      "succeeds" if o in auto_b else "not ordered", "civil disorder", "civil disorder")
             for o in sorted(auto_a ^ auto_b)]
    board = dict(a.after.units) != dict(b.after.units) or dict(a.after.dislodged) != dict(b.after.dislodged)
    return rows, board


def _automatic(res: Resolution) -> set[str]:
    return {f"{g.order.power}: {g.order}" for g in res.generated if "civil disorder" in g.reason}
