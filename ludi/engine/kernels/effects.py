"""Effects: what a move changes by itself — its placement or step, and the effects of its
generator (``T_EFF`` records: sowing, fromTo, remove, moveAgain). No end check and no change of
turn here (see ``apply.py``): trial moves run exactly this.
"""

from __future__ import annotations

from ludi.compile.layout import (
    BOARD,
    CR_FROM,
    CR_LENGTH,
    CR_PATH,
    E_APPLY,
    E_APPLY_COUNT,
    E_BACKTRACK,
    E_CAPTURE,
    E_CAPTURE_END,
    E_COND,
    E_COND_END,
    E_COUNT,
    E_COUNT_END,
    E_DIRS,
    E_FROM_SITE,
    E_FROM_SITE_END,
    E_INCLUDE_SELF,
    E_JUMP,
    E_KIND,
    E_OPPONENTS,
    E_ORIGIN,
    E_OWNER,
    E_OWNER_END,
    E_REGION,
    E_ROLE,
    E_SITE,
    E_SITE_END,
    E_SKIP,
    E_SKIP_END,
    E_SLAM_NO_CAPTURE,
    E_TO_SITE,
    E_TO_SITE_END,
    E_TRACKS,
    E_VAR,
    EFF_ADD,
    EFF_ADD_SCORE,
    EFF_CAN_MOVE,
    EFF_CUSTODIAL,
    EFF_FOR_EACH_SITE,
    EFF_FROM_TO,
    EFF_MOVE_AGAIN,
    EFF_PROMOTE,
    EFF_REMOVE,
    EFF_SET_COUNTER,
    EFF_SET_PENDING,
    EFF_SET_SCORE,
    EFF_SET_STATE,
    EFF_SET_VALUE,
    EFF_SET_VAR,
    EFF_SKIP,
    EFF_SKIP_UNLESS,
    EFF_SOW,
    EFF_SURROUND,
    EFF_TRIGGER,
    EFF_WIDTH,
    ERR_COUNT,
    ERR_EFFECT,
    ERR_MOVE,
    ERR_SOWING,
    FORCED_PASS,
    FROM_SHIFT,
    G_APPLY,
    G_APPLY_COUNT,
    G_COPY,
    G_COUNT,
    G_COUNT_END,
    G_DIRS,
    G_KIND,
    G_PIECE,
    G_THEN,
    G_THEN_COUNT,
    G_YES,
    GEN_HOP_OVER,
    GEN_MASK,
    GEN_PASS,
    GEN_SHIFT,
    GEN_WIDTH,
    I_BETWEEN,
    I_COUNTER,
    I_DECIDED,
    I_FORCED_PASSES,
    I_FROM,
    I_LAST_AFTER,
    I_LAST_FROM,
    I_LAST_TO,
    I_MOVE_AGAIN,
    I_MOVER,
    I_PENDING,
    I_PENDING_VALUE,
    I_PROPOSED,
    I_SCORES,
    I_SITE,
    I_SWAPPED,
    I_TO,
    I_TRIGGERED,
    I_VALUES,
    I_VARS,
    KIND_BITS,
    KIND_MASK,
    MAX_MOVED,
    MOVE_ADD,
    MOVE_HOP,
    MOVE_PASS,
    MOVE_PROPOSE,
    MOVE_SELECT,
    MOVE_SLIDE,
    MOVE_STEP,
    MOVE_SWAP,
    MOVE_VOTE,
    P_BOARD_CELLS,
    P_CELLS,
    P_DIRS,
    P_PLAY,
    P_PLAYERS,
    P_SOW_FAST,
    P_W_SLAM,
    PLAY_ADD,
    S_COUNTS,
    S_STATE,
    S_WHAT,
    SITE_MASK,
    T_COMPONENTS,
    T_EFF,
    T_GEN,
    T_LIST,
    T_NBR,
    T_TRACKS,
    W_CAN_MOVE,
    W_CAN_MOVE_LEFT,
    W_ERROR,
)
from ludi.engine.kernels import sowing
from ludi.engine.kernels.chains import chain_record
from ludi.engine.kernels.conditions import evaluate, holds, in_region
from ludi.engine.kernels.core import fail, kernel, role_colour, sec, tiny
from ludi.engine.kernels.pieces import add_piece, move_piece, own_piece, place, place_piece, remove


