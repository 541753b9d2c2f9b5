"""Cycles of the decision graph without networkx: strongly connected components in dependency order.

Only phases whose constraints propagation cannot settle ask (about 2% of movement phases), but
nearly every game has one, and importing networkx costs a process ~80 ms. The graph is given as
successor lists (:meth:`~dipsat.solver.phase_model.PhaseModel.dependents`: decision -> the
decisions that read it). The components come in exactly the order networkx's
``condensation`` + ``topological_sort`` gives them (a test compares both on every DATC cycle and on
random graphs): the backup rule settles the first paradoxical component, so the order is a result.
"""
from __future__ import annotations

from typing import Hashable, Iterator, Mapping

Graph = Mapping[Hashable, Mapping[Hashable, object]]
"""Node -> its successors (in order), every node a key."""


def strong_components(graph: Graph) -> Iterator[set[Hashable]]:
    """The strongly connected components, each after every component it reaches (iterative
    Tarjan, visiting nodes and successors in the graph's order, as networkx does)."""
    preorder: dict[Hashable, int] = {}
    lowlink: dict[Hashable, int] = {}
    found: set[Hashable] = set()
    waiting: list[Hashable] = []
    count = 0
    unvisited = {v: iter(successors) for v, successors in graph.items()}
    for source in graph:
        if source in found:
            continue
        stack = [source]
        while stack:
            v = stack[-1]
            if v not in preorder:
                count += 1
                preorder[v] = count
            descended = False
            for w in unvisited[v]:
                if w not in preorder:
                    stack.append(w)
                    descended = True
                    break
            if descended:
                continue
            low = preorder[v]
            for w in graph[v]:
                if w not in found:
                    low = min(low, lowlink[w] if preorder[w] > preorder[v] else preorder[w])
            lowlink[v] = low
            stack.pop()
            if low == preorder[v]:
                component = {v}
                while waiting and preorder[waiting[-1]] > preorder[v]:
                    component.add(waiting.pop())
                found.update(component)
                yield component
            else:
                waiting.append(v)


def cycles_in_order(graph: Graph) -> list[frozenset[Hashable]]:
    """The strongly connected components that hold a cycle (two nodes or more, or one reading
    itself), dependencies first: the components' graph sorted by generations (Kahn), components
    numbered as found, as networkx's ``condensation`` and ``topological_sort`` order them."""
    components = list(strong_components(graph))
    if all(len(c) == 1 for c in components) and not any(v in graph[v] for v in graph):
        return []
    number = {v: i for i, component in enumerate(components) for v in component}
    after: list[dict[int, None]] = [{} for _ in components]
    for u, successors in graph.items():
        for v in successors:
            if number[u] != number[v]:
                after[number[u]][number[v]] = None
    waiting_for = [0] * len(components)
    for successors in after:
        for j in successors:
            waiting_for[j] += 1
    generation = [i for i, n in enumerate(waiting_for) if n == 0]
    found = []
    while generation:
        following = []
        for i in generation:
            component = components[i]
            if len(component) > 1 or any(v in graph[v] for v in component):
                found.append(frozenset(component))
            for j in after[i]:
                waiting_for[j] -= 1
                if waiting_for[j] == 0:
                    following.append(j)
        generation = following
    return found


def is_acyclic(graph: Graph) -> bool:
    """Whether the graph has no cycle (no node reads itself, however indirectly)."""
    return not any(v in graph[v] for v in graph) and all(len(c) == 1 for c in strong_components(graph))
