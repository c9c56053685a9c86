"""Kernel building blocks: random numbers, colours and players, groups, placing stones, results,
position history. Shared by the condition VM (``conditions.py``) and the move code
(``moves.py``).

Every kernel sees a game only through flat int64 arrays (:mod:`ludi.compile.layout`): ``t`` the
tables, ``s`` the state, ``w`` a work array (layout below). They are compiled once per machine
(numba's disk cache), for all games. ``NUMBA_DISABLE_JIT=1`` runs the same code as plain Python.

Colours and players: stones are stored by colour (colour 0 moves first). The pie rule swaps which
player holds which colour (``s[I_SWAPPED]``); the rules only ever see colours.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ludi.compile.layout import (
    I_ACTIVE,
    I_BEST_FREE,
    I_CELLS,
    I_END_OP,
    I_HIST_LEN,
    I_LOOP_FLAG,
    I_MOVER,
    I_NEMPTY,
    I_OVER,
    I_PIECES,
    I_RANKS,
    I_SCORES,
    I_SWAPPED,
    I_TOTAL,
    I_WINNER,
    I_WORST_FREE,
    INFO_SIZE,
    P_BOARD_CELLS,
    P_CELLS,
    P_DIRS,
    P_GROUPS,
    P_HISTORY,
    P_LOOPS,
    P_NUM_ADJ,
    P_PLAYERS,
    P_PROG_LEN,
    P_STATE_SIZE,
    ROLE_MOVER,
    ROLE_NEXT,
    ROLE_PREV,
    S_COUNTS,
    S_EMPTIES,
    S_EPOS,
    S_GMASK,
    S_PARENT,
    T_ADJ,
    T_CELLBITS,
    T_NBR,
)

#: Hot kernels are compiled without numba's reference counting: they never allocate, and
#: counting references to the array arguments at every call costs more than the work itself
#: (measured: 3x on Yavalath playouts). Only entry points that allocate use plain ``njit``.
kernel = njit(cache=True, _nrt=False)
#: Small helpers on the hot path are inlined into their callers.
tiny = njit(cache=True, _nrt=False, inline="always")

# ---------------------------------------------------------------- work array layout
W_SP = 0  # condition VM: stack top (nested evaluations stack above it)
W_DEPTH = 1  # nesting depth of trial moves and nested move lists
W_NO_MOVES = 2  # per colour (4): 1 when that colour has no legal move (filled before end checks)
W_CHAIN_TOP = 6  # entries used in the chain area (capture chains of the last generation)
W_DIST_READY = 7  # 1 when the distances to the nearest enemy are computed for this generation
W_LIMIT = 8  # > 0: generation may stop after this many moves (only whether moves exist matters)
W_VALS = 16  # VM value stack (VM_STACK entries), then the reasons stack
VM_STACK = 256
W_WHY = W_VALS + VM_STACK
W_SEEN = W_WHY + VM_STACK  # flood fill: marks (C), then a stack (C)
MAX_DEPTH = 3  # nested trial moves / move lists


@tiny
def max_moves(t):
    """Room for every legal move of a position."""
    return t[P_CELLS] * (t[P_DIRS] + 2) + 8


@tiny
def w_moves(t, depth):
    """Offset in ``w`` of the move list for nesting level ``depth``."""
    return W_SEEN + 2 * t[P_CELLS] + depth * max_moves(t)


@tiny
def w_save(t, depth):
    """Offset in ``w`` of the saved state for nesting level ``depth``."""
    return w_moves(t, MAX_DEPTH) + depth * t[P_STATE_SIZE]


@tiny
def w_marks(t):
    """Offset in ``w`` of the move program's stack of marks (one per instruction at most)."""
    return w_save(t, MAX_DEPTH)


@tiny
def w_dist(t):
    """Offset in ``w`` of each cell's distance to the nearest enemy piece (C entries)."""
    return w_marks(t) + t[P_PROG_LEN] + 1


@tiny
def w_chain_stack(t):
    """Offset in ``w`` of the capture-chain search stack: 6 arrays of C + 1 entries (cell,
    next option, captured cell, landing cell, extended flag, captured stone)."""
    return w_dist(t) + t[P_CELLS]


@tiny
def w_chains(t):
    """Offset in ``w`` of the chain area: one record per capture chain move,
    [k, from, landing 1..k, captured 1..k, set hash]."""
    return w_chain_stack(t) + 6 * (t[P_CELLS] + 1)


@tiny
def chain_area(t):
    return 64 * t[P_CELLS] + 256


@tiny
def work_size(t):
    """Length of the work array for the game of tables ``t``."""
    return w_chains(t) + chain_area(t)


@tiny
def sec(s, k):
    """Offset of state section ``k`` (S_BOARD, S_EMPTIES, …)."""
    return INFO_SIZE + k * s[I_CELLS]


# ---------------------------------------------------------------- random numbers


@kernel
def rng_seed(rng, seed):
    """Seed the splitmix64 generator held in ``rng`` (a uint64[1] array)."""
    rng[0] = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x632BE59BD9B4E019)


