"""The self-play measures (rules/measures.md) on small hand-made game records.

Every expected value is worked out by hand from the definitions in rules/measures.md, written next
to the assertion; none comes from running the measures.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from ludi.measure import (
    LUDII_NAMES,
    MEASURES,
    GameRecord,
    advantage,
    advantage_p1,
    balance,
    balance_interval,
    branching,
    clarity,
    completion,
    compute_measures,
    convergence,
    coverage,
    decision_moves,
    decisiveness,
    drama,
    drawishness,
    duration,
    duration_score,
    foul_up,
    game_refinement,
    gavel_fitness,
    killer_moves,
    lead_change,
    mean_turns,
    permanence,
    skill_gap,
    stability,
    timeouts,
    uncertainty,
    viability,
    wilson,
)

KEYS = ["completion", "drawishness", "timeouts", "advantage", "advantage_p1", "balance",
        "duration",
        "duration_sd", "duration_score", "decision_moves", "branching", "convergence", "coverage",
        "lead_change", "stability", "drama", "drama_max", "decisiveness", "clarity",
        "narrowness", "uncertainty", "killer_moves", "permanence", "foul_up", "game_refinement",
        "viable", "gavel_fitness", "balance_lo", "balance_hi"]


def linear_returns(ranks: list[int]) -> list[float]:
    """1st +1, last -1, linear in between; tied players share the mean of their places."""
    n = len(ranks)
    if n == 1 or len(set(ranks)) == 1:
        return [0.0] * n
    place = [1.0 - 2.0 * i / (n - 1) for i in range(n)]
    return [float(np.mean([place[rank - 1 + k] for k in range(ranks.count(rank))]))
            for rank in ranks]


def rec(evals=None, *, length: int | None = None, players: int = 2, movers=None, legal=None,
        ranks=None, move_evals=None, timeout: bool = False, cover: float = 0.5) -> GameRecord:
    """A record; evals is (L+1, P), or a 1-D curve e_0 for two players (e_1 = -e_0)."""
    if evals is None:
        evals = np.zeros((length + 1, players))
    evals = np.asarray(evals, dtype=float)
    if evals.ndim == 1:
        evals = np.stack([evals, -evals], axis=1)
    n_moves, players = evals.shape[0] - 1, evals.shape[1]
    movers = np.arange(n_moves) % players if movers is None else movers
    legal = np.full(n_moves, 2) if legal is None else legal
    ranks = [1] * players if ranks is None else list(ranks)
    return GameRecord(
        num_players=players, movers=np.asarray(movers), moves=[f"m{t}" for t in range(n_moves)],
        legal_counts=np.asarray(legal), evals=evals, move_evals=move_evals, ranks=ranks,
        returns=linear_returns(ranks), end_type="move limit" if timeout else "natural",
        timeout=timeout, occupancy=np.arange(n_moves + 1), num_cells=10, coverage=cover)


def win(player: int, length: int = 4, players: int = 2, **kw) -> GameRecord:
    ranks = [1 if p == player else 2 for p in range(players)]
    return rec(length=length, players=players, ranks=ranks, **kw)


def draw(length: int = 4, players: int = 2, **kw) -> GameRecord:
    return rec(length=length, players=players, **kw)


# ---------------------------------------------------------------- records

def test_record_properties_and_row():
    assert win(1).winner == 1 and not win(1).draw
    shared = rec(length=3, players=3, ranks=[1, 1, 3])
    assert shared.winner is None and shared.draw  # shared first place: no single winner
    stopped = rec(length=5, timeout=True)
    assert stopped.winner is None and not stopped.draw
    assert stopped.length == 5
    row = win(0, length=6, legal=[1, 2, 3, 4, 5, 6]).to_row()
    assert row["winner"] == 0 and row["length"] == 6 and row["branching"] == 3.5
    assert draw().to_row()["winner"] == -1
    assert pd.DataFrame([win(0).to_row(), draw().to_row()]).shape[0] == 2


def test_record_rejects_mismatched_lengths():
    with pytest.raises(ValueError, match="mismatched"):
        GameRecord(num_players=2, movers=np.array([0, 1]), moves=["a", "b"],
                   legal_counts=np.array([3, 2]), evals=np.zeros((2, 2)), move_evals=None,
                   ranks=[1, 2], returns=[1.0, -1.0], end_type="natural", timeout=False,
                   occupancy=np.array([0, 1, 2]), num_cells=9, coverage=0.2)


def test_linear_returns_helper():
    assert linear_returns([2, 1]) == [-1.0, 1.0]
    assert linear_returns([1, 2, 3]) == [1.0, 0.0, -1.0]
    assert linear_returns([1, 1, 3]) == [0.5, 0.5, -1.0]


# ---------------------------------------------------------------- outcomes

def test_completion_and_drawishness_win_and_draw():
    games = [win(0), draw()]
    assert completion(games) == 0.5
    assert drawishness(games) == 0.5
    assert timeouts(games) == 0.0


def test_outcome_shares_with_timeout():
    games = [win(0), win(1), draw(), rec(length=9, timeout=True)]
    assert completion(games) == 0.5
    assert drawishness(games) == 0.25  # the timeout is not a natural draw
    assert timeouts(games) == 0.25


def test_advantage():
    # first player's (u_1 + 1) / 2 = 1, 1, 1, 0 -> a = 0.75 -> 1 - 2 * 0.25 = 0.5
    assert advantage([win(0), win(0), win(0), win(1)]) == pytest.approx(0.5)
    assert advantage([win(0), win(1)]) == 1.0
    assert advantage([draw(), draw()]) == 1.0  # draws give a = 1/2
    assert advantage([win(0)] * 3) == 0.0
    assert advantage([win(1)] * 3) == 0.0
    # 3 players, first player 1st, 2nd, 3rd once each: a = (1 + 0.5 + 0) / 3 = 0.5 -> fair
    three = [win(0, players=3), rec(length=3, players=3, ranks=[2, 1, 3]),
             rec(length=3, players=3, ranks=[3, 1, 2])]
    assert advantage(three) == pytest.approx(1.0)


def test_advantage_p1_is_ludiis_first_player_win_rate():
    # Ludii's AdvantageP1: the first player's wins, draws counting half
    assert advantage_p1([win(0), win(0), win(0), win(1)]) == pytest.approx(0.75)
    assert advantage_p1([win(0), draw()]) == pytest.approx(0.75)
    assert advantage_p1([win(1)] * 3) == 0.0
    assert LUDII_NAMES["advantage_p1"] == "AdvantageP1" and "advantage" not in LUDII_NAMES
    assert set(LUDII_NAMES) <= set(MEASURES) | {"drama_max", "narrowness", "skill_trace"}


def test_wilson_interval_is_never_narrower_than_the_sample_allows():
    # 12 wins in 12 games cannot rule out a true rate of 0.76 (exact Wilson bound 0.7575)
    lo, hi = wilson(12, 12)
    assert hi == 1.0 and lo == pytest.approx(0.7575, abs=1e-3)
    lo, hi = wilson(6, 12)
    assert lo == pytest.approx(0.2538, abs=1e-3) and hi == pytest.approx(0.7462, abs=1e-3)
    # the width shrinks about as 1/sqrt(n): 4x the games, a little over half the width
    w12, w48 = np.diff(wilson(6, 12))[0], np.diff(wilson(24, 48))[0]
    assert 0.5 < w48 / w12 < 0.6
    assert all(np.isnan(wilson(0, 0)))


def test_balance_interval_covers_the_estimate_and_shrinks_with_games():
    few = [win(0)] * 4 + [win(1)] * 4
    lo, hi = balance_interval(few)
    assert lo < balance(few) == 1.0 == hi  # 4-4 cannot prove a fair game
    assert lo < 0.6
    many = few * 10
    assert balance_interval(many)[0] > lo  # 40-40 narrows it
    one_sided = [win(0)] * 12
    lo, hi = balance_interval(one_sided)
    assert lo == 0.0 and 0.0 < hi < 0.3  # 12-0 still leaves some room
    assert all(np.isnan(balance_interval([])))


def test_skill_gap_is_the_strong_agents_gain_over_a_fair_share():
    assert skill_gap(1.0, 2) == 1.0 and skill_gap(0.5, 2) == 0.0
    assert skill_gap(1 / 3, 3) == pytest.approx(0.0) and skill_gap(1.0, 3) == 1.0
    assert skill_gap(0.25, 2) == -0.5  # the weaker agent does better: kept, not hidden
    assert np.isnan(skill_gap(float("nan"), 2))


def test_balance_two_players():
    # win rates 3/4 and 1/4 -> 1 - 0.5
    assert balance([win(0), win(0), win(0), win(1)]) == pytest.approx(0.5)
    # draws count for nobody: rates 1/3 and 1/3 -> 1
    assert balance([win(0), win(1), draw()]) == pytest.approx(1.0)


def test_balance_three_players():
    games = [win(0, players=3)] * 3 + [win(1, players=3)] * 2 + [draw(players=3)]
    # rates 3/6, 2/6, 0 -> largest pairwise gap 1/2
    assert balance(games) == pytest.approx(0.5)
    assert balance([win(0, players=3), win(1, players=3), win(2, players=3)]) == 1.0


# ---------------------------------------------------------------- duration and choice

def test_duration():
    d = duration([draw(length=4), draw(length=8)])
    assert d["duration"] == 6.0
    assert d["duration_sd"] == 2.0
    assert d["duration_score"] == pytest.approx(0.6)  # 6 / lo with lo = 10
    assert duration([draw(length=30)], lo=40, hi=50)["duration_score"] == pytest.approx(0.75)


@pytest.mark.parametrize("mean, score", [(0, 0.0), (5, 0.5), (10, 1.0), (35, 1.0), (60, 1.0),
                                         (90, 0.5), (120, 0.0), (200, 0.0)])
def test_duration_score(mean, score):
    assert duration_score(mean, lo=10, hi=60) == pytest.approx(score)


def test_decision_moves():
    # shares 2/4 and 2/2 -> mean 0.75
    games = [draw(legal=[1, 3, 2, 1]), draw(length=2, legal=[2, 5])]
    assert decision_moves(games) == pytest.approx(0.75)


def test_branching_and_convergence():
    games = [draw(legal=[1, 3, 2, 2]), draw(length=2, legal=[4, 4])]
    assert branching(games) == pytest.approx(3.0)  # means 2 and 4
    # legal moves 5,4,3,2,1 over progress 0..1: slope -4; 1,3: slope +2 -> mean -1
    games = [draw(length=5, legal=[5, 4, 3, 2, 1]), draw(length=2, legal=[1, 3])]
    assert convergence(games) == pytest.approx(-1.0)
    assert convergence([draw(length=5, legal=[5, 4, 3, 2, 1])]) < 0


def test_coverage_and_turns():
    assert coverage([draw(cover=0.2), draw(cover=0.4)]) == pytest.approx(0.3)
    # movers 0,0,1,1,0 -> 3 turns; 0,1 -> 2 turns
    games = [draw(length=5, movers=[0, 0, 1, 1, 0]), draw(length=2)]
    assert mean_turns(games) == pytest.approx(2.5)


# ---------------------------------------------------------------- evaluation curves

def test_lead_change():
    # leader sets: {0,1}, {0}, {0}, {1}, {0} -> 3 changes over L = 4 moves
    assert lead_change([rec([0.0, 0.2, 0.3, -0.1, 0.5])]) == pytest.approx(0.75)
    # always P0 leads -> no change; mean with the above = 0.375
    games = [rec([0.0, 0.2, 0.3, -0.1, 0.5]), rec([0.1, 0.2, 0.3, 0.4, 0.5])]
    assert lead_change(games) == pytest.approx(0.375)


def test_lead_change_three_players():
    evals = [[0.0, 0.0, 0.0], [0.5, 0.0, 0.0], [0.5, 0.0, 0.6], [0.5, 0.0, 0.7]]
    # {0,1,2} -> {0} -> {2} -> {2}: 2 changes over 3 moves
    assert lead_change([rec(evals)]) == pytest.approx(2 / 3)


def test_stability():
    g1 = rec(np.array([[0, 0], [1, 0], [0, 0], [1, 0]], float))  # Var(0,1,0,1) = 1/4, Var(0) = 0
    g2 = rec([0.0, 0.5, 1.0])  # Var(0, .5, 1) = 1/6 for each player
    assert stability([g1]) == pytest.approx(0.25)
    assert stability([g1, g2]) == pytest.approx((0.25 + 1 / 3) / 2)


def test_drama():
    e = np.array([[0.0, 0.0], [-0.2, 0.4], [0.1, 0.3], [1.0, -1.0]])
    g1 = rec(e, ranks=[1, 2])  # winner behind by 0.6 then 0.2 -> mean 0.4, max 0.6
    g2 = rec(np.array([[0.0, 0.1], [-0.5, 0.5], [-1.0, 1.0]]), ranks=[2, 1])  # always leads
    d = drama([g1, g2, draw()])  # the draw is left out
    assert d["drama"] == pytest.approx(0.2)
    assert d["drama_max"] == pytest.approx(0.3)
    assert math.isnan(drama([draw()])["drama"])


def test_decisiveness():
    # non-winner's best 0.6; winner first above it at t = 2 of L = 4 -> i*/L = 0.5
    g1 = rec(np.array([[0, 0], [0.3, 0.6], [0.7, 0.2], [0.5, -0.5], [1, -1]]), ranks=[1, 2])
    # the loser reached 1.0 once, so the winner never exceeds it -> i* = L -> 1
    g2 = rec(np.array([[0, 0], [-1, 1], [0.5, 0.9]]), ranks=[1, 2])
    assert decisiveness([g1]) == pytest.approx(0.5)
    assert decisiveness([g1, g2]) == pytest.approx(0.25)


def test_uncertainty_late():
    # L = 10: the last 20% of moves are made from s_8 and s_9; the final state s_10 is excluded
    e0 = [1.0] * 8 + [0.0, 0.6, 1.0]  # w_t = 0.5, 0.8 -> 2|w-.5| = 0, 0.6 -> 1 - 0.3
    assert uncertainty([rec(e0, ranks=[1, 2])]) == pytest.approx(0.7)
    # the winner is P1: w_t from e_1 = -e_0 gives the same distances
    assert uncertainty([rec([-x for x in e0], ranks=[2, 1])]) == pytest.approx(0.7)
    assert math.isnan(uncertainty([rec(e0)]))  # a draw has no winner


CURVE = [0.0, 0.6, 0.5, 0.6, 1.0]  # e_0; e_1 = -e_0; movers 0,1,0,1


def test_killer_moves():
    # gains of the mover: +0.6 (P0), +0.1 (P1), +0.1 (P0), -0.4 (P1) -> one killer of four
    assert killer_moves([rec(CURVE)]) == pytest.approx(0.25)
    assert killer_moves([rec(CURVE)], jump=0.05) == pytest.approx(0.75)


def test_permanence():
    # t=0: P0 gains 0.6, reply drops e_0 by 0.1 < 0.3 -> permanent
    # t=1: P1 gains 0.1, reply drops e_1 by 0.1 >= 0.05 -> undone
    # t=2: P0 gains 0.1, reply raises e_0 -> permanent; t=3 is the last move (no reply)
    assert permanence([rec(CURVE)]) == pytest.approx(2 / 3)
    # e_0 = 0, 0.8, 0: P0's gain (t=0) is undone by the reply; t=1 is the last move
    assert permanence([rec([0.0, 0.8, 0.0])]) == pytest.approx(0.0)
    # one more move: P1's gain of 0.8 at t=1 is kept (e_1 stays 0) -> 1 of 2
    assert permanence([rec([0.0, 0.8, 0.0, 0.0])]) == pytest.approx(0.5)
    # a reply taking back 0.5 of a 0.8 gain (more than half) undoes it
    assert permanence([rec([0.0, 0.8, 0.3])]) == pytest.approx(0.0)
    assert permanence([rec([0.0, 0.8, 0.5])]) == pytest.approx(1.0)  # 0.3 < 0.4 kept


# ---------------------------------------------------------------- move evaluations

MOVE_VALUES = [np.array([1.0, -1.0]), np.array([0.5, 0.5, 0.5]), np.array([1.0, 0.0, 0.0, 0.0]),
               np.array([0.3])]


def test_clarity_and_narrowness():
    # variances: 1, 0, 0.1875 (single-move state left out) -> 1.1875 / 3
    # narrowness: [1,-1] threshold 0.75 -> 1/2; equal values -> 0;
    # [1,0,0,0] mean 0.25 threshold 0.8125 -> 1/4 -> 0.75 / 3
    c = clarity([rec(length=4, move_evals=MOVE_VALUES)])
    assert c["clarity"] == pytest.approx(1.1875 / 3)
    assert c["narrowness"] == pytest.approx(0.25)
    # [1, .8, .2, 0]: mean .5, threshold .5 + .75 * .5 = .875 -> only 1 is above; variance .17
    c = clarity([rec(length=1, move_evals=[np.array([1.0, 0.8, 0.2, 0.0])])])
    assert c["narrowness"] == pytest.approx(0.25)
    assert c["clarity"] == pytest.approx(0.17)


def test_foul_up():
    # best minus mean: 1, 0, 0.75 -> two of three decision states
    assert foul_up([rec(length=4, move_evals=MOVE_VALUES)]) == pytest.approx(2 / 3)
    assert foul_up([rec(length=4, move_evals=MOVE_VALUES)], drop=0.8) == pytest.approx(1 / 3)


def test_move_eval_measures_nan_without_values():
    games = [draw(), win(0)]
    assert math.isnan(clarity(games)["clarity"]) and math.isnan(clarity(games)["narrowness"])
    assert math.isnan(foul_up(games))


# ---------------------------------------------------------------- aggregates

def test_game_refinement():
    # B = 36, D = 75 -> 6 / 75
    assert game_refinement([draw(length=75, legal=[36] * 75)]) == pytest.approx(0.08)
    # B = mean(16, 16) = 16, D = mean(50, 100) = 75 -> 4 / 75
    games = [draw(length=50, legal=[16] * 50), draw(length=100, legal=[16] * 100)]
    assert game_refinement(games) == pytest.approx(4 / 75)


def test_viability_rejects_two_ply_game():
    passed, reasons = viability([win(0, length=2), win(1, length=2)])
    assert not passed
    assert len(reasons) == 1 and reasons[0].startswith("mean turns")
    assert viability([win(0, length=6), win(1, length=6)]) == (True, [])


def test_viability_reasons():
    games = [draw(length=6, legal=[1] * 6, cover=0.05)] * 2
    passed, reasons = viability(games)
    assert not passed
    assert [r.split(" ")[0] for r in reasons] == ["completion", "decision", "coverage"]
    assert viability([]) == (False, ["no games"])


def test_gavel_fitness_harmonic_mean():
    # P0, P0, P1, draw; decisions 1 of 2 states per game
    games = [win(0, length=2, legal=[2, 1]), win(0, length=2, legal=[2, 1]),
             win(1, length=2, legal=[2, 1]), draw(length=2, legal=[2, 1])]
    # balance 1 - (.5 - .25) = .75, completion .75, 1 - draws .75, decisions .5, UCT .9
    expected = 5 / (3 * 4 / 3 + 2 + 1 / 0.9)
    assert gavel_fitness(games, uct_vs_random=0.9) == pytest.approx(expected)
    assert gavel_fitness(games) == pytest.approx(4 / (3 * 4 / 3 + 2))  # UCT left out
    # a zero component is floored at 0.01
    fair = [win(0), win(1)]
    assert gavel_fitness(fair, uct_vs_random=0.0) == pytest.approx(5 / (4 + 100))


# ---------------------------------------------------------------- the table

def test_compute_measures_keys_and_values():
    games = [rec(CURVE, ranks=[1, 2]), rec([0.0, -0.5, -1.0], ranks=[2, 1])]
    s = compute_measures(games, uct_vs_random=0.8, skill_trace=0.7, skill_gap=0.4)
    assert list(s.index) == KEYS + ["skill_trace", "skill_gap"]
    assert s.dtype == np.float64
    assert s["completion"] == 1.0 and s["duration"] == 3.0 and s["skill_trace"] == 0.7
    assert s["gavel_fitness"] == pytest.approx(gavel_fitness(games, 0.8))
    assert "skill_trace" not in compute_measures(games)


def test_measures_table_documents_every_function():
    for name, (fn, description, source) in MEASURES.items():
        assert callable(fn) and description and source, name
        assert any(s in fn.__doc__ for s in ("LUDI", "Ludii", "GAVEL", "Iida")), name


@pytest.mark.parametrize("games", [
    [],
    [rec(length=0)],
    [rec(length=0), rec(length=0, ranks=[1, 2])],
    [rec(length=1, ranks=[2, 1], move_evals=[np.zeros(0)])],
    [rec(length=3, players=3), rec(length=2, players=3, ranks=[3, 2, 1], timeout=True)],
    [rec(length=2, players=1, ranks=[1])],
], ids=["none", "zero-length", "zero-length-win", "one-move", "three-players", "solo"])
def test_edge_cases_never_raise(games):
    s = compute_measures(games, uct_vs_random=0.5)
    assert list(s.index) == KEYS
    assert s.dtype == np.float64
    finite = s.dropna()
    assert ((finite >= -1e9) & (finite <= 1e9)).all()


def test_empty_gives_nan_and_not_viable():
    s = compute_measures([])
    assert s.drop("viable").isna().all()
    assert s["viable"] == 0.0


def test_measures_page_lists_every_measure_with_its_ludii_name():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "measures.md").read_text()
    for name in MEASURES:
        assert f"| `{name}` |" in page, name
    for name, ludii_name in LUDII_NAMES.items():
        assert f"| `{name}` |" in page and f"| {ludii_name} |" in page, name
