"""The whole sowing turn in one kernel (``P.SOW_TURN``, ``ludi.engine.kernels.turns``).

The compiler chooses it for sowing games whose end clauses are flat tests; it must leave exactly
the state the general move leaves (every integer of it, the position history included), and the
random playouts that reuse the next player's moves it lists must be the very games the move-list
loop plays from the same seed.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludi
from ludi.compile import layout as L
from ludi.engine import run_playouts
from ludi.lang import parse, shipped_games

RULESETS = {"Abapa": None, "Wari": {"Grand Slam": "Forbidden"},
            "Awari": {"Grand Slam": "Forbidden", "Sowing": "12 seeds max"}}


def oware_text(**changes: str) -> str:
    """Oware's description with parts of its text replaced (old=new pairs)."""
    text = shipped_games()["oware"].read_text()
    for old, new in changes.values():
        assert old in text
        text = text.replace(old, new)
    return text


#: Oware whose stalemate clause asks about the next player ((no Moves Next): counted before the
#: clauses) and whose first clause is an (or …) of count tests.
NEXT_STUCK = oware_text(
    stuck=("(if (or (no Moves Mover) (is Cycle))", "(if (or (no Moves Next) (is Cycle))"),
    first=("(if (>= (count at:(mapEntry P1)) 25) (result P1 Win))",
           "(if (or (>= (count at:(mapEntry P1)) 25) (= (count at:(mapEntry P1)) 30)) "
           "(result P1 Win))"))
#: Oware with an end test the flat path does not take (two counts compared with each other).
VM_END = oware_text(first=("(if (>= (count at:(mapEntry P1)) 25) (result P1 Win))",
                           "(if (> (count at:(mapEntry P1)) (+ 24 (count at:(mapEntry P2)))) "
                           "(result P1 Win))"))


def games() -> list[tuple[str, ludi.Game]]:
    out = [(name, ludi.load("oware", options=opts)) for name, opts in RULESETS.items()]
    return out + [("next-stuck", ludi.engine.from_description(parse(NEXT_STUCK)))]


GAMES = games()


def test_the_compiler_takes_the_turn_for_flat_end_tests_only():
    for name, game in GAMES:
        assert game.fast_paths[:2] == ("sow", "sow_turn"), name
    assert GAMES[-1][1].tables[L.P.NO_MOVES] == 1  # the next player's moves are counted
    vm = ludi.engine.from_description(parse(VM_END))
    assert vm.fast_paths == ("sow",)
    assert ludi.load("oware").without_fast_paths("sow").fast_paths == ()


@pytest.mark.parametrize("name,game", GAMES, ids=[n for n, _ in GAMES])
def test_random_playouts_are_the_same_games(name, game):
    """The playouts that draw from the moves the turn listed play the games the loop that
    generates them again plays: the same lengths, winners and end ops, seed for seed."""
    general = game.without_fast_paths("sow_turn")
    for seed in (1, 2):
        ours, theirs = run_playouts(game, 1500, seed), run_playouts(general, 1500, seed)
        for a, b in zip(ours, theirs, strict=True):
            np.testing.assert_array_equal(a, b)
    lengths, _, reasons = run_playouts(game, 1500, 3)
    assert len(set(reasons.tolist())) >= 2  # (more than one way to end was played)


@pytest.mark.parametrize("name,game", GAMES, ids=[n for n, _ in GAMES])
def test_every_integer_of_the_state_matches_the_general_move(name, game):
    general = game.without_fast_paths("sow_turn")
    rng = random.Random(name)
    for _ in range(25):
        a, b = game.initial_state(), general.initial_state()
        while not a.is_terminal():
            moves = [m.text for m in a.legal_moves()]
            assert moves == [m.text for m in b.legal_moves()], a.ply
            move = rng.choice(moves)
            a.apply(move)
            b.apply(move)
            np.testing.assert_array_equal(a._s, b._s, err_msg=f"{name} ply {a.ply}")
        assert b.is_terminal() and (a.winner, a.end_type) == (b.winner, b.end_type)


def test_the_move_bound_covers_every_house():
    """The sowing kernels list a player's houses without a branch on each count; the moves of
    a position number at most the houses of a side, which the compiler's bound must hold."""
    for _, game in GAMES:
        t = game.tables
        C = int(t[L.P.CELLS])
        for colour in range(2):
            row = int(t[L.T.REGIONS]) + (int(t[L.P.SOW_OWN]) * 4 + colour) * C
            assert int(t[L.P.MAX_MOVES]) >= int(t[row:row + C].sum())
