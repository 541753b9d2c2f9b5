"""Telepath Diplomacy (rb42, Doubleday and Walkerdine): one Ban a turn per player.

The standard map and start; each player with a unit on the board may, each movement turn, ban
one unit: a correctly forecast move loses one from its attack (rule 2, 4), a static unit one
from its hold strength (rule 6). Rulings: ``docs/variants/telepath.md``.
"""
from __future__ import annotations

from dipsat.variants.framework.options import option
from dipsat.variants.telepath.engine import play_telepath
from dipsat.variants.telepath.orders import Ban, read_ban
from dipsat.variants.variant import Variant

OPTIONS = {o.name: o for o in (
    option("ban_prevent", "Does a ban that lowers a move's attack also lower its prevent strength?",
           sentence="This move, called the Ban, will reduce the power of an active move by one",
           reduced="yes: the banned move's power to stand off others drops too (rule 2: 'the power "
                   "of an active move')",
           kept="no: only its attack drops; a banned move still stands off others as before"),
    option("several_bans", "A player gives two different bans in one turn:",
           sentence="will have the power to affect one unit of one country on any one turn",
           all_void="both are illegal (as DATC 4.D.3 treats several orders for one unit)",
           first="the first one given counts, the others are illegal"),
    option("own_units", "May a player ban one of his own units?",
           sentence="will have the power to affect one unit of one country on any one turn",
           allowed="yes: rule 1 lets him affect 'one unit of one country', any country",
           forbidden="no: a ban is meant for other players' units"),
    option("zero_attack", "Does a move that bans brought to zero still cut the support of the unit it attacks?",
           sentence="if they are reduced to zero movement, then they do not move",
           cuts="yes: the supporter is still attacked, and rule 8 says a support is always broken by "
                "being attacked, as in the standard rulebook",
           no_cut="no: rule 4 says a move reduced to zero 'would not take place'; it attacks nobody"),
)}
"""Telepath's open rulings."""

TELEPATH = Variant(
    name="telepath",
    map_package="dipsat.variants.classical",
    aliases=("telepath_diplomacy", "rb42"),
    description="Telepath Diplomacy (rb42): each player bans one unit a turn, weakening a "
                "forecast move or a static unit by one.",
    read_special=read_ban,
    engine=play_telepath,
    options=OPTIONS,
)

__all__ = ["TELEPATH", "Ban", "OPTIONS"]
