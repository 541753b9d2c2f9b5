"""Vain Star (rg11, Bate, Eccles, Foster, Langford, Maclean and Walker): twelve special powers,
each usable once a game by each player, one a season.

The standard map and start. Orders: :mod:`.orders`; what is decided before the model:
:mod:`.plan`; the strengths: :mod:`.rules`; events: :mod:`.events`; the phase driver:
:mod:`.engine`. Rulings: ``docs/variants/vain_star.md``.
"""
from __future__ import annotations

from dipsat.variants.framework.options import option
from dipsat.variants.vain_star.engine import play_vain_star
from dipsat.variants.vain_star.orders import Special, read_vain_star
from dipsat.variants.vain_star.state import EMPTY, VainStarState
from dipsat.variants.variant import Variant

OPTIONS = {o.name: o for o in (
    option("superman_immune", "Is a Superman 'only destroyed by Lepers' safe from Thief, Bomber and "
           "Lethal Stand Off too?",
           sentence="They cannot be dislodged, can be stood off only by other Supermen and can only be destroyed by Lepers.",
           yes="yes: rule E's 'can only be destroyed by Lepers' outranks the general powers",
           no="no: rule E speaks of battle; a Thief, a bomb or a Lethal Stand Off removes a Superman"),
    option("several_specials", "A player orders two different powers in one season (rule 2):",
           sentence="Each player may only use one power in any season.",
           all_void="all of them are illegal, and all are spent (rule 4)",
           first="the first one given counts; the others are illegal and spent (rule 4)"),
    option("teleport_origin", "While a unit teleports, who holds its province?",
           sentence="The unit so ordered enters hyperspace before attempting to make its move",
           vacated="nobody: it 'enters hyperspace before attempting its move' (hold strength 0)",
           held="the unit, until its move succeeds, as for any move"),
    option("lethal_ordered", "Lethal Stand Off (J1): is a unit whose owner ordered a move that an Evil Eye "
           "countermanded a unit 'ordered to move'?",
           sentence="all units which were ordered to move (to a space on the board) and which fail to do so for any reason are disbanded",
           in_force="no: only the orders the unit carries out count (the owner's move was countermanded)",
           as_given="yes: its owner ordered it to move and it did not, 'for any reason'"),
    option("specials_outside_movement", "Ruling 2: a special given in a retreat or adjustment phase:",
           sentence="May nominate any one unit on the board to disband before any other order is carried out.",
           illegal="is illegal (and spent, rule 4): the powers are used with movement orders",
           where_possible="takes effect where it can act: a Thief (its unit disbands before any other "
                          "order of the phase) and, in the retreats, a Bomber (the bomb explodes after "
                          "them); any other special is illegal there (and spent)"),
    option("pilot_swap", "G4: may a Pilot change places with a unit walking the opposite way?",
           sentence="though they do not stand each other off by using the same airspace",
           any="yes: a flight crosses no border, so it meets no unit head to head",
           pilots_only="no: only Pilots pass each other in the air ('they do not stand each other off'); "
                       "a flight and a walking unit going the opposite way fight head to head"),
    option("reveal", "Rule 3: which specials does the public report reveal (never who used them)?",
           sentence="Use of the powers will only be revealed in the adjudication where necessary to explain the success or failure of moves.",
           necessary="only those 'necessary to explain the success or failure of moves': the phase "
                     "adjudicated without the special gives another result or board",
           effective="every special that was not illegal"),
)}
"""Vain Star's open rulings."""

VAIN_STAR = Variant(
    name="vain_star",
    map_package="dipsat.variants.classical",
    aliases=("vainstar", "vain-star", "rg11"),
    description="Vain Star (rg11): twelve special powers, each once a game per player, one a season.",
    read_special=read_vain_star,
    engine=play_vain_star,
    options=OPTIONS,
)

__all__ = ["VAIN_STAR", "EMPTY", "OPTIONS", "Special", "VainStarState"]
