"""Reader for the DATC v3.2 chapter-6 transcription (``DATC_v3_2_chapter6_transcribed.txt``).

The format is described in ``shared/datc/SOURCE.md`` section 1: ``CASE``/``TITLE``/``PHASE
spring|winter`` then the DATC's own lines, each order followed by ``[result words]``. This module
turns each case into a :class:`~dipsat.model.cases.Case`:

* the board is every unit named first in a movement order (owner = the power header above it)
  plus every ``X owns F London`` line (an explicit line wins over the ordered unit, 6.A.6, 6.B.10,
  6.B.11); in winter cases only the ``owns`` lines, and ``X owns SC Kiel`` gives the centres;
* ``PHASE spring`` is ``Spring 1901 Movement``, followed by ``Spring 1901 Retreat`` after a
  ``RETREATS`` line; ``PHASE winter`` is ``Winter 1901 Adjustment``;
* ``[Automatic disband F English Channel]`` is an expected automatic order (``Step.auto``);
* the expected board after each phase is derived from the stated results alone: a move that
  ``succeeds`` ends in its destination; a ``dislodged`` unit is dislodged from the province of the
  move that succeeded into its province; a ``destroyed`` unit is gone; every other unit stays. In
  a retreat phase a retreat that succeeds places the unit and every other dislodged unit is gone.
  In winter a build that succeeds adds its unit; a disband that succeeds and an automatic disband
  remove theirs. Any contradiction (two units in one province) is an error, never guessed away;
* titles are written in sentence case (``Move to own province with convoy``);
* quirks kept as written: ``Given`` (6.D.1, normalised to ``given`` like every word), ``Austria``
  without a colon (6.C.8, 6.C.9), ``A Smyrna Supports F Armenia - Ankara`` (6.D.35); several
  orders for one unit stay separate orders.

:data:`ERRATA` corrects the ``destroyed`` tags the transcription leaves out (6.D.8, 6.F.21, 6.H.15
and, found by checking every dislodged unit against the map, 6.F.28) and the one result word it
gets wrong (6.D.4: ``given`` for a support the DATC's own equations cut; the DATC text states only
that the Russian move fails); nothing else is changed.
"""
from __future__ import annotations

import re
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from dipsat.model.files import lines_of
from dipsat.model.cases import (
    DEFAULT_MAP, Case, Expected, Step, case_error, phase_after, read_text, words_problem,
)
from dipsat.model.errors import InputError
from dipsat.model.gamemap import GameMap, load_map
from dipsat.model.notation import parse_order, parse_unit
from dipsat.model.types import (
    Build, Disband, Dislodged, Location, Move, Order, Phase, PhaseKind, Piece, Position, Retreat,
    Season, Unit, UnitType, Waive,
)

__all__ = ["ERRATA", "read_transcription", "load_transcription"]

ERRATA: Mapping[tuple[str, str], tuple[str, str]] = MappingProxyType({
    # 6.D.8: A Albania dislodges A Greece. Greece's army neighbours are Albania (the attacker's
    # province), Serbia (Austrian army, stays) and Bulgaria (Turkish army, stays): no retreat.
    ("6.D.8", "A Greece - Naples"): ("invalid, dislodged", "invalid, destroyed"),
    # 6.F.21: A Norway - Clyde succeeds (DATC: "the support of the fleet in Clyde ... is cut"),
    # so F Clyde is dislodged. Its fleet neighbours Edinburgh (Russian army), Liverpool (English
    # army, its convoy fails), North Atlantic Ocean (taken by the French fleet) and Norwegian Sea
    # (Russian fleet) are all occupied: no retreat. The transcription has no tag at all.
    ("6.F.21", "F Clyde Supports F North Atlantic Ocean"): ("cut", "cut, destroyed"),
    # 6.F.28 (new in DATC 3.1, not in the v3.0 HTML; found by checking every dislodged unit):
    # F Gulf of Bothnia, dislodged from Finland: Sweden and St Petersburg (Russian fleets),
    # Livonia (German army, its convoy fails), Baltic Sea (taken from Prussia): no retreat.
    ("6.F.28", "F Gulf of Bothnia Convoys A Livonia - Sweden"):
        ("disrupted, dislodged", "disrupted, destroyed"),
    # 6.F.28: F Norwegian Sea, dislodged from Norway: North Atlantic Ocean, Barents Sea,
    # Edinburgh (English, staying), North Sea (taken from Skagerrak), Clyde (Russian): no retreat.
    ("6.F.28", "F Norwegian Sea Convoys A Edinburgh - St Petersburg"):
        ("disrupted, dislodged", "disrupted, destroyed"),
    # 6.H.15: the DATC text says "The English fleet in Portugal is destroyed and cannot retreat
    # to Spain(nc)": Mid-Atlantic Ocean (French fleet stays) and Spain (the attacker's origin,
    # both coasts) are closed. Its retreat order that follows is then illegal: no unit retreats.
    ("6.H.15", "F Portugal Holds"): ("dislodged", "destroyed"),
    # 6.D.4: the DATC text states only "The Russian move from Prussia to Berlin fails" (Kiel's
    # support of Berlin is given). The transcription's
    # `[given]` on Berlin's own support is its own addition, and a wrong one: A Prussia - Berlin
    # attacks Berlin from a province other than Kiel, which cuts the support (DATC 5.B.2), as the
    # same attack is marked cutting Berlin's support in 6.D.5. An erratum of the transcription,
    # not a deviation from the DATC.
    ("6.D.4", "A Berlin Supports F Kiel"): ("given", "cut"),
})
"""(case id, order text) -> (words as transcribed, corrected words): units dislodged with no
retreat that the source does not tag ``destroyed``, and 6.D.4's support that the source calls
``given`` though the DATC's equations cut it. Each entry must match exactly once."""

