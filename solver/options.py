"""Rule options: each DATC chapter-4 issue that changes an outcome, as a named choice.

A :class:`Rules` value holds one choice name per issue; the default of every field is the DATC
v3.2 preference. What a choice does lives where its concept lives, as a choice of function or
of rule module, never as an ``if`` inside shared adjudication code:

* order legality and matching: :mod:`dipsat.solver.order_choices` (looked up by choice name);
* the constraint model: :meth:`Rules.movement_rules` picks the rule modules
  (:mod:`dipsat.solver.rules`) that carry the chosen semantics;
* paradox backup rules: :mod:`dipsat.solver.paradox`;
* retreats and adjustments: :mod:`dipsat.solver.retreat`, :mod:`dipsat.solver.adjustment`.
"""
from __future__ import annotations

from dataclasses import fields, replace
from types import MappingProxyType
from typing import Mapping

from dipsat.model.values import value_class


@value_class(slots=False)
class Option:
    """One DATC rule issue: its number, what it decides, and the choices with their meaning."""

    name: str
    issue: str
    question: str
    choices: Mapping[str, str]
    """Choice name -> what it means; the first is the DATC v3.2 preference."""

    @property
    def default(self) -> str:
        """The DATC v3.2 preference."""
        return next(iter(self.choices))


def _option(name: str, issue: str, question: str, **choices: str) -> Option:
    return Option(name, issue, question, MappingProxyType({k.lstrip("_"): v for k, v in choices.items()}))


OPTIONS: dict[str, Option] = {o.name: o for o in (
    _option("multi_route", "4.A.1", "When is a convoy with several routes disrupted?",
            _2023="when every route is disrupted (1982 and later rulebooks)",
            _1971="when any one route is disrupted (1971 rulebook)"),
    _option("paradox", "4.A.2", "How are convoy paradoxes settled?",
            szykman="Szykman: the convoys of the fleets in the paradox are not available",
            all_hold="All Hold: every move and convoy in the paradox fails",
            _1971="1971 rule: a convoyed army does not cut the support of a fleet supporting a fleet "
                  "attacking one of its convoying fleets (Szykman as backup)",
            _1982="1982 rule: a convoyed army does not cut the support of a fleet supporting an "
                  "action in a sea holding a convoying fleet (Szykman as backup)",
            _2000="2000/2023 rule: a convoyed army does not cut the support of a unit supporting an "
                  "attack on a fleet its convoy needs (Szykman as backup)"),
    _option("convoy_adjacent", "4.A.3", "When does an army that could walk go by convoy?",
            _2000="when written 'via convoy' or a fleet of its own power convoys it (2000/2023)",
            _1971="only when the unit at the destination moves the opposite way (1971)",
            _1982="when its own player orders a convoy for it (1982 intent)",
            dptg="only when written 'via convoy' (DPTG)",
            godip="when a fleet of its own power ordered to convoy it lies on a chain of any fleets, "
                  "or 'via convoy' with a route ordered; else over land, 'via convoy' or not "
                  "(the Droidippy/godip judge)",
            mila="when 'via convoy' with a route ordered, or when the ordered convoys form a route and "
                 "one of them is of its own power; else over land (the diplomacy package)",
            _2000_fallback="as 2000, with the land route as fallback (DATC v2): an army whose convoy "
                           "is not ordered or is disrupted walks instead; head-to-head battles exist "
                           "only while it walks"),
    _option("convoy_cut_origin", "4.A.4", "Does a convoyed attack from the supported-into province cut support?",
            army_origin="no: the attack comes from where the army started (Calhamer)",
            convoy="yes: a convoyed attack comes from the sea",
            brannan="Brannan's rule (v3.2): a convoyed attack comes from its last convoying fleet's "
                    "province: it cuts unless that is where the support is directed, and it meets a "
                    "unit moving from its destination into that province head to head"),
    _option("retreat_to_convoy_origin", "4.A.5", "May a unit dislodged by a convoyed attack retreat to the attacker's origin?",
            allowed="yes (2023 rulebook)", forbidden="no",
            mila="yes, and every province next to it is offered, occupied or left empty by a standoff "
                 "(the unit is never destroyed); a retreat is accepted into any vacant one (the "
                 "diplomacy package's defect)"),
    _option("dislodged_effect", "4.A.7", "Where has a dislodged unit no effect?",
            head_to_head="on the attacker's origin, when it was a head-to-head battle",
            never="on the attacker's origin, always (also when the attacker was convoyed)"),
    _option("coast_omitted", "4.B.2", "A fleet move to a split-coast province without coast, one coast reachable:",
            attempt="moves to the only reachable coast", fails="fails"),
    _option("coast_impossible", "4.B.3", "A fleet move to a coast it cannot reach:",
            illegal="is illegal", ignore="moves to the coast it can reach, if there is one"),
    _option("support_coast", "4.B.4", "The coast in a support of a fleet's move to a split-coast province:",
            strict="may be left out; when named, it must be the coast the fleet moves to (2023, v3.2 c)",
            illegal="must be named: a support without it is illegal (v3.2 a)",
            same_power="may be left out only for a unit of the supporter's own power (Calhamer, v3.2 b)",
            ignore="is ignored altogether",
            mila="is ignored when a fleet gives the support and must be the coast the fleet moves "
                 "to when an army gives it (the diplomacy package)"),
    _option("unit_coast", "4.B.5", "An order naming the wrong coast of a fleet (the ordered or the supported one):",
            ignore="the coast is ignored", illegal="the order is illegal (v3.2 choice a)"),
    _option("irrelevant_coast", "4.B.6", "A coast named for an army's destination:",
            ignore="is ignored", illegal="makes the order illegal (v3.2 choice a)"),
    _option("unit_designation", "4.C.2", "An order naming the wrong unit type:",
            ignore="is carried out (the type is ignored)", invalid="is invalid; the unit holds"),
    _option("fleet_inland_build", "4.C.4", "A fleet built in a province without coast:",
            fails="fails", army="builds an army"),
    _option("several_orders", "4.D.3", "A unit given several different legal orders:",
            first="carries out the first (2025 rulebook, DATC v3.2)", last="carries out the last",
            all_void="holds; all those orders are illegal (DATC v3.0)"),
    _option("too_many_builds", "4.D.4", "More builds than allowed:",
            first="the first legal ones count", last="the last legal ones count",
            all_void="all builds are illegal"),
    _option("same_province_builds", "4.D.5", "Two builds in one province:",
            first="the first counts", last="the last counts", all_fail="both fail"),
    _option("too_many_disbands", "4.D.6", "More disbands than due:",
            first="the first legal ones count", last="the last legal ones count",
            civil_disorder="all are replaced by the civil-disorder rule"),
    _option("waive", "4.D.7", "May a build be waived?", allowed="yes (2000/2023)", forbidden="no"),
    _option("civil_disorder", "4.D.8", "Which units are removed when a power disbands too few?",
            _2023="farthest from the nearest owned centre, moving over land and sea alike (2023)",
            home_distance="farthest from the nearest home centre, fleets by sea only (pre-2023 practice)",
            home_coast_distance="as home_distance, but a fleet counts from its own coast, coast by "
                                "coast (the diplomacy package)",
            godip="farthest from the nearest home centre, owned or not, every unit moving over land "
                  "and sea alike; ties: fleets first, then by godip's province abbreviation "
                  "(the Droidippy/godip judge)"),
    _option("hold_support_civil_disorder", "4.D.9", "Support to hold a unit of a power that ordered nothing:",
            given="is given", fails="is invalid"),
    _option("own_support_via", "5.B.8", "Does the attacked power's support count for a convoyed move written 'via convoy'?",
            no="no: a power's support never helps to dislodge its own unit (DATC 5.B.8)",
            mila="yes, for a convoyed move written 'via convoy' (the diplomacy package's defect)"),
    _option("head_to_head_defend", "5.B.7", "In a head-to-head battle, which supports count in a move's defend strength?",
            every="every support given to the move, whoever gives it (DATC 5.B.7)",
            mila="not those given by the power of the unit the move attacks, when each move is supported by the "
                 "other's power (the diplomacy package's defect: each side counted as when it attacks)"),
    _option("convoy_disruption", "5.B.3", "When is a convoy disrupted?",
            dislodged="when the convoying fleet is dislodged (DATC 5.B.3)",
            mila="also when a foreign move into the fleet's province, counting every support (the "
                 "fleet's own power's too), is stronger than its hold (the diplomacy package's defect)"),
)}
"""Every rule option by name, in DATC order."""


