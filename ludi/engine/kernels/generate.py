"""Generating the legal moves: the move program's interpreter and its generators.

A move is one int64 (layout: ``kind | to << 4 | from << 24 | generator << 44``). Add-anywhere
games (``PLAY.ADD``) have a fast path that never runs the program, mancala turns another
(``sowing.py``); every other game runs the move program (``T.PROG``) over its generators
(``T.GEN``). Every buffer written here holds ``P.MAX_MOVES`` moves, the bound the compiler proved
for the program (``ludi.compile.bounds``); capture series are checked at the write
(``chains.py``).
"""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import (
    BOARD,
    CL,
    COLOURS,
    DR,
    DYN,
    ERR,
    FROM_SHIFT,
    GEN,
    GEN_SHIFT,
    IN,
    KIND_BITS,
    KIND_MASK,
    MOVE,
    OP,
    OUTCOME,
    PLAY,
    PR,
    REG,
    G,
    I,
    O,
    P,
    S,
    T,
    W,
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
    note_span,
    role_colour,
    sec,
    set_context,
    tiny,
    trial_size,
    w_moves,
    w_save,
)
from ludi.engine.kernels.effects import (
    effects,
    move_from,
    move_gen,
    move_to,
    play_effects,
    stop_test,
)
from ludi.engine.kernels.hops import far, far_hops
from ludi.engine.kernels.pieces import find, piece_dirs, piece_type, place, place_piece, remove

# ---------------------------------------------------------------- trial moves


@kernel
def trial_holds(t, s, w, move, start, end):
    """Would the condition [start, end) hold after ``move``'s own changes (no end check, no
    change of turn)? The state is restored afterwards."""
    depth = w[W.DEPTH]
    if depth >= t[P.DEPTH]:
        fail(w, ERR.DEPTH, 0, depth)
        return False
    size = trial_size(t, s)
    saved = w_save(t, depth)
    for i in range(size):
        w[saved + i] = s[i]
    w[W.DEPTH] = depth + 1
    if t[P.PRIORS] == 0:  # (as apply_move: with priors, play_effects clears it after them)
        s[I.PENDING] = 0
    play_effects(t, s, w, move)
    if w[W.CAN_MOVE] > 0:  # (an (if (is Threatened …) …) in the move's (then …))
        settle_stops(t, s, w)
    s[I.RUNS_KEY] = 0  # the line cache is keyed by ply and colour, which a trial keeps
    if t[P.THREATS] == 1:  # the condition's (is Threatened …) is the mover's (the compiler)
        w[W.THREAT + s[I.MOVER]] = threatened(t, s, w, s[I.MOVER])
    ok = holds(t, s, w, start, end)
    w[W.DEPTH] = depth
    for i in range(size):
        s[i] = w[saved + i]
    return ok


@tiny
def could_win(t, s, colour, site):
    """False when no end test can hold after a stone of ``colour`` on ``site``. With only line
    tests of 2 or more, the site needs a stone of that colour next to it; with lines,
    connections and rings (``P.GROUP_WINS``), see :func:`could_join_win`."""
    if t[P.LINE_ONLY] == 1:
        nb = t[T.NBR] + site * t[P.DIRS]
        for d in range(t[P.DIRS]):
            x = t[nb + d]
            if x >= 0 and s[BOARD + x] == colour + 1:
                return True
        return False
    if t[P.GROUP_WINS] == 1 and t[P.GROUPS] == 1:
        return could_join_win(t, s, colour, site)
    return True


@kernel
def could_join_win(t, s, colour, site):
    """Could a stone of ``colour`` on ``site`` make an end test hold, when every test is a line
    of 2 or more, a connection or a ring? A line or a ring needs a stone of that colour next to
    the site; a connection, the goals of the site and of the groups it would join (read from
    the groups, nothing placed)."""
    stone = colour + 1
    nb = t[T.NBR] + site * t[P.DIRS]
    own = False
    for d in range(t[P.DIRS]):
        x = t[nb + d]
        if x >= 0 and s[BOARD + x] == stone:
            own = True
    par = sec(s, S.PARENT)
    gm = sec(s, S.GMASK)
    goals = t[t[T.CELLBITS] + site]
    if own:
        adj = t[T.ADJ]
        for i in range(t[P.NUM_ADJ]):
            x = t[nb + t[adj + i]]
            if x >= 0 and s[BOARD + x] == stone:
                goals |= s[gm + find(s, par, x)]
    for k in range(t[P.NUM_CLAUSES]):
        clause = t[T.CLAUSES] + CL.SIZE * k
        for pc in range(t[clause + CL.COND], t[clause + CL.COND_END]):
            at = t[T.CODE] + pc * O.SIZE
            op = t[at + O.KIND]
            if op == OP.LINE or op == OP.LOOP:
                if own:
                    return True
            elif op == OP.CONN:
                mask = t[t[T.CONN] + COLOURS * t[at + O.TEST] + colour]
                got = goals & mask
                need = t[at + O.NEED]
                if (need < 0 and got == mask) or (need >= 0 and popcount(got) >= need):
                    return True
    return False


