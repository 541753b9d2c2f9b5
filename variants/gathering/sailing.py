"""Option ``sail_coast``: a fleet that sails on land (``sF``) moving into a province with two
coasts. Sail on Land "confers on it the ability to move on land as well as sea": under
``none`` (the default) coasts play no part for it (it moves along army and fleet edges and
stands in the province); under ``needed`` it is still a fleet, and its move into a split-coast
province names the coast as any fleet's does: over land (an army edge leads there) any coast
may be named, by sea only a coast its fleet edges reach; a move naming none where two could be
meant is illegal (DATC 4.B.1), as is a coast it cannot reach.
"""
from __future__ import annotations

from dipsat.model.gamemap import GameMap
from dipsat.model.types import Location, Move, Order, Position
from dipsat.variants.gathering.kinds import SAILS

__all__ = ["coast_problem"]


def coast_problem(gmap: GameMap, board: Position, order: Order) -> str:
    """Why a sailing fleet's move breaks the coast rule of ``sail_coast=needed``, or ``""``."""
    if not isinstance(order, Move):
        return ""
    piece = board.units.get(order.unit.province)
    dest = order.dest
    coasts = gmap.provinces[dest.province].coasts
    if piece is None or SAILS.name not in piece.unit.kind.modifiers or len(coasts) < 2:
        return ""
    src = piece.unit.province
    if gmap.army_can_move(src, dest.province):
        reachable = list(coasts)
    else:
        reachable = [c.coast for c in gmap.coasts_reachable(Location(src), dest.province)]
    if dest.coast is None and len(reachable) > 1:
        return (f"a fleet sailing into {dest.province} names its coast: it may reach "
                f"{' or '.join(f'{dest.province}/{c}' for c in reachable)} (option sail_coast=needed)")
    if dest.coast is not None and dest.coast not in reachable:
        return f"{piece.unit} cannot reach {dest} (option sail_coast=needed)"
    return ""
