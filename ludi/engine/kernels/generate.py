"""Generating the legal moves: the move program's interpreter and its generators.

A move is one int64 (layout: ``kind | to << 4 | from << 24 | generator << 44``). Add-anywhere
games (``PLAY_ADD``) have a fast path that never runs the program, mancala turns another
(``sowing.py``); every other game runs the move program (``T_PROG``) over its generators
(``T_GEN``). Every buffer written here holds ``P_MAX_MOVES`` moves, the bound the compiler proved
for the program (``ludi.compile.bounds``); capture series are checked at the write
(``chains.py``).
"""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import (
    BOARD,
    CL_COND,
    CL_COND_END,
    CL_OUTCOME,
    CL_ROLE,
    CLAUSE_WIDTH,
    CONN_WIDTH,
    DR_KIND,
    DR_PART_COUNT,
    DR_PARTS,
    DR_REGION,
    DR_ROLE,
    DYN_UNION,
    DYN_WINNING,
    DYNREG_WIDTH,
    ERR_DEPTH,
    ERR_DYNREG,
    ERR_GENERATOR,
    ERR_INSTRUCTION,
    ERR_JUMP,
    FROM_SHIFT,
    G_COND,
    G_COND_END,
    G_DIRS,
    G_DISTANCES,
    G_FROM_SITE,
    G_FROM_SITE_END,
    G_KIND,
    G_LAND_COND,
    G_LAND_COND_END,
    G_MAX,
    G_MAX_END,
    G_MIN,
    G_OVER_COND,
    G_OVER_COND_END,
    G_PROPOSAL,
    G_REGION,
    G_STOP,
    G_TO_REGION,
    G_TO_SITE,
    G_TO_SITE_END,
    GEN_ADD,
    GEN_FROM_TO,
    GEN_HOP,
    GEN_HOP_OVER,
    GEN_LEAP,
    GEN_PASS,
    GEN_PROPOSE,
    GEN_SELECT,
    GEN_SHIFT,
    GEN_SLIDE,
    GEN_STEP,
    GEN_VOTE,
    GEN_WIDTH,
    I_ACTIVE,
    I_BETWEEN,
    I_FROM,
    I_LAST_FROM,
    I_LAST_TO,
    I_MOVER,
    I_NEMPTY,
    I_OVER,
    I_PENDING,
    I_PLY,
    I_PREV_MOVER,
    I_RUNS_KEY,
    I_SITE,
    I_TO,
    IN_COND,
    IN_COND_END,
    IN_GEN,
    IN_KIND,
    IN_TARGET,
    KIND_BITS,
    KIND_MASK,
    MOVE_ADD,
    MOVE_PASS,
    MOVE_PROPOSE,
    MOVE_SELECT,
    MOVE_SLIDE,
    MOVE_STEP,
    MOVE_SWAP,
    MOVE_VOTE,
    O_KIND,
    O_NEED,
    O_NOT_FARTHER,
    O_TEST,
    OP_APPROACH,
    OP_CONN,
    OP_LINE,
    OP_LOOP,
    OP_WIDTH,
    P_BOARD_CELLS,
    P_CELLS,
    P_DEPTH,
    P_DIRS,
    P_GROUP_WINS,
    P_GROUPS,
    P_LINE_ONLY,
    P_MAX_MOVES,
    P_NUM_ADJ,
    P_NUM_CLAUSES,
    P_PLAY,
    P_PLAYERS,
    P_PROG_LEN,
    P_SOW_FAST,
    P_SWAP,
    P_THREATS,
    P_W_DIST,
    P_W_MARKS,
    P_W_SCRATCH,
    PLAY_ADD,
    PR_END,
    PR_JUMP,
    PR_JUMP_UNLESS,
    PR_KEEP_IF_AFTER,
    PR_KEEP_MAX_CAPTURES,
    PR_LEAF,
    PR_MARK,
    PR_POP,
    PR_PRIO_DONE,
    PROG_WIDTH,
    REG_DYNAMIC,
    REG_EMPTY,
    S_COUNTS,
    S_EMPTIES,
    S_GMASK,
    S_PARENT,
    T_ADD_MASK,
    T_ADJ,
    T_CELLBITS,
    T_CLAUSES,
    T_CODE,
    T_CONN,
    T_DYNREG,
    T_GEN,
    T_LIST,
    T_NBR,
    T_PROG,
    T_THREAT,
    W_CHAIN_TOP,
    W_DEPTH,
    W_DIST_READY,
    W_ERROR,
    W_LIMIT,
    W_THREAT,
    WIN,
)
from ludi.engine.kernels import chains, leaps, sowing
from ludi.engine.kernels.conditions import (
    evaluate,
    first_clause,
    from_holds,
    holds,
    in_region,
    popcount,
)
from ludi.engine.kernels.core import (
    fail,
    kernel,
    role_colour,
    sec,
    set_context,
    tiny,
    trial_size,
    w_moves,
    w_save,
)
from ludi.engine.kernels.effects import move_to, play_effects
from ludi.engine.kernels.pieces import find, piece_type, place

