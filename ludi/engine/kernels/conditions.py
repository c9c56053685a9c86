"""The condition and integer VM: postfix programs of ``T_CODE`` ops, evaluated on a stack; and the
end clauses, tried in order.

A program is a range [start, end) of ops (``OP_*``, fields ``O_*`` in ``ludi.compile.layout``).
Booleans are 0/1 integers. Besides the value, evaluation reports the op of the leaf test that made
a condition hold (for end types, e.g. which of ring, fork or bridge ended a Havannah game). The
VM is not re-entrant (no op evaluates another program; a loop over a region's sites jumps back
within its own ops), so one stack of ``P_VM_STACK`` entries always suffices: each op pushes one
value at most, and a loop three more.

Line, connection and ring tests look through the last placed stone: they are what end clauses,
checked after every move, need.
"""

from __future__ import annotations

from ludi.compile.layout import (
    AROUND_ANY,
    AROUND_EMPTY,
    AROUND_FIXED,
    AROUND_FROM,
    AROUND_LAST_FROM,
    AROUND_LAST_TO,
    AROUND_NEUTRAL,
    AROUND_NOT_EMPTY,
    AROUND_OWN,
    AROUND_REGION,
    AROUND_TO,
    BOARD,
    CL_COND,
    CL_COND_END,
    CLAUSE_WIDTH,
    DR_CENTRE,
    DR_DIRS,
    DR_FILTER,
    DR_HAND_SIZE,
    DR_KIND,
    DR_PART_COUNT,
    DR_PARTS,
    DR_REGION,
    DR_ROLE,
    DR_SITE,
    DR_WITH_CENTRE,
    DR_WITHIN,
    DYN_AROUND,
    DYN_DIFFERENCE,
    DYN_EXPAND,
    DYN_IN_HAND,
    DYN_INTERSECTION,
    DYN_OCCUPIED_TYPE,
    DYNREG_WIDTH,
    ERR_DIVISION,
    ERR_DYNREG,
    ERR_OP,
    ERR_REGION,
    ERR_VM_STACK,
    G_FROM_COND,
    G_FROM_COND_END,
    I_ACTIVE,
    I_BETWEEN,
    I_CELLS,
    I_COUNTER,
    I_CYCLE,
    I_DECIDED,
    I_FROM,
    I_LAST_AFTER,
    I_LAST_FROM,
    I_LAST_TO,
    I_LOOP_FLAG,
    I_MOVER,
    I_PENDING,
    I_PENDING_VALUE,
    I_PHASE,
    I_PIECES,
    I_PLY,
    I_PREV_MOVER,
    I_PROPOSED,
    I_RUNS,
    I_RUNS_KEY,
    I_SCORES,
    I_SITE,
    I_STUCK,
    I_TO,
    I_TRIGGERED,
    I_TURNS,
    I_VALUES,
    I_VARS,
    I_VISITED,
    LOOP_ALL,
    MAP_WIDTH,
    MP_KEY,
    MP_MAP,
    MP_VALUE,
    O_AXES,
    O_COMPARE,
    O_DIRECTION,
    O_EXACT,
    O_JUMP,
    O_KIND,
    O_LENGTH,
    O_MODE,
    O_NEED,
    O_NOT_FARTHER,
    O_NUMBER_COUNT,
    O_NUMBERS,
    O_OPERANDS,
    O_PROPOSAL,
    O_REGION,
    O_ROLE,
    O_SITE,
    O_TEST,
    O_TIMES,
    O_VALUE,
    OP_ADD,
    OP_AHEAD,
    OP_AND,
    OP_APPROACH,
    OP_BETWEEN,
    OP_CELL_NUMBER,
    OP_CONN,
    OP_CONST,
    OP_COUNT_AT,
    OP_COUNT_CMP,
    OP_COUNT_IN,
    OP_COUNT_MOVES,
    OP_COUNT_PIECES,
    OP_COUNT_PLAYERS,
    OP_COUNT_SITES,
    OP_COUNT_STEPS,
    OP_COUNT_TURNS,
    OP_COUNTER,
    OP_CYCLE,
    OP_DECIDED,
    OP_DIV,
    OP_EQ,
    OP_FALSE,
    OP_FROM,
    OP_GE,
    OP_GT,
    OP_IF,
    OP_IN_NUMBERS,
    OP_IS_EMPTY,
    OP_IS_ENEMY,
    OP_IS_ENEMY_PLAYER,
    OP_IS_EVEN,
    OP_IS_FRIEND,
    OP_IS_FRIEND_PLAYER,
    OP_IS_IN,
    OP_IS_OCCUPIED,
    OP_IS_ODD,
    OP_IS_START,
    OP_IS_TRIGGERED,
    OP_IS_VISITED,
    OP_LAST_AFTER,
    OP_LAST_FROM,
    OP_LAST_TO,
    OP_LE,
    OP_LINE,
    OP_LINE_THROUGH,
    OP_LOOP,
    OP_LT,
    OP_MAP_ENTRY,
    OP_MAX,
    OP_MIN,
    OP_MOD,
    OP_MUL,
    OP_NE,
    OP_NO_MOVES,
    OP_NO_PIECES,
    OP_NOT,
    OP_OR,
    OP_PENDING,
    OP_PHASE,
    OP_PREV_MOVER,
    OP_PROPOSED,
    OP_REPEATED,
    OP_ROLE,
    OP_SCORE,
    OP_SITE,
    OP_SITES_LOOP,
    OP_SITES_NEXT,
    OP_STATE_AT,
    OP_SUB,
    OP_THREATENED,
    OP_TO,
    OP_TRACK_SITE,
    OP_TRUE,
    OP_VALUE_PENDING,
    OP_VALUE_PLAYER,
    OP_VAR,
    OP_WHAT,
    OP_WHERE,
    OP_WHO,
    OP_WIDTH,
    P_BOARD_CELLS,
    P_CELLS,
    P_DIRS,
    P_NUM_ADJ,
    P_NUM_AXES,
    P_NUM_CLAUSES,
    P_PLAYERS,
    P_VM_STACK,
    P_W_DIST,
    P_W_SCRATCH,
    P_W_VM,
    REG_COMPONENT,
    REG_COMPONENT_LAST,
    REG_DYNAMIC,
    REG_EMPTY,
    REG_OCCUPIED_ENEMY,
    REG_OCCUPIED_LAST,
    REG_OCCUPIED_MOVER,
    REG_OCCUPIED_NEXT,
    REG_OCCUPIED_P1,
    REG_OCCUPIED_PREV,
    S_COUNTS,
    S_GMASK,
    S_PARENT,
    S_STATE,
    T_ADJ,
    T_AXES,
    T_CLAUSES,
    T_CODE,
    T_COMPONENTS,
    T_CONN,
    T_DYNREG,
    T_LIST,
    T_MAPS,
    T_NBR,
    T_REGIONS,
    T_RIM,
    VISITED_WORDS,
    W_NO_MOVES,
    W_THREAT,
)
from ludi.engine.kernels import sowing
from ludi.engine.kernels.core import (
    fail,
    kernel,
    next_colour,
    prev_colour,
    role_colour,
    sec,
    tiny,
)
from ludi.engine.kernels.history import repetitions
from ludi.engine.kernels.pieces import find, piece_type