@kernel
def wins_at(t, s, w, colour, site):
    """Would a stone of ``colour`` on the empty ``site`` win at once (the first end clause that
    then holds gives ``colour`` a win)? Tried on the state and undone."""
    if s[BOARD + site] != 0 or not could_win(t, s, colour, site):
        return False
    full = t[P.GROUPS] == 1  # groups change: save the whole state; else only what lines read
    depth = w[W.DEPTH]
    if full and depth >= t[P.DEPTH]:
        fail(w, ERR.DEPTH, 0, depth)
        return False
    saved = w_save(t, depth)
    size = trial_size(t, s)
    mover, last, last_from = s[I.MOVER], s[I.LAST_TO], s[I.LAST_FROM]
    frm, to, site_before = s[I.FROM], s[I.TO], s[I.SITE]
    if full:
        for i in range(size):
            w[saved + i] = s[i]
        place(t, s, site, colour)
    else:
        s[BOARD + site] = colour + 1
    s[I.MOVER] = colour
    s[I.LAST_TO] = site
    s[I.LAST_FROM] = -1
    set_context(s, -1, site)  # as the end clauses would see the placement
    s[I.RUNS_KEY] = 0  # the line cache is for another stone: start afresh (and after)
    m, _ = first_clause(t, s, w)
    win = False
    if m >= 0:
        at = t[T.CLAUSES] + CL.SIZE * m
        win = t[at + CL.OUTCOME] == OUTCOME.WIN and role_colour(t, s, t[at + CL.ROLE]) == colour
    if full:
        for i in range(size):
            s[i] = w[saved + i]
    else:
        s[BOARD + site] = 0
        s[I.MOVER], s[I.LAST_TO], s[I.LAST_FROM] = mover, last, last_from
        s[I.FROM], s[I.TO], s[I.SITE] = frm, to, site_before
    s[I.RUNS_KEY] = 0
    return win


@kernel
def dynamic_region_has(t, s, w, code, mover, site):
    """Membership in a region computed by trial moves ((sites Winning …) or a union with one)."""
    row = REG.DYNAMIC - code
    at = t[T.DYNREG] + row * DR.SIZE
    kind = t[at + DR.KIND]
    if kind == DYN.WINNING:
        colour = role_colour(t, s, t[at + DR.ROLE])
        if not could_win(t, s, colour, site) or \
                not in_region(t, s, w, t[at + DR.REGION], mover, site):
            return False
        return wins_at(t, s, w, colour, site)
    if t[at + DR.TRIALS] == 1:  # a union with WINNING parts (flattened; other unions are
        for i in range(t[at + DR.PART_COUNT]):  # read off the position, as in_region does)
            part = t[t[T.LIST] + t[at + DR.PARTS] + i]
            inner = t[T.DYNREG] + (REG.DYNAMIC - part) * DR.SIZE
            if part > REG.DYNAMIC or t[inner + DR.KIND] != DYN.WINNING:
                if in_region(t, s, w, part, mover, site):
                    return True
            elif in_region(t, s, w, t[inner + DR.REGION], mover, site) and \
                    wins_at(t, s, w, role_colour(t, s, t[inner + DR.ROLE]), site):
                return True
        return False
    return in_region(t, s, w, code, mover, site)  # the rows read off the position


# ---------------------------------------------------------------- slides


@kernel
def enemy_distances(t, s, w):
    """Each cell's distance (in steps, pieces ignored) to the nearest piece of another colour
    than the mover's, by a breadth-first search from all of them (each cell is queued once)."""
    C = t[P.CELLS]
    dist = t[P.W_DIST]
    queue = t[P.W_SCRATCH]
    stone = s[I.MOVER] + 1
    head = 0
    tail = 0
    for c in range(C):
        if s[BOARD + c] != 0 and s[BOARD + c] != stone:
            w[dist + c] = 0
            w[queue + tail] = c
            tail += 1
        else:
            w[dist + c] = 1 << 30
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    adj = t[T.ADJ]
    while head < tail:
        c = w[queue + head]
        head += 1
        for i in range(t[P.NUM_ADJ]):
            x = t[nbr + c * dirs + t[adj + i]]
            if x >= 0 and w[dist + x] > w[dist + c] + 1:
                w[dist + x] = w[dist + c] + 1
                w[queue + tail] = x
                tail += 1
    w[W.DIST_READY] = 1


