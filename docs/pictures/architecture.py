"""Draw docs/pictures/architecture.svg: one order's path from text to result, layer by layer.

    .venv/bin/python docs/pictures/architecture.py          # writes docs/pictures/architecture.svg

Every value in the picture is computed here by dipsat itself (France's ``A Paris - Burgundy``,
supported from Marseilles, in Spring 1901), so the picture shows what the code does;
``tests/test_architecture_picture.py`` checks that the file is what this script draws.
"""
from __future__ import annotations

import json
from html import escape
from pathlib import Path

from dipsat.model.reasons import why_json
from dipsat.solver import DATC
from dipsat.solver.explain import decision_of
from dipsat.solver.legality import check_orders
from dipsat.variants import find_variant

OUT = Path(__file__).with_name("architecture.svg")
TEXTS = (("France", "A Paris - Burgundy"), ("France", "A Marseilles Supports A Paris - Burgundy"),
         ("France", "F Brest - Mid-Atlantic Ocean"))


def facts() -> list[tuple[str, str, list[str]]]:
    """(layer, its modules, what the order is there): the rows of the picture."""
    standard = find_variant("standard")
    start = standard.start()
    orders = [standard.parse_order(text, power) for power, text in TEXTS]
    order = orders[0]
    checked = check_orders(standard.map, start, orders, DATC)
    verdict = checked.verdicts[0]
    res = standard.adjudicate(start, orders, DATC)
    result = res.results[0]
    key = decision_of(res.model, order)
    assert res.model is not None and key is not None
    names = [res.model.name(key), res.model.name(("attack", order.unit.province))]
    attack = res.values.strengths.get(("attack", order.unit.province)) if res.values else None
    return [
        ("text", "a case file, a game record, an archive, --json", [f'"{TEXTS[0][0]}: {TEXTS[0][1]}"']),
        ("dipsat.model", "model/notation.py, model/types.py, model/cases.py",
         [f"{type(order).__name__}(power={order.power!r}, unit={order.unit}, dest={order.dest})",
          "a frozen value; the board is a Position"]),
        ("dipsat.variants", "variants/variant.py, variants/<game>/",
         [f"{standard.name}.adjudicate(position, orders, rules): the game chooses",
          "the rule modules and the engine that play the phase"]),
        ("dipsat.solver: legality", "solver/legality.py, solver/facts.py, solver/order_choices.py",
         [f"Verdict: {verdict.status}; supported by {', '.join(checked.move_supports[order.unit.province])}",
          "decided in Python, before any model"]),
        ("dipsat.solver: the model", "solver/phase_model.py, solver/rules/, solver/constraints.py",
         [f"{names[0]} (a literal), {names[1]} (a sum)",
          "each DATC equation a rule module; a variant adds its own"]),
        ("dipsat.solver: the solve", "solver/paradox.py, solver/cycles.py, solver/explain.py",
         [f"{names[0]} = {int(res.values.decisions[key]) if res.values else '?'}, {names[1]} = {attack}",
          f"OrderResult({result.result.value}, why={type(result.why).__name__}(attack={attack}))"]),
        ("the edge: words, JSON, maps", "model/reasons.py, cli/, render/, replay/, serve/",
         [f'reason: "{result.reason}"', f"why: {json.dumps(why_json(result.why))}"]),
    ]


def draw(rows: list[tuple[str, str, list[str]]]) -> str:
    """The rows as an SVG picture: a box per layer, the order's form beside it, arrows down."""
    width, left, box_w, box_h, gap = 1040, 20, 340, 58, 26
    height = 20 + len(rows) * (box_h + gap)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">',
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" '
           'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>',
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>']
    fills = {"text": "#f3f3f3", "dipsat.model": "#e3f0fb", "dipsat.variants": "#fdf0dc"}
    for i, (layer, modules, lines) in enumerate(rows):
        y = 10 + i * (box_h + gap)
        fill = fills.get(layer, "#e8f6e8" if layer.startswith("dipsat.solver") else "#f6e8f3")
        out.append(f'<rect x="{left}" y="{y}" width="{box_w}" height="{box_h}" rx="6" fill="{fill}" stroke="#777"/>')
        out.append(f'<text x="{left + 10}" y="{y + 22}" font-weight="bold">{escape(layer)}</text>')
        out.append(f'<text x="{left + 10}" y="{y + 42}" font-size="10" fill="#444">{escape(modules)}</text>')
        for k, line in enumerate(lines):
            out.append(f'<text x="{left + box_w + 24}" y="{y + 22 + 18 * k}" font-family="DejaVu Sans Mono, monospace" '
                       f'font-size="11">{escape(line)}</text>')
        out.append(f'<line x1="{left + box_w}" y1="{y + box_h / 2}" x2="{left + box_w + 16}" y2="{y + box_h / 2}" '
                   'stroke="#999" stroke-dasharray="3,2"/>')
        if i + 1 < len(rows):
            x = left + box_w / 2
            out.append(f'<line x1="{x}" y1="{y + box_h}" x2="{x}" y2="{y + box_h + gap - 2}" stroke="#555" '
                       'marker-end="url(#arrow)"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    OUT.write_text(draw(facts()))
    print(f"wrote {OUT}")
