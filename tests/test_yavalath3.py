"""Three-player Yavalath (shared/rules/yavalath.md, "Three players"), through the public API.

Two rule sets:
- the shipped description, option "Players": "3 Players" (the seed's rules, ``(meta
  (firstWinEnds))``): a line of three eliminates (the stones stay as blockers, the player's turns
  are skipped); you must block the next active player's winning cells; the first win ends the game;
- Ludii's own ``Yavalath.lud`` "3 Players" (read from ``shared/ludii``, skipped when absent):
  ``(result Mover Loss)`` eliminates, ``(result Mover Win)`` takes the best free rank and the others
  play on until one is left; its play is the union of ``(sites Winning Mover …)`` and ``(sites
  Winning Next …)``, so a mover may win instead of blocking.

Expectations are worked out from the rules; ``Reference`` is a direct, slow transcription of both
rule sets, compared with the engine move by move in random games.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import LUDII, require

import ludi
from ludi.engine.playouts import run_playouts

LUDII_YAVALATH = LUDII / "Yavalath.lud"
needs_ludii = pytest.mark.needs("ludii")

AXES = [(1, 0), (0, 1), (1, -1)]
CELLS = [(q, r) for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
ON_BOARD = set(CELLS)

_GAMES: dict = {}


def seed_game():
    if "seed" not in _GAMES:
        _GAMES["seed"] = ludi.load("yavalath", options={"Players": "3 Players"})
    return _GAMES["seed"]


def ludii_game():
    if "ludii" not in _GAMES:
        _GAMES["ludii"] = ludi.load(LUDII_YAVALATH, options={"Players": "3 Players"},
                                    defines=LUDII / "def")
    return _GAMES["ludii"]


# ---------------------------------------------------------------- the rules, transcribed


def run_through(board: dict, cell, player: int) -> int:
    """The longest run of ``player``'s stones through ``cell`` (as if ``player`` stood there)."""
    best = 1
    for dq, dr in AXES:
        n = 1
        for sign in (1, -1):
            q, r = cell
            while True:
                q, r = q + sign * dq, r + sign * dr
                if board.get((q, r)) != player:
                    break
                n += 1
        best = max(best, n)
    return best


class Reference:
    """Three-player Yavalath by the rules: ``ludii`` picks Ludii's semantics over the seed's."""

    def __init__(self, board: dict, to_move: int, ludii: bool):
        self.board = dict(board)
        self.mover = to_move
        self.ludii = ludii
        self.active = [0, 1, 2]
        self.ranks: dict[int, int] = {}
        self.best, self.worst = 1, 3
        self.over = False
        self.wins = 0  # moves that made a run >= 4
        self.played_on = 0  # wins after which the game went on (Ludii's rules)

    def next_after(self, p: int) -> int:
        for k in range(1, 4):
            if (p + k) % 3 in self.active:
                return (p + k) % 3
        return p

    def winning_cells(self, p: int) -> set:
        return {c for c in CELLS if c not in self.board and run_through(self.board, c, p) >= 4}

    def legal(self) -> set:
        if self.over:
            return set()
        empty = {c for c in CELLS if c not in self.board}
        forced = self.winning_cells(self.next_after(self.mover))
        if self.ludii:
            forced |= self.winning_cells(self.mover)
        return forced or empty

    def _finish(self, winner):
        if winner is not None:
            self.ranks[winner] = self.best
            self.best += 1
        for p in range(3):
            self.ranks.setdefault(p, self.best)
        self.over = True

    def play(self, cell):
        p = self.mover
        assert cell in self.legal()
        run = run_through(self.board, cell, p)
        self.board[cell] = p
        self.wins += run >= 4
        if run >= 4 and not self.ludii:
            self._finish(p)  # the first win ends the game
            return
        if run >= 4 or run == 3:
            if run >= 4:  # Ludii: the best free rank, and out
                self.ranks[p] = self.best
                self.best += 1
            else:  # a loss eliminates: the worst free rank
                self.ranks[p] = self.worst
                self.worst -= 1
            self.active.remove(p)
            if len(self.active) == 1:
                self._finish(self.active[0])
                return
            self.played_on += run >= 4
        self.mover = self.next_after(p)
        if len(self.board) == len(CELLS):
            self._finish(None)  # a full board: a draw among those still in

    def rank_list(self):
        return [self.ranks[p] for p in range(3)] if self.over else None


