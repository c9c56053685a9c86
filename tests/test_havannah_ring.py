"""Havannah's ring, bridge and fork detection against brute force (rules/havannah.md).

The engine finds rings incrementally (union-find arcs around the last stone, a flower test, a flood
fill only when a loop closed). Here every position of many random games, played move by move, is
checked against the definition in the rules, computed from the coordinates alone:

    Let S be the mover's stones. Flood-fill from every edge cell not in S through cells not in S.
    A ring exists iff some cell not in S is not reached, or some non-edge cell of S has all 6
    neighbours in S.

The engine only looks at rings through the stone just placed and stops at the first win, so after
each move: the game ends with "(is Loop)" iff the mover now has a ring (none existed before: the
game would have ended); otherwise it ends with a fork iff the last stone's chain touches 3 sides,
otherwise with a bridge iff that chain touches 2 corners (the end clause is an ``or`` of loop, fork,
bridge, reported in that order); otherwise it goes on.
"""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

import ludi

AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
LOOP = "(is Loop)"
FORK = "(is Connected 3 SidesNoCorners)"
BRIDGE = "(is Connected 2 Corners)"


class Geometry:
    """The board rebuilt from coordinates only: neighbours, edge, corners, sides."""

    def __init__(self, board):
        self.board = board
        C = board.num_cells
        coords = [board.coords(c) for c in range(C)]
        index = {xy: c for c, xy in enumerate(coords)}
        self.nbrs = [[index[(q + dq, r + dr)] for dq, dr in AXIAL if (q + dq, r + dr) in index]
                     for q, r in coords]
        self.edge = [len(nb) < 6 for nb in self.nbrs]
        self.corners = {c for c in range(C) if len(self.nbrs[c]) == 3}
        # sides: the connected runs of edge cells that are not corners
        self.side = {}
        for c in range(C):
            if self.edge[c] and c not in self.corners and c not in self.side:
                k = len(set(self.side.values()))
                todo = [c]
                self.side[c] = k
                while todo:
                    x = todo.pop()
                    for y in self.nbrs[x]:
                        if self.edge[y] and y not in self.corners and y not in self.side:
                            self.side[y] = k
                            todo.append(y)
        n = board.size[0]
        assert len(self.corners) == 6 and len(set(self.side.values())) == 6
        assert len(self.side) == 6 * (n - 2)

    def ring(self, stones: set[int]) -> bool:
        """The rules' ring definition for the stones ``stones``."""
        C = len(self.nbrs)
        seen = [False] * C
        todo = [c for c in range(C) if self.edge[c] and c not in stones]
        for c in todo:
            seen[c] = True
        while todo:
            x = todo.pop()
            for y in self.nbrs[x]:
                if not seen[y] and y not in stones:
                    seen[y] = True
                    todo.append(y)
        if any(not seen[c] and c not in stones for c in range(C)):
            return True
        return any(not self.edge[c] and all(y in stones for y in self.nbrs[c]) for c in stones)

    def chain(self, stones: set[int], start: int) -> set[int]:
        group = {start}
        todo = deque([start])
        while todo:
            x = todo.popleft()
            for y in self.nbrs[x]:
                if y in stones and y not in group:
                    group.add(y)
                    todo.append(y)
        return group

    def expected_end(self, stones: set[int], last: int) -> str | None:
        """What the mover's last stone wins with, in the end clause's order, or None."""
        if self.ring(stones):
            return LOOP
        group = self.chain(stones, last)
        if len({self.side[c] for c in group if c in self.side}) >= 3:
            return FORK
        if len(group & self.corners) >= 2:
            return BRIDGE
        return None


def load(base: int):
    return ludi.load("havannah", options={"Board Size": str(base), "Pie Rule": "Disabled"})


@pytest.fixture(scope="module")
def base5():
    game = load(5)
    return game, Geometry(game.board)


@pytest.fixture(scope="module")
def base8():
    game = load(8)
    return game, Geometry(game.board)


# ---------------------------------------------------------------- random games


def pick(policy: str, legal, geo: Geometry, own: set[int], rng) -> object:
    """A move: uniform, or biased towards the mover's own stones ("clumpy", which makes many and
    varied rings, flowers included) or towards the edge ("edge")."""
    if policy == "clumpy" and own and rng.random() < 0.8:
        near = [m for m in legal if any(y in own for y in geo.nbrs[m.to])]
        if near:
            return near[int(rng.integers(len(near)))]
    if policy == "edge" and rng.random() < 0.5:
        rim = [m for m in legal if geo.edge[m.to]]
        if rim:
            return rim[int(rng.integers(len(rim)))]
    return legal[int(rng.integers(len(legal)))]


