"""The board as an SVG picture: provinces, centres and owners, units, and a phase's orders.

Orders are drawn as players draw them (:mod:`dipsat.render.marks`); the picture has the phase and
rules in its title and a legend under the board. Everything is read from values: the map, its
geometry, a position and, optionally, the results of a phase.
"""
from __future__ import annotations

from html import escape
from typing import Any, Iterable, Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.safe_text import xml_safe
from dipsat.model.types import OrderResult, Piece, Position
from dipsat.render.geometry import Geometry
from dipsat.render.marks import OrderMarks
from dipsat.render.style import (LAND, SEA, VOID, centre_marker, colour_of, legend, tint, unit_symbol)

TOP, BOTTOM = 46, 92
"""Height of the title strip above the board and of the legend below it."""


def board_svg(gmap: GameMap, geometry: Geometry, position: Position,
              results: Sequence[OrderResult] = (), *, title: str = "", subtitle: str = "",
              cycle: Iterable[str] = (), extra_marks: Sequence[str] = (),
              centres: Iterable[str] | None = None) -> str:
    """Return the SVG picture of ``position`` with the orders of ``results`` drawn on it.

    ``cycle`` names orders (short notation) of a paradox cycle, drawn highlighted;
    ``extra_marks`` are SVG fragments drawn above the provinces (changes of the board);
    ``centres`` the supply centres of the board in play (default: the map's).
    """
    centre_set = frozenset(gmap.supply_centres if centres is None else centres)
    powers = tuple(gmap.powers)
    width, height = geometry.width, geometry.height + TOP + BOTTOM
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
           '<rect width="100%" height="100%" fill="white"/>',
           f'<text x="12" y="22" font-size="17" font-weight="bold">{escape(title)}</text>',
           f'<text x="12" y="40" font-size="12" fill="#444">{escape(subtitle)}</text>',
           f'<g transform="translate(0,{TOP})">']
    out += _provinces(gmap, geometry, position, powers)
    out += list(extra_marks)
    out += _labels(gmap, geometry, position, powers, centre_set)
    marks = OrderMarks(gmap, geometry, position, powers, frozenset(cycle))
    out += marks.under(results)
    out += _units(geometry, position, powers)
    out += marks.over(results)
    out.append("</g>")
    out += legend(powers, position, geometry.height + TOP + 8, width)
    out.append("</svg>")
    return xml_safe("\n".join(out) + "\n")  # well-formed whatever an id or title holds


def _provinces(gmap: GameMap, geometry: Geometry, position: Position, powers: tuple[str, ...]) -> list[str]:
    out = ['<g id="provinces">']
    for polygon in geometry.void:
        out.append(f'<polygon points="{_points(polygon)}" fill="{VOID}" stroke="{VOID}" stroke-width="1"/>')
    for pid, shape in geometry.shapes.items():
        sea = gmap.provinces[pid].terrain == "sea"
        fill = SEA if sea else LAND
        owner = position.centres.get(pid)
        if owner is not None and not sea:
            fill = tint(colour_of(owner, powers))
        name = escape(gmap.provinces[pid].name)
        out.append(f'<g class="province" id="province-{pid}" data-province="{pid}"><title>{name}</title>')
        for polygon in shape.polygons:
            out.append(f'<polygon points="{_points(polygon)}" fill="{fill}" stroke="{fill}" stroke-width="1"/>')
        out.append("</g>")
    for a, b, p, q in geometry.borders:
        coast = _is_sea(gmap, a) != _is_sea(gmap, b) or "" in (a, b)
        colour, w = ("#5d6d7e", 1.6) if coast else ("#95a5a6", 0.9)
        out.append(f'<line x1="{p[0]:.1f}" y1="{p[1]:.1f}" x2="{q[0]:.1f}" y2="{q[1]:.1f}" '
                   f'stroke="{colour}" stroke-width="{w}"/>')
    out.append("</g>")
    return out


def _is_sea(gmap: GameMap, pid: str) -> bool:
    return pid != "" and gmap.provinces[pid].terrain == "sea"


def _labels(gmap: GameMap, geometry: Geometry, position: Position, powers: tuple[str, ...],
            centres: frozenset[str]) -> list[str]:
    out = ['<g id="labels" font-size="10" text-anchor="middle">']
    for pid, shape in geometry.shapes.items():
        x, y = shape.label
        sea = gmap.provinces[pid].terrain == "sea"
        colour = "#2c5d87" if sea else "#333"
        out.append(f'<text x="{x:.0f}" y="{y + 21:.0f}" fill="{colour}" font-style="{"italic" if sea else "normal"}">'
                   f'{pid.upper()}</text>')
        for coast, (cx, cy) in shape.coasts.items():
            out.append(f'<text x="{cx:.0f}" y="{cy + 3:.0f}" font-size="8" fill="#6c7a89">{coast}</text>')
        if pid in centres:
            out.append(centre_marker(x + 15, y - 12, position.centres.get(pid), powers))
    out.append("</g>")
    return out


def _units(geometry: Geometry, position: Position, powers: tuple[str, ...]) -> list[str]:
    out = ['<g id="units">']
    for piece in position.units.values():
        out.append(_unit(geometry, piece, powers))
    for stack in getattr(position, "stacked", {}).values():
        for k, piece in enumerate(stack, start=1):
            out.append(_unit(geometry, piece, powers, offset=(10 * k, -8 * k)))
    for d in position.dislodged.values():
        out.append(_unit(geometry, d.piece, powers, offset=(14, 12), dislodged=True))
    out.append("</g>")
    return out


def _unit(geometry: Geometry, piece: Piece, powers: tuple[str, ...], offset: tuple[float, float] = (0, 0),
          dislodged: bool = False) -> str:
    loc = piece.unit.location
    x, y = geometry.point(loc.province, loc.coast)
    return unit_symbol(piece, x + offset[0], y + offset[1], colour_of(piece.power, powers), dislodged)


def _points(polygon: Iterable[Any]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in polygon)
