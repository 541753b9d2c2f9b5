"""The board in play: the variant's map plus the lasting changes a game has made to it.

A :class:`Lasting` change (an edge closed by a Wall, a sea frozen by Ice, a supply centre
destroyed or created) travels with the position (``Position.changes``) and is in force up to
and including the phase named by its ``until`` (``None``: for the rest of the game); past it, the
change has expired on its own. :func:`board_in_play` gives the map a phase is adjudicated on:
the variant's map itself when no change is in force (the standard game: one test), else a
derived :class:`~dipsat.model.gamemap.GameMap` with its neighbour sets recomputed, built once per
set of changes in force and cached on the variant's map.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable

import re

from dipsat.model.errors import InputError
from dipsat.model.gamemap import Edge, GameMap, Terrain, _assemble, adjacency, graph_order
from dipsat.model.kinds import Moves, UnitKind
from dipsat.model.phase_words import parse_phase  # the one reader of phase names
from dipsat.model.types import Location, Phase, PhaseKind, Position, Season
from dipsat.model.values import value_class

__all__ = ["CloseEdge", "FreezeSea", "RemoveCentre", "AddCentre", "Change", "Lasting", "board_in_play",
           "apply_change", "end_change", "clear_owner", "last_phase_of_turns", "in_force", "drop_expired", "parse_lasting",
           "BoardChangeError"]


class BoardChangeError(InputError):
    """A board change written in a way that cannot be read; the message quotes it."""


@value_class
class CloseEdge:
    """No unit moves, supports, convoys or retreats between provinces ``a`` and ``b`` (any coasts)."""

    a: str
    b: str

    def __post_init__(self) -> None:
        if self.b < self.a:  # one value per edge, whichever way it is written
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    def __str__(self) -> str:
        return f"closed {self.a}, {self.b}"


@value_class
class FreezeSea:
    """The sea ``province`` is land: no fleet edge touches it, armies walk to its coastal (and
    frozen) neighbours; a fleet standing on it is out of its element."""

    province: str

    def __str__(self) -> str:
        return f"frozen {self.province}"


@value_class
class RemoveCentre:
    """``province`` is no longer a supply centre (nor anyone's home): an ordinary province."""

    province: str

    def __str__(self) -> str:
        return f"centre removed {self.province}"


@value_class
class AddCentre:
    """``province`` becomes a supply centre, a home centre of ``home`` when given."""

    province: str
    home: str | None = None

    def __str__(self) -> str:
        return f"centre added {self.province}" + (f" home {self.home}" if self.home else "")


Change = CloseEdge | FreezeSea | RemoveCentre | AddCentre


@value_class
class Lasting:
    """A change of the board and the last phase it is in force (``None``: the rest of the game)."""

    change: Change
    until: Phase | None = None

    def in_force(self, phase: Phase) -> bool:
        """The change holds at ``phase``."""
        return self.until is None or phase.key <= self.until.key

    def __str__(self) -> str:
        return f"{self.change}" + (f" until {self.until}" if self.until else "")


def in_force(position: Position) -> frozenset[Change]:
    """The changes in force at the position's phase."""
    phase = position.phase
    return frozenset(c.change for c in position.changes if c.in_force(phase))


def board_in_play(gmap: GameMap, position: Position) -> GameMap:
    """The map ``position`` is adjudicated on: ``gmap`` with the changes in force applied.

    ``gmap`` itself when none is; a board already derived is derived again from its base, so
    calling this twice gives the same board.
    """
    if not position.changes:
        return gmap
    root = gmap.base or gmap
    active = in_force(position)
    if not active:
        return root
    found = root._derived.get(active)
    if found is None:
        found = root._derived[active] = _derive(root, active)
    return found


def _derive(root: GameMap, changes: frozenset[Change]) -> GameMap:
    provinces = dict(root.provinces)
    # the root's edges as a copy of its graph holds them, then closed and frozen edges changed in place
    copied = graph_order(adjacency(provinces, root.edges))
    graph = adjacency(provinces, copied)
    added: list[Edge] = []
    frozen = {c.province for c in changes if isinstance(c, FreezeSea) and c.province in provinces
              and provinces[c.province].terrain is Terrain.SEA}  # only a sea freezes
    for c in sorted(changes, key=str):
        if isinstance(c, RemoveCentre) and c.province in provinces:
            provinces[c.province] = replace(provinces[c.province], sc=False, home=None)
        elif isinstance(c, AddCentre) and c.province in provinces:
            provinces[c.province] = replace(provinces[c.province], sc=True, home=c.home)
        elif isinstance(c, CloseEdge):
            for u, v, _, _ in graph_order(graph):
                if {u.partition("/")[0], v.partition("/")[0]} == {c.a, c.b}:
                    _remove(graph, u, v)
    for sea in sorted(frozen):
        provinces[sea] = replace(provinces[sea], terrain=Terrain.LAND)
    for sea in sorted(frozen):
        shore = set()
        for other, edge in list(graph[sea].items()):
            if edge.fleet:
                shore.add(other.partition("/")[0])
                _remove(graph, sea, other)
        for province in sorted(shore):
            if provinces[province].terrain is not Terrain.SEA and not _closed(changes, sea, province):
                edge = Edge(sea, province, army=True, fleet=False)
                graph[sea][province] = graph[province][sea] = edge
                added.append(edge)
    kept = [e for e in copied if graph[e.a].get(e.b) is e]
    derived = _assemble(root.name, root.powers, provinces, (*kept, *added), f"board in play of {root.name}")
    return replace(derived, kinds=root.kinds, unit_kinds=root.unit_kinds, strength_scale=root.strength_scale,
                   base=root, _derived={})


def _remove(graph: dict[str, dict[str, Edge]], a: str, b: str) -> None:
    del graph[a][b]
    del graph[b][a]


def _closed(changes: Iterable[Change], a: str, b: str) -> bool:
    return any(isinstance(c, CloseEdge) and {c.a, c.b} == {a, b} for c in changes)


def apply_change(position: Position, lasting: Lasting) -> Position:
    """``position`` with ``lasting`` added; a removed centre loses its owner.

    The latest word on a centre wins: adding a centre ends an earlier removal of it (a Garden of
    Eden on a destroyed centre) and removing one ends an earlier addition.
    """
    centres = dict(position.centres)
    change = lasting.change
    kept = position.changes
    if isinstance(change, RemoveCentre):
        centres.pop(change.province, None)
        kept = tuple(c for c in kept if not (isinstance(c.change, AddCentre) and c.change.province == change.province))
    elif isinstance(change, AddCentre):
        kept = tuple(c for c in kept if not (isinstance(c.change, RemoveCentre) and c.change.province == change.province))
    return replace(position, centres=centres, changes=(*kept, lasting))


def end_change(position: Position, change: Change) -> Position:
    """``position`` without ``change`` from now on (Flame ends the Ice of a sea at once)."""
    return replace(position, changes=tuple(c for c in position.changes if c.change != change))


def clear_owner(position: Position, province: str) -> Position:
    """``position`` with the centre ``province`` owned by nobody (until it is taken again)."""
    centres = dict(position.centres)
    centres.pop(province, None)
    return replace(position, centres=centres)


def drop_expired(position: Position) -> Position:
    """``position`` without the changes that will never be in force again."""
    if not position.changes:
        return position
    kept = tuple(c for c in position.changes if c.in_force(position.phase))
    return position if len(kept) == len(position.changes) else replace(position, changes=kept)


def last_phase_of_turns(start: Phase, turns: int,
                        seasons: tuple[Season, ...] = (Season.SPRING, Season.FALL)) -> Phase:
    """The ``until`` of a change lasting ``turns`` movement turns, the first being ``start``'s.

    A turn is a movement phase of one of ``seasons`` with its retreats; the change is in force
    up to and including the retreat phase of the last turn. ``start`` counts as the first turn
    when its season is one of ``seasons``, else the next such season does.

    Raises:
        ValueError: ``turns`` is less than 1.
    """
    if turns < 1:
        raise ValueError(f"a change lasts at least one turn, not {turns}")
    order = list(Season)
    year, index = start.year, order.index(start.season)
    count = 0
    while True:
        season = order[index]
        if season in seasons:
            count += 1
            if count == turns:
                return Phase(year, season, PhaseKind.RETREAT)
        index += 1
        if index == len(order):
            index, year = 0, year + 1


_UNTIL_RE = r"(?i)(.*?)\s+until\s+(.+)"
_CHANGE_RE = r"(?i)(closed|frozen|centre removed|center removed|centre added|center added)\s+(.+)"
_HOME_RE = r"(?i)(.*?)\s+home\s+(\S.*)"
# Compiled where a change is read (re keeps them compiled), not at every start-up (issue 23).


def parse_lasting(text: str, gmap: GameMap) -> Lasting:
    """Read a lasting change as :class:`Lasting` prints it: ``closed Burgundy, Munich until Fall
    1901 Retreat``, ``frozen North Sea``, ``centre removed Kiel``, ``centre added Burgundy home France``.

    Raises:
        BoardChangeError: not a change, or an unknown province, power or phase (the message quotes ``text``).
    """
    body, until = text.strip(), None
    m = re.fullmatch(_UNTIL_RE, body)
    if m:
        body = m[1]
        try:
            until = parse_phase(m[2].strip())
        except ValueError as exc:
            raise BoardChangeError(f"{exc} in {text!r}") from None
    m = re.fullmatch(_CHANGE_RE, body)
    if m is None:
        raise BoardChangeError(f"not a board change: {text!r} (closed P, Q / frozen P / centre removed P / "
                               "centre added P [home Power], then optionally 'until <phase>')")
    word, rest = m[1].lower().replace("center", "centre"), m[2]

    def province(name: str) -> str:
        try:
            return gmap.resolve(name.strip()).province
        except InputError:
            raise BoardChangeError(f"unknown province {name.strip()!r} in {text!r}") from None

    def sea(name: str) -> bool:
        return gmap.provinces[name].terrain is Terrain.SEA

    if until is not None and (until.season, until.kind) not in PHASES_PLAYED:
        raise BoardChangeError(f"no variant plays {until}: a change cannot last until it in {text!r}")
    change: Change
    if word == "closed":
        names = rest.split(",")
        if len(names) != 2:
            raise BoardChangeError(f"a closed edge names two provinces, 'closed P, Q': {text!r}")
        a, b = province(names[0]), province(names[1])
        if b not in gmap.neighbours(UnitKind.ARMY, Location(a), Moves.ANY_EDGE):
            raise BoardChangeError(f"{a} and {b} are not neighbours: no edge between them to close in {text!r}")
        change = CloseEdge(a, b)
    elif word == "frozen":
        change = FreezeSea(province(rest))
        if not sea(change.province):
            raise BoardChangeError(f"{change.province} is no sea: only a sea freezes, in {text!r}")
    elif word == "centre removed":
        change = RemoveCentre(province(rest))
        if sea(change.province):
            raise BoardChangeError(f"{change.province} is a sea: it has no centre to remove, in {text!r}")
    else:
        home = re.fullmatch(_HOME_RE, rest)
        owner = None
        if home:
            rest = home[1]
            try:
                owner = gmap.resolve_power(home[2])
            except InputError:
                raise BoardChangeError(f"unknown power {home[2]!r} in {text!r}") from None
        change = AddCentre(province(rest), owner)
        if sea(change.province):
            raise BoardChangeError(f"{change.province} is a sea: a supply centre stands on land, in {text!r}")
    return Lasting(change, until)


PHASES_PLAYED: frozenset[tuple[Season, PhaseKind]] = frozenset({
    (Season.SPRING, PhaseKind.MOVEMENT), (Season.SPRING, PhaseKind.RETREAT), (Season.SUMMER, PhaseKind.ADJUSTMENT),
    (Season.FALL, PhaseKind.MOVEMENT), (Season.FALL, PhaseKind.RETREAT), (Season.WINTER, PhaseKind.ADJUSTMENT)})
"""The phases some variant plays: the standard sequence and Vain Star's Summer adjustments (the
board's reader refuses a change lasting until another; a case or record of a variant with the
standard sequence refuses Summer too, :func:`dipsat.cli.runner.check_case`)."""
