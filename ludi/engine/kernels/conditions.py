"""The condition and integer VM: postfix programs of ``T.CODE`` ops, evaluated on a stack; and the
end clauses, tried in order.

A program is a range [start, end) of ops (``OP_*``, fields ``O_*`` in ``ludi.compile.layout``).
Booleans are 0/1 integers. Besides the value, evaluation reports the op of the leaf test that made
a condition hold (for end types, e.g. which of ring, fork or bridge ended a Havannah game). The
VM is not re-entrant (no op evaluates another program; a loop over a region's sites jumps back
within its own ops), so one stack of ``P.VM_STACK`` entries always suffices: each op pushes one
value at most, and a loop three more.

Line, connection and ring tests look through the last placed stone: they are what end clauses,
checked after every move, need.
"""

from __future__ import annotations

from ludi.compile.layout import (
    BOARD,
    CENTRE,
    CL,
    COLOURS,
    DR,
    DYN,
    ERR,
    FILTER,
    KEEP,
    LOOP,
    MAX_COMPONENTS,
    MP,
    OP,
    REG,
    TR,
    G,
    I,
    O,
    P,
    S,
    T,
    W,
)
from ludi.engine.kernels import sowing
from ludi.engine.kernels.core import (
    chance_below,
    fail,
    inlined,
    is_colour,
    kernel,
    next_colour,
    prev_colour,
    region_row,
    role_colour,
    sec,
    tiny,
    to_clear,
    track_block,
    visited,
)
from ludi.engine.kernels.history import repetitions
from ludi.engine.kernels.pieces import find, piece_type
from ludi.engine.kernels.results import active_count

# ---------------------------------------------------------------- regions


@tiny
def in_region(t, s, w, code, colour, site):
    """Is ``site`` in the region with this code, seen by ``colour``? A fixed region is a table
    lookup, inlined where it is asked; the others are one compiled call (inlining them at every
    caller would multiply the engine's compile time)."""
    if code >= 0:
        return 0 <= site < t[P.CELLS] and \
            t[region_row(t, code, colour) + site] == 1
    return position_region_has(t, s, w, code, colour, site)


@kernel
def position_region_has(t, s, w, code, colour, site):
    """Membership in a region read off the position: a REG_* code or a T.DYNREG row; a
    union, difference or intersection of such regions (none of them one itself)."""
    if code > REG.DYNAMIC or site < 0 or site >= t[P.CELLS]:
        return part_region_has(t, s, w, code, colour, site)
    at = t[T.DYNREG] + (REG.DYNAMIC - code) * DR.SIZE
    kind = t[at + DR.KIND]
    if kind == DYN.UNION:  # of single-kind rows (a WINNING part: an Add's region only)
        first = t[T.LIST] + t[at + DR.PARTS]
        for i in range(t[at + DR.PART_COUNT]):
            if part_region_has(t, s, w, t[first + i], colour, site):
                return True
        return False
    if kind == DYN.DIFFERENCE or kind == DYN.INTERSECTION:  # (T.LIST parts)
        first = t[T.LIST] + t[at + DR.PARTS]
        inside = part_region_has(t, s, w, t[first], colour, site)
        for i in range(1, t[at + DR.PART_COUNT]):
            other = part_region_has(t, s, w, t[first + i], colour, site)
            inside = inside and (other if kind == DYN.INTERSECTION else not other)
        return inside
    return part_region_has(t, s, w, code, colour, site)


@kernel
def part_region_has(t, s, w, code, colour, site):
    """Membership in a region read off the position that is not made of others: a REG_* code
    or a T.DYNREG row of a single kind."""
    if code > REG.DYNAMIC:
        return basic_in_region(t, s, w, code, colour, site)
    if site < 0 or site >= t[P.CELLS]:
        return False
    row = REG.DYNAMIC - code  # the rows read here; the others are an Add's region only (its
    at = t[T.DYNREG] + row * DR.SIZE  # generator reads them)
    kind = t[at + DR.KIND]
    if kind == DYN.AROUND:
        return around(t, s, w, row, colour, site)
    if kind == DYN.IN_HAND:
        size = t[at + DR.HAND_SIZE]
        first = t[at + DR.FIRST_SITE] + role_colour(t, s, t[at + DR.ROLE]) * size
        return first <= site < first + size and (
            s[BOARD + site] != 0 or s[sec(s, S.COUNTS) + site] != 0)
    if kind == DYN.EXPAND:
        centre = region_centre(t, s, at)
        cells = t[P.BOARD_CELLS]
        return 0 <= centre < cells and site < cells and \
            t[t[T.LIST] + t[at + DR.WITHIN] + centre * cells + site] == 1
    if kind == DYN.OCCUPIED_TYPE:
        return holds_type(t, s, at, site)
    if kind == DYN.REMEMBERED:
        return (s[sec(s, S.REMEMBERED) + site] >> t[at + DR.BIT]) & 1 == 1
    if kind == DYN.DIRECTION:
        return direction_region_has(t, s, w, row, colour, site)
    if kind == DYN.TRACK_SPAN:
        return in_track_span(t, w, at, colour, site)
    fail(w, ERR.DYNREG, row, kind)
    return False


@kernel
def evaluate_track_ends(t, s, w, row):
    """Evaluate the two ends of the DYN.TRACK_SPAN region of T.DYNREG row ``row`` in the
    position as it is, into W.TRACK_ENDS (for a (forEach Site …) over it)."""
    at = t[T.DYNREG] + row * DR.SIZE
    span = W.TRACK_ENDS + 2 * t[at + DR.SPAN]
    w[span], _ = evaluate(t, s, w, t[at + DR.FROM], t[at + DR.FROM_END])
    w[span + 1], _ = evaluate(t, s, w, t[at + DR.TO], t[at + DR.TO_END])


