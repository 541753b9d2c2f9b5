"""Game records: a whole variant game in plain text, phase by phase (reader).

The format (``docs/variants/game_records.md``) is line-oriented like the case files; a record
holds one game::

    # comment (anywhere on a line); blank lines are ignored; keywords are case-insensitive
    GAME vs-1901                        # the record's id
    TITLE Three years of Vain Star      # optional
    VARIANT vain_star                   # a variant, with options: telepath,ban_prevent=kept
    RULES datc                          # optional, default "datc"
    PHASE Spring 1901 Movement          # the phase the game has reached; checked when played
    UNITS                               # optional, first phase only: a start board of one's own
    France: A Paris                     #   (without it, the variant's starting position)
    CENTRES                             # optional, with UNITS: the start's centres
    France: Paris
    CHANGES                             # optional, with UNITS: lasting changes of the start board
    frozen North Sea until Spring 1902 Retreat
    ORDERS                              # optional keyword: order lines may follow PHASE directly
    France: A Paris - Burgundy  [succeeds]       # an expected result in brackets, optional
    England: THIEF A Munich                      # the variant's own orders, by any power
    AFTER                               # optional: the expected board at the next phase
    France: A Burgundy
    CENTRES                             # optional, after AFTER: the expected centres then
    France: Paris
    CHANGES                             # optional, after AFTER: the lasting changes in force then
    centre removed Kiel
    PHASE Fall 1901 Movement
    ...
    END

Orders are kept as text with their line and read when the phase is played, against the board
of that moment (so a unit's type may be omitted). Several units may be listed in one province
where their kinds may share it; a piece of no power is written under its own name
(``Zaphod: Z Munich``); a change is written as :class:`dipsat.model.board.Lasting` prints it. Phases in which nothing can happen (a retreat
phase with no dislodged unit, adjustments with nothing to adjust) are absent from a game, as
from the board's own sequence; a ``PHASE`` line names the phase the game must then be at.
Every error is a :class:`~dipsat.model.errors.CaseFileError` with file and line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from dipsat.model.files import lines_of
from dipsat.model.cases import Expected, case_error, other_format, parse_phase, read_text, words_problem
from dipsat.model.errors import CaseFileError
from dipsat.model.types import Phase

__all__ = ["Record", "RecordPhase", "Line", "load_record", "read_record"]

_RESULT_RE = re.compile(r"(.*?)\s*\[([^\[\]]*)\]\s*")
_LINE_RE = re.compile(r"([A-Za-z][\w.-]*)\s*:\s*(.*)")
_KEYWORDS = frozenset({"GAME", "TITLE", "VARIANT", "RULES", "PHASE", "UNITS", "CENTRES", "CENTERS",
                       "ORDERS", "AFTER", "END", "CHANGES"})


@dataclass(frozen=True)
class Line:
    """One ``Power: text`` line of a record, as written."""

    power: str
    text: str
    line: int
    expected: Expected | None = None


@dataclass(frozen=True)
class RecordPhase:
    """One phase of a record: its orders and what is expected after it."""

    phase: Phase
    line: int
    orders: tuple[Line, ...] = ()
    after: tuple[Line, ...] | None = None
    """Expected units at the next phase (``None``: not stated)."""
    after_centres: tuple[Line, ...] | None = None
    """Expected centres at the next phase (``None``: not stated)."""
    after_changes: tuple[Line, ...] | None = None
    """Expected lasting changes in force at the next phase (``None``: not stated)."""


@dataclass(frozen=True)
class Record:
    """A whole game as written."""

    id: str
    title: str
    variant: str
    rules: str
    phases: tuple[RecordPhase, ...]
    units: tuple[Line, ...] | None = None
    """A start board of the record's own (``None``: the variant's starting position)."""
    centres: tuple[Line, ...] = ()
    source: str = field(default="", compare=False)
    changes: tuple[Line, ...] = ()
    """Lasting changes of the start board (with ``UNITS``); each line's text is the change."""
    head_lines: Mapping[str, int] = field(default_factory=dict, compare=False)
    """Line of the ``VARIANT`` and ``RULES`` lines (keys ``variant``, ``rules``), when written."""


def load_record(path: str | Path) -> Record:
    """Read the game record in ``path``.

    Raises:
        CaseFileError: unreadable, not UTF-8, or not a valid record (with file and line).
    """
    return read_record(read_text(path), str(path))


