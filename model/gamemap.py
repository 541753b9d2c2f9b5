"""The game board as data: provinces, coasts, adjacency, read from a variant's ``map.json``.

One graph node per province (``stp``) and per coast of a split-coast province (``stp/nc``).
Army edges join provinces, fleet edges join fleet locations (a coast node for a split-coast
province, the province otherwise). Neighbour sets are precomputed at load time, so the queries
the adjudicator makes all the time are dictionary look-ups. The board is plain dicts and sets:
networkx is imported only when :attr:`GameMap.graph` is asked for (issue 11: start-up).
"""
from __future__ import annotations

import json
import os
import re
import sys
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import field, replace
from enum import StrEnum
from importlib import import_module
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from dipsat.model.errors import MapError, UnknownPowerError, UnknownProvinceError, quote
from dipsat.model.kinds import STANDARD_KINDS, STANDARD_WORDS, Moves, UnitKind, kind_words, strength_scale
from dipsat.model.named_tuples import named_tuple
from dipsat.model.types import Location, Unit, UnitType
from dipsat.model.values import value_class

if TYPE_CHECKING:
    import networkx as nx

UNREACHABLE: Final = 1_000_000
"""What :meth:`GameMap.distance` returns when no target can be reached."""

COAST_WORDS: Final[Mapping[str, str]] = MappingProxyType({
    **{c: c for c in ("nc", "sc", "ec", "wc")},
    **{f"{c}s": c for c in ("nc", "sc", "ec", "wc")},  # DAIDE: NCS, SCS, ...
    **{f"{w} coast": w[0] + "c" for w in ("north", "south", "east", "west")},
    **{w: w[0] + "c" for w in ("north", "south", "east", "west")},
    **{w[0]: w[0] + "c" for w in ("north", "south", "east", "west")},
})
"""Every way of writing a coast (lower case) -> the coast id used in the map (``nc``)."""

_COAST_ALTERNATIVES = "|".join(sorted(map(re.escape, COAST_WORDS), key=len, reverse=True))
COAST_PATTERN: Final = rf"\s*(?:/\s*|\(\s*)({_COAST_ALTERNATIVES})\s*\)?(?![a-z])"
"""A coast suffix after a province name in lower-case text: ``/nc``, ``(nc)``, `` (north coast)``
(compiled where a text with a coast is first read: issue 23, start-up)."""

_EMPTY: Final[frozenset[Any]] = frozenset()


def normalize_coasts(text: str) -> str:
    """Rewrite every coast suffix of lower-case ``text`` as ``/xx`` glued to the name before it."""
    if "/" not in text and "(" not in text:
        return text
    return re.sub(COAST_PATTERN, lambda m: "/" + COAST_WORDS[m.group(1)], text)


def name_key(text: str) -> str:
    """Return the look-up key of a province name: lower case, ``-`` and ``.`` as spaces."""
    return " ".join(text.lower().replace("-", " ").replace(".", " ").split())


class Terrain(StrEnum):
    """What a province is made of."""

    LAND = "land"
    COAST = "coast"
    SEA = "sea"


_LAND, _COAST, _SEA = Terrain.LAND, Terrain.COAST, Terrain.SEA
_ARMY_MOVES, _FLEET_MOVES, _ANY_EDGE, _ANYWHERE = Moves.ARMY, Moves.FLEET, Moves.ANY_EDGE, Moves.ANYWHERE
_ARMY = UnitType.ARMY
"""Read once: on CPython 3.11 an enum class's attribute (``Terrain.SEA``) goes through
``EnumType.__getattr__``'s slow hook, ~900 instructions a read (``is_sea`` is asked per order)."""


@value_class
class Province:
    """One province of the map."""

    id: str
    """Lower-case id, usually three letters: ``stp``."""
    name: str
    """Full English name as the DATC writes it: ``St Petersburg``."""
    terrain: Terrain
    sc: bool
    """True for a supply centre."""
    home: str | None
    """The power whose home centre this is, or ``None``."""
    coasts: tuple[str, ...] = ()
    """Coast ids of a split-coast province (``("nc", "sc")``), else empty."""
    aliases: tuple[str, ...] = ()
    """Other names accepted on input, lower case."""


