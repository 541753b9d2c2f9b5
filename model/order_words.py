"""The words of order text, and the usual orders read word by word without the general parser.

:mod:`dipsat.model.notation` reads every notation it accepts with a general parser (province
names of several words, coasts written in many ways, power prefixes, arrows). An archive's
orders are nearly all written one way: one word a province, one a unit kind, one a keyword
(``A PAR - BUR``, ``F NTH S A PAR - BUR``, ``par move bur``, ``A PAR R BUR``, ``build Army mos``).
:func:`usual_recipe` reads such a text from a table of the words seen before and gives the
recipe the general parser would (:data:`dipsat.model.notation._Recipe`); any other text, and any
text that the general parser would refuse, gives ``None``, and the general parser reads it.
"""
from __future__ import annotations

import re
from typing import Any, Final

from dipsat.model.errors import UnknownProvinceError
from dipsat.model.gamemap import GameMap, normalize_coasts
from dipsat.model.map_memo import per_map
from dipsat.model.types import (
    Build, Convoy, Disband, Hold, Location, Move, PhaseKind, Retreat, SupportHold, SupportMove, UnitType,
)

_UNIT_WORDS: Final = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
_HOLD: Final = frozenset({"h", "hold", "holds"})
_MOVE: Final = frozenset({"-", "move", "moves"})
_SUPPORT: Final = frozenset({"s", "support", "supports"})
_CONVOY: Final = frozenset({"c", "convoy", "convoys"})
_RETREAT: Final = frozenset({"r", "retreat", "retreats"})
_DISBAND: Final = frozenset({"d", "disband", "disbands", "remove", "removes"})
_BUILD: Final = frozenset({"b", "build", "builds"})
_WAIVE: Final = frozenset({"waive", "waives"})
_VIA: Final = frozenset({"via"})
KEYWORDS: Final = frozenset(_UNIT_WORDS).union(
    _HOLD, _MOVE, _SUPPORT, _CONVOY, _RETREAT, _DISBAND, _BUILD, _WAIVE, _VIA)
"""Words that end a province name in order text; no province name may contain one."""
_GROUPS: Final = (_HOLD, _MOVE, _SUPPORT, _CONVOY, _RETREAT, _DISBAND, _BUILD, _WAIVE, _VIA, frozenset(_UNIT_WORDS))

_ARROW_RE: Final = re.compile(r"\s*(?:->|=>|→|–|—)\s*")
_SPLIT_RE: Final = re.compile(r"(-)")


def tokens(body: str, gmap: GameMap) -> list[str]:
    """Split lower-cased order text into words, with ``-`` as a word of its own."""
    s = normalize_coasts(body.lower())
    s = _ARROW_RE.sub(" - ", s)
    words = s.split()
    if "-" not in s:
        return words
    out: list[str] = []
    for word in words:
        if "-" in word and word not in gmap.compound_words:
            out.extend(w for w in _SPLIT_RE.split(word) if w)
        else:
            out.append(word)
    return out


_Word = tuple[Any, "frozenset[str] | None", "Location | None"]
"""A word as the general parser reads it: the unit kind it writes (``None``: none), the group
of keywords it is one of (``None``: no keyword), the location it names where a province name
may stand (``None``: none; a keyword never names one)."""


class _Lexicon:
    """The words of order texts read on one board (:data:`_Word`); ``None`` for a word the
    general parser reads otherwise than alone (``stp(nc)``, ``lon->bel``), or that names nothing."""

    __slots__ = ("gmap", "words")

    LIMIT: Final = 1 << 12
    """Words remembered (then the table starts again): a standard board's orders use some 300."""

    def __init__(self, gmap: GameMap) -> None:
        self.gmap = gmap
        self.words: dict[str, _Word | None] = {}

    def learn(self, word: str) -> _Word | None:
        """Read ``word`` (one word of ASCII text) as the general parser would, remember it, return it."""
        lower = word.lower()
        found: _Word | None = None
        if (not _COAST_SIGNS.intersection(word) or _COASTED.fullmatch(word)) and tokens(word, self.gmap) == [lower]:
            kind = self.gmap.kinds.get(lower)
            group = next((g for g in _GROUPS if lower in g), None)
            location = None
            if lower not in KEYWORDS:
                try:
                    location = self.gmap.resolve(lower)
                except UnknownProvinceError:
                    location = None
            if kind is not None or group is not None or location is not None:
                found = (kind, group, location)
        if len(self.words) >= self.LIMIT:
            self.words.clear()
        self.words[word] = found
        return found


_COAST_SIGNS: Final = frozenset("/()")
_COASTED: Final = re.compile(r"[A-Za-z]+/[A-Za-z]+")
"""The one way a word may write a coast to be read alone (``stp/nc``): no ``(nc)``, no ``stp/``
before a coast word that follows (the general parser reads ``stp/ north coast`` as one place)."""

_LEXICONS: dict[int, _Lexicon] = {}


def _lexicon(gmap: GameMap) -> _Lexicon:
    return per_map(_LEXICONS, gmap, _Lexicon)


