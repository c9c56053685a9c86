"""Random sowing turns on packed houses (``P.SOW_PACKED``): the houses' counts as the fields of
two words (:mod:`ludi.engine.kernels.packing`, tables ``T.PACK``), so a sowing is two word
additions, a capture walk reads fields, the opponent's seeds are one multiplication, a
position's key is the two words and the history finds it through an index.

:func:`packed_turns` plays the same turns as :func:`ludi.engine.kernels.turns.turn` — the same
draws, the same state after each game (tests compare every game with the general loop) — and
writes the counts back to the state before it returns or calls anything that reads them.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ludi.compile.layout import (
    END,
    FIELD_MAX,
    FROM_SHIFT,
    GEN_SHIFT,
    KIND_BITS,
    MOVE,
    PK,
    SOW,
    I,
    P,
    S,
    T,
    W,
)
from ludi.engine.kernels.core import draw, kernel, sec, set_context, tiny
from ludi.engine.kernels.effects import move_from
from ludi.engine.kernels.ends import settle_clause
from ludi.engine.kernels.history import (
    board_total,
    index_history,
    index_place,
    record,
    remember_indexed,
)
from ludi.engine.kernels.packing import field, key_hash, pack, take, unpack, word_sum
from ludi.engine.kernels.results import finish
from ludi.engine.kernels.sowing import sowed
from ludi.engine.kernels.turns import first_flat_clause, moved, pass_turn


@tiny
def packable(t, s):
    """Can the playout sow on packed words from ``s``? (The board holds at most FIELD_MAX.)"""
    return t[P.SOW_PACKED] == 1 and board_total(t, s) <= FIELD_MAX


class Plan(NamedTuple):
    """The packed tables' places and the sowing parameters, read once by :func:`packed_turns`:
    read from the tables at every use, they would be read again after every write to the state
    (numba cannot tell the arrays apart)."""

    lap: int  # T.PACK's tables (absolute places in the tables)
    add: int
    last: int
    prev: int
    own: int
    opp: int
    per_lap: int
    own_stride: int  # a colour's PK.OWN block: its count and PK.CELLS sites
    flags: int  # P.SOW_FLAGS
    capture: int  # P.SOW_CAPTURE
    tag: int  # a sowing move without its house


@tiny
def plan_of(t):
    """The :class:`Plan` of a ``P.SOW_PACKED`` game's tables."""
    pk = t[T.PACK]
    return Plan(pk + t[pk + PK.LAP], pk + t[pk + PK.ADD], pk + t[pk + PK.LAST],
                pk + t[pk + PK.PREV], pk + t[pk + PK.OWN], pk + t[pk + PK.OPP],
                t[pk + PK.PER_LAP], t[pk + PK.CELLS] + 1, t[P.SOW_FLAGS], t[P.SOW_CAPTURE],
                MOVE.SELECT | (t[P.SOW_GEN] << GEN_SHIFT))


@kernel
def sow_words(t, plan, lo, hi, colour, house):
    """Sow ``house`` for ``colour`` on the words and make the captures, as ``sowing.sow_on``
    does; return the words, the last site sown and the seeds captured."""
    per = plan.per_lap
    n = field(lo, hi, house)
    lo, hi = take(lo, hi, house, n)
    laps = 0
    r = n
    while r >= per:  # (whole laps are rare: no division on the common path)
        laps += 1
        r -= per
    lap = plan.lap + 2 * house
    at = plan.add + 2 * (house * per + r)
    lo += laps * t[lap] + t[at]
    hi += laps * t[lap + 1] + t[at + 1]
    last = t[plan.last + house * per + r]
    opp_lo = t[plan.opp + 2 * colour]
    opp_hi = t[plan.opp + 2 * colour + 1]
    p = last
    first = last
    taken = 0
    while field(opp_lo, opp_hi, p) != 0:  # qualifying opposing houses, backwards from the last
        k = field(lo, hi, p)
        if k >= 62 or ((plan.capture >> k) & 1) == 0:
            break
        taken += k
        first = p
        if (plan.flags & SOW.BACKTRACK) == 0:
            break
        p = t[plan.prev + p]
        if p == house or p == last:
            break
    if taken == 0:
        return lo, hi, last, 0
    if (plan.flags & SOW.SLAM_NO_CAPTURE) != 0 and \
            word_sum(lo & opp_lo) + word_sum(hi & opp_hi) == taken:
        return lo, hi, last, 0  # a grand slam: legal, but nothing is captured
    p = last
    while True:
        lo, hi = take(lo, hi, p, field(lo, hi, p))
        if p == first:
            break
        p = t[plan.prev + p]
    return lo, hi, last, taken


