"""The board's lasting changes drawn on the picture: a frozen sea, a closed edge (a Wall), a
supply centre removed or created."""
from __future__ import annotations

import math
from html import escape
from typing import Iterable

from dipsat.model.board import AddCentre, Change, CloseEdge, FreezeSea, RemoveCentre
from dipsat.render.geometry import Geometry


def change_marks(geometry: Geometry, changes: Iterable[Change]) -> list[str]:
    """SVG fragments for the changes in force (drawn above the provinces, below the units)."""
    out = ['<g id="changes">']
    for change in sorted(changes, key=str):
        match change:
            case FreezeSea(province=p) if p in geometry.shapes:
                out += _frozen(geometry, p)
            case CloseEdge(a=a, b=b) if a in geometry.shapes and b in geometry.shapes:
                out += _wall(geometry, a, b)
            case RemoveCentre(province=p) if p in geometry.shapes:
                x, y = geometry.shapes[p].label
                out.append(f'<g class="centre-removed"><title>{escape(str(change))}</title>'
                           f'<path d="M{x + 10:.0f},{y - 17:.0f} L{x + 20:.0f},{y - 7:.0f} M{x + 20:.0f},{y - 17:.0f} '
                           f'L{x + 10:.0f},{y - 7:.0f}" stroke="#7b241c" stroke-width="2.5"/></g>')
            case AddCentre(province=p) if p in geometry.shapes:
                x, y = geometry.shapes[p].label
                out.append(f'<g class="centre-added"><title>{escape(str(change))}</title>'
                           f'<circle cx="{x + 15:.0f}" cy="{y - 12:.0f}" r="8" fill="none" stroke="#1e8449" '
                           f'stroke-width="2"/></g>')
    out.append("</g>")
    return out


def _frozen(geometry: Geometry, province: str) -> list[str]:
    shape = geometry.shapes[province]
    out = [f'<g class="frozen" data-province="{province}"><title>{province}: frozen (Ice)</title>']
    for polygon in shape.polygons:
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in polygon)
        out.append(f'<polygon points="{pts}" fill="#f4fbff" stroke="#a9cce3" stroke-width="1" opacity="0.9"/>')
    x, y = shape.label
    out.append(f'<text x="{x:.0f}" y="{y + 34:.0f}" font-size="10" fill="#2874a6" text-anchor="middle" '
               f'font-weight="bold">ICE</text></g>')
    return out


def _wall(geometry: Geometry, a: str, b: str) -> list[str]:
    segments = [(p, q) for u, v, p, q in geometry.borders if {u, v} == {a, b}]
    if not segments:  # the two regions do not touch in the drawing: a bar across the line between them
        (x1, y1), (x2, y2) = geometry.shapes[a].label, geometry.shapes[b].label
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        d = math.dist((x1, y1), (x2, y2)) or 1.0
        nx, ny = -(y2 - y1) / d * 12, (x2 - x1) / d * 12
        segments = [((mx - nx, my - ny), (mx + nx, my + ny))]
    out = [f'<g class="wall"><title>Wall between {a} and {b}</title>']
    for p, q in segments:
        out.append(f'<line x1="{p[0]:.1f}" y1="{p[1]:.1f}" x2="{q[0]:.1f}" y2="{q[1]:.1f}" stroke="#6e2c00" '
                   f'stroke-width="6" stroke-linecap="round"/>')
    out.append("</g>")
    return out