# ---------------------------------------------------------------- helpers


def lab(game, q, r) -> str:
    return game.board.label(game.board.cell_at(q, r))


def legal_cells(state) -> set:
    return {state.game.board.coords(m.to) for m in state.legal_moves()}


def put(state, q, r):
    return state.apply(lab(state.game, q, r))


def expected_returns(ranks):
    """1st +1, last -1, linear between; tied players share the average of their places."""
    out = []
    for r in ranks:
        tied = ranks.count(r)
        place = r + (tied - 1) / 2
        out.append(1 - 2 * (place - 1) / 2)
    return out


def valid_ranks(ranks) -> bool:
    """Competition ranking: each rank is 1 + the number of players ranked strictly better."""
    return all(r == 1 + sum(1 for x in ranks if x < r) for r in ranks)


# Player 1 threatens G = (2,-2) (a stone there makes 1's four). Player 0 has XX.X on row r=2 (a
# stone on W0 = (-1,2) wins for 0) and two stones above G on its r-axis (a stone of 0 on G makes
# a run of exactly three: blocking eliminates 0). Player 2 has two scattered stones.
G, W0 = (2, -2), (-1, 2)
THREAT = {(0, -2): 1, (1, -2): 1, (3, -2): 1,
          (-3, 2): 0, (-2, 2): 0, (0, 2): 0, (2, -1): 0, (2, 0): 0,
          (4, -4): 2, (-4, 4): 2}


def test_threat_position_is_as_described():
    assert run_through(THREAT, G, 1) == 4
    assert run_through(THREAT, G, 0) == 3
    assert run_through(THREAT, W0, 0) == 4
    assert {c for c in CELLS if c not in THREAT and run_through(THREAT, c, 1) >= 4} == {G}
    assert {c for c in CELLS if c not in THREAT and run_through(THREAT, c, 0) >= 4} == {W0}
    assert not {c for c in CELLS if c not in THREAT and run_through(THREAT, c, 2) >= 4}


# ---------------------------------------------------------------- the seed's rules (shipped)


def test_shipped_three_players_setup():
    g = seed_game()
    s = g.initial_state()
    assert g.num_players == 3 and g.board.num_cells == 61
    assert s.to_move == 0 and len(s.legal_moves()) == 61
    assert "swap" not in [m.text for m in s.legal_moves()]
    for mover in (1, 2, 0):  # turn order 0, 1, 2
        s.apply(s.legal_moves()[0])
        assert s.to_move == mover


def test_line_of_three_eliminates_and_the_turn_skips():
    g = seed_game()
    s = g.state_from(board={(0, 0): 0, (1, 0): 0, (-3, 3): 1, (3, -3): 2}, to_move=0)
    put(s, 2, 0)  # 0 makes exactly three
    assert not s.is_terminal()
    assert s.ranks is None and s.winner is None
    assert s.owner(g.board.cell_at(2, 0)) == 0  # the stones stay
    assert s.to_move == 1
    put(s, -4, 0)
    assert s.to_move == 2
    put(s, 4, -4)
    assert s.to_move == 1  # 0 is skipped
    put(s, -4, 2)
    assert s.to_move == 2
    assert all(s.owner(g.board.cell_at(*c)) == 0 for c in [(0, 0), (1, 0), (2, 0)])
    assert g.board.cell_at(2, 0) not in {m.to for m in s.legal_moves()}


def test_must_block_even_when_blocking_eliminates_and_a_win_is_open():
    g = seed_game()
    s = g.state_from(board=THREAT, to_move=0)
    # 1 (next) wins at G: only G is legal, although it makes 0's three and 0 could win at W0
    assert legal_cells(s) == {G}
    with pytest.raises(ludi.IllegalMove):
        put(s.copy(), *W0)
    put(s, *G)
    assert not s.is_terminal() and s.to_move == 1  # 0 is out
    assert s.owner(g.board.cell_at(*G)) == 0
    # 1's next is 2, who threatens nothing: every empty cell is legal for 1
    assert legal_cells(s) == {c for c in CELLS if c not in THREAT and c != G}


