"""The Hitchhiker's Guide's state in a case (``STATE`` lines, the game master's view; issue 21).

A rules lawyer sets a situation up with what the board alone does not show, and the checker
reads it back after a phase (``AFTER`` ... ``STATE``; only the keys written are checked)::

    STATE
    Vogon-proof: Spain, Kiel           # the centres made Vogon-proof by an NBO (secret, rule 7d)
    Sunglasses: Munich                 # units under Zaphod's spells (rule 10), by province
    Gargle Blaster: Ruhr
    Commanded: Paris
    Neutral next turn: Kiel            # centres Zaphod entered (rule 10)
    Seed: 2026                         # the game's random generator (ruling R1)

``none`` states an empty list. Provinces are read by any name or abbreviation and written as
dipsat's ids, sorted. The Vogon's six homes are always Vogon-proof and are not listed.
Several hitch-hikers in one province (a stack) are unit lines of their own, at the start and in
``AFTER`` (``Hitch-hiker: H Paris`` twice).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final, Mapping

from dipsat.model.errors import InputError
from dipsat.model.types import Position
from dipsat.variants.framework.state import StateNotation, state_of, with_state
from dipsat.variants.hitchhiker.kinds import VOGON
from dipsat.variants.hitchhiker.state import EMPTY, HitchState

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["HITCHHIKER_STATE"]

_UNITS: Final = {"commanded": "commanded", "gargle blaster": "gargled", "sunglasses": "sunglasses"}
"""Key -> the field of :class:`HitchState` holding the provinces of units under that spell."""
_KEYS: Final = ("vogon-proof", *_UNITS, "neutral next turn", "seed")


def _places(variant: Variant, words: str) -> frozenset[str]:
    if words.strip().lower() in ("", "none"):
        return frozenset()
    return frozenset(variant.map.resolve(w.strip()).province for w in words.split(",") if w.strip())


def read_state(variant: Variant, position: Position, key: str, words: str) -> Position:
    """``position`` with one part of the Hitchhiker's state set as ``words`` say.

    Raises:
        InputError: an unknown key, an unknown province, a centre that is none, a spell on a
            province without a unit, a seed that is no number.
    """
    state: HitchState = state_of(position, EMPTY)
    if key not in _KEYS:
        raise InputError(f"unknown key {key!r}; the Hitchhiker's keys: {', '.join(_KEYS)}")
    if key == "seed":
        if words.lower() == "none":
            return with_state(position, replace(state, seed=None))
        if not words.strip().isdigit():
            raise InputError(f"a seed is a whole number, not {words!r}")
        return with_state(position, replace(state, seed=int(words)))
    places = _places(variant, words)
    if key in ("vogon-proof", "neutral next turn"):
        board = variant.board(position)
        wrong = sorted(p for p in places if p not in board.supply_centres)
        if wrong:
            raise InputError(f"{', '.join(wrong)}: no supply centre")
        if key == "vogon-proof":
            return with_state(position, replace(state, vogon_proof=places - set(variant.map.home_centres(VOGON))))
        return with_state(position, replace(state, neutral_next=places))
    empty = sorted(p for p in places if not any(pc.unit.kind.owned for pc in position.pieces_at(p)))
    if empty:
        raise InputError(f"no unit in {', '.join(empty)} to be under Zaphod's spell")
    return with_state(position, replace(state, **{_UNITS[key]: places}))


def write_state(variant: Variant, position: Position) -> Mapping[str, str]:
    """Every key of the Hitchhiker's state, in the words :func:`read_state` reads."""
    state: HitchState = state_of(position, EMPTY)
    show = lambda ps: ", ".join(sorted(ps)) or "none"  # noqa: E731
    return {"vogon-proof": show(state.vogon_proof), **{k: show(getattr(state, f)) for k, f in _UNITS.items()},
            "neutral next turn": show(state.neutral_next), "seed": str(state.seed) if state.seed is not None else "none"}


HITCHHIKER_STATE: Final = StateNotation(read_state, write_state)
"""The notation of the Hitchhiker's state in a case's ``STATE`` lines."""
