"""The rule library: each module adds the constraints of one DATC chapter-5 equation.

A rule is a function ``add_<rule>(pm: PhaseModel) -> None`` that only adds constraints. The
standard game applies :data:`MOVEMENT_RULES` in order; a variant may replace any of them by name.
"""
from __future__ import annotations

from typing import Callable

from dipsat.solver.phase_model import PhaseModel
from dipsat.solver.rules.convoys import add_convoys
from dipsat.solver.rules.dislodgement import add_dislodgement
from dipsat.solver.rules.moves import add_moves
from dipsat.solver.rules.paths import add_paths
from dipsat.solver.rules.strengths import add_strengths
from dipsat.solver.rules.supports import add_supports

Rule = Callable[[PhaseModel], None]

MOVEMENT_RULES: dict[str, Rule] = {
    "paths": add_paths,
    "convoys": add_convoys,
    "supports": add_supports,
    "strengths": add_strengths,
    "moves": add_moves,
    "dislodgement": add_dislodgement,
}
"""Rule name -> rule, in the order they are applied."""

__all__ = ["MOVEMENT_RULES", "Rule"]
