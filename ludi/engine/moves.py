"""Moves: generating the legal moves, applying a move and its effects, ending the game, playouts.

A move is one int64 (layout: ``kind | to << 4 | from << 24 | generator << 44``). Add-anywhere
games (``PLAY_ADD``) have a fast path that never lists moves; every other game runs the
generator tree of ``T_GEN`` (Select, Add with conditions, or/priority/if/do, proposals and
votes). Sowing follows the board's track with Ludii's ``sow`` options.
"""

from __future__ import annotations

import numpy as np
from numba import njit

import ludi.engine.conditions as conditions
import ludi.engine.sowing as sowing
from ludi.compile.layout import (
    BY_SCORE,
    CLAUSE_WIDTH,
    DR_WINNING,
    DRAW,
    DYNREG_WIDTH,
    EFF_FROM_TO,
    EFF_MOVE_AGAIN,
    EFF_REMOVE,
    EFF_SOW,
    EFF_WIDTH,
    END_NO_MOVES,
    END_TIMEOUT,
    FROM_SHIFT,
    GEN_ADD,
    GEN_HOP,
    GEN_MASK,
    GEN_PASS,
    GEN_PROPOSE,
    GEN_SELECT,
    GEN_SHIFT,
    GEN_SLIDE,
    GEN_VOTE,
    GEN_WIDTH,
    I_ACTIVE,
    I_CELLS,
    I_CYCLE,
    I_DECIDED,
    I_END_CLAUSE,
    I_END_OP,
    I_FROM,
    I_HIST_LEN,
    I_LAST_FROM,
    I_LAST_TO,
    I_MOVE_AGAIN,
    I_MOVER,
    I_NEMPTY,
    I_OVER,
    I_PLY,
    I_PROPOSED,
    I_RUNS_KEY,
    I_SCORES,
    I_SITE,
    I_STUCK,
    I_SWAPPED,
    I_TO,
    I_TURNS,
    I_WINNER,
    INFO_SIZE,
    KIND_BITS,
    KIND_MASK,
    LOSS,
    MOVE_ADD,
    MOVE_HOP,
    MOVE_PASS,
    MOVE_PROPOSE,
    MOVE_SELECT,
    MOVE_SLIDE,
    MOVE_SWAP,
    MOVE_VOTE,
    OP_APPROACH,
    OP_WIDTH,
    P_ADD_ALL,
    P_BOARD_CELLS,
    P_CELLS,
    P_DIRS,
    P_FIRST_WIN_ENDS,
    P_GROUPS,
    P_LINE_ONLY,
    P_MOVE_LIMIT,
    P_NO_MOVES,
    P_NUM_ADJ,
    P_NUM_CLAUSES,
    P_PLAY,
    P_PLAYERS,
    P_PROG_LEN,
    P_SOW_FAST,
    P_SWAP,
    P_TRACK_LEN,
    P_TRACK_LOOP,
    PLAY_ADD,
    PR_DO_FILTER,
    PR_JUMP,
    PR_JUMP_IF_NOT,
    PR_LEAF,
    PR_MARK,
    PR_MAX_FILTER,
    PR_POP,
    PR_PRIO_DONE,
    PROG_WIDTH,
    REG_DYNAMIC,
    REG_EMPTY,
    S_COUNTS,
    SITE_MASK,
    T_ADD_MASK,
    T_ADJ,
    T_CLAUSES,
    T_CODE,
    T_DYNREG,
    T_EFF,
    T_GEN,
    T_LIST,
    T_NBR,
    T_PROG,
    T_TRACK,
    WIN,
)
from ludi.engine.core import (
    MAX_DEPTH,
    W_CHAIN_TOP,
    W_DEPTH,
    W_DIST_READY,
    W_LIMIT,
    W_NO_MOVES,
    W_SEEN,
    chain_area,
    eliminate,
    finish,
    finish_by_score,
    kernel,
    mix,
    next_colour,
    place,
    player_of,
    record_position,
    remove,
    rng_below,
    rng_seed,
    role_colour,
    sec,
    tiny,
    w_chain_stack,
    w_chains,
    w_dist,
    w_marks,
    w_moves,
    w_save,
    win_out,
    work_size,
)


@tiny
def move_to(move):
    return (move >> KIND_BITS) & SITE_MASK


@tiny
def move_from(move):
    return (move >> FROM_SHIFT) & SITE_MASK


