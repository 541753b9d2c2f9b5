"""Replay readers: Droidippy text, saved games of the diplomacy package, case files, task discovery."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from dipsat.model.types import Disband, Move, Phase, PhaseKind, Retreat, Season
from dipsat.replay.readers import default_maps, find_tasks, read_task
from dipsat.replay.readers.droidippy import read_droidippy
from dipsat.replay.readers.mila_json import parse_phase_name, read_mila
from dipsat.replay.records import Format, GameError, GameRecord, PhaseError, PhaseRecord, Task

FIXTURES = Path(__file__).resolve().parent / "replay_fixtures"
DROIDIPPY = FIXTURES / "droidippy_game.txt"
MAP = default_maps("standard")

SMALL = """\
PHASE 1901 Fall Movement
POSITIONS
Russia: fleet stp/sc
Russia: supply stp
Germany: army mun
ORDERS
stp move bot
mun move kie
PHASE 1901 Fall Retreat
POSITIONS
Russia: fleet bot
Germany: army/dislodged kie
France: army kie
ORDERS
kie move ber
PHASE 1901 Fall Adjustment
POSITIONS
Russia: fleet bot
ORDERS
build Army mos
remove bot
"""


def _phases(text: str) -> tuple[PhaseRecord | PhaseError, ...]:
    game = read_droidippy(text, "game_1.txt", MAP)
    assert isinstance(game, GameRecord)
    return game.phases


def test_droidippy_phases_positions_and_orders():
    """A Droidippy game reads into phases with boards, dislodged units and orders in dipsat's terms."""
    first, retreat, adjust = _phases(SMALL)
    assert isinstance(first, PhaseRecord) and isinstance(retreat, PhaseRecord) and isinstance(adjust, PhaseRecord)
    assert first.position.units["stp"].unit.location.coast == "sc"
    assert first.position.centres == {"stp": "Russia"}
    assert str(first.orders[0].order) == "F stp/sc - bot"  # coastless source matched by province
    assert retreat.position.dislodged["kie"].piece.power == "Germany"
    assert isinstance(retreat.orders[0].order, Retreat)
    assert adjust.phase == Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT)
    assert adjust.label == "1901 Fall Adjustment"
    assert isinstance(adjust.orders[1].order, Disband)


def test_droidippy_bad_position_line_is_a_phase_error_with_its_line():
    """An unreadable POSITIONS line makes that phase an error (with the line); the others still read."""
    first, retreat, _ = _phases(SMALL.replace("Germany: army/dislodged kie", "Germany: tank kie"))
    assert isinstance(first, PhaseRecord)
    assert isinstance(retreat, PhaseError) and retreat.line == 12 and "tank kie" in retreat.message


@pytest.mark.parametrize("old, new, line, message", [
    ("Germany: army mun\n", "Germany: army mun\nGermany: army mun\n", 6, "two units in mun: 'Germany: army mun'"),
    ("Russia: fleet bot\nORDERS\nbuild", "Russia: fleet bot\nRussia: supply bot\nORDERS\nbuild", 19,
     "bot is not a supply centre: 'Russia: supply bot'"),
])
def test_droidippy_position_lines_read_before_keep_their_problems(old, new, line, message):
    """A POSITIONS line read well before (and remembered) still gives its problem, at its own line."""
    assert all(isinstance(p, PhaseRecord) for p in _phases(SMALL))
    phases = _phases(SMALL.replace(old, new, 1))
    bad = next(p for p in phases if isinstance(p, PhaseError))
    assert bad.line == line and bad.message == message


@pytest.mark.parametrize("text, expected", [
    ("PHASE 1901 Spring Movement\nPOSITIONS\n", True),
    ("\n  \r\n\t phase 1901 fall adjustment  \r\nORDERS", True),
    ("\x85\u2028PHASE 1901 Spring Movement\nx", True),  # white space before the first line's text
    ("\x85\u2028PHASE 1901 Spring Movement\u2029x", False),  # issue 22: a line ends at \n, \r\n, \r only
    ("PHASE 1901 Spring Movement x\n", False),
    ("PHASE 1901 Spring\x0bMovement", True),  # a vertical tab is white space within the line, as in an editor
    ("# PHASE 1901 Spring Movement\nPHASE 1901 Spring Movement", False),
    ("", False), (" \n\n", False),
])
def test_droidippy_is_told_by_its_first_non_blank_line(text, expected):
    from dipsat.replay.readers.droidippy import looks_like_droidippy
    assert looks_like_droidippy(text) is expected
    assert looks_like_droidippy(text + "\n" * 3 + "more\n" * 1000) is expected


