"""The CP-SAT model of one movement phase: a container of named literals and strengths.

Rules never create variables themselves: they ask the container for ``pm.moves(src)``,
``pm.given(province)``... and it creates each literal once, named in DATC terms
(``moves[A par - bur]``, ``dislodged[bur]``, ``attack[A par - bur]``) so that an exported model
reads like the case. Decisions known in Python are plain ``bool`` values and get no variable.
Each decision also becomes a node of the decision graph (networkx), with an edge from every
decision its definition reads: cycles of that graph are where paradoxes can live.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Union

from dipsat.solver.constraints import ConstraintModel, IntVar, LinearExpr, code

if TYPE_CHECKING:
    import networkx as nx

    from dipsat.solver.legality import Facts

Lit = Union[IntVar, bool]
"""A decision: a model literal, or a constant already decided in Python."""


class PhaseModel:
    """One phase's model under construction: the facts, the CP-SAT model, the decision graph."""

    def __init__(self, facts: Facts, overrides: Mapping[str, bool] | None = None) -> None:
        self.facts = facts
        self.model = ConstraintModel()
        self._reads: dict[str, list[str]] = {}
        """Decision -> the decisions its definition reads (the decision graph, kept as a dict)."""
        self._graph: nx.DiGraph | None = None
        self._later: dict[str, Callable[[], Iterable[str]]] = {}
        self.overrides = dict(overrides or {})
        self.decisions: dict[str, IntVar] = {}
        self.strengths: dict[str, IntVar | int] = {}
        self.terms: dict[str, list[tuple[str, LinearExpr | int, int, int]]] = {}
        """Strength name -> extra terms (what, expression, lowest, highest) added by variants."""
        self._moves: dict[str, Lit] = {}
        self._given: dict[str, Lit] = {}
        self._dislodged: dict[str, Lit] = {}
        self.cut_by: dict[str, list[str]] = {}
        """Supporter province -> origins of the moves that cut its support if they have a path."""
        self._names: dict[str, str] = {}

    # -- naming -----------------------------------------------------------------------------
    def label(self, province: str) -> str:
        """The order of the unit in ``province`` in short notation, for names."""
        name = self._names.get(province)
        if name is None:
            name = self._names[province] = str(self.facts.orders[province])
        return name

    # -- decisions --------------------------------------------------------------------------
    def decision(self, name: str) -> IntVar:
        """Return the literal of decision ``name``, creating it on first use."""
        lit = self.decisions.get(name)
        if lit is None:
            lit = self.decisions[name] = self.model.new_bool_var(name)
            self._reads[name] = []
            self._graph = None
            if self.overrides and name in self.overrides:
                self.model.add_clause([2 * lit.index + (0 if self.overrides[name] else 1)])
        return lit

    def defines(self, name: str, reads: Iterable[str] | Callable[[], Iterable[str]] = ()) -> bool:
        """Record what decision ``name`` reads; say whether its rule should define it.

        ``reads`` may be a function giving them: it is called only if the decision graph is
        asked for. An overridden decision (fixed by a backup rule) keeps its node but loses its
        edges and its defining constraints.
        """
        if name not in self.decisions:
            self.decision(name)
        if self.overrides and name in self.overrides:
            return False
        if callable(reads):
            self._later[name] = reads
        else:
            self._reads[name].extend(reads)
        self._graph = None
        return True

    @property
    def graph(self) -> nx.DiGraph:
        """The decision graph (networkx), built when first asked for: only phases whose
        constraints propagation cannot settle, explanations and pictures need it."""
        if self._graph is None:
            import networkx as nx

            for name, later in self._later.items():
                self._reads[name].extend(later())
            self._later.clear()
            graph = nx.DiGraph()
            graph.add_nodes_from(self._reads)
            graph.add_edges_from((r, name) for name, reads in self._reads.items() for r in reads)
            self._graph = graph
        return self._graph

    def moves(self, src: str) -> Lit:
        """``moves[...]``: the move of the unit in ``src`` succeeds (False when it has none)."""
        lit = self._moves.get(src)
        if lit is None:
            lit = self._moves[src] = self.decision(f"moves[{self.label(src)}]") if src in self.facts.moves else False
        return lit

    def path(self, src: str) -> Lit:
        """``path[...]``: the move from ``src`` has a route (True for a move over land)."""
        mf = self.facts.moves.get(src)
        if mf is None or mf.blocked:
            return False
        return self.decision(f"path[{self.label(src)}]") if mf.convoyed else True

    def given(self, province: str) -> Lit:
        """``given[...]``: the support ordered from ``province`` is given."""
        lit = self._given.get(province)
        if lit is None:
            lit = self._given[province] = (self.decision(f"given[{self.label(province)}]")
                                           if province in self.facts.supports else False)
        return lit

    def available(self, province: str) -> Lit:
        """``available[...]``: the convoy ordered from ``province`` is available."""
        if province not in self.facts.convoys:
            return False
        return self.decision(f"available[{self.label(province)}]")

    def dislodged(self, province: str) -> Lit:
        """``dislodged[prov]``: the unit in ``province`` is dislodged (False if nobody attacks)."""
        lit = self._dislodged.get(province)
        if lit is None:
            lit = self._dislodged[province] = (self.decision(f"dislodged[{province}]")
                                               if province in self.facts.attackers else False)
        return lit

    def attackers(self, province: str) -> list[str]:
        """The origins of the moves into ``province``, sorted."""
        return self.facts.attackers.get(province, [])

    @staticmethod
    def name_of(lit: Lit) -> str | None:
        """The decision name of a literal, ``None`` for a constant."""
        return None if isinstance(lit, bool) else lit.name

    # -- strengths --------------------------------------------------------------------------
    def strength(self, name: str, upper: int) -> IntVar:
        """Return the integer variable ``name``, creating it on first use.

        Its range is ``0..upper`` widened by the ranges of the extra terms added to it.
        """
        var = self.strengths.get(name)
        if var is None:
            low = sum(t[2] for t in self.terms.get(name, ()))
            high = upper + sum(t[3] for t in self.terms.get(name, ()))
            var = self.strengths[name] = self.model.new_int_var(min(0, low), max(upper, high), name)
        return var  # type: ignore[return-value]

    def add_term(self, strength: str, what: str, expr: LinearExpr | int, lowest: int, highest: int) -> None:
        """Add ``expr`` (between ``lowest`` and ``highest``) to the strength named ``strength``.

        For variants: a rule module that runs before ``strengths`` adds, say, ``-1`` times a ban
        literal to ``attack[A par - bur]``, or a Superman's constant to its attack and hold. The
        term becomes part of the strength's defining equations whenever the strength is not 0
        by the DATC conditions (a move without a path has no attack, however strong).
        """
        self.terms.setdefault(strength, []).append((what, expr, lowest, highest))

    def extra(self, strength: str) -> LinearExpr | int:
        """The sum of the extra terms of ``strength`` (0 when a variant added none)."""
        terms = self.terms.get(strength)
        if not terms:
            return 0
        return LinearExpr.sum([t[1] for t in terms])

    # -- small logical helpers that accept constants -----------------------------------------
    def equal_and(self, target: IntVar, lits: Iterable[Lit]) -> None:
        """target <-> AND(lits)."""
        t = 2 * target.index
        add = self.model.add_clause
        codes = []
        for lit in lits:
            if lit is True:
                continue
            if lit is False:
                add([t + 1])
                return
            codes.append(code(lit))  # type: ignore[arg-type]
        for c in codes:
            add([t + 1, c])
        add([c ^ 1 for c in codes] + [t])

    def equal_or(self, target: IntVar, lits: Iterable[Lit]) -> None:
        """target <-> OR(lits)."""
        t = 2 * target.index
        add = self.model.add_clause
        codes = []
        for lit in lits:
            if lit is False:
                continue
            if lit is True:
                add([t])
                return
            codes.append(code(lit))  # type: ignore[arg-type]
        for c in codes:
            add([c ^ 1, t])
        add(codes + [t + 1])
