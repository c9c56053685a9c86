"""Power to decide (ludi.experiments.power): intervals and sample sizes against hand-worked
figures, on small synthetic tables."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from ludi.experiments import power


def test_share_difference_holds_the_difference_and_is_symmetric():
    d, lo, hi = power.share_difference(0.7, 200, 0.5, 200)
    assert d == pytest.approx(0.2) and lo < 0.2 < hi
    assert 0.09 < lo < 0.12 and 0.28 < hi < 0.31  # Newcombe: about 0.2 +- 0.095
    d2, lo2, hi2 = power.share_difference(0.5, 200, 0.7, 200)
    assert (d2, lo2, hi2) == pytest.approx((-d, -hi, -lo))


def test_shares_needed_is_the_textbook_formula():
    # two shares 0.5 and 0.6: (1.96 + 0.84)^2 (0.25 + 0.24) / 0.01 = about 385 a side
    assert power.shares_needed(0.5, 0.6) in range(383, 388)
    assert power.shares_needed(0.4, 0.4) == math.inf


def test_pie_effect_separates_a_large_difference_only_with_enough_games():
    ladder = pd.DataFrame({"pie": [True, False, True, False],
                           "agent": ["mcts:10", "mcts:10", "mcts:1000", "mcts:1000"],
                           "advantage_p1": [0.5, 0.55, 0.5, 0.8], "games": [40, 40, 200, 200]})
    table = power.pie_effect(ladder).set_index("agent")
    assert not table.loc["mcts:10", "separated"]
    assert table.loc["mcts:10", "games needed"] > 40
    assert table.loc["mcts:1000", "separated"]
    assert table.loc["mcts:1000", "difference"] == pytest.approx(0.3)


def test_rank_separation_reads_bootstrap_half_widths():
    table = pd.DataFrame({"label": ["me", "close", "far"], "fitness": [0.8, 0.82, 0.3],
                          "fitness_lo": [0.7, 0.72, 0.2], "fitness_hi": [0.9, 0.92, 0.4],
                          "games": [40, 40, 40]})
    sep = power.rank_separation(table, "me").set_index("label")
    assert not sep.loc["close", "separated"] and sep.loc["far", "separated"]
    # a difference of 0.02 with a standard error of about 0.072 needs about 40 x 102 games
    assert 3000 < sep.loc["close", "games needed"] < 5000


def test_culling_against_ludi():
    runs = pd.DataFrame({"operators": ["a", "a"], "made": [500, 500], "sound": [100, 100],
                         "viable": [200, 200]})
    table = power.culling(runs).iloc[0]
    assert table["share"] == pytest.approx(0.2) and table["separated"]
    assert table["LUDI"] == pytest.approx(19 / 1389)


def test_method_effects_give_cohens_d_and_runs_needed():
    rows = []
    for mode, values in (("random", [0.5, 0.52, 0.48, 0.5]), ("ludi", [0.8, 0.82, 0.78, 0.8]),
                         ("nsga2", [0.49, 0.53, 0.47, 0.51])):
        for run, v in enumerate(values):
            rows += [{"mode": mode, "run": run, "evaluations": 1, "best": 0.0},
                     {"mode": mode, "run": run, "evaluations": 10, "best": v}]
    table = power.method_effects(pd.DataFrame(rows)).set_index("method")
    assert table.loc["ludi", "separated"] and table.loc["ludi", "difference"] == \
        pytest.approx(0.3)
    assert table.loc["ludi", "cohen_d"] > 10
    assert not table.loc["nsga2", "separated"] and table.loc["nsga2", "runs needed"] > 4


def test_arm_effect_compares_the_rediscovery_arms():
    arms = pd.DataFrame({"arm": ["merge", "swap"], "runs": [10, 10], "made": [9, 0],
                         "fame": [2, 0]})
    table = power.arm_effect(arms).set_index("outcome")
    made = table.loc["the rule made"]
    assert made["difference"] == pytest.approx(0.9) and made["separated"]
    assert made["runs needed"] == 10 and made["merge"] == 0.9 and made["swap"] == 0.0
    fame = table.loc["in the hall of fame"]
    assert not fame["separated"] and fame["lo"] < 0 < fame["hi"]
    assert fame["runs needed"] == power.shares_needed(0.2, 0.0) > 10