@tiny
def move_to(move):
    return (move >> KIND_BITS) & SITE_MASK


@tiny
def move_from(move):
    return (move >> FROM_SHIFT) & SITE_MASK


@tiny
def move_gen(move):
    return (move >> GEN_SHIFT) & GEN_MASK


# ---------------------------------------------------------------- effect records


@kernel
def simple_effect(t, s, w, e):
    """Apply a fromTo, remove or moveAgain effect (record ``e`` of T_EFF)."""
    at = t[T_EFF] + e * EFF_WIDTH
    kind = t[at + E_KIND]
    if kind == EFF_FROM_TO:
        frm, _ = evaluate(t, s, w, t[at + E_FROM_SITE], t[at + E_FROM_SITE_END])
        to, _ = evaluate(t, s, w, t[at + E_TO_SITE], t[at + E_TO_SITE_END])
        n, _ = evaluate(t, s, w, t[at + E_COUNT], t[at + E_COUNT_END])
        C = t[P_CELLS]
        if frm >= 0 and frm < C and to >= 0 and to < C and n > 0:
            cnt = sec(s, S_COUNTS)
            n = min(n, s[cnt + frm])
            s[cnt + frm] -= n
            s[cnt + to] += n
            if s[cnt + frm] == 0:  # emptied: Ludii removes what was there, its state too
                s[sec(s, S_STATE) + frm] = 0
    elif kind == EFF_REMOVE:
        site, _ = evaluate(t, s, w, t[at + E_SITE], t[at + E_SITE_END])
        if site >= 0 and site < t[P_BOARD_CELLS]:
            remove(t, s, site)
    elif kind == EFF_MOVE_AGAIN:
        s[I_MOVE_AGAIN] = 1
    elif kind == EFF_SET_STATE:
        site, _ = evaluate(t, s, w, t[at + E_SITE], t[at + E_SITE_END])
        value, _ = evaluate(t, s, w, t[at + E_COUNT], t[at + E_COUNT_END])
        if site >= 0 and site < t[P_CELLS]:
            s[sec(s, S_STATE) + site] = value
    elif kind == EFF_SET_VAR:
        value = -1
        if t[at + E_COUNT] < t[at + E_COUNT_END]:
            value, _ = evaluate(t, s, w, t[at + E_COUNT], t[at + E_COUNT_END])
        s[I_VARS + t[at + E_VAR]] = value
    elif kind == EFF_SET_PENDING:
        value = -1  # Ludii's pending values are a set: (value Pending) reads one value only
        if t[at + E_COUNT] < t[at + E_COUNT_END]:
            value, _ = evaluate(t, s, w, t[at + E_COUNT], t[at + E_COUNT_END])
        if s[I_PENDING] == 0:
            s[I_PENDING] = 1
            s[I_PENDING_VALUE] = value
        elif s[I_PENDING] == 1 and value != s[I_PENDING_VALUE]:
            s[I_PENDING] = 2
    elif kind == EFF_SET_VALUE:
        value = -1
        if t[at + E_COUNT] < t[at + E_COUNT_END]:
            value, _ = evaluate(t, s, w, t[at + E_COUNT], t[at + E_COUNT_END])
        colour = role_colour(t, s, t[at + E_ROLE])
        if colour >= 0 and colour < 4:
            s[I_VALUES + colour] = value
    elif kind == EFF_SET_SCORE or kind == EFF_ADD_SCORE:
        value, _ = evaluate(t, s, w, t[at + E_COUNT], t[at + E_COUNT_END])
        colour = role_colour(t, s, t[at + E_ROLE])
        if colour >= 0 and colour < 4:
            s[I_SCORES + colour] = value + (s[I_SCORES + colour] if kind == EFF_ADD_SCORE else 0)
    elif kind == EFF_PROMOTE:
        site, _ = evaluate(t, s, w, t[at + E_SITE], t[at + E_SITE_END])
        colour = role_colour(t, s, t[at + E_ROLE])
        if site >= 0 and site < t[P_BOARD_CELLS] and s[BOARD + site] != 0 \
                and colour >= 0 and colour < 4:
            what = t[t[T_LIST] + t[at + E_APPLY] + colour]
            if what > 0:
                remove(t, s, site)
                place_piece(t, s, site, colour, what)
    elif kind == EFF_SET_COUNTER:
        value = -1
        if t[at + E_COUNT] < t[at + E_COUNT_END]:
            value, _ = evaluate(t, s, w, t[at + E_COUNT], t[at + E_COUNT_END])
        s[I_COUNTER] = value
    elif kind == EFF_TRIGGER:
        colour = role_colour(t, s, t[at + E_ROLE])
        if colour >= 0 and colour < 4:
            s[I_TRIGGERED] |= 1 << colour
    elif kind == EFF_ADD:
        site, _ = evaluate(t, s, w, t[at + E_SITE], t[at + E_SITE_END])
        colour = role_colour(t, s, t[at + E_ROLE])
        if site >= 0 and site < t[P_BOARD_CELLS] and s[BOARD + site] == 0 \
                and s[sec(s, S_COUNTS) + site] == 0 and colour >= 0 and colour < 4:
            what = t[t[T_LIST] + t[at + E_APPLY] + colour]
            what = what if what > 0 else own_piece(t, colour)
            if what > 0:  # placed for its owner (a neutral type: for nobody)
                owner = t[t[T_COMPONENTS] + what]
                add_piece(t, s, site, owner if owner >= 0 else colour, what)
    else:
        fail(w, ERR_EFFECT, e, kind)