_OWNS_RE = re.compile(r"(\w+) owns (SC )?(.+)", re.IGNORECASE)
_AUTO_RE = re.compile(r"\[Automatic disband (.+)\]", re.IGNORECASE)
_RESULT_RE = re.compile(r"(.*?)\s*\[([^\[\]]*)\]")
_PHASES = {"spring": Phase(1901, Season.SPRING, PhaseKind.MOVEMENT),
           "winter": Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT)}


class _Raw:
    """The lines of one transcribed case, sorted by meaning (throwaway)."""

    def __init__(self, case_id: str, line: int) -> None:
        self.id = case_id
        self.line = line
        self.title = ""
        self.phase: Phase | None = None
        self.units: list[tuple[str, str, int]] = []
        self.centres: list[tuple[str, str, int]] = []
        self.orders: list[list[tuple[str, str, str | None, int]]] = [[]]
        self.auto: list[tuple[str, int]] = []


def load_transcription(path: str | Path, gmap: GameMap | None = None) -> list[Case]:
    """Read the DATC v3.2 transcription file at ``path``.

    Raises:
        CaseFileError: the file is missing, not UTF-8 or not in the transcription format.
    """
    return read_transcription(read_text(path), str(path), gmap)


def read_transcription(text: str, source: str = "<string>",
                       gmap: GameMap | None = None) -> list[Case]:
    """Read every case of a DATC v3.2 transcription text.

    Raises:
        CaseFileError: with ``source`` and line: bad line, unknown power, unreadable order, a
            case without ``END``, results that contradict each other, an erratum that no
            longer matches, or no case at all.
    """
    gmap = gmap or load_map(DEFAULT_MAP)
    cases: list[Case] = []
    for raw in _split(text, source, gmap):
        if any(c.id == raw.id for c in cases):
            raise case_error(f"duplicate case id {raw.id!r}", source, raw.line)
        cases.append(_build(raw, source, gmap))
    if not cases:
        raise case_error(f"no cases in {source}", source, None)
    return cases


def _split(text: str, source: str, gmap: GameMap) -> list[_Raw]:
    raws: list[_Raw] = []
    raw: _Raw | None = None
    power: str | None = None
    for lineno, full in enumerate(lines_of(text), 1):
        line = full.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        key = word.upper()
        if key == "CASE":
            if raw is not None:
                raise case_error(f"case {raw.id} has no END", source, raw.line)
            raw, power = _Raw(rest.strip(), lineno), None
            raws.append(raw)
        elif raw is None:
            raise case_error(f"expected 'CASE <id>', got {line!r}", source, lineno)
        elif key == "END":
            raw = None
        elif key == "TITLE":
            raw.title = rest.strip()
        elif key == "PHASE":
            if rest.strip().lower() not in _PHASES:
                raise case_error(f"expected 'PHASE spring|winter', got {line!r}", source, lineno)
            raw.phase = _PHASES[rest.strip().lower()]
        elif key == "RETREATS" and not rest:
            raw.orders.append([])
        elif m := _AUTO_RE.fullmatch(line):
            raw.auto.append((m[1], lineno))
        elif m := _OWNS_RE.fullmatch(line):
            owner = _power(m[1], gmap, source, lineno)
            (raw.centres if m[2] else raw.units).append((owner, m[3], lineno))
        elif re.fullmatch(r"[A-Za-z]+:?", line):
            power = _power(line.rstrip(":"), gmap, source, lineno)
        elif power is None:
            raise case_error(f"order before any power header: {line!r}", source, lineno)
        else:
            m = _RESULT_RE.fullmatch(line)
            order_text, words = (m[1], m[2]) if m else (line, None)
            if words is not None and (problem := words_problem(words)):  # DATC words only, as in dipsat's format
                raise case_error(problem, source, lineno)
            raw.orders[-1].append((power, order_text, words, lineno))
    if raw is not None:
        raise case_error(f"case {raw.id} has no END", source, raw.line)
    return raws