@kernel
def in_track_span(t, w, at, colour, site):
    """Is ``site`` in the DYN.TRACK_SPAN row at ``at`` (its ends in W.TRACK_ENDS), seen by
    ``colour``: Ludii's (sites Track … from:A to:B) walks the track from A (its start when A is
    -1; nothing when A is off it) to B, round past its end, and to A again when B is off it."""
    index = t[t[T.LIST] + t[at + DR.TRACKS] + colour]
    if index < 0:
        return False
    block = track_block(t, index)
    length = t[block + TR.LENGTH]
    places = block + TR.SITES + length  # each site's place on the track (-1: off it)
    if t[block + TR.SITES + length - 1] < 0:  # a last End is no site
        length -= 1
    span = W.TRACK_ENDS + 2 * t[at + DR.SPAN]
    frm, to = w[span], w[span + 1]
    start = 0
    if frm != -1:
        if frm < 0 or frm >= t[P.CELLS] or t[places + frm] < 0:
            return False
        start = t[places + frm]
    place = t[places + site]
    if place < 0 or place >= length:
        return False
    last = length - 1
    if 0 <= to < t[P.CELLS] and 0 <= t[places + to] < length:
        last = (t[places + to] - start) % length
    return (place - start) % length <= last


@tiny
def holds_type(t, s, at, site):
    """Is ``site`` in the DYN.OCCUPIED_TYPE region of the T.DYNREG row at ``at``: a board site
    holding the role's piece of one of its types (a bitmask a colour)?"""
    types = t[t[T.LIST] + t[at + DR.TYPES] + role_colour(t, s, t[at + DR.ROLE])]
    return site < t[P.BOARD_CELLS] and (types >> piece_type(t, s, site)) & 1 == 1


@tiny
def around_centre_has(t, s, w, code, colour, site):
    """Membership in the centre region of a DYN.AROUND row: a REG_* code or a
    DYN.OCCUPIED_TYPE row (the compiler allows no other)."""
    if code > REG.DYNAMIC:
        return basic_in_region(t, s, w, code, colour, site)
    return holds_type(t, s, t[T.DYNREG] + (REG.DYNAMIC - code) * DR.SIZE, site)


@kernel
def basic_in_region(t, s, w, code, colour, site):
    """Membership in a static region (code >= 0) or one read off the position (a REG_* code)."""
    if site < 0 or site >= t[P.CELLS]:
        return False
    if code >= 0:
        return t[region_row(t, code, colour) + site] == 1
    if code == REG.EMPTY:  # no piece and no counter
        return site < t[P.BOARD_CELLS] and s[BOARD + site] == 0 \
            and s[sec(s, S.COUNTS) + site] == 0
    if code == REG.OCCUPIED_MOVER:
        target = colour
    elif code == REG.OCCUPIED_NEXT:
        target = next_colour(t, s, colour)
    elif code == REG.OCCUPIED_PREV:
        target = prev_colour(t, s, colour)
    elif REG.OCCUPIED_P1 - COLOURS < code <= REG.OCCUPIED_P1:
        target = REG.OCCUPIED_P1 - code
    elif code == REG.OCCUPIED_ENEMY:  # any other player's piece on the board
        stone = s[BOARD + site]
        return site < t[P.BOARD_CELLS] and stone != 0 and stone != colour + 1
    elif REG.COMPONENT - MAX_COMPONENTS < code <= REG.COMPONENT:
        return site < t[P.BOARD_CELLS] and piece_type(t, s, site) == REG.COMPONENT - code + 1
    elif code == REG.TO_CLEAR:  # marked by a (remove … at:EndOfTurn) of this turn
        return to_clear(s, site) == 1
    else:
        fail(w, ERR.REGION, 0, code)
        return False
    return site < t[P.BOARD_CELLS] and s[BOARD + site] == target + 1  # the board's, not hands'


@tiny
def piece_site(t, s, kind, colour):
    """The first board site holding a piece of type ``kind`` and ``colour`` (-1: none), as
    Ludii's (where …) finds it."""
    for a in range(t[P.BOARD_CELLS]):
        if s[BOARD + a] == colour + 1 and piece_type(t, s, a) == kind:
            return a
    return -1


@tiny
def region_centre(t, s, at):
    """The site a DYN.AROUND or DYN.EXPAND row (at ``at``) is centred on: a fixed one or a
    context site."""
    which = t[at + DR.CENTRE]
    if which == CENTRE.FIXED:
        return t[at + DR.SITE]
    if which == CENTRE.TO:
        return s[I.TO]
    if which == CENTRE.FROM:
        return s[I.FROM]
    if which == CENTRE.LAST_TO:
        return s[I.LAST_TO]
    if which == CENTRE.LAST_FROM:
        return s[I.LAST_FROM]
    if which == CENTRE.WHERE:
        return piece_site(t, s, t[at + DR.PIECE], t[at + DR.OWNER])
    if which == CENTRE.VAR:
        return s[I.VARS + t[at + DR.SITE]]
    return s[I.SITE]


@kernel
def around(t, s, w, row, colour, site):
    """Is ``site`` in the DYN.AROUND region of T.DYNREG row ``row``: a neighbour of its centre
    (or of a site of its centre region) along its directions, not a centre itself, holding what
    its filter asks, or a centre with includeSelf?"""
    at = t[T.DYNREG] + row * DR.SIZE
    if site >= t[P.BOARD_CELLS]:
        return False
    mask = t[at + DR.DIRS]
    dirs = t[P.DIRS]
    nbr = t[T.NBR]
    if t[at + DR.CENTRE] == CENTRE.REGION:  # a neighbour of any site of the region: look at
        if around_centre_has(t, s, w, t[at + DR.CENTRES], colour, site):  # the site's neighbours,
            return t[at + DR.WITH_CENTRE] == 1  # whose step along the directions comes back
        near = False
        for e in range(dirs):
            x = t[nbr + site * dirs + e]
            if x >= 0 and around_centre_has(t, s, w, t[at + DR.CENTRES], colour, x):
                for d in range(dirs):
                    if (mask >> d) & 1 == 1 and t[nbr + x * dirs + d] == site:
                        near = True
                        break
            if near:
                break
    else:
        centre = region_centre(t, s, at)
        if centre < 0 or centre >= t[P.BOARD_CELLS]:
            return False
        if site == centre:  # Ludii: the centre is in only with includeSelf, whatever it holds
            return t[at + DR.WITH_CENTRE] == 1
        near = False
        for d in range(dirs):
            if (mask >> d) & 1 == 1 and t[nbr + centre * dirs + d] == site:
                near = True
                break
    if not near:
        return False
    return holds_filter(s, t[at + DR.FILTER], colour, site)