@kernel
def sow(t, s, w, e):
    """Sow the counters of the move's site along the track, then capture at the last site (and, with
    backtracking, before it) while the capture condition holds. With grandSlam:NoCapture,
    captures that would empty every site of the opponents are undone."""
    at = t[T_EFF] + e * EFF_WIDTH
    colour = 0
    if t[at + E_OWNER] < t[at + E_OWNER_END]:  # the owner's own track
        owner, _ = evaluate(t, s, w, t[at + E_OWNER], t[at + E_OWNER_END])
        colour = owner - 1
        if colour < 0 or colour >= t[P_PLAYERS]:
            return
    index = t[t[T_LIST] + t[at + E_TRACKS] + colour]
    block = t[T_TRACKS] + t[t[T_TRACKS] + 1 + index]
    L = t[block]
    loop = t[block + 1]
    track = block + 2
    pos_of = track + L
    cnt = sec(s, S_COUNTS)
    origin = s[I_LAST_TO]  # Ludii's default start: the site the move just chose
    if t[at + E_SITE] < t[at + E_SITE_END]:
        origin, _ = evaluate(t, s, w, t[at + E_SITE], t[at + E_SITE_END])
    if origin < 0 or origin >= t[P_CELLS]:
        return
    pos = t[pos_of + origin]
    if pos < 0:
        return
    seeds = s[cnt + origin]
    if t[at + E_COUNT] < t[at + E_COUNT_END]:  # count:N, at most what the site holds
        wanted, _ = evaluate(t, s, w, t[at + E_COUNT], t[at + E_COUNT_END])
        seeds = max(min(wanted, seeds), 0)
    s[cnt + origin] -= seeds
    if t[at + E_ORIGIN] == 1 and seeds > 0:  # origin:True: the first counter drops back in
        s[cnt + origin] += 1
        seeds -= 1
    include_self = t[at + E_INCLUDE_SELF]
    skip_start, skip_end = t[at + E_SKIP], t[at + E_SKIP_END]
    last = origin
    skipped = 0  # sites passed in a row without a seed: a whole lap means none can take one
    while seeds > 0:
        pos = sowing.next_place(L, loop, pos)
        if pos < 0:
            break
        site = t[track + pos]
        drop = not (site == origin and include_self == 0)
        if drop and skip_start < skip_end:
            s[I_TO] = site
            drop = not holds(t, s, w, skip_start, skip_end)
        if not drop:
            skipped += 1
            if skipped >= L:
                fail(w, ERR_SOWING, e, origin)
                break
            continue
        skipped = 0
        s[cnt + site] += 1
        seeds -= 1
        last = site
    s[cnt + origin] += seeds  # a track that does not loop keeps what it could not sow
    if s[cnt + origin] == 0:  # Ludii's last counter to leave takes the site's state along
        s[sec(s, S_STATE) + origin] = 0
    s[I_LAST_AFTER] = last
    s[I_TO] = last
    capture_start, capture_end = t[at + E_CAPTURE], t[at + E_CAPTURE_END]
    if t[at + E_APPLY_COUNT] == 0:  # no apply: (without if:, Ludii applies it at the last site)
        return
    grand_slam = t[at + E_SLAM_NO_CAPTURE]
    saved = t[P_W_SLAM]
    if grand_slam == 1:
        for c in range(t[P_CELLS]):
            w[saved + c] = s[cnt + c]
    p = t[pos_of + last]
    captured = False
    while True:
        site = t[track + p]
        s[I_TO] = site
        if capture_start < capture_end and not holds(t, s, w, capture_start, capture_end):
            break
        # backtracking:COND at this site, read before its capture (Ludii collects a sowing's
        # captures and tests the condition on the position without them)
        back_start, back_end = t[at + E_COND], t[at + E_COND_END]
        back = t[at + E_BACKTRACK] == 1 and holds(t, s, w, back_start, back_end)
        simple_effects(t, s, w, t[at + E_APPLY], t[at + E_APPLY_COUNT])
        captured = True
        if not back:
            break
        p = sowing.previous_place(L, loop, p)
        if p < 0:
            break
        s[I_TO] = t[track + p]
        if not holds(t, s, w, back_start, back_end) or t[track + p] == origin \
                or p == t[pos_of + last]:
            break
    if captured and grand_slam == 1:
        left = 0
        region = t[at + E_OPPONENTS]
        for c in range(t[P_BOARD_CELLS]):
            if in_region(t, s, w, region, s[I_MOVER], c):
                left += s[cnt + c]
        if left == 0:
            for c in range(t[P_CELLS]):
                s[cnt + c] = w[saved + c]
    s[I_TO] = last