def _power(text: str, gmap: GameMap, source: str, lineno: int) -> str:
    try:
        return gmap.resolve_power(text)
    except InputError as exc:
        raise case_error(f"unknown power {text!r}", source, lineno) from exc


def _apply_errata(raw: _Raw, source: str) -> None:
    for (case_id, order_text), (old, new) in ERRATA.items():
        if case_id != raw.id:
            continue
        hits = [(i, j) for i, block in enumerate(raw.orders) for j, o in enumerate(block)
                if o[1] == order_text]
        if len(hits) != 1 or raw.orders[hits[0][0]][hits[0][1]][2] != old:
            raise case_error(f"erratum for {case_id} {order_text!r} [{old}] no longer matches",
                             source, raw.line)
        i, j = hits[0]
        power, text, _, lineno = raw.orders[i][j]
        raw.orders[i][j] = (power, text, new, lineno)


def _build(raw: _Raw, source: str, gmap: GameMap) -> Case:
    if raw.phase is None:
        raise case_error(f"case {raw.id} has no PHASE", source, raw.line)
    _apply_errata(raw, source)
    start_phase = raw.phase
    kinds = [start_phase.kind] + [PhaseKind.RETREAT] * (len(raw.orders) - 1)

    def order(power: str, text: str, lineno: int, kind: PhaseKind,
              position: Position | None) -> Order:
        try:
            return parse_order(text, gmap, power=power, position=position, kind=kind)
        except InputError as exc:
            raise case_error(f"cannot read order {text!r}: {exc}", source, lineno) from exc

    first = [order(p, t, n, kinds[0], None) for p, t, _, n in raw.orders[0]]
    start = _start(raw, first, source, gmap)
    first = [order(p, t, n, kinds[0], start) for p, t, _, n in raw.orders[0]]  # as the board says
    steps: list[Step] = []
    position, phase, orders = start, start_phase, first
    for block, kind in zip(raw.orders, kinds, strict=True):
        if steps:
            phase = phase_after(phase, True)  # a retreat phase, even when nobody can retreat (6.H.15)
            if phase.kind is not kind:
                raise case_error(f"case {raw.id}: RETREATS after a {phase.kind.value} phase", source, raw.line)
            orders = [order(p, t, n, kind, position) for p, t, _, n in block]
        expected = tuple(Expected(w) if w is not None else None for _, _, w, _ in block)
        auto = tuple(_auto(text, n, position, source, gmap) for text, n in raw.auto) if not steps else ()
        try:
            after = _after(phase, position, orders, expected, auto, gmap)
        except ValueError as exc:
            raise case_error(f"case {raw.id}: {exc}", source, raw.line) from exc
        steps.append(Step(phase, tuple(orders), expected, auto, after, tuple(n for *_, n in block)))
        position = after
    title = raw.title[:1].upper() + raw.title[1:].lower()
    return Case(id=raw.id, title=title, start=start, steps=tuple(steps), source=source, line=raw.line)


def _start(raw: _Raw, orders: list[Order], source: str, gmap: GameMap) -> Position:
    units: dict[str, Piece] = {}
    for power, text, lineno in raw.units:
        try:
            unit = parse_unit(text, gmap)
        except InputError as exc:
            raise case_error(f"not a unit: {text!r}: {exc}", source, lineno) from exc
        if unit.province in units:
            raise case_error(f"two units in {unit.province}: {text!r}", source, lineno)
        units[unit.province] = Piece(power, unit)
    explicit = set(units)
    if raw.phase is not None and raw.phase.kind is PhaseKind.MOVEMENT:
        for o, (_, text, _, lineno) in zip(orders, raw.orders[0], strict=True):
            if isinstance(o, Waive):
                continue
            piece = Piece(o.power, o.unit)
            if units.setdefault(o.unit.province, piece) != piece and o.unit.province not in explicit:
                raise case_error(f"two different units in {o.unit.province}: {text!r}", source, lineno)
    centres: dict[str, str] = {}
    for power, text, lineno in raw.centres:
        try:
            centres[gmap.resolve(text).province] = power
        except InputError as exc:
            raise case_error(f"unknown province {text!r}", source, lineno) from exc
    assert raw.phase is not None
    return Position(raw.phase, units, centres)


