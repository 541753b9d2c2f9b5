"""DATC 5.B.4 PATH: a convoyed move has a path when every fleet of one of its routes is available.

Multi-route convoys are disrupted only when all routes are (DATC 4.A.1, every rulebook since
1982). A move over land has a path by definition (a constant, no literal).
"""
from __future__ import annotations

from dipsat.solver.constraints import IntVar
from dipsat.solver.phase_model import PATH, PhaseModel


def add_paths(pm: PhaseModel, every_route: bool = False) -> None:
    """path[m] <-> OR over the routes of m of AND(available[fleet] for each fleet of the route).

    With ``every_route`` (DATC 4.A.1, 1971 rulebook) a convoy is disrupted as soon as any of its
    routes is: path[m] <-> AND over every route.
    """
    for src, mf in pm.facts.moves.items():
        if not mf.convoyed:
            continue
        path = pm.path(src)
        fleets = sorted({f for r in mf.routes for f in r})
        reads = pm.keys_of(map(pm.available, fleets))
        if not pm.defines((PATH, src), reads):
            continue
        add_route_literal(pm, src, path, every_route)


def add_route_literal(pm: PhaseModel, src: str, target: IntVar, every_route: bool) -> None:
    """target <-> OR (AND with ``every_route``) over the routes of the move from ``src`` of the
    availability of their fleets (one ``route[...]`` literal per route)."""
    route_lits = []
    for i, route in enumerate(pm.facts.moves[src].routes):
        ok = pm.model.new_bool_var(f"route[{pm.label(src)} #{i + 1}: {' '.join(route)}]")
        pm.equal_and(ok, [pm.available(f) for f in route])
        route_lits.append(ok)
    if every_route:
        pm.equal_and(target, route_lits)
    else:
        pm.equal_or(target, route_lits)


def add_paths_every_route(pm: PhaseModel) -> None:
    """DATC 4.A.1, 1971: a convoy with several routes is disrupted when any one route is."""
    add_paths(pm, every_route=True)
