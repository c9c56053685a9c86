"""The engine's public API (DESIGN §3) and the rules of the simple placement games.

Expectations come from the rules and the coordinate conventions of DESIGN §3, not from the
engine's own output: lines and chains are laid out in axial or (column, row) coordinates and the
verdict is what the rules say about them.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import numpy as np
import pytest
from conftest import LUDII

import ludi
from ludi.compile import layout as L
from ludi.engine import kernels as K
from ludi.engine.playouts import random_playouts, run_playouts

GAMES_DIR = Path(ludi.__file__).resolve().parent / "games"
UNSUPPORTED = {"oware", "playwin"}  # sowing and hopping games: the engine cannot play them yet
PLACEMENT_GAMES = sorted(p.stem for p in GAMES_DIR.glob("*.lud") if p.stem not in UNSUPPORTED)

HEX_OFFSETS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]


def hexhex_coords(side: int) -> set[tuple[int, int]]:
    m = side - 1
    return {(q, r) for q in range(-m, m + 1) for r in range(-m, m + 1) if abs(q + r) <= m}


def label_at(game, q, r) -> str:
    return game.board.label(game.board.cell_at(q, r))


def finish_with(game, stones: dict, last, mover: int = 0):
    """``stones`` ({(q, r): player}) set up with ``mover`` to play, then ``last`` played."""
    state = game.state_from(board={game.board.cell_at(*xy): p for xy, p in stones.items()},
                            to_move=mover)
    assert not state.is_terminal()
    state.apply(label_at(game, *last))
    return state


def play_random_game(state, rng: random.Random, limit: int = 100_000):
    """Random legal moves through the Python API until the game ends."""
    for _ in range(limit):
        if state.is_terminal():
            return state
        moves = state.legal_moves()
        assert moves, "a game that is not over must have a legal move"
        state.apply(rng.choice(moves))
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------- coordinates and labels


@pytest.mark.parametrize("side", [2, 4, 5, 8, 10])
def test_hexhex_coordinates_are_centred(side):
    game = ludi.load("havannah", options={"Board Size": str(side)}) if side >= 4 else \
        ludi.parse(f'(game "H" (players 2) (equipment {{(board (hex {side})) '
                   '(piece "Marker" Each)}) (rules (play (move Add (to (sites Empty)))) '
                   '(end (if (is Line 9) (result Mover Win)))))')
    board = game.board
    assert board.num_cells == 3 * side * (side - 1) + 1
    coords = [board.coords(c) for c in range(board.num_cells)]
    assert set(coords) == hexhex_coords(side)
    assert len(set(coords)) == len(coords)
    for c, (q, r) in enumerate(coords):
        assert board.cell_at(q, r) == c
    with pytest.raises(KeyError):
        board.cell_at(side, 0)


@pytest.mark.parametrize("name,options", [
    ("yavalath", None), ("havannah", {"Board Size": "4"}), ("hex", {"Board Size": "5x5"}),
    ("y", {"Board Size": "7"}), ("hexfive", None)])
def test_hex_neighbours_are_the_six_offsets(name, options):
    """Adjacency as the rules see it: a line of 2 is made exactly by the six offsets."""
    game = ludi.load(name, options=options)
    board = game.board
    coords = {board.coords(c) for c in range(board.num_cells)}
    for c in range(board.num_cells):
        q, r = board.coords(c)
        want = {board.cell_at(q + dq, r + dr) for dq, dr in HEX_OFFSETS
                if (q + dq, r + dr) in coords}
        got = {int(x) for x in board.nbr[c] if x >= 0}
        assert got == want, (q, r)
    pair = ludi.parse('(game "Pair" (players 2) (equipment {(board (hex 3)) '
                      '(piece "Marker" Each)}) (rules (play (move Add (to (sites Empty)))) '
                      '(end (if (is Line 2) (result Mover Win)))))')
    for dq, dr in [(a, b) for a in range(-2, 3) for b in range(-2, 3)
                   if (a, b) != (0, 0) and abs(a + b) <= 2]:
        state = finish_with(pair, {(0, 0): 0}, (dq, dr))
        assert state.is_terminal() == ((dq, dr) in HEX_OFFSETS), (dq, dr)


def test_square_coordinates_from_bottom_left():
    game = ludi.load("tictactoe")
    board = game.board
    assert {board.coords(c) for c in range(9)} == {(x, y) for x in range(3) for y in range(3)}
    assert board.coords(board.cell("a1")) == (0, 0)
    assert board.coords(board.cell("c1")) == (2, 0)
    assert board.coords(board.cell("a3")) == (0, 2)
    assert board.coords(board.cell("b2")) == (1, 1)
    assert board.label(board.cell_at(2, 2)) == "c3"
    big = ludi.load("gomoku").board
    assert big.label(big.cell_at(0, 0)) == "a1"
    assert big.label(big.cell_at(14, 0)) == "o1"
    assert big.label(big.cell_at(0, 14)) == "a15"


def test_square_neighbours_are_the_eight_offsets():
    pair = ludi.parse('(game "Pair" (players 2) (equipment {(board (square 5)) '
                      '(piece "Marker" Each)}) (rules (play (move Add (to (sites Empty)))) '
                      '(end (if (is Line 2 Orthogonal) (result Mover Win)))))')
    pair_all = ludi.parse('(game "Pair" (players 2) (equipment {(board (square 5)) '
                          '(piece "Marker" Each)}) (rules (play (move Add (to (sites Empty)))) '
                          '(end (if (is Line 2 All) (result Mover Win)))))')
    for dx, dy in itertools.product(range(-2, 3), repeat=2):
        if (dx, dy) == (0, 0):
            continue
        orth = abs(dx) + abs(dy) == 1
        king = max(abs(dx), abs(dy)) == 1
        assert finish_with(pair, {(2, 2): 0}, (2 + dx, 2 + dy)).is_terminal() == orth
        assert finish_with(pair_all, {(2, 2): 0}, (2 + dx, 2 + dy)).is_terminal() == king


def _all_option_games(name):
    desc = ludi.load_description(name)
    yield name, None
    for option in desc.available:
        if option.category == "Players":
            continue
        for item in option.items:
            yield name, {option.category: item.name}


@pytest.mark.parametrize("name", PLACEMENT_GAMES)
def test_labels_round_trip(name):
    for _, options in _all_option_games(name):
        board = ludi.load(name, options=options).board
        labels = [board.label(c) for c in range(board.num_cells)]
        assert len(set(labels)) == board.num_cells
        for c, lab in enumerate(labels):
            assert board.cell(lab) == c
            assert board.cell(lab.upper()) == c
        with pytest.raises(KeyError):
            board.cell("zz999")


def test_print_state_shows_board_and_status(capsys):
    game = ludi.load("tictactoe")
    state = game.initial_state()
    state.apply("a1")
    state.apply("b2")
    print(state)
    out = capsys.readouterr().out
    lines = [x for x in out.splitlines() if x.strip()]
    rows = {ln.split()[0]: ln.split()[1:] for ln in lines if ln.split()[0] in "123"}
    assert set(rows) == {"1", "2", "3"}
    assert [s.upper() for s in rows["1"]] == ["X", ".", "."]
    assert [s.upper() for s in rows["2"]] == [".", "O", "."]
    assert rows["3"] == [".", ".", "."]
    assert "to move" in out and "ply 2" in out
    for m in ["c1", "a2", "c3", "a3"]:  # X: a1 c1 c3, O: b2 a2 a3: no line yet
        state.apply(m)
    assert not state.is_terminal()
    state.apply("b1")  # X: a1 b1 c1 completes row 1
    print(state)
    out = capsys.readouterr().out
    assert "wins" in out and "(is Line 3)" in out and "to move" not in out
    yav = ludi.load("yavalath").initial_state()
    print(yav)
    out = capsys.readouterr().out
    assert out.count(".") >= 61
    assert "to move" in out


# ---------------------------------------------------------------- Tic-Tac-Toe

TTT_LINES = ([[(x, y) for x in range(3)] for y in range(3)]  # rows
             + [[(x, y) for y in range(3)] for x in range(3)]  # columns
             + [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]])  # diagonals


@pytest.mark.parametrize("mover", [0, 1])
def test_tictactoe_three_in_a_row(mover):
    game = ludi.load("tictactoe")
    cells = [(x, y) for x in range(3) for y in range(3)]
    lines = {frozenset(line) for line in TTT_LINES}
    assert len(lines) == 8
    wins = 0
    for triple in itertools.combinations(cells, 3):
        for last in triple:
            others = {xy: mover for xy in triple if xy != last}
            state = finish_with(game, others, last, mover)
            if frozenset(triple) in lines:
                wins += 1
                assert state.is_terminal() and state.winner == mover
                assert state.end_type == "(is Line 3)"
            else:
                assert not state.is_terminal()
                assert state.to_move == 1 - mover
    assert wins == 8 * 3


def test_tictactoe_opponent_stones_do_not_count():
    game = ludi.load("tictactoe")
    state = finish_with(game, {(0, 0): 0, (1, 0): 1}, (2, 0), 0)
    assert not state.is_terminal()


def test_tictactoe_draw():
    game = ludi.load("tictactoe")
    state = game.initial_state()
    # final board: X O X / X O O / O X X (top row first): no line for either player
    for k, m in enumerate(["a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1", "c1"]):
        assert not state.is_terminal()
        assert state.to_move == k % 2
        state.apply(m)
    assert state.is_terminal()
    assert state.winner is None
    assert state.returns() == [0.0, 0.0]
    assert state.ranks == [1, 1]
    assert state.end_type == "no moves"
    assert state.legal_moves() == []


# ---------------------------------------------------------------- Hex


@pytest.mark.parametrize("size", [5, 11])
def test_hex_connection(size):
    game = ludi.load("hex", options={"Board Size": f"{size}x{size}", "Pie Rule": "Disabled"})
    board = game.board
    n = size
    assert board.num_cells == n * n
    assert {board.coords(c) for c in range(n * n)} == {(q, r) for q in range(n) for r in range(n)}
    rows = {frozenset(board.cell_at(q, e) for q in range(n)) for e in (0, n - 1)}
    cols = {frozenset(board.cell_at(e, r) for r in range(n)) for e in (0, n - 1)}
    p1 = {frozenset(int(c) for c in board.sides[s]) for s in ("NE", "SW")}
    p2 = {frozenset(int(c) for c in board.sides[s]) for s in ("NW", "SE")}
    # Ludii's Hex: P1 joins sides NE and SW, P2 sides NW and SE; they are opposite edges
    assert {frozenset(p1), frozenset(p2)} == {frozenset(rows), frozenset(cols)}

    def chain(player):
        """A straight chain joining ``player``'s two sides, and one joining the other's."""
        along_r = [(n // 2, r) for r in range(n)]  # joins the edges r = 0 and r = n-1
        along_q = [(q, n // 2) for q in range(n)]
        mine_rows = (p1 if player == 0 else p2) == rows
        return (along_r, along_q) if mine_rows else (along_q, along_r)

    for player in (0, 1):
        own, other = chain(player)
        for last in (own[0], own[n // 2], own[-1]):
            stones = {xy: player for xy in own if xy != last}
            state = finish_with(game, stones, last, player)
            assert state.is_terminal() and state.winner == player
            assert state.end_type == "(is Connected Mover)"
            assert state.returns()[player] == 1.0
        # one stone short: nothing
        state = finish_with(game, {xy: player for xy in own[1:-2]}, own[-2], player)
        assert not state.is_terminal()
        # the other player's sides joined: nothing
        state = finish_with(game, {xy: player for xy in other[:-1]}, other[-1], player)
        assert not state.is_terminal()
        # the other player's full chain does not win for the mover
        state = finish_with(game, {xy: 1 - player for xy in own[:-1]}, own[-1], player)
        assert not state.is_terminal()
        # (1, 1) steps are not adjacent: the main diagonal touches every edge but is no chain
        diag = [(k, k) for k in range(n)]
        state = finish_with(game, {xy: player for xy in diag[:-1]}, diag[-1], player)
        assert not state.is_terminal()
        # (1, -1) steps are: the other diagonal joins all four edges
        anti = [(n - 1 - k, k) for k in range(n)]
        middle = anti[n // 2]
        state = finish_with(game, {xy: player for xy in anti if xy != middle}, middle, player)
        assert state.is_terminal() and state.winner == player


def test_hex_random_games_have_a_winner():
    game = ludi.load("hex", options={"Board Size": "7x7", "Pie Rule": "Disabled"})
    lengths, winners, _ = run_playouts(game, 5000, seed=2)
    assert (winners >= 0).all()  # Hex has no draws
    assert lengths.min() >= 2 * 7 - 1  # the first player needs 7 stones at least
    assert lengths.max() <= 49


# ---------------------------------------------------------------- Havannah


def havannah(side):
    return ludi.load("havannah", options={"Board Size": str(side), "Pie Rule": "Disabled"})


def fork_branches(m):
    """Three branches from the centre to non-corner cells of sides N (r = -m), SE (q + r = m)
    and SW (q = -m), along alternating directions so that no two branches touch."""
    north = [(0, -k) for k in range(1, m)] + [(1, -m)]
    south_east = [(k, 0) for k in range(1, m)] + [(m - 1, 1)]
    south_west = [(-k, k) for k in range(1, m)] + [(-m, m - 1)]
    return north, south_east, south_west


@pytest.mark.parametrize("side", [4, 5, 8, 10])
def test_havannah_corners_and_sides(side):
    m = side - 1
    game = havannah(side)
    board = game.board
    coords = hexhex_coords(side)
    corners = {xy for xy in coords
               if sum((xy[0] + dq, xy[1] + dr) in coords for dq, dr in HEX_OFFSETS) == 3}
    assert corners == {(0, -m), (m, -m), (m, 0), (0, m), (-m, m), (-m, 0)}
    assert {board.coords(c) for c in board.corners} == corners


@pytest.mark.parametrize("side", [4, 5, 8, 10])
def test_havannah_bridge(side):
    m = side - 1
    game = havannah(side)
    through_centre = [(q, 0) for q in range(-m, m + 1)]  # corner (-m,0) to corner (m,0)
    for last in [(0, 0), (m, 0), (-m, 0)]:
        state = finish_with(game, {xy: 1 for xy in through_centre if xy != last}, last, 1)
        assert state.is_terminal() and state.winner == 1
        assert state.end_type == "(is Connected 2 Corners)"
    # one corner only: nothing
    state = finish_with(game, {xy: 0 for xy in through_centre[:-2]}, through_centre[-2], 0)
    assert not state.is_terminal()
    # along a side, corner (0,-m) to corner (m,-m): a bridge (and only one side)
    edge = [(q, -m) for q in range(m + 1)]
    state = finish_with(game, {xy: 0 for xy in edge[:-1]}, edge[-1], 0)
    assert state.is_terminal() and state.winner == 0
    assert state.end_type == "(is Connected 2 Corners)"
    # two corners held by separate chains: nothing
    state = finish_with(game, {(0, -m): 0}, (m, -m), 0)
    assert not state.is_terminal()


@pytest.mark.parametrize("side", [4, 5, 8, 10])
def test_havannah_fork(side):
    m = side - 1
    game = havannah(side)
    north, south_east, south_west = fork_branches(m)
    chain = [(0, 0)] + north + south_east + south_west
    assert len(set(chain)) == len(chain)
    for last in [(0, 0), north[-1], south_east[-1], south_west[-1]]:
        state = finish_with(game, {xy: 0 for xy in chain if xy != last}, last, 0)
        assert state.is_terminal() and state.winner == 0
        assert state.end_type == "(is Connected 3 SidesNoCorners)"
    # two sides only: nothing
    two = [(0, 0)] + north + south_east
    state = finish_with(game, {xy: 0 for xy in two[:-1]}, two[-1], 0)
    assert not state.is_terminal()


@pytest.mark.parametrize("side", [4, 5, 8, 10])
def test_havannah_corners_are_not_sides(side):
    """A chain touching two sides and a corner (which lies on two more edges) is no fork."""
    m = side - 1
    game = havannah(side)
    _, south_east, south_west = fork_branches(m)
    to_corner = [(0, -k) for k in range(1, m + 1)]  # ends on the corner (0, -m)
    chain = [(0, 0)] + south_east + south_west + to_corner
    state = finish_with(game, {xy: 0 for xy in chain[:-1]}, chain[-1], 0)
    assert chain[-1] == (0, -m)
    assert not state.is_terminal()
    assert state.to_move == 1
    state.apply(label_at(game, m, -m))  # player 1 elsewhere: the other corner of side N
    assert not state.is_terminal()
    state.apply(label_at(game, 1, -m))  # the side cell next to the corner: now 3 sides
    assert state.is_terminal() and state.winner == 0
    assert state.end_type == "(is Connected 3 SidesNoCorners)"


def test_havannah_ring_basics():
    game = havannah(5)
    around = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    state = finish_with(game, {xy: 0 for xy in around[:-1]}, around[-1], 0)
    assert state.is_terminal() and state.winner == 0 and state.end_type == "(is Loop)"
    stones = {xy: 1 for xy in around[:-1]}
    stones[(0, 0)] = 0  # around an opponent stone
    state = finish_with(game, stones, around[-1], 1)
    assert state.is_terminal() and state.winner == 1 and state.end_type == "(is Loop)"
    # an open ring (one cell missing) and a triangle are not rings
    state = finish_with(game, {xy: 0 for xy in around[:-2]}, around[-2], 0)
    assert not state.is_terminal()
    state = finish_with(game, {(0, 0): 0, (1, 0): 0}, (0, 1), 0)
    assert not state.is_terminal()


# ---------------------------------------------------------------- results


@pytest.mark.parametrize("name,options", [
    ("tictactoe", None), ("yavalath", None), ("hex", {"Board Size": "5x5"}),
    ("havannah", {"Board Size": "4"}), ("bridges", None), ("misere3", None)])
def test_returns_ranks_winner_agree(name, options):
    game = ludi.load(name, options=options)
    rng = random.Random(11)
    ends = set()
    for _ in range(60):
        state = game.initial_state()
        assert state.winner is None and state.ranks is None and state.end_type is None
        assert state.returns() == [0.0] * game.num_players
        play_random_game(state, rng)
        w, ranks, ret = state.winner, state.ranks, state.returns()
        assert state.end_type is not None
        ends.add(w is None)
        if w is None:
            assert ranks == [1] * game.num_players
            assert ret == [0.0] * game.num_players
        else:
            assert 0 <= w < game.num_players
            assert ranks[w] == 1 and sorted(ranks) == [1, 2]
            assert ret[w] == 1.0 and ret[1 - w] == -1.0
        assert state.legal_moves() == []


# ---------------------------------------------------------------- playouts


def test_playouts_are_deterministic():
    game = ludi.load("yavalath")
    a = run_playouts(game, 3000, seed=5)
    b = run_playouts(game, 3000, seed=5)
    c = run_playouts(game, 3000, seed=6)
    for x, y in zip(a, b, strict=True):
        assert np.array_equal(x, y)
    assert not np.array_equal(a[0], c[0])
    s1 = random_playouts(game, 2000, seed=9)
    s2 = random_playouts(game, 2000, seed=9)
    for key in ("mean_length", "p1_win", "p2_win", "draw", "end_types"):
        assert s1[key] == s2[key]


def test_playouts_from_a_start_state():
    game = ludi.load("tictactoe")
    start = game.state_from(board={"a1": 0, "b1": 0, "a2": 1, "b2": 1}, to_move=0)
    lengths, winners, _ = run_playouts(game, 2000, seed=1, start=start)
    # X to play with a1 b1: c1 wins at once (1 in 5); every game ends by ply 9
    assert lengths.min() == 5 and lengths.max() <= 9
    assert abs(np.mean(lengths == 5) - 0.2) < 0.04
    assert start.ply == 4 and start.owner("c1") is None  # the start state is untouched


# ---------------------------------------------------------------- fast random-move path


def generic_twin(name, options=None):
    """The same game with the add-anywhere fast path of the random move switched off, so that
    random moves are drawn from the generated legal-move list."""
    return ludi.load(name, options=options).without_fast_paths("add_all")


def random_move(game, state, rng) -> int:
    """The kernels' random move (the one playouts use) for ``state``, -1 when there is none."""
    return int(K.random_move(game.tables, state._s, game._work, game._buf, rng))


