"""dipsat's own API (``/api/...``): adjudicate a case under any variant and rules, with the
explanation, the board pictures and the decision graph; the variants, presets and options; the
bundled cases; two rule sets compared on one case.

A case is posted as dipsat's case-file text (``{"case": "CASE ... END"}``) or as JSON
(``{"variant", "rules", "phase", "units": [...], "centres": [...], "orders": [...]}``, each line as
a case file writes it), which is written out as that text and read by the same reader
(:func:`dipsat.model.cases.read_cases`): a mistake gets the command line's message, with the line.
"""
from __future__ import annotations

import re
from importlib.resources import files
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, Field

from dipsat.cli.report import case_json, case_text, summary
from dipsat.cli.runner import CaseReport, run_case
from dipsat.model.cases import read_cases
from dipsat.model.errors import InputError
from dipsat.serve.errors import NotFound
from dipsat.solver import route
from dipsat.solver.presets import OPTIONS, PRESETS, rules_from_text
from dipsat.variants import KNOWN, find_variant, read_order

router = APIRouter(prefix="/api", tags=["dipsat API"])

MAX_LINES = 2000
"""Most lines a posted case may have (units, centres and orders together)."""


class CaseJSON(BaseModel):
    """A position with orders, as JSON; or ``case``, a whole case file's text."""

    case: str | None = Field(None, description="dipsat case-file text (CASE ... END); the other fields are then ignored")
    id: str | None = Field(None, description="with a case text of several cases: the one to adjudicate")
    variant: str = Field("standard", description="a variant, options after commas: telepath,ban_prevent=kept")
    rules: str = Field("datc", description="a preset and options: datc, droidippy,civil_disorder=2023 (GET /api/rules)")
    phase: str = Field("Spring 1901 Movement", description="the phase: Spring 1901 Movement")
    units: list[str] = Field(default_factory=list, description="'England: F North Sea', one unit a line; "
                                                                "'Austria: A Vienna dislodged from Galicia' in a retreat phase")
    centres: list[str] = Field(default_factory=list, description="'England: London, Edinburgh'")
    orders: list[str] = Field(default_factory=list, description="'England: F North Sea - Picardy'")
    pictures: bool = Field(True, description="include the board pictures and the decision graph (SVG)")


class CompareJSON(CaseJSON):
    """A case and two rule sets."""

    rules_a: str = Field("datc", description="the first rules")
    rules_b: str = Field("droidippy", description="the second rules")


def case_file_text(body: CaseJSON) -> str:
    """The case file a JSON position stands for (``body.case`` when given)."""
    if body.case is not None:
        return body.case
    lines = [*body.units, *body.centres, *body.orders]
    for text in (body.variant, body.rules, body.phase, *lines):
        if "\n" in text or "\r" in text:
            raise InputError(f"one line per entry: {text[:80]!r} holds a line break")
    out = ["CASE sandbox", f"VARIANT {body.variant}", f"RULES {body.rules}", f"PHASE {body.phase}", "UNITS", *body.units]
    if body.centres:
        out += ["CENTRES", *body.centres]
    out += ["ORDERS", *body.orders, "END"]
    return "\n".join(out) + "\n"


def _read_case(body: CaseJSON) -> Any:
    text = case_file_text(body)
    if text.count("\n") > MAX_LINES + 20:
        raise InputError(f"a posted case has at most {MAX_LINES} lines", "<request>")
    cases = read_cases(text, "<request>", order_reader=read_order)
    if body.id is not None:
        cases = [c for c in cases if c.id == body.id]
        if not cases:
            raise InputError(f"no case {body.id} in the posted text", "<request>")
    if len(cases) != 1:
        raise InputError(f"the posted text holds {len(cases)} cases: say which with \"id\"", "<request>")
    return cases[0]


def report_json(case: Any, report: CaseReport, pictures: bool) -> dict[str, Any]:
    """What ``dipsat adjudicate --json --explain`` says of one case, plus its text and pictures."""
    out = case_json(report, explain=True)
    out["text"] = "\n".join(case_text(report, explain=True))
    out["variant"] = case.variant
    if pictures:
        from dipsat.render.graph import decision_graph_svg
        from dipsat.render.pictures import phase_pictures
        variant = find_variant(case.variant)
        for phase, res in zip(out["phases"], report.resolutions):
            before, after = phase_pictures(variant, res, report.id)
            phase["board_before"], phase["board_after"] = before, after
            phase["decision_graph"] = decision_graph_svg(res, f"{report.id} {res.before.phase}") if res.model else None
    return out


@router.post("/adjudicate", summary="Adjudicate a case: results, reasons, paradoxes, pictures")
def adjudicate(body: CaseJSON) -> dict[str, Any]:
    """``dipsat adjudicate --json --explain`` on one posted case, with each phase's board before
    and after (SVG) and its decision graph (SVG, movement phases)."""
    case = _read_case(body)
    rules = body.rules if body.case is None else None
    report = run_case(case, rules)
    return {"summary": summary([report]), "solver": route.current(), "case": report_json(case, report, body.pictures)}


