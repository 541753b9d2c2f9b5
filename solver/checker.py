"""An independent check of a resolution: the DATC chapter-5 equations evaluated in plain Python.

It shares nothing with the constraint model but the facts (which orders are legal and valid)
and the decisions' keys: given the decisions of a solved phase (by key, ``(MOVES, "par")``), it recomputes every strength from the equations and says
which decision disagrees with the value its equation gives. Decisions fixed by a backup rule
are taken as they are. An empty list means the resolution is consistent.
"""
from __future__ import annotations

from dipsat.model.types import Move, SupportHold
from dipsat.solver.legality import Facts
from dipsat.solver.order_choices import DEFEND_LEAVES_OUT
from dipsat.solver.phase_model import AVAILABLE, DISLODGED, GIVEN, MOVES, PATH, Key

ATTACK, HOLD, DEFEND, PREVENT = 0, 1, 2, 3
"""Indices in :class:`~dipsat.model.kinds.Strengths`."""


def check_resolution(facts: Facts, decisions: dict[Key, bool], fixed: frozenset[str] = frozenset()) -> list[str]:
    """Return the decisions that break an equation of DATC 5.B, in words (empty: consistent).

    ``fixed`` names the decisions a backup rule fixed (``moves[A par - bur]``)."""
    label = {p: str(o) for p, o in facts.orders.items()}

    def moves(src: str) -> bool:
        return src in facts.moves and decisions.get((MOVES, src), False)

    def leaves(p: str) -> bool:  # the unit leaves; a stack: every piece does (Facts.stacks)
        return moves(p) and all(moves(k) for k in facts.stacks.get(p, ()))

    def path(src: str) -> bool:
        mf = facts.moves.get(src)
        if mf is None or mf.blocked:
            return False
        return decisions.get((PATH, src), False) if mf.convoyed else True

    def given(p: str) -> bool:
        return p in facts.supports and decisions.get((GIVEN, p), False)

    def dislodged(p: str) -> bool:
        return decisions.get((DISLODGED, p), False)

    def available(p: str) -> bool:
        return p in facts.convoys and decisions.get((AVAILABLE, p), False)

    kinds = facts.strengths  # None: every unit a standard army or fleet, every strength 1

    def base(p: str, what: int) -> int:
        return 1 if kinds is None else kinds[p][what]

    def weight(s: str) -> int:
        return 1 if kinds is None else kinds[s].support

    def support_count(src: str, excluding: str | None = None) -> int:
        return sum(weight(s) for s in facts.move_supports.get(src, [])
                   if given(s) and (excluding is None or facts.piece(s).power != excluding))

    def hold(p: str) -> int:  # 5.B.5
        if p not in facts.position.units:
            return 0
        if p in facts.moves:
            return 0 if leaves(p) else base(p, HOLD)
        if isinstance(facts.orders[p], Move):
            return base(p, HOLD)
        return base(p, HOLD) + sum(weight(s) for s in facts.hold_supports.get(p, []) if given(s))

    def prevent(src: str) -> int:  # 5.B.6
        if not path(src):
            return 0
        beaten_by = facts.beaten_by.get(src)
        if beaten_by is not None and moves(beaten_by) and not moves(src):
            return 0
        return base(src, PREVENT) + support_count(src)

    def attack(src: str) -> int:  # 5.B.8
        mf = facts.moves[src]
        if not path(src):
            return 0
        defender = facts.position.units.get(mf.dest)
        if defender is None or (src not in facts.opponent and leaves(mf.dest)):
            return base(src, ATTACK) + support_count(src)
        if defender.power == mf.piece.power:
            return 0
        return base(src, ATTACK) + support_count(src, excluding=defender.power)

    wrong: list[str] = []

    def expect(key: Key, value: bool) -> None:
        name = f"{key[0]}[{key[1] if key[0] == DISLODGED else label[key[1]]}]"
        if name not in fixed and decisions.get(key, False) != value:
            wrong.append(f"{name} is {decisions.get(key, False)}, the equations say {value}")

    for src, mf in facts.moves.items():  # 5.B.1
        a = attack(src)
        opponent = facts.opponent.get(src)
        left_out = DEFEND_LEAVES_OUT[facts.rules.head_to_head_defend](facts, opponent) if opponent is not None else None
        against = base(opponent, DEFEND) + support_count(opponent, excluding=left_out) \
            if opponent is not None else hold(mf.dest)
        rivals = [prevent(r) for r in facts.attackers.get(mf.dest, []) if r != src]
        expect((MOVES, src), path(src) and a > against and all(a > x for x in rivals))
        if mf.convoyed:  # 5.B.4
            ok = any(all(available(f) for f in route) for route in mf.routes)
            expect((PATH, src), ok and not mf.blocked)
    for p, o in facts.supports.items():  # 5.B.2
        into = o.target.province if isinstance(o, SupportHold) else o.dest.province
        where = facts.province(p)  # a further piece of a stack stands in its province
        cut = any(path(a) for a in facts.attackers.get(where, [])
                  if a != into and facts.piece(a).power != o.power and facts.piece(a).unit.kind.cuts)
        expect((GIVEN, p), not cut and not dislodged(where))
    for p in facts.convoys:  # 5.B.3
        expect((AVAILABLE, p), not dislodged(p))
    for p in facts.position.units:
        entered = any(moves(a) for a in facts.attackers.get(p, []))
        expect((DISLODGED, p), entered and not leaves(p))
    return wrong
