"""Run a test case: adjudicate each of its phases and compare with what the case expects."""
from __future__ import annotations

from dataclasses import field, replace

from dipsat.cli.deviations import DEVIATIONS
from dipsat.model.cases import STANDARD_PHASES, Case, Expected, Step
from dipsat.model.errors import CaseFileError, InputError
from dipsat.model.notation import format_order
from dipsat.model.reasons import CivilDisorder, Reason
from dipsat.model.types import Disband, Order, Phase, Position
from dipsat.model.values import value_class
from dipsat.solver import Resolution, Rules
from dipsat.solver.presets import RulesError, describe, rules_from_text
from dipsat.variants import Variant, find_variant, merge_specs
from dipsat.variants.framework.engine import RefusedOrder


@value_class(slots=False)
class OrderCheck:
    """One order of a case: what was expected, what happened, and why."""

    order: str
    expected: str | None
    actual: str
    reason: str
    why: Reason | None = None
    """The typed reason (the ``why`` object of ``--json``)."""

    @property
    def passed(self) -> bool:
        """True when nothing was expected or the result matches."""
        return self.expected is None or self.expected == self.actual


@value_class(slots=False)
class CaseReport:
    """The outcome of running one case."""

    id: str
    title: str
    rules: str
    orders: tuple[OrderCheck, ...]
    differences: tuple[str, ...]
    """Every mismatch in words: orders, automatic orders and the board after."""
    has_expectations: bool
    resolutions: tuple[Resolution, ...] = field(default=(), compare=False, repr=False)
    deviation: str | None = None
    """Why a failure of this case is a known, conscious deviation (see :func:`known_deviation`)."""

    @property
    def passed(self) -> bool:
        """True when every expectation holds."""
        return not self.differences


def expected_words(expected: Expected | None, rules: Rules, variant: Variant | None = None,
                   case: Case | None = None) -> str | None:
    """The words expected under ``rules`` (and, for a case of a variant, its choices in force):
    the alternative whose key names exactly these, else the default words. A key names rules
    (presets, options) and the variant's own options (``bubble_sea=yes``); what it leaves out is
    the case's own (:func:`key_matches`)."""
    if expected is None:
        return None
    for key, words in expected.alternatives.items():
        if key_matches(key, rules, variant, case):
            return words
    return expected.words


def split_key(variant: Variant | None, key: str) -> tuple[str | None, dict[str, str]]:
    """An alternative's key (or a ``--rules`` text) split into its rules part (``None``: none)
    and the options of ``variant`` it names: ``"1982,bubble_sea=yes"`` -> ``("1982", {"bubble_sea": "yes"})``."""
    rules_parts, chosen = [], {}
    for part in (p.strip() for p in key.split(",")):
        name, sep, value = part.partition("=")
        if sep and variant is not None and name.strip().lower() in variant.options:
            chosen[name.strip().lower()] = value.strip().lower()
        elif part:
            rules_parts.append(part)
    return (",".join(rules_parts) or None), chosen


def key_matches(key: str, rules: Rules, variant: Variant | None, case: Case | None) -> bool:
    """``key`` names exactly ``rules`` and ``variant``'s choices, reading what it leaves out as the
    case's own rules and ``VARIANT`` options."""
    own = check_case(case) if case is not None else None
    rules_part, chosen = split_key(own, key)
    if rules_from_text(rules_part or (case.rules if case is not None else "datc")) != rules:
        return False
    if own is None or variant is None:
        return not chosen
    return dict(own.with_options(**chosen).choices) == dict(variant.choices)


def alternative_keys(case: Case) -> list[str]:
    """The rules under which the case states other expected results, in file order."""
    return list(dict.fromkeys(k for step in case.steps for e in step.expected if e is not None
                              for k in e.alternatives))