@router.post("/board", summary="The board of a case's start, drawn (SVG), without adjudicating")
def board(body: CaseJSON) -> dict[str, Any]:
    """What the sandbox draws as a position is typed."""
    from dipsat.render.pictures import position_svg
    case = _read_case(body)
    variant = find_variant(case.variant)
    return {"variant": case.variant, "phase": str(case.start.phase),
            "board": position_svg(variant, case.start, title=f"{case.id} {case.start.phase}", subtitle=case.title)}


@router.post("/compare", summary="Adjudicate one case under two rule sets and list what differs")
def compare(body: CompareJSON) -> dict[str, Any]:
    """Both reports, and every order whose result differs."""
    case = _read_case(body)
    a, b = run_case(case, body.rules_a), run_case(case, body.rules_b)
    differ = [{"order": x.order, "a": x.actual, "b": y.actual, "reason_a": x.reason, "reason_b": y.reason}
              for x, y in zip(a.orders, b.orders) if x.actual != y.actual]
    after_a = [str(r.after) for r in a.resolutions]
    after_b = [str(r.after) for r in b.resolutions]
    return {"rules_a": a.rules, "rules_b": b.rules, "same": not differ and after_a == after_b, "orders": differ,
            "boards_differ": after_a != after_b,
            "a": report_json(case, a, body.pictures), "b": report_json(case, b, body.pictures)}


@router.get("/variants", summary="The variants: powers, unit kinds, options, opening phase")
def variants() -> list[dict[str, Any]]:
    """Every variant dipsat plays."""
    out = []
    for known in KNOWN:
        v = find_variant(known.name)
        out.append({"name": v.name, "aliases": list(known.aliases), "description": v.description,
                    "powers": list(v.map.powers), "unit_kinds": [{"letter": k.letter, "name": k.name} for k in v.unit_kinds],
                    "win_centres": v.win_centres, "opening": str(v.start().phase),
                    "options": {name: {"default": o.default, "choices": dict(o.choices) if isinstance(o.choices, dict)
                                       else list(o.choices)} for name, o in v.options.items()}})
    return out


@router.get("/variants/{name}/opening", summary="A variant's opening as a case file, and its board (SVG)")
def opening(name: str) -> dict[str, Any]:
    """The starting position written as a dipsat case (units and centres), ready for the sandbox."""
    from dipsat.model.case_writer import _board_lines, _centre_lines
    from dipsat.render.pictures import position_svg
    v = find_variant(name)
    start = v.start()
    units = _board_lines(start, v.map)
    centres = _centre_lines(start.centres, v.map)
    return {"variant": v.spec, "phase": str(start.phase), "units": units, "centres": centres,
            "board": position_svg(v, start, title=f"{v.name} {start.phase}", subtitle="the opening")}


@router.get("/rules", summary="The rule options and presets (dipsat rules --json)")
def rules(rules: str = "datc") -> dict[str, Any]:
    """The options with their choices, the choice in force under ``rules``, and the presets."""
    chosen = rules_from_text(rules)
    return {"in_force": {o: getattr(chosen, o) for o in OPTIONS},
            "options": {o.name: {"issue": o.issue, "question": o.question, "default": o.default,
                                 "choices": dict(o.choices)} for o in OPTIONS.values()},
            "presets": {n: p.changed() for n, p in PRESETS.items()}}


_CASE_RE = re.compile(r"^CASE\s+(\S+)", re.M)


def _case_files() -> dict[str, str]:
    folder = files("dipsat.datacases")
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir(), key=lambda p: p.name)
            if p.name.endswith(".txt")}


@router.get("/cases", summary="The bundled case files (DATC and the variants) and their case ids")
def cases() -> dict[str, list[dict[str, str]]]:
    """File -> its cases (id and title)."""
    out = {}
    for name, text in _case_files().items():
        found = []
        for block in text.split("\nCASE ")[1:] if "\nCASE " in "\n" + text else []:
            head = block.splitlines()
            title = next((ln[6:].strip() for ln in head[1:6] if ln.startswith("TITLE ")), "")
            found.append({"id": head[0].split()[0], "title": title})
        if found:
            out[name] = found
    return out


@router.get("/cases/{file}/{case_id}", summary="One bundled case as case-file text")
def case(file: str, case_id: str) -> Response:
    """The lines of the case, from ``CASE`` to its ``END``, as the file has them."""
    text = _case_files().get(file)
    if text is None:
        raise NotFound(f"no bundled case file {file!r} (GET /api/cases lists them)")
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.split() == ["CASE", case_id]:
            end = next(j for j in range(i, len(lines)) if lines[j].strip() == "END")
            return Response("\n".join(lines[i:end + 1]) + "\n", media_type="text/plain; charset=utf-8")
    raise NotFound(f"no case {case_id} in {file}")

