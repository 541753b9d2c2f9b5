"""The decision graph of a movement phase as an SVG picture.

Each decision is a box with its final value and what fixed it (the DATC equations or a backup
rule); each order is a box beside the decision that gives its result. A cycle is drawn as a
ring (:mod:`dipsat.render.layout`) with its decisions and edges in red; a decision fixed by a
backup rule has an orange frame. Edges point from what a decision reads to the decision.
"""
from __future__ import annotations

import math
from html import escape
from typing import Hashable

import networkx as nx

from dipsat.model.safe_text import xml_safe
from dipsat.render.layout import BOX_H, BOX_W, Point, layout
from dipsat.solver.explain import decision_of
from dipsat.solver.resolution import Resolution

MARGIN, HEADER = 24.0, 56.0


def decision_graph_svg(res: Resolution, title: str = "") -> str:
    """Return the SVG picture of a solved movement phase's decision graph.

    Raises:
        ValueError: the phase is not a movement phase (no decision graph).
    """
    pm, solution = res.model, res.values
    if pm is None or solution is None:
        raise ValueError("only movement phases have a decision graph")
    graph: nx.DiGraph = nx.relabel_nodes(solution.graph if solution.graph is not None else pm.graph, pm.name)
    values = {pm.name(key): value for key, value in solution.decisions.items()}
    cyclic = {m for c in nx.strongly_connected_components(graph) if len(c) > 1 for m in c}
    fixed = {n: p.rule for p in solution.paradoxes for n, _ in p.fixed}
    drawing = nx.DiGraph(graph)
    orders = {}
    for i, r in enumerate(res.results + res.generated):
        key = decision_of(pm, r.order)
        d = pm.name(key) if key is not None else None
        if d is not None and d in graph:
            orders[f"order#{i}"] = (r, d)
            drawing.add_edge(d, f"order#{i}")
    places = layout(drawing)
    width = max([p[0] for p in places.values()] + [0]) + BOX_W / 2 + 2 * MARGIN
    height = max([p[1] for p in places.values()] + [0]) + BOX_H / 2 + 2 * MARGIN + HEADER
    width = max(width, 560.0)
    at = {v: (p[0] + MARGIN, p[1] + MARGIN + HEADER) for v, p in places.items()}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">',
           '<defs><marker id="a" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker>'
           '<marker id="r" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker></defs>',
           '<rect width="100%" height="100%" fill="white"/>',
           f'<text x="{MARGIN}" y="24" font-size="15" font-weight="bold">{escape(title)}</text>',
           f'<text x="{MARGIN}" y="42" fill="#555">{escape(_caption(res))}</text>']
    for a, b in sorted(graph.edges, key=lambda e: (str(e[0]), str(e[1]))):
        red = a in cyclic and b in cyclic
        out.append(_edge(at[a], at[b], "#c0392b" if red else "#999", "r" if red else "a"))
    for node, (r, d) in orders.items():
        out.append(_edge(at[node], at[d], "#4a6fa5", "a", dashed=True))
    for name in graph.nodes:
        value = values.get(name, False)
        how = f"{fixed[name]} rule" if name in fixed else "equations"
        stroke = "#e67e22" if name in fixed else ("#c0392b" if name in cyclic else "#666")
        fill = "#d5f5e3" if value else "#f2f3f4"
        out.append(_box(at[name], str(name), f"= {value}  ({how})", fill, stroke, "decision"))
    for node, (r, _) in orders.items():
        out.append(_box(at[node], str(r.order), r.words, "#eaf2fb", "#4a6fa5", "order"))
    out.append("</svg>")
    return xml_safe("\n".join(out) + "\n")  # well-formed whatever an id or title holds


def _caption(res: Resolution) -> str:
    count = {0: "no", 1: "one", 2: "two or more"}[min(res.resolutions, 2)]
    rules = "; ".join(f"{p.rule} rule settled a cycle" for p in res.paradoxes) or "no backup rule needed"
    return f"{res.before.phase}: {count} consistent resolution(s) of the equations; {rules}"


def _box(centre: Point, line1: str, line2: str, fill: str, stroke: str, kind: str) -> str:
    x, y = centre[0] - BOX_W / 2, centre[1] - BOX_H / 2
    return (f'<g class="{kind}"><title>{escape(line1)}: {escape(line2)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{BOX_W:.0f}" height="{BOX_H:.0f}" rx="6" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2"/>'
            f'<text x="{x + 8:.1f}" y="{y + 17:.1f}">{escape(_fit(line1, 38))}</text>'
            f'<text x="{x + 8:.1f}" y="{y + 34:.1f}" fill="#333">{escape(_fit(line2, 40))}</text></g>')


def _fit(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n - 1] + "\u2026"


def _border(c: Point, toward: Point) -> Point:
    """Where the segment from box centre ``c`` toward ``toward`` leaves the box."""
    dx, dy = toward[0] - c[0], toward[1] - c[1]
    if dx == 0 and dy == 0:
        return c
    t = min((BOX_W / 2 + 3) / abs(dx) if dx else math.inf, (BOX_H / 2 + 3) / abs(dy) if dy else math.inf)
    return c[0] + dx * t, c[1] + dy * t


def _edge(a: Point, b: Point, colour: str, marker: str, dashed: bool = False) -> str:
    (x1, y1), (x2, y2) = _border(a, b), _border(b, a)
    dash = ' stroke-dasharray="5,4"' if dashed else ""
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
            f'stroke-width="1.4"{dash} marker-end="url(#{marker})"/>')


def node_name(node: Hashable) -> str:
    """How a decision is named in the picture."""
    return str(node)
