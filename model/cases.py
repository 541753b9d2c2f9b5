"""dipsat's own plain-text case-file format (reader and writer) of test cases.

A :class:`Case` (a value of :mod:`dipsat.model.case_values`) is a start
:class:`~dipsat.model.types.Position` and one or more :class:`Step` values (phases), each with
its orders, the expected result words of each order, the expected automatic orders (civil
disorder) and the expected board after the phase.

The case-file format is line-oriented; a person writes one in a minute::

    # comment (anywhere on a line); blank lines are ignored; keywords are case-insensitive
    CASE 6.A.5
    TITLE Move to own province with convoy
    VARIANT standard                    # optional, default "standard"
    RULES datc                          # optional, default "datc"
    PHASE Spring 1901 Movement          # <Spring|Summer|Fall|Autumn|Winter> <Year> <Movement|Retreat|Adjustment>
    UNITS
    England: F North Sea
    France: A Portugal dislodged from Spain     # only when the case starts in a retreat phase
    CENTRES                             # optional; absent = no centre is owned
    Germany: Kiel, Munich, Warsaw
    STANDOFFS Bohemia, Tyrolia          # optional: provinces no retreat may enter
    CHANGES                             # optional: lasting changes of the board (dipsat.model.board)
    closed Burgundy, Munich until Fall 1901 Retreat
    frozen North Sea until Spring 1902 Retreat
    STATE                               # optional: the variant's own state, "Key: words" (its rulings)
    Vogon-proof: Spain, Kiel
    ORDERS
    England: F North Sea Convoys A Yorkshire - Yorkshire  [illegal]
    Germany: F London - Yorkshire  [succeeds; 1982: fails; paradox=all_hold: fails]
    AUTO                                # expected automatic orders (civil disorder)
    Russia: Disband F English Channel
    AFTER                               # expected board after the phase
    Germany: F Yorkshire
    England: A Yorkshire dislodged from London
    CENTRES                             # after AFTER: the centres after the phase (optional)
    CHANGES                             # after AFTER: the lasting changes after it (optional)
    STATE                               # after AFTER: the variant's state after it (optional; the keys stated are checked)
    PHASE Spring 1901 Retreat           # a further phase starts from the previous result
    ORDERS
    England: A Yorkshire - Edinburgh  [succeeds]
    END

* Orders may be in any notation :func:`dipsat.model.notation.parse_order` reads; the writer uses
  DATC English (``style="long"``). ``[...]`` holds the expected result words (DATC 4.E.2, first
  word = the order's result, then ``dislodged``/``destroyed``), under the case's ``RULES``;
  ``; name: words`` adds the words expected under another rules preset or option.
* A destroyed unit is absent from ``AFTER``. A movement case without ``CENTRES`` owns no centre;
  adjustment cases always state them. ``AFTER`` lists units and dislodged units; its centres are
  those of a ``CENTRES`` block written after it, else none. Standoffs are not part of ``AFTER``.
* Several units in one province (hitch-hikers, a guest such as Zaphod) are written on lines of
  their own; the reader accepts them where their kinds may share the province. A piece of a kind
  that belongs to no power is written under its own name (``Zaphod: Z Munich``).
* ``STATE`` lines (``Key: words``) state what a variant remembers beyond the board (the
  Hitchhiker's Vogon-proof centres, Zaphod's spells): the reader keeps them as written, the
  variant reads them (:attr:`Case.state`, :attr:`Step.after_state`); a variant without such
  state refuses them.
* The phase of an ``AFTER`` board is fixed by :func:`phase_after` (the standard sequence: a
  retreat phase only if a unit is dislodged; Fall leads to the Winter adjustment).

Every error is a :class:`~dipsat.model.errors.CaseFileError` carrying file and line.
"""
from __future__ import annotations

import re
from dataclasses import field
from pathlib import Path
from typing import Any, Callable, Final