@kernel
def slide_moves(t, s, w, g, buf, n):
    """Slides of the mover's pieces along empty lines, up to the distance limit. With a stop
    rule (G.STOP, Ludii's to-condition) the slide may end on any empty site, and on the first
    site where the rule holds, where it stops: Ludii's step moves, which run the to's apply and
    then effects. Without one, the to-condition ((is Approach …)) keeps the empty sites where
    it holds."""
    at = t[T.GEN] + g * G.SIZE
    mover = s[I.MOVER]
    stone = mover + 1
    if t[at + G.DISTANCES] == 1 and w[W.DIST_READY] == 0:
        enemy_distances(t, s, w)
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    mask = t[at + G.DIRS]
    dist = t[P.W_DIST]
    stop = t[at + G.STOP] == 1
    kind = MOVE.STEP if stop else MOVE.SLIDE
    cond_start, cond_end = t[at + G.TO_COND], t[at + G.TO_COND_END]
    over_start, over_end = t[at + G.OVER_COND], t[at + G.OVER_COND_END]
    land_start, land_end = t[at + G.LAND_COND], t[at + G.LAND_COND_END]
    fewest = t[at + G.MIN]
    # the to-condition alone as one (is Approach) test is checked here, without the VM
    approach = -1
    op_at = t[T.CODE] + cond_start * O.SIZE
    if cond_end - cond_start == 1 and t[op_at + O.KIND] == OP.APPROACH:
        approach = t[op_at + O.NOT_FARTHER]
    first, last = 0, t[P.BOARD_CELLS]
    one = t[at + G.FROM_SITE] < t[at + G.FROM_SITE_END]
    if one:  # (from SITE): the mover's piece there (a castling's king or rook)
        first, _ = evaluate(t, s, w, t[at + G.FROM_SITE], t[at + G.FROM_SITE_END])
        last = first + 1
        if first < 0 or first >= t[P.BOARD_CELLS]:
            return n
    for a in range(first, last):
        if s[BOARD + a] != stone or not (one or in_region(t, s, w, t[at + G.FROM_REGION], mover,
                                                          a)) \
                or not from_holds(t, s, w, at, a):
            continue
        limit = t[P.CELLS]
        if t[at + G.MAX] < t[at + G.MAX_END]:
            s[I.FROM] = a
            limit, _ = evaluate(t, s, w, t[at + G.MAX], t[at + G.MAX_END])
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
                    s[I.FROM] = a
                    s[I.TO] = x
                    # a stop nearer than the range's least is passed like any site (Ludii)
                    halt = k + 1 >= fewest and holds(t, s, w, cond_start, cond_end)
                if not halt:  # Ludii's go rule at the site passed, (between): empty by default
                    if over_start < over_end:
                        s[I.FROM] = a
                        s[I.TO] = x
                        s[I.BETWEEN] = x
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
                    s[I.FROM] = a
                    s[I.TO] = x
                    if not holds(t, s, w, cond_start, cond_end):
                        continue
                if k + 1 < fewest:  # Ludii's range: not this near
                    continue
                if land_start < land_end:  # Ludii's to-rule: no move here unless it holds
                    s[I.FROM] = a
                    s[I.TO] = x
                    if not holds(t, s, w, land_start, land_end):
                        if halt:
                            break
                        continue
                buf[n] = kind | (x << KIND_BITS) | (a << FROM_SHIFT) | (g << GEN_SHIFT)
                n += 1
                if w[W.LIMIT] > 0 and n >= w[W.LIMIT]:
                    return n
                if halt:
                    break
    return n


