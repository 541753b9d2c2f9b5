"""The phase's constraint model, written with CP-SAT's own API, solved in two stages.

Rule modules add constraints to a :class:`ConstraintModel` exactly as they would to a
``cp_model.CpModel`` (``new_bool_var``, ``add(x == y).only_enforce_if(b)``, ``add_bool_or``,
``add_implication``, ``~b``). The model then:

1. propagates in Python: unit propagation on clauses and bounds propagation on linear
   constraints (an enforcement literal is set false when its constraint cannot hold). Every
   value it fixes is implied by the constraints, so when it fixes every variable without a
   conflict that assignment is the one and only solution of the model;
2. otherwise (a cycle that propagation cannot break, or a paradox) a search branches on the
   open variables and propagates from each branch (:meth:`ConstraintModel.propagate_from`,
   :mod:`~dipsat.solver.search`); past its budget, or on the ``cpsat`` route, the same
   constraints, their variables named, go to CP-SAT (:meth:`ConstraintModel.to_proto`,
   :meth:`ConstraintModel.to_cpsat`), which finds solutions and proves uniqueness or its absence.

So most phases (no cycle, or cycles that a support or a bounce decides) cost a few hundred
Python operations, and the few that need search a few propagations more. The rules live in one
place, the constraints; the stages only evaluate them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from dipsat.model.on_use import imported
from dipsat.solver.expressions import Bounded, Constraint, IntVar, LinearExpr, Literal, NotVar, _as_expr, new_var
from dipsat.solver.expressions import code as _code

__all__ = ["ConstraintModel", "Conflict", "IntVar", "NotVar", "Literal", "LinearExpr", "Bounded", "Constraint", "code",
           "new_var", "cpsat_model_class", "ORTOOLS_ON_USE"]
"""The expressions (:mod:`dipsat.solver.expressions`) are kept importable from here."""

if TYPE_CHECKING:  # ortools (and the pandas and numpy it imports) only when a phase reaches CP-SAT
    from ortools.sat.python import cp_model

ORTOOLS_ON_USE = ("logging",)
"""What OR-Tools imports when it is loaded but uses on Windows only (logging: ~30 million
instructions of the first phase that reaches CP-SAT, issue 23); see :func:`~dipsat.model.on_use.imported`."""

code = _code
"""Literal as a number (:func:`dipsat.solver.expressions.code`), kept importable from here."""

_BIG = 1 << 40


_ESCAPED = {'"': '\\"', "\\": "\\\\"}
"""Characters of a name written escaped in the text format of :meth:`ConstraintModel.to_proto`."""


def _octal(ch: str) -> str:
    """A character as the octal escapes of its UTF-8 bytes (text format)."""
    return "".join(f"\\{b:03o}" for b in ch.encode())


_CPSAT_MODEL: list[Any] = []


def cpsat_model_class() -> Any:
    """CP-SAT's model class without the CamelCase aliases that ortools 9.15 builds for every new
    model (about 1 ms each); dipsat uses the snake_case API only. Imports ortools on first use."""
    if not _CPSAT_MODEL:
        from ortools.sat.python import cp_model

        class _CpModel(cp_model.CpModel):  # type: ignore[misc]
            def _add_pre_pep8_methods(self) -> None:
                return None

        _CPSAT_MODEL.append(_CpModel)
    return _CPSAT_MODEL[0]


_SWEEP_MOST = 64
"""A model with at most this many clauses (a linear constraint counting :data:`_SWEEP_LINEAR`) is
propagated by passes (:meth:`ConstraintModel._sweep`) before watch lists are made."""
_SWEEP_LINEAR = 4
_SWEEP_PASSES = 6


class Conflict(Exception):
    """Propagation found that the constraints cannot all hold."""


class ConstraintModel:
    """Variables and constraints with CP-SAT's API; see the module docstring.

    A variable is created with a name or with a key; ``namer`` turns a key into the name that
    CP-SAT, an export or an explanation shows (:meth:`name`), only when one is asked for.

    Building only appends: which constraints watch which variable is worked out when
    propagation starts.
    """

    def __init__(self, namer: Callable[[Any], str] = str) -> None:
        self.namer = namer
        self.keys: list[object] = []
        self.lb: list[int] = []
        self.ub: list[int] = []
        # linear: (terms as [(var, coeff)], const, lo, hi, enforcement codes)
        self._linear: list[tuple[list[tuple[int, int]], int, int, int, list[int]]] = []
        self._clauses: list[list[int]] = []
        self.conflict = False
        """A literal was fixed both ways while building (:meth:`fix`): no solution."""

    # -- building -------------------------------------------------------------------------
    def name(self, index: int) -> str:
        """The name of variable ``index``: its key as the namer writes it."""
        key = self.keys[index]
        return key if isinstance(key, str) else self.namer(key)

    def new_int_var(self, lb: int, ub: int, name: object) -> IntVar:
        """A new integer variable, named by ``name`` (a name or a key)."""
        var = new_var(IntVar)  # IntVar(index, name) without its __init__'s frame
        var.index, var.key = len(self.keys), name
        self.keys.append(name)
        self.lb.append(lb)
        self.ub.append(ub)
        return var

    def new_bool_var(self, name: object) -> IntVar:
        """A new boolean variable, named by ``name`` (a name or a key)."""
        var = new_var(IntVar)  # IntVar(index, name) without its __init__'s frame
        var.index, var.key = len(self.keys), name
        self.keys.append(name)
        self.lb.append(0)
        self.ub.append(1)
        return var

    def add(self, bounded: Bounded) -> Constraint:
        """Add ``lo <= expr <= hi`` (looked at by :meth:`propagate`: ``only_enforce_if`` may follow)."""
        e = bounded.expr
        terms = [(v, c) for v, c in e.terms.items() if c]
        lo = -_BIG if bounded.lo is None else bounded.lo
        hi = _BIG if bounded.hi is None else bounded.hi
        self._linear.append((terms, e.const, lo, hi, []))
        return Constraint(self, len(self._linear) - 1)

    def add_bool_or(self, literals: Sequence[Literal]) -> None:
        """At least one of ``literals`` is true."""
        self.add_clause([_code(lit) for lit in literals])

    def add_implication(self, a: Literal, b: Literal) -> None:
        """a implies b."""
        self.add_clause([_code(a) ^ 1, _code(b)])

    def add_clause(self, codes: list[int]) -> None:
        """At least one of the literals, given as codes (2v: v true, 2v+1: v false)."""
        self._clauses.append(codes)

    def add_clauses(self, clauses: Iterable[list[int]]) -> None:
        """Several clauses at once, in order (see :meth:`add_clause`)."""
        self._clauses.extend(clauses)

    def fix(self, code: int) -> None:
        """Make the literal ``code`` true at once, as a unit clause would after propagation; a
        literal already false is a :attr:`conflict`. For a model built with its constants folded
        (:class:`~dipsat.solver.phase_model.PhaseModel`), never exported as it is."""
        v = code >> 1
        value = 0 if code & 1 else 1
        if self.lb[v] == self.ub[v]:
            if self.lb[v] != value:
                self.conflict = True
            return
        self.lb[v] = self.ub[v] = value

    def add_equal_and(self, t: int, codes: list[int]) -> None:
        """The clauses of literal ``t`` <-> AND(``codes``) (codes as in :meth:`add_clause`):
        ``[not t, c]`` for each ``c``, then ``[not c..., t]``."""
        clauses = self._clauses
        back = []
        for c in codes:  # a loop, not two comprehensions (each makes a function object)
            clauses.append([t ^ 1, c])
            back.append(c ^ 1)
        back.append(t)
        clauses.append(back)

    def add_equal_or(self, t: int, codes: list[int]) -> None:
        """The clauses of literal ``t`` <-> OR(``codes``): ``[not c, t]`` for each ``c``, then
        ``[c..., not t]``."""
        clauses = self._clauses
        for c in codes:  # a loop, not a comprehension (each makes a function object)
            clauses.append([c ^ 1, t])
        clauses.append(codes + [t ^ 1])

    def add_difference(self, x: object, y: object, lo: int | None, hi: int | None,
                       enforce: Sequence[Literal] = ()) -> None:
        """lo <= x - y <= hi, enforced only when every literal of ``enforce`` holds."""
        codes = []  # a loop: a comprehension makes a function object each time
        for lit in enforce:
            codes.append(2 * lit.index if type(lit) is IntVar else 2 * lit.var.index + 1)  # type: ignore[union-attr]
        if type(x) is IntVar and type(y) is int:  # the most common: a strength's value in one case
            self._linear.append(([(x.index, 1)], -y, -_BIG if lo is None else lo,  # type: ignore[union-attr]
                              _BIG if hi is None else hi, codes))
            return
        terms: dict[int, int]
        if type(x) is IntVar:
            terms, const = {x.index: 1}, 0  # type: ignore[union-attr]
        elif type(x) is int:
            terms, const = {}, x  # type: ignore[assignment]
        else:
            ex = _as_expr(x)
            terms, const = dict(ex.terms), ex.const
        if type(y) is IntVar:
            v = y.index  # type: ignore[union-attr]
            terms[v] = terms.get(v, 0) - 1
        elif type(y) is int:
            const -= y  # type: ignore[operator]
        else:
            ey = _as_expr(y)
            const -= ey.const
            for v, c in ey.terms.items():
                terms[v] = terms.get(v, 0) - c
        kept = []  # a loop: a comprehension makes a function object each time
        for v, c in terms.items():
            if c:
                kept.append((v, c))
        self._linear.append((kept, const, -_BIG if lo is None else lo, _BIG if hi is None else hi, codes))

    def add_greater(self, x: object, y: object, lit: IntVar) -> None:
        """lit <-> x > y, as two enforced differences: x - y >= 1 when ``lit``, x - y <= 0 when not."""
        if type(x) is int and type(y) is IntVar:  # the most common: a constant attack against a variable
            terms, const = [(y.index, -1)], x  # type: ignore[union-attr]
            self._linear.append((terms, const, 1, _BIG, [2 * lit.index]))
        else:
            self.add_difference(x, y, 1, None, [lit])
            terms, const = self._linear[-1][0], self._linear[-1][1]
        self._linear.append((terms, const, -_BIG, 0, [2 * lit.index + 1]))

    # -- stage 1: propagation ---------------------------------------------------------------
    def _watches(self) -> tuple[list[Sequence[int]], list[Sequence[int]]]:
        """Who to look at again when a variable is fixed or narrowed: variable -> the linear
        constraints that read it; literal code -> the clauses it is in (looked at again only when
        that literal becomes false: a literal that becomes true satisfies its clauses). A variable
        or literal in none shares one empty tuple (most of a folded model's are fixed while built)."""
        linear: list[Sequence[int]] = [()] * len(self.lb)
        for cid, (terms, _, _, _, enforce) in enumerate(self._linear):
            for v, _ in terms:
                found = linear[v]
                if found:
                    found.append(cid)  # type: ignore[attr-defined]
                else:
                    linear[v] = [cid]
            for c in enforce:
                found = linear[c >> 1]
                if found:
                    found.append(cid)  # type: ignore[attr-defined]
                else:
                    linear[c >> 1] = [cid]
        clauses: list[Sequence[int]] = [()] * (2 * len(self.lb))
        for j, clause in enumerate(self._clauses):
            for c in clause:
                found = clauses[c]
                if found:
                    found.append(j)  # type: ignore[attr-defined]
                else:
                    clauses[c] = [j]
        return linear, clauses

    def propagate(self) -> tuple[list[int], list[int]] | None:
        """The bounds at the fixpoint of propagation (unit propagation on the clauses, bounds
        propagation on the linear constraints), or ``None`` on a conflict. Call it once the
        model is built.

        A constraint is queued at most once at a time, and a constraint found satisfied for
        good (off, entailed, a clause with a true literal) stays marked as queued, so nothing
        puts it in the queue again."""
        if self.conflict:
            return None
        return self.propagate_from(list(self.lb), list(self.ub))

    def propagate_from(self, lb: list[int], ub: list[int]) -> tuple[list[int], list[int]] | None:
        """:meth:`propagate` from the bounds ``lb``, ``ub`` (narrowed in place; within the
        model's own, a search's node: :mod:`~dipsat.solver.search`)."""
        if not self._linear and not self._clauses:  # everything was fixed while building
            return lb, ub
        try:
            if len(self._clauses) + _SWEEP_LINEAR * len(self._linear) <= _SWEEP_MOST and self._sweep(lb, ub):
                return lb, ub
        except Conflict:
            return None
        queue = list(range(len(self._linear) - 1, -1, -1))  # popped from the end: the clauses first, in order
        queue += range(-len(self._clauses), 0)
        queued = bytearray(b"\x01") * len(self._linear)  # linear i: queued, or done for good
        clause_queued = bytearray(b"\x01") * len(self._clauses)
        on_var, on_false = self._watches()
        line, clauses = self._line, self._clauses
        try:
            while queue:
                cid = queue.pop()
                if cid >= 0:
                    changed = line(cid, lb, ub, queued)
                    if not changed:
                        continue
                else:  # a clause, inline (most constraints are): unit propagation
                    j = -cid - 1
                    free = -1
                    for code in clauses[j]:
                        v = code >> 1
                        x = lb[v]
                        if x == ub[v]:
                            if x != code & 1:  # a boolean's literal: true when 1 and positive, or 0 and negated
                                break  # satisfied for good
                        elif free >= 0:
                            clause_queued[j] = 0
                            break  # two open literals: nothing to infer
                        else:
                            free = code
                    else:
                        if free < 0:
                            raise Conflict
                        v = free >> 1
                        value = 0 if free & 1 else 1
                        lb[v] = ub[v] = value
                        for other in on_var[v]:
                            if not queued[other]:
                                queued[other] = 1
                                queue.append(other)
                        for other in on_false[2 * v + value]:  # the literal of v now false
                            if not clause_queued[other]:
                                clause_queued[other] = 1
                                queue.append(-1 - other)
                    continue
                for v in changed:
                    for other in on_var[v]:
                        if not queued[other]:
                            queued[other] = 1
                            queue.append(other)
                    value = lb[v]
                    if value == ub[v] and 0 <= value <= 1:  # a literal of v became false
                        for other in on_false[2 * v + value]:
                            if not clause_queued[other]:
                                clause_queued[other] = 1
                                queue.append(-1 - other)
        except Conflict:
            return None
        return lb, ub

    def _sweep(self, lb: list[int], ub: list[int]) -> bool:
        """Propagate by passes over every constraint not yet done for good, without watch lists
        (cheaper for the small models that folding leaves); ``True`` at the fixpoint, ``False``
        when it is not reached in :data:`_SWEEP_PASSES` passes (``lb`` and ``ub`` then hold what
        was found so far, sound, and :meth:`propagate` goes on from them with watch lists). The
        fixpoint of these propagators does not depend on the order they run in."""
        live = self._clauses
        lines = range(len(self._linear))
        done = bytearray(len(self._linear))  # _line's mark: left at 1 when a constraint is done for good
        line = self._line
        for _ in range(_SWEEP_PASSES):
            changed = False
            kept = []
            for clause in live:  # unit propagation, as in propagate
                free = -1
                for code in clause:
                    v = code >> 1
                    x = lb[v]
                    if x == ub[v]:
                        if x != code & 1:
                            break  # satisfied for good
                    elif free >= 0:
                        kept.append(clause)
                        break  # two open literals: nothing to infer yet
                    else:
                        free = code
                else:
                    if free < 0:
                        raise Conflict
                    v = free >> 1
                    lb[v] = ub[v] = 0 if free & 1 else 1
                    changed = True
            live = kept
            if lines:
                open_lines = []
                for i in lines:
                    done[i] = 1
                    if line(i, lb, ub, done):
                        changed = True
                    if not done[i]:
                        open_lines.append(i)
                lines = open_lines  # type: ignore[assignment]
            if not changed:
                return True
        return False

    def _line(self, i: int, lb: list[int], ub: list[int], queued: bytearray) -> list[int] | tuple[()]:
        """Propagate linear constraint ``i``; return the variables it narrowed. ``queued[i]``
        is set back to 0 when the constraint may tell more later, and left at 1 when it is done
        for good (off, or satisfied by every value left)."""
        terms, const, lo, hi, enforce = self._linear[i]
        open_lit = -1
        for code in enforce:
            v = code >> 1
            if lb[v] != ub[v]:
                if open_lit >= 0:
                    queued[i] = 0
                    return ()  # two open enforcement literals: nothing to infer yet
                open_lit = code
                continue
            if (lb[v] == 1) == bool(code & 1):
                return ()  # an enforcement literal is false: the constraint is off for good
        low = high = const
        for v, c in terms:
            if c > 0:
                low += c * lb[v]
                high += c * ub[v]
            else:
                low += c * ub[v]
                high += c * lb[v]
        if low >= lo and high <= hi:
            return ()  # every value left satisfies it: done for good
        if open_lit >= 0:  # not enforced for sure: only a violation tells something
            if low > hi or high < lo:
                v = open_lit >> 1
                lb[v] = ub[v] = 1 if open_lit & 1 else 0
                return [v]  # off for good
            queued[i] = 0
            return ()
        if low > hi or high < lo:
            raise Conflict
        changed = []
        for v, c in terms:
            if c > 0:
                new_ub = ub[v] if hi == _BIG else min(ub[v], lb[v] + (hi - low) // c)
                new_lb = lb[v] if lo == -_BIG else max(lb[v], ub[v] - (high - lo) // c)
            else:
                new_ub = ub[v] if lo == -_BIG else min(ub[v], lb[v] + (high - lo) // -c)
                new_lb = lb[v] if hi == _BIG else max(lb[v], ub[v] - (hi - low) // -c)
            if new_lb > new_ub:
                raise Conflict
            if new_lb != lb[v] or new_ub != ub[v]:
                lb[v], ub[v] = new_lb, new_ub
                changed.append(v)
        if len(terms) > 1 or not changed:  # one variable narrowed to its bounds satisfies it for good
            queued[i] = 0
        return changed

    # -- stage 2: CP-SAT --------------------------------------------------------------------
    def to_proto(self) -> Any:
        """The same model as CP-SAT's own ``CpModelProto`` (same names), built with OR-Tools'
        compiled helper alone: solving needs neither the Python ``cp_model`` layer nor the
        pandas and numpy it imports. :meth:`to_cpsat` builds the very same proto through
        ``cp_model`` (for export and for tests that probe the model). The proto is written in
        its text format and parsed by one call (a third less than adding its fields one by one
        through the helper's bindings)."""
        cp_model_helper = imported("ortools.sat.python.cp_model_helper", on_use=ORTOOLS_ON_USE)
        parts = []
        add = parts.append
        for lo, hi, name in zip(self.lb, self.ub, map(self.name, range(len(self.keys)))):
            if not name.isprintable() or '"' in name or "\\" in name:
                name = "".join(_ESCAPED.get(ch, ch) if ch.isprintable() else _octal(ch) for ch in name)
            add(f'variables{{name:"{name}" domain:{lo} domain:{hi}}}')
        for terms, const, lo, hi, enforce in self._linear:
            text = "constraints{"
            for c in enforce:
                text += f"enforcement_literal:{-(c >> 1) - 1 if c & 1 else c >> 1} "
            ordered = sorted(terms)
            text += "linear{"
            for v, _ in ordered:
                text += f"vars:{v} "
            for _, k in ordered:
                text += f"coeffs:{k} "
            add(f"{text}domain:{max(lo, -(1 << 60)) - const} domain:{min(hi, 1 << 60) - const}}}}}")
        for clause in self._clauses:
            add("constraints{bool_or{" + " ".join([f"literals:{-(c >> 1) - 1 if c & 1 else c >> 1}" for c in clause]) + "}}")
        proto = cp_model_helper.CpModelProto()
        if not proto.parse_text_format("".join(parts)):
            raise ValueError("CP-SAT could not read the model's text format")  # a name it cannot take?
        return proto

    def to_cpsat(self) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
        """The same model as a CP-SAT model (same names), and its variables by index."""
        from ortools.sat.python import cp_model

        model = cpsat_model_class()()
        xs = [model.new_int_var(lo, hi, self.name(i)) for i, (lo, hi) in enumerate(zip(self.lb, self.ub))]

        def lit(code: int) -> cp_model.IntVar:
            return ~xs[code >> 1] if code & 1 else xs[code >> 1]

        for terms, const, lo, hi, enforce in self._linear:
            expr = cp_model.LinearExpr.weighted_sum([xs[v] for v, _ in terms], [c for _, c in terms]) + const
            ct = model.add_linear_constraint(expr, max(lo, -(1 << 60)), min(hi, 1 << 60))
            if enforce:
                ct.only_enforce_if([lit(c) for c in enforce])
        for clause in self._clauses:
            model.add_bool_or([lit(c) for c in clause])
        return model, xs
