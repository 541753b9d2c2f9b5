"""What the cards do before a season's orders are resolved (rule 2), in this order:

1. Protective Amulets: the power's units and centres are protected this season and the next.
2. Adverse cards of another power (Utter Destruction, Sudden Death, Turn to Stone, and Remove
   Magic: option ``remove_magic``) against a protected power's unit or centre fail.
3. Mystical Shields: every other card played this season on the shielded unit fails, and its
   lasting effects (Double Trouble, Walk on Water, Sail on Land, Turn to Stone) end; this
   season's Black Holes spare it.
4. Sudden Death: the unit is removed at once.
5. Double Trouble, Walk on Water, Sail on Land, Turn to Stone: marks on the unit.
6. Utter Destruction and Garden of Eden: the board's centres change.
7. Faster than Light: up to two steps into adjacent empty spaces (option ``ftl_order``).
8. Black Holes are opened for the season; Teleports wait for the end of the movement.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Sequence

from dipsat.model.board import board_in_play
from dipsat.model.gamemap import GameMap
from dipsat.model.kinds import DOUBLE
from dipsat.model.types import Location, Piece, Position, Unit
from dipsat.variants.gathering.board import destroy_centre, home_country, make_centre
from dipsat.variants.gathering.cards import Card
from dipsat.variants.gathering.kinds import SAILS, WALKS, plain, with_modifier
from dipsat.variants.gathering.orders import PlayCard
from dipsat.variants.gathering.state import NO_MARKS, GatheringState, Marks, season_name

__all__ = ["Spells", "cast_spells", "can_step"]

_MODIFIER = {Card.DOUBLE_TROUBLE: DOUBLE, Card.WALK_ON_WATER: WALKS, Card.SAIL_ON_LAND: SAILS}


@dataclass
class Spells:
    """The season's cards applied: the board the orders meet, and each card's result."""

    position: Position
    state: GatheringState
    gmap: GameMap
    """The board in play after Utter Destruction and Garden of Eden."""
    results: dict[int, tuple[bool, str]] = field(default_factory=dict)
    """Index of each card played -> (took effect, reason)."""
    removed: dict[str, Piece] = field(default_factory=dict)
    """Province -> the unit Sudden Death removed."""
    relocated: dict[str, str] = field(default_factory=dict)
    """Start province -> province a Faster than Light moved the unit to."""
    teleports: list[tuple[int, PlayCard]] = field(default_factory=list)


def _adverse(o: PlayCard, remove_magic: str) -> bool:
    if o.card in (Card.UTTER_DESTRUCTION, Card.SUDDEN_DEATH, Card.TURN_TO_STONE):
        return True
    return o.card is Card.MYSTICAL_SHIELD and remove_magic == "shield"


def _victim(o: PlayCard, position: Position) -> str | None:
    province = o.target_province
    if province is None:
        return None
    if o.card is Card.UTTER_DESTRUCTION:
        return position.centres.get(province)
    piece = position.units.get(province)
    return piece.power if piece is not None else None


def cast_spells(gmap: GameMap, position: Position, state: GatheringState, plays: Sequence[tuple[int, PlayCard]],
                season: int, remove_magic: str, ftl_order: str) -> Spells:
    """Apply the season's cards before its orders (see the module docstring)."""
    sp = Spells(position, state, board_in_play(gmap, position))
    live = list(plays)
    for i, o in live:
        if o.card is Card.PROTECTIVE_AMULET:
            sp.state = replace(sp.state, amulets={**sp.state.amulets, o.power: season + 1})
            sp.results[i] = (True, f"{o.power}'s units and centres are protected until {season_name(season + 1)}")
    live = [(i, o) for i, o in live if i not in sp.results]
    for i, o in live:
        victim = _victim(o, position)
        if _adverse(o, remove_magic) and victim not in (None, o.power) and sp.state.protected(victim, season):
            sp.results[i] = (False, f"{victim}'s Protective Amulet protects it from {o.card.title}")
    live = [(i, o) for i, o in live if i not in sp.results]
    shields = {o.unit.province for i, o in live if o.card is Card.MYSTICAL_SHIELD}  # type: ignore[union-attr]
    units = dict(position.units)
    for i, o in live:
        province = o.target_province
        if o.card is Card.MYSTICAL_SHIELD:
            piece = units[province]  # type: ignore[index]
            was = [*(m for m in piece.unit.kind.modifiers), sp.state.marks_of(province).text(season)]  # type: ignore[arg-type]
            was = [w for w in was if w]
            units[province] = Piece(piece.power, plain(piece.unit, gmap))  # type: ignore[index]
            sp.results[i] = (True, f"cancels every card on {o.unit}" + (f" ({', '.join(was)})" if was else ""))
        elif o.unit is not None and province in shields:
            sp.results[i] = (False, f"cancelled by a Mystical Shield on {o.unit}")
    marks = {p: m for p, m in sp.state.marks.items() if p not in shields}
    marks |= {p: Marks(shielded=season) for p in shields}
    sp.state = replace(sp.state, marks=marks)
    live = [(i, o) for i, o in live if i not in sp.results]
    for i, o in live:
        if o.card is Card.SUDDEN_DEATH:
            piece = position.units[o.unit.province]  # type: ignore[union-attr]
            sp.removed[o.unit.province] = piece  # type: ignore[union-attr]
            units.pop(o.unit.province, None)  # type: ignore[union-attr]
            marks.pop(o.unit.province, None)  # type: ignore[union-attr]
            sp.results[i] = (True, f"{piece.unit} is removed from play")
    for i, o in live:
        province = o.target_province
        if o.card in _MODIFIER and province in units:
            piece = units[province]  # type: ignore[index]
            units[province] = Piece(piece.power, with_modifier(piece.unit, _MODIFIER[o.card]))  # type: ignore[index]
            sp.results[i] = (True, f"{piece.unit} is {units[province].unit} ({_MODIFIER[o.card].name}) "  # type: ignore[index]
                                   "for the rest of the game")
        elif o.card is Card.TURN_TO_STONE and province in units:
            m = marks.get(province, NO_MARKS)  # type: ignore[arg-type]
            marks[province] = replace(m, stone_until=season + 1)  # type: ignore[index]
            sp.results[i] = (True, f"{units[province].unit} stands, giving no support, until "  # type: ignore[index]
                                   f"{season_name(season + 1)}")
        elif o.card in _MODIFIER or o.card is Card.TURN_TO_STONE:
            sp.results[i] = (False, f"no unit in {province}: it was removed")
    sp.state = replace(sp.state, marks=marks)
    sp.position = _land(sp, gmap, replace(position, units=units), live)
    _faster_than_light(sp, sp.gmap, [(i, o) for i, o in live if o.card is Card.FASTER_THAN_LIGHT
                                  and i not in sp.results], ftl_order, season)
    holes = frozenset(o.place.province for i, o in live if o.card is Card.BLACK_HOLE)  # type: ignore[union-attr]
    for i, o in live:
        if o.card is Card.BLACK_HOLE:
            sp.results[i] = (True, f"a Black Hole opens in {o.place} for {season_name(season)}")
        elif o.card is Card.TELEPORT:
            sp.teleports.append((i, o))
    sp.state = replace(sp.state, holes=holes)
    return sp