@kernel
def step_moves(t, s, w, g, buf, n):
    """Ludii's steps and one-site hops. A step: each piece in the from-region moves to its
    neighbour along each of the generator's directions where the to-condition holds, occupied
    or not. A hop (GEN.HOP_OVER): a piece at each from-site (the generator's one site, or each
    piece of its region) jumps along each direction over the adjacent site, (between), where
    the between-condition holds, to the next site on that line, (to), where the to-condition
    holds. Each jump is one move; a series is made of moves again."""
    at = t[T.GEN] + g * G.SIZE
    hop = t[at + G.KIND] == GEN.HOP_OVER
    mover = s[I.MOVER]
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    first, last = 0, t[P.BOARD_CELLS]
    if t[at + G.FROM_SITE] < t[at + G.FROM_SITE_END]:
        first, _ = evaluate(t, s, w, t[at + G.FROM_SITE], t[at + G.FROM_SITE_END])
        last = first + 1
        if first < 0 or first >= t[P.BOARD_CELLS]:
            return n
    for a in range(first, last):
        if s[BOARD + a] == 0 or (last - first > 1
                                 and not in_region(t, s, w, t[at + G.FROM_REGION], mover, a)) \
                or not from_holds(t, s, w, at, a):
            continue
        mask = piece_dirs(t, s, at, a)
        for d in range(dirs):
            if (mask >> d) & 1 == 0:
                continue
            b = t[nbr + a * dirs + d]
            if hop and far(t, at):
                n = far_hops(t, s, w, g, at, a, b, d, buf, n)
                if w[W.LIMIT] > 0 and n >= w[W.LIMIT]:
                    return n
                continue
            x = t[nbr + b * dirs + d] if hop and b >= 0 else b
            if x < 0:
                continue
            s[I.FROM] = a
            s[I.BETWEEN] = b
            s[I.TO] = x
            if hop and not holds(t, s, w, t[at + G.OVER_COND], t[at + G.OVER_COND_END]):
                continue
            if not holds(t, s, w, t[at + G.TO_COND], t[at + G.TO_COND_END]):
                continue
            buf[n] = MOVE.STEP | (x << KIND_BITS) | (a << FROM_SHIFT) | (g << GEN_SHIFT)
            n += 1
            if w[W.LIMIT] > 0 and n >= w[W.LIMIT]:
                return n
    return n


@kernel
def from_to_moves(t, s, w, g, buf, n):
    """Ludii's (move (from …) (to …)): a piece at each from-site (the generator's one site, or
    every site of its region) where the from-condition holds goes to each to-site (one site, or
    a region's) where the to-condition holds. A site with no piece and no counter is skipped."""
    at = t[T.GEN] + g * G.SIZE
    mover = s[I.MOVER]
    C = t[P.CELLS]
    cnt = sec(s, S.COUNTS)
    first, last = 0, C
    if t[at + G.FROM_SITE] < t[at + G.FROM_SITE_END]:
        first, _ = evaluate(t, s, w, t[at + G.FROM_SITE], t[at + G.FROM_SITE_END])
        last = first + 1
        if first < 0 or first >= C:
            return n
    one_to = t[at + G.TO_SITE] < t[at + G.TO_SITE_END]
    to_code = t[at + G.TO_REGION]
    for a in range(first, last):
        if s[BOARD + a] == 0 and s[cnt + a] == 0:
            continue
        if last - first > 1 and not in_region(t, s, w, t[at + G.FROM_REGION], mover, a):
            continue
        if not from_holds(t, s, w, at, a):
            continue
        s[I.FROM] = a
        lo, hi = 0, C
        if one_to:
            lo, _ = evaluate(t, s, w, t[at + G.TO_SITE], t[at + G.TO_SITE_END])
            hi = lo + 1
            if lo < 0 or lo >= C:
                continue
        for c in range(lo, hi):
            if not one_to and not in_region(t, s, w, to_code, mover, c):
                continue
            set_context(s, a, c)  # (site) too, for a (forEach REGION if:C) to
            if not holds(t, s, w, t[at + G.TO_COND], t[at + G.TO_COND_END]):
                continue
            buf[n] = MOVE.STEP | (c << KIND_BITS) | (a << FROM_SHIFT) | (g << GEN_SHIFT)
            n = level_copies(t, s, w, g, a, buf, n + 1)
            if w[W.LIMIT] > 0 and n >= w[W.LIMIT]:
                return n
    return n


@tiny
def level_copies(t, s, w, g, a, buf, n):
    """After the move ``buf[n - 1]`` from site ``a``: where generator ``g`` makes its moves for
    each level of the pile at ``a`` (G.LEVELS), the same move once more for every other piece
    of the pile (ludi's piles hold one kind, so each level's moves are the top's, as Ludii
    lists them once a level); the new count. The bound proven for the buffer counts every
    piece; a pile grown past it (pieces made in play) is an engine error, not a write."""
    if t[t[T.GEN] + g * G.SIZE + G.LEVELS] == 0:
        return n
    move = buf[n - 1]
    for _ in range(s[sec(s, S.COUNTS) + a] - 1):
        if n >= buf.shape[0]:
            fail(w, ERR.LEVELS, g, n)
            return n
        if w[W.LIMIT] > 0 and n >= w[W.LIMIT]:
            return n
        buf[n] = move
        n += 1
    return n


# ---------------------------------------------------------------- the move program


