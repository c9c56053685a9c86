"""End checks: the end clauses tried after every move, the players' phases that follow them, and
what happens when the player to move has no legal move.
"""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import (
    BY_SCORE,
    CL_OUTCOME,
    CL_ROLE,
    CL_SCORE_COUNT,
    CL_SCORES,
    CLAUSE_WIDTH,
    DRAW,
    END_NO_MOVES,
    ERR_DEPTH,
    ERR_OUTCOME,
    FORCED_PASS,
    I_ACTIVE,
    I_END_CLAUSE,
    I_LAST_FROM,
    I_LAST_TO,
    I_MOVER,
    I_OVER,
    I_PHASE,
    I_PREV_MOVER,
    I_SCORES,
    I_STUCK,
    IN_KIND,
    LOSS,
    NX_COND,
    NX_COND_END,
    NX_ROLE,
    NX_TARGET,
    NX_WIDTH,
    P_DEPTH,
    P_END_PHASES,
    P_FIRST_WIN_ENDS,
    P_MAX_MOVES,
    P_NO_MOVES,
    P_PHASES,
    P_PLAYERS,
    P_PROG_LEN,
    P_THREATS,
    PH_NEXT,
    PH_NEXT_COUNT,
    PH_WIDTH,
    PR_KEEP_IF_AFTER,
    PROG_WIDTH,
    ROLE_ALL,
    SC_COLOUR,
    SC_VALUE,
    SC_VALUE_END,
    SCORE_WIDTH,
    T_CLAUSES,
    T_NEXT_PHASE,
    T_PHASES,
    T_PROG,
    T_SCORES,
    W_DEPTH,
    W_LIMIT,
    W_NO_MOVES,
    W_THREAT,
    WIN,
)
from ludi.engine.kernels.conditions import evaluate, first_clause, holds
from ludi.engine.kernels.core import fail, kernel, role_colour, set_context, tiny, w_moves
from ludi.engine.kernels.generate import generate, threatened
from ludi.engine.kernels.results import eliminate, finish, finish_by_score, win_out


@kernel
def count_others_moves(t, s, w):
    """Before end clauses that test (no Moves …) of another player: note which other colours
    have no move. Their moves go to the nested move list of this level."""
    mover = s[I_MOVER]
    depth = w[W_DEPTH]
    if depth >= t[P_DEPTH] - 1:
        fail(w, ERR_DEPTH, 0, depth)
        return
    w[W_DEPTH] = depth + 1
    exists_only = True  # without do-filters, the first move found settles it
    for i in range(t[P_PROG_LEN]):
        if t[t[T_PROG] + i * PROG_WIDTH + IN_KIND] == PR_KEEP_IF_AFTER:
            exists_only = False
    w[W_LIMIT] = 1 if exists_only else 0
    # the others move after the mover's move (or forced pass): (is Prev Mover) is false for them
    prev = s[I_PREV_MOVER]
    s[I_PREV_MOVER] = mover
    for colour in range(t[P_PLAYERS]):
        if colour != mover:
            s[I_MOVER] = colour
            start = w_moves(t, depth)
            n = generate(t, s, w, w[start:start + t[P_MAX_MOVES]])
            w[W_NO_MOVES + colour] = 1 if n == 0 else 0
    w[W_LIMIT] = 0
    s[I_MOVER] = mover
    s[I_PREV_MOVER] = prev
    w[W_DEPTH] = depth


@kernel
def check_end(t, s, w):
    """Try the end clauses in order; the first that holds decides the result. They read
    (from), (to) and (site) as the last move's sites."""
    set_context(s, s[I_LAST_FROM], s[I_LAST_TO])
    if t[P_NO_MOVES] == 1:
        count_others_moves(t, s, w)
    if t[P_THREATS] == 1:  # after the counting, whose trials work out threats of their own
        for colour in range(t[P_PLAYERS]):
            w[W_THREAT + colour] = threatened(t, s, w, colour)
    m, reason = first_clause(t, s, w)
    if m >= 0:
        settle_clause(t, s, w, m, reason)