def usual_recipe(text: str, gmap: GameMap, power: str | None, kind: PhaseKind) -> tuple[Any, ...] | None:
    """The recipe (:data:`dipsat.model.notation._Recipe`) the general parser makes of ``text``, for
    a text of the usual shapes: ASCII, no power prefix, each province one word, each word one the
    general parser reads alone; ``None`` for any other text, and for one the parser refuses.

    The shapes, each word in any of the ways the general parser reads it (``S``, ``support``...)
    and the unit kinds written or not: ``K L H``, ``K L - L [via [convoy]]``, ``K L R L``,
    ``K L S K L [- L | H]``, ``K L C K L - L``, ``K L D``, ``K L B``, ``D K L``, ``B K L``.
    """
    if not text.isascii() or ":" in text:
        return None
    lexicon = _lexicon(gmap)
    known = lexicon.words
    words = text.split()
    read: list[_Word] = list(map(known.get, words))  # type: ignore[arg-type]
    if None in read:  # a word not read before (or one that names nothing)
        read = []
        for word in words:
            found = known.get(word, False)
            if found is False:
                found = lexicon.learn(word)
            if found is None:
                return None
            read.append(found)  # type: ignore[arg-type]
    return _shape(read, gmap, power, kind)


def _shape(read: list[_Word], gmap: GameMap, power: str | None, kind: PhaseKind) -> tuple[Any, ...] | None:
    """:func:`usual_recipe` of the words read, in the general parser's order of decisions."""
    size = len(read)
    if not size:
        return None
    reads: list[tuple[Location, bool, Any]] = []
    first = read[0][1]
    if first is _WAIVE:
        return None  # rare: the general parser reads it
    if first is _BUILD or first is _DISBAND:
        at = _unit(read, 1, reads, ordered=first is _DISBAND, required=first is _BUILD)
        if at != size:
            return None
        if first is _BUILD:
            return Build, power, False, _home(gmap, reads[0][0]), tuple(reads), ()
        return Disband, power, True, None, tuple(reads), ()
    if read[0][0] is not None and (size == 4 or size == 7):
        found = _written_out(read, size, power, kind)
        if found is not None:
            return found
    at = _unit(read, 0, reads, ordered=True, verb_follows=True)
    if at < 0:
        return None
    home = _home(gmap, reads[0][0]) if read[-1][1] is _BUILD else None
    verb = read[at][1]
    at += 1
    cls: type
    tail: tuple[Any, ...] = ()
    if verb is _HOLD or verb is _DISBAND or verb is _BUILD:
        cls = Hold if verb is _HOLD else Disband if verb is _DISBAND else Build
    elif verb is _MOVE or verb is _RETREAT:
        dest = _place(read, at)
        if dest is None:
            return None
        at += 1
        via = at < size and read[at][1] is _VIA
        if via and verb is _MOVE:
            at += 1
            if at < size and read[at][1] is _CONVOY:
                at += 1
        if verb is _RETREAT or (kind is PhaseKind.RETREAT and not via):
            cls, tail = Retreat, (dest,)
        else:
            cls, tail = Move, (dest, via)
    elif verb is _SUPPORT or verb is _CONVOY:
        at = _unit(read, at, reads, ordered=False)
        if at < 0:
            return None
        if at < size and read[at][1] is _MOVE:
            dest = _place(read, at + 1)
            if dest is None:
                return None
            at += 2
            cls, tail = (SupportMove if verb is _SUPPORT else Convoy), (dest,)
        elif verb is _CONVOY:
            return None
        else:
            if at < size and read[at][1] is _HOLD:
                at += 1
            cls = SupportHold
    else:
        return None
    if at != size:
        return None
    return cls, power, True, home, tuple(reads), tail


def _written_out(read: list[_Word], size: int, power: str | None, kind: PhaseKind) -> tuple[Any, ...] | None:
    """:func:`_shape` of the two commonest shapes, each word's kind written, decided as it decides
    them with no call a word: ``K L - L`` (``K L R L``) and ``K L S K L - L`` (``K L C K L - L``);
    ``None`` for any other (then :func:`_shape` reads it word by word).

    A word naming a location is no keyword (:meth:`_Lexicon.learn`), so a text of these shapes
    has every province one word, ended by the keyword after it or the text's end, and builds nothing.
    """
    if size == 4:
        (written, _, _), (_, _, at), (_, verb, _), (_, _, dest) = read
        if at is None or dest is None or (verb is not _MOVE and verb is not _RETREAT):
            return None
        reads = ((at, True, written),)
        if verb is _RETREAT or kind is PhaseKind.RETREAT:
            return Retreat, power, True, None, reads, (dest,)
        return Move, power, True, None, reads, (dest, False)
    (written, _, _), (_, _, at), (_, verb, _), (named, _, _), (_, _, other), (_, moves, _), (_, _, dest) = read
    if (at is None or other is None or dest is None or named is None or moves is not _MOVE
            or (verb is not _SUPPORT and verb is not _CONVOY)):
        return None
    return (SupportMove if verb is _SUPPORT else Convoy), power, True, None, ((at, True, written),
                                                                             (other, False, named)), (dest,)


def _unit(read: list[_Word], at: int, reads: list[tuple[Location, bool, Any]], ordered: bool,
          required: bool = False, verb_follows: bool = False) -> int:
    """Read a unit from word ``at`` as the general parser's ``unit`` does (its kind, if written,
    then a one-word province); the index of the word after it, or -1."""
    if at >= len(read):
        return -1
    written = read[at][0]
    if written is not None:
        at += 1
    elif required:
        return -1
    location = _place(read, at)
    if location is None or (verb_follows and at + 1 == len(read)):
        return -1
    reads.append((location, ordered, written))
    return at + 1


def _place(read: list[_Word], at: int) -> Location | None:
    """The one-word province name at word ``at``, ended by a keyword or the text's end; else ``None``."""
    if at >= len(read):
        return None
    location = read[at][2]
    if location is None or (at + 1 < len(read) and read[at + 1][1] is None):
        return None  # no province; or a name of more words than one
    return location


def _home(gmap: GameMap, location: Location) -> str | None:
    province = gmap.provinces.get(location.province)
    return province.home if province is not None else None
