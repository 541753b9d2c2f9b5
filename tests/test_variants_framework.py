"""The variant framework: variant names and options, special orders, strengths as model terms,
the phase sequence, game records, the public report, and bad input as a new user writes it."""
from __future__ import annotations

import functools
import re

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dipsat.model.cases import Case
from dipsat.model.errors import CaseFileError
from dipsat.model.types import Phase, PhaseKind, Result, Season
from dipsat.variants import (
    TELEPATH, VAIN_STAR, UnknownVariantError, VariantOptionError, find_variant, read_order,
)
from dipsat.variants.framework.record import load_record, read_record
from dipsat.variants.framework.replay import play_record
from dipsat.variants.framework.report import game_json, game_text
from dipsat.variants.vain_star.rules import LEPER, SUPERMAN
from helpers import board, dipsat_here

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted((ROOT / "datacases" / "games").glob("*.txt"))


def play(variant, position, *lines):
    """Adjudicate ``Power: order`` lines on ``position`` with ``variant``."""
    orders = []
    for line in lines:
        power, _, text = line.partition(":")
        orders.append(variant.parse_order(text.strip(), variant.map.resolve_power(power), position))
    return variant.adjudicate(position, orders)


def dipsat(*args: str, seed: str = "0") -> subprocess.CompletedProcess[str]:
    """Run the command line in a fresh interpreter."""
    env = dict(os.environ, PYTHONHASHSEED=seed)
    return subprocess.run([sys.executable, "-m", "dipsat.cli.main", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT)


# -- names and options ------------------------------------------------------------------------

def test_variant_names_carry_option_choices():
    """``telepath,ban_prevent=kept`` is Telepath with one option switched; its spec says so."""
    v = find_variant("Telepath,ban_prevent=kept")
    assert v.choice("ban_prevent") == "kept" and v.choice("several_bans") == "all_void"
    assert v.spec == "telepath,ban_prevent=kept" and TELEPATH.spec == "telepath"
    assert find_variant("rg11") is VAIN_STAR


def test_unknown_variant_or_option_lists_the_known_ones():
    """An unknown name or option is an error whose message lists what exists."""
    with pytest.raises(UnknownVariantError, match=r"known variants: .*standard, telepath, vain_star"):
        find_variant("nosuch")
    with pytest.raises(VariantOptionError, match="ban_prevent, own_units, several_bans"):
        find_variant("telepath,bans=2")
    with pytest.raises(VariantOptionError, match="choose one of yes, no"):
        find_variant("vain_star,superman_immune=maybe")


@pytest.mark.parametrize("text", [
    "BAN FRE F(Bre)-ENC", "BAN France A Paris", "BAN RUS F(StP/nc) - Barents Sea",
])
def test_ban_round_trip(text):
    """A ban printed in either style reads back as the same ban."""
    start = TELEPATH.start()
    ban = TELEPATH.parse_order(text, "England", start)
    for style in ("short", "long"):
        assert TELEPATH.parse_order(TELEPATH.format_order(ban, style), "England", start) == ban


@pytest.mark.parametrize("text", [
    "THIEF A Munich", "(B) F North Sea C A London - Norway", "TELEPORT F Brest - Spain(nc)",
    "EVIL EYE A Munich - Ruhr", "EVIL EYE A Munich Supports A Berlin", "SUPERMAN A Paris", "LEPER A Paris",
    "PILOT A Brest - English Channel - London", "AMPHIBIANS A Spain (sc)", "PETROL RATIONING A Munich +2",
    "LETHAL STAND OFF", "BOMBER Mid-Atlantic Ocean", "(L)",
])
def test_special_order_round_trip(text):
    """Each of the twelve order types printed in either style reads back as the same order."""
    start = VAIN_STAR.start()
    order = VAIN_STAR.parse_order(text, "France", start)
    for style in ("short", "long"):
        again = VAIN_STAR.parse_order(VAIN_STAR.format_order(order, style), "France", start)
        assert again == order, (style, VAIN_STAR.format_order(order, style))


# -- strengths are terms of the model ---------------------------------------------------------

def _terms(pm, strength):
    """The terms (what, lowest) added to the strength named ``strength``."""
    terms = {pm.name(key): found for key, found in pm.terms.items()}
    return {(what, lo) for what, _, lo, _ in terms.get(strength, [])}


def _constraints_with(pm, name):
    """The CP-SAT linear constraints that read the variable called ``name``, and its domain."""
    cp, xs = pm.model.to_cpsat()
    proto = cp.Proto()
    index = next(i for i, v in enumerate(proto.variables) if v.name == name)
    found = [c for c in proto.constraints if c.has_linear() and index in list(c.linear.vars)]
    return list(proto.variables[index].domain), found


def test_superman_leper_and_ban_are_terms_of_the_strength_expressions():
    """A Superman's, a Leper's and a banned move's strength are named terms of the model.

    They sit in ``pm.terms`` under the strength they change, and in the CP-SAT model each is a
    fixed, named variable read by the linear constraints that compare strengths: no Python
    branch decides the battles.
    """
    pos = board("France: A par", "Germany: A bur", "Italy: A pie", "Austria: A tyr")
    res = play(VAIN_STAR, pos, "France: SUPERMAN A par", "France: A par - bur",
               "Germany: LEPER A bur", "Italy: A pie H", "Austria: A tyr - mun")
    pm = res.model
    assert ("superman", SUPERMAN) in _terms(pm, "attack[A par - bur]")
    assert ("superman", SUPERMAN) in _terms(pm, "prevent[A par - bur]")
    assert ("leper", LEPER) in _terms(pm, "hold[bur]")
    domain, used = _constraints_with(pm, "superman[par]")
    assert domain == [SUPERMAN, SUPERMAN] and used
    domain, used = _constraints_with(pm, "leper[bur]")
    assert domain == [LEPER, LEPER] and used
    assert res.results[1].result is Result.FAILS  # the Superman is stood off by the Leper

    pos = board("France: A par", "France: A gas", "Germany: A bur", "England: F lon")
    res = play(TELEPATH, pos, "France: A par - bur", "France: A gas S A par - bur",
               "England: BAN FRE A(Par)-Bur")
    pm = res.model
    assert ("ban", -1) in _terms(pm, "attack[A par - bur]")
    domain, used = _constraints_with(pm, "ban[A par - bur]")
    assert domain == [-1, -1] and used
    assert res.results[0].result is Result.FAILS  # 2 - 1 against a hold of 1


def test_model_export_names_the_terms():
    """An exported model reads like the case: the terms appear by name."""
    pos = board("France: A par", "Germany: A bur", "Germany: A mun", "France: A bre")
    res = play(VAIN_STAR, pos, "France: A par - bur", "France: A bre H", "France: PETROL RATIONING A par",
               "Germany: A mun S A bur")
    cp, _ = res.model.model.to_cpsat()
    text = str(cp.Proto())
    assert 'name: "petrol[A par - bur]"' in text


# -- the phase sequence -----------------------------------------------------------------------

def test_spring_raid_makes_a_summer_phase_only_when_there_is_something_to_adjust():
    """After a Spring Raid: the Summer adjustments if anyone must adjust, else Fall; then Fall."""
    pos = board("France: A mar", "Italy: A ven", centres={"mar": "France", "ven": "Italy"})
    res = play(VAIN_STAR, pos, "Italy: SPRING RAID", "France: A mar - spa")
    assert res.after.phase == Phase(1901, Season.SUMMER, PhaseKind.ADJUSTMENT)
    assert res.after.centres["spa"] == "France"
    res = play(VAIN_STAR, res.after, "France: Build A mar")
    assert res.after.phase == Phase(1901, Season.FALL, PhaseKind.MOVEMENT)
    res = play(VAIN_STAR, pos, "Italy: SPRING RAID", "France: A mar - pie")
    assert res.after.phase == Phase(1901, Season.FALL, PhaseKind.MOVEMENT)


def test_state_travels_with_the_board():
    """The powers spent are part of the position after the phase, for the next phase to read."""
    pos = board("Germany: A mun", "Italy: A ven")
    res = play(VAIN_STAR, pos, "Italy: THIEF A mun")
    assert [(p, s.title) for p, s, _ in res.after.state.used] == [("Italy", "Thief")]
    again = play(VAIN_STAR, res.after, "Italy: THIEF A ven")
    assert again.results[0].result is Result.ILLEGAL and "spent Thief in Spring 1901" in again.results[0].reason


# -- game records -----------------------------------------------------------------------------

def test_each_variant_has_a_whole_game_of_three_years():
    """datacases/games holds a Telepath and a Vain Star game of at least three years each."""
    variants = {}
    for path in GAMES:
        record = load_record(path)
        years = {rp.phase.year for rp in record.phases if rp.phase.season is Season.WINTER}
        variants[record.variant] = max(variants.get(record.variant, 0), len(years))
    assert variants.get("telepath", 0) >= 3 and variants.get("vain_star", 0) >= 3


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_game_record_replays(path):
    """Every phase of the record plays, and every expectation it states holds."""
    report = play_record(load_record(path))
    assert report.expectations > 100
    assert report.failed == 0, "\n".join(d for p in report.phases for d in p.differences)


def test_public_report_hides_who_used_a_power():
    """Rule 3: the public report shows a special that took effect without its power; the game
    master's view names the power and shows the illegal ones too."""
    record = load_record(ROOT / "datacases/games/vain_star_1901_1903.txt")
    report = play_record(record, "vain_star,reveal=effective")
    public, gm = game_text(report), game_text(report, gm=True)
    assert "(secret): Thief A Warsaw" in public and "Germany: Thief A Warsaw" not in public
    assert "Germany: Thief A Warsaw" in gm and "England: Spring Raid" in gm
    assert "Spring Raid" in public and "England: Spring Raid" not in public
    assert "Turkey: Bomber Paris" in gm and "Bomber Paris" not in public
    assert all(o["power"] == "(secret)" for p in game_json(report)["phases"] for o in p["orders"]
               if o["order"].startswith(("Thief", "Leper", "Superman")))


def test_public_report_reveals_a_special_only_where_it_explains_a_result():
    """Rule 3, option reveal=necessary (the default): a special is shown only when adjudicating
    the phase without it changes a result or the board; the GM view still shows every order."""
    report = play_record(load_record(ROOT / "datacases/games/vain_star_1901_1903.txt"))
    public, gm = game_text(report), game_text(report, gm=True)
    # The Thief on the Superman in Warsaw failed: nothing it did needs explaining ...
    assert "Thief A Warsaw" not in public and "Germany: Thief A Warsaw" in gm
    # ... but the Superman explains why the Thief failed and A Warsaw moved.
    assert "(secret): Superman A Warsaw" in public
    # Petrol Rationing on a move that succeeds without it changes nothing.
    assert "Petrol Rationing A Kiel" not in public and "Petrol Rationing A Kiel" in gm
    assert "(secret): Spring Raid" in public
    hidden = [i for pr in report.phases for i in pr.resolution.secret]
    assert hidden and all(report.phases[0].resolution.results[i].result.name != "ILLEGAL"
                          for i in report.phases[0].resolution.secret)


def test_play_is_deterministic_byte_for_byte():
    """The same record gives the same bytes, whatever the hash seed."""
    path = "datacases/games/vain_star_1901_1903.txt"
    first = dipsat("play", path, "--json", "--gm", seed="1")
    second = dipsat("play", path, "--json", "--gm", seed="4242")
    assert first.returncode == 0 and first.stdout == second.stdout
    assert dipsat("play", path, seed="7").stdout == dipsat("play", path, seed="8").stdout


# -- bad input, as a new user writes it -------------------------------------------------------

def _case(tmp_path, body: str) -> Path:
    path = tmp_path / "mine.txt"
    path.write_text(body, encoding="utf-8")
    return path


def test_unknown_power_letter_is_an_error_with_file_and_line(tmp_path):
    """``(M)`` is no Vain Star power: the error names the file, the line and the twelve powers."""
    path = _case(tmp_path, "CASE x\nVARIANT vain_star\nPHASE Spring 1901 Movement\nUNITS\n"
                           "Germany: A Munich\nORDERS\nFrance: (M) A Munich\nEND\n")
    done = dipsat_here("adjudicate", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{path}:7:" in done.stderr and "unknown Vain Star power letter (M)" in done.stderr
    assert "(L) Spring Raid" in done.stderr


def test_a_special_order_in_a_standard_case_is_an_error_with_file_and_line(tmp_path):
    """A ban in a case of the standard game is not an order of that game."""
    path = _case(tmp_path, "CASE x\nPHASE Spring 1901 Movement\nUNITS\nFrance: A Paris\nORDERS\n"
                           "England: BAN FRE A(Par)\nEND\n")
    with pytest.raises(CaseFileError, match=r"mine.txt:6: cannot read order"):
        from dipsat.model.cases import load_cases
        load_cases(path, order_reader=read_order)


def test_unknown_variant_in_a_case_is_an_error_with_file_and_line(tmp_path):
    """``VARIANT telepathy`` names no variant: file, the VARIANT line, and the known variants."""
    path = _case(tmp_path, "CASE x\nVARIANT telepathy\nPHASE Spring 1901 Movement\nUNITS\n"
                           "France: A Paris\nORDERS\nFrance: A Paris H\nEND\n")
    done = dipsat_here("adjudicate", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{path}:2:" in done.stderr and re.search(r"known variants: .*standard, telepath, vain_star", done.stderr)


@functools.cache
def _cases(name: str) -> tuple[Case, ...]:
    """The cases of ``datacases/<name>.txt``, read once for the tests that pick one of them."""
    from dipsat.model.cases import load_cases
    return tuple(load_cases(ROOT / f"datacases/{name}.txt", order_reader=read_order))


@pytest.mark.parametrize("case_id, index, reason", [
    ("vs.R.1", 0, "ordered 2 powers this season"),        # a second power in one season
    ("vs.A.2", 0, "no unit in bur"),                      # illegal, and spent...
    ("vs.A.2", 1, "spent Thief in Spring 1901"),          # ...so already used in Fall
    ("vs.R.3", 0, "spent Evil Eye in Spring 1901"),       # cancelled, and spent all the same
])
def test_vain_star_bad_uses_give_the_rules_result(case_id, index, reason):
    """Rules 1, 2 and 4 give results, not errors: the order is illegal and says why."""
    from dipsat.cli.runner import run_case
    case = next(c for c in _cases("vain_star") if c.id == case_id)
    report = run_case(case)
    assert report.passed
    illegal = [c for c in report.orders if c.actual == "illegal"]
    assert reason in illegal[index].reason


@pytest.mark.parametrize("case_id, reason", [
    ("telepath.15", "Italy has no unit on the board"),
    ("telepath.18", "bans may not take place during retreats"),
    ("telepath.19", "bans may not take place during Winter adjustments"),
])
def test_telepath_bad_bans_give_the_rules_result(case_id, reason):
    """A ban by a player with no units, or in a retreat or Winter phase, is illegal and says why."""
    from dipsat.cli.runner import run_case
    case = next(c for c in _cases("telepath") if c.id == case_id)
    report = run_case(case)
    assert report.passed
    assert any(c.actual == "illegal" and reason in c.reason for c in report.orders)


def test_orders_of_the_wrong_phase_are_illegal_not_errors():
    """A Waive or a Retreat in a Vain Star or Telepath movement phase is illegal, as in the standard game."""
    pos = board("France: A par")
    for variant in (VAIN_STAR, TELEPATH):
        res = play(variant, pos, "France: Waive", "France: A par R bur", "France: A par - bur")
        assert [r.result for r in res.results] == [Result.ILLEGAL, Result.ILLEGAL, Result.SUCCEEDS]


def test_a_record_at_the_wrong_phase_is_an_error_with_file_and_line(tmp_path):
    """A record that skips the Summer adjustments of a Spring Raid says where and why."""
    path = _case(tmp_path, "GAME g\nVARIANT vain_star\nPHASE Spring 1901 Movement\nItaly: SPRING RAID\n"
                           "France: A Marseilles - Spain\nPHASE Fall 1901 Movement\nEND\n")
    done = dipsat_here("play", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{path}:6: the game is at Summer 1901 Adjustment, not Fall 1901 Movement" in done.stderr


def test_a_record_with_an_unreadable_order_is_an_error_with_file_and_line(tmp_path):
    """An order that names no province is reported with its file and line."""
    path = _case(tmp_path, "GAME g\nVARIANT telepath\nPHASE Spring 1901 Movement\n"
                           "England: BAN FRE A(Pxx)\nEND\n")
    done = dipsat_here("play", str(path))
    assert done.returncode == 2 and f"{path}:4: cannot read order" in done.stderr


def test_play_rejects_an_unknown_variant_listing_the_known_ones():
    """``--variant`` checks the name when the command line is read."""
    done = dipsat_here("play", str(ROOT / "datacases/games/telepath_1901_1903.txt"), "--variant", "nosuch")
    assert done.returncode == 2 and re.search(r"known variants: .*standard, telepath, vain_star", done.stderr)


def test_record_reader_errors_carry_the_line():
    """The record format's own mistakes are reported at their line."""
    with pytest.raises(CaseFileError, match=r"<string>:3: TITLE belongs before the first PHASE"):
        read_record("GAME g\nPHASE Spring 1901 Movement\nTITLE late\nEND\n")
    with pytest.raises(CaseFileError, match=r"<string>:2: a record starts with 'GAME <id>'"):
        read_record("# a game\nPHASE Spring 1901 Movement\nEND\n")
    with pytest.raises(CaseFileError, match=r"<string>:4: game g has no END"):
        read_record("GAME g\nPHASE Spring 1901 Movement\n\nFrance: A Paris H\n")


# -- the standard rules still hold ------------------------------------------------------------

@pytest.mark.parametrize("name", ["telepath", "vain_star"])
def test_datc_passes_under_each_variant_without_special_orders(name):
    """Rule 0 of both texts: with no special order, every DATC case resolves as in the standard game."""
    import dataclasses

    from dipsat.cli.deviations import DEVIATIONS
    from dipsat.cli.runner import run_case
    from dipsat.model.cases import load_cases
    cases = [c for f in sorted((ROOT / "datacases").glob("datc_*.txt")) for c in load_cases(f)]
    failed = [c.id for c in cases if c.id not in DEVIATIONS
              and not run_case(dataclasses.replace(c, variant=name)).passed]
    assert failed == []


def test_public_report_does_not_place_secret_orders_among_a_powers_orders():
    """Rule 3: in the public view secret specials come after every other order of the phase,
    sorted, so their place in the record does not tell who gave them."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "dipsat.cli.main", "play",
                           "datacases/games/vain_star_1901_1903.txt"], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1])
    for block in done.stdout.split("\n\n"):
        lines = [ln for ln in block.splitlines() if "[" in ln and ":" in ln and not ln.lstrip().startswith("+")]
        kinds = ["(secret)" in ln for ln in lines]
        assert kinds == sorted(kinds), block
        secret = [ln.split("[")[0].strip() for ln in lines if "(secret)" in ln]
        assert secret == sorted(secret)


def test_rule_3_judges_a_special_without_its_effect_not_without_the_order():
    """Rule 3: leaving a special out to see what it changes keeps rule 2's verdicts: a second
    special the player gave stays illegal, so a first one that changed nothing stays hidden."""
    variant = find_variant("vain_star,several_specials=first")
    pos = board("France: A par", "France: A bre", "Germany: A mun")
    res = play(variant, pos, "France: A bre H", "France: A par - bur", "France: PETROL RATIONING A par",
               "France: BOMBER Munich", "Germany: A mun H")
    assert [r.result for r in res.results[2:4]] == [Result.SUCCEEDS, Result.ILLEGAL]
    assert res.secret == frozenset({2})  # the bomb would have changed the board, but it is illegal
