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
from collections.abc import Mapping
from itertools import repeat
from pathlib import PurePath
from typing import Any, Final

from dipsat.model.files import lines_of
from dipsat.model.errors import InputError
from dipsat.model.gamemap import GameMap
from dipsat.model.map_memo import per_map
from dipsat.model.notation import parse_orders
from dipsat.model.types import (
    Dislodged, Phase, PhaseKind, Piece, Position, Season, UnitType, placed,
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
        self.positions: list[str] = []
        self.board: Position | None = None
        """The board of the ``POSITIONS`` lines, once built."""
        self.numbers: list[int] | int = []
        """The line number of each ``POSITIONS`` line, or the first one's when they follow one another."""
        self.orders: list[str] = []
        self.order_lines: list[int] | int = []
        """The line number of each order, or the first one's when they follow one another."""
        self.section = ""
        self.problem: tuple[int, str] | None = None


def read_droidippy(text: str, file: str, gmap: GameMap) -> GameRecord | GameError:
    """Read one Droidippy game; return its record, or a :class:`GameError` if it is no such game."""
    game = PurePath(file).stem
    words = _words_on(gmap)
    blocks = _plain_blocks(text, words)
    if blocks is None:
        blocks = []
        for number, raw in enumerate(lines_of(text), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            m = _PHASE_RE.fullmatch(line) if line[0] in "Pp" else None  # the regex only on lines that may match
            if m is not None:
                blocks.append(_Block(len(blocks), _label(m), phase_of(_year(m[1]), m[2], m[3]), number))
                continue
            if not blocks:
                return GameError(file, game, f"not a Droidippy game: expected 'PHASE <year> <season> <kind>', "
                                 f"got {line!r}", number)
            block = blocks[-1]
            if len(line) in _SECTION_LENGTHS and line.upper() in _SECTIONS:
                block.section = line.upper()
            elif block.section == "POSITIONS":
                block.positions.append(line)
                block.numbers.append(number)  # type: ignore[union-attr]
            elif block.section == "ORDERS":
                block.orders.append(line)
                block.order_lines.append(number)  # type: ignore[union-attr]
            elif block.problem is None:
                block.problem = (number, f"expected POSITIONS or ORDERS, got {line!r}")
    if not blocks:
        return GameError(file, game, "empty file: no PHASE line")
    phases = tuple(_phase(b, gmap, words) for b in blocks)
    return GameRecord(file, game, "standard", Format.DROIDIPPY, phases)


def _label(m: re.Match[str]) -> str:
    return f"{m[1]} {m[2].capitalize()} {m[3].capitalize()}"


def _plain_blocks(text: str, words: _Words) -> list[_Block] | None:
    """The phases of a text written the way Droidippy writes it, found with a few string searches
    per phase: ASCII, lines ending at ``\\n``, each phase a ``PHASE`` line, ``POSITIONS``, its board
    lines (each one read well: nothing to strip), ``ORDERS`` and its order lines (none blank, a
    comment, a header or with white space to strip). ``None`` for any other text, which the
    general reader then reads line by line (and finds the same phases in a text of this shape)."""
    if "\r" in text or not text.isascii():
        return None
    blocks: list[_Block] = []
    at, line, size = 0, 1, len(text)  # where the phase's PHASE line starts, its number
    while at < size:
        p = text.find("\nPOSITIONS\n", at)
        o = text.find("\nORDERS\n", p + 10) if p >= 0 else -1  # p + 10: the line break after POSITIONS
        if o < 0:
            return None
        header = text[at:p]
        named = _HEADERS.get(header)
        if named is None:
            m = _PHASE_RE.fullmatch(header) if header[:1] in ("P", "p") and "\n" not in header else None
            if m is None:
                return None
            if len(_HEADERS) >= 1 << 12:
                _HEADERS.clear()
            named = _HEADERS[header] = (_label(m), phase_of(_year(m[1]), m[2], m[3]))
        block = _Block(len(blocks), *named, line)
        block.positions = text[p + 11:o].split("\n") if o > p + 10 else []
        block.numbers, block.section = line + 2, "ORDERS"
        following = text.find("\nPOSITIONS\n", o + 7)
        at = text.rfind("\n", o + 7, following) + 1 if following >= 0 else size
        orders = text[o + 8:at - 1 if following >= 0 else size].split("\n") if at > o + 8 else []
        if following < 0 and orders and not orders[-1]:
            orders.pop()  # the line break that ends the text
        if not _plain_orders(orders):
            return None
        first = line + 3 + len(block.positions)
        block.orders, block.order_lines = orders, first
        line = first + len(orders)
        block.board = words.board(block.phase, block.positions)
        if block.board is None:  # a line not read before; or no board line (a header, a problem)
            if not words.learn(block.positions):
                return None
            block.board = words.board(block.phase, block.positions)
            if block.board is None:  # two units in a province
                return None
        blocks.append(block)
    return blocks or None


_HEADERS: dict[str, tuple[str, Phase]] = {}
"""``PHASE`` lines read before: their label and phase."""


def _plain_orders(lines: list[str]) -> bool:
    """Whether each line is an order line as it stands: not blank, no comment, no header, nothing to strip.

    Told by a few passes in C over the lines (of ASCII text: :func:`_plain_blocks`): none blank,
    each its own strip, and the lines joined hold no line that starts with ``#`` or ``phase``,
    nor a line ``orders`` or ``positions`` (in any case); only where one of these is found are
    the lines read one by one (and a ``phase...`` line that is no header, kept)."""
    if not lines or (all(lines) and list(map(str.strip, lines)) == lines):
        joined = "\n" + "\n".join(lines).lower() + "\n"
        if not ("\n#" in joined or "\nphase" in joined or "\norders\n" in joined or "\npositions\n" in joined):
            return True
    for line in lines:
        if not line or line[0] == "#" or line != line.strip():
            return False
        if (line[0] in "Pp" and _PHASE_RE.fullmatch(line) is not None) or (
                len(line) in _SECTION_LENGTHS and line.upper() in _SECTIONS):
            return False
    return True


def _phase(block: _Block, gmap: GameMap, words: _Words) -> PhaseRecord | PhaseError:
    if block.problem is not None:
        return PhaseError(block.index, block.label, block.problem[1], block.problem[0])
    position = block.board or words.board(block.phase, block.positions)
    if position is None:
        try:
            position = _position(block, gmap, words)
        except InputError as exc:
            return PhaseError(block.index, block.label, exc.message, exc.line)
    new = tuple.__new__
    texts, lines = block.orders, block.order_lines
    read = parse_orders(texts, gmap, position, block.phase.kind)
    if isinstance(lines, int) and True not in map(isinstance, read, repeat(InputError)):  # every order read
        return PhaseRecord(block.index, block.label, block.phase, position,
                           tuple(map(new, repeat(RecordedOrder), zip(texts, read, repeat(""), repeat(None),
                                                                     range(lines, lines + len(texts))))),
                           line=block.line)
    orders = [RecordedOrder(text, None, order.message, line=number) if isinstance(order, InputError)
              else new(RecordedOrder, (text, order, "", None, number))
              for text, order, number in zip(texts, read, range(lines, lines + len(texts))
                                              if isinstance(lines, int) else lines)]
    return PhaseRecord(block.index, block.label, block.phase, position, tuple(orders), line=block.line)


def _position(block: _Block, gmap: GameMap, words: _Words) -> Position:
    """Build the board of a phase from its ``POSITIONS`` lines, line by line (where
    :meth:`_Words.board` cannot: to say what is wrong, and where).

    Raises:
        InputError: a line that is not ``Nation: kind loc``, an unknown power or province, two
            units in one province.
    """
    units: dict[str, Piece] = {}
    dislodged: dict[str, Dislodged] = {}
    centres: dict[str, str] = {}
    numbers = block.numbers
    for at, line in enumerate(block.positions):
        number = numbers[at] if isinstance(numbers, list) else numbers + at
        province, what = words.entry(line, number)
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
    piece = placed(power, _KINDS[kind], location)  # the piece object the adjudicator places there too
    return location.province, Dislodged(piece, None) if flag else piece


_Entry = tuple[str, "str | Piece | Dislodged"]


class _Words:
    """What the reader has read on one board: ``POSITIONS`` lines (an archive repeats each one in
    many phases and games, and a line read twice gives the same piece object). Orders are
    remembered by :func:`~dipsat.model.notation.parse_order` itself."""

    LIMIT: Final = 1 << 12
    """Lines remembered (then forgotten all at once: memory stays bounded)."""
    BOARDS: Final = 1 << 8
    """Centres' mappings remembered (~1.5 KB each)."""

    def __init__(self, gmap: GameMap) -> None:
        self.gmap = gmap
        self.units: dict[str, tuple[str, Piece]] = {}
        self.centres: dict[str, tuple[str, str]] = {}
        self.dislodged: dict[str, tuple[str, Dislodged]] = {}
        self.owners: dict[tuple[tuple[str, str], ...], Mapping[str, str]] = {}
        """A board's centre lines as read (each line's (province, owner)) -> the centres' mapping
        of the board made of them (most phases list the centres of the phase before)."""

    def entry(self, line: str, number: int) -> _Entry:
        """One ``POSITIONS`` line, read or remembered.

        Raises:
            InputError: see :func:`_position_line`.
        """
        for table in (self.units, self.centres, self.dislodged):
            hit = table.get(line)
            if hit is not None:
                return hit
        if len(self.units) + len(self.centres) + len(self.dislodged) >= self.LIMIT:
            self.units, self.centres, self.dislodged = {}, {}, {}
        province, what = found = _position_line(line, number, self.gmap)
        if isinstance(what, str):
            self.centres[line] = (province, what)
        elif isinstance(what, Dislodged):
            self.dislodged[line] = (province, what)
        else:
            self.units[line] = (province, what)
        return found

    def learn(self, lines: list[str]) -> bool:
        """Read every line of ``lines`` not read before; tell whether each is a board line."""
        units, centres, dislodged = self.units, self.centres, self.dislodged
        for line in lines:
            if line not in units and line not in centres and line not in dislodged:
                try:
                    self.entry(line, 0)
                except InputError:
                    return False
        return True

    def board(self, phase: Phase, lines: list[str]) -> Position | None:
        """The board of ``lines``, built without a step per line in Python; ``None`` if a line was
        not read before, is no board line, or two units stand in one province (:func:`_position`
        then says which)."""
        units = list(map(self.units.get, lines))
        count = len(lines) - units.count(None)
        centres = list(map(self.centres.get, lines[count:]))
        dislodged = []
        if None not in centres and None not in units[:count]:  # the units' lines first, as Droidippy writes
            units = units[:count]
        else:  # any other order, or lines of dislodged units
            units = list(filter(None, units))
            centres = list(filter(None, map(self.centres.get, lines)))
        if len(units) + len(centres) != len(lines):
            dislodged = list(filter(None, map(self.dislodged.get, lines)))
            if len(units) + len(centres) + len(dislodged) != len(lines):
                return None
        on_board, away = dict(units), dict(dislodged)
        if len(on_board) != len(units) or len(away) != len(dislodged):
            return None
        key = tuple(centres)  # the remembered (province, owner) pairs themselves: a quick hash
        owners = self.owners.get(key)
        position = Position(phase, on_board, dict(centres) if owners is None else owners, away)
        if owners is None:
            if len(self.owners) >= self.BOARDS:
                self.owners.clear()
            self.owners[key] = position.centres  # the next board with these centres shares the mapping
        return position


_WORDS: dict[int, _Words] = {}
"""Board -> what was read on it."""


def _words_on(gmap: GameMap) -> _Words:
    return per_map(_WORDS, gmap, _Words)