@tiny
def holds_filter(s, want, colour, site):
    """Does ``site`` hold what a FILTER code asks, seen by ``colour``?"""
    stone = s[BOARD + site]
    if want == FILTER.ANY:
        return True
    if want == FILTER.NEVER:
        return False
    if want == FILTER.EMPTY or want == FILTER.NOT_EMPTY:
        empty = stone == 0 and s[sec(s, S.COUNTS) + site] == 0
        return empty == (want == FILTER.EMPTY)
    if want == FILTER.OWN:
        return stone == colour + 1
    if want == FILTER.NEUTRAL:
        return stone == 0 and s[sec(s, S.COUNTS) + site] > 0
    return stone != 0 and stone != colour + 1


@kernel
def direction_region_has(t, s, w, row, colour, site):
    """Is ``site`` in the DYN.DIRECTION region of T.DYNREG row ``row``: on a ray from its
    centre (or from any site of its centre region) along its directions, before the site that
    stops the ray (that one too with stopIncluded), or a centre with included:True?"""
    at = t[T.DYNREG] + row * DR.SIZE
    cells = t[P.BOARD_CELLS]
    if site < 0 or site >= cells:
        return False
    if t[at + DR.CENTRE] != CENTRE.REGION:
        centre = region_centre(t, s, at)
        return 0 <= centre < cells and on_rays(t, s, at, colour, centre, site)
    for centre in range(cells):  # Ludii's from: a region: the union of each site's rays
        if around_centre_has(t, s, w, t[at + DR.CENTRES], colour, centre) \
                and on_rays(t, s, at, colour, centre, site):
            return True
    return False


@tiny
def on_rays(t, s, at, colour, centre, site):
    """Is ``site`` on the rays of the DIRECTION row at ``at`` from ``centre`` (Ludii's
    SitesDirection: each ray ends at the board's edge, after DR.DISTANCE sites, or at a site
    holding what DR.STOP asks, in the region only with stopIncluded)? DR.KEEP narrows each ray
    to the site that stops it or to the last before (Ludii's SitesLineOfSight Piece and
    Farthest)."""
    if site == centre:
        return t[at + DR.WITH_CENTRE] == 1
    mask = t[at + DR.DIRS]
    dirs = t[P.DIRS]
    nbr = t[T.NBR]
    stop = t[at + DR.STOP]
    keep = t[at + DR.KEEP]
    target = -2  # FILTER.PIECE: the ray ends at that piece's site
    if stop == FILTER.PIECE:
        target = piece_site(t, s, t[at + DR.STOP_PIECE], t[at + DR.STOP_OWNER])
    for d in range(dirs):
        if (mask >> d) & 1 == 0:
            continue
        x = centre
        last = -1  # the last site of the ray passed (KEEP.LAST)
        for _ in range(t[at + DR.DISTANCE]):
            x = t[nbr + x * dirs + d]
            if x < 0:
                break
            if x == target if stop == FILTER.PIECE else holds_filter(s, stop, colour, x):
                if x == site and (keep == KEEP.STOP or (
                        keep == KEEP.ALL and t[at + DR.STOP_INCLUDED] == 1)):
                    return True
                break
            if x == site and keep == KEEP.ALL:
                return True
            last = x
        if keep == KEEP.LAST and last == site:
            return True
    return False


@kernel
def rays_count(t, s, at, colour):
    """The sites of the DIRECTION row at ``at`` (one centre, DR.APART rays): each ray's sites
    counted as :func:`on_rays` finds them, without testing every board site against it."""
    cells = t[P.BOARD_CELLS]
    centre = region_centre(t, s, at)
    if centre < 0 or centre >= cells:
        return 0
    total = t[at + DR.WITH_CENTRE]
    mask = t[at + DR.DIRS]
    dirs = t[P.DIRS]
    nbr = t[T.NBR]
    stop = t[at + DR.STOP]
    target = -2
    if stop == FILTER.PIECE:
        target = piece_site(t, s, t[at + DR.STOP_PIECE], t[at + DR.STOP_OWNER])
    for d in range(dirs):
        if (mask >> d) & 1 == 0:
            continue
        x = centre
        for _ in range(t[at + DR.DISTANCE]):
            x = t[nbr + x * dirs + d]
            if x < 0:
                break
            if x == target if stop == FILTER.PIECE else holds_filter(s, stop, colour, x):
                total += t[at + DR.STOP_INCLUDED]
                break
            total += 1
    return total


# ---------------------------------------------------------------- lines, groups, rings


@tiny
def run_length(t, s, c, d, stone):
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
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
    c = s[I.LAST_TO]
    stone = colour + 1
    if c < 0 or s[BOARD + c] != stone:
        return False
    na = t[P.NUM_AXES]
    key = s[I.PLY] * (COLOURS + 1) + stone
    if s[I.RUNS_KEY] != key:
        axes = t[T.AXES]
        for a in range(na):
            s[I.RUNS + a] = 1 + run_length(t, s, c, t[axes + 2 * a], stone) \
                + run_length(t, s, c, t[axes + 2 * a + 1], stone)
        s[I.RUNS_KEY] = key
    for a in range(na):
        if (axes_mask >> a) & 1:
            run = s[I.RUNS + a]
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
    for i in range(t[t[T.LIST] + types]):
        if t[t[T.LIST] + types + 1 + i] == here:
            return True
    return False