@tiny
def move_gen(move):
    return (move >> GEN_SHIFT) & GEN_MASK


# ---------------------------------------------------------------- effects


@kernel
def simple_effect(t, s, w, e):
    """Apply a fromTo, remove or moveAgain effect (record ``e`` of T_EFF)."""
    at = t[T_EFF] + e * EFF_WIDTH
    kind = t[at]
    if kind == EFF_FROM_TO:
        frm, _ = conditions.evaluate(t, s, w, t[at + 1], t[at + 2])
        to, _ = conditions.evaluate(t, s, w, t[at + 3], t[at + 4])
        n, _ = conditions.evaluate(t, s, w, t[at + 5], t[at + 6])
        C = t[P_CELLS]
        if frm >= 0 and frm < C and to >= 0 and to < C:
            cnt = sec(s, S_COUNTS)
            n = min(n, s[cnt + frm])
            s[cnt + frm] -= n
            s[cnt + to] += n
    elif kind == EFF_REMOVE:
        site, _ = conditions.evaluate(t, s, w, t[at + 1], t[at + 2])
        if site >= 0 and site < t[P_BOARD_CELLS]:
            remove(t, s, site)
    elif kind == EFF_MOVE_AGAIN:
        s[I_MOVE_AGAIN] = 1


@kernel
def simple_effects(t, s, w, start, count):
    for i in range(count):
        simple_effect(t, s, w, t[t[T_LIST] + start + i])


@kernel
def sow(t, s, w, e):
    """Sow the counters of site (from) along the track, then capture at the last site (and, with
    backtracking, before it) while the if: condition holds. With grandSlam:NoCapture, captures
    that would empty every site of the opponents are undone."""
    at = t[T_EFF] + e * EFF_WIDTH
    track = t[T_TRACK]
    L = t[P_TRACK_LEN]
    pos_of = track + L
    cnt = sec(s, S_COUNTS)
    origin = s[I_FROM]
    pos = t[pos_of + origin]
    if pos < 0:
        return
    seeds = s[cnt + origin]
    s[cnt + origin] = 0
    include_self = t[at + 5]
    last = origin
    steps = 0
    while seeds > 0 and steps < 64 * L:
        steps += 1
        pos += 1
        if pos >= L:
            if t[P_TRACK_LOOP] == 0:
                break
            pos = 0
        site = t[track + pos]
        if site == origin and include_self == 0:
            continue
        if t[at + 6] < t[at + 7]:
            s[I_TO] = site
            if conditions.holds(t, s, w, t[at + 6], t[at + 7]):
                continue
        s[cnt + site] += 1
        seeds -= 1
        last = site
    s[cnt + origin] += seeds  # a track that does not loop keeps what it could not sow
    s[I_LAST_TO] = last
    s[I_TO] = last
    if t[at + 1] >= t[at + 2] or t[at + 4] == 0:
        return
    grand_slam = t[at + 9]
    saved = w_save(t, MAX_DEPTH - 1)
    if grand_slam == 1:
        for c in range(t[P_CELLS]):
            w[saved + c] = s[cnt + c]
    p = t[pos_of + last]
    captured = False
    while True:
        site = t[track + p]
        s[I_TO] = site
        if not conditions.holds(t, s, w, t[at + 1], t[at + 2]):
            break
        simple_effects(t, s, w, t[at + 3], t[at + 4])
        captured = True
        if t[at + 8] == 0:
            break
        p -= 1
        if p < 0:
            if t[P_TRACK_LOOP] == 0:
                break
            p = L - 1
        if t[track + p] == origin or p == t[pos_of + last]:
            break
    if captured and grand_slam == 1:
        left = 0
        region = t[at + 10]
        for c in range(t[P_BOARD_CELLS]):
            if conditions.in_region(t, s, region, s[I_MOVER], c):
                left += s[cnt + c]
        if left == 0:
            for c in range(t[P_CELLS]):
                s[cnt + c] = w[saved + c]
    s[I_TO] = last


@kernel
def effects(t, s, w, start, count):
    """Apply an effect sequence (T_LIST entries pointing at T_EFF records)."""
    for i in range(count):
        e = t[t[T_LIST] + start + i]
        if t[t[T_EFF] + e * EFF_WIDTH] == EFF_SOW:
            sow(t, s, w, e)
        else:
            simple_effect(t, s, w, e)


