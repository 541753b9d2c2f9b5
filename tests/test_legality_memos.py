"""Legality and explanations remember what they worked out (issue 23: the board's fleet moves,
the generated holds, a given support's reason, a reason's words): a verdict read from a memo is
the one the checks give, for every rule option and board that changes it. Each case asks the same
order text twice under what differs, in both orders, so a memo keyed on too little shows."""
from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import GMAP, board, facts_of, orders

from dipsat.model.reasons import words_of
from dipsat.solver.legality import ILLEGAL, LEGAL, check_orders
from dipsat.solver.movement import adjudicate_movement
from dipsat.solver.options import DATC


def _verdict(position, text, rules):
    f = facts_of(position, text, rules=rules)
    (v,) = f.verdicts
    return v.status, v.reason, (f.moves[v.order.unit.province].blocked if v.order.unit.province in f.moves else None)


@pytest.mark.parametrize("first", ["illegal", "ignore"])
def test_a_fleet_move_under_two_settings_of_coast_impossible(first):
    """``F gas - spa/sc``: Gascony reaches only the north coast; illegal under ``illegal``, a move
    to the north coast under ``ignore``, whichever setting was asked first on the board."""
    position = board("France: F gas")
    second = "ignore" if first == "illegal" else "illegal"
    seen = {}
    for choice in (first, second, first):
        seen.setdefault(choice, set()).add(_verdict(position, "France: F gas - spa/sc", replace(DATC, coast_impossible=choice)))
    assert seen["illegal"] == {(ILLEGAL, "a fleet in gas cannot reach spa/sc", None)}
    assert seen["ignore"] == {(LEGAL, "", "")}


@pytest.mark.parametrize("first", ["attempt", "fails"])
def test_a_fleet_move_under_two_settings_of_coast_omitted(first):
    """``F gas - spa``: legal either way, but it fails under ``fails`` (DATC 4.B.2)."""
    position = board("France: F gas")
    second = "fails" if first == "attempt" else "attempt"
    seen = {}
    for choice in (first, second, first):
        seen.setdefault(choice, set()).add(_verdict(position, "France: F gas - spa", replace(DATC, coast_omitted=choice)))
    assert seen["attempt"] == {(LEGAL, "", "")}
    assert seen["fails"] == {(LEGAL, "", "no coast of spa was named (DATC 4.B.2)")}


@pytest.mark.parametrize("fleet_first", [True, False])
def test_the_same_support_on_two_boards(fleet_first):
    """``A gas S mar - spa`` under ``support_coast=illegal``: illegal when Marseilles holds a fleet
    (no coast named), legal when it holds an army (it walks): the board decides, not the text."""
    rules = replace(DATC, support_coast="illegal")
    boards = {True: board("France: A gas", "France: F mar"), False: board("France: A gas", "France: A mar")}
    seen = {}
    for with_fleet in (fleet_first, not fleet_first, fleet_first):
        texts = ("France: gas S mar - spa", "France: mar - spa")
        f = check_orders(GMAP, boards[with_fleet], orders(GMAP, *texts, position=boards[with_fleet]), rules)
        seen.setdefault(with_fleet, set()).add((f.verdicts[0].status, f.verdicts[0].reason))
    assert seen[True] == {(ILLEGAL, "the support names no coast of spa (DATC 4.B.4)")}
    assert seen[False] == {(LEGAL, "")}


def test_an_army_walk_and_a_fleet_move_are_checked_on_the_board_in_play():
    """The same order text by an army and by a fleet of the same province: the kind on the board
    decides (``bre - pic``: both may; ``bre - par``: only the army)."""
    army, fleet = board("France: A bre"), board("France: F bre")
    for _ in range(2):
        assert _verdict(army, "France: bre - par", DATC)[0] == LEGAL
        assert _verdict(fleet, "France: bre - par", DATC)[:2] == (ILLEGAL, "a fleet in bre cannot reach par")
        assert _verdict(fleet, "France: bre - pic", DATC)[0] == LEGAL


def test_a_generated_hold_and_a_given_support_are_the_same_values_each_phase():
    """Shared values change nothing: a unit without a legal order holds (its generated hold equals
    a new ``Hold`` of its piece), a given support's reason names its target the same, phase after phase."""
    position = board("France: A par", "France: A bur", "Germany: A mun")
    texts = ["France: bur S par - pic", "France: par - pic", "Germany: mun S bur"]
    words = set()
    for _ in range(3):
        res = adjudicate_movement(GMAP, position, orders(GMAP, *texts, position=position), DATC)
        held = [r for r in res.generated]
        assert held == [] and [r.result.value for r in res.results] == ["given", "succeeds", "given"]
        words.add(tuple(r.reason for r in res.results))
        assert words_of(res.results[0].why) == "given to A par - pic"
        facts = facts_of(position, "France: bur S par - pic")
        assert [str(o) for o in facts.generated] == ["A mun H", "A par H"]
    assert words == {("given to A par - pic", "succeeds: attack 2, nothing as strong opposes it", "given to A bur")}