# ---------------------------------------------------------------- regions


@tiny
def in_region(t, s, w, code, colour, site):
    """Is ``site`` in the region with this code, seen by ``colour``? A fixed region is a table
    lookup, inlined where it is asked; the others are one compiled call (inlining them at every
    caller would multiply the engine's compile time)."""
    if code >= 0:
        return 0 <= site < t[P_CELLS] and \
            t[t[T_REGIONS] + (code * 4 + colour) * t[P_CELLS] + site] == 1
    return position_region_has(t, s, w, code, colour, site)


@kernel
def position_region_has(t, s, w, code, colour, site):
    """Membership in a region read off the position: a REG_* code or a T_DYNREG row; a
    difference or intersection of such regions (none of them one itself)."""
    if code > REG_DYNAMIC or site < 0 or site >= t[P_CELLS]:
        return part_region_has(t, s, w, code, colour, site)
    at = t[T_DYNREG] + (REG_DYNAMIC - code) * DYNREG_WIDTH
    kind = t[at + DR_KIND]
    if kind == DYN_DIFFERENCE or kind == DYN_INTERSECTION:  # (T_LIST parts)
        first = t[T_LIST] + t[at + DR_PARTS]
        inside = part_region_has(t, s, w, t[first], colour, site)
        for i in range(1, t[at + DR_PART_COUNT]):
            other = part_region_has(t, s, w, t[first + i], colour, site)
            inside = inside and (other if kind == DYN_INTERSECTION else not other)
        return inside
    return part_region_has(t, s, w, code, colour, site)


