"""What the reports print for The Gathering: the game master's view of the decks and the board's
changes after each phase, and the end of the game with each power's counts (rules 3, 4)."""
from __future__ import annotations

from typing import Iterable

from dipsat.model.types import Position
from dipsat.variants.gathering.cards import deck_text
from dipsat.variants.gathering.end import Standing
from dipsat.variants.gathering.state import GatheringState, season_index, season_name

__all__ = ["gm_lines", "end_lines"]


def gm_lines(before: GatheringState, after: GatheringState, position: Position,
             powers: Iterable[str] = ()) -> list[str]:
    """Each power's decks, discard pile and points (every power of ``powers``, the game's, also
    one that has lost its last unit and centre); the units' marks; the board's changes; the
    draws of the generator made in this phase (in words)."""
    out = ["cards:"]
    for power in sorted(set(after.hands) | set(position.powers()) | set(powers)):
        hand = after.hand(power)
        split = "" if hand.split_stated else " (default split)"
        out.append(f"  {power}: primary {deck_text(hand.primary)}; secondary {deck_text(hand.secondary)}{split}; "
                   f"discarded {deck_text(hand.discard)}; {hand.points} points")
    season = season_index(position.phase)
    marks = [f"{p} ({m.text(season)})" for p, m in after.marks.items() if m.text(season)]
    if marks:
        out.append("marks: " + ", ".join(marks))
    if after.amulets:
        live = [f"{p} until {season_name(s)}" for p, s in after.amulets.items() if s >= season]
        if live:
            out.append("amulets: " + ", ".join(live))
    if position.changes:
        out.append("board: " + ", ".join(str(c.change) for c in position.changes))
    if after.holes:
        out.append("black holes: " + ", ".join(sorted(after.holes)))
    out += [f"draw: {d}" for d in after.draws[len(before.draws):]]
    out.append(f"seed {after.seed}, {len(after.draws)} draws so far")
    return out


def end_lines(result: Standing) -> list[str]:
    """The result of the game and each power's counts, once it is over."""
    if not result.ended:
        return ["the game goes on:", *("  " + line for line in result.lines)]
    who = " and ".join(result.winners)
    return [f"the game is over: {result.how}; {'winner' if len(result.winners) == 1 else 'shared by'}: {who}",
            *("  " + line for line in result.lines)]
