"""The condition and integer VM: postfix programs of ``T_CODE`` ops, evaluated on a stack.

A program is a range [start, end) of ops (see the ``OP_*`` codes in ``ludi.compile.layout``).
Booleans are 0/1 integers. Besides the value, evaluation reports the op of the leaf test that made
a condition hold (for end types, e.g. which of ring, fork or bridge ended a Havannah game).

Line, connection and ring tests look through the last placed stone: they are what end clauses,
checked after every move, need.
"""

from __future__ import annotations

from ludi.compile.layout import (
    I_CELLS,
    I_CYCLE,
    I_DECIDED,
    I_FROM,
    I_LAST_FROM,
    I_LAST_TO,
    I_LOOP_FLAG,
    I_MOVER,
    I_NEMPTY,
    I_PIECES,
    I_PLY,
    I_PROPOSED,
    I_RUNS,
    I_RUNS_KEY,
    I_SCORES,
    I_SITE,
    I_STUCK,
    I_TO,
    I_TURNS,
    INFO_SIZE,
    OP_ADD,
    OP_AND,
    OP_APPROACH,
    OP_CONN,
    OP_CONST,
    OP_COUNT_AT,
    OP_COUNT_CMP,
    OP_COUNT_IN,
    OP_COUNT_MOVES,
    OP_COUNT_PIECES,
    OP_COUNT_PLAYERS,
    OP_COUNT_SITES,
    OP_COUNT_TURNS,
    OP_CYCLE,
    OP_DECIDED,
    OP_EQ,
    OP_FROM,
    OP_FULL,
    OP_GE,
    OP_GT,
    OP_HAND_SITE,
    OP_IF,
    OP_IS_EMPTY,
    OP_IS_ENEMY,
    OP_IS_FRIEND,
    OP_IS_IN,
    OP_LAST_FROM,
    OP_LAST_TO,
    OP_LE,
    OP_LINE,
    OP_LOOP,
    OP_LT,
    OP_MAP_ENTRY,
    OP_MAX,
    OP_MIN,
    OP_MUL,
    OP_NE,
    OP_NO_MOVES,
    OP_NOT,
    OP_OR,
    OP_PROPOSED,
    OP_REPEATED,
    OP_ROLE,
    OP_SCORE,
    OP_SITE,
    OP_SUB,
    OP_TO,
    OP_TRUE,
    OP_WIDTH,
    P_BOARD_CELLS,
    P_CELLS,
    P_DIRS,
    P_NUM_ADJ,
    P_NUM_AXES,
    P_PLAYERS,
    REG_EMPTY,
    REG_OCCUPIED_MOVER,
    REG_OCCUPIED_NEXT,
    REG_OCCUPIED_P1,
    REG_OCCUPIED_PREV,
    S_COUNTS,
    S_GMASK,
    S_PARENT,
    T_ADJ,
    T_AXES,
    T_CODE,
    T_CONN,
    T_NBR,
    T_REGIONS,
    T_RIM,
    T_SITES,
)
from ludi.engine.core import (
    VM_STACK,
    W_NO_MOVES,
    W_SEEN,
    W_SP,
    W_VALS,
    W_WHY,
    find,
    kernel,
    next_colour,
    prev_colour,
    repetitions,
    role_colour,
    sec,
    tiny,
    w_dist,
)

# ---------------------------------------------------------------- regions


@tiny
def in_region(t, s, code, colour, site):
    """Is ``site`` in the region with this code, seen by ``colour``?"""
    if site < 0 or site >= t[P_CELLS]:
        return False
    if code >= 0:
        return t[t[T_REGIONS] + (code * 4 + colour) * t[P_CELLS] + site] == 1
    if code == REG_EMPTY:
        return site < t[P_BOARD_CELLS] and s[INFO_SIZE + site] == 0
    if code == REG_OCCUPIED_MOVER:
        target = colour
    elif code == REG_OCCUPIED_NEXT:
        target = next_colour(t, s, colour)
    elif code == REG_OCCUPIED_PREV:
        target = prev_colour(t, s, colour)
    else:
        target = REG_OCCUPIED_P1 - code
    return s[INFO_SIZE + site] == target + 1


