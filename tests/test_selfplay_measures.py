"""Self-play trials and their measures: ``match``, ``self_play``, ``ludi.measure`` and the
``ludi match`` / ``ludi measure`` commands, against figures known from outside the code.

Reference figures (shared/rules/measures.md "Known figures"):

* Tic-Tac-Toe, uniform random play, exact: P(draw) = 8/63, mean length 3203/420 = 7.626 plies;
  P(first) = 737/1260, P(second) = 121/420.
* Yavalath side 5, random play: 19.6 plies, first player ~47%, ~93% of games ended by a forced
  three. Under UCT the games get shorter and end by four-in-a-row instead.
* Hex 11x11 random: 107.4 plies.
* Ludii's database (random play, default options): Yavalath balance 0.98 and duration 20.0,
  Hex duration 107.0, Tic-Tac-Toe drawishness 0.14 and duration 7.79.

Ludii's database figures are themselves estimates from a sample of games whose size it does not
state. Its Tic-Tac-Toe figures sit 0.16 plies and 0.013 draws from the exact values: about one
standard error for a sample of ~100 games, four for ~1000. So a database figure is compared
with ours within 4 standard errors of the difference of two estimates, ours (n games) and
Ludii's (``LUDII_GAMES`` = 100 assumed). For Yavalath that tolerance is wide (balance has a
standard error of about 1/sqrt(games)); the tighter checks are against the independent figures
above: random Yavalath's first player wins ~47%, which puts its balance near 0.94, not 0.98.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import ludi
from ludi.engine.playouts import random_playouts, run_playouts
from ludi.lang import load_description
from ludi.measure import match, self_play, summarise

ROOT = Path(__file__).resolve().parents[1]
LUDII_GAMES = 100  # assumed size of the samples behind Ludii's database figures
Z = 4.0

TTT_DRAW = Fraction(8, 63)
TTT_LENGTH = Fraction(3203, 420)
TTT_P1 = Fraction(737, 1260)
TTT_P2 = Fraction(121, 420)

DOCUMENTED = ["completion", "drawishness", "timeouts", "advantage", "advantage_p1", "balance",
              "duration",
              "duration_sd", "duration_score", "decision_moves", "branching", "convergence",
              "coverage", "lead_change", "stability", "drama", "drama_max", "decisiveness",
              "clarity", "narrowness", "uncertainty", "killer_moves", "permanence", "foul_up",
              "game_refinement", "viable", "gavel_fitness", "balance_lo", "balance_hi"]
SHARES = ["completion", "drawishness", "timeouts", "advantage", "advantage_p1", "balance",
          "balance_lo", "balance_hi", "decision_moves", "coverage", "viable"]


def se_share(p: float, n: int) -> float:
    return math.sqrt(p * (1 - p) / n)


def se_balance(p1: float, p2: float, n: int) -> float:
    """Standard error of the estimated gap p1 - p2 between two players' win shares."""
    return math.sqrt(max(p1 + p2 - (p1 - p2) ** 2, 1e-12) / n)


def agrees_with_ludii(ours: float, ludii_value: float, se_ours: float, se_ludii: float) -> bool:
    return abs(ours - ludii_value) <= Z * math.hypot(se_ours, se_ludii)


@pytest.fixture(scope="module")
def yavalath_pie():
    game = ludi.load("yavalath")
    assert game.description.options["Pie Rule"] == "Enabled"  # the default, as in Ludii
    return game


@pytest.fixture(scope="module")
def yavalath3():
    return ludi.load("yavalath", options={"Players": "3 Players"})


# ---------------------------------------------------------------- UCT self-play


@pytest.fixture(scope="module")
def yavalath_uct(yavalath):
    return self_play(yavalath, 40, "mcts:500", seed=1, workers=2, progress=False)


def test_searched_yavalath_is_longer_and_ends_by_four(yavalath, yavalath_uct):
    # random players mostly lose by making three; players that see a move ahead avoid the three
    # and block the opponent's four, so their games last longer and end by a four
    random_play = random_playouts(yavalath, 100_000, seed=3)
    assert abs(random_play["mean_length"] - 19.6) < 0.3
    assert abs(random_play["end_types"]["(is Line 3)"] - 0.93) < 0.01
    lengths = np.array([r.length for r in yavalath_uct])
    se = lengths.std(ddof=1) / math.sqrt(len(lengths))
    assert lengths.mean() - 3 * se > random_play["mean_length"]
    fours = np.mean([r.end_type == "(is Line 4)" for r in yavalath_uct])
    assert fours > 0.5
    assert not any(r.timeout for r in yavalath_uct)