def run_case(case: Case, rules_text: str | None = None) -> CaseReport:
    """Adjudicate every step of ``case`` (under its own rules unless ``rules_text`` is given;
    ``rules_text`` may also name options of the case's variant, as an alternative's key does:
    ``bubble_sea=yes``).

    Under other rules the order results are checked against the alternative the case states for
    those rules, else its default words. The board after (and ``AUTO``) is stated for the case's
    own rules: under rules for which the case states an alternative result it is not checked
    (the alternative words are the expectation); under any other rules it is, as written (a case
    file that states only boards, as jDip's, is never left without a check).
    """
    own = check_case(case)
    rules_part, chosen = split_key(own, rules_text or "")
    variant = own.with_options(**chosen) if chosen else own
    rules = rules_from_text(rules_part or case.rules)
    position = case.start
    checks: list[OrderCheck] = []
    differences: list[str] = []
    resolutions = []
    has_expectations = False
    board_stated = (rules == rules_from_text(case.rules) and dict(variant.choices) == dict(own.choices)) or not any(
        key_matches(key, rules, variant, case) for key in alternative_keys(case))
    if case.state:
        position = _read_state(variant, case, position, case.state)
    for n, step in enumerate(case.steps):
        if n > 0:
            position, problem = _at_stated_phase(step, position, variant.engine is not None)
            if problem:
                differences.append(problem)
        try:
            res = variant.adjudicate(position, step.orders, rules, advance=False)
        except RefusedOrder as exc:
            line = step.lines[exc.index] if exc.index < len(step.lines) else step.line or case.line or None
            raise CaseFileError(f"case {case.id}: {exc.message}", case.source or None, line) from None
        resolutions.append(res)
        for i, (order, result) in enumerate(zip(step.orders, res.results)):
            want = expected_words(step.expected[i] if i < len(step.expected) else None, rules, variant, case)
            has_expectations |= want is not None
            check = OrderCheck(format_order(order, variant.map, "long"), want, result.words, result.reason,
                               result.why)
            checks.append(check)
            if not check.passed:
                differences.append(f"{check.order}: expected {want}, got {check.actual} ({check.reason})")
        if board_stated:
            differences += _auto_differences(variant, step, res)
        if step.after is not None and board_stated:
            has_expectations = True
            differences += _board_differences(variant, step.after, res.after)
        if step.after_state is not None and board_stated:
            differences += _state_differences(variant, case, step.after_state, res.after)
        has_expectations |= bool(step.auto) and board_stated
        position = res.after
    return CaseReport(case.id, case.title, describe(rules), tuple(checks), tuple(differences),
                      has_expectations, tuple(resolutions), known_deviation(case))


def as_variant(case: Case, given: str) -> Case:
    """``case`` played as the variant ``--variant`` names, merged with the case's own ``VARIANT``
    line: the case's options hold unless ``given`` names the same option; a standard case is
    played as ``given`` (:func:`~dipsat.variants.framework.options.merge_specs`).

    Raises:
        CaseFileError: at the case's ``VARIANT`` line: ``given`` names another variant.
    """
    try:
        return replace(case, variant=merge_specs(given, case.variant))
    except InputError as exc:
        raise CaseFileError(f"case {case.id}: {exc.message}", case.source or None,
                            case.head_lines.get("variant", case.line or None)) from None


def _read_state(variant: Variant, case: Case, position: Position, lines: tuple[tuple[int, str], ...]) -> Position:
    """``position`` with the variant's state the case's ``STATE`` lines set.

    Raises:
        CaseFileError: at the line: the variant keeps no state a case states, or cannot read the line.
    """
    for line, text in lines:
        key, _, words = text.partition(":")
        if variant.state_notation is None:
            raise CaseFileError(f"variant {variant.name} keeps no state a case states: {text!r}", case.source or None, line)
        try:
            position = variant.state_notation.read(variant, position, key.strip().lower(), words.strip())
        except InputError as exc:
            raise CaseFileError(f"STATE {text!r}: {exc.message}", case.source or None, line) from None
    return position


def _state_differences(variant: Variant, case: Case, lines: tuple[tuple[int, str], ...], got: Position) -> list[str]:
    """The keys ``AFTER``'s ``STATE`` lines state, compared with the state after the phase (each
    read back in the variant's words, so the order of a list does not matter)."""
    if not lines:
        return []
    want = variant.state_notation.write(variant, _read_state(variant, case, got, lines)) if \
        variant.state_notation is not None else {}
    have = variant.state_notation.write(variant, got) if variant.state_notation is not None else {}
    found = []
    for line, text in lines:
        key = text.partition(":")[0].strip().lower()
        if want.get(key) != have.get(key):
            found.append(f"after, state {key} (line {line}): expected {want.get(key) or 'none'}, "
                         f"got {have.get(key) or 'none'}")
    return found


def known_deviation(case: Case) -> str | None:
    """The case's own stated deviation (its reader knows the source), else the DATC v3.2 one."""
    return case.deviation or DEVIATIONS.get(case.id)


