# `make test` and `make demo` work on a fresh clone: they create .venv and install ludi into it.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test demo lint bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test,dask]"
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/ruff check ludi tests benchmarks
	$(BIN)/python -m pytest -q

demo: $(STAMP)
	$(BIN)/python -m ludi.demo

lint: $(STAMP)
	$(BIN)/ruff check ludi tests benchmarks

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache
