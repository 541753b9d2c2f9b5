# make run: set up and run the DATC suite on the bundled cases; make test: set up and run the tests.
# make bytecode: compile dipsat's modules, as an installed package has them (an editable install
# leaves that to Python, which skips it where PYTHONDONTWRITEBYTECODE is set: every process
# would then compile ~100 modules again, ~0.05-0.2 s of CPU; make bench does it first).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PACKAGES := cli model solver variants replay render datacases serve discover

.PHONY: run test bench bytecode clean serve

$(VENV): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	$(BIN)/python -m compileall -q $(PACKAGES) >/dev/null
	touch $(VENV)

bytecode: $(VENV)
	$(BIN)/python -m compileall -q $(PACKAGES) >/dev/null

run: $(VENV)
	$(BIN)/dipsat datc
	$(BIN)/dipsat adjudicate datacases/datc_6F_convoys.txt --case 6.F.24 --explain

test: $(VENV)
	$(BIN)/python -m pytest -q

bench: $(VENV)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python -m compileall -q $(PACKAGES) >/dev/null
	$(BIN)/python -m benchmarks.wholeprocess
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
	find $(PACKAGES) tests benchmarks -name __pycache__ -type d -prune -exec rm -rf {} +

serve: $(VENV)
	$(BIN)/dipsat serve
