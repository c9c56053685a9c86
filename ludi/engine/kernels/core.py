"""Kernel building blocks: the decorators, the error channel, the work array, random numbers,
colours and players. Everything else in the kernels builds on these.

Every kernel sees a game only through flat int64 arrays (:mod:`ludi.compile.layout`): ``t`` the
tables, ``s`` the state, ``w`` the work array, whose sections the compiler sized and placed
(``P_W_*`` in the header). They are compiled once per machine (numba's disk cache), for all games.
``NUMBA_DISABLE_JIT=1`` runs the same code as plain Python.

Colours and players: stones are stored by colour (colour 0 moves first). The pie rule swaps which
player holds which colour (``s[I.SWAPPED]``); the rules only ever see colours.

Errors: a dispatcher that meets a code it does not know calls :func:`fail`, which records the
error in the work array; loops stop when they see it, and the Python side raises
``ludi.EngineError`` naming the ludeme. Nothing falls through silently.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ludi.compile.layout import (
    COLOURS,
    PH,
    ROLE,
    SPAN,
    VISITED_SITES,
    WORD_BITS,
    H,
    I,
    P,
    S,
    T,
    W,
)

#: Hot kernels are compiled without numba's reference counting: they never allocate, and
#: counting references to the array arguments at every call costs more than the work itself
#: (measured: 3x on Yavalath playouts). Only entry points that allocate use plain ``njit``.
kernel = njit(cache=True, _nrt=False)
#: Small helpers on the hot path (a few lines each) are inlined into their callers by numba.
#: Anything longer is a ``kernel`` and called: numba inlines a function by typing its body
#: again at every call site, so inlining long helpers (apply_move, a condition's leaf, a
#: sowing turn) into each of their callers made the first compile take 12 minutes instead of
#: 4. Where a long one runs once a ply in a playout loop, that loop calls an inlined copy
#: (:func:`inlined`: ``apply_move_inline``, ``leaf_inline``).
tiny = njit(cache=True, _nrt=False, inline="always")


def inlined(f):
    """An inlined copy of the kernel ``f``, for the one hot loop that calls it every ply (with
    ``NUMBA_DISABLE_JIT=1``, ``f`` itself: the kernels run as plain Python)."""
    return tiny(getattr(f, "py_func", f))


# ---------------------------------------------------------------- errors


@tiny
def fail(w, code, at, value):
    """Record an engine error (the first one counts): ``code`` is an ERR_*, ``at`` the record it
    concerns, ``value`` the value that was wrong."""
    if w[W.ERROR] == 0:
        w[W.ERROR] = code
        w[W.ERROR_AT] = at
        w[W.ERROR_VALUE] = value


# ---------------------------------------------------------------- the work array


@tiny
def w_moves(t, depth):
    """Offset in ``w`` of the move list of nesting level ``depth`` (other players' moves)."""
    return t[P.W_MOVES] + depth * t[P.MAX_MOVES]


@tiny
def w_save(t, depth):
    """Offset in ``w`` of the state saved at nesting level ``depth`` by a trial move: its
    scalars and per-site sections (a move's own changes never touch the history)."""
    return t[P.W_SAVES] + depth * (I.SIZE + S.SIZE * t[P.CELLS])


@tiny
def note_span(t, w, first, end, at):
    """Note moves ``first`` to ``end`` of the list as a span of (max Moves …) instruction
    ``at`` (SPAN rows of P.W_SPANS), for ``legal.keep_longest``."""
    span = t[P.W_SPANS] + w[W.SPANS] * SPAN.SIZE
    w[span + SPAN.FIRST] = first
    w[span + SPAN.END] = end
    w[span + SPAN.AT] = at
    w[W.SPANS] += 1


@tiny
def sec(s, k):
    """Offset in ``s`` of state section ``k`` (S.BOARD, S.EMPTIES, …)."""
    return I.SIZE + k * s[I.CELLS]


@tiny
def set_context(s, frm, to):
    """Set the sites conditions read as (from), (to) and (site)."""
    s[I.FROM] = frm
    s[I.TO] = to
    s[I.SITE] = to


@tiny
def trial_size(t, s):
    """What a trial saves and restores: the scalars and the per-site sections, the last two of
    which (the local states, the remembered values) only in games that use them; never the
    history that follows."""
    if t[P.REMEMBERS] == 1:
        return sec(s, S.SIZE)
    return sec(s, S.REMEMBERED) if t[P.LOCAL_STATES] == 1 else sec(s, S.STATE)


@tiny
def copy_state(dst, src):
    """Copy the used part of a state: the history is long (a game's whole length) but mostly
    empty, and nothing reads ``dst`` past its I.HIST_LEN entries."""
    for i in range(I.SIZE + S.SIZE * src[I.CELLS] + H.SIZE * src[I.HIST_LEN]):
        dst[i] = src[i]


# ---------------------------------------------------------------- random numbers


@tiny
def splitmix(z):
    """splitmix64's finaliser: a 64-bit mix of ``z`` (a uint64)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@kernel
def rng_seed(rng, seed):
    """Seed the splitmix64 generator held in ``rng`` (a uint64[1] array). The seed is hashed
    (one splitmix64 step) into the state: each draw adds the same constant to the state, so a
    state that grew with the seed would make seed s + 1 replay seed s's stream a draw later."""
    rng[0] = splitmix(np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15)
                      + np.uint64(0x632BE59BD9B4E019))


