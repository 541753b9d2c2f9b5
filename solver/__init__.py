"""dipsat.solver: a phase of Diplomacy as one CP-SAT model, solved into a resolution.

``adjudicate(gmap, position, orders, rules)`` is the whole interface: movement phases build a
:class:`~dipsat.solver.phase_model.PhaseModel` to which each rule module of
:mod:`dipsat.solver.rules` adds its constraints; retreats and adjustments are fixed in Python.
"""
from dipsat.solver.adjudicate import adjudicate
from dipsat.solver.options import DATC, Rules
from dipsat.solver.resolution import Resolution

__all__ = ["DATC", "Resolution", "Rules", "adjudicate"]
