"""The board of one movement phase as the legality checks read it (:mod:`dipsat.solver.legality`):
the map's tables, the units, the rules in force, the off-graph destinations, and the convoyers'
sea routes found once per board."""
from __future__ import annotations

from typing import Mapping

from dipsat.model.gamemap import GameMap
from dipsat.model.types import Position, plain
from dipsat.solver.convoy_routes import fleets_needed
from dipsat.solver.map_tables import tables
from dipsat.solver.options import Rules
from dipsat.solver.order_choices import CONVOYING_FLEETS

_EMPTY: frozenset[str] = frozenset()


class CheckBoard:
    """The board of one phase as the checks read it: its tables, its units, the rules in force."""

    __slots__ = ("gmap", "t", "units", "rules", "off_graph", "_convoyers", "removed_fleets", "slots", "_seas", "_convoying")

    def __init__(self, gmap: GameMap, position: Position, rules: Rules, off_graph: Mapping[str, str],
                 slots: Mapping[str, str] | None = None) -> None:
        self.gmap = gmap
        self.t = tables(gmap)
        self.units = plain(position.units)  # read only (a dict's look-ups are quicker than its view's)
        self.rules = rules
        self.off_graph = off_graph
        self._convoyers: list[str] | None = None
        self._seas: frozenset[str] | None = None
        self._convoying: dict[tuple[str, str], frozenset[str]] = {}
        self.removed_fleets: list[str] = []
        """Provinces of removed fleets (:class:`Removal`): convoyers for the checks, not units."""
        self.slots = slots or {}
        """Keys of further pieces of stacks -> their provinces (:attr:`Facts.slots`)."""

    def off_graph_from(self, province: str) -> list[str]:
        """The off-graph destinations of the unit in ``province`` and of the further pieces there."""
        found = [self.off_graph[province]] if province in self.off_graph else []
        return found + [self.off_graph[k] for k, p in self.slots.items() if p == province and k in self.off_graph]

    def for_key(self, key: str, province: str) -> CheckBoard:
        """This board as the checks of the order of the further piece ``key`` read it: its
        off-graph destination is the one of the piece in ``province``."""
        off_graph = {p: d for p, d in self.off_graph.items() if p != province}
        if key in self.off_graph:
            off_graph[province] = self.off_graph[key]
        board = object.__new__(CheckBoard)
        board.gmap, board.t, board.units, board.rules, board.off_graph = self.gmap, self.t, self.units, self.rules, off_graph
        board._convoyers, board.removed_fleets, board.slots = self._convoyers, self.removed_fleets, self.slots
        board._seas, board._convoying = self._seas, self._convoying
        return board

    def convoyers(self) -> list[str]:
        """The provinces of the units that can convoy, in board order, then the removed fleets'."""
        if self._convoyers is None:
            self._convoyers = [p for p, piece in self.units.items() if piece.unit.kind.can_convoy]
            self._convoyers += self.removed_fleets
        return self._convoyers

    def convoying(self, src: str, dest: str) -> frozenset[str]:
        """The fleets whose order to convoy an army from ``src`` to ``dest`` is legal on this
        board (:data:`~dipsat.solver.order_choices.CONVOYING_FLEETS`), found once per board and
        pair: they depend on the map, the rules and :meth:`convoyers` alone."""
        key = (src, dest)
        found = self._convoying.get(key)
        if found is None:
            choice = CONVOYING_FLEETS.get(self.rules.convoy_adjacent, fleets_needed)
            found = self._convoying[key] = choice(self.gmap, src, dest, self.convoyers())
        return found

    def sea_route(self, src: str, dest: str, without: str = "") -> bool:
        """:func:`~dipsat.solver.convoy_routes.route_exists` over :meth:`convoyers` (but
        ``without``): some chain of the convoyers at sea joins ``src`` to ``dest``. The convoyers
        at sea are found once per board, and the chains are walked a set at a time."""
        seas = self._seas
        if seas is None:
            terrain = self.t.terrain
            seas = self._seas = frozenset([p for p in self.convoyers() if terrain[p] == "sea"])
        if without in seas:
            seas = seas - {without}
        if src == dest or not seas:
            return False
        adjacent = self.t.sea_adjacent
        seen = set(adjacent.get(src, _EMPTY) & seas)
        frontier = list(seen)
        while frontier:
            reached = adjacent.get(frontier.pop(), _EMPTY)
            if dest in reached:
                return True
            new = reached & seas
            if new:
                new -= seen
                if new:
                    seen |= new
                    frontier += new
        return False