def _rng(seed):
    rng = np.empty(1, np.uint64)
    K.rng_seed(rng, seed)
    return rng


FAST_PATH_GAMES = [("yavalath", {"Pie Rule": "Enabled"}),
                   ("havannah", {"Board Size": "5", "Pie Rule": "Enabled"}),
                   ("hex", {"Board Size": "5x5", "Pie Rule": "Enabled"}),
                   ("tictactoe", None)]


@pytest.mark.parametrize("name,options", FAST_PATH_GAMES)
def test_fast_path_is_used_where_expected(name, options):
    assert ludi.load(name, options=options).tables[L.P.ADD_ALL] == 1
    union = ludi.parse('(game "U" (players 2) (equipment {(board (hex 3)) (piece "M" Each)}) '
                       '(rules (play (move Add (to (union (sites Side N) (sites Side S))))) '
                       '(end (if (is Line 3) (result Mover Win)))))')
    assert union.tables[L.P.ADD_ALL] == 0


@pytest.mark.parametrize("generic", [False, True])
@pytest.mark.parametrize("name,options", FAST_PATH_GAMES)
def test_random_moves_are_legal(name, options, generic):
    game = generic_twin(name, options) if generic else ludi.load(name, options=options)
    rng = _rng(4)
    swaps = 0
    for _ in range(150):
        state = game.initial_state()
        while not state.is_terminal():
            legal = {m.code for m in state.legal_moves()}
            code = random_move(game, state, rng)
            assert code in legal, (code, state.ply)
            swaps += code == L.MOVE.SWAP
            state.apply(code)
        assert random_move(game, state, rng) == -1
    if options and options.get("Pie Rule") == "Enabled" and name == "hex":
        assert swaps > 0  # 1 chance in 26 per game: the swap is drawn too