# ---------------------------------------------------------------- lines, groups, rings


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
    mask = t[t[T_CONN] + 4 * test + colour]
    got = s[sec(s, S_GMASK) + find(s, sec(s, S_PARENT), c)] & mask
    if need < 0:
        return got == mask
    return popcount(got) >= need


@kernel
def ring(t, s, w, colour):
    """Does the last stone complete a ring of ``colour``? Either a flower (an own, non-edge stone
    with six own neighbours) at it or next to it, or, when it closed a loop of its group, a cell
    not of this colour that the rim cannot reach through cells not of this colour (the rules'
    ring definition, run only when a loop was closed). The last stone as a flower's centre only
    arises in positions set up with ``state_from`` (in play, its six neighbours would already
    have made a ring around the empty cell)."""
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
    for i in range(-1, nd):
        x = c if i < 0 else t[nbr + c * dirs + t[adj + i]]
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
def no_moves(s, w, colour):
    """Has ``colour`` no legal move? The player to move has none while the end clauses are tried
    for that reason (Ludii's stalemate flag); the player who just moved is not stalemated; for the
    others, the move code counted their moves before the end clauses were tried."""
    if colour == s[I_MOVER]:
        return s[I_STUCK] == 1
    return w[W_NO_MOVES + colour] == 1


# ---------------------------------------------------------------- the VM


@tiny
def compare(op, a, b):
    """Arithmetic and comparison ops (OP_ADD … OP_GE) on two integers."""
    if op == OP_ADD:
        return a + b
    if op == OP_SUB:
        return a - b
    if op == OP_MUL:
        return a * b
    if op == OP_MAX:
        return max(a, b)
    if op == OP_MIN:
        return min(a, b)
    if op == OP_EQ:
        return 1 if a == b else 0
    if op == OP_NE:
        return 1 if a != b else 0
    if op == OP_LT:
        return 1 if a < b else 0
    if op == OP_LE:
        return 1 if a <= b else 0
    if op == OP_GT:
        return 1 if a > b else 0
    return 1 if a >= b else 0


@tiny
def leaf(t, s, w, pc):
    """Evaluate an op that pops nothing (a test or a value) and return its value."""
    at = t[T_CODE] + pc * OP_WIDTH
    op = t[at]
    if op == OP_LINE:
        return 1 if line_through_last(t, s, t[at + 1], t[at + 2], t[at + 3],
                                      role_colour(t, s, t[at + 4])) else 0
    if op == OP_CONN:
        return 1 if connected(t, s, t[at + 1], t[at + 2], role_colour(t, s, t[at + 3])) else 0
    if op == OP_COUNT_CMP:
        return compare(t[at + 2], s[sec(s, S_COUNTS) + t[at + 1]], t[at + 3])
    if op == OP_CONST:
        return t[at + 1]
    if op == OP_TRUE:
        return 1
    if op == OP_LOOP:
        return 1 if ring(t, s, w, role_colour(t, s, t[at + 1])) else 0
    if op == OP_ROLE:
        return role_colour(t, s, t[at + 1]) + 1
    if op == OP_TO:
        return s[I_TO]
    if op == OP_FROM:
        return s[I_FROM]
    if op == OP_SITE:
        return s[I_SITE]
    if op == OP_LAST_TO:
        return s[I_LAST_TO]
    if op == OP_LAST_FROM:
        return s[I_LAST_FROM]
    if op == OP_FULL:
        return 1 if s[I_NEMPTY] == 0 else 0
    if op == OP_NO_MOVES:
        return 1 if no_moves(s, w, role_colour(t, s, t[at + 1])) else 0
    if op == OP_COUNT_IN or op == OP_COUNT_SITES:
        code = t[at + 1]
        colour = s[I_MOVER]
        cnt = sec(s, S_COUNTS)
        total = 0
        for c in range(t[P_CELLS]):
            if in_region(t, s, code, colour, c):
                total += s[cnt + c] if op == OP_COUNT_IN else 1
        return total
    if op == OP_COUNT_PIECES:
        return s[I_PIECES + role_colour(t, s, t[at + 1])]
    if op == OP_COUNT_MOVES:
        return s[I_PLY]
    if op == OP_COUNT_TURNS:
        return s[I_TURNS]
    if op == OP_COUNT_PLAYERS:
        return t[P_PLAYERS]
    if op == OP_CYCLE:
        return s[I_CYCLE]
    if op == OP_APPROACH:
        dist = w_dist(t)
        before = w[dist + s[I_FROM]]
        after = w[dist + s[I_TO]]
        return 1 if after < before or (t[at + 1] == 1 and after == before) else 0
    if op == OP_REPEATED:
        return 1 if repetitions(t, s) >= t[at + 1] else 0
    if op == OP_PROPOSED:
        return 1 if s[I_PROPOSED] == t[at + 1] + 1 else 0
    if op == OP_DECIDED:
        return 1 if s[I_DECIDED] == t[at + 1] + 1 else 0
    return 0  # OP_FALSE