# ---------------------------------------------------------------- generating moves


@kernel
def trial_holds(t, s, w, move, start, end):
    """Would the condition [start, end) hold after ``move``'s own changes (no end check, no
    change of turn)? The state is restored afterwards."""
    depth = w[W_DEPTH]
    if depth >= MAX_DEPTH - 1:
        return True
    size = INFO_SIZE + 6 * s[I_CELLS]  # everything a move's effects can change (no history)
    saved = w_save(t, depth)
    for i in range(size):
        w[saved + i] = s[i]
    w[W_DEPTH] = depth + 1
    play_effects(t, s, w, move)
    ok = conditions.holds(t, s, w, start, end)
    w[W_DEPTH] = depth
    for i in range(size):
        s[i] = w[saved + i]
    return ok


@tiny
def first_clause(t, s, w):
    """Index of the first end clause that holds (-1: none) and the op that made it hold."""
    clauses = t[T_CLAUSES]
    for m in range(t[P_NUM_CLAUSES]):
        at = clauses + CLAUSE_WIDTH * m
        start = t[at]
        if t[at + 1] - start == 1:  # most clauses are one test: no call into the VM loop
            if conditions.leaf(t, s, w, start) != 0:
                return m, start
        else:
            value, reason = conditions.evaluate(t, s, w, start, t[at + 1])
            if value != 0:
                return m, reason
    return -1, 0


@tiny
def could_win(t, s, colour, site):
    """False when no end test can hold after a stone of ``colour`` on ``site``: with only line
    tests of 2 or more, the site needs a stone of that colour next to it."""
    if t[P_LINE_ONLY] == 0:
        return True
    nb = t[T_NBR] + site * t[P_DIRS]
    for d in range(t[P_DIRS]):
        x = t[nb + d]
        if x >= 0 and s[INFO_SIZE + x] == colour + 1:
            return True
    return False


@kernel
def wins_at(t, s, w, colour, site):
    """Would a stone of ``colour`` on the empty ``site`` win at once (the first end clause that
    then holds gives ``colour`` a win)? Tried on the state and undone."""
    if s[INFO_SIZE + site] != 0 or not could_win(t, s, colour, site):
        return False
    depth = w[W_DEPTH]
    saved = w_save(t, min(depth, MAX_DEPTH - 1))
    size = INFO_SIZE + 6 * s[I_CELLS]
    full = t[P_GROUPS] == 1  # groups change: save the whole state; else only what lines read
    mover, last = s[I_MOVER], s[I_LAST_TO]
    if full:
        for i in range(size):
            w[saved + i] = s[i]
        place(t, s, site, colour)
    else:
        s[INFO_SIZE + site] = colour + 1
    s[I_MOVER] = colour
    s[I_LAST_TO] = site
    s[I_RUNS_KEY] = 0  # the line cache is for another stone: start afresh (and after)
    m, _ = first_clause(t, s, w)
    win = False
    if m >= 0:
        at = t[T_CLAUSES] + CLAUSE_WIDTH * m
        win = t[at + 3] == WIN and role_colour(t, s, t[at + 2]) == colour
    if full:
        for i in range(size):
            s[i] = w[saved + i]
    else:
        s[INFO_SIZE + site] = 0
        s[I_MOVER], s[I_LAST_TO] = mover, last
    s[I_RUNS_KEY] = 0
    return win


@tiny
def dynamic_region_has(t, s, w, code, mover, site):
    """Membership in a region computed by trial moves ((sites Winning …) or a union with one)."""
    at = t[T_DYNREG] + (REG_DYNAMIC - code) * DYNREG_WIDTH
    if t[at] == DR_WINNING:
        colour = role_colour(t, s, t[at + 1])
        if not could_win(t, s, colour, site) or \
                not conditions.in_region(t, s, t[at + 2], mover, site):
            return False
        return wins_at(t, s, w, colour, site)
    for i in range(t[at + 2]):  # DR_UNION of basic regions and DR_WINNING rows
        part = t[t[T_LIST] + t[at + 1] + i]
        if part <= REG_DYNAMIC:
            row = t[T_DYNREG] + (REG_DYNAMIC - part) * DYNREG_WIDTH
            if conditions.in_region(t, s, t[row + 2], mover, site) and \
                    wins_at(t, s, w, role_colour(t, s, t[row + 1]), site):
                return True
        elif conditions.in_region(t, s, part, mover, site):
            return True
    return False


