"""Replaying a recorded game: phases the archive leaves out, destroyed units, attacker origins, errors."""
from __future__ import annotations

import json
from pathlib import Path

from dipsat.replay.readers import default_maps
from dipsat.replay.readers.droidippy import read_droidippy
from dipsat.replay.readers.mila_json import read_mila
from dipsat.replay.records import GameRecord
from dipsat.replay.replayer import GameReplay
from dipsat.replay.rows import AGREE, DIFFER, ERROR, UNCHECKED, OrderRow, PhaseRow
from dipsat.replay.work import replay_record
from dipsat.solver.presets import rules_from_text
from dipsat.variants import find_variant


def _replay(text: str, rules: str = "droidippy") -> list[PhaseRow]:
    game = read_droidippy(text, "game_1.txt", default_maps("standard"))
    assert isinstance(game, GameRecord)
    return replay_record(game, rules)[0]


FALL = """\
PHASE 1901 Fall Movement
POSITIONS
Germany: army mun
Germany: army ruh
Germany: supply mun
Germany: supply hol
France: army bel
France: supply par
ORDERS
bel move hol
PHASE 1902 Spring Movement
POSITIONS
Germany: army mun
Germany: supply mun
France: army hol
France: supply par
France: supply hol
ORDERS
"""


def test_omitted_adjustment_phase_is_replayed_without_orders():
    """The archive skips Winter: its civil-disorder removal is replayed, noted, and agrees."""
    first, last = _replay(FALL)
    assert first.status == AGREE, first.difference
    assert "no Winter 1901 Adjustment" in first.note and "Germany: A ruh D" in first.note
    assert last.status == UNCHECKED and last.note == "final position"


def test_omitted_adjustment_phase_that_removes_nothing_differs():
    """Had the archive not removed the unit, the difference says exactly which."""
    text = FALL.replace("PHASE 1902 Spring Movement\nPOSITIONS\n", "PHASE 1902 Spring Movement\nPOSITIONS\nGermany: army ruh\n")
    first = _replay(text)[0]
    assert first.status == DIFFER
    assert first.difference == "unit ruh: recorded Germany: A ruh, replay none"


DESTROYED = """\
PHASE 1901 Spring Movement
POSITIONS
Italy: fleet nap
Austria: fleet ion
Austria: fleet tys
Austria: army rom
Austria: army apu
ORDERS
ion move nap
tys support ion move nap
PHASE 1901 Spring Retreat
POSITIONS
Italy: fleet/dislodged nap
Austria: fleet nap
Austria: fleet tys
Austria: army rom
Austria: army apu
ORDERS
nap disband
PHASE 1901 Fall Movement
POSITIONS
Austria: fleet nap
Austria: fleet tys
Austria: army rom
Austria: army apu
ORDERS
"""


def test_destroyed_unit_kept_in_a_retreat_phase_agrees():
    """A unit with nowhere to retreat may sit in the archive's retreat phase and be disbanded there."""
    rows = _replay(DESTROYED)
    assert [r.status for r in rows] == [AGREE, AGREE, UNCHECKED], [r.difference for r in rows]


def test_destroyed_unit_dropped_at_once_agrees():
    """The same game without the retreat phase agrees too."""
    text = DESTROYED[:DESTROYED.index("PHASE 1901 Spring Retreat")] + DESTROYED[DESTROYED.index("PHASE 1901 Fall"):]
    assert [r.status for r in _replay(text)] == [AGREE, UNCHECKED]


ORIGIN = """\
PHASE 1901 Spring Movement
POSITIONS
Germany: army mun
France: army boh
France: army sil
ORDERS
boh move mun
sil support boh move mun
PHASE 1901 Spring Retreat
POSITIONS
Germany: army/dislodged mun
France: army mun
France: army sil
ORDERS
mun move boh
PHASE 1901 Fall Movement
POSITIONS
France: army mun
France: army sil
ORDERS
"""


def test_retreat_to_the_attackers_origin_is_refused():
    """The retreat phase learns from the movement replay where the attacker came from (not recorded)."""
    rows = _replay(ORIGIN)
    assert [r.status for r in rows] == [AGREE, AGREE, UNCHECKED], [r.difference for r in rows]


def test_missing_retreat_phase_is_a_difference_in_dislodged_units():
    """An archive that goes on as if nothing was dislodged disagrees on the dislodged unit."""
    text = ORIGIN[:ORIGIN.index("PHASE 1901 Spring Retreat")] + ORIGIN[ORIGIN.index("PHASE 1901 Fall"):]
    first = _replay(text)[0]
    assert first.status == DIFFER
    assert first.difference == "dislodged mun: recorded none, replay Germany: A mun"


def test_unreadable_phase_is_an_error_row_and_the_run_goes_on():
    """A bad line makes its phase an error; the phase before it is unchecked; later phases replay."""
    text = DESTROYED.replace("Austria: fleet nap\nAustria: fleet tys\nAustria: army rom\nAustria: army apu\nORDERS\nnap",
                             "Austria: boat nap\nORDERS\nnap")
    rows = _replay(text)
    assert [r.status for r in rows] == [UNCHECKED, ERROR, UNCHECKED]
    assert rows[0].note == "the next phase cannot be read"
    assert rows[1].line == 14 and "boat nap" in rows[1].error


