"""Static HTML reports: one page per case or game, an index page; plain HTML and SVG files.

A page shows, for each phase, the board before it with the orders and their results, the board
after it, the table of orders (expected, actual, reason), the paradox explanation and the
decision graph. Pictures are separate SVG files beside the page, so a page opens from disk with
no server and each picture can be opened alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Iterable, Sequence

from dipsat.model.files import write_text_atomic
from dipsat.model.safe_text import xml_safe
from dipsat.render.graph import decision_graph_svg
from dipsat.render.pictures import phase_pictures
from dipsat.solver.resolution import Resolution

STYLE = """body{font-family:DejaVu Sans,Arial,sans-serif;margin:24px;color:#222;max-width:1100px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:8px 0;font-size:13px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}
.pass{color:#1e8449;font-weight:bold}.fail{color:#c0392b;font-weight:bold}.none{color:#777}
img{max-width:100%;border:1px solid #ddd;margin:6px 0}figure{margin:0 0 12px 0}figcaption{font-size:12px;color:#555}
.why{font-size:13px;background:#fdf2e9;padding:6px 10px;border-left:4px solid #e67e22}"""


@dataclass(frozen=True)
class Row:
    """One order of a phase in the table."""

    order: str
    expected: str | None
    actual: str
    reason: str


@dataclass(frozen=True)
class PageEntry:
    """What the index lists for one page."""

    file: str
    title: str
    verdict: str
    """``pass``, ``fail`` or ``none`` (nothing expected)."""


def write_page(out: Path, name: str, title: str, verdict: str, variant: object,
               phases: Sequence[tuple[Any, ...]], notes: Iterable[str] = ()) -> PageEntry:
    """Write ``name.html`` and its pictures (``name/…svg``) under ``out``; return its index entry.

    ``name`` is a safe file name (:func:`~dipsat.model.safe_text.file_names`). Each phase is
    ``(resolution, rows)`` or ``(resolution, rows, results drawn)`` (a view that draws fewer
    orders than the phase had: a game record's public view). Every file is written whole.
    """
    folder = out / name
    body = [f"<h1>{escape(title)}</h1>",
            f'<p>Verdict: <span class="{verdict}">{_verdict_words(verdict)}</span></p>']
    body += [f"<p>{escape(n)}</p>" for n in notes]
    for i, (res, rows, *drawn) in enumerate(phases, start=1):
        before, after = phase_pictures(variant, res, drawn=drawn[0] if drawn else None)  # type: ignore[arg-type]
        stem = f"phase-{i}"
        write_text_atomic(folder / f"{stem}-before.svg", before)
        write_text_atomic(folder / f"{stem}-after.svg", after)
        body.append(f"<h2>{escape(str(res.before.phase))}</h2>")
        body.append(f"<p>Rules: {escape(res.rules or 'as stated')}; {_resolutions(res)}</p>")
        body.append(_table(rows))
        body += [f'<p class="why">{escape(p.describe())}</p>' for p in res.paradoxes]
        body.append(_figure(f"{name}/{stem}-before.svg", "The board before the phase, with the orders and their results"))
        body.append(_figure(f"{name}/{stem}-after.svg", f"The board after it ({res.after.phase})"))
        if res.model is not None and res.values is not None and not drawn:
            write_text_atomic(folder / f"{stem}-graph.svg", decision_graph_svg(res, title))
            body.append(_figure(f"{name}/{stem}-graph.svg", "The decision graph: each decision, its value, "
                                                            "what fixed it; cycles in red"))
    write_text_atomic(out / f"{name}.html", _page(title, body))
    return PageEntry(f"{name}.html", title, verdict)


def write_index(out: Path, title: str, entries: Sequence[PageEntry]) -> Path:
    """Write ``index.html`` listing every page with its verdict."""
    passed = sum(1 for e in entries if e.verdict == "pass")
    failed = sum(1 for e in entries if e.verdict == "fail")
    rows = "".join(f'<tr><td><a href="{escape(e.file)}">{escape(e.title)}</a></td>'
                   f'<td class="{e.verdict}">{_verdict_words(e.verdict)}</td></tr>' for e in entries)
    body = [f"<h1>{escape(title)}</h1>", f"<p>{len(entries)} pages: {passed} passed, {failed} failed</p>",
            f"<table><tr><th>page</th><th>verdict</th></tr>{rows}</table>"]
    path = out / "index.html"
    write_text_atomic(path, _page(title, body))
    return path


def _verdict_words(verdict: str) -> str:
    return {"pass": "passed", "fail": "failed"}.get(verdict, "nothing expected")


def _resolutions(res: Resolution) -> str:
    count = {0: "no consistent resolution", 1: "one consistent resolution"}.get(res.resolutions,
                                                                               "two or more consistent resolutions")
    return count + " of the equations" if res.model is not None else "no decisions to solve"


def _table(rows: Sequence[Row]) -> str:
    lines = ["<table><tr><th>order</th><th>expected</th><th>actual</th><th>reason</th></tr>"]
    for r in rows:
        mark = "" if r.expected is None else (' class="pass"' if r.expected == r.actual else ' class="fail"')
        lines.append(f"<tr><td>{escape(r.order)}</td><td>{escape(r.expected or '')}</td>"
                     f"<td{mark}>{escape(r.actual)}</td><td>{escape(r.reason)}</td></tr>")
    lines.append("</table>")
    return "".join(lines)


def _figure(src: str, caption: str) -> str:
    return f'<figure><img src="{escape(src)}" alt="{escape(caption)}"><figcaption>{escape(caption)}</figcaption></figure>'


def _page(title: str, body: list[str]) -> str:
    return xml_safe("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                    f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
                    + "\n".join(body) + "\n</body></html>\n")