@tiny
def skipped(t, s, w, e):
    """How many of the following list entries effect ``e`` passes over: a skip-unless whose
    condition fails, or a skip (the two halves of an ``(if c A B)``); 0 for other effects."""
    at = t[T_EFF] + e * EFF_WIDTH
    kind = t[at + E_KIND]
    if kind == EFF_SKIP:
        return t[at + E_JUMP]
    if kind == EFF_SKIP_UNLESS:
        return 0 if holds(t, s, w, t[at + E_COND], t[at + E_COND_END]) else t[at + E_JUMP]
    return 0


@kernel
def atomic_effects(t, s, w, start, count):
    """Effects that change sites directly (fromTo, remove, moveAgain, promote, set Var, and
    (if …) among them): what a (forEach Site …) runs at each site."""
    i = 0
    while i < count and w[W_ERROR] == 0:
        e = t[t[T_LIST] + start + i]
        kind = t[t[T_EFF] + e * EFF_WIDTH + E_KIND]
        if kind == EFF_SKIP or kind == EFF_SKIP_UNLESS:
            i += skipped(t, s, w, e)
        else:
            simple_effect(t, s, w, e)
        i += 1


@kernel
def for_each_site(t, s, w, e):
    """The record's effects at each site of its region, (site) set to each, in site order."""
    at = t[T_EFF] + e * EFF_WIDTH
    saved = s[I_SITE]
    for c in range(t[P_CELLS]):
        if in_region(t, s, w, t[at + E_REGION], s[I_MOVER], c):
            s[I_SITE] = c
            atomic_effects(t, s, w, t[at + E_APPLY], t[at + E_APPLY_COUNT])
    s[I_SITE] = saved


