# Two entry points (see README): `make demo` and `make test`. Both build .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --disable-pip-version-check -q
# torch is pinned inside the [ml] extra to the CPU build found offline (torch==2.13.0).
TEST_EXTRAS := dev,table,learn,ml

.PHONY: install install-test demo test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

$(VENV)/.core: pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(PIP) install -e ".[$(TEST_EXTRAS)]"
	touch $@ $(VENV)/.core

install: $(VENV)/.core
install-test: $(VENV)/.test

demo: install
	rm -rf out/demo
	$(BIN)/phisift convert examples/gold.jsonl out/demo/brat --to brat
	$(BIN)/phisift convert out/demo/brat out/demo/roundtrip.jsonl
	$(BIN)/phisift eval examples/gold.jsonl out/demo/roundtrip.jsonl --by-label

test: install-test
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) out build src/*.egg-info
