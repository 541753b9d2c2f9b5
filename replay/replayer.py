"""Replay one recorded game: adjudicate every phase from its recorded position and compare.

For an archive, phase *i* is adjudicated from its recorded position with its recorded orders,
and the board after it is set against the position recorded for phase *i+1*. The replayed board
is first brought to that phase the way the game goes on: a Spring season ends in Fall, a Fall
season updates the centres and ends in the Winter adjustment; a phase that the archive leaves out
is replayed without orders (the dislodged units of a missing retreat phase disband, a missing
adjustment phase removes units in civil disorder, every unit holds in a missing movement phase,
as the Droidippy judge's own test harness advances a record that skips one), and a note says so. What the archive does not
record but the next phase needs (where each dislodged unit's attacker came from, the provinces
left empty by a standoff) is taken from the replay of the movement phase.

Case files are *chained*: each step after the first starts from the replayed board of the step
before, and is compared with its ``AFTER`` board, its expected result words and ``AUTO`` orders.
"""
from __future__ import annotations


from dataclasses import fields
from itertools import repeat
from operator import attrgetter
from typing import Any

from dipsat.model.reasons import CivilDisorder, Reason, words_of
from dipsat.model.errors import clip_message
from dipsat.model.types import (
    Disband, Dislodged, Move, OrderResult, Phase, PhaseKind, Piece, Position, Result, Season, Tag,
)
from dipsat.model.values import value_class
from dipsat.replay.compare import Difference, compare_boards, phase_key
from dipsat.replay.readers.cases import auto_key
from dipsat.replay.records import GameError, GameRecord, PhaseError, PhaseRecord, RecordedOrder
from dipsat.replay.rows import AGREE, DIFFER, ERROR, UNCHECKED, OrderColumns, PhaseRow
from dipsat.solver import Resolution, Rules
from dipsat.solver.adjustment import adjustments_due
from dipsat.solver.phases import centres_taken, update_centres
from dipsat.variants import Variant

Rows = tuple[list[PhaseRow], OrderColumns]

MAX_SKIPPED_MOVEMENT_PHASES = 2
"""Movement phases missing from an archive that a replay plays without orders before it calls
the gap a difference of phase (a record that jumps years is broken, not skipping a season)."""


# read once: on CPython 3.11 an enum class's attribute (PhaseKind.RETREAT) goes through
# EnumType.__getattr__'s slow hook, ~900 instructions a read
_MOVEMENT, _RETREAT, _ADJUSTMENT = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT
_SPRING, _FALL, _WINTER = Season.SPRING, Season.FALL, Season.WINTER
_DESTROYED, _SUCCEEDS = Tag.DESTROYED, Result.SUCCEEDS


def error_rows(error: GameError, rules_label: str) -> Rows:
    """The single row of a game (or file) that cannot be read at all."""
    return [PhaseRow(error.file, error.game, None, "", "", ERROR, 0, "", "", clip_message(error.message), 0, 0,
                     rules_label, error.line)], OrderColumns()


@value_class
class _Carry:
    """What the replay of a movement phase knows that the recorded retreat phase does not."""

    origins: dict[str, tuple[str | None, bool]]
    """Dislodged province -> (attacker's origin, came by convoy)."""
    standoffs: frozenset[str]

    def apply(self, position: Position) -> Position:
        """The recorded position with attacker origins and standoffs filled in."""
        dislodged = {p: Dislodged(d.piece, *self.origins.get(p, (d.attacker_origin, d.by_convoy)))
                     for p, d in position.dislodged.items()}
        if type(position) is Position and not position.stacked and not position.changes:
            return position.updated(dislodged=dislodged, standoffs=self.standoffs)  # units, centres as frozen
        return Position(position.phase, position.units, position.centres, dislodged, self.standoffs)


