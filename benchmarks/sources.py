"""The other two inputs: the archived Droidippy games and the DATC cases, as :class:`PhaseInput`.

* Archive: read with :mod:`dipsat.replay.readers` (the replay package's readers, not a reader of
  our own). Every phase starts from its recorded position; a recorded retreat phase does not say
  where the attackers came from nor which provinces a standoff left empty, so those come from
  dipsat's adjudication of the movement phase before it (untimed, as the replay package does).
  The orders are written in MILA's notation once, and both engines read that text.
* DATC: every case of ``datacases/datc_*.txt``; a case's first step starts from its position, a later
  step from the board the engine itself produced (the peer continues its own game; dipsat's
  board is prepared here, untimed, from its own adjudication of the step before).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from dipsat.model.types import Order, Phase, PhaseKind, Position
from benchmarks.phases import PhaseInput, mila_order, peer_state_of, phase_name, spec_of
from benchmarks.randgames import retreats_of

REPO = Path(__file__).resolve().parents[1]
DATACASES = REPO / "datacases"
ARCHIVE = REPO.parent / "shared" / "archives" / "droidippy"


def _orders_by_power(orders: Iterable[Order]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for o in orders:
        out.setdefault(o.power, []).append(mila_order(o))
    return out


def _input(source: str, game: str, index: int, position: Position, orders: Iterable[Order], gmap: Any,
           follows: bool, expected: Position | None, note: str = "") -> PhaseInput:
    spec = spec_of(position)
    return PhaseInput(source, game, index, phase_name(position.phase), spec,
                      peer_state_of(spec, gmap, retreats_of(position, gmap)), _orders_by_power(orders),
                      follows, spec_of(expected) if expected is not None else None, note)


def datc_inputs(variant: Any, rules: Any, folder: Path = DATACASES, limit: int | None = None) -> list[PhaseInput]:
    """Every step of every DATC case (``datc_*.txt``) in ``folder`` (the first ``limit`` cases)."""
    from dipsat.model.casefiles import load_any

    gmap = variant.map
    out: list[PhaseInput] = []
    cases = [c for f in sorted(folder.glob("datc_*.txt")) for c in load_any(f, gmap) if c.variant == "standard"]
    for case in cases[:limit]:
        position, natural = case.start, case.start.phase
        for k, step in enumerate(case.steps):
            position = position.with_phase(Phase(position.phase.year, position.phase.season, step.kind))
            # the peer goes on with its own board only where its phase sequence leads to this step
            follows = k > 0 and natural == position.phase
            out.append(_input("datc", case.id, k, position, step.orders, gmap, follows, step.after,
                              "" if follows or k == 0 else "step loaded: not the next phase of the game"))
            res = variant.adjudicate(position, step.orders, rules, advance=False)  # as dipsat's case runner
            position = res.after
            natural = variant.adjudicate(res.before, step.orders, rules).after.phase
    return out


def archive_inputs(variant: Any, rules: Any, folder: Path = ARCHIVE, games: int | None = None,
                   phases: int | None = None) -> tuple[list[PhaseInput], str]:
    """Every readable phase of the first ``games`` archived games (``phases`` per game at most).

    Returns the inputs and a note for the report (why the archive was skipped, unread orders).
    """
    if not folder.is_dir():
        return [], f"archive sample absent ({folder}): skipped"
    from dipsat.replay.readers import default_maps, find_tasks, read_task
    from dipsat.replay.records import GameRecord, PhaseRecord

    gmap = variant.map
    out: list[PhaseInput] = []
    unread = skipped = 0
    tasks = [t for t in find_tasks([str(folder)], None) if not hasattr(t, "message")]
    for task in tasks[:games]:
        for game in read_task(task, None, default_maps):
            if not isinstance(game, GameRecord):
                continue
            records = [r for r in game.phases]
            carry: Position | None = None
            for i, rec in enumerate(records[:phases]):
                if not isinstance(rec, PhaseRecord) or rec.position is None:
                    skipped += 1
                    carry = None
                    continue
                nxt = records[i + 1] if i + 1 < len(records) else None
                if nxt is None and not rec.orders:
                    continue  # the final board: nothing ordered, nothing recorded after it
                position = rec.position
                note = ""
                if position.phase.kind is PhaseKind.RETREAT:
                    position, note = _with_carry(position, carry)
                orders = [o.order for o in rec.orders if o.order is not None]
                unread += sum(1 for o in rec.orders if o.order is None)
                expected = nxt.position if isinstance(nxt, PhaseRecord) else None
                out.append(_input("archive", game.game, rec.index, position, orders, gmap, False, expected, note))
                carry = variant.adjudicate(position, orders, rules).after \
                    if position.phase.kind is PhaseKind.MOVEMENT else None
    note = f"{len(tasks[:games])} games read with dipsat.replay.readers"
    if unread or skipped:
        note += f"; {unread} unreadable orders left out, {skipped} unreadable phases skipped"
    return out, note


def _with_carry(recorded: Position, carry: Position | None) -> tuple[Position, str]:
    """The recorded retreat board with attacker origins and standoffs from dipsat's movement replay."""
    from dipsat.model.types import Dislodged

    if carry is None:
        return recorded, "no movement replay before this retreat phase: attacker origins unknown"
    dislodged = {}
    missing = 0
    for p, d in recorded.dislodged.items():
        mine = carry.dislodged.get(p)
        if mine is not None and mine.piece == d.piece:
            dislodged[p] = Dislodged(d.piece, mine.attacker_origin, mine.by_convoy)
        else:
            dislodged[p] = d
            missing += 1
    note = f"{missing} attacker origins unknown (dipsat's movement replay differs)" if missing else ""
    return Position(recorded.phase, recorded.units, recorded.centres, dislodged, carry.standoffs), note