@kernel
def leaf_moves(t, s, w, g, buf, n):
    """Append the moves of generator ``g`` to ``buf[n:]``; return the new count."""
    at = t[T.GEN] + g * G.SIZE
    kind = t[at + G.KIND]
    if kind == GEN.ADD or kind == GEN.SELECT:
        if kind == GEN.SELECT and t[at + G.FROM_SITE] < t[at + G.FROM_SITE_END]:  # one site
            c, _ = evaluate(t, s, w, t[at + G.FROM_SITE], t[at + G.FROM_SITE_END])
            if c < 0 or c >= t[P.CELLS]:
                return n
            s[I.FROM] = c
            s[I.TO] = c  # Ludii's Select reads the chosen site as (to) too
            if not holds(t, s, w, t[at + G.FROM_COND], t[at + G.FROM_COND_END]):
                return n
            buf[n] = MOVE.SELECT | (c << FROM_SHIFT) | (c << KIND_BITS) | (g << GEN_SHIFT)
            return level_copies(t, s, w, g, c, buf, n + 1)
        mover = s[I.MOVER]
        if kind == GEN.ADD:  # where it places, and the to-condition
            code, cond_start, cond_end = t[at + G.TO_REGION], t[at + G.TO_COND], \
                t[at + G.TO_COND_END]
        else:  # where it chooses, and the from-condition
            code, cond_start, cond_end = t[at + G.FROM_REGION], t[at + G.FROM_COND], \
                t[at + G.FROM_COND_END]
        # an add only ever goes on an empty cell: walk the empties list, not the whole board
        on_empties = kind == GEN.ADD and (code == REG.EMPTY or code <= REG.DYNAMIC)
        count = s[I.NEMPTY] if on_empties else t[P.CELLS]
        empties = sec(s, S.EMPTIES)
        cnt = sec(s, S.COUNTS)
        for i in range(count):
            c = s[empties + i] if on_empties else i
            if code <= REG.DYNAMIC:
                if not dynamic_region_has(t, s, w, code, mover, c):
                    continue
            elif not on_empties and not in_region(t, s, w, code, mover, c):
                continue
            if kind == GEN.ADD:
                if c >= t[P.BOARD_CELLS] or s[BOARD + c] != 0 or s[cnt + c] != 0:
                    continue
                s[I.TO] = c
                s[I.SITE] = c  # a (forEach REGION if:C) filter reads it as (site)
                move = MOVE.ADD | (c << KIND_BITS)
            else:
                s[I.FROM] = c
                s[I.TO] = c  # Ludii's Select reads the chosen site as (to) too
                s[I.SITE] = c  # a (forEach REGION if:C) filter reads it as (site)
                move = MOVE.SELECT | (c << FROM_SHIFT) | (c << KIND_BITS)
            if cond_start < cond_end and not holds(t, s, w, cond_start, cond_end):
                continue
            buf[n] = move | (g << GEN_SHIFT)
            n += 1
            if kind == GEN.SELECT:
                n = level_copies(t, s, w, g, c, buf, n)
            if w[W.LIMIT] > 0 and n >= w[W.LIMIT]:
                return n
        return n
    if kind == GEN.SLIDE:
        return slide_moves(t, s, w, g, buf, n)
    if kind == GEN.STEP or kind == GEN.HOP_OVER:
        return step_moves(t, s, w, g, buf, n)
    if kind == GEN.FROM_TO:
        return from_to_moves(t, s, w, g, buf, n)
    if kind == GEN.LEAP:
        return leaps.leap_moves(t, s, w, g, buf, n)
    if kind == GEN.HOP:
        return chains.hop_moves(t, s, w, g, buf, n)
    if kind == GEN.PASS:
        buf[n] = MOVE.PASS | (g << GEN_SHIFT)
        return n + 1
    if kind == GEN.PROPOSE:
        buf[n] = MOVE.PROPOSE | (t[at + G.PROPOSAL] << KIND_BITS) | (g << GEN_SHIFT)
        return n + 1
    if kind == GEN.VOTE:
        buf[n] = MOVE.VOTE | (t[at + G.PROPOSAL] << KIND_BITS) | (g << GEN_SHIFT)
        return n + 1
    fail(w, ERR.GENERATOR, g, kind)
    return n


@tiny
def branch(t, s, w, at, op, pc):
    """The instruction that follows a jump (``at``: its record) or a jump-unless whose condition
    fails; else ``pc``, the next one. The move program's (if …) and phases."""
    if op == PR.JUMP or not holds(t, s, w, t[at + IN.COND], t[at + IN.COND_END]):
        return t[at + IN.TARGET]
    return pc