def test_droidippy_unreadable_order_is_kept_with_its_problem():
    """An order for a province without a unit is kept unread, with why, and the phase still reads."""
    first = _phases(SMALL.replace("mun move kie", "hol move kie"))[0]
    unread = [o for o in first.orders if o.order is None]
    assert len(unread) == 1 and unread[0].text == "hol move kie" and "no unit at hol" in unread[0].problem


def test_droidippy_file_that_is_no_game_is_a_game_error():
    """Text that does not start with a PHASE line is a game error, not a crash."""
    found = read_droidippy("hello\nworld\n", "x.txt", MAP)
    assert isinstance(found, GameError) and found.line == 1 and "not a Droidippy game" in found.message


def test_droidippy_fixture_reads_completely():
    """The fixture game reads without an error; its last phase has positions and no orders."""
    phases = _phases(DROIDIPPY.read_text())
    assert len(phases) == 16 and all(isinstance(p, PhaseRecord) for p in phases)
    assert phases[-1].orders == () and phases[-1].position.units


def test_mila_phase_names():
    """Saved-game phase names map to dipsat phases; COMPLETED has none."""
    assert parse_phase_name("F1901R") == Phase(1901, Season.FALL, PhaseKind.RETREAT)
    assert parse_phase_name("W1902A") == Phase(1902, Season.WINTER, PhaseKind.ADJUSTMENT)
    assert parse_phase_name("COMPLETED") is None


def test_mila_fixture_reads_with_dislodged_units_and_results():
    """The package's saved game reads: dislodged units ('*'), powers, orders and their recorded results."""
    game = read_mila((FIXTURES / "mila_game.json").read_text(), "mila_game.json", "", default_maps)
    assert isinstance(game, GameRecord) and game.game == "dipsat-fixture-1901"
    retreats = [p for p in game.phases if isinstance(p, PhaseRecord) and p.phase.kind is PhaseKind.RETREAT]
    assert retreats and all(p.position.dislodged for p in retreats)
    first = game.phases[0]
    assert isinstance(first, PhaseRecord) and len(first.orders) >= 15
    assert all(o.order is not None and o.recorded is not None for o in first.orders)
    vias = [o.order for p in game.phases if isinstance(p, PhaseRecord) for o in p.orders
            if isinstance(o.order, Move) and o.order.via_convoy]
    assert vias


def test_mila_bad_json_and_bad_phase():
    """A line that is not JSON is a game error; a phase with an unknown province is a phase error."""
    assert isinstance(read_mila("{oops", "a.jsonl", "line 3", default_maps), GameError)
    saved = json.loads((FIXTURES / "mila_game.json").read_text())
    saved["phases"][1]["state"]["units"]["FRANCE"][0] = "A XYZ"
    game = read_mila(json.dumps(saved), "a.json", "", default_maps)
    assert isinstance(game, GameRecord) and isinstance(game.phases[1], PhaseError)
    assert "xyz" in game.phases[1].message.lower()


@pytest.mark.parametrize("where, value, message", [
    (("state", "units", "FRANCE", 0), 7, "a number where the saved-game format has another type"),
    (("state", "units", "FRANCE", 0), ["A PAR"], "a list where the saved-game format has another type"),
    (("state", "units", "FRANCE", 1), "A PAR", "two units in par: 'A PAR'"),
    (("state", "centers", "FRANCE", 0), ["PAR"], "a list where the saved-game format has another type"),
    (("state", "centers", "FRANCE", 0), "NTH", "nth is not a supply centre"),
    (("state", "centers", "NOWHERE"), ["PAR"], "NOWHERE"),
    (("orders", "FRANCE", 0), 5, "a number where the saved-game format has another type"),
])
def test_mila_texts_read_before_do_not_hide_a_problem(where, value, message):
    """A phase whose state or orders are broken reports the same problem after the same texts were read well."""
    saved = json.loads((FIXTURES / "mila_game.json").read_text())
    assert isinstance(read_mila(json.dumps(saved), "a.json", "", default_maps), GameRecord)  # remembers the texts
    place = saved["phases"][0]
    for key in where[:-1]:
        place = place[key]
    place[where[-1]] = value
    for _ in range(2):
        game = read_mila(json.dumps(saved), "a.json", "", default_maps)
        assert isinstance(game, GameRecord) and isinstance(game.phases[0], PhaseError)
        assert message in game.phases[0].message