@tiny
def rng_below(rng, n):
    """A uniform integer in [0, n) for 0 < n < 2**32 (multiply-shift, no division)."""
    rng[0], k = draw(rng[0], n)
    return k


@tiny
def draw(z, n):
    """:func:`rng_below` on a generator state ``z`` held in a variable (a loop that keeps it
    there saves reading it back after every write to the arrays); the next state and the
    integer."""
    z += np.uint64(0x9E3779B97F4A7C15)
    x = splitmix(z)
    return z, np.int64(((x >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@tiny
def seed_chance(t, s, rng):
    """A game of chance (dice, or (value Random …)) gets its own draws: its chance generator
    (I.CHANCE) starts where ``rng`` says. Other games leave ``rng`` untouched (their random
    streams do not change)."""
    if t[P.DICE] > 0 or t[P.RANDOM] == 1:
        s[I.CHANCE] = (rng_below(rng, 1 << 30) << 30) | rng_below(rng, 1 << 30)


@tiny
def mix(x):
    """A 64-bit hash of an integer, for position hashes and capture-series keys."""
    return np.int64(splitmix(np.uint64(x) + np.uint64(0x9E3779B97F4A7C15)))


@tiny
def chance_below(s, n):
    """A draw in [0, n) (n > 0) from the state's chance generator (I.CHANCE, a counter hashed,
    then moved on): the same position draws the same, and the seed decides a game's draws
    (the dice's rolls and (value Random …) alike, as Ludii's one generator serves both)."""
    r = (mix(s[I.CHANCE]) >> 1) % n
    s[I.CHANCE] += 1
    return r


# ---------------------------------------------------------------- players


@tiny
def next_colour(t, s, colour):
    """The next colour after ``colour`` that is still playing."""
    n = t[P.PLAYERS]
    if n == 2:
        return 1 - colour
    c = colour
    for _ in range(n):
        c = (c + 1) % n
        if s[I.ACTIVE + c] == 1:
            return c
    return colour


@tiny
def prev_colour(t, s, colour):
    n = t[P.PLAYERS]
    if n == 2:
        return 1 - colour
    c = colour
    for _ in range(n):
        c = (c - 1 + n) % n
        if s[I.ACTIVE + c] == 1:
            return c
    return colour


@tiny
def is_colour(colour):
    """Is ``colour`` one the per-colour blocks have a slot for (a role may name none)?"""
    return 0 <= colour < COLOURS


@tiny
def role_colour(t, s, role):
    """The colour a role names, seen from the colour to move (roles >= 0 are colours)."""
    mover = s[I.MOVER]
    if role == ROLE.MOVER:
        return mover
    if role == ROLE.NEXT:
        return mover if s[I.NEXT_IS_MOVER] == 1 else next_colour(t, s, mover)
    if role == ROLE.PREV:
        return prev_colour(t, s, mover)
    return role


@tiny
def player_of(s, colour):
    """The player holding ``colour`` (differs from the colour only after a pie-rule swap)."""
    if s[I.SWAPPED] == 1 and colour >= 0 and colour < 2:
        return 1 - colour
    return colour


# ---------------------------------------------------------------- blocks of the tables and state


@tiny
def region_row(t, code, colour):
    """Offset in ``t`` of static region ``code``'s row for ``colour``: C entries of 0/1
    (T.REGIONS holds per region, per colour, one row)."""
    return t[T.REGIONS] + (code * COLOURS + colour) * t[P.CELLS]


@tiny
def track_block(t, index):
    """Offset in ``t`` of track ``index``'s block in T.TRACKS (TR fields: its length, whether it
    loops, its sites in order, then each site's place on it)."""
    return t[T.TRACKS] + t[t[T.TRACKS] + 1 + index]


@tiny
def phase_row(t, phase):
    """Offset in ``t`` of phase ``phase``'s PH row (T.PHASES: each colour's first phase, then
    a row per phase)."""
    return t[T.PHASES] + COLOURS + phase * PH.SIZE


@tiny
def visit(s, site):
    """Mark ``site`` visited this turn (I.VISITED; a site off the board or past the bits:
    nothing)."""
    if 0 <= site < VISITED_SITES:
        s[I.VISITED + site // WORD_BITS] |= np.int64(1) << np.int64(site % WORD_BITS)


@tiny
def mark_to_clear(s, site):
    """Mark ``site``'s piece to leave when the turn ends (I.TO_CLEAR: (remove … at:EndOfTurn);
    a site past the bits: nothing, as the compiler bounds the board)."""
    if 0 <= site < VISITED_SITES:
        s[I.TO_CLEAR + site // WORD_BITS] |= np.int64(1) << np.int64(site % WORD_BITS)


@tiny
def to_clear(s, site):
    """1 when ``site``'s piece is marked to leave at the turn's end (I.TO_CLEAR), else 0."""
    if 0 <= site < VISITED_SITES:
        return (s[I.TO_CLEAR + site // WORD_BITS] >> (site % WORD_BITS)) & 1
    return 0


@tiny
def visited(s, site):
    """1 when a move of this turn started or ended at ``site`` (I.VISITED), else 0."""
    if 0 <= site < VISITED_SITES:
        return (s[I.VISITED + site // WORD_BITS] >> (site % WORD_BITS)) & 1
    return 0
