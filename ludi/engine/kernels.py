"""The compiled kernels: legal moves, apply, end checks and random playouts.

Every function here is compiled by numba (cached on disk) and sees a game only through the flat
arrays of :mod:`ludi.compile.layout`: ``t`` (tables), ``s`` (state), ``w`` (work space), ``buf``
(the caller's move buffer) and ``rng`` (a uint64[1] generator state). The kernels are compiled
once per machine, for all games. Set ``NUMBA_DISABLE_JIT=1`` to step through the same code as
plain Python.

Colours and players: stones are stored by colour (colour 0 moves first). The pie rule swaps which
player holds which colour (``s[I_SWAPPED]``); the rules only ever see colours.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ludi.compile.layout import (
    DRAW,
    END_NO_MOVES,
    END_TIMEOUT,
    I_ACTIVE,
    I_CELLS,
    I_END_CLAUSE,
    I_END_OP,
    I_LAST_FROM,
    I_LAST_TO,
    I_LOOP_FLAG,
    I_MOVER,
    I_NEMPTY,
    I_OVER,
    I_PLY,
    I_RANKS,
    I_RUNS,
    I_RUNS_KEY,
    I_SWAPPED,
    I_WINNER,
    INFO_SIZE,
    KIND_BITS,
    KIND_MASK,
    LOSS,
    MOVE_ADD,
    MOVE_SWAP,
    OP_AND,
    OP_CONN,
    OP_FULL,
    OP_LINE,
    OP_LOOP,
    OP_NO_MOVES,
    OP_NOT,
    OP_OR,
    OP_TRUE,
    OP_WIDTH,
    P_ADD_ALL,
    P_CELLS,
    P_DIRS,
    P_GROUPS,
    P_LOOPS,
    P_MOVE_LIMIT,
    P_NUM_ADJ,
    P_NUM_AXES,
    P_NUM_CLAUSES,
    P_PLAY,
    P_PLAYERS,
    P_SWAP,
    PLAY_ADD,
    ROLE_MOVER,
    ROLE_NEXT,
    ROLE_PREV,
    T_ADD_MASK,
    T_ADJ,
    T_AXES,
    T_CELLBITS,
    T_CLAUSES,
    T_CODE,
    T_CONN,
    T_NBR,
    T_RIM,
    WIN,
)

# work space layout: condition stack values and reasons, flood-fill marks and stack (C each),
# then a move buffer for conditions that count moves (C + 8)
W_VALS = 0
W_WHY = 64
W_SEEN = 128


#: Hot kernels are compiled without numba's reference counting: they never allocate, and
#: counting references to the array arguments at every call costs more than the work itself
#: (measured: 3x on Yavalath playouts). Only entry points that allocate use plain ``njit``.
kernel = njit(cache=True, _nrt=False)
#: Tiny helpers on the hot path are inlined into their callers.
tiny = njit(cache=True, _nrt=False, inline="always")


@tiny
def work_size(cells):
    """Length of the work array ``w`` for a board of ``cells`` cells."""
    return W_SEEN + 3 * cells + 8


# ---------------------------------------------------------------- random numbers


@kernel
def rng_seed(rng, seed):
    """Seed the splitmix64 generator held in ``rng`` (a uint64[1] array)."""
    rng[0] = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x632BE59BD9B4E019)


@kernel
def rng_below(rng, n):
    """A uniform integer in [0, n) for 0 < n < 2**32 (multiply-shift, no division)."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return np.int64(((z >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


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
    C = s[I_CELLS]
    board = INFO_SIZE
    par = INFO_SIZE + 3 * C
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
    C = s[I_CELLS]
    board = INFO_SIZE
    par = INFO_SIZE + 3 * C
    gm = INFO_SIZE + 4 * C
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


# ---------------------------------------------------------------- placing stones