@kernel
def settle_clause(t, s, w, m, reason):
    """End clause ``m`` holds (op ``reason`` decided it): its result."""
    at = t[T_CLAUSES] + CLAUSE_WIDTH * m
    s[I_END_CLAUSE] = m
    outcome = t[at + CL_OUTCOME]
    if outcome == BY_SCORE:
        for i in range(t[at + CL_SCORE_COUNT]):
            row = t[T_SCORES] + (t[at + CL_SCORES] + i) * SCORE_WIDTH
            v, _ = evaluate(t, s, w, t[row + SC_VALUE], t[row + SC_VALUE_END])
            s[I_SCORES + t[row + SC_COLOUR]] = v
        finish_by_score(t, s, reason)
        return
    colour = role_colour(t, s, t[at + CL_ROLE])
    if outcome == DRAW:
        finish(t, s, np.int64(-1), reason)
    elif outcome != WIN and outcome != LOSS:
        fail(w, ERR_OUTCOME, m, outcome)
    elif t[P_PLAYERS] == 2:
        finish(t, s, colour if outcome == WIN else 1 - colour, reason)
    elif outcome == LOSS:
        eliminate(t, s, colour, reason)
    elif t[P_FIRST_WIN_ENDS] == 1:
        finish(t, s, colour, reason)
    else:
        win_out(t, s, colour, reason)


@kernel
def others_can_move(t, s, w):
    """Has any other player still in the game a legal move? (Counted as for (no Moves …), one
    level down; at a deeper level there is none to count on, and the answer is no.)"""
    if w[W_DEPTH] >= t[P_DEPTH] - 1:
        return False
    count_others_moves(t, s, w)
    for colour in range(t[P_PLAYERS]):
        if colour != s[I_MOVER] and s[I_ACTIVE + colour] == 1 and w[W_NO_MOVES + colour] == 0:
            return True
    return False


@kernel
def end_if_stuck(t, s, w, buf):
    """Write the legal moves into ``buf`` and return how many. When the player to move has
    none, the end clauses are tried with that player as the mover (Ludii's ``(no Moves
    Mover)``); if none applies, the player passes when another player could still move (the
    one legal move is then a forced pass, as in Ludii), else the game is a draw (Ludii's draw
    when all pass, a turn later: see ends_tried)."""
    n = generate(t, s, w, buf)
    if n == 0 and s[I_OVER] == 0:
        s[I_STUCK] = 1
        check_end(t, s, w)
        s[I_STUCK] = 0
        if s[I_OVER] == 0:
            if not ends_tried(t, s) or others_can_move(t, s, w):
                buf[0] = FORCED_PASS
                return 1
            finish(t, s, np.int64(-1), np.int64(END_NO_MOVES))
    return n


@tiny
def ends_tried(t, s):
    """Are end rules tried after some player's move, in the phase that player is in? Ludii
    draws a game when every player has passed in turn, but only as one of the end rules: where
    no player's phase has any, those who cannot move pass on until a limit ends the game."""
    if t[P_PHASES] == 0:
        return t[P_END_PHASES] != 0
    for colour in range(t[P_PLAYERS]):
        if s[I_ACTIVE + colour] == 1 and (t[P_END_PHASES] >> s[I_PHASE + colour]) & 1 == 1:
            return True
    return False


@kernel
def next_phases(t, s, w):
    """Ludii's (nextPhase …), after a move that did not end the game, with the player who moved
    still the mover: each player goes to the phase named by the first next-phase rule of their
    current phase that concerns them (theirs, or everyone's) and holds; a rule without a name
    goes to the following phase (after the mover's current phase, for everyone's rules)."""
    count = t[P_PHASES]
    if count == 0:
        return
    for colour in range(t[P_PLAYERS]):
        row = t[T_PHASES] + 4 + s[I_PHASE + colour] * PH_WIDTH
        for i in range(t[row + PH_NEXT_COUNT]):
            at = t[T_NEXT_PHASE] + (t[row + PH_NEXT] + i) * NX_WIDTH
            role = t[at + NX_ROLE]
            if role != ROLE_ALL and role_colour(t, s, role) != colour:
                continue
            if holds(t, s, w, t[at + NX_COND], t[at + NX_COND_END]):
                target = t[at + NX_TARGET]
                if target < 0:
                    whose = s[I_MOVER] if role == ROLE_ALL else colour
                    target = (s[I_PHASE + whose] + 1) % count
                s[I_PHASE + colour] = target
                break
