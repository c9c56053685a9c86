"""The legal moves: the move program's, of which each ``(max Moves …)`` keeps those that begin the
longest turns, and what happens when the player to move has none.

``(max Moves MOVES)`` (Ludii's MaxMoves, the majority capture of International Draughts) keeps,
of MOVES, the moves whose whole turn counts the most moves: a move counts 1 when the turn passes
after it (or the game ends), and 1 more than the best of the moves that follow when its player
moves again (``moveAgain``, a capture series continued); a position of the same turn with no
move counts 0, as in Ludii. The move program notes the span of each ``(max Moves …)``'s moves
(``PR.KEEP_LONGEST``, when :func:`legal_moves` asks through ``W.SPANS_ON``) and the filter runs
after it: its search plays whole moves (:func:`ludi.engine.kernels.apply.apply_move`), whose end
checks generate moves themselves, so it cannot run inside the program. The moves that follow in
the turn are generated without the filter: the longest turns through them count as many moves as
the longest through the moves it would keep. The search is depth first, without recursion: a
level a move of the turn, each with its list of moves and the state they were listed in
(``P.W_TURNS``, ``P.W_TURN_MOVES``). A game without ``(max Moves …)`` (``P.TURN_DEPTH`` 0) only
generates.
"""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import END, ERR, FORCED_PASS, PASSES, SPAN, TURN, I, P, S, W
from ludi.engine.kernels.apply import apply_move
from ludi.engine.kernels.core import fail, kernel, tiny, trial_size
from ludi.engine.kernels.ends import check_end, count_others_moves
from ludi.engine.kernels.generate import generate
from ludi.engine.kernels.results import finish


@kernel
def legal_moves(t, s, w, buf):
    """Write the mover's legal moves into ``buf`` (``P.MAX_MOVES`` long); return how many: the
    move program's, each ``(max Moves …)`` keeping those that begin the longest turns."""
    if t[P.TURN_DEPTH] == 0:
        return generate(t, s, w, buf)
    w[W.SPANS_ON] = 1
    w[W.SPANS] = 0
    n = generate(t, s, w, buf)
    w[W.SPANS_ON] = 0
    if w[W.SPANS] > 0 and w[W.ERROR] == 0:
        n = keep_longest(t, s, w, buf, n)
    return n


@kernel
def keep_longest(t, s, w, buf, n):
    """Keep, of each span of ``buf[:n]`` that a ``(max Moves …)`` noted, the moves that begin the
    longest turns (the moves outside the spans stay); return how many moves are left. Spans
    come in the list's order and do not overlap."""
    out = 0
    i = 0
    deferred = w[W.DEFERRED]
    w[W.TURN_SEARCH] = 1
    for k in range(w[W.SPANS]):
        span = t[P.W_SPANS] + k * SPAN.SIZE
        first, end, at = w[span + SPAN.FIRST], w[span + SPAN.END], w[span + SPAN.AT]
        while i < first:
            buf[out] = buf[i]
            out += 1
            i += 1
        start = out
        best = -1
        for i in range(first, end):
            move = buf[i]
            count = turn_length(t, s, w, move, at)
            if w[W.ERROR] != 0:
                w[W.TURN_SEARCH] = 0
                return 0
            if count > best:
                best = count
                out = start
            if count == best:
                buf[out] = move
                out += 1
        i = end
    while i < n:
        buf[out] = buf[i]
        out += 1
        i += 1
    w[W.TURN_SEARCH] = 0
    w[W.DEFERRED] = deferred  # (the search's generations ask for no deferred filter)
    w[W.DIST_READY] = 0
    return out


@tiny
def level_at(t, d):
    """Offset in ``w`` of level ``d`` of the search: its TURN row, then its saved state."""
    return t[P.W_TURNS] + d * (TURN.SIZE + I.SIZE + S.SIZE * t[P.CELLS])


