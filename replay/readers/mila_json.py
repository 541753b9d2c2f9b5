"""Read saved games of the ``diplomacy`` Python package (MILA) and the webDiplomacy research datasets.

Both use the package's saved-game format (``diplomacy.utils.export.to_saved_game_format``): one
JSON object per game, in a ``.json`` file or one per line of a ``.jsonl`` file::

    {"id": "...", "map": "standard", "rules": [...], "phases": [
        {"name": "S1901M",
         "state": {"units": {"RUSSIA": ["F STP/SC", "*A WAR"]},   # '*': dislodged (retreat phases)
                   "centers": {"RUSSIA": ["STP"]}, "retreats": {...}, ...},
         "orders": {"RUSSIA": ["F STP/SC - BOT", "A WAR S A MOS - UKR"]},   # or null
         "results": {"F STP/SC": [], "A WAR": ["cut"]}}, ...]}

A game played on webDiplomacy is replayed under the ``webdiplomacy`` preset when the file says
so (:func:`judge_named`), any other under ``mila``.

``state`` is the board at the start of the phase, so each phase's recorded result is the next
phase's state. The phase names are ``S1901M``, ``F1901R``, ``W1901A``...; a last phase named
``COMPLETED`` holds the final board, whose phase is unknown.
"""
from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Mapping
from operator import itemgetter
from typing import Any, Callable, Final

from dipsat.model.errors import InputError
from dipsat.model.gamemap import GameMap
from dipsat.model.notation import parse_orders, parse_unit
from dipsat.model.safe_text import visible
from dipsat.model.types import Dislodged, Phase, PhaseKind, Piece, Position, Season, placed
from dipsat.replay.records import Format, GameError, GameRecord, PhaseError, PhaseRecord, RecordedOrder

_NAME_RE: Final = re.compile(r"([SFWU])(\d{4})([MRA])")
_SEASONS: Final = {"S": Season.SPRING, "U": Season.SUMMER, "F": Season.FALL, "W": Season.WINTER}
_KINDS: Final = {"M": PhaseKind.MOVEMENT, "R": PhaseKind.RETREAT, "A": PhaseKind.ADJUSTMENT}


def parse_phase_name(name: str) -> Phase | None:
    """Return the phase named ``S1901M`` (``F1901R``, ``W1901A``), or ``None`` for ``COMPLETED`` and the like."""
    m = _NAME_RE.fullmatch(name.strip().upper())
    if m is None:
        return None
    return Phase(int(m[2]), _SEASONS[m[1]], _KINDS[m[3]])


def read_mila(text: str, file: str, key: str, maps: Callable[[str], GameMap]) -> GameRecord | GameError:
    """Read one saved game from its JSON ``text``; ``maps`` returns the board of a variant name.

    A game that is not JSON, not a saved game, or on an unknown map is a :class:`GameError`.
    """
    try:
        saved = _unread_left_out(text)
        if saved is None:
            saved = loads(text)
    except json.JSONDecodeError as exc:
        return GameError(file, key, f"not JSON: {exc.msg} at column {exc.colno}", None)
    except RecursionError:
        return GameError(file, key, "not a saved game: JSON nested too deeply", None)
    if "\\" in text and _MAY_HOLD_SURROGATE.search(text) is not None:  # a search for a backslash first (memchr)
        odd = _lone_surrogate(saved)
        if odd is not None:
            name = saved.get("id") if isinstance(saved, dict) and isinstance(saved.get("id"), str) else key
            return GameError(file, visible(str(name), one_line=True),
                             f"text that is not Unicode in the game (a lone surrogate, {odd!r}): "
                             "it can be neither compared nor written")
    if not isinstance(saved, dict) or not isinstance(saved.get("phases"), list):
        return GameError(file, key, "not a saved game: expected an object with a 'phases' list")
    if not saved["phases"]:
        return GameError(file, key, "not a saved game: its 'phases' list is empty")
    game = str(saved.get("id") or key)
    judge = judge_named(saved)
    variant = str(saved.get("map") or "standard")
    try:
        gmap = maps(variant)
    except ValueError as exc:
        return GameError(file, game, str(exc))
    phases: list[PhaseRecord | PhaseError] = []
    for index, raw in enumerate(saved["phases"]):
        label = str(raw.get("name", "?")) if isinstance(raw, dict) else f"#{index + 1}"
        if not isinstance(raw, dict):
            phases.append(PhaseError(index, label, f"phase {label} is not an object: {str(raw)[:40]!r}"))
            continue
        try:
            phases.append(_phase(index, raw, gmap))
        except (InputError, KeyError, TypeError, AttributeError, ValueError) as exc:
            message = exc.message if isinstance(exc, InputError) else f"not a saved game's phase: {_what_is_wrong(exc)}"
            phases.append(PhaseError(index, label, message))
    return GameRecord(file, game, variant, Format.MILA, tuple(phases), rules=judge)


