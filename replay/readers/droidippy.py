"""Read the Droidippy/godip game-history text format: one game per file.

::

    PHASE 1901 Spring Movement        # then 1901 Spring Retreat, 1901 Fall Movement, ...
    POSITIONS                         # the board at the START of the phase
    Russia: fleet stp/sc              # army, fleet, army/dislodged, fleet/dislodged or supply
    Russia: supply stp                # an owned supply centre (neutral ones are not listed)
    ORDERS                            # one order a line, owner = the unit at that location
    stp/sc move bot                   # hold, move X [via convoy], support X [move Y],
    build Army mos                    # convoy X move Y, disband, build Army|Fleet X, remove X

``Fall Adjustment`` is the Winter adjustment phase of dipsat. Every phase's recorded result is
the next phase's ``POSITIONS``. A phase whose lines cannot be read becomes a
:class:`~dipsat.replay.records.PhaseError` (with its line); an order that cannot be read is kept
with its problem and left out of the adjudication (the unit holds), as the archive's judge would.
"""
from __future__ import annotations

import re
from pathlib import PurePath
from typing import Any, Final

from dipsat.model.files import lines_of
from dipsat.model.errors import InputError
from dipsat.model.gamemap import GameMap
from dipsat.model.notation import parse_order
from dipsat.model.types import (
    Dislodged, Phase, PhaseKind, Piece, Position, Season, Unit, UnitType,
)
from dipsat.replay.records import Format, GameError, GameRecord, PhaseError, PhaseRecord, RecordedOrder

_PHASE_RE: Final = re.compile(r"PHASE\s+(\d+)\s+(Spring|Summer|Fall|Winter)\s+(Movement|Retreat|Adjustment)",
                              re.IGNORECASE)
_UNIT_RE: Final = re.compile(r"([A-Za-z]+)\s*:\s*(army|fleet|army/dislodged|fleet/dislodged|supply)\s+(\S+)",
                             re.IGNORECASE)
_KINDS: Final = {"army": UnitType.ARMY, "fleet": UnitType.FLEET}
_SECTIONS: Final = ("POSITIONS", "ORDERS")
_SECTION_LENGTHS: Final = frozenset(map(len, _SECTIONS))


def looks_like_droidippy(text: str) -> bool:
    """Tell whether ``text`` starts (after blank lines) with a ``PHASE <year> <season> <kind>`` line."""
    start = text.lstrip()  # every line end is white space: the first non-blank line starts here
    end = _LINE_END_RE.search(start)
    first = start[:end.start()] if end is not None else start
    return bool(first) and _PHASE_RE.fullmatch(first.rstrip()) is not None


_LINE_END_RE: Final = re.compile("[\n\r]")
"""The characters a line ends at (:func:`dipsat.model.files.lines_of`)."""


def _year(digits: str) -> int:
    """The year a phase line writes; one of more than six digits as 1,000,000 (out of range: the
    record check makes the phase an error), never a 5,000-digit number."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 6 and digits.isascii() else 10 ** 6


def phase_of(year: int, season: str, kind: str) -> Phase:
    """Return dipsat's phase for a Droidippy phase name (``Fall Adjustment`` is Winter)."""
    k = PhaseKind(kind.capitalize())
    s = Season.WINTER if k is PhaseKind.ADJUSTMENT else Season(season.capitalize())
    return Phase(year, s, k)


class _Block:
    """The lines of one phase, as read."""

    def __init__(self, index: int, label: str, phase: Phase, line: int) -> None:
        self.index, self.label, self.phase, self.line = index, label, phase, line
        self.positions: list[tuple[int, str]] = []
        self.orders: list[tuple[int, str]] = []
        self.section = ""
        self.problem: tuple[int, str] | None = None