def _land(sp: Spells, gmap: GameMap, position: Position, live: list[tuple[int, PlayCard]]) -> Position:
    """Utter Destruction and Garden of Eden: the board's centres change at once."""
    for i, o in live:
        province = o.place.province if o.place is not None else ""
        if o.card is Card.UTTER_DESTRUCTION:
            position = destroy_centre(gmap, position, province)
            sp.results[i] = (True, f"{province} is a supply centre no more")
        elif o.card is Card.GARDEN_OF_EDEN:
            home = o.power if province in home_country(o.power) else None
            position = make_centre(position, province, o.power, home)
            sp.results[i] = (True, f"{province} is a supply centre owned by {o.power}"
                                   + (f", a home centre of {o.power}" if home else ""))
    sp.gmap = board_in_play(gmap, position)
    return position


def can_step(gmap: GameMap, unit: Unit, dest: Location) -> Location | None:
    """Where ``unit`` stands after one move to ``dest`` along its own kind's edges, or ``None``
    (a unit out of its element does not move)."""
    if not gmap.can_stand(unit.kind, unit.province) or not gmap.can_move(unit, dest):
        return None
    if not unit.kind.uses_coasts:
        return Location(dest.province)
    return dest if dest.coast or not gmap.provinces[dest.province].coasts else \
        gmap.coasts_reachable(unit.location, dest.province)[0]