def test_eliminated_stones_block_lines_and_the_survivor_wins():
    g = seed_game()
    s = g.state_from(board=THREAT, to_move=0)
    put(s, *G)  # 0 blocks and is eliminated (rank 3)
    # 1 plays (-1,-2): (-1,-2) (0,-2) (1,-2) is three; through 0's stone on G it would be six
    put(s, -1, -2)
    assert s.is_terminal()
    assert s.end_type == "(is Line 3)"
    assert s.winner == 2
    assert s.ranks == [3, 2, 1]  # the later eliminated ranks above the earlier
    assert s.returns() == [-1.0, 0.0, 1.0]


def test_eliminated_stone_is_nobodys_line():
    g = seed_game()
    s = g.state_from(board=THREAT, to_move=0)
    put(s, *G)
    put(s, 4, -2)  # (3,-2) (4,-2): two; counting 0's stone on G it would be five for 1
    assert not s.is_terminal() and s.to_move == 2


def test_an_eliminated_players_threat_does_not_bind():
    g = seed_game()
    s = g.state_from(board=THREAT, to_move=0)
    put(s, *G)  # 0 out; its XX.X on row 2 still "wins" at W0 for a stone of 0
    put(s, -4, 1)
    assert s.to_move == 2
    # 2's next active player is 1 (0 is skipped), and 1 threatens nothing: all empties legal
    empties = {c for c in CELLS if s.owner(g.board.cell_at(*c)) is None}
    assert W0 in empties and legal_cells(s) == empties


def test_must_block_the_next_player_only():
    g = seed_game()
    board = {(0, -2): 2, (1, -2): 2, (3, -2): 2, (-4, 4): 0, (4, -4): 1}
    s = g.state_from(board=board, to_move=0)
    # 2 threatens G, but 0's next is 1: no constraint on 0
    assert len(legal_cells(s)) == 61 - len(board)
    s = g.state_from(board=board, to_move=1)
    assert legal_cells(s) == {G}  # 1's next is 2


def test_must_block_every_winning_cell():
    g = seed_game()
    board = {(0, -2): 1, (1, -2): 1, (3, -2): 1, (-4, 1): 1, (-3, 1): 1, (-1, 1): 1,
             (4, -4): 2, (-4, 4): 0}
    s = g.state_from(board=board, to_move=0)
    assert legal_cells(s) == {G, (-2, 1)}  # either winning cell of 1, nothing else
    put(s, -2, 1)  # 0 blocks one; 1 (free: 2 threatens nothing) takes the other and wins
    assert not s.is_terminal() and s.to_move == 1
    put(s, *G)
    assert s.is_terminal() and s.winner == 1 and s.ranks == [2, 1, 2]


def test_first_win_ends_the_game():
    g = seed_game()
    # 1 has two winning cells; 0 must block one, and blocking G makes 0's three
    board = {(0, -2): 1, (1, -2): 1, (3, -2): 1, (-4, 1): 1, (-3, 1): 1, (-1, 1): 1,
             (2, -1): 0, (2, 0): 0, (4, -4): 2, (-4, 4): 2}
    s = g.state_from(board=board, to_move=0)
    assert legal_cells(s) == {G, (-2, 1)}
    put(s, *G)  # 0 is eliminated
    assert not s.is_terminal() and s.to_move == 1
    # 1's next is 2 (no threat), so 1 is free, and wins at the other cell
    assert (-2, 1) in legal_cells(s) and len(legal_cells(s)) > 1
    put(s, -2, 1)
    assert s.is_terminal()
    assert s.end_type == "(is Line 4)"
    assert s.winner == 1
    assert s.ranks == [3, 1, 2]  # 2, still in, ranks above the eliminated 0
    assert s.returns() == [-1.0, 1.0, 0.0]
    assert s.legal_moves() == []


def test_first_win_with_nobody_out():
    g = seed_game()
    s = g.state_from(board=THREAT, to_move=1)  # 1's next is 2: no threat; 1 wins at G
    put(s, *G)
    assert s.is_terminal() and s.winner == 1
    assert s.ranks == [2, 1, 2]  # the other two share second place
    assert s.returns() == [-0.5, 1.0, -0.5] == expected_returns([2, 1, 2])


