"""Random playouts: uniformly random games from a position, run entirely in compiled code."""

from __future__ import annotations

import numpy as np
from numba import njit

from ludi.compile.layout import IN, KIND_BITS, MOVE, PLAY, I, P, S, W
from ludi.engine.kernels.apply import apply_move, apply_move_inline
from ludi.engine.kernels.core import (
    copy_state,
    kernel,
    player_of,
    rng_below,
    rng_seed,
    sec,
    seed_chance,
    tiny,
)
from ludi.engine.kernels.generate import generate, swap_allowed, trial_holds
from ludi.engine.kernels.legal import end_if_stuck, legal_moves
from ludi.engine.kernels.packed import packable, packed_turns
from ludi.engine.kernels.turns import turn


@kernel
def draw_filtered(t, s, w, buf, n, at, rng):
    """A uniformly random move of ``buf[:n]`` after which the do-filter of instruction record
    ``at`` holds, or -1 when none does: moves are drawn at random and tested one at a time,
    each failed one set aside, so a game whose filter keeps most moves tests about one move a
    ply, not all of them (as Ludii's filter playouts do). The first to pass is uniform over
    the moves that pass, as a draw from the filtered list would be."""
    while n > 0:
        i = rng_below(rng, n)
        m = buf[i]
        if trial_holds(t, s, w, m, t[at + IN.COND], t[at + IN.COND_END]):
            return m
        buf[i] = buf[n - 1]
        n -= 1
    return -1


@tiny
def random_move(t, s, w, buf, rng):
    """A uniformly random legal move, or -1 when there is none. Add-anywhere games draw from the
    empties list directly (the fast path); the others from the generated move list."""
    if s[I.OVER] == 1:  # a finished game has no legal move, on either path
        return -1
    if t[P.PLAY] == PLAY.ADD and t[P.ADD_ALL] == 1:
        ne = s[I.NEMPTY]
        extra = 1 if (ne > 0 and swap_allowed(t, s)) else 0
        if ne + extra == 0:
            return -1
        k = rng_below(rng, ne + extra)
        if k == ne:
            return MOVE.SWAP
        return MOVE.ADD | (s[sec(s, S.EMPTIES) + k] << KIND_BITS)
    w[W.LAZY] = 1  # a last do-filter over every move is tested on the drawn move alone
    w[W.DEFERRED] = -1
    n = legal_moves(t, s, w, buf)
    w[W.LAZY] = 0
    if w[W.DEFERRED] >= 0:
        return draw_filtered(t, s, w, buf, n, w[W.DEFERRED], rng)
    if n == 0:
        return -1
    return buf[rng_below(rng, n)]


@kernel
def sow_playout(t, s, w, buf, rng):
    """:func:`playout` for ``P.SOW_TURN`` games: the same draws and the same games, each turn
    one sowing ``turn`` (inlined), which leaves the next player's moves in ``buf``; on packed
    houses (``P.SOW_PACKED``) while the board holds few enough seeds."""
    n = -1
    while s[I.OVER] == 0 and w[W.ERROR] == 0:
        if n < 0:
            n = generate(t, s, w, buf)
        if n == 0:  # the game ends, or the player passes (forced): the general path
            if end_if_stuck(t, s, w, buf) == 0:
                break
            apply_move(t, s, w, buf[0])
            n = -1
        elif packable(t, s):
            n = packed_turns(t, s, w, buf, rng, n)
        else:
            n = turn(t, s, w, buf[rng_below(rng, n)], buf)


@kernel
def playout(t, s, w, buf, rng):
    """Play uniformly random moves from ``s`` until the game ends (or an engine error)."""
    if t[P.SOW_TURN] == 1:
        sow_playout(t, s, w, buf, rng)
        return
    while s[I.OVER] == 0 and w[W.ERROR] == 0:
        m = random_move(t, s, w, buf, rng)
        if m < 0:  # no move: the game ends, or the player passes (forced)
            if end_if_stuck(t, s, w, buf) == 0:
                break
            m = buf[0]
        apply_move_inline(t, s, w, m)


@njit(cache=True)
def playouts(t, s0, w, n, seed, lengths, winners, reasons):
    """``n`` random games from ``s0``. Per game: length in moves (plies without forced passes,
    as Ludii counts), the winning player (-1 for none) and the op that ended it (see
    ``I.END_OP``). Stops at an engine error (in ``w``)."""
    rng = np.empty(1, np.uint64)
    rng_seed(rng, seed)
    s = s0.copy()
    buf = np.zeros(t[P.MAX_MOVES], np.int64)
    for g in range(n):
        copy_state(s, s0)
        seed_chance(t, s, rng)
        playout(t, s, w, buf, rng)
        if w[W.ERROR] != 0:
            return
        lengths[g] = s[I.PLY] - s[I.FORCED_PASSES]
        win = s[I.WINNER]
        winners[g] = player_of(s, win) if win >= 0 else -1
        reasons[g] = s[I.END_OP]


@njit(cache=True)
def recorded_playout(t, s, w, buf, seed, movers, legal, occupancy, ever):
    """One random game from ``s`` (played on it), recorded as :class:`ludi.measure.GameRecord`
    wants it: per state before a move, the player to move (``movers``) and the number of legal
    moves (``legal``); per state, the end's included, the number of occupied sites
    (``occupancy``); per site, whether it was ever occupied (``ever``, True stays True). Each
    move is drawn uniformly from the legal moves as the engine lists them (forced passes
    included), as a random agent draws. Returns the number of moves, or -1 when the game
    outgrew ``movers`` (``occupancy`` holds one entry more) or the engine met an error (in
    ``w``)."""
    rng = np.empty(1, np.uint64)
    rng_seed(rng, seed)
    seed_chance(t, s, rng)
    cells = t[P.CELLS]
    board = sec(s, S.BOARD)
    counts = sec(s, S.COUNTS)
    if ever.shape[0] < cells:
        return -1
    ply = 0
    while True:
        n = end_if_stuck(t, s, w, buf) if s[I.OVER] == 0 else 0
        if w[W.ERROR] != 0:
            return -1
        occupied = 0
        for c in range(cells):
            if s[board + c] != 0 or s[counts + c] > 0:
                occupied += 1
                ever[c] = True
        occupancy[ply] = occupied
        if s[I.OVER] != 0:
            return ply
        if ply >= movers.shape[0] or ply + 1 >= occupancy.shape[0]:
            return -1
        movers[ply] = player_of(s, s[I.MOVER])
        legal[ply] = n
        apply_move(t, s, w, buf[rng_below(rng, n)])
        if w[W.ERROR] != 0:
            return -1
        ply += 1