@named_tuple
class Edge:
    """One edge of the board between two nodes (province ids or coast nodes ``stp/nc``)."""

    a: str
    b: str
    army: bool
    """An army may cross it."""
    fleet: bool
    """A fleet may cross it."""


@value_class(eq=False)
class GameMap:
    """An immutable game board; build it with :func:`load_map` or :func:`map_from_json`."""

    name: str
    powers: tuple[str, ...]
    edges: tuple[Edge, ...]
    """Every edge, in the order it was added (the map file's order for a loaded map)."""
    provinces: Mapping[str, Province]
    supply_centres: frozenset[str]
    army_neighbours: Mapping[str, frozenset[str]]
    """Province -> provinces an army can move to."""
    fleet_neighbours: Mapping[Location, frozenset[Location]]
    """Fleet location -> fleet locations it can move to (coast-exact)."""
    fleet_province_neighbours: Mapping[Location, frozenset[str]]
    """Fleet location -> provinces it can reach on some coast."""
    compound_words: frozenset[str]
    """Hyphenated words inside names (``mid-atlantic``): the order parser must not split them."""
    _homes: Mapping[str, frozenset[str]]
    _fleet_adjacent: Mapping[str, frozenset[str]]
    _any_adjacent: Mapping[str, frozenset[str]]
    _lookup: Mapping[str, str]
    _powers_lookup: Mapping[str, str]
    _fleet_locations: Mapping[str, tuple[Location, ...]]
    _cache: dict[str | tuple[str, str | None], Location] = field(default_factory=dict, repr=False)
    kinds: Mapping[str, UnitKind] = field(default_factory=lambda: STANDARD_WORDS)
    """Every way to write a unit kind of this board's variant (``a``, ``army``, ``w``) -> the kind."""
    unit_kinds: tuple[UnitKind, ...] = STANDARD_KINDS
    """The kinds of unit of this board's variant."""
    strength_scale: int = 1
    """Strengths in the model are integers in units of ``1/strength_scale`` (2 with half-strength kinds)."""
    base: GameMap | None = field(default=None, repr=False)
    """The variant's own map, when this one is a board in play derived from it."""
    _derived: dict[Any, GameMap] = field(default_factory=dict, repr=False)
    _all_but: Mapping[str, frozenset[str]] | None = field(default=None, repr=False)
    """Boards in play derived from this map, by the changes in force (see :mod:`dipsat.model.board`)."""
    _graph: Any = field(default=None, repr=False)

    @property
    def graph(self) -> nx.Graph:
        """Frozen networkx graph of the board, built when first asked for; nodes are province ids
        and coast nodes, edge attributes ``army``, ``fleet``."""
        if self._graph is None:
            object.__setattr__(self, "_graph", _networkx_graph(self))
        return self._graph

    def with_kinds(self, kinds: tuple[UnitKind, ...]) -> GameMap:
        """This board for a variant whose units are of ``kinds`` (read and written by letter or name).

        Raises:
            ValueError: two kinds are written the same way.
        """
        if kinds == self.unit_kinds:
            return self
        return replace(self, kinds=kind_words(kinds), unit_kinds=tuple(kinds),
                       strength_scale=strength_scale(kinds), _cache={}, _derived={})

    def neighbours(self, kind: UnitKind, location: Location, along: Moves | None = None) -> frozenset[str]:
        """The provinces a unit of ``kind`` at ``location`` may move to along its edges (or ``along``),
        whatever it may stand on there; a fleet's on some coast."""
        moves = along or kind.moves
        if moves is _ARMY_MOVES:
            return self.army_neighbours.get(location.province, _EMPTY)
        if moves is _FLEET_MOVES:
            return self.fleet_province_neighbours.get(location, _EMPTY)
        if moves is _ANY_EDGE:
            return self._any_adjacent.get(location.province, _EMPTY)
        if moves is _ANYWHERE:
            return self._all_but.get(location.province, _EMPTY) if self._all_but else self._everywhere(location.province)
        return _EMPTY

    def _everywhere(self, province: str) -> frozenset[str]:
        found = {p: frozenset(q for q in self.provinces if q != p) for p in self.provinces}
        object.__setattr__(self, "_all_but", MappingProxyType(found))
        return found.get(province, _EMPTY)

    def can_stand(self, kind: UnitKind, province: str) -> bool:
        """A unit of ``kind`` may stand in ``province`` (its terrain on the board in play)."""
        p = self.provinces.get(province)
        return p is not None and p.terrain._value_ in kind.stands  # _value_: a plain attribute, no descriptor

    def reaches(self, unit: Unit, province: str) -> bool:
        """``unit`` reaches ``province`` along the edges it supports along (enough to support there)."""
        return province in self.neighbours(unit.kind, unit.location, unit.kind.support_reach)

    def home_centres(self, power: str) -> frozenset[str]:
        """Return the home supply centres of ``power``.

        Raises:
            UnknownPowerError: ``power`` is not a power of this map.
        """
        try:
            return self._homes[power]
        except KeyError:
            raise UnknownPowerError(f"unknown power {quote(power)}") from None

    def resolve_power(self, text: str) -> str:
        """Return the power written as ``text``: full name or 3-letter abbreviation, any case.

        Raises:
            UnknownPowerError: no power is written that way.
        """
        try:
            return self._powers_lookup[text.strip().lower()]
        except KeyError:
            raise UnknownPowerError(f"unknown power {quote(text)}") from None

    def resolve(self, text: str) -> Location:
        """Return the location written as ``text``, in any case and common notation.

        Accepts ids (``stp``), names and aliases (``St Petersburg``, ``nat``, ``gol``) and
        coasts written ``stp/nc``, ``stp(nc)``, ``St Petersburg (north coast)``.

        Raises:
            UnknownProvinceError: unknown province, or a coast the province does not have.
        """
        found = self._cache.get(text)
        if found is not None:
            return found
        key = normalize_coasts(text.strip().lower())
        name, _, coast = key.partition("/")
        province = self._lookup.get(name_key(name))
        if province is None:
            raise UnknownProvinceError(f"unknown province {quote(text)}")
        coast = coast.strip()
        if coast:
            coast = COAST_WORDS.get(coast, coast)
            if coast not in self.provinces[province].coasts:
                raise UnknownProvinceError(f"unknown coast {quote(coast)} of {province} in {quote(text)}")
        where = (province, coast or None)
        location = self._cache.get(where) or Location(*where)  # one object for every way to write it
        if len(self._cache) < 100_000:
            self._cache[text] = self._cache[where] = location
        return location

    def army_can_move(self, src: str, dst: str) -> bool:
        """Tell whether an army in province ``src`` may move to province ``dst`` without convoy."""
        return dst in self.army_neighbours.get(src, _EMPTY)

    def fleet_can_move(self, src: Location, dst: Location) -> bool:
        """Tell whether a fleet at ``src`` may move to exactly ``dst`` (coasts must match)."""
        return dst in self.fleet_neighbours.get(src, _EMPTY)

    def fleet_reaches(self, src: Location, province: str) -> bool:
        """Tell whether a fleet at ``src`` reaches some coast of ``province`` (enough to support)."""
        return province in self.fleet_province_neighbours.get(src, _EMPTY)

    def coasts_reachable(self, src: Location, province: str) -> tuple[Location, ...]:
        """Return the fleet locations of ``province`` that a fleet at ``src`` can move to."""
        targets = self.fleet_neighbours.get(src, _EMPTY)
        return tuple(loc for loc in self._fleet_locations.get(province, ()) if loc in targets)

    def can_move(self, unit: Unit, dst: Location) -> bool:
        """Tell whether ``unit`` may move to ``dst`` without convoy.

        An army ignores coasts. A fleet must reach exactly ``dst``; but when ``dst`` is a
        split-coast province written without coast and exactly one of its coasts is reachable,
        the move is possible (DATC 4.B.3: the coast is then implied).
        """
        if unit.kind is _ARMY:
            return dst.province in self.army_neighbours.get(unit.location.province, _EMPTY)
        if unit.kind.moves is not _FLEET_MOVES:
            return dst.province in self.neighbours(unit.kind, unit.location) and self.can_stand(unit.kind, dst.province)
        if dst.coast is None and self.provinces.get(dst.province, _NO_PROVINCE).coasts:
            return len(self.coasts_reachable(unit.location, dst.province)) == 1
        return dst in self.fleet_neighbours.get(unit.location, _EMPTY)

    def fleet_provinces_adjacent(self, a: str, b: str) -> bool:
        """Tell whether provinces ``a`` and ``b`` share a fleet edge on any coasts (convoy routes)."""
        return b in self._fleet_adjacent.get(a, _EMPTY)

    def fleet_locations(self, province: str) -> tuple[Location, ...]:
        """Return where a fleet can stand in ``province``: its coasts, or the province itself.

        Land provinces have none.
        """
        return self._fleet_locations.get(province, ())

    def is_sea(self, province: str) -> bool:
        """Tell whether ``province`` is a sea."""
        return self.provinces[province].terrain is _SEA

    def is_coastal(self, province: str) -> bool:
        """Tell whether ``province`` is a land province with a coast."""
        return self.provinces[province].terrain is _COAST

    def is_land(self, province: str) -> bool:
        """Tell whether ``province`` is an inland province (no coast)."""
        return self.provinces[province].terrain is _LAND

    def distance(self, src: str, targets: Iterable[str], kind: UnitKind, *, legacy: bool = False) -> int:
        """Return the fewest moves from province ``src`` to any of ``targets`` for a unit of ``kind``.

        Used to choose the units removed in civil disorder. By default the 2023 rulebook as
        DATC 3.x 4.D.8 and 6.J.8-6.J.11 read it: armies and fleets alike move along every edge,
        land and sea, coasts ignored (an army walks over water, a fleet over land). With
        ``legacy=True`` the most common practice before 2023 (DATC 4.D.8): armies still walk
        over water, but fleets move only along fleet edges (any coast). Returns 0 when ``src``
        is a target and :data:`UNREACHABLE` when no target can be reached.
        """
        goal = frozenset(targets)
        if src in goal:
            return 0
        neighbours = self._fleet_adjacent if legacy and kind.moves is Moves.FLEET else self._any_adjacent
        seen = {src}
        frontier = deque([(src, 0)])
        while frontier:
            node, steps = frontier.popleft()
            for nxt in neighbours.get(node, _EMPTY):
                if nxt in goal:
                    return steps + 1
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append((nxt, steps + 1))
        return UNREACHABLE

    def name_of(self, location: Location) -> str:
        """Return the full name of ``location``: ``St Petersburg(nc)``, ``North Sea``."""
        name = self.provinces[location.province].name
        return f"{name}({location.coast})" if location.coast else name

    def abbreviation(self, location: Location) -> str:
        """Return the short notation of ``location``: ``stp/nc``."""
        return str(location)


