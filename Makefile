# make run: set up and run the DATC suite on the bundled cases; make test: set up and run the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench clean

$(VENV): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(VENV)

run: $(VENV)
	$(BIN)/dipsat datc
	$(BIN)/dipsat adjudicate datacases/datc_6F_convoys.txt --case 6.F.24 --explain

test: $(VENV)
	$(BIN)/python -m pytest -q

bench: $(VENV)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python -m benchmarks.wholeprocess
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
