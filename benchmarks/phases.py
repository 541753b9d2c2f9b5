"""Phase records shared by both engines, and the mapping between MILA's notation and dipsat's.

A :class:`PhaseInput` is plain data (strings, lists, dicts): it pickles and serialises to JSON,
so worker processes get the very same inputs. It holds the board twice, once as dipsat reads it
(:func:`position_from_spec`) and once as the peer engine loads it (``peer_state``, the dict of
MILA's ``Game.set_state``), and the orders once, as MILA-notation text that both engines read.

MILA's notation: powers ``ENGLAND``; units ``A PAR``, ``F STP/SC``; dislodged units ``*A PAR``;
orders ``A PAR - BUR``, ``A LON - BEL VIA``, ``F NTH C A LON - BEL``, ``A PAR S A MAR - BUR``,
``A PAR S A MAR``, ``A PAR R BUR``, ``A PAR D``, ``A PAR B``, ``WAIVE``; phases ``S1901M``,
``F1901R``, ``W1901A``. dipsat reads those orders with :func:`dipsat.model.notation.parse_order`
as they are; this module only writes them (DATC cases and archived orders) and maps boards.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Mapping

from dipsat.model.gamemap import GameMap
from dipsat.model.notation import parse_unit
from dipsat.model.types import (
    Build, Convoy, Disband, Dislodged, Hold, Location, Move, Order, Phase, PhaseKind, Piece, Position,
    Retreat, Season, SupportHold, SupportMove, Unit, Waive,
)

KINDS = {"M": "movement", "R": "retreat", "A": "adjustment"}
"""MILA's phase-type letter -> the phase type named in reports."""
_KIND_OF = {PhaseKind.MOVEMENT: "M", PhaseKind.RETREAT: "R", PhaseKind.ADJUSTMENT: "A"}
_SEASON_OF = {Season.SPRING: "S", Season.SUMMER: "U", Season.FALL: "F", Season.WINTER: "W"}
_SEASONS = {v: k for k, v in _SEASON_OF.items()}
_PHASE_KINDS = {v: k for k, v in _KIND_OF.items()}


