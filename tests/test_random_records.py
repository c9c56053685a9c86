"""Random games played whole in compiled code (``random_record``), the fitness's random screen.

They must record what the Python path (``play_one`` with random agents, no evaluator) records:
exact on Tic-Tac-Toe, where every count is known at each ply, and the same distribution
elsewhere, checked on 400 games each against the Python path (mean length, mean branching and
the first player's win rate within 4 standard errors)."""

from __future__ import annotations

import numpy as np
import pytest

import ludi
from ludi.lang import load_description
from ludi.measure.measures import viability
from ludi.measure.trials import BudgetExceeded, play_one, random_record

GAMES = 400


def test_tictactoe_record_is_exact():
    text = load_description("tictactoe").to_text()
    for seed in range(50):
        r = random_record(text, seed)
        n = r.length
        assert 5 <= n <= 9 and r.moves is None
        assert list(r.legal_counts) == [9 - i for i in range(n)]
        assert list(r.occupancy) == list(range(n + 1))
        assert list(r.movers) == [i % 2 for i in range(n)]
        assert r.coverage == pytest.approx(n / 9)
        assert r.evals.shape == (n + 1, 2) and not r.evals[:-1].any()
        assert list(r.evals[-1]) == list(r.returns)
        if r.winner is not None:  # the winner made the last move
            assert r.winner == r.movers[-1]


def test_same_seed_same_game_and_seeds_differ():
    text = load_description("yavalath").to_text()
    a, b = random_record(text, 7), random_record(text, 7)
    assert a.length == b.length and np.array_equal(a.occupancy, b.occupancy)
    assert a.returns == b.returns
    assert len({random_record(text, s).length for s in range(20)}) > 3


def test_budget_counts_plies():
    text = load_description("yavalath").to_text()
    work = [0]
    r = random_record(text, 3, work=work)
    assert work[0] == r.length
    with pytest.raises(BudgetExceeded):
        random_record(text, 3, budget=r.length - 1)


def test_move_limit_ends_as_timeout():
    text = load_description("oware").to_text()
    r = random_record(text, 1, move_limit=10)
    assert r.length == 10 and r.timeout and r.returns == [0.0, 0.0]


def _summary(records) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return (np.array([r.length for r in records], float),
            np.array([r.legal_counts.mean() for r in records]),
            np.array([r.winner == 0 for r in records], float))


@pytest.mark.parametrize("name, options", [
    ("hex", {"Board Size": "5x5"}), ("oware", None), ("playwin", None)])
def test_agrees_with_the_python_path(name, options):
    text = load_description(name, options).to_text()
    fast = [random_record(text, 10_000 + i) for i in range(GAMES)]
    slow = [play_one(text, ["random"] * ludi.load(name, options).num_players, i, True, "none")
            for i in range(GAMES)]
    for a, b, what in zip(_summary(fast), _summary(slow),
                          ("length", "branching", "first player's wins"), strict=True):
        se = np.hypot(a.std(ddof=1), b.std(ddof=1)) / np.sqrt(GAMES)
        assert abs(a.mean() - b.mean()) <= 4 * se + 1e-9, (what, a.mean(), b.mean(), se)
    cover_fast = np.mean([r.coverage for r in fast])
    cover_slow = np.mean([r.coverage for r in slow])
    assert abs(cover_fast - cover_slow) < 0.05
    assert viability(fast)[0] == viability(slow)[0]
