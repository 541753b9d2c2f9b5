"""--export-model writes the equations (solutions = consistent resolutions) and the backup rule apart."""
from __future__ import annotations

from pathlib import Path

import pytest
from ortools.sat.python import cp_model

from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases
from dipsat.solver.export import backup_path, export_model

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
DECISIONS = ("moves[", "dislodged[", "given[", "available[", "path[")


def _case(file: str, case_id: str):
    return next(c for c in load_cases(DATACASES / file) if c.id == case_id)


class _Distinct(cp_model.CpSolverSolutionCallback):
    """Collects the distinct values of the decision variables over all solutions."""

    def __init__(self, variables: list[cp_model.IntVar]) -> None:
        super().__init__()
        self.variables = variables
        self.seen: set[tuple[int, ...]] = set()

    def on_solution_callback(self) -> None:
        self.seen.add(tuple(self.value(v) for v in self.variables))


def count_solutions(path: Path) -> int:
    """The number of distinct decision assignments satisfying the exported model."""
    model = cp_model.CpModel()
    model.proto.parse_text_format(path.read_text(encoding="utf-8"))
    variables = [model.get_int_var_from_proto_index(i) for i, v in enumerate(model.proto.variables)
                 if v.name.startswith(DECISIONS)]
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    counter = _Distinct(variables)
    solver.solve(model, counter)
    return len(counter.seen)


@pytest.mark.parametrize(("file", "case_id", "consistent", "rule"), [
    ("datc_6C_circular.txt", "6.C.1", 2, "circular movement"),
    ("datc_6F_convoys.txt", "6.F.24", 0, "Szykman"),
])
def test_exported_equations_have_the_consistent_resolutions(tmp_path, file, case_id, consistent, rule):
    """6.C.1 exports with its two consistent resolutions, 6.F.24 with none; the settled model,
    written beside it with the backup rule's fixes named, has exactly one."""
    res = run_case(_case(file, case_id)).resolutions[0]
    written = export_model(res, tmp_path / "m.pb.txt")
    assert written == [tmp_path / "m.pb.txt", tmp_path / "m.backup.pb.txt"]
    assert count_solutions(written[0]) == consistent == res.resolutions
    assert count_solutions(written[1]) == 1
    settled = written[1].read_text(encoding="utf-8")
    assert f'name: "backup rule {rule}: ' in settled
    assert "backup rule" not in written[0].read_text(encoding="utf-8")


def test_a_phase_without_paradox_exports_one_file_with_one_solution(tmp_path):
    """No backup rule: one file, whose one solution is the resolution."""
    res = run_case(_case("datc_6A_basic.txt", "6.A.11")).resolutions[0]
    written = export_model(res, tmp_path / "m.pb.txt")
    assert written == [tmp_path / "m.pb.txt"] and not backup_path(written[0]).exists()
    assert count_solutions(written[0]) == 1
