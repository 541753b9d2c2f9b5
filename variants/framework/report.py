"""A played game for people: the public report and the game master's view (text and JSON).

Vain Star rule 3: "The nationality of the player ordering the use of a power will not be
revealed". In the public view an order of a secret type (``SpecialOrder.secret``) is shown
without its power, after the other orders of its phase (sorted, so its place in the record
tells nothing either), and only when it took effect (a special that was illegal explains nothing);
the game master's view shows every order with its power and the specials each player has spent.
Everything is printed in a fixed order, so the same record gives the same bytes.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from dipsat.model.reasons import why_json
from dipsat.model.types import Hold, OrderResult, Position, Result
from dipsat.variants.framework.orders import SpecialOrder, unit_name
from dipsat.variants.framework.replay import GameReport, PhaseReport

__all__ = ["game_text", "game_json", "board_lines", "view_rows", "view_results"]

SECRET = "(secret)"


def _shown(r: OrderResult, gm: bool) -> bool:
    secret = isinstance(r.order, SpecialOrder) and r.order.secret
    return gm or not secret or r.result is not Result.ILLEGAL


def _who(r: OrderResult, gm: bool) -> str:
    secret = isinstance(r.order, SpecialOrder) and r.order.secret
    return SECRET if secret and not gm else r.order.power


def _listed(report: GameReport, orders: Any, gm: bool, hidden: frozenset[int] = frozenset()) -> list[Any]:
    """The orders shown, in order; in the public view the secret ones come last, sorted by their
    text, so that where they stood in the record (in which power's orders) reveals nothing, and
    the orders the variant keeps secret (``Resolution.secret``) are left out."""
    shown = [c for k, c in enumerate(orders) if _shown(c.result, gm) and (gm or k not in hidden)]
    if gm:
        return shown
    secret = [c for c in shown if _who(c.result, gm) == SECRET]
    secret.sort(key=lambda c: report.variant.format_order(c.result.order, "long"))
    return [c for c in shown if _who(c.result, gm) != SECRET] + secret


def view_rows(report: GameReport, pr: PhaseReport, gm: bool) -> list[tuple[Any, str, str]]:
    """The orders of a phase as a view shows them: (its check, who gave it, its text), in order.

    The one choice of what a view shows, for text, JSON, the HTML report and the pictures alike."""
    return [(c, _who(c.result, gm), _text(report, c.result.order, gm))
            for c in _listed(report, pr.orders, gm, pr.resolution.secret)]


def view_results(report: GameReport, pr: PhaseReport, gm: bool) -> list[OrderResult]:
    """The results a picture of the phase draws in a view (with the orders added by the rules).

    The public picture shows what the public text shows and no more: an order the text shows
    only by its public text (``NBO``) is not drawn (its target would tell), and an order shown
    without its power is drawn as the secret's, not in its power's colour."""
    if gm:
        return list(pr.resolution.results) + list(pr.resolution.generated)
    drawn = []
    for c, who, _ in view_rows(report, pr, gm):
        result = c.result
        if getattr(result.order, "public_text", None) is not None:
            continue
        if who == SECRET:
            try:
                result = replace(result, order=replace(result.order, power=SECRET))
            except TypeError:  # an order that cannot be drawn without its power is not drawn
                continue
        drawn.append(result)
    return drawn + list(pr.resolution.generated)


def board_lines(position: Position, names: Any) -> list[str]:
    """The board, one line per power: units, dislodged units, centres; then the lasting changes
    of the board in force, if any."""
    lines = [f"{position.phase}:"]
    pieces = list(position.all_pieces())
    powers = sorted({p.power for p in pieces} | set(position.centres.values())
                    | {d.piece.power for d in position.dislodged.values()})
    for power in powers:
        units = sorted(names(p.unit) for p in pieces if p.power == power)
        dis = sorted(names(d.piece.unit) + " (dislodged)" for d in position.dislodged.values()
                     if d.piece.power == power)
        centres = sorted(c for c, owner in position.centres.items() if owner == power)
        lines.append(f"  {power}: {', '.join(units + dis) or '-'}; {len(centres)} centres")
    changes = [str(c) for c in position.changes if c.in_force(position.phase)]
    if changes:
        lines.append(f"  board: {'; '.join(changes)}")
    return lines


def _spent(position: Position) -> list[str]:
    state = getattr(position, "state", None)
    used = getattr(state, "used", ())
    by_power: dict[str, list[str]] = {}
    for power, special, when in used:
        by_power.setdefault(power, []).append(f"{special.title} ({when})")
    return [f"  {p}: {', '.join(v)}" for p, v in sorted(by_power.items())]


def state_lines(position: Position) -> list[str]:
    """A variant state's own lines for a report (``state.lines()``, e.g. Sorcerous' wizards and
    spells in force), or none."""
    lines = getattr(getattr(position, "state", None), "lines", None)
    return list(lines()) if callable(lines) else []


def _phase_text(report: GameReport, pr: PhaseReport, gm: bool) -> list[str]:
    variant = report.variant
    out = [f"{pr.phase}"]
    rows = view_rows(report, pr, gm)
    width = max((len(w) + len(o) for _, w, o in rows), default=0) + 2
    for c, who, text in rows:
        mark = "  " if c.passed else "XX"
        expected = f" (expected {c.expected})" if not c.passed else ""
        out.append(f" {mark} {f'{who}: {text}':<{width}} [{c.result.words}] {c.result.reason}{expected}")
    for g in pr.resolution.generated:
        if not isinstance(g.order, Hold) or g.tag is not None:
            out.append(f"    + {g.order.power}: {variant.format_order(g.order, 'long')} [{g.words}] {g.reason}")
    for d in pr.differences:
        if not d.startswith("line "):
            out.append(f" XX {d}")
    out += ["  " + line for line in board_lines(pr.resolution.after, lambda u: unit_name(variant.map, u, "long"))]
    if state_lines(pr.resolution.after):
        out += ["  state:", *("    " + s for s in state_lines(pr.resolution.after))]
    if gm and _spent(pr.resolution.after):
        out += ["  spent:", *("  " + s for s in _spent(pr.resolution.after))]
    if gm:
        out += ["  " + line for line in _gm_notes(variant, pr)]
    return out


def _gm_notes(variant: Any, pr: PhaseReport) -> list[str]:
    """A variant's own lines for the game master after a phase (hook ``gm_notes(before, after)``)."""
    notes = getattr(variant, "gm_notes", None)
    return list(notes(pr.resolution.before, pr.resolution.after)) if notes is not None else []


