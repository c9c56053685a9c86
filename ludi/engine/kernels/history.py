"""The position history: hashes of the positions since the count on the board last changed, for
``(is Cycle)`` and ``(is Repeated n)``."""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import (
    BOARD,
    ERR_HISTORY,
    H_COUNT,
    H_HASH,
    HIST_WIDTH,
    I_CELLS,
    I_HIST_AT,
    I_HIST_LEN,
    I_MOVER,
    I_TOTAL,
    P_BOARD_CELLS,
    P_HISTORY,
    P_LOCAL_STATES,
    S_COUNTS,
    S_SECTIONS,
    S_STATE,
)
from ludi.engine.kernels.core import fail, kernel, sec, splitmix, tiny

#: Odd multipliers of the position hash's two lanes.
LANE_A = np.uint64(0x9E3779B97F4A7C15)
LANE_B = np.uint64(0xC2B2AE3D27D4EB4F)


@tiny
def position_hash(t, s):
    """A hash of the board (owners and counts of every site, local states where the rules use
    them) and the colour to move: two multiply-xor lanes over the sites (even and odd ones,
    so they run side by side), joined by one splitmix64 step. The sites are read through views
    of their sections, which keeps the loops free of negative-index checks."""
    C = s[I_CELLS]
    cnt = sec(s, S_COUNTS)
    counts = s[cnt:cnt + C]
    owners = s[BOARD:BOARD + C]
    a = np.uint64(s[I_MOVER] + 1)
    b = np.uint64(0x632BE59BD9B4E019)
    for c in range(0, C - 1, 2):
        a = (a ^ np.uint64(owners[c] + 8 * counts[c])) * LANE_A
        b = (b ^ np.uint64(owners[c + 1] + 8 * counts[c + 1])) * LANE_B
    if C % 2 == 1:
        a = (a ^ np.uint64(owners[C - 1] + 8 * counts[C - 1])) * LANE_A
    if t[P_LOCAL_STATES] == 1:  # (a local state, as Ludii's hash has; else all 0)
        at = sec(s, S_STATE)
        states = s[at:at + C]
        for c in range(C):
            b = (b ^ np.uint64(states[c])) * LANE_A
    return np.int64(splitmix(a ^ (b >> np.uint64(7)) ^ (b << np.uint64(57))))


@tiny
def board_total(t, s):
    """The number of counters on the board's cells (not the stores or hands)."""
    cnt = sec(s, S_COUNTS)
    counts = s[cnt:cnt + t[P_BOARD_CELLS]]
    total = 0
    for c in range(counts.shape[0]):
        total += counts[c]
    return total


@kernel
def record_position(t, s, w):
    """:func:`record`, compiled once for the general move (the sowing turn inlines it)."""
    return record(t, s, w)


@tiny
def record(t, s, w):
    """Count the current position in the history; return 1 if it occurred before.

    The history holds each distinct position since the count on the board last changed, with
    how many times it occurred: in the games ludi plays, that total only ever moves one way
    (stones are added, or seeds and pieces captured), so no position before the change can occur
    again. A history that would need more entries than it holds stops the game with an engine
    error rather than miss a repetition."""
    cap = t[P_HISTORY]
    if cap == 0:
        return 0
    total = board_total(t, s)
    hist = sec(s, S_SECTIONS)
    if total != s[I_TOTAL]:
        s[I_TOTAL] = total
        s[I_HIST_LEN] = 0
    h = position_hash(t, s)
    n = s[I_HIST_LEN]
    entries = s[hist:hist + n * HIST_WIDTH]  # (a view: the scan needs no negative-index checks)
    for i in range(n):
        if entries[i * HIST_WIDTH + H_HASH] == h:
            entries[i * HIST_WIDTH + H_COUNT] += 1
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