@tiny
def opposing(t, plan, lo, hi, colour):
    """The seeds in ``colour``'s opponent's houses."""
    opp = plan.opp + 2 * colour
    return word_sum(lo & t[opp]) + word_sum(hi & t[opp + 1])


@kernel
def moves_on_words(t, plan, lo, hi, colour, buf):
    """``colour``'s legal sowing moves into ``buf``, as ``sowing.sow_moves`` lists them; return
    how many."""
    own = plan.own + colour * plan.own_stride
    feed_check = (plan.flags & SOW.FEED) != 0
    if feed_check and (plan.flags & SOW.SLAM_NO_CAPTURE) != 0:
        feed_check = opposing(t, plan, lo, hi, colour) == 0
    n = 0
    for i in range(t[own]):  # (the compiler checked: no more houses than buf holds)
        h = t[own + 1 + i]
        if feed_check:
            if field(lo, hi, h) == 0:
                continue
            after_lo, after_hi, _, _ = sow_words(t, plan, lo, hi, colour, h)
            if opposing(t, plan, after_lo, after_hi, colour) == 0:
                continue
        buf[n] = plan.tag | (h << FROM_SHIFT) | (h << KIND_BITS)
        n += 1 if field(lo, hi, h) != 0 else 0
    return n


@kernel
def packed_turns(t, s, w, buf, rng, n):
    """Play random turns from ``s``, whose mover has the ``n`` > 0 legal moves in ``buf``, until
    the game ends (return 0), the next player has no move (0: the caller takes the general
    path) or an engine error. End clauses that read no board count are tried only when what they
    read may have changed (``PK.GATED``): a capture in this turn or the one before (the stores
    and the scores; the mover alternates), no moves, a repetition — a flat clause is monotone in
    its tests, so with fewer of them true it cannot hold where it did not two turns before."""
    pk = t[T.PACK]
    cells = t[P.BOARD_CELLS]
    cnt = sec(s, S.COUNTS)
    counts = s[cnt:cnt + cells]
    lo, hi = pack(counts, cells)
    if s[I.HIST_LEN] == 0:
        record(t, s, w)  # a fresh position (game start, state_from) counts for cycles
    plan = plan_of(t)
    gated = t[pk + PK.GATED] == 1
    history = t[P.HISTORY] != 0
    no_moves = t[P.NO_MOVES] == 1
    stores = pk + t[pk + PK.STORE]
    store_0, store_1 = cnt + t[stores], cnt + t[stores + 1]  # (where each colour's captures go)
    where = index_place(t, s)
    gen = index_history(s, w, where) if history else 0
    total = word_sum(lo) + word_sum(hi)
    mover = s[I.MOVER]
    z = rng[0]
    fresh = 2  # turns left to try the clauses in
    while True:
        z, k = draw(z, n)
        rng[0] = z
        house = move_from(buf[k])
        lo, hi, last, taken = sow_words(t, plan, lo, hi, mover, house)
        if taken != 0:
            s[store_0 if mover == 0 else store_1] += taken
            total -= taken
            fresh = 2
        sowed(s, house, last)
        moved(s, mover)
        following = 1 - mover
        cycle = 0
        if history:
            cycle, gen = remember_indexed(t, s, w, where, gen, total,
                                          key_hash(lo, hi, following))
        s[I.CYCLE] = cycle
        n = moves_on_words(t, plan, lo, hi, following, buf)
        set_context(s, house, house)
        if no_moves:
            w[W.NO_MOVES + following] = 1 if n == 0 else 0
        if fresh > 0 or n == 0 or cycle != 0 or not gated:
            m, reason = first_flat_clause(t, s, w, (lo, hi, cells))
            if m >= 0:
                unpack(counts, cells, lo, hi)
                settle_clause(t, s, w, m, reason)
                if s[I.OVER] == 1:
                    return 0
                lo, hi = pack(counts, cells)
                total = word_sum(lo) + word_sum(hi)
        fresh -= 1
        if pass_turn(t, s, following):
            unpack(counts, cells, lo, hi)
            finish(t, s, np.int64(-1), np.int64(END.TIMEOUT))
            return 0
        if n == 0 or w[W.ERROR] != 0:
            unpack(counts, cells, lo, hi)
            return n
        mover = following
