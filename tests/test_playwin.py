"""Play Win (shared/rules/playwin.md) through the public engine API: the rules' test vectors,
capture chains, maximum capture, the Hotter variant, the endings and random play.

Expectations come from the rules, never from the engine: the hand-made positions state their
answer (worked out from the rules text and cross-checked with the small reference below), and
``reference_moves`` — a direct, slow transcription of the rules (turning jumps, maximal series,
maximum capture, approach slides) — is compared with the engine on random positions and on every
position of random games.

Cells are axial (q, r) on the hexhex board of side 5; South is player 0 (rows r = +4, +3, moves
first), North player 1 (rows r = -4, -3).
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import ludi
from ludi.compile import layout as L
from ludi.engine.playouts import run_playouts

SOUTH, NORTH = 0, 1
# D0..D5 in cyclic order (rules/playwin.md); turning by 60 degrees = index +-1 mod 6
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
CELLS = [(q, r) for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
ON_BOARD = set(CELLS)

_GAMES: dict = {}


def playwin(approach: str = "Normal"):
    if approach not in _GAMES:
        _GAMES[approach] = ludi.load("playwin", options={"Approach": approach})
    return _GAMES[approach]


# ---------------------------------------------------------------- the rules, transcribed


def step(a, d):
    return (a[0] + d[0], a[1] + d[1])


def hex_distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def capture_series(board: dict, player: int) -> list[tuple]:
    """Every maximal series of turning jumps of one of ``player``'s pieces, as (origin, landings,
    captured): jumped pieces leave at once, the moving piece's own cell counts as empty."""
    out = []
    for origin in sorted(c for c, p in board.items() if p == player):
        rest = {c: p for c, p in board.items() if c != origin}
        _extend(rest, player, origin, origin, (), (), out)
    return out


def _extend(rest, player, origin, at, landings, taken, out):
    extended = False
    for i, d in enumerate(DIRS):
        jumped = step(at, d)
        if jumped in taken or rest.get(jumped) in (None, player):
            continue
        for turn in (1, -1):  # the landing turns 60 degrees; straight on is not allowed
            land = step(jumped, DIRS[(i + turn) % 6])
            if land in ON_BOARD and (land not in rest or land in taken):
                extended = True
                _extend(rest, player, origin, land, landings + (land,), taken + (jumped,), out)
    if not extended and taken:
        out.append((origin, landings, taken))


def reference_moves(board: dict, player: int, hotter: bool = False) -> set[tuple]:
    """The legal moves by the rules: ("hop", from, to, captured set) or ("slide", from, to)."""
    series = capture_series(board, player)
    if series:
        most = max(len(taken) for _, _, taken in series)
        return {("hop", o, lands[-1], frozenset(taken)) for o, lands, taken in series
                if len(taken) == most}
    own = [c for c, p in board.items() if p == player]
    enemies = [c for c, p in board.items() if p != player]
    if not enemies:
        return set()
    nearest = {c: min(hex_distance(c, e) for e in enemies) for c in CELLS}
    counts = [sum(1 for p in board.values() if p == q) for q in (SOUTH, NORTH)]
    no_farther = hotter and min(counts) >= 7
    out = set()
    for a in own:
        for d in DIRS:
            x = a
            for _ in range(len(own) - 1):  # 1 <= s <= k-1 empty cells
                x = step(x, d)
                if x not in ON_BOARD or x in board:
                    break
                if nearest[x] < nearest[a] or (no_farther and nearest[x] == nearest[a]):
                    out.add(("slide", a, x))
    return out


# ---------------------------------------------------------------- helpers


def position(game, south, north, to_move=SOUTH):
    board = {c: SOUTH for c in south} | {c: NORTH for c in north}
    assert len(board) == len(south) + len(north)
    return game.state_from(board=board, to_move=to_move)


def board_of(state) -> dict:
    g = state.game
    out = {}
    for cell in range(g.board.num_cells):
        owner = state.owner(cell)
        if owner is not None:
            out[g.board.coords(cell)] = owner
    return out


