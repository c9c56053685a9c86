"""The position history: hashes of the positions since the count on the board last changed, for
``(is Cycle)`` and ``(is Repeated n)``."""

from __future__ import annotations

from ludi.compile.layout import (
    BOARD,
    ERR_HISTORY,
    H_COUNT,
    H_HASH,
    HIST_WIDTH,
    I_HIST_AT,
    I_HIST_LEN,
    I_MOVER,
    I_TOTAL,
    P_BOARD_CELLS,
    P_CELLS,
    P_HISTORY,
    S_COUNTS,
    S_SECTIONS,
    S_STATE,
)
from ludi.engine.kernels.core import fail, kernel, mix, sec, tiny


@kernel
def position_hash(t, s):
    """A hash of the board (owners and counts of every site) and the colour to move."""
    cnt = sec(s, S_COUNTS)
    state = sec(s, S_STATE)
    h = mix(s[I_MOVER] + 1)
    for c in range(t[P_CELLS]):
        v = s[BOARD + c] + 8 * s[cnt + c]
        if v != 0:
            h ^= mix(c * 1000003 + v)
        if s[state + c] != 0:  # (a local state, as Ludii's hash has)
            h ^= mix(c * 7919 + s[state + c] * 1000033 + 17)
    return h


@kernel
def record_position(t, s, w):
    """Count the current position in the history; return 1 if it occurred before.

    The history holds each distinct position since the count on the board last changed, with
    how many times it occurred: in the games ludi plays, that total only ever moves one way
    (stones are added, or seeds and pieces captured), so no position before the change can occur
    again. A history that would need more entries than it holds stops the game with an engine
    error rather than miss a repetition."""
    cap = t[P_HISTORY]
    if cap == 0:
        return 0
    cnt = sec(s, S_COUNTS)
    total = 0
    for c in range(t[P_BOARD_CELLS]):
        total += s[cnt + c]
    hist = sec(s, S_SECTIONS)
    if total != s[I_TOTAL]:
        s[I_TOTAL] = total
        s[I_HIST_LEN] = 0
    h = position_hash(t, s)
    n = s[I_HIST_LEN]
    for i in range(n):
        at = hist + i * HIST_WIDTH
        if s[at + H_HASH] == h:
            s[at + H_COUNT] += 1
            s[I_HIST_AT] = i
            return 1
    if n == cap:
        fail(w, ERR_HISTORY, 0, n)
        return 0
    at = hist + n * HIST_WIDTH
    s[at + H_HASH] = h
    s[at + H_COUNT] = 1
    s[I_HIST_AT] = n
    s[I_HIST_LEN] = n + 1
    return 0


@tiny
def repetitions(s):
    """How many times the current position occurred (0 before any is recorded)."""
    if s[I_HIST_LEN] == 0:
        return 0
    return s[sec(s, S_SECTIONS) + s[I_HIST_AT] * HIST_WIDTH + H_COUNT]
