"""Yavalath's rules (shared/rules/yavalath.md), checked through the public engine API.

Every expectation here is worked out from the rules text, never read back from the engine: line
vectors are built with ``state_from`` along each of the three hex axes and decided by one
``apply``; the expected verdict is the rule "longest run through the new stone >= W wins, exactly
W-1 loses, anything else nothing".
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import ludi
from ludi.compile.layout import END
from ludi.engine.playouts import run_playouts

# One direction of each of the three line axes of a hex board, in axial (q, r) (DESIGN §3: the
# neighbours are the six offsets (±1,0) (0,±1) (+1,-1) (-1,+1); opposite offsets form an axis).
AXES = {"q": (1, 0), "r": (0, 1), "s": (1, -1)}

# ruleset -> (side N, cells 3N(N-1)+1, win length W)
RULESETS = {"Standard": (5, 61, 4), "Compact": (4, 37, 4), "Five-not-four": (6, 91, 5)}

_GAMES: dict = {}


def yavalath(ruleset: str = "Standard", pie: str = "Disabled"):
    key = (ruleset, pie)
    if key not in _GAMES:
        _GAMES[key] = ludi.load("yavalath",
                                options={"Board Size & Ruleset": ruleset, "Pie Rule": pie})
    return _GAMES[key]


def expected_verdict(pattern: str, w: int) -> str:
    """The rules' verdict for a pattern on one line ('.' the new stone, 'X' the mover's stones,
    'O' the opponent's, '_' empty): the maximal run of the mover through '.'."""
    k = pattern.index(".")
    run = 1
    i = k - 1
    while i >= 0 and pattern[i] == "X":
        run, i = run + 1, i - 1
    i = k + 1
    while i < len(pattern) and pattern[i] == "X":
        run, i = run + 1, i + 1
    if run >= w:
        return "win"
    if run == w - 1:
        return "loss"
    return "nothing"


def line_cells(game, pattern: str, axis: tuple[int, int], at_edge: bool = False):
    """The cells of ``pattern`` laid along ``axis``; the '.' sits on the centre, or (at_edge) the
    pattern's first cell sits on the board's rim."""
    dq, dr = axis
    k = pattern.index(".")
    if at_edge:  # the axis through the centre meets the rim at -(N-1) * axis
        m = max(abs(q) for q, _ in (game.board.coords(c) for c in range(game.board.num_cells)))
        origin = (-m * dq + k * dq, -m * dr + k * dr)
    else:
        origin = (0, 0)
    return [game.board.cell_at(origin[0] + (i - k) * dq, origin[1] + (i - k) * dr)
            for i in range(len(pattern))]


def play_pattern(game, pattern: str, axis, mover: int = 0, at_edge: bool = False):
    """Set up the pattern with ``mover`` to play and play the '.' cell; return the state."""
    cells = line_cells(game, pattern, axis, at_edge)
    stones = {}
    target = None
    for cell, ch in zip(cells, pattern, strict=True):
        if ch == "X":
            stones[cell] = mover
        elif ch == "O":
            stones[cell] = 1 - mover
        elif ch == ".":
            target = cell
    state = game.state_from(board=stones, to_move=mover)
    assert not state.is_terminal()
    state.apply(game.board.label(target))
    assert state.owner(target) == mover
    return state


def assert_verdict(state, verdict: str, mover: int, w: int) -> None:
    if verdict == "win":
        assert state.is_terminal()
        assert state.winner == mover
        assert state.end_type == f"(is Line {w})"
        assert state.returns()[mover] == 1.0 and state.returns()[1 - mover] == -1.0
    elif verdict == "loss":
        assert state.is_terminal()
        assert state.winner == 1 - mover
        assert state.end_type == f"(is Line {w - 1})"
        assert state.returns()[mover] == -1.0 and state.returns()[1 - mover] == 1.0
    else:
        assert not state.is_terminal(), str(state)
        assert state.winner is None and state.end_type is None
        assert state.to_move == 1 - mover
        assert state.legal_moves()


# ---------------------------------------------------------------- the rules' test vectors