def test_mila_boards_read_again_are_the_boards_read_first():
    """Remembered texts and centres give the positions a first reading gives (a saved game repeats them)."""
    from dipsat.replay.readers import mila_json

    text = (FIXTURES / "mila_game.json").read_text()
    mila_json._READS.clear()
    first = read_mila(text, "a.json", "", default_maps)
    again = read_mila(text, "a.json", "", default_maps)
    assert isinstance(first, GameRecord) and isinstance(again, GameRecord)
    positions = [(p.position, list(p.position.centres.items())) for p in first.phases]
    assert positions == [(p.position, list(p.position.centres.items())) for p in again.phases]
    assert len({p.position.centres.get("par") for p in first.phases}) == 1 and len(positions) > 2


def test_mila_centres_equal_to_the_phase_before_read_as_read_alone():
    """A state that lists the centres of the state before shares that board's centres; one that
    lists them otherwise (an owner changed, a centre lost) reads anew: every phase reads as it
    reads alone."""
    from dipsat.replay.readers import mila_json

    saved = json.loads((FIXTURES / "mila_game.json").read_text())
    first = saved["phases"][0]["state"]["centers"]
    changed = {power: list(names) for power, names in first.items()}
    mover = next(power for power, names in changed.items() if names)
    changed[mover] = changed[mover][1:]  # a centre lost
    other = next(power for power in changed if power != mover)
    changed[other] = changed[other] + [first[mover][0]]  # and owned by another
    for index, phase in enumerate(saved["phases"]):
        phase["state"]["centers"] = json.loads(json.dumps(changed if index % 3 == 2 else first))
    mila_json._READS.clear()
    game = read_mila(json.dumps(saved), "a.json", "", default_maps)
    assert isinstance(game, GameRecord) and len(game.phases) > 3
    for index, phase in enumerate(saved["phases"]):
        mila_json._READS.clear()
        alone = read_mila(json.dumps({**saved, "phases": [phase]}), "a.json", "", default_maps)
        assert isinstance(alone, GameRecord)
        got, want = game.phases[index].position, alone.phases[0].position
        assert got == want and list(got.centres.items()) == list(want.centres.items())
    assert game.phases[2].position.centres != game.phases[1].position.centres


def test_case_file_cases_are_games_with_expectations():
    """A case file reads into one chained game per case, with expected words per order."""
    path = Path(__file__).resolve().parents[1] / "datacases" / "datc_6A_basic.txt"
    task = Task(str(path), "", Format.CASES, path.read_text(), "uid")
    games = read_task(task, None, default_maps)
    assert len(games) > 10 and all(isinstance(g, GameRecord) and g.chained for g in games)
    assert games[0].game == "6.A.1" and games[0].phases[0].orders[0].recorded == "illegal"


def test_find_tasks_in_folders_jsonl_gz_and_json_lists(tmp_path):
    """Folders are searched recursively; JSON lines and JSON lists split into one task per game."""
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    (sub / "game_1.txt").write_text(SMALL)
    (tmp_path / "notes.md").write_text("not an archive")
    lines = (FIXTURES / "mila_games.jsonl").read_bytes()
    (tmp_path / "games.jsonl.gz").write_bytes(gzip.compress(lines + b"\n{broken\n"))
    games = [json.loads(line) for line in lines.decode().splitlines()]
    (tmp_path / "list.json").write_text(json.dumps(games))
    tasks = list(find_tasks([str(tmp_path)], None))
    assert [(Path(t.file).name, t.key, t.format) for t in tasks] == [
        ("game_1.txt", "", Format.DROIDIPPY),
        ("games.jsonl.gz", "lines 1-4", Format.MILA),
        ("list.json", "game 1", Format.MILA), ("list.json", "game 2", Format.MILA)]
    assert tasks[1].lines == (1, 2, 4) and tasks[1].games == 3
    first, second, broken = read_task(tasks[1], None, default_maps)
    assert isinstance(first, GameRecord) and isinstance(second, GameRecord)
    assert isinstance(broken, GameError) and broken.line == 4 and broken.game == "line 4"


