# `make test` and `make demo` work on a fresh clone: they create .venv and install ludi into it.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test sweep demo lint bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test,dask]"
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/ruff check ludi tests benchmarks
	$(BIN)/python -m pytest -q -m "not sweep"

sweep: $(STAMP)
	$(BIN)/python -m pytest -q -s -m sweep

demo: $(STAMP)
	$(BIN)/python -m ludi.demo

lint: $(STAMP)
	$(BIN)/ruff check ludi tests benchmarks

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py
	$(BIN)/python benchmarks/mcts.py

clean:
	rm -rf $(VENV) .pytest_cache
