"""Rule 3: which card orders of a season count, and what they do to the decks.

Judged before anything else, from the orders, the board and the state alone:

* cards are played "before every season", with its movement orders: a card order of a retreat
  or adjustment phase is illegal;
* ``SPLIT``: only while the power has neither played nor discarded a card; four cards of its deck;
* the primary deck: one card played or discarded a season; a second one is illegal; a
  conditional primary play is illegal (rule 3); a power that sends none forfeits the season's
  card (option ``no_primary``: or the game master discards one at random);
* the secondary deck: the lines of a power are alternatives tried in the order given; the first
  whose condition holds (or that has none) is played; a condition names another power's primary
  card (and target) *in force* this season; later lines are illegal (at most two cards a season);
* a card must be in the deck it is played from (Remove Magic is in no deck), and aimed at a
  target of the right sort (:func:`target_problem`); an illegal card is not spent.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Sequence

from dipsat.model.reasons import Acted, Reason
from dipsat.model.gamemap import GameMap
from dipsat.model.kinds import ARMY, FLEET, Moves, UnitKind
from dipsat.model.types import Location, PhaseKind, Position
from dipsat.variants.framework.engine import phase_word
from dipsat.variants.gathering.cards import DECK, SECONDARY_SIZE, Card, Target, deck_text
from dipsat.variants.gathering.orders import CardOrder, Condition, Deck, DiscardCard, PlayCard, SplitDeck
from dipsat.variants.gathering.state import GatheringState, season_index, season_name

__all__ = ["Verdicts", "judge_cards", "draw", "target_problem"]

_ANY = UnitKind("*", "any unit", moves=Moves.ANY_EDGE)
"""A kind that moves along every edge: adjacency for any unit, whatever cards it carries."""


@dataclass
class Verdicts:
    """The verdict on each card order of a phase and the state with the decks updated."""

    illegal: dict[int, str]
    """Index -> why the order is illegal (it has no effect; the card is not spent)."""
    failed: dict[int, Reason]
    """Index -> why a secondary card was not played (its condition did not hold)."""
    notes: dict[int, Reason]
    """Index -> what a split or a discard did."""
    plays: list[tuple[int, PlayCard]]
    """The cards played this season, in the order given."""
    state: GatheringState
    events: list[tuple[DiscardCard, Reason]]
    """What the game master did for the powers (a card discarded for a power that sent none)."""


def draw(state: GatheringState, what: str, candidates: Sequence[str]) -> tuple[str, GatheringState]:
    """One draw of the game's generator: a candidate chosen by the seed and the draw's number.

    The generator is a counter: draw ``n`` of a game with seed ``s`` is SHA-256 of ``"s:n"``
    modulo the number of candidates (sorted by the caller), so it depends on nothing but the
    record. Each draw is written in the state's log.
    """
    number = len(state.draws) + 1
    digest = hashlib.sha256(f"{state.seed}:{number}".encode()).digest()
    pick = candidates[int.from_bytes(digest[:8], "big") % len(candidates)]
    entry = f"draw {number} (seed {state.seed}): {what}: {pick} (1 of {len(candidates)})"
    return pick, replace(state, draws=state.draws + (entry,))


def target_problem(board: GameMap, position: Position, o: PlayCard) -> str:
    """Why the card cannot be played against its target, or ``""``."""
    card = o.card
    if card.target is Target.PLACE:
        province = o.place.province  # type: ignore[union-attr]
        if card is Card.UTTER_DESTRUCTION and province not in board.supply_centres:
            return f"{province} is not a supply centre"
        if card is Card.GARDEN_OF_EDEN:
            if province in board.supply_centres:
                return f"{province} is a supply centre already"
            if board.is_sea(province):
                return f"{province} is a sea; a Garden of Eden grows on land"
        return ""
    if card.target is Target.NOTHING:
        return ""
    piece = position.units.get(o.unit.province)  # type: ignore[union-attr]
    if piece is None:
        return f"no unit in {o.unit.province}"  # type: ignore[union-attr]
    if card in (Card.SUDDEN_DEATH, Card.TURN_TO_STONE) and piece.power == o.power:
        return f"{card.title} is played against an enemy unit; {piece.unit} is {o.power}'s own"
    if card in (Card.TELEPORT, Card.FASTER_THAN_LIGHT) and piece.power != o.power:
        return f"{card.title} moves one's own unit; {piece.unit} is {piece.power}'s"
    if card is Card.FASTER_THAN_LIGHT:
        here = o.unit.province  # type: ignore[union-attr]
        for step in o.path:
            if step.province == here or step.province not in board.neighbours(_ANY, Location(here)):
                return (f"Faster than Light moves to adjacent spaces; {step.province} is not next to {here} "
                        "(a step that is adjacent but closed to the unit, or not empty, fails instead)")
            here = step.province
    if card is Card.WALK_ON_WATER and piece.unit.kind.base_kind() is not ARMY:
        return f"Walk on Water is played on an army; {piece.unit} is a fleet"
    if card is Card.SAIL_ON_LAND and piece.unit.kind.base_kind() is not FLEET:
        return f"Sail on Land is played on a fleet; {piece.unit} is an army"
    return ""


def _owned(hand_cards: tuple[Card, ...], card: Card, used: list[Card]) -> bool:
    return hand_cards.count(card) > used.count(card)


def judge_cards(position: Position, board: GameMap, state: GatheringState, cards: Sequence[tuple[int, CardOrder]],
                no_primary: str) -> Verdicts:
    """Judge the card orders of one phase by rule 3 (see the module docstring)."""
    v = Verdicts({}, {}, {}, [], state, [])
    phase = position.phase
    if phase.kind is not PhaseKind.MOVEMENT:
        for i, _ in cards:
            v.illegal[i] = (f"cards are played before a season, with its movement orders, not in "
                            f"{phase_word(phase)} (rule 3)")
        return v
    season = season_name(season_index(phase))
    by_power: dict[str, list[tuple[int, CardOrder]]] = {}
    for i, o in cards:
        by_power.setdefault(o.power, []).append((i, o))
    primary_of: dict[str, PlayCard] = {}
    for power, given in sorted(by_power.items()):
        _splits(v, power, [(i, o) for i, o in given if isinstance(o, SplitDeck)])
        _primary(v, board, position, power, [(i, o) for i, o in given if _is_primary(o)], primary_of, season)
    for power, given in sorted(by_power.items()):
        _secondary(v, board, position, power, [(i, o) for i, o in given if isinstance(o, PlayCard)
                                               and o.deck is Deck.SECONDARY], primary_of, season)
    if no_primary == "discard":
        _discard_for_silent(v, position, set(primary_of) | _discarded(v, cards), season)
    v.plays.sort()
    return v


def _is_primary(o: CardOrder) -> bool:
    return isinstance(o, DiscardCard) or (isinstance(o, PlayCard) and o.deck is Deck.PRIMARY)


def _discarded(v: Verdicts, cards: Sequence[tuple[int, CardOrder]]) -> set[str]:
    return {o.power for i, o in cards if isinstance(o, DiscardCard) and i in v.notes}


def _splits(v: Verdicts, power: str, given: list[tuple[int, SplitDeck]]) -> None:
    for n, (i, o) in enumerate(given):
        hand = v.state.hand(power)
        wrong = [c for c in set(o.secondary) if o.secondary.count(c) > DECK.get(c, 0)]
        if n > 0:
            v.illegal[i] = "the deck is split once; an earlier SPLIT line counts"
        elif not hand.untouched:
            v.illegal[i] = f"{power} has played or discarded a card: the split is made before the game (rule 3)"
        elif len(o.secondary) != SECONDARY_SIZE:
            v.illegal[i] = f"the secondary deck holds {SECONDARY_SIZE} cards, not {len(o.secondary)} (rule 3)"
        elif wrong:
            v.illegal[i] = f"the deck does not hold that many: {deck_text(wrong)} (rule 2)"
        else:
            v.state = v.state.with_hand(power, hand.split(o.secondary))
            v.notes[i] = Acted("succeeds", f"secondary deck {deck_text(o.secondary)}")


def _primary(v: Verdicts, board: GameMap, position: Position, power: str,
             given: list[tuple[int, CardOrder]], primary_of: dict[str, PlayCard], season: str) -> None:
    done = False
    for i, o in given:
        hand = v.state.hand(power)
        card = o.card  # type: ignore[attr-defined]
        if done:
            v.illegal[i] = "one primary card a season is played or discarded; an earlier one counts (rule 3)"
        elif isinstance(o, PlayCard) and o.condition is not None:
            v.illegal[i] = "a card from the primary deck may not be conditional on what another power does (rule 3)"
        elif card not in hand.primary:
            v.illegal[i] = _not_held(power, card, hand.primary, "primary")
        elif isinstance(o, PlayCard) and (why := target_problem(board, position, o)):
            v.illegal[i] = why
        else:
            done = True
            if isinstance(o, DiscardCard):
                v.state = v.state.with_hand(power, hand.throw(card))
                v.notes[i] = Acted("succeeds", f"{card.title} put on {power}'s discard pile")
            else:
                v.state = v.state.with_hand(power, hand.play(card, False, season))
                v.plays.append((i, o))  # type: ignore[arg-type]
                primary_of[power] = o  # type: ignore[assignment]


def _not_held(power: str, card: Card, left: tuple[Card, ...], deck: str) -> str:
    if card not in DECK:
        return f"{card.title} is in no deck (rule 2 names it, but no power holds it)"
    return f"{power}'s {deck} deck holds no {card.title} (left: {deck_text(left)})"


def _met(condition: Condition, primary_of: dict[str, PlayCard]) -> bool:
    play = primary_of.get(condition.power)
    if play is None or play.card is not condition.card:
        return False
    if condition.unit is not None and play.target_province != condition.unit.province:
        return False
    return condition.place is None or play.target_province == condition.place.province


def _secondary(v: Verdicts, board: GameMap, position: Position, power: str, given: list[tuple[int, PlayCard]],
               primary_of: dict[str, PlayCard], season: str) -> None:
    played: PlayCard | None = None
    for i, o in given:
        hand = v.state.hand(power)
        if played is not None:
            v.illegal[i] = (f"at most two cards a season, one from each deck: {played.card.title} was played "
                            "from the secondary deck (rule 3)")
        elif o.card not in hand.secondary:
            v.illegal[i] = _not_held(power, o.card, hand.secondary, "secondary")
        elif o.condition is not None and o.condition.power == power:
            v.illegal[i] = "a secondary card may wait for another power's primary card, not its own (rule 3)"
        elif why := target_problem(board, position, o):
            v.illegal[i] = why
        elif o.condition is not None and not _met(o.condition, primary_of):
            v.failed[i] = Acted("fails", f"{o.condition.power} did not play that card; {o.card.title} stays in the deck")
        else:
            played = o
            v.state = v.state.with_hand(power, hand.play(o.card, True, season))
            v.plays.append((i, o))


def _discard_for_silent(v: Verdicts, position: Position, acted: set[str], season: str) -> None:
    """Option ``no_primary=discard``: a power in the game that played or discarded no primary card
    has one discarded for it, drawn by the game's generator."""
    for power in position.powers():
        hand = v.state.hand(power)
        if power in acted or not hand.primary:
            continue
        titles = [c.title for c in hand.primary]
        pick, state = draw(v.state, f"{season}, a primary card discarded for {power}", titles)
        card = next(c for c in hand.primary if c.title == pick)
        v.state = state.with_hand(power, hand.throw(card))
        v.events.append((DiscardCard(power, card), Acted("succeeds", f"{power} sent no primary card: {card.title} "
                                                                 f"discarded for it ({v.state.draws[-1]})")))
