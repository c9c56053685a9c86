"""``ludi experiment``: every experiment at smoke scale writes its tables, figures and report;
the same seed gives the same tables; an interrupted run resumes; bad input is refused clearly.
Then the statistical checks the experiments rest on, with sample-size tolerances."""

from __future__ import annotations

import shutil

import numpy as np
import pandas as pd
import pytest

from ludi.cli import main
from ludi.errors import LudiError
from ludi.experiments import load, names, run
from ludi.experiments.common import bootstrap, measure_text
from ludi.lang import load_description
from ludi.measure import self_play
from ludi.measure.measures import balance_interval, drawishness, wilson

EXPERIMENTS = ["classics", "yavalath", "strength", "heldout", "viability", "search",
               "rediscovery", "library", "atlas"]

#: What each experiment must write (besides report.md and settings.json).
OUTPUTS = {
    "classics": ["classics.parquet", "tictactoe_strong.parquet", "classics.png"],
    "yavalath": ["neighbours.parquet", "advantage_by_strength.parquet", "neighbours.png",
                 "advantage_by_strength.png"],
    "strength": ["strength.parquet", "stability.parquet", "strength.png"],
    "heldout": ["entries.parquet", "parts.parquet", "mean_fitness.parquet", "summary.parquet",
                "benchmark.png"],
    "viability": ["funnel.parquet", "pass_rates.parquet", "evaluated.parquet", "funnel.png"],
    "search": ["curves.parquet", "bands.parquet", "evaluated.parquet", "search.png"],
    "rediscovery": ["runs.parquet", "arms.parquet", "carriers.parquet", "evaluated.parquet",
                    "rediscovery.png"],
    "library": ["runs.parquet", "reference.parquet", "evaluated.parquet", "library.parquet",
                "novel.parquet", "archive.png"],
    "atlas": ["atlas.parquet", "correlations.parquet", "separation.parquet",
              "correlations.png", "projection.png"],
}


def test_every_experiment_is_listed_with_both_scales():
    assert names() == EXPERIMENTS
    for name in EXPERIMENTS:
        e = load(name)
        assert e.title and len(e.hypothesis) > 80 and e.source
        assert set(e.scales) == {"smoke", "full"}


@pytest.mark.parametrize("name", EXPERIMENTS)
def test_experiment_writes_tables_figures_and_report(smoke_results, name):
    folder = smoke_results / name
    for f in OUTPUTS[name]:
        assert (folder / f).stat().st_size > 0, f
    report = (folder / "report.md").read_text()
    e = load(name)
    assert e.title in report and "**Hypothesis.**" in report and "**Source.**" in report
    assert f"ludi experiment {name} --scale smoke" in report  # the exact command
    assert "numba" in report and "Compute:" in report  # versions and time
    for png in folder.glob("*.png"):
        assert f"({png.name})" in report  # every figure is in the report
    for table in folder.glob("*.parquet"):
        df = pd.read_parquet(table)
        # the rule may not appear in a smoke run: its table is empty, with its columns
        assert len(df) > 0 or table.name in ("carriers.parquet", "novel.parquet"), table.name
        assert len(df.columns) > 0, table.name


def test_classics_tictactoe_is_a_draw_under_perfect_play(smoke_results):
    strong = pd.read_parquet(smoke_results / "classics" / "tictactoe_strong.parquet")
    assert strong["drawishness"].iloc[0] == 1.0 and strong["completion"].iloc[0] == 0.0
    table = pd.read_parquet(smoke_results / "classics" / "classics.parquet")
    assert (table["fitness_lo"] <= table["fitness"] + 1e-9).all()
    assert (table["fitness"] <= table["fitness_hi"] + 1e-9).all()
    assert list(table["rank"]) == list(range(1, len(table) + 1))
    assert table["fitness"].is_monotonic_decreasing
    assert any(label.endswith("(Ludii)") for label in table["label"])  # Ludii's own files


def test_same_seed_gives_identical_tables(smoke_results, tmp_path):
    for name in ("yavalath", "rediscovery"):
        again = run(name, "smoke", out=tmp_path / name, progress=False, workers=1)
        for table in sorted((smoke_results / name).glob("*.parquet")):
            pd.testing.assert_frame_equal(pd.read_parquet(table),
                                          pd.read_parquet(again / table.name), obj=table.name)


