"""Colours, unit symbols, centre markers and the legend of the board picture."""
from __future__ import annotations

from html import escape

from dipsat.model.types import Piece, Position

LAND, SEA, VOID = "#f3ead3", "#bcd7ec", "#d5d8dc"

KNOWN_COLOURS = {
    "Austria": "#c0392b", "England": "#1f3a93", "France": "#3498db", "Germany": "#555555",
    "Italy": "#27ae60", "Russia": "#8e44ad", "Turkey": "#d4ac0d",
}
PALETTE = ("#e67e22", "#16a085", "#a04000", "#2e4053", "#c2185b", "#7d6608", "#117864", "#6c3483")


def colour_of(power: str, powers: tuple[str, ...]) -> str:
    """The colour of ``power``: the usual one for the seven, else one of a fixed palette."""
    if power in KNOWN_COLOURS:
        return KNOWN_COLOURS[power]
    others = [p for p in powers if p not in KNOWN_COLOURS]
    index = others.index(power) if power in others else sum(map(ord, power))
    return PALETTE[index % len(PALETTE)]


def tint(colour: str, amount: float = 0.72) -> str:
    """A light version of ``colour`` for a province owned by that power."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def centre_marker(x: float, y: float, owner: str | None, powers: tuple[str, ...]) -> str:
    """A supply centre: a ring, filled in the owner's colour when owned."""
    fill = colour_of(owner, powers) if owner else "white"
    return f'<circle class="centre" cx="{x:.0f}" cy="{y:.0f}" r="4.5" fill="{fill}" stroke="#222" stroke-width="1.2"/>'


def unit_symbol(piece: Piece, x: float, y: float, colour: str, dislodged: bool = False) -> str:
    """The usual symbol of a unit in its power's colour: an army as a cannon-like block, a fleet
    as a hull; any other kind as a round badge with its letter."""
    letter = str(getattr(piece.unit.kind, "value", piece.unit.kind))
    title = escape(f"{piece.power}: {piece.unit}" + (" (dislodged)" if dislodged else ""))
    dash = ' stroke-dasharray="3,2"' if dislodged else ""
    opacity = ' opacity="0.85"' if dislodged else ""
    head = f'<g class="unit" data-unit="{escape(str(piece.unit))}"{opacity}><title>{title}</title>'
    if letter == "A":
        body = (f'<rect x="{x - 10:.1f}" y="{y - 7:.1f}" width="20" height="14" rx="3" fill="{colour}" '
                f'stroke="#111" stroke-width="1.2"{dash}/>'
                f'<circle cx="{x - 5:.1f}" cy="{y + 7:.1f}" r="3" fill="#111"/>'
                f'<circle cx="{x + 5:.1f}" cy="{y + 7:.1f}" r="3" fill="#111"/>')
    elif letter == "F":
        body = (f'<path d="M{x - 12:.1f},{y - 1:.1f} L{x + 12:.1f},{y - 1:.1f} L{x + 7:.1f},{y + 7:.1f} '
                f'L{x - 7:.1f},{y + 7:.1f} Z" fill="{colour}" stroke="#111" stroke-width="1.2"{dash}/>'
                f'<rect x="{x - 2:.1f}" y="{y - 10:.1f}" width="4" height="9" fill="{colour}" stroke="#111" stroke-width="1"/>')
    else:
        body = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10" fill="{colour}" stroke="#111" stroke-width="1.2"{dash}/>'
                f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="{11 if len(letter) == 1 else 8}" fill="white" '
                f'text-anchor="middle" font-weight="bold">{escape(letter)}</text>')
    return head + body + "</g>"


def legend(powers: tuple[str, ...], position: Position, top: float, width: float) -> list[str]:
    """The legend strip under the board: powers with centre and unit counts, and the marks."""
    out = [f'<g id="legend" font-size="11" transform="translate(12,{top:.0f})">']
    x = 0.0
    for power in powers:
        centres = sum(1 for o in position.centres.values() if o == power)
        units = sum(1 for p in position.units.values() if p.power == power)
        out.append(f'<rect x="{x:.0f}" y="0" width="12" height="12" fill="{colour_of(power, powers)}"/>'
                   f'<text x="{x + 16:.0f}" y="10">{escape(power)} {centres}/{units}</text>')
        x += 26 + 7 * len(power) + 30
        if x > width - 140:
            break
    marks = [
        ('<line x1="0" y1="0" x2="26" y2="0" stroke="#333" stroke-width="2.5" marker-end="url(#arrow-ok)"/>', "move"),
        ('<line x1="0" y1="0" x2="26" y2="0" stroke="#333" stroke-width="1.6" stroke-dasharray="5,3"/>', "support"),
        ('<line x1="0" y1="0" x2="26" y2="0" stroke="#333" stroke-width="1.6" stroke-dasharray="1,3"/>', "convoy"),
        ('<path d="M8,-5 L18,5 M18,-5 L8,5" stroke="#c0392b" stroke-width="3"/>', "fails / cut / illegal"),
        ('<line x1="0" y1="0" x2="26" y2="0" stroke="#f39c12" stroke-width="8" opacity="0.55"/>', "paradox cycle"),
        ('<rect x="4" y="-6" width="18" height="12" fill="none" stroke="#111" stroke-dasharray="3,2"/>', "dislodged"),
        ('<circle cx="13" cy="0" r="5" fill="white" stroke="#222"/>', "supply centre"),
    ]
    x = 0.0
    for svg, words in marks:
        out.append(f'<g transform="translate({x:.0f},34)">{svg}<text x="32" y="4">{escape(words)}</text></g>')
        x += 40 + 7 * len(words) + 16
    out.append('<text x="0" y="66" fill="#555">centres/units per power; army: block on wheels, '
               'fleet: hull; other unit kinds: a badge with their letter</text>')
    out.append("</g>")
    return out
