"""Reader for the jDip/godip case-file format (``datc_v2.4_06.txt``, ``shared/datc/SOURCE.md`` s. 4).

Each ``CASE ... END`` block becomes a :class:`~dipsat.model.cases.Case` with one step:

* ``PRESTATE_SETPHASE Spring 1901, Movement`` is the phase (``Fall 1901, Adjustment`` becomes
  ``Winter 1901 Adjustment``; when missing, as in 6.G.14.-6.G.18., ``Spring 1901 Movement``);
* ``PRESTATE`` and ``PRESTATE_DISLODGED`` give the board; ``PRESTATE_SUPPLYCENTER_OWNERS`` the
  centres (its unit letter is ignored), else no centre is owned;
* ``PRESTATE_RESULTS`` (retreat set-ups) gives each dislodged unit's attacker origin, from the
  ``SUCCESS`` move into its province, and whether that attacker came by convoy (written ``via
  convoy``, carried by a ``SUCCESS`` convoy order, or with no land route: DATC 4.A.5 opens its
  origin to the retreat, 6.H.11, 6.H.12), and the standoffs: empty provinces that two or more
  ``FAILURE`` moves tried to enter. Lines that are not readable orders are skipped;
* the format states no per-order result (every ``Step.expected`` entry is ``None``); the
  expected board is ``POSTSTATE`` (or ``POSTSTATE_SAME``) plus ``POSTSTATE_DISLODGED``, whose
  units have no known attacker origin (``None``). Destroyed units are absent, as jDip leaves them
  out. The expected centres are the start centres.

Dirty lines tolerated: comments after content, tabs, ``Germnay:``, ``Italy F gol`` without colon,
lower-case unit letters, ``F nth-pic`` without spaces, ``Remove par`` without unit letter (the
type of the unit standing there, else ``F`` on a sea and ``A`` on land). Case names
(:func:`case_name`): a DATC number is the id, a trailing dot dropped (``6.E.15.``), and the title
is the rest of the ``CASE`` line or the first line of the comment just above it; any other name
(godip's own files: ``CASE Describe Spring 1903 [Movement]``) is the title, and its words joined
by ``-`` the id (``Describe-Spring-1903-Movement``); ``6.F.E`` is renamed 6.F.5 and the second ``6.F.14`` 6.F.15 (see
:data:`RENAMES`). Data kept as written: 6.F.15's ``Italy: F naf`` (the DATC has ``A``, so jDip's
expected board follows from the wrong unit), 6.D.9 ``F alb``/``F tri``, 6.E.1 ``A kie``.
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Final, Mapping

from dipsat.model.files import lines_of
from dipsat.model.cases import (
    DEFAULT_MAP, Case, Step, case_error, parse_phase, phase_after, read_text,
)
from dipsat.model.errors import InputError
from dipsat.model.gamemap import GameMap, load_map
from dipsat.model.notation import parse_order, parse_unit
from dipsat.model.types import (
    Convoy, Dislodged, Move, Order, Phase, PhaseKind, Piece, Position, Season, UnitType,
)

__all__ = ["RENAMES", "V24_PREFERENCE_CHANGES", "case_name", "read_jdip", "load_jdip"]

V24_PREFERENCE_CHANGES: Final[Mapping[str, str]] = {
    "6.G.8": (
        "DATC v2.4 let a move written 'via convoy' whose convoy is not there fall back to the land "
        "route (A bel walks to hol); since v3.0 the DATC prefers no fallback (4.A.3: the move fails), "
        "as the datc preset does. The v2.4 result is the droidippy preset's."
    ),
}
"""Cases of a DATC v2.4 case file (its header says ``DATC Version 2.4``) whose expected result
the DATC changed afterwards: case id -> why dipsat's result (DATC v3.2) differs. Every other case
of such a file passes under the ``datc`` preset."""

RENAMES: Final[Mapping[tuple[str, int], str]] = {("6.F.E", 1): "6.F.5", ("6.F.14", 2): "6.F.15"}
"""(name in the file, occurrence) -> DATC id: the file's two misnamed cases."""