STANDARD_VECTORS = [
    ("XX.X", "win"),  # run 4
    ("X.XX", "win"),
    ("XXX.", "win"),
    ("X.X", "loss"),  # run 3
    ("XX.", "loss"),
    (".XX", "loss"),
    ("XX.XX", "win"),  # run 5 >= W
    ("XXX.XX", "win"),  # run 6
    ("X.", "nothing"),
    ("X_.", "nothing"),
    ("X_._X", "nothing"),
    ("XO.X", "nothing"),  # an opponent stone breaks the run
    ("XXO.X", "nothing"),
    ("OXX.XO", "win"),  # blocked ends do not matter
    ("OX.XO", "loss"),
]

FIVE_VECTORS = [
    ("XX.X", "loss"),  # run 4 = W-1
    ("XXX.", "loss"),
    ("XXX.X", "win"),  # run 5
    ("XX.XX", "win"),
    ("XXX.XX", "win"),  # run 6 >= W
    ("X.X", "nothing"),  # a run of 3 means nothing with W=5
    ("XX.", "nothing"),
    ("XX.O", "nothing"),
    ("XO.XX", "nothing"),
]


@pytest.mark.parametrize("mover", [0, 1])
@pytest.mark.parametrize("axis", list(AXES))
@pytest.mark.parametrize("pattern,verdict", STANDARD_VECTORS)
def test_standard_line_vectors(pattern, verdict, axis, mover):
    assert expected_verdict(pattern, 4) == verdict  # the table agrees with the rule
    for ruleset in ("Standard", "Compact"):
        game = yavalath(ruleset)
        state = play_pattern(game, pattern, AXES[axis], mover)
        assert_verdict(state, verdict, mover, 4)


@pytest.mark.parametrize("mover", [0, 1])
@pytest.mark.parametrize("axis", list(AXES))
@pytest.mark.parametrize("pattern,verdict", FIVE_VECTORS)
def test_five_not_four_line_vectors(pattern, verdict, axis, mover):
    assert expected_verdict(pattern, 5) == verdict
    state = play_pattern(yavalath("Five-not-four"), pattern, AXES[axis], mover)
    assert_verdict(state, verdict, mover, 5)


@pytest.mark.parametrize("axis", list(AXES))
@pytest.mark.parametrize("pattern", ["XXX.", "XX.", "X.X"])
def test_lines_against_the_rim(pattern, axis):
    """Runs that start on the board's edge count like any other."""
    game = yavalath("Standard")
    state = play_pattern(game, pattern, AXES[axis], 0, at_edge=True)
    first = line_cells(game, pattern, AXES[axis], at_edge=True)[0]
    q, r = game.board.coords(first)
    assert max(abs(q), abs(r), abs(q + r)) == 4  # the pattern really starts on the rim
    assert_verdict(state, expected_verdict(pattern, 4), 0, 4)


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_short_pattern_on_every_axis(ruleset):
    """All 3^6 arrangements of mover / opponent / empty on the three cells either side of the new
    stone, on each axis, against the rule computed from the pattern."""
    game = yavalath(ruleset)
    w = RULESETS[ruleset][2]
    seen = set()
    for axis in AXES.values():
        for left in itertools.product("XO_", repeat=3):
            for right in itertools.product("XO_", repeat=3):
                pattern = "".join(left) + "." + "".join(right)
                verdict = expected_verdict(pattern, w)
                seen.add(verdict)
                assert_verdict(play_pattern(game, pattern, axis, 1), verdict, 1, w)
    assert seen == {"win", "loss", "nothing"}


def _two_axis_state(game, run_a: int, run_b: int, mover: int = 0):
    """The new stone at the centre completes a run of ``run_a`` along the q axis and ``run_b``
    along the r axis (the other stones lie on the positive side of each axis)."""
    stones = {}
    for i in range(1, run_a):
        stones[game.board.cell_at(i, 0)] = mover
    for i in range(1, run_b):
        stones[game.board.cell_at(0, i)] = mover
    state = game.state_from(board=stones, to_move=mover)
    state.apply(game.board.label(game.board.cell_at(0, 0)))
    return state


