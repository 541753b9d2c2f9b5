"""The shape of a situation: its structure without the place on the board where it happens.

A situation becomes a small labelled graph: one node per unit (its kind, whether it stands at
sea, its order's kind, its result under each side) and one per province an order names where no
unit stands; edges for what the orders say (moves to, supports, convoys), for units of one power,
and for adjacency between the provinces involved. Two findings with isomorphic graphs are one
finding, whatever their provinces and powers; the Weisfeiler-Lehman hash of networkx is the key
(equal graphs always get equal keys; for graphs this small, unequal ones practically never do).

The same graph without results compares a finding with the DATC's cases: ``matches`` names the
cases of the same structure, and ``contained_in`` the smallest cases whose structure holds the
finding's (a monomorphism that keeps labels: the finding is that case with units left out).
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from dipsat.model.cases import Case
from dipsat.model.gamemap import GameMap
from dipsat.model.types import (
    Build, Convoy, Disband, Hold, Location, Move, Order, Retreat, SupportHold, SupportMove, Unit, Waive,
)

if TYPE_CHECKING:
    import networkx as nx

ORDER_WORDS = {Hold: "hold", Move: "move", SupportHold: "support-hold", SupportMove: "support-move",
               Convoy: "convoy", Retreat: "retreat", Disband: "disband", Build: "build", Waive: "waive"}


def graph(case: Case, gmap: GameMap, results: Sequence[Sequence[str]] = ()) -> nx.Graph:
    """The labelled graph of ``case`` (with each side's result words per order when given)."""
    import networkx as nx

    g = nx.Graph(seas=frozenset(p for p, v in gmap.provinces.items() if v.terrain.value == "sea"))
    start = case.start
    owner = {p: pc.power for p, pc in start.units.items()}
    powers = sorted(set(owner.values()) | set(start.centres.values()))
    for p, pc in sorted(start.units.items()):
        g.add_node(("u", p), label=f"{pc.unit.kind.letter}:sc" if p in start.centres else pc.unit.kind.letter)
    for c, power in sorted(start.centres.items()):
        if c not in start.units:
            g.add_node(("c", c), label="centre")
        if ("u", c) in g or ("c", c) in g:
            node = ("u", c) if ("u", c) in g else ("c", c)
            for q in (p for p, pw in owner.items() if pw == power):
                g.add_edge(node, ("u", q), label="owner")
    flat = [o for step in case.steps for o in step.orders]
    for i, order in enumerate(flat):
        words = "/".join(r[i] for r in results if i < len(r))
        node = ("o", i)
        g.add_node(node, label=f"{ORDER_WORDS.get(type(order), type(order).__name__)}{_spelling(order, case, gmap)}:{words}")
        for name, value in _fields(order):
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, Unit):
                    g.add_edge(node, _place(g, item.province), label="by" if name == "unit" else "target")
                elif isinstance(item, Location) and item.province in gmap.provinces:
                    g.add_edge(node, _place(g, item.province), label="to")
    places = sorted(p for kind, p in g.nodes if kind in ("u", "p", "c"))
    for i, a in enumerate(places):
        for b in places[i + 1:]:
            if b in gmap._any_adjacent.get(a, ()):
                g.add_edge(_node(g, a), _node(g, b), label="next")
    for i, a in enumerate(sorted(owner)):
        for b in sorted(owner)[i + 1:]:
            if owner[a] == owner[b]:
                g.add_edge(("u", a), ("u", b), label="ally")
    g.graph["powers"] = len(powers)
    return g