@kernel
def enemy_distances(t, s, w):
    """Each cell's distance (in steps, pieces ignored) to the nearest piece of another colour
    than the mover's, by a breadth-first search from all of them, into ``w[w_dist]``."""
    C = t[P_CELLS]
    dist = w_dist(t)
    queue = W_SEEN
    stone = s[I_MOVER] + 1
    head = 0
    tail = 0
    for c in range(C):
        if s[INFO_SIZE + c] != 0 and s[INFO_SIZE + c] != stone:
            w[dist + c] = 0
            w[queue + tail] = c
            tail += 1
        else:
            w[dist + c] = 1 << 30
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    adj = t[T_ADJ]
    while head < tail:
        c = w[queue + head]
        head += 1
        for i in range(t[P_NUM_ADJ]):
            x = t[nbr + c * dirs + t[adj + i]]
            if x >= 0 and w[dist + x] > w[dist + c] + 1:
                w[dist + x] = w[dist + c] + 1
                w[queue + tail] = x
                tail += 1
    w[W_DIST_READY] = 1


@kernel
def slide_moves(t, s, w, g, buf, n):
    """Slides (and steps) of the mover's pieces along empty lines, up to the distance limit,
    to cells where the to-condition holds."""
    at = t[T_GEN] + g * GEN_WIDTH
    mover = s[I_MOVER]
    stone = mover + 1
    if t[at + 6] == 1 and w[W_DIST_READY] == 0:
        enemy_distances(t, s, w)
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    adj = t[T_ADJ]
    dist = w_dist(t)
    # the to-condition alone as one (is Approach) test is checked here, without the VM
    op_at = t[T_CODE] + t[at + 4] * OP_WIDTH
    approach = -1
    if t[at + 5] - t[at + 4] == 1 and t[op_at] == OP_APPROACH:
        approach = t[op_at + 1]
    for a in range(t[P_BOARD_CELLS]):
        if s[INFO_SIZE + a] != stone or not conditions.in_region(t, s, t[at + 1], mover, a):
            continue
        limit = t[P_CELLS]
        if t[at + 2] < t[at + 3]:
            s[I_FROM] = a
            limit, _ = conditions.evaluate(t, s, w, t[at + 2], t[at + 3])
        for i in range(t[P_NUM_ADJ]):
            d = t[adj + i]
            x = a
            for _ in range(limit):
                x = t[nbr + x * dirs + d]
                if x < 0 or s[INFO_SIZE + x] != 0:
                    break
                if approach >= 0:
                    before = w[dist + a]
                    after = w[dist + x]
                    if not (after < before or (approach == 1 and after == before)):
                        continue
                elif t[at + 4] < t[at + 5]:
                    s[I_FROM] = a
                    s[I_TO] = x
                    if not conditions.holds(t, s, w, t[at + 4], t[at + 5]):
                        continue
                buf[n] = MOVE_SLIDE | (x << KIND_BITS) | (a << FROM_SHIFT) | (g << GEN_SHIFT)
                n += 1
                if n == w[W_LIMIT]:
                    return n
    return n


@kernel
def record_chain(t, s, w, stack, depth, origin, g, buf, n):
    """Store the capture chain of stack frames 1..depth as a move, unless a chain from the same
    piece ending on the same cell with the same captures is already stored."""
    C1 = t[P_CELLS] + 1
    landing = stack + 3 * C1
    captured = stack + 2 * C1
    area = w_chains(t)
    size = 3 + 2 * depth
    top = w[W_CHAIN_TOP]
    if top + size > chain_area(t) or n >= len(buf):
        return n  # more chains than the area (or the move list) holds: the rest are not offered
    key = 0
    for k in range(1, depth + 1):
        key += mix(w[captured + k])
    end = w[landing + depth]
    o = 0
    while o < top:  # merge equal chains (same piece, end cell and captured set)
        k = w[area + o]
        if k == depth and w[area + o + 1] == origin and w[area + o + 1 + k] == end \
                and w[area + o + 2 + 2 * k] == key:
            return n
        o += 3 + 2 * k
    w[area + top] = depth
    w[area + top + 1] = origin
    for k in range(1, depth + 1):
        w[area + top + 1 + k] = w[landing + k]
        w[area + top + 1 + depth + k] = w[captured + k]
    w[area + top + 2 + 2 * depth] = key
    w[W_CHAIN_TOP] = top + size
    buf[n] = MOVE_HOP | (top << KIND_BITS) | (g << GEN_SHIFT)
    return n + 1