@tiny
def place(t, s, c, colour):
    """Put a stone of ``colour`` on the empty cell ``c``."""
    C = s[I_CELLS]
    stone = colour + 1
    if t[P_LOOPS] == 1:
        s[I_LOOP_FLAG] = 1 if closes_loop(t, s, c, stone) else 0
    s[INFO_SIZE + c] = stone
    empt = INFO_SIZE + C
    epos = INFO_SIZE + 2 * C
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


# ---------------------------------------------------------------- conditions


@tiny
def run_length(t, s, c, d, stone):
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    n = 0
    x = t[nbr + c * dirs + d]
    while x >= 0 and s[INFO_SIZE + x] == stone:
        n += 1
        x = t[nbr + x * dirs + d]
    return n


@tiny
def line_through_last(t, s, length, axes_mask, exact, colour):
    """A line of ``length`` (or more, unless exact) of ``colour`` through the last stone. Run
    lengths per axis are computed once per (ply, colour) and cached in the state."""
    c = s[I_LAST_TO]
    stone = colour + 1
    if c < 0 or s[INFO_SIZE + c] != stone:
        return False
    na = t[P_NUM_AXES]
    key = s[I_PLY] * 8 + stone
    if s[I_RUNS_KEY] != key:
        axes = t[T_AXES]
        for a in range(na):
            s[I_RUNS + a] = 1 + run_length(t, s, c, t[axes + 2 * a], stone) \
                + run_length(t, s, c, t[axes + 2 * a + 1], stone)
        s[I_RUNS_KEY] = key
    for a in range(na):
        if (axes_mask >> a) & 1:
            run = s[I_RUNS + a]
            if run == length or (run > length and exact == 0):
                return True
    return False


@tiny
def popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@tiny
def connected(t, s, test, need, colour):
    """The last stone's group touches all goals of the test's mask (``need`` < 0) or at least
    ``need`` of them."""
    c = s[I_LAST_TO]
    if c < 0 or s[INFO_SIZE + c] != colour + 1:
        return False
    C = s[I_CELLS]
    mask = t[t[T_CONN] + 4 * test + colour]
    got = s[INFO_SIZE + 4 * C + find(s, INFO_SIZE + 3 * C, c)] & mask
    if need < 0:
        return got == mask
    return popcount(got) >= need


@kernel
def ring(t, s, w, colour):
    """Does the last stone complete a ring of ``colour``? Either a flower (an own, non-edge stone
    with six own neighbours) next to it, or, when it closed a loop of its group, a cell not of
    this colour that the rim cannot reach through cells not of this colour (the rules' ring
    definition, run only when a loop was closed)."""
    c = s[I_LAST_TO]
    stone = colour + 1
    if c < 0 or s[INFO_SIZE + c] != stone:
        return False
    C = s[I_CELLS]
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    adj = t[T_ADJ]
    nd = t[P_NUM_ADJ]
    rim = t[T_RIM]
    for i in range(nd):
        x = t[nbr + c * dirs + t[adj + i]]
        if x >= 0 and s[INFO_SIZE + x] == stone and t[rim + x] == 0:
            full = True
            for j in range(nd):
                y = t[nbr + x * dirs + t[adj + j]]
                if y < 0 or s[INFO_SIZE + y] != stone:
                    full = False
                    break
            if full:
                return True
    if s[I_LOOP_FLAG] == 0:
        return False
    seen = W_SEEN
    stack = W_SEEN + C
    top = 0
    for i in range(C):
        w[seen + i] = 0
        if t[rim + i] == 1 and s[INFO_SIZE + i] != stone:
            w[seen + i] = 1
            w[stack + top] = i
            top += 1
    while top > 0:
        top -= 1
        i = w[stack + top]
        for j in range(nd):
            x = t[nbr + i * dirs + t[adj + j]]
            if x >= 0 and w[seen + x] == 0 and s[INFO_SIZE + x] != stone:
                w[seen + x] = 1
                w[stack + top] = x
                top += 1
    for i in range(C):
        if s[INFO_SIZE + i] != stone and w[seen + i] == 0:
            return True
    return False


