"""Leaps: Ludii's (move Leap …), a piece jumping along fixed paths of steps (GEN_LEAP)."""

from __future__ import annotations

from ludi.compile.layout import (
    BOARD,
    FROM_SHIFT,
    G_COND,
    G_COND_END,
    G_PATHS,
    G_REGION,
    GEN_SHIFT,
    GEN_WIDTH,
    I_FROM,
    I_MOVER,
    I_TO,
    KIND_BITS,
    MOVE_STEP,
    P_BOARD_CELLS,
    P_DIRS,
    T_GEN,
    T_LIST,
    T_NBR,
    W_LIMIT,
)
from ludi.engine.kernels.conditions import from_holds, holds, in_region
from ludi.engine.kernels.core import kernel


@kernel
def leap_moves(t, s, w, g, buf, n):
    """Each of the mover's pieces in the generator's region jumps along each of its paths (a
    path that leaves the board gives nothing) to where the to-condition holds: Ludii's step
    moves, which run the to's apply and then effects."""
    at = t[T_GEN] + g * GEN_WIDTH
    mover = s[I_MOVER]
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    paths = t[T_LIST] + t[at + G_PATHS]
    for a in range(t[P_BOARD_CELLS]):
        if s[BOARD + a] == 0 or not in_region(t, s, w, t[at + G_REGION], mover, a) \
                or not from_holds(t, s, w, at, a):
            continue
        p = paths + 1
        for _ in range(t[paths]):
            length = t[p]
            x = a
            for i in range(length):
                if x >= 0:
                    x = t[nbr + x * dirs + t[p + 1 + i]]
            p += 1 + length
            if x < 0:
                continue
            s[I_FROM] = a
            s[I_TO] = x
            if not holds(t, s, w, t[at + G_COND], t[at + G_COND_END]):
                continue
            buf[n] = MOVE_STEP | (x << KIND_BITS) | (a << FROM_SHIFT) | (g << GEN_SHIFT)
            n += 1
            if w[W_LIMIT] > 0 and n >= w[W_LIMIT]:
                return n
    return n
