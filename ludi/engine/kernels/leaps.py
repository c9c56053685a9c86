"""Leaps: Ludii's (move Leap …), a piece jumping along fixed paths of steps (GEN.LEAP)."""

from __future__ import annotations

from ludi.compile.layout import BOARD, FROM_SHIFT, GEN_SHIFT, KIND_BITS, MOVE, G, I, P, T, W
from ludi.engine.kernels.conditions import from_holds, holds, in_region
from ludi.engine.kernels.core import kernel


@kernel
def leap_moves(t, s, w, g, buf, n):
    """Each of the mover's pieces in the generator's region jumps along each of its paths (a
    path that leaves the board gives nothing) to where the to-condition holds: Ludii's step
    moves, which run the to's apply and then effects."""
    at = t[T.GEN] + g * G.SIZE
    mover = s[I.MOVER]
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    paths = t[T.LIST] + t[at + G.PATHS]
    waypoints = t[at + G.WAYPOINTS]  # 1 + the first T.LIST entry of the steps' conditions
    for a in range(t[P.BOARD_CELLS]):
        if s[BOARD + a] == 0 or not in_region(t, s, w, t[at + G.FROM_REGION], mover, a) \
                or not from_holds(t, s, w, at, a):
            continue
        p = paths + 1
        q = t[T.LIST] + waypoints - 1  # this path's first step's condition
        for _ in range(t[paths]):
            length = t[p]
            x = a
            for i in range(length):
                if x >= 0:
                    x = t[nbr + x * dirs + t[p + 1 + i]]
                if waypoints > 0 and x >= 0 and i < length - 1 \
                        and t[q + 2 * i] < t[q + 2 * i + 1]:  # a site on the way: its test
                    s[I.FROM] = a
                    s[I.TO] = x
                    s[I.BETWEEN] = x
                    if not holds(t, s, w, t[q + 2 * i], t[q + 2 * i + 1]):
                        x = -1
            p += 1 + length
            q += 2 * length
            if x < 0:
                continue
            s[I.FROM] = a
            s[I.TO] = x
            if not holds(t, s, w, t[at + G.TO_COND], t[at + G.TO_COND_END]):
                continue
            buf[n] = MOVE.STEP | (x << KIND_BITS) | (a << FROM_SHIFT) | (g << GEN_SHIFT)
            n += 1
            if w[W.LIMIT] > 0 and n >= w[W.LIMIT]:
                return n
    return n