@kernel
def line_through(t, s, site, what, length, axes_mask, exact, types, contiguous):
    """Ludii's IsLine through ``site``: a line of ``length`` (or more, unless exact) of pieces of
    type ``what`` (>= 0), else of the ``types`` list's (none listed: of the type at ``site``),
    which ``site`` must hold too. Along each axis, a contiguous line stops at the first other
    site; otherwise every site of the kind on the axis counts, gaps and all."""
    if site < 0 or site >= t[P.BOARD_CELLS] or s[BOARD + site] == 0:
        return False
    if what < 0 and t[t[T.LIST] + types] == 0:
        what = piece_type(t, s, site)
    if not is_line_type(t, s, site, what, types):
        return False
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    axes = t[T.AXES]
    for a in range(t[P.NUM_AXES]):
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
    c = s[I.LAST_TO]
    if c < 0 or s[BOARD + c] != colour + 1:
        return False
    mask = t[t[T.CONN] + COLOURS * test + colour]
    got = s[sec(s, S.GMASK) + find(s, sec(s, S.PARENT), c)] & mask
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
    c = s[I.LAST_TO]
    stone = colour + 1
    if c < 0 or s[BOARD + c] != stone:
        return False
    C = s[I.CELLS]
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    adj = t[T.ADJ]
    nd = t[P.NUM_ADJ]
    rim = t[T.RIM]
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
    if s[I.LOOP_FLAG] == 0:
        return False
    seen = t[P.W_SCRATCH]  # C marks, then a stack of C (each cell is pushed once at most)
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


@kernel
def count_groups(t, s, w, at):
    """Ludii's (count Groups …) at the COUNT_GROUPS op at ``at`` (see :func:`group_sizes`)."""
    count, _, _ = group_sizes(t, s, w, t[at + O.FILTER], role_colour(t, s, t[at + O.ROLE]),
                              t[at + O.DIRS], t[at + O.VALUE])
    return count


@kernel
def group_sizes(t, s, w, want, colour, mask, least):
    """The groups of board sites holding what FILTER ``want`` asks (seen by ``colour``), joined
    along the directions of ``mask`` (a symmetric set, checked when compiling), of ``least``
    sites or more: how many, the largest size and the next one (a size equal to the largest
    when two groups share it; -1 when there is no such group), as Ludii's CountGroups and
    SizesGroup find them. A depth-first fill in W_SCRATCH."""
    C = t[P.BOARD_CELLS]
    dirs = t[P.DIRS]
    nbr = t[T.NBR]
    seen = t[P.W_SCRATCH]  # C marks, then a stack of C (each cell is pushed once at most)
    stack = seen + C
    for i in range(C):
        w[seen + i] = 0
    count = 0
    first = -1
    second = -1
    for i in range(C):
        if w[seen + i] == 1 or not holds_filter(s, want, colour, i):
            continue
        w[seen + i] = 1
        w[stack] = i
        top = 1
        size = 0
        while top > 0:
            top -= 1
            x = w[stack + top]
            size += 1
            for d in range(dirs):
                if (mask >> d) & 1 == 0:
                    continue
                y = t[nbr + x * dirs + d]
                if 0 <= y < C and w[seen + y] == 0 and holds_filter(s, want, colour, y):
                    w[seen + y] = 1
                    w[stack + top] = y
                    top += 1
        if size >= least:
            count += 1
            if size > first:
                second = first
                first = size
            elif size > second:
                second = size
    return count, first, second


@tiny
def no_moves(s, w, colour):
    """Has ``colour`` no legal move? The player to move has none while the end clauses are tried
    for that reason (Ludii's stalemate flag); the player who just moved is not stalemated; for the
    others, the move code counted their moves before the end clauses were tried."""
    if colour == s[I.MOVER]:
        return s[I.STUCK] == 1
    return w[W.NO_MOVES + colour] == 1


# ---------------------------------------------------------------- the VM


@tiny
def map_entry(t, which, key):
    """Ludii's (mapEntry ["Name"] KEY): the entry of map ``which - 1`` (0: of the first map that
    has the key) for the key, or the key itself when there is none."""
    at = t[T.MAPS]
    for i in range(t[at]):
        row = at + 1 + i * MP.SIZE
        if (which == 0 or t[row + MP.MAP] == which - 1) and t[row + MP.KEY] == key:
            return t[row + MP.VALUE]
    return key


@kernel
def compare(w, op, pc, a, b):
    """The binary ops (OP.ADD … OP.GE: arithmetic and comparisons) on two integers."""
    if op == OP.ADD:
        return a + b
    if op == OP.SUB:
        return a - b
    if op == OP.MUL:
        return a * b
    if op == OP.MAX:
        return max(a, b)
    if op == OP.MIN:
        return min(a, b)
    if op == OP.EQ:
        return 1 if a == b else 0
    if op == OP.NE:
        return 1 if a != b else 0
    if op == OP.LT:
        return 1 if a < b else 0
    if op == OP.LE:
        return 1 if a <= b else 0
    if op == OP.GT:
        return 1 if a > b else 0
    if op == OP.GE:
        return 1 if a >= b else 0
    if op == OP.DIV or op == OP.MOD:  # Java's integer division: rounded toward 0
        if b == 0:
            fail(w, ERR.DIVISION, pc, 0)
            return 0
        q = abs(a) // abs(b)
        q = q if (a >= 0) == (b >= 0) else -q
        return q if op == OP.DIV else a - b * q
    fail(w, ERR.OP, pc, op)
    return 0


