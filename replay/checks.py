"""Checks every archive reader's games get before a replay: what no judge could have recorded.

A board the case reader refuses (an army at sea, a fleet inland), phases that go back in time,
a phase the board never plays (``Summer 1901 Movement`` on the standard board, the year
99999999999), and a text file cut short in the middle of a line are record errors: the phase becomes a
:class:`~dipsat.replay.records.PhaseError` (an ``error`` row), never a board that is
adjudicated and then reported as ``differ``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Final

from dipsat.model.errors import quote
from dipsat.model.files import lines_of
from dipsat.model.gamemap import GameMap
from dipsat.model.phase_words import MAX_YEAR, MIN_YEAR, STANDARD_PHASES
from dipsat.model.start_board import placement_problem
from dipsat.model.types import Piece, Position, Unit
from dipsat.replay.compare import phase_key
from dipsat.replay.records import GameError, GameRecord, PhaseError, PhaseRecord


def _board_problem(position: Position, gmap: GameMap, known: _Known) -> str:
    """Why a recorded board cannot be, or ``""``; with lasting changes, as the case reader rules: a
    unit is out of place only if it is on the map and on the board in play (a frozen sea holds
    an army and a fleet). ``known`` holds the placement problem on ``gmap`` of each unit already
    checked, by ``id`` (with the unit, so that no id is reused): a reader hands the same unit
    object to many phases and games."""
    if not position.changes and _all_placed(position, gmap, known):
        return ""
    in_play = None
    if position.changes:
        from dipsat.model.board import board_in_play  # the board imports the case reader
        in_play = board_in_play(gmap, position)
    pieces = [(p, "") for _, p in sorted(position.units.items())]
    pieces += [(d.piece, " (dislodged)") for _, d in sorted(position.dislodged.items())]
    for piece, note in pieces:
        problem = _placement(piece.unit, gmap, known)
        if problem and in_play is not None and not placement_problem(piece.unit, in_play, coast_required=False):
            problem = ""
        if problem:
            return f"{problem}: {piece}{note}"
    return ""


def _all_placed(position: Position, gmap: GameMap, known: _Known) -> bool:
    """Every unit of ``position`` (dislodged ones too) stands well on ``gmap``: the usual board, told
    in one C pass when each of its pieces was found well placed before (``known.placed``: a reader
    hands the same piece objects to many phases and games)."""
    placed = known.placed
    if not position.dislodged and placed.issuperset(map(id, position.units.values())):
        return True
    problems = known.problems
    for piece in position.units.values():
        unit = piece.unit
        hit = problems.get(id(unit))
        if (hit[1] if hit is not None and hit[0] is unit else _placement(unit, gmap, known)):
            return False
        if id(piece) not in placed:
            if len(known.pieces) >= _KNOWN_LIMIT:  # then that memory starts again
                placed.clear()
                known.pieces.clear()
            placed.add(id(piece))
            known.pieces.append(piece)
    return not any(_placement(d.piece.unit, gmap, known) for d in position.dislodged.values())


def _placement(unit: Unit, gmap: GameMap, known: _Known) -> str:
    hit = known.problems.get(id(unit))
    if hit is not None and hit[0] is unit:
        return hit[1]
    if len(known.problems) >= _KNOWN_LIMIT:
        known.problems.clear()
        known.placed.clear()
        known.pieces.clear()
    problem = placement_problem(unit, gmap, coast_required=False)
    known.problems[id(unit)] = (unit, problem)
    return problem


class _Known:
    """The units checked on one board, by ``id`` (each kept, so that no id is reused meanwhile)."""

    __slots__ = ("problems", "placed", "pieces")

    def __init__(self) -> None:
        self.problems: dict[int, tuple[Unit, str]] = {}
        """Each unit checked: the unit, its placement problem (``""``: none)."""
        self.placed: set[int] = set()
        """The ``id`` of each piece whose unit was found well placed, as :meth:`set.issuperset`
        reads them in C: an ``id`` here is that piece's (it is alive, kept in :attr:`pieces`)."""
        self.pieces: list[Piece] = []
        """The pieces of :attr:`placed`, kept alive (a piece is a value: its unit never changes)."""


