"""The Gathering's cards in force in a case (``STATE`` lines, ``Key: words``; issue 21): what the
cards left on units and powers, and this season's Black Holes. Double Trouble, Walk on Water
and Sail on Land are the unit's kind on the board (``2A``, ``wA``, ``sF``); Utter Destruction
and Garden of Eden are the board's ``CHANGES`` (``centre removed mun``, ``centre added bur home
France``); decks are stated by ``SPLIT``, ``CARD`` and ``DISCARD`` orders::

    STATE
    Stone: Munich until Fall 1901; Ruhr (dislodged) until Fall 1901   # Turn to Stone
    Shielded: Munich                   # a Mystical Shield was played on it this season
    Amulets: France until Fall 1901    # a Protective Amulet protects France's units and centres
    Black Holes: Burgundy              # open this season (a case that starts at the retreats)
    Started: Munich from Galicia       # the unit now in Munich began the season in Galicia

A list is separated by ``;`` (``Shielded`` and ``Black Holes``: by ``,``); ``none`` states an
empty one. A Winter board counts from the next Spring. In ``AFTER`` the keys written are
compared with the state the game reached, in the words :func:`write_state` writes.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Final, Mapping

from dipsat.model.errors import InputError, quote
from dipsat.model.types import Phase, PhaseKind, Position, Season
from dipsat.variants.framework.state import StateNotation, state_of, with_state
from dipsat.variants.gathering.state import NO_MARKS, GatheringState, Marks, season_index, season_name

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["GATHERING_STATE"]

_UNTIL_RE: Final = re.compile(r"(.+?)(\s*\(dislodged\))?\s+until\s+(\w+)\s+(\d+)", re.I)
_STARTED_RE: Final = re.compile(r"(.+?)\s+from\s+(.+)", re.I)
_KEYS: Final = ("stone", "shielded", "amulets", "black holes", "started")
_SEASONS: Final = {"spring": Season.SPRING, "fall": Season.FALL, "autumn": Season.FALL}


def _now(position: Position) -> int:
    phase = position.phase
    return season_index(phase) + 1 if phase.season is Season.WINTER else season_index(phase)


def _items(words: str, sep: str = ";") -> list[str]:
    return [] if words.strip().lower() in ("", "none") else [w.strip() for w in words.split(sep) if w.strip()]


def _province(variant: Variant, text: str) -> str:
    words = text.split()
    if len(words) > 1 and re.fullmatch(r"[0-9a-z]*[AF]", words[0]):
        text = " ".join(words[1:])
    return variant.map.resolve(text.strip()).province


def _until(text: str) -> tuple[str, bool, int]:
    m = _UNTIL_RE.fullmatch(text)
    season = _SEASONS.get(m[3].lower()) if m else None
    if m is None or season is None:
        raise InputError(f"{quote(text)}: expected 'Munich until Fall 1901'")
    return m[1], bool(m[2]), season_index(Phase(int(m[4]), season, PhaseKind.MOVEMENT))


def read_state(variant: Variant, position: Position, key: str, words: str) -> Position:
    """``position`` with one part of the cards in force set as ``words`` say (see the module
    docstring).

    Raises:
        InputError: an unknown key, province or power, a stone on no unit, a season already past.
    """
    state: GatheringState = state_of(position, None) or GatheringState(seed=getattr(variant, "seed", 0))
    if key not in _KEYS:
        raise InputError(f"unknown key {key!r}; The Gathering's keys: {', '.join(k.capitalize() for k in _KEYS)}")
    now = _now(position)
    if key == "stone":
        marks = {p: replace(m, stone_until=-1) for p, m in state.marks.items()}
        retreating = {p: replace(m, stone_until=-1) for p, m in state.retreating.items()}
        for item in _items(words):
            where, dislodged, until = _until(item)
            p = _province(variant, where)
            if p not in (position.dislodged if dislodged else position.units):
                raise InputError(f"{quote(item)}: no {'dislodged ' if dislodged else ''}unit in {p}")
            book = retreating if dislodged else marks
            book[p] = replace(book.get(p, NO_MARKS), stone_until=until)
        return with_state(position, replace(state, marks=marks, retreating=retreating))
    if key == "shielded":
        marks = {p: replace(m, shielded=-1) for p, m in state.marks.items()}
        for item in _items(words, ","):
            p = _province(variant, item)
            if p not in position.units:
                raise InputError(f"{quote(item)}: no unit in {p}")
            marks[p] = replace(marks.get(p, NO_MARKS), shielded=now)
        return with_state(position, replace(state, marks=marks))
    if key == "amulets":
        amulets = {}
        for item in _items(words):
            power, _, until = _until(item)
            amulets[variant.map.resolve_power(power)] = until
        return with_state(position, replace(state, amulets=amulets))
    if key == "black holes":
        return with_state(position, replace(state, holes=frozenset(_province(variant, w) for w in _items(words, ","))))
    starts = {}
    for item in _items(words):
        m = _STARTED_RE.fullmatch(item)
        if m is None:
            raise InputError(f"{quote(item)}: expected 'Munich from Galicia'")
        starts[_province(variant, m[1])] = _province(variant, m[2])
    return with_state(position, replace(state, starts=starts))


def write_state(variant: Variant, position: Position) -> Mapping[str, str]:
    """Every key of the cards in force, in the words :func:`read_state` reads."""
    state = state_of(position, None)
    if not isinstance(state, GatheringState):
        state = GatheringState()
    now = _now(position)
    marks: Mapping[str, Marks] = state.marks
    stone = [f"{p} until {season_name(m.stone_until)}" for p, m in marks.items() if m.stone(now)]
    stone += [f"{p} (dislodged) until {season_name(m.stone_until)}" for p, m in state.retreating.items() if m.stone(now)]
    season = position.phase.season is not Season.WINTER
    return {"stone": "; ".join(sorted(stone)) or "none",
            "shielded": ", ".join(sorted(p for p, m in marks.items() if m.shielded == now)) or "none",
            "amulets": "; ".join(f"{p} until {season_name(s)}" for p, s in sorted(state.amulets.items()) if s >= now) or "none",
            "black holes": (", ".join(sorted(state.holes)) if season else "") or "none",
            "started": ("; ".join(f"{p} from {s}" for p, s in sorted(state.starts.items()) if p != s) if season else "")
            or "none"}


GATHERING_STATE: Final = StateNotation(read_state, write_state)
"""The notation of The Gathering's cards in force in a case's ``STATE`` lines."""
