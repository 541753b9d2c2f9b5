"""Games over HTTP (``/api/games``): a game master creates a game and hands out one link per power;
each power submits and revises its orders with its own token, secret until the phase is
adjudicated; the game master adjudicates (or the game does, when every power due has ordered or
at a deadline); everyone reads the public view, the game master the whole game.

A game *is* its record (``docs/variants/game_records.md``): the head, the orders of each phase in
the order they were first submitted. Every view plays the record with
:func:`dipsat.variants.framework.replay.play_record`, as ``dipsat play`` does, so the record the
game exports replays byte for byte. Roles come from the token (``Authorization: Bearer TOKEN`` or
``?token=``): none is the public, a power's token that power, the game master's token everything.
"""
from __future__ import annotations

import secrets
import threading
from dataclasses import replace
from collections import OrderedDict
from datetime import datetime, timedelta, timezone
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from dipsat.model.errors import InputError
from dipsat.model.types import Location
from dipsat.serve.errors import Conflict, Forbidden, NotFound
from dipsat.serve.store import Store
from dipsat.solver.adjustment import adjustments_due
from dipsat.solver.presets import rules_from_text
from dipsat.variants import find_variant
from dipsat.variants.framework.orders import resolve_power
from dipsat.variants.framework.record import read_record
from dipsat.variants.framework.replay import GameReport, play_phase, play_record, start_position
from dipsat.variants.framework.report import game_json, game_text, view_results

router = APIRouter(prefix="/api/games", tags=["games"])

GM = "GM"
"""The game master's name in a record (``GM: SEED 7``), for the orders the game master gives."""
MAX_ORDERS = 500
"""Most order lines one submission may hold."""


class StartJSON(BaseModel):
    """A start board of the game's own (a record's ``UNITS``/``CENTRES``/``CHANGES``)."""

    phase: str = Field(..., description="the phase the game begins at: Spring 1901 Movement")
    units: list[str] = Field(default_factory=list, description="'France: A Paris', one unit a line")
    centres: list[str] = Field(default_factory=list, description="'France: Paris, Brest'")
    changes: list[str] = Field(default_factory=list, description="lasting changes of the board")


class CreateJSON(BaseModel):
    """A new game."""

    variant: str = Field("standard", description="a variant with options: telepath,ban_prevent=kept")
    rules: str = Field("datc", description="a rules preset with options (GET /api/rules)")
    title: str = Field("", max_length=200)
    seed: int | None = Field(None, description="the seed of the game's random events (a variant that draws "
                                               "at random reads it as the game master's SEED order)")
    start: StartJSON | None = Field(None, description="a start board of its own; default the variant's")
    when_ready: bool = Field(False, description="adjudicate as soon as every power due has ordered")
    phase_hours: float | None = Field(None, gt=0, description="each phase is adjudicated this many hours after it begins")


class OrdersJSON(BaseModel):
    """A power's orders for a phase (they replace any it gave before)."""

    phase: int = Field(..., ge=0, description="the index of the phase ordered for (the view's phase_index)")
    orders: list[str] = Field(default_factory=list, description="one order a line: 'A Paris - Burgundy'")
    power: str | None = Field(None, description="the game master only: order as this power (or GM)")


class SettingsJSON(BaseModel):
    """The game master changes when phases are adjudicated (fields left out stay as they are)."""

    deadline: datetime | None = Field(None, description="when the current phase is adjudicated (ISO time, with its zone)")
    clear_deadline: bool = Field(False, description="the current phase has no deadline")
    phase_hours: float | None = Field(None, gt=0, description="each new phase's deadline, hours after it begins")
    when_ready: bool | None = Field(None, description="adjudicate as soon as every power due has ordered")


class AdjudicateJSON(BaseModel):
    """Adjudicate the phase named (a second request for the same phase is refused, not played twice)."""

    phase: int = Field(..., ge=0, description="the index of the phase to adjudicate (the view's phase_index)")


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return request.query_params.get("token") or None


def _clean(line: str, what: str) -> str:
    text = line.strip()
    if "#" in text or "\n" in text or "\r" in text:
        raise InputError(f"{what} {text[:80]!r}: a record line cannot hold '#' or a line break")
    return text


# -- the record ---------------------------------------------------------------------------------

