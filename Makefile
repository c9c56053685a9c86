# `make test` and `make demo` work on a fresh clone: they create .venv and install ludi into it
# (the demo what ludi needs to run; the tests their extras besides: pytest, OpenSpiel, Dask, …).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: test test-long sweep demo lint bench clean parser-tables engine-docs

# The install says every few seconds that it is still working (pip is silent with --quiet).
TICK = ( while sleep 5; do echo "  ... still installing"; done ) & ticker=$$!
$(STAMP): pyproject.toml
	@echo "installing ludi and what it needs into $(VENV) (first run only, under a minute)"
	$(PY) -m venv $(VENV)
	@$(TICK); \
	$(BIN)/pip install --quiet --upgrade pip && \
	$(BIN)/pip install --quiet -e .; status=$$?; kill $$ticker; exit $$status
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	@echo "installing the tests' extras into $(VENV) (pytest, OpenSpiel, Dask, …; first run only)"
	@$(TICK); \
	$(BIN)/pip install --quiet -e ".[test,dask]"; status=$$?; kill $$ticker; exit $$status
	touch $(TEST_STAMP)

# `make test`: every test but the long statistical checks, the whole-library run and the fuzz
# (marked slow), on up to 4 cores (pytest-xdist): the kernels are compiled once before the
# workers start (tests/conftest.py), and each worker loads them from the cache. 11 minutes on an
# idle 2-core machine from a fresh clone, install and first compile included. `make test-long`: the slow ones (about 25 minutes); CI (.ci/run) runs both.
test: $(TEST_STAMP)
	$(BIN)/ruff check ludi tests benchmarks
	$(BIN)/python -m pytest -q -m "not slow and not sweep" -n auto --maxprocesses 4 --dist worksteal --durations=15

test-long: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -m "slow and not sweep" -n auto --maxprocesses 4 --dist worksteal --durations=15

sweep: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -s -m sweep

demo: $(STAMP)
	$(BIN)/python -m ludi.demo

# The grammar's LALR tables (ludi/lang/parser_tables.npz): rebuild after editing the grammar.
parser-tables: $(STAMP)
	$(BIN)/python -c "from ludi.lang.tables import main; main()"

# docs/engine.md's generated blocks (program dumps, the layout's tables): after a layout change.
engine-docs: $(STAMP)
	$(BIN)/python -m ludi.compile.dump docs/engine.md

lint: $(TEST_STAMP)
	$(BIN)/ruff check ludi tests benchmarks

bench: $(TEST_STAMP)
	$(BIN)/python benchmarks/playouts.py
	$(BIN)/python benchmarks/mcts.py
	$(BIN)/python benchmarks/evaluate.py --workers 2

clean:
	rm -rf $(VENV) .pytest_cache