MAX_NUMBER_DIGITS: Final = 4000
"""Longest integer read from a saved game as such (Python refuses more than 4300 digits); a
longer one is read as an infinite number, so the game (and the others of its file) can still be
read: where the format wants a text it is an error of that game, where nothing reads it, nothing."""


def _number(digits: str) -> int | float:
    if len(digits) <= MAX_NUMBER_DIGITS:
        return int(digits)
    return -math.inf if digits.startswith("-") else math.inf


def loads(text: str) -> Any:
    """``json.loads`` for saved games: an integer of more than :data:`MAX_NUMBER_DIGITS` digits
    is read as an infinite number (it stays a number when written again as JSON).

    Raises:
        json.JSONDecodeError: not JSON.
        RecursionError: nested too deeply.
    """
    return json.loads(text, parse_int=_number)


UNREAD_FIELDS: Final = ("retreats", "homes", "civil_disorder", "builds")
"""Fields of a saved game's states that no reader reads (the package's own bookkeeping), in the
order the package writes them: two fifths of a game's text, mostly written as the state before wrote them."""
_LEFT_OUT: Final = "\nleft out"
"""What :func:`_unread_left_out` decodes an unread field's value as: a text with a line break,
which a JSON text without a backslash cannot write."""
_LEFT_OUT_JSON: Final = json.dumps(_LEFT_OUT)
_UNREAD_KEYS: Final = tuple(f'"{field}": ' for field in UNREAD_FIELDS)


def _unread_left_out(text: str) -> Any:
    """:func:`loads` of a saved game whose states' :data:`UNREAD_FIELDS` are decoded as
    :data:`_LEFT_OUT` (no objects made for them, and a value written as the one before is not
    even read again); ``None`` where that cannot be told safe (:func:`loads` then decodes the text
    as written, or says what is wrong).

    Each value so put is that of a member ``"field": V, `` of the text, found in turn, field
    after field, where ``V`` is one JSON object or list alone: the scanner read it whole, bracket
    to bracket (nested 64 levels at most), or it is written with the same characters as one it
    read. If the text so changed decodes, each changed member stands where an object's member
    may stand, outside any string (a string closed by its first quote would be followed by a
    letter), and ``V`` there decodes as the text put for it does, to its closing bracket: the
    text as written decodes too, to the same value but for those members. Each of them must also
    be found as a member of a phase's state, one by one, else the text is decoded as written: a
    value a reader reads is never changed. The text holds no backslash, so it writes no line
    break in a string (no :data:`_LEFT_OUT` of its own).
    """
    if "\\" in text:
        return None
    pieces: list[str] = []
    done = replaced = 0
    last: list[str | None] = [None] * len(_UNREAD_KEYS)
    find, startswith = text.find, text.startswith
    at = turn = missed = 0
    while missed < len(_UNREAD_KEYS):  # each field in turn, from where the last one found ends
        key = _UNREAD_KEYS[turn]
        start = find(key, at)
        turn = (turn + 1) % len(_UNREAD_KEYS)
        if start < 0:
            missed += 1
            continue
        missed = 0
        at = start + len(key)
        value = last[turn - 1]
        if value is not None and startswith(value, at):
            end = at + len(value)
        elif text[at:at + 1] in ("{", "["):
            try:
                end = _scan(text, at)[1]
            except (ValueError, StopIteration, RecursionError):
                continue
            value = text[at:end]
            if value.count("{") + value.count("[") > 64:
                continue
            last[turn - 1] = value
        else:
            continue
        if startswith(", ", end):
            pieces.append(text[done:at])
            pieces.append(_LEFT_OUT_JSON)
            done = at = end
            replaced += 1
    if not replaced:
        return None
    pieces.append(text[done:])
    try:
        saved = loads("".join(pieces))
    except (ValueError, RecursionError):
        return None
    phases = saved.get("phases") if type(saved) is dict else None
    if type(phases) is not list:
        return None
    found = 0
    for phase in phases:
        state = phase.get("state") if type(phase) is dict else None
        if type(state) is dict:
            found += list(state.values()).count(_LEFT_OUT)
    return saved if found == replaced else None


