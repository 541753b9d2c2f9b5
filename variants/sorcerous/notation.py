"""Sorcerous Diplomacy's game state in a case (``STATE`` lines, ``Key: words``; issue 21): the
spells in force with their last turn, the spells waiting for the end of the turn, the spirits,
and which wizards have cast this year. Wizards and familiars are read from the board (``W``,
``2A``); Walls and Ice may also be the board's ``CHANGES``, which a unit standing on the ice
needs (the start board is checked before the state is read)::

    STATE
    Spells: Stasis Burgundy until Fall 1901; Shield A Ruhr, 2 turns left (France); Wall Burgundy Munich until Fall 1901
    Waiting: Ice North Sea (England)    # cast this turn: takes effect after the retreats (rule 5)
    Spirits: England from Winter 1901
    Cast: France, Germany               # their wizards have cast their spell of the board's year (rule 2g)

A list is separated by ``;`` (``Cast``: by ``,``); ``none`` states an empty one. "N turns left"
counts the board's own turn (a Winter board: from the next Spring); a unit waiting to retreat is
written ``Ruhr (dislodged)``. In ``AFTER`` the keys written are compared with the state the game
reached, in the words :func:`write_state` writes (spells without their caster).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Final, Mapping

from dipsat.model.errors import InputError, quote
from dipsat.model.types import Location, Phase, PhaseKind, Position, Season
from dipsat.variants.framework.state import StateNotation, state_of, with_state
from dipsat.variants.sorcerous.orders import Cast
from dipsat.variants.sorcerous.spells import SPELL_WORDS, Effect, Spell, turn_name, turn_of
from dipsat.variants.sorcerous.state import EMPTY, SorcerousState

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap
    from dipsat.variants.variant import Variant

__all__ = ["SORCEROUS_STATE"]

_SPELL_RE: Final = re.compile(r"(magic\s+shield|stasis|shield|wall|ice|flame)\s+(.*?)(?:\s*\((dislodged)\))?"
                              r"(?:\s*,?\s*(?:until\s+(\w+\s+\d+)|(\d+)\s+turns?\s+left))?(?:\s*\((\w+)\))?", re.I)
_SPIRIT_RE: Final = re.compile(r"(\w+)\s+from\s+winter\s+(\d+)", re.I)
_KEYS: Final = ("spells", "waiting", "spirits", "cast")
_SEASONS: Final = {"spring": Season.SPRING, "fall": Season.FALL, "autumn": Season.FALL}


def _now(position: Position) -> int:
    """The turn of the board: its own, or (a Winter board) the next Spring's."""
    phase = position.phase
    return 2 * phase.year + 2 if phase.season is Season.WINTER else turn_of(phase)


def _turn(text: str) -> int:
    words = text.split()
    season = _SEASONS.get(words[0].lower()) if len(words) == 2 and words[1].isdigit() else None
    if season is None:
        raise InputError(f"expected a season and a year ('Fall 1901'), got {text!r}")
    return turn_of(Phase(int(words[1]), season, PhaseKind.MOVEMENT))


def _province(gmap: GameMap, text: str) -> str:
    words = text.split()
    if len(words) > 1 and words[0].upper() in ("A", "F", "W", "WF", "2A", "2F"):
        text = " ".join(words[1:])
    return gmap.resolve(text.strip()).province


def _places(gmap: GameMap, spell: Spell, text: str) -> tuple[str, ...]:
    if spell is not Spell.WALL:
        return (_province(gmap, text),)
    words = text.replace(",", " ").replace(" - ", " ").split()
    cuts = []
    for k in range(1, len(words)):
        try:
            cuts.append(tuple(sorted((_province(gmap, " ".join(words[:k])), _province(gmap, " ".join(words[k:]))))))
        except InputError:
            continue
    if len(cuts) != 1:
        raise InputError(f"a Wall names two provinces ('Wall Burgundy Munich'), got {text!r}")
    return cuts[0]


def _items(words: str, sep: str = ";") -> list[str]:
    return [] if words.strip().lower() in ("", "none") else [w.strip() for w in words.split(sep) if w.strip()]


