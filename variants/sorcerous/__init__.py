"""Sorcerous Diplomacy (rb57, Glenn Miles): wizards that cast five spells with durations,
familiars, and the seed's order of play.

The standard map and start. Orders: :mod:`.orders`; spells and turns: :mod:`.spells`; the
game state: :mod:`.state`; the board in play (Walls, Ice): :mod:`.board`; which spells count
(rule 2h): :mod:`.casting`; strength terms: :mod:`.rules`; the phases: :mod:`.movement`,
:mod:`.turn`, :mod:`.adjustments`, :mod:`.engine`. Rulings: ``docs/variants/sorcerous.md``.
"""
from __future__ import annotations

from dipsat.variants.framework.options import option
from dipsat.variants.sorcerous.board_check import sorcerous_board_problem
from dipsat.variants.sorcerous.engine import play_sorcerous
from dipsat.variants.sorcerous.kinds import FLEET_WIZARD, KINDS, WIZARD
from dipsat.variants.sorcerous.notation import SORCEROUS_STATE
from dipsat.variants.sorcerous.orders import BuildWizard, Cast, TakeFamiliar, read_sorcerous
from dipsat.variants.sorcerous.spells import Spell
from dipsat.variants.sorcerous.state import EMPTY, SorcerousState
from dipsat.variants.variant import Variant

OPTIONS = {o.name: o for o in (
    option("wizard_kind", "Rule 2a's options: may a wizard be a fleet?",
           army="no: a wizard is an army (the rule without its options)",
           england_fleet="England may build its wizard as a fleet (WF Edinburgh)",
           either="any power may build its wizard as an army or a fleet"),
    option("interaction", "Rule 2h: which enemy orders 'interact with' a wizard?",
           attacked="a move into its province, or a support or convoy of such a move",
           any_order="also any other order aimed at it (a support to hold it)"),
    option("stasis_first", "Rules 2h and 5: is rule 2h judged after this turn's Stasis spells (Stasis comes first)?",
           no="no: rule 2h is unconditional ('cannot cast a spell'), judged on the orders as given; "
              "Stasis on the unit attacking the wizard fails",
           yes="yes: a unit frozen by a Stasis cast this turn does not interact (a wizard may freeze its attacker)"),
    option("blocked_cast", "Rule 2g/2h: does a cast stopped by 2h use the wizard's spell of the year?",
           kept="no: the wizard did not cast; it may cast later that year",
           spent="yes: the attempt uses the year's spell"),
    option("stasis_convoy", "Rule 3 Stasis 'unable to move or support': may a fleet in Stasis convoy?",
           forbidden="no: the force field stops every action but holding",
           allowed="yes: a convoy is neither a move nor a support"),
    option("stasis_retreat", "Rule 3 Stasis: may a dislodged unit in Stasis retreat?",
           destroyed="no: a retreat is movement (rule 5); it is destroyed",
           may_retreat="yes: the Stasis binds its orders for the turn, not its retreat"),
    option("shield_lifts_stasis", "Rule 3 Magic Shield 'immunity from the effects of any Stasis': "
           "does a Shield free a unit already in Stasis?",
           yes="yes: any Stasis, even one cast earlier or the same turn, stops acting on it",
           no="no: it protects from Stasis cast after it; one already on the unit stays"),
    option("shield_ice", "Rule 3 Magic Shield 'ignore ... Ice spells': may a shielded army walk on ice?",
           either="yes: 'able to ignore' is a power: a shielded army may walk on ice, a shielded fleet sail on it",
           ignores="no: for a shielded unit the sea stays a sea (a shielded fleet sails on it, an army may not)"),
    option("wall_support", "Rule 3 Wall 'movement between them impossible': may a unit support across a Wall?",
           blocks="no: a unit supports only where it could move",
           allows="yes: a support is not a movement"),
    option("wall_convoy", "Rule 3 Wall: does a Wall cut a convoy route between its provinces?",
           blocks="yes: the convoyed army would move between them",
           allows="no: the army travels on the fleets"),
    option("wall_convoyed_move", "Rule 3 Wall 'rendering movement between them impossible': may an army be "
           "convoyed from one walled province to the other?",
           passes="yes: the Wall stands on their border; the convoy goes round it by sea",
           blocks="no: being carried from one to the other is movement between them"),
    option("stuck_fleet", "Rule 3 Ice 'stuck fleets may be destroyed by any army moving onto the province':",
           helpless="a stuck fleet has hold strength 0 and cannot be supported: any army moving in destroys it",
           defends="a stuck fleet defends as usual; dislodged, it cannot retreat and is destroyed"),
    option("flame_timing", "Rule 3 Flame 'Any army unit on an Iced province when this spell is cast is "
           "drowned': when does Flame take effect?",
           after_movement="after the movement and retreats, with the other spells (rule 5: 'All other spells')",
           before_movement="when it is cast, before the movement: the armies on the ice then drown, the ice is gone"),
    option("stasis_on_shield", "Rule 3 Magic Shield 'immunity from the effects of any Stasis spell': a Stasis "
           "cast on a shielded unit:",
           spent="fails: it finds the unit immune and is spent",
           later="takes effect for the turns it has left once the Shield ends (immunity from its effects "
                 "while the Shield lasts)"),
    option("familiar", "Rule 4 'The unit becomes a double army/fleet': what is doubled?",
           double_strength="its strength: it counts as two units (2A, 2F); its support counts once",
           both_kinds="its nature: it moves and stands as an army and as a fleet (XA, XF), strength 1",
           both="both: strength 2, and army and fleet at once (2XA, 2XF)"),
    option("spirit", "Rule 4 'The spirit of the familiar remains ... and still requires a centre': how long?",
           forever="for the rest of the game",
           next_winter="in the next Winter adjustments only"),
)}
"""Sorcerous Diplomacy's open rulings (``docs/variants/sorcerous.md``)."""

SORCEROUS = Variant(
    name="sorcerous",
    map_package="dipsat.variants.classical",
    aliases=("sorcerous_diplomacy", "sorcerous-diplomacy", "rb57"),
    description="Sorcerous Diplomacy (rb57): wizards, five spells with durations, familiars.",
    read_special=read_sorcerous,  # type: ignore[arg-type]
    engine=play_sorcerous,
    options=OPTIONS,
    unit_kinds=KINDS,
    board_check=sorcerous_board_problem,
    state_notation=SORCEROUS_STATE,
)

__all__ = ["SORCEROUS", "EMPTY", "FLEET_WIZARD", "KINDS", "WIZARD", "OPTIONS", "BuildWizard", "Cast", "SorcerousState", "Spell", "TakeFamiliar"]