_scan: Final = json.JSONDecoder(parse_int=_number).scan_once
"""The scanner :func:`loads` decodes with (:mod:`json`'s, in C): ``(value, index after it)``."""


_MAY_HOLD_SURROGATE: Final = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of a surrogate: a game without one has no lone surrogate (the text is UTF-8)."""


def _lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in a JSON value's strings (keys too), or ``None``."""
    if isinstance(value, str):
        found = _SURROGATE.search(value)
        return found[0] if found else None
    items = value.items() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        for part in (item if isinstance(value, dict) else (item,)):
            odd = _lone_surrogate(part)
            if odd is not None:
                return odd
    return None


_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _what_is_wrong(exc: Exception) -> str:
    """What a phase that is not shaped like a saved game's phase has wrong, in JSON's words."""
    if isinstance(exc, KeyError):
        return f"no {exc.args[0]!r} in it"
    found = re.search(r"'(\w+)' object|unhashable type: '(\w+)'", str(exc))
    value = _JSON_NAMES.get(found[1] or found[2], "a value") if found else "a value"
    return f"{value} where the saved-game format has another type"


def _wrong_type(value: Any, want: str) -> str:
    """``not a saved game's phase: a string where the saved-game format has another type (...)``."""
    found = _JSON_NAMES.get(type(value).__name__, "a value")
    return f"not a saved game's phase: {found} where the saved-game format has another type ({want})"


_JSON_NAMES: Final = {"NoneType": "null", "int": "a number", "float": "a number", "bool": "true or false",
                      "str": "a string", "list": "a list", "dict": "an object"}


def judge_named(saved: dict[str, Any]) -> str | None:
    """The rules preset of the site a saved game says it was played on, or ``None`` (the package).

    A webDiplomacy game (the research datasets convert them to the package's format) is told by
    what the file says: a text under one of :data:`WEBDIPLOMACY_FIELDS` (``source``, ``site``,
    ``url``...), at the top level or in ``metadata``, that names webDiplomacy (``webdiplomacy``,
    ``webDiplomacy.net``), or a game id that starts with ``webdip``. Nothing else is guessed: a
    saved game that says nothing is the package's own.
    """
    places = [saved, saved.get("metadata")]
    for place in places:
        if not isinstance(place, dict):
            continue
        for field in WEBDIPLOMACY_FIELDS:
            value = place.get(field)
            if isinstance(value, str) and "webdiplomacy" in _letters(value):
                return "webdiplomacy"
    if _letters(str(saved.get("id") or "")).startswith("webdip"):
        return "webdiplomacy"
    return None


WEBDIPLOMACY_FIELDS: Final = ("source", "origin", "site", "website", "platform", "server", "judge", "url",
                               "dataset", "provenance")
"""Fields of a saved game (top level or ``metadata``) that may name the site it was played on."""


