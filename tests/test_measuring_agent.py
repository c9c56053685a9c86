"""The measuring agent sees what the rules make forced (issue: "an agent that sees the board").

Plain UCT (``uct:N``) treats a move that wins at once as one more sample of a mean: with a few
hundred iterations over dozens of moves it chooses a winning move about as often as a good one,
and lets one-move threats through, so self-play records its blunders as the game's character.
``mcts:N`` proves wins and losses (MCTS-Solver), checks decisive and anti-decisive moves, and
learns from RAVE in placement games. The tactical positions are found in seeded random games of
the shipped games and their answers checked by exhaustive search (ludi.agents.tactics), never
typed in.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import ludi
from ludi.agents import make_agent
from ludi.agents.tactics import (
    KINDS,
    SHIPPED,
    can_win,
    classify,
    find_tactics,
    solve_rates,
    winning_moves,
)
from ludi.errors import LudiError
from ludi.evolve.config import candidate_settings, load_toml, resolve
from ludi.evolve.fitness import evaluate
from ludi.lang import load_description

DEMO = Path(__file__).resolve().parents[1] / "experiments" / "demo.toml"



def five_in_a_row() -> ludi.State:
    """Gomoku on 9x9, five or more: X to move has four in a row on rank 2, open at both ends."""
    game = ludi.load("gomoku", options={"Board Size": "9x9", "Line": "Five or more"})
    return game.state_from(board={"b2": 0, "c2": 0, "d2": 0, "e2": 0, "b5": 1, "c6": 1,
                                  "d7": 1, "h8": 1}, to_move=0)


def test_plain_uct_chooses_a_one_move_win_by_chance_the_solver_always():
    state = five_in_a_row()
    answers = set(winning_moves(state))
    assert answers == {"a2", "f2"}  # found by trying every move
    picks = {spec: [make_agent(spec, seed).choose(state).text for seed in range(10)]
             for spec in ("uct:400", "mcts:400", "flat:400")}
    assert sum(p in answers for p in picks["uct:400"]) < 10  # the tree's blind spot
    assert all(p in answers for p in picks["mcts:400"])
    assert all(p in answers for p in picks["flat:400"])  # flat sampling ranks by mean


def test_blocking_a_one_move_threat():
    game = ludi.load("gomoku", options={"Board Size": "9x9", "Line": "Five or more"})
    state = game.state_from(board={"a2": 1, "b2": 0, "c2": 0, "d2": 0, "e2": 0, "b5": 1,
                                   "c6": 1, "d7": 1, "h8": 1}, to_move=1)
    tactic = classify(state)
    assert tactic.kind == "block" and tactic.answers == {"f2"}
    assert [make_agent("mcts:400", s).choose(state).text for s in range(5)] == ["f2"] * 5
    assert sum(make_agent("uct:400", s).choose(state).text == "f2" for s in range(10)) < 10


@pytest.mark.slow
def test_tactical_positions_of_every_shipped_game_are_solved_at_400_and_2000():
    tactics = [t for name, options in SHIPPED
               for t in find_tactics(ludi.load(name, options=options), per_kind=2, seed=1,
                                     max_games=60)]
    kinds = {(t.game, t.kind) for t in tactics}
    assert len({g for g, _ in kinds}) == len(SHIPPED)  # positions of every game
    assert {k for _, k in kinds} == set(KINDS)
    for t in tactics:  # each answer set is a real choice: some moves do not answer
        assert 0 < len(t.answers) < len(t.state.legal_moves())
    rates = solve_rates(["mcts:400", "mcts:2000", "uct:400"], tactics, seeds=range(3))
    table = rates.pivot_table(index=["game", "kind"], columns="agent", values="solved")
    print("\n" + table.round(2).to_string())
    assert (table["mcts:2000"] == 1.0).all(), table
    assert (table["mcts:400"] == 1.0).all(), table
    assert table["uct:400"].mean() < 0.85  # what the measures used to see


def test_tactics_are_classified_by_exhaustive_search():
    game = ludi.load("tictactoe")
    state = game.state_from(board={"a1": 0, "b1": 0, "a2": 1, "b2": 1}, to_move=0)
    tactic = classify(state)
    assert tactic.kind == "win" and tactic.answers == {"c1"}
    assert can_win(state)
    state = game.state_from(board={"a1": 0, "a2": 1, "b2": 1}, to_move=0)  # O threatens c2
    tactic = classify(state)
    assert tactic.kind == "block" and tactic.answers == {"c2"}
    assert not can_win(state)
    assert classify(game.initial_state()) is None


# ---------------------------------------------------------------- the search itself


def test_a_proven_root_stops_the_search_and_the_win_is_reported_exact():
    state = five_in_a_row()
    agent = make_agent("mcts:2000", 1)
    analysis = agent.analyse(state)
    assert analysis.move.text in ("a2", "f2")
    assert analysis.move_values[analysis.move.text] == 1.0
    assert agent.work < 100  # a few plies: the win is found at the root, then it stops


def test_the_plies_budget_stops_a_search_early():
    game = ludi.load("hex", options={"Board Size": "9x9"})
    state = game.initial_state()
    full, capped = make_agent("mcts:400,rave=0", 3), make_agent("mcts:400,plies=2000,rave=0", 3)
    n_full = int(full.analyse(state).codes.size)
    a = capped.analyse(state)
    assert capped.work >= 2000  # it stops once the plies are spent (after that iteration)
    assert capped.work < full.work
    assert a.codes.size < n_full  # fewer iterations: fewer root moves tried
    # the same seed, the same search: the budget is counted in work, not time
    again = make_agent("mcts:400,plies=2000,rave=0", 3)
    assert again.analyse(state).move == a.move and again.work == capped.work


def test_rave_makes_the_agent_stronger_in_a_placement_game():
    game = ludi.load("hex", options={"Board Size": "7x7", "Pie Rule": "Enabled"})
    df = ludi.match(game, ["mcts:200", "mcts:200,rave=0"], games=10, seed=3, progress=False)
    assert (df["winner_agent"] == "mcts:200").mean() >= 0.8


def test_the_solver_plays_every_kind_of_game():
    for name, options in [("yavalath", {"Players": "3"}), ("oware", None), ("playwin", None)]:
        game = ludi.load(name, options=options)
        state = game.initial_state()
        for seed in range(6):
            if state.is_terminal():
                break
            state.play_legal(make_agent("mcts:60", seed).choose(state))
        assert np.isfinite(make_agent("mcts:60", 1).analyse(state).player_values).all()


@pytest.mark.parametrize("spec, message", [
    ("mcts:100,rave=-1", "rave must be 0"),
    ("mcts:100,plies=-5", "plies must be 0"),
    ("mcts:100,depth=3", "unknown mcts option 'depth'"),
    ("uct:", "needs a number"),
])
def test_bad_search_options_are_refused(spec, message):
    with pytest.raises(LudiError, match=message):
        make_agent(spec)


# ---------------------------------------------------------------- what the measures see


def test_hex_5x5_without_swap_is_scored_as_the_first_player_win_it_is():
    """Hex 5x5 without the pie rule is a first-player win; plain UCT at 400 iterations played it
    as balanced (P1 0.53). At the fitness's budget the measuring agent's self-play shows the
    first player's advantage, over eight run seeds."""
    text = load_description("hex", {"Board Size": "5x5"}).to_text()
    config = candidate_settings(load_toml(DEMO))
    now = [evaluate(text, resolve({**config, "seed": s}))["measures"] for s in range(1, 9)]
    before = [evaluate(text, resolve({**config, "seed": s, "agent": "uct:400"}))["measures"]
              for s in range(1, 9)]
    advantage = np.mean([m["advantage_p1"] for m in now])
    assert advantage >= 0.7, advantage
    assert np.mean([m["balance"] for m in now]) <= 0.6
    assert advantage > np.mean([m["advantage_p1"] for m in before]) + 0.1
