"""Play a game record phase by phase and check what it expects (``dipsat play``).

The game is a fold of :meth:`Variant.adjudicate` over positions (each phase advancing to the
next), from the variant's start or the record's own. Expectations: each order's result words,
the board and the centres at the next phase. Same input, same output: nothing here depends on
time, randomness or the order of a hash.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from dipsat.model.cases import case_error
from dipsat.model.errors import CaseFileError, InputError, quote
from dipsat.model.board import parse_lasting
from dipsat.model.types import Dislodged, OrderResult, Phase, Piece, Position, StackError, Unit
from dipsat.solver import Resolution
from dipsat.solver.presets import Rules, RulesError, rules_from_text
from dipsat.variants.framework.engine import RefusedOrder
from dipsat.variants.framework.orders import AnyOrder, read_unit, resolve_place, resolve_power
from dipsat.variants.framework.record import Line, Record, RecordPhase

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["OrderCheck", "PhaseReport", "GameReport", "RecordStopped", "play_record", "start_position", "play_phase"]


@dataclass(frozen=True)
class OrderCheck:
    """One order of a phase: its result, and what the record expected."""

    result: OrderResult
    line: int
    expected: str | None

    @property
    def passed(self) -> bool:
        """True when nothing was expected or the result words match."""
        return self.expected is None or self.expected == self.result.words


@dataclass(frozen=True)
class PhaseReport:
    """One phase played: the resolution, the order checks and every unmet expectation."""

    phase: Phase
    resolution: Resolution
    orders: tuple[OrderCheck, ...]
    differences: tuple[str, ...]
    expectations: int


@dataclass(frozen=True)
class GameReport:
    """A whole record played."""

    record: Record
    variant: Variant
    rules: str
    start: Position
    phases: tuple[PhaseReport, ...]

    @property
    def final(self) -> Position:
        """The board at the phase after the last one played."""
        return self.phases[-1].resolution.after if self.phases else self.start

    @property
    def expectations(self) -> int:
        """How many expectations the record states."""
        return sum(p.expectations for p in self.phases)

    @property
    def failed(self) -> int:
        """How many of them do not hold."""
        return sum(len(p.differences) for p in self.phases)


class RecordStopped(CaseFileError):
    """A record that stops being playable after some phases: the error, with the game played so far
    (``played``: every phase before the one at fault), so that nothing already done is lost."""

    def __init__(self, message: str, source: str | None, line: int | None, played: GameReport) -> None:
        super().__init__(message, source, line)
        self.played = played

    def __reduce__(self) -> tuple[type[RecordStopped], tuple[str, str | None, int | None, GameReport]]:  # type: ignore[override]
        return (type(self), (self.message, self.source, self.line, self.played))


def _fail(record: Record, message: str, line: int | None) -> CaseFileError:
    return case_error(message, record.source, line)


def start_position(record: Record, variant: Variant) -> Position:
    """The position a record starts from: the variant's start, or the record's own board (UNITS,
    CENTRES, CHANGES), checked; a board that cannot be read is an error naming its line."""
    first = record.phases[0]
    if record.units is None:
        return variant.start()
    centres: dict[str, str] = {}
    position = Position(first.phase)
    try:
        for ln in record.units:
            unit = read_unit(variant.map, ln.text, None)
            position = position.with_piece(Piece(_owner(variant, ln.power, unit), unit))
        for ln in record.centres:
            for name in ln.text.split(","):
                centres[resolve_place(variant.map, name).province] = resolve_power(variant.map, ln.power)
        changes = []
        for ln in record.changes:
            changes.append(parse_lasting(ln.text, variant.map))
    except (InputError, StackError) as exc:
        raise _fail(record, getattr(exc, "message", str(exc)), getattr(ln, "line", None)) from None
    position = replace(position, centres=centres, changes=tuple(changes))
    found = variant.board_problem(position)
    if found is not None:  # a start board no game of the variant reaches: the last line at fault
        provinces, why = found
        at = [ln for ln in record.units if read_unit(variant.map, ln.text, None).province in provinces]
        line = at[-1] if at else None
        said = f": {quote(f'{line.power}: {line.text}')}" if line else ""
        raise _fail(record, f"impossible start board: {why}{said}", line.line if line else first.line)
    return position


def _owner(variant: Variant, written: str, unit: Unit) -> str:
    """The power of a unit line; a piece of no power (Zaphod) keeps the name written."""
    if not unit.kind.owned:
        return written.strip()
    return resolve_power(variant.map, written)


def _board(record: Record, variant: Variant, lines: tuple[Line, ...]) -> dict[str, str]:
    """Expected units (and dislodged units) by province, written ``Power: A xxx``; the pieces
    sharing a province are listed together, sorted."""
    found: dict[str, list[str]] = {}
    for ln in lines:
        try:
            text, dislodged, _origin = ln.text.partition(" dislodged")
            unit = read_unit(variant.map, text, None)
            piece = Piece(_owner(variant, ln.power, unit), unit)
            key = unit.province + (" (dislodged)" if dislodged else "")
            found.setdefault(key, []).append(str(Dislodged(piece, None)) if dislodged else str(piece))
        except InputError as exc:
            raise _fail(record, exc.message, ln.line) from None
    return {k: ", ".join(sorted(v)) for k, v in found.items()}


def _centres(record: Record, variant: Variant, lines: tuple[Line, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for ln in lines:
        try:
            power = resolve_power(variant.map, ln.power)
            for name in ln.text.split(","):
                if name.strip():
                    found[resolve_place(variant.map, name).province] = power
        except InputError as exc:
            raise _fail(record, exc.message, ln.line) from None
    return found


def _compare(record: Record, variant: Variant, rp: RecordPhase, after: Position) -> tuple[list[str], int]:
    differences: list[str] = []
    count = 0
    if rp.after is not None:
        count += 1
        want = _board(record, variant, rp.after)
        got = {p: ", ".join(sorted(map(str, after.pieces_at(p)))) for p in {*after.units, *after.stacked}}
        got |= {f"{p} (dislodged)": str(Dislodged(d.piece, None)) for p, d in after.dislodged.items()}
        for p in sorted(want.keys() | got.keys()):
            if want.get(p) != got.get(p):
                differences.append(f"{after.phase}, {p}: expected {want.get(p, 'empty')}, got {got.get(p, 'empty')}")
    if rp.after_centres is not None:
        count += 1
        want_c = _centres(record, variant, rp.after_centres)
        for p in sorted(want_c.keys() | after.centres.keys()):
            if want_c.get(p) != after.centres.get(p):
                differences.append(f"{after.phase}, centre {p}: expected {want_c.get(p, 'nobody')}, "
                                   f"got {after.centres.get(p, 'nobody')}")
    if rp.after_changes is not None:
        count += 1
        want_changes = []
        for ln in rp.after_changes:
            try:
                want_changes.append(str(parse_lasting(ln.text, variant.map)))
            except InputError as exc:
                raise _fail(record, exc.message, ln.line) from None  # the line at fault
        want_changes.sort()
        got_changes = sorted(str(c) for c in after.changes if c.in_force(after.phase))
        if want_changes != got_changes:
            differences.append(f"{after.phase}, changes: expected {'; '.join(want_changes) or 'none'}, "
                               f"got {'; '.join(got_changes) or 'none'}")
    return differences, count


def play_record(record: Record, variant_spec: str | None = None, rules_text: str | None = None) -> GameReport:
    """Play every phase of ``record`` and compare with its expectations. ``variant_spec``
    (``--variant``) is merged with the record's own ``VARIANT`` line: the record's options (its
    seed among them) hold unless ``variant_spec`` names the same option.

    Raises:
        RecordStopped: with file and line, and the phases played before: after at least one phase,
            the game is not at the phase a ``PHASE`` line names, or an order or a board line cannot be read.
        CaseFileError: with file and line: the same in the first phase, a start board that cannot be
            read, or the record names an unknown variant or rules.
    """
    from dipsat.variants import UnknownVariantError, find_variant, merge_specs  # the registry imports this module
    try:
        spec = merge_specs(variant_spec, record.variant) if variant_spec else record.variant
        variant = find_variant(spec)
    except (UnknownVariantError, InputError) as exc:
        raise _fail(record, getattr(exc, "message", str(exc)), record.head_lines.get("variant")) from None
    try:
        rules = rules_from_text(rules_text or record.rules)
    except RulesError as exc:
        raise _fail(record, str(exc), None if rules_text else record.head_lines.get("rules")) from None
    if not record.phases:
        raise _fail(record, "the record plays no phase", None)
    position = start = start_position(record, variant)
    reports: list[PhaseReport] = []
    rules_label = str(rules_text or record.rules)
    for rp in record.phases:
        try:
            reports.append(play_phase(record, variant, rules, rp, position, reports))
        except InputError as exc:
            if not reports:
                raise
            played = GameReport(record, variant, rules_label, start, tuple(reports))
            raise RecordStopped(exc.message, exc.source or record.source, exc.line, played) from None
        position = reports[-1].resolution.after
    return GameReport(record, variant, rules_label, start, tuple(reports))


def play_phase(record: Record, variant: Variant, rules: Rules, rp: RecordPhase, position: Position,
               reports: list[PhaseReport]) -> PhaseReport:
    """Play one phase of the record from ``position`` (the game so far: ``reports``) and check it.

    Raises:
        CaseFileError: the game is not at the phase, an order or an expected board cannot be read.
    """
    if position.phase != rp.phase:
        earlier = next((d for r in reports for d in r.differences), None)  # the likely cause, said first
        cause = f" (the game left the record earlier: {earlier})" if earlier else ""
        raise _fail(record, f"the game is at {position.phase}, not {rp.phase}{cause}", rp.line)
    orders: list[AnyOrder] = []
    for ln in rp.orders:
        try:
            power = resolve_power(variant.map, ln.power)
            orders.append(variant.parse_order(ln.text, power, position))
        except InputError as exc:
            raise _fail(record, f"cannot read order {ln.text!r}: {exc.message}", ln.line) from None
    try:
        res = variant.adjudicate(position, orders, rules)
    except RefusedOrder as exc:
        raise _fail(record, exc.message, rp.orders[exc.index].line if exc.index < len(rp.orders) else rp.line) from None
    checks = tuple(OrderCheck(r, ln.line, ln.expected.words if ln.expected else None)
                   for r, ln in zip(res.results, rp.orders))
    differences = [f"line {c.line}: {variant.format_order(c.result.order, 'long')}: expected {c.expected}, "
                   f"got {c.result.words} ({c.result.reason})" for c in checks if not c.passed]
    board_diffs, count = _compare(record, variant, rp, res.after)
    differences += board_diffs
    count += sum(1 for c in checks if c.expected is not None)
    return PhaseReport(rp.phase, res, checks, tuple(differences), count)