_NO_PROVINCE: Final = Province("", "", Terrain.LAND, False, None)


def load_map(package: str) -> GameMap:
    """Read ``map.json`` from the package ``package`` (``dipsat.variants.classical``).

    Raises:
        MapError: the file is missing, is not JSON or describes an inconsistent map.
    """
    source = f"{package}/map.json"
    try:
        text = package_text(package, "map.json")
    except (ModuleNotFoundError, FileNotFoundError) as exc:
        raise MapError(f"cannot read map: {exc}", source=source) from None
    return map_from_json(text, source)


def package_text(package: str, name: str) -> str:
    """The text (UTF-8) of the data file ``name`` shipped in the package ``package``.

    Read through the package's loader, as :func:`pkgutil.get_data` and :mod:`importlib.resources`
    read it (importing either costs about 1 ms of every command's start-up: issue 23), or from
    the folders of a namespace package (no ``__init__.py``).

    Raises:
        ModuleNotFoundError: a parent package does not exist.
        FileNotFoundError: no such package, or no such file in it.
    """
    try:
        module = sys.modules.get(package) or import_module(package)
    except ModuleNotFoundError as exc:
        if exc.name != package:  # a parent is missing
            raise
        raise FileNotFoundError(f"no {name} in the package {package}") from None
    spec = module.__spec__
    loader = spec.loader if spec is not None else None
    where = getattr(module, "__file__", None)
    if where is not None and hasattr(loader, "get_data"):
        data: bytes = loader.get_data(os.path.join(os.path.dirname(where), *name.split("/")))  # type: ignore[union-attr]
        return data.decode("utf-8")
    for folder in getattr(module, "__path__", ()):
        path = Path(folder) / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise FileNotFoundError(f"no {name} in the package {package}")