def record_text(game: Any, phases: list[str], orders: dict[int, list[tuple[str, str]]], upto: int) -> str:
    """The game's record with its first ``upto`` phases (each with its orders), ready for ``dipsat play``."""
    head = [f"# dipsat game {game['id']}, exported by dipsat serve (format: docs/variants/game_records.md)"]
    if game["seed"] is not None:
        head.append(f"# seed {game['seed']}")
    head += [f"GAME {game['id']}"] + ([f"TITLE {game['title']}"] if game["title"] else [])
    head += [f"VARIANT {game['variant']}", f"RULES {game['rules']}"]
    for i in range(upto):
        head.append(f"PHASE {phases[i] if i < len(phases) else game['start_phase']}")
        if i == 0 and game["start"]:
            head += game["start"].splitlines()
        head.append("ORDERS")
        if i == 0 and game["seed"] is not None and _draws_at_random(game):
            head.append(f"{GM}: SEED {game['seed']}")
        for power, lines in orders.get(i, []):
            head += [f"{power}: {line}" for line in lines.splitlines() if line.strip()]
    head.append("END")
    return "\n".join(head) + "\n"


def _draws_at_random(game: Any) -> bool:
    """The variant reads a game master's ``SEED`` order (its random events come from it)."""
    variant = find_variant(game["variant"])
    try:
        variant.parse_order("SEED 1", GM, variant.start())
    except (InputError, ValueError):
        return False
    return True


class Played:
    """A game's record played up to its current phase: the report and the board now."""

    def __init__(self, game: Any, report: GameReport | None, position: Any, text: str) -> None:
        self.game, self.report, self.position, self.text = game, report, position, text

    @property
    def variant(self) -> Any:
        return self.report.variant if self.report else find_variant(self.game["variant"])


_CACHE: OrderedDict[tuple[str, str, int, int], Played] = OrderedDict()
"""(database, game, phases adjudicated, store) -> the record played that far: a cache only (the
phases adjudicated never change), rebuilt from the database after a restart."""
_CACHE_LOCK = threading.Lock()


def _orders_of(con: Any, game_id: str) -> dict[int, list[tuple[str, str]]]:
    found: dict[int, list[tuple[str, str]]] = {}
    for r in con.execute("SELECT phase, power, lines FROM orders WHERE game = ? ORDER BY phase, seq", (game_id,)):
        found.setdefault(r["phase"], []).append((r["power"], r["lines"]))
    return found


def play(con: Any, game: Any, store: Store) -> Played:
    """The game's record played up to the current phase (kept for the next request: a record's
    adjudicated phases never change)."""
    n = game["adjudicated"]
    key = (store.path, game["id"], n, id(store))
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
        if hit is not None:
            _CACHE.move_to_end(key)
            return hit
    names = [r["name"] for r in con.execute("SELECT name FROM phases WHERE game = ? ORDER BY phase", (game["id"],))]
    orders = _orders_of(con, game["id"])
    if n == 0:
        text = record_text(game, names, orders, 1)
        record = read_record(text, game["id"])
        played = Played(game, None, start_position(record, find_variant(game["variant"])), record_text(game, names, {}, 0))
    else:
        text = record_text(game, names, orders, n)
        record = read_record(text, game["id"])
        with _CACHE_LOCK:
            before = _CACHE.get((store.path, game["id"], n - 1, id(store)))
        if before is not None and before.report is not None:  # one phase more than a game already played
            rules = rules_from_text(record.rules)
            last = play_phase(record, before.report.variant, rules, record.phases[-1], before.position,
                              list(before.report.phases))
            report = replace(before.report, record=record, phases=(*before.report.phases, last))
        else:
            report = play_record(record)
        played = Played(game, report, report.final, text)
    with _CACHE_LOCK:
        _CACHE[key] = played
        while len(_CACHE) > 64:
            _CACHE.popitem(last=False)
    return played


# -- who orders --------------------------------------------------------------------------------

def powers_due(position: Any) -> list[str]:
    """The powers that have something to order at ``position``."""
    kind = position.phase.kind.value
    if kind == "Movement":
        return sorted({p.power for p in position.all_pieces() if p.unit.kind.owned})
    if kind == "Retreat":
        return sorted({d.piece.power for d in position.dislodged.values()})
    return sorted(adjustments_due(position))