def test_find_tasks_missing_path_or_empty_folder(tmp_path):
    """A path that does not exist, or a folder without archive files, is the user's mistake."""
    with pytest.raises(FileNotFoundError, match="no such file or folder"):
        list(find_tasks(["/no/such/archive"], None))
    (tmp_path / "README.md").write_text("x")
    with pytest.raises(FileNotFoundError, match="no archive file"):
        list(find_tasks([str(tmp_path)], None))


def test_json_lines_in_a_json_file(tmp_path):
    """A .json file holding one saved game a line is read as JSON lines."""
    (tmp_path / "games.json").write_text((FIXTURES / "mila_games.jsonl").read_text())
    assert [t.key for t in find_tasks([str(tmp_path)], None)] == ["line 1", "line 2"]


def test_task_identity_depends_on_rules(tmp_path):
    """The same game under other rules is another task (a rerun never mixes rules)."""
    (tmp_path / "g.txt").write_text(SMALL)
    a = next(find_tasks([str(tmp_path)], "datc"))
    b = next(find_tasks([str(tmp_path)], "droidippy"))
    assert a.uid != b.uid and a.uid == next(find_tasks([str(tmp_path / "g.txt")], "datc")).uid


@pytest.mark.parametrize("text", [
    SMALL,
    DROIDIPPY.read_text(),
    SMALL.replace("Germany: army mun\n", "Germany: army mun\nGermany: army mun\n"),  # two units: an error
    SMALL.replace("Germany: army/dislodged kie", "Germany: tank kie"),  # no board line: an error
    SMALL.replace("ORDERS\nkie move ber", "kie move ber"),  # no ORDERS: the orders are board lines
    SMALL.replace("kie move ber\n", "kie move ber\npositions\nFrance: army ber\n"),  # a section again
    SMALL.replace("PHASE 1901 Fall Retreat\nPOSITIONS\n", "PHASE 1901 Fall Retreat\nORDERS\n"),
    SMALL.replace("stp move bot", "stp move xyz"),  # an order not read
    "hello\n" + SMALL,
], ids=["small", "fixture", "two-units", "bad-line", "no-orders", "section-again", "orders-first", "bad-order",
        "no-game"])
def test_droidippy_plain_text_reads_as_the_general_reader_reads_it(text):
    """Text written as Droidippy writes it (read without a step per board line) gives the record
    the line by line reader gives for the same lines written with CR LF and trailing blanks."""
    from dipsat.replay.readers import droidippy
    droidippy._WORDS.clear()
    plain = read_droidippy(text, "game_1.txt", MAP)
    droidippy._WORDS.clear()
    general = read_droidippy(text.replace("\n", " \r\n"), "game_1.txt", MAP)
    assert plain == general
    assert droidippy._plain_blocks(text.replace("\n", " \r\n"), droidippy._words_on(MAP)) is None


def test_droidippy_plain_text_is_read_without_a_step_per_board_line():
    """The fixture game and a small game are read by the plain path (the test above compares it)."""
    from dipsat.replay.readers import droidippy
    for text in (SMALL, DROIDIPPY.read_text()):
        assert droidippy._plain_blocks(text, droidippy._words_on(MAP)) is not None


def test_droidippy_an_order_text_read_before_on_other_pieces_is_read_anew():
    """The same order text on a board with other pieces where it looks gives the order of that
    board (unit type, owner, supported unit's type), not the order remembered from before."""
    text = """\
PHASE 1901 Spring Movement
POSITIONS
Germany: army kie
Germany: army mun
ORDERS
kie move den
mun support kie move den
PHASE 1901 Fall Movement
POSITIONS
England: fleet kie
Germany: army mun
ORDERS
kie move den
mun support kie move den
PHASE 1902 Spring Movement
POSITIONS
Germany: army kie
Germany: army mun
ORDERS
kie move den
mun support kie move den
"""
    first, second, third = ([o.order for o in p.orders] for p in _phases(text))
    assert [str(o) for o in first] == ["A kie - den", "A mun S A kie - den"] and first[0].power == "Germany"
    assert [str(o) for o in second] == ["F kie - den", "A mun S F kie - den"] and second[0].power == "England"
    assert third == first


