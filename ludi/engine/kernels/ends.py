"""End checks: the end clauses tried after every move and the players' phases that follow them
(what happens when the player to move has no legal move: ``legal.end_if_stuck``)."""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import (
    CL,
    COLOURS,
    ERR,
    IN,
    NX,
    OUTCOME,
    PH,
    PR,
    ROLE,
    SC,
    I,
    P,
    T,
    W,
)
from ludi.engine.kernels.conditions import evaluate, first_clause, holds
from ludi.engine.kernels.core import (
    fail,
    kernel,
    phase_row,
    role_colour,
    set_context,
    w_moves,
)
from ludi.engine.kernels.generate import generate, threatened, trial_holds
from ludi.engine.kernels.results import eliminate, finish, finish_by_score, win_out


@kernel
def count_others_moves(t, s, w):
    """Before end clauses that test (no Moves …) of another player: note which other colours
    have no move. Their moves go to the nested move list of this level. Only whether a move
    exists is asked: without do-filters the first move found settles it; with a last
    do-filter over every move (the deferred case of ``run_program``) the moves are tried in
    list order until one passes, not all of them (a chess-like game tries about one)."""
    mover = s[I.MOVER]
    depth = w[W.DEPTH]
    if depth >= t[P.DEPTH] - 1:
        fail(w, ERR.DEPTH, 0, depth)
        return
    w[W.DEPTH] = depth + 1
    exists_only = True  # without do-filters, the first move found settles it
    for i in range(t[P.PROG_LEN]):
        if t[t[T.PROG] + i * IN.SIZE + IN.KIND] == PR.KEEP_IF_AFTER:
            exists_only = False
    # the others move after the mover's move (or forced pass): (is Prev Mover) is false for them
    prev = s[I.PREV_MOVER]
    s[I.PREV_MOVER] = mover
    for colour in range(t[P.PLAYERS]):
        if colour != mover:
            s[I.MOVER] = colour
            start = w_moves(t, depth)
            buf = w[start:start + t[P.MAX_MOVES]]
            w[W.LIMIT] = 1 if exists_only else 0
            w[W.LAZY] = 0 if exists_only else 1
            w[W.DEFERRED] = -1
            n = generate(t, s, w, buf)
            w[W.LAZY] = 0
            w[W.LIMIT] = 0
            at = w[W.DEFERRED]
            if at >= 0:
                w[W.DEFERRED] = -1
                found = 0
                for i in range(n):
                    if trial_holds(t, s, w, buf[i], t[at + IN.COND], t[at + IN.COND_END]):
                        found = 1
                        break
                n = found
            w[W.NO_MOVES + colour] = 1 if n == 0 else 0
    s[I.MOVER] = mover
    s[I.PREV_MOVER] = prev
    w[W.DEPTH] = depth


@kernel
def check_end(t, s, w):
    """Try the end clauses in order; the first that holds decides the result. They read
    (from), (to) and (site) as the last move's sites."""
    set_context(s, s[I.LAST_FROM], s[I.LAST_TO])
    if t[P.NO_MOVES] == 1:
        count_others_moves(t, s, w)
    if t[P.THREATS] == 1:  # after the counting, whose trials work out threats of their own
        end_threats(t, s, w)
    m, reason = first_clause(t, s, w)
    if m >= 0:
        settle_clause(t, s, w, m, reason)


@kernel
def end_threats(t, s, w):
    """Work out (is Threatened …) for the players the end rules ask about (``P.END_THREATS``),
    each once: a threat costs a generation of the other players' moves."""
    for colour in range(t[P.PLAYERS]):
        w[W.THREAT + colour] = -1
    mask = t[P.END_THREATS]
    for bit in range(2 * COLOURS):
        if mask >> bit & 1 == 1:
            colour = role_colour(t, s, bit - COLOURS)
            if 0 <= colour < t[P.PLAYERS] and w[W.THREAT + colour] < 0:
                w[W.THREAT + colour] = threatened(t, s, w, colour)


@kernel
def settle_clause(t, s, w, m, reason):
    """End clause ``m`` holds (op ``reason`` decided it): its result."""
    at = t[T.CLAUSES] + CL.SIZE * m
    s[I.END_CLAUSE] = m
    outcome = t[at + CL.OUTCOME]
    if outcome == OUTCOME.BY_SCORE:
        for i in range(t[at + CL.SCORE_COUNT]):
            row = t[T.SCORES] + (t[at + CL.SCORES] + i) * SC.SIZE
            v, _ = evaluate(t, s, w, t[row + SC.VALUE], t[row + SC.VALUE_END])
            s[I.SCORES + t[row + SC.COLOUR]] = v
        finish_by_score(t, s, reason)
        return
    colour = role_colour(t, s, t[at + CL.ROLE])
    if outcome == OUTCOME.DRAW:
        finish(t, s, np.int64(-1), reason)
    elif outcome == OUTCOME.WIN:
        if t[P.PLAYERS] == 2 or t[P.FIRST_WIN_ENDS] == 1:
            finish(t, s, colour, reason)
        else:
            win_out(t, s, colour, reason)
    elif outcome == OUTCOME.LOSS:
        if t[P.PLAYERS] == 2:
            finish(t, s, 1 - colour, reason)
        else:
            eliminate(t, s, colour, reason)
    else:
        fail(w, ERR.OUTCOME, m, outcome)


@kernel
def next_phases(t, s, w):
    """Ludii's (nextPhase …), after a move that did not end the game, with the player who moved
    still the mover: each player goes to the phase named by the first next-phase rule of their
    current phase that concerns them (theirs, or everyone's) and holds; a rule without a name
    goes to the following phase (after the mover's current phase, for everyone's rules)."""
    count = t[P.PHASES]
    if count == 0:
        return
    for colour in range(t[P.PLAYERS]):
        row = phase_row(t, s[I.PHASE + colour])
        for i in range(t[row + PH.NEXT_COUNT]):
            at = t[T.NEXT_PHASE] + (t[row + PH.NEXT] + i) * NX.SIZE
            role = t[at + NX.ROLE]
            if role != ROLE.ALL and role_colour(t, s, role) != colour:
                continue
            if holds(t, s, w, t[at + NX.COND], t[at + NX.COND_END]):
                target = t[at + NX.TARGET]
                if target < 0:
                    whose = s[I.MOVER] if role == ROLE.ALL else colour
                    target = (s[I.PHASE + whose] + 1) % count
                s[I.PHASE + colour] = target
                break


def __getattr__(name: str):
    """``end_if_stuck`` lives in :mod:`ludi.engine.kernels.legal` (the legal moves need the
    whole move, which comes after the end checks); older imports from here still find it."""
    if name == "end_if_stuck":
        from ludi.engine.kernels.legal import end_if_stuck

        return end_if_stuck
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