def _game(con: Any, game_id: str) -> Any:
    row = con.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise NotFound(f"no game {game_id!r}")
    return row


def _role(con: Any, game: Any, token: str | None) -> tuple[str, str | None]:
    """``("gm", None)``, ``("power", name)`` or ``("public", None)``; a wrong token is refused."""
    if token is None:
        return "public", None
    if secrets.compare_digest(token, game["gm_token"]):
        return "gm", None
    row = con.execute("SELECT power FROM tokens WHERE game = ? AND token = ?", (game["id"], token)).fetchone()
    if row is None:
        raise Forbidden("this token is not one of this game's")
    return "power", row["power"]


# -- changes -----------------------------------------------------------------------------------

def create_game(store: Store, body: CreateJSON) -> dict[str, Any]:
    """Create a game: its id, the game master's token and one token per power."""
    variant = find_variant(body.variant)
    rules_from_text(body.rules)
    title = _clean(body.title, "title")
    start_lines: list[str] = []
    start_phase = str(variant.start().phase)
    if body.start is not None:
        start_phase = _clean(body.start.phase, "phase")
        start_lines = ["UNITS", *(_clean(x, "unit") for x in body.start.units)]
        if body.start.centres:
            start_lines += ["CENTRES", *(_clean(x, "centres") for x in body.start.centres)]
        if body.start.changes:
            start_lines += ["CHANGES", *(_clean(x, "change") for x in body.start.changes)]
    game_id = secrets.token_hex(6)
    seed = body.seed
    if seed is None and _draws_at_random({"variant": variant.spec}):
        seed = secrets.randbelow(1 << 31)  # the game's own, kept with it: its record replays the same draws
    game = {"id": game_id, "title": title, "variant": variant.spec, "rules": body.rules.strip(), "seed": seed,
            "start_phase": start_phase, "start": "\n".join(start_lines), "adjudicated": 0}
    record_problem = read_record(record_text(game, [], {}, 1), "<request>")  # a start board that cannot be read: 400
    start_position(record_problem, variant)
    tokens = {power: secrets.token_urlsafe(16) for power in variant.map.powers}
    gm_token = secrets.token_urlsafe(16)
    deadline = (_now() + timedelta(hours=body.phase_hours)).isoformat() if body.phase_hours else None
    with store.write() as con:
        con.execute("INSERT INTO games (id, created, title, variant, rules, seed, start_phase, start, gm_token, "
                    "deadline, phase_hours, when_ready) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    (game_id, _now().isoformat(), title, variant.spec, game["rules"], seed, start_phase,
                     game["start"], gm_token, deadline, body.phase_hours, int(body.when_ready)))
        con.executemany("INSERT INTO tokens (token, game, power) VALUES (?,?,?)",
                        [(t, game_id, p) for p, t in tokens.items()])
    return {"id": game_id, "gm_token": gm_token, "tokens": tokens,
            "links": {"public": f"/games/{game_id}", "gm": f"/games/{game_id}#token={gm_token}",
                      **{p: f"/games/{game_id}#token={t}" for p, t in tokens.items()}}}


def _adjudicate(con: Any, store: Store, game: Any) -> None:
    """Adjudicate the current phase inside the caller's write transaction."""
    played = play(con, game, store)  # a game that has ended may go on, as a record may (the view says it ended)
    n = game["adjudicated"]
    con.execute("INSERT INTO phases (game, phase, name, adjudicated) VALUES (?,?,?,?)",
                (game["id"], n, str(played.position.phase), _now().isoformat()))
    deadline = (_now() + timedelta(hours=game["phase_hours"])).isoformat() if game["phase_hours"] else None
    con.execute("UPDATE games SET adjudicated = ?, deadline = ? WHERE id = ?", (n + 1, deadline, game["id"]))
    game = _game(con, game["id"])
    play(con, game, store)  # plays the new phase now: an order that cannot be read stops it here


def adjudicate(store: Store, game_id: str, token: str | None, phase: int) -> None:
    """The game master adjudicates phase ``phase`` (refused if it is no longer the current one)."""
    with store.write() as con:
        game = _game(con, game_id)
        role, _ = _role(con, game, token)
        if role != "gm":
            raise Forbidden("only the game master's token adjudicates")
        if phase != game["adjudicated"]:
            raise Conflict(f"phase {phase} is not the current phase ({game['adjudicated']}): "
                           "it was adjudicated already, or is not reached yet")
        _adjudicate(con, store, game)


