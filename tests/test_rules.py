"""Tests of dipsat.solver.rules: each DATC chapter-5 equation on tiny hand-built phases.

Every test builds the phase model with all rule modules applied, hands it to CP-SAT
(``pm.model.to_cpsat()``, bypassing the propagation stage) and probes it there: a decision is
*forced* when fixing it to the other value makes the model infeasible; a strength is forced
when both a lower and a higher value are infeasible (primer, TDD).
"""
from __future__ import annotations

import re
from itertools import combinations

import pytest

from dipsat.model.errors import AdjudicationError

from dipsat.solver.phase_model import PhaseModel
from dipsat.solver.rules import MOVEMENT_RULES
from dipsat.solver.rules.supports import cutters
from helpers import board, facts_of, named, phase_model, solve

OPTIMAL, INFEASIBLE = "OPTIMAL", "INFEASIBLE"


def status(position, texts: list[str], name: str, value: int) -> str:
    """The CP-SAT status of the phase model of ``texts`` with decision ``name`` fixed to ``value``."""
    pm = phase_model(position, *texts)
    return solve(pm, named(pm, pm.decisions)[name] == value)[0]


def forced(position, texts: list[str], name: str) -> bool:
    """The value the equations force on decision ``name``; fails unless exactly one value fits."""
    fits = {value: status(position, texts, name, value) == OPTIMAL for value in (0, 1)}
    assert fits[0] != fits[1], f"{name}: feasible with {[v for v, ok in fits.items() if ok] or 'none'}"
    return fits[1]


def strength(position, texts: list[str], name: str) -> int:
    """The value the equations force on strength ``name`` (checked to be the only one).

    A strength is a number, a variable or a linear expression of support literals.
    """
    pm = phase_model(position, *texts)
    found, value_of = solve(pm)
    assert found == OPTIMAL
    value = value_of(named(pm, pm.strengths)[name])
    if isinstance(named(pm, pm.strengths)[name], int):
        return value
    below = phase_model(position, *texts)
    assert solve(below, named(below, below.strengths)[name] <= value - 1)[0] == INFEASIBLE, f"{name} may be below {value}"
    above = phase_model(position, *texts)
    assert solve(above, named(above, above.strengths)[name] >= value + 1)[0] == INFEASIBLE, f"{name} may be above {value}"
    return value


# -- a convoy and an attack on one of its fleets: used by several tests ------------------------

CONVOY = board("England: A lon", "England: F nth", "Germany: F hel", "Germany: F den")
CONVOY_ORDERS = ["England: A lon - bel", "England: F nth C A lon - bel"]
NTH_ATTACKED = ["Germany: F hel - nth", "Germany: F den S F hel - nth"]


class TestPaths:
    """rules/paths.py, DATC 5.B.4: a convoyed move has a path when a route's fleets are available."""

    def test_model_is_feasible(self):
        """The model of a simple convoy is feasible."""
        assert solve(phase_model(CONVOY, *CONVOY_ORDERS))[0] == OPTIMAL

    def test_undisturbed_convoy_has_a_path(self):
        """path[A lon - bel] == 0 is infeasible when nobody attacks the fleet."""
        assert status(CONVOY, CONVOY_ORDERS, "path[A lon - bel]", 0) == INFEASIBLE
        assert status(CONVOY, CONVOY_ORDERS, "path[A lon - bel]", 1) == OPTIMAL

    def test_dislodged_fleet_disrupts_the_path(self):
        """With F nth dislodged, path[A lon - bel] == 1 is infeasible."""
        texts = CONVOY_ORDERS + NTH_ATTACKED
        assert status(CONVOY, texts, "path[A lon - bel]", 1) == INFEASIBLE
        assert forced(CONVOY, texts, "dislodged[nth]") is True

    def test_disrupted_convoy_fails_the_move(self):
        """A move without path fails: moves[A lon - bel] is forced false."""
        assert forced(CONVOY, CONVOY_ORDERS + NTH_ATTACKED, "moves[A lon - bel]") is False

    def test_second_route_keeps_the_path(self):
        """One of two routes disrupted: the path holds through the other (DATC 4.A.1)."""
        position = board("England: A lon", "England: F nth", "England: F eng", "Germany: F hel", "Germany: F den")
        texts = CONVOY_ORDERS + ["England: F eng C A lon - bel"] + NTH_ATTACKED
        assert forced(position, texts, "path[A lon - bel]") is True
        assert forced(position, texts, "moves[A lon - bel]") is True

    def test_move_over_land_has_a_constant_path(self):
        """A move over land gets no path literal: its path is the constant True."""
        pm = phase_model(board("France: A par"), "France: A par - bur")
        assert pm.path("par") is True
        assert not [n for n in named(pm, pm.decisions) if n.startswith("path[")]