@tiny
def leaf(t, s, w, pc):
    """Evaluate one leaf condition op (the op at index ``pc``)."""
    op_at = t[T_CODE] + pc * OP_WIDTH
    op = t[op_at]
    if op == OP_LINE:
        return line_through_last(t, s, t[op_at + 1], t[op_at + 2], t[op_at + 3],
                                 role_colour(t, s, t[op_at + 4]))
    if op == OP_CONN:
        return connected(t, s, t[op_at + 1], t[op_at + 2], role_colour(t, s, t[op_at + 3]))
    if op == OP_LOOP:
        return ring(t, s, w, role_colour(t, s, t[op_at + 1]))
    if op == OP_TRUE:
        return True
    if op == OP_FULL:
        return s[I_NEMPTY] == 0
    if op == OP_NO_MOVES:
        colour = role_colour(t, s, t[op_at + 1])
        saved = s[I_MOVER]
        s[I_MOVER] = colour
        C = s[I_CELLS]
        n = legal_moves(t, s, w[W_SEEN + 2 * C:])
        s[I_MOVER] = saved
        return n == 0
    return False  # OP_FALSE


@kernel
def evaluate(t, s, w, start, end):
    """Evaluate the postfix condition program of ops [start, end). Returns whether it holds and
    the index of the leaf op that made it hold (for end types)."""
    if end - start == 1:
        return leaf(t, s, w, start), start
    code = t[T_CODE]
    sp = 0
    for pc in range(start, end):
        op = t[code + pc * OP_WIDTH]
        if op == OP_NOT:
            w[W_VALS + sp - 1] = 1 - w[W_VALS + sp - 1]
        elif op == OP_AND or op == OP_OR:
            k = t[code + pc * OP_WIDTH + 1]
            base = sp - k
            res = 1 if op == OP_AND else 0
            reason = w[W_WHY + sp - 1]
            for i in range(base, sp):
                v = w[W_VALS + i]
                if op == OP_AND and v == 0:
                    res = 0
                if op == OP_OR and v == 1 and res == 0:
                    res = 1
                    reason = w[W_WHY + i]
            w[W_VALS + base] = res
            w[W_WHY + base] = reason
            sp = base + 1
        else:
            w[W_VALS + sp] = 1 if leaf(t, s, w, pc) else 0
            w[W_WHY + sp] = pc
            sp += 1
    return w[W_VALS] == 1, w[W_WHY]


# ---------------------------------------------------------------- results


@kernel
def finish(t, s, winner, reason):
    """End the game: ``winner`` is a colour (first), or -1 for a draw among those still in."""
    s[I_OVER] = 1
    s[I_WINNER] = winner
    s[I_END_OP] = reason
    n = t[P_PLAYERS]
    if winner >= 0:
        s[I_RANKS + winner] = 1
        for c in range(n):
            if c != winner and s[I_RANKS + c] == 0:
                s[I_RANKS + c] = 2
    else:
        for c in range(n):
            if s[I_RANKS + c] == 0:
                s[I_RANKS + c] = 1


@kernel
def apply_result(t, s, colour, outcome, reason):
    if outcome == WIN:
        finish(t, s, colour, reason)
    elif outcome == LOSS:
        finish(t, s, next_colour(t, s, colour), reason)
    elif outcome == DRAW:
        finish(t, s, -1, reason)


@tiny
def check_end(t, s, w):
    """Try the end clauses in order; the first that holds decides the result."""
    clauses = t[T_CLAUSES]
    for m in range(t[P_NUM_CLAUSES]):
        at = clauses + 4 * m
        start = t[at]
        if t[at + 1] - start == 1:  # most clauses are a single test: skip the interpreter
            ok = leaf(t, s, w, start)
            reason = start
        else:
            ok, reason = evaluate(t, s, w, start, t[at + 1])
        if ok:
            s[I_END_CLAUSE] = m
            apply_result(t, s, role_colour(t, s, t[at + 2]), t[at + 3], reason)
            return