@kernel
def leaf(t, s, w, pc):
    """Evaluate an op that pops nothing (a test or a value) and return its value. The tests end
    clauses ask on every move are inlined here; the others are one compiled call, leaf_rest
    (the VM is inlined in several kernels, and each copy costs compile time)."""
    at = t[T.CODE] + pc * O.SIZE
    op = t[at + O.KIND]
    if op == OP.LINE:
        return 1 if line_through_last(t, s, t[at + O.LENGTH], t[at + O.AXES], t[at + O.EXACT],
                                      role_colour(t, s, t[at + O.ROLE])) else 0
    if op == OP.CONN:
        return 1 if connected(t, s, t[at + O.TEST], t[at + O.NEED],
                              role_colour(t, s, t[at + O.ROLE])) else 0
    if op == OP.COUNT_CMP:
        return compare(w, t[at + O.COMPARE], pc, s[sec(s, S.COUNTS) + t[at + O.SITE]],
                       t[at + O.VALUE])
    if op == OP.CONST:
        return t[at + O.VALUE]
    if op == OP.TRUE:
        return 1
    if op == OP.FALSE:
        return 0
    if op == OP.LOOP:
        return 1 if ring(t, s, w, role_colour(t, s, t[at + O.ROLE])) else 0
    if op == OP.ROLE:
        return role_colour(t, s, t[at + O.ROLE]) + 1
    if op == OP.TO:
        return s[I.TO]
    if op == OP.FROM:
        return s[I.FROM]
    if op == OP.SITE:
        return s[I.SITE]
    if op == OP.LAST_TO:
        return s[I.LAST_TO]
    if op == OP.LAST_FROM:
        return s[I.LAST_FROM]
    if op == OP.NO_MOVES:
        return 1 if no_moves(s, w, role_colour(t, s, t[at + O.ROLE])) else 0
    if op == OP.COUNT_PIECES:
        return s[I.PIECES + role_colour(t, s, t[at + O.ROLE])]
    if op == OP.NO_PIECES:
        return 1 if s[I.PIECES + role_colour(t, s, t[at + O.ROLE])] == 0 else 0
    return leaf_rest(t, s, w, pc, op, at)


@kernel
def leaf_rest(t, s, w, pc, op, at):
    """The leaf ops that are not inlined in :func:`leaf`: counts over regions, the move and
    turn counters, phases, approach, repetition, proposals."""
    if op == OP.COUNT_IN or op == OP.COUNT_SITES:
        code = t[at + O.REGION]
        if op == OP.COUNT_SITES and code <= REG.DYNAMIC:
            row = t[T.DYNREG] + (REG.DYNAMIC - code) * DR.SIZE
            if t[row + DR.KIND] == DYN.DIRECTION and t[row + DR.APART] == 1 \
                    and t[row + DR.KEEP] == KEEP.ALL and t[row + DR.CENTRE] != CENTRE.REGION:
                return rays_count(t, s, row, s[I.MOVER])
        cnt = sec(s, S.COUNTS)
        total = 0
        c = next_site(t, s, w, code, -1)
        while c >= 0:
            total += s[cnt + c] if op == OP.COUNT_IN else 1
            c = next_site(t, s, w, code, c)
        return total
    if op == OP.COUNT_GROUPS:
        return count_groups(t, s, w, at)
    if op == OP.PREV_MOVER:
        return s[I.PREV_MOVER] + 1
    if op == OP.BETWEEN:
        return s[I.BETWEEN]
    if op == OP.LAST_AFTER:
        return s[I.LAST_AFTER] if s[I.LAST_AFTER] >= 0 else s[I.LAST_TO]
    if op == OP.PHASE:
        return s[I.PHASE + s[I.MOVER]]
    if op == OP.COUNT_MOVES:
        return s[I.PLY]
    if op == OP.COUNT_TURNS:  # Ludii's numTurn: 1 in the first turn, + 1 at each change
        return s[I.TURNS] + 1
    if op == OP.COUNT_PLAYERS:
        return t[P.PLAYERS]
    if op == OP.CYCLE:
        return s[I.CYCLE]
    if op == OP.APPROACH:  # compiled only in a slide's to-condition, where distances are known
        dist = t[P.W_DIST]
        before = w[dist + s[I.FROM]]
        after = w[dist + s[I.TO]]
        return 1 if after < before or (t[at + O.NOT_FARTHER] == 1 and after == before) else 0
    if op == OP.REPEATED:
        return 1 if repetitions(s) >= t[at + O.TIMES] else 0
    if op == OP.THREATENED:  # worked out before the conditions (generate.threatened)
        return w[W.THREAT + role_colour(t, s, t[at + O.ROLE])]
    if op == OP.PENDING:
        return s[I.PENDING]
    if op == OP.COUNTER:
        return s[I.COUNTER]
    if op == OP.PIPS:
        return s[I.PIPS]
    if op == OP.MOVE_LIMIT:
        return t[P.MOVE_LIMIT]
    if op == OP.TURN_LIMIT:
        return t[P.TURN_LIMIT] // t[P.PLAYERS]
    if op == OP.VALUE:
        return s[I.VALUE]
    if op == OP.PIP:
        return s[I.PIP]
    if op == OP.FACE:
        return s[I.FACES + t[at + O.VALUE]]
    if op == OP.TURN_MOVES:
        return s[I.TURN_MOVES]
    if op == OP.ALL_PASSED:
        return 1 if s[I.PASSED_TURNS] >= active_count(t, s) else 0
    if op == OP.DICE_USED or op == OP.DICE_EQUAL:
        for k in range(t[P.DICE]):
            if (s[I.DICE + k] != 0) if op == OP.DICE_USED else (s[I.FACES + k] != s[I.FACES]):
                return 0
        return 1
    if op == OP.VALUE_PENDING:
        return s[I.PENDING_VALUE] if s[I.PENDING] == 1 else 0
    if op == OP.PENDING_SITE:  # (sites Pending) as one site: none is -1 (no site)
        if s[I.PENDING] > 1:
            fail(w, ERR.PENDING, pc, s[I.PENDING])
        return s[I.PENDING_VALUE] if s[I.PENDING] == 1 else -1
    if op == OP.IS_TRIGGERED:
        colour = role_colour(t, s, t[at + O.ROLE])
        return 1 if is_colour(colour) and s[I.ACTIVE + colour] == 1 and (
            s[I.TRIGGERED] >> colour) & 1 == 1 else 0
    if op == OP.VALUE_PLAYER:
        return s[I.VALUES + role_colour(t, s, t[at + O.ROLE])]
    if op == OP.VAR:
        return s[I.VARS + t[at + O.VAR]]
    if op == OP.WHERE:
        colour = role_colour(t, s, t[at + O.ROLE])
        if not is_colour(colour):
            return -1
        return piece_site(t, s, t[t[T.LIST] + t[at + O.TYPE] + colour], colour)
    if op == OP.PROPOSED:
        return 1 if s[I.PROPOSED] == t[at + O.PROPOSAL] + 1 else 0
    if op == OP.DECIDED:
        return 1 if s[I.DECIDED] == t[at + O.PROPOSAL] + 1 else 0
    fail(w, ERR.OP, pc, op)
    return 0


