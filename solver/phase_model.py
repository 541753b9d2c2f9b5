"""The CP-SAT model of one movement phase: a container of decisions and strengths by key.

Rules never create variables themselves: they ask the container for ``pm.moves(src)``,
``pm.given(province)``... and it creates each literal once. Decisions and strengths are keyed
by small tuples ``(kind, province)``: ``(MOVES, "par")`` is the move of the unit in Paris,
``(DISLODGED, "bur")`` the dislodgement of the unit in Burgundy, ``(ATTACK, "par")`` its
attack strength. A rule reads ``pm.decisions[MOVES, src]`` or ``pm.strengths[ATTACK, src]``
(``pm.strengths.get(...)`` when the strength may not exist); a variant adds to a strength with
``pm.add_term((ATTACK, src), ...)`` and makes its own decisions with ``pm.decision((kind, src))``.

Names in DATC terms (``moves[A par - bur]``, ``dislodged[bur]``, ``attack[A par - bur]``) are
made only when shown: :meth:`PhaseModel.name` writes one for a key, and the model's variables
carry their keys until the CP-SAT form, an export or an explanation asks for their names, so
an exported model still reads like the case. Decisions known in Python are plain ``bool``
values and get no variable. Each decision also becomes a node of the decision graph, with an
edge from every decision its definition reads: cycles of that graph are where paradoxes can
live (:meth:`PhaseModel.dependents` for the cycle checks, :attr:`PhaseModel.graph`, networkx, for
pictures and explanations).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Union

from dipsat.model.reasons import WHOLE, Scale
from dipsat.solver.constraints import ConstraintModel, IntVar, LinearExpr, NotVar, code, new_var
from dipsat.solver.cycles import cycles_in_order

if TYPE_CHECKING:
    import networkx as nx

    from dipsat.solver.legality import Facts

Lit = Union[IntVar, bool]
"""A decision: a model literal, or a constant already decided in Python."""

Key = tuple
"""A decision's or a strength's key: ``(kind, province)``; an auxiliary variable's key may say
more (``(BEATS, src, "prevent", rival)``)."""

MOVES, PATH, GIVEN, AVAILABLE, DISLODGED, BY_CONVOY = "moves", "path", "given", "available", "dislodged", "by_convoy"
"""Decision kinds: the first word of their names."""
LEAVES = "leaves"
"""Decision kind of a stack's province left by every piece (:meth:`PhaseModel.leaves`)."""
ATTACK, HOLD, DEFEND, PREVENT = "attack", "hold", "defend", "prevent"
"""Strength kinds."""
BEATS, BEATEN, ENTERED = "beats", "beaten", "entered"
"""Kinds of auxiliary variables the standard rules make in numbers."""

BY_PROVINCE = frozenset({DISLODGED, HOLD, ENTERED, LEAVES})
"""Kinds named by the province itself (``dislodged[bur]``); the others by the order of the unit
in it (``moves[A par - bur]``)."""


class Names:
    """Writes the DATC name of a key; kept apart from the phase model so that the constraint
    model can hold it without a reference cycle (a phase's model is freed as soon as it is
    dropped)."""

    __slots__ = ("orders", "_labels")

    def __init__(self, facts: Facts) -> None:
        self.orders = facts.orders
        self._labels: dict[str, str] = {}

    def label(self, province: str) -> str:
        """The order of the unit in ``province`` in short notation."""
        text = self._labels.get(province)
        if text is None:
            text = self._labels[province] = str(self.orders[province])
        return text

    def __call__(self, key: Key | str) -> str:
        """The name of ``key`` (see :meth:`PhaseModel.name`)."""
        if isinstance(key, str):
            return key
        kind, subject = key[0], key[1]
        text = subject if kind in BY_PROVINCE else self.label(subject)
        if len(key) == 4:  # a comparison: what it is compared with, and whose
            what, whose = key[2], key[3]
            text = f"{text} vs {what} {whose if what == HOLD else self.label(whose)}"
        return f"{kind}[{text}]"