from dipsat.model.board import parse_lasting
from dipsat.model.case_values import Case, Expected, OrderReader, Step, VariantReader, normalise_words
from dipsat.model.errors import CaseFileError, InputError, quote
from dipsat.model.files import lines_of
from dipsat.model.gamemap import GameMap, load_map
from dipsat.model.notation import parse_order, parse_unit
from dipsat.model.phase_words import (
    MAX_YEAR, MIN_YEAR, PHASE_KIND_WORDS, SEASON_WORDS, STANDARD_PHASES, parse_phase, phase_after,
)
from dipsat.model.start_board import check_placements, placement_problem, start_problem
from dipsat.model.types import Dislodged, Location, Order, Phase, Piece, Position, Unit, stack_problem
from dipsat.model.values import value_class

__all__ = [
    "Case", "Expected", "OrderReader", "VariantReader", "Step", "load_cases", "read_cases", "phase_after",
    "read_text", "parse_phase", "case_error", "placement_problem",
    # read here, defined beside (model/case_values.py, model/phase_words.py, model/start_board.py):
    # kept importable from here
    "STANDARD_PHASES", "MIN_YEAR", "MAX_YEAR", "SEASON_WORDS", "PHASE_KIND_WORDS",
]

DEFAULT_MAP = "dipsat.variants.classical"


_DROIDIPPY_RE: Final = re.compile(r"PHASE\s+\d+\s+\w+\s+\w+", re.IGNORECASE)


def other_format(first_line: str) -> str:
    """A hint naming the command that reads a file starting with ``first_line``, or ``""``:
    ``" (a game record: dipsat play reads it)"``."""
    word = first_line.split(" ", 1)[0].upper()
    if first_line.startswith(("{", "[")):
        return " (a saved game, JSON: dipsat replay and dipsat compare read it)"
    if _DROIDIPPY_RE.fullmatch(first_line.strip()):
        return " (a Droidippy game: dipsat replay and dipsat compare read it)"
    if word == "GAME":
        return " (a game record: dipsat play reads it)"
    if word == "CASE":
        return " (a case file: dipsat adjudicate reads it)"
    return ""


def case_error(message: str, source: str, line: int | None) -> CaseFileError:
    """Return a :class:`CaseFileError` for ``message`` at ``source``:``line``."""
    return CaseFileError(message).at(source, line)


def read_text(path: str | Path) -> str:
    """Read a case file as UTF-8 text (``.gz`` too; at most :data:`~dipsat.model.files.MAX_INPUT_BYTES`).

    Raises:
        CaseFileError: the file is missing or unreadable, too large (an endless input such as
            ``/dev/zero``), a truncated gzip file, or holds bytes that are not UTF-8.
    """
    from dipsat.model.files import decode_utf8, read_input
    source = str(path)
    try:
        return decode_utf8(read_input(path), source)
    except InputError as exc:
        raise CaseFileError(exc.message, source, exc.line) from exc.__cause__


def load_cases(path: str | Path, gmap: GameMap | None = None,
               order_reader: OrderReader | None = None) -> list[Case]:
    """Read every case of a dipsat case file (``order_reader``: see :data:`OrderReader`).

    Raises:
        CaseFileError: the file is missing, not UTF-8, or not a valid case file (with its line).
    """
    return read_cases(read_text(path), str(path), gmap, order_reader)


_KEYWORDS = frozenset({"CASE", "TITLE", "VARIANT", "RULES", "PHASE", "UNITS", "CENTRES", "CENTERS",
                       "STANDOFFS", "ORDERS", "AUTO", "AFTER", "END", "CHANGES", "STATE"})
_LINE_RE = re.compile(r"([A-Za-z][\w.-]*)\s*:\s*(.*)")
_STATE_RE = re.compile(r"[A-Za-z][\w .'-]*:.*")
_RESULT_RE = re.compile(r"(.*?)\s*\[([^\[\]]*)\]")
_DISLODGED_RE = re.compile(r"(.*?)\s+dislodged(?:\s+from\s+(.+))?", re.IGNORECASE)


RESULT_WORDS: Final = ("succeeds", "fails", "illegal", "invalid", "given", "cut", "available", "disrupted",
                       "stands", "dislodged", "destroyed")