def submit(store: Store, game_id: str, token: str | None, body: OrdersJSON) -> dict[str, Any]:
    """A power's orders for the current phase, read against its board; they replace its earlier ones."""
    if len(body.orders) > MAX_ORDERS:
        raise InputError(f"at most {MAX_ORDERS} orders in one submission")
    with store.write() as con:
        game = _game(con, game_id)
        role, power = _role(con, game, token)
        if role == "public":
            raise Forbidden("orders need a power's token (or the game master's)")
        if role == "gm":
            power = (body.power or GM).strip()
        elif body.power is not None and body.power != power:
            raise Forbidden(f"this token orders for {power}, not {body.power}")
        if body.phase != game["adjudicated"]:
            raise Conflict(f"phase {body.phase} is not the current phase ({game['adjudicated']}): these orders "
                           "were not recorded; read the game and order for its current phase")
        played = play(con, game, store)
        lines = [_clean(x, "order") for x in body.orders if x.strip()]
        variant = played.variant
        for text in lines:
            try:
                who = resolve_power(variant.map, power) if power != GM else power
                variant.parse_order(text, who, played.position)
            except InputError as exc:
                raise InputError(f"cannot read order {text!r}: {exc.message}") from None
        seq = con.execute("SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM orders WHERE game = ? AND phase = ?",
                          (game_id, body.phase)).fetchone()["n"]
        con.execute("INSERT INTO orders (game, phase, power, lines, seq) VALUES (?,?,?,?,?) "
                    "ON CONFLICT (game, phase, power) DO UPDATE SET lines = excluded.lines",
                    (game_id, body.phase, power, "\n".join(lines), seq))
        if game["when_ready"] and _all_ordered(con, game, played):
            _adjudicate(con, store, game)
    return {"phase": body.phase, "power": power, "orders": lines}


def settings(store: Store, game_id: str, token: str | None, body: SettingsJSON) -> None:
    """The game master sets the current phase's deadline, each phase's hours, or ``when_ready``."""
    if body.deadline is not None and body.deadline.tzinfo is None:
        raise InputError("give the deadline with its time zone: 2026-12-01T18:00:00+00:00")
    with store.write() as con:
        game = _game(con, game_id)
        if _role(con, game, token)[0] != "gm":
            raise Forbidden("only the game master's token changes the game's deadlines")
        if body.clear_deadline or body.deadline is not None:
            deadline = None if body.clear_deadline else body.deadline.astimezone(timezone.utc).isoformat()  # type: ignore[union-attr]
            con.execute("UPDATE games SET deadline = ? WHERE id = ?", (deadline, game_id))
        if body.phase_hours is not None:
            con.execute("UPDATE games SET phase_hours = ? WHERE id = ?", (body.phase_hours, game_id))
        if body.when_ready is not None:
            con.execute("UPDATE games SET when_ready = ? WHERE id = ?", (int(body.when_ready), game_id))
            game = _game(con, game_id)
            if body.when_ready and _all_ordered(con, game, play(con, game, store)):
                _adjudicate(con, store, game)


def _all_ordered(con: Any, game: Any, played: Played) -> bool:
    due = powers_due(played.position)
    given = {r["power"] for r in con.execute("SELECT power FROM orders WHERE game = ? AND phase = ?",
                                       (game["id"], game["adjudicated"]))}
    return bool(due) and set(due) <= given


def _deadline_passed(store: Store, game_id: str) -> None:
    """Adjudicate a phase whose deadline has passed (the game is adjudicated when next looked at)."""
    with store.read() as con:
        game = _game(con, game_id)
    if not game["deadline"] or datetime.fromisoformat(game["deadline"]) > _now():
        return
    with store.write() as con:
        game = _game(con, game_id)
        if game["deadline"] and datetime.fromisoformat(game["deadline"]) <= _now():
            _adjudicate(con, store, game)


# -- views -------------------------------------------------------------------------------------

