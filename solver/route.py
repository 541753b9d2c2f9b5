"""Which route solves a movement phase: propagation first (the default), or CP-SAT for every phase.

Both routes evaluate the same constraints, the phase's :class:`~dipsat.solver.constraints.ConstraintModel`:

* ``propagate`` (default): unit and bounds propagation in Python; for the phases propagation
  cannot settle (a cycle with none or several resolutions), a complete search in Python over the
  same model (:mod:`dipsat.solver.search`), and CP-SAT only past the search's budget of nodes
  (a second CP-SAT solve only where the decision graph has a cycle);
* ``cpsat``: every movement phase is handed to CP-SAT unpropagated, and CP-SAT counts its
  resolutions: a first solve, then a second with the first solution's decisions forbidden, on
  every phase. Slower; it is there to verify that the fast route gives CP-SAT's answer (the
  tests run every case both ways and require identical results, reasons and counts).

The route is not a rule of the game, so it is not part of :class:`~dipsat.solver.options.Rules`:
it is chosen for a run (``--solver`` on the command line, :func:`using` in code). Worker
processes started after the choice inherit it through the environment variable
``DIPSAT_SOLVER``, which a worker started elsewhere (a Dask cluster) may also be given.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

ROUTES = ("propagate", "cpsat")
"""The routes, the default first."""
ENVIRONMENT = "DIPSAT_SOLVER"
"""The environment variable that gives the route to processes started later."""


def _initial() -> str:
    value = os.environ.get(ENVIRONMENT, ROUTES[0]).strip() or ROUTES[0]
    return value if value in ROUTES else ROUTES[0]


_ROUTE: ContextVar[str] = ContextVar("dipsat_solver_route", default=_initial())


def current() -> str:
    """The route in force: ``propagate`` or ``cpsat``."""
    return _ROUTE.get()


def choose(route: str) -> None:
    """Choose ``route`` for the rest of this process and for the processes it starts.

    Raises:
        ValueError: not a route.
    """
    if route not in ROUTES:
        raise ValueError(f"unknown solver route {route!r}; known: {', '.join(ROUTES)}")
    _ROUTE.set(route)
    os.environ[ENVIRONMENT] = route


@contextmanager
def using(route: str) -> Iterator[str]:
    """Solve with ``route`` inside the ``with`` block (this thread or task only).

    Raises:
        ValueError: not a route.
    """
    if route not in ROUTES:
        raise ValueError(f"unknown solver route {route!r}; known: {', '.join(ROUTES)}")
    token = _ROUTE.set(route)
    try:
        yield route
    finally:
        _ROUTE.reset(token)
