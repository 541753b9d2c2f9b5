"""Tests of dipsat.solver.paradox: cycles of the decision graph, the uniqueness check, backup rules."""
from __future__ import annotations

from typing import Callable

import networkx as nx
import pytest

from dipsat.solver import paradox, search
from dipsat.solver.constraints import ConstraintModel
from dipsat.solver.movement import build_model
from dipsat.solver.paradox import Paradox, backup_rule, count_resolutions, cycles_in_order, solve_phase
from dipsat.solver.phase_model import PhaseModel
from dipsat.solver.rules import MOVEMENT_RULES
from helpers import board, facts_of

Build = Callable[[dict[str, bool]], PhaseModel]

CIRCLE_MOVES = frozenset({("moves", "ank"), ("moves", "con"), ("moves", "smy")})
"""The decisions of the circle of 6.C.1, by key."""
CIRCLE_NAMES = frozenset({"moves[F ank - con]", "moves[A con - smy]", "moves[A smy - ank]"})
"""The same decisions by name, as a paradox shows them."""


def builder(position, *texts: str) -> Build:
    """The model builder :func:`solve_phase` takes, for ``texts`` on ``position``."""
    facts = facts_of(position, *texts)
    return lambda overrides: build_model(facts, MOVEMENT_RULES, overrides)


def circle() -> Build:
    """DATC 6.C.1: three Turkish units move in a circle."""
    return builder(board("Turkey: F ank", "Turkey: A con", "Turkey: A smy"),
                   "Turkey: F ank - con", "Turkey: A con - smy", "Turkey: A smy - ank")


def disrupted_circle() -> Build:
    """DATC 6.C.3: the circle of 6.C.1 with A bul - con standing it off."""
    return builder(board("Turkey: F ank", "Turkey: A con", "Turkey: A smy", "Turkey: A bul"),
                   "Turkey: F ank - con", "Turkey: A con - smy", "Turkey: A smy - ank", "Turkey: A bul - con")


def supported_circle() -> Build:
    """The example of DATC 5.C: a circle whose supported move forces the single resolution."""
    return builder(board("Russia: A con", "Turkey: F ank", "Turkey: A smy", "Turkey: A bul"),
                   "Russia: A con - smy", "Turkey: F ank - con", "Turkey: A smy - ank", "Turkey: A bul S F ank - con")


SIMPLE_CONVOY_PARADOX = ["England: F lon S F wal - eng", "England: F wal - eng",
                         "France: A bre - lon", "France: F eng C A bre - lon"]


def simple_convoy_paradox() -> Build:
    """DATC 6.F.14: the convoyed army attacks the unit that supports an attack on its convoy."""
    return builder(board("England: F lon", "England: F wal", "France: A bre", "France: F eng"),
                   *SIMPLE_CONVOY_PARADOX)


def pandin() -> Build:
    """DATC 6.F.16, Pandin's paradox: 6.F.14 with a German attack on the convoying fleet too."""
    return builder(board("England: F lon", "England: F wal", "France: A bre", "France: F eng",
                         "Germany: F bel", "Germany: F nth"),
                   *SIMPLE_CONVOY_PARADOX, "Germany: F nth S F bel - eng", "Germany: F bel - eng")