@kernel
def threatened(t, s, w, colour):
    """Ludii's (is Threatened (id "King" ROLE)) for ``colour``'s piece of type T.THREAT: could
    another player still in the game move a piece onto its site? Their moves are the program's
    generators with its branches but without its do-filters (Ludii: a threat test inside
    another fails, so a (do … ifAfterwards:(not (is Threatened …))) keeps every move); the
    compiler refuses programs where that differs. No piece on the board: not threatened."""
    kind = t[t[T.THREAT] + colour]
    site = -1
    for a in range(t[P.BOARD_CELLS]):
        if s[BOARD + a] == colour + 1 and piece_type(t, s, a) == kind:
            site = a
            break
    if kind == 0 or site < 0:
        return 0
    return attacked(t, s, w, colour, site)


@kernel
def settle_stops(t, s, w):
    """Go on with a move's (then …) where the effects stopped (``W.CAN_MOVE``), at an ``(if (can
    Move M) A B)`` or an ``(if (is Threatened (id "King" ROLE)) A B)``: generate M's moves, or
    the other players' (:func:`threatened`), one level down (the effects cannot generate), run
    A if there are some, B if not, then the rest of the list (which may stop at another such
    test)."""
    depth = w[W.DEPTH]
    while w[W.CAN_MOVE] > 0 and w[W.ERROR] == 0:
        at = w[W.CAN_MOVE] - 1
        left = w[W.CAN_MOVE_LEFT]
        w[W.CAN_MOVE] = 0
        if depth >= t[P.DEPTH] - 1:
            fail(w, ERR.DEPTH, 0, depth)
            return
        threat, what, jump = stop_test(t, at)
        if threat == 1:
            found = threatened(t, s, w, role_colour(t, s, what))
        else:
            frm, to, site = s[I.FROM], s[I.TO], s[I.SITE]
            w[W.DEPTH] = depth + 1
            start = w_moves(t, depth)
            found = leaf_moves(t, s, w, what, w[start:start + t[P.MAX_MOVES]], np.int64(0))
            w[W.DEPTH] = depth
            s[I.FROM], s[I.TO], s[I.SITE] = frm, to, site
        skip = 0 if found > 0 else jump
        effects(t, s, w, at + 1 + skip, left - skip)


@kernel
def attacked(t, s, w, colour, site):
    """Could a player other than ``colour``, still in the game, move a piece onto ``site``?
    (See :func:`threatened`: the program's generators and branches, not its filters; its own
    threat tests fail, and its (can Move …) tests are made.)"""
    depth = w[W.DEPTH]
    if depth >= t[P.DEPTH] - 1:
        fail(w, ERR.DEPTH, 0, depth)
        return 0
    start = w_moves(t, depth)
    buf = w[start:start + t[P.MAX_MOVES]]
    mover, frm, to, here, limit = s[I.MOVER], s[I.FROM], s[I.TO], s[I.SITE], w[W.LIMIT]
    prev = s[I.PREV_MOVER]
    # the others move as after ``colour``'s move: a play's (if (is Prev Mover) A B) gives B,
    # as Ludii's test of the pieces' own moves does (a tried move has not changed Prev yet)
    s[I.PREV_MOVER] = colour
    w[W.DEPTH] = depth + 1
    w[W.LIMIT] = 0
    found = 0
    for enemy in range(t[P.PLAYERS]):
        if enemy == colour or s[I.ACTIVE + enemy] == 0 or found == 1:
            continue
        s[I.MOVER] = enemy
        w[W.DIST_READY] = 0
        pc = 0
        while pc < t[P.PROG_LEN] and found == 0 and w[W.ERROR] == 0:
            at = t[T.PROG] + pc * IN.SIZE
            op = t[at + IN.KIND]
            pc += 1
            if op == PR.LEAF:
                n = leaf_moves(t, s, w, t[at + IN.GEN], buf, np.int64(0))
                for i in range(n):  # moves that land somewhere (not a pass or a vote)
                    kind = buf[i] & KIND_MASK
                    if (kind == MOVE.STEP or kind == MOVE.SLIDE) and move_to(buf[i]) == site:
                        found = 1
                        break
            elif op == PR.JUMP_UNLESS or op == PR.JUMP:
                pc = branch(t, s, w, at, op, pc)
            elif op == PR.JUMP_UNLESS_MOVES:  # the list is free between generators
                w[W.LIMIT] = 1
                if leaf_moves(t, s, w, t[at + IN.GEN], buf, np.int64(0)) == 0:
                    pc = t[at + IN.TARGET]
                w[W.LIMIT] = 0
            elif op == PR.END:
                break
    s[I.MOVER], s[I.FROM], s[I.TO], s[I.SITE] = mover, frm, to, here
    s[I.PREV_MOVER] = prev
    w[W.LIMIT] = limit
    w[W.DIST_READY] = 0
    w[W.DEPTH] = depth
    return found


