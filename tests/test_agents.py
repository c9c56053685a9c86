"""Agents: the specs, what a search reports, and playing strength on games with known answers.

Tic-Tac-Toe is a draw with perfect play (shared/rules/measures.md "Known figures"), so a full-depth
alpha-beta must never lose, and strong UCT self-play must draw. The exact game values used below
come from a plain negamax over the engine's public API (``_Solver``), so they do not depend on the
compiled searches under test. Matches use fixed seeds: they are reproducible, and the thresholds
leave room for the sampling error of the numbers of games played.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import ludi
from ludi.agents import (
    AlphaBetaAgent,
    FlatAgent,
    HumanAgent,
    MCTSAgent,
    RandomAgent,
    make_agent,
)
from ludi.errors import LudiError
from ludi.measure import match

ROOT = Path(__file__).resolve().parents[1]
CELLS = [f"{c}{r}" for r in "123" for c in "abc"]


@pytest.fixture(scope="module")
def yavalath3():
    return ludi.load("yavalath", options={"Players": "3 Players"})


def after(game, moves: str):
    state = game.initial_state()
    for m in moves.split():
        state.apply(m)
    return state


class _Solver:
    """Exact Tic-Tac-Toe values by negamax through the public API (value for the player to
    move: 1 win, 0 draw, -1 loss), memoised on the board."""

    def __init__(self):
        self.memo: dict = {}

    @staticmethod
    def key(state):
        return tuple(state.owner(c) for c in range(9)), state.to_move

    def after_move(self, state, move) -> int:
        """The value of ``move`` for the player making it."""
        child = state.copy()
        child.apply(move)
        if child.is_terminal():
            return 0 if child.winner is None else (1 if child.winner == state.to_move else -1)
        return -self.value(child)

    def value(self, state) -> int:
        k = self.key(state)
        if k not in self.memo:
            self.memo[k] = max(self.after_move(state, m) for m in state.legal_moves())
        return self.memo[k]

    def positions(self, game) -> list:
        """Every reachable position that is not over."""
        seen: dict = {}

        def walk(state):
            k = self.key(state)
            if k in seen or state.is_terminal():
                return
            seen[k] = state
            for m in state.legal_moves():
                child = state.copy()
                child.apply(m)
                walk(child)

        walk(game.initial_state())
        return list(seen.values())


@pytest.fixture(scope="module")
def solver():
    return _Solver()


# ---------------------------------------------------------------- specs


@pytest.mark.parametrize("spec, cls, name", [
    ("random", RandomAgent, "random"),
    ("mcts:1000", MCTSAgent, "mcts:1000"),
    ("MCTS:50,c=0.7", MCTSAgent, "mcts:50,c=0.7"),
    ("flat:100", FlatAgent, "flat:100"),
    ("ab:4", AlphaBetaAgent, "ab:4"),
    ("human", HumanAgent, "human"),
])
def test_make_agent(spec, cls, name):
    agent = make_agent(spec, seed=1)
    assert type(agent) is cls
    assert str(agent) == name


def test_make_agent_reads_parameters():
    agent = make_agent("mcts:50,c=0.7")
    assert (agent.iterations, agent.c) == (50, 0.7)
    assert make_agent("ab:4").depth == 4
    assert make_agent("flat:100").iterations == 100


@pytest.mark.parametrize("spec, words", [
    ("mcst:500", ["unknown agent 'mcst:500'", "did you mean 'mcts'"]),
    ("randon", ["did you mean 'random'"]),
    ("alphabeta:3", ["unknown agent"]),
    ("mcts:abc", ["cannot read agent 'mcts:abc'"]),
    ("mcts:100,d=2", ["unknown mcts option 'd'"]),
    ("mcts:0", ["at least 1 iteration"]),
    ("ab:0", ["the depth must be 1 to 12"]),
    ("random:5", ["unknown agent"]),
])
def test_bad_agent_specs(spec, words):
    with pytest.raises(LudiError) as info:
        make_agent(spec)
    for word in words:
        assert word in str(info.value)


# ---------------------------------------------------------------- what a search reports


@pytest.mark.parametrize("spec", ["mcts:500", "flat:20", "ab:3", "random"])
def test_analysis_contract(ttt, spec):
    state = ttt.initial_state()
    legal = {m.text for m in state.legal_moves()}
    a = make_agent(spec, seed=3).analyse(state)
    assert a.move.text in legal
    assert len(a.player_values) == 2
    assert all(-1.0 <= v <= 1.0 for v in a.player_values)
    assert set(a.move_values) <= legal
    assert all(-1.0 <= v <= 1.0 for v in a.move_values.values())
    if spec != "random":
        assert set(a.move_values) == legal  # 500 iterations expand every one of the 9 moves


@pytest.mark.parametrize("spec", ["mcts:300", "flat:20"])
def test_sampling_values_are_zero_sum(ttt, yavalath3, spec):
    """Returns are zero-sum (win +1, loss -1, draw 0; with 3 players 1, 0, -1), so the mean
    values a sampling search reports for the players sum to 0."""
    for game, state in [(ttt, after(ttt, "b2 a1")), (yavalath3, yavalath3.initial_state())]:
        a = make_agent(spec, seed=5).analyse(state)
        assert len(a.player_values) == game.num_players
        assert abs(sum(a.player_values)) < 1e-9


@pytest.mark.parametrize("spec", ["mcts:1000", "flat:100", "ab:2", "ab:9"])
def test_takes_a_win(ttt, spec):
    # X: a1 b1, O: a2 b2, X to move: c1 wins at once
    state = after(ttt, "a1 a2 b1 b2")
    a = make_agent(spec, seed=7).analyse(state)
    assert a.move.text == "c1"
    assert a.move_values["c1"] == 1.0 == max(a.move_values.values())  # a sure win, in [-1, 1]
    if spec != "flat:100":  # flat MC reports the mean of all its (uniform) playouts
        assert a.player_values[state.to_move] > 0.5


@pytest.mark.parametrize("spec", ["mcts:1000", "flat:200", "ab:2", "ab:9"])
def test_blocks_a_loss(ttt, spec):
    # X: a1 b1 threatens c1; O (b2) to move must block
    state = after(ttt, "a1 b2 b1")
    for seed in range(3):
        assert make_agent(spec, seed=seed).choose(state).text == "c1"


def test_terminal_state_has_no_move(ttt):
    state = after(ttt, "a1 a2 b1 b2 c1")
    assert state.is_terminal()
    for spec in ["random", "mcts:10", "flat:5", "ab:3"]:
        with pytest.raises(LudiError, match="game is over"):
            make_agent(spec).choose(state)


def test_agents_play_three_players(yavalath3):
    state = yavalath3.initial_state()
    for spec in ["random", "mcts:50", "flat:3", "ab:2"]:
        for _ in range(3):
            a = make_agent(spec, seed=11).analyse(state)
            assert a.move in state.legal_moves()
            assert len(a.player_values) == 3
            state.apply(a.move)


def test_seeded_agents_repeat(yavalath):
    state = yavalath.initial_state()
    for spec in ["random", "mcts:200", "flat:5"]:
        firsts = {make_agent(spec, seed=42).choose(state).text for _ in range(3)}
        assert len(firsts) == 1, spec
    # different seeds spread over the 61 cells
    assert len({make_agent("random", seed=s).choose(state).text for s in range(20)}) > 5


def test_alphabeta_full_depth_is_optimal_everywhere(ttt, solver):
    """In every reachable position ab:9 picks a move of the position's exact value."""
    agent = make_agent("ab:9", seed=1)
    positions = solver.positions(ttt)
    assert len(positions) == 4520
    wrong = []
    for state in positions:
        move = agent.choose(state)
        if solver.after_move(state, move) != solver.value(state):
            wrong.append((str(state), move.text))
    assert not wrong, wrong[:3]


