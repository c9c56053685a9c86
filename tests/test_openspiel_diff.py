"""Differential tests against OpenSpiel's ``havannah`` and ``hex``, move by move.

Coordinate mappings (checked empirically below, then used for hundreds of random games):

- Havannah of base n: OpenSpiel numbers the cells of a (2n-1) x (2n-1) grid, action
  ``x + y * (2n-1)``, valid where ``|x - y| <= n-1``; its neighbours are (x±1, y), (x, y±1),
  (x+1, y+1), (x-1, y-1). Our axial cell (q, r) is OpenSpiel's (x, y) with
  ``y = r + (n-1)`` and ``x = q + y`` (so ``q = x - y``, ``r = y - (n-1)``, as in
  rules/havannah.md). Player 0 of OpenSpiel (first to move) is our player 0.
- Hex of size n: OpenSpiel's action ``x + y * n`` is our axial (q, r) = (x, y): its neighbours
  are (x±1, y), (x, y±1), (x+1, y-1), (x-1, y+1), exactly our six offsets. OpenSpiel's first
  player 'x' (player 0) connects rows y = 0 and y = n-1, which is our player 0's goal (sides NE,
  r = 0, and SW, r = n-1); its player 1 'o' connects columns x = 0 and x = n-1 (our NW and SE).
  No transpose or reflection is needed.

Both references are played without the pie rule (OpenSpiel's ``swap`` defaults to false).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import require

require("openspiel")  # the reference these differential tests compare against
import pyspiel  # noqa: E402

import ludi  # noqa: E402

HAV_N = 8
HEX_N = 11
GAMES = 200

AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


# ---------------------------------------------------------------- mappings


def havannah_action(board, cell: int, n: int) -> int:
    q, r = board.coords(cell)
    y = r + (n - 1)
    x = q + y
    return x + y * (2 * n - 1)


def hex_action(board, cell: int, n: int) -> int:
    q, r = board.coords(cell)
    return q + r * n


class Pair:
    """Our game and OpenSpiel's, with the cell <-> action maps."""

    def __init__(self, ours, theirs, to_action):
        self.ours = ours
        self.theirs = theirs
        board = ours.board
        self.action = np.array([to_action(board, c) for c in range(board.num_cells)], np.int64)
        self.cell = {int(a): c for c, a in enumerate(self.action)}
        assert len(self.cell) == board.num_cells, "the mapping is not one-to-one"

    def at(self, q: int, r: int) -> int:
        return self.ours.board.cell_at(q, r)

    def our_actions(self, state) -> list[int]:
        return sorted(int(self.action[m.to]) for m in state.legal_moves())

    def play(self, cells) -> tuple[object, object, int | None, int | None]:
        """Play ``cells`` (ours) in both engines; return both final states and the index of the
        move that ended each game (None while it goes on)."""
        s = self.ours.initial_state()
        o = self.theirs.new_initial_state()
        end_s = end_o = None
        for i, c in enumerate(cells):
            s.apply(self.ours.board.label(c))
            o.apply_action(int(self.action[c]))
            if end_s is None and s.is_terminal():
                end_s = i
            if end_o is None and o.is_terminal():
                end_o = i
            if end_s is not None or end_o is not None:
                break
        return s, o, end_s, end_o


@pytest.fixture(scope="module")
def havannah():
    ours = ludi.load("havannah", options={"Board Size": str(HAV_N), "Pie Rule": "Disabled"})
    theirs = pyspiel.load_game("havannah", {"board_size": HAV_N})
    assert not theirs.get_parameters()["swap"]
    return Pair(ours, theirs, lambda b, c: havannah_action(b, c, HAV_N))


@pytest.fixture(scope="module")
def hex_pair():
    ours = ludi.load("hex", options={"Board Size": f"{HEX_N}x{HEX_N}"})
    theirs = pyspiel.load_game("hex")
    params = theirs.get_parameters()
    assert params["board_size"] == HEX_N and not params["swap"]
    return Pair(ours, theirs, lambda b, c: hex_action(b, c, HEX_N))