def _chi2_ok(counts: np.ndarray) -> bool:
    """Uniform within a generous bound: chi-square below mean + 6 sd (normal approximation)."""
    k = counts.size
    expected = counts.sum() / k
    chi2 = float(((counts - expected) ** 2).sum() / expected)
    return chi2 < (k - 1) + 6 * (2 * (k - 1)) ** 0.5


@pytest.mark.parametrize("generic", [False, True])
def test_random_moves_are_uniform(generic):
    name, options = "yavalath", {"Pie Rule": "Enabled"}
    game = generic_twin(name, options) if generic else ludi.load(name, options=options)
    rng = _rng(8)
    opening = game.initial_state()
    opening.apply("c3")  # ply 1: 60 cells and the swap
    middle = game.state_from(board={c: c % 2 for c in range(0, 61, 3)}, to_move=1)
    for state in (opening, middle):
        legal = [m.code for m in state.legal_moves()]
        index = {code: i for i, code in enumerate(legal)}
        counts = np.zeros(len(legal), np.int64)
        for _ in range(400 * len(legal)):
            counts[index[random_move(game, state, rng)]] += 1
        assert counts.min() > 0
        assert _chi2_ok(counts), counts


@pytest.mark.parametrize("name,options,n", [
    ("yavalath", {"Pie Rule": "Enabled"}, 200_000),
    ("havannah", {"Board Size": "5", "Pie Rule": "Enabled"}, 40_000),
    ("hex", {"Board Size": "7x7", "Pie Rule": "Enabled"}, 40_000),
    ("tictactoe", None, 200_000)])
