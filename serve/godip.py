"""godip's judge-server JSON (``zond/godip``, ``gae/common.go``): a ``Phase`` in, the next ``Phase`` out.

A godip ``Phase`` is ten capitalised fields::

    {"Season": "Spring", "Year": 1901, "Type": "Movement",
     "Units": {"stp/sc": {"Type": "Fleet", "Nation": "Russia"}, ...},
     "Orders": {"Russia": {"stp/sc": ["Move", "bot"]}, ...},
     "SupplyCenters": {"stp": "Russia", ...},
     "Dislodgeds": {"bur": {"Type": "Army", "Nation": "France"}},
     "Dislodgers": {"mun": "bur"},            # attacker's origin -> the province it dislodged
     "Bounces": {"gal": {"vie": true, "war": true}},   # province -> the moves that bounced there
     "Resolutions": {"stp/sc": "OK", "vie": "ErrBounce:war"}}

godip's phases go Movement -> Retreat -> (Spring) Fall Movement / (Fall) Fall Adjustment -> next
Spring Movement, every phase present even when nothing can be ordered in it (an empty retreat
phase is posted back like any other); the centres change hands after the Fall retreats; a
dislodged unit with no retreat is gone from the retreat phase. The orders are read by the same
reader as the Droidippy archives (:func:`dipsat.model.notation.parse_order` on godip's own words,
``stp/sc move bot``), and adjudicated by :meth:`dipsat.variants.variant.Variant.adjudicate`.
Resolutions use godip's error words (``godip.go``); :func:`resolution_word` says which.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final, Mapping

from dipsat.model.errors import InputError
from dipsat.model.notation import parse_order
from dipsat.model.types import (
    Build, Convoy, Disband, Dislodged, Hold, Move, Order, OrderResult, Phase, PhaseKind, Piece, Position,
    Result, Retreat, Season, SupportHold, SupportMove, Tag, Unit,
)
from dipsat.solver import Resolution, Rules
from dipsat.solver.adjustment import GODIP_ABBREVIATIONS
from dipsat.solver.phases import update_centres

ORDER_TYPES: Final = ("Build", "Convoy", "Disband", "Hold", "Move", "MoveViaConvoy", "Support")
"""godip's order types (``godip.go``), the first word of an order's list."""
_ARGUMENTS: Final = {"Build": (1,), "Convoy": (2,), "Disband": (0,), "Hold": (0,), "Move": (1,),
                     "MoveViaConvoy": (1,), "Support": (1, 2)}
_TO_GODIP: Final = dict(GODIP_ABBREVIATIONS)
_KIND_NAMES: Final = {"A": "Army", "F": "Fleet"}


class GodipError(ValueError):
    """A posted phase godip would refuse with HTTP 400 (bad JSON shape, an order it cannot parse)."""


def godip_id(location: object) -> str:
    """A dipsat location (``nwg``, ``stp/sc``) in godip's spelling (``nrg``, ``stp/sc``)."""
    text = str(location)
    province, slash, coast = text.partition("/")
    return _TO_GODIP.get(province, province) + slash + coast


def _season_of(phase: Phase) -> str:
    """godip's season: its adjustment phase is ``Fall Adjustment`` (dipsat's Winter)."""
    return "Fall" if phase.season is Season.WINTER else phase.season.value


def kind_name(kind: Any) -> str:
    """godip's name of a kind of unit (``Army``, ``Fleet``; a variant's own kind by its name)."""
    return _KIND_NAMES.get(kind.letter, kind.name.capitalize())


def _unit_json(piece: Piece) -> dict[str, str]:
    return {"Type": kind_name(piece.unit.kind), "Nation": piece.power}


@dataclass
class Posted:
    """A posted godip phase read: the dipsat board, the orders and where godip keys each one."""

    position: Position
    orders: list[Order]
    keys: list[str]
    """The province each order was keyed by in ``Orders`` (its key in ``Resolutions``)."""
    refused: dict[str, str]
    """Orders godip's validation refuses before adjudication: province -> its error word."""


def _mapping(data: Any, name: str) -> dict[str, Any]:
    value = data.get(name)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise GodipError(f"json: cannot unmarshal {type(value).__name__} into Go struct field Phase.{name}")
    return value


