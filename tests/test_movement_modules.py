"""The rule modules a movement phase is built with, kept from the phase before (solver/movement.py)."""
from __future__ import annotations

from types import MappingProxyType

from dipsat.solver.movement import _modules
from dipsat.solver.options import DATC
from dipsat.solver.rules import MOVEMENT_RULES, with_options


def test_the_modules_kept_are_those_of_the_rules_and_base_asked():
    """Asked in turn with other rules (equal or not) and another base, each answer is the one
    with_options gives for that base and those rules: the last answer is given again only for the
    very same base and rules."""
    fallback = DATC.with_choices(convoy_adjacent="2000_fallback")
    every_route = DATC.with_choices(multi_route="1971")
    equal = DATC.with_choices()  # a value equal to DATC, not the same object
    other_base = MappingProxyType({**MOVEMENT_RULES})
    asked = [(MOVEMENT_RULES, DATC), (MOVEMENT_RULES, DATC), (MOVEMENT_RULES, fallback), (MOVEMENT_RULES, DATC),
             (MOVEMENT_RULES, every_route), (other_base, fallback), (MOVEMENT_RULES, fallback), (MOVEMENT_RULES, equal)]
    for base, rules in asked * 2:
        assert _modules(base, rules) == with_options(base, rules)
    assert _modules(MOVEMENT_RULES, fallback) != _modules(MOVEMENT_RULES, DATC)
