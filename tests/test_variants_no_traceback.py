"""Issue 21: no input ends in a traceback, however a variant's special orders, votes and draws
combine (hypothesis, random boards and random orders per variant).

A board is a case read by the case reader (so it is one the variant accepts: its kinds, its
stacks, Marvin and Zaphod once); orders are drawn from each variant's templates, sensible and
not (a lift by a unit far away, a vote out of reach, a ban of one's own unit, a second order),
read by the variant's reader (text it cannot read is left out, as a file would stop with an
error). Three phases are played from the board: the phase drawn, then whatever follows with no
orders. The only exception allowed is an :class:`~dipsat.model.errors.InputError` (an error the
user is told about: a refused draw or vote); anything else is a bug. Sorcerous and The Gathering
have their own property (branch variants-sg).
"""
from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dipsat.model.cases import read_cases
from dipsat.model.errors import InputError
from dipsat.model.types import Location, Result
from dipsat.solver import DATC
from dipsat.variants import find_variant, read_order

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.filter_too_much])

PHASES = ("Spring 1901 Movement", "Fall 1901 Movement", "Spring 1902 Movement", "Winter 1901 Adjustment")

TEMPLATES = {
    "hitchhiker": ("{u} H", "{u} - {p}", "{u} S {v}", "{u} S {v} - {p}", "{u} C {v} - {p}", "{u} L H {h} - {p}",
                   "{u} L H {h} - {q}", "{u} L H {p} - {q}", "VOTE MARVIN {p}", "VOTE MARVIN HOLD", "VOTE ZAPHOD {abc}",
                   "SUNGLASSES OFF {u}", "NBO {p}", "Build {k} {p}", "Disband {u}", "{u} - {p} if {v} holds",
                   "GM: SEED {n}", "GM: DRAW Zaphod's move: {p}", "GM: DRAW Marvin's move (tied vote): {p}",
                   "GM: DRAW Zaphod's action (no vote): {abc}", "GM: DRAW victim of {u} - {p}: {q}"),
    "vain_star": ("{u} H", "{u} - {p}", "{u} S {v}", "{u} S {v} - {p}", "{u} C {v} - {p}", "THIEF {u}",
                  "PIRATE {u} C {v} - {p}", "TELEPORT {u} - {p}", "EVIL EYE {u} - {p}", "EVIL EYE {u} H",
                  "SUPERMAN {u}", "LEPER {u}", "PILOT {u} - {p} - {q}", "AMPHIBIANS {u}",
                  "PETROL RATIONING {u} +2", "LETHAL STAND OFF", "BOMBER {p}", "SPRING RAID",
                  "Build {k} {p}", "Disband {u}"),
    "telepath": ("{u} H", "{u} - {p}", "{u} S {v}", "{u} S {v} - {p}", "{u} C {v} - {p}", "BAN {power} {u} - {p}",
                 "BAN {power} {u}", "BAN {power} {v} - {q}", "Build {k} {p}", "Disband {u}"),
}
"""Variant -> the shapes of its orders (``{u}``, ``{v}``: units of the board; ``{h}``: a
hitch-hiker's province; ``{p}``, ``{q}``: provinces near them or anywhere; ``{k}``: a kind letter)."""