def read_phase(data: Any, variant: Any) -> Posted:
    """Read a posted godip ``Phase`` on ``variant``'s map.

    Raises:
        GodipError: not a Phase object, or an order godip's parser refuses (unknown type, wrong
            number of arguments, not a list of strings): godip answers 400.
        InputError: an unknown nation, province or unit type in the board (also 400).
    """
    if not isinstance(data, dict):
        raise GodipError("json: cannot unmarshal into Go value of type Phase: not an object")
    gmap = variant.map
    try:
        kind = PhaseKind(str(data.get("Type", "")))
        season_text = str(data.get("Season", ""))
        year = data.get("Year")
        if not isinstance(year, int) or isinstance(year, bool):
            raise GodipError(f"json: cannot unmarshal {year!r} into Go struct field Phase.Year of type int")
        if variant.engine is None and season_text not in ("Spring", "Fall"):
            raise ValueError(season_text)
        season = Season.WINTER if kind is PhaseKind.ADJUSTMENT and season_text == "Fall" else Season(season_text)
    except ValueError as exc:
        if isinstance(exc, GodipError):
            raise
        raise GodipError(f"unknown phase {data.get('Season')!r} {data.get('Type')!r}: "
                         "Season is Spring or Fall, Type Movement, Retreat or Adjustment") from None
    phase = Phase(year, season, kind)
    units = {}
    for key, unit in _mapping(data, "Units").items():
        piece = _piece(gmap, key, unit, "Units")
        units[piece.unit.province] = piece
    centres = {}
    for key, nation in _mapping(data, "SupplyCenters").items():
        centres[gmap.resolve(str(key)).province] = gmap.resolve_power(str(nation))
    dislodgers = {gmap.resolve(str(k)).province: gmap.resolve(str(v)).province
                  for k, v in _mapping(data, "Dislodgers").items()}
    origin_of = {victim: origin for origin, victim in dislodgers.items()}
    dislodged = {}
    for key, unit in _mapping(data, "Dislodgeds").items():
        piece = _piece(gmap, key, unit, "Dislodgeds")
        province = piece.unit.province
        dislodged[province] = Dislodged(piece, origin_of.get(province))
    standoffs = set()
    for key, sources in _mapping(data, "Bounces").items():
        dst = gmap.resolve(str(key)).province
        srcs = {gmap.resolve(str(s)).province for s in (sources or {})}
        # godip's State.Bounce: a bounce there forbids a retreat, unless its only source is the
        # province the unit that left it dislodged
        if not (len(srcs) == 1 and dislodgers.get(dst) in srcs):
            standoffs.add(dst)
    position = Position(phase, units, centres, dislodged, frozenset(standoffs))
    orders, keys, refused = _orders(data, gmap, position)
    return Posted(position, orders, keys, refused)


def _piece(gmap: Any, key: Any, unit: Any, field: str) -> Piece:
    if not isinstance(unit, dict):
        raise GodipError(f"json: cannot unmarshal {type(unit).__name__} into Go struct field Phase.{field} of type godip.Unit")
    kinds = {kind_name(k): k for k in gmap.unit_kinds}
    kind = kinds.get(str(unit.get("Type", "")))
    if kind is None:
        raise InputError(f"unknown unit type {unit.get('Type')!r} at {key!r} in {field}: {' or '.join(kinds)}")
    location = gmap.resolve(str(key))
    nation = str(unit.get("Nation", ""))
    return Piece(gmap.resolve_power(nation) if kind.owned else nation, Unit(kind, location))


def _orders(data: dict[str, Any], gmap: Any, position: Position) -> tuple[list[Order], list[str], dict[str, str]]:
    """godip's ``Orders`` (nation -> province -> ``[type, args...]``) read as dipsat orders."""
    orders: list[Order] = []
    keys: list[str] = []
    refused: dict[str, str] = {}
    kind = position.phase.kind
    for nation, by_province in _mapping(data, "Orders").items():
        if not isinstance(by_province, dict):
            raise GodipError(f"json: cannot unmarshal orders of {nation!r}: not an object")
        for province, words in by_province.items():
            if not isinstance(words, list) or not words or not all(isinstance(w, str) for w in words):
                raise GodipError(f"order at {province!r}: expected a list of strings like [\"Move\", \"gal\"]")
            if words[0] not in _ARGUMENTS:
                raise GodipError(f"Unknown order type {words[0]!r} (known: {', '.join(ORDER_TYPES)})")
            if len(words) - 1 not in _ARGUMENTS[words[0]]:
                raise GodipError(f"order {[province, *words]!r}: {words[0]} takes "
                                 f"{' or '.join(map(str, _ARGUMENTS[words[0]]))} argument(s)")
            text = _droidippy_text(str(province), words, kind)
            try:
                gmap.resolve(str(province))
            except InputError:
                refused[str(province)] = "ErrInvalidSource"
                continue
            try:
                order = parse_order(text, gmap, power=None if words[0] != "Build" else gmap.resolve_power(str(nation)),
                                    position=position, kind=kind)
            except InputError as exc:
                refused[str(province)] = "ErrMissingUnit" if "no unit" in exc.message.lower() else (
                    "ErrInvalidDestination" if words[0].startswith("Move") else "ErrInvalidTarget")
                continue
            orders.append(order)
            keys.append(str(province))
    return orders, keys, refused