def _faster_than_light(sp: Spells, gmap: GameMap, plays: list[tuple[int, PlayCard]], ftl_order: str,
                       season: int) -> None:
    """Up to two steps into adjacent empty spaces, before the orders (option ``ftl_order``).

    A card on a unit no longer on the board (Sudden Death) fails. Two cards on one unit (a
    primary and a secondary) are carried out one after the other: the second card's steps start
    where the first card's end (every first card of the season, then every second one)."""
    units = dict(sp.position.units)
    marks = dict(sp.state.marks)
    at = {o.unit.province: o.unit.province for _, o in plays}  # type: ignore[union-attr]
    """Start province of each stepping unit -> where it stands now."""
    start_of = {i: o.unit.province for i, o in plays}  # type: ignore[union-attr]
    stopped: dict[int, str] = {}
    steps_done = {i: 0 for i, _ in plays}
    for i, o in plays:
        if o.unit.province not in units:  # type: ignore[union-attr]
            stopped[i] = f"no unit in {o.unit.province}: it was removed from play"  # type: ignore[union-attr]

    def step(movers: list[tuple[int, PlayCard]], k: int) -> None:
        wanted: dict[int, Location] = {}
        for i, o in movers:
            if i in stopped or k >= len(o.path):
                continue
            here = at[start_of[i]]
            piece = units[here]
            dest = o.path[k]
            to = can_step(gmap, piece.unit, dest)
            if marks.get(here, NO_MARKS).stone(season):
                stopped[i] = f"{piece.unit} is turned to stone and stands"
            elif to is None:
                stopped[i] = f"{piece.unit} cannot move to {dest}"
            elif dest.province in units:
                stopped[i] = f"{dest.province} is not empty"
            else:
                wanted[i] = to
        for i, to in wanted.items():
            rivals = [j for j, t in wanted.items() if t.province == to.province and j != i]
            if rivals:
                stopped[i] = f"another unit stepped into {to.province} at the same time"
        for i, to in wanted.items():
            if i in stopped:
                continue
            here = at[start_of[i]]
            piece = units.pop(here)
            units[to.province] = Piece(piece.power, Unit(piece.unit.kind, to))
            if here in marks:
                marks[to.province] = marks.pop(here)
            at[start_of[i]] = to.province
            steps_done[i] += 1

    waves: list[list[tuple[int, PlayCard]]] = []
    seen: dict[str, int] = {}
    for play in plays:
        n = seen[start_of[play[0]]] = seen.get(start_of[play[0]], -1) + 1
        while len(waves) <= n:
            waves.append([])
        waves[n].append(play)
    for wave in waves:
        if ftl_order == "in_turn":
            for play in wave:
                step([play], 0)
                step([play], 1)
        else:
            step(wave, 0)
            step(wave, 1)
    for i, o in plays:
        start = start_of[i]
        if at[start] != start:
            sp.relocated[start] = at[start]
        if start not in sp.position.units:
            sp.results[i] = (False, stopped[i])
        elif i in stopped:
            sp.results[i] = (False, f"step {steps_done[i] + 1}: {stopped[i]}; the unit stands in {at[start]}")
        else:
            sp.results[i] = (True, f"the unit moved to {at[start]} before the orders")
    sp.position = replace(sp.position, units=units)
    sp.state = replace(sp.state, marks=marks)
