"""Uniformly random play against figures known from outside the engine.

Sources (shared/rules/measures.md "Known figures", shared/rules/yavalath.md, havannah.md):
Tic-Tac-Toe exact values 737/1260, 121/420, 8/63 and 3203/420 plies; Yavalath side 5 without
the pie rule 19.6 +- 0.3 plies, second player ~53%, ~93% of games ended by a forced three; Hex
11x11 107.4 plies, first player ~52.5%; Havannah base 8 118-124 plies, no draws.

The playouts run inside the compiled kernels (``run_playouts``), so even 10^5 games take well
under a second; the checks marked ``slow`` are the bigger boards.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import ludi
from ludi.compile.layout import END
from ludi.engine.playouts import random_playouts, run_playouts

TTT_P1 = Fraction(737, 1260)
TTT_P2 = Fraction(121, 420)
TTT_DRAW = Fraction(8, 63)
TTT_LENGTH = Fraction(3203, 420)


def test_tictactoe_figures_are_consistent():
    assert TTT_P1 + TTT_P2 + TTT_DRAW == 1
    assert abs(float(TTT_LENGTH) - 7.626) < 1e-3


def test_tictactoe_exact_by_enumeration():
    """Walk the whole game tree through the engine's API, every legal move equally likely, and
    get the exact outcome probabilities and the mean length."""
    game = ludi.load("tictactoe")
    memo: dict = {}

    def value(state):
        """(P(first wins), P(second wins), P(draw), E[remaining plies]) as fractions."""
        key = (tuple(state.owner(c) for c in range(9)), state.to_move)
        if key in memo:
            return memo[key]
        if state.is_terminal():
            w = state.winner
            out = (Fraction(w == 0), Fraction(w == 1), Fraction(w is None), Fraction(0))
        else:
            moves = state.legal_moves()
            acc = [Fraction(0)] * 4
            for m in moves:
                child = state.copy()
                child.apply(m)
                v = value(child)
                for i in range(4):
                    acc[i] += v[i]
            k = len(moves)
            out = (acc[0] / k, acc[1] / k, acc[2] / k, acc[3] / k + 1)
        memo[key] = out
        return out

    p1, p2, draw, length = value(game.initial_state())
    assert (p1, p2, draw, length) == (TTT_P1, TTT_P2, TTT_DRAW, TTT_LENGTH)


def test_tictactoe_random_play():
    game = ludi.load("tictactoe")
    n = 100_000
    lengths, winners, reasons = run_playouts(game, n, seed=2024)
    assert abs(np.mean(winners == 0) - float(TTT_P1)) < 0.005
    assert abs(np.mean(winners == 1) - float(TTT_P2)) < 0.005
    assert abs(np.mean(winners == -1) - float(TTT_DRAW)) < 0.005
    assert abs(lengths.mean() - float(TTT_LENGTH)) < 0.02
    # a draw fills the board; a win needs the winner's third stone (ply 5 at the earliest)
    assert (lengths[winners == -1] == 9).all()
    assert (reasons[winners == -1] == END.NO_MOVES).all()
    assert lengths.min() == 5 and lengths.max() == 9
    # the first player's wins end on odd plies, the second player's on even ones
    assert (lengths[winners == 0] % 2 == 1).all() and (lengths[winners == 1] % 2 == 0).all()
    summary = random_playouts(game, n, seed=2024)
    assert summary["p1_win"] == np.mean(winners == 0)
    assert summary["draw"] == np.mean(winners == -1)
    assert summary["mean_length"] == lengths.mean()


def test_yavalath_random_play():
    game = ludi.load("yavalath", options={"Board Size & Ruleset": "Standard",
                                          "Pie Rule": "Disabled"})
    n = 100_000
    lengths, winners, reasons = run_playouts(game, n, seed=7)
    assert abs(lengths.mean() - 19.6) < 0.3
    assert abs(np.mean(winners == 1) - 0.53) < 0.01
    assert abs(np.mean(winners == 0) - 0.47) < 0.01
    assert (reasons != END.TIMEOUT).all()
    summary = random_playouts(game, n, seed=7)
    threes = summary["end_types"].get("(is Line 3)", 0.0)
    fours = summary["end_types"].get("(is Line 4)", 0.0)
    assert abs(threes - 0.93) < 0.01  # most games end by a player forced into three
    assert threes + fours > 0.999  # draws are vanishingly rare
    assert lengths.min() >= 5


@pytest.mark.slow
def test_hex_random_play():
    game = ludi.load("hex", options={"Board Size": "11x11", "Pie Rule": "Disabled"})
    n = 100_000
    lengths, winners, _ = run_playouts(game, n, seed=11)
    assert abs(lengths.mean() - 107.4) < 0.5
    assert abs(np.mean(winners == 0) - 0.525) < 0.01
    assert (winners >= 0).all()  # a full Hex board always has exactly one winner
    assert lengths.min() >= 21 and lengths.max() <= 121


@pytest.mark.slow
def test_havannah_random_play():
    game = ludi.load("havannah", options={"Board Size": "8", "Pie Rule": "Disabled"})
    n = 20_000
    lengths, winners, reasons = run_playouts(game, n, seed=13)
    assert 118 <= lengths.mean() <= 124
    assert (winners >= 0).all()  # no draws
    assert (reasons != END.TIMEOUT).all()
    assert lengths.max() <= 169