@pytest.fixture
def solves(monkeypatch) -> list[int]:
    """Count the CP-SAT solves of :mod:`dipsat.solver.paradox` (one entry per solve)."""
    calls: list[int] = []
    real = paradox.solve_cpsat

    def counting(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(paradox, "solve_cpsat", counting)
    return calls


@pytest.fixture
def no_propagation(monkeypatch) -> None:
    """Switch the Python propagation stage and the search after it off (a budget of no nodes:
    :mod:`dipsat.solver.search`): every phase goes to CP-SAT."""
    monkeypatch.setattr(ConstraintModel, "propagate", lambda self: (list(self.lb), list(self.ub)))
    monkeypatch.setattr(search, "NODES", 0)


class TestCircularMovement:
    """DATC 6.C.1: three armies in a circle, two consistent resolutions, the circular movement rule."""

    def test_decision_graph_has_one_cycle(self):
        """The decision graph holds exactly one cycle, through the three moves."""
        pm = circle()({})
        cycles = list(nx.simple_cycles(pm.graph))
        assert len(cycles) == 1 and set(cycles[0]) == CIRCLE_MOVES
        assert cycles_in_order(pm) == [CIRCLE_MOVES]

    def test_two_resolutions_before_the_backup_rule(self):
        """All move or all fail: count_resolutions reports 2."""
        count, first, second, _ = count_resolutions(circle(), {})
        assert count == 2
        assert first is not None and second is not None
        assert {first[0][m] for m in CIRCLE_MOVES} != {second[m] for m in CIRCLE_MOVES}

    def test_backup_rule_is_circular_movement(self):
        """The paradox is settled by the circular movement rule: every move of the circle succeeds."""
        solution, _ = solve_phase(circle(), "szykman")
        assert solution.resolutions == 2
        [p] = solution.paradoxes
        assert p.rule == "circular movement"
        assert p.resolutions == 2
        assert set(p.decisions) == CIRCLE_NAMES
        assert p.fixed == tuple(sorted((m, True) for m in CIRCLE_NAMES))
        assert all(solution.decisions[m] for m in CIRCLE_MOVES)

    def test_describe_names_rule_and_cycle(self):
        """A paradox describes itself in one line, naming its rule and its decisions."""
        solution, _ = solve_phase(circle(), "szykman")
        line = solution.paradoxes[0].describe()
        assert line.startswith("circular movement: several consistent resolutions")
        assert "moves[A con - smy]" in line and "\n" not in line

    def test_overridden_decisions_lose_their_edges(self):
        """A decision fixed by a backup rule keeps its node but nothing leads into it: no cycle left."""
        pm = circle()({m: True for m in CIRCLE_MOVES})
        assert CIRCLE_MOVES <= set(pm.graph.nodes)
        assert all(pm.graph.in_degree(m) == 0 for m in CIRCLE_MOVES)
        assert nx.is_directed_acyclic_graph(pm.graph)


class TestConvoyParadoxes:
    """DATC 6.F.14 and 6.F.16: a convoying fleet in the cycle means Szykman, with 2 or 0 resolutions."""

    def test_simple_convoy_paradox_has_two_resolutions(self):
        """6.F.14: convoy succeeds or support given are both consistent: 2 resolutions, Szykman."""
        solution, _ = solve_phase(simple_convoy_paradox(), "szykman")
        [p] = solution.paradoxes
        assert (p.rule, p.resolutions) == ("Szykman", 2)
        assert p.fixed == (("available[F eng C A bre - lon]", False),)
        assert "path[A bre - lon]" in p.decisions
        assert solution.decisions["moves", "wal"] is True
        assert solution.decisions["given", "lon"] is True

    def test_pandin_has_no_resolution(self):
        """6.F.16 (Pandin's paradox): no consistent resolution; Szykman disrupts the convoy."""
        solution, _ = solve_phase(pandin(), "szykman")
        assert solution.resolutions == 0
        [p] = solution.paradoxes
        assert (p.rule, p.resolutions) == ("Szykman", 0)
        assert p.describe().startswith("Szykman: no consistent resolutions")
        assert solution.decisions["moves", "wal"] is False
        assert solution.decisions["moves", "bel"] is False
        assert solution.decisions["moves", "bre"] is False

    def test_all_hold_rule(self):
        """Under the All Hold backup rule the moves of the cycle fail too."""
        solution, _ = solve_phase(simple_convoy_paradox(), "all_hold")
        [p] = solution.paradoxes
        assert p.rule == "All Hold"
        assert ("moves[A bre - lon]", False) in p.fixed
        assert solution.decisions["moves", "wal"] is False


class TestSingleResolution:
    """An acyclic phase is solved once; a cycle with one resolution needs no backup rule."""

    @staticmethod
    def supported_attack() -> Build:
        """A supported attack: an acyclic decision graph."""
        return builder(board("France: A bur", "Germany: A mun", "Germany: A ruh"),
                       "France: A bur H", "Germany: A mun - bur", "Germany: A ruh S A mun - bur")

    def test_acyclic_phase_needs_no_uniqueness_check(self, solves):
        """An acyclic phase is decided by propagation: no CP-SAT solve, let alone a second one."""
        assert nx.is_directed_acyclic_graph(self.supported_attack()({}).graph)
        solution, _ = solve_phase(self.supported_attack(), "szykman")
        assert solves == []
        assert (solution.resolutions, solution.paradoxes, solution.cycles) == (1, (), ())
        assert solution.decisions["dislodged", "bur"] is True

    def test_acyclic_phase_is_solved_once_by_cpsat(self, solves, no_propagation):
        """Without propagation an acyclic phase is solved once by CP-SAT, with no uniqueness check."""
        solution, _ = solve_phase(self.supported_attack(), "szykman")
        assert len(solves) == 1
        assert solution.decisions["dislodged", "bur"] is True

    @pytest.mark.parametrize("build", [disrupted_circle, supported_circle], ids=["6.C.3", "5.C"])
    def test_cycle_with_one_resolution_gets_no_backup_rule(self, build):
        """The graph has a cycle with one consistent resolution: it is listed with no backup rule."""
        assert cycles_in_order(build()({})) == [CIRCLE_MOVES]
        solution, _ = solve_phase(build(), "szykman")
        assert (solution.resolutions, solution.paradoxes) == (1, ())
        [cycle] = solution.cycles
        assert (cycle.rule, cycle.resolutions, cycle.fixed) == ("", 1, ())
        assert set(cycle.decisions) == CIRCLE_NAMES

    @pytest.mark.parametrize("build", [disrupted_circle, supported_circle], ids=["6.C.3", "5.C"])
    def test_cycle_with_one_resolution_is_checked_once_by_cpsat(self, build, solves, no_propagation):
        """Without propagation: a first solve, a second that finds nothing else, no backup rule."""
        solution, _ = solve_phase(build(), "szykman")
        assert len(solves) == 2
        assert (solution.resolutions, solution.paradoxes) == (1, ())

    def test_circle_is_settled_by_the_search(self, solves):
        """6.C.1: propagation cannot decide a free circle; the search in Python finds two
        resolutions, without CP-SAT."""
        solution, _ = solve_phase(circle(), "szykman")
        assert solves == []
        assert solution.resolutions == 2 and all(solution.decisions[m] for m in CIRCLE_MOVES)

    def test_circle_past_the_search_budget_needs_cpsat(self, solves, monkeypatch):
        """6.C.1 with a search budget of one node: CP-SAT finds the two resolutions, as before."""
        monkeypatch.setattr(search, "NODES", 1)
        solution, _ = solve_phase(circle(), "szykman")
        assert len(solves) == 2
        assert solution.resolutions == 2 and all(solution.decisions[m] for m in CIRCLE_MOVES)

    def test_disrupted_circle_fails(self):
        """6.C.3: the stand-off in con stops the whole circle."""
        solution, _ = solve_phase(disrupted_circle(), "szykman")
        assert not any(solution.decisions[m] for m in CIRCLE_MOVES)

    def test_supported_circle_moves(self):
        """5.C: the supported F ank - con forces every move of the circle to succeed."""
        solution, _ = solve_phase(supported_circle(), "szykman")
        assert all(solution.decisions[m] for m in CIRCLE_MOVES)


class TestBackupRule:
    """backup_rule: the rule is chosen by what the cycle holds."""

    def test_moves_only_is_circular_movement(self):
        """A cycle of moves alone is circular movement; every move succeeds."""
        assert backup_rule(CIRCLE_MOVES, "szykman") == ("circular movement", {m: True for m in CIRCLE_MOVES})

    def test_a_convoy_in_the_cycle_is_szykman(self):
        """A convoy in the cycle: Szykman makes that convoy unavailable and fixes nothing else."""
        cycle = frozenset({("available", "eng"), ("moves", "bre"), ("path", "bre")})
        assert backup_rule(cycle, "szykman") == ("Szykman", {("available", "eng"): False})

    def test_all_hold_fixes_moves_and_convoys(self):
        """All Hold: the convoys are unavailable and the moves of the cycle fail."""
        cycle = frozenset({("available", "eng"), ("moves", "bre"), ("path", "bre")})
        rule, fixed = backup_rule(cycle, "all_hold")
        assert rule == "All Hold"
        assert fixed == {("available", "eng"): False, ("moves", "bre"): False}

    def test_paradox_is_a_value(self):
        """Paradox is a frozen value: equal fields, equal paradoxes."""
        a = Paradox(("moves[A x - y]",), 2, "circular movement", (("moves[A x - y]", True),))
        assert a == Paradox(("moves[A x - y]",), 2, "circular movement", (("moves[A x - y]", True),))
        with pytest.raises(AttributeError):
            a.rule = "Szykman"  # type: ignore[misc]