def _droidippy_text(province: str, words: list[str], kind: PhaseKind) -> str:
    """The order in the Droidippy archive's words (the one reader of godip's orders)."""
    verb, args = words[0], words[1:]
    if verb == "Hold":
        return f"{province} hold"
    if verb == "Move":
        return f"{province} move {args[0]}"
    if verb == "MoveViaConvoy":
        return f"{province} move {args[0]} via convoy"
    if verb == "Support":
        return f"{province} support {args[0]}" + (f" move {args[1]}" if len(args) == 2 else "")
    if verb == "Convoy":
        return f"{province} convoy {args[0]} move {args[1]}"
    if verb == "Build":
        return f"build {args[0]} {province}"
    return f"remove {province}" if kind is PhaseKind.ADJUSTMENT else f"{province} disband"


def phase_json(position: Position, resolutions: Mapping[str, str] | None = None,
               dislodgers: Mapping[str, str] | None = None, bounces: Mapping[str, Mapping[str, bool]] | None = None
               ) -> dict[str, Any]:
    """A board as godip's ``Phase``: the ten fields in godip's order, maps sorted, empty ones ``{}``."""
    units = {godip_id(p.unit.location): _unit_json(p) for p in position.all_pieces()}
    dislodgeds = {godip_id(d.piece.unit.location): _unit_json(d.piece) for d in position.dislodged.values()}
    return {
        "Season": _season_of(position.phase),
        "Year": position.phase.year,
        "Type": position.phase.kind.value,
        "Units": dict(sorted(units.items())),
        "Orders": {},
        "SupplyCenters": dict(sorted((godip_id(c), n) for c, n in position.centres.items())),
        "Dislodgeds": dict(sorted(dislodgeds.items())),
        "Dislodgers": dict(sorted((dislodgers or {}).items())),
        "Bounces": {k: dict(sorted(v.items())) for k, v in sorted((bounces or {}).items())},
        "Resolutions": dict(sorted((resolutions or {}).items())),
    }


def next_phase(variant: Any, posted: Posted, rules: Rules) -> tuple[dict[str, Any], Resolution]:
    """Adjudicate a posted phase; return the next phase as godip's JSON, and the resolution.

    The standard game follows godip's sequence of phases exactly (every phase, even an empty one);
    a variant with phases of its own (an engine) goes to the phase its rules play next.
    """
    position = posted.position
    if variant.engine is not None:
        res = variant.adjudicate(position, posted.orders, rules)
        return phase_json(res.after, _resolutions(posted, res)), res
    res = variant.adjudicate(position, posted.orders, rules, advance=False)
    after = res.after
    kind = position.phase.kind
    year, season = position.phase.year, position.phase.season
    dislodgers: dict[str, str] = {}
    bounces: dict[str, dict[str, bool]] = {}
    if kind is PhaseKind.MOVEMENT:
        destroyed = {r.order.unit.province for r in (*res.results, *res.generated)  # type: ignore[union-attr]
                     if r.tag is Tag.DESTROYED}
        kept = {p: d for p, d in after.dislodged.items() if p not in destroyed}
        for p, d in kept.items():
            if d.attacker_origin and not d.by_convoy:
                dislodgers[godip_id(d.attacker_origin)] = godip_id(p)
        bounces = _bounces(res)
        nxt = replace(after, phase=Phase(year, season, PhaseKind.RETREAT), dislodged=kept)
    elif kind is PhaseKind.RETREAT:
        board = replace(after, dislodged={}, standoffs=frozenset())
        if season is Season.SPRING:
            nxt = replace(board, phase=Phase(year, Season.FALL, PhaseKind.MOVEMENT))
        else:
            nxt = replace(update_centres(variant.map, board), phase=Phase(year, Season.WINTER, PhaseKind.ADJUSTMENT))
    else:
        nxt = replace(after, phase=Phase(year + 1, Season.SPRING, PhaseKind.MOVEMENT), dislodged={},
                      standoffs=frozenset())
    return phase_json(nxt, _resolutions(posted, res), dislodgers, bounces), res


def _bounces(res: Resolution) -> dict[str, dict[str, bool]]:
    """godip's ``Bounces``: each failed move that met another move to the same province."""
    moves = [r for r in res.results if isinstance(r.order, Move)]
    found: dict[str, dict[str, bool]] = {}
    for r in moves:
        if r.result is Result.SUCCEEDS:
            continue
        dest = r.order.dest.province  # type: ignore[union-attr]
        rivals = [o for o in moves if o is not r and o.order.dest.province == dest]  # type: ignore[union-attr]
        if rivals and r.result is Result.FAILS:
            found.setdefault(godip_id(dest), {})[godip_id(r.order.unit.province)] = True  # type: ignore[union-attr]
    return found


