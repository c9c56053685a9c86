"""Applying a move: its own changes, the position history, the end clauses, the next turn."""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import (
    BOARD,
    END,
    KIND_BITS,
    KIND_MASK,
    MAX_DICE,
    MOVE,
    PASSES,
    PLAY,
    VISITED_SITES,
    VISITED_WORDS,
    I,
    P,
    W,
)
from ludi.engine.kernels.core import (
    inlined,
    kernel,
    next_colour,
    to_clear,
    visit,
    w_moves,
)
from ludi.engine.kernels.effects import play_effects
from ludi.engine.kernels.ends import check_end, next_phases
from ludi.engine.kernels.generate import settle_stops
from ludi.engine.kernels.history import record_position
from ludi.engine.kernels.pieces import place, remove
from ludi.engine.kernels.results import finish
from ludi.engine.kernels.turns import sow_turn


@kernel
def clear_marked(t, s):
    """Remove the pieces a (remove … at:EndOfTurn) of the turn marked (I.TO_CLEAR), and forget
    the marks: the turn is over."""
    for site in range(min(t[P.BOARD_CELLS], VISITED_SITES)):
        if to_clear(s, site) == 1 and s[BOARD + site] != 0:
            remove(t, s, site)
    for k in range(VISITED_WORDS):
        s[I.TO_CLEAR + k] = 0


@kernel
def apply_move(t, s, w, move):
    """Play ``move`` (assumed legal), check the end clauses, pass the turn."""
    kind = move & KIND_MASK
    depth = w[W.DEPTH]
    if t[P.SOW_TURN] == 1 and kind == MOVE.SELECT and depth < t[P.DEPTH] - 1:
        start = w_moves(t, depth)  # (the next player's moves: this level's nested list)
        sow_turn(t, s, w, move, w[start:start + t[P.MAX_MOVES]])
        return
    mover = s[I.MOVER]
    if t[P.PLAY] != PLAY.ADD and s[I.HIST_LEN] == 0:
        record_position(t, s, w)  # a fresh position (game start, state_from) counts for cycles
    if t[P.PRIORS] == 0:  # (set Pending) lasts until the next move (Ludii reboots it then;
        s[I.PENDING] = 0  # after a (do PRIOR next:…)'s PRIOR, which reads it: play_effects)
    if t[P.PLAY] == PLAY.ADD and kind == MOVE.ADD:
        c = move >> KIND_BITS
        place(t, s, c, mover)
        s[I.LAST_TO] = c
    else:
        play_effects(t, s, w, move)
        if w[W.CAN_MOVE] > 0:
            settle_stops(t, s, w)
        if t[P.DICE] > 0:  # every position rolls afresh, even after a move that did not roll
            s[I.CHANCE] += MAX_DICE  # (a forced pass): Ludii's generator moved on as it listed
    s[I.PLY] += 1
    again = s[I.MOVE_AGAIN] == 1 or kind == MOVE.SWAP
    s[I.NEXT_IS_MOVER] = s[I.MOVE_AGAIN]  # Ludii's end rules see the mover as next then
    s[I.MOVE_AGAIN] = 0
    following = mover if again else next_colour(t, s, mover)
    if w[W.TURN_SEARCH] == 1 and not again:  # a (max Moves …) search asks no more (legal.py)
        s[I.MOVER] = following
        return
    if t[P.PASSES] == PASSES.NEVER:  # (for (all Passed): others foresee it, legal.end_if_stuck)
        one_pass = kind == MOVE.PASS and s[I.PREV_MOVER] != mover and following != mover
        s[I.PASSED_TURNS] = s[I.PASSED_TURNS] + 1 if one_pass else 0
    s[I.TURN_MOVES] = s[I.TURN_MOVES] + 1 if following == mover else 0
    if t[P.TO_CLEAR] == 1 and not again:  # the turn is over: the pieces marked leave (Ludii's
        clear_marked(t, s)  # Move.apply, before the end rules)
    if t[P.PLAY] != PLAY.ADD:
        s[I.MOVER] = following
        s[I.CYCLE] = record_position(t, s, w)
        s[I.MOVER] = mover
    s[I.PREV_MOVER] = mover
    check_end(t, s, w)
    s[I.NEXT_IS_MOVER] = 0
    if s[I.OVER] == 1:
        return
    if t[P.PHASES] > 0:  # (a call on every move of every game would cost the placement games)
        next_phases(t, s, w)
    s[I.COUNTER] += 1  # Ludii's counter, after the end rules and the phases
    if s[I.ACTIVE + following] == 0:  # the end clauses put a player out
        following = next_colour(t, s, mover)
    if following != mover:
        s[I.TURNS] += 1
    if t[P.VISITED] == 1:  # Ludii's visited sites: the turn's moves' from and to, then none
        if following == mover:
            visit(s, s[I.LAST_FROM])
            visit(s, s[I.LAST_TO])
        else:
            for k in range(VISITED_WORDS):
                s[I.VISITED + k] = 0
    s[I.MOVER] = following
    if s[I.PLY] >= t[P.MOVE_LIMIT] or s[I.TURNS] >= t[P.TURN_LIMIT]:
        finish(t, s, np.int64(-1), np.int64(END.TIMEOUT))  # int64s: see run_program


#: :func:`apply_move` inlined into the random-playout loops, where a call per ply costs a
#: tenth of the ply; elsewhere it is called, so it is compiled once instead of in every caller.
apply_move_inline = inlined(apply_move)