class PhaseModel:
    """One phase's model under construction: the facts, the CP-SAT model, the decision graph.

    Given the rule modules that build it (``fold``), the model is built for propagation with
    its constants folded: a decision that the facts (or a backup rule) already fix is fixed as
    it is defined instead of by a clause, and the rules that read it (:meth:`fixed`) take its
    value as a constant, so that the strengths and comparisons built on it are numbers, not
    variables and constraints. The decisions, their keys, the decision graph and every value are
    those of the model built without folding; only the constraint model is smaller. CP-SAT, and
    whoever reads the model once it is solved (:meth:`unfold`: an export, a test probing the
    model), get the model built without folding (:meth:`unfolded`).
    """

    def __init__(self, facts: Facts, overrides: Mapping[Key, bool] | None = None,
                 fold: Mapping[str, Callable[[PhaseModel], None]] | None = None) -> None:
        self.facts = facts
        self.names = Names(facts)
        self.fold = fold is not None
        self._full: PhaseModel | None = None
        """The model built without folding, once :meth:`unfolded` built it (a folded model)."""
        self.rules = fold
        """The rule modules that build a folded model (``None`` for a model built without folding
        by its caller; a model :meth:`unfolded` made keeps those of its folded one)."""
        self.model = ConstraintModel(self.names)
        self._keys, self._lb, self._ub = self.model.keys, self.model.lb, self.model.ub
        """The model's variable lists (:meth:`_make` appends to them)."""
        self._reads: dict[Key, list[Key]] = {}
        """Decision -> the decisions its definition reads (the decision graph, kept as a dict)."""
        self._graph: nx.DiGraph | None = None
        self._graph_nodes = 0
        """How many decisions :attr:`graph` had when it was built (a new decision makes it stale)."""
        self._cycles: tuple[int, list[frozenset[Key]]] | None = None
        """How many decisions there were, and :meth:`cycles` then."""
        self._later: dict[Key, Callable[[PhaseModel], Iterable[Key]] | tuple[Callable[..., Iterable[Key]], str]] = {}
        self.overrides = dict(overrides or {})
        """Decisions fixed by a backup rule, by key."""
        self.decisions: dict[Key, IntVar] = {}
        self.strengths: dict[Key, IntVar | LinearExpr | int] = {}
        self.terms: dict[Key, list[tuple[str, LinearExpr | int, int, int]]] = {}
        """Strength key -> extra terms (what, expression, lowest, highest) added by variants."""
        self._moves: dict[str, Lit] = {}
        self._given: dict[str, Lit] = {}
        self._dislodged: dict[str, Lit] = {}
        self._leaves: dict[str, Lit] = {}
        self._paths: dict[str, Lit] = {}
        """Source -> :meth:`path`, once asked for (the folded rules read a move over land as
        ``True`` themselves)."""
        self._stacked = bool(facts.stacks)
        self.cut_by: dict[str, list[str]] = {}
        """Supporter province -> origins of the moves that cut its support if they have a path."""
        unit = facts.gmap.strength_scale
        self.scale: Scale = WHOLE if unit == 1 else Scale(unit)
        """How the reasons write this model's strengths (a variant's rule module may name its
        infinite strengths: Vain Star's Superman)."""

    def unfolded(self) -> PhaseModel:
        """The same phase model built without folding (itself when it is not folded)."""
        if not self.fold:
            return self
        full = self._full
        if full is None:
            full = self._full = PhaseModel(self.facts, self.overrides)
            full.rules = self.rules  # what built it, folded or not
            for rule in self.rules.values():  # type: ignore[union-attr]
                rule(full)
        return full

    def unfold(self) -> None:
        """Once a folded model is solved: drop its constraint model and its strengths; the model
        built without folding (:meth:`unfolded`) gives its model, strengths and decisions (the
        same keys) in their places when :attr:`model` or :attr:`strengths` is next read."""
        if self.fold:
            del self.model, self.strengths
            self.__class__ = _Unfolding  # read as built without folding from now on

    def fixed(self, lit: Lit) -> Lit:
        """``lit``, or its value when the model is folded and that value is already fixed."""
        kind = type(lit)
        if kind is IntVar and self.fold:
            v = lit.index  # type: ignore[union-attr]
            lb = self.model.lb[v]
            return lb == 1 if lb == self.model.ub[v] else lit
        if kind is NotVar and self.fold:
            v = lit.var.index  # type: ignore[union-attr]
            lb = self.model.lb[v]
            return lb == 0 if lb == self.model.ub[v] else lit
        return lit

    def require(self, lit: IntVar) -> None:
        """``lit`` is true: ``lit == 1`` (fixed at once when the model is folded)."""
        if self.fold:
            self.model.fix(2 * lit.index)
        else:
            self.model.add(lit == 1)

    def always(self, lit: IntVar) -> None:
        """``lit`` is defined true, reading nothing: the gate ``lit <-> AND()`` of
        :meth:`equal_and`, the clause ``[lit]`` (fixed at once when the model is folded)."""
        if self.fold:
            self.model.fix(2 * lit.index)
        else:
            self.model.add_clause([2 * lit.index])

    # -- naming -----------------------------------------------------------------------------
    def label(self, province: str) -> str:
        """The order of the unit in ``province`` in short notation, for names."""
        return self.names.label(province)

    def name(self, key: Key | str) -> str:
        """The DATC name of a key: ``moves[A par - bur]`` for ``(MOVES, "par")``, ``dislodged[bur]``
        for ``(DISLODGED, "bur")``, ``beats[A par - bur vs hold bur]`` for ``(BEATS, "par", "hold",
        "bur")``. A name given as text is itself."""
        return self.names(key)

    # -- decisions --------------------------------------------------------------------------
    def decision(self, key: Key) -> IntVar:
        """Return the literal of decision ``key``, creating it on first use."""
        lit = self.decisions.get(key)
        return self._make(key) if lit is None else lit

    def _make(self, key: Key) -> IntVar:
        """The literal of decision ``key`` (:meth:`decision`, in one call for :meth:`moves`,
        :meth:`given` and :meth:`dislodged`, which ask once per key)."""
        decisions = self.decisions
        lit = decisions.get(key)
        if lit is not None:  # made by decision(key) before moves() asked for it
            return lit
        keys = self._keys  # model.new_bool_var(key), inline: a phase makes dozens
        lit = decisions[key] = new_var(IntVar)  # IntVar(len(keys), key) without its __init__'s frame
        lit.index, lit.key = len(keys), key
        keys.append(key)
        self._lb.append(0)
        self._ub.append(1)
        if self.overrides and key in self.overrides:
            unit = 2 * lit.index + (0 if self.overrides[key] else 1)
            if self.fold:
                self.model.fix(unit)
            else:
                self.model.add_clause([unit])
        return lit

    def defines(self, key: Key, reads: Iterable[Key] | Callable[..., Iterable[Key]] = (),
                subject: str | None = None) -> bool:
        """Record what decision ``key`` reads; say whether its rule should define it.

        ``reads`` may be a function giving them, of the phase model (and of ``subject`` when
        given: ``reads(pm, subject)``): it is called only if the decision graph is asked for
        (holding no reference to the model, it keeps the model free of reference cycles, so a
        phase's model is freed as soon as it is dropped). An overridden decision (fixed by a
        backup rule) keeps its node but loses its edges and its defining constraints. A folded
        model records nothing: its graph is that of the model built without folding
        (:attr:`graph`, :meth:`dependents`), built only if asked for.
        """
        if key not in self.decisions:
            self.decision(key)
        if self.overrides and key in self.overrides:
            return False
        if self.fold:
            return True
        if callable(reads):
            self._later[key] = reads if subject is None else (reads, subject)
        elif reads:  # a decision that reads nothing has no list
            found = self._reads.get(key)
            if found is None:
                self._reads[key] = list(reads)
            else:
                found.extend(reads)
        self._graph = self._cycles = None  # a definition adds edges: both worked out again when asked
        return True

    @property
    def graph(self) -> nx.DiGraph:
        """The decision graph (networkx) with the decisions' keys as nodes, built when first
        asked for: only explanations and pictures need it (the cycle checks read
        :meth:`dependents`)."""
        if self.fold:
            return self.unfolded().graph
        if self._graph is None or self._graph_nodes != len(self.decisions):
            import networkx as nx

            self._read_later()
            graph = nx.DiGraph()
            graph.add_nodes_from(self.decisions)
            graph.add_edges_from((r, key) for key in self.decisions for r in self._reads.get(key, ()))
            self._graph, self._graph_nodes = graph, len(self.decisions)
        return self._graph

    def dependents(self) -> dict[Key, dict[Key, None]]:
        """The decision graph as successor lists: decision -> the decisions whose definitions
        read it. Nodes and successors come in the order :attr:`graph` lists them, so that
        :mod:`~dipsat.solver.cycles` finds its cycles in networkx's order without networkx."""
        if self.fold:
            return self.unfolded().dependents()
        self._read_later()
        found: dict[Key, dict[Key, None]] = {key: {} for key in self.decisions}
        for key in self.decisions:
            for read in self._reads.get(key, ()):
                successors = found.get(read)
                if successors is None:
                    successors = found[read] = {}
                successors[key] = None
        return found

    def cycles(self) -> list[frozenset[Key]]:
        """The strongly connected components of the decision graph that hold a cycle, dependencies
        first (:func:`~dipsat.solver.cycles.cycles_in_order` of :meth:`dependents`; not to be
        changed): worked out once for the decisions made so far, since the check for several
        resolutions and the backup rules both ask (a folded model: those of its unfolded one)."""
        if self.fold:
            return self.unfolded().cycles()
        found = self._cycles
        if found is None or found[0] != len(self.decisions):
            found = self._cycles = (len(self.decisions), cycles_in_order(self.dependents()))
        return found[1]

    def _read_later(self) -> None:
        """Call the read functions given to :meth:`defines`, adding what they read to the lists."""
        for key, later in self._later.items():
            found = later(self) if type(later) is not tuple else later[0](self, later[1])
            self._reads.setdefault(key, []).extend(found)
        self._later.clear()

    def moves(self, src: str) -> Lit:
        """``moves[...]``: the move of the unit in ``src`` succeeds (False when it has none)."""
        lit = self._moves.get(src)
        if lit is None:
            lit = self._moves[src] = self._make((MOVES, src)) if src in self.facts.moves else False
        return lit

    def leaves(self, province: str) -> Lit:
        """The unit in ``province`` leaves it: ``moves[...]`` of its unit; for a stack whose
        further pieces move too (:attr:`~dipsat.solver.legality.Facts.stacks`), ``leaves[prov]``:
        every piece's move succeeds (a piece left behind holds the province)."""
        if not self._stacked:
            lit = self._moves.get(province)
            return self.moves(province) if lit is None else lit
        more = self.facts.stacks.get(province)
        if not more:
            return self.moves(province)
        lit = self._leaves.get(province)
        if lit is None:
            parts = [self.moves(province), *map(self.moves, more)]
            lit = self._leaves[province] = self.decision((LEAVES, province))
            if self.defines((LEAVES, province), self.keys_of(parts)):
                self.equal_and(lit, parts)
        return lit

    def path(self, src: str) -> Lit:
        """``path[...]``: the move from ``src`` has a route (True for a move over land)."""
        lit = self._paths.get(src)
        if lit is None:
            mf = self.facts.moves.get(src)
            if mf is None or mf.blocked:
                lit = False
            elif self.facts.carriers and src in self.facts.carriers:  # variant hook: a carried move (a lift)
                lit = self.decision((PATH, src))
            else:
                lit = self.decision((PATH, src)) if mf.convoyed else True
            self._paths[src] = lit
        return lit

    def given(self, province: str) -> Lit:
        """``given[...]``: the support ordered from ``province`` is given."""
        lit = self._given.get(province)
        if lit is None:
            lit = self._given[province] = (self._make((GIVEN, province))
                                           if province in self.facts.supports else False)
        return lit

    def available(self, province: str) -> Lit:
        """``available[...]``: the convoy ordered from ``province`` is available (or the carrying
        of a move by the unit there, :attr:`~dipsat.solver.facts.Facts.carriers`)."""
        if province not in self.facts.convoys and not (self.facts.carriers
                                                       and province in self.facts.carriers.values()):
            return False
        return self.decision((AVAILABLE, province))

    def dislodged(self, province: str) -> Lit:
        """``dislodged[prov]``: the unit in ``province`` is dislodged (False if nobody attacks)."""
        lit = self._dislodged.get(province)
        if lit is None:
            lit = self._dislodged[province] = (self._make((DISLODGED, province))
                                               if province in self.facts.attackers else False)
        return lit

    def attackers(self, province: str) -> list[str]:
        """The origins of the moves into ``province``, sorted."""
        return self.facts.attackers.get(province, [])

    @staticmethod
    def keys_of(lits: Iterable[Lit]) -> list[Key]:
        """The keys of the decisions among ``lits`` (constants left out)."""
        return [lit.key for lit in lits if lit is not True and lit is not False]

    # -- strengths --------------------------------------------------------------------------
    def strength(self, key: Key, upper: int) -> IntVar:
        """Return the integer variable of strength ``key``, creating it on first use.

        Its range is ``0..upper`` widened by the ranges of the extra terms added to it.
        """
        var = self.strengths.get(key)
        if var is None:
            terms = self.terms.get(key) if self.terms else None
            if not terms:
                var = self.strengths[key] = self.model.new_int_var(0, upper, key)
            else:
                low = sum(t[2] for t in terms)
                high = upper + sum(t[3] for t in terms)
                var = self.strengths[key] = self.model.new_int_var(min(0, low), max(upper, high), key)
        return var  # type: ignore[return-value]

    def add_term(self, strength: Key, what: str, expr: LinearExpr | int, lowest: int, highest: int) -> None:
        """Add ``expr`` (between ``lowest`` and ``highest``) to the strength ``strength``.

        For variants: a rule module that runs before ``strengths`` adds, say, ``-1`` times a ban
        literal to ``(ATTACK, "par")``, or a Superman's constant to its attack and hold. The
        term becomes part of the strength's defining equations whenever the strength is not 0
        by the DATC conditions (a move without a path has no attack, however strong).
        """
        self.terms.setdefault(strength, []).append((what, expr, lowest, highest))

    def extra(self, strength: Key) -> LinearExpr | int:
        """The sum of the extra terms of ``strength`` (0 when a variant added none)."""
        terms = self.terms.get(strength)
        if not terms:
            return 0
        return LinearExpr.sum([t[1] for t in terms])

    # -- small logical helpers that accept constants -----------------------------------------
    def equal_and(self, target: IntVar, lits: Iterable[Lit]) -> None:
        """target <-> AND(lits)."""
        self._equal_gate(target, lits, False, self.model.add_equal_and)

    def equal_or(self, target: IntVar, lits: Iterable[Lit]) -> None:
        """target <-> OR(lits)."""
        self._equal_gate(target, lits, True, self.model.add_equal_or)

    def _equal_gate(self, target: IntVar, lits: Iterable[Lit], absorbing: bool,
                    add: Callable[[int, list[int]], None]) -> None:
        """target <-> the gate of ``lits`` whose ``absorbing`` input decides it (``False`` for an
        AND, ``True`` for an OR), added by ``add``. A constant input at the other value is left
        out; one at ``absorbing`` fixes the target. Folding, a literal the model already fixes is
        such a constant too, and a gate left with no input fixes the target at the other value."""
        t = 2 * target.index
        decided = t if absorbing else t + 1  # the target's literal once an input is at ``absorbing``
        model = self.model
        codes = []
        if self.fold:
            lb, ub = model.lb, model.ub
            for lit in lits:
                if lit is absorbing:
                    model.fix(decided)
                    return
                if lit is not (not absorbing):
                    c = code(lit)  # type: ignore[arg-type]
                    v = c >> 1
                    if lb[v] != ub[v]:
                        codes.append(c)
                    elif (lb[v] != c & 1) is absorbing:  # the literal's fixed value
                        model.fix(decided)
                        return
            if not codes:
                model.fix(decided ^ 1)
                return
            add(t, codes)
            return
        for lit in lits:
            if lit is absorbing:
                model.add_clause([decided])
                return
            if lit is not (not absorbing):
                codes.append(code(lit))  # type: ignore[arg-type]
        add(t, codes)


class _Unfolding(PhaseModel):
    """A solved folded :class:`PhaseModel` (:meth:`PhaseModel.unfold`): its model and strengths
    are those of the model built without folding, built when first read. A class of its own, so
    that a phase model being built keeps Python's fast attribute reads (a ``__getattr__``
    slows every read of its class)."""

    def __getattr__(self, name: str) -> object:
        if name not in ("model", "strengths") or not self.__dict__.get("fold"):
            raise AttributeError(name)
        full = self.unfolded()
        full._read_later()
        self.model, self.decisions, self.strengths, self.fold = full.model, full.decisions, full.strengths, False
        self._keys, self._lb, self._ub = full._keys, full._lb, full._ub
        self._reads, self._later, self._graph, self._graph_nodes = full._reads, full._later, full._graph, full._graph_nodes
        return getattr(self, name)