_POWER_TYPOS: Final = {"germnay": "Germany"}
_BLOCKS: Final = frozenset({"PRESTATE_SUPPLYCENTER_OWNERS", "PRESTATE", "PRESTATE_DISLODGED",
                            "PRESTATE_RESULTS", "ORDERS", "POSTSTATE", "POSTSTATE_DISLODGED"})
_SINGLE: Final = frozenset({"VARIANT_ALL", "CASE", "PRESTATE_SETPHASE", "POSTSTATE_SAME", "END"})
_ITEM_RE: Final = re.compile(r"([A-Za-z]+)\s*(?::\s*|\s+)(.+)")
_REMOVE_RE: Final = re.compile(r"(remove|disband)\s+([\w/]+)", re.IGNORECASE)
_RESULT_RE: Final = re.compile(r"(SUCCESS|FAILURE)\s*:\s*(.+)", re.IGNORECASE)


class _Raw:
    """The lines of one jDip case, by block (throwaway)."""

    def __init__(self, name: str, title: str, line: int) -> None:
        self.name, self.title, self.line = name, title, line
        self.phase: tuple[str, int] | None = None
        self.blocks: dict[str, list[tuple[str, int]]] = {}
        self.same = False


def load_jdip(path: str | Path, gmap: GameMap | None = None) -> list[Case]:
    """Read the jDip/godip case file at ``path``.

    Raises:
        CaseFileError: the file is missing, not UTF-8 or not in the jDip format.
    """
    return read_jdip(read_text(path), str(path), gmap)


def read_jdip(text: str, source: str = "<string>", gmap: GameMap | None = None) -> list[Case]:
    """Read every case of a jDip/godip case-file text.

    Raises:
        CaseFileError: with ``source`` and line: unknown keyword or power, unreadable unit or
            order, a case without ``END``, a duplicate case id, or no case at all.
    """
    gmap = gmap or load_map(DEFAULT_MAP)
    cases: list[Case] = []
    seen: dict[str, int] = {}
    changed = V24_PREFERENCE_CHANGES if _DATC_V24_RE.search(_header(text)) else {}
    for raw in _split(text, source):
        seen[raw.name] = seen.get(raw.name, 0) + 1
        case_id = RENAMES.get((raw.name, seen[raw.name]), raw.name)
        if any(c.id == case_id for c in cases):
            raise case_error(f"duplicate case id {case_id!r}", source, raw.line)
        case = _build(raw, case_id, source, gmap)
        cases.append(replace(case, deviation=changed[case_id]) if case_id in changed else case)
    if not cases:
        raise case_error(f"no cases in {source}", source, None)
    return cases


_DATC_V24_RE: Final = re.compile(r"DATC\s+Version\s+2\.4\b", re.IGNORECASE)


def _header(text: str) -> str:
    """The comment lines before the first keyword of the file."""
    lines = []
    for line in lines_of(text):
        if line.strip() and not line.lstrip().startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines)