# ---------------------------------------------------------------- trial moves


@kernel
def trial_holds(t, s, w, move, start, end):
    """Would the condition [start, end) hold after ``move``'s own changes (no end check, no
    change of turn)? The state is restored afterwards."""
    depth = w[W_DEPTH]
    if depth >= t[P_DEPTH]:
        fail(w, ERR_DEPTH, 0, depth)
        return False
    size = trial_size(t, s)
    saved = w_save(t, depth)
    for i in range(size):
        w[saved + i] = s[i]
    w[W_DEPTH] = depth + 1
    s[I_PENDING] = 0
    play_effects(t, s, w, move)
    s[I_RUNS_KEY] = 0  # the line cache is keyed by ply and colour, which a trial keeps
    if t[P_THREATS] == 1:  # the condition's (is Threatened …) is the mover's (the compiler)
        w[W_THREAT + s[I_MOVER]] = threatened(t, s, w, s[I_MOVER])
    ok = holds(t, s, w, start, end)
    w[W_DEPTH] = depth
    for i in range(size):
        s[i] = w[saved + i]
    return ok


@tiny
def could_win(t, s, colour, site):
    """False when no end test can hold after a stone of ``colour`` on ``site``. With only line
    tests of 2 or more, the site needs a stone of that colour next to it; with lines,
    connections and rings (``P_GROUP_WINS``), see :func:`could_join_win`."""
    if t[P_LINE_ONLY] == 1:
        nb = t[T_NBR] + site * t[P_DIRS]
        for d in range(t[P_DIRS]):
            x = t[nb + d]
            if x >= 0 and s[BOARD + x] == colour + 1:
                return True
        return False
    if t[P_GROUP_WINS] == 1 and t[P_GROUPS] == 1:
        return could_join_win(t, s, colour, site)
    return True


@kernel
def could_join_win(t, s, colour, site):
    """Could a stone of ``colour`` on ``site`` make an end test hold, when every test is a line
    of 2 or more, a connection or a ring? A line or a ring needs a stone of that colour next to
    the site; a connection, the goals of the site and of the groups it would join (read from
    the groups, nothing placed)."""
    stone = colour + 1
    nb = t[T_NBR] + site * t[P_DIRS]
    own = False
    for d in range(t[P_DIRS]):
        x = t[nb + d]
        if x >= 0 and s[BOARD + x] == stone:
            own = True
    par = sec(s, S_PARENT)
    gm = sec(s, S_GMASK)
    goals = t[t[T_CELLBITS] + site]
    if own:
        adj = t[T_ADJ]
        for i in range(t[P_NUM_ADJ]):
            x = t[nb + t[adj + i]]
            if x >= 0 and s[BOARD + x] == stone:
                goals |= s[gm + find(s, par, x)]
    for k in range(t[P_NUM_CLAUSES]):
        clause = t[T_CLAUSES] + CLAUSE_WIDTH * k
        for pc in range(t[clause + CL_COND], t[clause + CL_COND_END]):
            at = t[T_CODE] + pc * OP_WIDTH
            op = t[at + O_KIND]
            if op == OP_LINE or op == OP_LOOP:
                if own:
                    return True
            elif op == OP_CONN:
                mask = t[t[T_CONN] + CONN_WIDTH * t[at + O_TEST] + colour]
                got = goals & mask
                need = t[at + O_NEED]
                if (need < 0 and got == mask) or (need >= 0 and popcount(got) >= need):
                    return True
    return False