def _resolutions(posted: Posted, res: Resolution) -> dict[str, str]:
    words = dict(posted.refused)
    for key, r in zip(posted.keys, res.results):
        words[key] = resolution_word(r, res)
    for r in res.generated:
        order = r.order
        unit = getattr(order, "unit", None)
        if unit is None:
            continue
        key = godip_id(unit.location)
        if isinstance(order, Disband):
            words[key] = "ErrForcedDisband"
        elif key not in words:
            words[key] = resolution_word(r, res)
    return words


def resolution_word(r: OrderResult, res: Resolution) -> str:
    """godip's resolution of one order: ``OK`` or its error word (``ErrBounce:vie``).

    The culprit named is the one godip names: for a bounce the source of a rival move to the same
    province (else the destination, held), for a support the source of the move that cut it.
    """
    order, result = r.order, r.result
    if result in (Result.SUCCEEDS, Result.GIVEN, Result.AVAILABLE, Result.STANDS) and r.tag is not Tag.DISLODGED:
        return "OK"
    if isinstance(order, Hold):
        return "OK"
    if isinstance(order, Move):
        if result is Result.ILLEGAL:
            return "ErrIllegalMove"
        if result is Result.INVALID or result is Result.DISRUPTED:
            return "ErrMissingConvoyPath"
        return f"ErrBounce:{_rival(res, order.dest.province, order.unit.province, Move) or godip_id(order.dest)}"
    if isinstance(order, Retreat):
        if result is Result.ILLEGAL:
            return "ErrIllegalRetreat"
        return f"ErrBounce:{_rival(res, order.dest.province, order.unit.province, Retreat) or godip_id(order.dest)}"
    if isinstance(order, (SupportHold, SupportMove)):
        cutter = _cutter(res, order)
        if cutter:
            return f"ErrSupportBroken:{cutter}"
        if result is Result.ILLEGAL:
            return "ErrIllegalSupportPosition" if isinstance(order, SupportHold) else "ErrIllegalSupportDestination"
        return "OK"
    if isinstance(order, Convoy):
        if r.tag is Tag.DISLODGED:
            attacker = _cutter(res, order)
            return f"ErrConvoyDislodged:{attacker or godip_id(order.unit.location)}"
        return "ErrIllegalConvoyMove" if result is Result.ILLEGAL else "OK"
    if isinstance(order, Build):
        return "ErrIllegalBuild" if result is Result.ILLEGAL else "ErrMissingSurplus"
    if isinstance(order, Disband):
        if res.before.phase.kind is PhaseKind.ADJUSTMENT:
            return "ErrIllegalDisband" if result is Result.ILLEGAL else "ErrMissingDeficit"
        return "OK"
    return "OK" if result in (Result.SUCCEEDS, Result.GIVEN) else f"Err{result.value.capitalize()}"


def _rival(res: Resolution, dest: str, src: str, kind: type) -> str | None:
    """The source of another order of ``kind`` to ``dest``: the one that succeeded, else the first by name."""
    rivals = [r for r in res.results if isinstance(r.order, kind) and r.order.dest.province == dest  # type: ignore[attr-defined]
              and r.order.unit.province != src]  # type: ignore[attr-defined]
    rivals.sort(key=lambda r: (r.result is not Result.SUCCEEDS, r.order.unit.province))  # type: ignore[attr-defined]
    return godip_id(rivals[0].order.unit.province) if rivals else None  # type: ignore[attr-defined]


def _cutter(res: Resolution, order: Any) -> str | None:
    """The source of a move by another power into the unit's province (not from where it supports
    a move to), as godip's support looks for one; ``None`` when there is none."""
    here = order.unit.province
    spared = order.dest.province if isinstance(order, SupportMove) else None
    for r in res.results:
        o = r.order
        if (isinstance(o, Move) and o.dest.province == here and o.power != order.power
                and o.unit.province != spared and r.result is not Result.ILLEGAL):
            return godip_id(o.unit.province)
    return None


def variants_json(names: Mapping[str, Any]) -> dict[str, Any]:
    """``GET /``: every variant as godip lists it (``common.Variant``'s exported fields)."""
    out = {}
    for name, variant in names.items():
        kinds = [kind_name(k) for k in variant.unit_kinds]
        out[name] = {"Name": name, "Nations": list(variant.map.powers),
                     "PhaseTypes": ["Movement", "Retreat", "Adjustment"],
                     "Seasons": ["Spring", "Fall"] if variant.engine is None else ["Spring", "Summer", "Fall"],
                     "UnitTypes": kinds, "SVGVersion": "", "CreatedBy": "", "Version": "",
                     "Description": variant.description, "Rules": ""}
    return out
