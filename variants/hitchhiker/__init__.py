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
)

__all__ = ["HITCHHIKER", "HitchhikerVariant", "Lift", "Nbo", "OPTIONS", "Vote"]