def read_droidippy(text: str, file: str, gmap: GameMap) -> GameRecord | GameError:
    """Read one Droidippy game; return its record, or a :class:`GameError` if it is no such game."""
    game = PurePath(file).stem
    blocks: list[_Block] = []
    for number, raw in enumerate(lines_of(text), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _PHASE_RE.fullmatch(line) if line[0] in "Pp" else None  # the regex only on lines that may match
        if m is not None:
            label = f"{m[1]} {m[2].capitalize()} {m[3].capitalize()}"
            blocks.append(_Block(len(blocks), label, phase_of(_year(m[1]), m[2], m[3]), number))
            continue
        if not blocks:
            return GameError(file, game, f"not a Droidippy game: expected 'PHASE <year> <season> <kind>', "
                             f"got {line!r}", number)
        block = blocks[-1]
        if len(line) in _SECTION_LENGTHS and line.upper() in _SECTIONS:
            block.section = line.upper()
        elif block.section == "POSITIONS":
            block.positions.append((number, line))
        elif block.section == "ORDERS":
            block.orders.append((number, line))
        elif block.problem is None:
            block.problem = (number, f"expected POSITIONS or ORDERS, got {line!r}")
    if not blocks:
        return GameError(file, game, "empty file: no PHASE line")
    phases = tuple(_phase(b, gmap) for b in blocks)
    return GameRecord(file, game, "standard", Format.DROIDIPPY, phases)


def _phase(block: _Block, gmap: GameMap) -> PhaseRecord | PhaseError:
    if block.problem is not None:
        return PhaseError(block.index, block.label, block.problem[1], block.problem[0])
    try:
        position = _position(block, gmap)
    except InputError as exc:
        return PhaseError(block.index, block.label, exc.message, exc.line)
    orders = []
    for number, text in block.orders:
        try:
            order = parse_order(text, gmap, position=position, kind=block.phase.kind)
            orders.append(RecordedOrder(text, order, line=number))
        except InputError as exc:
            orders.append(RecordedOrder(text, None, exc.message, line=number))
    return PhaseRecord(block.index, block.label, block.phase, position, tuple(orders), line=block.line)


def _position(block: _Block, gmap: GameMap) -> Position:
    """Build the board of a phase from its ``POSITIONS`` lines.

    Raises:
        InputError: a line that is not ``Nation: kind loc``, an unknown power or province, two
            units in one province.
    """
    units: dict[str, Piece] = {}
    dislodged: dict[str, Dislodged] = {}
    centres: dict[str, str] = {}
    known = _lines_on(gmap)
    for number, line in block.positions:
        entry = known.get(line)
        if entry is None:
            entry = known[line] = _position_line(line, number, gmap)
        province, what = entry
        if isinstance(what, str):
            centres[province] = what
            continue
        table: dict[str, Any] = dislodged if isinstance(what, Dislodged) else units
        if province in table:
            raise InputError(f"two units in {province}: {line!r}", line=number)
        table[province] = what
    return Position(block.phase, units, centres, dislodged)


def _position_line(line: str, number: int, gmap: GameMap) -> tuple[str, str | Piece | Dislodged]:
    """One ``POSITIONS`` line: (province, its owner's name for a centre, or the piece standing there).

    Raises:
        InputError: a line that is not ``Nation: kind loc``, an unknown power or province, a
            ``supply`` in a province that is no supply centre.
    """
    m = _UNIT_RE.fullmatch(line)
    if m is None:
        raise InputError(f"expected 'Nation: army|fleet|supply <location>', got {line!r}", line=number)
    try:
        power = gmap.resolve_power(m[1])
        location = gmap.resolve(m[3])
    except InputError as exc:
        raise InputError(f"{exc.message} in {line!r}", line=number) from None
    what = m[2].lower()
    if what == "supply":
        if location.province not in gmap.supply_centres:
            raise InputError(f"{location.province} is not a supply centre: {line!r}", line=number)
        return location.province, power
    kind, _, flag = what.partition("/")
    piece = Piece(power, Unit(_KINDS[kind], location))
    return location.province, Dislodged(piece, None) if flag else piece


_LINES: dict[int, tuple[GameMap, dict[str, tuple[str, str | Piece | Dislodged]]]] = {}
"""Board -> ``POSITIONS`` lines read on it (an archive repeats each one in many phases and games)."""
_LINES_LIMIT: Final = 1 << 12


def _lines_on(gmap: GameMap) -> dict[str, tuple[str, str | Piece | Dislodged]]:
    hit = _LINES.get(id(gmap))
    if hit is None or hit[0] is not gmap or len(hit[1]) >= _LINES_LIMIT:
        if len(_LINES) >= 16:
            _LINES.clear()
        hit = _LINES[id(gmap)] = (gmap, {})
    return hit[1]