# ---------------------------------------------------------------- moves


@tiny
def swap_allowed(t, s):
    return s[I_PLY] == 1 and t[P_SWAP] == 1 and t[P_PLAYERS] == 2


@kernel
def legal_moves(t, s, buf):
    """Write the mover's legal moves into ``buf`` (by cell order); return how many."""
    n = 0
    if s[I_OVER] == 1:
        return 0
    if t[P_PLAY] == PLAY_ADD:
        mask = t[T_ADD_MASK]
        for c in range(t[P_CELLS]):
            if s[INFO_SIZE + c] == 0 and t[mask + c] == 1:
                buf[n] = MOVE_ADD | (c << KIND_BITS)
                n += 1
    if n > 0 and swap_allowed(t, s):
        buf[n] = MOVE_SWAP
        n += 1
    return n


@tiny
def apply_move(t, s, w, move):
    """Play ``move`` (assumed legal), check the end clauses, pass the turn."""
    kind = move & KIND_MASK
    mover = s[I_MOVER]
    s[I_LAST_FROM] = -1
    if kind == MOVE_ADD:
        c = move >> KIND_BITS
        place(t, s, c, mover)
        s[I_LAST_TO] = c
    else:
        s[I_LAST_TO] = -1
        if kind == MOVE_SWAP:
            s[I_SWAPPED] = 1 - s[I_SWAPPED]
    s[I_PLY] += 1
    check_end(t, s, w)
    if s[I_OVER] == 1:
        return
    if kind != MOVE_SWAP:  # after a swap the same colour moves, now held by the other player
        s[I_MOVER] = next_colour(t, s, mover)
    if s[I_PLY] >= t[P_MOVE_LIMIT]:
        finish(t, s, -1, END_TIMEOUT)


@kernel
def end_if_stuck(t, s, buf):
    """Count the legal moves; end the game as a draw when the player to move has none."""
    n = legal_moves(t, s, buf)
    if n == 0 and s[I_OVER] == 0:
        finish(t, s, -1, END_NO_MOVES)
    return n


@tiny
def random_move(t, s, buf, rng):
    """A uniformly random legal move, or -1 when there is none. Add-anywhere games draw from the
    empties list directly (the fast path); the others from the generated move list."""
    if t[P_PLAY] == PLAY_ADD and t[P_ADD_ALL] == 1:
        ne = s[I_NEMPTY]
        extra = 1 if (ne > 0 and swap_allowed(t, s)) else 0
        if ne + extra == 0:
            return -1
        k = rng_below(rng, ne + extra)
        if k == ne:
            return MOVE_SWAP
        return MOVE_ADD | (s[INFO_SIZE + s[I_CELLS] + k] << KIND_BITS)
    n = legal_moves(t, s, buf)
    if n == 0:
        return -1
    return buf[rng_below(rng, n)]


# ---------------------------------------------------------------- playouts


@kernel
def playout(t, s, w, buf, rng):
    """Play uniformly random moves from ``s`` until the game ends."""
    while s[I_OVER] == 0:
        m = random_move(t, s, buf, rng)
        if m < 0:
            finish(t, s, -1, END_NO_MOVES)
            break
        apply_move(t, s, w, m)


@njit(cache=True)
def playouts(t, s0, n, seed, lengths, winners, reasons):
    """``n`` random games from ``s0``. Per game: length in plies, the winning player (-1 for
    none) and the op that ended it (see ``I_END_OP``)."""
    rng = np.empty(1, np.uint64)
    rng_seed(rng, seed)
    C = s0[I_CELLS]
    s = s0.copy()
    w = np.zeros(work_size(C), np.int64)
    buf = np.zeros(C + 8, np.int64)
    for g in range(n):
        s[:] = s0
        playout(t, s, w, buf, rng)
        lengths[g] = s[I_PLY]
        win = s[I_WINNER]
        winners[g] = player_of(s, win) if win >= 0 else -1
        reasons[g] = s[I_END_OP]