@kernel
def hop_moves(t, s, w, g, buf, n):
    """Jumps over an enemy piece onto an empty cell, capturing it; with chains, every maximal
    series of jumps by the same piece (captured pieces leave at once, cells may be revisited).
    A turning jump lands 60 degrees left or right of the jump's direction. Under (max Captures)
    (field g = 1) only the longest series found so far are kept: the shorter ones would be
    filtered out anyway, and keeping them all can overflow the chain area and the move list."""
    at = t[T_GEN] + g * GEN_WIDTH
    mover = s[I_MOVER]
    stone = mover + 1
    turning = t[at + 2]
    chains = t[at + 3]
    longest_only = t[at + 7] == 1
    best = 0
    n0 = n
    top0 = w[W_CHAIN_TOP]
    C1 = t[P_CELLS] + 1
    stack = w_chain_stack(t)
    cell = stack
    option = stack + C1
    captured = stack + 2 * C1
    landing = stack + 3 * C1
    extended = stack + 4 * C1
    taken = stack + 5 * C1
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    nd = t[P_NUM_ADJ]
    adj = t[T_ADJ]
    options = 2 * nd
    for a in range(t[P_BOARD_CELLS]):
        if s[INFO_SIZE + a] != stone or not conditions.in_region(t, s, t[at + 1], mover, a):
            continue
        s[INFO_SIZE + a] = 0  # the piece is lifted: its own cell can be landed on again
        depth = 0
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
                        w[W_CHAIN_TOP] = top0
                    if depth >= best:
                        n = record_chain(t, s, w, stack, depth, a, g, buf, n)
                    if n == w[W_LIMIT]:
                        while depth >= 0:
                            depth = pop_jump(t, s, w, stack, depth)
                        s[INFO_SIZE + a] = stone
                        return n
                depth = pop_jump(t, s, w, stack, depth)
                continue
            w[option + depth] = opt + 1
            i = opt // 2
            if turning == 0 and opt % 2 == 1:
                continue
            d = t[adj + i]
            j = t[nbr + w[cell + depth] * dirs + d]
            if j < 0 or s[INFO_SIZE + j] == 0 or s[INFO_SIZE + j] == stone:
                continue
            if turning == 1:
                d = t[adj + (i + (1 if opt % 2 == 0 else nd - 1)) % nd]
            x = t[nbr + j * dirs + d]
            if x < 0 or s[INFO_SIZE + x] != 0:
                continue
            w[extended + depth] = 1
            depth += 1
            w[cell + depth] = x
            w[option + depth] = 0
            w[extended + depth] = 0
            w[captured + depth] = j
            w[landing + depth] = x
            w[taken + depth] = s[INFO_SIZE + j]  # the captured stone, to put back
            s[INFO_SIZE + j] = 0
        s[INFO_SIZE + a] = stone
    return n


@tiny
def pop_jump(t, s, w, stack, depth):
    """Leave the top frame of the chain search: put its captured stone back."""
    if depth > 0:
        C1 = t[P_CELLS] + 1
        s[INFO_SIZE + w[stack + 2 * C1 + depth]] = w[stack + 5 * C1 + depth]
    return depth - 1


@tiny
def captures(t, w, move):
    """How many pieces a move captures (capture chains; 0 for the others)."""
    if move & KIND_MASK != MOVE_HOP:
        return 0
    return w[w_chains(t) + move_to(move)]


