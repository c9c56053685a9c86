"""Ludii's Hop over sites farther away (GEN.HOP_OVER with G.BEFORE, G.AFTER or G.RUN): flying
captures past empty sites, over a run of pieces in a row, and landings past the first."""

from __future__ import annotations

from ludi.compile.layout import FROM_SHIFT, GEN_SHIFT, KIND_BITS, MOVE, G, I, P, T, W
from ludi.engine.kernels.conditions import holds
from ludi.engine.kernels.core import kernel, tiny


@tiny
def far(t, at):
    """Whether a hop generator jumps past its adjacent site: before:, after: or a run."""
    return t[at + G.BEFORE] > 0 or t[at + G.AFTER] > 0 or t[at + G.RUN] > 0


@kernel
def hop_run(t, s, w, at, a, b, d):
    """The run a hop from ``a`` jumps over, starting at ``b`` (where the between-condition
    holds) along direction ``d``: how many more sites in a row past ``b`` the between-condition
    holds at, up to RUN (Ludii's (range A B): B - 1), and the first site past them (-1: off the
    board). Ludii's Hop.eval lengthens the run as long as it can, up to B."""
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    run = 0
    x = t[nbr + b * dirs + d]
    while x >= 0 and run < t[at + G.RUN]:
        s[I.FROM] = a
        s[I.BETWEEN] = x
        if not holds(t, s, w, t[at + G.OVER_COND], t[at + G.OVER_COND_END]):
            break
        run += 1
        x = t[nbr + x * dirs + d]
    return run, x


@kernel
def far_hops(t, s, w, g, at, a, b, d, buf, n):
    """Ludii's Hop with ``before:``, ``after:`` or ``(range A B)`` (a flying king's capture, a
    tiger's over a row of men), from ``a`` along direction ``d`` whose first site is ``b``: the
    first site jumped over, (between), is the first where the between-condition holds, after at
    most BEFORE sites where the to-condition holds; the run jumped over goes on while it holds,
    up to RUN more sites, and must have RUN_MIN more; each of the next AFTER + 1 sites past the
    run is a landing, up to the first where the to-condition fails. So are those past the run's
    first sites, from RUN_MIN + 1 of them on (a to-condition that fails on the run's sites, as
    an empty site's does on an enemy run, leaves only the landings past the whole run). One
    move a landing (Ludii's Hop.eval)."""
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    s[I.FROM] = a
    passed = 0
    while b >= 0:
        s[I.BETWEEN] = b
        if holds(t, s, w, t[at + G.OVER_COND], t[at + G.OVER_COND_END]):
            run, _ = hop_run(t, s, w, at, a, b, d)
            if run < t[at + G.RUN_MIN]:
                return n
            y = b
            for _ in range(t[at + G.RUN_MIN] + 1):
                y = t[nbr + y * dirs + d]
            for _ in range(t[at + G.RUN_MIN], run + 1):  # jumping the run's first sites on
                n = landings(t, s, w, g, at, a, b, d, y, buf, n)
                if y < 0 or (w[W.LIMIT] > 0 and n >= w[W.LIMIT]):
                    return n
                y = t[nbr + y * dirs + d]
            return n
        s[I.TO] = b  # Ludii tests the sites before the one jumped over as destinations
        if passed >= t[at + G.BEFORE] or \
                not holds(t, s, w, t[at + G.TO_COND], t[at + G.TO_COND_END]):
            return n
        passed += 1
        b = t[nbr + b * dirs + d]
    return n


@kernel
def landings(t, s, w, g, at, a, b, d, x, buf, n):
    """A far hop's moves from ``a`` over the run from ``b`` landing on ``x`` or on up to AFTER
    sites past it along ``d``, up to the first where the to-condition fails."""
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    landed = 0
    while x >= 0 and landed <= t[at + G.AFTER]:
        s[I.FROM] = a
        s[I.BETWEEN] = b
        s[I.TO] = x
        if not holds(t, s, w, t[at + G.TO_COND], t[at + G.TO_COND_END]):
            break
        buf[n] = MOVE.STEP | (x << KIND_BITS) | (a << FROM_SHIFT) | (g << GEN_SHIFT)
        n += 1
        if w[W.LIMIT] > 0 and n >= w[W.LIMIT]:
            return n
        landed += 1
        x = t[nbr + x * dirs + d]
    return n


@tiny
def jumped(t, b, c, d, most):
    """How many sites past ``b`` (at most ``most``) a hop over a run lands ``c`` beyond, along
    ``d``: with no landings past the first, the run's sites it jumped, less one."""
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    k = 0
    x = t[nbr + b * dirs + d]
    while x >= 0 and x != c and k < most:
        k += 1
        x = t[nbr + x * dirs + d]
    return k


@kernel
def far_hop_between(t, s, w, at, a, c, mask):
    """The first site a far hop from ``a`` to ``c`` jumps over and its direction, found as the
    moves were made (far_hops), in the same position: along the direction that reaches ``c``,
    the first site where the between-condition holds (-1, -1: none)."""
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    for d in range(dirs):
        if (mask >> d) & 1 == 0:
            continue
        b = t[nbr + a * dirs + d]
        hurdle = -1
        k = 0
        limit = t[at + G.BEFORE] + t[at + G.RUN] + t[at + G.AFTER] + 2
        while b >= 0 and k < limit:
            if b == c:
                if hurdle >= 0:
                    return hurdle, d
                break
            if hurdle < 0:
                s[I.FROM] = a
                s[I.BETWEEN] = b
                if holds(t, s, w, t[at + G.OVER_COND], t[at + G.OVER_COND_END]):
                    hurdle = b
            b = t[nbr + b * dirs + d]
            k += 1
    return -1, -1
