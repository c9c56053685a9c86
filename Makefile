# `make test` and `make demo` work on a fresh clone: they create .venv and install ludi into it.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test sweep demo lint bench clean

# The install says every few seconds that it is still working (pip is silent with --quiet).
$(STAMP): pyproject.toml
	@echo "installing ludi and its dependencies into $(VENV) (first run only, a minute or so)"
	$(PY) -m venv $(VENV)
	@( while sleep 5; do echo "  ... still installing"; done ) & ticker=$$!; \
	$(BIN)/pip install --quiet --upgrade pip && \
	$(BIN)/pip install --quiet -e ".[test,dask]"; status=$$?; kill $$ticker; exit $$status
	touch $(STAMP)

# The tests run on up to 4 cores (pytest-xdist; an idle worker takes tests queued for a busy one,
# so the long fuzz shards spread out); each worker loads the kernels from the cache.
# The slowest tests are listed at the end: the whole run must stay under 20 minutes.
test: $(STAMP)
	$(BIN)/ruff check ludi tests benchmarks
	$(BIN)/python -m pytest -q -m "not sweep" -n auto --maxprocesses 4 --dist worksteal --durations=15

sweep: $(STAMP)
	$(BIN)/python -m pytest -q -s -m sweep

demo: $(STAMP)
	$(BIN)/python -m ludi.demo

lint: $(STAMP)
	$(BIN)/ruff check ludi tests benchmarks

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py
	$(BIN)/python benchmarks/mcts.py
	$(BIN)/python benchmarks/evaluate.py --workers 2

clean:
	rm -rf $(VENV) .pytest_cache