def _board(position: Any) -> dict[str, Any]:
    units: dict[str, list[str]] = {}
    for piece in position.all_pieces():
        units.setdefault(piece.power, []).append(str(piece.unit))
    return {"phase": str(position.phase), "units": {k: sorted(v) for k, v in sorted(units.items())},
            "dislodged": sorted(str(d.piece) for d in position.dislodged.values()),
            "centres": {p: sorted(c for c, o in position.centres.items() if o == p)
                        for p in sorted(set(position.centres.values()))}}


def view(store: Store, game_id: str, token: str | None) -> dict[str, Any]:
    """The game as the token's holder may see it."""
    _deadline_passed(store, game_id)
    with store.read() as con:
        game = _game(con, game_id)
        role, power = _role(con, game, token)
        played = play(con, game, store)
        pending = {r["power"]: r["lines"].splitlines() for r in con.execute(
            "SELECT power, lines FROM orders WHERE game = ? AND phase = ? ORDER BY seq", (game_id, game["adjudicated"]))}
        tokens = {r["power"]: r["token"] for r in con.execute(
            "SELECT power, token FROM tokens WHERE game = ? ORDER BY power", (game_id,))} if role == "gm" else None
    gm = role == "gm"
    history = game_json(played.report, gm) if played.report else {"phases": [], "summary": {}}
    outcome = played.variant.outcome(played.position)
    out: dict[str, Any] = {
        "id": game["id"], "title": game["title"], "variant": game["variant"], "rules": game["rules"],
        "role": role, "power": power, "phase": str(played.position.phase), "phase_index": game["adjudicated"],
        "over": str(outcome) if outcome is not None else None, "deadline": game["deadline"],
        "when_ready": bool(game["when_ready"]), "powers": list(played.variant.map.powers),
        "due": [{"power": p, "ordered": p in pending} for p in powers_due(played.position)],
        "board": _board(played.position), "phases": history["phases"], "summary": history["summary"]}
    if role == "power":
        out["my_orders"] = pending.get(power, [])
    if gm:
        out.update({"pending": pending, "tokens": tokens, "gm_token": game["gm_token"], "seed": game["seed"]})
    return out


def board_svg(store: Store, game_id: str, token: str | None, index: int) -> str:
    """Phase ``index``'s board with its orders and results (the current board when not yet played);
    the public view leaves out the orders a variant keeps secret, as ``dipsat play --maps`` does."""
    from dipsat.render.pictures import cycle_orders, position_svg
    with store.read() as con:
        game = _game(con, game_id)
        role, _ = _role(con, game, token)
        played = play(con, game, store)
    variant = played.variant
    phases = played.report.phases if played.report else ()
    if index == len(phases):
        return position_svg(variant, played.position, title=f"{game['id']} {played.position.phase}",
                            subtitle="the board now")
    if not 0 <= index < len(phases):
        raise NotFound(f"game {game_id} has no phase {index} (phases 0 to {len(phases)})")
    res = phases[index].resolution
    gm = role == "gm"
    shown = view_results(played.report, phases[index], gm)  # what the view's text shows (an NBO not drawn)
    return position_svg(variant, res.before, shown, title=f"{game['id']} {res.before.phase}",
                        subtitle=f"{variant.spec}; rules {game['rules']}" + ("; game master's view" if gm else ""),
                        cycle=cycle_orders(res))


def phase_case(store: Store, game_id: str, token: str | None, index: int) -> str:
    """Phase ``index`` as a dipsat case (its board, centres and the orders the viewer may see), for
    the sandbox. A variant's own state (spells, spent powers) is not part of a case's board."""
    from dipsat.model.case_writer import _board_lines, _centre_lines
    with store.read() as con:
        game = _game(con, game_id)
        role, _ = _role(con, game, token)
        played = play(con, game, store)
    phases = played.report.phases if played.report else ()
    if not 0 <= index < len(phases):
        raise NotFound(f"game {game_id} has no phase {index} played (0 to {len(phases) - 1})")
    variant, res = played.variant, phases[index].resolution
    before = res.before
    lines = [f"CASE {game_id}-{index}", f"TITLE {game['title'] or 'game ' + game_id}, {before.phase}",
             f"VARIANT {game['variant']}", f"RULES {game['rules']}", f"PHASE {before.phase}", "UNITS",
             *_board_lines(before, variant.map)]
    if before.centres:
        lines += ["CENTRES", *_centre_lines(before.centres, variant.map)]
    if before.standoffs:
        lines.append("STANDOFFS " + ", ".join(variant.map.name_of(Location(p)) for p in sorted(before.standoffs)))
    lines.append("ORDERS")
    for k, r in enumerate(res.results):
        if role == "gm" or (not getattr(r.order, "secret", False) and k not in res.secret):
            lines.append(f"{r.order.power}: {variant.format_order(r.order, 'long')}")
    return "\n".join([*lines, "END"]) + "\n"