def test_alphabeta_does_not_pick_a_tied_bound(ttt, solver):
    """Regression: after X b1, O's a2, c2, a3, c3 lose; alpha-beta cut them off with a bound
    equal to the best value (0) and the random tie-break could pick one of them."""
    state = after(ttt, "b1")
    losing = {m.text for m in state.legal_moves() if solver.after_move(state, m) < 0}
    assert losing == {"a2", "c2", "a3", "c3"}
    for seed in range(20):
        a = make_agent("ab:9", seed=seed).analyse(state)
        assert a.move.text not in losing
        assert all(a.move_values[m] < -0.5 for m in losing)


# ---------------------------------------------------------------- playing strength


def wins_draws_losses(df: pd.DataFrame, spec: str) -> tuple[int, int, int]:
    wins = int((df["winner_agent"] == spec).sum())
    draws = int(df["draw"].sum())
    return wins, draws, len(df) - wins - draws


def test_mcts_self_play_draws_tictactoe(ttt):
    df = match(ttt, ["mcts:10000", "mcts:10000"], games=40, seed=1, workers=2, progress=False)
    assert len(df) == 40
    assert df["draw"].sum() >= 38
    assert (df.loc[df["draw"], "length"] == 9).all()


def test_mcts_beats_random_tictactoe(ttt):
    df = match(ttt, ["mcts:1000", "random"], games=100, seed=2, workers=2, progress=False)
    wins, draws, losses = wins_draws_losses(df, "mcts:1000")
    assert wins + draws + losses == 100
    assert wins + draws >= 95  # does not lose
    assert wins >= 80
    # seats rotate: mcts plays first in the even games and second in the odd ones
    assert (df["agents"].iloc[0], df["agents"].iloc[1]) == (["mcts:1000", "random"],
                                                           ["random", "mcts:1000"])


def test_mcts_beats_random_yavalath(yavalath):
    df = match(yavalath, ["mcts:1000", "random"], games=60, seed=3, workers=2, progress=False)
    wins, _, _ = wins_draws_losses(df, "mcts:1000")
    assert wins >= 57  # 95%