def interleave(first: list[int], second: list[int]) -> list[int]:
    """Player 0 plays ``first``, player 1 ``second`` in between (one fewer)."""
    out = []
    for i, c in enumerate(first):
        out.append(c)
        if i < len(first) - 1:
            out.append(second[i])
    return out


def isolated_filler(pair: Pair, avoid: set[int], k: int) -> list[int]:
    """``k`` cells, pairwise not adjacent (by axial offsets), off the board's edge and not next
    to any cell of ``avoid``: stones there can neither win nor block."""
    board = pair.ours.board
    blocked = set(avoid)
    for c in avoid:
        q, r = board.coords(c)
        for dq, dr in AXIAL:
            try:
                blocked.add(board.cell_at(q + dq, r + dr))
            except KeyError:
                pass
    rim = board.rim
    out = []
    for c in range(board.num_cells):
        if c in blocked or rim[c]:
            continue
        out.append(c)
        blocked.add(c)
        q, r = board.coords(c)
        for dq, dr in AXIAL:
            try:
                blocked.add(board.cell_at(q + dq, r + dr))
            except KeyError:
                pass
        if len(out) == k:
            return out
    raise AssertionError("not enough filler cells")


# ---------------------------------------------------------------- the mappings, checked


def test_havannah_cells_map_onto_openspiel_cells(havannah):
    o = havannah.theirs.new_initial_state()
    assert havannah.our_actions(havannah.ours.initial_state()) == o.legal_actions()
    # the other reading of the grid (no shear: q = x - (n-1)) does not even give the same cells
    n = HAV_N
    plain = sorted((q + n - 1) + (r + n - 1) * (2 * n - 1)
                   for q, r in (havannah.ours.board.coords(c)
                                for c in range(havannah.ours.board.num_cells)))
    assert plain != o.legal_actions()


def test_havannah_neighbours_agree_with_openspiel(havannah):
    """Straight lines along each axial direction between two corners are bridges in both engines,
    won by player 0 (who moves first in both) with the last stone of the line; a ring of the six
    axial neighbours of the centre is a ring in both."""
    m = HAV_N - 1
    corners = [(0, -m), (m, -m), (m, 0), (0, m), (-m, m), (-m, 0)]
    lines = [(corners[i], corners[(i + 1) % 6]) for i in range(6)]  # the six sides
    lines += [(corners[i], corners[i + 3]) for i in range(3)]  # the three long diagonals
    for (q0, r0), (q1, r1) in lines:
        steps = max(abs(q1 - q0), abs(r1 - r0))
        dq, dr = (q1 - q0) // steps, (r1 - r0) // steps
        assert (dq, dr) in AXIAL
        line = [havannah.at(q0 + i * dq, r0 + i * dr) for i in range(steps + 1)]
        filler = isolated_filler(havannah, set(line), len(line) - 1)
        s, o, end_s, end_o = havannah.play(interleave(line, filler))
        last = 2 * (len(line) - 1)
        assert end_s == end_o == last, ((q0, r0), (q1, r1), end_s, end_o)
        assert s.winner == 0 and s.end_type == "(is Connected 2 Corners)"
        assert o.returns() == [1.0, -1.0]

    ring = [havannah.at(dq, dr) for dq, dr in AXIAL]
    filler = isolated_filler(havannah, set(ring) | {havannah.at(0, 0)}, 5)
    s, o, end_s, end_o = havannah.play(interleave(ring, filler))
    assert end_s == end_o == 10
    assert s.winner == 0 and s.end_type == "(is Loop)"
    assert o.returns() == [1.0, -1.0]