@st.composite
def games(draw, name: str):
    """A variant's board (read by the case reader) and the texts of one phase's orders."""
    variant = find_variant(name)
    gmap = variant.map
    provinces = sorted(gmap.provinces)
    powers = [p for p in gmap.powers if p != "GM"]
    letters = [k.letter for k in variant.unit_kinds if k.owned]
    lines, pieces = [], []
    centre = draw(st.sampled_from(provinces))
    near = sorted({centre, *gmap.neighbours(gmap.unit_kinds[0], Location(centre))} |
                  {q for p in gmap.neighbours(gmap.unit_kinds[0], Location(centre))
                   for q in gmap.neighbours(gmap.unit_kinds[0], Location(p))})
    for _ in range(draw(st.integers(2, 9))):
        province = draw(st.sampled_from(near) if draw(st.booleans()) else st.sampled_from(provinces))
        letter = draw(st.sampled_from(letters))
        coasts = gmap.fleet_locations(province) if letter == "F" else ()
        place = str(draw(st.sampled_from(coasts))) if coasts else province
        power = "Hitch-hiker" if letter == "H" else "Vogon" if letter == "V" else draw(st.sampled_from(powers))
        lines.append(f"{power}: {letter} {place}")
        pieces.append((power, f"{letter} {place}"))
    if name == "hitchhiker":
        for who, letter in (("Marvin", "P"), ("Zaphod", "Z")):
            if draw(st.booleans()):
                lines.append(f"{who}: {letter} {draw(st.sampled_from(near))}")
    owners = draw(st.lists(st.tuples(st.sampled_from(powers), st.sampled_from(sorted(gmap.supply_centres))),
                           max_size=8, unique_by=lambda t: t[1]))
    phase = draw(st.sampled_from(PHASES))
    centres = "".join(f"{p}: {c}\n" for p, c in owners)
    text = (f"CASE r\nVARIANT {name}\nPHASE {phase}\nUNITS\n" + "\n".join(lines) + "\n"
            + (f"CENTRES\n{centres}" if centres else "") + "ORDERS\nEND\n")
    try:
        case = read_cases(text, "r.txt", order_reader=read_order)[0]
    except InputError:
        assume(False)
    spots = near + [draw(st.sampled_from(provinces))]
    orders = []
    winter = phase.endswith("Adjustment")
    common = [t for t in TEMPLATES[name] if not t.startswith(("GM:", "VOTE"))
              and t.startswith(("Build", "Disband", "NBO")) == winter]
    rare = [t for t in TEMPLATES[name] if t.startswith(("GM:", "VOTE"))] or common
    players = sorted({p for p, _ in pieces} | {p for p, _ in owners})
    for _ in range(draw(st.integers(0, 10))):
        roll = draw(st.integers(0, 11))
        shape = draw(st.sampled_from(rare if roll == 0 else TEMPLATES[name] if roll == 1 else common))
        owner, unit = draw(st.sampled_from(pieces))
        hikers = [u.split()[1] for _, u in pieces if u.startswith("H ")] or spots
        others = [u for _, u in pieces if u != unit] or [unit]
        words = {"u": unit, "v": draw(st.sampled_from(others)), "h": draw(st.sampled_from(hikers)),
                 "p": draw(st.sampled_from(spots)), "q": draw(st.sampled_from(spots)),
                 "k": draw(st.sampled_from(letters)), "abc": draw(st.sampled_from("abc")),
                 "n": draw(st.integers(0, 99)), "power": draw(st.sampled_from([owner, owner, *powers]))}
        if shape.startswith("GM:"):
            who = "GM"
        elif "{u}" in shape and draw(st.integers(0, 5)):  # mostly the unit's owner (a lift: or the Hitch-hiker)
            who = "Hitch-hiker" if " L H " in shape and draw(st.booleans()) else owner
        else:
            who = draw(st.sampled_from(players if draw(st.integers(0, 5)) else powers))
        orders.append((who, shape.removeprefix("GM: ").format(**words)))
    return variant, case.start, orders


def _play(variant, position, texts) -> None:
    """Read the orders the variant can read, play three phases; only an InputError may stop it."""
    orders = []
    for power, text in texts:
        try:
            orders.append(variant.parse_order(text, power, position))
        except InputError:
            continue
    try:
        res = variant.adjudicate(position, orders, DATC)
    except InputError:
        return
    assert len(res.results) == len(orders)
    assert all(isinstance(r.result, Result) for r in res.results)
    after = res.after
    for _ in range(2):
        after = variant.adjudicate(after, [], DATC).after


@SETTINGS
@given(games("hitchhiker"))
def test_hitchhiker_never_ends_in_a_traceback(game):
    """Lifts, stacks, ships, bubble-cars, Marvin, Zaphod, votes and stated draws in any mix."""
    _play(*game)


@SETTINGS
@given(games("vain_star"))
def test_vain_star_never_ends_in_a_traceback(game):
    """The twelve special powers in any mix, on any board."""
    _play(*game)


@SETTINGS
@given(games("telepath"))
def test_telepath_never_ends_in_a_traceback(game):
    """Bans of any unit, forecast or not, in any number."""
    _play(*game)