@kernel
def leaf_moves(t, s, w, g, buf, n):
    """Append the moves of leaf generator ``g`` to ``buf[n:]``; return the new count."""
    at = t[T_GEN] + g * GEN_WIDTH
    kind = t[at]
    if kind == GEN_ADD or kind == GEN_SELECT:
        mover = s[I_MOVER]
        code = t[at + 1]
        if kind == GEN_ADD:
            c_start, c_end = t[at + 4], t[at + 5]
        else:
            c_start, c_end = t[at + 2], t[at + 3]
        # an add only ever goes on an empty cell: walk the empties list, not the whole board
        on_empties = kind == GEN_ADD and (code == REG_EMPTY or code <= REG_DYNAMIC)
        count = s[I_NEMPTY] if on_empties else t[P_CELLS]
        empties = INFO_SIZE + s[I_CELLS]
        for i in range(count):
            c = s[empties + i] if on_empties else i
            if code <= REG_DYNAMIC:
                if not dynamic_region_has(t, s, w, code, mover, c):
                    continue
            elif not on_empties and not conditions.in_region(t, s, code, mover, c):
                continue
            if kind == GEN_ADD:
                if c >= t[P_BOARD_CELLS] or s[INFO_SIZE + c] != 0:
                    continue
                s[I_TO] = c
                move = MOVE_ADD | (c << KIND_BITS)
            else:
                s[I_FROM] = c
                move = MOVE_SELECT | (c << FROM_SHIFT) | (c << KIND_BITS)
            if c_start < c_end and not conditions.holds(t, s, w, c_start, c_end):
                continue
            buf[n] = move | (g << GEN_SHIFT)
            n += 1
            if n == w[W_LIMIT]:
                return n
        return n
    if kind == GEN_SLIDE:
        return slide_moves(t, s, w, g, buf, n)
    if kind == GEN_HOP:
        return hop_moves(t, s, w, g, buf, n)
    if kind == GEN_PASS:
        buf[n] = MOVE_PASS | (g << GEN_SHIFT)
        return n + 1
    if kind == GEN_PROPOSE:
        buf[n] = MOVE_PROPOSE | (t[at + 1] << KIND_BITS) | (g << GEN_SHIFT)
        return n + 1
    if kind == GEN_VOTE:
        buf[n] = MOVE_VOTE | (t[at + 1] << KIND_BITS) | (g << GEN_SHIFT)
        return n + 1
    return n


@kernel
def run_program(t, s, w, buf):
    """Run the move program (T_PROG) into ``buf``; return the number of moves."""
    prog = t[T_PROG]
    marks = w_marks(t)
    top = 0
    n = 0
    pc = 0
    while pc < t[P_PROG_LEN]:
        at = prog + pc * PROG_WIDTH
        op = t[at]
        pc += 1
        if op == PR_LEAF:
            n = leaf_moves(t, s, w, t[at + 1], buf, n)
            if n > 0 and n >= w[W_LIMIT] > 0:
                return n  # only whether a move exists was asked (no do-filter to come)
        elif op == PR_MARK:
            w[marks + top] = n
            top += 1
        elif op == PR_JUMP_IF_NOT:
            if not conditions.holds(t, s, w, t[at + 1], t[at + 2]):
                pc = t[at + 3]
        elif op == PR_JUMP:
            pc = t[at + 1]
        elif op == PR_PRIO_DONE:
            if n > w[marks + top - 1]:
                top -= 1
                pc = t[at + 1]
        elif op == PR_POP:
            top -= 1
        elif op == PR_MAX_FILTER:
            top -= 1
            first = w[marks + top]
            best = 0
            for i in range(first, n):
                best = max(best, captures(t, w, buf[i]))
            k = first
            for i in range(first, n):
                if captures(t, w, buf[i]) == best:
                    buf[k] = buf[i]
                    k += 1
            n = k
        elif op == PR_DO_FILTER:
            top -= 1
            k = w[marks + top]
            for i in range(w[marks + top], n):
                if trial_holds(t, s, w, buf[i], t[at + 1], t[at + 2]):
                    buf[k] = buf[i]
                    k += 1
            n = k
        else:
            break
    return n


@tiny
def swap_allowed(t, s):
    return s[I_PLY] == 1 and t[P_SWAP] == 1 and t[P_PLAYERS] == 2


@kernel
def generate(t, s, w, buf):
    """Write the mover's legal moves into ``buf``; return how many."""
    if s[I_OVER] == 1:
        return 0
    w[W_CHAIN_TOP] = 0
    w[W_DIST_READY] = 0
    n = 0
    if t[P_PLAY] == PLAY_ADD:
        mask = t[T_ADD_MASK]
        for c in range(t[P_BOARD_CELLS]):
            if s[INFO_SIZE + c] == 0 and t[mask + c] == 1:
                buf[n] = MOVE_ADD | (c << KIND_BITS)
                n += 1
    elif t[P_SOW_FAST] == 1:
        n = sowing.sow_moves(t, s, w, buf)
    else:
        n = run_program(t, s, w, buf)
    if n > 0 and swap_allowed(t, s):
        buf[n] = MOVE_SWAP
        n += 1
    return n


