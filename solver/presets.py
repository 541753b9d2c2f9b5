"""Named rule presets and the ``PRESET[,OPTION=CHOICE...]`` notation of ``--rules``.

A preset is a :class:`~dipsat.solver.options.Rules` value: the choices of one rulebook edition
or one judge. Where a rulebook is silent or ambiguous on an issue, the preset keeps the DATC
preference, except where the DATC names the common reading of that edition (noted below).
"""
from __future__ import annotations

from dipsat.solver.options import DATC, OPTIONS, Rules

_PRE_2023 = dict(civil_disorder="home_distance", retreat_to_convoy_origin="forbidden")
"""What every rulebook before 2023 shares in the DATC's reading: civil disorder by distance
to the home centres (4.D.8) and no explicit permission to retreat to a convoyed attacker's
origin (4.A.5: the 2023 rulebook added it)."""

PRESETS: dict[str, Rules] = {
    "datc": DATC,
    "2023": DATC.with_choices(paradox="2000"),
    "2000": DATC.with_choices(paradox="2000", **_PRE_2023),
    "1982": DATC.with_choices(paradox="1982", convoy_adjacent="1982", **_PRE_2023),
    "1971": DATC.with_choices(paradox="1971", convoy_adjacent="1971", multi_route="1971", **_PRE_2023),
    "dptg": DATC.with_choices(convoy_adjacent="dptg"),
    "droidippy": DATC.with_choices(civil_disorder="godip", convoy_adjacent="godip"),
    "mila": DATC.with_choices(support_coast="mila", convoy_adjacent="mila",
                              civil_disorder="home_coast_distance", own_support_via="mila",
                              head_to_head_defend="mila", convoy_disruption="mila", retreat_to_convoy_origin="mila",
                              several_orders="last", unit_designation="invalid"),
    "webdiplomacy": DATC.with_choices(convoy_adjacent="dptg", civil_disorder="home_coast_distance"),
}
"""Preset name -> the semantics it stands for.

* ``datc``: the DATC v3.2 preferences (2023 rulebook, Szykman for paradoxes). The default.
* ``2023``: the 2023/2025 rulebook as written: its own paradox rule (page 18), Szykman only as
  the backup for the paradoxes that rule leaves open.
* ``2000``, ``1982``, ``1971``: the older rulebooks' paradox, convoy and civil-disorder rules.
* ``dptg``: the Diplomacy Players' Technical Guide: an adjacent move goes by convoy only when
  written so.
* ``droidippy``: the Droidippy/godip judge of the archived games: civil disorder by distance to
  the nearest home centre; ``via convoy`` with no convoy ordered walks (found by replaying the
  40 archived games, 1,654 of 1,654 comparable phases agree).
* ``mila``: the ``diplomacy`` Python package 1.1.2, defects included, each an option whose
  ``mila`` choice reproduces it (benchmarks/PEER_DEFECTS.md): the coast in a support counted for
  an army only, its own reading of convoys to adjacent provinces, the attacked power's support
  counted for a move written VIA, a head-to-head defend strength without the attacker's power's
  supports, convoys disrupted by any stronger attack, retreats after a
  convoyed attack, civil disorder by home distance counted coast by coast for fleets, the last of
  several orders, an order naming the wrong unit type void. On fresh random games it plays, it
  agrees on at least 99.9 % of phases (``python -m benchmarks.mila_agreement``).
* ``webdiplomacy``: the webDiplomacy judge, as its games in the research datasets (the package's
  saved-game format) show: an army goes by convoy only when written ``via convoy`` (an army
  convoyed by its own power's fleet into a swap, without ``via``, is a land move and bounces),
  civil disorder by home distance counted coast by coast. On 1,444 phases of such games it agrees
  on all; ``mila`` differs on 1 (that swap), ``datc`` on 22 (civil disorder). See docs/judges.md.
"""


class RulesError(ValueError):
    """A ``--rules`` text names an unknown preset, option or choice."""


def rules_from_text(text: str) -> Rules:
    """Read ``datc`` or ``1982,paradox=all_hold`` or just ``paradox=all_hold`` (on ``datc``).

    Raises:
        RulesError: unknown preset, option or choice (the message lists what is known); an option given twice.
    """
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        return DATC
    head, rest = (parts[0], parts[1:]) if "=" not in parts[0] else ("datc", parts)
    rules = PRESETS.get(head.lower())
    if rules is None:
        raise RulesError(f"unknown rules preset {head!r}; known presets: {', '.join(PRESETS)}")
    choices = {}
    for part in rest:
        option, sep, choice = part.partition("=")
        if not sep:
            raise RulesError(f"expected OPTION=CHOICE after the preset, got {part!r}")
        option = option.strip()
        if option not in OPTIONS:
            raise RulesError(f"unknown rule option {option!r}; options: {', '.join(OPTIONS)}")
        if option in choices:
            raise RulesError(f"rule option {option!r} given twice in {text!r}")
        choices[option] = choice.strip()
    try:
        return rules.with_choices(**choices)
    except ValueError as e:
        raise RulesError(str(e)) from None


def describe(rules: Rules) -> str:
    """The shortest text that names ``rules``: a preset, plus the options that differ from it."""
    best = "datc"
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    diff = {k: v for k, v in rules.changed().items()}
    return ",".join([best, *(f"{k}={v}" for k, v in diff.items())])