@kernel
def threatened_at(t, s, w, colour, site):
    """Ludii's (is Threatened (id "King" ROLE) at:SITE): could another player move onto
    ``site`` were ``colour``'s T.THREAT piece there (put there, the board otherwise as it is,
    the piece itself still where it stands)? The state is restored afterwards."""
    depth = w[W.DEPTH]
    if depth >= t[P.DEPTH] - 1:
        fail(w, ERR.DEPTH, 0, depth)
        return 0
    size = trial_size(t, s)
    saved = w_save(t, depth)
    for i in range(size):
        w[saved + i] = s[i]
    w[W.DEPTH] = depth + 1
    remove(t, s, site)
    place_piece(t, s, site, colour, t[t[T.THREAT] + colour])
    found = attacked(t, s, w, colour, site)
    w[W.DEPTH] = depth
    for i in range(size):
        s[i] = w[saved + i]
    return found


@kernel
def safe_path(t, s, w, move):
    """Is no site the slide ``move`` passed over threatened for the mover's T.THREAT piece
    (PR.KEEP_SAFE_PATH)? The sites passed are those where its go rule was tested: every site
    before its landing, and the landing too unless its stop rule halted it there (as
    :func:`slide_moves` tests them). Its generator goes one way (the compiler)."""
    at = t[T.GEN] + move_gen(move) * G.SIZE
    a, x = move_from(move), move_to(move)
    dirs = t[P.DIRS]
    d = 0
    while (t[at + G.DIRS] >> d) & 1 == 0:
        d += 1
    k = 0
    y = a
    while y != x and y >= 0:
        y = t[t[T.NBR] + y * dirs + d]
        k += 1
    s[I.FROM] = a
    s[I.TO] = x
    passed = k
    if t[at + G.STOP] == 1 and t[at + G.TO_COND] < t[at + G.TO_COND_END] \
            and k >= t[at + G.MIN] and holds(t, s, w, t[at + G.TO_COND], t[at + G.TO_COND_END]):
        passed = k - 1
    y = a
    for _ in range(passed):
        y = t[t[T.NBR] + y * dirs + d]
        if threatened_at(t, s, w, s[I.MOVER], y) == 1:
            return False
    return True


@tiny
def last_instruction(t, pc):
    """Does the move program end at instruction ``pc``: its end, or an END, maybe through
    jumps (a phase's block jumps to the program's END)? Jumps only go forward."""
    while pc < t[P.PROG_LEN]:
        at = t[T.PROG] + pc * IN.SIZE
        if t[at + IN.KIND] == PR.END:
            return True
        if t[at + IN.KIND] != PR.JUMP or t[at + IN.TARGET] <= pc:
            return False
        pc = t[at + IN.TARGET]
    return True


@kernel
def run_program(t, s, w, buf):
    """Run the move program (T.PROG) into ``buf``; return the number of moves. Jumps only go
    forward, so every instruction runs once at most: the marks stack holds P.PROG_LEN + 1."""
    prog = t[T.PROG]
    marks = t[P.W_MARKS]
    lazy = w[W.LAZY] == 1
    w[W.LAZY] = 0  # programs run inside this one (a condition's move counts) filter in full
    spans = w[W.SPANS_ON] == 1
    w[W.SPANS_ON] = 0  # and note no spans: W.SPANS holds this program's (kernels.legal)
    top = 0
    opened = w[W.PRIORS_OPEN]  # (do … next:) brackets of an outer program still open
    n = np.int64(0)  # not a literal 0: numba would compile leaf_moves once more for it
    pc = 0
    while pc < t[P.PROG_LEN] and w[W.ERROR] == 0:
        at = prog + pc * IN.SIZE
        op = t[at + IN.KIND]
        here = pc
        pc += 1
        if op == PR.LEAF:
            n = leaf_moves(t, s, w, t[at + IN.GEN], buf, n)
            if n > 0 and n >= w[W.LIMIT] > 0:
                while w[W.PRIORS_OPEN] > opened:
                    close_prior(t, s, w)
                return n  # only whether a move exists was asked (no do-filter to come)
        elif op == PR.PRIOR:
            open_prior(t, s, w, at)
        elif op == PR.DIE:
            if not die_context(t, s, t[at + IN.DICE]):
                pc = t[at + IN.TARGET]
        elif op == PR.PRIOR_END:
            close_prior(t, s, w)
        elif op == PR.MARK:
            w[marks + top] = n
            top += 1
        elif op == PR.JUMP_UNLESS or op == PR.JUMP:
            pc = branch(t, s, w, at, op, pc)
        elif op == PR.JUMP_IF_THREATENED:
            if threatened(t, s, w, role_colour(t, s, t[at + IN.ROLE])) == 1:
                pc = t[at + IN.TARGET]
        elif op == PR.JUMP_UNLESS_MOVES:  # written past the list, which has room (bounds)
            limit = w[W.LIMIT]
            w[W.LIMIT] = n + 1
            if leaf_moves(t, s, w, t[at + IN.GEN], buf, n) == n:
                pc = t[at + IN.TARGET]
            w[W.LIMIT] = limit
        elif op == PR.KEEP_SAFE_PATH:
            top -= 1
            k = w[marks + top]
            for i in range(w[marks + top], n):
                if safe_path(t, s, w, buf[i]):
                    buf[k] = buf[i]
                    k += 1
            n = k
        elif op == PR.PRIO_DONE:
            if n > w[marks + top - 1]:
                top -= 1
                pc = t[at + IN.TARGET]
        elif op == PR.POP:
            top -= 1
        elif op == PR.KEEP_MAX_CAPTURES:
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
        elif op == PR.KEEP_LONGEST:
            top -= 1
            first = w[marks + top]
            if spans and n - first > 1:  # (one move or none: nothing to choose)
                note_span(t, w, first, n, here)
        elif op == PR.KEEP_IF_AFTER:
            top -= 1
            if lazy and w[marks + top] == 0 and last_instruction(t, pc) \
                    and not swap_allowed(t, s):
                w[W.DEFERRED] = at  # every move is filtered, and nothing follows
            else:
                k = w[marks + top]
                for i in range(w[marks + top], n):
                    if trial_holds(t, s, w, buf[i], t[at + IN.COND], t[at + IN.COND_END]):
                        buf[k] = buf[i]
                        k += 1
                n = k
        elif op == PR.END:
            break
        else:
            fail(w, ERR.INSTRUCTION, here, op)
            break
        if pc <= here:
            fail(w, ERR.JUMP, here, pc)
            break
    while w[W.PRIORS_OPEN] > opened:  # (an error stopped the program inside a bracket)
        close_prior(t, s, w)
    return n


