"""Sorcerous Diplomacy's game state in a case file (the ``STATE`` block): spells in force with
the turns they have left, spells waiting for the end of the turn, spirits, and the years each
wizard has cast in. Wizards and familiars are read from the board (``W``, ``2A``).

One line each::

    Stasis Burgundy until Fall 1901          # or: Stasis Burgundy, 2 turns left
    Shield A Ruhr until Spring 1902 (France) # the caster may be named; a unit letter may be written
    Wall Burgundy Munich until Fall 1901     # a Wall's two provinces
    Ice North Sea until Fall 1902
    Stasis Ruhr (dislodged) until Fall 1901  # a unit waiting to retreat
    waiting Wall Burgundy Munich (France)    # cast this turn, takes effect after the retreats (rule 5)
    spirit England from Winter 1901          # a familiar's spirit, counted from that Winter
    cast France 1901                         # France's wizard has cast its spell of 1901 (rule 2g)

"N turns left" counts the turn of the board's phase (a Winter board: from the next Spring). The
lines compared after ``AFTER`` are the spells still in force (without their caster), the
spells waiting, the spirits, and the casts of the board's year.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Sequence

from dipsat.model.errors import InputError, quote
from dipsat.model.types import Location, Position, Season
from dipsat.variants.framework.state import state_of
from dipsat.variants.framework.state_notation import StateLineError, StateNotation, parse_season
from dipsat.variants.sorcerous.orders import Cast
from dipsat.variants.sorcerous.spells import SPELL_WORDS, Effect, Spell, turn_name, turn_of
from dipsat.variants.sorcerous.state import EMPTY, SorcerousState

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap
    from dipsat.variants.variant import Variant

__all__ = ["SORCEROUS_STATE"]

_SPELL_RE = re.compile(r"(waiting\s+)?(magic\s+shield|stasis|shield|wall|ice|flame)\s+(.*?)"
                       r"(?:\s*\((dislodged)\))?(?:\s*,?\s*(?:until\s+(\w+\s+\d+)|(\d+)\s+turns?\s+left))?"
                       r"(?:\s*\((\w+)\))?", re.I)
_SPIRIT_RE = re.compile(r"spirit\s+(\w+)\s+from\s+winter\s+(\d+)", re.I)
_CAST_RE = re.compile(r"cast\s+(\w+)\s+(\d+)", re.I)
HELP = ("'Stasis Burgundy until Fall 1901', 'Wall Burgundy Munich, 1 turn left', 'Ice North Sea until Fall 1902 "
        "(England)', 'waiting Ice North Sea (England)', 'spirit England from Winter 1901', 'cast France 1901'")


def _now(position: Position) -> int:
    """The turn of the board: its own, or (a Winter board) the next Spring's."""
    phase = position.phase
    return 2 * phase.year + 2 if phase.season is Season.WINTER else turn_of(phase)


def _province(gmap: GameMap, text: str) -> str:
    words = text.split()
    if len(words) > 1 and words[0].upper() in ("A", "F", "W", "WF", "2A", "2F"):
        text = " ".join(words[1:])
    return gmap.resolve(text.strip()).province


def _places(gmap: GameMap, spell: Spell, text: str) -> tuple[str, ...]:
    if spell is Spell.WALL:
        parts = [p for p in re.split(r"\s*(?:,|\s-\s|\band\b)\s*", text) if p]
        if len(parts) != 2:
            words = text.split()
            cuts = []
            for k in range(1, len(words)):
                try:
                    cuts.append((_province(gmap, " ".join(words[:k])), _province(gmap, " ".join(words[k:]))))
                except InputError:
                    continue
            if len(cuts) != 1:
                raise ValueError(f"a Wall names two provinces, got {text!r}")
            return tuple(sorted(cuts[0]))
        return tuple(sorted((_province(gmap, parts[0]), _province(gmap, parts[1]))))
    return (_province(gmap, text),)


def _power(gmap: GameMap, text: str) -> str:
    return gmap.resolve_power(text)


def read_state(variant: Variant, position: Position, lines: Sequence[tuple[int, str]]) -> SorcerousState:
    """The Sorcerous state a ``STATE`` block states, on the board ``position``.

    Raises:
        StateLineError: a line that is none of the forms of the module docstring.
    """
    gmap = variant.map
    state: SorcerousState = state_of(position, EMPTY)
    now = _now(position)
    effects, pending = list(state.effects), list(state.pending)
    spirits, casts = list(state.spirits), list(state.casts)
    for lineno, text in lines:
        try:
            if m := _SPIRIT_RE.fullmatch(text):
                spirits.append((_power(gmap, m[1]), int(m[2])))
            elif m := _CAST_RE.fullmatch(text):
                casts.append((_power(gmap, m[1]), int(m[2])))
            elif m := _SPELL_RE.fullmatch(text):
                spell = SPELL_WORDS[" ".join(m[2].lower().split())]
                places = _places(gmap, spell, m[3])
                caster = _power(gmap, m[7]) if m[7] else "(stated)"
                if m[1]:
                    if spell not in (Spell.WALL, Spell.ICE, Spell.FLAME) or m[5] or m[6]:
                        raise ValueError("only Wall, Ice and Flame wait for the end of the turn, with no duration yet")
                    locs = tuple(Location(p) for p in places)
                    pending.append(Cast(caster, None, spell.value, places=locs))
                    continue
                if spell is Spell.FLAME:
                    raise ValueError("Flame has no duration: it is in force only as 'waiting Flame <sea>'")
                if m[5]:
                    last = turn_of(parse_season(m[5]))
                elif m[6]:
                    last = now + int(m[6]) - 1
                else:
                    raise ValueError("a spell in force says how long: 'until Fall 1901' or '2 turns left'")
                if last < now:
                    raise ValueError(f"the spell ended before {turn_name(now)}")
                if spell is Spell.ICE and not gmap.is_sea(places[0]):
                    raise ValueError(f"Ice covers a sea: {places[0]} is not a sea")
                where = tuple(f"~{p}" for p in places) if m[4] else places
                effects.append(Effect(spell, where, min(now, last), last, caster))
            else:
                raise ValueError(f"not a Sorcerous state line; the forms: {HELP}")
        except (InputError, ValueError) as exc:
            why = exc.message if isinstance(exc, InputError) else str(exc)
            raise StateLineError(f"{quote(text)}: {why}", line=lineno) from None
    return replace(state, effects=tuple(effects), pending=tuple(pending), spirits=tuple(sorted(spirits)),
                   casts=tuple(sorted(set(casts))))


def state_lines(variant: Variant, state: Any, position: Position) -> list[str]:
    """The lines compared after ``AFTER`` (see the module docstring)."""
    state = state if isinstance(state, SorcerousState) else EMPTY
    now = _now(position)
    out = []
    for e in state.effects:
        if e.last < now:
            continue
        where = " ".join(w.lstrip("~") for w in e.where) + (" (dislodged)" if e.where[0].startswith("~") else "")
        out.append(f"{e.spell.value.capitalize()} {where} until {turn_name(e.last)}")
    out += [f"waiting {c.spell.value.capitalize()} {' '.join(p.province for p in c.places)}"  # type: ignore[union-attr]
            for c in state.pending if c.spell is not None]
    out += [f"spirit {p} from Winter {y}" for p, y in state.spirits]
    if position.phase.season is not Season.WINTER:
        out += [f"cast {p} {y}" for p, y in state.casts if y == position.phase.year]
    return sorted(out)


SORCEROUS_STATE = StateNotation(read_state, state_lines, HELP)
"""The ``STATE`` notation of Sorcerous Diplomacy."""