def _letters(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _phase(index: int, raw: dict[str, Any], gmap: GameMap) -> PhaseRecord:
    """Read one phase of a saved game.

    Raises:
        InputError: an unknown power, unit or province in the state.
        KeyError, TypeError, AttributeError: the phase is not shaped like a saved-game phase.
    """
    name = str(raw["name"])
    phase = _PHASES.get(name, _UNREAD)
    if phase is _UNREAD:
        phase = parse_phase_name(name)
        if len(_PHASES) >= _READ_LIMIT:
            _PHASES.clear()
        _PHASES[name] = phase
    if phase is None and name.strip().upper() != "COMPLETED":
        raise InputError(f"not a phase name: {name!r} (want e.g. 'S1901M', 'F1901R', 'W1901A' or 'COMPLETED')")
    state = raw["state"]
    read = _read_on(gmap)
    position = _position(state, phase, gmap, read)
    if phase is None:  # COMPLETED: the final board; its phase is unknown
        return PhaseRecord(index, name, position.phase, position, phase_known=False)
    results = raw.get("results") or {}
    orders = []
    append = orders.append
    kind = phase.kind
    new = tuple.__new__  # a RecordedOrder made without the Python-level __new__ of named tuples
    given = raw["orders"]
    if type(given) is not dict:
        raise InputError(_wrong_type(given, "'orders' is an object: each power's list of orders"))
    named = read.named
    unit_of = named.get
    powers = read.powers
    codes_of = results.get if type(results) is dict else _no_codes  # not a dict: _recorded says what is wrong
    for power_name, texts in sorted(given.items()):
        power = powers.get(power_name) or read.power(power_name)
        if texts is not None and type(texts) is not list:
            raise InputError(_wrong_type(texts, f"the orders of {power_name} are a list of texts"))
        if not texts:
            continue
        try:  # every order a text (JSON's: no subclass of str), told in C by a join that refuses any other value
            "".join(texts)
        except TypeError:
            _refuse(texts, power_name, results, named)
        read_orders = parse_orders(texts, gmap, position, kind, power)
        at = 0
        for text in texts:  # by place, not zip (and each look-up called here, not by map): fewer steps in C
            order = read_orders[at]
            at += 1
            codes = codes_of(unit_of(text))  # the codes of the unit the text names, if known
            if codes == []:  # the usual: no code (a list compared in C; no other value equals it)
                codes = ""
            elif type(codes) is list and len(codes) == 1 and type(codes[0]) is str:  # or one
                codes = codes[0]
            else:  # None: _recorded reads the text
                codes = _recorded(results, text, named)
            if isinstance(order, InputError):
                append(RecordedOrder(text, None, order.message, recorded=codes))
            else:
                append(new(RecordedOrder, (text, order, "", codes, None)))
    return PhaseRecord(index, name, phase, position, tuple(orders))


def _no_codes(unit: str | None) -> None:
    """The codes of ``unit`` where a phase's results are no object: none known (:func:`_recorded`
    then looks them up, and says what is wrong)."""
    return None


def _refuse(texts: list[Any], power_name: str, results: dict[str, Any], named: dict[str, str]) -> None:
    """Raise the error of a power's orders that are not all texts: the first one that is not,
    unless the result codes of a text before it cannot be read (their error, then).

    Raises:
        InputError: an order that is not a text.
        KeyError, TypeError, AttributeError: the results are not shaped like a saved game's.
    """
    for text in texts:
        if type(text) is not str:
            raise InputError(_wrong_type(text, f"an order of {power_name} is a text, not {str(text)[:40]!r}"))
        _recorded(results, text, named)


def _recorded(results: dict[str, Any], text: str, named: dict[str, str]) -> str | None:
    """The package's result codes for the unit an order names (``"bounce"``, ``""`` for none);
    ``named`` remembers the unit each order text names (its first two words)."""
    unit = named.get(text) if type(text) is str else None
    if unit is None:
        words = text.upper().split(None, 2)  # the first two words (no string made of the rest's)
        if len(words) < 2:
            return None
        unit = sys.intern(" ".join(words[:2]))  # a few hundred units, named by thousands of texts
        if type(text) is str:
            if len(named) >= _NAMED_LIMIT:
                named.clear()
            named[text] = unit
    codes = results.get(unit)
    if codes is None:
        return None
    if type(codes) is list:
        if not codes:
            return ""
        if len(codes) == 1 and type(codes[0]) is str:  # the usual one code
            return codes[0]
    return ", ".join(str(c) for c in codes if str(c))


_PHASES: dict[str, Phase | None] = {}
"""Phase names read (``S1901M`` -> its phase; ``None``: no phase name)."""
_UNREAD: Final[Any] = object()


class _Read:
    """What the texts of saved games on one board read as: a saved game repeats them in every phase."""

    __slots__ = ("gmap", "pieces", "placed", "centres", "named", "powers", "last_centres", "last_owned", "units_read")

    def __init__(self, gmap: GameMap) -> None:
        self.gmap = gmap
        self.pieces: dict[str, dict[str, tuple[str, bool, Piece | Dislodged]]] = {}
        """Power -> unit text -> (province, dislodged, the piece)."""
        self.units_read = 0
        """How many unit texts :attr:`pieces` holds (counted as they are put there)."""
        self.placed: dict[str, dict[str, tuple[str, Piece]]] = {}
        """Power -> text of a unit not dislodged -> (province, the piece): :data:`pieces` of
        those units, as a board's units mapping takes them."""
        self.centres: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}
        """(power, the centres the state lists for it) -> the supply centres."""
        self.named: dict[str, str] = {}
        """Order text -> the unit it names, as the saved game's results name it (``F STP/SC``)."""
        self.powers: dict[str, str] = {}
        """A power's name as written (``FRANCE``) -> the power."""
        self.last_centres: tuple[Any, Mapping[str, str]] | None = None
        self.last_owned: dict[str, tuple[list[Any], str, tuple[str, ...]]] = {}
        """Each power's ``centers`` of the last state whose centres were read anew (as decoded), the
        power and the centres they read as: a state whose centres changed lists most powers'
        as the state before did (a list equal to one read without error reads the same)."""
        """The ``centers`` of the last state read (as decoded) and the board's centres they read
        as: three phases in four list the centres of the phase before, so an equal value (compared
        in C) is the same board's centres, with no key to build and look up."""

    def power(self, name: str) -> str:
        """The power written ``name``, remembered.

        Raises:
            UnknownPowerError: no power is written that way.
        """
        power = self.gmap.resolve_power(name)
        if len(self.powers) < 64:  # a board's powers, written a few ways
            self.powers[name] = power
        return power

    def size(self) -> int:
        """How many unit texts are remembered (the order texts and the centres have bounds of their own)."""
        return self.units_read