@tiny
def next_site(t, s, w, code, after):
    """The first site after ``after`` in the region (-1: none). The neighbours of one site
    (an AROUND row centred on a site) are found among that site's neighbours, not the whole
    board's sites: the same sites in the same order, at the cost of a few."""
    if code <= REG.DYNAMIC:
        at = t[T.DYNREG] + (REG.DYNAMIC - code) * DR.SIZE
        if t[at + DR.KIND] == DYN.AROUND and t[at + DR.CENTRE] != CENTRE.REGION:
            return next_around(t, s, w, code, at, after)
    for c in range(after + 1, t[P.CELLS]):
        if in_region(t, s, w, code, s[I.MOVER], c):
            return c
    return -1


@kernel
def next_around(t, s, w, code, at, after):
    """:func:`next_site` of the AROUND row at ``at`` (code ``code``): the lowest site after
    ``after`` among its centre and the centre's neighbours that is in the region."""
    centre = region_centre(t, s, at)
    if centre < 0 or centre >= t[P.BOARD_CELLS]:
        return -1
    dirs = t[P.DIRS]
    nb = t[T.NBR] + centre * dirs
    best = -1
    for d in range(-1, dirs):
        x = centre if d < 0 else t[nb + d]
        if after < x < t[P.CELLS] and (best < 0 or x < best) \
                and in_region(t, s, w, code, s[I.MOVER], x):
            best = x
    return best


@kernel
def sites_loop(t, s, w, pc, sp):
    """Run OP.SITES_LOOP or OP.SITES_NEXT at op ``pc`` with ``sp`` values on the stack; return
    the next op and the new stack depth. The loop keeps three entries under its body's value:
    the (site) to restore, the site it is at and the count of sites where the body held (or
    the sum of its values: LOOP.SUM)."""
    at = t[T.CODE] + pc * O.SIZE
    vals = t[P.W_VM]
    why = vals + t[P.VM_STACK]
    loop = pc if t[at + O.KIND] == OP.SITES_LOOP else pc - t[at + O.JUMP]
    if t[t[T.CODE] + loop * O.SIZE + O.MODE] == LOOP.FIRST:
        return track_first(t, s, w, pc, loop, sp)
    if t[at + O.KIND] == OP.SITES_LOOP:
        if t[at + O.SPAN] > 0:  # a track span's two ends, evaluated just before the loop
            span = W.TRACK_ENDS + 2 * t[t[T.DYNREG] + (t[at + O.SPAN] - 1) * DR.SIZE + DR.SPAN]
            w[span], w[span + 1] = w[vals + sp - 2], w[vals + sp - 1]
            sp -= 2
        w[vals + sp] = s[I.SITE]
        w[vals + sp + 1] = -1
        w[vals + sp + 2] = 0
        sp += 3
    else:  # OP.SITES_NEXT: the body's value is on top; its O.JUMP points back at the loop
        sp -= 1
        held = w[vals + sp] != 0
        if t[t[T.CODE] + loop * O.SIZE + O.MODE] == LOOP.SUM:
            w[vals + sp - 1] += w[vals + sp]
        elif held:
            w[vals + sp - 1] += 1
        elif t[t[T.CODE] + loop * O.SIZE + O.MODE] == LOOP.ALL:
            return _loop_done(t, s, w, loop, pc + 1, sp, 0)
    head = t[T.CODE] + loop * O.SIZE
    c = next_site(t, s, w, t[head + O.REGION], w[vals + sp - 2])
    if c < 0:
        mode = t[head + O.MODE]
        result = 1 if mode == LOOP.ALL else w[vals + sp - 1]
        return _loop_done(t, s, w, loop, loop + t[head + O.JUMP] + 1, sp, result)
    w[vals + sp - 2] = c
    s[I.SITE] = c
    w[why + sp - 1] = loop
    return loop + 1, sp


