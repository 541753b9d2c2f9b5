"""The godip-compatible judge routes (``zond/godip``, ``gae/router.go``).

``GET /`` the variants; ``GET /{Variant}`` the opening phase; ``POST /{Variant}`` a phase in, the
next phase out; ``GET /start-with-options/{Variant}`` and ``POST /resolve-with-options/{Variant}``
the same with every nation's legal orders. ``Classical`` is dipsat's standard game (its other
names work too), judged by default under the ``droidippy`` preset, godip's own rulings;
``?rules=PRESET[,OPTION=CHOICE...]`` chooses others. Errors are godip's: plain text, 404 for an
unknown variant, 400 for a body that is not a phase or an order godip cannot parse.
"""
from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, RedirectResponse, Response

from dipsat.model.errors import InputError
from dipsat.serve.godip import GodipError, next_phase, phase_json, read_phase, variants_json
from dipsat.serve.options import nation_options
from dipsat.solver.presets import RulesError, rules_from_text
from dipsat.variants import VARIANTS, UnknownVariantError, VariantOptionError, find_variant

router = APIRouter(tags=["godip-compatible judge"])

GODIP_NAMES = {"Classical": "standard"}
"""godip's variant names that are dipsat's under another name."""
DEFAULT_RULES = {"standard": "droidippy"}
"""The rules of each variant's godip route when ``?rules=`` is not given (others: ``datc``)."""


class _NotFound(Exception):
    pass


def godip_json(data: Any) -> Response:
    """JSON as godip's server writes it (``json.NewEncoder``: compact, a newline at the end)."""
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"
    return Response(body, media_type="application/json; charset=UTF-8")


def godip_error(message: str, status: int) -> Response:
    """An error as Go's ``http.Error`` writes it: plain text, one line."""
    return PlainTextResponse(message.replace("\n", " ") + "\n", status_code=status,
                             headers={"X-Content-Type-Options": "nosniff"})


def _variant(name: str) -> Any:
    try:
        return find_variant(GODIP_NAMES.get(name, name))
    except (UnknownVariantError, VariantOptionError):
        raise _NotFound(f"Variant {name!r} not found".replace("'", '"')) from None


def _rules(request: Request, variant: Any) -> Any:
    text = request.query_params.get("rules") or DEFAULT_RULES.get(variant.name, "datc")
    return rules_from_text(text)


@router.get("/", summary="The variants, with their nations, unit types, seasons and phase types")
def list_variants(request: Request) -> Response:
    """godip's ``listVariants``: ``Classical`` and every other variant under its dipsat name.

    A browser asking for a page (``Accept: text/html``) is sent to the sandbox instead."""
    if "text/html" in request.headers.get("accept", ""):
        return RedirectResponse("/sandbox", status_code=303)
    names = {"Classical": find_variant("standard")}
    names.update({n: find_variant(n) for n in VARIANTS if n != "standard"})
    return godip_json(variants_json(names))


async def _resolve(variant_name: str, request: Request, with_options: bool) -> Response:
    try:
        variant = _variant(variant_name)
        rules = _rules(request, variant)
        try:
            data = json.loads(await request.body())
        except (ValueError, UnicodeDecodeError) as exc:
            return godip_error(str(exc), 400)
        posted = read_phase(data, variant)
        phase, res = next_phase(variant, posted, rules)
    except _NotFound as exc:
        return godip_error(str(exc), 404)
    except (GodipError, InputError, RulesError) as exc:
        return godip_error(getattr(exc, "message", None) or str(exc), 400)
    if with_options:
        return godip_json({"phase": phase, "options": nation_options(variant, res.after if variant.engine
                                                                       else read_phase(phase, variant).position)})
    return godip_json(phase)


def _start(variant_name: str, with_options: bool) -> Response:
    try:
        variant = _variant(variant_name)
    except _NotFound as exc:
        return godip_error(str(exc), 404)
    start = variant.start()
    phase = phase_json(start)
    if with_options:
        return godip_json({"phase": phase, "options": nation_options(variant, start)})
    return godip_json(phase)


@router.get("/start-with-options/{variant}", summary="The opening phase and every nation's legal orders")
def start_with_options(variant: str) -> Response:
    """godip's ``startWithOptions``: ``{"phase": Phase, "options": {nation: Options}}``."""
    return _start(variant, True)


@router.post("/resolve-with-options/{variant}", summary="Resolve a phase; the next phase and every nation's legal orders")
async def resolve_with_options(variant: str, request: Request) -> Response:
    """godip's ``resolveWithOptions``."""
    return await _resolve(variant, request, True)


@router.get("/{variant}", summary="The opening phase of a variant (godip's Phase JSON)")
def start(variant: str) -> Response:
    """godip's ``start``."""
    return _start(variant, False)


@router.post("/{variant}", summary="Resolve a phase: a godip Phase in, the next Phase out")
async def resolve(variant: str, request: Request) -> Response:
    """godip's ``resolve``: the body is a ``Phase`` with its ``Orders``; ``?rules=`` chooses the rules."""
    return await _resolve(variant, request, False)
