"""Rules 1 and 4: the end of a game of The Gathering and its winner.

* (a) at any time (checked after every phase), the first power to own an absolute majority of
  the supply centres on the board (those Utter Destruction removed do not count, those a Garden
  of Eden made do) wins, and the game ends;
* the game is limited to 16 seasons from its first: it ends after the last Fall, its retreats
  and (option ``last_winter=played``) its Winter adjustments;
* then (b) the power with the most units wins if it has at least 3 more than any other; else
  the most spell-card points left in its secondary deck and on its discard pile (cards of
  which a deck holds one: 4, two: 2, four: 1); else the powers tied on points share the win.

Only powers still in the game (a unit or a centre on the board) compete at the end.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dipsat.model.types import Position
from dipsat.variants.framework.ending import Outcome
from dipsat.variants.framework.state import state_of
from dipsat.variants.gathering.board import centres_on_board
from dipsat.variants.gathering.state import START, GatheringState

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["Standing", "standing", "gathering_end"]

SEASONS = 16


@dataclass(frozen=True)
class Standing:
    """The end of the game, once it has come, with each power's counts."""

    ended: bool
    winners: tuple[str, ...]
    """One power, several sharing the win, or none while the game goes on."""
    how: str
    lines: tuple[str, ...]
    """One line per power: centres, units, points."""


def _counts(position: Position, state: GatheringState, centres: frozenset[str]) -> dict[str, tuple[int, int, int]]:
    powers = sorted({p.power for p in position.units.values()} | set(position.centres.values())
                    | {d.piece.power for d in position.dislodged.values()})
    out = {}
    for power in powers:
        owned = sum(1 for c, o in position.centres.items() if o == power and c in centres)
        units = sum(1 for p in position.units.values() if p.power == power)
        out[power] = (owned, units, state.hand(power).points)
    return out


def standing(position: Position, state: GatheringState, centres: frozenset[str]) -> Standing:
    """Who has won, if the game is over (see the module docstring)."""
    counts = _counts(position, state, centres)
    lines = tuple(f"{p}: {c} of {len(centres)} centres, {u} units, {pts} card points"
                  for p, (c, u, pts) in counts.items())
    if state.winner:
        return Standing(True, (state.winner,), state.ended, lines)
    if not state.ended:
        return Standing(False, (), "", lines)
    by_units = sorted(counts.items(), key=lambda kv: -kv[1][1])
    if len(by_units) == 1 or (by_units and by_units[0][1][1] - by_units[1][1][1] >= 3):
        top = by_units[0]
        margin = top[1][1] - (by_units[1][1][1] if len(by_units) > 1 else 0)
        return Standing(True, (top[0],), f"{state.ended}; {top[0]} has the most units by {margin} (rule 4b)", lines)
    best = max((v[2] for v in counts.values()), default=0)
    top_points = tuple(p for p, v in counts.items() if v[2] == best)
    if len(top_points) == 1:
        return Standing(True, top_points, f"{state.ended}; no unit margin of 3; {top_points[0]} has the most "
                                          f"card points, {best} (rule 4)", lines)
    return Standing(True, top_points, f"{state.ended}; no unit margin of 3; {', '.join(top_points)} tie on "
                                      f"{best} card points and share the glory (rule 4)", lines)


def gathering_end(variant: Variant, position: Position) -> Outcome | None:
    """The variant's end rule (:mod:`dipsat.variants.framework.ending`): the outcome once the game
    is over, from the state the engine keeps (a majority ends it at once; rule 1 after 1908)."""
    result = standing(position, state_of(position, START), centres_on_board(variant.map, position))
    return Outcome(result.winners, result.how) if result.ended else None