def as_tuple(game, move) -> tuple:
    co = game.board.coords
    if move.kind == "hop":
        return ("hop", co(move.frm), co(move.to), frozenset(co(c) for c in move.captured))
    assert move.kind == "slide"
    return ("slide", co(move.frm), co(move.to))


def engine_moves(state) -> set[tuple]:
    moves = [as_tuple(state.game, m) for m in state.legal_moves()]
    assert len(moves) == len(set(moves)), "a legal move is listed twice"
    return set(moves)


def label(game, q, r) -> str:
    return game.board.label(game.board.cell_at(q, r))


def chain_text(game, origin, jumps) -> str:
    """The rules' text form: from, then per jump 'x<jumped>><landing>'."""
    return label(game, *origin) + "".join(
        f"x{label(game, *j)}>{label(game, *x)}" for j, x in jumps)


def slide(state, frm, to):
    return state.apply(f"{label(state.game, *frm)}-{label(state.game, *to)}")


# ---------------------------------------------------------------- setup and the opening


def test_setup_eleven_pieces_each_south_first():
    g = playwin()
    s = g.initial_state()
    board = board_of(s)
    assert g.num_players == 2 and g.board.num_cells == 61 == len(CELLS)
    assert {c for c, p in board.items() if p == SOUTH} == {c for c in CELLS if c[1] in (3, 4)}
    assert {c for c, p in board.items() if p == NORTH} == {c for c in CELLS if c[1] in (-3, -4)}
    assert sum(1 for p in board.values() if p == SOUTH) == 11
    assert sum(1 for p in board.values() if p == NORTH) == 11
    assert s.to_move == SOUTH and not s.is_terminal()


def test_north_first_option():
    g = ludi.load("playwin", options={"First Player": "North"})
    s = g.initial_state()
    assert s.to_move == 0
    # the first player now sits at the top of the board (rows r = -4, -3)
    assert {g.board.coords(c)[1] for c in range(61) if s.owner(c) == 0} == {-4, -3}