# ---------------------------------------------------------------- applying moves


@kernel
def play_effects(t, s, w, move):
    """The changes a move makes by itself: a placement, a selection and its effects, a
    proposal or vote, a swap. No end check and no change of turn."""
    kind = move & KIND_MASK
    mover = s[I_MOVER]
    if kind == MOVE_ADD:
        c = move_to(move)
        place(t, s, c, mover)
        s[I_LAST_TO] = c
        s[I_LAST_FROM] = -1
        if t[P_PLAY] != PLAY_ADD:
            at = t[T_GEN] + move_gen(move) * GEN_WIDTH
            s[I_TO] = c
            effects(t, s, w, t[at + 2], t[at + 3])
    elif kind == MOVE_SELECT and t[P_SOW_FAST] == 1:
        sowing.play_sow(t, s, move_from(move))
    elif kind == MOVE_SELECT:
        c = move_from(move)
        s[I_FROM] = c
        s[I_TO] = c
        s[I_SITE] = c
        s[I_LAST_FROM] = c
        s[I_LAST_TO] = c
        at = t[T_GEN] + move_gen(move) * GEN_WIDTH
        effects(t, s, w, t[at + 4], t[at + 5])
    elif kind == MOVE_SLIDE:
        a = move_from(move)
        c = move_to(move)
        remove(t, s, a)
        place(t, s, c, mover)
        s[I_LAST_FROM] = a
        s[I_LAST_TO] = c
    elif kind == MOVE_HOP:
        rec = w_chains(t) + move_to(move)
        k = w[rec]
        a = w[rec + 1]
        remove(t, s, a)
        for i in range(k):
            remove(t, s, w[rec + 2 + k + i])
        c = w[rec + 1 + k]
        place(t, s, c, mover)
        s[I_LAST_FROM] = a
        s[I_LAST_TO] = c
    elif kind == MOVE_PROPOSE:
        s[I_PROPOSED] = move_to(move) + 1
        s[I_LAST_TO] = -1
    elif kind == MOVE_VOTE:
        at = t[T_GEN] + move_gen(move) * GEN_WIDTH
        if s[I_PROPOSED] == move_to(move) + 1 and t[at + 2] == 1:
            s[I_DECIDED] = s[I_PROPOSED]
        s[I_PROPOSED] = 0
        s[I_LAST_TO] = -1
    else:
        s[I_LAST_TO] = -1
        s[I_LAST_FROM] = -1
        if kind == MOVE_SWAP:
            s[I_SWAPPED] = 1 - s[I_SWAPPED]


@kernel
def count_others_moves(t, s, w):
    """Before end clauses that test (no Moves …): note which other colours have no move."""
    mover = s[I_MOVER]
    depth = w[W_DEPTH]
    if depth >= MAX_DEPTH:
        return
    w[W_DEPTH] = depth + 1
    exists_only = True  # without do-filters, the first move found settles it
    for i in range(t[P_PROG_LEN]):
        if t[t[T_PROG] + i * PROG_WIDTH] == PR_DO_FILTER:
            exists_only = False
    w[W_LIMIT] = 1 if exists_only else 0
    for colour in range(t[P_PLAYERS]):
        if colour != mover:
            s[I_MOVER] = colour
            n = generate(t, s, w, w[w_moves(t, depth):])
            w[W_NO_MOVES + colour] = 1 if n == 0 else 0
    w[W_LIMIT] = 0
    s[I_MOVER] = mover
    w[W_DEPTH] = depth


@kernel
def check_end(t, s, w):
    """Try the end clauses in order; the first that holds decides the result."""
    if t[P_NO_MOVES] == 1:
        count_others_moves(t, s, w)
    m, reason = first_clause(t, s, w)
    if m >= 0:
        at = t[T_CLAUSES] + CLAUSE_WIDTH * m
        s[I_END_CLAUSE] = m
        outcome = t[at + 3]
        if outcome == BY_SCORE:
            for i in range(t[at + 5]):
                row = t[T_LIST] + t[at + 4] + 3 * i
                v, _ = conditions.evaluate(t, s, w, t[row + 1], t[row + 2])
                s[I_SCORES + t[row]] = v
            finish_by_score(t, s, reason)
            return
        colour = role_colour(t, s, t[at + 2])
        if outcome == DRAW:
            finish(t, s, -1, reason)
        elif t[P_PLAYERS] == 2:
            finish(t, s, colour if outcome == WIN else 1 - colour, reason)
        elif outcome == LOSS:
            eliminate(t, s, colour, reason)
        elif t[P_FIRST_WIN_ENDS] == 1:
            finish(t, s, colour, reason)
        else:
            win_out(t, s, colour, reason)
        return


