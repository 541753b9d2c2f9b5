# make run: set up and run the DATC suite on the bundled cases; make test: set up and run the tests.
# make bytecode: compile dipsat's modules, as an installed package has them (an editable install
# leaves that to Python, which skips it where PYTHONDONTWRITEBYTECODE is set: every process
# would then compile ~100 modules again, ~0.05-0.2 s of CPU; make bench does it first).
# The editable install's import hook (setuptools' finder, loaded with pathlib at every start of
# Python: ~12 ms) is replaced by a plain path entry: $(LINKS)/dipsat/<folder> links to each
# package folder (the mapping of pyproject's package-dir), so new modules are seen at once and
# nothing runs at start-up; pip's metadata and the `dipsat` script stay as installed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PACKAGES := cli model solver variants replay render datacases serve discover
LINKS := $(VENV)/dipsat-path
define plain_path
	mkdir -p $(LINKS)/dipsat
	for p in $(PACKAGES); do ln -sfn "$(CURDIR)/$$p" "$(LINKS)/dipsat/$$p"; done
	for f in $$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/__editable__.dipsat-*.pth; do \
	  echo "$(CURDIR)/$(LINKS)" > "$$f"; done
endef

.PHONY: run test bench bytecode clean serve

$(VENV): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	$(plain_path)
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
	$(plain_path)
	$(BIN)/python -m compileall -q $(PACKAGES) >/dev/null
	$(BIN)/python -m benchmarks.wholeprocess
	$(BIN)/python -m benchmarks.startup
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
	find $(PACKAGES) tests benchmarks -name __pycache__ -type d -prune -exec rm -rf {} +

serve: $(VENV)
	$(BIN)/dipsat serve
