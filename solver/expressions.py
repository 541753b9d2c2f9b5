"""The expressions rule modules write, as with CP-SAT's own API: variables (:class:`IntVar`),
their negations (``~b``, :class:`NotVar`), linear expressions, bounds (``x == y``, ``x >= y``) and
the constraints a :class:`~dipsat.solver.constraints.ConstraintModel` keeps for them."""
from __future__ import annotations

from typing import Any, Iterable, Sequence, Union


class IntVar:
    """An integer variable ``lb..ub``; booleans are ``0..1``. ``key`` names it: a name, or a key
    that the model's namer turns into one when a name is shown (:meth:`ConstraintModel.name`)."""

    __slots__ = ("index", "key")

    def __init__(self, index: int, key: object) -> None:
        self.index = index
        self.key = key

    def __invert__(self) -> NotVar:
        return NotVar(self)

    def __hash__(self) -> int:
        return self.index

    def expr(self) -> LinearExpr:
        """This variable as a linear expression."""
        return LinearExpr({self.index: 1}, 0)

    def __add__(self, other: object) -> LinearExpr:
        return self.expr() + other

    __radd__ = __add__

    def __sub__(self, other: object) -> LinearExpr:
        return self.expr() - other

    def __rsub__(self, other: object) -> LinearExpr:
        return (-1) * self.expr() + other

    def __mul__(self, k: int) -> LinearExpr:
        return self.expr() * k

    __rmul__ = __mul__

    def __neg__(self) -> LinearExpr:
        return self.expr() * -1

    def __eq__(self, other: object) -> Bounded:  # type: ignore[override]
        return self.expr() == other

    def __ge__(self, other: object) -> Bounded:
        return self.expr() >= other

    def __le__(self, other: object) -> Bounded:
        return self.expr() <= other

    def __repr__(self) -> str:
        return str(self.key)


class NotVar:
    """The negation of a boolean variable, usable as a literal and in linear expressions."""

    __slots__ = ("var",)

    def __init__(self, var: IntVar) -> None:
        self.var = var

    def __invert__(self) -> IntVar:
        return self.var

    def expr(self) -> LinearExpr:
        """1 - x."""
        return LinearExpr({self.var.index: -1}, 1)

    def __add__(self, other: object) -> LinearExpr:
        return self.expr() + other

    __radd__ = __add__


Literal = Union[IntVar, NotVar]

new_var = object.__new__
"""``new_var(IntVar)``, ``new_var(LinearExpr)``: an instance with its slots not yet set, made
without a call of its ``__init__`` (a Python frame: about twice the cost); the folded build's hot
loops, which make dozens a phase, set the slots themselves (``v.index, v.key = i, key``)."""


def _as_expr(x: object) -> LinearExpr:
    if type(x) is LinearExpr:
        return x  # type: ignore[return-value]
    if type(x) is IntVar:
        return LinearExpr({x.index: 1}, 0)  # type: ignore[union-attr]
    if isinstance(x, LinearExpr):
        return x
    if isinstance(x, (IntVar, NotVar)):
        return x.expr()
    if isinstance(x, (bool, int)):
        return LinearExpr({}, int(x))
    raise TypeError(f"not a linear expression: {x!r}")


class LinearExpr:
    """A sum of coefficient times variable, plus a constant."""

    __slots__ = ("terms", "const")

    def __init__(self, terms: dict[int, int], const: int) -> None:
        self.terms = terms
        self.const = const

    @staticmethod
    def sum(items: Iterable[object]) -> LinearExpr:
        """The sum of variables, literals, expressions and numbers."""
        terms: dict[int, int] = {}
        const = 0
        for item in items:
            e = _as_expr(item)
            const += e.const
            for k, c in e.terms.items():
                terms[k] = terms.get(k, 0) + c
        return LinearExpr(terms, const)

    def __add__(self, other: object) -> LinearExpr:
        return LinearExpr.sum((self, other))

    __radd__ = __add__

    def __sub__(self, other: object) -> LinearExpr:
        return LinearExpr.sum((self, _as_expr(other) * -1))

    def __rsub__(self, other: object) -> LinearExpr:
        return LinearExpr.sum((self * -1, other))

    def __mul__(self, k: int) -> LinearExpr:
        return LinearExpr({v: c * k for v, c in self.terms.items()}, self.const * k)

    __rmul__ = __mul__

    def __eq__(self, other: object) -> Bounded:  # type: ignore[override]
        d = self - other
        return Bounded(d, 0, 0)

    def __ge__(self, other: object) -> Bounded:
        return Bounded(self - other, 0, None)

    def __le__(self, other: object) -> Bounded:
        return Bounded(self - other, None, 0)

    __hash__ = None  # type: ignore[assignment]


class Bounded:
    """``lo <= expr <= hi`` before it is added to a model."""

    __slots__ = ("expr", "lo", "hi")

    def __init__(self, expr: LinearExpr, lo: int | None, hi: int | None) -> None:
        self.expr, self.lo, self.hi = expr, lo, hi


class Constraint:
    """A linear constraint added to a model; ``only_enforce_if`` makes it conditional."""

    __slots__ = ("model", "index")
    # model: the ConstraintModel that holds it (dipsat.solver.constraints, which imports this module)

    def __init__(self, model: Any, index: int) -> None:
        self.model, self.index = model, index

    def only_enforce_if(self, *literals: Literal | Sequence[Literal]) -> Constraint:
        """Enforce the constraint only when every one of ``literals`` is true."""
        flat: list[Literal] = []
        for lit in literals:
            flat.extend(lit if isinstance(lit, (list, tuple)) else [lit])  # type: ignore[arg-type]
        self.model._linear[self.index][4].extend(_code(lit) for lit in flat)
        return self


def code(lit: Literal) -> int:
    """Literal as a number: 2v for variable v true, 2v+1 for it false."""
    return 2 * lit.index if type(lit) is IntVar else 2 * lit.var.index + 1  # type: ignore[union-attr]


_code = code