@pytest.mark.parametrize("ruleset", ["Standard", "Compact"])
def test_four_and_three_at_once_wins(ruleset):
    game = yavalath(ruleset)
    assert_verdict(_two_axis_state(game, 4, 3), "win", 0, 4)
    assert_verdict(_two_axis_state(game, 3, 4), "win", 0, 4)
    assert_verdict(_two_axis_state(game, 3, 3), "loss", 0, 4)  # two threes still lose
    assert_verdict(_two_axis_state(game, 3, 2), "loss", 0, 4)
    assert_verdict(_two_axis_state(game, 2, 2), "nothing", 0, 4)


def test_three_axes_at_once():
    game = yavalath("Standard")
    stones = {game.board.cell_at(1, 0): 1, game.board.cell_at(2, 0): 1,  # q axis: 3
              game.board.cell_at(0, 1): 1, game.board.cell_at(0, 2): 1,  # r axis: 3
              game.board.cell_at(1, -1): 1, game.board.cell_at(-1, 1): 1,  # s axis: 3
              game.board.cell_at(2, -2): 1}  # s axis: 4
    state = game.state_from(board=stones, to_move=1)
    state.apply(game.board.label(game.board.cell_at(0, 0)))
    assert_verdict(state, "win", 1, 4)


def test_five_not_four_combinations():
    game = yavalath("Five-not-four")
    assert_verdict(_two_axis_state(game, 5, 4), "win", 0, 5)  # five with four: win
    assert_verdict(_two_axis_state(game, 4, 3), "loss", 0, 5)  # four with three: loss
    assert_verdict(_two_axis_state(game, 3, 3), "nothing", 0, 5)  # threes mean nothing


# ---------------------------------------------------------------- boards and options


def _hexhex_coords(side: int) -> set[tuple[int, int]]:
    m = side - 1
    return {(q, r) for q in range(-m, m + 1) for r in range(-m, m + 1) if abs(q + r) <= m}


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_board_sizes(ruleset):
    side, cells, _ = RULESETS[ruleset]
    game = yavalath(ruleset)
    assert game.board.num_cells == cells == 3 * side * (side - 1) + 1
    coords = {game.board.coords(c) for c in range(cells)}
    assert coords == _hexhex_coords(side)
    state = game.initial_state()
    assert len(state.legal_moves()) == cells
    assert all(state.owner(c) is None for c in range(cells))


def test_default_options():
    game = ludi.load("yavalath")
    assert game.num_players == 2
    assert game.board.num_cells == 61
    state = game.initial_state()
    state.apply(game.board.label(game.board.cell_at(0, 0)))
    assert "swap" in [m.text for m in state.legal_moves()]  # the pie rule is on by default
    # four wins and three loses by default
    assert_verdict(play_pattern(game, "XX.X", AXES["q"]), "win", 0, 4)
    assert_verdict(play_pattern(game, "X.X", AXES["q"]), "loss", 0, 4)


def test_centre_label():
    game = yavalath("Standard")
    assert game.board.cell("e5") == game.board.cell_at(0, 0)
    assert game.board.label(game.board.cell_at(0, 0)) == "e5"


# ---------------------------------------------------------------- pie rule


def _texts(state):
    return [m.text for m in state.legal_moves()]


def test_swap_only_on_ply_one():
    game = yavalath("Standard", "Enabled")
    state = game.initial_state()
    assert "swap" not in _texts(state)
    assert len(state.legal_moves()) == 61
    state.apply("e5")
    texts = _texts(state)
    assert texts.count("swap") == 1
    assert len(texts) == 60 + 1
    swap = next(m for m in state.legal_moves() if m.text == "swap")
    assert swap.kind == "swap"
    state.apply("a1")
    assert "swap" not in _texts(state)
    with pytest.raises(ludi.IllegalMove):
        state.apply("swap")


def test_no_swap_when_disabled():
    game = yavalath("Standard", "Disabled")
    state = game.initial_state()
    state.apply("e5")
    assert "swap" not in _texts(state)
    assert len(state.legal_moves()) == 60
    with pytest.raises(ludi.IllegalMove):
        state.apply("swap")


def test_no_swap_after_a_swap():
    game = yavalath("Standard", "Enabled")
    state = game.initial_state()
    state.apply("e5")
    state.apply("swap")
    assert state.ply == 2
    assert "swap" not in _texts(state)
    assert len(state.legal_moves()) == 60  # the swap placed nothing


