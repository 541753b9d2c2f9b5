"""Rules 8-12: Marvin and Zaphod, the wandering units, after the Vogons and before retreats.

* Marvin (rulings W1-W4) moves where most votes send him (a province next to him, or nowhere:
  ``VOTE MARVIN HOLD``); ties are drawn, no vote keeps him still. A unit he moves in on is
  dislodged ("retreats at double strength": nothing resists him) and retreats as usual.
* Zaphod (rulings Z1-Z6) moves at random to a province next to him, unless a unit came to him
  (moved or retreated into his province: "only themselves to blame") since he last acted: then
  he stays and deals with it. With a unit he
  does what most votes say: ``command`` (a: it moves at random for the rest of the game),
  ``gargle`` (b: it cannot move next turn) or ``sunglasses`` (c: it cannot move to a province
  holding an enemy unit until it spends a movement turn taking them off); ties and no votes are
  drawn. An owned centre he enters becomes neutral at the start of the next turn.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Mapping, Sequence

from dipsat.model.kinds import Moves
from dipsat.model.reasons import Acted, Then
from dipsat.model.types import Dislodged, Hold, Location, OrderResult, Piece, Position, Result, Tag, Unit
from dipsat.variants.hitchhiker.kinds import MARVIN_UNIT, PLAYERS, ZAPHOD_UNIT
from dipsat.variants.hitchhiker.orders import Event, Vote
from dipsat.variants.hitchhiker.randomness import draw
from dipsat.variants.hitchhiker.state import HitchState

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap

__all__ = ["WandererStep", "find_wanderer", "surviving_players", "vote_problem", "play_wanderers", "gargled_cannot_retreat"]

ACTION_WORDS = {"command": "takes permanent command of", "gargle": "shares a Pan-Galactic Gargle Blaster with",
                "sunglasses": "gives a pair of Joonjanta sunglasses to"}


@dataclass
class WandererStep:
    """The outcome of the wanderers' step (a throwaway value)."""

    board: Position
    state: HitchState
    results: dict[int, OrderResult] = field(default_factory=dict)
    generated: list[OrderResult] = field(default_factory=list)
    carried: dict[str, int] = field(default_factory=dict)
    """Hitch-hikers dislodged with a stack Marvin moved in on."""
    phase: str = ""
    """The movement phase played (draws are recorded under it)."""


def find_wanderer(position: Position, kind_letter: str) -> Piece | None:
    """Marvin (``P``) or Zaphod (``Z``) on the board, if there."""
    for p in position.all_pieces():
        if p.unit.kind.letter == kind_letter:
            return p
    return None


def surviving_players(position: Position) -> frozenset[str]:
    """Rule 9's "surviving players": the players with a unit or a centre."""
    found = {p.power for p in position.all_pieces() if p.unit.kind.owned} | set(position.centres.values())
    return frozenset(found) & frozenset(PLAYERS)


def vote_problem(gmap: GameMap, position: Position, vote: Vote, earlier: Sequence[Vote]) -> str:
    """Why a vote is illegal (rules 9-11), or ``""``."""
    if vote.power not in surviving_players(position):
        return f"{vote.power} is not a surviving player (rule 9: one vote per surviving player)"
    if any(v.power == vote.power and v.who == vote.who for v in earlier):
        return f"{vote.power} has already voted for {vote.who.capitalize()} this turn (rule 9: one vote)"
    if vote.who == "marvin":
        marvin = find_wanderer(position, "P")
        if marvin is None:
            return "Marvin is not on the board"
        if vote.choice != "hold" and vote.choice not in _next_to(gmap, marvin):
            return f"Marvin in {marvin.unit.province} cannot move to {vote.choice}"
    elif find_wanderer(position, "Z") is None:
        return "Zaphod is not on the board"
    return ""


def _next_to(gmap: GameMap, piece: Piece) -> frozenset[str]:
    return gmap.neighbours(piece.unit.kind, piece.unit.location, Moves.ANY_EDGE)


def _majority(step: WandererStep, votes: Sequence[Vote], what: str, everything: Sequence[str],
              stated: dict[str, str]) -> str | None:
    """The choice most votes name; a tie (or no vote, with ``everything`` given) is drawn."""
    counts = Counter(v.choice for v in votes)
    if not counts:
        if not everything:
            return None
        choice, step.state = draw(step.state, step.phase, f"{what} (no vote)", everything, stated)
        return choice
    top = max(counts.values())
    tied = sorted(c for c, n in counts.items() if n == top)
    if len(tied) == 1:
        return tied[0]
    choice, step.state = draw(step.state, step.phase, f"{what} (tied vote)", tied, stated)
    return choice


