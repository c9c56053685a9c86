"""Every seed gives its own random stream: seeds are hashed into the generator's state, so
batches run with consecutive seeds (as benchmarks and users pool them) are independent."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import final_states

import ludi
from ludi.engine.playouts import run_playouts


def game_fingerprints(game, n: int, seed: int) -> list[int]:
    """The final position of each of ``n`` random games played one after another from one
    seeded stream, as ``run_playouts`` plays them."""
    return [hash(s.tobytes()) for s in final_states(game, n, seed)]


@pytest.mark.parametrize("name", ["oware", "hex"])
def test_consecutive_seeds_share_no_game(name):
    game = ludi.load(name)
    five = game_fingerprints(game, 1000, 5)
    six = game_fingerprints(game, 1000, 6)
    assert len(set(five)) == 1000  # no game repeats within a stream either
    assert not set(five) & set(six)


def test_consecutive_seed_batches_are_independent_samples():
    """20 batches of 100 Oware games, seeds 1..20: their means spread as independent batches
    do (a stream shared a draw apart would give nearly equal means), and their pooled mean
    agrees with one batch of 2,000 games of an unrelated seed within two standard errors."""
    game = ludi.load("oware")
    batches = [run_playouts(game, 100, seed)[0] for seed in range(1, 21)]
    pooled = np.concatenate(batches)
    sd = pooled.std(ddof=1)
    spread = np.var([b.mean() for b in batches], ddof=1) / (sd ** 2 / 100)
    assert 0.25 < spread < 2.5  # chi-square(19)/19: outside this once in a thousand
    single = run_playouts(game, 2000, 10_007)[0]
    se = np.sqrt(pooled.var(ddof=1) / len(pooled) + single.var(ddof=1) / len(single))
    assert abs(pooled.mean() - single.mean()) < 2 * se
