"""What happens to the board between phases: linked deaths, the spells cast after movement,
melting ice, the end of a turn (rules 3, 4, 5).

State keys: a unit is followed by its province; a unit dislodged in ``p`` and waiting to
retreat is keyed ``~p`` (the province may hold the unit that dislodged it).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from dipsat.model.board import CloseEdge, FreezeSea, Lasting
from dipsat.model.gamemap import GameMap
from dipsat.model.kinds import Moves
from dipsat.model.reasons import Acted
from dipsat.model.types import Disband, Location, OrderResult, Phase, PhaseKind, Piece, Position, Result, Season, Unit
from dipsat.variants.sorcerous.kinds import as_familiar, is_familiar
from dipsat.solver.adjustment import adjustments_due
from dipsat.solver.phases import update_centres
from dipsat.variants.sorcerous.orders import Cast
from dipsat.variants.sorcerous.spells import Effect, Spell
from dipsat.variants.sorcerous.state import SorcerousState

__all__ = ["DISLODGED", "bury", "end_of_turn", "removal", "next_season", "iced", "board_changes", "plain", "mark_familiars"]

DISLODGED = "~"
"""Prefix of the state key of a dislodged unit."""


def removal(piece_power: str, unit: object, reason: str) -> OrderResult:
    """A unit removed by the rules: an added disband that succeeds, with the reason."""
    return OrderResult(Disband(piece_power, unit), Result.SUCCEEDS, Acted("succeeds", f"{reason}"))  # type: ignore[arg-type]


def _take(board: Position, key: str) -> tuple[Position, object | None]:
    """The board without the unit keyed ``key`` (``~p``: dislodged in p), and that piece."""
    if key.startswith(DISLODGED):
        p = key[1:]
        d = board.dislodged.get(p)
        if d is None:
            return board, None
        rest = {k: v for k, v in board.dislodged.items() if k != p}
        return replace(board, dislodged=rest), d.piece
    piece = board.units.get(key)
    if piece is None:
        return board, None
    return replace(board, units={k: v for k, v in board.units.items() if k != key}), piece


def bury(board: Position, state: SorcerousState, moved: Mapping[str, str | None], spirit_year: int,
         why: str = "") -> tuple[Position, SorcerousState, list[OrderResult]]:
    """Follow the units that moved, and kill the partner of every wizard or familiar that died
    (rule 4: "the other also dies in the same turn"); a dead familiar leaves a spirit counted
    from the Winter of ``spirit_year``.

    ``moved``: old key -> new key, or ``None`` for a unit that is gone (see :meth:`SorcerousState.follow`).
    """
    moved = dict(moved)
    events: list[OrderResult] = []
    for link in state.links:
        gone_w = link.wizard in moved and moved[link.wizard] is None
        gone_f = link.familiar in moved and moved[link.familiar] is None
        if not (gone_w or gone_f):
            continue
        if not (gone_w and gone_f):
            partner = link.familiar if gone_w else link.wizard
            now = moved.get(partner, partner)
            board, piece = _take(board, now)  # type: ignore[arg-type]
            if piece is not None:
                what = "its wizard" if gone_w else "its familiar"
                events.append(removal(piece.power, piece.unit,  # type: ignore[attr-defined]
                                      f"destroyed: {what} died this turn{why} (rule 4)"))
            moved[partner] = None
        state = state.add_spirit(link.power, spirit_year)
    return board, state.follow(moved), events


def board_changes(position: Position, state: SorcerousState) -> Position:
    """``position`` carrying the Walls and Ice of the game state as the core's lasting changes of
    the board (``Position.changes``: what pictures and case files read), each in force up to the
    retreat phase of its last turn; Stasis and Shield act on units, not on the board."""
    changes = []
    for e in state.effects:
        until = Phase(e.last // 2, Season.SPRING if e.last % 2 == 0 else Season.FALL, PhaseKind.RETREAT)
        if e.spell is Spell.WALL:
            changes.append(Lasting(CloseEdge(*e.where), until))
        elif e.spell is Spell.ICE:
            changes.append(Lasting(FreezeSea(e.where[0]), until))
    return replace(position, changes=tuple(changes))


def plain(position: Position) -> Position:
    """``position`` without its lasting changes: the engine hands the solver the board in play it
    made itself (:func:`.board.board_in_play`, with the shielded units' views)."""
    return replace(position, changes=()) if position.changes else position


def _familiar_unit(unit: Unit, choice: str) -> Unit:
    kind = as_familiar(unit.kind, choice)
    location = unit.location if kind.moves is Moves.FLEET else Location(unit.location.province)
    return Unit(kind, location)


def mark_familiars(board: Position, state: SorcerousState, choice: str = "double_strength") -> Position:
    """The board with every linked familiar of the state shown as one (``2A``/``2F``; option
    ``familiar`` = ``choice``)."""
    units, dislodged = dict(board.units), dict(board.dislodged)
    for link in state.links:
        key = link.familiar
        if key.startswith(DISLODGED):
            d = dislodged.get(key[1:])
            if d is not None and not is_familiar(d.piece.unit.kind):
                dislodged[key[1:]] = replace(d, piece=Piece(d.piece.power, _familiar_unit(d.piece.unit, choice)))
        else:
            piece = units.get(key)
            if piece is not None and not is_familiar(piece.unit.kind):
                units[key] = Piece(piece.power, _familiar_unit(piece.unit, choice))
    return replace(board, units=units, dislodged=dislodged)


def iced(state: SorcerousState, turn: int) -> frozenset[str]:
    """The seas covered by ice in ``turn``."""
    return frozenset(e.where[0] for e in state.active(Spell.ICE, turn))


def _cast_effects(state: SorcerousState, casts: tuple[Cast, ...], turn: int) -> SorcerousState:
    """Walls and Ice cast in ``turn`` take effect; Flame ends the Ice of its sea."""
    effects = list(state.effects)
    for cast in casts:
        if cast.spell is Spell.WALL:
            pair = tuple(sorted(p.province for p in cast.places))
            effects.append(Effect(Spell.WALL, pair, turn + 1, turn + 1, cast.power))
        elif cast.spell is Spell.ICE:
            effects.append(Effect(Spell.ICE, (cast.places[0].province,), turn + 1, turn + 3, cast.power))
    for cast in casts:
        if cast.spell is Spell.FLAME:
            sea = cast.places[0].province
            effects = [e for e in effects if not (e.spell is Spell.ICE and e.where == (sea,))]
    return replace(state, effects=tuple(effects), pending=())


def melt(board: Position, state: SorcerousState, before: frozenset[str], after: frozenset[str],
         flamed: frozenset[str], spirit_year: int) -> tuple[Position, SorcerousState, list[OrderResult]]:
    """Armies on seas iced in ``before`` and not in ``after`` drown (Flame, or the ice melting)."""
    drowned: dict[str, str | None] = {}
    events = []
    for sea in sorted(before - after):
        piece = board.units.get(sea)
        if piece is None or piece.unit.kind.can_stand("sea"):
            continue
        board, _ = _take(board, sea)
        why = "Flame ended the ice" if sea in flamed else "the ice melted"
        events.append(removal(piece.power, piece.unit, f"drowned: {why} on {sea} (rule 3)"))
        drowned[sea] = None
    board, state, linked = bury(board, state, drowned, spirit_year, ", drowned")
    return board, state, events + linked


def end_of_turn(gmap: GameMap, board: Position, state: SorcerousState, turn: int,
                forever: bool) -> tuple[Position, SorcerousState, list[OrderResult]]:
    """After the movement and retreats of ``turn``: the other spells, melting ice, expiry, and
    the next phase (Autumn: centres, then the Winter adjustments when any are due)."""
    before = iced(state, turn)
    flamed = frozenset(c.places[0].province for c in state.pending if c.spell is Spell.FLAME)
    state = _cast_effects(state, state.pending, turn)
    spirit_year = board.phase.year
    board, state, events = melt(board, state, before, iced(state, turn + 1), flamed, spirit_year)
    state = replace(state, effects=tuple(e for e in state.effects if e.last > turn), binding=())
    return next_season(gmap, board, state, forever), state, events


def next_season(gmap: GameMap, board: Position, state: SorcerousState, forever: bool) -> Position:
    """The phase after a turn: Autumn movement after Spring; after Autumn, the centres change
    hands and the Winter adjustments follow when a power has any (spirits count, rule 4)."""
    year = board.phase.year
    if board.phase.season is Season.SPRING:
        return Position(Phase(year, Season.FALL, PhaseKind.MOVEMENT), board.units, board.centres)
    board = update_centres(gmap, board)
    winter = Position(Phase(year, Season.WINTER, PhaseKind.ADJUSTMENT), board.units, board.centres)
    if due_with_spirits(winter, state, forever):
        return winter
    return Position(Phase(year + 1, Season.SPRING, PhaseKind.MOVEMENT), board.units, board.centres)


def due_with_spirits(position: Position, state: SorcerousState, forever: bool) -> dict[str, int]:
    """Power -> centres minus units minus spirits, for powers where that is not 0."""
    powers = set(position.centres.values()) | {p.power for p in position.units.values()}
    powers |= {p for p, _ in state.spirits}
    base = adjustments_due(position)
    out = {}
    for power in sorted(powers):
        n = base.get(power, 0) - state.spirits_due(power, position.phase.year, forever)
        if n:
            out[power] = n
    return out