@kernel
def part_region_has(t, s, w, code, colour, site):
    """Membership in a region read off the position that is not made of others: a REG_* code
    or a T_DYNREG row of a single kind."""
    if code > REG_DYNAMIC:
        return basic_in_region(t, s, w, code, colour, site)
    if site < 0 or site >= t[P_CELLS]:
        return False
    row = REG_DYNAMIC - code  # the rows read here; the others are an Add's region only (its
    at = t[T_DYNREG] + row * DYNREG_WIDTH  # generator reads them)
    kind = t[at + DR_KIND]
    if kind == DYN_AROUND:
        return around(t, s, w, row, colour, site)
    if kind == DYN_IN_HAND:
        size = t[at + DR_HAND_SIZE]
        first = t[at + DR_SITE] + role_colour(t, s, t[at + DR_ROLE]) * size
        return first <= site < first + size and (
            s[BOARD + site] != 0 or s[sec(s, S_COUNTS) + site] != 0)
    if kind == DYN_EXPAND:
        centre = region_centre(t, s, at)
        cells = t[P_BOARD_CELLS]
        return 0 <= centre < cells and site < cells and \
            t[t[T_LIST] + t[at + DR_WITHIN] + centre * cells + site] == 1
    if kind == DYN_OCCUPIED_TYPE:
        return holds_type(t, s, at, site)
    fail(w, ERR_DYNREG, row, kind)
    return False


@tiny
def holds_type(t, s, at, site):
    """Is ``site`` in the DYN_OCCUPIED_TYPE region of the T_DYNREG row at ``at``: a board site
    holding the role's piece of that type?"""
    what = t[t[T_LIST] + t[at + DR_PARTS] + role_colour(t, s, t[at + DR_ROLE])]
    return site < t[P_BOARD_CELLS] and what != 0 and piece_type(t, s, site) == what


@tiny
def around_centre_has(t, s, w, code, colour, site):
    """Membership in the centre region of a DYN_AROUND row: a REG_* code or a
    DYN_OCCUPIED_TYPE row (the compiler allows no other)."""
    if code > REG_DYNAMIC:
        return basic_in_region(t, s, w, code, colour, site)
    return holds_type(t, s, t[T_DYNREG] + (REG_DYNAMIC - code) * DYNREG_WIDTH, site)


@kernel
def basic_in_region(t, s, w, code, colour, site):
    """Membership in a static region (code >= 0) or one read off the position (a REG_* code)."""
    if site < 0 or site >= t[P_CELLS]:
        return False
    if code >= 0:
        return t[t[T_REGIONS] + (code * 4 + colour) * t[P_CELLS] + site] == 1
    if code == REG_EMPTY:  # no piece and no counter
        return site < t[P_BOARD_CELLS] and s[BOARD + site] == 0 \
            and s[sec(s, S_COUNTS) + site] == 0
    if code == REG_OCCUPIED_MOVER:
        target = colour
    elif code == REG_OCCUPIED_NEXT:
        target = next_colour(t, s, colour)
    elif code == REG_OCCUPIED_PREV:
        target = prev_colour(t, s, colour)
    elif code <= REG_OCCUPIED_P1 and code >= REG_OCCUPIED_LAST:
        target = REG_OCCUPIED_P1 - code
    elif code == REG_OCCUPIED_ENEMY:  # any other player's piece on the board
        stone = s[BOARD + site]
        return site < t[P_BOARD_CELLS] and stone != 0 and stone != colour + 1
    elif code <= REG_COMPONENT and code >= REG_COMPONENT_LAST:
        return site < t[P_BOARD_CELLS] and piece_type(t, s, site) == REG_COMPONENT - code + 1
    else:
        fail(w, ERR_REGION, 0, code)
        return False
    return site < t[P_BOARD_CELLS] and s[BOARD + site] == target + 1  # the board's, not hands'


@tiny
def region_centre(t, s, at):
    """The site a DYN_AROUND or DYN_EXPAND row (at ``at``) is centred on: a fixed one or a
    context site."""
    which = t[at + DR_CENTRE]
    if which == AROUND_FIXED:
        return t[at + DR_SITE]
    if which == AROUND_TO:
        return s[I_TO]
    if which == AROUND_FROM:
        return s[I_FROM]
    if which == AROUND_LAST_TO:
        return s[I_LAST_TO]
    if which == AROUND_LAST_FROM:
        return s[I_LAST_FROM]
    return s[I_SITE]