def map_from_json(text: str, source: str) -> GameMap:
    """Build a map from the JSON ``text`` of a map file named ``source`` (for messages).

    Raises:
        MapError: ``text`` is not JSON or describes an inconsistent map.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapError(f"not JSON: {exc.msg}", source=source, line=exc.lineno) from None
    try:
        return _build(data, source)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, MapError):
            raise
        raise MapError(f"malformed map: {type(exc).__name__}: {exc}", source=source) from None


def _fail(source: str, message: str) -> MapError:
    return MapError(message, source=source)


def _read_provinces(data: dict[str, Any], powers: tuple[str, ...], source: str) -> dict[str, Province]:
    provinces: dict[str, Province] = {}
    for raw in data["provinces"]:
        pid = raw["id"]
        if not isinstance(pid, str) or not _is_id(pid):
            raise _fail(source, f"bad province id {pid!r}")
        if pid in provinces:
            raise _fail(source, f"duplicate province id {pid!r}")
        try:
            terrain = Terrain(raw["terrain"])
        except ValueError:
            raise _fail(source, f"province {pid!r}: unknown terrain {raw['terrain']!r}") from None
        sc, home = bool(raw.get("sc", False)), raw.get("home")
        if home is not None and home not in powers:
            raise _fail(source, f"province {pid!r}: home of unknown power {home!r}")
        if home is not None and not sc:
            raise _fail(source, f"province {pid!r}: home centre of {home} is not a supply centre")
        coasts = tuple(raw.get("coasts") or ())
        if coasts and terrain is not Terrain.COAST:
            raise _fail(source, f"province {pid!r}: coasts on a {terrain} province")
        if len(set(coasts)) != len(coasts) or any(c not in COAST_WORDS.values() for c in coasts):
            raise _fail(source, f"province {pid!r}: bad coasts {list(coasts)!r}")
        aliases = tuple(a.lower() for a in raw.get("aliases", ()))
        if len(set(aliases)) != len(aliases):
            raise _fail(source, f"province {pid!r}: duplicate alias in {list(aliases)!r}")
        provinces[pid] = Province(pid, raw["name"], terrain, sc, home, coasts, aliases)
    return provinces


def _is_id(text: str) -> bool:
    """Whether ``text`` is a province id: ``[a-z][a-z0-9_]*`` (no pattern compiled at start-up)."""
    return text.isascii() and text[:1].islower() and text == text.lower() and text.replace("_", "a").isalnum()


def _name_lookup(provinces: Mapping[str, Province], source: str) -> dict[str, str]:
    lookup = {pid: pid for pid in provinces}
    for p in provinces.values():
        for alias in {name_key(p.name), *map(name_key, p.aliases)}:
            if lookup.setdefault(alias, p.id) != p.id:
                raise _fail(source, f"alias {alias!r} of {p.id!r} already names {lookup[alias]!r}")
    return lookup


def _check_node(node: Any, provinces: Mapping[str, Province], source: str, number: int, edge: Any) -> None:
    if not isinstance(node, str):
        raise _fail(source, f"{_where(number, edge)}: node {node!r} is not a string")
    pid, slash, coast = node.partition("/")
    if pid not in provinces:
        what = "coast without a parent province" if slash else "unknown node"
        raise _fail(source, f"{_where(number, edge)}: {what} {node!r}")
    if slash and coast not in provinces[pid].coasts:
        raise _fail(source, f"{_where(number, edge)}: unknown coast {node!r}")


_KINDS: Final = {"A": (True, False), "F": (False, True), "AF": (True, True)}


def _node_table(provinces: Mapping[str, Province]) -> dict[str, tuple[str, bool, bool]]:
    """Node -> (its province, whether an army edge may touch it, whether a fleet edge may): an army
    neither a coast node nor a sea, a fleet no land province nor a split-coast province itself."""
    table: dict[str, tuple[str, bool, bool]] = {}
    for p in provinces.values():
        table[p.id] = (p.id, p.terrain is not Terrain.SEA, p.terrain is not Terrain.LAND and not p.coasts)
        for coast in p.coasts:
            table[f"{p.id}/{coast}"] = (p.id, False, p.terrain is not Terrain.LAND)
    return table


def _quick_edge(edge: Any, nodes: Mapping[str, tuple[str, bool, bool]], joined: set[frozenset[str]]) -> Edge | None:
    """The edge of a well-formed map entry (``joined``: the pairs met so far, this one added), or
    ``None`` for any entry with something wrong, which :func:`_build` then checks step by step to
    say what (the standard map: 436 entries at every start-up, issue 23)."""
    if type(edge) is not list or len(edge) != 3:
        return None
    a, b, kinds = edge
    both = _KINDS.get(kinds) if type(kinds) is str else None
    if both is None or type(a) is not str or type(b) is not str:
        return None
    at_a, at_b = nodes.get(a), nodes.get(b)
    if at_a is None or at_b is None or at_a[0] == at_b[0]:
        return None
    army, fleet = both
    if (army and not (at_a[1] and at_b[1])) or (fleet and not (at_a[2] and at_b[2])):
        return None
    pair = frozenset((a, b))
    if pair in joined:
        return None
    joined.add(pair)
    return tuple.__new__(Edge, (a, b, army, fleet))  # type: ignore[no-any-return]  # Edge(a, b, army, fleet)


def _where(number: int, edge: Any) -> str:
    """An edge as a message names it (written only for a message: issue 23, start-up)."""
    return f"edge {number} {edge!r}"


def _build(data: dict[str, Any], source: str) -> GameMap:
    powers = tuple(data["powers"])
    if len(set(powers)) != len(powers) or not all(isinstance(p, str) and p for p in powers):
        raise _fail(source, f"bad or duplicate powers {list(powers)!r}")
    provinces = _read_provinces(data, powers, source)
    edges: list[Edge] = []
    joined: set[frozenset[str]] = set()
    nodes = _node_table(provinces)
    for number, edge in enumerate(data["edges"], start=1):
        quick = _quick_edge(edge, nodes, joined)
        if quick is not None:
            edges.append(quick)
            continue
        if not isinstance(edge, list) or len(edge) != 3 or edge[2] not in ("A", "F", "AF"):
            raise _fail(source, f"{_where(number, edge)}: expected [node, node, \"A\"|\"F\"|\"AF\"]")
        a, b, kinds = edge
        _check_node(a, provinces, source, number, edge)
        _check_node(b, provinces, source, number, edge)
        if a.partition("/")[0] == b.partition("/")[0]:
            raise _fail(source, f"{_where(number, edge)}: joins a province to itself")
        pair = frozenset((a, b))
        if pair in joined:
            raise _fail(source, f"{_where(number, edge)}: duplicate edge")
        army, fleet = "A" in kinds, "F" in kinds
        for node in (a, b):
            p = provinces[node.partition("/")[0]]
            if army and ("/" in node or p.terrain is Terrain.SEA):
                what = "coast" if "/" in node else "sea"
                raise _fail(source, f"{_where(number, edge)}: army edge touching {what} {node!r}")
            if fleet and p.terrain is Terrain.LAND:
                raise _fail(source, f"{_where(number, edge)}: fleet edge touching land province {node!r}")
            if fleet and "/" not in node and p.coasts:
                raise _fail(source, f"{_where(number, edge)}: split-coast province {node!r} used as a fleet node")
        joined.add(pair)
        edges.append(Edge(a, b, army, fleet))
    return _assemble(data["name"], powers, provinces, tuple(edges), source)


def _nodes(provinces: Mapping[str, Province]) -> Iterable[str]:
    """The board's nodes in order: each province, then its coasts."""
    for p in provinces.values():
        yield p.id
        for coast in p.coasts:
            yield f"{p.id}/{coast}"


