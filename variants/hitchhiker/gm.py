"""The game master's lines and the players' votes in a phase (rules 9-11, rulings R1-R4).

:func:`sort_specials` decides, before anything else, every order the engine handles itself:
``GM: SEED n`` (once, the game's seed), ``GM: DRAW <what>: <outcome>`` (an outcome the record
states: kept until the draw is made), votes (checked now, counted in the wanderers' step),
conditional orders (rule 11: illegal), an NBO outside an adjustment phase (illegal). The results
of the stated draws are settled after the phase (:func:`settle_draws`): used, or else refused.

A line refused here would change the game silently (another random outcome than the one the
record states, a vote not counted): it is an error naming the line (:class:`RefusedOrder`, exit 2),
never a result: a draw stated by a player, a second seed, a second outcome for one draw, an
outcome that is not possible, a draw no step needed, a vote that cannot be counted. A stated draw
names what it decides in dipsat's words or the seed's: ``victim of V(WMS)-Tys``, ``victim of V
Western Mediterranean - Tyrrhenian Sea`` and ``victim of V wes - tys`` are one draw
(:func:`canonical_what`); Zaphod's action may be stated ``a``/``b``/``c`` as in a vote.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final, Sequence

from dipsat.model.reasons import Acted
from dipsat.model.types import OrderResult, PhaseKind, Position, Result
from dipsat.variants.framework.engine import RefusedOrder, illegal
from dipsat.variants.framework.orders import AnyOrder
from dipsat.variants.hitchhiker.kinds import GM
from dipsat.variants.hitchhiker.orders import ZAPHOD_ACTIONS, Conditional, GmDraw, Nbo, Seed, SunglassesOff, Vote
from dipsat.variants.hitchhiker.randomness import key_of
from dipsat.variants.hitchhiker.state import HitchState
from dipsat.variants.hitchhiker.wanderers import vote_problem

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap

__all__ = ["Specials", "canonical_what", "sort_specials", "settle_draws"]


@dataclass
class Specials:
    """The engine's own orders of one phase, sorted out (a throwaway value)."""

    state: HitchState
    results: dict[int, OrderResult] = field(default_factory=dict)
    votes: list[Vote] = field(default_factory=list)
    stated: dict[str, str] = field(default_factory=dict)
    """Draw key -> the outcome the record states (removed when the draw is made)."""
    draw_lines: dict[str, int] = field(default_factory=dict)
    """Draw key -> the index of its ``GM: DRAW`` line."""
    taking_off: dict[int, str] = field(default_factory=dict)
    """Index of a sunglasses order -> the unit's province."""

    @property
    def handled(self) -> frozenset[int]:
        """Indices of the orders decided here (or waiting for their draw)."""
        return frozenset(self.results) | frozenset(self.draw_lines.values()) | frozenset(self.taking_off)


def sort_specials(gmap: GameMap, position: Position, orders: Sequence[AnyOrder], state: HitchState) -> Specials:
    """Decide the game master's lines, the votes, the conditional orders; collect stated draws."""
    out = Specials(state)
    kind = position.phase.kind
    for i, o in enumerate(orders):
        if isinstance(o, (Seed, GmDraw)) and o.power != GM:
            raise RefusedOrder(f"{o.power} cannot state {'the seed' if isinstance(o, Seed) else 'a draw'}: only the "
                               "game master (GM) states the seed or a draw (ruling R1)", i)
        elif isinstance(o, Seed):
            if out.state.seed is not None or out.state.draws:
                raise RefusedOrder(f"GM: SEED {o.seed}: the game's seed is already set ({out.state.seed}) or drawn "
                                   "from; a seed is stated once, before the first draw (ruling R1)", i)
            out.state = replace(out.state, seed=o.seed)
            out.results[i] = OrderResult(o, Result.SUCCEEDS, Acted("succeeds", "the game's random generator is seeded"))  # type: ignore[arg-type]
        elif isinstance(o, GmDraw):
            key = key_of(canonical_what(gmap, o.what))
            if key in out.stated:
                raise RefusedOrder(f"GM: DRAW {o.what}: a second outcome stated for this draw "
                                   f"(line {out.draw_lines[key] + 1} of the phase's orders states one)", i)
            out.stated[key] = _outcome_id(gmap, key, o.outcome)
            out.draw_lines[key] = i
        elif o.power == GM:
            out.results[i] = illegal(o, "the game master states the seed and draws only (GM: SEED n, GM: DRAW what: outcome)")
        elif isinstance(o, Conditional):
            out.results[i] = illegal(o, "ship orders and votes cannot be conditional (rule 11); dipsat takes no "
                                        "conditional order: write the order the game master carried out")
        elif isinstance(o, Vote):
            problem = "votes are given with movement orders" if kind is not PhaseKind.MOVEMENT else \
                vote_problem(gmap, position, o, out.votes)
            if problem:
                raise RefusedOrder(f"{o.power}: {o.format(gmap, 'long')}: the vote cannot be counted: {problem}", i)
            else:
                out.votes.append(o)
                out.results[i] = OrderResult(o, Result.SUCCEEDS, Acted("succeeds", "counted (the votes are never shown, rule 11)"))  # type: ignore[arg-type]
        elif isinstance(o, Nbo) and kind is not PhaseKind.ADJUSTMENT:
            out.results[i] = illegal(o, "an NBO gives up a build: it is ordered in an adjustment phase (rule 7d)")
        elif isinstance(o, SunglassesOff):
            problem = _off_problem(position, out.state, o, kind)
            if problem:
                out.results[i] = illegal(o, problem)
            else:
                out.taking_off[i] = o.unit.province
    return out