class GameReplay:
    """The throwaway state of replaying one game."""

    def __init__(self, game: GameRecord, variant: Variant, rules: Rules, rules_label: str) -> None:
        self.game, self.variant, self.rules, self.label = game, variant, rules, rules_label
        self.phases: list[PhaseRow] = []
        self.orders = OrderColumns()

    def run(self) -> Rows:
        """Replay every phase; return the phase rows and the order rows."""
        carried: Position | None = None
        carry: _Carry | None = None
        records = self.game.phases
        for i, rec in enumerate(records):
            if isinstance(rec, PhaseError):
                self._row(rec.index, rec.label, "", ERROR, [], [], rec.message, 0, 0, rec.line)
                carried, carry = None, None
                continue
            nxt = records[i + 1] if i + 1 < len(records) else None
            position = rec.position
            if position is None and carried is not None:
                position = carried.with_phase(Phase(carried.phase.year, carried.phase.season, rec.phase.kind))
            elif position is not None and carry is not None:
                position = carry.apply(position)
            carry = None
            if position is None:
                self._row(rec.index, rec.label, rec.phase.kind.value, ERROR, [], [],
                          "no position to start from: the phase before could not be replayed",
                          len(rec.orders), 0, rec.line)
                continue
            try:
                carried, carry = self._phase(rec, position, nxt)
            except Exception as exc:  # noqa: BLE001 - an adjudicator bug must not stop the run
                self._row(rec.index, rec.label, rec.phase.kind.value, ERROR, [], [],
                          f"adjudication failed: {type(exc).__name__}: {exc}", len(rec.orders), 0, rec.line)
                carried, carry = None, None
        if self.game.note and self.phases:
            first = self.phases[0]
            self.phases[0] = first._replace(note="; ".join(n for n in (first.note, self.game.note) if n))
        return self.phases, self.orders

    def _phase(self, rec: PhaseRecord, position: Position,
               nxt: PhaseRecord | PhaseError | None) -> tuple[Position | None, _Carry | None]:
        read = rec.orders
        orders = list(filter(None, map(_ORDER, read)))  # an order is never false: the read ones
        unread = len(read) - len(orders)
        notes = [f"order not read: {o.text!r} ({o.problem})" for o in read if o.order is None] if unread else []
        kind = rec.phase.kind._value_ if rec.phase_known else ""  # the enum's plain attribute, not the property
        if self.game.chained:
            target = rec.after
        else:
            target = nxt.position if isinstance(nxt, PhaseRecord) else None
        if target is None and not self.game.chained and not orders:
            notes.append("final position" if nxt is None else "the next phase cannot be read")
            self._row(rec.index, rec.label, kind, UNCHECKED, [], notes, "", len(rec.orders), unread, rec.line)
            return None, None
        res = self.variant.adjudicate(position, orders, self.rules, advance=False)
        tagged = self._order_rows(rec, res)
        if self.game.chained:
            diffs = self._case_differences(rec, res)
            checked = rec.after is not None or rec.auto is not None or any(o.recorded for o in rec.orders)
            self._row(rec.index, rec.label, kind, (DIFFER if diffs else AGREE) if checked else UNCHECKED,
                      diffs, notes, "", len(rec.orders), unread, rec.line)
            return res.after, None
        if target is None or not isinstance(nxt, PhaseRecord):
            notes.append("final position" if nxt is None else "the next phase cannot be read")
            self._row(rec.index, rec.label, kind, UNCHECKED, [], notes, "", len(rec.orders), unread, rec.line)
            return None, None
        diffs, carry = self._against(rec, res, target, nxt.phase_known, notes, tagged)
        self._row(rec.index, rec.label, kind, DIFFER if diffs else AGREE, diffs, notes, "",
                  len(rec.orders), unread, rec.line)
        return None, carry

    def _against(self, rec: PhaseRecord, res: Resolution, target: Position, known: bool,
                 notes: list[str], tagged: bool = True) -> tuple[list[Difference], _Carry | None]:
        """Compare the board after ``res`` with the recorded ``target``, bringing it to its phase
        (``tagged``: some result has a tag; without one no unit was destroyed)."""
        board = res.after
        pending = board.dislodged if board.phase.kind is _RETREAT else {}
        same_season = (target.phase.year, target.phase.season) == (rec.phase.year, rec.phase.season)
        carry = None
        if known and target.phase.kind is _RETREAT and same_season:
            destroyed = _destroyed(res) if tagged else {}  # read only against a recorded retreat phase
            carry = _carry(res, destroyed)
            return compare_boards(target, board, dislodged=pending, destroyed=destroyed), carry
        ours = self._settle(board, rec.phase.kind)
        diffs: list[Difference] = []
        skipped_moves = 0
        goal = phase_key(target.phase)
        while known and phase_key(ours.phase) < goal:
            if ours.phase.kind is _MOVEMENT:
                skipped_moves += 1
                if skipped_moves > MAX_SKIPPED_MOVEMENT_PHASES:
                    notes.append(f"the archive skips more than {MAX_SKIPPED_MOVEMENT_PHASES} movement phases")
                    diffs.append(Difference("phase", "", str(target.phase), str(ours.phase)))
                    break
            ours = self._skip(ours, notes)
        return diffs + compare_boards(target, ours, dislodged=pending), carry

    def _settle(self, board: Position, kind: PhaseKind) -> Position:
        """The board at the phase that follows (no phase skipped; centres updated after Fall)."""
        year, season = board.phase.year, board.phase.season
        if kind is _MOVEMENT and board.dislodged:
            return board
        if kind is _ADJUSTMENT or season is _WINTER:
            return _units_and_centres(board, Phase(year + 1, _SPRING, _MOVEMENT))
        if season is _FALL:
            winter = Phase(year, _WINTER, _ADJUSTMENT)
            if type(board) is Position and not board.stacked and not board.changes:  # in one new board
                return board.updated(phase=winter, centres=centres_taken(self.variant.map, board), dislodged={},
                                     standoffs=frozenset())
            return _units_and_centres(update_centres(self.variant.map, board), winter)
        return _units_and_centres(board, Phase(year, _FALL, _MOVEMENT))

    def _skip(self, board: Position, notes: list[str]) -> Position:
        """Play a phase the archive leaves out, without orders; say what it changed."""
        if board.phase.kind is _ADJUSTMENT and not adjustments_due(board):
            return self._settle(board, _ADJUSTMENT)
        res = self.variant.adjudicate(board, [], self.rules, advance=False)
        if board.phase.kind is _MOVEMENT:
            notes.append(f"the archive has no {board.phase}; replayed without orders (every unit holds)")
            return self._settle(res.after, board.phase.kind)
        gone = [f"{g.order.power}: {g.order}" for g in res.generated if isinstance(g.order, Disband)]
        if gone:
            notes.append(f"the archive has no {board.phase}; without orders it removes {', '.join(gone)}")
        return self._settle(res.after, board.phase.kind)

    def _case_differences(self, rec: PhaseRecord, res: Resolution) -> list[Difference]:
        diffs: list[Difference] = []
        results = iter(res.results)
        for o in rec.orders:
            if o.order is None:
                continue
            got = next(results)
            if o.recorded is not None and o.recorded != got.words:
                diffs.append(Difference("result", str(o.order), o.recorded, got.words))
        if rec.auto is not None:
            got_auto = tuple(sorted(auto_key(g.order) for g in res.generated if isinstance(g.why, CivilDisorder)))
            if got_auto != rec.auto:
                diffs.append(Difference("auto", "", ", ".join(rec.auto) or "none", ", ".join(got_auto) or "none"))
        if rec.after is not None:
            diffs += compare_boards(rec.after, res.after, centres=rec.centres_recorded)
        return diffs

    def _order_rows(self, rec: PhaseRecord, res: Resolution) -> bool:
        """The phase's order rows, added to :attr:`orders` column by column: its recorded orders
        in their order (each read one with its result, in ``res.results``' order), then the
        orders the adjudicator generated. Whether some result has a tag (dislodged, destroyed...)."""
        cols, read, results, generated = self.orders, rec.orders, res.results, res.generated
        cols.runs.append((self.game.file, self.game.game, rec.index, rec.label, len(read), len(generated)))
        tagged = False
        if len(results) == len(read):  # every order read: each column filled in one step
            if read:  # named tuples both: their fields as columns in two C calls (zip), no call per row
                fields, given = tuple(zip(*read)), tuple(zip(*results))
                orders = given[_ORDER_AT]
                cols.power += map(_POWER, orders)
                cols.text += fields[_TEXT_AT]
                cols.order += map(str, orders)
                tagged = _results(cols, given, results)
                cols.recorded += fields[_RECORDED_AT]
                cols.line += fields[_LINE_AT]
        else:
            tagged = _unread_rows(cols, read, results)
        if generated:
            given = tuple(zip(*generated))
            cols.power += map(_POWER, orders := given[_ORDER_AT])
            cols.text += repeat("", len(generated))
            cols.order += map(str, orders)
            tagged = _results(cols, given, generated) or tagged
            cols.recorded += repeat(None, len(generated))
            cols.line += repeat(None, len(generated))
        return tagged

    def _row(self, index: int, label: str, kind: str, status: str, diffs: list[Difference], notes: list[str],
             error: str, orders: int, unread: int, line: int | None) -> None:
        self.phases.append(PhaseRow(self.game.file, self.game.game, index, label, kind, status, len(diffs),
                                    "; ".join(map(str, diffs)), clip_message("; ".join(notes), 1000),
                                    clip_message(error), orders, unread,
                                    self.label, line))