def check_case(case: Case) -> Variant:
    """Check what a case names before it is played; return its variant.

    Raises:
        CaseFileError: at the case's line: an unknown variant or rules (``VARIANT``, ``RULES``, the
            key of an alternative result), or a phase that the variant never plays
            (``Summer 1901 Movement`` on the standard board).
    """
    where = case.source or None
    head = case.head_lines
    try:
        variant = find_variant(case.variant)
    except ValueError as exc:
        raise CaseFileError(str(exc).removeprefix(f"{where}: ") if isinstance(exc, InputError) else str(exc),
                            where, head.get("variant", case.line or None)) from None
    try:
        rules_from_text(case.rules)
    except RulesError as exc:
        raise CaseFileError(f"RULES {case.rules}: {exc}", where, head.get("rules", case.line or None)) from None
    boards = [case.start, *(step.after for step in case.steps if step.after is not None)]
    for lasting in (c for board in boards for c in board.changes if c.until is not None):
        if variant.engine is None and (lasting.until.season, lasting.until.kind) not in STANDARD_PHASES:
            raise CaseFileError(f"'{lasting}': variant {variant.name} has no phase {lasting.until} (its phases: "
                                "Spring and Fall Movement and Retreat, Winter Adjustment)", where, case.line or None)
    for step in case.steps:
        if variant.engine is None and (step.phase.season, step.kind) not in STANDARD_PHASES:
            raise CaseFileError(f"variant {variant.name} has no phase {step.phase} (its phases: Spring and Fall "
                                "Movement and Retreat, Winter Adjustment)", where, step.line or case.line or None)
        for i, expected in enumerate(step.expected):
            for key in expected.alternatives if expected is not None else ():
                try:
                    rules_part, chosen = split_key(variant, key)
                    rules_from_text(rules_part or case.rules)
                    variant.with_options(**chosen)
                except (RulesError, InputError) as exc:
                    line = step.lines[i] if i < len(step.lines) else case.line or None
                    raise CaseFileError(f"alternative result '{key}: ...': {exc}", where, line) from None
    return variant


def _at_stated_phase(step: Step, position: Position, advances: bool) -> tuple[Position, str]:
    """The board at the phase a step states, and a difference when the game cannot be there.

    A stated phase the game skipped (a retreat with nobody dislodged, a Winter with nothing to
    adjust) is played as stated, so the steps after it keep their phases. A stated phase later
    than the one a variant's engine has advanced to leaves out a phase with orders to give: that
    is a difference (the case fails, and says why), and the step is played at its stated phase.
    (The standard sequence, adjudicated without advancing, always takes the stated phase.)
    """
    problem = ""
    if advances and step.phase.key > position.phase.key:
        where = f" (line {step.line})" if step.line else ""
        problem = (f"PHASE {step.phase}{where}: the game is at {position.phase}, a phase with orders "
                   "to give that the case leaves out")
    return position.with_phase(step.phase), problem


def _auto_differences(variant: Variant, step: Step, res: Resolution) -> list[str]:
    if not step.auto:
        return []  # nothing stated: an expected board after the phase still shows removals
    want = {_key(o) for o in step.auto}
    got = {_key(g.order) for g in res.generated if isinstance(g.why, CivilDisorder)}
    if want == got:
        return []
    show = lambda keys: ", ".join(sorted(keys)) or "none"  # noqa: E731
    return [f"automatic orders: expected {show(want)}, got {show(got)}"]


def _key(order: Order) -> str:
    return f"{order.power}: {order}" if isinstance(order, Disband) else str(order)


def _board_differences(variant: Variant, want: Position, got: Position) -> list[str]:
    found = []
    w_units = {p: str(pc) for p, pc in want.units.items()}
    g_units = {p: str(pc) for p, pc in got.units.items()}
    for p in sorted(w_units.keys() | g_units.keys()):
        if w_units.get(p) != g_units.get(p):
            found.append(f"after, {p}: expected {w_units.get(p, 'empty')}, got {g_units.get(p, 'empty')}")
    w_dis = {p: str(d) for p, d in want.dislodged.items()}
    g_dis = {p: str(d if want.dislodged.get(p) is None or want.dislodged[p].attacker_origin
                     else replace(d, attacker_origin=None)) for p, d in got.dislodged.items()}
    for p in sorted(w_dis.keys() | g_dis.keys()):
        if w_dis.get(p) != g_dis.get(p):
            found.append(f"after, dislodged in {p}: expected {w_dis.get(p, 'none')}, got {g_dis.get(p, 'none')}")
    if want.centres and dict(want.centres) != dict(got.centres):
        found.append(f"after, centres: expected {dict(want.centres)}, got {dict(got.centres)}")
    return found + _stack_and_change_differences(want, got)


def _stack_and_change_differences(want: Position, got: Position) -> list[str]:
    """Pieces sharing a province, and the lasting changes of the board (when the case states some)."""
    if not (want.stacked or got.stacked or want.changes):
        return []
    found = []
    w_stacks = {p: sorted(map(str, v)) for p, v in want.stacked.items()}
    g_stacks = {p: sorted(map(str, v)) for p, v in got.stacked.items()}
    for p in sorted(w_stacks.keys() | g_stacks.keys()):
        if w_stacks.get(p) != g_stacks.get(p):
            found.append(f"after, also in {p}: expected {', '.join(w_stacks.get(p, [])) or 'nothing'}, "
                         f"got {', '.join(g_stacks.get(p, [])) or 'nothing'}")
    if want.changes:
        w_changes = sorted(map(str, want.changes))
        g_changes = sorted(str(c) for c in got.changes if c.in_force(want.phase))
        if w_changes != g_changes:
            found.append(f"after, changes: expected {'; '.join(w_changes)}, got {'; '.join(g_changes) or 'none'}")
    return found
