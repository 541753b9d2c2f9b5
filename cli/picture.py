"""Draw the decision graph of a movement phase as a self-contained SVG picture.

Orders stand in the left column, each linked to the decision that gives its result; decisions
stand in columns by dependency (what a decision reads stands to its left; an edge that closes a
cycle runs back below the boxes). Each decision shows
its final value and what fixed it: its DATC equation or a backup rule. Decisions of a cycle are
drawn in a red frame with red edges; a decision fixed by a backup rule has an orange frame.
"""
from __future__ import annotations

from html import escape

import networkx as nx

from dipsat.solver.explain import decision_of
from dipsat.solver.resolution import Resolution

_W, _H, _GAP_X, _GAP_Y = 250, 44, 70, 14


def _layers(graph: nx.DiGraph) -> tuple[dict[str, int], set[tuple[str, str]]]:
    """Column of each decision, and the back edges: a depth-first search from the sources marks
    the edges that close cycles; without them the graph is layered by longest path."""
    back: set[tuple[str, str]] = set()
    state: dict[str, int] = {}

    def visit(u: str) -> None:
        state[u] = 1
        for v in sorted(graph.successors(u)):
            if state.get(v) == 1:
                back.add((u, v))
            elif v not in state:
                visit(v)
        state[u] = 2

    for node in sorted(graph.nodes, key=lambda n: (graph.in_degree(n) > 0, n)):
        if node not in state:
            visit(node)
    dag = nx.DiGraph(graph)
    dag.remove_edges_from(back)
    column: dict[str, int] = {}
    for node in nx.topological_sort(dag):
        column[node] = 1 + max((column[p] for p in dag.predecessors(node)), default=0)
    return column, back


def decision_graph_svg(res: Resolution, title: str = "") -> str:
    """Return the SVG picture of a solved movement phase's decision graph."""
    pm, solution = res.model, res.values
    if pm is None or solution is None:
        raise ValueError("only movement phases have a decision graph")
    graph: nx.DiGraph = solution.graph if solution.graph is not None else pm.graph
    cyclic = {m for c in nx.strongly_connected_components(graph) if len(c) > 1 for m in c}
    fixed = {n: p.rule for p in solution.paradoxes for n, _ in p.fixed}
    column, back = _layers(graph)
    orders = [(r, decision_of(pm, r.order)) for r in res.results + res.generated]
    orders = [(r, d) for r, d in orders if d is not None]
    place: dict[str, tuple[float, float]] = {}
    for i, (r, _) in enumerate(orders):
        place[f"order#{i}"] = (20, 60 + i * (_H + _GAP_Y))
    rows: dict[int, list[str]] = {}
    for name in sorted(graph.nodes, key=lambda n: (column[n], n)):
        rows.setdefault(column[name], []).append(name)
    row_of = {d: i for i, (_, d) in enumerate(orders)}
    for col in sorted(rows):  # order each column by the mean row of what it reads (fewer crossings)
        def weight(n: str) -> float:
            ys = [row_of[p] for p in graph.predecessors(n) if p in row_of and (p, n) not in back]
            return sum(ys) / len(ys) if ys else row_of.get(n, 1e6)
        rows[col].sort(key=lambda n: (weight(n), n))
        for i, name in enumerate(rows[col]):
            row_of[name] = i
            place[name] = (20 + col * (_W + _GAP_X), 60 + i * (_H + _GAP_Y))
    width = 40 + (max(rows, default=0) + 1) * (_W + _GAP_X)
    height = 80 + max([len(v) for v in rows.values()] + [len(orders)]) * (_H + _GAP_Y)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="DejaVu Sans, Arial, sans-serif" font-size="11">',
           '<defs><marker id="a" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker>'
           '<marker id="r" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker></defs>',
           '<rect width="100%" height="100%" fill="white"/>',
           f'<text x="20" y="24" font-size="15" font-weight="bold">{escape(title)}</text>',
           f'<text x="20" y="42" fill="#555">{escape(_caption(res))}</text>']
    for a, b in sorted(graph.edges):
        red = a in cyclic and b in cyclic
        out.append(_edge(place[a], place[b], "#c0392b" if red else "#999", "r" if red else "a",
                         backwards=(a, b) in back))
    for i, (_, d) in enumerate(orders):
        out.append(_edge(place[f"order#{i}"], place[d], "#4a6fa5", "a", dashed=True))
    for name in graph.nodes:
        value = solution.decisions.get(name, False)
        how = f"{fixed[name]} rule" if name in fixed else "equations"
        stroke = "#e67e22" if name in fixed else ("#c0392b" if name in cyclic else "#666")
        fill = "#d5f5e3" if value else "#f2f3f4"
        out.append(_box(place[name], name, f"= {value}  ({how})", fill, stroke))
    for i, (r, _) in enumerate(orders):
        out.append(_box(place[f"order#{i}"], str(r.order), r.words, "#eaf2fb", "#4a6fa5"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _caption(res: Resolution) -> str:
    count = {0: "no", 1: "one", 2: "two or more"}[min(res.resolutions, 2)]
    rules = "; ".join(f"{p.rule} rule settled a cycle" for p in res.paradoxes) or "no backup rule needed"
    return f"{res.before.phase}: {count} consistent resolution(s) of the equations; {rules}"


def _box(at: tuple[float, float], line1: str, line2: str, fill: str, stroke: str) -> str:
    x, y = at
    return (f'<g><rect x="{x}" y="{y}" width="{_W}" height="{_H}" rx="6" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2"/>'
            f'<text x="{x + 8}" y="{y + 17}">{escape(line1[:40])}</text>'
            f'<text x="{x + 8}" y="{y + 34}" fill="#333">{escape(line2[:44])}</text></g>')


def _edge(a: tuple[float, float], b: tuple[float, float], colour: str, marker: str,
          dashed: bool = False, backwards: bool = False) -> str:
    (x1, y1), (x2, y2) = a, b
    if backwards:  # an edge that closes a cycle: below the boxes, from right to left
        sx, sy, ex, ey = x1 + _W / 2, y1 + _H, x2 + _W / 2, y2 + _H
        dip = max(sy, ey) + 28
        path = f"M{sx},{sy} C{sx},{dip} {ex},{dip} {ex},{ey}"
    elif x2 > x1:
        sx, sy, ex, ey = x1 + _W, y1 + _H / 2, x2, y2 + _H / 2
        path = f"M{sx},{sy} C{sx + 40},{sy} {ex - 40},{ey} {ex},{ey}"
    else:  # an edge back to an earlier column or within one: loop around the right side
        sx, sy, ex, ey = x1 + _W, y1 + _H / 2, x2 + _W, y2 + _H / 2
        bend = max(sx, ex) + 45
        path = f"M{sx},{sy} C{bend},{sy} {bend},{ey} {ex},{ey}"
    dash = ' stroke-dasharray="5,4"' if dashed else ""
    return (f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="1.4"{dash} '
            f'marker-end="url(#{marker})"/>')