def _split(text: str, source: str) -> list[_Raw]:
    raws: list[_Raw] = []
    raw: _Raw | None = None
    block: str | None = None
    comment: list[str] = []
    for lineno, full in enumerate(lines_of(text), 1):
        line, _, note = full.partition("#")
        line = line.strip()
        if not line:
            if full.strip().startswith("#"):
                comment.append(note.strip(" \t#"))
            else:
                comment = []
            continue
        word, _, rest = line.partition(" ")
        key, rest = word.upper(), rest.strip()
        if key in _BLOCKS or key in _SINGLE:
            if key in _BLOCKS and rest:
                raise case_error(f"{key} stands alone: {line!r}", source, lineno)
            if key != "CASE" and key != "VARIANT_ALL" and raw is None:
                raise case_error(f"{key} outside a case: {line!r}", source, lineno)
            block = key if key in _BLOCKS else None
            if key == "VARIANT_ALL" and rest.strip().lower() != "standard":
                raise case_error(f"unknown variant {rest.strip()!r}: jDip case files are read on the standard "
                                 "board (VARIANT_ALL Standard)", source, lineno)
            if key == "CASE":
                if raw is not None:
                    raise case_error(f"case {raw.name} has no END", source, raw.line)
                name, title = case_name(rest)
                if not name:
                    raise case_error(f"CASE needs a name: {line!r}", source, lineno)
                title = title or next((c for c in comment if c), "")
                raw = _Raw(name, title, lineno)
                raws.append(raw)
            elif key == "PRESTATE_SETPHASE" and raw is not None:
                if raw.phase is not None:
                    raise case_error(f"PRESTATE_SETPHASE given twice (first on line {raw.phase[1]}): {line!r}",
                                     source, lineno)
                raw.phase = (rest, lineno)
            elif key == "POSTSTATE_SAME" and raw is not None:
                raw.same = True
            elif key == "END":
                raw = None
            elif raw is not None and block is not None:
                raw.blocks.setdefault(block, [])
        elif raw is None or block is None:
            raise case_error(f"unknown keyword or line outside a block: {line!r}", source, lineno)
        else:
            raw.blocks[block].append((line, lineno))
        comment = []
    if raw is not None:
        raise case_error(f"case {raw.name} has no END", source, raw.line)
    return raws


def case_name(text: str) -> tuple[str, str]:
    """Return the id and the title of a case from the text after ``CASE``.

    A DATC number (``6.E.15.``, ``6.A.3.fleet.support.inland``) is the id, the rest of the line
    the title (``TEST CASE,`` dropped). Any other text (godip's ``Describe Spring 1903
    [Movement]``, ``Failed convoy from tun to gre should NOT break support``) is the title, and
    its words joined by ``-`` the id (one word, as dipsat's own format and ``--case`` want):
    ``Describe-Spring-1903-Movement``.
    """
    first, _, rest = text.strip().partition(" ")
    if _DATC_ID_RE.fullmatch(first):
        return first.rstrip("."), re.sub(r"^TEST CASE,\s*", "", rest.strip(), flags=re.IGNORECASE)
    words = re.findall(r"[\w.:/+-]+", text)
    return "-".join(w.strip(".-") for w in words if w.strip(".-")), " ".join(text.split())


_DATC_ID_RE: Final = re.compile(r"\d+(\.[A-Za-z0-9]+)+\.?")


def _item(line: str, lineno: int, source: str, gmap: GameMap) -> tuple[str, str]:
    m = _ITEM_RE.fullmatch(line)
    if m is None:
        raise case_error(f"expected 'Power: ...', got {line!r}", source, lineno)
    word = _POWER_TYPOS.get(m[1].lower(), m[1])
    try:
        return gmap.resolve_power(word), m[2].strip()
    except InputError as exc:
        raise case_error(f"unknown power {m[1]!r}", source, lineno) from exc


def _pieces(raw: _Raw, block: str, source: str, gmap: GameMap) -> dict[str, Piece]:
    pieces: dict[str, Piece] = {}
    for line, lineno in raw.blocks.get(block, []):
        power, text = _item(line, lineno, source, gmap)
        try:
            unit = parse_unit(text, gmap)
        except InputError as exc:
            raise case_error(exc.message, source, lineno) from exc
        if unit.province in pieces:
            raise case_error(f"two units in {unit.province}: {line!r}", source, lineno)
        pieces[unit.province] = Piece(power, unit)
    return pieces


def _phase(raw: _Raw, source: str) -> Phase:
    if raw.phase is None:
        return Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
    try:
        phase = parse_phase(raw.phase[0])
    except ValueError as exc:
        raise case_error(str(exc), source, raw.phase[1]) from exc
    if phase.kind is PhaseKind.ADJUSTMENT and phase.season is Season.FALL:
        phase = Phase(phase.year, Season.WINTER, phase.kind)   # jDip's "Fall, Adjustment"
    return phase