@tiny
def apply_move(t, s, w, move):
    """Play ``move`` (assumed legal), check the end clauses, pass the turn."""
    kind = move & KIND_MASK
    mover = s[I_MOVER]
    if t[P_PLAY] != PLAY_ADD and s[I_HIST_LEN] == 0:
        record_position(t, s)  # a fresh position (game start, state_from) counts for (is Cycle)
    if t[P_PLAY] == PLAY_ADD and kind == MOVE_ADD:
        c = move >> KIND_BITS
        place(t, s, c, mover)
        s[I_LAST_TO] = c
    else:
        play_effects(t, s, w, move)
    s[I_PLY] += 1
    again = s[I_MOVE_AGAIN] == 1 or kind == MOVE_SWAP
    s[I_MOVE_AGAIN] = 0
    following = mover if again else next_colour(t, s, mover)
    if t[P_PLAY] != PLAY_ADD:
        s[I_MOVER] = following
        s[I_CYCLE] = record_position(t, s)
        s[I_MOVER] = mover
    check_end(t, s, w)
    if s[I_OVER] == 1:
        return
    if s[I_ACTIVE + following] == 0:  # the end clauses put a player out
        following = next_colour(t, s, mover)
    if following != mover:
        s[I_TURNS] += 1
    s[I_MOVER] = following
    if s[I_PLY] >= t[P_MOVE_LIMIT]:
        finish(t, s, -1, END_TIMEOUT)


@kernel
def end_if_stuck(t, s, w, buf):
    """Count the legal moves. When the player to move has none, try the end clauses with that
    player as the mover (Ludii's ``(no Moves Mover)``); if none applies, the game is a draw."""
    n = generate(t, s, w, buf)
    if n == 0 and s[I_OVER] == 0:
        s[I_STUCK] = 1
        check_end(t, s, w)
        s[I_STUCK] = 0
        if s[I_OVER] == 0:
            finish(t, s, -1, END_NO_MOVES)
    return n


@tiny
def random_move(t, s, w, buf, rng):
    """A uniformly random legal move, or -1 when there is none. Add-anywhere games draw from the
    empties list directly (the fast path); the others from the generated move list."""
    if s[I_OVER] == 1:  # a finished game has no legal move, on either path
        return -1
    if t[P_PLAY] == PLAY_ADD and t[P_ADD_ALL] == 1:
        ne = s[I_NEMPTY]
        extra = 1 if (ne > 0 and swap_allowed(t, s)) else 0
        if ne + extra == 0:
            return -1
        k = rng_below(rng, ne + extra)
        if k == ne:
            return MOVE_SWAP
        return MOVE_ADD | (s[INFO_SIZE + s[I_CELLS] + k] << KIND_BITS)
    n = generate(t, s, w, buf)
    if n == 0:
        return -1
    return buf[rng_below(rng, n)]


# ---------------------------------------------------------------- playouts


@kernel
def playout(t, s, w, buf, rng):
    """Play uniformly random moves from ``s`` until the game ends."""
    while s[I_OVER] == 0:
        m = random_move(t, s, w, buf, rng)
        if m < 0:
            end_if_stuck(t, s, w, buf)
            break
        apply_move(t, s, w, m)


@njit(cache=True)
def playouts(t, s0, n, seed, lengths, winners, reasons):
    """``n`` random games from ``s0``. Per game: length in plies, the winning player (-1 for
    none) and the op that ended it (see ``I_END_OP``)."""
    rng = np.empty(1, np.uint64)
    rng_seed(rng, seed)
    s = s0.copy()
    w = np.zeros(work_size(t), np.int64)
    buf = np.zeros(t[P_CELLS] * 16 + 64, np.int64)
    for g in range(n):
        s[:] = s0
        playout(t, s, w, buf, rng)
        lengths[g] = s[I_PLY]
        win = s[I_WINNER]
        winners[g] = player_of(s, win) if win >= 0 else -1
        reasons[g] = s[I_END_OP]
