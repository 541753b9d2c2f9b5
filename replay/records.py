"""What the readers hand to the replayer: games, phases and orders as recorded in an archive.

A :class:`Task` names a unit of work (one game, or one case file) and carries its raw text, so a
worker on another machine needs no shared file system. A reader turns the text into
:class:`GameRecord` values: a sequence of :class:`PhaseRecord` (or :class:`PhaseError` where a
phase cannot be read), each with the recorded position and orders; the recorded result of a phase
is the next phase's position (or the case's ``AFTER`` board).
"""
from __future__ import annotations

from enum import Enum

from dipsat.model.named_tuples import named_tuple
from dipsat.model.types import Order, Phase, Position
from dipsat.model.values import value_class


class Format(Enum):
    """The archive formats the readers understand."""

    DROIDIPPY = "droidippy"
    """Droidippy/godip game history text, one game per file."""
    MILA = "mila"
    """Saved games of the ``diplomacy`` package (and the webDiplomacy research datasets): JSON, JSON lines."""
    CASES = "cases"
    """dipsat, DATC-transcription and jDip case files (:func:`dipsat.model.casefiles.load_any`)."""


JUDGE_PRESETS: dict[Format, str] = {
    Format.DROIDIPPY: "droidippy",
    Format.MILA: "mila",
}
"""The rules preset of each archive's own judge, used when ``--rules`` is not given.

Case files carry their own ``RULES`` line instead.
"""


@value_class
class Task:
    """One unit of work: a game (or a whole case file) with its raw text."""

    file: str
    """The file as the user named it (a folder argument joined with the file's relative path)."""
    key: str
    """Where the game sits in the file: ``""`` for a whole file, ``line 12``, ``game 3``."""
    format: Format
    text: str
    """The raw text of the game (the JSON line, the whole file, ...)."""
    uid: str
    """Stable identity for resuming: file identity, ``key`` and the rules asked for."""
    line: int = 1
    """Line of the file where ``text`` begins."""
    lines: tuple[int, ...] = ()
    """For a chunk of a JSON-lines file: the file line of each game, one game per line of ``text``."""

    @property
    def games(self) -> int:
        """Games in the task, as far as known before reading (a case file counts as one)."""
        return len(self.lines) or 1


@named_tuple
class RecordedOrder:
    """One order as the archive holds it, read or not (a named tuple: an archive holds many)."""

    text: str
    """The order text as recorded."""
    order: Order | None
    """The order as dipsat reads it; ``None`` when it cannot be read."""
    problem: str = ""
    """Why the text could not be read (when ``order`` is ``None``)."""
    recorded: str | None = None
    """The archive's own result for this order (``bounce``, ``void``, a case's ``fails``), if any."""
    line: int | None = None


@value_class
class PhaseRecord:
    """One recorded phase: where it started and what was ordered."""

    index: int
    """0-based position of the phase in its game."""
    label: str
    """The phase as the archive names it (``1901 Fall Adjustment``, ``W1901A``)."""
    phase: Phase
    """The phase in dipsat's terms (``Winter 1901 Adjustment``)."""
    position: Position | None
    """The recorded position at the start of the phase; ``None``: go on from the replayed board
    of the previous phase (case files, whose later steps record no position of their own)."""
    orders: tuple[RecordedOrder, ...] = ()
    after: Position | None = None
    """A recorded board right after this phase (a case's ``AFTER``); ``None``: the next record's position."""
    centres_recorded: bool = True
    """False when ``after`` states no centres (they are then not compared)."""
    line: int | None = None
    phase_known: bool = True
    """False for a final board whose phase the archive does not name (``COMPLETED``)."""
    auto: tuple[str, ...] | None = None
    """Expected automatic orders (a case's ``AUTO``: ``Russia: F eng D``), when recorded."""


@value_class
class PhaseError:
    """A phase that cannot be read."""

    index: int
    label: str
    message: str
    line: int | None = None


@value_class
class GameRecord:
    """A recorded game: its identity and its phases in order."""

    file: str
    game: str
    """The game's id (``game_1030``, the saved game's ``id``, the case id)."""
    variant: str
    format: Format
    phases: tuple[PhaseRecord | PhaseError, ...]
    rules: str | None = None
    """The rules its own record names (a case's ``RULES``), else ``None``."""
    chained: bool = False
    """True for case files: a phase without a position starts from the replayed board before it."""
    results_recorded: bool = False
    """True when :attr:`RecordedOrder.recorded` holds DATC result words to compare (case files)."""
    note: str = ""
    """Said on the game's first phase row (a game renamed because an earlier one has its id)."""


@value_class
class GameError:
    """A game (or file) that cannot be read at all."""

    file: str
    game: str
    message: str
    line: int | None = None


def renamed_note(game: str, name: str, line: int | None, first: int | None) -> str:
    """What the row of a game renamed from ``game`` to ``name`` says (``line``: where it is, ``first``: the earlier one)."""
    here = f" on line {line}" if line else ""
    there = f" (line {first})" if first else ""
    return f"duplicate game id: the game{here} has the id {game!r} of an earlier game of this file{there}; kept as {name!r}"


def distinct_id(game: str, taken: set[str]) -> str:
    """``game``, or if taken the first of ``game#2``, ``game#3``... that is not: two games of one
    file never share an id in the tables (the first keeps its own)."""
    if game not in taken:
        return game
    k = 2
    while f"{game}#{k}" in taken:
        k += 1
    return f"{game}#{k}"