class TestConvoys:
    """rules/convoys.py, DATC 5.B.3: a convoy is available unless the fleet is dislodged."""

    def test_unattacked_convoy_is_available(self):
        """available[...] == 0 is infeasible when the fleet is not attacked."""
        assert status(CONVOY, CONVOY_ORDERS, "available[F nth C A lon - bel]", 0) == INFEASIBLE

    def test_dislodged_fleet_convoy_is_not_available(self):
        """available[...] == 1 is infeasible when the fleet is dislodged."""
        texts = CONVOY_ORDERS + NTH_ATTACKED
        assert status(CONVOY, texts, "available[F nth C A lon - bel]", 1) == INFEASIBLE

    def test_attacked_but_held_fleet_convoys(self):
        """An attack that fails does not disrupt: the convoy stays available."""
        texts = CONVOY_ORDERS + ["Germany: F hel - nth"]
        assert forced(CONVOY, texts, "available[F nth C A lon - bel]") is True
        assert forced(CONVOY, texts, "moves[A lon - bel]") is True


class TestSupports:
    """rules/supports.py, DATC 5.B.2: a support is given unless cut or the supporter dislodged."""

    ATTACK = ["France: A par - bur", "France: A mar S A par - bur"]

    def test_unattacked_support_is_given(self):
        """given[A mar S A par - bur] == 0 is infeasible when nobody attacks mar."""
        position = board("France: A par", "France: A mar")
        assert status(position, self.ATTACK, "given[A mar S A par - bur]", 0) == INFEASIBLE

    def test_attack_from_elsewhere_cuts(self):
        """A failing attack on the supporter from a third province cuts: given == 1 infeasible."""
        position = board("France: A par", "France: A mar", "Italy: A pie")
        texts = self.ATTACK + ["Italy: A pie - mar"]
        assert status(position, texts, "given[A mar S A par - bur]", 1) == INFEASIBLE
        assert forced(position, texts, "moves[A pie - mar]") is False

    def test_attack_from_the_target_province_does_not_cut(self):
        """The unit attacked by the supported move cannot cut the support (DATC 6.D.15)."""
        position = board("France: A par", "France: A mar", "Germany: A bur")
        texts = self.ATTACK + ["Germany: A bur - mar"]
        assert forced(position, texts, "given[A mar S A par - bur]") is True
        assert forced(position, texts, "dislodged[bur]") is True

    def test_own_power_does_not_cut(self):
        """An attack by the supporter's own power does not cut the support."""
        position = board("France: A par", "France: A mar", "France: A gas")
        texts = self.ATTACK + ["France: A gas - mar"]
        assert forced(position, texts, "given[A mar S A par - bur]") is True
        assert cutters(phase_model(position, *texts), "mar") == []

    def test_dislodged_supporter_gives_nothing(self):
        """Dislodged by the unit it supports an attack against, the supporter gives no support."""
        position = board("France: A par", "France: A gas", "Germany: A bur", "Germany: A bre")
        texts = ["France: A par - bur", "France: A gas S A par - bur",
                 "Germany: A bur - gas", "Germany: A bre S A bur - gas"]
        assert forced(position, texts, "dislodged[gas]") is True
        assert status(position, texts, "given[A gas S A par - bur]", 1) == INFEASIBLE

    def test_convoyed_attack_cuts_only_with_a_path(self):
        """A convoyed attack cuts a support when it has a path, not when the convoy is disrupted."""
        position = board("England: A lon", "England: F nth", "France: A bel", "France: A ruh")
        texts = CONVOY_ORDERS + ["France: A bel S A ruh - hol", "France: A ruh - hol"]
        assert forced(position, texts, "given[A bel S A ruh - hol]") is False
        disrupted = board("England: A lon", "England: F nth", "France: A bel", "France: A ruh",
                          "Germany: F hel", "Germany: F den")
        assert forced(disrupted, texts + NTH_ATTACKED, "given[A bel S A ruh - hol]") is True