@kernel
def evaluate(t, s, w, start, end):
    """Run the program of ops [start, end); return (value, op of the leaf that decided it)."""
    if end - start == 1:
        return leaf(t, s, w, start), start
    code = t[T_CODE]
    base = w[W_SP]
    if base + (end - start) >= VM_STACK:
        return 0, start  # deeper than any description needs
    w[W_SP] = base + (end - start)  # nested evaluations (in leaf tests) stack above ours
    vals = W_VALS + base
    why = W_WHY + base
    sp = 0
    for pc in range(start, end):
        at = code + pc * OP_WIDTH
        op = t[at]
        if op == OP_NOT:
            w[vals + sp - 1] = 1 - w[vals + sp - 1]
        elif op == OP_AND or op == OP_OR:
            k = t[at + 1]
            first = sp - k
            res = 1 if op == OP_AND else 0
            reason = w[why + sp - 1]
            for i in range(first, sp):
                v = w[vals + i]
                if op == OP_AND and v == 0:
                    res = 0
                if op == OP_OR and v != 0 and res == 0:
                    res = 1
                    reason = w[why + i]
            w[vals + first] = res
            w[why + first] = reason
            sp = first + 1
        elif op >= OP_ADD and op <= OP_GE:
            sp -= 1
            w[vals + sp - 1] = compare(op, w[vals + sp - 1], w[vals + sp])
            w[why + sp - 1] = pc
        elif op == OP_IF:
            cond = w[vals + sp - 3]
            r = w[vals + sp - 2] if cond != 0 else w[vals + sp - 1]
            sp -= 2
            w[vals + sp - 1] = r
        elif op == OP_MAP_ENTRY or op == OP_HAND_SITE or op == OP_SCORE:
            player = w[vals + sp - 1]
            colour = player - 1
            r = -1
            if colour >= 0 and colour < 4:
                if op == OP_MAP_ENTRY:
                    r = t[t[T_SITES] + colour]
                elif op == OP_HAND_SITE:
                    r = t[t[T_SITES] + 4 + colour]
                else:
                    r = s[I_SCORES + colour]
            w[vals + sp - 1] = r
        elif op == OP_COUNT_AT:
            site = w[vals + sp - 1]
            ok = site >= 0 and site < t[P_CELLS]
            w[vals + sp - 1] = s[sec(s, S_COUNTS) + site] if ok else 0
        elif op == OP_IS_IN:
            site = w[vals + sp - 1]
            w[vals + sp - 1] = 1 if in_region(t, s, t[at + 1], s[I_MOVER], site) else 0
            w[why + sp - 1] = pc
        elif op == OP_IS_EMPTY or op == OP_IS_ENEMY or op == OP_IS_FRIEND:
            site = w[vals + sp - 1]
            r = 0
            if site >= 0 and site < t[P_BOARD_CELLS]:
                stone = s[INFO_SIZE + site]
                mine = s[I_MOVER] + 1
                if op == OP_IS_EMPTY:
                    r = 1 if stone == 0 else 0
                elif op == OP_IS_ENEMY:
                    r = 1 if stone != 0 and stone != mine else 0
                else:
                    r = 1 if stone == mine else 0
            w[vals + sp - 1] = r
            w[why + sp - 1] = pc
        else:
            w[vals + sp] = leaf(t, s, w, pc)
            w[why + sp] = pc
            sp += 1
    w[W_SP] = base
    return w[vals], w[why]


@tiny
def holds(t, s, w, start, end):
    """Does the condition [start, end) hold? An empty range always holds."""
    if end <= start:
        return True
    value, _ = evaluate(t, s, w, start, end)
    return value != 0