def record(store: Store, game_id: str, token: str | None) -> str:
    """The record of the phases played (game master only: it names every order's power)."""
    with store.read() as con:
        game = _game(con, game_id)
        if _role(con, game, token)[0] != "gm":
            raise Forbidden("the record names who gave every order: the game master's token only")
        return play(con, game, store).text


def report_text(store: Store, game_id: str, token: str | None) -> str:
    """``dipsat play`` of the record: public view, or the game master's."""
    with store.read() as con:
        game = _game(con, game_id)
        role, _ = _role(con, game, token)
        played = play(con, game, store)
    return game_text(played.report, role == "gm") if played.report else ""


# -- routes ------------------------------------------------------------------------------------

def _store(request: Request) -> Store:
    return request.app.state.store  # type: ignore[no-any-return]


@router.post("", summary="Create a game: its id, the game master's token, one token per power")
def create(body: CreateJSON, request: Request) -> dict[str, Any]:
    """Hand each power its link; keep the game master's."""
    return create_game(_store(request), body)


@router.get("/{game_id}", summary="The game: public view, a power's view or the game master's (by token)")
def get_game(game_id: str, request: Request) -> dict[str, Any]:
    """Phases played with their orders and results, the board now, who has ordered."""
    return view(_store(request), game_id, _token(request))


@router.put("/{game_id}/orders", summary="Submit (or revise) a power's orders for the current phase")
def put_orders(game_id: str, body: OrdersJSON, request: Request) -> dict[str, Any]:
    """Secret until the phase is adjudicated; refused (409) if the phase has moved on."""
    return submit(_store(request), game_id, _token(request), body)


@router.patch("/{game_id}", summary="Set the deadline, the hours per phase, or adjudication when all have ordered (game master)")
def patch_game(game_id: str, body: SettingsJSON, request: Request) -> dict[str, Any]:
    """The new settings, in the game master's view."""
    settings(_store(request), game_id, _token(request), body)
    return view(_store(request), game_id, _token(request))


@router.post("/{game_id}/adjudicate", summary="Adjudicate the current phase (game master)")
def post_adjudicate(game_id: str, body: AdjudicateJSON, request: Request) -> dict[str, Any]:
    """Plays the phase named; a second request for it gets 409, so two at once make one phase."""
    adjudicate(_store(request), game_id, _token(request), body.phase)
    return view(_store(request), game_id, _token(request))


@router.get("/{game_id}/phases/{index}/board.svg", summary="A phase's board with its orders and results (SVG)")
def get_board(game_id: str, index: int, request: Request) -> Response:
    """Phase ``index`` (0 = the first); the index of the current phase gives the board now."""
    return Response(board_svg(_store(request), game_id, _token(request), index), media_type="image/svg+xml")


@router.get("/{game_id}/phases/{index}/case.txt", summary="A phase played, as a dipsat case (for the sandbox)")
def get_case(game_id: str, index: int, request: Request) -> Response:
    """Its board, centres and the orders the token's holder may see."""
    return Response(phase_case(_store(request), game_id, _token(request), index), media_type="text/plain; charset=utf-8")


@router.get("/{game_id}/record.txt", summary="The game record (dipsat play format; game master)")
def get_record(game_id: str, request: Request) -> Response:
    """Replays byte for byte with ``dipsat play``."""
    return Response(record(_store(request), game_id, _token(request)), media_type="text/plain; charset=utf-8")


@router.get("/{game_id}/report.txt", summary="The game as dipsat play prints it (public, or the game master's view)")
def get_report(game_id: str, request: Request) -> Response:
    """``dipsat play`` of the record (``--gm`` with the game master's token)."""
    return Response(report_text(_store(request), game_id, _token(request)), media_type="text/plain; charset=utf-8")