def play_wanderers(gmap: GameMap, start: Position, board: Position, state: HitchState,
                   votes: Sequence[Vote], stated: dict[str, str], absolute: bool = False,
                   entry: str = "he_acts", resist: Mapping[str, int] | None = None) -> WandererStep:
    """Move Marvin, then Zaphod, on ``board`` (the board after the ships); ``start`` is the board
    at the start of the turn; ``absolute`` (option ``marvin_vote=majority``): Marvin moves only
    when more than half of the surviving players vote for the same province; ``entry`` (option
    ``zaphod_entry``): ``he_moves_on``: a unit that came to Zaphod does not hold him back;
    ``resist`` (option ``marvin_strength=two``): province -> the hold strength of the unit that
    stayed there (1 plus its hold supports given this turn): Marvin, at strength 2, enters only
    where it is below 2; ``None``: nothing resists him."""
    step = WandererStep(board, state, phase=str(start.phase))
    marvin_votes = [v for v in votes if v.who == "marvin"]
    if absolute:
        counts = Counter(v.choice for v in marvin_votes)
        top = max(counts.values(), default=0)
        if top * 2 <= len(surviving_players(start)):
            marvin_votes = []
    _marvin(gmap, step, marvin_votes, stated, resist)
    _zaphod(gmap, start, step, [v for v in votes if v.who == "zaphod"], stated, entry)
    return step


def _move_guest(board: Position, piece: Piece, dest: str) -> Position:
    moved = Piece(piece.power, Unit(piece.unit.kind, Location(dest)))
    return board.without_piece(piece).with_piece(moved)


def _marvin(gmap: GameMap, step: WandererStep, votes: Sequence[Vote], stated: dict[str, str],
            resist: Mapping[str, int] | None = None) -> None:
    marvin = find_wanderer(step.board, "P")
    if marvin is None:
        return
    origin = marvin.unit.province
    choice = _majority(step, votes, "Marvin's move", (), stated) or "hold"
    if choice == "hold":
        step.generated.append(OrderResult(Event("Marvin", f"Marvin stays in {origin}"), Result.STANDS,  # type: ignore[arg-type]
                                          Acted("stands", "the vote keeps him, or nobody voted", "rule 9")))
        return
    board = step.board
    victims = [p for p in board.pieces_at(choice) if p.unit.kind.owned]
    held = resist.get(choice, 1) if resist is not None and victims else 0
    if held >= 2:  # option marvin_strength=two: a unit held with support resists him
        step.generated.append(OrderResult(Event("Marvin", f"Marvin {origin} - {choice}"), Result.FAILS,  # type: ignore[arg-type]
                                          Acted("fails", f"{victims[0].unit} holds with strength {held} against his 2: "
                                                "he stays", "rule 9; option marvin_strength=two")))
        return
    units, stacked, dislodged = dict(board.units), dict(board.stacked), dict(board.dislodged)
    for p in victims:
        if units.get(choice) == p:
            del units[choice]
    if victims:
        first = victims[0]
        if choice in dislodged:  # a unit there already waits to retreat: no room for a second
            step.generated.append(OrderResult(Hold(first.power, first.unit), Result.FAILS,
                                              Acted("fails", "destroyed: Marvin moved in, and a unit there already retreats", "ruling W2"),
                                              Tag.DESTROYED))
        else:
            dislodged[choice] = Dislodged(first, origin)
            step.generated.append(OrderResult(Hold(first.power, first.unit), Result.FAILS,
                                              Acted("fails", "dislodged: Marvin moved in; it retreats", "rule 9"), Tag.DISLODGED))
            if len(victims) > 1:
                step.carried[choice] = len(victims) - 1
        stacked[choice] = tuple(p for p in stacked.get(choice, ()) if not p.unit.kind.owned)
        if not stacked[choice]:
            del stacked[choice]
    step.board = _move_guest(replace(board, units=units, stacked=stacked, dislodged=dislodged), marvin, choice)
    step.generated.append(OrderResult(Event("Marvin", f"Marvin {origin} - {choice}"), Result.SUCCEEDS,  # type: ignore[arg-type]
                                      Acted("succeeds", f"Marvin moves to {choice} by vote", "rule 9")))