def test_self_play_records(ttt, yavalath, yavalath_uct):
    for r in yavalath_uct:
        assert r.evals.shape == (r.length + 1, 2)
        assert list(r.evals[-1]) == r.returns  # the final row holds the true returns
        assert list(r.movers) == [i % 2 for i in range(r.length)]  # pie off: alternate
        assert np.all(np.abs(r.evals) <= 1.0)
        assert r.move_evals is not None and len(r.move_evals) == r.length
        assert r.winner is not None and r.returns[r.winner] == 1.0
        assert r.occupancy[0] == 0 and r.occupancy[-1] == r.length
    records = self_play(ttt, 5, "random", seed=2, progress=False)  # evaluated by mcts:32
    for r in records:
        assert list(r.legal_counts) == list(range(9, 9 - r.length, -1))
        assert np.any(r.evals[:-1] != 0)
    again = self_play(ttt, 5, "random", seed=2, progress=False)
    assert [r.moves for r in records] == [r.moves for r in again]
    other = self_play(ttt, 5, "random", seed=3, progress=False)
    assert [r.moves for r in records] != [r.moves for r in other]


# ---------------------------------------------------------------- random play against Ludii


def test_tictactoe_random_measures(ttt):
    n = 1000
    s = ludi.measure(ttt, trials=n, agent="random", seed=4, workers=2, progress=False)
    draw, length = float(TTT_DRAW), float(TTT_LENGTH)
    sd = s["duration_sd"]
    assert 1.0 < sd < 1.6
    assert abs(s["drawishness"] - draw) <= Z * se_share(draw, n)
    assert abs(s["duration"] - length) <= Z * sd / math.sqrt(n)
    assert s["completion"] == pytest.approx(1 - s["drawishness"])
    assert s["timeouts"] == 0.0
    gap = float(TTT_P1 - TTT_P2)
    assert abs((1 - s["balance"]) - gap) <= Z * se_balance(float(TTT_P1), float(TTT_P2), n)
    # Ludii's database: drawishness 0.14, duration 7.79
    assert agrees_with_ludii(s["drawishness"], 0.14, se_share(draw, n),
                             se_share(draw, LUDII_GAMES))
    assert agrees_with_ludii(s["duration"], 7.79, sd / math.sqrt(n), sd / math.sqrt(LUDII_GAMES))


def test_tictactoe_random_match(ttt):
    n = 2000
    df = match(ttt, ["random", "random"], games=n, seed=5, workers=2, swap_seats=False,
               progress=False)
    for p, exact in [(0, TTT_P1), (1, TTT_P2)]:
        assert abs((df["winner"] == p).mean() - float(exact)) <= Z * se_share(float(exact), n)
    assert abs(df["draw"].mean() - float(TTT_DRAW)) <= Z * se_share(float(TTT_DRAW), n)
    assert set(df["length"]) <= set(range(5, 10))


def test_yavalath_random_balance_and_duration(yavalath_pie):
    n = 200_000
    lengths, winners, _ = run_playouts(yavalath_pie, n, seed=6)
    p1, p2 = np.mean(winners == 0), np.mean(winners == 1)
    balance = 1 - abs(p1 - p2)
    # the first player wins ~47% at random; the pie rule's swap (1 move in ~60) hardly changes it
    assert abs(p1 - 0.47) < 0.01
    assert 0.92 < balance < 0.96
    sd = lengths.std()
    assert abs(lengths.mean() - 19.6) < 0.3
    # Ludii's database: balance 0.98, duration 20.0
    assert agrees_with_ludii(balance, 0.98, se_balance(p1, p2, n),
                             se_balance(p1, p2, LUDII_GAMES))
    assert agrees_with_ludii(lengths.mean(), 20.0, sd / math.sqrt(n),
                             sd / math.sqrt(LUDII_GAMES))


@pytest.mark.slow
def test_yavalath_random_measure(yavalath_pie):
    """``ludi.measure`` of random self-play (1000 games, each state judged by mcts:32) agrees with
    the compiled playouts above and with Ludii's database."""
    n = 1000
    s = ludi.measure(yavalath_pie, trials=n, agent="random", seed=7, workers=2, progress=False)
    lengths, winners, _ = run_playouts(yavalath_pie, 200_000, seed=6)
    p1, p2 = np.mean(winners == 0), np.mean(winners == 1)
    assert abs(s["balance"] - (1 - abs(p1 - p2))) <= Z * se_balance(p1, p2, n)
    assert abs(s["duration"] - lengths.mean()) <= Z * lengths.std() / math.sqrt(n)
    assert s["completion"] == 1.0 and s["drawishness"] == 0.0 and s["timeouts"] == 0.0
    assert agrees_with_ludii(s["balance"], 0.98, se_balance(p1, p2, n),
                             se_balance(p1, p2, LUDII_GAMES))
    assert agrees_with_ludii(s["duration"], 20.0, s["duration_sd"] / math.sqrt(n),
                             s["duration_sd"] / math.sqrt(LUDII_GAMES))