_KNOWN: dict[int, tuple[GameMap, _Known]] = {}
"""Board -> the units checked on it."""
_KNOWN_LIMIT: Final = 1 << 12


def _known_on(gmap: GameMap) -> _Known:
    hit = _KNOWN.get(id(gmap))
    if hit is None or hit[0] is not gmap:
        if len(_KNOWN) >= 16:
            _KNOWN.clear()
        hit = _KNOWN[id(gmap)] = (gmap, _Known())
    return hit[1]


def _changes_problem(position: Position, standard_sequence: bool) -> str:
    """A lasting change of the board that lasts until a phase the board never plays."""
    for lasting in position.changes:
        until = lasting.until
        if standard_sequence and until is not None and (until.season, until.kind) not in STANDARD_PHASES:
            return f"no such phase on this board: {lasting}"
    return ""


_STANDARD_NAMES: Final = frozenset((season.name, kind.name) for season, kind in STANDARD_PHASES)
""":data:`STANDARD_PHASES` by the members' names (an enum member hashes in Python, its name in C)."""


def _phase_problem(rec: PhaseRecord, last: PhaseRecord | None, standard_sequence: bool) -> str:
    phase = rec.phase
    if not MIN_YEAR <= phase.year <= MAX_YEAR:
        return f"year out of range ({MIN_YEAR}-{MAX_YEAR}): {rec.label}"
    if standard_sequence and (phase.season._name_, phase.kind._name_) not in _STANDARD_NAMES:
        return f"no such phase on this board: {rec.label}"
    if last is not None and phase_key(phase) <= phase_key(last.phase):
        return f"phase out of order: {rec.label} after {last.label}"
    return ""


def check_game(game: GameRecord | GameError, maps: Callable[[str], GameMap]) -> GameRecord | GameError:
    """Return ``game`` with every phase that no judge could have recorded turned into a :class:`PhaseError`."""
    if isinstance(game, GameError):
        return game
    from dipsat.variants import find_variant  # the variants never import the replay
    try:
        gmap = maps(game.variant)
        standard_sequence = find_variant(game.variant).engine is None
    except ValueError:
        return game  # the replay says the variant is unknown
    phases: list[PhaseRecord | PhaseError] = []
    last: PhaseRecord | None = None
    known = _known_on(gmap)
    for rec in game.phases:
        if isinstance(rec, PhaseRecord):
            problem = ""
            for board in (rec.position, rec.after):
                if board is not None and not problem:
                    problem = _board_problem(board, gmap, known) or _changes_problem(board, standard_sequence)
            if not problem and rec.phase_known:
                problem = _phase_problem(rec, last if not game.chained else None, standard_sequence)
            if problem:
                phases.append(PhaseError(rec.index, rec.label, problem, rec.line))
                continue
            if rec.phase_known:
                last = rec
        phases.append(rec)
    return replace(game, phases=tuple(phases))


def check_cut_text(game: GameRecord | GameError, text: str) -> GameRecord | GameError:
    """A text file that ends without a line break in a line that cannot be read was cut short:
    its last phase is an error, not a phase with an order left out."""
    if isinstance(game, GameError) or not text or text.endswith("\n"):
        return game
    lines = lines_of(text)
    last_line = len(lines)
    tail = lines[-1].strip() if lines else ""
    if not game.phases or not tail:
        return game
    rec = game.phases[-1]
    cut = isinstance(rec, PhaseError) and rec.line == last_line
    if isinstance(rec, PhaseRecord):
        cut = any(o.order is None and o.line == last_line for o in rec.orders)
    if not cut:
        return game
    error = PhaseError(rec.index, rec.label, f"the file ends in the middle of a line (cut short?): {quote(tail)}",
                       last_line)
    return replace(game, phases=(*game.phases[:-1], error))