def test_opening_54_slides():
    g = playwin()
    s = g.initial_state()
    moves = s.legal_moves()
    assert len(moves) == 54
    assert all(m.kind == "slide" and m.captured == () and m.path == (m.to,) for m in moves)
    per_piece = {}
    for m in moves:
        per_piece[g.board.coords(m.frm)] = per_piece.get(g.board.coords(m.frm), 0) + 1
    assert per_piece == {(-4, 3): 8, (-3, 3): 9, (-2, 3): 10, (-1, 3): 10, (0, 3): 9, (1, 3): 8}
    assert not any(g.board.coords(m.frm)[1] == 4 for m in moves)  # the back row is shut in
    # each slide: one straight line of empty cells, at most k - 1 = 10 long, ending nearer
    north = [c for c in CELLS if c[1] <= -3]
    for m in moves:
        (q0, r0), (q1, r1) = g.board.coords(m.frm), g.board.coords(m.to)
        dq, dr = q1 - q0, r1 - r0
        n = hex_distance((q0, r0), (q1, r1))
        assert (dq // n, dr // n) in DIRS and (dq % n, dr % n) == (0, 0)
        assert 1 <= n <= 10
        d0 = min(hex_distance((q0, r0), e) for e in north)
        d1 = min(hex_distance((q1, r1), e) for e in north)
        assert d1 < d0
        assert m.text == f"{label(g, q0, r0)}-{label(g, q1, r1)}"
    assert engine_moves(s) == reference_moves(board_of(s), SOUTH)


def test_opening_hotter_allows_equal_distance():
    g = playwin("Hotter")
    s = g.initial_state()
    moves = engine_moves(s)
    expected = reference_moves(board_of(s), SOUTH, hotter=True)
    assert moves == expected
    # the row r = 3 is full, so no opening slide keeps its distance: the same 54 slides
    assert len(moves) == 54 and moves == reference_moves(board_of(s), SOUTH)


# ---------------------------------------------------------------- the rules' test vectors


def test_no_straight_jump():
    g = playwin()
    s = position(g, [(0, 0), (2, -1), (1, 1)], [(1, 0), (-4, 0)])
    # (2,0) is empty but straight on: no capture. Every South piece touches (1,0), so no slide
    # ends nearer either: South is immobilised and has lost.
    assert capture_series(board_of(s), SOUTH) == []
    assert engine_moves(s) == reference_moves(board_of(s), SOUTH) == set()
    assert s.is_terminal() and s.winner == NORTH
    # with one more South piece away from the fight, South only has slides
    s = position(g, [(0, 0), (2, -1), (1, 1), (-4, 4)], [(1, 0), (-4, 0)])
    moves = s.legal_moves()
    assert moves and all(m.kind == "slide" for m in moves)
    assert engine_moves(s) == reference_moves(board_of(s), SOUTH)
    # with (1,1) empty a turning landing opens, for both pieces beside (1,0): captures are forced
    s2 = position(g, [(0, 0), (2, -1)], [(1, 0), (-4, 0)])
    assert engine_moves(s2) == {("hop", (0, 0), (1, 1), frozenset({(1, 0)})),
                                ("hop", (2, -1), (1, 1), frozenset({(1, 0)}))}


def test_range_limit():
    for approach in ("Normal", "Hotter"):  # 2 and 3 pieces: Hotter uses the normal rule here
        g = playwin(approach)
        s = position(g, [(0, 2), (-4, 4)], [(0, -2), (3, -4), (4, -4)])
        assert engine_moves(s) == {("slide", (0, 2), (0, 1)), ("slide", (-4, 4), (-4, 3)),
                                   ("slide", (-4, 4), (-3, 3))}
        # (0,2) -> (1,1): distance 4 before and after, not nearer
        assert hex_distance((0, 2), (0, -2)) == 4 == hex_distance((1, 1), (0, -2))
        with pytest.raises(ludi.IllegalMove):
            slide(s, (0, 2), (1, 1))
        with pytest.raises(ludi.IllegalMove):  # two cells: k - 1 = 1
            slide(s, (0, 2), (0, 0))


def test_lone_piece_is_immobilised_and_loses():
    g = playwin()
    s = position(g, [(0, 2)], [(0, -2), (3, -4)])
    assert s.legal_moves() == []
    assert s.is_terminal()
    assert s.winner == NORTH
    assert s.end_type == "(no Moves Mover)"
    assert s.ranks == [2, 1]
    assert s.returns() == [-1.0, 1.0]
    with pytest.raises(ludi.IllegalMove):
        s.apply("e5")
    # the same for North, to move with a lone piece
    s = position(g, [(0, 2), (3, 1)], [(0, -2)], to_move=NORTH)
    assert s.is_terminal() and s.winner == SOUTH and s.returns() == [1.0, -1.0]


def test_lone_piece_can_still_capture():
    g = playwin()
    s = position(g, [(0, 0)], [(1, 0), (3, -4)])
    assert engine_moves(s) == {("hop", (0, 0), (2, -1), frozenset({(1, 0)})),
                               ("hop", (0, 0), (1, 1), frozenset({(1, 0)}))}
    assert not s.is_terminal()


# ---------------------------------------------------------------- capture chains


def test_three_jump_series_records_every_jumped_piece():
    g = playwin()
    s = position(g, [(-1, -1), (1, -1)], [(-3, 1), (-2, -1), (-1, 1), (-1, 2)])
    moves = s.legal_moves()
    assert len(moves) == 1
    m = moves[0]
    jumps = [((-2, -1), (-3, 0)), ((-3, 1), (-2, 1)), ((-1, 1), (0, 0))]
    # each jump turns: jumped = at + D_i, landing = jumped + D_(i+-1)
    at = (-1, -1)
    for jumped, land in jumps:
        i = DIRS.index((jumped[0] - at[0], jumped[1] - at[1]))
        assert (land[0] - jumped[0], land[1] - jumped[1]) in (DIRS[(i + 1) % 6], DIRS[i - 1])
        at = land
    cell = g.board.cell_at
    assert m.kind == "hop"
    assert m.frm == cell(-1, -1) and m.to == cell(0, 0)
    assert m.path == tuple(cell(*x) for _, x in jumps)
    assert m.captured == tuple(cell(*j) for j, _ in jumps)
    assert m.text == chain_text(g, (-1, -1), jumps)
    assert m.text.count("x") == 3 and m.text.count(">") == 3
    s.apply(m.text)
    assert board_of(s) == {(1, -1): SOUTH, (0, 0): SOUTH, (-1, 2): NORTH}
    # North's last piece can neither slide (k = 1) nor capture: immobilised, South wins
    assert s.is_terminal() and s.winner == SOUTH and s.end_type == "(no Moves Mover)"


def test_two_jump_series_and_apply_by_move_object():
    g = playwin()
    # (0,0) jumps (1,0) to (1,1), then (0,1) to (-1,2) or back onto its own starting cell
    s = position(g, [(0, 0)], [(1, 0), (0, 1), (-4, 0)])
    moves = {as_tuple(g, m): m for m in s.legal_moves()}
    both = frozenset({(1, 0), (0, 1)})
    # the two orders ending on (0,0) take the same pieces: merged into one move
    assert set(moves) == {("hop", (0, 0), (0, 0), both), ("hop", (0, 0), (-1, 2), both),
                          ("hop", (0, 0), (2, -1), both)}
    m = moves[("hop", (0, 0), (-1, 2), both)]
    assert m.path == (g.board.cell_at(1, 1), g.board.cell_at(-1, 2))
    assert m.captured == (g.board.cell_at(1, 0), g.board.cell_at(0, 1))
    assert m.text == chain_text(g, (0, 0), [((1, 0), (1, 1)), ((0, 1), (-1, 2))])
    s.apply(m)
    assert board_of(s) == {(-1, 2): SOUTH, (-4, 0): NORTH}


def test_series_may_end_on_its_starting_cell():
    g = playwin()
    s = position(g, [(0, 0)], [(1, 0), (0, 1), (-4, 0)])
    home = [m for m in s.legal_moves() if m.to == m.frm]
    assert len(home) == 1
    m = home[0]
    assert m.frm == m.to == g.board.cell_at(0, 0)
    assert len(m.path) == 2 and m.path[-1] == m.frm
    orders = {chain_text(g, (0, 0), [((1, 0), (1, 1)), ((0, 1), (0, 0))]),
              chain_text(g, (0, 0), [((0, 1), (1, 1)), ((1, 0), (0, 0))])}
    assert m.text in orders
    s.apply(m)
    assert board_of(s) == {(0, 0): SOUTH, (-4, 0): NORTH}


def test_ambiguous_landings_are_different_moves():
    g = playwin()
    south, north = [(0, 0)], [(-1, 0), (-1, -2), (0, -1), (4, -4)]
    s = position(g, south, north)
    a, b, c = (-1, 0), (-1, -2), (0, -1)
    expected = {
        # the same landing cell reached having taken different pieces: two moves each
        ("hop", (0, 0), (0, -3), frozenset({a, b})), ("hop", (0, 0), (0, -3), frozenset({c, b})),
        ("hop", (0, 0), (-2, -2), frozenset({a, b})), ("hop", (0, 0), (-2, -2), frozenset({c, b})),
        # the same end and the same pieces by two orders (a then c, c then a): one move
        ("hop", (0, 0), (0, 0), frozenset({a, c})),
        ("hop", (0, 0), (1, -2), frozenset({a, c})), ("hop", (0, 0), (-2, 1), frozenset({a, c})),
    }
    assert engine_moves(s) == expected
    assert len(s.legal_moves()) == 7
    # the ambiguous pair differ in text (the jumped pieces), and each takes its own pieces
    pair = [m for m in s.legal_moves() if g.board.coords(m.to) == (0, -3)]
    assert len(pair) == 2 and pair[0].text != pair[1].text
    for m in pair:
        after = s.copy().apply(m)
        taken = {g.board.coords(x) for x in m.captured}
        assert board_of(after) == {(0, -3): SOUTH} | {x: NORTH for x in north if x not in taken}


def test_maximum_capture_over_all_pieces():
    g = playwin()
    # (1,0) could take one piece ((2,0)); (-3,1) can take two: only the two-piece series
    s = position(g, [(1, 0), (-3, 1)], [(-1, -1), (-3, 0), (2, 0), (2, -3)])
    two = frozenset({(-3, 0), (-1, -1)})
    assert engine_moves(s) == {("hop", (-3, 1), (0, -2), two), ("hop", (-3, 1), (-1, 0), two)}
    # the one-piece captures exist but are not legal
    assert ("hop", (1, 0), (3, -1), frozenset({(2, 0)})) not in engine_moves(s)
    assert any(o == (1, 0) for o, _, _ in capture_series(board_of(s), SOUTH))
    with pytest.raises(ludi.IllegalMove):
        s.apply(chain_text(g, (1, 0), [((2, 0), (3, -1))]))
    # among the series of that size the choice is free: both can be played
    for end in ((0, -2), (-1, 0)):
        after = s.copy()
        m = next(m for m in after.legal_moves() if g.board.coords(m.to) == end)
        after.apply(m)
        assert board_of(after) == {(1, 0): SOUTH, end: SOUTH, (2, 0): NORTH, (2, -3): NORTH}


def test_capture_is_compulsory_over_slides():
    g = playwin()
    s = position(g, [(0, 0), (-4, 4), (-3, 4)], [(1, 0), (4, -4)])
    moves = s.legal_moves()
    assert moves and all(m.kind == "hop" for m in moves)
    assert reference_moves(board_of(s), SOUTH) == engine_moves(s)


def test_many_series_all_longest_offered():
    """A lone South piece amid nine North pieces: some 2,500 maximal series (437 distinct by
    end cell and captured set) of which nine take all nine pieces. Every one of those nine is
    legal (the engine used to run out of room for the shorter series and offered two)."""
    g = playwin()
    north = [(-1, 0), (1, -1), (0, 0), (-1, -1), (1, -2), (-2, 1), (-3, 1), (2, -1), (-4, 2)]
    s = position(g, [(-4, 1)], north)
    series = capture_series(board_of(s), SOUTH)
    assert len({(o, lands[-1], frozenset(c)) for o, lands, c in series}) > 400
    ends = {(-4, 1), (-3, 2), (-1, -2), (-1, 1), (0, -1), (1, -3), (1, 0), (2, -2), (3, -1)}
    assert engine_moves(s) == {("hop", (-4, 1), e, frozenset(north)) for e in ends}
    for m in s.legal_moves():
        after = s.copy().apply(m)
        assert after.is_terminal() and after.winner == SOUTH  # every North piece is taken


# ---------------------------------------------------------------- the Hotter variant


HOT_SOUTH = [(q, 4) for q in range(-4, 1)] + [(-4, 3), (-3, 3)]
HOT_NORTH = [(q, -4) for q in range(0, 5)] + [(4, -3), (3, -3)]


def test_hotter_no_farther_while_both_have_seven():
    frm, to = (-3, 3), (-2, 3)
    nearest = {x: min(hex_distance(x, e) for e in HOT_NORTH) for x in (frm, to)}
    assert nearest[frm] == nearest[to] == 6  # a sideways slide: no nearer, no farther
    cases = [
        ("Hotter", HOT_SOUTH, HOT_NORTH, True),  # 7 and 7: d1 <= d0
        ("Normal", HOT_SOUTH, HOT_NORTH, False),  # the base rule: d1 < d0
        ("Hotter", HOT_SOUTH, [c for c in HOT_NORTH if c != (0, -4)], False),  # North has 6
        ("Hotter", [c for c in HOT_SOUTH if c != (0, 4)], HOT_NORTH, False),  # South has 6
    ]
    for approach, south, north, allowed in cases:
        g = playwin(approach)
        s = position(g, south, north)
        # the removed pieces are not the nearest ones: the distances are unchanged
        assert min(hex_distance(frm, e) for e in north) == 6
        assert min(hex_distance(to, e) for e in north) == 6
        moves = engine_moves(s)
        assert (("slide", frm, to) in moves) == allowed, (approach, len(south), len(north))
        assert moves == reference_moves(board_of(s), SOUTH, hotter=approach == "Hotter")
        # a slide ending strictly nearer is legal in every case
        assert ("slide", frm, (-2, 2)) in moves
        assert min(hex_distance((-2, 2), e) for e in north) == 5


# ---------------------------------------------------------------- endings


def test_capturing_the_last_pieces_wins():
    g = playwin()
    s = position(g, [(0, 0), (-4, 4)], [(1, 0), (0, 1)])
    moves = s.legal_moves()
    assert moves and all(len(m.captured) == 2 for m in moves)
    s.apply(moves[0])
    assert s.is_terminal()
    assert s.winner == SOUTH
    assert s.end_type == "(= (count Pieces Next) 0)"
    assert s.ranks == [1, 2] and s.returns() == [1.0, -1.0]
    assert s.legal_moves() == []


def test_taking_some_pieces_does_not_end():
    g = playwin()
    s = position(g, [(0, 0)], [(1, 0), (4, -4), (3, -4)])
    s.apply(s.legal_moves()[0])
    assert not s.is_terminal() and s.to_move == NORTH and s.winner is None and s.ranks is None
    assert sum(1 for p in board_of(s).values() if p == NORTH) == 2


def test_immobilising_the_opponent_wins():
    g = playwin()
    # North's lone piece cannot slide (k = 1) and can capture nothing after South's move
    s = position(g, [(-2, 4), (2, 2)], [(0, -4)])
    assert not s.is_terminal()
    slide(s, (2, 2), (2, 1))
    assert reference_moves(board_of(s), NORTH) == set()
    assert s.is_terminal()
    assert s.winner == SOUTH and s.end_type == "(no Moves Mover)"
    assert s.returns() == [1.0, -1.0]


def test_threefold_repetition_is_a_draw():
    g = playwin("Hotter")
    s = position(g, HOT_SOUTH, HOT_NORTH)
    cycle = [((-3, 3), (-2, 3)), ((3, -3), (2, -3)), ((-2, 3), (-3, 3)), ((2, -3), (3, -3))]
    start = board_of(s)
    for ply in range(8):
        frm, to = cycle[ply % 4]
        mover = SOUTH if ply % 2 == 0 else NORTH
        assert s.to_move == mover
        assert ("slide", frm, to) in reference_moves(board_of(s), mover, hotter=True)
        assert not s.is_terminal(), ply
        slide(s, frm, to)
    # the start position (South to move) has now occurred three times: plies 0, 4 and 8
    assert board_of(s) == start
    assert s.is_terminal()
    assert s.winner is None
    assert s.end_type == "(is Repeated 3)"
    assert s.ranks == [1, 1] and s.returns() == [0.0, 0.0]


def test_two_occurrences_do_not_draw():
    g = playwin("Hotter")
    s = position(g, HOT_SOUTH, HOT_NORTH)
    cycle = [((-3, 3), (-2, 3)), ((3, -3), (2, -3)), ((-2, 3), (-3, 3)), ((2, -3), (3, -3))]
    for frm, to in cycle:
        slide(s, frm, to)
    # the start position twice; then South plays on elsewhere: no draw
    assert not s.is_terminal()
    slide(s, (-4, 3), (-4, 2))
    assert not s.is_terminal()


def test_move_limit_ends_as_a_draw():
    path = Path(ludi.__file__).resolve().parent / "games" / "playwin.lud"
    text = path.read_text(encoding="utf-8")
    assert "(meta (moveLimit 300))" in text
    g = ludi.parse(text.replace("(moveLimit 300)", "(moveLimit 12)"))
    s = g.initial_state()
    for ply in range(12):
        assert not s.is_terminal(), ply
        s.apply(s.legal_moves()[0])
    assert s.ply == 12
    assert s.is_terminal()
    assert s.winner is None and s.end_type == "move limit"
    assert s.ranks == [1, 1] and s.returns() == [0.0, 0.0]


def test_shipped_move_limit_is_300():
    g = playwin()
    s = g.initial_state()
    s._s[L.I.PLY] = 298  # fast-forward the ply counter (the position itself stays the opening)
    s.apply(s.legal_moves()[0])
    assert not s.is_terminal() and s.ply == 299
    s.apply(s.legal_moves()[0])
    assert s.is_terminal() and s.end_type == "move limit" and s.winner is None


# ---------------------------------------------------------------- against the reference


@pytest.mark.parametrize("approach", ["Normal", "Hotter"])
def test_random_positions_match_the_rules(approach):
    g = playwin(approach)
    rng = random.Random(20240611)
    hops = 0
    for _ in range(600):
        ns, nn = rng.randint(1, 11), rng.randint(1, 11)
        cells = rng.sample(CELLS, ns + nn)
        board = {c: SOUTH for c in cells[:ns]} | {c: NORTH for c in cells[ns:]}
        player = rng.randint(0, 1)
        s = g.state_from(board=board, to_move=player)
        expected = reference_moves(board, player, hotter=approach == "Hotter")
        assert engine_moves(s) == expected, (board, player)
        assert s.is_terminal() == (not expected)
        if not expected:
            assert s.winner == 1 - player
        hops += any(m[0] == "hop" for m in expected)
    assert hops > 100  # the sample exercises captures, not only slides


@pytest.mark.parametrize("approach", ["Normal", "Hotter"])
def test_random_games_match_the_rules(approach):
    g = playwin(approach)
    rng = random.Random(7)
    chains = 0
    for _ in range(40):
        s = g.initial_state()
        while True:
            board = board_of(s)
            player = s.to_move
            expected = reference_moves(board, player, hotter=approach == "Hotter")
            if not expected:  # immobilised (or no pieces left): the other player has won
                assert s.is_terminal() and s.winner == 1 - player
                break
            assert not s.is_terminal()
            assert engine_moves(s) == expected
            m = rng.choice(s.legal_moves())
            chains += len(m.captured) >= 2
            s.apply(m)
            after = board_of(s)
            if m.kind == "hop":
                taken = {g.board.coords(c) for c in m.captured}
                assert len(taken) == len(m.captured) == len(m.path)
                assert after == {c: p for c, p in board.items()
                                 if c not in taken and c != g.board.coords(m.frm)} | {
                    g.board.coords(m.to): player}
            if not any(p == 1 - player for p in after.values()):
                assert s.is_terminal() and s.winner == player
                assert s.end_type == "(= (count Pieces Next) 0)"
                break
    assert chains > 0


# ---------------------------------------------------------------- random play


def test_random_play_about_33_plies():
    g = playwin()
    lengths, winners, reasons = run_playouts(g, 10_000, seed=11)
    mean = float(lengths.mean())
    assert 31.0 <= mean <= 35.0, mean
    assert lengths.max() < 300  # every game ends well before the move cap
    assert set(np.unique(winners)) <= {0, 1}  # no draws in random play
    ops = {int(k): int(c) for k, c in zip(*np.unique(reasons, return_counts=True), strict=True)}
    names = {k: g.spec.condition_text(k) for k in ops}
    by_name = {names[k]: c for k, c in ops.items()}
    assert set(by_name) == {"(no Moves Mover)", "(= (count Pieces Next) 0)"}
    assert by_name["(no Moves Mover)"] > 0.5 * 10_000  # most games end by immobilisation
