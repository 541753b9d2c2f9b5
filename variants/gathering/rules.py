"""Double Trouble as terms of the model's strength sums (rule 2): a 2A or 2F has strength 2.

A double unit in province ``p`` adds, with :meth:`PhaseModel.add_term`:

* ``double[p] = 1`` to the hold strength of ``p`` and to the attack, defend and prevent
  strengths of its move: its own strength is 1 + 1;
* ``double_support[<support>]``, a literal equal to the support's ``given[...]``, to every
  strength that support counts in: its support is worth 2, given or cut as one ("may not be
  split", "any attack ... cuts all support given by it"). Where the standard sum leaves a
  support out (a power's support for an attack on its own unit, DATC 5.B.8), the second half is
  ``given and moves[defender]`` so it counts exactly when the first half does.

No Python branch decides a battle: the sums are the standard ones with these terms, and the
same inequalities compare them. An exported model shows ``attack[A par - bur] == 1 + ... +
double[par]``.
"""
from __future__ import annotations

from typing import Iterable

from dipsat.model.types import SupportHold
from dipsat.solver.phase_model import PhaseModel
from dipsat.variants.framework.engine import add_constant_term

__all__ = ["add_double"]


def _move_strengths(pm: PhaseModel, province: str) -> list[str]:
    label = pm.label(province)
    return [f"attack[{label}]", f"defend[{label}]", f"prevent[{label}]"]


def add_double(pm: PhaseModel, provinces: Iterable[str] = ()) -> None:
    """Give each double unit's strengths and supports their second half (see the module)."""
    facts = pm.facts
    for province in sorted(provinces):
        if province not in facts.orders:
            continue
        names = [f"hold[{province}]"] + (_move_strengths(pm, province) if province in facts.moves else [])
        add_constant_term(pm, names, f"double[{province}]", "double", 1)
        support = facts.supports.get(province)
        if support is None:
            continue
        given = pm.given(province)
        half = pm.model.new_bool_var(f"double_support[{pm.label(province)}]")
        if isinstance(support, SupportHold):
            pm.equal_and(half, [given])
            pm.add_term(f"hold[{support.target.province}]", "double support", half, 0, 1)
            continue
        src = support.target.province
        mf = facts.moves[src]
        defender = facts.position.units.get(mf.dest)
        pm.equal_and(half, [given])
        for name in _move_strengths(pm, src)[1:]:
            pm.add_term(name, "double support", half, 0, 1)
        if defender is None or defender.power != facts.position.units[province].power:
            pm.add_term(f"attack[{pm.label(src)}]", "double support", half, 0, 1)
        elif src not in facts.opponent:
            leaving = pm.model.new_bool_var(f"double_support_if_leaving[{pm.label(province)}]")
            pm.equal_and(leaving, [given, pm.moves(mf.dest)])
            pm.add_term(f"attack[{pm.label(src)}]", "double support", leaving, 0, 1)
