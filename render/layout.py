"""Layouts of the decision graph: a cycle as a ring, what feeds it around it, blocks packed square.

Every node is a box of the same size; a layout returns the centre of each box. Rings are
ellipses grown until no two boxes overlap; a component without a cycle is laid out in layers
(longest path), wrapped so that no layer is much wider than the picture is tall; the components
are then packed in rows so that the whole picture stays within about 3:1.
"""
from __future__ import annotations

import math
from itertools import islice
from typing import Hashable, Iterable

import networkx as nx

Point = tuple[float, float]
BOX_W, BOX_H, GAP = 236.0, 44.0, 16.0


def _overlap(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) < BOX_W + GAP and abs(a[1] - b[1]) < BOX_H + GAP


def _cycle_order(graph: nx.DiGraph, members: set[Hashable]) -> list[Hashable]:
    """The members of a strongly connected component in ring order: the longest simple cycle
    found among the first few thousand, the other members each after a node that leads to it."""
    sub = graph.subgraph(members)
    longest: list[Hashable] = []
    for cycle in islice(nx.simple_cycles(sub), 5000):
        if len(cycle) > len(longest) or (len(cycle) == len(longest) and sorted(map(str, cycle)) < sorted(map(str, longest))):
            longest = cycle
    if longest:  # the ring starts at the same node whatever the order the cycles were found in
        first = min(range(len(longest)), key=lambda i: str(longest[i]))
        longest = longest[first:] + longest[:first]
    order = list(longest)
    rest = sorted((v for v in members if v not in order), key=str)
    while rest:
        for v in rest:
            before = [i for i, u in enumerate(order) if sub.has_edge(u, v)]
            if before:
                order.insert(before[0] + 1, v)
                rest.remove(v)
                break
        else:
            order.append(rest.pop(0))
    return order


def _ring(nodes: list[Hashable], start: float = 0.0) -> tuple[dict[Hashable, Point], float, float]:
    """Nodes on an ellipse (3:2), grown until no boxes overlap; returns places and the radii."""
    n = len(nodes)
    scale = max(90.0, n * 22.0)
    while True:
        rx, ry = scale * 1.5, scale
        places = {v: (rx * math.cos(start + 2 * math.pi * k / n), ry * math.sin(start + 2 * math.pi * k / n))
                  for k, v in enumerate(nodes)}
        pts = list(places.values())
        if all(not _overlap(pts[i], pts[j]) for i in range(n) for j in range(i + 1, n)):
            return places, rx, ry
        scale *= 1.1


def _around(graph: nx.Graph, inner: dict[Hashable, Point], rx: float, ry: float) -> dict[Hashable, Point]:
    """The rest of a component in rings around ``inner``: each node at the mean angle of the
    nodes it touches, one ring per step of distance, spread until nothing overlaps."""
    places = dict(inner)
    layer = [v for v in inner]
    step = 1
    while True:
        nxt = sorted({w for v in layer for w in graph.neighbors(v) if w not in places}, key=str)
        if not nxt:
            return places
        angles = {}
        for w in nxt:
            near = [places[u] for u in sorted(graph.neighbors(w), key=str) if u in places]
            angles[w] = math.atan2(sum(p[1] / ry for p in near), sum(p[0] / rx for p in near))
        grow = 1.0
        while True:
            lx, ly = rx + step * (BOX_W * 0.9) * grow, ry + step * (BOX_H * 2.2) * grow
            trial = _spread(nxt, angles, lx, ly, places)
            if trial is not None:
                places.update(trial)
                break
            grow *= 1.15
        layer, step = nxt, step + 1


def _spread(nodes: list[Hashable], angles: dict[Hashable, float], rx: float, ry: float,
            placed: dict[Hashable, Point]) -> dict[Hashable, Point] | None:
    """Nodes on an ellipse near their angles, nudged apart; ``None`` if they cannot all fit."""
    order = sorted(nodes, key=lambda v: (angles[v], str(v)))
    theta = [angles[v] for v in order]
    for _ in range(400):
        pts = [(rx * math.cos(t), ry * math.sin(t)) for t in theta]
        moved = False
        for i in range(len(order)):
            for j in range(i + 1, len(order)):
                if _overlap(pts[i], pts[j]):
                    theta[i] -= 0.02
                    theta[j] += 0.02
                    moved = True
        if not moved:
            break
    pts = [(rx * math.cos(t), ry * math.sin(t)) for t in theta]
    others = list(placed.values())
    if any(_overlap(p, q) for i, p in enumerate(pts) for q in pts[i + 1:] + others):
        return None
    return dict(zip(order, pts))


def _layers(graph: nx.DiGraph, nodes: Iterable[Hashable]) -> dict[Hashable, Point]:
    """An acyclic component in rows by longest path, wrapped at a few boxes per row."""
    sub = graph.subgraph(nodes)
    depth: dict[Hashable, int] = {}
    for v in nx.topological_sort(sub):
        depth[v] = 1 + max((depth[u] for u in sub.predecessors(v)), default=-1)
    rows: dict[int, list[Hashable]] = {}
    for v in sorted(depth, key=lambda v: (depth[v], str(v))):
        rows.setdefault(depth[v], []).append(v)
    per_row = max(3, math.ceil(math.sqrt(len(depth) * 1.5)))
    places: dict[Hashable, Point] = {}
    y = 0.0
    for d in sorted(rows):
        row = rows[d]
        for start in range(0, len(row), per_row):
            for k, v in enumerate(row[start:start + per_row]):
                places[v] = (k * (BOX_W + GAP * 2), y)
            y += BOX_H + GAP * 3
    return places


def layout(graph: nx.DiGraph) -> dict[Hashable, Point]:
    """Centre of every node's box, top-left of the picture at (0, 0)."""
    blocks = []
    undirected = graph.to_undirected(as_view=True)
    for comp in sorted(nx.weakly_connected_components(graph), key=lambda c: (-len(c), sorted(map(str, c)))):
        cycles = [c for c in nx.strongly_connected_components(graph.subgraph(comp)) if len(c) > 1]
        if cycles:
            core = max(cycles, key=len)
            ring, rx, ry = _ring(_cycle_order(graph, core), -math.pi / 2)
            places = _around(undirected.subgraph(comp), ring, rx, ry)
        else:
            places = _layers(graph, comp)
        blocks.append(_normalised(places))
    return _pack(blocks)


def _normalised(places: dict[Hashable, Point]) -> dict[Hashable, Point]:
    x0 = min(p[0] for p in places.values()) - BOX_W / 2
    y0 = min(p[1] for p in places.values()) - BOX_H / 2
    return {v: (p[0] - x0, p[1] - y0) for v, p in places.items()}


def _size(places: dict[Hashable, Point]) -> Point:
    return (max(p[0] for p in places.values()) + BOX_W / 2, max(p[1] for p in places.values()) + BOX_H / 2)


def _pack(blocks: list[dict[Hashable, Point]]) -> dict[Hashable, Point]:
    """Blocks in rows, each row no wider than about twice the square root of the total area."""
    if not blocks:
        return {}
    sizes = [_size(b) for b in blocks]
    area = sum(w * h for w, h in sizes)
    limit = max(max(w for w, _ in sizes), math.sqrt(area) * 2.0)
    out: dict[Hashable, Point] = {}
    x = y = row_h = 0.0
    for block, (w, h) in zip(blocks, sizes):
        if x > 0 and x + w > limit:
            x, y, row_h = 0.0, y + row_h + GAP * 3, 0.0
        out.update({v: (p[0] + x, p[1] + y) for v, p in block.items()})
        x += w + GAP * 3
        row_h = max(row_h, h)
    return out