def check_game(game, geo: Geometry, rng, policy: str, tally: dict) -> None:
    state = game.initial_state()
    stones: list[set[int]] = [set(), set()]
    while not state.is_terminal():
        mover = state.to_move
        move = pick(policy, state.legal_moves(), geo, stones[mover], rng)
        state.apply(move)
        stones[mover].add(move.to)
        assert state.owner(move.to) == mover
        expected = geo.expected_end(stones[mover], move.to)
        where = f"{policy} game, ply {state.ply}, {move.text} by player {mover}"
        tally["positions"] += 1
        if expected is None:
            if state.is_terminal():  # only a full board may end a game without a win
                assert state.winner is None and len(stones[0]) + len(stones[1]) == len(geo.nbrs), \
                    f"{where}: ended with {state.end_type}, brute force finds no win"
                tally["draw"] += 1
        else:
            assert state.is_terminal(), f"{where}: brute force finds {expected}, game goes on"
            assert (state.winner, state.end_type) == (mover, expected), where
            tally[expected] += 1
            tally[policy, expected] += 1


@pytest.mark.parametrize("which, games", [("base5", 300), ("base8", 90)])
def test_random_games_agree_with_brute_force(which, games, request):
    game, geo = request.getfixturevalue(which)
    rng = np.random.default_rng(20240 + games)
    tally = {k: 0 for k in ("positions", "draw", LOOP, FORK, BRIDGE)}
    policies = ("uniform", "clumpy", "edge")
    for policy in policies:
        for k in (LOOP, FORK, BRIDGE):
            tally[policy, k] = 0
    for g in range(games):
        check_game(game, geo, rng, policies[g % 3], tally)
    assert tally["positions"] >= 2000
    # every kind of win happened (and so was compared), rings under every policy
    assert tally[LOOP] and tally[FORK] and tally[BRIDGE], tally
    assert all(tally[p, LOOP] for p in policies), tally


# ---------------------------------------------------------------- hand-made positions


def setup_and_play(game, geo: Geometry, own, last, other=(), *, ring_before=False):
    """Player 0's stones at ``own`` (axial coordinates), player 1's at ``other``; player 0 then
    plays ``last``. Checks the brute force's verdict on the position before and returns the
    state after, and the brute force's verdict on it."""
    b = game.board
    own_cells = {b.cell_at(*xy) for xy in own}
    board = {c: 0 for c in own_cells}
    board.update({b.cell_at(*xy): 1 for xy in other})
    state = game.state_from(board=board, to_move=0)
    assert geo.ring(own_cells) == ring_before
    assert not state.is_terminal()
    cell = b.cell_at(*last)
    state.apply(b.label(cell))
    return state, geo.expected_end(own_cells | {cell}, cell)


def around(q, r):
    return [(q + dq, r + dr) for dq, dr in AXIAL]


def assert_ring(state, expected):
    assert expected == LOOP
    assert state.is_terminal() and state.winner == 0 and state.end_type == LOOP


def assert_goes_on(state, expected):
    assert expected is None
    assert not state.is_terminal() and state.winner is None


@pytest.mark.parametrize("k", range(6))
def test_six_stones_around_an_empty_cell(base8, k):
    game, geo = base8
    ring = around(0, 0)
    state, expected = setup_and_play(game, geo, ring[:k] + ring[k + 1:], ring[k])
    assert_ring(state, expected)


@pytest.mark.parametrize("k", range(6))
def test_six_stones_around_an_opponent_stone(base8, k):
    game, geo = base8
    ring = around(2, -1)
    state, expected = setup_and_play(game, geo, ring[:k] + ring[k + 1:], ring[k], other=[(2, -1)])
    assert_ring(state, expected)


@pytest.mark.parametrize("k", range(6))
def test_flower_completed_on_the_outside(base8, k):
    game, geo = base8
    ring = around(-1, 2)
    state, expected = setup_and_play(game, geo, ring[:k] + ring[k + 1:] + [(-1, 2)], ring[k])
    assert_ring(state, expected)


def test_flower_completed_by_its_centre(base8):
    # Only reachable from a set-up position: the six stones already ring the empty centre (in
    # play that would have ended the game). The centre stone's chain then holds a ring.
    game, geo = base8
    state, expected = setup_and_play(game, geo, around(1, 1), (1, 1), ring_before=True)
    assert_ring(state, expected)