def test_fresh_starts_evolution_units_over(smoke_results, tmp_path):
    """--fresh recomputes: an evolution unit would otherwise resume its finished run folder."""
    out = tmp_path / "rediscovery"
    shutil.copytree(smoke_results / "rediscovery", out)
    marker = next((out / "runs").iterdir()) / "left-from-before"
    marker.write_text("")
    run("rediscovery", "smoke", out=out, progress=False, workers=1, fresh=True)
    assert not marker.exists()
    assert "Compute: 0 s" not in (out / "report.md").read_text()
    pd.testing.assert_frame_equal(pd.read_parquet(out / "runs.parquet"),
                                  pd.read_parquet(smoke_results / "rediscovery" / "runs.parquet"))


def test_an_interrupted_experiment_resumes_where_it_stopped(smoke_results, tmp_path):
    out = tmp_path / "strength"
    shutil.copytree(smoke_results / "strength", out)
    units = sorted((out / "units").glob("*.pkl"))
    kept = {u.name: u.stat().st_mtime_ns for u in units[1:]}
    units[0].unlink()  # as if stopped before the last unit was saved
    run("strength", "smoke", out=out, progress=False, workers=1)
    assert units[0].exists()
    assert {u.name: u.stat().st_mtime_ns for u in units[1:]} == kept  # not recomputed
    pd.testing.assert_frame_equal(pd.read_parquet(out / "strength.parquet"),
                                  pd.read_parquet(smoke_results / "strength" /
                                                  "strength.parquet"))
    # other settings in the same folder are refused, not mixed in
    with pytest.raises(LudiError, match="other settings; use --fresh"):
        run("strength", "smoke", out=out, seed=99, progress=False, workers=1)


def test_cli_lists_and_refuses_unknown_experiments(capsys):
    assert main(["experiment", "--list"]) == 0
    listed = capsys.readouterr().out
    assert all(name in listed for name in EXPERIMENTS)
    assert main(["experiment", "clasics"]) == 2
    assert "did you mean 'classics'?" in capsys.readouterr().err
    assert main(["experiment", "classics", "--workers", "0"]) == 2


def test_an_experiment_file_missing_its_scales_is_refused(tmp_path):
    bad = tmp_path / "mine.toml"
    bad.write_text('study = "classics"\ntitle = "t"\nhypothesis = "h"\nsource = "s"\n'
                   "[smoke]\n")
    with pytest.raises(LudiError, match="lacks full"):
        load(str(bad))
    with pytest.raises(LudiError, match="has no 'huge' scale"):
        load("classics").settings("huge")


# ---------------------------------------------------------------- statistics

def test_intervals_are_never_narrower_than_the_sample_allows():
    # one-sided samples: a point estimate of 1 from n games still leaves the range n allows
    for n in (4, 12, 40):
        lo, hi = wilson(n, n)
        assert hi == 1.0 and lo < 1.0 - 1.0 / (n + 4)
        lo, hi = balance_interval([_win(0)] * n)
        assert hi > 0.0
    # a bootstrap interval of the first player's share over 24 games of a fair coin is about
    # as wide as the normal theory of 24 games says (not narrower than a sample of 24 allows)
    text = load_description("tictactoe").to_text()
    m = measure_text("ttt", text, "random", 24, seed=5)
    lo, hi = bootstrap(m, "advantage_p1", n_boot=400, seed=1)
    p = m.measures["advantage_p1"]
    normal = 2 * 1.96 * np.sqrt(max(p * (1 - p), 0.05) / 24)
    assert hi - lo >= 0.7 * normal


def _win(player, players=2):
    from ludi.measure.records import GameRecord

    ranks = [2] * players
    ranks[player] = 1
    returns = [-1.0] * players
    returns[player] = 1.0
    return GameRecord(players, np.zeros(3, int), ["a", "b", "c"], np.ones(3, int),
                      np.zeros((4, players)), None, ranks, returns, "natural", False,
                      np.zeros(4, int), 9, 0.5)


@pytest.mark.slow
def test_tictactoe_is_always_drawn_by_alphabeta_to_the_end(ttt):
    records = self_play(ttt, 12, "ab:9", seed=3, workers=2, progress=False)
    assert drawishness(records) == 1.0  # perfect play: every game a draw


@pytest.mark.slow
def test_hex_first_player_wins_rise_with_uct_iterations():
    """Hex without the swap rule is a first-player win; stronger UCT finds more of it. 5x5,
    60 games per budget: the rise from 10 to 5,000 iterations must exceed twice its standard
    error."""
    import ludi

    game = ludi.load("hex", options={"Board Size": "5x5"})
    shares = []
    for agent in ("mcts:10", "mcts:5000"):
        records = self_play(game, 60, agent, seed=11, workers=2, progress=False)
        shares.append(np.mean([r.ranks[0] == 1 for r in records]))
    se = np.sqrt(sum(p * (1 - p) / 60 for p in shares))
    assert shares[1] - shares[0] > 2 * se, shares