def _units_and_centres(board: Position, phase: Phase) -> Position:
    """``Position(phase, board.units, board.centres)``: the units and centres of ``board`` at
    ``phase``, nothing else (no dislodged unit, standoff, stack or lasting change); made without
    freezing again the mappings ``board`` holds frozen, where it has nothing else to leave behind."""
    if type(board) is Position and not board.stacked and not board.changes:
        return board.updated(phase=phase, dislodged={}, standoffs=frozenset())
    return Position(phase, board.units, board.centres)


_ORDER, _POWER, _VALUE = attrgetter("order"), attrgetter("power"), attrgetter("_value_")  # _value_: the
# enum's plain attribute (Result.value without the property)
_ORDER_AT, _RESULT_AT, _WHY_AT, _TAG_AT = map([f.name for f in fields(OrderResult)].index, ("order", "result", "why", "tag"))
_TEXT_AT, _RECORDED_AT, _LINE_AT = map(RecordedOrder._fields.index, ("text", "recorded", "line"))
"""Where each field sits in an order's result and in a recorded order (both tuples)."""


def _results(cols: OrderColumns, given: tuple[tuple[Any, ...], ...], results: tuple[OrderResult, ...]) -> bool:
    """The result, tag, words and reason columns of ``results`` (``given``: their fields as columns,
    ``zip(*results)``); whether some result has a tag."""
    words = list(map(_VALUE, given[_RESULT_AT]))
    cols.result += words
    tags = given[_TAG_AT]
    cols.reason += _reasons(given[_WHY_AT])
    if tags.count(None) == len(tags):  # nearly always: untagged, the words are the result's
        cols.tag += tags
        cols.words += words
        return False
    cols.tag += [t._value_ if t else None for t in tags]
    cols.words += [r.words if r.tag else r.result._value_ for r in results]
    return True