def test_unknown_rules_are_an_error_row():
    """A game asked to replay under unknown rules becomes one error row, not a crash."""
    rows = _replay(FALL, rules="nosuchpreset")
    assert [r.status for r in rows] == [ERROR] and "nosuchpreset" in rows[0].error


def test_completed_final_board_is_compared_without_its_phase():
    """A saved game's last phase named COMPLETED still checks the phase before it."""
    line = (Path(__file__).resolve().parent / "replay_fixtures" / "mila_games.jsonl").read_text().splitlines()[0]
    saved = json.loads(line)
    saved["phases"][-1]["name"] = "COMPLETED"
    game = read_mila(json.dumps(saved), "games.jsonl", "line 1", default_maps)
    assert isinstance(game, GameRecord)
    rows = replay_record(game, "mila")[0]
    assert rows[-1].phase == "COMPLETED" and rows[-1].kind == "" and rows[-1].status == UNCHECKED
    assert rows[-2].status == AGREE, rows[-2].difference


ROWS = DESTROYED.replace("tys support ion move nap\n", "tys support ion move nap\nrom move xyz\napu hold\n")
"""A game with an order that cannot be read, a dislodged unit, a destroyed one and a generated disband."""


def _rows_one_by_one(game: GameRecord, rec, res) -> list[OrderRow]:  # type: ignore[no-untyped-def]
    """A phase's order rows as the results say, row by row (the reference for the columns)."""
    rows, results = [], iter(res.results)
    for o in rec.orders:
        if o.order is None:
            rows.append(OrderRow(game.file, game.game, rec.index, rec.label, len(rows), None, o.text, None, None,
                                 None, None, f"not read: {o.problem}", False, o.recorded, o.line))
            continue
        r = next(results)
        rows.append(OrderRow(game.file, game.game, rec.index, rec.label, len(rows), r.order.power, o.text,
                             str(r.order), r.result.value, r.tag.value if r.tag else None, r.words, r.reason,
                             False, o.recorded, o.line))
    for r in res.generated:
        rows.append(OrderRow(game.file, game.game, rec.index, rec.label, len(rows), r.order.power, "",
                             str(r.order), r.result.value, r.tag.value if r.tag else None, r.words, r.reason,
                             True, None, None))
    return rows


def _checked_replay(text: str) -> tuple[list[OrderRow], list[OrderRow]]:
    """The order rows of a replay of ``text`` (iterating its columns), and the reference rows."""
    game = read_droidippy(text, "game_1.txt", default_maps("standard"))
    assert isinstance(game, GameRecord)
    expected: list[OrderRow] = []

    class Checked(GameReplay):
        def _order_rows(self, rec, res):  # type: ignore[no-untyped-def]
            expected.extend(_rows_one_by_one(game, rec, res))
            super()._order_rows(rec, res)

    _, orders = Checked(game, find_variant("standard"), rules_from_text("droidippy"), "droidippy").run()
    assert len(orders) == len(list(orders))
    return list(orders), expected


def test_order_columns_hold_the_rows_of_each_result():
    """The order rows a replay makes column by column are, row for row, the results as each one
    tells them: an order not read, a dislodged and a destroyed unit, a generated disband."""
    seen = []
    for text in (ROWS, ORIGIN):
        rows, expected = _checked_replay(text)
        assert rows == expected
        seen += rows
    assert any(r.order is None for r in seen) and any(r.generated for r in seen)
    assert {r.tag for r in seen} == {None, "dislodged", "destroyed"}
    assert [r.seq for r in seen[:5]] == [0, 1, 2, 3, 4]


def test_board_brought_to_the_next_phase_keeps_only_units_and_centres():
    """The replayer's board at the next phase has the units and centres of the board before and
    nothing else, whether it is made from the frozen mappings (a plain board) or anew."""
    from dipsat.model.board import Lasting, parse_lasting
    from dipsat.model.types import Dislodged, Phase, PhaseKind, Piece, Position, Season, Unit, UnitType, Location
    from dipsat.replay.replayer import _units_and_centres

    gmap = default_maps("standard")
    phase = Phase(1901, Season.FALL, PhaseKind.MOVEMENT)
    army = Piece("France", Unit(UnitType.ARMY, Location("par")))
    board = Position(Phase(1901, Season.SPRING, PhaseKind.MOVEMENT), {"par": army}, {"par": "France"},
                     {"bur": Dislodged(Piece("Germany", Unit(UnitType.ARMY, Location("bur"))), "par")},
                     frozenset({"pic"}))
    changed = Position(board.phase, board.units, board.centres,
                       changes=(parse_lasting("closed mun, bur until Fall 1905 Movement", gmap),))
    for before in (board, changed):
        after = _units_and_centres(before, phase)
        assert after == Position(phase, before.units, before.centres)
        assert not after.dislodged and not after.standoffs and not after.changes
    assert isinstance(changed.changes[0], Lasting)