def test_fast_and_generic_paths_agree(name, options, n):
    fast = ludi.load(name, options=options)
    generic = generic_twin(name, options)
    a = run_playouts(fast, n, seed=21)
    b = run_playouts(generic, n, seed=22)
    la, lb = a[0].astype(float), b[0].astype(float)
    se = (la.var() / n + lb.var() / n) ** 0.5
    assert abs(la.mean() - lb.mean()) < 5 * se + 1e-9, (la.mean(), lb.mean())
    for who in (-1, 0, 1):
        pa, pb = np.mean(a[1] == who), np.mean(b[1] == who)
        p = (pa + pb) / 2
        assert abs(pa - pb) < 5 * (2 * p * (1 - p) / n) ** 0.5 + 1e-9, (who, pa, pb)
    for op in set(np.unique(a[2])) | set(np.unique(b[2])):
        pa, pb = np.mean(a[2] == op), np.mean(b[2] == op)
        p = (pa + pb) / 2
        assert abs(pa - pb) < 5 * (2 * p * (1 - p) / n) ** 0.5 + 1e-9, (op, pa, pb)


def test_restricted_add_region_uses_only_its_cells():
    game = ludi.parse('(game "Corners" (players 2) (equipment {(board (hex 3)) '
                      '(piece "Marker" Each)}) (rules (play (move Add (to (sites Corners)))) '
                      '(end (if (is Line 5) (result Mover Win)))))')
    corners = {game.board.cell_at(*xy) for xy in [(0, -2), (2, -2), (2, 0), (0, 2), (-2, 2),
                                                   (-2, 0)]}
    state = game.initial_state()
    assert {m.to for m in state.legal_moves()} == corners
    rng = _rng(1)
    for _ in range(6):
        code = random_move(game, state, rng)
        assert (code >> L.KIND_BITS) in corners
        state.apply(code)
    assert state.is_terminal() and state.end_type == "no moves"
    lengths, winners, _ = run_playouts(game, 500, seed=3)
    assert (lengths == 6).all() and (winners == -1).all()