@kernel
def track_first(t, s, w, pc, loop, sp):
    """:func:`sites_loop` of a LOOP.FIRST loop, Ludii's (trackSite FirstSite …): from the site
    it pops, along the track, wrapping round, to the first site where the body holds at (to).
    Its three entries: the (to) to restore, the places gone on from the start, the start."""
    head = t[T.CODE] + loop * O.SIZE
    vals = t[P.W_VM]
    why = vals + t[P.VM_STACK]
    index = t[t[T.LIST] + t[head + O.TRACKS] + role_colour(t, s, t[head + O.ROLE])]
    block = track_block(t, index) if index >= 0 else 0
    length = t[block + TR.LENGTH] if index >= 0 else 0
    sites = block + TR.SITES
    if pc == loop:  # the start: the site to look from is on top (-1: the track's start)
        frm = w[vals + sp - 1]
        start = -1
        if index >= 0 and frm == -1:
            start = 0
        elif index >= 0 and 0 <= frm < t[P.CELLS] and t[sites + length + frm] >= 0:
            start = t[sites + length + frm]
        if start < 0:  # Ludii's Undefined; the body is not run
            w[vals + sp - 1] = -1
            w[why + sp - 1] = loop
            return loop + t[head + O.JUMP] + 1, sp
        w[vals + sp - 1] = s[I.TO]
        w[vals + sp] = 0
        w[vals + sp + 1] = start
        s[I.TO] = t[sites + start]
        w[why + sp + 1] = loop
        return loop + 1, sp + 2
    sp -= 1  # SITES_NEXT: the body's value is on top
    k, start = w[vals + sp - 2], w[vals + sp - 1]
    result = -1
    if w[vals + sp] != 0:
        result = t[sites + (start + k) % length]
    else:
        k += 1
        while k < length and t[sites + (start + k) % length] < 0:  # a track's End
            k += 1
        if k < length:
            w[vals + sp - 2] = k
            s[I.TO] = t[sites + (start + k) % length]
            w[why + sp - 1] = loop
            return loop + 1, sp
    sp -= 3
    s[I.TO] = w[vals + sp]
    w[vals + sp] = result
    w[why + sp] = loop
    return pc + 1, sp + 1


@tiny
def _loop_done(t, s, w, loop, after, sp, result):
    """Leave a sites loop: restore (site) and replace the loop's three entries by its result."""
    vals = t[P.W_VM]
    sp -= 3
    s[I.SITE] = w[vals + sp]
    w[vals + sp] = result
    w[vals + t[P.VM_STACK] + sp] = loop
    return after, sp + 1


#: :func:`leaf` inlined where end clauses are tested after every move (:func:`first_clause`);
#: called elsewhere, so that it is compiled once instead of in every caller.
leaf_inline = inlined(leaf)


