"""Pieces on the board: placing and removing them, the empty-cell list, and union-find groups
(with their goal bits) for connection and ring tests."""

from __future__ import annotations

from ludi.compile.layout import BOARD, WAY, G, I, P, S, T
from ludi.engine.kernels.core import kernel, sec, tiny

# ---------------------------------------------------------------- groups (union-find)


@kernel
def find(s, par, x):
    """Root of x's group; ``par`` is the offset of the parent section in ``s``."""
    while s[par + x] != x:
        s[par + x] = s[par + s[par + x]]
        x = s[par + x]
    return x


@kernel
def closes_loop(t, s, c, stone):
    """Before joining ``c`` to its groups: does it touch one group in two separate arcs?"""
    par = sec(s, S.PARENT)
    nb = t[T.NBR] + c * t[P.DIRS]
    adj = t[T.ADJ]
    nd = t[P.NUM_ADJ]
    r0 = -1
    r1 = -1
    r2 = -1
    for i in range(nd):
        x = t[nb + t[adj + i]]
        y = t[nb + t[adj + (i + nd - 1) % nd]]
        inx = x >= 0 and s[BOARD + x] == stone
        iny = y >= 0 and s[BOARD + y] == stone
        if inx and not iny:
            r = find(s, par, x)
            if r == r0 or r == r1 or r == r2:
                return True
            if r0 < 0:
                r0 = r
            elif r1 < 0:
                r1 = r
            else:
                r2 = r
    return False


@kernel
def join_groups(t, s, c, stone):
    par = sec(s, S.PARENT)
    gm = sec(s, S.GMASK)
    s[par + c] = c
    s[gm + c] = t[t[T.CELLBITS] + c]
    nb = t[T.NBR] + c * t[P.DIRS]
    adj = t[T.ADJ]
    for i in range(t[P.NUM_ADJ]):
        x = t[nb + t[adj + i]]
        if x >= 0 and s[BOARD + x] == stone:
            a = find(s, par, c)
            b = find(s, par, x)
            if a != b:
                s[par + b] = a
                s[gm + a] |= s[gm + b]


# ---------------------------------------------------------------- pieces


@tiny
def own_piece(t, colour):
    """The piece type a player places by default: the first type that player owns (0: none)."""
    comps = t[T.COMPONENTS]
    return t[comps + 1 + t[comps] + colour]


@tiny
def piece_type(t, s, site):
    """The type of the piece on board site ``site`` (0: none). A piece of its player's own type
    is stored as 0, so placing one (the hot path of every placement game) writes nothing more;
    a neutral piece (``add_piece``) is a counter of its type."""
    stone = s[BOARD + site]
    what = s[sec(s, S.WHAT) + site]
    if stone == 0:  # a neutral piece nobody owns keeps its type; counters such as seeds have none
        return what if s[sec(s, S.COUNTS) + site] > 0 else 0
    return what if what != 0 else own_piece(t, stone - 1)


@tiny
def add_piece(t, s, c, colour, what):
    """Put a piece of type ``what`` on the empty cell ``c``: the player's own, or a shared one
    that belongs to nobody, kept as a counter of that type (``who`` 0, the site occupied)."""
    comps = t[T.COMPONENTS]
    if t[comps + what] >= 0:  # the type's owner (T.COMPONENTS: K, then each type's owner)
        place_piece(t, s, c, colour, what)
        return
    s[sec(s, S.COUNTS) + c] = 1
    s[sec(s, S.WHAT) + c] = what


@tiny
def place_piece(t, s, c, colour, what):
    """Put a piece of type ``what`` owned by ``colour`` on the empty cell ``c``."""
    place(t, s, c, colour)
    if what != own_piece(t, colour):
        s[sec(s, S.WHAT) + c] = what


@tiny
def place(t, s, c, colour):
    """Put a piece of ``colour``, of its own type, on the empty cell ``c`` (an empty cell's type
    entry is 0 already: ``remove`` clears it)."""
    stone = colour + 1
    if t[P.LOOPS] == 1:
        s[I.LOOP_FLAG] = 1 if closes_loop(t, s, c, stone) else 0
    s[BOARD + c] = stone
    s[sec(s, S.COUNTS) + c] = 1
    s[I.PIECES + colour] += 1
    empt = sec(s, S.EMPTIES)
    epos = sec(s, S.EPOS)
    k = s[epos + c]
    ne = s[I.NEMPTY] - 1
    last = s[empt + ne]
    s[empt + k] = last
    s[epos + last] = k
    s[empt + ne] = c
    s[epos + c] = ne
    s[I.NEMPTY] = ne
    if t[P.GROUPS] == 1:
        join_groups(t, s, c, stone)