class TestStrengths:
    """rules/strengths.py, DATC 5.B.5-5.B.8: hold, attack, defend and prevent strengths.

    Only the strengths a move reads are made: the hold strength of an attacked province, the
    defend strength of a unit in a head-to-head battle, the prevent strength of a move with rivals.
    """

    MUN = board("Germany: A mun", "Germany: A kie", "Germany: A tyr", "Germany: A ber", "Russia: A sil",
                "Austria: A boh")

    def test_hold_counts_given_hold_supports(self):
        """hold[mun] = 1 + two given supports = 3, against Russia's attack."""
        texts = ["Germany: A mun H", "Germany: A kie S A mun", "Germany: A tyr S A mun", "Russia: A sil - mun"]
        assert strength(self.MUN, texts, "hold[mun]") == 3
        assert forced(self.MUN, texts, "moves[A sil - mun]") is False

    def test_hold_loses_a_cut_support(self):
        """A support cut by Russia's attack on Berlin no longer counts: hold[mun] = 2."""
        texts = ["Germany: A mun H", "Germany: A ber S A mun", "Germany: A tyr S A mun", "Russia: A sil - ber",
                 "Austria: A boh - mun"]
        assert strength(self.MUN, texts, "hold[mun]") == 2

    def test_hold_of_a_unit_that_moves(self):
        """A unit that moves away has hold 0; one whose move fails has hold 1 (its supports do not count)."""
        position = board("France: A par", "England: A pic", "Germany: A mun")
        assert strength(position, ["France: A par - bur", "England: A pic - par"], "hold[par]") == 0
        texts = ["France: A par - bur", "Germany: A mun - bur", "England: A pic - par"]
        assert strength(position, texts, "hold[par]") == 1

    def test_unattacked_province_has_no_hold_strength(self):
        """Nobody moves into mun: no hold[mun] is made at all."""
        pm = phase_model(self.MUN, "Germany: A mun H", "Germany: A kie S A mun")
        assert "hold[mun]" not in named(pm, pm.strengths)

    def test_attack_counts_given_supports(self):
        """attack[A par - bur] = 1 + the support of mar = 2."""
        position = board("France: A par", "France: A mar")
        assert strength(position, TestSupports.ATTACK, "attack[A par - bur]") == 2

    def test_attack_on_own_unit_is_zero(self):
        """A move against a unit of the same power that stays has attack 0."""
        position = board("Germany: A mun", "Germany: A kie")
        texts = ["Germany: A mun - kie", "Germany: A kie H"]
        assert strength(position, texts, "attack[A mun - kie]") == 0

    def test_attack_on_own_unit_that_leaves_is_full(self):
        """A move into a province its own unit leaves counts fully."""
        position = board("Germany: A mun", "Germany: A kie")
        texts = ["Germany: A mun - kie", "Germany: A kie - ber"]
        assert strength(position, texts, "attack[A mun - kie]") == 1
        assert forced(position, texts, "moves[A mun - kie]") is True

    def test_attack_ignores_supports_of_the_defenders_power(self):
        """France's support of Germany's attack on France does not count (DATC 5.B.8)."""
        position = board("France: A bur", "France: A par", "Germany: A mun", "Germany: A ruh")
        texts = ["France: A bur H", "France: A par S A mun - bur", "Germany: A mun - bur"]
        assert strength(position, texts, "attack[A mun - bur]") == 1
        assert forced(position, texts, "given[A par S A mun - bur]") is True
        assert forced(position, texts, "moves[A mun - bur]") is False
        with_ruh = texts + ["Germany: A ruh S A mun - bur"]
        assert strength(position, with_ruh, "attack[A mun - bur]") == 2
        assert forced(position, with_ruh, "dislodged[bur]") is True

    def test_defend_counts_all_supports(self):
        """defend[A mun - bur] = 1 + the support of ruh, in a head-to-head battle."""
        position = board("France: A bur", "Germany: A mun", "Germany: A ruh")
        texts = ["France: A bur - mun", "Germany: A mun - bur", "Germany: A ruh S A mun - bur"]
        assert strength(position, texts, "defend[A mun - bur]") == 2
        assert strength(position, texts, "defend[A bur - mun]") == 1

    def test_prevent_of_a_head_to_head_loser_is_zero(self):
        """Beaten in a head-to-head battle, a unit prevents nothing (DATC 5.B.6, 6.E.1)."""
        position = board("France: A bur", "Germany: A mun", "Germany: A ruh", "Austria: A boh")
        texts = ["France: A bur - mun", "Germany: A mun - bur", "Germany: A ruh S A mun - bur",
                 "Austria: A boh - mun"]
        assert strength(position, texts, "prevent[A bur - mun]") == 0
        assert strength(position, texts, "prevent[A boh - mun]") == 1
        assert forced(position, texts, "moves[A boh - mun]") is True

    def test_prevent_without_path_is_zero(self):
        """A convoyed move without a path has attack and prevent 0: the rival walks in."""
        position = board("England: A lon", "England: F nth", "Germany: F hel", "Germany: F den", "France: A pic")
        texts = [*CONVOY_ORDERS, *NTH_ATTACKED, "France: A pic - bel"]
        assert strength(position, texts, "prevent[A lon - bel]") == 0
        assert strength(position, texts, "attack[A lon - bel]") == 0
        assert forced(position, texts, "moves[A pic - bel]") is True

    def test_prevent_counts_supports(self):
        """Supported moves that bounce prevent with 1 + their supports."""
        position = board("France: A par", "France: A mar", "Germany: A mun", "Germany: A ruh")
        texts = TestSupports.ATTACK + ["Germany: A mun - bur", "Germany: A ruh S A mun - bur"]
        assert strength(position, texts, "prevent[A mun - bur]") == 2
        assert strength(position, texts, "prevent[A par - bur]") == 2
        assert forced(position, texts, "moves[A par - bur]") is False


