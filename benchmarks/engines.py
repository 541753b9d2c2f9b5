"""The two engines behind one interface: run a :class:`PhaseInput`, time it, return the board after.

* dipsat, end to end: ``parse_order`` on every order text, then ``Variant.adjudicate`` (advance to
  the next phase); adjudication alone: the ``adjudicate`` call. Its time is split by wrapping, in
  this process only, ``solver.movement.check_orders`` (facts), ``solver.movement.build_model``
  (model building), the constraint model's propagation and the CP-SAT stage
  (``solver.paradox.solve_once``/``solve_cpsat``); solver code is untouched.
* the peer (MILA's ``diplomacy``), end to end: ``Game.set_orders`` for every power, then
  ``Game.process()``; adjudication alone: ``process()``. Its board is loaded with
  ``Game.set_state`` (untimed) unless it already stands there after the previous phase.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from dipsat.model.errors import OrderError
from dipsat.model.notation import parse_order
from dipsat.model.types import Position
from benchmarks.phases import Board, PhaseInput, board_of_peer_state, board_of_position, position_from_spec

perf = time.perf_counter


def peer_version() -> str | None:
    """The version of the installed peer engine (``diplomacy``), or ``None`` when absent."""
    try:
        import diplomacy  # noqa: F401
        from importlib.metadata import version
    except ImportError:
        return None
    try:
        return version("diplomacy")
    except Exception:  # noqa: BLE001 - installed without metadata
        return "unknown"


def load_rules(text: str) -> tuple[Any, str, str]:
    """Return (rules, the preset actually used, a note): ``mila`` falls back to ``datc`` if unknown."""
    from dipsat.solver.presets import RulesError, rules_from_text

    try:
        return rules_from_text(text), text, ""
    except RulesError as exc:
        fallback = "datc"
        return rules_from_text(fallback), fallback, f"rules {text!r} unavailable ({exc}); used {fallback!r}"


@dataclass
class Outcome:
    """One engine's run of one phase."""

    e2e: float
    """Seconds, order text in, resolution out."""
    adjudication: float
    """Seconds in the adjudication call alone."""
    board: Board | None
    split: dict[str, float] = field(default_factory=dict)
    """dipsat only: seconds in parse, facts, build, solve (and the number of solves)."""
    error: str = ""
    after: Any = None


# -- dipsat ------------------------------------------------------------------------------------------

SPLIT: dict[str, float] = {"facts": 0.0, "build": 0.0, "propagate": 0.0, "solve": 0.0, "solves": 0}
"""Accumulated by the wrappers; reset before each phase. ``solve`` is CP-SAT (translation and
search), ``solves`` the number of CP-SAT searches, ``propagate`` the solver's propagation stage."""
_INSTALLED: list[str] = []

_STEPS = (
    ("dipsat.solver.movement", "check_orders", "facts"),
    ("dipsat.solver.movement", "build_model", "build"),
    ("dipsat.solver.paradox", "solve_once", "solve"),
    ("dipsat.solver.paradox", "solve_cpsat", "solve"),
    ("dipsat.solver.constraints", "ConstraintModel.propagate", "propagate"),
    ("dipsat.solver.constraints", "ConstraintModel.to_cpsat", "solve"),
    ("dipsat.solver.constraints", "ConstraintModel.to_proto", "solve"),
)
"""Where dipsat's stages are, as (module, attribute, stage); the absent ones are skipped, so the
harness follows the solver as it changes (``solve_once`` was replaced by ``solve_cpsat``)."""


def _timed(name: str, fn: Callable[..., Any], counts: bool) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = perf()
        try:
            return fn(*args, **kwargs)
        finally:
            SPLIT[name] += perf() - t0
            if counts:
                SPLIT["solves"] += 1
    wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
    return wrapper


def install_split_timers() -> list[str]:
    """Wrap the stages of dipsat's solver listed in :data:`_STEPS` (once per process).

    Returns the wrapped attributes (``solver.movement.build_model``...).
    """
    if _INSTALLED:
        return _INSTALLED
    import importlib

    for module_name, attr, name in _STEPS:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        owner: Any = module
        *path, last = attr.split(".")
        for part in path:
            owner = getattr(owner, part, None)
        fn = getattr(owner, last, None) if owner is not None else None
        if callable(fn):
            counts = last in ("solve_once", "solve_cpsat")
            setattr(owner, last, _timed(name, fn, counts))
            _INSTALLED.append(f"{module_name.removeprefix('dipsat.')}.{attr}")
    return _INSTALLED


class DipsatRunner:
    """dipsat on the standard map under one rules preset."""

    name = "dipsat"

    def __init__(self, rules_text: str = "mila") -> None:
        from dipsat.variants import find_variant

        self.variant = find_variant("standard")
        self.gmap = self.variant.map
        self.rules, self.rules_used, self.rules_note = load_rules(rules_text)
        self.split_steps = install_split_timers()

    def position(self, ph: PhaseInput) -> Position:
        """The board of ``ph`` as a dipsat value (untimed preparation)."""
        return position_from_spec(ph.position, self.gmap)

    def run(self, ph: PhaseInput, position: Position | None = None, board: bool = True) -> Outcome:
        """Parse the orders of ``ph`` and adjudicate its phase."""
        position = position if position is not None else self.position(ph)
        gmap, kind = self.gmap, position.phase.kind
        for k in SPLIT:
            SPLIT[k] = 0
        errors = []
        t0 = perf()
        orders = []
        for power, texts in ph.orders.items():
            for text in texts:
                try:
                    orders.append(parse_order(text, gmap, power, position, kind))
                except OrderError as exc:
                    errors.append(str(exc))
        t1 = perf()
        res = self.variant.adjudicate(position, orders, self.rules)
        t2 = perf()
        split = dict(SPLIT, parse=t1 - t0)
        return Outcome(t2 - t0, t2 - t1, board_of_position(res.after) if board else None, split,
                       "; ".join(errors), res.after)


# -- the peer ----------------------------------------------------------------------------------------

class PeerRunner:
    """MILA's ``diplomacy`` engine (the optional ``bench`` extra), one long-lived ``Game``."""

    name = "peer"

    def __init__(self, gmap: Any) -> None:
        from diplomacy import Game

        self.gmap = gmap
        self.game = Game()
        self.at: str | None = None
        """Key of the phase whose result the game's board is, if any."""

    def load(self, ph: PhaseInput) -> None:
        """Set the board of ``ph`` unless the game stands there already (untimed)."""
        if ph.follows and self.at == f"{ph.source}/{ph.game}/{ph.index - 1}":
            return
        self.game.set_state(ph.peer_state)

    def run(self, ph: PhaseInput, board: bool = True) -> Outcome:
        """Set the orders of ``ph`` and process the phase."""
        self.load(ph)
        game = self.game
        t0 = perf()
        for power, texts in ph.orders.items():
            game.set_orders(power.upper(), texts)
        t1 = perf()
        game.process()
        t2 = perf()
        self.at = ph.key
        after = board_of_peer_state(game.get_state(), self.gmap) if board else None
        return Outcome(t2 - t0, t2 - t1, after, {"set_orders": t1 - t0})