def test_file_identity_is_the_resolved_path_size_and_time(tmp_path):
    """A file's identity (part of every task id: what a rerun resumes) is its resolved path, size
    and time of change, for a plain file, a linked file and a file in a linked folder."""
    import os

    from dipsat.replay.readers import _identity, archive_files
    real = tmp_path / "real"
    real.mkdir()
    (real / "a.txt").write_text(SMALL)
    (real / "b.txt").write_text(SMALL + "\n")
    (tmp_path / "linked").symlink_to(real)
    os.symlink(real / "a.txt", real / "c.txt")
    found = archive_files([str(tmp_path / "linked"), str(real)])
    assert len(found) == 6
    for _, path in found:
        stat = path.stat()
        assert _identity(path, {}) == f"{path.resolve()}\0{stat.st_size}\0{stat.st_mtime_ns}"


def _read_both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str, bool]:
    """The reading of ``text`` and its reading with every value decoded (``repr``s), and whether
    the unread fields were left out of the decoding."""
    from dipsat.replay.readers import mila_json

    quick = mila_json._unread_left_out(text) is not None
    mila_json._READS.clear()
    got = repr(read_mila(text, "a.json", "", default_maps))
    with monkeypatch.context() as m:
        m.setattr(mila_json, "_unread_left_out", lambda text: None)
        mila_json._READS.clear()
        whole = repr(read_mila(text, "a.json", "", default_maps))
    return got, whole, quick


def test_mila_unread_fields_left_out_read_as_decoded_whole(monkeypatch):
    """A saved game's states' unread fields (homes, builds...) are not decoded where the text
    writes them as its first state does; the game reads as decoded whole."""
    text = (FIXTURES / "mila_game.json").read_text()
    text = json.dumps(json.loads(text))  # as the package writes it: ", " and ": "
    got, whole, quick = _read_both(text, monkeypatch)
    assert quick and got == whole


@pytest.mark.parametrize("where", ["id", "order", "results", "metadata", "nested"])
def test_mila_unread_field_written_elsewhere_first_reads_as_decoded_whole(where, monkeypatch):
    """A ``"retreats": {...}, `` written as the states write it is not a state's (in the game's id,
    an order, a result, metadata, a state's units): the game reads as decoded whole, the id and
    messages showing what the text writes."""
    saved = json.loads((FIXTURES / "mila_game.json").read_text())
    retreats = saved["phases"][1]["state"]["retreats"]
    assert retreats
    odd = {"retreats": retreats, "x": 1}
    first = saved["phases"][0]
    if where == "id":
        saved = {"id": odd, **{k: v for k, v in saved.items() if k != "id"}}
    elif where == "order":
        power = next(iter(first["orders"]))
        first["orders"][power] = [odd] + list(first["orders"][power] or [])
    elif where == "results":
        first["results"] = {"A PAR": odd, **(first.get("results") or {})}
    elif where == "metadata":
        saved = {"metadata": odd, **saved}
    else:
        power = next(iter(first["state"]["units"]))
        first["state"]["units"] = {power: odd, **first["state"]["units"]}
    got, whole, _ = _read_both(json.dumps(saved), monkeypatch)
    assert got == whole


def test_mila_text_that_is_no_json_stays_no_json_with_unread_fields_left_out(monkeypatch):
    """A text that is not JSON is not JSON once the unread fields' values are left out either
    (``"q"retreats": {...}, "`` would be a string and a member if the value were dropped)."""
    saved = json.loads((FIXTURES / "mila_game.json").read_text())
    text = json.dumps(saved)
    member = '"retreats": ' + json.dumps(saved["phases"][0]["state"]["retreats"]) + ", "
    assert member in text
    broken = text.replace('"phases": [', '"phases": ["q' + member + '", ', 1)
    got, whole, quick = _read_both(broken, monkeypatch)
    assert not quick and got == whole and "not JSON" in got


def _plain_orders_line_by_line(lines: list[str]) -> bool:
    """What an order line as it stands is, one line at a time (the rule :func:`_plain_orders` keeps)."""
    from dipsat.replay.readers.droidippy import _PHASE_RE
    return all(line and line[0] != "#" and line == line.strip() and _PHASE_RE.fullmatch(line) is None
               and line.upper() not in ("ORDERS", "POSITIONS") for line in lines)