@kernel
def wins_at(t, s, w, colour, site):
    """Would a stone of ``colour`` on the empty ``site`` win at once (the first end clause that
    then holds gives ``colour`` a win)? Tried on the state and undone."""
    if s[BOARD + site] != 0 or not could_win(t, s, colour, site):
        return False
    full = t[P_GROUPS] == 1  # groups change: save the whole state; else only what lines read
    depth = w[W_DEPTH]
    if full and depth >= t[P_DEPTH]:
        fail(w, ERR_DEPTH, 0, depth)
        return False
    saved = w_save(t, depth)
    size = trial_size(t, s)
    mover, last, last_from = s[I_MOVER], s[I_LAST_TO], s[I_LAST_FROM]
    frm, to, site_before = s[I_FROM], s[I_TO], s[I_SITE]
    if full:
        for i in range(size):
            w[saved + i] = s[i]
        place(t, s, site, colour)
    else:
        s[BOARD + site] = colour + 1
    s[I_MOVER] = colour
    s[I_LAST_TO] = site
    s[I_LAST_FROM] = -1
    set_context(s, -1, site)  # as the end clauses would see the placement
    s[I_RUNS_KEY] = 0  # the line cache is for another stone: start afresh (and after)
    m, _ = first_clause(t, s, w)
    win = False
    if m >= 0:
        at = t[T_CLAUSES] + CLAUSE_WIDTH * m
        win = t[at + CL_OUTCOME] == WIN and role_colour(t, s, t[at + CL_ROLE]) == colour
    if full:
        for i in range(size):
            s[i] = w[saved + i]
    else:
        s[BOARD + site] = 0
        s[I_MOVER], s[I_LAST_TO], s[I_LAST_FROM] = mover, last, last_from
        s[I_FROM], s[I_TO], s[I_SITE] = frm, to, site_before
    s[I_RUNS_KEY] = 0
    return win


@kernel
def dynamic_region_has(t, s, w, code, mover, site):
    """Membership in a region computed by trial moves ((sites Winning …) or a union with one)."""
    row = REG_DYNAMIC - code
    at = t[T_DYNREG] + row * DYNREG_WIDTH
    kind = t[at + DR_KIND]
    if kind != DYN_WINNING and kind != DYN_UNION:  # rows read off the position
        return in_region(t, s, w, code, mover, site)
    if kind == DYN_WINNING:
        colour = role_colour(t, s, t[at + DR_ROLE])
        if not could_win(t, s, colour, site) or \
                not in_region(t, s, w, t[at + DR_REGION], mover, site):
            return False
        return wins_at(t, s, w, colour, site)
    if kind != DYN_UNION:
        fail(w, ERR_DYNREG, row, kind)
        return False
    for i in range(t[at + DR_PART_COUNT]):  # basic regions and DYN_WINNING rows (flattened)
        part = t[t[T_LIST] + t[at + DR_PARTS] + i]
        if part <= REG_DYNAMIC:
            inner = t[T_DYNREG] + (REG_DYNAMIC - part) * DYNREG_WIDTH
            if t[inner + DR_KIND] != DYN_WINNING:
                fail(w, ERR_DYNREG, REG_DYNAMIC - part, t[inner + DR_KIND])
                return False
            if in_region(t, s, w, t[inner + DR_REGION], mover, site) and \
                    wins_at(t, s, w, role_colour(t, s, t[inner + DR_ROLE]), site):
                return True
        elif in_region(t, s, w, part, mover, site):
            return True
    return False


# ---------------------------------------------------------------- slides


