"""The rule library: each module adds the constraints of one DATC chapter-5 equation.

A rule is a function ``add_<rule>(pm: PhaseModel) -> None`` that only adds constraints. The
standard game applies :data:`MOVEMENT_RULES` in order; a variant may replace any of them by name.
"""
from __future__ import annotations

from functools import partial
from typing import Callable, Mapping

from dipsat.solver.options import Rules
from dipsat.solver.phase_model import PhaseModel
from dipsat.solver.rules.convoys import add_convoys
from dipsat.solver.rules.brannan import add_brannan_battles, brannan_supports_rule
from dipsat.solver.rules.dislodgement import add_dislodgement
from dipsat.solver.rules.fallback import add_fallback_battles, add_paths_with_fallback, fallback_supports_rule
from dipsat.solver.rules.moves import add_moves
from dipsat.solver.rules.paths import add_paths, add_paths_every_route
from dipsat.solver.rules.peer_convoys import add_convoys_disrupted_by_any_stronger_attack
from dipsat.solver.rules.strengths import add_strengths
from dipsat.solver.rules.supports import PARADOX_EXEMPTIONS, add_supports, supports_rule

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


_CHOSEN: dict[tuple[int, Rules], tuple[Mapping[str, Rule], dict[str, Rule]]] = {}
"""(id of a base, rules) -> (that base, its modules): every phase of a game asks again."""
_CHOSEN_MOST = 64


def with_options(base: Mapping[str, Rule], rules: Rules) -> dict[str, Rule]:
    """The rule modules that carry the options in force (the same dict for the same ``base``
    and ``rules``: not to be changed).

    A module is swapped only where ``base`` has the standard one: a variant that replaced a
    module keeps its own.
    """
    key = (id(base), rules)
    found = _CHOSEN.get(key)
    if found is not None and found[0] is base:
        return found[1]
    chosen = _chosen(base, rules)
    if len(_CHOSEN) >= _CHOSEN_MOST:
        _CHOSEN.clear()
    _CHOSEN[key] = (base, chosen)
    return chosen


def _chosen(base: Mapping[str, Rule], rules: Rules) -> dict[str, Rule]:
    chosen = dict(base)
    if chosen.get("paths") is add_paths and rules.convoy_adjacent == "2000_fallback":
        chosen["paths"] = partial(add_paths_with_fallback, every_route=rules.multi_route == "1971")
        chosen = _before(chosen, "moves", "fallback_battles", add_fallback_battles)
    if chosen.get("paths") is add_paths and rules.multi_route == "1971":
        chosen["paths"] = add_paths_every_route
    if chosen.get("supports") is add_supports and rules.convoy_adjacent == "2000_fallback" and (
            rules.paradox in PARADOX_EXEMPTIONS or rules.convoy_cut_origin == "convoy"):
        chosen["supports"] = fallback_supports_rule(PARADOX_EXEMPTIONS.get(rules.paradox),
                                                    rules.convoy_cut_origin == "convoy")
    if chosen.get("supports") is add_supports and rules.convoy_cut_origin == "brannan":
        chosen["supports"] = brannan_supports_rule(PARADOX_EXEMPTIONS.get(rules.paradox))
        chosen = _before(chosen, "moves", "brannan_battles", add_brannan_battles)
    if chosen.get("convoys") is add_convoys and rules.convoy_disruption == "mila":
        chosen["convoys"] = add_convoys_disrupted_by_any_stronger_attack
    if chosen.get("supports") is add_supports:
        chosen["supports"] = supports_rule(rules.paradox, rules.convoy_cut_origin)
    return chosen


def _before(rules: dict[str, Rule], anchor: str, name: str, rule: Rule) -> dict[str, Rule]:
    """``rules`` with ``name`` inserted just before ``anchor`` (at the end without it)."""
    if anchor not in rules:
        return {**rules, name: rule}
    out: dict[str, Rule] = {}
    for key, value in rules.items():
        if key == anchor:
            out[name] = rule
        out[key] = value
    return out


__all__ = ["MOVEMENT_RULES", "Rule", "with_options"]