_READS: dict[int, _Read] = {}
_READ_LIMIT: Final = 1 << 12
"""Most texts remembered per board (then the memory starts again)."""
_CENTRES_LIMIT: Final = 1 << 9
"""Most centre lists (a power's) remembered per board (then that memory starts again):
a game repeats them from phase to phase; random games seldom share them."""
_NAMED_LIMIT: Final = 1 << 14
"""Most order texts remembered per board with the unit each names (then that memory starts again):
about the order texts of 50 random games (15,038 texts of 80,695 orders); the texts are those
the cache of :mod:`dipsat.model.notation` keeps too, the units few and shared."""


def _read_on(gmap: GameMap) -> _Read:
    read = _READS.get(id(gmap))
    if read is None or read.gmap is not gmap or read.size() >= _READ_LIMIT:
        if len(_READS) >= 16:
            _READS.clear()
        read = _READS[id(gmap)] = _Read(gmap)
    return read


def _placed(listed: Any, read: _Read) -> dict[str, Piece] | None:
    """The units of a state's ``units`` (power -> unit texts) when every text was read before and
    none is dislodged, each power's texts looked up in one pass, in the order of their provinces
    (as a board keeps them: it then takes them as they stand, with no sorting of its own);
    ``None`` for any other state (and for two units in a province): :func:`_position` then reads
    it unit by unit."""
    if type(listed) is not dict:
        return None
    found: list[tuple[str, Piece] | None] = []
    powers, placed = read.powers, read.placed
    try:
        for power_name, texts in listed.items():
            known = placed.get(powers.get(power_name))  # type: ignore[arg-type]
            if known is None or type(texts) is not list:
                return None
            found += map(known.get, texts)
    except TypeError:  # an unhashable text
        return None
    if None in found:
        return None
    found.sort(key=_PROVINCE)  # (stable, by province alone: two units in a province are never compared)
    units = dict(found)  # type: ignore[arg-type]
    return units if len(units) == len(found) else None


_PROVINCE: Final = itemgetter(0)