@kernel
def enemy_distances(t, s, w):
    """Each cell's distance (in steps, pieces ignored) to the nearest piece of another colour
    than the mover's, by a breadth-first search from all of them (each cell is queued once)."""
    C = t[P_CELLS]
    dist = t[P_W_DIST]
    queue = t[P_W_SCRATCH]
    stone = s[I_MOVER] + 1
    head = 0
    tail = 0
    for c in range(C):
        if s[BOARD + c] != 0 and s[BOARD + c] != stone:
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
    """Slides of the mover's pieces along empty lines, up to the distance limit. With a stop
    rule (G_STOP, Ludii's to-condition) the slide may end on any empty site, and on the first
    site where the rule holds, where it stops: Ludii's step moves, which run the to's apply and
    then effects. Without one, the to-condition ((is Approach …)) keeps the empty sites where
    it holds."""
    at = t[T_GEN] + g * GEN_WIDTH
    mover = s[I_MOVER]
    stone = mover + 1
    if t[at + G_DISTANCES] == 1 and w[W_DIST_READY] == 0:
        enemy_distances(t, s, w)
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    mask = t[at + G_DIRS]
    dist = t[P_W_DIST]
    stop = t[at + G_STOP] == 1
    kind = MOVE_STEP if stop else MOVE_SLIDE
    cond_start, cond_end = t[at + G_COND], t[at + G_COND_END]
    over_start, over_end = t[at + G_OVER_COND], t[at + G_OVER_COND_END]
    land_start, land_end = t[at + G_LAND_COND], t[at + G_LAND_COND_END]
    fewest = t[at + G_MIN]
    # the to-condition alone as one (is Approach) test is checked here, without the VM
    approach = -1
    op_at = t[T_CODE] + cond_start * OP_WIDTH
    if cond_end - cond_start == 1 and t[op_at + O_KIND] == OP_APPROACH:
        approach = t[op_at + O_NOT_FARTHER]
    for a in range(t[P_BOARD_CELLS]):
        if s[BOARD + a] != stone or not in_region(t, s, w, t[at + G_REGION], mover, a) \
                or not from_holds(t, s, w, at, a):
            continue
        limit = t[P_CELLS]
        if t[at + G_MAX] < t[at + G_MAX_END]:
            s[I_FROM] = a
            limit, _ = evaluate(t, s, w, t[at + G_MAX], t[at + G_MAX_END])
        for d in range(dirs):
            if (mask >> d) & 1 == 0:
                continue
            x = a
            for k in range(limit):
                x = t[nbr + x * dirs + d]
                if x < 0:
                    break
                halt = False
                if stop and cond_start < cond_end:
                    s[I_FROM] = a
                    s[I_TO] = x
                    halt = holds(t, s, w, cond_start, cond_end)
                if not halt:  # Ludii's go rule at the site passed, (between): empty by default
                    if over_start < over_end:
                        s[I_FROM] = a
                        s[I_TO] = x
                        s[I_BETWEEN] = x
                        if not holds(t, s, w, over_start, over_end):
                            break
                    elif s[BOARD + x] != 0:
                        break
                if approach >= 0:
                    before = w[dist + a]
                    after = w[dist + x]
                    if not (after < before or (approach == 1 and after == before)):
                        continue
                elif not stop and cond_start < cond_end:
                    s[I_FROM] = a
                    s[I_TO] = x
                    if not holds(t, s, w, cond_start, cond_end):
                        continue
                if k + 1 < fewest:  # Ludii's range: not this near
                    if halt:
                        break
                    continue
                if land_start < land_end:  # Ludii's to-rule: no move here unless it holds
                    s[I_FROM] = a
                    s[I_TO] = x
                    if not holds(t, s, w, land_start, land_end):
                        if halt:
                            break
                        continue
                buf[n] = kind | (x << KIND_BITS) | (a << FROM_SHIFT) | (g << GEN_SHIFT)
                n += 1
                if w[W_LIMIT] > 0 and n >= w[W_LIMIT]:
                    return n
                if halt:
                    break
    return n


@kernel
def step_moves(t, s, w, g, buf, n):
    """Ludii's steps and one-site hops. A step: each piece in the from-region moves to its
    neighbour along each of the generator's directions where the to-condition holds, occupied
    or not. A hop (GEN_HOP_OVER): a piece at each from-site (the generator's one site, or each
    piece of its region) jumps along each direction over the adjacent site, (between), where
    the between-condition holds, to the next site on that line, (to), where the to-condition
    holds. Each jump is one move; a series is made of moves again."""
    at = t[T_GEN] + g * GEN_WIDTH
    hop = t[at + G_KIND] == GEN_HOP_OVER
    mover = s[I_MOVER]
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    mask = t[at + G_DIRS]
    first, last = 0, t[P_BOARD_CELLS]
    if t[at + G_FROM_SITE] < t[at + G_FROM_SITE_END]:
        first, _ = evaluate(t, s, w, t[at + G_FROM_SITE], t[at + G_FROM_SITE_END])
        last = first + 1
        if first < 0 or first >= t[P_BOARD_CELLS]:
            return n
    for a in range(first, last):
        if s[BOARD + a] == 0 or (last - first > 1
                                 and not in_region(t, s, w, t[at + G_REGION], mover, a)) \
                or not from_holds(t, s, w, at, a):
            continue
        for d in range(dirs):
            if (mask >> d) & 1 == 0:
                continue
            b = t[nbr + a * dirs + d]
            x = t[nbr + b * dirs + d] if hop and b >= 0 else b
            if x < 0:
                continue
            s[I_FROM] = a
            s[I_BETWEEN] = b
            s[I_TO] = x
            if hop and not holds(t, s, w, t[at + G_OVER_COND], t[at + G_OVER_COND_END]):
                continue
            if not holds(t, s, w, t[at + G_COND], t[at + G_COND_END]):
                continue
            buf[n] = MOVE_STEP | (x << KIND_BITS) | (a << FROM_SHIFT) | (g << GEN_SHIFT)
            n += 1
            if w[W_LIMIT] > 0 and n >= w[W_LIMIT]:
                return n
    return n


