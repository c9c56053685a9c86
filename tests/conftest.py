"""Shared test data and the references tests compare against.

References (Ludii's descriptions, OpenSpiel, Dask) are needed by some tests. Locally, a missing
one skips those tests with a reason; with ``CI`` set, a missing reference fails the run at once
with a message that says what is missing, and any skip at all fails its test: a broken install
cannot pass green.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

import pytest

import ludi

#: Ludii's descriptions (test data, never copied into the project): ``shared/ludii`` beside the
#: repository, or the folder named by this variable.
LUDII_DIR_ENV = "LUDI_LUDII_DIR"
LUDII = Path(os.environ.get(LUDII_DIR_ENV)
             or Path(__file__).resolve().parents[2] / "shared" / "ludii")
CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")

#: Where the browser tests find Chromium (Debian's package; .ci/run installs it).
CHROMIUM = os.environ.get("LUDI_CHROMIUM") or shutil.which("chromium") or shutil.which(
    "chromium-browser") or "/usr/bin/chromium"

#: name -> (what it is and how to get it, is it there?)
REFERENCES = {
    "ludii": (f"Ludii's descriptions at {LUDII} (the shared folder beside the repository, or "
              f"{LUDII_DIR_ENV})",
              lambda: (LUDII / "Tic-Tac-Toe.lud").is_file() and (LUDII / "def").is_dir()
              and (LUDII / "library" / "board").is_dir() and (LUDII / "random_play.csv").is_file()),
    "openspiel": ("OpenSpiel's Python module pyspiel (the test extra: pip install -e '.[test]')",
                  lambda: importlib.util.find_spec("pyspiel") is not None),
    "dask": ("Dask's distributed scheduler (the dask extra: pip install -e '.[dask]')",
             lambda: importlib.util.find_spec("distributed") is not None),
    "browser": (f"a headless Chromium at {CHROMIUM} (Debian's chromium package, which .ci/run "
                "installs; or LUDI_CHROMIUM) and Playwright for Python (the test extra)",
                lambda: Path(CHROMIUM).is_file() and importlib.util.find_spec("playwright")
                is not None),
}


def missing(name: str) -> str | None:
    """What is missing of reference ``name`` (None when it is there)."""
    what, present = REFERENCES[name]
    return None if present() else what


def require(name: str) -> None:
    """Skip (locally) or fail (under CI) the calling test or module without this reference."""
    what = missing(name)
    if what is None:
        return
    if CI:
        pytest.fail(f"{what} is missing, and CI runs every test", pytrace=False)
    pytest.skip(f"{what} is missing", allow_module_level=True)


def final_states(game, n: int, seed: int, start=None) -> list:
    """The whole final state of each of ``n`` random games played one after another from one
    seeded stream, as ``run_playouts`` plays them (from ``start``, the initial state by default)."""
    import numpy as np

    from ludi.engine import kernels as K
    from ludi.engine.kernels.playouts import playout

    s0 = (start or game.initial_state())._s
    work, buf = game.new_work(), game.new_buffer()
    rng = np.empty(1, np.uint64)
    K.rng_seed(rng, seed)
    out = []
    for _ in range(n):
        s = s0.copy()
        playout(game.tables, s, work, buf, rng)
        game.check(work)
        out.append(s)
    return out


#: a 2x3 mancala board without stores, for rule tests of mancala moves (fill in {play} and
#: {players}). Ludii's sites: 0-2 the bottom row (ludi's a b c), 3-5 the top row from the left
#: (ludi labels the top row along the track: C B A, so "B2" is ludi's B). The track goes
#: a b c A B C. At the start a and c hold 3, B holds 1.
SMALL_MANCALA = """(game "M" (players {players})
 (equipment {{(mancalaBoard 2 3 store:None (track "T" "0,E,N,W" loop:True))
   (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared)
   (map "Left" {{(pair P1 0) (pair P2 5)}}) (map "Right" {{(pair P1 2) (pair P2 3)}})}})
 (rules (start {{(set Count 3 to:(sites {{"A1" "C1"}})) (set Count 1 to:(sites {{"B2"}}))}})
  (play {play})
  (end (if (no Moves Next) (result Mover Win)))))"""


def mancala_counts(state) -> list[int]:
    """The counts of SMALL_MANCALA's houses a b c C B A."""
    return [state.count(label) for label in ("a", "b", "c", "C", "B", "A")]


def pytest_configure(config):
    config.addinivalue_line("markers", "needs(reference): the test needs ludii, openspiel, dask or "
                            "browser (skipped without it locally, failed under CI)")
    if not hasattr(config, "workerinput") and config.getoption("numprocesses", None):
        # Before pytest-xdist starts its workers: compile the kernels once here (the first
        # time), so that the workers load them from the cache instead of each compiling the
        # same kernels side by side (minutes each on a fresh clone).
        from ludi.agents.compiled import ensure_compiled

        ensure_compiled()


def pytest_sessionstart(session):
    if not CI:
        return
    gone = [what for name in REFERENCES if (what := missing(name))]
    if gone:
        pytest.exit("CI=true, and these references the tests compare against are missing:\n  "
                    + "\n  ".join(gone), returncode=1)


def pytest_collection_modifyitems(config, items):
    """The fuzz shards first, then the other long (``slow``) tests, each in their files' order:
    pytest-xdist (``make test``) hands the first tests out one per worker in turn, so the
    longest run side by side from the start instead of after the many short ones."""
    def order(item) -> int:
        if item.get_closest_marker("slow") is None:
            return 2
        return 0 if "fuzz" in item.nodeid else 1

    items.sort(key=order)


def pytest_runtest_setup(item):
    for mark in item.iter_markers("needs"):
        require(mark.args[0])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under CI a skip is a failure: nothing may pass by not running."""
    report = (yield).get_result()
    if CI and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"skipped under CI, where every test must run: {reason}"


@pytest.fixture(scope="module")
def ttt():
    return ludi.load("tictactoe")


@pytest.fixture(scope="module")
def yavalath():
    """Yavalath without the pie rule."""
    return ludi.load("yavalath", options={"Pie Rule": "Disabled"})


@pytest.fixture(scope="session")
def smoke_results(tmp_path_factory):
    """Every experiment run once at smoke scale into one results root (the atlas runs the
    others first); tests and notebooks read the folders ``ROOT/NAME``."""
    from ludi.experiments import run

    root = tmp_path_factory.mktemp("results")
    run("atlas", "smoke", out=root / "atlas", progress=False)
    run("library", "smoke", out=root / "library", progress=False)  # the atlas does not read it
    return root