def test_hex_random_duration():
    game = ludi.load("hex")  # defaults: 11x11
    assert game.board.num_cells == 121
    lengths, winners, _ = run_playouts(game, 20_000, seed=8)
    assert (winners >= 0).all()
    sd = lengths.std()
    assert abs(lengths.mean() - 107.4) <= 0.2 + Z * sd / math.sqrt(lengths.size)
    assert agrees_with_ludii(lengths.mean(), 107.0, sd / math.sqrt(lengths.size),
                             sd / math.sqrt(LUDII_GAMES))
    # the same through the match pipeline (Python agents, 2 processes)
    n = 100
    df = match(game, ["random", "random"], games=n, seed=9, workers=2, progress=False)
    assert abs(df["length"].mean() - lengths.mean()) <= Z * sd / math.sqrt(n)
    assert df["winner"].notna().all() and not df["draw"].any()


# ---------------------------------------------------------------- three players


def test_three_player_match(yavalath3):
    agents = ["mcts:200", "random", "random"]
    df = match(yavalath3, agents, games=12, seed=10, workers=2, progress=False)
    assert len(df) == 12
    for _, row in df.iterrows():
        ranks, returns = list(row["ranks"]), list(row["returns"])
        assert len(ranks) == 3 and len(returns) == 3
        assert set(returns) <= {1.0, 0.5, 0.0, -0.5, -1.0}
        assert returns == expected_returns(ranks)
        assert sum(returns) == 0
        if ranks.count(1) == 1:
            assert row["winner"] == ranks.index(1)
            assert row["winner_agent"] == row["agents"][row["winner"]]
            assert not row["draw"]
        else:  # the board filled up with players still in: they share the place
            assert row["winner"] is None or math.isnan(row["winner"])
            assert row["draw"]
        assert not row["timeout"]
    assert sum(sorted(r) == [1, 2, 3] for r in df["ranks"]) >= 9  # mostly won outright
    assert [row[k % 3:] + row[:k % 3] for k, row in enumerate([agents] * 12)] \
        == list(df["agents"])
    assert (df["winner_agent"] == "mcts:200").sum() >= 8  # random's share would be 1/3
    table = summarise(df)
    assert set(table["agent"]) == {"mcts:200", "random"}
    mcts_all = table[(table["agent"] == "mcts:200") & (table["seat"] == "all")].iloc[0]
    assert mcts_all["games"] == 12
    assert mcts_all["ci_low"] <= mcts_all["win_rate"] <= mcts_all["ci_high"]


def expected_returns(ranks: list[int]) -> list[float]:
    """1 - 2 (place - 1) / (n - 1), tied players sharing the mean of their places."""
    n = len(ranks)
    return [1 - 2 * (r + (ranks.count(r) - 1) / 2 - 1) / (n - 1) for r in ranks]


def test_expected_returns():
    assert expected_returns([1, 2, 3]) == [1.0, 0.0, -1.0]
    assert expected_returns([1, 3, 1]) == [0.5, -1.0, 0.5]
    assert expected_returns([2, 1]) == [-1.0, 1.0]


@pytest.mark.parametrize("agent", ["mcts:100", "random"])
def test_three_player_measure(yavalath3, agent):
    s = ludi.measure(yavalath3, trials=6, agent=agent, seed=11, workers=2, progress=False)
    for key in ["completion", "balance", "duration", "advantage", "decision_moves"]:
        assert math.isfinite(s[key]), key
    # a full board with two players still in is a shared first place: no completion
    assert s["completion"] + s["drawishness"] + s["timeouts"] == pytest.approx(1.0)
    assert s["completion"] >= 0.5
    assert 0.0 <= s["balance"] <= 1.0
    assert 10 < s["duration"] <= 61


# ---------------------------------------------------------------- ludi.measure


@pytest.fixture(scope="module")
def yavalath_measure(yavalath):
    return ludi.measure(yavalath, trials=100, agent="mcts:300", seed=12, workers=2,
                        progress=False)


def test_measure_series(yavalath_measure):
    s = yavalath_measure
    assert isinstance(s, pd.Series) and s.name == "Yavalath"
    assert list(s.index) == DOCUMENTED
    assert s.dtype == np.float64
    for key in SHARES:
        assert 0.0 <= s[key] <= 1.0, key


def test_measure_yavalath_uct_values(yavalath_measure):
    s = yavalath_measure
    assert s["completion"] == 1.0
    assert s["drawishness"] == 0.0 and s["timeouts"] == 0.0
    assert 15 < s["duration"] < 40  # longer than random play's 19.6: threes are avoided
    assert s["advantage"] == pytest.approx(s["balance"])  # 2 players and no draws
    assert s["decision_moves"] == 1.0
    assert 0.1 < s["coverage"] < 0.8
    assert 40 < s["branching"] < 61
    assert s["convergence"] < 0  # the board fills up
    assert s["viable"] == 1.0
    assert 0.0 < s["gavel_fitness"] <= 1.0