"""The DATC result words (4.E.2) an expected result may use: one result, then ``dislodged``
or ``destroyed`` (a unit's fate may also stand alone: ``[dislodged]``)."""
FATES: Final = frozenset({"dislodged", "destroyed"})


def words_problem(words: str) -> str:
    """Why ``words`` are not expected result words (see :data:`RESULT_WORDS`), or ``""``."""
    parts = [w for w in normalise_words(words).split(", ") if w]
    if not parts:
        return "empty expected result"
    unknown = [w for w in parts if w not in RESULT_WORDS]
    if unknown:
        return f"unknown result word {quote(unknown[0])}; the result words are: {', '.join(RESULT_WORDS)}"
    results = [w for w in parts if w not in FATES]
    if len(results) > 1 or (results and parts[0] != results[0]) or len(set(parts)) < len(parts):
        return f"expected one result word, then 'dislodged' or 'destroyed': {quote(words.strip())}"
    return ""


def _expected(text: str) -> Expected:
    first, *rest = text.split(";")
    alternatives = {}
    for alt in rest:
        name, sep, words = alt.partition(":")
        if not sep or not name.strip():
            raise ValueError(f"alternative result needs 'name: words': {quote(alt.strip())}")
        alternatives[name.strip()] = words
    for words in (first, *alternatives.values()):
        problem = words_problem(words)
        if problem:
            raise ValueError(problem)
    return Expected(first, alternatives)


@value_class(frozen=False, slots=False)
class _Board:
    """A board being read: pieces, dislodged pieces, centres, standoffs."""

    units: dict[str, Piece] = field(default_factory=dict)
    dislodged: dict[str, Dislodged] = field(default_factory=dict)
    centres: dict[str, str] = field(default_factory=dict)
    standoffs: set[str] = field(default_factory=set)
    stacked: dict[str, list[Piece]] = field(default_factory=dict)
    changes: list[Any] = field(default_factory=list)
    state: list[tuple[int, str]] | None = None
    """``STATE`` lines (source line, text); ``None``: no ``STATE`` block."""
    line_of: dict[str, tuple[int, str]] = field(default_factory=dict)
    """Province -> the line (number, text) that last placed a piece there."""

    def position(self, phase: Phase) -> Position:
        return Position(phase, self.units, self.centres, self.dislodged, frozenset(self.standoffs),
                        {p: tuple(v) for p, v in self.stacked.items()}, tuple(self.changes))


@value_class(frozen=False, slots=False)
class _Draft:
    """The case being read, and its current step (throwaway)."""

    id: str
    line: int
    head: dict[str, str] = field(default_factory=lambda: {"title": "", "variant": "standard",
                                                          "rules": "datc"})
    start: _Board = field(default_factory=_Board)
    steps: list[Step] = field(default_factory=list)
    phase: Phase | None = None
    orders: list[Order] = field(default_factory=list)
    expected: list[Expected | None] = field(default_factory=list)
    auto: list[Order] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    after: _Board | None = None
    block: str | None = None
    phase_line: int = 0
    head_lines: dict[str, int] = field(default_factory=dict)

    def close_step(self) -> None:
        if self.phase is None:
            return
        after, after_state = None, None
        if self.after is not None:
            after = self.after.position(phase_after(self.phase, bool(self.after.dislodged)))
            after_state = tuple(self.after.state) if self.after.state is not None else None
        self.steps.append(Step(self.phase, tuple(self.orders), tuple(self.expected),
                               tuple(self.auto), after, tuple(self.lines), self.phase_line, after_state))
        self.orders, self.expected, self.auto, self.lines = [], [], [], []
        self.after, self.block = None, None

    def case(self, source: str) -> Case:
        assert self.phase is not None
        self.close_step()
        return Case(id=self.id, **self.head, start=self.start.position(self.steps[0].phase),
                    steps=tuple(self.steps), source=source, line=self.line, head_lines=dict(self.head_lines),
                    state=tuple(self.start.state or ()))