@kernel
def from_to_moves(t, s, w, g, buf, n):
    """Ludii's (move (from …) (to …)): a piece at each from-site (the generator's one site, or
    every site of its region) where the from-condition holds goes to each to-site (one site, or
    a region's) where the to-condition holds. A site with no piece and no counter is skipped."""
    at = t[T_GEN] + g * GEN_WIDTH
    mover = s[I_MOVER]
    C = t[P_CELLS]
    cnt = sec(s, S_COUNTS)
    first, last = 0, C
    if t[at + G_FROM_SITE] < t[at + G_FROM_SITE_END]:
        first, _ = evaluate(t, s, w, t[at + G_FROM_SITE], t[at + G_FROM_SITE_END])
        last = first + 1
        if first < 0 or first >= C:
            return n
    one_to = t[at + G_TO_SITE] < t[at + G_TO_SITE_END]
    to_code = t[at + G_TO_REGION]
    for a in range(first, last):
        if s[BOARD + a] == 0 and s[cnt + a] == 0:
            continue
        if last - first > 1 and not in_region(t, s, w, t[at + G_REGION], mover, a):
            continue
        if not from_holds(t, s, w, at, a):
            continue
        s[I_FROM] = a
        lo, hi = 0, C
        if one_to:
            lo, _ = evaluate(t, s, w, t[at + G_TO_SITE], t[at + G_TO_SITE_END])
            hi = lo + 1
            if lo < 0 or lo >= C:
                continue
        for c in range(lo, hi):
            if not one_to and not in_region(t, s, w, to_code, mover, c):
                continue
            set_context(s, a, c)  # (site) too, for a (forEach REGION if:C) to
            if not holds(t, s, w, t[at + G_COND], t[at + G_COND_END]):
                continue
            buf[n] = MOVE_STEP | (c << KIND_BITS) | (a << FROM_SHIFT) | (g << GEN_SHIFT)
            n += 1
            if w[W_LIMIT] > 0 and n >= w[W_LIMIT]:
                return n
    return n


# ---------------------------------------------------------------- the move program