def _outcome_id(gmap: GameMap, key: str, text: str) -> str:
    """A stated outcome as the draw names it: a province id when it names a province; Zaphod's
    action by its name when stated by its letter (``a``: ``command``), as a vote names it."""
    words = " ".join(text.lower().split())
    if key.startswith("zaphod's action") and words in ZAPHOD_ACTIONS:
        return ZAPHOD_ACTIONS[words]
    try:
        return gmap.resolve(text).province
    except ValueError:
        return words


_PAREN_RE: Final = re.compile(r"\b([A-Za-z])\s*\(\s*([^()]*?)\s*\)(\s*\(\s*[ewnsc]c\s*\))?")


def canonical_what(gmap: GameMap, what: str) -> str:
    """What a stated draw decides, with every province named by its id: ``victim of V(WMS)-Tys``
    and ``victim of V Western Mediterranean - Tyrrhenian Sea`` -> ``victim of V wes - tys``
    (the words dipsat's own draws use); other words are kept."""
    text = _PAREN_RE.sub(lambda m: f"{m[1]} {m[2]}" + (f"/{m[3].strip(' ()').lower()}" if m[3] else ""), what)
    words: list[str] = []
    for token in text.split():
        left, dash, right = token.partition("-")
        if dash and left and right and _province(gmap, left) and _province(gmap, right):
            words += [left, "-", right]
        else:
            words.append(token)
    out: list[str] = []
    i = 0
    while i < len(words):
        for size in range(min(4, len(words) - i), 0, -1):
            span = words[i:i + size]
            found = "" if "-" in span else _province(gmap, " ".join(span))
            if found:
                out.append(found)
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return " ".join(out)


def _province(gmap: GameMap, text: str) -> str:
    """The place ``text`` names exactly (a name or an abbreviation; a coast kept: ``sev/wc``), or ``""``."""
    try:
        return str(gmap.resolve(text))
    except ValueError:
        return ""


def _off_problem(position: Position, state: HitchState, o: SunglassesOff, kind: PhaseKind) -> str:
    if kind is not PhaseKind.MOVEMENT:
        return "sunglasses are taken off in a movement turn (rule 10c)"
    piece = position.units.get(o.unit.province)
    if piece is None or piece.power != o.power:
        return f"{o.power} has no unit in {o.unit.province}"
    if o.unit.province not in state.sunglasses:
        return f"{piece.unit} wears no sunglasses"
    return ""


def settle_draws(orders: Sequence[AnyOrder], specials: Specials, state: HitchState,
                 results: dict[int, OrderResult], phase: str) -> None:
    """The result of each ``GM: DRAW`` line: used (``succeeds``).

    Raises:
        RefusedOrder: a stated outcome that is not possible, or a draw no step of the phase needed
            (the first such line of the phase).
    """
    made = {key_of(d.what): d for d in state.draws if d.phase == phase}
    for key, i in sorted(specials.draw_lines.items(), key=lambda kv: kv[1]):
        o = orders[i]
        d = made.get(key)
        if d is None:
            needed = "; ".join(sorted({d.what for d in made.values()})) or "none"
            raise RefusedOrder(f"GM: DRAW {o.what}: no draw {key!r} was needed this phase "  # type: ignore[union-attr]
                               f"(the draws made: {needed})", i)
        if not d.stated:
            raise RefusedOrder(f"GM: DRAW {o.what}: {o.outcome} is not a possible outcome: {d.what} is one of "  # type: ignore[union-attr]
                               f"{', '.join(d.options)}", i)
        results[i] = OrderResult(o, Result.SUCCEEDS, Acted("succeeds", f"{d.what}: {d.outcome}"))  # type: ignore[arg-type]