@dataclass
class PhaseInput:
    """One phase to adjudicate, as both engines receive it."""

    source: str
    """``random``, ``archive`` or ``datc``."""
    game: str
    """Game (or DATC case) id; with ``index`` it names the phase."""
    index: int
    name: str
    """MILA's phase name: ``S1901M``."""
    position: dict[str, Any]
    """The board for dipsat, as :func:`spec_of` writes it."""
    peer_state: dict[str, Any]
    """The board for the peer: MILA's state dict (``name``, ``units``, ``centers``, ``retreats``)."""
    orders: dict[str, list[str]]
    """dipsat power name -> the power's orders in MILA's notation."""
    follows: bool = False
    """The peer reaches this board by processing the previous phase of the same game (no reload)."""
    expected: dict[str, Any] | None = None
    """The board after this phase as the source records it (spec form), when it records one."""
    note: str = ""

    @property
    def kind(self) -> str:
        """``movement``, ``retreat`` or ``adjustment``."""
        return KINDS[self.name[-1]]

    @property
    def key(self) -> str:
        """``random/3/17``: source, game and phase index."""
        return f"{self.source}/{self.game}/{self.index}"

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-able data."""
        return asdict(self)


# -- names -------------------------------------------------------------------------------------

def peer_power(power: str) -> str:
    """``England`` -> ``ENGLAND``."""
    return power.upper()


def dipsat_power(gmap: GameMap, power: str) -> str:
    """``ENGLAND`` -> ``England`` (the map's spelling)."""
    return gmap.resolve_power(power)


def phase_name(phase: Phase) -> str:
    """``Phase(1901, SPRING, MOVEMENT)`` -> ``S1901M``."""
    return f"{_SEASON_OF[phase.season]}{phase.year}{_KIND_OF[phase.kind]}"


def phase_of(name: str) -> Phase:
    """``S1901M`` -> ``Phase(1901, SPRING, MOVEMENT)``."""
    return Phase(int(name[1:-1]), _SEASONS[name[0]], _PHASE_KINDS[name[-1]])


def mila_location(loc: Location) -> str:
    """``Location('stp', 'sc')`` -> ``STP/SC``."""
    return str(loc).upper()


def mila_unit(unit: Unit) -> str:
    """``F stp/sc`` -> ``F STP/SC``."""
    return f"{unit.kind.value} {mila_location(unit.location)}"


def unit_text(mila: str) -> str:
    """``F STP/SC`` -> ``F stp/sc`` (dipsat's short notation)."""
    return mila[:2].upper() + mila[2:].lower()


def mila_order(order: Order) -> str:
    """Write a dipsat order in MILA's notation (the power goes with the list, not the text)."""
    match order:
        case Hold():
            return f"{mila_unit(order.unit)} H"
        case Move():
            return f"{mila_unit(order.unit)} - {mila_location(order.dest)}" + (" VIA" if order.via_convoy else "")
        case SupportHold():
            return f"{mila_unit(order.unit)} S {mila_unit(order.target)}"
        case SupportMove():
            return f"{mila_unit(order.unit)} S {mila_unit(order.target)} - {mila_location(order.dest)}"
        case Convoy():
            return f"{mila_unit(order.unit)} C {mila_unit(order.target)} - {mila_location(order.dest)}"
        case Retreat():
            return f"{mila_unit(order.unit)} R {mila_location(order.dest)}"
        case Disband():
            return f"{mila_unit(order.unit)} D"
        case Build():
            return f"{mila_unit(order.unit)} B"
        case Waive():
            return "WAIVE"
    raise TypeError(f"not an order: {order!r}")


# -- boards --------------------------------------------------------------------------------------

def spec_of(position: Position) -> dict[str, Any]:
    """A dipsat position as plain data (the inverse of :func:`position_from_spec`)."""
    return {
        "phase": phase_name(position.phase),
        "units": [[p.power, str(p.unit)] for p in position.units.values()],
        "centres": dict(position.centres),
        "dislodged": [[d.piece.power, str(d.piece.unit), d.attacker_origin, d.by_convoy]
                      for d in position.dislodged.values()],
        "standoffs": sorted(position.standoffs),
    }


def position_from_spec(spec: Mapping[str, Any], gmap: GameMap) -> Position:
    """Build the dipsat :class:`Position` that ``spec`` describes."""
    units = {}
    for power, text in spec["units"]:
        unit = parse_unit(text, gmap)
        units[unit.province] = Piece(power, unit)
    dislodged = {}
    for power, text, origin, by_convoy in spec.get("dislodged", ()):
        unit = parse_unit(text, gmap)
        dislodged[unit.province] = Dislodged(Piece(power, unit), origin, bool(by_convoy))
    return Position(phase_of(spec["phase"]), units, dict(spec.get("centres", {})), dislodged,
                    frozenset(spec.get("standoffs", ())))


def spec_from_peer_state(state: Mapping[str, Any], gmap: GameMap,
                         origins: Mapping[str, tuple[str | None, bool]] | None = None,
                         standoffs: Iterable[str] = ()) -> dict[str, Any]:
    """Read MILA's state dict as a board spec.

    ``origins`` maps a dislodged unit in MILA's notation (``A BEL``) to the province its
    attacker came from and whether it came by convoy; MILA keeps these outside its state.
    """
    units, dislodged = [], []
    for power, texts in state["units"].items():
        name = dipsat_power(gmap, power)
        for text in texts:
            if text.startswith("*"):
                origin, by_convoy = (origins or {}).get(text[1:], (None, False))
                dislodged.append([name, unit_text(text[1:]), origin, by_convoy])
            else:
                units.append([name, unit_text(text)])
    centres = {c.lower(): dipsat_power(gmap, power) for power, cs in state["centers"].items() for c in cs}
    return {"phase": state["name"], "units": units, "centres": centres, "dislodged": dislodged,
            "standoffs": sorted(standoffs)}


def peer_state_of(spec: Mapping[str, Any], gmap: GameMap,
                  retreats: Mapping[str, list[Location]] | None = None) -> dict[str, Any]:
    """The MILA state dict of a board spec; ``retreats`` maps a dislodged unit's province to where
    it may retreat (computed by the caller, MILA cannot: it keeps no attacker origins)."""
    units: dict[str, list[str]] = {peer_power(p): [] for p in gmap.powers}
    centers: dict[str, list[str]] = {peer_power(p): [] for p in gmap.powers}
    rets: dict[str, dict[str, list[str]]] = {peer_power(p): {} for p in gmap.powers}
    for power, text in spec["units"]:
        units[peer_power(power)].append(text.upper())
    for power, text, _origin, _by_convoy in spec.get("dislodged", ()):
        units[peer_power(power)].append("*" + text.upper())
        province = text.split()[1].split("/")[0]
        options = (retreats or {}).get(province, [])
        rets[peer_power(power)][text.upper()] = [mila_location(loc) for loc in options]
    for centre, power in spec.get("centres", {}).items():
        centers[peer_power(power)].append(centre.upper())
    return {"name": spec["phase"], "units": units, "centers": centers, "retreats": rets}


@dataclass(frozen=True)
class Board:
    """What both engines must agree on after a phase: units, dislodged units, centres."""

    units: frozenset[str] = field(default_factory=frozenset)
    """``England F stp/sc``."""
    dislodged: frozenset[str] = field(default_factory=frozenset)
    centres: frozenset[str] = field(default_factory=frozenset)
    """``lon=England``."""
    phase: str = ""

    def diff(self, other: Board, mine: str = "dipsat", theirs: str = "peer") -> list[str]:
        """The differences in words (empty when the boards agree; the phase name is not compared)."""
        out = []
        for what in ("units", "dislodged", "centres"):
            a, b = getattr(self, what), getattr(other, what)
            if a - b:
                out.append(f"{what} only {mine}: {', '.join(sorted(a - b))}")
            if b - a:
                out.append(f"{what} only {theirs}: {', '.join(sorted(b - a))}")
        return out


def board_of_position(position: Position) -> Board:
    """The board of a dipsat position."""
    return Board(frozenset(f"{p.power} {p.unit}" for p in position.units.values()),
                 frozenset(f"{d.piece.power} {d.piece.unit}" for d in position.dislodged.values()),
                 frozenset(f"{c}={p}" for c, p in position.centres.items()),
                 phase_name(position.phase))


def board_of_spec(spec: Mapping[str, Any]) -> Board:
    """The board of a spec."""
    return Board(frozenset(f"{p} {u}" for p, u in spec["units"]),
                 frozenset(f"{d[0]} {d[1]}" for d in spec.get("dislodged", ())),
                 frozenset(f"{c}={p}" for c, p in spec.get("centres", {}).items()),
                 spec.get("phase", ""))


def board_of_peer_state(state: Mapping[str, Any], gmap: GameMap) -> Board:
    """The board of a MILA state dict."""
    units, dislodged = set(), set()
    for power, texts in state["units"].items():
        name = dipsat_power(gmap, power)
        for text in texts:
            (dislodged if text.startswith("*") else units).add(f"{name} {unit_text(text.lstrip('*'))}")
    centres = {f"{c.lower()}={dipsat_power(gmap, p)}" for p, cs in state["centers"].items() for c in cs}
    return Board(frozenset(units), frozenset(dislodged), frozenset(centres), state.get("name", ""))
