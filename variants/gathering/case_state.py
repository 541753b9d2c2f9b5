"""The Gathering's cards in force in a case file (the ``STATE`` block): what the cards left on
units and powers, and this season's Black Holes. Double Trouble, Walk on Water and Sail on Land
are the unit's kind on the board (``2A``, ``wA``, ``sF``); Utter Destruction and Garden of Eden
are the board's ``CHANGES`` (``centre removed mun``, ``centre added bur home France``).

One line each::

    stone Munich until Fall 1901        # Turn to Stone: stands, gives no support, until then
    stone Ruhr (dislodged) until Fall 1901
    shielded Munich                     # a Mystical Shield was played on it this season
    amulet France until Fall 1901       # a Protective Amulet protects France's units and centres
    hole Burgundy                       # a Black Hole is open this season
    started Munich from Galicia         # the unit now in Munich began the season in Galicia

A Winter board counts from the next Spring. After ``AFTER`` the lines still in force are
compared.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Sequence

from dipsat.model.errors import InputError, quote
from dipsat.model.types import Position, Season
from dipsat.variants.framework.state import state_of
from dipsat.variants.framework.state_notation import StateLineError, StateNotation, parse_season
from dipsat.variants.gathering.state import NO_MARKS, GatheringState, season_index, season_name

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["GATHERING_STATE"]

_STONE_RE = re.compile(r"stone\s+(.+?)(\s*\(dislodged\))?\s+until\s+(\w+\s+\d+)", re.I)
_SHIELDED_RE = re.compile(r"shielded\s+(.+)", re.I)
_AMULET_RE = re.compile(r"amulet\s+(\w+)\s+until\s+(\w+\s+\d+)", re.I)
_HOLE_RE = re.compile(r"(?:black\s+)?hole\s+(.+)", re.I)
_STARTED_RE = re.compile(r"started\s+(.+?)\s+from\s+(.+)", re.I)
HELP = ("'stone Munich until Fall 1901', 'shielded Munich', 'amulet France until Fall 1901', 'hole Burgundy', "
        "'started Munich from Galicia'")


def _now(position: Position) -> int:
    phase = position.phase
    return season_index(phase) + 1 if phase.season is Season.WINTER else season_index(phase)


def _province(variant: Variant, text: str) -> str:
    words = text.split()
    if len(words) > 1 and re.fullmatch(r"[0-9a-z]*[AF]", words[0]):
        text = " ".join(words[1:])
    return variant.map.resolve(text.strip()).province


def _season(text: str) -> int:
    return season_index(parse_season(text))


def read_state(variant: Variant, position: Position, lines: Sequence[tuple[int, str]]) -> GatheringState:
    """The state a ``STATE`` block states on the board ``position``.

    Raises:
        StateLineError: a line that is none of the forms of the module docstring.
    """
    state: GatheringState | None = state_of(position, None)
    if state is None:
        state = GatheringState(seed=getattr(variant, "seed", 0))
    now = _now(position)
    marks, retreating = dict(state.marks), dict(state.retreating)
    amulets, holes, starts = dict(state.amulets), set(state.holes), dict(state.starts)
    for lineno, text in lines:
        try:
            if m := _STONE_RE.fullmatch(text):
                p, until = _province(variant, m[1]), _season(m[3])
                if until < now:
                    raise ValueError(f"the stone ended before {season_name(now)}")
                book = retreating if m[2] else marks
                if p not in (position.dislodged if m[2] else position.units):
                    raise ValueError(f"no {'dislodged ' if m[2] else ''}unit in {p}")
                book[p] = replace(book.get(p, NO_MARKS), stone_until=until)
            elif m := _AMULET_RE.fullmatch(text):
                amulets[variant.map.resolve_power(m[1])] = _season(m[2])
            elif m := _STARTED_RE.fullmatch(text):
                starts[_province(variant, m[1])] = _province(variant, m[2])
            elif m := _SHIELDED_RE.fullmatch(text):
                p = _province(variant, m[1])
                if p not in position.units:
                    raise ValueError(f"no unit in {p}")
                marks[p] = replace(marks.get(p, NO_MARKS), shielded=now)
            elif m := _HOLE_RE.fullmatch(text):
                holes.add(_province(variant, m[1]))
            else:
                raise ValueError(f"not a Gathering state line; the forms: {HELP}")
        except (InputError, ValueError) as exc:
            why = exc.message if isinstance(exc, InputError) else str(exc)
            raise StateLineError(f"{quote(text)}: {why}", line=lineno) from None
    return replace(state, marks=marks, retreating=retreating, amulets=amulets, holes=frozenset(holes), starts=starts)


def state_lines(variant: Variant, state: Any, position: Position) -> list[str]:
    """The lines compared after ``AFTER``: the cards still in force."""
    if not isinstance(state, GatheringState):
        return []
    now = _now(position)
    out = [f"stone {p} until {season_name(m.stone_until)}" for p, m in state.marks.items() if m.stone(now)]
    out += [f"stone {p} (dislodged) until {season_name(m.stone_until)}" for p, m in state.retreating.items()
            if m.stone(now)]
    out += [f"shielded {p}" for p, m in state.marks.items() if m.shielded == now]
    out += [f"amulet {p} until {season_name(s)}" for p, s in state.amulets.items() if s >= now]
    if position.phase.season is not Season.WINTER:
        out += [f"hole {h}" for h in sorted(state.holes)]
        out += [f"started {p} from {s}" for p, s in state.starts.items() if p != s]
    return sorted(out)


GATHERING_STATE = StateNotation(read_state, state_lines, HELP)
"""The ``STATE`` notation of The Gathering."""