def _reasons(whys: tuple[Reason | str, ...]) -> list[str]:
    """The words of each reason (:func:`~dipsat.model.reasons.words_of`): those already written read
    from the reasons in one C step (a common reason is one value shared phase after phase, its words
    kept on it), the others written now."""
    said = list(map(getattr, whys, repeat("_said"), repeat(None)))  # None: not written yet (or a text)
    if None in said:
        for at in [i for i, words in enumerate(said) if words is None]:
            said[at] = words_of(whys[at])
    return said


def _unread_rows(cols: OrderColumns, read: tuple[RecordedOrder, ...], results: tuple[OrderResult, ...]) -> bool:
    """The rows of a phase's recorded orders, some of which could not be read (row by row);
    whether some result has a tag."""
    results_of = iter(results)
    tagged = False
    for o in read:
        if o.order is None:
            cols.power.append(None)
            cols.order.append(None)
            cols.result.append(None)
            cols.tag.append(None)
            cols.words.append(None)
            cols.reason.append(f"not read: {o.problem}")
        else:
            r = next(results_of)
            cols.power.append(r.order.power)
            cols.order.append(str(r.order))
            tagged = _results(cols, tuple(zip(r)), (r,)) or tagged
        cols.text.append(o.text)
        cols.recorded.append(o.recorded)
        cols.line.append(o.line)
    return tagged


def _destroyed(res: Resolution) -> dict[str, Piece]:
    """Units the movement phase destroyed (dislodged with no retreat), by province."""
    found = {}
    for r in (*res.results, *res.generated):
        if r.tag is _DESTROYED:
            unit = r.order.unit  # type: ignore[union-attr]
            piece = res.before.units.get(unit.province)
            if piece is not None:
                found[unit.province] = piece
    return found


def _carry(res: Resolution, destroyed: dict[str, Piece]) -> _Carry:
    """Attacker origins of the dislodged (and destroyed) units, and the standoffs, of a movement phase."""
    origins: dict[str, tuple[str | None, bool]] = {
        p: (d.attacker_origin, d.by_convoy) for p, d in res.after.dislodged.items()}
    for r in res.results if destroyed else ():  # most retreat phases: no unit destroyed
        o = r.order
        if isinstance(o, Move) and r.result is _SUCCEEDS and o.dest.province in destroyed:
            origins.setdefault(o.dest.province, (o.unit.province, False))
    return _Carry(origins, res.after.standoffs)


def replay_game(game: GameRecord, variant: Variant, rules: Rules, rules_label: str) -> Rows:
    """Replay ``game`` under ``rules``; return one row per phase and one per order."""
    return GameReplay(game, variant, rules, rules_label).run()
