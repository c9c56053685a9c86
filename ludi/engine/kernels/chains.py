"""Hops and capture series: jumps over enemy pieces, searched depth first without recursion.

A hop move's site bits hold the offset of its record in the chain area of the work array
(``CR_*`` fields): the landings and the captured sites of the series. Records last until the next
generation, so a hop move is applied right after the generation that made it (search kernels
generate again before applying one).
"""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import (
    BOARD,
    CH,
    CR,
    ERR,
    GEN_SHIFT,
    KIND_BITS,
    KIND_MASK,
    MOVE,
    SITE_MASK,
    G,
    I,
    P,
    T,
    W,
)
from ludi.engine.kernels.conditions import from_holds, in_region
from ludi.engine.kernels.core import fail, kernel, mix, tiny


@kernel
def record_chain(t, s, w, depth, origin, g, buf, n, n0):
    """Store the capture series of stack frames 1..depth as a move, unless a series from the
    same piece ending on the same cell with the same captures is already stored. ``n0`` is the
    move count when the generator started (it may record at most ``P.MAX_CHAINS``)."""
    C1 = t[P.CELLS] + 1
    stack = t[P.W_CHAIN_STACK]
    landing = stack + CH.LANDING * C1
    captured = stack + CH.CAPTURED * C1
    area = t[P.W_CHAINS]
    size = CR.SIZE + 2 * depth
    top = w[W.CHAIN_TOP]
    key = 0
    for k in range(1, depth + 1):
        key += mix(w[captured + k])
    end = w[landing + depth]
    o = 0
    while o < top:  # merge equal series (same piece, end cell and captured set)
        k = w[area + o + CR.LENGTH]
        if k == depth and w[area + o + CR.FROM] == origin \
                and w[area + o + CR.PATH + k - 1] == end and w[area + o + CR.PATH + 2 * k] == key:
            return n
        o += CR.SIZE + 2 * k
    if top + size > t[P.CHAIN_AREA] or n - n0 >= t[P.MAX_CHAINS]:
        fail(w, ERR.CHAINS, g, n - n0)
        return n
    rec = area + top
    w[rec + CR.LENGTH] = depth
    w[rec + CR.FROM] = origin
    for k in range(depth):
        w[rec + CR.PATH + k] = w[landing + k + 1]
        w[rec + CR.PATH + depth + k] = w[captured + k + 1]
    w[rec + CR.PATH + 2 * depth] = key
    w[W.CHAIN_TOP] = top + size
    buf[n] = MOVE.HOP | (top << KIND_BITS) | (g << GEN_SHIFT)
    return n + 1


@tiny
def pop_jump(t, s, w, depth):
    """Leave the top frame of the series search: put its captured stone back."""
    if depth > 0:
        C1 = t[P.CELLS] + 1
        stack = t[P.W_CHAIN_STACK]
        s[BOARD + w[stack + CH.CAPTURED * C1 + depth]] = w[stack + CH.TAKEN * C1 + depth]
    return depth - 1


@kernel
def hop_moves(t, s, w, g, buf, n):
    """Jumps over an enemy piece onto an empty cell, capturing it; with chains, every maximal
    series of jumps by the same piece (captured pieces leave at once, cells may be revisited).
    A turning jump lands 60 degrees left or right of the jump's direction. Under (max Captures)
    (G.LONGEST) only the longest series found so far are kept: the shorter ones would be
    filtered out anyway. The search depth is at most the number of enemy pieces (each jump
    removes one), so the stack's C + 1 frames always suffice."""
    at = t[T.GEN] + g * G.SIZE
    mover = s[I.MOVER]
    stone = mover + 1
    turning = t[at + G.TURNING]
    chains = t[at + G.CHAIN]
    longest_only = t[at + G.LONGEST] == 1
    best = 0
    n0 = n
    top0 = w[W.CHAIN_TOP]
    C1 = t[P.CELLS] + 1
    stack = t[P.W_CHAIN_STACK]
    cell = stack + CH.CELL * C1
    option = stack + CH.OPTION * C1
    captured = stack + CH.CAPTURED * C1
    landing = stack + CH.LANDING * C1
    extended = stack + CH.EXTENDED * C1
    taken = stack + CH.TAKEN * C1
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    nd = t[P.NUM_ADJ]
    adj = t[T.ADJ]
    mask = t[at + G.DIRS]
    # a plain jump tries each direction of the mask; a turning one each adjacent direction,
    # landing left or right
    options = 2 * nd if turning == 1 else dirs
    for a in range(t[P.BOARD_CELLS]):
        if s[BOARD + a] != stone or not in_region(t, s, w, t[at + G.FROM_REGION], mover, a) \
                or not from_holds(t, s, w, at, a):
            continue
        s[BOARD + a] = 0  # the piece is lifted: its own cell can be landed on again
        depth = np.int64(0)  # not a literal 0: numba would compile record_chain once more
        w[cell] = a
        w[option] = 0
        w[extended] = 0
        while depth >= 0:
            opt = w[option + depth]
            if opt >= options or (depth > 0 and chains == 0):
                if depth > 0 and w[extended + depth] == 0:  # a maximal series: a move
                    if longest_only and depth > best:  # drop the shorter series kept so far
                        best = depth
                        n = n0
                        w[W.CHAIN_TOP] = top0
                    if depth >= best:
                        n = record_chain(t, s, w, depth, a, g, buf, n, n0)
                    if w[W.LIMIT] > 0 and n >= w[W.LIMIT]:  # only whether a move exists
                        while depth >= 0:
                            depth = pop_jump(t, s, w, depth)
                        s[BOARD + a] = stone
                        return n
                depth = pop_jump(t, s, w, depth)
                continue
            w[option + depth] = opt + 1
            i = opt // 2
            if turning == 1:
                d = t[adj + i]
            elif (mask >> opt) & 1 == 0:
                continue
            else:
                d = opt
            j = t[nbr + w[cell + depth] * dirs + d]
            if j < 0 or s[BOARD + j] == 0 or s[BOARD + j] == stone:
                continue
            if turning == 1:
                d = t[adj + (i + (1 if opt % 2 == 0 else nd - 1)) % nd]
            x = t[nbr + j * dirs + d]
            if x < 0 or s[BOARD + x] != 0:
                continue
            w[extended + depth] = 1
            depth += 1
            w[cell + depth] = x
            w[option + depth] = 0
            w[extended + depth] = 0
            w[captured + depth] = j
            w[landing + depth] = x
            w[taken + depth] = s[BOARD + j]  # the captured stone, to put back
            s[BOARD + j] = 0
        s[BOARD + a] = stone
    return n


@tiny
def chain_record(t, move):
    """Offset in ``w`` of a hop move's record."""
    return t[P.W_CHAINS] + ((move >> KIND_BITS) & SITE_MASK)


@tiny
def captures(t, w, move):
    """How many pieces a move captures (capture series; 0 for the others)."""
    if move & KIND_MASK != MOVE.HOP:
        return 0
    return w[chain_record(t, move) + CR.LENGTH]