@tiny
def rng_below(rng, n):
    """A uniform integer in [0, n) for 0 < n < 2**32 (multiply-shift, no division)."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return np.int64(((z >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@tiny
def mix(x):
    """A 64-bit hash of an integer (splitmix64's finaliser), for position hashes."""
    z = np.uint64(x) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return np.int64(z ^ (z >> np.uint64(31)))


# ---------------------------------------------------------------- players


@tiny
def next_colour(t, s, colour):
    """The next colour after ``colour`` that is still playing."""
    n = t[P_PLAYERS]
    if n == 2:
        return 1 - colour
    c = colour
    for _ in range(n):
        c = (c + 1) % n
        if s[I_ACTIVE + c] == 1:
            return c
    return colour


@tiny
def prev_colour(t, s, colour):
    n = t[P_PLAYERS]
    if n == 2:
        return 1 - colour
    c = colour
    for _ in range(n):
        c = (c - 1 + n) % n
        if s[I_ACTIVE + c] == 1:
            return c
    return colour


@tiny
def role_colour(t, s, role):
    mover = s[I_MOVER]
    if role == ROLE_MOVER:
        return mover
    if role == ROLE_NEXT:
        return next_colour(t, s, mover)
    if role == ROLE_PREV:
        return prev_colour(t, s, mover)
    return role


@tiny
def player_of(s, colour):
    """The player holding ``colour`` (differs from the colour only after a pie-rule swap)."""
    if s[I_SWAPPED] == 1 and colour >= 0 and colour < 2:
        return 1 - colour
    return colour


# ---------------------------------------------------------------- groups (union-find)


@kernel
def find(s, par, x):
    """Root of x's group; ``par`` is the offset of the parent section in ``s``."""
    while s[par + x] != x:
        s[par + x] = s[par + s[par + x]]
        x = s[par + x]
    return x


@kernel
def closes_loop(t, s, c, stone):
    """Before joining ``c`` to its groups: does it touch one group in two separate arcs?"""
    board = INFO_SIZE
    par = sec(s, S_PARENT)
    nb = t[T_NBR] + c * t[P_DIRS]
    adj = t[T_ADJ]
    nd = t[P_NUM_ADJ]
    r0 = -1
    r1 = -1
    r2 = -1
    for i in range(nd):
        x = t[nb + t[adj + i]]
        y = t[nb + t[adj + (i + nd - 1) % nd]]
        inx = x >= 0 and s[board + x] == stone
        iny = y >= 0 and s[board + y] == stone
        if inx and not iny:
            r = find(s, par, x)
            if r == r0 or r == r1 or r == r2:
                return True
            if r0 < 0:
                r0 = r
            elif r1 < 0:
                r1 = r
            else:
                r2 = r
    return False


@kernel
def join_groups(t, s, c, stone):
    board = INFO_SIZE
    par = sec(s, S_PARENT)
    gm = sec(s, S_GMASK)
    s[par + c] = c
    s[gm + c] = t[t[T_CELLBITS] + c]
    nb = t[T_NBR] + c * t[P_DIRS]
    adj = t[T_ADJ]
    for i in range(t[P_NUM_ADJ]):
        x = t[nb + t[adj + i]]
        if x >= 0 and s[board + x] == stone:
            a = find(s, par, c)
            b = find(s, par, x)
            if a != b:
                s[par + b] = a
                s[gm + a] |= s[gm + b]


# ---------------------------------------------------------------- pieces


@tiny
def place(t, s, c, colour):
    """Put a piece of ``colour`` on the empty cell ``c``."""
    stone = colour + 1
    if t[P_LOOPS] == 1:
        s[I_LOOP_FLAG] = 1 if closes_loop(t, s, c, stone) else 0
    s[INFO_SIZE + c] = stone
    s[sec(s, S_COUNTS) + c] = 1
    s[I_PIECES + colour] += 1
    empt = sec(s, S_EMPTIES)
    epos = sec(s, S_EPOS)
    k = s[epos + c]
    ne = s[I_NEMPTY] - 1
    last = s[empt + ne]
    s[empt + k] = last
    s[epos + last] = k
    s[empt + ne] = c
    s[epos + c] = ne
    s[I_NEMPTY] = ne
    if t[P_GROUPS] == 1:
        join_groups(t, s, c, stone)


@kernel
def remove(t, s, c):
    """Take the piece off cell ``c`` (pieces that move or are captured; no groups here)."""
    stone = s[INFO_SIZE + c]
    if stone == 0:
        return
    s[INFO_SIZE + c] = 0
    s[sec(s, S_COUNTS) + c] = 0
    s[I_PIECES + stone - 1] -= 1
    empt = sec(s, S_EMPTIES)
    epos = sec(s, S_EPOS)
    ne = s[I_NEMPTY]
    first = s[empt + ne]
    k = s[epos + c]
    s[empt + k] = first
    s[epos + first] = k
    s[empt + ne] = c
    s[epos + c] = ne
    s[I_NEMPTY] = ne + 1


# ---------------------------------------------------------------- results


@kernel
def finish(t, s, winner, reason):
    """End the game: ``winner`` is a colour (it takes the best free rank), or -1 for a draw among
    those still in; every player still unranked shares the next rank."""
    s[I_OVER] = 1
    s[I_END_OP] = reason
    n = t[P_PLAYERS]
    best = s[I_BEST_FREE] if s[I_BEST_FREE] > 0 else 1
    if winner >= 0 and s[I_RANKS + winner] == 0:
        s[I_RANKS + winner] = best
        best += 1
    for c in range(n):
        if s[I_RANKS + c] == 0:
            s[I_RANKS + c] = best
    first = -1
    firsts = 0
    for c in range(n):
        if s[I_RANKS + c] == 1:
            first = c
            firsts += 1
    s[I_WINNER] = first if firsts == 1 else -1


@tiny
def active_count(t, s):
    k = 0
    for c in range(t[P_PLAYERS]):
        k += s[I_ACTIVE + c]
    return k


@kernel
def last_one_standing(t, s, reason):
    """With at most one player left in, that player takes the best free rank: game over."""
    if active_count(t, s) > 1:
        return
    survivor = -1
    for c in range(t[P_PLAYERS]):
        if s[I_ACTIVE + c] == 1:
            survivor = c
    finish(t, s, survivor, reason)


@kernel
def eliminate(t, s, colour, reason):
    """A loss with more than two players: the player takes the worst free rank and is out (its
    stones stay on the board); the game goes on while two or more remain."""
    if s[I_ACTIVE + colour] == 0:
        return
    worst = s[I_WORST_FREE] if s[I_WORST_FREE] > 0 else t[P_PLAYERS]
    s[I_RANKS + colour] = worst
    s[I_WORST_FREE] = worst - 1
    s[I_ACTIVE + colour] = 0
    last_one_standing(t, s, reason)


@kernel
def win_out(t, s, colour, reason):
    """A win with more than two players under Ludii's rules: the player takes the best free rank
    and leaves; the others play on while two or more remain."""
    if s[I_ACTIVE + colour] == 0:
        return
    best = s[I_BEST_FREE] if s[I_BEST_FREE] > 0 else 1
    s[I_RANKS + colour] = best
    s[I_BEST_FREE] = best + 1
    s[I_ACTIVE + colour] = 0
    last_one_standing(t, s, reason)


@kernel
def finish_by_score(t, s, reason):
    """End the game ranking the colours by ``s[I_SCORES]`` (higher first; ties share a rank)."""
    n = t[P_PLAYERS]
    best = -(1 << 62)
    winners = 0
    winner = -1
    for c in range(n):
        v = s[I_SCORES + c]
        if v > best:
            best = v
            winners = 1
            winner = c
        elif v == best:
            winners += 1
    s[I_OVER] = 1
    s[I_END_OP] = reason
    s[I_WINNER] = winner if winners == 1 else -1
    for c in range(n):
        rank = 1
        for d in range(n):
            if s[I_SCORES + d] > s[I_SCORES + c]:
                rank += 1
        s[I_RANKS + c] = rank


# ---------------------------------------------------------------- position history


@kernel
def position_hash(t, s):
    """A hash of the board (owners and counts of every site) and the colour to move."""
    C = t[P_CELLS]
    cnt = sec(s, S_COUNTS)
    h = mix(s[I_MOVER] + 1)
    for c in range(C):
        v = s[INFO_SIZE + c] + 8 * s[cnt + c]
        if v != 0:
            h ^= mix(c * 1000003 + v)
    return h


@kernel
def record_position(t, s):
    """Add the current position to the history; return 1 if it occurred before.

    The history is cleared whenever the total count on the board changes: in the games ludi
    plays, that total only ever moves one way (stones are added, or seeds and pieces captured),
    so no position before the change can occur again."""
    cap = t[P_HISTORY]
    if cap == 0:
        return 0
    cnt = sec(s, S_COUNTS)
    total = 0
    for c in range(t[P_BOARD_CELLS]):
        total += s[cnt + c]
    hist = INFO_SIZE + 6 * s[I_CELLS]
    if total != s[I_TOTAL]:
        s[I_TOTAL] = total
        s[I_HIST_LEN] = 0
    h = position_hash(t, s)
    n = s[I_HIST_LEN]
    seen = 0
    for i in range(n):
        if s[hist + i] == h:
            seen = 1
            break
    if n < cap:
        s[hist + n] = h
        s[I_HIST_LEN] = n + 1
    return seen


@tiny
def repetitions(t, s):
    """How many times the current position occurs in the history (the current one included)."""
    hist = INFO_SIZE + 6 * s[I_CELLS]
    n = s[I_HIST_LEN]
    if n == 0:
        return 0
    h = s[hist + n - 1]
    k = 0
    for i in range(n):
        if s[hist + i] == h:
            k += 1
    return k