def _order(text: str, power: str | None, position: Position | None, kind: PhaseKind,
           gmap: GameMap) -> Order:
    m = _REMOVE_RE.fullmatch(text)
    if m and position is not None:
        try:
            where = gmap.resolve(m[2])
        except InputError:
            where = None
        if where is not None and where.province not in position.units:
            text = f"{m[1]} {'F' if gmap.is_sea(where.province) else 'A'} {m[2]}"
    return parse_order(text, gmap, power=power, position=position, kind=kind)


def _build(raw: _Raw, case_id: str, source: str, gmap: GameMap) -> Case:
    phase = _phase(raw, source)
    units = _pieces(raw, "PRESTATE", source, gmap)
    centres: dict[str, str] = {}
    for line, lineno in raw.blocks.get("PRESTATE_SUPPLYCENTER_OWNERS", []):
        power, text = _item(line, lineno, source, gmap)
        try:
            centres[parse_unit(text, gmap).province] = power
        except InputError as exc:
            raise case_error(f"not a centre: {text!r}: {exc}", source, lineno) from exc
    origins: dict[str, set[tuple[str, bool]]] = {}
    failed: dict[str, int] = {}
    results = []
    for line, _ in raw.blocks.get("PRESTATE_RESULTS", []):
        m = _RESULT_RE.fullmatch(line)
        try:
            results.append((m[1].upper(), _order(m[2], None, None, PhaseKind.MOVEMENT, gmap)) if m else None)
        except InputError:
            continue  # "when parseable": such a line only explains the set-up
    convoyed = {(o.target.province, o.dest.province) for r in results if r is not None
                for o in [r[1]] if r[0] == "SUCCESS" and isinstance(o, Convoy)}
    for found in results:
        if found is None or not isinstance(found[1], Move):
            continue
        word, move = found
        if word == "SUCCESS":
            by_convoy = move.via_convoy or (move.unit.province, move.dest.province) in convoyed \
                or (move.unit.kind is UnitType.ARMY and not gmap.army_can_move(move.unit.province, move.dest.province))
            origins.setdefault(move.dest.province, set()).add((move.unit.province, by_convoy))
        else:
            failed[move.dest.province] = failed.get(move.dest.province, 0) + 1
    dislodged = {p: Dislodged(piece, *_one(origins.get(p)))
                 for p, piece in _pieces(raw, "PRESTATE_DISLODGED", source, gmap).items()}
    standoffs = {p for p, n in failed.items() if n >= 2 and p not in units}
    start = Position(phase, units, centres, dislodged, frozenset(standoffs))
    orders: list[Order] = []
    lines: list[int] = []
    for line, lineno in raw.blocks.get("ORDERS", []):
        power, text = _item(line, lineno, source, gmap)
        try:
            orders.append(_order(text, power, start, phase.kind, gmap))
        except InputError as exc:
            raise case_error(f"cannot read order {text!r}: {exc}", source, lineno) from exc
        lines.append(lineno)
    after_units = dict(units) if raw.same else _pieces(raw, "POSTSTATE", source, gmap)
    after_dislodged = {p: Dislodged(piece, None)
                       for p, piece in _pieces(raw, "POSTSTATE_DISLODGED", source, gmap).items()}
    after = Position(phase_after(phase, bool(after_dislodged)), after_units, centres, after_dislodged)
    step = Step(phase, tuple(orders), (None,) * len(orders), (), after, tuple(lines))
    return Case(id=case_id, title=raw.title, start=start, steps=(step,), source=source, line=raw.line)


def _one(found: set[tuple[str, bool]] | None) -> tuple[str | None, bool]:
    """The attacker's origin and whether it came by convoy, when exactly one move succeeded."""
    return next(iter(found)) if found is not None and len(found) == 1 else (None, False)
