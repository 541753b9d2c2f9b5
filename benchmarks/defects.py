"""The peer engine's defects found by the benchmark, each as a small reproduction run on both engines.

``python -m benchmarks.defects`` plays every reproduction with the peer (MILA's ``diplomacy``) and
with dipsat under the DATC rules, and prints both boards and the board the DATC expects.
``PEER_DEFECTS.md`` describes each; ``tests/test_benchmarks.py`` checks they still reproduce.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from benchmarks.phases import (
    Board, PhaseInput, board_of_position, board_of_spec, peer_state_of, position_from_spec, spec_of,
)


@dataclass(frozen=True)
class Repro:
    """A position, the orders of one movement phase (and optionally of the retreat phase after it)."""

    id: str
    title: str
    units: dict[str, list[str]]
    """Power -> units in MILA's notation (``A LON``)."""
    orders: dict[str, list[str]]
    expected: list[str]
    """The board the DATC wants after the last phase: ``Power A loc`` (``*`` marks a dislodged unit)."""
    retreats: dict[str, list[str]] = field(default_factory=dict)
    """Orders of the retreat phase that follows, if any."""


REPROS = (
    Repro("via-own-support", "A convoyed move written VIA is helped by the attacked power's own support",
          {"England": ["A LON", "F NTH"], "France": ["A BEL", "A PIC"]},
          {"England": ["A LON - BEL VIA", "F NTH C A LON - BEL"], "France": ["A BEL H", "A PIC S A LON - BEL"]},
          ["England A lon", "England F nth", "France A bel", "France A pic"]),
    Repro("via-over-land", "A move written VIA with no convoy ordered is carried out over land (DATC 6.G.8)",
          {"England": ["A HOL", "F NTH"], "France": ["A BEL"]},
          {"France": ["A BEL - HOL VIA"], "England": ["F NTH - HEL", "A HOL - KIE"]},
          ["England A kie", "England F hel", "France A bel"]),
    Repro("via-over-land-bounce", "... and, failing, it still bounces a move over land to the same province",
          {"Russia": ["A LVN", "A WAR"], "Germany": ["F BAL"]},
          {"Russia": ["A LVN - PRU VIA", "A WAR - PRU"], "Germany": ["F BAL H"]},
          ["Russia A lvn", "Russia A pru", "Germany F bal"]),
    Repro("convoy-retreat-standoff", "A unit dislodged by a convoyed attack may retreat into a province "
          "left empty by a standoff",
          {"England": ["A LON", "F NTH", "F ENG"], "France": ["A BEL", "A PIC", "A PAR"],
           "Germany": ["A HOL", "A RUH", "A MUN"]},
          {"England": ["A LON - BEL VIA", "F NTH C A LON - BEL", "F ENG S A LON - BEL"],
           "France": ["A BEL H", "A PIC H", "A PAR - BUR"], "Germany": ["A HOL H", "A RUH H", "A MUN - BUR"]},
          ["England A bel", "England F nth", "England F eng", "France A pic", "France A par",
           "Germany A hol", "Germany A ruh", "Germany A mun"],
          retreats={"France": ["A BEL R BUR"]}),
    Repro("support-coast-fleet", "A fleet's support naming the wrong coast is given (an army's is void) (DATC 6.B.9)",
          {"France": ["F MAO", "F POR"], "Italy": ["F LYO", "F WES"]},
          {"France": ["F POR S F MAO - SPA/NC", "F MAO - SPA/SC"], "Italy": ["F LYO S F WES - SPA/SC", "F WES - SPA/SC"]},
          ["France F mao", "France F por", "Italy F lyo", "Italy F spa/sc"]),
    Repro("convoy-retreat-occupied", "A unit dislodged by a convoyed attack is offered occupied provinces, "
          "so it is dislodged where it must be destroyed",
          {"England": ["A LON", "F NTH", "F ENG"], "France": ["A BEL", "A PIC", "A BUR"],
           "Germany": ["A HOL", "A RUH"]},
          {"England": ["A LON - BEL VIA", "F NTH C A LON - BEL", "F ENG S A LON - BEL"],
           "France": ["A BEL H", "A PIC H", "A BUR H"], "Germany": ["A HOL H", "A RUH H"]},
          ["England A bel", "England F nth", "England F eng", "France A pic", "France A bur",
           "Germany A hol", "Germany A ruh"]),    Repro("head-to-head-own-support", "A head-to-head battle is won by leaving out the defender's support "
          "given by the attacker's own power",
          {"France": ["A GAS", "A PAR", "F BRE"], "Germany": ["A BUR", "A MAR"]},
          {"France": ["A GAS - BUR", "A PAR S A GAS - BUR", "F BRE S A BUR - GAS"],
           "Germany": ["A BUR - GAS", "A MAR S A GAS - BUR"]},
          ["France A gas", "France A par", "France F bre", "Germany A bur", "Germany A mar"]),
)
"""The reproductions, in the order of ``PEER_DEFECTS.md``."""