@kernel
def evaluate(t, s, w, start, end):
    """Run the program of ops [start, end); return (value, op of the leaf that decided it)."""
    if end - start == 1:
        return leaf(t, s, w, start), start
    if end - start > t[P.VM_STACK]:
        fail(w, ERR.VM_STACK, start, end - start)
        return 0, start
    code = t[T.CODE]
    vals = t[P.W_VM]
    why = vals + t[P.VM_STACK]
    sp = 0
    pc = start
    while pc < end:
        at = code + pc * O.SIZE
        op = t[at + O.KIND]
        if op == OP.SITES_LOOP or op == OP.SITES_NEXT:
            pc, sp = sites_loop(t, s, w, pc, sp)
            continue
        if op == OP.NOT:
            w[vals + sp - 1] = 1 - w[vals + sp - 1]
        elif op == OP.AND or op == OP.OR:
            k = t[at + O.OPERANDS]
            first = sp - k
            res = 1 if op == OP.AND else 0
            reason = w[why + sp - 1]
            for i in range(first, sp):
                v = w[vals + i]
                if op == OP.AND and v == 0:
                    res = 0
                if op == OP.OR and v != 0 and res == 0:
                    res = 1
                    reason = w[why + i]
            w[vals + first] = res
            w[why + first] = reason
            sp = first + 1
        elif OP.ADD <= op <= OP.GE:  # the binary ops, declared in one run
            sp -= 1
            w[vals + sp - 1] = compare(w, op, pc, w[vals + sp - 1], w[vals + sp])
            w[why + sp - 1] = pc
        elif op == OP.IF:
            cond = w[vals + sp - 3]
            r = w[vals + sp - 2] if cond != 0 else w[vals + sp - 1]
            sp -= 2
            w[vals + sp - 1] = r
        elif op == OP.MAP_ENTRY:
            w[vals + sp - 1] = map_entry(t, t[at + O.MAP], w[vals + sp - 1])
        elif op == OP.SCORE:
            colour = w[vals + sp - 1] - 1
            r = -1
            if is_colour(colour):
                r = s[I.SCORES + colour]
            w[vals + sp - 1] = r
        elif op == OP.COUNT_AT:
            site = w[vals + sp - 1]
            ok = site >= 0 and site < t[P.CELLS]
            w[vals + sp - 1] = s[sec(s, S.COUNTS) + site] if ok else 0
        elif op == OP.STATE_AT:
            site = w[vals + sp - 1]
            ok = site >= 0 and site < t[P.CELLS]
            w[vals + sp - 1] = s[sec(s, S.STATE) + site] if ok else 0
        elif op == OP.WHO or op == OP.WHAT or op == OP.IS_OCCUPIED:
            site = w[vals + sp - 1]
            r = 0
            if site >= 0 and site < t[P.CELLS]:  # a hand's site too
                if op == OP.WHAT:
                    r = piece_type(t, s, site)
                else:
                    r = s[BOARD + site]
                    if op == OP.IS_OCCUPIED:  # a piece, or counters nobody owns (seeds)
                        r = 1 if r != 0 or s[sec(s, S.COUNTS) + site] != 0 else 0
            w[vals + sp - 1] = r
            w[why + sp - 1] = pc
        elif op == OP.IS_ENEMY_PLAYER or op == OP.IS_FRIEND_PLAYER:
            player = w[vals + sp - 1]
            mine = s[I.MOVER] + 1
            if op == OP.IS_ENEMY_PLAYER:
                w[vals + sp - 1] = 1 if player != 0 and player != mine else 0
            else:
                w[vals + sp - 1] = 1 if player == mine else 0
            w[why + sp - 1] = pc
        elif op == OP.LINE_THROUGH:
            sp -= 1
            r = line_through(t, s, w[vals + sp - 1], w[vals + sp], t[at + O.LENGTH],
                             t[at + O.AXES], t[at + O.EXACT], t[at + O.TYPES],
                             t[at + O.CONTIGUOUS])
            w[vals + sp - 1] = 1 if r else 0
            w[why + sp - 1] = pc
        elif op == OP.TRACK_SITE:
            sp -= 1
            index = t[t[T.LIST] + t[at + O.TRACKS] + role_colour(t, s, t[at + O.ROLE])]
            w[vals + sp - 1] = sowing.track_site(t, index, w[vals + sp - 1], w[vals + sp])
            w[why + sp - 1] = pc
        elif op == OP.AHEAD:  # Ludii's Ahead: the site itself where the line stops short
            site = w[vals + sp - 1]
            if site >= 0 and site < t[P.BOARD_CELLS] \
                    and (t[at + O.TURNED] == 0 or s[BOARD + site] != 0):
                way = t[at + O.DIRECTION]
                if t[at + O.TURNED] == 1:  # Ludii turns it from the facing of the piece there
                    way = (way + t[t[T.FACING] + piece_type(t, s, site)]) % 8
                at_site = site
                for _ in range(t[at + O.STEPS]):
                    at_site = t[t[T.NBR] + at_site * t[P.DIRS] + way]
                    if at_site < 0:
                        break
                w[vals + sp - 1] = at_site if at_site >= 0 else site
        elif op == OP.IS_VISITED:
            site = w[vals + sp - 1]
            w[vals + sp - 1] = visited(s, site)
            w[why + sp - 1] = pc
        elif op == OP.RANDOM:  # Ludii's ValueRandom: min + a draw below max - min + 1
            sp -= 1
            low, high = w[vals + sp - 1], w[vals + sp]
            w[vals + sp - 1] = low + chance_below(s, high - low + 1) if low <= high else -1
        elif op == OP.IS_START:  # a site, then a type
            sp -= 1
            site, what = w[vals + sp - 1], w[vals + sp]
            cells = t[P.BOARD_CELLS]
            inside = 0 <= site < cells and 0 <= what <= t[t[T.COMPONENTS]]
            w[vals + sp - 1] = t[t[T.LIST] + t[at + O.TABLE] + what * cells + site] \
                if inside else 0
            w[why + sp - 1] = pc
        elif op == OP.COUNT_STEPS:  # two sites: the table's entry (0 off the board)
            sp -= 1
            a, b = w[vals + sp - 1], w[vals + sp]
            cells = t[P.BOARD_CELLS]
            inside = 0 <= a < cells and 0 <= b < cells
            w[vals + sp - 1] = t[t[T.LIST] + t[at + O.TABLE] + a * cells + b] if inside else 0
        elif op == OP.CELL_NUMBER:
            site = w[vals + sp - 1]
            inside = site >= 0 and site < t[P.BOARD_CELLS]
            w[vals + sp - 1] = t[t[T.LIST] + t[at + O.TABLE] + site] if inside else -1
        elif op == OP.IS_EVEN or op == OP.IS_ODD:
            odd = w[vals + sp - 1] % 2
            w[vals + sp - 1] = 1 if (odd == 0) == (op == OP.IS_EVEN) else 0
            w[why + sp - 1] = pc
        elif op == OP.IN_NUMBERS:
            v = w[vals + sp - 1]
            r = 0
            first = t[T.LIST] + t[at + O.NUMBERS]
            for i in range(t[at + O.NUMBER_COUNT]):
                if t[first + i] == v:
                    r = 1
            w[vals + sp - 1] = r
            w[why + sp - 1] = pc
        elif op == OP.IS_IN:
            site = w[vals + sp - 1]
            inside = in_region(t, s, w, t[at + O.REGION], s[I.MOVER], site)
            w[vals + sp - 1] = 1 if inside else 0
            w[why + sp - 1] = pc
        elif op == OP.IS_EMPTY or op == OP.IS_ENEMY or op == OP.IS_FRIEND:
            site = w[vals + sp - 1]
            r = 0
            if site >= 0 and site < t[P.CELLS]:  # a hand's site too
                stone = s[BOARD + site]
                mine = s[I.MOVER] + 1
                if op == OP.IS_EMPTY:
                    r = 1 if stone == 0 and s[sec(s, S.COUNTS) + site] == 0 else 0
                elif op == OP.IS_ENEMY:
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
def span_value(t, s, w, at, default):
    """The value of the expression whose ops a record's span field holds: ``t[at]`` and the
    end after it (a ``Span``: X, X_END); ``default`` when the span is empty."""
    if t[at + 1] <= t[at]:
        return default
    value, _ = evaluate(t, s, w, t[at], t[at + 1])
    return value


@tiny
def from_holds(t, s, w, gen_at, site):
    """Does the generator's from-condition (G.FROM_COND) hold with (from) at ``site``? (A
    (forEach REGION if:C) from reads the site as (site) too.)"""
    if t[gen_at + G.FROM_COND_END] <= t[gen_at + G.FROM_COND]:
        return True
    s[I.FROM] = site
    s[I.SITE] = site
    return holds(t, s, w, t[gen_at + G.FROM_COND], t[gen_at + G.FROM_COND_END])


# ---------------------------------------------------------------- end clauses


@tiny
def first_clause(t, s, w):
    """Index of the first end clause that holds (-1: none) and the op that made it hold."""
    clauses = t[T.CLAUSES]
    for m in range(t[P.NUM_CLAUSES]):
        at = clauses + CL.SIZE * m
        start = t[at + CL.COND]
        if t[at + CL.COND_END] - start == 1:  # most clauses are one test: no VM loop
            if leaf_inline(t, s, w, start) != 0:
                return m, start
        else:
            value, reason = evaluate(t, s, w, start, t[at + CL.COND_END])
            if value != 0:
                return m, reason
    return -1, 0