@kernel
def simple_effects(t, s, w, start, count):
    """A capture's effects (of a sowing, a custodial or surround capture): atomic ones and
    (forEach Site …) (the compiler allows no sowing or capture inside them)."""
    i = 0
    while i < count and w[W_ERROR] == 0:
        e = t[t[T_LIST] + start + i]
        kind = t[t[T_EFF] + e * EFF_WIDTH + E_KIND]
        if kind == EFF_SKIP or kind == EFF_SKIP_UNLESS:
            i += skipped(t, s, w, e)
        elif kind == EFF_FOR_EACH_SITE:
            for_each_site(t, s, w, e)
        else:
            simple_effect(t, s, w, e)
        i += 1


@tiny
def site_and_number(t, s, w, at, default):
    """A capture record's board site (E_SITE; -1 off the board) and number (E_COUNT, or
    ``default`` without one): where a custodial or surround capture looks from, and its limit."""
    site, _ = evaluate(t, s, w, t[at + E_SITE], t[at + E_SITE_END])
    if site < 0 or site >= t[P_BOARD_CELLS]:
        return -1, default
    number = default
    if t[at + E_COUNT] < t[at + E_COUNT_END]:
        number, _ = evaluate(t, s, w, t[at + E_COUNT], t[at + E_COUNT_END])
    return site, number


@kernel
def custodial(t, s, w, e):
    """Ludii's custodial capture: along each of the record's directions from its site, the
    sites in a row where the between-condition holds ((between) set to each; at most the limit,
    at least one), then a site where the to-condition holds ((to) set to it): the apply
    effects run at each of them, (between) set to each. (to) and (between) are restored."""
    at = t[T_EFF] + e * EFF_WIDTH
    origin, limit = site_and_number(t, s, w, at, t[P_CELLS])
    if origin < 0:
        return
    saved_to, saved_between = s[I_TO], s[I_BETWEEN]
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    mask = t[at + E_DIRS]
    for d in range(dirs):
        if (mask >> d) & 1 == 0:
            continue
        x = origin
        n = 0
        while n < limit:
            y = t[nbr + x * dirs + d]
            if y < 0:
                break
            s[I_BETWEEN] = y
            if not holds(t, s, w, t[at + E_COND], t[at + E_COND_END]):
                break
            x = y
            n += 1
        flank = t[nbr + x * dirs + d] if n > 0 else -1
        if flank < 0:
            continue
        s[I_TO] = flank
        if not holds(t, s, w, t[at + E_CAPTURE], t[at + E_CAPTURE_END]):
            continue
        x = origin
        for _ in range(n):
            x = t[nbr + x * dirs + d]
            s[I_BETWEEN] = x
            simple_effects(t, s, w, t[at + E_APPLY], t[at + E_APPLY_COUNT])
    s[I_TO] = saved_to
    s[I_BETWEEN] = saved_between