class _Reader:
    """State of one pass over a case file (throwaway)."""

    def __init__(self, source: str, gmap: GameMap, order_reader: OrderReader | None = None,
                 only: frozenset[str] | None = None) -> None:
        self.source, self.gmap, self.order_reader = source, gmap, order_reader
        self.only = only
        """Ids of the cases to read; the others are passed over unread (``None``: every case)."""
        self.skipping = False
        self.default_gmap = gmap
        self.map_for: Callable[[str], GameMap] | None = getattr(order_reader, "map_for", None)
        self.board_problem: Callable[[str, Position], tuple[tuple[str, ...], str] | None] | None = getattr(
            order_reader, "board_problem", None)
        self.cases: list[Case] = []
        self.draft: _Draft | None = None
        self.lineno = 0
        self.placements: list[tuple[_Board, Phase, Unit, str, int]] = []
        """Units read in the case, checked at its END on the board in play (a frozen sea may hold an army)."""

    def fail(self, message: str, line: int | None = None) -> CaseFileError:
        return case_error(message, self.source, self.lineno if line is None else line)

    def location(self, text: str) -> Location:
        try:
            return self.gmap.resolve(text.strip())
        except InputError as exc:
            raise self.fail(f"unknown province {text.strip()!r}") from exc

    def split(self, text: str, what: str) -> tuple[str, str]:
        m = _LINE_RE.fullmatch(text)
        if m is None:
            if re.fullmatch(r"[A-Za-z_]+", text):
                raise self.fail(f"unknown keyword {quote(text)}")
            raise self.fail(f"expected 'Power: {what}', got {quote(text)}")
        try:
            return self.gmap.resolve_power(m[1]), m[2].strip()
        except InputError:
            raise self.fail(f"unknown power {m[1]!r} in {quote(text)}") from None

    def run(self, text: str) -> list[Case]:
        for self.lineno, raw in enumerate(lines_of(text), 1):
            line = raw.split("#", 1)[0].strip()
            if line:
                self.line(line)
        if self.draft is not None:
            raise self.fail(f"case {self.draft.id} has no END", self.draft.line)
        if not self.cases and self.only is None:
            if not text.strip():
                raise CaseFileError("no cases: the file is empty").at(self.source)
            raise self.fail(f"no cases in {self.source}", 1)
        return self.cases

    def line(self, line: str) -> None:
        word, _, rest = line.partition(" ")
        key, rest, d = word.upper(), rest.strip(), self.draft
        if self.skipping:  # a case --case did not ask for: read no further than its END
            self.skipping = key != "END"
            return
        if key == "CASE" and d is None and self.only is not None and rest.strip() not in self.only:
            self.skipping = True
            return
        if key == "CASE":
            if d is not None:
                raise self.fail(f"case {d.id} has no END", d.line)
            if len(rest.split()) != 1:
                raise self.fail(f"expected 'CASE <id>', got {quote(line)}")
            if any(c.id == rest for c in self.cases):
                raise self.fail(f"duplicate case id {quote(rest)}")
            self.draft = _Draft(rest, self.lineno)
            self.gmap = getattr(self.order_reader, "variant_map", None) or self.default_gmap
        elif d is None:
            raise self.fail(f"expected 'CASE <id>', got {quote(line)}{other_format(line)}")
        elif key in ("TITLE", "VARIANT", "RULES"):
            if d.phase is not None:
                raise self.fail(f"{key} must come before PHASE: {quote(line)}")
            if key.lower() in d.head_lines:
                raise self.fail(f"{key} given twice (first on line {d.head_lines[key.lower()]}): {quote(line)}")
            d.head[key.lower()] = rest
            if key == "VARIANT" and self.map_for is not None:
                self.use_map_of(rest)
            d.head_lines[key.lower()] = self.lineno
        elif key in _KEYWORDS:
            self.keyword(d, key, rest, line)
        elif d.block is None:
            raise self.fail(f"unknown keyword or line outside a block: {quote(line)}")
        elif d.block in ("units", "after"):
            self.unit(line, d.start if d.block == "units" else d.after or _Board())
        elif d.block in ("changes", "after_changes"):
            board = d.start if d.block == "changes" else d.after or _Board()
            try:
                board.changes.append(parse_lasting(line, self.gmap))
            except InputError as exc:
                raise self.fail(exc.message) from None
        elif d.block in ("state", "after_state"):
            board = d.start if d.block == "state" else d.after or _Board()
            if _STATE_RE.fullmatch(line) is None:
                raise self.fail(f"expected 'Key: words' in STATE, got {quote(line)}")
            assert board.state is not None
            board.state.append((self.lineno, line))
        elif d.block in ("centres", "after_centres"):
            board = d.start if d.block == "centres" else d.after or _Board()
            power, names = self.split(line, "Province, Province")
            board.centres.update((self.location(n).province, power) for n in names.split(","))
        else:
            self.order(d, line, d.block == "auto")

    def keyword(self, d: _Draft, key: str, rest: str, line: str) -> None:
        single = key in ("PHASE", "STANDOFFS")
        if single != bool(rest):
            raise self.fail(f"{key} {'needs a value' if single else 'stands alone'}: {quote(line)}")
        if key == "END":
            if d.phase is None:
                raise self.fail(f"case {d.id} has no PHASE")
            self.check_placements()
            case = d.case(self.source)
            self.check_start(case, d.start.line_of)
            self.cases.append(case)
            self.draft = None
        elif key == "PHASE":
            try:
                phase = parse_phase(rest)
            except ValueError as exc:
                raise self.fail(str(exc)) from exc
            if d.phase is not None and phase.key <= d.phase.key:
                raise self.fail(f"phase out of order: {phase} after {d.phase} (line {d.phase_line})")
            d.close_step()
            d.phase, d.phase_line = phase, self.lineno
        elif d.phase is None:
            raise self.fail(f"{key} before PHASE: {quote(line)}")
        elif key in ("UNITS", "STANDOFFS") and (d.steps or d.block not in (None, "units", "centres")):
            raise self.fail(f"{key} belongs to the start of the first phase: {quote(line)}")
        elif key == "STANDOFFS":
            d.start.standoffs |= {self.location(p).province for p in rest.split(",")}
            d.block = None
        elif key in ("CENTRES", "CENTERS"):
            if d.after is None and (d.steps or d.block not in (None, "units", "changes")):
                raise self.fail(f"CENTRES belongs to the start or to AFTER: {quote(line)}")
            d.block = "centres" if d.after is None else "after_centres"
        elif key == "CHANGES":
            if d.after is None and (d.steps or d.block not in (None, "units", "centres")):
                raise self.fail(f"CHANGES belongs to the start or to AFTER: {quote(line)}")
            d.block = "changes" if d.after is None else "after_changes"
        elif key == "STATE":
            if d.after is None and (d.steps or d.block not in (None, "units", "centres", "changes")):
                raise self.fail(f"STATE belongs to the start or to AFTER: {quote(line)}")
            board = d.start if d.after is None else d.after
            if board.state is not None:
                raise self.fail(f"STATE given twice: {quote(line)}")
            board.state = []
            d.block = "state" if d.after is None else "after_state"
        elif d.after is not None:
            raise self.fail(f"{key} after AFTER in one phase: {quote(line)}")
        else:
            d.block = key.lower()
            d.after = _Board() if key == "AFTER" else None

    def unit(self, line: str, board: _Board) -> None:
        power, rest = self.owner(line)
        m = _DISLODGED_RE.fullmatch(rest)
        try:
            piece = Piece(power, parse_unit(m[1] if m else rest, self.gmap))
        except InputError as exc:
            message = exc.message if quote(rest) in exc.message else f"not a unit: {quote(rest)} ({exc.message})"
            raise self.fail(message) from exc
        if piece.unit.kind.owned and power not in self.gmap.powers:
            raise self.fail(f"unknown power {quote(power)} in {quote(line)}")
        assert self.draft is not None and self.draft.phase is not None
        self.placements.append((board, self.draft.phase, piece.unit, rest, self.lineno))
        board.line_of[piece.unit.province] = (self.lineno, line)
        where = piece.unit.province
        if m:
            if where in board.dislodged:
                raise self.fail(f"two units in {where}: {quote(line)}")
            board.dislodged[where] = Dislodged(piece, self.location(m[2]).province if m[2] else None)
            return
        here = [*([board.units[where]] if where in board.units else []), *board.stacked.get(where, [])]
        if here and (piece.unit.kind.owned and not piece.unit.kind.shares_with and all(
                p.unit.kind.owned and not p.unit.kind.shares_with for p in here)):
            raise self.fail(f"two units in {where}: {quote(line)}")
        problem = stack_problem([*here, piece])
        if problem:
            raise self.fail(f"{problem}: {quote(line)}")
        if where in board.units or piece.unit.kind.guest:
            board.stacked.setdefault(where, []).append(piece)
        else:
            board.units[where] = piece

    def check_placements(self) -> None:
        """Every unit of the case stands where it may (:func:`~dipsat.model.start_board.check_placements`)."""
        placed = [(board.changes, phase, unit, rest, lineno) for board, phase, unit, rest, lineno in self.placements]
        self.placements = []
        found = check_placements(self.gmap, placed)
        if found is not None:
            raise self.fail(*found)

    def check_start(self, case: Case, line_of: dict[str, tuple[int, str]]) -> None:
        """The case's start board can arise in its variant (:func:`~dipsat.model.start_board.start_problem`)."""
        found = start_problem(self.board_problem, case, line_of)
        if found is not None:
            raise self.fail(*found)

    def use_map_of(self, variant: str) -> None:
        """Read the rest of the case on the map of ``variant`` (an unknown variant: the error comes
        with the first order read, as before)."""
        assert self.map_for is not None
        try:
            self.gmap = self.map_for(variant)
        except (InputError, ValueError):
            self.gmap = self.default_gmap

    def owner(self, line: str) -> tuple[str, str]:
        """The power of a unit line (a piece of no power: the name written) and the rest."""
        m = _LINE_RE.fullmatch(line)
        if m is not None:
            try:
                return self.gmap.resolve_power(m[1]), m[2].strip()
            except InputError:
                return m[1], m[2].strip()
        return self.split(line, "A Province [dislodged from Province]")

    def order(self, d: _Draft, line: str, auto: bool) -> None:
        assert d.phase is not None
        power, rest = self.split(line, "order")
        m = _RESULT_RE.fullmatch(rest)
        text, expected = (m[1], m[2]) if m else (rest, None)
        if expected is not None and auto:
            raise self.fail(f"AUTO orders take no result: {quote(line)}")
        position = d.steps[-1].after if d.steps else d.start.position(d.phase)
        try:
            if self.order_reader is not None:
                order = self.order_reader(text, power, position, d.phase.kind, d.head["variant"])
            else:
                order = parse_order(text, self.gmap, power=power, position=position, kind=d.phase.kind)
            result = _expected(expected) if expected is not None else None
        except InputError as exc:
            said = f": {exc.message}" if quote(text.strip()) in exc.message else f" {quote(text.strip())}: {exc.message}"
            raise self.fail(f"cannot read order{said}") from exc
        except ValueError as exc:  # words in brackets, or the order reader's unknown VARIANT
            words_line = expected is not None and str(exc).startswith(("unknown result", "expected one", "empty"))
            raise self.fail(str(exc), None if words_line else d.head_lines.get("variant")) from exc
        if auto:
            d.auto.append(order)
        else:
            d.orders.append(order)
            d.expected.append(result)
            d.lines.append(self.lineno)


def read_cases(text: str, source: str = "<string>", gmap: GameMap | None = None,
               order_reader: OrderReader | None = None, only: frozenset[str] | None = None) -> list[Case]:
    """Read every case of a dipsat case-file text (``order_reader``: see :data:`OrderReader`);
    ``only``: read just the cases with these ids, passing over the others unread (a case that
    cannot be read does not stop ``dipsat adjudicate --case`` of another).

    Raises:
        CaseFileError: with ``source`` and the line, for any text that is not a valid case file.
    """
    return _Reader(source, gmap or load_map(DEFAULT_MAP), order_reader, only).run(text)