# ---------------------------------------------------------------- every game compiles and plays


def _check_plays(game, seed: int):
    lengths, winners, reasons = run_playouts(game, 300, seed=seed)
    assert (reasons != L.END.TIMEOUT).all()
    assert lengths.min() >= 1
    assert lengths.max() <= game.board.num_cells + 1  # one stone a ply, plus one swap
    assert set(np.unique(winners)) <= set(range(-1, game.num_players))
    state = play_random_game(game.initial_state(), random.Random(seed))
    assert state.is_terminal() and state.end_type is not None


@pytest.mark.parametrize("name", PLACEMENT_GAMES)
def test_shipped_game_compiles_and_plays(name):
    for _, options in _all_option_games(name):
        game = ludi.load(name, options=options)
        assert game.num_players == 2 and game.name
        _check_plays(game, seed=len(name))


def test_new_descriptions_reuse_the_compiled_kernels():
    """A new description is new arrays, never new machine code: playing every shipped placement
    game (and a description evolution might make) adds no numba signature to the kernels.
    (How fast compiling is, is for the benchmarks: `ludi parse -v`, benchmarks/.)"""
    from ludi.engine.playouts import run_playouts

    first = ludi.load("tictactoe")
    run_playouts(first, 2, 0)
    first.initial_state().apply("b2")
    before = {k: len(f.signatures) for k, f in (("playouts", K.playouts),
                                                ("apply_move", K.apply_move))}
    for name in PLACEMENT_GAMES:
        game = ludi.load(name)
        run_playouts(game, 2, 1)
        game.initial_state().apply(game.initial_state().legal_moves()[0])
    run_playouts(ludi.parse(
        '(game "New" (players 2) (equipment {(board (hex Triangle 6)) (piece "M" Each)})'
        ' (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover'
        ' Loss)))))'), 2, 2)
    after = {k: len(f.signatures) for k, f in (("playouts", K.playouts),
                                               ("apply_move", K.apply_move))}
    assert after == before
    assert after["playouts"] == 1