def test_swap_ownership_and_turn():
    game = yavalath("Standard", "Enabled")
    state = game.initial_state()
    assert state.to_move == 0
    state.apply("e5")
    assert state.owner("e5") == 0 and state.to_move == 1
    state.apply("swap")
    assert state.owner("e5") == 1  # the first stone now belongs to the second player
    assert state.to_move == 0  # and the first player moves next
    assert not state.is_terminal()
    state.apply("a1")
    assert state.owner("a1") == 0 and state.to_move == 1
    state.apply("e4")
    assert state.owner("e4") == 1 and state.to_move == 0


def _after_swap(game):
    """Player 0 opens at (-2, 0), player 1 swaps: player 1 owns (-2, 0), player 0 to move."""
    state = game.initial_state()
    state.apply(game.board.label(game.board.cell_at(-2, 0)))
    state.apply("swap")
    return state


# stones for player 0 far from the q axis through the centre, no two of them in one line of 3
QUIET = [(-4, 4), (4, -4), (0, -4), (-1, 4), (3, -4), (0, 4)]


def test_win_after_swap_is_credited_to_the_swapper():
    game = yavalath("Standard", "Enabled")
    state = _after_swap(game)
    cell = game.board.cell_at
    label = game.board.label
    # player 1 extends (-2,0) to XX.X on the q axis; player 0 plays quiet stones meanwhile
    for p0, p1 in [(QUIET[0], (-1, 0)), (QUIET[1], (1, 0)), (QUIET[2], (0, 0))]:
        assert state.to_move == 0
        state.apply(label(cell(*p0)))
        assert not state.is_terminal()
        assert state.to_move == 1
        state.apply(label(cell(*p1)))
    assert state.is_terminal()
    assert state.winner == 1
    assert state.end_type == "(is Line 4)"
    assert state.returns() == [-1.0, 1.0]
    assert state.ranks == [2, 1]
    assert state.owner(cell(-2, 0)) == 1


def test_loss_after_swap_is_charged_to_the_swapper():
    game = yavalath("Standard", "Enabled")
    state = _after_swap(game)
    cell = game.board.cell_at
    label = game.board.label
    state.apply(label(cell(*QUIET[0])))
    state.apply(label(cell(-1, 0)))  # player 1: two in a row
    state.apply(label(cell(*QUIET[1])))
    state.apply(label(cell(0, 0)))  # player 1: three in a row -> player 1 loses
    assert state.is_terminal()
    assert state.winner == 0
    assert state.end_type == "(is Line 3)"
    assert state.returns() == [1.0, -1.0]
    assert state.ranks == [1, 2]


def test_swapper_first_stone_counts_for_the_opponent_no_more():
    """After the swap the first stone is player 1's: player 0 cannot line up with it."""
    game = yavalath("Standard", "Enabled")
    state = _after_swap(game)
    cell = game.board.cell_at
    label = game.board.label
    state.apply(label(cell(-1, 0)))  # player 0 next to "its" old stone: a run of 1, not 2
    state.apply(label(cell(*QUIET[0])))
    state.apply(label(cell(0, 0)))  # player 0: run (-1,0),(0,0) = 2, not 3 with (-2,0)
    assert not state.is_terminal()


def test_random_games_with_the_pie_rule():
    """Playouts with the swap on: every game still ends by a line, never by the move limit."""
    game = yavalath("Standard", "Enabled")
    lengths, winners, reasons = run_playouts(game, 2000, seed=3)
    assert lengths.min() >= 5  # no line of three before a player's third stone (ply 5)
    assert lengths.max() <= 62  # 61 stones and one swap at most
    assert set(np.unique(winners)) <= {-1, 0, 1}
    assert 0.4 < np.mean(winners == 1) < 0.65
    assert (reasons != END.TIMEOUT).all()


# ---------------------------------------------------------------- draws


TINY = """
(game "Tiny"
    (players 2)
    (equipment {(board (hex 2)) (piece "Marker" Each)})
    (rules
        (play (move Add (to (sites Empty))))
        (end (if (is Line 5) (result Mover Win))))
)
"""