def test_droidippy_plain_order_lines_are_told_as_line_by_line():
    """The order lines of a phase are plain (read as they stand) exactly when each line, read
    alone, is: not blank, no comment, no header, nothing to strip; lines that look like one of
    those but are not (``phase`` in an order, ``pie move par``) are plain too."""
    import random

    from dipsat.replay.readers.droidippy import _plain_orders
    odd = ["", " ", "#", "# a comment", "#par hold", "PHASE 1901 Spring Movement", "phase 1901 fall retreat",
           "Phase 1901 Fall Adjustment ", "phase", "phases", "phase move bur", "ORDERS", "orders", "Orders",
           "POSITIONS", "positions", "orders x", "xorders", "par hold ", " par hold", "par hold\t", "\x0bpar hold",
           "par hold\x1c", "par hold\x0c", "pie move par", "par move pic", "po", "ordersx", "positionsx"]
    usual = ["par hold", "bur move mun", "pie move ven", "lon support lvp move wal", "stp/sc move bot",
             "build Army mos", "remove bot", "par", "p", "pos"]
    rng = random.Random(23)
    cases = [[], *([line] for line in odd + usual)]
    for _ in range(3000):
        lines = [rng.choice(usual) for _ in range(rng.randint(1, 6))]
        if rng.random() < 0.6:
            lines.insert(rng.randint(0, len(lines)), rng.choice(odd))
        cases.append(lines)
    plain = 0
    for lines in cases:
        assert _plain_orders(lines) is _plain_orders_line_by_line(lines), lines
        plain += _plain_orders(lines)
    assert 1000 < plain < len(cases) - 1000


@pytest.mark.parametrize("codes", [[], ["bounce"], [""], ["cut", "dislodged"], ["", "void"], [5], [None],
                                   ["bounce", 5], "bounce", None, {"a": 1}, 7],
                         ids=["none", "one", "empty-text", "two", "empty-and-one", "number", "null", "text-and-number",
                              "a-text", "missing", "object", "a-number"])
def test_mila_orders_recorded_codes_as_each_order_reads_alone(codes):
    """Each order of a phase keeps the codes the results give its unit, in the words
    ``_recorded`` gives them for that order alone, with the order (or its problem) read as
    ``parse_order`` reads it: whatever the codes' shape, with an order that cannot be read beside
    them, and with texts read before or not."""
    from dipsat.model.errors import InputError
    from dipsat.model.notation import parse_order
    from dipsat.replay.readers import mila_json

    saved = json.loads((FIXTURES / "mila_game.json").read_text())
    phase = saved["phases"][0]
    power = next(p for p, texts in phase["orders"].items() if len(texts) >= 2)
    unit = " ".join(phase["orders"][power][0].split()[:2])
    if codes is None:
        phase["results"].pop(unit, None)
    else:
        phase["results"][unit] = codes
    for broken in (False, True):
        if broken:
            phase["orders"][power].append("A XYZ - PAR")
        for _ in range(2):  # texts new, then read before
            try:
                game = read_mila(json.dumps(saved), "a.json", "", default_maps)
            finally:
                mila_json._READS.clear()
            assert isinstance(game, GameRecord)
            record = game.phases[0]
            if not isinstance(record, PhaseRecord):  # codes no reader can write: the phase's error
                assert isinstance(codes, (int, list)) and not isinstance(codes, bool)
                with pytest.raises(TypeError):
                    mila_json._recorded(phase["results"], phase["orders"][power][0], {})
                continue
            assert [o.text for o in record.orders] == [t for p in sorted(phase["orders"])
                                                        for t in phase["orders"][p] or ()]
            for order in record.orders:
                assert order.recorded == mila_json._recorded(phase["results"], order.text, {})
                owner = next(p for p in phase["orders"] if order.text in phase["orders"][p])
                try:
                    want = parse_order(order.text, MAP, MAP.resolve_power(owner), record.position, PhaseKind.MOVEMENT)
                except InputError as exc:
                    assert order.order is None and order.problem == exc.message
                else:
                    assert order.order == want and not order.problem
            assert broken is any(o.order is None for o in record.orders)


