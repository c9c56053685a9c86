"""Every fast path makes exactly the moves and results of the general program, move by move.

The compiler chooses fast paths from the rule program (``Game.fast_paths``: one add anywhere,
random adds drawn from the empty cells, line-only ends, the usual mancala turn). For every shipped
game and option combination, the game with all its fast paths and with each one alone is played
side by side with the general program (``Game.without_fast_paths()``): the same legal moves at
every position, the same position after every move, the same result.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from engine_corpus import descriptions

import ludi
from ludi.compile import layout as L
from ludi.engine import run_playouts

GAMES_PER_CONFIG = 6
COMPARED_SCALARS = (L.I.MOVER, L.I.PLY, L.I.OVER, L.I.WINNER, L.I.SWAPPED, L.I.NEMPTY)


#: The fast paths that build on another one (and are kept on with it).
BUILDS_ON = {"add_all": "add", "sow_turn": "sow", "sow_packed": "sow_turn"}


def chain(path: str) -> list[str]:
    """``path`` and every path it builds on."""
    out = [path]
    while out[-1] in BUILDS_ON:
        out.append(BUILDS_ON[out[-1]])
    return out


def configurations():
    """(description, fast paths kept on) for every game with a fast path: all of them, and
    each one alone (with the path it builds on: random adds drawn from the empty cells on the
    add path, the whole sowing turn on the sowing kernels)."""
    out = []
    for d in descriptions():
        paths = ludi.engine.from_description(d).fast_paths
        keeps = {paths} | {tuple(p for p in paths if p in chain(path)) for path in paths}
        out += [(d, keep) for keep in sorted(keeps) if keep]
    return out


CONFIGS = configurations()


def position(state) -> tuple:
    s = state._s
    C = state.game.board.num_cells
    n = state.game.num_players
    return (tuple(s[L.section(C, L.S.BOARD)]), tuple(s[L.section(C, L.S.COUNTS)]),
            tuple(int(s[i]) for i in COMPARED_SCALARS), tuple(s[L.I.RANKS:L.I.RANKS + n]))


@pytest.mark.parametrize("description,keep", CONFIGS,
                         ids=[f"{d.name}-{'+'.join(k)}-{i}" for i, (d, k) in enumerate(CONFIGS)])
def test_fast_paths_play_the_general_program_move_by_move(description, keep):
    base = ludi.engine.from_description(description).with_move_limit(400)
    general = base.without_fast_paths()
    dropped = [p for p in base.fast_paths if p not in keep]
    fast = base.without_fast_paths(*dropped) if dropped else base
    assert set(fast.fast_paths) == set(keep) and general.fast_paths == ()
    rng = random.Random(hash(keep) % 1000)
    for _ in range(GAMES_PER_CONFIG):
        a, b = fast.initial_state(), general.initial_state()
        while True:
            moves_a = sorted(m.text for m in a.legal_moves())
            assert moves_a == sorted(m.text for m in b.legal_moves()), a.ply
            assert position(a) == position(b), a.ply
            if not moves_a:
                break
            text = rng.choice(moves_a)
            a.apply(text)
            b.apply(text)
        assert (a.winner, a.ranks, a.end_type) == (b.winner, b.ranks, b.end_type)


@pytest.mark.parametrize("name,options", [("yavalath", {"Pie Rule": "Enabled"}),
                                          ("hex", {"Board Size": "5x5"}), ("oware", None)])
def test_fast_and_general_playouts_agree_in_distribution(name, options):
    """The compiled random playouts (which the add-anywhere path draws differently) give the
    same statistics on both paths."""
    game = ludi.load(name, options=options)
    (la, wa, _), (lb, wb, _) = run_playouts(game, 20_000, 1), \
        run_playouts(game.without_fast_paths(), 20_000, 2)

    def close(x, y) -> bool:  # within four standard errors of the difference
        return abs(x.mean() - y.mean()) <= 4 * np.sqrt((x.var() + y.var()) / len(x)) + 1e-9

    assert close(la, lb)
    for p in range(game.num_players):
        assert close(wa == p, wb == p)


#: Must-block on a connection game: (sites Winning …) asks, for every empty cell, whether a stone
#: of the next player there would win. With group_wins, cells whose groups cannot reach both
#: sides or close a ring are ruled out without trying them.
MUST_BLOCK = {
    "Hex": '(game "Must-block Hex" (players 2) (equipment {(board (hex Diamond 5)) '
           '(piece "Marker" Each) (regions P1 {(sites Side NE) (sites Side SW)}) '
           '(regions P2 {(sites Side NW) (sites Side SE)})}) (rules (play (priority {(move Add '
           '(to (sites Winning Next (add (to (sites Empty)))))) (move Add (to (sites Empty)))})) '
           '(end (if (is Connected Mover) (result Mover Win)))))',
    "Havannah": '(game "Must-block Havannah" (players 2) (equipment {(board (hex 4)) '
                '(piece "Marker" Each)}) (rules (play (priority {(move Add (to (sites Winning '
                'Next (add (to (sites Empty)))))) (move Add (to (sites Empty)))})) (end (if (or '
                '{(is Loop) (is Connected 3 SidesNoCorners) (is Connected 2 Corners)}) (result '
                'Mover Win)))))',
}


@pytest.mark.parametrize("name", list(MUST_BLOCK))
def test_winning_cells_of_connections_are_the_general_programs(name):
    fast = ludi.parse(MUST_BLOCK[name])
    assert "group_wins" in fast.fast_paths
    general = fast.without_fast_paths("group_wins")
    rng = random.Random(7)
    forced = 0
    for _ in range(20):
        a, b = fast.initial_state(), general.initial_state()
        while not a.is_terminal():
            moves = sorted(m.text for m in a.legal_moves())
            assert moves == sorted(m.text for m in b.legal_moves()), a.ply
            forced += len(moves) < a.game.board.num_cells - a.ply  # a block was forced
            text = rng.choice(moves)
            a.apply(text)
            b.apply(text)
        assert (a.winner, a.end_type) == (b.winner, b.end_type)
    assert forced > 0  # the rule was exercised