@kernel
def leaf_moves(t, s, w, g, buf, n):
    """Append the moves of generator ``g`` to ``buf[n:]``; return the new count."""
    at = t[T_GEN] + g * GEN_WIDTH
    kind = t[at + G_KIND]
    if kind == GEN_SELECT and t[at + G_FROM_SITE] < t[at + G_FROM_SITE_END]:
        c, _ = evaluate(t, s, w, t[at + G_FROM_SITE], t[at + G_FROM_SITE_END])
        if c < 0 or c >= t[P_CELLS]:
            return n
        s[I_FROM] = c
        if not holds(t, s, w, t[at + G_COND], t[at + G_COND_END]):
            return n
        buf[n] = MOVE_SELECT | (c << FROM_SHIFT) | (c << KIND_BITS) | (g << GEN_SHIFT)
        return n + 1
    if kind == GEN_ADD or kind == GEN_SELECT:
        mover = s[I_MOVER]
        code = t[at + G_REGION]
        cond_start, cond_end = t[at + G_COND], t[at + G_COND_END]
        # an add only ever goes on an empty cell: walk the empties list, not the whole board
        on_empties = kind == GEN_ADD and (code == REG_EMPTY or code <= REG_DYNAMIC)
        count = s[I_NEMPTY] if on_empties else t[P_CELLS]
        empties = sec(s, S_EMPTIES)
        cnt = sec(s, S_COUNTS)
        for i in range(count):
            c = s[empties + i] if on_empties else i
            if code <= REG_DYNAMIC:
                if not dynamic_region_has(t, s, w, code, mover, c):
                    continue
            elif not on_empties and not in_region(t, s, w, code, mover, c):
                continue
            if kind == GEN_ADD:
                if c >= t[P_BOARD_CELLS] or s[BOARD + c] != 0 or s[cnt + c] != 0:
                    continue
                s[I_TO] = c
                s[I_SITE] = c  # a (forEach REGION if:C) filter reads it as (site)
                move = MOVE_ADD | (c << KIND_BITS)
            else:
                s[I_FROM] = c
                s[I_SITE] = c  # a (forEach REGION if:C) filter reads it as (site)
                move = MOVE_SELECT | (c << FROM_SHIFT) | (c << KIND_BITS)
            if cond_start < cond_end and not holds(t, s, w, cond_start, cond_end):
                continue
            buf[n] = move | (g << GEN_SHIFT)
            n += 1
            if w[W_LIMIT] > 0 and n >= w[W_LIMIT]:
                return n
        return n
    if kind == GEN_SLIDE:
        return slide_moves(t, s, w, g, buf, n)
    if kind == GEN_STEP or kind == GEN_HOP_OVER:
        return step_moves(t, s, w, g, buf, n)
    if kind == GEN_FROM_TO:
        return from_to_moves(t, s, w, g, buf, n)
    if kind == GEN_LEAP:
        return leaps.leap_moves(t, s, w, g, buf, n)
    if kind == GEN_HOP:
        return chains.hop_moves(t, s, w, g, buf, n)
    if kind == GEN_PASS:
        buf[n] = MOVE_PASS | (g << GEN_SHIFT)
        return n + 1
    if kind == GEN_PROPOSE:
        buf[n] = MOVE_PROPOSE | (t[at + G_PROPOSAL] << KIND_BITS) | (g << GEN_SHIFT)
        return n + 1
    if kind == GEN_VOTE:
        buf[n] = MOVE_VOTE | (t[at + G_PROPOSAL] << KIND_BITS) | (g << GEN_SHIFT)
        return n + 1
    fail(w, ERR_GENERATOR, g, kind)
    return n


@tiny
def branch(t, s, w, at, op, pc):
    """The instruction that follows a jump (``at``: its record) or a jump-unless whose condition
    fails; else ``pc``, the next one. The move program's (if …) and phases."""
    if op == PR_JUMP or not holds(t, s, w, t[at + IN_COND], t[at + IN_COND_END]):
        return t[at + IN_TARGET]
    return pc


@kernel
def threatened(t, s, w, colour):
    """Ludii's (is Threatened (id "King" ROLE)) for ``colour``'s piece of type T_THREAT: could
    another player still in the game move a piece onto its site? Their moves are the program's
    generators with its branches but without its do-filters (Ludii: a threat test inside
    another fails, so a (do … ifAfterwards:(not (is Threatened …))) keeps every move); the
    compiler refuses programs where that differs. No piece on the board: not threatened."""
    kind = t[t[T_THREAT] + colour]
    site = -1
    for a in range(t[P_BOARD_CELLS]):
        if s[BOARD + a] == colour + 1 and piece_type(t, s, a) == kind:
            site = a
            break
    if kind == 0 or site < 0:
        return 0
    depth = w[W_DEPTH]
    if depth >= t[P_DEPTH] - 1:
        fail(w, ERR_DEPTH, 0, depth)
        return 0
    start = w_moves(t, depth)
    buf = w[start:start + t[P_MAX_MOVES]]
    mover, frm, to, here, limit = s[I_MOVER], s[I_FROM], s[I_TO], s[I_SITE], w[W_LIMIT]
    prev = s[I_PREV_MOVER]
    # the others move as after ``colour``'s move: a play's (if (is Prev Mover) A B) gives B,
    # as Ludii's test of the pieces' own moves does (a tried move has not changed Prev yet)
    s[I_PREV_MOVER] = colour
    w[W_DEPTH] = depth + 1
    w[W_LIMIT] = 0
    found = 0
    for enemy in range(t[P_PLAYERS]):
        if enemy == colour or s[I_ACTIVE + enemy] == 0 or found == 1:
            continue
        s[I_MOVER] = enemy
        w[W_DIST_READY] = 0
        pc = 0
        while pc < t[P_PROG_LEN] and found == 0 and w[W_ERROR] == 0:
            at = t[T_PROG] + pc * PROG_WIDTH
            op = t[at + IN_KIND]
            pc += 1
            if op == PR_LEAF:
                n = leaf_moves(t, s, w, t[at + IN_GEN], buf, np.int64(0))
                for i in range(n):  # moves that land somewhere (not a pass or a vote)
                    kind = buf[i] & KIND_MASK
                    if (kind == MOVE_STEP or kind == MOVE_SLIDE) and move_to(buf[i]) == site:
                        found = 1
                        break
            elif op == PR_JUMP_UNLESS or op == PR_JUMP:
                pc = branch(t, s, w, at, op, pc)
            elif op == PR_END:
                break
    s[I_MOVER], s[I_FROM], s[I_TO], s[I_SITE] = mover, frm, to, here
    s[I_PREV_MOVER] = prev
    w[W_LIMIT] = limit
    w[W_DIST_READY] = 0
    w[W_DEPTH] = depth
    return found