LUDII_CASES = [
    ("Tic-Tac-Toe", None, 9),
    ("Hex", None, 121),
    ("Yavalath", {"Players": "2 Players"}, 61),
    ("Havannah", None, 169),
    ("Fivalath", None, None),
    ("Gomoku", None, None),
]


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("name,options,cells", LUDII_CASES)
def test_ludii_descriptions_compile_and_play(name, options, cells):
    path = LUDII / f"{name}.lud"
    game = ludi.load(path, options=options, defines=LUDII / "def")
    assert game.num_players == 2
    if cells is not None:
        assert game.board.num_cells == cells
    _check_plays(game, seed=3)


@pytest.mark.needs("ludii")
def test_ludii_hex_and_yavalath_have_the_swap():
    for name, options in [("Hex", None), ("Yavalath", {"Players": "2 Players"})]:
        game = ludi.load(LUDII / f"{name}.lud", options=options, defines=LUDII / "def")
        state = game.initial_state()
        state.apply(state.legal_moves()[0])
        assert "swap" in [m.text for m in state.legal_moves()]


@pytest.mark.needs("ludii")
def test_ludii_tictactoe_matches_ours():
    theirs = ludi.load(LUDII / "Tic-Tac-Toe.lud", defines=LUDII / "def")
    ours = ludi.load("tictactoe")
    for triple in itertools.combinations([(x, y) for x in range(3) for y in range(3)], 3):
        a = finish_with(theirs, {xy: 0 for xy in triple[:2]}, triple[2])
        b = finish_with(ours, {xy: 0 for xy in triple[:2]}, triple[2])
        assert a.is_terminal() == b.is_terminal()
        assert a.winner == b.winner
