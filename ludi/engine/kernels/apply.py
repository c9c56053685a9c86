"""Applying a move: its own changes, the position history, the end clauses, the next turn."""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import (
    END_TIMEOUT,
    I_ACTIVE,
    I_CYCLE,
    I_HIST_LEN,
    I_LAST_TO,
    I_MOVE_AGAIN,
    I_MOVER,
    I_OVER,
    I_PLY,
    I_PREV_MOVER,
    I_TURNS,
    KIND_BITS,
    KIND_MASK,
    MOVE_ADD,
    MOVE_SWAP,
    P_MOVE_LIMIT,
    P_PHASES,
    P_PLAY,
    P_TURN_LIMIT,
    PLAY_ADD,
)
from ludi.engine.kernels.core import next_colour, tiny
from ludi.engine.kernels.effects import play_effects
from ludi.engine.kernels.ends import check_end, next_phases
from ludi.engine.kernels.history import record_position
from ludi.engine.kernels.pieces import place
from ludi.engine.kernels.results import finish


@tiny
def apply_move(t, s, w, move):
    """Play ``move`` (assumed legal), check the end clauses, pass the turn."""
    kind = move & KIND_MASK
    mover = s[I_MOVER]
    if t[P_PLAY] != PLAY_ADD and s[I_HIST_LEN] == 0:
        record_position(t, s, w)  # a fresh position (game start, state_from) counts for cycles
    if t[P_PLAY] == PLAY_ADD and kind == MOVE_ADD:
        c = move >> KIND_BITS
        place(t, s, c, mover)
        s[I_LAST_TO] = c
    else:
        play_effects(t, s, w, move)
    s[I_PLY] += 1
    s[I_PREV_MOVER] = mover
    again = s[I_MOVE_AGAIN] == 1 or kind == MOVE_SWAP
    s[I_MOVE_AGAIN] = 0
    following = mover if again else next_colour(t, s, mover)
    if t[P_PLAY] != PLAY_ADD:
        s[I_MOVER] = following
        s[I_CYCLE] = record_position(t, s, w)
        s[I_MOVER] = mover
    check_end(t, s, w)
    if s[I_OVER] == 1:
        return
    if t[P_PHASES] > 0:  # (a call on every move of every game would cost the placement games)
        next_phases(t, s, w)
    if s[I_ACTIVE + following] == 0:  # the end clauses put a player out
        following = next_colour(t, s, mover)
    if following != mover:
        s[I_TURNS] += 1
    s[I_MOVER] = following
    if s[I_PLY] >= t[P_MOVE_LIMIT] or s[I_TURNS] >= t[P_TURN_LIMIT]:
        finish(t, s, np.int64(-1), np.int64(END_TIMEOUT))  # int64s: see run_program