def _auto(text: str, lineno: int, position: Position, source: str, gmap: GameMap) -> Order:
    try:
        unit = parse_unit(text, gmap)
    except InputError as exc:
        raise case_error(f"not a unit: {text!r}: {exc}", source, lineno) from exc
    piece = position.units.get(unit.province)
    if piece is None:
        raise case_error(f"automatic disband of a unit not on the board: {text!r}", source, lineno)
    return Disband(piece.power, unit)


def _landing(unit: Unit, dest: Location, gmap: GameMap) -> Unit:
    """Return ``unit`` moved to ``dest``: armies lose the coast, a fleet gets its implied coast."""
    if unit.kind is UnitType.ARMY:
        return Unit(unit.kind, Location(dest.province))
    if dest.coast is None and gmap.provinces[dest.province].coasts:
        reachable = gmap.coasts_reachable(unit.location, dest.province)
        if len(reachable) != 1:
            raise ValueError(f"{unit} - {dest} succeeds but its coast is not implied")
        dest = reachable[0]
    return Unit(unit.kind, dest)


def _after(phase: Phase, before: Position, orders: list[Order], expected: tuple[Expected | None, ...],
           auto: tuple[Order, ...], gmap: GameMap) -> Position:
    """Derive the board after ``phase`` from the stated results (see the module docstring)."""
    results = [(o, e) for o, e in zip(orders, expected, strict=True) if e is not None]
    if phase.kind is PhaseKind.MOVEMENT:
        return _after_movement(phase, before, results, gmap)
    units = dict(before.units)
    for o, e in results:
        if e.result != "succeeds":
            continue
        match o:
            case Retreat(unit=unit, dest=dest) if phase.kind is PhaseKind.RETREAT:
                gone = before.dislodged.get(unit.province)
                if gone is None:
                    raise ValueError(f"retreat {o} succeeds but that unit is not dislodged")
                landed = _landing(gone.piece.unit, dest, gmap)
                _place(units, Piece(gone.piece.power, landed))
            case Build(power=power, unit=unit):
                _place(units, Piece(power, unit))
            case Disband(unit=unit) if phase.kind is PhaseKind.ADJUSTMENT:
                if units.pop(unit.province, None) is None:
                    raise ValueError(f"disband {o} succeeds but no unit is there")
    for o in auto:
        if isinstance(o, Waive) or units.pop(o.unit.province, None) is None:
            raise ValueError(f"automatic {o} but no unit is there")
    return Position(phase_after(phase, False), units, before.centres)


def _place(units: dict[str, Piece], piece: Piece) -> None:
    if piece.unit.province in units:
        raise ValueError(f"{piece} ends where {units[piece.unit.province]} stands")
    units[piece.unit.province] = piece


def _after_movement(phase: Phase, before: Position, results: list[tuple[Order, Expected]],
                    gmap: GameMap) -> Position:
    staying = dict(before.units)
    arriving: list[Piece] = []
    dislodged: dict[str, Dislodged] = {}
    for o, e in results:
        piece = None if isinstance(o, Waive) else before.units.get(o.unit.province)
        if piece is None:
            continue
        province = piece.unit.province
        if e.fate is not None:  # a hold's result itself may be "dislodged"/"destroyed"
            staying.pop(province, None)
            if e.fate == "dislodged":
                origins = {m.unit.province for m, r in results if isinstance(m, Move)
                           and r.result == "succeeds" and m.dest.province == province}
                if len(origins) != 1:
                    raise ValueError(f"{o} dislodged, but {len(origins)} moves into {province} succeed")
                dislodged[province] = Dislodged(piece, origins.pop())
        elif isinstance(o, Move) and e.result == "succeeds" and province in staying:
            del staying[province]
            arriving.append(Piece(piece.power, _landing(piece.unit, o.dest, gmap)))
    for piece in arriving:
        _place(staying, piece)
    return Position(phase_after(phase, bool(dislodged)), staying, before.centres, dislodged)