@kernel
def around(t, s, w, row, colour, site):
    """Is ``site`` in the DYN_AROUND region of T_DYNREG row ``row``: a neighbour of its centre
    (or of a site of its centre region) along its directions, not a centre itself, holding what
    its filter asks, or a centre with includeSelf?"""
    at = t[T_DYNREG] + row * DYNREG_WIDTH
    if site >= t[P_BOARD_CELLS]:
        return False
    mask = t[at + DR_DIRS]
    dirs = t[P_DIRS]
    nbr = t[T_NBR]
    if t[at + DR_CENTRE] == AROUND_REGION:  # a neighbour of any site of the region: look at
        if around_centre_has(t, s, w, t[at + DR_REGION], colour, site):  # the site's neighbours,
            return t[at + DR_WITH_CENTRE] == 1  # whose step along the directions comes back
        near = False
        for e in range(dirs):
            x = t[nbr + site * dirs + e]
            if x >= 0 and around_centre_has(t, s, w, t[at + DR_REGION], colour, x):
                for d in range(dirs):
                    if (mask >> d) & 1 == 1 and t[nbr + x * dirs + d] == site:
                        near = True
                        break
            if near:
                break
    else:
        centre = region_centre(t, s, at)
        if centre < 0 or centre >= t[P_BOARD_CELLS]:
            return False
        if site == centre:  # Ludii: the centre is in only with includeSelf, whatever it holds
            return t[at + DR_WITH_CENTRE] == 1
        near = False
        for d in range(dirs):
            if (mask >> d) & 1 == 1 and t[nbr + centre * dirs + d] == site:
                near = True
                break
    if not near:
        return False
    want = t[at + DR_FILTER]
    stone = s[BOARD + site]
    if want == AROUND_ANY:
        return True
    if want == AROUND_EMPTY or want == AROUND_NOT_EMPTY:
        empty = stone == 0 and s[sec(s, S_COUNTS) + site] == 0
        return empty == (want == AROUND_EMPTY)
    if want == AROUND_OWN:
        return stone == colour + 1
    if want == AROUND_NEUTRAL:
        return stone == 0 and s[sec(s, S_COUNTS) + site] > 0
    return stone != 0 and stone != colour + 1


# ---------------------------------------------------------------- lines, groups, rings


@tiny
def run_length(t, s, c, d, stone):
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    n = 0
    x = t[nbr + c * dirs + d]
    while x >= 0 and s[BOARD + x] == stone:
        n += 1
        x = t[nbr + x * dirs + d]
    return n


@tiny
def line_through_last(t, s, length, axes_mask, exact, colour):
    """A line of ``length`` (or more, unless exact) of ``colour`` through the last stone. Run
    lengths per axis are computed once per (ply, colour) and cached in the state."""
    c = s[I_LAST_TO]
    stone = colour + 1
    if c < 0 or s[BOARD + c] != stone:
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
def is_line_type(t, s, site, what, types):
    """Is the piece on ``site`` of type ``what`` (>= 0) or of one of the ``types`` list's?"""
    here = piece_type(t, s, site)
    if here == 0:
        return False
    if what >= 0:
        return here == what
    for i in range(t[t[T_LIST] + types]):
        if t[t[T_LIST] + types + 1 + i] == here:
            return True
    return False


@kernel
def line_through(t, s, site, what, length, axes_mask, exact, types, contiguous):
    """Ludii's IsLine through ``site``: a line of ``length`` (or more, unless exact) of pieces of
    type ``what`` (>= 0), else of the ``types`` list's (none listed: of the type at ``site``),
    which ``site`` must hold too. Along each axis, a contiguous line stops at the first other
    site; otherwise every site of the kind on the axis counts, gaps and all."""
    if site < 0 or site >= t[P_BOARD_CELLS] or s[BOARD + site] == 0:
        return False
    if what < 0 and t[t[T_LIST] + types] == 0:
        what = piece_type(t, s, site)
    if not is_line_type(t, s, site, what, types):
        return False
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    axes = t[T_AXES]
    for a in range(t[P_NUM_AXES]):
        if (axes_mask >> a) & 1 == 0:
            continue
        run = 1
        for side in range(2):
            d = t[axes + 2 * a + side]
            x = t[nbr + site * dirs + d]
            while x >= 0:
                if is_line_type(t, s, x, what, types):
                    run += 1
                elif contiguous == 1:
                    break
                x = t[nbr + x * dirs + d]
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
    if c < 0 or s[BOARD + c] != colour + 1:
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
    if c < 0 or s[BOARD + c] != stone:
        return False
    C = s[I_CELLS]
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    adj = t[T_ADJ]
    nd = t[P_NUM_ADJ]
    rim = t[T_RIM]
    for i in range(-1, nd):
        x = c if i < 0 else t[nbr + c * dirs + t[adj + i]]
        if x >= 0 and s[BOARD + x] == stone and t[rim + x] == 0:
            full = True
            for j in range(nd):
                y = t[nbr + x * dirs + t[adj + j]]
                if y < 0 or s[BOARD + y] != stone:
                    full = False
                    break
            if full:
                return True
    if s[I_LOOP_FLAG] == 0:
        return False
    seen = t[P_W_SCRATCH]  # C marks, then a stack of C (each cell is pushed once at most)
    stack = seen + C
    top = 0
    for i in range(C):
        w[seen + i] = 0
        if t[rim + i] == 1 and s[BOARD + i] != stone:
            w[seen + i] = 1
            w[stack + top] = i
            top += 1
    while top > 0:
        top -= 1
        i = w[stack + top]
        for j in range(nd):
            x = t[nbr + i * dirs + t[adj + j]]
            if x >= 0 and w[seen + x] == 0 and s[BOARD + x] != stone:
                w[seen + x] = 1
                w[stack + top] = x
                top += 1
    for i in range(C):
        if s[BOARD + i] != stone and w[seen + i] == 0:
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
def map_entry(t, which, key):
    """Ludii's (mapEntry ["Name"] KEY): the entry of map ``which - 1`` (0: of the first map that
    has the key) for the key, or the key itself when there is none."""
    at = t[T_MAPS]
    for i in range(t[at]):
        row = at + 1 + i * MAP_WIDTH
        if (which == 0 or t[row + MP_MAP] == which - 1) and t[row + MP_KEY] == key:
            return t[row + MP_VALUE]
    return key