@kernel
def open_prior(t, s, w, at):
    """A (do PRIOR next:…): save the state one level down, then apply PRIOR (instruction
    ``at``); the moves generated until :func:`close_prior` are the next moves after it."""
    depth = w[W.DEPTH]
    if depth >= t[P.DEPTH]:
        fail(w, ERR.DEPTH, 0, depth)
        return
    size = trial_size(t, s)
    saved = w_save(t, depth)
    for i in range(size):
        w[saved + i] = s[i]
    w[W.DEPTH] = depth + 1
    w[W.PRIORS_OPEN] += 1
    effects(t, s, w, t[at + IN.EFFECTS], t[at + IN.EFFECT_COUNT])


@tiny
def die_context(t, s, mask):
    """(forEach Die …) at the dice ``mask``: set (pips) to their sum; False when the block is
    skipped (several dice, one of them used)."""
    total = 0
    several = mask & (mask - 1) != 0
    for k in range(t[P.DICE]):
        if (mask >> k) & 1 == 1:
            if several and s[I.DICE + k] == 0:
                return False
            total += s[I.DICE + k]
    s[I.PIP] = total
    return True


@tiny
def close_prior(t, s, w):
    """Put back the state :func:`open_prior` saved."""
    depth = w[W.DEPTH] - 1
    w[W.DEPTH] = depth
    w[W.PRIORS_OPEN] -= 1
    saved = w_save(t, depth)
    for i in range(trial_size(t, s)):
        s[i] = w[saved + i]


@tiny
def swap_allowed(t, s):
    return s[I.PLY] == 1 and t[P.SWAP] == 1 and t[P.PLAYERS] == 2


@kernel
def generate(t, s, w, buf):
    """Write the mover's legal moves into ``buf`` (``P.MAX_MOVES`` long); return how many."""
    if s[I.OVER] == 1:
        return 0
    w[W.CHAIN_TOP] = 0
    w[W.DIST_READY] = 0
    n = 0
    if t[P.PLAY] == PLAY.ADD:
        mask = t[T.ADD_MASK]
        for c in range(t[P.BOARD_CELLS]):
            if s[BOARD + c] == 0 and t[mask + c] == 1:
                buf[n] = MOVE.ADD | (c << KIND_BITS)
                n += 1
    elif t[P.SOW_FAST] == 1:
        n = sowing.sow_moves(t, s, w, buf)
    else:  # generators set (from), (to) and (site) as they go: put them back after
        frm, to, site = s[I.FROM], s[I.TO], s[I.SITE]
        n = run_program(t, s, w, buf)
        s[I.FROM], s[I.TO], s[I.SITE] = frm, to, site
    if n > 0 and swap_allowed(t, s):
        buf[n] = MOVE.SWAP
        n += 1
    return n