def test_measure_is_reproducible(ttt):
    a = ludi.measure(ttt, trials=8, agent="mcts:50", seed=13, progress=False)
    b = ludi.measure(ttt, trials=8, agent="mcts:50", seed=13, workers=2, progress=False)
    pd.testing.assert_series_equal(a, b)
    records = self_play(ttt, 8, "mcts:50", seed=13, progress=False)
    c = ludi.measure(ttt, agent="mcts:50", records=records, progress=False)
    pd.testing.assert_series_equal(a, c)


def test_measure_vs_random_enters_gavel_fitness(ttt):
    plain = ludi.measure(ttt, trials=6, agent="mcts:200", seed=14, progress=False)
    with_uct = ludi.measure(ttt, trials=6, agent="mcts:200", seed=14, vs_random=10,
                            progress=False)
    assert plain["drawishness"] == with_uct["drawishness"]
    assert plain["gavel_fitness"] != with_uct["gavel_fitness"]


# ---------------------------------------------------------------- the command line


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "ludi", *args], cwd=ROOT, env=env, input="",
                          capture_output=True, text=True, timeout=180)


def test_cli_match(tmp_path):
    out = tmp_path / "games.csv"
    r = run_cli("match", "tictactoe", "--agents", "mcts:500,random", "--games", "6",
                "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Tic-Tac-Toe: 6 games")
    header = lines[1].split()
    assert header == ["agent", "seat", "games", "wins", "draws", "timeouts", "win_rate", "ci_low",
                      "ci_high"]
    rows = [line.split() for line in lines[2:8]]
    assert [(row[0], row[1], row[2]) for row in rows] == [
        ("mcts:500", "all", "6"), ("mcts:500", "1", "3"), ("mcts:500", "2", "3"),
        ("random", "all", "6"), ("random", "1", "3"), ("random", "2", "3")]
    for row in rows:
        lo, rate, hi = float(row[7]), float(row[6]), float(row[8])
        assert 0.0 <= lo <= rate <= hi <= 1.0
    assert float(rows[0][6]) >= 0.5  # mcts:500 wins most of its games against random
    df = pd.read_csv(out)
    assert len(df) == 6 and {"winner", "length", "end_type"} <= set(df.columns)


@pytest.mark.parametrize("args, words", [
    (["--agents", "mcst:500,random"], ["did you mean 'mcts'"]),
    (["--agents", "mcts:500"], ["2 players", "got 1"]),
    (["--agents", "random,random", "--games", "0"],
     ["--games must be a whole number of at least 1; got 0"]),
])
def test_cli_match_bad_input(args, words):
    r = run_cli("match", "tictactoe", *args)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    for word in words:
        assert word in r.stderr


def test_cli_measure(tmp_path):
    r = run_cli("measure", "tictactoe", "--trials", "5", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    table = pd.read_csv(tmp_path / "measures.csv", index_col=0)
    assert list(table.index) == ["Tic-Tac-Toe"]
    assert list(table.columns) == DOCUMENTED
    assert table.loc["Tic-Tac-Toe", "timeouts"] == 0.0
    pngs = sorted(tmp_path.glob("*.png"))
    assert len(pngs) == 3
    for png in pngs:
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert png.stat().st_size > 5000


def test_cli_measure_bad_input(tmp_path):
    r = run_cli("measure", "tictactoe", "--trials", "0", "--out", str(tmp_path))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "--trials must be a whole number of at least 1; got 0" in r.stderr
    r = run_cli("measure", "tictactoe", "--trials", "2", "--agent", "mcts")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "agent 'mcts' needs a number, e.g. mcts:1000" in r.stderr


def test_cli_measure_tells_games_of_one_name_apart(tmp_path):
    """Evolved games keep their seed's name: rows and plots are labelled by hash too."""
    base = load_description("misere3").to_text()
    variant = base.replace("(hex 4)", "(hex 3)")
    assert variant != base
    files = []
    for i, text in enumerate((base, variant)):
        files.append(tmp_path / f"g{i}.lud")
        files[-1].write_text(text)
    out = tmp_path / "m"
    r = run_cli("measure", *map(str, files), "--trials", "2", "--agent", "random", "--out",
                str(out))
    assert r.returncode == 0, r.stderr
    labels = [f"Misere Three [{load_description(f).hash[:8]}]" for f in files]
    header = pd.read_csv(out / "measures.csv", index_col=0).index.tolist()
    assert header == labels
    assert len(list(out.glob("*_outcomes.png"))) == 2
