"""Differential test of our Oware (Abapa rules) against OpenSpiel's ``oware``, move by move.

OpenSpiel's conventions, found empirically (``str(state)``, ``observation_string``) and checked by
the tests below:

- Player 0 (South, our player 0) moves first. OpenSpiel numbers the houses 0..11 in sowing order
  exactly as rules/oware.md does: 0..5 are player 0's, 6..11 player 1's; house i is our cell
  ``g.spec.track[i]``. Its action ``a`` of player ``p`` sows house ``6p + a``.
- Its labels have the opposite case to ours: ``action_to_string(0, a)`` is "A".."F" and
  ``action_to_string(1, a)`` is "a".."f" (our South houses are "a".."f", North's "A".."F");
  ``str(state)`` prints player 1's row from house 11 (left, "f") to house 6 (right, "a") above
  player 0's row, houses 0..5 left to right.
- ``observation_string(p)`` is ``"<player to move> | <score 0> <score 1> | <houses 0..11>"`` (the
  same for both players); ``observation_tensor`` is the 12 house counts and the 2 scores, each
  divided by 48. During play the scores are the stores (captured seeds).
- Every ending (a capture reaching 25 or 24-24, a repeated position, a player to move without a
  legal move) runs OpenSpiel's ``CollectAndTerminate``: each side's remaining seeds go to its
  score and the board is emptied. At the terminal its scores are therefore our store + own side
  (our by-score endings compute that total without moving the seeds; our 25-seed wins keep the
  seeds on the board), and its houses are all 0. The "player to move" field of the terminal
  observation is the board's (the side that would move next); ``current_player()`` is terminal.
- A repeated position is (12 houses, player to move) since the last capture, the start position
  included. ``len(state.history())`` is the number of plies, our ``state.ply``.
- OpenSpiel's games are capped at 1000 plies (a check fails beyond); random games end long
  before (under 300 plies).
"""

from __future__ import annotations

import random

import pytest
from conftest import require

require("openspiel")  # the reference this differential test compares against
import pyspiel  # noqa: E402

import ludi  # noqa: E402

GAMES = 500
TOTAL = 48


@pytest.fixture(scope="module", params=["fast", "sow", "general"])
def games(request):
    """Our Oware on the fast paths it ships with (the whole sowing turn in one kernel; its
    positions keyed by the packed houses), on the sowing kernels alone, or on the general path
    (move program, ``sow`` effect, condition VM), and OpenSpiel's."""
    ours = ludi.load("oware")
    assert ours.fast_paths == ("sow", "sow_turn", "sow_packed")
    if request.param == "sow":
        ours = ours.without_fast_paths("sow_turn")
    elif request.param == "general":
        ours = ours.without_fast_paths()
    return ours, pyspiel.load_game("oware")


def observed(state):
    """(player to move, [score 0, score 1], [houses 0..11]) of an OpenSpiel state."""
    mover, scores, seeds = state.observation_string(0).split("|")
    return int(mover), [int(x) for x in scores.split()], [int(x) for x in seeds.split()]


def test_conventions(games):
    ours, theirs = games
    track = ours.spec.track
    b = theirs.new_initial_state()
    assert b.current_player() == 0
    assert observed(b) == (0, [0, 0], [4] * 12)
    assert [b.action_to_string(0, a) for a in range(6)] == list("ABCDEF")
    assert [b.action_to_string(1, a) for a in range(6)] == list("abcdef")
    assert [ours.board.label(c) for c in track] == list("abcdef") + list("ABCDEF")
    b.apply_action(5)  # player 0 sows house 5
    a = ours.initial_state().apply("f")
    assert observed(b) == (1, [0, 0], [4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4])
    assert observed(b)[2] == [a.count(c) for c in track]
    assert [round(x * TOTAL) for x in b.observation_tensor(0)] == observed(b)[2] + [0, 0]
    lines = str(b).splitlines()
    assert lines[0] == "Player 1 score = 0 [PLAYING]"
    assert lines[1].split() == list("fedcba") and lines[4].split() == list("ABCDEF")
    assert [int(x) for x in lines[2].split()] == observed(b)[2][11:5:-1]
    assert [int(x) for x in lines[3].split()] == observed(b)[2][:6]


def test_random_games_agree_move_by_move(games):
    ours, theirs = games
    track = ours.spec.track
    house_of = {cell: i for i, cell in enumerate(track)}
    ends: dict[str, int] = {}
    longest = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        a = ours.initial_state()
        b = theirs.new_initial_state()
        while True:
            where = f"game {seed}, ply {a.ply}"
            mover, scores, seeds = observed(b)
            ours_houses = [a.count(c) for c in track]
            ours_stores = [a.count(site) for site in ours.spec.map_sites[:2]]
            assert sum(ours_houses) + sum(ours_stores) == TOTAL, where
            assert a.is_terminal() == b.is_terminal(), where
            if b.is_terminal():
                break
            assert a.to_move == b.current_player() == mover, where
            assert ours_houses == seeds, where
            assert ours_stores == scores, where
            legal = {house_of[m.frm]: m for m in a.legal_moves()}
            their_legal = b.legal_actions()
            assert sorted(legal) == sorted(6 * mover + x for x in their_legal), where
            if (seed + a.ply) % 2 == 0:
                house = rng.choice(sorted(legal))
            else:
                house = 6 * mover + rng.choice(their_legal)
            move = legal[house]
            assert move.text == b.action_to_string(mover, house - 6 * mover).swapcase(), where
            a.apply(move.text)
            b.apply_action(house - 6 * mover)
        # the end: the same ply and returns; OpenSpiel collected each side's seeds
        assert a.ply == len(b.history()), where
        assert a.returns() == list(b.returns()), where
        assert seeds == [0] * 12, where
        totals = [ours_stores[p] + sum(ours_houses[6 * p:6 * p + 6]) for p in (0, 1)]
        assert totals == scores, where
        if a.end_type in ("(no Moves Mover)", "(is Cycle)"):
            assert [a.score(0), a.score(1)] == scores, where
        else:  # a win by captures: our scores are the stores
            assert [a.score(0), a.score(1)] == ours_stores, where
            assert max(ours_stores) >= 25, where
        ends[a.end_type] = ends.get(a.end_type, 0) + 1
        longest = max(longest, a.ply)
    # every way of ending was met (and compared)
    assert len(ends) == 4 and "(no Moves Mover)" in ends and "(is Cycle)" in ends, ends
    assert longest < 1000