class TestMoves:
    """rules/moves.py, DATC 5.B.1: a move succeeds when its attack beats every opposing strength."""

    def test_unopposed_move_is_forced_to_succeed(self):
        """moves[A par - bur] == 0 is infeasible when bur is empty and nobody else goes there."""
        position = board("France: A par")
        assert status(position, ["France: A par - bur"], "moves[A par - bur]", 0) == INFEASIBLE
        assert status(position, ["France: A par - bur"], "moves[A par - bur]", 1) == OPTIMAL

    def test_equal_moves_bounce(self):
        """Two unsupported moves to one province both fail."""
        position = board("France: A par", "Germany: A mun")
        texts = ["France: A par - bur", "Germany: A mun - bur"]
        assert forced(position, texts, "moves[A par - bur]") is False
        assert forced(position, texts, "moves[A mun - bur]") is False

    def test_supported_move_wins_the_bounce(self):
        """With mar's support, A par - bur beats A mun - bur."""
        position = board("France: A par", "France: A mar", "Germany: A mun")
        texts = TestSupports.ATTACK + ["Germany: A mun - bur"]
        assert forced(position, texts, "moves[A par - bur]") is True
        assert forced(position, texts, "moves[A mun - bur]") is False

    def test_unsupported_attack_on_a_holding_unit_fails(self):
        """Attack 1 against hold 1 fails."""
        position = board("France: A par", "Germany: A bur")
        assert forced(position, ["France: A par - bur", "Germany: A bur H"], "moves[A par - bur]") is False

    def test_head_to_head_without_support_both_fail(self):
        """Two units swapping over land without support both fail (DATC 5.B.1 with defend)."""
        position = board("France: A bur", "Germany: A mun")
        texts = ["France: A bur - mun", "Germany: A mun - bur"]
        assert forced(position, texts, "moves[A bur - mun]") is False
        assert forced(position, texts, "moves[A mun - bur]") is False

    def test_head_to_head_won_by_support(self):
        """The supported side of a head-to-head battle wins and dislodges the other."""
        position = board("France: A bur", "Germany: A mun", "Germany: A ruh")
        texts = ["France: A bur - mun", "Germany: A mun - bur", "Germany: A ruh S A mun - bur"]
        assert forced(position, texts, "moves[A mun - bur]") is True
        assert forced(position, texts, "moves[A bur - mun]") is False
        assert forced(position, texts, "dislodged[bur]") is True

    def test_own_unit_is_not_dislodged(self):
        """A supported attack on a unit of the same power fails (DATC 6.D.10)."""
        position = board("France: A par", "France: A mar", "France: A bur")
        texts = TestSupports.ATTACK + ["France: A bur H"]
        assert forced(position, texts, "moves[A par - bur]") is False

    def test_following_a_unit_that_leaves(self):
        """A move into a province whose unit moves on succeeds."""
        position = board("France: A par", "France: A bur")
        texts = ["France: A par - bur", "France: A bur - mun"]
        assert forced(position, texts, "moves[A bur - mun]") is True
        assert forced(position, texts, "moves[A par - bur]") is True