def test_returns_follow_ranks():
    for ranks, returns in [([1, 2, 3], [1.0, 0.0, -1.0]), ([3, 1, 2], [-1.0, 1.0, 0.0]),
                           ([2, 1, 2], [-0.5, 1.0, -0.5]), ([1, 1, 3], [0.5, 0.5, -1.0]),
                           ([1, 1, 1], [0.0, 0.0, 0.0])]:
        assert expected_returns(ranks) == returns
        assert valid_ranks(ranks)


# ---------------------------------------------------------------- Ludii's Yavalath.lud


@needs_ludii
def test_ludii_three_players_setup():
    g = ludii_game()
    assert g.num_players == 3 and g.board.num_cells == 61
    s = g.initial_state()
    assert len(s.legal_moves()) == 61 and "swap" not in [m.text for m in s.legal_moves()]


@needs_ludii
def test_ludii_mover_may_win_instead_of_blocking():
    g = ludii_game()
    s = g.state_from(board=THREAT, to_move=0)
    assert legal_cells(s) == {G, W0}  # (sites Winning Mover) union (sites Winning Next)
    put(s, *W0)
    # 0 wins: rank 1, and the other two play on
    assert not s.is_terminal() and s.winner is None and s.ranks is None
    assert s.to_move == 1
    # 1's own win is in the union (its next, 2, threatens nothing): only G
    assert legal_cells(s) == {G}
    put(s, *G)
    assert s.is_terminal()
    assert s.winner == 0
    assert s.ranks == [1, 2, 3]
    assert s.returns() == [1.0, 0.0, -1.0]


@needs_ludii
def test_ludii_blocking_may_still_eliminate():
    g = ludii_game()
    s = g.state_from(board=THREAT, to_move=0)
    put(s, *G)  # 0 blocks, makes three: eliminated, rank 3
    assert not s.is_terminal() and s.to_move == 1
    put(s, -1, -2)  # 1's three (0's stone on G blocks the longer line): eliminated, rank 2
    assert s.is_terminal()
    assert s.winner == 2 and s.ranks == [3, 2, 1] and s.returns() == [-1.0, 0.0, 1.0]


@needs_ludii
def test_ludii_next_skips_the_player_who_won():
    g = ludii_game()
    s = g.state_from(board=THREAT | {(-4, 0): 1, (-3, 0): 1}, to_move=0)
    put(s, *W0)  # 0 wins and leaves
    assert s.to_move == 1
    put(s, *G)  # forced (1's own win): rank 2, 2 is last
    assert s.ranks == [1, 2, 3]
    s = g.state_from(board=THREAT | {(-4, 0): 1, (-3, 0): 1, (-1, -3): 2, (0, -3): 2,
                                     (2, -3): 2}, to_move=0)
    # now 2 threatens (1,-3) too: 0's union is {G, W0} (0's next is 1); after 0 wins, 1's
    # next is 2, so 1's choices are its own win G and 2's win (1,-3)
    assert legal_cells(s) == {G, W0}
    put(s, *W0)
    assert legal_cells(s) == {G, (1, -3)}
    put(s, 1, -3)  # 1 blocks 2 instead of winning
    assert not s.is_terminal() and s.to_move == 2
    # 2's next is 1 (0 has left), who still wins at G: 2 must block G
    assert legal_cells(s) == {G}


@needs_ludii
def test_ludii_loss_after_a_win():
    g = ludii_game()
    board = {(-3, 2): 0, (-2, 2): 0, (0, 2): 0, (-4, 0): 1, (-3, 0): 1,
             (4, -4): 2, (3, -4): 2}
    s = g.state_from(board=board, to_move=0)
    assert legal_cells(s) == {W0}  # 0's own win (no threat from 1)
    put(s, *W0)
    assert s.to_move == 1 and not s.is_terminal()
    put(s, -2, 0)  # 1's three: eliminated (rank 3); 2 is left, second
    assert s.is_terminal()
    assert s.ranks == [1, 3, 2] and s.winner == 0
    assert s.returns() == [1.0, -1.0, 0.0]


