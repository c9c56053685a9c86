"""The position history: hashes of the positions since the count on the board last changed, for
``(is Cycle)`` and ``(is Repeated n)``."""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import BOARD, ERR, FIELD_MAX, PK, H, I, P, S, T
from ludi.engine.kernels.core import fail, kernel, sec, splitmix, tiny
from ludi.engine.kernels.packing import key_hash, pack

#: Odd multipliers of the position hash's two lanes.
LANE_A = np.uint64(0x9E3779B97F4A7C15)
LANE_B = np.uint64(0xC2B2AE3D27D4EB4F)


@kernel
def position_hash(t, s):
    """A hash of the board (owners and counts of every site, local states where the rules use
    them) and the colour to move: two multiply-xor lanes over the sites (even and odd ones,
    so they run side by side), joined by one splitmix64 step. The sites are read through views
    of their sections, which keeps the loops free of negative-index checks."""
    C = s[I.CELLS]
    cnt = sec(s, S.COUNTS)
    counts = s[cnt:cnt + C]
    owners = s[BOARD:BOARD + C]
    a = np.uint64(s[I.MOVER] + 1)
    b = np.uint64(0x632BE59BD9B4E019)
    for c in range(0, C - 1, 2):
        a = (a ^ np.uint64(owners[c] + 8 * counts[c])) * LANE_A
        b = (b ^ np.uint64(owners[c + 1] + 8 * counts[c + 1])) * LANE_B
    if C % 2 == 1:
        a = (a ^ np.uint64(owners[C - 1] + 8 * counts[C - 1])) * LANE_A
    if t[P.LOCAL_STATES] == 1:  # (a local state, as Ludii's hash has; else all 0)
        at = sec(s, S.STATE)
        states = s[at:at + C]
        for c in range(C):
            b = (b ^ np.uint64(states[c])) * LANE_A
    return np.int64(splitmix(a ^ (b >> np.uint64(7)) ^ (b << np.uint64(57))))


@tiny
def board_total(t, s):
    """The number of counters on the board's cells (not the stores or hands)."""
    cnt = sec(s, S.COUNTS)
    counts = s[cnt:cnt + t[P.BOARD_CELLS]]
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
    again. A game whose houses fit two packed words (``P.PACKED_KEY``) keys its positions by
    those words, as its packed playouts do (:func:`remember`)."""
    if t[P.HISTORY] == 0:
        return 0
    total = board_total(t, s)
    if t[P.PACKED_KEY] == 1 and total <= FIELD_MAX:
        cnt = sec(s, S.COUNTS)
        lo, hi = pack(s[cnt:cnt + t[P.BOARD_CELLS]], t[P.BOARD_CELLS])
        return remember(t, s, w, total, key_hash(lo, hi, s[I.MOVER]))
    return remember(t, s, w, total, position_hash(t, s))


@tiny
def remember(t, s, w, total, h):
    """Count the position of key ``h`` (and board total ``total``) in the history, scanning its
    entries; return 1 if it occurred before."""
    new_total(s, total)
    n = s[I.HIST_LEN]
    hist = sec(s, S.SIZE)
    entries = s[hist:hist + n * H.SIZE]  # (a view: the scan needs no negative-index checks)
    for i in range(n):
        if entries[i * H.SIZE + H.HASH] == h:
            return seen_again(s, i)
    append(t, s, w, h)
    return 0


@tiny
def new_total(s, total):
    """Start a new history when the board total changed; True when it did."""
    if total == s[I.TOTAL]:
        return False
    s[I.TOTAL] = total
    s[I.HIST_LEN] = 0
    return True


@tiny
def seen_again(s, i):
    """Entry ``i``'s position occurred once more: count it; return 1."""
    s[sec(s, S.SIZE) + i * H.SIZE + H.COUNT] += 1
    s[I.HIST_AT] = i
    return 1


@tiny
def append(t, s, w, h):
    """A new entry for key ``h``; its index. A history that would need more entries than it
    holds stops the game with an engine error (-1) rather than miss a repetition."""
    n = s[I.HIST_LEN]
    if n == t[P.HISTORY]:
        fail(w, ERR.HISTORY, 0, n)
        return -1
    at = sec(s, S.SIZE) + n * H.SIZE
    s[at + H.HASH] = h
    s[at + H.COUNT] = 1
    s[I.HIST_AT] = n
    s[I.HIST_LEN] = n + 1
    return n


# ---------------------------------------------------------------- the packed history's index
# Packed playouts find a key through an open-addressing index of the entries in the work array
# (the pack's PK.INDEX, PK.SLOTS); a slot holds the generation it was written in (above bit 32)
# and 1 + the entry. A new generation empties the index at once: the playout starts one when it
# enters and at each change of the board total. The index holds at most half as many entries as
# it has slots, so a probe always ends; a longer history is scanned until the total changes.

#: A generation past this starts the index afresh (the tags stay below bit 62).
LAST_GENERATION = 1 << 29


@tiny
def index_place(t, s):
    """Where the index is (its first slot in the work array, its slots) and where the history's
    entries start in the state: read once by the playout that keeps them."""
    pk = t[T.PACK]
    return t[pk + PK.INDEX], t[pk + PK.SLOTS], sec(s, S.SIZE)


@tiny
def new_generation(w, where):
    """Empty the index (a new generation); return the generation."""
    index, slots, _ = where
    gen = w[index + slots] + 1
    if gen >= LAST_GENERATION:
        w[index:index + slots] = 0
        gen = 1
    w[index + slots] = gen
    return gen


@tiny
def index_history(s, w, where):
    """Index the history's entries under a new generation; return it."""
    gen = new_generation(w, where)
    hist = where[2]
    if s[I.HIST_LEN] >= where[1] >> 1:
        return gen  # (too many to index: the playout scans them)
    for i in range(s[I.HIST_LEN]):
        slot, _ = probe(s, w, where, gen, s[hist + i * H.SIZE + H.HASH])
        w[slot] = (gen << 32) | (i + 1)
    return gen


@tiny
def probe(s, w, where, gen, h):
    """The slot of key ``h`` in the index and its entry, or the free slot it would take and
    -1."""
    index, slots, hist = where
    mask = slots - 1
    n = s[I.HIST_LEN]
    k = h & mask
    while True:
        v = w[index + k]
        if (v >> 32) != gen:
            return index + k, -1
        i = (v & 0xFFFFFFFF) - 1
        if i < n and s[hist + i * H.SIZE + H.HASH] == h:
            return index + k, i
        k = (k + 1) & mask


@tiny
def remember_indexed(t, s, w, where, gen, total, h):
    """:func:`remember` through the index of generation ``gen``; return 1 if the position
    occurred before, and the generation (a new one when the board total changed)."""
    if new_total(s, total):
        gen = new_generation(w, where)
    if s[I.HIST_LEN] >= where[1] >> 1:  # a long history: scanned until the total changes
        return remember(t, s, w, total, h), gen
    slot, i = probe(s, w, where, gen, h)
    if i >= 0:
        return seen_again(s, i), gen
    n = append(t, s, w, h)
    if n >= 0:
        w[slot] = (gen << 32) | (n + 1)
    return 0, gen


@tiny
def repetitions(s):
    """How many times the current position occurred (0 before any is recorded)."""
    if s[I.HIST_LEN] == 0:
        return 0
    return s[sec(s, S.SIZE) + s[I.HIST_AT] * H.SIZE + H.COUNT]