@kernel
def surround(t, s, w, e):
    """Ludii's surround: each neighbour of the record's site (along its directions) where the
    between-condition holds, (between), whose own neighbours along them are the site or hold
    the to-condition ((to) set to each), all but the except-count at most: the apply effects
    run there. (to) and (between) are restored."""
    at = t[T_EFF] + e * EFF_WIDTH
    origin, allowed = site_and_number(t, s, w, at, 0)
    if origin < 0:
        return
    saved_to, saved_between = s[I_TO], s[I_BETWEEN]
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    mask = t[at + E_DIRS]
    for d in range(dirs):
        target = t[nbr + origin * dirs + d] if (mask >> d) & 1 == 1 else -1
        if target < 0:
            continue
        s[I_BETWEEN] = target
        if not holds(t, s, w, t[at + E_COND], t[at + E_COND_END]):
            continue
        missing = 0
        for d2 in range(dirs):
            side = t[nbr + target * dirs + d2] if (mask >> d2) & 1 == 1 else -1
            if side < 0 or side == origin:
                continue
            s[I_TO] = side
            if not holds(t, s, w, t[at + E_CAPTURE], t[at + E_CAPTURE_END]):
                missing += 1
        if missing <= allowed:
            s[I_BETWEEN] = target
            simple_effects(t, s, w, t[at + E_APPLY], t[at + E_APPLY_COUNT])
    s[I_TO] = saved_to
    s[I_BETWEEN] = saved_between


@kernel
def effects(t, s, w, start, count):
    """Apply an effect sequence (T_LIST entries pointing at T_EFF records); an ``(if …)`` in it
    is a skip-unless and a skip, so the list runs in one loop."""
    i = 0
    while i < count and w[W_ERROR] == 0:
        e = t[t[T_LIST] + start + i]
        kind = t[t[T_EFF] + e * EFF_WIDTH + E_KIND]
        if kind == EFF_SOW:
            sow(t, s, w, e)
        elif kind == EFF_CUSTODIAL:
            custodial(t, s, w, e)
        elif kind == EFF_SURROUND:
            surround(t, s, w, e)
        elif kind == EFF_FOR_EACH_SITE:
            for_each_site(t, s, w, e)
        elif kind == EFF_SKIP or kind == EFF_SKIP_UNLESS:
            i += skipped(t, s, w, e)
        elif kind == EFF_CAN_MOVE:  # settled by the caller, which can generate moves
            w[W_CAN_MOVE] = start + i + 1
            w[W_CAN_MOVE_LEFT] = count - i - 1
            return
        else:
            simple_effect(t, s, w, e)
        i += 1


# ---------------------------------------------------------------- a move's own changes


@tiny
def hop_between(t, a, c, mask):
    """The site a one-site hop from ``a`` to ``c`` jumps over (-1: none)."""
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    for d in range(dirs):
        if (mask >> d) & 1 == 1:
            b = t[nbr + a * dirs + d]
            if b >= 0 and t[nbr + b * dirs + d] == c:
                return b
    return -1


@kernel
def step(t, s, w, move):
    """Ludii's step, hop and move (from …) (to …): the apply effects (of the to, or of a hop's
    between, at the site jumped over), then the piece moves to its destination (replacing a
    piece still there), then the move's then-effects."""
    a = move_from(move)
    c = move_to(move)
    at = t[T_GEN] + move_gen(move) * GEN_WIDTH
    s[I_FROM] = a
    s[I_TO] = c
    if t[at + G_KIND] == GEN_HOP_OVER:
        s[I_BETWEEN] = hop_between(t, a, c, t[at + G_DIRS])
    counted = t[at + G_COUNT] < t[at + G_COUNT_END]
    moved = 0
    if counted:  # (a count: never reads (to): the compiler refuses it)
        moved, _ = evaluate(t, s, w, t[at + G_COUNT], t[at + G_COUNT_END])
        if moved > MAX_MOVED:  # Ludii adds them whatever the origin held: a bound for sowing
            fail(w, ERR_COUNT, move_gen(move), moved)
            return
    effects(t, s, w, t[at + G_APPLY], t[at + G_APPLY_COUNT])
    if counted:  # Ludii's ActionMoveN: N counters leave (never below none), N arrive
        cnt = sec(s, S_COUNTS)
        s[cnt + a] = max(0, s[cnt + a] - moved)
        s[cnt + c] += moved
        if s[cnt + a] == 0:  # emptied: Ludii removes what was there, its state too
            s[sec(s, S_STATE) + a] = 0
    else:
        move_piece(t, s, a, c, t[at + G_COPY])
    s[I_LAST_FROM] = a
    s[I_LAST_TO] = c
    s[I_FROM] = a
    s[I_TO] = c
    effects(t, s, w, t[at + G_THEN], t[at + G_THEN_COUNT])