def adjacency(provinces: Mapping[str, Province], edges: Iterable[Edge]) -> dict[str, dict[str, Edge]]:
    """Node -> neighbour -> the edge joining them, every dict in the order nodes and edges were added."""
    adjacent: dict[str, dict[str, Edge]] = {node: {} for node in _nodes(provinces)}
    for edge in edges:
        adjacent[edge.a][edge.b] = adjacent[edge.b][edge.a] = edge
    return adjacent


def graph_order(adjacent: Mapping[str, Mapping[str, Edge]]) -> list[Edge]:
    """Every edge once, oriented and ordered as a networkx graph built the same way lists them
    (``graph.edges()``): by node, then by neighbour, each edge from the node met first."""
    seen: set[str] = set()
    found = []
    for node, near in adjacent.items():
        for other, edge in near.items():
            if other not in seen:
                found.append(edge if edge.a == node else Edge(node, other, edge.army, edge.fleet))
        seen.add(node)
    return found


def _networkx_graph(gmap: GameMap) -> nx.Graph:
    import networkx as nx  # only here: the adjudicator needs none of it (issue 11: start-up)

    graph = nx.Graph(name=gmap.name)
    for p in gmap.provinces.values():
        graph.add_node(p.id, terrain=p.terrain.value, sc=p.sc, home=p.home)
        for coast in p.coasts:
            graph.add_node(f"{p.id}/{coast}", terrain=Terrain.COAST.value, parent=p.id)
    for edge in gmap.edges:
        graph.add_edge(edge.a, edge.b, army=edge.army, fleet=edge.fleet)
    return nx.freeze(graph)