def read_record(text: str, source: str = "<string>") -> Record:
    """Read a game record from its text (see the module docstring).

    Raises:
        CaseFileError: with ``source`` and the line of the first problem.
    """
    head = {"id": "", "title": "", "variant": "standard", "rules": "datc"}
    head_lines: dict[str, int] = {}
    phases: list[RecordPhase] = []
    blocks: dict[str, list[Line]] = {}
    block: str | None = None
    current: tuple[Phase, int] | None = None
    start: dict[str, list[Line]] = {}
    ended = False

    def fail(message: str, line: int) -> CaseFileError:
        return case_error(message, source, line)

    def close() -> None:
        if current is not None:
            phases.append(RecordPhase(current[0], current[1], tuple(blocks.get("orders", [])),
                                      tuple(blocks["after"]) if "after" in blocks else None,
                                      tuple(blocks["after_centres"]) if "after_centres" in blocks else None,
                                      tuple(blocks["after_changes"]) if "after_changes" in blocks else None))

    for lineno, raw in enumerate(lines_of(text), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if ended:
            raise fail(f"text after END: {line!r}", lineno)
        word, _, rest = line.partition(" ")
        key, rest = word.upper(), rest.strip()
        if key in _KEYWORDS and (key != "GAME" or not head["id"]):
            if not head["id"] and key != "GAME":
                raise fail(f"a record starts with 'GAME <id>', got {line!r}{other_format(line)}", lineno)
            if key in ("GAME", "TITLE", "VARIANT", "RULES"):
                if current is not None:
                    raise fail(f"{key} belongs before the first PHASE: {line!r}", lineno)
                if not rest:
                    raise fail(f"{key} needs a value: {line!r}", lineno)
                if key.lower() in head_lines:
                    raise fail(f"{key} given twice (first on line {head_lines[key.lower()]}): {line!r}", lineno)
                head["id" if key == "GAME" else key.lower()] = rest
                head_lines[key.lower()] = lineno
            elif key == "PHASE":
                try:
                    phase = parse_phase(rest)
                except ValueError as exc:
                    raise fail(str(exc), lineno) from None
                close()
                current, blocks, block = (phase, lineno), {}, "orders"
            elif key == "END":
                if current is None:
                    raise fail("a record needs at least one PHASE", lineno)
                close()
                ended = True
            elif current is None:
                raise fail(f"{key} before the first PHASE: {line!r}", lineno)
            elif rest:
                raise fail(f"{key} stands alone on its line: {line!r}", lineno)
            elif key == "UNITS":
                if phases or blocks.get("orders"):
                    raise fail("UNITS belongs right after the first PHASE", lineno)
                block = "units"
                start.setdefault("units", [])
            elif key in ("CENTRES", "CENTERS"):
                block = {"units": "centres", "after": "after_centres"}.get(block or "")
                if block is None:
                    raise fail("CENTRES follows UNITS (the start) or AFTER (the expected board)", lineno)
                (start if block == "centres" else blocks).setdefault(block, [])
            elif key == "CHANGES":
                block = {"units": "changes", "centres": "changes", "after": "after_changes",
                         "after_centres": "after_changes"}.get(block or "")
                if block is None:
                    raise fail("CHANGES follows UNITS (the start) or AFTER (the expected board)", lineno)
                (start if block == "changes" else blocks).setdefault(block, [])
            elif key == "ORDERS":
                block = "orders"
            else:
                block = "after"
                blocks.setdefault("after", [])
            continue
        if key == "GAME":
            raise fail("one game per record file", lineno)
        if current is None or block is None:
            hint = other_format(line) if not head["id"] else ""
            raise fail(f"expected a keyword ({', '.join(sorted(_KEYWORDS))}), got {line!r}{hint}", lineno)
        if block in ("changes", "after_changes"):
            (start if block == "changes" else blocks).setdefault(block, []).append(Line("", line, lineno))
            continue
        m = _LINE_RE.fullmatch(line)
        if m is None:
            raise fail(f"expected 'Power: ...', got {line!r}", lineno)
        expected = None
        body = m[2]
        r = _RESULT_RE.fullmatch(body)
        if r is not None:
            if block != "orders":
                raise fail(f"only orders take an expected result: {line!r}", lineno)
            problem = words_problem(r[2])
            if problem:
                raise fail(problem, lineno)
            body, expected = r[1], Expected(r[2])
        (start if block in ("units", "centres") else blocks).setdefault(block, []).append(
            Line(m[1], body.strip(), lineno, expected))
    if not head["id"]:
        raise fail("no 'GAME <id>' line", 1)
    if not ended:
        raise fail(f"game {head['id']} has no END", len(lines_of(text)) or 1)
    units = tuple(start["units"]) if "units" in start else None
    return Record(head["id"], head["title"], head["variant"], head["rules"], tuple(phases), units,
                  tuple(start.get("centres", [])), source, changes=tuple(start.get("changes", [])),
                  head_lines=head_lines)
