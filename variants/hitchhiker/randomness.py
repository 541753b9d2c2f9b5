"""Reproducible chance (issue 14, rulings R1-R4): one generator per game, every draw recorded.

A draw is made from the game's seed and its number among the game's draws:
``random.Random(f"{seed}:{number}")`` chooses uniformly among the sorted options (Python seeds a
generator from a string by its SHA-512, the same on every run and machine). Changing the seed
changes the draws and nothing else. A record may state an outcome instead (``GM: DRAW <what>:
<outcome>``, what a postal GM publishes): it is used if it is one of the options; otherwise the
statement is illegal and the outcome is drawn. Every draw is kept in the game state and shown in
the game master's view.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Sequence

from dipsat.variants.hitchhiker.state import Draw, HitchState

__all__ = ["draw", "draw_many", "key_of"]


def key_of(what: str) -> str:
    """The key a stated draw is matched by: ``zaphod moves`` (lower case, single spaces)."""
    return " ".join(what.lower().split())


def draw(state: HitchState, phase: str, what: str, options: Sequence[str],
         stated: dict[str, str] | None = None) -> tuple[str, HitchState]:
    """One outcome among ``options`` for ``what``, and the state with the draw recorded.

    ``stated`` maps draw keys to outcomes the record states; a used statement is removed from it.
    """
    choices = tuple(sorted(options))
    if not choices:
        raise ValueError(f"no possible outcome for {what}")
    said = (stated or {}).pop(key_of(what), None)
    number = len(state.draws)
    if said is not None and said in choices:
        outcome, by_statement = said, True
    else:
        seed = state.seed if state.seed is not None else 0
        outcome, by_statement = random.Random(f"{seed}:{number}").choice(choices), False
    return outcome, replace(state, draws=(*state.draws, Draw(number, phase, what, choices, outcome, by_statement)))


def draw_many(state: HitchState, phase: str, what: str, options: Sequence[str], count: int,
              stated: dict[str, str] | None = None) -> tuple[list[str], HitchState]:
    """``count`` different outcomes, one draw each (``what 1``, ``what 2``...)."""
    left = sorted(options)
    found: list[str] = []
    for i in range(1, count + 1):
        if not left:
            break
        outcome, state = draw(state, phase, f"{what} {i}", left, stated)
        found.append(outcome)
        left.remove(outcome)
    return found, state