def _end_notes(report: GameReport) -> list[str]:
    """A variant's own lines on the end of the game (hook ``end_notes(position)``)."""
    notes = getattr(report.variant, "end_notes", None)
    return list(notes(report.final)) if notes is not None else []


def game_text(report: GameReport, gm: bool = False) -> str:
    """The whole game as text: each phase's results, then the board at the next phase."""
    r = report.record
    head = [f"Game {r.id}" + (f": {r.title}" if r.title else ""),
            f"variant {report.variant.spec}, rules {report.rules}, {'game master' if gm else 'public'} view", ""]
    body: list[str] = []
    for pr in report.phases:
        body += _phase_text(report, pr, gm) + [""]
    tail = f"{len(report.phases)} phases played; {report.expectations} expectations, {report.failed} not met"
    outcome = report.variant.outcome(report.final)
    if outcome is not None:
        tail += f"; {outcome}"
    return "\n".join(head + body + [tail, *_end_notes(report)]) + "\n"


def _text(report: GameReport, order: Any, gm: bool) -> str:
    """An order as the view shows it: a variant's order may have a public text (an NBO: ``NBO``)."""
    public = getattr(order, "public_text", None)
    return public if public is not None and not gm else report.variant.format_order(order, "long")


def _result_json(report: GameReport, r: OrderResult, gm: bool) -> dict[str, Any]:
    return {"power": _who(r, gm), "order": _text(report, r.order, gm),
            "result": r.words, "reason": r.reason, "why": why_json(r.why)}


def _board_json(position: Position) -> dict[str, Any]:
    units: dict[str, list[str]] = {}
    for p in position.all_pieces():
        units.setdefault(p.power, []).append(str(p.unit))
    board = {"phase": str(position.phase),
             "units": {k: sorted(v) for k, v in sorted(units.items())},
             "dislodged": sorted(str(d.piece) for d in position.dislodged.values()),
             "centres": {power: sorted(c for c, o in position.centres.items() if o == power)
                         for power in sorted(set(position.centres.values()))}}
    changes = sorted(str(c) for c in position.changes if c.in_force(position.phase))
    if changes:
        board["changes"] = changes
    return board


def game_json(report: GameReport, gm: bool = False) -> dict[str, Any]:
    """The whole game as one JSON-ready document (keys in a fixed order)."""
    phases = []
    for pr in report.phases:
        orders = []
        for c in _listed(report, pr.orders, gm, pr.resolution.secret):
            line = c.line if gm or _who(c.result, gm) != SECRET else None  # a line number would tell
            orders.append(_result_json(report, c.result, gm) | {"line": line, "expected": c.expected,
                                                                  "passed": c.passed})
        entry: dict[str, Any] = {
            "phase": str(pr.phase), "orders": orders,
            "added": [_result_json(report, g, True) for g in pr.resolution.generated],
            "differences": [d for d in pr.differences if gm or not d.startswith("line ")],  # as the text shows them
            "after": _board_json(pr.resolution.after)}
        if gm:
            entry["spent"] = [s.strip() for s in _spent(pr.resolution.after)]
        if state_lines(pr.resolution.after):
            entry["state"] = state_lines(pr.resolution.after)
        if gm and _gm_notes(report.variant, pr):
            entry["notes"] = _gm_notes(report.variant, pr)
        phases.append(entry)
    r = report.record
    return {"game": r.id, "title": r.title, "variant": report.variant.spec, "rules": report.rules,
            "view": "game master" if gm else "public", "phases": phases,
            "summary": {"phases": len(report.phases), "expectations": report.expectations,
                        "failed": report.failed, "winner": report.variant.winner(report.final),
                        **_outcome_json(report),
                        **({"notes": _end_notes(report)} if _end_notes(report) else {})}}


def _outcome_json(report: GameReport) -> dict[str, Any]:
    """The end of the game, when it has ended: every winner and the reason."""
    outcome = report.variant.outcome(report.final)
    if outcome is None:
        return {}
    return {"winners": list(outcome.winners), "end": outcome.reason}
