"""Effects: what a move changes by itself — its placement or step, and the effects of its
generator (``T.EFF`` records: sowing, fromTo, remove, moveAgain). No end check and no change of
turn here (see ``apply.py``): trial moves run exactly this.
"""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import (
    BOARD,
    CR,
    EFF,
    ERR,
    FORCED_PASS,
    FROM_SHIFT,
    GEN,
    GEN_MASK,
    GEN_SHIFT,
    KIND_BITS,
    KIND_MASK,
    MAX_FACES,
    MAX_MOVED,
    MOVE,
    PLAY,
    REPLAY_DOUBLE,
    SITE_MASK,
    TR,
    E,
    G,
    I,
    P,
    S,
    T,
    W,
)
from ludi.engine.kernels import sowing
from ludi.engine.kernels.chains import chain_record
from ludi.engine.kernels.conditions import (
    evaluate,
    evaluate_track_ends,
    holds,
    in_region,
    next_site,
    span_value,
)
from ludi.engine.kernels.core import (
    chance_below,
    fail,
    is_colour,
    kernel,
    mark_to_clear,
    role_colour,
    sec,
    tiny,
    track_block,
)
from ludi.engine.kernels.hops import far, far_hop_between, hop_run, jumped
from ludi.engine.kernels.pieces import (
    add_piece,
    move_piece,
    own_piece,
    piece_dirs,
    place,
    place_piece,
    remove,
    stack_clash,
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


# ---------------------------------------------------------------- effect records


@tiny
def roll(t, s):
    """Every die shows a face drawn from the state's chance generator (I.CHANCE, a counter
    hashed: the same position rolls the same faces, and a seed decides a game's rolls)."""
    total = 0
    for k in range(t[P.DICE]):
        die = t[T.DICE] + k * (1 + MAX_FACES)
        draw = chance_below(s, t[die])
        s[I.DICE + k] = t[die + 1 + draw]
        s[I.FACES + k] = s[I.DICE + k]
        total += s[I.DICE + k]
    s[I.PIPS] = total


@tiny
def use_dice(t, s, mask):
    """A move of a (forEach Die …) uses its dice: (pips) is their sum while it applies, and
    each then shows 0 (Ludii's used die). A double is played twice (ForEachDie's replayDouble,
    with Ludii's temp, I.DOUBLE): a die's move when every die shows the same remembers its
    value, the next die's move shows it on every die again, the move after that forgets it."""
    if mask != 0:
        dice = mask & (REPLAY_DOUBLE - 1)
        single = dice & (dice - 1) == 0
        equal = True
        for k in range(1, t[P.DICE]):
            equal = equal and s[I.DICE + k] == s[I.DICE]
        total = 0
        for k in range(t[P.DICE]):
            if (dice >> k) & 1 == 1:
                total += s[I.DICE + k]
                s[I.DICE + k] = 0
        s[I.PIP] = total
        if single and mask & REPLAY_DOUBLE != 0 and equal:
            s[I.DOUBLE] = total if s[I.DOUBLE] == 0 else 0
        elif single and s[I.DOUBLE] != 0:
            for k in range(t[P.DICE]):
                die = t[T.DICE] + k * (1 + MAX_FACES)
                if s[I.DOUBLE] - 1 < t[die]:  # Ludii's face number temp - 1
                    s[I.DICE + k] = t[die + s[I.DOUBLE]]
                    s[I.FACES + k] = s[I.DICE + k]


@kernel
def simple_effect(t, s, w, e):
    """Apply a fromTo, remove or moveAgain effect (record ``e`` of T.EFF)."""
    at = t[T.EFF] + e * E.SIZE
    kind = t[at + E.KIND]
    if kind == EFF.FROM_TO:
        frm, _ = evaluate(t, s, w, t[at + E.FROM_SITE], t[at + E.FROM_SITE_END])
        to, _ = evaluate(t, s, w, t[at + E.TO_SITE], t[at + E.TO_SITE_END])
        n, _ = evaluate(t, s, w, t[at + E.COUNT], t[at + E.COUNT_END])
        C = t[P.CELLS]
        if frm >= 0 and frm < C and to >= 0 and to < C and n > 0 and s[BOARD + frm] != 0:
            for _ in range(n):  # a player's pieces move one by one (a stack's top first)
                if s[BOARD + frm] == 0:
                    break
                if stack_clash(t, s, frm, to):
                    fail(w, ERR.STACK, e, to)
                    return
                move_piece(t, s, frm, to, 0)
        elif frm >= 0 and frm < C and to >= 0 and to < C and n > 0:
            cnt = sec(s, S.COUNTS)
            n = min(n, s[cnt + frm])
            s[cnt + frm] -= n
            s[cnt + to] += n
            if s[cnt + frm] == 0:  # emptied: Ludii removes what was there, its state too
                s[sec(s, S.STATE) + frm] = 0
    elif kind == EFF.REMOVE:
        site, _ = evaluate(t, s, w, t[at + E.SITE], t[at + E.SITE_END])
        if site >= 0 and site < t[P.BOARD_CELLS]:
            if t[at + E.LATER] == 1:  # at:EndOfTurn: Ludii's sites to remove, (sites ToClear)
                mark_to_clear(s, site)
            else:
                remove(t, s, site)
    elif kind == EFF.MOVE_AGAIN:
        s[I.MOVE_AGAIN] = 1
    elif kind == EFF.SET_NEXT:  # Ludii's next player, in a two-player game (compiled so)
        s[I.MOVE_AGAIN] = 1 if span_value(t, s, w, at + E.VALUE, 0) == s[I.MOVER] + 1 else 0
    elif kind == EFF.ROLL:
        roll(t, s)
    elif kind == EFF.SET_STATE:
        site, _ = evaluate(t, s, w, t[at + E.SITE], t[at + E.SITE_END])
        value = span_value(t, s, w, at + E.VALUE, 0)
        if site >= 0 and site < t[P.CELLS]:
            s[sec(s, S.STATE) + site] = value
    elif kind == EFF.SET_VAR:
        s[I.VARS + t[at + E.VAR]] = span_value(t, s, w, at + E.VALUE, -1)
    elif kind == EFF.REMEMBER or kind == EFF.FORGET:
        value = span_value(t, s, w, at + E.VALUE, -1)
        if value < 0 or value >= t[P.CELLS]:
            fail(w, ERR.REMEMBERED, e, value)
        elif kind == EFF.REMEMBER:
            s[sec(s, S.REMEMBERED) + value] |= np.int64(1) << t[at + E.NAME_BIT]
        else:
            s[sec(s, S.REMEMBERED) + value] &= ~(np.int64(1) << t[at + E.NAME_BIT])
    elif kind == EFF.FORGET_ALL:
        bits = sec(s, S.REMEMBERED)
        for c in range(t[P.CELLS]):
            s[bits + c] &= ~(np.int64(1) << t[at + E.NAME_BIT])
    elif kind == EFF.SET_PENDING:
        # Ludii's pending values are a set: (value Pending) reads one value only
        value = span_value(t, s, w, at + E.VALUE, -1)
        if s[I.PENDING] == 0:
            s[I.PENDING] = 1
            s[I.PENDING_VALUE] = value
        elif s[I.PENDING] == 1 and value != s[I.PENDING_VALUE]:
            s[I.PENDING] = 2
    elif kind == EFF.SET_VALUE:
        value = span_value(t, s, w, at + E.VALUE, -1)
        colour = role_colour(t, s, t[at + E.ROLE])
        if is_colour(colour):
            s[I.VALUES + colour] = value
    elif kind == EFF.SET_SCORE or kind == EFF.ADD_SCORE:
        value = span_value(t, s, w, at + E.VALUE, 0)
        colour = role_colour(t, s, t[at + E.ROLE])
        if is_colour(colour):
            s[I.SCORES + colour] = value + (s[I.SCORES + colour] if kind == EFF.ADD_SCORE else 0)
    elif kind == EFF.PROMOTE:
        site, _ = evaluate(t, s, w, t[at + E.SITE], t[at + E.SITE_END])
        colour = role_colour(t, s, t[at + E.ROLE])
        if site >= 0 and site < t[P.BOARD_CELLS] and s[BOARD + site] != 0 \
                and is_colour(colour):
            what = t[t[T.LIST] + t[at + E.TYPES] + colour]
            if what > 0:
                remove(t, s, site)
                place_piece(t, s, site, colour, what)
    elif kind == EFF.SET_COUNTER:
        s[I.COUNTER] = span_value(t, s, w, at + E.VALUE, -1)
    elif kind == EFF.TRIGGER:
        colour = role_colour(t, s, t[at + E.ROLE])
        if is_colour(colour):
            s[I.TRIGGERED] |= 1 << colour
    elif kind == EFF.ADD:
        site, _ = evaluate(t, s, w, t[at + E.SITE], t[at + E.SITE_END])
        colour = role_colour(t, s, t[at + E.ROLE])
        if site >= 0 and site < t[P.BOARD_CELLS] and s[BOARD + site] == 0 \
                and s[sec(s, S.COUNTS) + site] == 0 and is_colour(colour):
            what = t[t[T.LIST] + t[at + E.TYPES] + colour]
            what = what if what > 0 else own_piece(t, colour)
            if what > 0:  # placed for its owner (a neutral type: for nobody)
                owner = t[t[T.COMPONENTS] + what]
                add_piece(t, s, site, owner if owner >= 0 else colour, what)
    else:
        fail(w, ERR.EFFECT, e, kind)


@kernel
def sow(t, s, w, e):
    """Sow the counters of the move's site along the track, then capture at the last site (and, with
    backtracking, before it) while the capture condition holds. With grandSlam:NoCapture,
    captures that would empty every site of the opponents are undone."""
    at = t[T.EFF] + e * E.SIZE
    colour = 0
    if t[at + E.OWNER] < t[at + E.OWNER_END]:  # the owner's own track
        owner, _ = evaluate(t, s, w, t[at + E.OWNER], t[at + E.OWNER_END])
        colour = owner - 1
        if colour < 0 or colour >= t[P.PLAYERS]:
            return
    index = t[t[T.LIST] + t[at + E.TRACKS] + colour]
    block = track_block(t, index)
    L = t[block + TR.LENGTH]
    loop = t[block + TR.LOOP]
    track = block + TR.SITES
    pos_of = track + L
    cnt = sec(s, S.COUNTS)
    origin = s[I.LAST_TO]  # Ludii's default start: the site the move just chose
    if t[at + E.SITE] < t[at + E.SITE_END]:
        origin, _ = evaluate(t, s, w, t[at + E.SITE], t[at + E.SITE_END])
    if origin < 0 or origin >= t[P.CELLS]:
        return
    pos = t[pos_of + origin]
    if pos < 0:
        return
    seeds = s[cnt + origin]
    if t[at + E.COUNT] < t[at + E.COUNT_END]:  # count:N, at most what the site holds
        wanted, _ = evaluate(t, s, w, t[at + E.COUNT], t[at + E.COUNT_END])
        seeds = max(min(wanted, seeds), 0)
    s[cnt + origin] -= seeds
    if t[at + E.ORIGIN] == 1 and seeds > 0:  # origin:True: the first counter drops back in
        s[cnt + origin] += 1
        seeds -= 1
    include_self = t[at + E.INCLUDE_SELF]
    skip_start, skip_end = t[at + E.SKIP_COND], t[at + E.SKIP_COND_END]
    last = origin
    skipped = 0  # sites passed in a row without a seed: a whole lap means none can take one
    while seeds > 0:
        pos = sowing.next_place(L, loop, pos)
        if pos < 0:
            break
        site = t[track + pos]
        drop = not (site == origin and include_self == 0)
        if drop and skip_start < skip_end:
            s[I.TO] = site
            s[I.VALUE] = seeds + t[at + E.ORIGIN]  # Ludii's count - index (origin: one sown)
            drop = not holds(t, s, w, skip_start, skip_end)
        if not drop:
            skipped += 1
            if skipped >= L:
                fail(w, ERR.SOWING, e, origin)
                break
            continue
        skipped = 0
        s[cnt + site] += 1
        seeds -= 1
        last = site
    s[cnt + origin] += seeds  # a track that does not loop keeps what it could not sow
    if s[cnt + origin] == 0:  # Ludii's last counter to leave takes the site's state along
        s[sec(s, S.STATE) + origin] = 0
    s[I.LAST_AFTER] = last
    s[I.TO] = last
    capture_start, capture_end = t[at + E.CAPTURE_COND], t[at + E.CAPTURE_COND_END]
    if t[at + E.APPLY_COUNT] == 0:  # no apply: (without if:, Ludii applies it at the last site)
        return
    grand_slam = t[at + E.SLAM_NO_CAPTURE]
    saved = t[P.W_SLAM]
    if grand_slam == 1:
        for c in range(t[P.CELLS]):
            w[saved + c] = s[cnt + c]
    p = t[pos_of + last]
    captured = False
    while True:
        site = t[track + p]
        s[I.TO] = site
        if capture_start < capture_end and not holds(t, s, w, capture_start, capture_end):
            break
        # backtracking:COND at this site, read before its capture (Ludii collects a sowing's
        # captures and tests the condition on the position without them)
        back_start, back_end = t[at + E.BACKTRACK_COND], t[at + E.BACKTRACK_COND_END]
        back = t[at + E.BACKTRACK] == 1 and holds(t, s, w, back_start, back_end)
        simple_effects(t, s, w, t[at + E.APPLY], t[at + E.APPLY_COUNT])
        captured = True
        if not back:
            break
        p = sowing.previous_place(L, loop, p)
        if p < 0:
            break
        s[I.TO] = t[track + p]
        if not holds(t, s, w, back_start, back_end) or t[track + p] == origin \
                or p == t[pos_of + last]:
            break
    if captured and grand_slam == 1:
        left = 0
        region = t[at + E.OPPONENTS]
        for c in range(t[P.BOARD_CELLS]):
            if in_region(t, s, w, region, s[I.MOVER], c):
                left += s[cnt + c]
        if left == 0:
            for c in range(t[P.CELLS]):
                s[cnt + c] = w[saved + c]
    s[I.TO] = last


@tiny
def is_control(kind):
    """Is an effect of this kind a skip or skip-unless (the halves of an ``(if c A B)`` in a
    list), which the list runners pass to :func:`skipped`?"""
    return kind == EFF.SKIP or kind == EFF.SKIP_UNLESS


@tiny
def skipped(t, s, w, e):
    """How many of the following list entries effect ``e`` passes over: a skip-unless whose
    condition fails, or a skip (the two halves of an ``(if c A B)``); 0 for other effects."""
    at = t[T.EFF] + e * E.SIZE
    kind = t[at + E.KIND]
    if kind == EFF.SKIP:
        return t[at + E.JUMP]
    if kind == EFF.SKIP_UNLESS:
        return 0 if holds(t, s, w, t[at + E.COND], t[at + E.COND_END]) else t[at + E.JUMP]
    return 0


@kernel
def atomic_effects(t, s, w, start, count):
    """Effects that change sites directly (fromTo, remove, moveAgain, promote, set Var, and
    (if …) among them): what a (forEach Site …) runs at each site."""
    i = 0
    while i < count and w[W.ERROR] == 0:
        e = t[t[T.LIST] + start + i]
        if is_control(t[t[T.EFF] + e * E.SIZE + E.KIND]):
            i += skipped(t, s, w, e)
        else:
            simple_effect(t, s, w, e)
        i += 1


@kernel
def for_each_site(t, s, w, e):
    """The record's effects at each site of its region, (site) set to each, in site order."""
    at = t[T.EFF] + e * E.SIZE
    if t[at + E.SPAN] > 0:  # a track span's two ends, as the move left the position
        evaluate_track_ends(t, s, w, t[at + E.SPAN] - 1)
    saved = s[I.SITE]
    c = next_site(t, s, w, t[at + E.REGION], -1)
    while c >= 0:
        s[I.SITE] = c
        atomic_effects(t, s, w, t[at + E.APPLY], t[at + E.APPLY_COUNT])
        c = next_site(t, s, w, t[at + E.REGION], c)
    s[I.SITE] = saved


@tiny
def capture_effect(t, s, w, e):
    """One effect of a capture's list: a (forEach Site …) or a simple effect."""
    if t[t[T.EFF] + e * E.SIZE + E.KIND] == EFF.FOR_EACH_SITE:
        for_each_site(t, s, w, e)
    else:
        simple_effect(t, s, w, e)


@kernel
def simple_effects(t, s, w, start, count):
    """A capture's effects (of a sowing, a custodial or surround capture): atomic ones and
    (forEach Site …) (the compiler allows no sowing or capture inside them)."""
    i = 0
    while i < count and w[W.ERROR] == 0:
        e = t[t[T.LIST] + start + i]
        if is_control(t[t[T.EFF] + e * E.SIZE + E.KIND]):
            i += skipped(t, s, w, e)
        else:
            capture_effect(t, s, w, e)
        i += 1


@tiny
def site_and_number(t, s, w, at, number_at, default):
    """A capture record's board site (E.SITE; -1 off the board) and the number whose span
    starts at field ``number_at`` (E.LIMIT, E.EXCEPT; ``default`` when empty): where a
    custodial or surround capture looks from, and its limit."""
    site, _ = evaluate(t, s, w, t[at + E.SITE], t[at + E.SITE_END])
    if site < 0 or site >= t[P.BOARD_CELLS]:
        return -1, default
    return site, span_value(t, s, w, at + number_at, default)


@kernel
def custodial(t, s, w, e):
    """Ludii's custodial capture: along each of the record's directions from its site, the
    sites in a row where the between-condition holds ((between) set to each; at most the limit,
    at least one), then a site where the to-condition holds ((to) set to it): the apply
    effects run at each of them, (between) set to each. (to) and (between) are restored."""
    at = t[T.EFF] + e * E.SIZE
    origin, limit = site_and_number(t, s, w, at, E.LIMIT, t[P.CELLS])
    if origin < 0:
        return
    saved_to, saved_between = s[I.TO], s[I.BETWEEN]
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    mask = t[at + E.DIRS]
    for d in range(dirs):
        if (mask >> d) & 1 == 0:
            continue
        x = origin
        n = 0
        while n < limit:
            y = t[nbr + x * dirs + d]
            if y < 0:
                break
            s[I.BETWEEN] = y
            if not holds(t, s, w, t[at + E.TARGET_COND], t[at + E.TARGET_COND_END]):
                break
            x = y
            n += 1
        flank = t[nbr + x * dirs + d] if n > 0 else -1
        if flank < 0:
            continue
        s[I.TO] = flank
        if not holds(t, s, w, t[at + E.FLANK_COND], t[at + E.FLANK_COND_END]):
            continue
        x = origin
        for _ in range(n):
            x = t[nbr + x * dirs + d]
            s[I.BETWEEN] = x
            simple_effects(t, s, w, t[at + E.APPLY], t[at + E.APPLY_COUNT])
    s[I.TO] = saved_to
    s[I.BETWEEN] = saved_between


@kernel
def surround(t, s, w, e):
    """Ludii's surround: each neighbour of the record's site (along its directions) where the
    between-condition holds, (between), whose own neighbours along them are the site or hold
    the to-condition ((to) set to each), all but the except-count at most: the apply effects
    run there. (to) and (between) are restored."""
    at = t[T.EFF] + e * E.SIZE
    origin, allowed = site_and_number(t, s, w, at, E.EXCEPT, 0)
    if origin < 0:
        return
    saved_to, saved_between = s[I.TO], s[I.BETWEEN]
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    mask = t[at + E.DIRS]
    for d in range(dirs):
        target = t[nbr + origin * dirs + d] if (mask >> d) & 1 == 1 else -1
        if target < 0:
            continue
        s[I.BETWEEN] = target
        if not holds(t, s, w, t[at + E.TARGET_COND], t[at + E.TARGET_COND_END]):
            continue
        missing = 0
        for d2 in range(dirs):
            side = t[nbr + target * dirs + d2] if (mask >> d2) & 1 == 1 else -1
            if side < 0 or side == origin:
                continue
            s[I.TO] = side
            if not holds(t, s, w, t[at + E.FLANK_COND], t[at + E.FLANK_COND_END]):
                missing += 1
        if missing <= allowed:
            s[I.BETWEEN] = target
            simple_effects(t, s, w, t[at + E.APPLY], t[at + E.APPLY_COUNT])
    s[I.TO] = saved_to
    s[I.BETWEEN] = saved_between


@kernel
def slide(t, s, w, e):
    """Ludii's (slide …) in a (then …): the one move of slide generator E.GEN (one direction,
    from one site, a range of exactly N sites: the compiler), played at once. Walking from the
    site, a site where the stop rule (its to-condition) holds, N sites on, is where it lands;
    before that each site must pass the go rule (its between-condition; empty by default),
    and the N-th too when the stop rule fails there. Its to's apply runs first, then the piece
    moves (as a slide move does, :func:`step`)."""
    at = t[T.GEN] + t[t[T.EFF] + e * E.SIZE + E.GEN] * G.SIZE
    a, _ = evaluate(t, s, w, t[at + G.FROM_SITE], t[at + G.FROM_SITE_END])
    if a < 0 or a >= t[P.BOARD_CELLS]:
        return
    dirs = t[P.DIRS]
    d = 0
    while (t[at + G.DIRS] >> d) & 1 == 0:
        d += 1
    x = a
    for k in range(1, t[at + G.MIN] + 1):
        x = t[t[T.NBR] + x * dirs + d]
        if x < 0:
            return
        s[I.FROM] = a
        s[I.TO] = x
        stop = k == t[at + G.MIN] and t[at + G.TO_COND] < t[at + G.TO_COND_END] \
            and holds(t, s, w, t[at + G.TO_COND], t[at + G.TO_COND_END])
        if not stop:
            s[I.BETWEEN] = x
            if t[at + G.OVER_COND] < t[at + G.OVER_COND_END]:
                if not holds(t, s, w, t[at + G.OVER_COND], t[at + G.OVER_COND_END]):
                    return
            elif s[BOARD + x] != 0:
                return
    s[I.FROM] = a
    s[I.TO] = x
    simple_effects(t, s, w, t[at + G.APPLY], t[at + G.APPLY_COUNT])
    move_piece(t, s, a, x, 0)


@tiny
def stop_test(t, at):
    """The EFF.CAN_MOVE or EFF.IF_THREATENED entry at T.LIST place ``at``, where the effects
    stopped: 1 for a threat test (else 0), its role (or generator), its jump."""
    rec = t[T.EFF] + t[t[T.LIST] + at] * E.SIZE
    if t[rec + E.KIND] == EFF.IF_THREATENED:
        return 1, t[rec + E.ROLE], t[rec + E.JUMP]
    return 0, t[rec + E.GEN], t[rec + E.JUMP]


@kernel
def effects(t, s, w, start, count):
    """Apply an effect sequence (T.LIST entries pointing at T.EFF records); an ``(if …)`` in it
    is a skip-unless and a skip, so the list runs in one loop."""
    i = 0
    while i < count and w[W.ERROR] == 0:
        e = t[t[T.LIST] + start + i]
        kind = t[t[T.EFF] + e * E.SIZE + E.KIND]
        if kind == EFF.SOW:
            sow(t, s, w, e)
        elif kind == EFF.CUSTODIAL:
            custodial(t, s, w, e)
        elif kind == EFF.SURROUND:
            surround(t, s, w, e)
        elif kind == EFF.SLIDE:
            slide(t, s, w, e)
        elif kind == EFF.CAN_MOVE or kind == EFF.IF_THREATENED:  # settled by the caller,
            # which can generate moves (generate.settle_stops)
            w[W.CAN_MOVE] = start + i + 1
            w[W.CAN_MOVE_LEFT] = count - i - 1
            return
        elif is_control(kind):
            i += skipped(t, s, w, e)
        else:
            capture_effect(t, s, w, e)
        i += 1


# ---------------------------------------------------------------- a move's own changes


@tiny
def hop_between(t, a, c, mask):
    """The site a one-site hop from ``a`` to ``c`` jumps over (-1: none)."""
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    for d in range(dirs):
        if (mask >> d) & 1 == 1:
            b = t[nbr + a * dirs + d]
            if b >= 0 and t[nbr + b * dirs + d] == c:
                return b
    return -1


@kernel
def step(t, s, w, move):
    """Ludii's step, hop and move (from …) (to …): the apply effects (of the to, or of a hop's
    between, at the site jumped over, at each site of a run in turn), then the piece moves to
    its destination (replacing a piece still there), then the move's then-effects."""
    a = move_from(move)
    c = move_to(move)
    at = t[T.GEN] + move_gen(move) * G.SIZE
    s[I.FROM] = a
    s[I.TO] = c
    run, b, d = 0, -1, -1
    if t[at + G.KIND] == GEN.HOP_OVER:
        mask = piece_dirs(t, s, at, a)
        if far(t, at):
            b, d = far_hop_between(t, s, w, at, a, c, mask)
            if t[at + G.RUN] > 0 and d >= 0 and t[at + G.AFTER] == 0:
                run = jumped(t, b, c, d, t[at + G.RUN])  # it lands just past the sites it jumped
            elif t[at + G.RUN] > 0 and d >= 0:  # past a whole run (the compiler sees to it)
                run, _ = hop_run(t, s, w, at, a, b, d)
            s[I.BETWEEN] = b
            s[I.FROM] = a
            s[I.TO] = c
        else:
            s[I.BETWEEN] = hop_between(t, a, c, mask)
    counted = t[at + G.COUNT] < t[at + G.COUNT_END]
    moved = 0
    if counted:  # (a count: never reads (to): the compiler refuses it)
        moved, _ = evaluate(t, s, w, t[at + G.COUNT], t[at + G.COUNT_END])
        if moved > MAX_MOVED:  # Ludii adds them whatever the origin held: a bound for sowing
            fail(w, ERR.COUNT, move_gen(move), moved)
            return
    effects(t, s, w, t[at + G.APPLY], t[at + G.APPLY_COUNT])
    for _ in range(run):  # a hop over a run: its (apply …) at each site of the run, in turn
        b = t[t[T.NBR] + b * t[P.DIRS] + d]
        s[I.BETWEEN] = b
        s[I.FROM] = a
        s[I.TO] = c
        effects(t, s, w, t[at + G.APPLY], t[at + G.APPLY_COUNT])
    if counted:  # Ludii's ActionMoveN: N counters leave (never below none), N arrive
        cnt = sec(s, S.COUNTS)
        s[cnt + a] = max(0, s[cnt + a] - moved)
        s[cnt + c] += moved
        if s[cnt + a] == 0:  # emptied: Ludii removes what was there, its state too
            s[sec(s, S.STATE) + a] = 0
    else:
        if stack_clash(t, s, a, c):
            fail(w, ERR.STACK, move_gen(move), c)
            return
        move_piece(t, s, a, c, t[at + G.COPY])
    s[I.LAST_FROM] = a
    s[I.LAST_TO] = c
    s[I.FROM] = a
    s[I.TO] = c
    effects(t, s, w, t[at + G.THEN], t[at + G.THEN_COUNT])


@kernel
def play_effects(t, s, w, move):
    """The changes a move makes by itself: a placement, a step or series of jumps, a selection
    and its effects, a proposal or vote, a swap. No end check and no change of turn."""
    kind = move & KIND_MASK
    mover = s[I.MOVER]
    s[I.LAST_AFTER] = -1
    if t[P.PRIORS] == 1 and kind != MOVE.SWAP and move != FORCED_PASS:
        prior = t[T.PRIORS] + 3 * move_gen(move)
        if w[W.PRIORS_OPEN] == 0:  # a (do PRIOR next:…)'s move: PRIOR first
            effects(t, s, w, t[prior], t[prior + 1])
        use_dice(t, s, t[prior + 2])
    if t[P.PRIORS] == 1:  # (set Pending) lasts until the move after it, whose PRIOR reads it
        s[I.PENDING] = 0
    if kind == MOVE.ADD:
        c = move_to(move)
        at = t[T.GEN] + move_gen(move) * G.SIZE
        if t[P.PLAY] != PLAY.ADD and t[at + G.PIECE] > 0:
            add_piece(t, s, c, mover, t[t[T.LIST] + t[at + G.PIECE] - 1 + mover])
        else:
            place(t, s, c, mover)
        s[I.LAST_TO] = c
        s[I.LAST_FROM] = -1
        if t[P.PLAY] != PLAY.ADD:
            s[I.TO] = c
            effects(t, s, w, t[at + G.THEN], t[at + G.THEN_COUNT])
    elif kind == MOVE.SELECT:
        if t[P.SOW_FAST] == 1:
            sowing.play_sow(t, s, w, move_from(move))
            return
        c = move_from(move)
        s[I.FROM] = c
        s[I.TO] = c
        s[I.SITE] = c
        s[I.LAST_FROM] = c
        s[I.LAST_TO] = c
        at = t[T.GEN] + move_gen(move) * G.SIZE
        effects(t, s, w, t[at + G.THEN], t[at + G.THEN_COUNT])
    elif kind == MOVE.SLIDE:
        a = move_from(move)
        c = move_to(move)
        what = s[sec(s, S.WHAT) + a]
        state = s[sec(s, S.STATE) + a]
        remove(t, s, a)
        place_piece(t, s, c, mover, what)
        s[sec(s, S.STATE) + c] = state
        s[I.LAST_FROM] = a
        s[I.LAST_TO] = c
    elif kind == MOVE.STEP:
        step(t, s, w, move)
    elif kind == MOVE.HOP:
        rec = chain_record(t, move)
        k = w[rec + CR.LENGTH]
        a = w[rec + CR.FROM]
        what = s[sec(s, S.WHAT) + a]
        state = s[sec(s, S.STATE) + a]
        remove(t, s, a)
        for i in range(k):
            remove(t, s, w[rec + CR.PATH + k + i])
        c = w[rec + CR.PATH + k - 1]
        place_piece(t, s, c, mover, what)
        s[sec(s, S.STATE) + c] = state
        s[I.LAST_FROM] = a
        s[I.LAST_TO] = c
    elif kind == MOVE.PROPOSE:
        s[I.PROPOSED] = move_to(move) + 1
        s[I.LAST_TO] = -1
    elif kind == MOVE.VOTE:
        at = t[T.GEN] + move_gen(move) * G.SIZE
        if s[I.PROPOSED] == move_to(move) + 1 and t[at + G.YES] == 1:
            s[I.DECIDED] = s[I.PROPOSED]
        s[I.PROPOSED] = 0
        s[I.LAST_TO] = -1
    elif kind == MOVE.SWAP or kind == MOVE.PASS:
        s[I.LAST_TO] = -1
        s[I.LAST_FROM] = -1
        if move == FORCED_PASS:
            s[I.FORCED_PASSES] += 1
        elif kind == MOVE.PASS:  # a program's (move Pass (then …)), not the forced pass
            at = t[T.GEN] + move_gen(move) * G.SIZE
            if t[at + G.KIND] == GEN.PASS:
                effects(t, s, w, t[at + G.THEN], t[at + G.THEN_COUNT])
        if kind == MOVE.SWAP:
            s[I.SWAPPED] = 1 - s[I.SWAPPED]
    else:
        fail(w, ERR.MOVE, 0, move)