@kernel
def remove(t, s, c):
    """Take the piece off cell ``c`` (pieces that move or are captured; no groups here); a site
    holding counters nobody owns (seeds) is emptied, as Ludii's remove empties a site, and a
    stack (P.STACKS) loses its top piece only."""
    stone = s[BOARD + c]
    if t[P.STACKS] == 1 and stone != 0 and s[sec(s, S.COUNTS) + c] > 1:
        s[sec(s, S.COUNTS) + c] -= 1  # a stack loses its top piece (Ludii's ActionRemove)
        s[I.PIECES + stone - 1] -= 1
        return
    s[sec(s, S.STATE) + c] = 0
    if stone == 0:
        s[sec(s, S.COUNTS) + c] = 0
        s[sec(s, S.WHAT) + c] = 0
        return
    s[BOARD + c] = 0
    s[sec(s, S.WHAT) + c] = 0
    s[sec(s, S.COUNTS) + c] = 0
    s[I.PIECES + stone - 1] -= 1
    empt = sec(s, S.EMPTIES)
    epos = sec(s, S.EPOS)
    ne = s[I.NEMPTY]
    first = s[empt + ne]
    k = s[epos + c]
    s[empt + k] = first
    s[epos + first] = k
    s[empt + ne] = c
    s[epos + c] = ne
    s[I.NEMPTY] = ne + 1


@kernel
def move_piece(t, s, a, c, copy):
    """Move one piece from site ``a`` to site ``c`` as Ludii's move does (without stacks): the
    origin loses one piece (a site holding several, such as a hand, keeps the others; with
    ``copy`` it keeps them all); at ``c`` a piece of another type is replaced, and a piece of
    the same type stays one piece on the board but adds one to a hand's count (or to a stack:
    P.STACKS; ``stack_clash`` has refused a landing on another kind). Counters that
    belong to nobody (mancala seeds) move one at a time. The destination takes the origin's
    local state (the origin's is reset when it is emptied)."""
    cnt = sec(s, S.COUNTS)
    state = sec(s, S.STATE)
    moved = s[state + a]
    stone = s[BOARD + a]
    if stone == 0:
        if s[cnt + a] > 0 and s[BOARD + c] == 0:
            if copy == 0:
                s[cnt + a] -= 1
                if s[cnt + a] == 0:
                    s[state + a] = 0
            s[cnt + c] += 1
            s[state + c] = moved
        return
    what = piece_type(t, s, a)
    if copy == 0:
        if s[cnt + a] > 1:
            s[cnt + a] -= 1
            s[I.PIECES + stone - 1] -= 1
        else:
            remove(t, s, a)
    if s[BOARD + c] == stone and piece_type(t, s, c) == what:
        if c >= t[P.BOARD_CELLS] or t[P.STACKS] == 1:
            s[cnt + c] += 1
            s[I.PIECES + stone - 1] += 1
        s[state + c] = moved
        return
    if s[BOARD + c] != 0:
        remove(t, s, c)
    place_piece(t, s, c, stone - 1, what)
    s[state + c] = moved


@tiny
def stack_clash(t, s, a, c):
    """Would the piece on ``a`` land at ``c`` on a stack of another player or kind? (In a
    stacking game only: Ludii would put it on top, and ludi's stacks hold one kind.)"""
    if t[P.STACKS] == 0 or c == a or s[sec(s, S.COUNTS) + c] == 0:
        return False
    return s[BOARD + c] != s[BOARD + a] or piece_type(t, s, c) != piece_type(t, s, a)


@tiny
def piece_dirs(t, s, at, site):
    """The directions generator ``at`` moves along from ``site``: its G.DIRS, turned to the
    facing of the piece there when G.TURNED (the eight directions of a square grid, by
    T.FACING's eighths of a turn), then following the last move's way as G.LAST_WAY says."""
    mask = t[at + G.DIRS]
    if t[at + G.TURNED] != 0:
        k = t[t[T.FACING] + piece_type(t, s, site)]
        mask = ((mask << k) | (mask >> (8 - k))) & 255
    if t[at + G.LAST_WAY] == WAY.NONE:
        return mask
    return last_way(t, s, mask, t[at + G.LAST_WAY])


@kernel
def last_way(t, s, mask, rule):
    """Directions ``mask`` as a WAY ``rule`` has them follow the last move: Ludii's
    SameDirection, the direction along which (last To) lies from (last From), at any distance
    (OppositeDirection: back); none when the two are not on one line."""
    a, b = s[I.LAST_FROM], s[I.LAST_TO]
    if rule == WAY.OPPOSITE or rule == WAY.NOT_OPPOSITE:
        a, b = b, a
    way = 0
    if 0 <= a < t[P.CELLS] and 0 <= b < t[P.CELLS]:
        dirs = t[P.DIRS]
        for d in range(dirs):
            x = t[t[T.NBR] + a * dirs + d]
            for _ in range(t[P.CELLS]):
                if x < 0 or x == b:
                    break
                x = t[t[T.NBR] + x * dirs + d]
            if x == b:
                way = 1 << d
                break
    if rule == WAY.SAME or rule == WAY.OPPOSITE:
        return way
    return mask & ~way