@value_class
class Rules:
    """The resolution semantics in force: one choice per DATC rule issue (DATC v3.2 defaults)."""

    multi_route: str = "2023"
    paradox: str = "szykman"
    convoy_adjacent: str = "2000"
    convoy_cut_origin: str = "army_origin"
    retreat_to_convoy_origin: str = "allowed"
    dislodged_effect: str = "head_to_head"
    coast_omitted: str = "attempt"
    coast_impossible: str = "illegal"
    support_coast: str = "strict"
    unit_coast: str = "ignore"
    irrelevant_coast: str = "ignore"
    unit_designation: str = "ignore"
    fleet_inland_build: str = "fails"
    several_orders: str = "first"
    too_many_builds: str = "first"
    same_province_builds: str = "first"
    too_many_disbands: str = "first"
    waive: str = "allowed"
    civil_disorder: str = "2023"
    hold_support_civil_disorder: str = "given"
    own_support_via: str = "no"
    head_to_head_defend: str = "every"
    convoy_disruption: str = "dislodged"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            allowed = OPTIONS[f.name].choices
            if value not in allowed:
                raise ValueError(f"unknown choice {value!r} for rule option {f.name!r} "
                                 f"(DATC {OPTIONS[f.name].issue}); choose one of {', '.join(allowed)}")

    def with_choices(self, **choices: str) -> Rules:
        """This semantics with some options switched.

        Raises:
            ValueError: an unknown option or choice.
        """
        unknown = set(choices) - set(OPTIONS)
        if unknown:
            raise ValueError(f"unknown rule option {', '.join(sorted(unknown))}; "
                             f"options: {', '.join(OPTIONS)}")
        return replace(self, **choices)

    def changed(self) -> dict[str, str]:
        """The options whose choice is not the DATC preference."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != OPTIONS[f.name].default}

    def __str__(self) -> str:
        known = _TEXTS.get(id(self))
        if known is not None and known[0] is self:
            return known[1]
        text = ",".join(f"{f.name}={getattr(self, f.name)}" for f in fields(self))
        if len(_TEXTS) >= 256:
            _TEXTS.clear()
        _TEXTS[id(self)] = (self, text)
        return text


_TEXTS: dict[int, tuple[Rules, str]] = {}
"""Rules already written (each resolution carries its rules as text), by identity."""


DATC = Rules()
