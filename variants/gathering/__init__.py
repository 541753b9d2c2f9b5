"""Diplomacy: The Gathering (rg18, Stephen Agar): spell-card decks, eleven cards, eight years.

The standard map and start. Cards: :mod:`.cards`; orders and their reader: :mod:`.orders`;
the decks (rule 3): :mod:`.decks`; the cards before the orders: :mod:`.spells`; Double
Trouble in the model: :mod:`.rules`; Teleports and Black Holes: :mod:`.after`; the board in
play: :mod:`.board`; the end (rules 1, 4): :mod:`.end`; the phase driver: :mod:`.engine`.
Rulings: ``docs/variants/gathering.md``.

The game's random draws (Black Holes, option ``no_primary=discard``) come from one generator
seeded by the variant's ``seed``: ``gathering,seed=4711`` (default 0), written in a record's
``VARIANT`` line, so a record replays identically.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from dipsat.model.safe_text import whole_number
from dipsat.model.types import Position
from dipsat.variants.framework.options import VariantOptionError, option
from dipsat.variants.framework.state import state_of
from dipsat.variants.gathering.case_state import GATHERING_STATE
from dipsat.variants.gathering.board import centres_on_board
from dipsat.variants.gathering.end import Standing, gathering_end, standing
from dipsat.variants.gathering.engine import play_gathering
from dipsat.variants.gathering.kinds import GATHERING_KINDS
from dipsat.variants.gathering.notes import end_lines, gm_lines
from dipsat.variants.gathering.orders import read_gathering
from dipsat.variants.gathering.state import START, GatheringState
from dipsat.variants.variant import Variant

OPTIONS = {o.name: o for o in (
    option("double_cut", "Which attacks cut the support of a double unit (rule 2: 'any attack on a double "
           "unit cuts all support given by it')?",
           any_attack="every attack by another power, even from the province the support is given into",
           both_halves="as for any unit (DATC 5.B.2); the cut takes both halves of its support"),
    option("remove_magic", "The Protective Amulet names 'Remove Magic', a card in no deck:",
           shield="it is the Mystical Shield played by another power: the Amulet stops it",
           none="it names no card of the game; the Amulet never stops a Shield"),
    option("no_primary", "A power sends neither a primary card nor a discard before a season (rule 3):",
           forfeit="it forfeits the season's card: nothing is played, nothing discarded",
           discard="the game master discards one of its primary cards, drawn at random"),
    option("ftl_order", "Several Faster than Light cards in one season:",
           simultaneous="every unit's first step at once, then every second step; two units stepping "
                        "into one space both stop",
           in_turn="each card's steps in turn, in the order the cards were given"),
    option("black_hole_from", "A Black Hole's unit reappears 'at least three space distant from the space it "
           "started from': which space?",
           start="the space the unit began the season in (the sentence's subject is the unit)",
           hole="the Black Hole's space, where the swallowed unit leaves from"),
    option("sail_coast", "Sail on Land 'the ability to move on land as well as sea': does a fleet that sails on land "
           "name a coast when it moves into a province with two coasts?",
           none="no: coasts play no part for it; it stands in the province",
           needed="yes: it is still a fleet; over land any coast may be named, by sea one its fleet edges reach"),
    option("black_hole_owner", "Black Hole 'any unit which end that season in that space is removed ... and "
           "immediately reappears': after a Fall, whose is the centre?",
           reappears="the unit counts where it reappears: the hole's centre is not taken, the one it "
                     "reappears on is",
           ended="the unit ended the season in the hole: it takes the hole's centre; where it reappears it "
                 "takes nothing that Fall"),
    option("stone_convoy", "A fleet turned to stone 'must stand without giving support': may it convoy?",
           allowed="yes: a convoying fleet stands and gives no support; only moves and supports are barred",
           forbidden="no: a unit of stone only holds"),
    option("last_winter", "After the sixteenth season (Fall of the eighth year), the Winter adjustments:",
           played="are played; the units are counted after them",
           skipped="are not played; the units are counted after the Fall"),
)}
"""The Gathering's open rulings (``docs/variants/gathering.md``)."""


@dataclass(frozen=True)
class GatheringVariant(Variant):
    """The Gathering: a variant with a seed for its random draws and an end of its own."""

    seed: int = 0

    @property
    def spec(self) -> str:
        """The name with its changed options and its seed: ``gathering,seed=4711``."""
        base = super().spec
        return base + (f",seed={self.seed}" if self.seed else "")

    def with_options(self, **choices: str) -> Variant:
        """This variant with some options switched; ``seed=N`` sets the generator's seed.

        Raises:
            VariantOptionError: unknown option or choice, or a seed that is not a number.
        """
        seed = choices.pop("seed", None)
        out = super().with_options(**choices)
        if seed is not None:
            try:
                out = replace(out, seed=whole_number(seed, "the seed of gathering"))
            except ValueError as exc:
                raise VariantOptionError(str(exc)) from None
        return out

    def state(self, position: Position) -> GatheringState:
        """The game state a position carries (a fresh one at the start)."""
        return state_of(position, replace(START, seed=self.seed))

    def standing(self, position: Position) -> Standing:
        """The end of the game (rules 1, 4), once it has come, and each power's counts."""
        return standing(position, self.state(position), centres_on_board(self.map, position))

    def gm_notes(self, before: Position, after: Position) -> list[str]:
        """The game master's view after a phase: decks, marks, the board's changes, the draws."""
        return gm_lines(self.state(before), self.state(after), after, self.map.powers)

    def end_notes(self, position: Position) -> list[str]:
        """The end of the game (or that it goes on) and each power's centres, units and points."""
        return end_lines(self.standing(position))


GATHERING = GatheringVariant(
    name="gathering",
    map_package="dipsat.variants.classical",
    aliases=("the_gathering", "diplomacy_the_gathering", "rg18"),
    description="Diplomacy: The Gathering (rg18): spell-card decks, eleven cards, eight years.",
    read_special=read_gathering,
    engine=play_gathering,
    options=OPTIONS,
    unit_kinds=GATHERING_KINDS,
    end=gathering_end,
    state_notation=GATHERING_STATE,
)

__all__ = ["GATHERING", "GatheringVariant", "OPTIONS", "GatheringState"]
