"""The Hitchhiker's Guide variant (cb36, Nicholas Whyte): nine powers, ten new provinces,
Winter 1900, Magrathean bubble-cars and hitch-hikers.

The board (``map.json``, ``start.json``) is the standard map plus the ten provinces of rule 3,
Prussia and Sevastopol each with an east and a west coast; the game starts at the Winter 1900
set-up (:mod:`.setup`). Who builds what: :mod:`.kinds`; the phase driver: :mod:`.engine`.
Rulings: ``docs/variants/hitchhiker.md``.
"""
from __future__ import annotations

from dipsat.variants.framework.ending import majority_of_centres
from dipsat.model.types import Position
from dipsat.variants.framework.options import option
from dipsat.variants.framework.state import state_of
from dipsat.variants.hitchhiker.board_check import hitchhiker_board_problem
from dipsat.variants.hitchhiker.engine import play_hitchhiker
from dipsat.variants.hitchhiker.kinds import KINDS
from dipsat.variants.hitchhiker.notation import HITCHHIKER_STATE
from dipsat.variants.hitchhiker.orders import Lift, Nbo, Vote, read_hitchhiker_order
from dipsat.variants.hitchhiker.state import EMPTY
from dipsat.variants.variant import Variant

OPTIONS = {o.name: o for o in (
    option("partial_setup", "A power sends Winter 1900 orders for some of its home centres only (rule 4):",
           sentence="Failure to send in orders for Winter 1900 will result in the standard set-up for each player",
           standard="each centre left empty gets its standard unit",
           empty="each centre left empty stays empty"),
    option("bubble_sea", "May a bubble-car ('unlimited range', rule 5) move to a sea?",
           sentence="This unit, abbreviated (M), has an unlimited range",
           no="no: land and coastal provinces only, like an army",
           yes="yes: any province of the board"),
    option("bubble_attack", "A bubble-car's 'half strength for attacks' (rule 5):",
           sentence="has only half strength for attacks",
           unit_half="its own 1 counts 1/2; each support counts 1",
           all_half="the whole strength of its move, supports included, is halved"),
    option("vogon_victim", "Rule 7a's 'a randomly determined unit adjacent to it':",
           sentence="results in the destruction of the Vogon destructor ship and a randomly determined unit adjacent to it",
           ship="a unit next to the destructor ship",
           centre="a unit next to the Vogon-proof centre (or hitch-hiker) the ship attempted"),
    option("marvin_vote", "Marvin moves by 'majority player vote' (rule 9):",
           sentence="His movements are controlled by majority player vote, one vote per surviving player",
           most="where most votes send him (a tie is drawn)",
           majority="only where more than half of the surviving players send him; else he stays"),
    option("nbo_1900", "May a power give up a Winter 1900 placement by an NBO (rules 4, 7d)?",
           sentence="Any -player may make any owned supply centre Vogon-proof by giving up a build to do so",
           no="no: the set-up disposes units; it has no builds to give up (an NBO then is illegal)",
           yes="yes: each placement is a build; an NBO leaves that home centre empty and Vogon-proof"),
    option("lift_dislodged", "A lift given by a unit that is dislodged that turn (rule 6; a dislodged fleet's "
           "convoy fails):",
           sentence="ordering a unit in an adjacent province (including Vogon destructor ships) to transport the "
                    "Hitch-hiker to any province adjacent to the second unit",
           carries="the lift still carries: it is given as the move starts, like a support from a unit then dislodged",
           fails="the lift fails, as a dislodged fleet's convoy does: the hitch-hiker stays"),
    option("vogon_occupied", "A ship entering an occupied centre that is not Vogon-proof (rules 7b and 7c at once):",
           sentence="Entering a supply centre that is not Vogon-proof will result in the destruction of that "
                    "supply-centre for the remainder of the game",
           unit_only="7c only: the ship and the unit are destroyed; the centre stays",
           centre_too="7b and 7c: the ship and the unit are destroyed, and the centre with them"),
    option("ships_meet", "Two destructor ships ordered into one province, or exchanging places (rules 7, 7c, 7d):",
           sentence="Entering a space occupied by another unit results in the destruction of both the Vogon "
                    "destructor ship and that unit",
           stand_off="they stand each other off and both stay (ships have no strength)",
           destroyed="they meet and destroy each other, as rule 7c destroys a ship and the unit it meets"),
    option("bubble_swap", "Two bubble-cars exchanging places across the board (rule 5, 'unlimited range'):",
           sentence="This unit, abbreviated (M), has an unlimited range",
           no_battle="no head-to-head battle: neither crosses the other's border, both may move",
           head_to_head="a head-to-head battle, as two units exchanging places always meet"),
    option("lift_into_ship", "A hitch-hiker lifted into a destructor ship's province (rules 12 and 7d):",
           sentence="Hitch-hikers are Vogon-proof (as in a))",
           hitchhiker_destroyed="rule 12: like any unit moving into a ship, the hitch-hiker is destroyed",
           bounces="Vogon-proof, the hitch-hiker is not destroyed, but it cannot enter: it bounces off the ship",
           ship_destroyed="as in 7a: the ship is destroyed, and a unit next to it drawn at random; the hitch-hiker "
                          "enters the province"),
    option("gargle_retreat", "A unit that shared Zaphod's Pan-Galactic Gargle Blaster is dislodged in the turn "
           "it cannot move (rule 10b):",
           sentence="resulting in the unit's inability to move next turn",
           destroyed="it cannot retreat either (a retreat is a move, as rulings W3 and H7 read it): it is destroyed",
           may_retreat="it retreats as usual: only its movement orders are barred"),
    option("commanded_retreat", "A unit under Zaphod's permanent command is dislodged (rule 10a):",
           sentence="take permanent command of the unit he shares the province with, ordering it to move entirely "
                    "at random each season thereafter",
           random="it retreats at random too (its owner's retreat or disband order fails), as it takes no order from anyone",
           owner="its owner orders its retreat: the command covers its movement turns only"),
    option("ship_retreat", "A destructor ship dislodged (by Marvin) retreats into a supply centre (rule 7):",
           sentence="They have the following effects on supply centres and other units",
           effects="rule 7 applies: into a Vogon-proof centre the ship is destroyed with a unit next to it (7a); "
                   "into another centre, the centre is destroyed (7b)",
           plain="a retreat is only a retreat: rule 7 speaks of the ships' moves"),
    option("zaphod_fall", "A centre Zaphod enters in a Fall turn (rule 10):",
           sentence="The effects of his presence will not be noticed until the next turn",
           next_movement="it is neutral from the next movement turn: it still counts in that Winter",
           winter="the Winter is the next turn: it is neutral for that Winter's adjustments"),
    option("zaphod_entry", "A unit that moves or retreats into Zaphod's province (rule 12):",
           sentence="Units moving or retreating into a province occupied by Zaphod have only themselves to blame",
           he_acts="Zaphod stays and deals with it at his next step (the vote decides what he does)",
           he_moves_on="nothing special: Zaphod moves at random as usual, and deals only with a unit where he lands"),
    option("marvin_strength", "Marvin's 'retreat at double strength' (rule 9):",
           sentence="If Marvin moves into the same space as any other unit, it will retreat at double strength",
           irresistible="nothing resists him: the unit there is dislodged",
           two="he moves in with strength 2: a unit there with a hold strength of 2 or more (a hold support "
               "given this turn) stands, and Marvin stays where he was"),
)}
"""The Hitchhiker's Guide's open rulings."""

class HitchhikerVariant(Variant):
    """The variant, with the game master's view of its state (the seed, the draws, the NBOs)."""

    def gm_notes(self, before: Position, after: Position) -> list[str]:
        """What only the game master sees after a phase (``dipsat play --gm``)."""
        return ["game master:", *("  " + line for line in state_of(after, EMPTY).gm_view())]


HITCHHIKER = HitchhikerVariant(
    name="hitchhiker",
    map_package="dipsat.variants.hitchhiker",
    aliases=("hitchhikers_guide", "hitchhikers-guide", "cb36"),
    win_centres=23,
    description="The Hitchhiker's Guide (cb36): nine powers, ten new provinces, Winter 1900, "
                "bubble-cars and hitch-hikers.",
    read_special=read_hitchhiker_order,
    engine=play_hitchhiker,
    options=OPTIONS,
    unit_kinds=KINDS,
    end=majority_of_centres(),
    board_check=hitchhiker_board_problem,
    state_notation=HITCHHIKER_STATE,
)

__all__ = ["HITCHHIKER", "HitchhikerVariant", "Lift", "Nbo", "OPTIONS", "Vote"]
