"""Tests of dipsat.solver.cycles: the decision graph's cycles found without networkx, in exactly the
order networkx finds them (the backup rule settles the first paradoxical component: the order is a result)."""
from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipsat.cli.runner import alternative_keys, run_case
from dipsat.model.cases import load_cases
from dipsat.solver import paradox
from dipsat.solver.cycles import cycles_in_order, is_acyclic, strong_components
from dipsat.solver.phase_model import PhaseModel
from dipsat.variants import read_order

DATACASES = Path(__file__).resolve().parents[1] / "datacases"


def networkx_cycles(graph: nx.DiGraph) -> list[frozenset]:
    """The components holding a cycle, dependencies first, as networkx orders them (the former code)."""
    condensed = nx.condensation(graph)
    found = []
    for node in nx.topological_sort(condensed):
        members = frozenset(condensed.nodes[node]["members"])
        if len(members) > 1 or any(graph.has_edge(m, m) for m in members):
            found.append(members)
    return found


def as_networkx(successors: dict) -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_nodes_from(successors)
    graph.add_edges_from((u, v) for u, vs in successors.items() for v in vs)
    return graph


@pytest.fixture(scope="module")
def every_case_model() -> list[PhaseModel]:
    """Every phase model solved while running every bundled case file (DATC, options, variants),
    under each rule choice a case names, the models a backup rule rebuilt included."""
    models: list[PhaseModel] = []
    original = paradox.count_resolutions

    def keeping(build, overrides):
        def build_and_keep(o):
            models.append(build(o))
            return models[-1]
        return original(build_and_keep, overrides)

    mp = pytest.MonkeyPatch()
    mp.setattr(paradox, "count_resolutions", keeping)
    try:
        for path in sorted(DATACASES.glob("*.txt")):
            for case in load_cases(path, order_reader=read_order):
                run_case(case)
                for key in alternative_keys(case):
                    run_case(case, key)
    finally:
        mp.undo()
    return models


def test_bundled_cases_have_cycles_to_compare(every_case_model):
    """The comparison below is not empty: 6.C, 6.E, 6.F, 6.G, 6.H and variant cases have cycles."""
    with_cycles = [pm for pm in every_case_model if not nx.is_directed_acyclic_graph(pm.graph)]
    assert len(with_cycles) >= 50
    assert any(len(networkx_cycles(pm.graph)) > 1 for pm in with_cycles)


def test_every_case_model_has_networkx_cycles_in_networkx_order(every_case_model):
    """For every model of every bundled case: the same components, in the same order, and the same
    answer to "acyclic?" as networkx on the decision graph."""
    for pm in every_case_model:
        assert paradox.cycles_in_order(pm) == networkx_cycles(pm.graph)
        assert is_acyclic(pm.dependents()) == nx.is_directed_acyclic_graph(pm.graph)


def test_dependents_list_the_graph_in_its_order(every_case_model):
    """The successor lists hold the decision graph's nodes and edges, in networkx's order."""
    for pm in every_case_model:
        dependents = pm.dependents()
        assert list(dependents) == list(pm.graph.nodes)
        assert all(list(vs) == list(pm.graph.successors(u)) for u, vs in dependents.items())


def test_cycles_are_worked_out_again_for_a_new_decision(every_case_model):
    """A model's cycles are worked out once for the decisions made so far
    (:meth:`PhaseModel.cycles`): a decision made after they were asked for, here one that reads
    itself, is in the next answer, as networkx finds it."""
    pm = next(pm for pm in every_case_model if pm.rules is not None and paradox.cycles_in_order(pm))
    fresh = PhaseModel(pm.facts, pm.overrides)  # built without folding, as pm.unfolded() is
    for rule in pm.rules.values():
        rule(fresh)
    before = fresh.cycles()
    assert before == paradox.cycles_in_order(pm) and fresh.cycles() is before  # asked again: kept
    key = ("extra", "x")
    fresh.decision(key)
    fresh.defines(key, [key])
    after = fresh.cycles()
    assert frozenset({key}) in after and frozenset({key}) not in before
    assert after == networkx_cycles(fresh.graph)


def test_cycles_are_worked_out_again_for_a_new_definition(every_case_model):
    """A definition that adds edges among the decisions already made (none new: their count
    is the same) is in the next answer too."""
    pm = next(pm for pm in every_case_model if pm.rules is not None and not paradox.cycles_in_order(pm))
    fresh = PhaseModel(pm.facts, pm.overrides)
    for rule in pm.rules.values():
        rule(fresh)
    before = fresh.cycles()
    key = next(iter(fresh.decisions))
    count = len(fresh.decisions)
    fresh.defines(key, [key])  # the decision now reads itself: a cycle of one
    assert len(fresh.decisions) == count
    after = fresh.cycles()
    assert frozenset({key}) in after and frozenset({key}) not in before
    assert after == networkx_cycles(fresh.graph)


GRAPHS = st.integers(1, 12).flatmap(lambda n: st.lists(
    st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n).map(
    lambda edges: {u: dict.fromkeys(v for a, v in edges if a == u) for u in range(n)}))
"""Small directed graphs, self-loops included, as successor lists over 0..n-1."""


@settings(max_examples=400, deadline=None)
@given(GRAPHS, st.randoms(use_true_random=False))
def test_random_graphs_match_networkx(successors, random):
    """Components, their order, the cycles' order and acyclicity match networkx on any small graph,
    whatever order its nodes come in."""
    nodes = list(successors)
    random.shuffle(nodes)
    graph = {u: successors[u] for u in nodes}
    reference = as_networkx(graph)
    assert list(strong_components(graph)) == list(nx.strongly_connected_components(reference))
    assert cycles_in_order(graph) == networkx_cycles(reference)
    assert is_acyclic(graph) == nx.is_directed_acyclic_graph(reference)


def test_a_self_loop_is_a_cycle():
    """A decision reading itself is a cycle of one."""
    assert cycles_in_order({"a": {"a": None}, "b": {}}) == [frozenset({"a"})]
    assert not is_acyclic({"a": {"a": None}})
    assert is_acyclic({"a": {"b": None}, "b": {}})