def _zaphod(gmap: GameMap, start: Position, step: WandererStep, votes: Sequence[Vote],
            stated: dict[str, str], entry: str = "he_acts") -> None:
    zaphod = find_wanderer(step.board, "Z")
    if zaphod is None:
        return
    here = zaphod.unit.province
    arrived = [p for p in step.board.pieces_at(here)
               if p.unit.kind.owned and p.unit.kind != MARVIN_UNIT and str(p) != step.state.zaphod_met]
    if entry == "he_moves_on":  # rule 12 read as no rule of its own: he moves at random as always
        arrived = []
    phase = step.phase
    if arrived:
        dest = here
        met = arrived[0]
        note = f"{met.unit} moved in with Zaphod: it has only itself to blame (rule 12)"
    else:
        options = sorted(_next_to(gmap, zaphod))
        dest, step.state = draw(step.state, phase, "Zaphod's move", options, stated)
        step.board = _move_guest(step.board, zaphod, dest)
        owned = [p for p in step.board.pieces_at(dest) if p.unit.kind.owned and p.unit.kind != MARVIN_UNIT]
        met = owned[0] if owned else None
        note = f"Zaphod moves at random to {dest} (rule 10)"
        if dest in gmap.supply_centres and dest in step.board.centres:
            step.state = replace(step.state, neutral_next=step.state.neutral_next | {dest})
            note += f"; {dest} becomes neutral next turn"
    if met is None:
        step.state = replace(step.state, zaphod_met=None)
        step.generated.append(OrderResult(Event("Zaphod", f"Zaphod {here} - {dest}"), Result.SUCCEEDS,  # type: ignore[arg-type]
                                          Acted("succeeds", f"{note}; the province is empty: he remains inactive", "rule 10")))
        return
    step.state = replace(step.state, zaphod_met=str(met))
    action = _majority(step, votes, "Zaphod's action", ("command", "gargle", "sunglasses"), stated)
    province = met.unit.province
    s = step.state
    if action == "command":
        s = replace(s, commanded=s.commanded | {province})
    elif action == "gargle":
        s = replace(s, gargled=s.gargled | {province})
    else:
        s = replace(s, sunglasses=s.sunglasses | {province})
    step.state = s
    step.generated.append(OrderResult(Event("Zaphod", f"Zaphod {here} - {dest}"), Result.SUCCEEDS,  # type: ignore[arg-type]
                                      Acted("succeeds", f"{note}; he {ACTION_WORDS[action or 'gargle']} {met.unit}", "rule 10")))


def gargled_cannot_retreat(board: Position, state: HitchState, gargled: frozenset[str],
                           results: dict[int, OrderResult], generated: list[OrderResult]) -> tuple[Position, HitchState]:
    """Rule 10b under ``gargle_retreat=destroyed``: a unit that shared a Pan-Galactic Gargle Blaster
    cannot move this turn, retreats included (ruling Z4; a retreat is a move, as rulings W3 and H7
    read it): dislodged, it is destroyed at once. Its order's result (or its added line) takes the
    fate ``destroyed``; the spells on it end."""
    gone = frozenset(p for p in gargled if p in board.dislodged)
    if not gone:
        return board, state
    why = "it shared a Pan-Galactic Gargle Blaster: it cannot move this turn, nor retreat (rule 10b)"

    def fated(r: OrderResult) -> OrderResult:
        word = "destroyed" if r.why.words().startswith("dislodged") else ""  # the fate stood for the result
        return replace(r, tag=Tag.DESTROYED, why=Then(r.why, why, word=word))
    for i, r in list(results.items()):
        unit = getattr(r.order, "unit", None)
        if unit is not None and unit.province in gone and r.tag is Tag.DISLODGED:
            results[i] = fated(r)
    for n, r in enumerate(generated):
        unit = getattr(r.order, "unit", None)
        if unit is not None and unit.province in gone and r.tag is Tag.DISLODGED:
            generated[n] = fated(r)
    board = replace(board, dislodged={p: d for p, d in board.dislodged.items() if p not in gone})
    state = replace(state, commanded=state.commanded - gone, sunglasses=state.sunglasses - gone,
                    carried={p: n for p, n in state.carried.items() if p not in gone})
    return board, state
