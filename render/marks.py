"""Orders drawn the way players draw them.

A move is an arrow; a support a dashed line to the supported move's arrow (or to a ring round a
unit it supports to hold); a convoy a dotted line from the army through the fleet to where it
goes; a retreat a dashed arrow; a build a ring; a disband a cross on the unit. An order that did
not succeed (fails, cut, disrupted, illegal, invalid) gets a red cross where it ends; an
illegal or invalid order is drawn in grey. Orders of a paradox cycle lie on an orange band.
"""
from __future__ import annotations

import math
from html import escape
from typing import Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.types import (Build, Convoy, Disband, Hold, Location, Move, OrderResult, Position, Result,
                                Retreat, SupportHold, SupportMove, Unit)
from dipsat.render.geometry import Geometry
from dipsat.render.style import colour_of

Point = tuple[float, float]
FAILED = {Result.FAILS, Result.CUT, Result.DISRUPTED, Result.ILLEGAL, Result.INVALID}
VOID = {Result.ILLEGAL, Result.INVALID}

DEFS = ('<defs>'
        '<marker id="arrow-ok" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker>'
        '</defs>')


class OrderMarks:
    """Draws the orders of one phase on one board."""

    def __init__(self, gmap: GameMap, geometry: Geometry, position: Position, powers: tuple[str, ...],
                 cycle: frozenset[str]) -> None:
        self.gmap, self.geometry, self.position, self.powers, self.cycle = gmap, geometry, position, powers, cycle

    def under(self, results: Sequence[OrderResult]) -> list[str]:
        """The orange band under each order of a paradox cycle."""
        out = [DEFS, '<g id="cycle">']
        for r in results:
            if str(r.order) in self.cycle:
                path = self._path(r)
                if path:
                    out.append(f'<polyline points="{_pts(path)}" fill="none" stroke="#f39c12" '
                               f'stroke-width="11" stroke-linecap="round" opacity="0.55"/>')
        out.append("</g>")
        return out

    def over(self, results: Sequence[OrderResult]) -> list[str]:
        """Every order's mark, and a cross where an order did not succeed."""
        out = ['<g id="orders">']
        for r in results:
            out += self._mark(r)
        out.append("</g>")
        return out

    # -- geometry of an order ------------------------------------------------------------

    def _at(self, unit: Unit) -> Point:
        piece = self.position.units.get(unit.province)
        loc = piece.unit.location if piece is not None and piece.unit.kind == unit.kind else unit.location
        dislodged = self.position.dislodged.get(unit.province)
        if dislodged is not None and piece is None:
            x, y = self.geometry.point(loc.province, loc.coast)
            return x + 14, y + 12
        return self.geometry.point(loc.province, loc.coast)

    def _to(self, dest: Location) -> Point:
        return self.geometry.point(dest.province, dest.coast)

    def _path(self, r: OrderResult) -> list[Point]:
        order = r.order
        match order:
            case Move() | Retreat():
                return _shorten(self._at(order.unit), self._to(order.dest))
            case SupportMove():
                a, b = self._at(order.target), self._to(order.dest)
                return _shorten(self._at(order.unit), ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), end=4)
            case SupportHold():
                return _shorten(self._at(order.unit), self._at(order.target), end=15)
            case Convoy():
                return [self._at(order.target), self._at(order.unit), self._to(order.dest)]
            case _:
                return []

    # -- drawing -------------------------------------------------------------------------

    def _mark(self, r: OrderResult) -> list[str]:
        order = r.order
        power = getattr(order, "power", "")
        colour = "#8c8c8c" if r.result in VOID else _darker(colour_of(power, self.powers))
        failed = r.result in FAILED
        title = f"<title>{escape(str(order))}: {escape(r.words)} ({escape(r.reason)})</title>"
        path = self._path(r)
        out = [f'<g class="order" data-result="{r.result.value}">{title}']
        match order:
            case Move() | Retreat():
                dash = ' stroke-dasharray="7,3"' if isinstance(order, Retreat) else ""
                out.append(f'<polyline points="{_pts(path)}" fill="none" stroke="{colour}" stroke-width="2.6"'
                           f'{dash} marker-end="url(#arrow-ok)"/>')
                if failed:
                    out.append(_cross(path[-1]))
            case SupportMove() | SupportHold():
                out.append(f'<polyline points="{_pts(path)}" fill="none" stroke="{colour}" stroke-width="1.7" '
                           f'stroke-dasharray="6,3"/>')
                if isinstance(order, SupportHold):
                    x, y = self._at(order.target)
                    out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="15" fill="none" stroke="{colour}" '
                               f'stroke-width="1.7" stroke-dasharray="6,3"/>')
                else:
                    x, y = path[-1]
                    out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
                if failed:
                    out.append(_cross(_middle(path)))
            case Convoy():
                out.append(f'<polyline points="{_pts(path)}" fill="none" stroke="{colour}" stroke-width="1.8" '
                           f'stroke-dasharray="1.5,3.5" stroke-linecap="round"/>')
                if failed:
                    out.append(_cross(path[1]))
            case Disband():
                out.append(_cross(self._at(order.unit), size=9))
            case Build():
                x, y = self._to(order.unit.location)
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="15" fill="none" stroke="#1e8449" stroke-width="2.5"/>'
                           f'<text x="{x + 13:.1f}" y="{y - 10:.1f}" font-size="13" fill="#1e8449" '
                           f'font-weight="bold">+</text>')
                if failed:
                    out.append(_cross((x, y)))
            case Hold():
                if failed:
                    out.append(_cross(self._at(order.unit)))
            case _:
                out += self._special(r, failed)
        out.append("</g>")
        return out

    def _special(self, r: OrderResult, failed: bool) -> list[str]:
        """A variant's own order (a ban, a spell, a card...): a violet star and its first words by
        the unit it names; aimed at a move (``unit`` and ``dest``), a violet line to that move
        with a bar across it. Its whole text is in the mark's title."""
        unit = getattr(r.order, "unit", None) or getattr(r.order, "target", None)
        if not isinstance(unit, Unit) or unit.province not in self.geometry.shapes:
            return []
        x, y = self._at(unit)
        words = " ".join(str(r.order).split()[:2])[:16]
        out = [f'<text x="{x - 18:.1f}" y="{y - 8:.1f}" font-size="15" fill="#8e44ad">&#9733;</text>',
               f'<text x="{x - 18:.1f}" y="{y - 22:.1f}" font-size="9" fill="#6c3483" font-weight="bold">'
               f'{escape(words)}</text>']
        dest = getattr(r.order, "dest", None)
        if isinstance(dest, Location) and dest.province in self.geometry.shapes:
            bx, by = self._to(dest)
            mx, my = (x + bx) / 2, (y + by) / 2
            d = math.dist((x, y), (bx, by)) or 1.0
            nx, ny = -(by - y) / d * 8, (bx - x) / d * 8
            out.append(f'<path d="M{mx - nx:.1f},{my - ny:.1f} L{mx + nx:.1f},{my + ny:.1f}" stroke="#8e44ad" '
                       f'stroke-width="3.5"/>')
        if failed:
            out.append(_cross((x - 13, y - 13), size=5))
        return out


def _shorten(a: Point, b: Point, start: float = 11, end: float = 13) -> list[Point]:
    d = math.dist(a, b)
    if d < start + end + 2:
        return [a, b]
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    return [(a[0] + ux * start, a[1] + uy * start), (b[0] - ux * end, b[1] - uy * end)]


def _middle(path: list[Point]) -> Point:
    a, b = path[0], path[-1]
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _cross(at: Point, size: float = 6) -> str:
    x, y = at
    return (f'<path class="failed" d="M{x - size:.1f},{y - size:.1f} L{x + size:.1f},{y + size:.1f} '
            f'M{x + size:.1f},{y - size:.1f} L{x - size:.1f},{y + size:.1f}" stroke="#c0392b" '
            f'stroke-width="3.2" stroke-linecap="round"/>')


def _darker(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c * 0.8):02x}" for c in (r, g, b))


def _pts(path: list[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in path)