# ---------------------------------------------------------------- random games


def _random_cell(ref, legal, rng):
    return rng.choice(legal)


def _greedy_cell(ref, legal, rng):
    """Win when a winning cell is legal; else avoid making three, preferring cells that make a
    new winning cell (threats, so that double threats and wins happen)."""
    p = ref.mover
    runs = {c: run_through(ref.board, c, p) for c in legal}
    wins = [c for c in legal if runs[c] >= 4]
    if wins:
        return rng.choice(wins)
    safe = [c for c in legal if runs[c] != 3] or legal
    threats = [c for c in safe if _makes_threat(ref.board, c, p)]
    return rng.choice(threats if threats and rng.random() < 0.8 else safe)


def _makes_threat(board, cell, p) -> bool:
    """Would a stone of p on ``cell`` give p a winning cell (on a line through ``cell``)?"""
    after = board | {cell: p}
    for dq, dr in AXES:
        for k in (-3, -2, -1, 1, 2, 3):
            x = (cell[0] + k * dq, cell[1] + k * dr)
            if x in ON_BOARD and x not in after and run_through(after, x, p) >= 4:
                return True
    return False


def _compare_game(game, ludii: bool, rng: random.Random, greedy: bool):
    """One random game, checked move by move against the reference. ``greedy``: take a winning
    cell whenever one is legal (so that games also end by wins, not only by eliminations)."""
    s = game.initial_state()
    ref = Reference({}, 0, ludii)
    while not ref.over:
        assert not s.is_terminal()
        assert s.to_move == ref.mover
        legal = legal_cells(s)
        assert legal == ref.legal()
        cell = (_greedy_cell if greedy else _random_cell)(ref, sorted(legal), rng)
        ref.play(cell)
        put(s, *cell)
    assert s.is_terminal()
    assert s.ranks == ref.rank_list()
    assert valid_ranks(s.ranks)
    assert s.returns() == expected_returns(s.ranks)
    assert abs(sum(s.returns())) < 1e-9
    assert s.ply <= 61
    return s, ref


@pytest.mark.parametrize("seed", range(4))
def test_random_games_match_the_seed_rules(seed):
    game = seed_game()
    rng = random.Random(seed)
    for _ in range(20):
        s, _ = _compare_game(game, False, rng, greedy=False)


def test_greedy_games_match_the_seed_rules():
    game = seed_game()
    rng = random.Random(41)
    wins = 0
    for _ in range(80):
        s, ref = _compare_game(game, False, rng, greedy=True)
        assert ref.wins <= 1 and ref.played_on == 0  # the first win ends the game
        if s.end_type == "(is Line 4)":
            wins += 1
            assert s.ranks.count(1) == 1 and s.winner is not None
            assert s.ranks[s.winner] == 1
    assert wins >= 3  # the sample reaches games decided by a win


@needs_ludii
@pytest.mark.parametrize("seed", range(4))
def test_random_games_match_ludii_rules(seed):
    game = ludii_game()
    rng = random.Random(100 + seed)
    for _ in range(20):
        s, _ = _compare_game(game, True, rng, greedy=False)
        assert sorted(s.ranks) == [1, 2, 3] or s.end_type == "no moves"


@needs_ludii
def test_greedy_games_match_ludii_rules():
    game = ludii_game()
    rng = random.Random(43)
    played_on = 0
    for _ in range(60):
        s, ref = _compare_game(game, True, rng, greedy=True)
        # played out until one is left (or the board fills): the ranks are all distinct then
        assert sorted(s.ranks) == [1, 2, 3] or s.end_type == "no moves"
        played_on += ref.played_on
    assert played_on >= 5  # wins that did not end the game were reached


@pytest.mark.parametrize("which", ["seed", "ludii"])
def test_random_playouts_terminate(which):
    if which == "ludii":
        require("ludii")
    game = seed_game() if which == "seed" else ludii_game()
    lengths, winners, _ = run_playouts(game, 5000, seed=3)
    assert lengths.min() >= 5 and lengths.max() <= 61
    assert set(np.unique(winners)) <= {-1, 0, 1, 2}
    assert (winners >= 0).mean() > 0.9