class TestDislodgement:
    """rules/dislodgement.py: a unit is dislodged when a move into its province succeeds and it stays."""

    def test_supported_attack_dislodges(self):
        """dislodged[bur] == 0 is infeasible under a supported attack."""
        position = board("France: A bur", "Germany: A mun", "Germany: A ruh")
        texts = ["France: A bur H", "Germany: A mun - bur", "Germany: A ruh S A mun - bur"]
        assert status(position, texts, "dislodged[bur]", 0) == INFEASIBLE
        assert status(position, texts, "dislodged[bur]", 1) == OPTIMAL

    def test_unit_that_moves_away_is_not_dislodged(self):
        """A unit whose own move succeeds is not dislodged even when its province is entered."""
        position = board("France: A bur", "Germany: A mun", "Germany: A ruh")
        texts = ["France: A bur - pic", "Germany: A mun - bur", "Germany: A ruh S A mun - bur"]
        assert forced(position, texts, "moves[A mun - bur]") is True
        assert status(position, texts, "dislodged[bur]", 1) == INFEASIBLE

    def test_unattacked_unit_gets_no_literal(self):
        """A province nobody moves into has the constant False as its dislodgement, no variable."""
        pm = phase_model(board("France: A bur"), "France: A bur H")
        assert pm.dislodged("bur") is False
        assert pm.decisions == {}


class TestNames:
    """Variables are named in DATC terms so an exported model reads like the case."""

    def test_decision_names(self):
        """A supported attack has moves[...], given[...] and dislodged[...] decisions."""
        position = board("France: A bur", "Germany: A mun", "Germany: A ruh")
        pm = phase_model(position, "France: A bur H", "Germany: A mun - bur", "Germany: A ruh S A mun - bur")
        assert sorted(pm.decisions) == [("dislodged", "bur"), ("given", "ruh"), ("moves", "mun")]
        assert sorted(named(pm, pm.decisions)) == ["dislodged[bur]", "given[A ruh S A mun - bur]", "moves[A mun - bur]"]
        assert sorted(named(pm, pm.strengths)) == ["attack[A mun - bur]", "hold[bur]"]

    def test_strength_names(self):
        """A head-to-head battle with a rival has attack, defend, prevent and hold strengths by name."""
        position = board("France: A bur", "Germany: A mun", "Germany: A ruh", "Austria: A boh")
        pm = phase_model(position, "France: A bur - mun", "Germany: A mun - bur", "Germany: A ruh S A mun - bur",
                         "Austria: A boh - mun")
        assert {"attack[A bur - mun]", "attack[A mun - bur]", "attack[A boh - mun]", "defend[A bur - mun]",
                "defend[A mun - bur]", "prevent[A bur - mun]", "prevent[A boh - mun]", "hold[bur]",
                "hold[mun]"} == set(named(pm, pm.strengths))
        cp, _ = pm.model.to_cpsat()  # keep the model alive while its proto is read
        variables = {v.name for v in cp.proto.variables}
        assert "prevent[A bur - mun]" in variables  # it depends on a decision: a variable of its own

    def test_convoy_names(self):
        """A convoy has path[...] and available[...] decisions named by their orders."""
        pm = phase_model(CONVOY, *CONVOY_ORDERS, *NTH_ATTACKED)
        assert {"path[A lon - bel]", "available[F nth C A lon - bel]", "moves[A lon - bel]",
                "moves[F hel - nth]", "dislodged[nth]", "given[F den S F hel - nth]"} <= named(pm, pm.decisions).keys()

    def test_graph_nodes_are_the_decisions(self):
        """Every decision is a node of the decision graph, under the same key."""
        pm = phase_model(CONVOY, *CONVOY_ORDERS, *NTH_ATTACKED)
        assert set(pm.graph.nodes) == set(pm.decisions)
        assert pm.graph.has_edge(("available", "nth"), ("path", "lon"))

    def test_every_variable_is_named_concept_subject(self):
        """Every variable of the exported model, auxiliaries too, is named ``concept[subject]``."""
        position = board("England: A lon", "England: F nth", "England: F eng", "Germany: F hel",
                         "Germany: F den", "France: A bel", "France: A ruh")
        pm = phase_model(position, *CONVOY_ORDERS, "England: F eng C A lon - bel", *NTH_ATTACKED,
                         "France: A bel S A ruh - hol", "France: A ruh - hol")
        cp, _ = pm.model.to_cpsat()
        names = [v.name for v in cp.proto.variables]
        assert names and all(re.fullmatch(r"[a-z_]+\[[^\[\]]+\]", n) for n in names), names
        assert len(set(names)) == len(names)


