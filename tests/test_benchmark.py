"""The fitness benchmark (experiments/benchmark.toml): what it holds, and that scoring it is the
evaluation evolution uses, reproducibly. That the default fitness separates it at the demo's budget
is tested in tests/test_fitness.py."""

from __future__ import annotations

import pandas as pd
import pytest

import ludi
from ludi.evolve.benchmark import entries, margin, score

SMALL = """
[[good]]
name = "yavalath"
why = "LUDI's find"

[[degenerate]]
why = "two in a row wins"
board = "(hex 5)"
end = "(if (is Line 2) (result Mover Win))"

[[degenerate]]
why = "any stone draws"
board = "(hex 5)"
end = "(if (is Line 1) (result Mover Draw))"
"""

TINY = {"agent": "mcts:20", "trials": 4, "screen_games": 10, "seed": 3}


def test_benchmark_holds_a_dozen_of_each_kind_with_reasons():
    games = entries()
    good = [e for e in games if e.kind == "good"]
    bad = [e for e in games if e.kind == "degenerate"]
    assert len(good) >= 12 and len(bad) >= 12
    assert all(len(e.why) > 20 for e in games)
    hashes = [ludi.lang.parse(e.text).hash for e in games]
    assert len(set(hashes)) == len(games)  # no entry twice
    for e in games:
        assert ludi.parse(e.text).num_players >= 2  # every entry compiles and can be played


def test_scoring_is_the_evaluation_and_reproducible(tmp_path):
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    first = score(TINY, path, progress=False)
    again = score(TINY, path, progress=False)
    pd.testing.assert_frame_equal(first, again)
    assert list(first["kind"]).count("good") == 1 and len(first) == 3
    draw = first[first["why"] == "any stone draws"].iloc[0]
    assert draw["gate"] == "viability" and draw["fitness"] == 0.0  # one-move draws fail the screen
    assert margin(first) == pytest.approx(
        first.loc[first["kind"] == "good", "fitness"].min()
        - first.loc[first["kind"] == "degenerate", "fitness"].max())


def test_margin_is_worst_good_minus_best_degenerate():
    table = pd.DataFrame({"kind": ["good", "good", "degenerate", "degenerate"],
                          "fitness": [0.7, 0.5, 0.45, 0.1]})
    assert margin(table) == pytest.approx(0.05)
