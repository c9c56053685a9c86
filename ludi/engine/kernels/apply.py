"""Applying a move: its own changes, the position history, the end clauses, the next turn."""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import (
    E_GEN,
    E_JUMP,
    EFF_WIDTH,
    END_TIMEOUT,
    ERR_DEPTH,
    I_ACTIVE,
    I_COUNTER,
    I_CYCLE,
    I_FROM,
    I_HIST_LEN,
    I_LAST_FROM,
    I_LAST_TO,
    I_MOVE_AGAIN,
    I_MOVER,
    I_NEXT_IS_MOVER,
    I_OVER,
    I_PENDING,
    I_PLY,
    I_PREV_MOVER,
    I_SITE,
    I_TO,
    I_TURNS,
    I_VISITED,
    KIND_BITS,
    KIND_MASK,
    MOVE_ADD,
    MOVE_SELECT,
    MOVE_SWAP,
    P_DEPTH,
    P_MAX_MOVES,
    P_MOVE_LIMIT,
    P_PHASES,
    P_PLAY,
    P_SOW_TURN,
    P_TURN_LIMIT,
    P_VISITED,
    PLAY_ADD,
    T_EFF,
    T_LIST,
    VISITED_WORDS,
    W_CAN_MOVE,
    W_CAN_MOVE_LEFT,
    W_DEPTH,
    W_ERROR,
)
from ludi.engine.kernels.core import fail, kernel, next_colour, tiny, w_moves
from ludi.engine.kernels.effects import effects, play_effects
from ludi.engine.kernels.ends import check_end, next_phases
from ludi.engine.kernels.generate import leaf_moves
from ludi.engine.kernels.history import record_position
from ludi.engine.kernels.pieces import place
from ludi.engine.kernels.results import finish
from ludi.engine.kernels.turns import sow_turn


@kernel
def settle_can_move(t, s, w):
    """Go on with a move's (then …) where the effects stopped, at an ``(if (can Move M) A B)``:
    generate M's moves one level down (the effects cannot generate), run A if there is one, B
    if not, then the rest of the list (which may stop at another such test)."""
    depth = w[W_DEPTH]
    while w[W_CAN_MOVE] > 0 and w[W_ERROR] == 0:
        at = w[W_CAN_MOVE] - 1
        left = w[W_CAN_MOVE_LEFT]
        w[W_CAN_MOVE] = 0
        if depth >= t[P_DEPTH] - 1:
            fail(w, ERR_DEPTH, 0, depth)
            return
        rec = t[T_EFF] + t[t[T_LIST] + at] * EFF_WIDTH
        frm, to, site = s[I_FROM], s[I_TO], s[I_SITE]
        w[W_DEPTH] = depth + 1
        start = w_moves(t, depth)
        found = leaf_moves(t, s, w, t[rec + E_GEN], w[start:start + t[P_MAX_MOVES]],
                           np.int64(0))
        w[W_DEPTH] = depth
        s[I_FROM], s[I_TO], s[I_SITE] = frm, to, site
        skip = 0 if found > 0 else t[rec + E_JUMP]
        effects(t, s, w, at + 1 + skip, left - skip)


@tiny
def visit(s, site):
    """Mark ``site`` visited (a site off the board or past the bits: nothing)."""
    if site >= 0 and site < 64 * VISITED_WORDS:
        s[I_VISITED + site // 64] |= np.int64(1) << np.int64(site % 64)


@kernel
def apply_move(t, s, w, move):
    """Play ``move`` (assumed legal), check the end clauses, pass the turn."""
    kind = move & KIND_MASK
    depth = w[W_DEPTH]
    if t[P_SOW_TURN] == 1 and kind == MOVE_SELECT and depth < t[P_DEPTH] - 1:
        start = w_moves(t, depth)  # (the next player's moves: this level's nested list)
        sow_turn(t, s, w, move, w[start:start + t[P_MAX_MOVES]])
        return
    mover = s[I_MOVER]
    if t[P_PLAY] != PLAY_ADD and s[I_HIST_LEN] == 0:
        record_position(t, s, w)  # a fresh position (game start, state_from) counts for cycles
    s[I_PENDING] = 0  # (set Pending) lasts until the next move (Ludii reboots it then)
    if t[P_PLAY] == PLAY_ADD and kind == MOVE_ADD:
        c = move >> KIND_BITS
        place(t, s, c, mover)
        s[I_LAST_TO] = c
    else:
        play_effects(t, s, w, move)
        if w[W_CAN_MOVE] > 0:
            settle_can_move(t, s, w)
    s[I_PLY] += 1
    s[I_PREV_MOVER] = mover
    again = s[I_MOVE_AGAIN] == 1 or kind == MOVE_SWAP
    s[I_NEXT_IS_MOVER] = s[I_MOVE_AGAIN]  # Ludii's end rules see the mover as next then
    s[I_MOVE_AGAIN] = 0
    following = mover if again else next_colour(t, s, mover)
    if t[P_PLAY] != PLAY_ADD:
        s[I_MOVER] = following
        s[I_CYCLE] = record_position(t, s, w)
        s[I_MOVER] = mover
    check_end(t, s, w)
    s[I_NEXT_IS_MOVER] = 0
    if s[I_OVER] == 1:
        return
    if t[P_PHASES] > 0:  # (a call on every move of every game would cost the placement games)
        next_phases(t, s, w)
    s[I_COUNTER] += 1  # Ludii's counter, after the end rules and the phases
    if s[I_ACTIVE + following] == 0:  # the end clauses put a player out
        following = next_colour(t, s, mover)
    if following != mover:
        s[I_TURNS] += 1
    if t[P_VISITED] == 1:  # Ludii's visited sites: the turn's moves' from and to, then none
        if following == mover:
            visit(s, s[I_LAST_FROM])
            visit(s, s[I_LAST_TO])
        else:
            for k in range(VISITED_WORDS):
                s[I_VISITED + k] = 0
    s[I_MOVER] = following
    if s[I_PLY] >= t[P_MOVE_LIMIT] or s[I_TURNS] >= t[P_TURN_LIMIT]:
        finish(t, s, np.int64(-1), np.int64(END_TIMEOUT))  # int64s: see run_program


#: :func:`apply_move` inlined into the random-playout loops, where a call per ply costs a
#: tenth of the ply; elsewhere it is called, so it is compiled once instead of in every caller.
apply_move_inline = tiny(apply_move.py_func)
