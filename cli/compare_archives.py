"""Compare two rule semantics on read games: case files and archived games alike.

Every file is read by the one reader path that ``dipsat replay`` uses
(:func:`dipsat.replay.readers.find_tasks`, then :func:`~dipsat.replay.readers.read_task`), so
the two commands give one verdict on the same file: what replay reports as an error row,
compare reports as an error. Each phase of each game is adjudicated twice, under semantics A
and B: an archive's phase from the position it records, a case's step from the board its own
semantics left after the step before (so A and B each follow their own chain). Every order
whose result differs, every automatic order that only one of them makes, and every phase whose
board after differs, is counted.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from dipsat.model.reasons import CivilDisorder
from dipsat.model.cases import OrderReader
from dipsat.model.errors import clip_message
from dipsat.model.notation import format_order
from dipsat.model.types import Phase, Position
from dipsat.replay.records import Format, GameError, GameRecord, PhaseError, PhaseRecord, Task
from dipsat.solver import Resolution, Rules
from dipsat.variants import find_variant

Row = Callable[..., object]


@dataclass(frozen=True, slots=True)
class CompareError:
    """A file, game or phase that could not be read or adjudicated (an ``error`` row of replay)."""

    file: str
    game: str
    phase: str
    line: int | None
    message: str


@dataclass
class Tally:
    """What a comparison found, as it goes."""

    counts: dict[str, int] = field(default_factory=lambda: dict(
        cases=0, cases_differ=0, phases=0, phases_differ=0, orders=0, orders_differ=0, errors=0))
    rows: list[object] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    errors: list[CompareError] = field(default_factory=list)

    def error(self, found: CompareError) -> None:
        """Count and keep one error."""
        self.counts["errors"] += 1
        self.errors.append(found)


def read_games(task: Task, reader: OrderReader | None) -> list[GameRecord | GameError]:
    """The games of ``task``, read as ``dipsat replay`` reads them (case files with ``reader``)."""
    from dipsat.replay.checks import check_game
    from dipsat.replay.readers import default_maps, read_task
    from dipsat.replay.readers.cases import read_case_file
    if task.format is Format.CASES:
        games = read_case_file(task.text, task.file, None, reader)
        found = [games] if isinstance(games, GameError) else list(games)
        return [check_game(g, default_maps) for g in found]
    return read_task(task, None, default_maps)


def compare_game(game: GameRecord, rules_a: Rules, rules_b: Rules, make_row: Row, tally: Tally) -> None:
    """Adjudicate every phase of ``game`` under A and B; add what differs (and what cannot be read) to ``tally``."""
    variant = find_variant(game.variant)
    style = "long" if game.format is Format.CASES else "short"
    tally.counts["cases"] += 1
    differs = False
    carried: dict[str, Position | None] = {"a": None, "b": None}
    for rec in game.phases:
        if isinstance(rec, PhaseError):
            tally.error(CompareError(game.file, game.game, rec.label, rec.line, rec.message))
            carried = {"a": None, "b": None}
            continue
        if not game.chained and (rec.position is None or not rec.orders):
            continue
        starts = {k: _start(rec, carried[k]) for k in carried}
        if starts["a"] is None or starts["b"] is None:
            tally.error(CompareError(game.file, game.game, rec.label, rec.line,
                                     "no position to start from: the phase before could not be read"))
            continue
        orders = [o.order for o in rec.orders if o.order is not None]
        try:
            a = variant.adjudicate(starts["a"], orders, rules_a, advance=False)
            b = variant.adjudicate(starts["b"], orders, rules_b, advance=False)
        except Exception as exc:  # noqa: BLE001 - an adjudicator bug must not stop the comparison
            tally.error(CompareError(game.file, game.game, rec.label, rec.line,
                                     clip_message(f"adjudication failed: {type(exc).__name__}: {exc}")))
            carried = {"a": None, "b": None}
            continue
        if game.chained:
            carried = {"a": a.after, "b": b.after}
        texts = [format_order(r.order, variant.map, style) for r in a.results]
        found, board = phase_differences(game.file, game.game, rec.label, texts, a, b, make_row)
        tally.rows += found
        differs |= count_phase(tally.counts, len(rec.orders), found, board)
    tally.counts["cases_differ"] += differs
    if differs:
        tally.ids.add(game.game if game.format is Format.CASES else f"{Path(game.file).name}:{game.game}")


def _start(rec: PhaseRecord, carried: Position | None) -> Position | None:
    if rec.position is not None:
        return rec.position.with_phase(rec.phase)
    if carried is None:
        return None
    return carried.with_phase(Phase(carried.phase.year, carried.phase.season, rec.phase.kind))


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
    return {f"{g.order.power}: {g.order}" for g in res.generated if isinstance(g.why, CivilDisorder)}
