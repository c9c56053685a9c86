"""Results: ending the game, ranks for n players (eliminations, wins that leave the game, scores).
"""

from __future__ import annotations

from ludi.compile.layout import I, P
from ludi.engine.kernels.core import kernel, tiny


@kernel
def finish(t, s, winner, reason):
    """End the game: ``winner`` is a colour (it takes the best free rank), or -1 for a draw among
    those still in; every player still unranked shares the next rank."""
    s[I.OVER] = 1
    s[I.END_OP] = reason
    n = t[P.PLAYERS]
    best = s[I.BEST_FREE] if s[I.BEST_FREE] > 0 else 1
    if winner >= 0 and s[I.RANKS + winner] == 0:
        s[I.RANKS + winner] = best
        best += 1
    for c in range(n):
        if s[I.RANKS + c] == 0:
            s[I.RANKS + c] = best
    first = -1
    firsts = 0
    for c in range(n):
        if s[I.RANKS + c] == 1:
            first = c
            firsts += 1
    s[I.WINNER] = first if firsts == 1 else -1


@tiny
def active_count(t, s):
    k = 0
    for c in range(t[P.PLAYERS]):
        k += s[I.ACTIVE + c]
    return k


@kernel
def last_one_standing(t, s, reason):
    """With at most one player left in, that player takes the best free rank: game over."""
    if active_count(t, s) > 1:
        return
    survivor = -1
    for c in range(t[P.PLAYERS]):
        if s[I.ACTIVE + c] == 1:
            survivor = c
    finish(t, s, survivor, reason)


@kernel
def eliminate(t, s, colour, reason):
    """A loss with more than two players: the player takes the worst free rank and is out (its
    stones stay on the board); the game goes on while two or more remain."""
    if s[I.ACTIVE + colour] == 0:
        return
    worst = s[I.WORST_FREE] if s[I.WORST_FREE] > 0 else t[P.PLAYERS]
    s[I.RANKS + colour] = worst
    s[I.WORST_FREE] = worst - 1
    s[I.ACTIVE + colour] = 0
    last_one_standing(t, s, reason)


@kernel
def win_out(t, s, colour, reason):
    """A win with more than two players under Ludii's rules: the player takes the best free rank
    and leaves; the others play on while two or more remain."""
    if s[I.ACTIVE + colour] == 0:
        return
    best = s[I.BEST_FREE] if s[I.BEST_FREE] > 0 else 1
    s[I.RANKS + colour] = best
    s[I.BEST_FREE] = best + 1
    s[I.ACTIVE + colour] = 0
    last_one_standing(t, s, reason)


@kernel
def finish_by_score(t, s, reason):
    """End the game ranking the colours by ``s[I.SCORES]`` (higher first; ties share a rank)."""
    n = t[P.PLAYERS]
    best = -(1 << 62)
    winners = 0
    winner = -1
    for c in range(n):
        v = s[I.SCORES + c]
        if v > best:
            best = v
            winners = 1
            winner = c
        elif v == best:
            winners += 1
    s[I.OVER] = 1
    s[I.END_OP] = reason
    s[I.WINNER] = winner if winners == 1 else -1
    for c in range(n):
        rank = 1
        for d in range(n):
            if s[I.SCORES + d] > s[I.SCORES + c]:
                rank += 1
        s[I.RANKS + c] = rank