def test_full_board_draw_on_a_tiny_board():
    game = ludi.parse(TINY)
    assert game.board.num_cells == 7
    state = game.initial_state()
    for k, cell in enumerate([0, 3, 1, 6, 5, 2, 4]):
        assert not state.is_terminal()
        assert state.to_move == k % 2
        state.apply(game.board.label(cell))
    assert state.ply == 7
    assert state.is_terminal()
    assert state.winner is None
    assert state.returns() == [0.0, 0.0]
    assert state.ranks == [1, 1]
    assert state.end_type == "no moves"
    assert state.legal_moves() == []
    lengths, winners, _ = run_playouts(game, 500, seed=1)
    assert (lengths == 7).all() and (winners == -1).all()


def test_full_board_draw_in_yavalath():
    """A full standard board where no line holds three of one colour: the stone that fills it
    decides nothing, and the game is a draw. Colouring: player 1 where (q + 2r) % 3 == 0, player
    0 elsewhere, so each axis reads ...OXXOXX... (runs of at most 2)."""
    game = yavalath("Standard")
    colour = {c: (1 if (q + 2 * r) % 3 == 0 else 0)
              for c in range(61) for q, r in [game.board.coords(c)]}
    last = game.board.cell_at(1, 0)
    assert colour[last] == 0
    stones = {c: p for c, p in colour.items() if c != last}
    state = game.state_from(board=stones, to_move=0)
    assert len(state.legal_moves()) == 1
    state.apply(game.board.label(last))
    assert state.is_terminal()
    assert state.winner is None
    assert state.returns() == [0.0, 0.0]
    assert state.end_type == "no moves"


# ---------------------------------------------------------------- illegal moves, copies


def snapshot(state):
    game = state.game
    return (state.ply, state.to_move, state.is_terminal(), state.winner, state.end_type,
            tuple(state.owner(c) for c in range(game.board.num_cells)),
            tuple(m.code for m in state.legal_moves()), str(state), state._s.tobytes())


def test_illegal_moves_leave_the_state_unchanged():
    game = yavalath("Standard", "Enabled")
    state = game.initial_state()
    state.apply("e5")
    state.apply("d4")
    before = snapshot(state)
    fresh = {m.text: m for m in game.initial_state().legal_moves()}
    for bad in ["e5", "E5", "d4", "z99", "", "swap", "pass", fresh["e5"], fresh["d4"].code,
                -1, 10**12]:
        with pytest.raises(ludi.IllegalMove):
            state.apply(bad)
        assert snapshot(state) == before
    assert isinstance(ludi.IllegalMove("x"), ludi.LudiError)


def test_illegal_after_the_game_ended():
    game = yavalath("Standard")
    state = play_pattern(game, "XX.X", AXES["r"], 0)
    assert state.is_terminal()
    before = snapshot(state)
    empty = next(c for c in range(61) if state.owner(c) is None)
    code = next(m.code for m in game.initial_state().legal_moves() if m.to == empty)
    for bad in [game.board.label(empty), code, "swap"]:
        with pytest.raises(ludi.IllegalMove):
            state.apply(bad)
        assert snapshot(state) == before
    assert state.legal_moves() == []


def test_copy_is_independent():
    game = yavalath("Standard", "Enabled")
    a = game.initial_state()
    a.apply("e5")
    b = a.copy()
    assert snapshot(a) == snapshot(b)
    b.apply("swap")
    assert a.owner("e5") == 0 and b.owner("e5") == 1
    assert a.to_move == 1 and b.to_move == 0
    a.apply("a1")
    assert b.owner("a1") is None and a.owner("a1") == 1
    assert a.ply == 2 and b.ply == 2
    c = b.copy()
    c.apply("a1")
    assert b.owner("a1") is None and c.owner("a1") == 0
    # a finished game copies as finished, and its copy can't be played either
    done = play_pattern(game, "XX.X", AXES["s"], 1)
    d = done.copy()
    assert d.is_terminal() and d.winner == 1 and d.end_type == done.end_type
    with pytest.raises(ludi.IllegalMove):
        d.apply(game.board.label(next(c for c in range(61) if d.owner(c) is None)))