def _spelling(order: Order, case: Case, gmap: GameMap) -> str:
    """How an order is written where that can matter (DATC 4.B-4.C): ``via convoy``, a coast
    named or left out for a province with coasts, a unit type other than the unit's."""
    tags = ""
    if getattr(order, "via_convoy", False):
        tags += "+via"
    dest = getattr(order, "dest", None)
    if isinstance(dest, Location) and dest.province in gmap.provinces and gmap.provinces[dest.province].coasts:
        tags += "+coast" if dest.coast else "+nocoast"
    unit = getattr(order, "unit", None)
    piece = case.start.units.get(unit.province) if isinstance(unit, Unit) else None
    if piece is not None and piece.unit.kind is not unit.kind:
        tags += "+type"
    return tags


def _fields(order: Order) -> list[tuple[str, object]]:
    """An order's fields by name (a variant's own orders too)."""
    return [(f.name, getattr(order, f.name)) for f in fields(order)] if is_dataclass(order) else []


def _place(g: nx.Graph, province: str) -> tuple[str, str]:
    for kind in ("u", "c"):
        if (kind, province) in g:
            return (kind, province)
    node = ("p", province)
    if node not in g:
        g.add_node(node, label="empty:sea" if g.graph.get("seas") and province in g.graph["seas"] else "empty")
    return node


def _node(g: nx.Graph, province: str) -> tuple[str, str]:
    return next(n for n in (("u", province), ("c", province), ("p", province)) if n in g)


def key(g: nx.Graph) -> str:
    """The shape's key: equal for isomorphic labelled graphs."""
    import networkx as nx

    return nx.weisfeiler_lehman_graph_hash(g, node_attr="label", edge_attr="label", iterations=4, digest_size=8)


def structure(case: Case, gmap: GameMap) -> nx.Graph:
    """The graph without results (for comparison with the DATC)."""
    return graph(case, gmap)


@lru_cache(maxsize=1)
def datc_structures() -> tuple[tuple[str, int, object], ...]:
    """Every bundled DATC chapter-6 case: its id, its unit count and its structure graph."""
    from importlib.resources import files

    from dipsat.model.cases import load_cases
    from dipsat.model.gamemap import load_map

    gmap = load_map("dipsat.variants.classical")
    folder = files("dipsat.datacases")
    found = []
    for name in sorted(p.name for p in folder.iterdir() if p.name.startswith("datc_6") and p.name.endswith(".txt")):
        with_path = Path(str(folder.joinpath(name)))
        for case in load_cases(with_path):
            found.append((case.id, len(case.start.units), structure(case, gmap)))
    return tuple(found)


def _same(a: dict[str, str], b: dict[str, str]) -> bool:
    return a.get("label") == b.get("label")


def matches(g: nx.Graph) -> list[str]:
    """The DATC cases whose structure is the same as ``g``'s."""
    from networkx.algorithms.isomorphism import GraphMatcher

    return [cid for cid, _, h in datc_structures() if len(h) == len(g)  # type: ignore[arg-type]
            and GraphMatcher(h, g, node_match=_same, edge_match=_same).is_isomorphic()]


def contained_in(g: nx.Graph, limit: int = 3) -> list[str]:
    """The smallest DATC cases (at most ``limit``) that hold ``g``'s structure, units left out."""
    from networkx.algorithms.isomorphism import GraphMatcher

    found = []
    for cid, units, h in sorted(datc_structures(), key=lambda t: (t[1], t[0])):
        if len(h) >= len(g) and GraphMatcher(h, g, node_match=_same, edge_match=_same).subgraph_is_monomorphic():  # type: ignore[arg-type]
            found.append(cid)
            if len(found) >= limit:
                break
    return found


def describe(case: Case) -> str:
    """The shape in words: ``3 units, 2 powers: move, move, support-move``."""
    start = case.start
    powers = {pc.power for pc in start.units.values()} | set(start.centres.values())
    kinds = sorted(ORDER_WORDS.get(type(o), type(o).__name__) for s in case.steps for o in s.orders)
    head = _count(len(start.units), "unit") + (f", {_count(len(start.centres), 'centre')}" if start.centres else "")
    return f"{head}, {_count(len(powers), 'power')}: {', '.join(kinds) or 'no orders'}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"