def test_triangle_is_not_a_ring(base8):
    game, geo = base8
    state, expected = setup_and_play(game, geo, [(0, 0), (1, 0)], (0, 1))
    assert_goes_on(state, expected)
    # nor a stone with five of its six neighbours
    state, expected = setup_and_play(game, geo, [(0, 0), (1, 0), (0, 1), (1, -1), (-1, 1)],
                                     (-1, 0))
    assert_goes_on(state, expected)


def test_almost_ring_is_not_a_ring(base8):
    game, geo = base8
    ring = around(0, 0)
    # five of the six: the centre still reaches the rim through the gap
    state, expected = setup_and_play(game, geo, ring[:4], ring[4])
    assert_goes_on(state, expected)
    # and a stone beyond the gap does not close it
    state, expected = setup_and_play(game, geo, ring[:5], (1, 1))
    assert_goes_on(state, expected)


@pytest.mark.parametrize("centre", [(1, -6), (0, -6), (-6, 3)])
def test_ring_touching_the_edge(base8, centre):
    game, geo = base8
    ring = around(*centre)
    cells = [game.board.cell_at(*xy) for xy in ring]
    assert any(geo.edge[c] for c in cells) and not geo.edge[game.board.cell_at(*centre)]
    # complete it with an edge stone
    k = next(i for i, c in enumerate(cells) if geo.edge[c])
    state, expected = setup_and_play(game, geo, ring[:k] + ring[k + 1:], ring[k])
    assert_ring(state, expected)


def test_stones_around_an_edge_cell_are_not_a_ring(base8):
    game, geo = base8
    m = 7
    # a cup against the north edge around the edge cell (2, -7), and around the corner (0, -7)
    cup = [xy for xy in around(2, -m) if abs(xy[0]) <= m and abs(xy[1]) <= m]
    state, expected = setup_and_play(game, geo, cup[1:], cup[0])
    assert_goes_on(state, expected)
    cup = [xy for xy in around(0, -m) if abs(xy[1]) <= m and abs(xy[0] + xy[1]) <= m]
    assert len(cup) == 3
    state, expected = setup_and_play(game, geo, cup[1:], cup[0])
    assert_goes_on(state, expected)


def hexagon(radius: int, q0=0, r0=0):
    """The cells at distance ``radius`` from (q0, r0), in order around it."""
    out = []
    q, r = q0 + AXIAL[4][0] * radius, r0 + AXIAL[4][1] * radius
    for d in range(6):
        for _ in range(radius):
            out.append((q, r))
            q, r = q + AXIAL[d][0], r + AXIAL[d][1]
    return out


@pytest.mark.parametrize("k", [0, 3, 7, 11])
def test_big_ring_around_mixed_cells(base8, k):
    game, geo = base8
    ring = hexagon(2)
    assert len(ring) == 12 and len(set(ring)) == 12
    # inside: own centre, an opponent stone, the rest empty
    state, expected = setup_and_play(game, geo, ring[:k] + ring[k + 1:] + [(0, 0)], ring[k],
                                     other=[(1, 0)])
    assert_ring(state, expected)


@pytest.mark.parametrize("last", [(1, -1), (0, 1)])
def test_ring_around_two_own_stones(base8, last):
    # eight stones around the two cells (0, 0) and (1, 0), both own: every enclosed cell is own.
    # Only a stone next to both can be the last one (any other leaves a flower around one of them)
    game, geo = base8
    inside = {(0, 0), (1, 0)}
    ring = sorted({xy for c in inside for xy in around(*c)} - inside)
    assert len(ring) == 8 and last in ring
    state, expected = setup_and_play(game, geo, [xy for xy in ring if xy != last]
                                     + sorted(inside), last)
    assert_ring(state, expected)


@pytest.mark.parametrize("last", [(-1, 0), (0, -1), (0, 2), (1, 1)])
def test_ring_around_three_cells_one_own(base5, last):
    # nine stones around (0, 0), (1, 0), (0, 1): (1, 0) own, (0, 1) the opponent's, (0, 0) empty.
    # The last stone is one next to a cell not of the mover (any other is not needed for a ring)
    game, geo = base5
    inside = [(0, 0), (1, 0), (0, 1)]
    ring = sorted({xy for c in inside for xy in around(*c)} - set(inside))
    assert len(ring) == 9 and last in ring
    state, expected = setup_and_play(game, geo, [xy for xy in ring if xy != last] + [(1, 0)],
                                     last, other=[(0, 1)])
    assert_ring(state, expected)