def _inputs(repro: Repro, gmap: Any) -> PhaseInput:
    spec = {"phase": "S1901M", "units": [[p, u[:2] + u[2:].lower()] for p, us in repro.units.items() for u in us],
            "centres": {}, "dislodged": [], "standoffs": []}
    return PhaseInput("defect", repro.id, 0, "S1901M", spec, peer_state_of(spec, gmap), dict(repro.orders))


def run(repro: Repro, variant: Any, rules: Any, peer: Any | None) -> dict[str, Board | None]:
    """Play ``repro`` on both engines; return the boards after its last phase and the DATC's."""
    from dipsat.model.notation import parse_order
    from dipsat.solver.movement import retreat_options

    gmap = variant.map
    ph = _inputs(repro, gmap)
    pos = position_from_spec(ph.position, gmap)
    orders = [parse_order(t, gmap, p, pos) for p, ts in repro.orders.items() for t in ts]
    after = variant.adjudicate(pos, orders, rules).after
    peer_board = None
    if peer is not None:
        peer.at = None
        peer_board = peer.run(ph).board
    if repro.retreats:
        spec = spec_of(after)
        options = {p: retreat_options(gmap, d.piece.unit, after.units, after.standoffs,
                                      None if d.by_convoy else d.attacker_origin) for p, d in after.dislodged.items()}
        ph2 = PhaseInput("defect", repro.id, 1, spec["phase"], spec, peer_state_of(spec, gmap, options),
                         dict(repro.retreats), follows=True)
        if after.dislodged:  # no dislodged unit: dipsat plays no retreat phase (the DATC neither)
            orders2 = [parse_order(t, gmap, p, after, after.phase.kind) for p, ts in repro.retreats.items() for t in ts]
            after = variant.adjudicate(after, orders2, rules).after
        if peer is not None:
            peer_board = peer.run(ph2).board
    expected = {"units": [[e.split()[0].lstrip("*"), " ".join(e.split()[1:])] for e in repro.expected
                          if not e.startswith("*")],
                "dislodged": [[e.split()[0].lstrip("*"), " ".join(e.split()[1:]), None, False]
                              for e in repro.expected if e.startswith("*")]}
    boards = {"dipsat": board_of_position(after), "peer": peer_board, "datc": board_of_spec(expected)}
    return {k: replace(b, centres=frozenset(), phase="") if b is not None else None for k, b in boards.items()}


def report(rules_text: str = "datc") -> str:
    """Run every reproduction; return the results in words."""
    from dipsat.solver.presets import rules_from_text
    from dipsat.variants import find_variant
    from benchmarks.engines import PeerRunner, peer_version

    variant = find_variant("standard")
    rules = rules_from_text(rules_text)
    peer = PeerRunner(variant.map) if peer_version() else None
    lines = [f"peer: {'diplomacy ' + str(peer_version()) if peer else 'NOT INSTALLED'}; dipsat rules: {rules_text}"]
    for repro in REPROS:
        boards = run(repro, variant, rules, peer)
        lines.append(f"\n[{repro.id}] {repro.title}")
        for power, texts in repro.orders.items():
            lines.append(f"  {power}: {', '.join(texts)}")
        for power, texts in repro.retreats.items():
            lines.append(f"  then, retreat phase, {power}: {', '.join(texts)}")
        for name in ("dipsat", "peer"):
            board = boards[name]
            if board is None:
                continue
            diff = board.diff(boards["datc"], name, "DATC")  # type: ignore[union-attr]
            lines.append(f"  {name:6s}: " + ("as the DATC wants" if not diff else "; ".join(diff)))
    return "\n".join(lines)


if __name__ == "__main__":
    print(report())