@pytest.mark.parametrize("opponent, games", [("random", 40), ("mcts:1000", 40)])
def test_alphabeta_never_loses_tictactoe(ttt, opponent, games):
    df = match(ttt, ["ab:9", opponent], games=games, seed=4, workers=2, progress=False)
    wins, draws, losses = wins_draws_losses(df, "ab:9")
    assert losses == 0, df[df["winner_agent"] == opponent]
    assert wins + draws == games
    if opponent == "random":
        assert wins >= 30  # random blunders; a perfect player takes most of those games


def test_alphabeta_self_play_always_draws(ttt):
    df = match(ttt, ["ab:9", "ab:9"], games=20, seed=5, workers=2, progress=False)
    assert df["draw"].all()
    assert (df["length"] == 9).all()


# ---------------------------------------------------------------- reproducibility


def test_same_seed_same_games(ttt, yavalath):
    for game, agents in [(ttt, ["mcts:100", "random"]), (yavalath, ["random", "flat:2"])]:
        a = match(game, agents, games=8, seed=21, progress=False)
        b = match(game, agents, games=8, seed=21, progress=False)
        pd.testing.assert_frame_equal(a, b)
        c = match(game, agents, games=8, seed=21, workers=2, progress=False)
        pd.testing.assert_frame_equal(a, c)  # whatever the number of workers


def test_different_seeds_differ(yavalath):
    a = match(yavalath, ["random", "random"], games=10, seed=1, progress=False)
    b = match(yavalath, ["random", "random"], games=10, seed=2, progress=False)
    assert not a["seed"].equals(b["seed"])
    assert list(a["length"]) != list(b["length"])


def test_match_rejects_wrong_agents(ttt):
    with pytest.raises(ValueError, match="2 players"):
        match(ttt, ["random"], games=2, progress=False)
    with pytest.raises(LudiError, match="did you mean 'mcts'"):
        match(ttt, ["mcst:10", "random"], games=2, progress=False)


# ---------------------------------------------------------------- a person at the terminal


def scripted(lines: list[str]):
    feed = iter(lines)
    said: list[str] = []
    return HumanAgent(prompt=lambda _: next(feed), echo=said.append), said


def test_human_agent_reads_until_legal(ttt):
    state = after(ttt, "b2")
    human, said = scripted(["zz", "moves", "b2", "A11", "  A1 "])
    assert human.choose(state).text == "a1"
    assert said[0].startswith("'zz' is not a legal move here")
    assert said[1] == "legal moves: " + " ".join(c for c in CELLS if c != "b2")
    assert "'b2' is not a legal move" in said[2]  # occupied
    assert "did you mean a1" in said[3]
    assert len(said) == 4


def test_human_agent_quits(ttt):
    human, _ = scripted(["quit"])
    with pytest.raises(KeyboardInterrupt):
        human.choose(ttt.initial_state())


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "ludi", *args], cwd=ROOT, env=env,
                          input=stdin if stdin is not None else "", capture_output=True,
                          text=True, timeout=120)


def test_cli_play_agents_only():
    r = run_cli("play", "tictactoe", "--p1", "mcts:200", "--p2", "random", "--seed", "3")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert "P1 mcts:200, P2 random" in r.stdout
    assert "P1 (mcts:200) plays" in r.stdout and "P2 (random) plays" in r.stdout
    assert "game over after" in r.stdout
    assert "P1>" not in r.stdout  # nobody was asked for a move


def test_cli_play_human():
    """Bad input gets a message and the game goes on; moves already taken are refused too."""
    text = "zz\nmoves\n" + "\n".join(CELLS) + "\n"
    r = run_cli("play", "tictactoe", "--p1", "human", "--p2", "random", "--seed", "1",
                stdin=text)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert "'zz' is not a legal move here" in r.stdout
    assert "legal moves: " + " ".join(CELLS) in r.stdout
    assert "game over after" in r.stdout
    assert "P2 (random) plays" in r.stdout


def test_cli_play_stops_at_end_of_input():
    r = run_cli("play", "tictactoe", "--p1", "human", "--p2", "random", stdin="a1\n")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert "game over" not in r.stdout


def test_cli_play_bad_agent():
    r = run_cli("play", "tictactoe", "--p1", "mtcs:200")
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert "did you mean 'mcts'" in r.stderr


def test_agents_leave_state_alone(yavalath):
    state = yavalath.initial_state()
    state.apply("e5")
    before = (state.ply, [state.owner(c) for c in range(yavalath.board.num_cells)])
    for spec in ["mcts:100", "flat:2", "ab:2"]:
        make_agent(spec, seed=1).analyse(state)
    assert (state.ply, [state.owner(c) for c in range(yavalath.board.num_cells)]) == before
    assert np.isfinite(make_agent("mcts:50", seed=1).analyse(state).player_values).all()