@kernel
def turn_length(t, s, w, move, at):
    """How many moves the longest turn that ``move`` begins counts (Ludii's MaxMoves): ``move``
    and, while its player moves again, the moves that follow, each tried in turn on the state
    the level before left (saved, and put back after). ``at``: the (max Moves …) instruction,
    for errors. The state is as it was afterwards."""
    size = trial_size(t, s)
    mover = s[I.MOVER]
    area = t[P.W_TURN_MOVES]
    limit = t[P.WORK_SIZE]  # (the work array's last section: bounds._turn_moves)
    # level 0: the one move, in the state it is legal in
    row = level_at(t, 0)
    w[area] = move
    w[row + TURN.START] = area
    w[row + TURN.COUNT] = 1
    w[row + TURN.NEXT] = 0
    w[row + TURN.BEST] = 0
    for i in range(size):
        w[row + TURN.SIZE + i] = s[i]
    top = area + 1
    d = 0
    value = 0
    while True:
        row = level_at(t, d)
        k = w[row + TURN.NEXT]
        if k == w[row + TURN.COUNT]:  # every move of this level tried
            value = w[row + TURN.BEST]
            top = w[row + TURN.START]
            if d == 0:
                break
            d -= 1
            row = level_at(t, d)
            w[row + TURN.BEST] = max(w[row + TURN.BEST], value)
            continue
        w[row + TURN.NEXT] = k + 1
        if k > 0:  # the state the level's moves were listed in
            for i in range(size):
                s[i] = w[row + TURN.SIZE + i]
        apply_move(t, s, w, w[w[row + TURN.START] + k])
        if w[W.ERROR] != 0:
            value = 0
            break
        if s[I.OVER] == 1 or s[I.MOVER] != mover:  # the turn ends with this move
            w[row + TURN.BEST] = max(w[row + TURN.BEST], d + 1)
            continue
        if d + 1 >= t[P.TURN_DEPTH]:
            fail(w, ERR.TURN_DEPTH, at, t[P.TURN_DEPTH])
            value = 0
            break
        if top + t[P.MAX_MOVES] > limit:
            fail(w, ERR.TURN_MOVES, at, w[row + TURN.COUNT])
            value = 0
            break
        d += 1  # the same player moves again: the moves that follow, one level down
        row = level_at(t, d)
        for i in range(size):
            w[row + TURN.SIZE + i] = s[i]
        count = generate(t, s, w, w[top:top + t[P.MAX_MOVES]])
        w[row + TURN.START] = top
        w[row + TURN.COUNT] = count
        w[row + TURN.NEXT] = 0
        w[row + TURN.BEST] = 0
        top += count
    row = level_at(t, 0)
    for i in range(size):
        s[i] = w[row + TURN.SIZE + i]
    return value


# ---------------------------------------------------------------- a player without a move


@kernel
def others_can_move(t, s, w):
    """Has any other player still in the game a legal move? (Counted as for (no Moves …), one
    level down; at a deeper level there is none to count on, and the answer is no.)"""
    if w[W.DEPTH] >= t[P.DEPTH] - 1:
        return False
    count_others_moves(t, s, w)
    for colour in range(t[P.PLAYERS]):
        if colour != s[I.MOVER] and s[I.ACTIVE + colour] == 1 and w[W.NO_MOVES + colour] == 0:
            return True
    return False


@kernel
def end_if_stuck(t, s, w, buf):
    """Write the legal moves into ``buf`` and return how many. When the player to move has
    none, the end clauses are tried with that player as the mover (Ludii's ``(no Moves
    Mover)``); if none applies, the player passes when another player could still move (the
    one legal move is then a forced pass, as in Ludii), else the game is a draw (Ludii's draw
    when all pass, a turn later: see ends_tried)."""
    n = legal_moves(t, s, w, buf)
    if n == 0 and s[I.OVER] == 0:
        s[I.STUCK] = 1
        check_end(t, s, w)
        s[I.STUCK] = 0
        if s[I.OVER] == 0:
            if t[P.PASSES] == PASSES.NEVER or not ends_tried(t, s) \
                    or others_can_move(t, s, w):
                buf[0] = FORCED_PASS
                return 1
            finish(t, s, np.int64(-1), np.int64(END.NO_MOVES))
    return n


@tiny
def ends_tried(t, s):
    """Are end rules tried after some player's move, in the phase that player is in? Ludii
    draws a game when every player has passed in turn, but only as one of the end rules: where
    no player's phase has any, those who cannot move pass on until a limit ends the game."""
    if t[P.PHASES] == 0:
        return t[P.END_PHASES] != 0
    for colour in range(t[P.PLAYERS]):
        if s[I.ACTIVE + colour] == 1 and (t[P.END_PHASES] >> s[I.PHASE + colour]) & 1 == 1:
            return True
    return False