def test_hex_goals_and_neighbours_agree_with_openspiel(hex_pair):
    n = HEX_N
    at = hex_pair.at
    # player 0 ('x' in OpenSpiel) connects r = 0 and r = n-1: a straight line at fixed q ...
    down = [at(3, r) for r in range(n)]
    # ... and a line along the (+1, -1) direction, which must be a neighbour step
    anti = [at(n - 1 - i, i) for i in range(n)]
    for line in (down, anti):
        filler = isolated_filler(hex_pair, set(line), n - 1)
        s, o, end_s, end_o = hex_pair.play(interleave(line, filler))
        assert end_s == end_o == 2 * (n - 1)
        assert s.winner == 0 and o.returns() == [1.0, -1.0]

    # player 1 ('o') connects q = 0 and q = n-1 with a line at fixed r
    across = [at(q, 4) for q in range(n)]
    first = isolated_filler(hex_pair, set(across), n)
    moves = [c for both in zip(first, across, strict=True) for c in both]
    s, o, end_s, end_o = hex_pair.play(moves)
    assert end_s == end_o == 2 * n - 1
    assert s.winner == 1 and o.returns() == [-1.0, 1.0]

    # (+1, +1) is not a neighbour step in either engine: the main diagonal connects nothing
    diag = [at(i, i) for i in range(n)]
    filler = isolated_filler(hex_pair, set(diag), n - 1)
    s, o, end_s, end_o = hex_pair.play(interleave(diag, filler))
    assert end_s is None and end_o is None
    # and a row of player 0 connects nothing for player 0
    row = [at(q, 5) for q in range(n)]
    filler = isolated_filler(hex_pair, set(row), n - 1)
    s, o, end_s, end_o = hex_pair.play(interleave(row, filler))
    assert end_s is None and end_o is None


# ---------------------------------------------------------------- random games


def replay_random_games(pair: Pair, games: int, seed: int) -> dict:
    """Random games played in both engines. Even games draw moves from our legal moves, odd ones
    from OpenSpiel's. At every ply: same player to move, same set of legal moves, same end; at the
    end: same returns. Returns a tally of end types and lengths."""
    board = pair.ours.board
    tally: dict = {"lengths": [], "end_types": {}}
    for g in range(games):
        rng = np.random.default_rng([seed, g])
        s = pair.ours.initial_state()
        o = pair.theirs.new_initial_state()
        ply = 0
        while True:
            legal = s.legal_moves()
            theirs = o.legal_actions()
            mine = sorted(int(pair.action[m.to]) for m in legal)
            assert mine == theirs, f"game {g}, ply {ply}: legal moves differ"
            assert s.is_terminal() == o.is_terminal(), f"game {g}, ply {ply}: end differs"
            if s.is_terminal():
                break
            assert s.to_move == o.current_player(), f"game {g}, ply {ply}"
            if g % 2 == 0:
                move = legal[int(rng.integers(len(legal)))]
                action = int(pair.action[move.to])
            else:
                action = theirs[int(rng.integers(len(theirs)))]
                move = board.label(pair.cell[action])
            s.apply(move)
            o.apply_action(action)
            ply += 1
        assert s.returns() == list(o.returns()), f"game {g}: returns differ"
        assert s.winner is not None and o.returns()[s.winner] == 1.0
        tally["lengths"].append(ply)
        tally["end_types"][s.end_type] = tally["end_types"].get(s.end_type, 0) + 1
    return tally


def test_havannah_random_games_match_openspiel(havannah):
    tally = replay_random_games(havannah, GAMES, seed=8)
    assert len(tally["lengths"]) == GAMES
    # all three ways to win occurred, so all three were compared
    assert set(tally["end_types"]) == {"(is Loop)", "(is Connected 3 SidesNoCorners)",
                                       "(is Connected 2 Corners)"}


def test_hex_random_games_match_openspiel(hex_pair):
    tally = replay_random_games(hex_pair, GAMES, seed=11)
    assert len(tally["lengths"]) == GAMES
    assert set(tally["end_types"]) == {"(is Connected Mover)"}