def test_archive_reads_leave_no_garbage_cycle():
    """Reading saved games and Droidippy games, unreadable orders, units and phases included,
    makes no garbage cycle (an order's error is kept without its traceback): nothing the read
    leaves waits for the collector."""
    import gc

    saved = json.loads((FIXTURES / "mila_game.json").read_text())
    broken = json.loads(json.dumps(saved))
    first = broken["phases"][0]
    power = next(p for p, texts in first["orders"].items() if texts)
    first["orders"][power] += ["A XYZ - PAR", "F NTH S", "", "Q PAR H", "ENGLAND: A LON H", "A PAR - BUR - MAR"]
    broken["phases"][1]["state"]["units"][power] = ["A XYZ"]
    broken["phases"][2]["orders"][power] = [5]
    mila_texts = [json.dumps(saved), json.dumps(broken), "{oops"]
    droidippy_texts = [SMALL, SMALL.replace("stp move bot", "stp move xyz\nmun support\nfoo bar baz"),
                       SMALL.replace("Germany: army mun", "Germany: tank mun"), DROIDIPPY.read_text()]

    def read_all() -> int:
        for text in mila_texts:
            read_task(Task("a.jsonl", "", Format.MILA, text, "uid"), None, default_maps)
        for text in droidippy_texts:
            read_task(Task("game_1.txt", "", Format.DROIDIPPY, text, "uid"), None, default_maps)
        return len(mila_texts) + len(droidippy_texts)

    read_all()  # modules imported on first use (a class remade by value_class leaves its first self)
    was_on = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        assert read_all() == 7
        assert gc.collect() == 0
    finally:
        if was_on:
            gc.enable()


@pytest.mark.parametrize("block", [1, 2, 7, 1 << 18])
def test_json_lines_files_read_line_by_line_as_the_buffered_reader_reads_them(block, monkeypatch):
    """``open_lines`` finds a plain file's line ends in blocks read ahead: every ``readline(size)``
    gives what :meth:`io.BufferedReader.readline` gives (lines longer than the block, or than
    ``size``, a last line without its line break, an empty file), whatever the block's size."""
    import io
    import random

    import dipsat.model.files as files

    monkeypatch.setattr(files, "_LINES_BLOCK", block)
    rng = random.Random(block)
    for _ in range(400):
        data = bytes(rng.choice(b"ab\n") for _ in range(rng.choice([0, 1, 5, 40, 300])))
        plain, blocks = io.BufferedReader(io.BytesIO(data)), files._BlockLines(io.BytesIO(data))
        while True:
            size = rng.choice([1, 2, 3, 8, 100, 1 << 20])
            line = plain.readline(size)
            assert blocks.readline(size) == line, (data, size)
            if not line:
                break


def test_json_lines_tasks_split_into_their_games_as_written(tmp_path, monkeypatch):
    """A task of JSON lines is split at its line breaks (found by ``str.find``) into the games
    read, each at its own line, whatever the block the file is read in (``open_lines``)."""
    import dipsat.model.files as files

    monkeypatch.setattr(files, "_LINES_BLOCK", 5)
    lines = (FIXTURES / "mila_games.jsonl").read_text().splitlines()
    (tmp_path / "games.jsonl").write_text("\n".join(["", lines[0], "", "{broken", lines[1]]))
    tasks = list(find_tasks([str(tmp_path)], None))
    assert len(tasks) == 1 and tasks[0].lines == (2, 4, 5)
    first, broken, second = read_task(tasks[0], None, default_maps)
    assert (first.game, broken.line, second.game) == (json.loads(lines[0])["id"], 4, json.loads(lines[1])["id"])
    assert first == read_mila(lines[0], first.file, "line 2", default_maps)


def test_boards_checked_before_do_not_hide_a_unit_out_of_place():
    """The record check remembers the pieces it found well placed (the readers share piece
    objects between phases and games): a board of those pieces is told in one pass, and a board
    with one more piece out of place (an army at sea) is still an error, whatever was checked
    before, as when nothing was."""
    from dipsat.replay import checks

    def game(text: str) -> tuple[PhaseRecord | PhaseError, ...]:
        read = read_task(Task("g.txt", "", Format.DROIDIPPY, text, "uid"), None, default_maps)
        assert len(read) == 1 and isinstance(read[0], GameRecord)
        return read[0].phases

    board = "POSITIONS\nRussia: fleet stp/sc\nGermany: army mun\nRussia: supply stp\nORDERS\nmun hold\n"
    at_sea = board.replace("Germany: army mun\n", "Germany: army mun\nFrance: army nth\n")
    text = (f"PHASE 1901 Spring Movement\n{board}PHASE 1901 Fall Movement\n{at_sea}"
            f"PHASE 1902 Spring Movement\n{board}")
    checks._KNOWN.clear()
    alone = game(f"PHASE 1901 Fall Movement\n{at_sea}")[0]
    assert isinstance(alone, PhaseError) and "nth" in alone.message
    for _ in range(2):  # the second time, every piece was checked before
        first, second, third = game(text)
        assert isinstance(first, PhaseRecord) and isinstance(third, PhaseRecord)
        assert isinstance(second, PhaseError) and second.message == alone.message