@kernel
def compare(w, op, pc, a, b):
    """Arithmetic and comparison ops (OP_ADD … OP_GE, OP_DIV, OP_MOD) on two integers."""
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
    if op == OP_GE:
        return 1 if a >= b else 0
    if op == OP_DIV or op == OP_MOD:  # Java's integer division: rounded toward 0
        if b == 0:
            fail(w, ERR_DIVISION, pc, 0)
            return 0
        q = abs(a) // abs(b)
        q = q if (a >= 0) == (b >= 0) else -q
        return q if op == OP_DIV else a - b * q
    fail(w, ERR_OP, pc, op)
    return 0


@kernel
def leaf(t, s, w, pc):
    """Evaluate an op that pops nothing (a test or a value) and return its value. The tests end
    clauses ask on every move are inlined here; the others are one compiled call, leaf_rest
    (the VM is inlined in several kernels, and each copy costs compile time)."""
    at = t[T_CODE] + pc * OP_WIDTH
    op = t[at + O_KIND]
    if op == OP_LINE:
        return 1 if line_through_last(t, s, t[at + O_LENGTH], t[at + O_AXES], t[at + O_EXACT],
                                      role_colour(t, s, t[at + O_ROLE])) else 0
    if op == OP_CONN:
        return 1 if connected(t, s, t[at + O_TEST], t[at + O_NEED],
                              role_colour(t, s, t[at + O_ROLE])) else 0
    if op == OP_COUNT_CMP:
        return compare(w, t[at + O_COMPARE], pc, s[sec(s, S_COUNTS) + t[at + O_SITE]],
                       t[at + O_VALUE])
    if op == OP_CONST:
        return t[at + O_VALUE]
    if op == OP_TRUE:
        return 1
    if op == OP_FALSE:
        return 0
    if op == OP_LOOP:
        return 1 if ring(t, s, w, role_colour(t, s, t[at + O_ROLE])) else 0
    if op == OP_ROLE:
        return role_colour(t, s, t[at + O_ROLE]) + 1
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
    if op == OP_NO_MOVES:
        return 1 if no_moves(s, w, role_colour(t, s, t[at + O_ROLE])) else 0
    if op == OP_COUNT_PIECES:
        return s[I_PIECES + role_colour(t, s, t[at + O_ROLE])]
    if op == OP_NO_PIECES:
        return 1 if s[I_PIECES + role_colour(t, s, t[at + O_ROLE])] == 0 else 0
    return leaf_rest(t, s, w, pc, op, at)