def _spell(variant: Variant, position: Position, text: str, waiting: bool) -> Effect | Cast:
    m = _SPELL_RE.fullmatch(text)
    if m is None:
        raise InputError(f"{quote(text)} is no spell ('Stasis Burgundy until Fall 1901', 'Ice North Sea (England)')")
    spell = SPELL_WORDS[" ".join(m[1].lower().split())]
    places = _places(variant.map, spell, m[2])
    caster = variant.map.resolve_power(m[6]) if m[6] else "(stated)"
    if spell is Spell.ICE or spell is Spell.FLAME:
        if not variant.map.is_sea(places[0]):
            raise InputError(f"{spell.value.capitalize()} is on a sea: {places[0]} is not a sea")
    if waiting:
        if spell not in (Spell.WALL, Spell.ICE, Spell.FLAME) or m[4] or m[5] or m[3]:
            raise InputError(f"{quote(text)}: only Wall, Ice and Flame wait for the end of the turn, with no duration yet")
        return Cast(caster, None, spell.value, places=tuple(Location(p) for p in places))
    if spell is Spell.FLAME:
        raise InputError("Flame has no duration: it is 'Waiting: Flame <sea>' until the end of its turn")
    now = _now(position)
    if m[4]:
        last = _turn(m[4])
    elif m[5]:
        last = now + int(m[5]) - 1
    else:
        raise InputError(f"{quote(text)}: a spell in force says how long ('until Fall 1901', '2 turns left')")
    where = tuple(f"~{p}" for p in places) if m[3] else places
    return Effect(spell, where, min(now, last), last, caster)  # one already ended is not in force


def read_state(variant: Variant, position: Position, key: str, words: str) -> Position:
    """``position`` with one part of the Sorcerous state set as ``words`` say (see the module
    docstring).

    Raises:
        InputError: an unknown key, an unknown province or power, a spell it cannot read.
    """
    state: SorcerousState = state_of(position, EMPTY)
    if key not in _KEYS:
        raise InputError(f"unknown key {key!r}; Sorcerous keys: {', '.join(k.capitalize() for k in _KEYS)}")
    if key == "spells":
        effects = tuple(_spell(variant, position, w, False) for w in _items(words))
        return with_state(position, replace(state, effects=effects))  # type: ignore[arg-type]
    if key == "waiting":
        pending = tuple(_spell(variant, position, w, True) for w in _items(words))
        return with_state(position, replace(state, pending=pending))  # type: ignore[arg-type]
    if key == "spirits":
        spirits = []
        for w in _items(words):
            m = _SPIRIT_RE.fullmatch(w)
            if m is None:
                raise InputError(f"{quote(w)}: a spirit is 'England from Winter 1901'")
            spirits.append((variant.map.resolve_power(m[1]), int(m[2])))
        return with_state(position, replace(state, spirits=tuple(sorted(spirits))))
    year = position.phase.year
    powers = {variant.map.resolve_power(w) for w in _items(words, ",")}
    casts = {c for c in state.casts if c[1] != year} | {(p, year) for p in powers}
    return with_state(position, replace(state, casts=tuple(sorted(casts))))


def write_state(variant: Variant, position: Position) -> Mapping[str, str]:
    """Every key of the Sorcerous state, in the words :func:`read_state` reads."""
    state: SorcerousState = state_of(position, EMPTY)
    now = _now(position)
    spells = []
    for e in state.effects:
        if e.last >= now:
            where = " ".join(w.lstrip("~") for w in e.where) + (" (dislodged)" if e.where[0].startswith("~") else "")
            spells.append(f"{e.spell.value.capitalize()} {where} until {turn_name(e.last)}")
    waiting = [f"{c.spell.value.capitalize()} {' '.join(p.province for p in c.places)}"  # type: ignore[union-attr]
               for c in state.pending if c.spell is not None]
    cast = sorted(p for p, y in state.casts if y == position.phase.year and position.phase.season is not Season.WINTER)
    return {"spells": "; ".join(sorted(spells)) or "none", "waiting": "; ".join(sorted(waiting)) or "none",
            "spirits": "; ".join(f"{p} from Winter {y}" for p, y in state.spirits) or "none",
            "cast": ", ".join(cast) or "none"}


SORCEROUS_STATE: Final = StateNotation(read_state, write_state)
"""The notation of the Sorcerous state in a case's ``STATE`` lines."""