def _position(state: dict[str, Any], phase: Phase | None, gmap: GameMap, read: _Read) -> Position:
    dislodged: dict[str, Dislodged] = {}
    powers = read.powers
    found_all = _placed(state["units"], read)
    units: dict[str, Piece] = found_all if found_all is not None else {}
    for power_name, texts in sorted(state["units"].items()) if found_all is None else ():
        power = powers.get(power_name) or read.power(power_name)
        known = read.pieces.get(power)
        if known is None:
            known = read.pieces[power] = {}
        if texts is not None and type(texts) is not list:  # a text would be read one letter at a time
            raise InputError(_wrong_type(texts, f"the units of {power_name} are a list of texts"))
        for text in texts or ():
            found = known.get(text) if type(text) is str else None
            if found is None:
                found = _piece(power, text, gmap)
                known[text] = found
                read.units_read += 1
                if not found[1]:
                    read.placed.setdefault(power, {})[text] = (found[0], found[2])
            province, flag, piece = found
            table: dict[str, Any] = dislodged if flag else units
            if province in table:
                raise InputError(f"two units in {province}: {text!r}")
            table[province] = piece
    listed = state["centers"]
    last = read.last_centres
    if last is not None and listed == last[0]:  # the centres of the state before (a JSON value read
        # without error: equal only to a value that reads the same)
        return Position(phase or Phase(0, Season.SPRING, PhaseKind.MOVEMENT), units, last[1], dislodged)
    position = _new_centres(listed, units, dislodged, phase, gmap, read)
    read.last_centres = (listed, position.centres)
    return position


def _new_centres(listed: Any, units: dict[str, Piece], dislodged: dict[str, Dislodged], phase: Phase | None,
                 gmap: GameMap, read: _Read) -> Position:
    """The board of ``units`` and ``dislodged`` with the centres a state lists (``listed``).

    Raises:
        InputError: an unknown power, province, or one that is no supply centre.
        TypeError, AttributeError: the centres are not shaped like a saved game's.
    """
    powers = read.powers
    centres: dict[str, str] = {}
    last_owned = read.last_owned
    owned_now: dict[str, tuple[list[Any], str, tuple[str, ...]]] = {}
    for power_name, names in sorted(listed.items()):
        same = last_owned.get(power_name)
        if same is not None and names == same[0]:
            power, owned = same[1], same[2]
            owned_now[power_name] = same
            for province in owned:
                centres[province] = power
            continue
        power = powers.get(power_name) or read.power(power_name)
        try:
            key = (power, tuple(names)) if type(names) is list else None
            owned = read.centres.get(key)
        except TypeError:  # unhashable: no list of names; reading it says what is wrong
            key, owned = None, None
        if owned is None:
            owned = _centres(names, gmap)
            if key is not None:
                if len(read.centres) >= _CENTRES_LIMIT:
                    read.centres.clear()
                read.centres[key] = owned
        if type(names) is list:
            owned_now[power_name] = (names, power, owned)
        for province in owned:
            centres[province] = power
    when = phase or Phase(0, Season.SPRING, PhaseKind.MOVEMENT)
    position = Position(when, units, centres, dislodged)
    read.last_owned = owned_now
    return position


def _centres(names: Any, gmap: GameMap) -> tuple[str, ...]:
    """The supply centres a power owns, as the state lists them.

    Raises:
        InputError: an unknown province, or one that is no supply centre.
    """
    if names is not None and type(names) is not list:  # a text would be read one letter at a time
        raise InputError(_wrong_type(names, "a power's centres are a list of province names"))
    found = []
    for name in names or ():
        province = gmap.resolve(name).province
        if province not in gmap.supply_centres:
            raise InputError(f"{province} is not a supply centre")
        found.append(province)
    return tuple(found)


def _piece(power: str, text: str, gmap: GameMap) -> tuple[str, bool, Piece | Dislodged]:
    """A unit of the state (``*A WAR``: dislodged) as (province, dislodged, piece).

    Raises:
        InputError: an unknown unit or province.
    """
    flag = text.startswith("*")
    unit = parse_unit(text.lstrip("*"), gmap)
    piece = placed(power, unit.kind, unit.location)  # the piece object the adjudicator places there too
    return unit.province, flag, Dislodged(piece, None) if flag else piece
