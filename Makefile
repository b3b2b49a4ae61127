# Two entry points (see README): `make demo` and `make test`. Both build .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --disable-pip-version-check -q
# torch is pinned inside the [ml] extra to the CPU build found offline (torch==2.13.0).
# [spark] brings PySpark (and pandas < 3, which PySpark supports) for tests/test_spark.py.
# [fhir,hl7,sql,frame]: the clinical sources' tests (tests/test_sources*.py).
TEST_EXTRAS := dev,table,learn,ml,spark,fhir,hl7,sql,frame

.PHONY: install install-test demo test bench clean model

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
	$(BIN)/phisift deid examples/notes out/demo/notes --mode surrogate --key-file .phisift/demo.key --spans out/demo/spans.jsonl
	$(BIN)/phisift eval examples/gold.jsonl out/demo/spans.jsonl --by-label
	@f=$$(ls examples/notes | head -1); echo; echo "--- examples/notes/$$f (left) beside its de-identified copy out/demo/notes/$$f (right):"; \
	pr -m -t -w 160 examples/notes/$$f out/demo/notes/$$f

# Chromium + chromedriver for the review page's browser test (tests/test_review.py).
# Installed from Debian when missing (as root on CI); if apt fails, the browser test
# skips with a reason and the rest of the suite still runs. The stamp is written only
# once the browser is there, so a failed install is retried next time.
$(VENV)/.browser: | $(BIN)/python
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then touch $@; \
	elif apt-get update -qq && apt-get install -y -qq chromium chromium-driver; then touch $@; \
	else echo "warning: could not install chromium/chromium-driver; the browser test will be skipped" >&2; fi

# Java for the Spark engine's tests (tests/test_spark.py), from Debian when `java` is missing
# (as root on CI); if apt fails, the Spark tests skip with a reason and the rest still runs.
$(VENV)/.java: | $(BIN)/python
	@if command -v java >/dev/null 2>&1; then touch $@; \
	elif apt-get update -qq && apt-get install -y -qq default-jre-headless; then touch $@; \
	else echo "warning: could not install Java (default-jre-headless); the Spark tests will be skipped" >&2; fi

# PostgreSQL for the SQL source's tests (tests/test_sources_sql.py), from Debian when its server
# binaries (initdb, pg_ctl) are missing (as root on CI). The tests start a throwaway cluster of
# their own on a local socket and stop it; if apt fails, those tests skip with a reason.
$(VENV)/.postgres: | $(BIN)/python
	@if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1; then touch $@; \
	elif apt-get update -qq && apt-get install -y -qq postgresql; then touch $@; \
	else echo "warning: could not install PostgreSQL; the PostgreSQL tests will be skipped" >&2; fi

test: install-test $(VENV)/.browser $(VENV)/.java $(VENV)/.postgres
	$(BIN)/python -m pytest

# The bundled English CRF (src/phisift/models/en_crf): a stacker trained on the real-prose tune
# split and the rest of the tuning half (three cases, hit dropout; bench/tagger_train.py; never tune_dev, the report or held-out sets).
# Deterministic for a given code version and rules/lexicon.
model: install-test
	$(BIN)/python bench/make_realprose.py
	$(BIN)/python bench/tagger_train.py --install

clean:
	rm -rf $(VENV) out build src/*.egg-info