# -- every rule module only adds constraints ---------------------------------------------------

RICH = board("England: A lon", "England: F nth", "England: F eng", "Germany: F hel", "Germany: F den",
             "France: A bel", "France: A ruh", "France: A bur", "Germany: A mun", "Germany: A gas")
RICH_ORDERS = [*CONVOY_ORDERS, "England: F eng C A lon - bel", *NTH_ATTACKED, "France: A bel S A ruh - hol",
               "France: A ruh - hol", "France: A bur - mun", "Germany: A mun - bur", "Germany: A gas S A mun - bur"]


def _snapshot(pm: PhaseModel) -> tuple[list[str], list[str], list[str]]:
    """The variables, linear constraints and clauses of ``pm`` in CP-SAT's text form."""
    cp, _ = pm.model.to_cpsat()
    proto = cp.proto
    constraints = [str(c) for c in proto.constraints]
    return ([f"{v.name} {list(v.domain)}" for v in proto.variables],
            [c for c in constraints if "bool_or" not in c], [c for c in constraints if "bool_or" in c])


def _subsets() -> list[tuple[str, ...]]:
    names = list(MOVEMENT_RULES)
    found = [s for k in range(1, len(names) + 1) for s in combinations(names, k)]
    return [s for s in found if "moves" not in s or "strengths" in s]  # moves reads the strengths


def test_each_rule_only_adds():
    """Applying the rules one by one, each keeps every variable and constraint made before it."""
    facts = facts_of(RICH, *RICH_ORDERS)
    pm = PhaseModel(facts)
    before = _snapshot(pm)
    for name, rule in MOVEMENT_RULES.items():
        rule(pm)
        after = _snapshot(pm)
        for kind, old, new in zip(("variable", "linear constraint", "clause"), before, after):
            assert new[:len(old)] == old, f"{name} changed a {kind}"
        assert sum(map(len, after)) > sum(map(len, before)), f"{name} added nothing"
        assert pm.model.to_cpsat()[0].validate() == ""
        before = after


@pytest.mark.parametrize("subset", _subsets(), ids="+".join)
def test_subset_of_rules_builds_a_valid_feasible_model(subset):
    """Any subset of the rule modules (moves with strengths) builds a valid, feasible model."""
    pm = phase_model(RICH, *RICH_ORDERS, rules={n: MOVEMENT_RULES[n] for n in subset})
    assert pm.model.to_cpsat()[0].validate() == ""
    assert solve(pm)[0] == OPTIMAL


def test_moves_rule_needs_the_strengths_rule():
    """The moves rule compares the strengths the strengths rule defines: alone it says so."""
    with pytest.raises(AdjudicationError, match="strengths"):
        phase_model(board("France: A par"), "France: A par - bur", rules={"moves": MOVEMENT_RULES["moves"]})


def test_full_model_is_feasible_and_valid():
    """All rules on the rich phase: a valid model whose outcomes are those of the equations."""
    pm = phase_model(RICH, *RICH_ORDERS)
    assert pm.model.to_cpsat()[0].validate() == ""
    assert solve(pm)[0] == OPTIMAL
    assert forced(RICH, RICH_ORDERS, "moves[A mun - bur]") is True
    assert forced(RICH, RICH_ORDERS, "dislodged[bur]") is True
    assert forced(RICH, RICH_ORDERS, "moves[A lon - bel]") is False  # bel holds with 1
    assert forced(RICH, RICH_ORDERS, "given[A bel S A ruh - hol]") is False  # cut by the convoyed army


def test_propagation_agrees_with_cpsat():
    """The Python propagation stage fixes every decision of the rich phase to CP-SAT's values."""
    pm = phase_model(RICH, *RICH_ORDERS)
    bounds = pm.model.propagate()
    assert bounds is not None
    lb, ub = bounds
    found, value_of = solve(pm)
    assert found == OPTIMAL
    for name, lit in pm.decisions.items():
        assert lb[lit.index] == ub[lit.index] == value_of(lit), name