def _location(node: str) -> Location:
    pid, _, coast = node.partition("/")
    return Location(pid, coast or None)


def _assemble(name: str, powers: tuple[str, ...], provinces: dict[str, Province],
              edges: tuple[Edge, ...], source: str) -> GameMap:
    army: dict[str, set[str]] = {pid: set() for pid in provinces}
    fleet: dict[Location, set[Location]] = {}
    for a, b, army_edge, fleet_edge in graph_order(adjacency(provinces, edges)):
        if army_edge:
            army[a].add(b)
            army[b].add(a)
        if fleet_edge:
            la, lb = _location(a), _location(b)
            fleet.setdefault(la, set()).add(lb)
            fleet.setdefault(lb, set()).add(la)
    fleet_locations = {
        p.id: tuple(Location(p.id, c) for c in p.coasts) if p.coasts else (Location(p.id),)
        for p in provinces.values() if p.terrain is not Terrain.LAND}
    for locations in fleet_locations.values():
        for loc in locations:
            fleet.setdefault(loc, set())
    fleet_prov = {loc: frozenset(n.province for n in nbrs) for loc, nbrs in fleet.items()}
    fleet_adjacent: dict[str, set[str]] = {pid: set() for pid in provinces}
    for loc, reached in fleet_prov.items():
        fleet_adjacent[loc.province] |= reached
    any_adjacent = {pid: frozenset(army[pid] | fleet_adjacent[pid]) for pid in provinces}
    compound = frozenset(w for p in provinces.values() for n in (p.name.lower(), *p.aliases)
                         for w in n.split() if "-" in w)
    powers_lookup: dict[str, str] = {}
    for power in powers:
        powers_lookup[power.lower()] = power
    for power in powers:
        short = power[:3].lower()
        if sum(p[:3].lower() == short for p in powers) == 1:
            powers_lookup.setdefault(short, power)
    return GameMap(
        name=name,
        powers=powers,
        edges=edges,
        provinces=MappingProxyType(provinces),
        supply_centres=frozenset(p.id for p in provinces.values() if p.sc),
        army_neighbours=MappingProxyType({k: frozenset(v) for k, v in army.items()}),
        fleet_neighbours=MappingProxyType({k: frozenset(v) for k, v in fleet.items()}),
        fleet_province_neighbours=MappingProxyType(fleet_prov),
        compound_words=compound,
        _homes=MappingProxyType({power: frozenset(p.id for p in provinces.values() if p.home == power)
                                 for power in powers}),
        _fleet_adjacent=MappingProxyType({k: frozenset(v) for k, v in fleet_adjacent.items()}),
        _any_adjacent=MappingProxyType(any_adjacent),
        _lookup=MappingProxyType(_name_lookup(provinces, source)),
        _powers_lookup=MappingProxyType(powers_lookup),
        _fleet_locations=MappingProxyType(fleet_locations),
    )