@kernel
def run_program(t, s, w, buf):
    """Run the move program (T_PROG) into ``buf``; return the number of moves. Jumps only go
    forward, so every instruction runs once at most: the marks stack holds P_PROG_LEN + 1."""
    prog = t[T_PROG]
    marks = t[P_W_MARKS]
    top = 0
    n = np.int64(0)  # not a literal 0: numba would compile leaf_moves once more for it
    pc = 0
    while pc < t[P_PROG_LEN] and w[W_ERROR] == 0:
        at = prog + pc * PROG_WIDTH
        op = t[at + IN_KIND]
        here = pc
        pc += 1
        if op == PR_LEAF:
            n = leaf_moves(t, s, w, t[at + IN_GEN], buf, n)
            if n > 0 and n >= w[W_LIMIT] > 0:
                return n  # only whether a move exists was asked (no do-filter to come)
        elif op == PR_MARK:
            w[marks + top] = n
            top += 1
        elif op == PR_JUMP_UNLESS or op == PR_JUMP:
            pc = branch(t, s, w, at, op, pc)
        elif op == PR_PRIO_DONE:
            if n > w[marks + top - 1]:
                top -= 1
                pc = t[at + IN_TARGET]
        elif op == PR_POP:
            top -= 1
        elif op == PR_KEEP_MAX_CAPTURES:
            top -= 1
            first = w[marks + top]
            best = 0
            for i in range(first, n):
                best = max(best, chains.captures(t, w, buf[i]))
            k = first
            for i in range(first, n):
                if chains.captures(t, w, buf[i]) == best:
                    buf[k] = buf[i]
                    k += 1
            n = k
        elif op == PR_KEEP_IF_AFTER:
            top -= 1
            k = w[marks + top]
            for i in range(w[marks + top], n):
                if trial_holds(t, s, w, buf[i], t[at + IN_COND], t[at + IN_COND_END]):
                    buf[k] = buf[i]
                    k += 1
            n = k
        elif op == PR_END:
            break
        else:
            fail(w, ERR_INSTRUCTION, here, op)
            break
        if pc <= here:
            fail(w, ERR_JUMP, here, pc)
            break
    return n


@tiny
def swap_allowed(t, s):
    return s[I_PLY] == 1 and t[P_SWAP] == 1 and t[P_PLAYERS] == 2


@kernel
def generate(t, s, w, buf):
    """Write the mover's legal moves into ``buf`` (``P_MAX_MOVES`` long); return how many."""
    if s[I_OVER] == 1:
        return 0
    w[W_CHAIN_TOP] = 0
    w[W_DIST_READY] = 0
    n = 0
    if t[P_PLAY] == PLAY_ADD:
        mask = t[T_ADD_MASK]
        for c in range(t[P_BOARD_CELLS]):
            if s[BOARD + c] == 0 and t[mask + c] == 1:
                buf[n] = MOVE_ADD | (c << KIND_BITS)
                n += 1
    elif t[P_SOW_FAST] == 1:
        n = sowing.sow_moves(t, s, w, buf)
    else:  # generators set (from), (to) and (site) as they go: put them back after
        frm, to, site = s[I_FROM], s[I_TO], s[I_SITE]
        n = run_program(t, s, w, buf)
        s[I_FROM], s[I_TO], s[I_SITE] = frm, to, site
    if n > 0 and swap_allowed(t, s):
        buf[n] = MOVE_SWAP
        n += 1
    return n