@kernel
def leaf_rest(t, s, w, pc, op, at):
    """The leaf ops that are not inlined in :func:`leaf`: counts over regions, the move and
    turn counters, phases, approach, repetition, proposals."""
    if op == OP_COUNT_IN or op == OP_COUNT_SITES:
        code = t[at + O_REGION]
        colour = s[I_MOVER]
        cnt = sec(s, S_COUNTS)
        total = 0
        for c in range(t[P_CELLS]):
            if in_region(t, s, w, code, colour, c):
                total += s[cnt + c] if op == OP_COUNT_IN else 1
        return total
    if op == OP_PREV_MOVER:
        return s[I_PREV_MOVER] + 1
    if op == OP_BETWEEN:
        return s[I_BETWEEN]
    if op == OP_LAST_AFTER:
        return s[I_LAST_AFTER] if s[I_LAST_AFTER] >= 0 else s[I_LAST_TO]
    if op == OP_PHASE:
        return s[I_PHASE + s[I_MOVER]]
    if op == OP_COUNT_MOVES:
        return s[I_PLY]
    if op == OP_COUNT_TURNS:  # Ludii's numTurn: 1 in the first turn, + 1 at each change
        return s[I_TURNS] + 1
    if op == OP_COUNT_PLAYERS:
        return t[P_PLAYERS]
    if op == OP_CYCLE:
        return s[I_CYCLE]
    if op == OP_APPROACH:  # compiled only in a slide's to-condition, where distances are known
        dist = t[P_W_DIST]
        before = w[dist + s[I_FROM]]
        after = w[dist + s[I_TO]]
        return 1 if after < before or (t[at + O_NOT_FARTHER] == 1 and after == before) else 0
    if op == OP_REPEATED:
        return 1 if repetitions(s) >= t[at + O_TIMES] else 0
    if op == OP_THREATENED:  # worked out before the conditions (generate.threatened)
        return w[W_THREAT + role_colour(t, s, t[at + O_ROLE])]
    if op == OP_PENDING:
        return s[I_PENDING]
    if op == OP_COUNTER:
        return s[I_COUNTER]
    if op == OP_VALUE_PENDING:
        return s[I_PENDING_VALUE] if s[I_PENDING] == 1 else 0
    if op == OP_IS_TRIGGERED:
        colour = role_colour(t, s, t[at + O_ROLE])
        return 1 if 0 <= colour < 4 and s[I_ACTIVE + colour] == 1 and (
            s[I_TRIGGERED] >> colour) & 1 == 1 else 0
    if op == OP_VALUE_PLAYER:
        return s[I_VALUES + role_colour(t, s, t[at + O_ROLE])]
    if op == OP_VAR:
        return s[I_VARS + t[at + O_VALUE]]
    if op == OP_WHERE:
        for a in range(t[P_BOARD_CELLS]):
            if s[BOARD + a] == t[at + O_ROLE] + 1 and piece_type(t, s, a) == t[at + O_VALUE]:
                return a
        return -1
    if op == OP_PROPOSED:
        return 1 if s[I_PROPOSED] == t[at + O_PROPOSAL] + 1 else 0
    if op == OP_DECIDED:
        return 1 if s[I_DECIDED] == t[at + O_PROPOSAL] + 1 else 0
    fail(w, ERR_OP, pc, op)
    return 0


@tiny
def next_site(t, s, w, code, after):
    """The first site after ``after`` in the region (-1: none)."""
    for c in range(after + 1, t[P_CELLS]):
        if in_region(t, s, w, code, s[I_MOVER], c):
            return c
    return -1


@kernel
def sites_loop(t, s, w, pc, sp):
    """Run OP_SITES_LOOP or OP_SITES_NEXT at op ``pc`` with ``sp`` values on the stack; return
    the next op and the new stack depth. The loop keeps three entries under its body's value:
    the (site) to restore, the site it is at and the count of sites where the body held."""
    at = t[T_CODE] + pc * OP_WIDTH
    vals = t[P_W_VM]
    why = vals + t[P_VM_STACK]
    if t[at + O_KIND] == OP_SITES_LOOP:
        loop = pc
        w[vals + sp] = s[I_SITE]
        w[vals + sp + 1] = -1
        w[vals + sp + 2] = 0
        sp += 3
    else:  # OP_SITES_NEXT: the body's value is on top; its O_JUMP points back at the loop
        loop = pc - t[at + O_JUMP]
        sp -= 1
        held = w[vals + sp] != 0
        if held:
            w[vals + sp - 1] += 1
        elif t[t[T_CODE] + loop * OP_WIDTH + O_MODE] == LOOP_ALL:
            return _loop_done(t, s, w, loop, pc + 1, sp, 0)
    head = t[T_CODE] + loop * OP_WIDTH
    c = next_site(t, s, w, t[head + O_REGION], w[vals + sp - 2])
    if c < 0:
        mode = t[head + O_MODE]
        result = 1 if mode == LOOP_ALL else w[vals + sp - 1]
        return _loop_done(t, s, w, loop, loop + t[head + O_JUMP] + 1, sp, result)
    w[vals + sp - 2] = c
    s[I_SITE] = c
    w[why + sp - 1] = loop
    return loop + 1, sp


