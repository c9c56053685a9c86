"""The sowing fast path: the usual mancala turn (see ``ludi.compile.shapes``) in plain loops.

It makes exactly the moves of the general path — Select moves of the same generator, sowing along
the track, captures of qualifying opposing houses backwards from the last one, the grand-slam and
feeding options — without the condition VM. Tests play both paths and compare them
(``Game.without_fast_paths``).
"""

from __future__ import annotations

from ludi.compile.layout import ERR, FROM_SHIFT, GEN_SHIFT, KIND_BITS, MOVE, SOW, TR, G, I, P, S, T
from ludi.engine.kernels.core import fail, kernel, region_row, tiny, track_block


@tiny
def next_place(length, loop, pos):
    """The place after ``pos`` on a track (-1 past the end of a track that does not loop)."""
    if pos + 1 < length:
        return pos + 1
    return 0 if loop == 1 else -1


@tiny
def previous_place(length, loop, pos):
    """The place before ``pos`` on a track (-1 before the start of one that does not loop)."""
    if pos > 0:
        return pos - 1
    return length - 1 if loop == 1 else -1


@kernel
def track_site(t, index, site, steps):
    """Ludii's (trackSite Move …): the site ``steps`` places after ``site`` on track ``index``
    (T.TRACKS); from a site off the track, counted from its end. Past the end of a track that
    does not loop, or with no track (``index`` -1): -1."""
    if index < 0:
        return -1
    block = track_block(t, index)
    length = t[block + TR.LENGTH]
    sites = block + TR.SITES
    pos = length
    if site >= 0 and site < t[P.CELLS] and t[sites + length + site] >= 0:
        pos = t[sites + length + site]
    pos += steps if steps > 0 else 0
    if pos < length:
        return t[sites + pos]
    if t[block + TR.LOOP] == 1:
        return t[sites + pos % length]
    return -1


@tiny
def track_next(t, pos):
    """The place after ``pos`` on the board's track."""
    return next_place(t[P.TRACK_LEN], t[P.TRACK_LOOP], pos)


@tiny
def track_prev(t, pos):
    """The place before ``pos`` on the board's track."""
    return previous_place(t[P.TRACK_LEN], t[P.TRACK_LOOP], pos)


@tiny
def in_houses(t, code, colour, site):
    return t[region_row(t, code, colour) + site] == 1


@kernel
def sow_on(t, w, a, cnt, colour, house):
    """Sow ``house`` for ``colour`` on the counts ``a[cnt:cnt+C]`` and make the captures; return
    the last site sown (-1 when nothing moved)."""
    L = t[P.TRACK_LEN]
    track = t[T.TRACK]
    pos = t[track + L + house]
    seeds = a[cnt + house]
    if pos < 0 or seeds == 0:
        return -1
    a[cnt + house] = 0
    flags = t[P.SOW_FLAGS]
    skip = t[P.SOW_SKIP]
    last = house
    skipped = 0  # sites passed in a row without a seed: a whole lap means none can take one
    while seeds > 0:
        pos = track_next(t, pos)
        if pos < 0:
            break
        site = t[track + pos]
        if (site == house and (flags & SOW.INCLUDE_SELF) == 0) or \
                (skip > 0 and a[cnt + site] >= skip):
            skipped += 1
            if skipped >= L:
                gen = t[T.GEN] + t[P.SOW_GEN] * G.SIZE
                fail(w, ERR.SOWING, t[t[T.LIST] + t[gen + G.THEN]], house)
                break
            continue
        skipped = 0
        a[cnt + site] += 1
        seeds -= 1
        last = site
    a[cnt + house] += seeds  # a track that does not loop keeps what it could not sow
    # captures: qualifying opposing houses, from the last one backwards
    opp = t[P.SOW_OPP]
    mask = t[P.SOW_CAPTURE]
    C = t[P.CELLS]
    p = t[track + L + last]
    first = p
    taken = 0
    while True:
        site = t[track + p]
        k = a[cnt + site]
        if not in_houses(t, opp, colour, site) or k >= 62 or ((mask >> k) & 1) == 0:
            break
        taken += k
        first = p
        if (flags & SOW.BACKTRACK) == 0:
            break
        p = track_prev(t, p)
        if p < 0 or t[track + p] == house or p == t[track + L + last]:
            break
    if taken == 0:
        return last
    if (flags & SOW.SLAM_NO_CAPTURE) != 0:
        left = 0
        for c in range(C):
            if in_houses(t, opp, colour, c):
                left += a[cnt + c]
        if left == taken:
            return last  # a grand slam: legal, but nothing is captured
    store = t[t[T.SITES] + colour]
    p = t[track + L + last]
    while True:
        site = t[track + p]
        a[store + cnt] += a[cnt + site]
        a[cnt + site] = 0
        if p == first:
            break
        p = track_prev(t, p)  # (within the captured houses: never past the start)
    return last


@tiny
def houses(t, code, colour):
    """Region ``code``'s row for ``colour`` (1 on its sites), as a view of the tables."""
    C = t[P.CELLS]
    at = region_row(t, code, colour)
    return t[at:at + C]


@kernel
def sow_moves(t, s, w, buf):
    """The mover's legal sowing moves into ``buf``; return how many."""
    colour = s[I.MOVER]
    C = t[P.CELLS]
    cnt = I.SIZE + S.COUNTS * C
    counts = s[cnt:cnt + C]  # (views: the loops need no negative-index checks)
    own = houses(t, t[P.SOW_OWN], colour)
    opp = houses(t, t[P.SOW_OPP], colour)
    flags = t[P.SOW_FLAGS]
    feed_check = (flags & SOW.FEED) != 0
    if feed_check and (flags & SOW.SLAM_NO_CAPTURE) != 0:
        # captures never empty the opponent then: only an already empty side needs feeding
        # (summed without a branch a site: the loop vectorises)
        left = 0
        for c in range(C):
            left += counts[c] if opp[c] == 1 else 0
        feed_check = left == 0
    tag = MOVE.SELECT | (t[P.SOW_GEN] << GEN_SHIFT)
    n = 0
    if not feed_check:  # every non-empty house: listed without a branch on its count
        top = t[P.MAX_MOVES] - 1  # (n stays below the number of own houses, the bound)
        for h in range(C):
            if own[h] == 1:
                buf[min(n, top)] = tag | (h << FROM_SHIFT) | (h << KIND_BITS)
                n += 1 if counts[h] != 0 else 0
        return n
    scratch = t[P.W_SCRATCH]  # C counts to try each sowing on
    for h in range(C):
        if own[h] != 1 or counts[h] == 0:
            continue
        for c in range(C):
            w[scratch + c] = counts[c]
        sow_on(t, w, w, scratch, colour, h)
        left = 0
        for c in range(C):
            if opp[c] == 1:
                left += w[scratch + c]
        if left == 0:
            continue
        buf[n] = tag | (h << FROM_SHIFT) | (h << KIND_BITS)
        n += 1
    return n


@tiny
def play_sow(t, s, w, house):
    """Apply the sowing move from ``house`` to the state."""
    cnt = I.SIZE + S.COUNTS * t[P.CELLS]
    sowed(s, house, sow_on(t, w, s, cnt, s[I.MOVER], house))


@tiny
def sowed(s, house, last):
    """The last move's fields after a sowing from ``house`` whose last seed fell on ``last``
    (the site (last To afterSow) reads)."""
    s[I.LAST_FROM] = house
    s[I.LAST_TO] = house
    s[I.LAST_AFTER] = last