@kernel
def play_effects(t, s, w, move):
    """The changes a move makes by itself: a placement, a step or series of jumps, a selection
    and its effects, a proposal or vote, a swap. No end check and no change of turn."""
    kind = move & KIND_MASK
    mover = s[I_MOVER]
    s[I_LAST_AFTER] = -1
    if kind == MOVE_ADD:
        c = move_to(move)
        at = t[T_GEN] + move_gen(move) * GEN_WIDTH
        if t[P_PLAY] != PLAY_ADD and t[at + G_PIECE] > 0:
            add_piece(t, s, c, mover, t[t[T_LIST] + t[at + G_PIECE] - 1 + mover])
        else:
            place(t, s, c, mover)
        s[I_LAST_TO] = c
        s[I_LAST_FROM] = -1
        if t[P_PLAY] != PLAY_ADD:
            s[I_TO] = c
            effects(t, s, w, t[at + G_THEN], t[at + G_THEN_COUNT])
    elif kind == MOVE_SELECT and t[P_SOW_FAST] == 1:
        sowing.play_sow(t, s, w, move_from(move))
    elif kind == MOVE_SELECT:
        c = move_from(move)
        s[I_FROM] = c
        s[I_TO] = c
        s[I_SITE] = c
        s[I_LAST_FROM] = c
        s[I_LAST_TO] = c
        at = t[T_GEN] + move_gen(move) * GEN_WIDTH
        effects(t, s, w, t[at + G_THEN], t[at + G_THEN_COUNT])
    elif kind == MOVE_SLIDE:
        a = move_from(move)
        c = move_to(move)
        what = s[sec(s, S_WHAT) + a]
        state = s[sec(s, S_STATE) + a]
        remove(t, s, a)
        place_piece(t, s, c, mover, what)
        s[sec(s, S_STATE) + c] = state
        s[I_LAST_FROM] = a
        s[I_LAST_TO] = c
    elif kind == MOVE_STEP:
        step(t, s, w, move)
    elif kind == MOVE_HOP:
        rec = chain_record(t, move)
        k = w[rec + CR_LENGTH]
        a = w[rec + CR_FROM]
        what = s[sec(s, S_WHAT) + a]
        state = s[sec(s, S_STATE) + a]
        remove(t, s, a)
        for i in range(k):
            remove(t, s, w[rec + CR_PATH + k + i])
        c = w[rec + CR_PATH + k - 1]
        place_piece(t, s, c, mover, what)
        s[sec(s, S_STATE) + c] = state
        s[I_LAST_FROM] = a
        s[I_LAST_TO] = c
    elif kind == MOVE_PROPOSE:
        s[I_PROPOSED] = move_to(move) + 1
        s[I_LAST_TO] = -1
    elif kind == MOVE_VOTE:
        at = t[T_GEN] + move_gen(move) * GEN_WIDTH
        if s[I_PROPOSED] == move_to(move) + 1 and t[at + G_YES] == 1:
            s[I_DECIDED] = s[I_PROPOSED]
        s[I_PROPOSED] = 0
        s[I_LAST_TO] = -1
    elif kind == MOVE_SWAP or kind == MOVE_PASS:
        s[I_LAST_TO] = -1
        s[I_LAST_FROM] = -1
        if move == FORCED_PASS:
            s[I_FORCED_PASSES] += 1
        elif kind == MOVE_PASS:  # a program's (move Pass (then …)), not the forced pass
            at = t[T_GEN] + move_gen(move) * GEN_WIDTH
            if t[at + G_KIND] == GEN_PASS:
                effects(t, s, w, t[at + G_THEN], t[at + G_THEN_COUNT])
        if kind == MOVE_SWAP:
            s[I_SWAPPED] = 1 - s[I_SWAPPED]
    else:
        fail(w, ERR_MOVE, 0, move)
