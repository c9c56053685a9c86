"""The sowing turn in one kernel (``P.SOW_TURN``): a sowing move, the position history, the end
clauses and the next player's moves, without the general move's dispatch and the condition VM.

It changes the state exactly as :func:`ludi.engine.kernels.apply.apply_move` does for the same
move (tests play both and compare them move by move: ``Game.without_fast_paths("sow_turn")``),
and it leaves the next player's legal moves in ``buf``: the playouts draw the next move from them
instead of generating them again, and ``(no Moves …)`` of the next player is read off their count.
"""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import CL, END, ERR, OP, ROLE, I, O, P, S, T, W
from ludi.engine.kernels.core import fail, kernel, sec, set_context, tiny
from ludi.engine.kernels.effects import move_from
from ludi.engine.kernels.ends import settle_clause
from ludi.engine.kernels.history import record
from ludi.engine.kernels.packing import field
from ludi.engine.kernels.results import finish
from ludi.engine.kernels.sowing import play_sow, sow_moves


@tiny
def comparison(op, a, b):
    """``a OP b`` for the comparison ops (OP.EQ … OP.GE) a count test may use."""
    if op == OP.GE:
        return a >= b
    if op == OP.EQ:
        return a == b
    if op == OP.LE:
        return a <= b
    if op == OP.GT:
        return a > b
    if op == OP.LT:
        return a < b
    return a != b


@kernel
def flat_test(t, s, w, code, counts, packed, pc):
    """One of ``FLAT_TESTS`` (op ``pc``), as the condition VM's leaf evaluates it after a move of
    a two-player game (the mover's own (no Moves …) is the stalemate flag, the other player's
    was counted before the clauses; see ``conditions.no_moves``). The board's counts are read
    from ``counts``, or from the packed words ``packed`` = (lo, hi, sites) below its sites."""
    at = code + pc * O.SIZE
    op = t[at + O.KIND]
    if op == OP.COUNT_CMP:
        site = t[at + O.SITE]
        lo, hi, sites = packed
        if site >= 0 and site < sites:
            count = field(lo, hi, site)
        else:
            count = counts[site] if site >= 0 and site < counts.shape[0] else 0
        return comparison(t[at + O.COMPARE], count, t[at + O.VALUE])
    if op == OP.NO_MOVES:
        role = t[at + O.ROLE]
        mover = s[I.MOVER]
        if role == ROLE.MOVER or role == mover:
            return s[I.STUCK] == 1
        return w[W.NO_MOVES + 1 - mover] == 1
    if op == OP.CYCLE:
        return s[I.CYCLE] != 0
    return op == OP.TRUE


@kernel
def first_flat_clause(t, s, w, packed):
    """Index of the first end clause that holds (-1: none) and the op that made it hold, for
    clauses of flat tests: the same answer as ``first_clause`` (an (and …) holds by its last
    test, an (or …) by its first true one). ``packed``: see :func:`flat_test`."""
    code = t[T.CODE]
    cnt = sec(s, S.COUNTS)
    counts = s[cnt:cnt + s[I.CELLS]]
    for m in range(t[P.NUM_CLAUSES]):
        at = t[T.CLAUSES] + CL.SIZE * m
        start = t[at + CL.COND]
        last = t[at + CL.COND_END] - 1
        if last - start >= t[P.VM_STACK]:  # as the VM refuses it (tables edited by hand)
            fail(w, ERR.VM_STACK, start, last + 1 - start)
            return -1, 0
        if last == start:
            if flat_test(t, s, w, code, counts, packed, start):
                return m, start
        elif t[code + last * O.SIZE + O.KIND] == OP.AND:
            held = True
            for pc in range(start, last):
                if not flat_test(t, s, w, code, counts, packed, pc):
                    held = False
                    break
            if held:
                return m, last - 1
        else:
            for pc in range(start, last):
                if flat_test(t, s, w, code, counts, packed, pc):
                    return m, pc
    return -1, 0


@kernel
def sow_turn(t, s, w, move, buf):
    """:func:`turn`, compiled once for the general move (the playouts inline it)."""
    return turn(t, s, w, move, buf)


@kernel
def turn(t, s, w, move, buf):
    """Play the sowing ``move``, record the position, try the end clauses and pass the turn, as
    ``apply_move`` does; return how many legal moves the next player has, written into ``buf``
    (0 when the game is over)."""
    mover = s[I.MOVER]
    if s[I.HIST_LEN] == 0:
        record(t, s, w)  # a fresh position (game start, state_from) counts for cycles
    play_sow(t, s, w, move_from(move))
    moved(s, mover)
    following = 1 - mover
    s[I.MOVER] = following
    s[I.CYCLE] = record(t, s, w)
    n = sow_moves(t, s, w, buf)
    s[I.MOVER] = mover
    set_context(s, s[I.LAST_FROM], s[I.LAST_TO])
    if t[P.NO_MOVES] == 1:
        w[W.NO_MOVES + following] = 1 if n == 0 else 0
    m, reason = first_flat_clause(t, s, w, (0, 0, 0))
    if m >= 0:
        settle_clause(t, s, w, m, reason)
        if s[I.OVER] == 1:
            return 0
    if pass_turn(t, s, following):
        finish(t, s, np.int64(-1), np.int64(END.TIMEOUT))
        return 0
    return n


@tiny
def moved(s, mover):
    """What a turn's move changes besides the board, as ``apply_move`` does ((set Pending)
    lasts until the next move)."""
    s[I.PENDING] = 0
    s[I.PLY] += 1
    s[I.PREV_MOVER] = mover
    s[I.NEXT_IS_MOVER] = 0
    s[I.MOVE_AGAIN] = 0


@tiny
def pass_turn(t, s, following):
    """Pass the turn to ``following``; True when the move or turn limit is reached (the caller
    ends the game as a timeout)."""
    s[I.COUNTER] += 1
    s[I.TURNS] += 1
    s[I.MOVER] = following
    return s[I.PLY] >= t[P.MOVE_LIMIT] or s[I.TURNS] >= t[P.TURN_LIMIT]