@tiny
def _loop_done(t, s, w, loop, after, sp, result):
    """Leave a sites loop: restore (site) and replace the loop's three entries by its result."""
    vals = t[P_W_VM]
    sp -= 3
    s[I_SITE] = w[vals + sp]
    w[vals + sp] = result
    w[vals + t[P_VM_STACK] + sp] = loop
    return after, sp + 1


#: :func:`leaf` inlined where end clauses are tested after every move (:func:`first_clause`);
#: called elsewhere, so that it is compiled once instead of in every caller.
leaf_inline = tiny(leaf.py_func)


@kernel
def evaluate(t, s, w, start, end):
    """Run the program of ops [start, end); return (value, op of the leaf that decided it)."""
    if end - start == 1:
        return leaf(t, s, w, start), start
    if end - start > t[P_VM_STACK]:
        fail(w, ERR_VM_STACK, start, end - start)
        return 0, start
    code = t[T_CODE]
    vals = t[P_W_VM]
    why = vals + t[P_VM_STACK]
    sp = 0
    pc = start
    while pc < end:
        at = code + pc * OP_WIDTH
        op = t[at + O_KIND]
        if op == OP_SITES_LOOP or op == OP_SITES_NEXT:
            pc, sp = sites_loop(t, s, w, pc, sp)
            continue
        if op == OP_NOT:
            w[vals + sp - 1] = 1 - w[vals + sp - 1]
        elif op == OP_AND or op == OP_OR:
            k = t[at + O_OPERANDS]
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
        elif (op >= OP_ADD and op <= OP_GE) or op == OP_DIV or op == OP_MOD:
            sp -= 1
            w[vals + sp - 1] = compare(w, op, pc, w[vals + sp - 1], w[vals + sp])
            w[why + sp - 1] = pc
        elif op == OP_IF:
            cond = w[vals + sp - 3]
            r = w[vals + sp - 2] if cond != 0 else w[vals + sp - 1]
            sp -= 2
            w[vals + sp - 1] = r
        elif op == OP_MAP_ENTRY:
            w[vals + sp - 1] = map_entry(t, t[at + O_VALUE], w[vals + sp - 1])
        elif op == OP_SCORE:
            colour = w[vals + sp - 1] - 1
            r = -1
            if colour >= 0 and colour < 4:
                r = s[I_SCORES + colour]
            w[vals + sp - 1] = r
        elif op == OP_COUNT_AT:
            site = w[vals + sp - 1]
            ok = site >= 0 and site < t[P_CELLS]
            w[vals + sp - 1] = s[sec(s, S_COUNTS) + site] if ok else 0
        elif op == OP_STATE_AT:
            site = w[vals + sp - 1]
            ok = site >= 0 and site < t[P_CELLS]
            w[vals + sp - 1] = s[sec(s, S_STATE) + site] if ok else 0
        elif op == OP_WHO or op == OP_WHAT or op == OP_IS_OCCUPIED:
            site = w[vals + sp - 1]
            r = 0
            if site >= 0 and site < t[P_CELLS]:  # a hand's site too
                if op == OP_WHAT:
                    r = piece_type(t, s, site)
                else:
                    r = s[BOARD + site]
                    if op == OP_IS_OCCUPIED:  # a piece, or counters nobody owns (seeds)
                        r = 1 if r != 0 or s[sec(s, S_COUNTS) + site] != 0 else 0
            w[vals + sp - 1] = r
            w[why + sp - 1] = pc
        elif op == OP_IS_ENEMY_PLAYER or op == OP_IS_FRIEND_PLAYER:
            player = w[vals + sp - 1]
            mine = s[I_MOVER] + 1
            if op == OP_IS_ENEMY_PLAYER:
                w[vals + sp - 1] = 1 if player != 0 and player != mine else 0
            else:
                w[vals + sp - 1] = 1 if player == mine else 0
            w[why + sp - 1] = pc
        elif op == OP_LINE_THROUGH:
            sp -= 1
            r = line_through(t, s, w[vals + sp - 1], w[vals + sp], t[at + O_LENGTH],
                             t[at + O_AXES], t[at + O_EXACT], t[at + O_NUMBERS],
                             t[at + O_MODE])
            w[vals + sp - 1] = 1 if r else 0
            w[why + sp - 1] = pc
        elif op == OP_TRACK_SITE:
            sp -= 1
            index = t[t[T_LIST] + t[at + O_NUMBERS] + role_colour(t, s, t[at + O_ROLE])]
            w[vals + sp - 1] = sowing.track_site(t, index, w[vals + sp - 1], w[vals + sp])
            w[why + sp - 1] = pc
        elif op == OP_AHEAD:  # Ludii's Ahead: the site itself where the line stops short
            site = w[vals + sp - 1]
            if site >= 0 and site < t[P_BOARD_CELLS]:
                at_site = site
                for _ in range(t[at + O_LENGTH]):
                    at_site = t[t[T_NBR] + at_site * t[P_DIRS] + t[at + O_DIRECTION]]
                    if at_site < 0:
                        break
                w[vals + sp - 1] = at_site if at_site >= 0 else site
        elif op == OP_IS_VISITED:
            site = w[vals + sp - 1]
            inside = site >= 0 and site < 64 * VISITED_WORDS
            w[vals + sp - 1] = (s[I_VISITED + site // 64] >> (site % 64)) & 1 if inside else 0
            w[why + sp - 1] = pc
        elif op == OP_IS_START:  # a site, then a type
            sp -= 1
            site, what = w[vals + sp - 1], w[vals + sp]
            cells = t[P_BOARD_CELLS]
            inside = 0 <= site < cells and 0 <= what <= t[t[T_COMPONENTS]]
            w[vals + sp - 1] = t[t[T_LIST] + t[at + O_NUMBERS] + what * cells + site] \
                if inside else 0
            w[why + sp - 1] = pc
        elif op == OP_COUNT_STEPS:  # two sites: the table's entry (0 off the board)
            sp -= 1
            a, b = w[vals + sp - 1], w[vals + sp]
            cells = t[P_BOARD_CELLS]
            inside = 0 <= a < cells and 0 <= b < cells
            w[vals + sp - 1] = t[t[T_LIST] + t[at + O_NUMBERS] + a * cells + b] if inside else 0
        elif op == OP_CELL_NUMBER:
            site = w[vals + sp - 1]
            inside = site >= 0 and site < t[P_BOARD_CELLS]
            w[vals + sp - 1] = t[t[T_LIST] + t[at + O_NUMBERS] + site] if inside else -1
        elif op == OP_IS_EVEN or op == OP_IS_ODD:
            odd = w[vals + sp - 1] % 2
            w[vals + sp - 1] = 1 if (odd == 0) == (op == OP_IS_EVEN) else 0
            w[why + sp - 1] = pc
        elif op == OP_IN_NUMBERS:
            v = w[vals + sp - 1]
            r = 0
            first = t[T_LIST] + t[at + O_NUMBERS]
            for i in range(t[at + O_NUMBER_COUNT]):
                if t[first + i] == v:
                    r = 1
            w[vals + sp - 1] = r
            w[why + sp - 1] = pc
        elif op == OP_IS_IN:
            site = w[vals + sp - 1]
            inside = in_region(t, s, w, t[at + O_REGION], s[I_MOVER], site)
            w[vals + sp - 1] = 1 if inside else 0
            w[why + sp - 1] = pc
        elif op == OP_IS_EMPTY or op == OP_IS_ENEMY or op == OP_IS_FRIEND:
            site = w[vals + sp - 1]
            r = 0
            if site >= 0 and site < t[P_CELLS]:  # a hand's site too
                stone = s[BOARD + site]
                mine = s[I_MOVER] + 1
                if op == OP_IS_EMPTY:
                    r = 1 if stone == 0 and s[sec(s, S_COUNTS) + site] == 0 else 0
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
        pc += 1
    return w[vals], w[why]


@tiny
def holds(t, s, w, start, end):
    """Does the condition [start, end) hold? An empty range always holds."""
    if end <= start:
        return True
    value, _ = evaluate(t, s, w, start, end)
    return value != 0


@tiny
def from_holds(t, s, w, gen_at, site):
    """Does the generator's from-condition (G_FROM_COND) hold with (from) at ``site``? (A
    (forEach REGION if:C) from reads the site as (site) too.)"""
    if t[gen_at + G_FROM_COND_END] <= t[gen_at + G_FROM_COND]:
        return True
    s[I_FROM] = site
    s[I_SITE] = site
    return holds(t, s, w, t[gen_at + G_FROM_COND], t[gen_at + G_FROM_COND_END])


# ---------------------------------------------------------------- end clauses


@tiny
def first_clause(t, s, w):
    """Index of the first end clause that holds (-1: none) and the op that made it hold."""
    clauses = t[T_CLAUSES]
    for m in range(t[P_NUM_CLAUSES]):
        at = clauses + CLAUSE_WIDTH * m
        start = t[at + CL_COND]
        if t[at + CL_COND_END] - start == 1:  # most clauses are one test: no VM loop
            if leaf_inline(t, s, w, start) != 0:
                return m, start
        else:
            value, reason = evaluate(t, s, w, start, t[at + CL_COND_END])
            if value != 0:
                return m, reason
    return -1, 0
