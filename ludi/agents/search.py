"""Search kernels: UCT (n players), flat Monte Carlo and alpha-beta (paranoid for n players).

They run in compiled code over the engine's flat arrays (``t`` tables, ``s`` state). Values are
per colour, in [-1, 1] (+1 first, -1 last, ties share the average place), so a node maximises the
value of the colour to move there — which is what makes UCT work for any number of players.

Capture-series moves refer to the chain area of the generation that made them, so before such a
move is applied the moves of that state are generated again (generation is deterministic).

The caller passes the work array (``Game.new_work``) and checks it afterwards: an engine error
stops the search and is raised on the Python side (``Game.check``).

The three searches release the GIL (``nogil``): the web app's other requests go on while its AI
thinks, each thread on its own copy of the game's buffers.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludi.compile.layout import (
    BOARD,
    I_ACTIVE,
    I_MOVER,
    I_OVER,
    I_PIECES,
    I_RANKS,
    INFO_SIZE,
    KIND_MASK,
    MOVE_HOP,
    P_CELLS,
    P_DIRS,
    P_MAX_MOVES,
    P_NUM_ADJ,
    P_PLAYERS,
    P_TRACK_LEN,
    S_COUNTS,
    T_ADJ,
    T_NBR,
    T_SITES,
    W_ERROR,
)
from ludi.engine.kernels import SOURCES, drop_stale_cache
from ludi.engine.kernels.apply import apply_move
from ludi.engine.kernels.core import copy_state, rng_below, rng_seed
from ludi.engine.kernels.ends import end_if_stuck
from ludi.engine.kernels.generate import generate
from ludi.engine.kernels.playouts import playout

drop_stale_cache([Path(__file__).resolve()], SOURCES)

INF = 1e18
TIE = 1e-9  # root moves within TIE of the best are searched exactly


@njit(cache=True)
def utilities(t, s, out):
    """Each colour's value of a finished game: 1 - 2 (place - 1) / (n - 1), where tied players
    share the average of their places."""
    n = t[P_PLAYERS]
    for c in range(n):
        r = s[I_RANKS + c]
        tied = 0
        for d in range(n):
            if s[I_RANKS + d] == r:
                tied += 1
        place = r + (tied - 1) / 2.0
        out[c] = 1.0 - 2.0 * (place - 1.0) / (n - 1) if n > 1 else 0.0


@njit(cache=True)
def play(t, s, w, buf, move):
    """Apply ``move`` to ``s``; capture chains are regenerated first (see the module doc)."""
    if move & KIND_MASK == MOVE_HOP:
        generate(t, s, w, buf)
    apply_move(t, s, w, move)


@njit(cache=True)
def finished(t, s, w, buf):
    """Is the game over (ending it when the player to move has no legal move)?"""
    if s[I_OVER] == 1:
        return True
    end_if_stuck(t, s, w, buf)
    return s[I_OVER] == 1


# ---------------------------------------------------------------- UCT


@njit(cache=True, nogil=True)
def mcts(t, root, w, iterations, c_explore, seed, moves_out, visits_out, values_out,
         root_values):
    """UCT from ``root`` with random rollouts. Fills, per root move, its code, visits and mean
    value for the root's mover; ``root_values`` gets each colour's mean value at the root.
    Returns the number of root moves."""
    n_players = t[P_PLAYERS]
    rng = np.empty(1, np.uint64)
    rng_seed(rng, seed)
    buf = np.zeros(t[P_MAX_MOVES], np.int64)
    s = root.copy()
    nodes = iterations + 2
    parent = np.full(nodes, -1, np.int64)
    move = np.zeros(nodes, np.int64)
    first_child = np.full(nodes, -1, np.int64)
    sibling = np.full(nodes, -1, np.int64)
    visits = np.zeros(nodes, np.float64)
    value = np.zeros((nodes, 4), np.float64)
    mover = np.zeros(nodes, np.int64)
    pool_start = np.full(nodes, -1, np.int64)
    pool_count = np.zeros(nodes, np.int64)
    tried = np.zeros(nodes, np.int64)
    terminal = np.zeros(nodes, np.int8)
    n_root = end_if_stuck(t, root, w, buf)
    capacity = max(1024, (n_root + 16) * (iterations + 1))
    pool = np.empty(capacity, np.int64)
    used = 0
    count = 1
    u = np.zeros(4, np.float64)
    for _ in range(iterations):
        if w[W_ERROR] != 0:
            break
        copy_state(s, root)
        node = 0
        while True:
            if terminal[node] == 1:
                break
            if pool_start[node] < 0:  # first visit: list and shuffle the moves
                if finished(t, s, w, buf):
                    terminal[node] = 1
                    break
                mover[node] = s[I_MOVER]
                n = end_if_stuck(t, s, w, buf)
                if used + n > capacity:
                    break  # out of room: evaluate this node by a rollout
                for i in range(n):
                    j = rng_below(rng, i + 1)
                    pool[used + i] = pool[used + j]
                    pool[used + j] = buf[i]
                pool_start[node] = used
                pool_count[node] = n
                used += n
            if tried[node] < pool_count[node]:  # expand one untried move
                m = pool[pool_start[node] + tried[node]]
                tried[node] += 1
                play(t, s, w, buf, m)
                child = count
                count += 1
                parent[child] = node
                move[child] = m
                sibling[child] = first_child[node]
                first_child[node] = child
                node = child
                break
            # all moves tried: descend to the child with the best UCB for this node's mover
            me = mover[node]
            log_n = np.log(visits[node])
            best = -INF
            pick = -1
            child = first_child[node]
            while child >= 0:
                n_child = visits[child]
                score = value[child, me] / n_child + c_explore * np.sqrt(log_n / n_child)
                if score > best:
                    best = score
                    pick = child
                child = sibling[child]
            if pick < 0:
                break
            play(t, s, w, buf, move[pick])
            node = pick
        if s[I_OVER] == 0:
            playout(t, s, w, buf, rng)
        utilities(t, s, u)
        while node >= 0:
            visits[node] += 1.0
            for c in range(n_players):
                value[node, c] += u[c]
            node = parent[node]
    k = 0
    child = first_child[0]
    me = mover[0]
    while child >= 0:
        moves_out[k] = move[child]
        visits_out[k] = visits[child]
        values_out[k] = value[child, me] / visits[child]
        k += 1
        child = sibling[child]
    for c in range(n_players):
        root_values[c] = value[0, c] / max(visits[0], 1.0)
    return k


@njit(cache=True, nogil=True)
def flat_mc(t, root, w, playouts_per_move, seed, moves_out, values_out, root_values):
    """Flat Monte Carlo: the same number of random playouts after each root move. Fills each
    move's mean value for the root's mover and each colour's mean over all playouts."""
    n_players = t[P_PLAYERS]
    rng = np.empty(1, np.uint64)
    rng_seed(rng, seed)
    buf = np.zeros(t[P_MAX_MOVES], np.int64)
    s = root.copy()
    n = end_if_stuck(t, root, w, buf)
    for i in range(n):
        moves_out[i] = buf[i]
    me = root[I_MOVER]
    u = np.zeros(4, np.float64)
    total = np.zeros(4, np.float64)
    for i in range(n):
        acc = 0.0
        for _ in range(playouts_per_move):
            if w[W_ERROR] != 0:
                return n
            copy_state(s, root)
            play(t, s, w, buf, moves_out[i])
            if s[I_OVER] == 0:
                playout(t, s, w, buf, rng)
            utilities(t, s, u)
            acc += u[me]
            for c in range(n_players):
                total[c] += u[c]
        values_out[i] = acc / playouts_per_move
    for c in range(n_players):
        root_values[c] = total[c] / max(n * playouts_per_move, 1)
    return n


# ---------------------------------------------------------------- alpha-beta


@njit(cache=True)
def heuristic(t, s, colour):
    """A generic evaluation in [-1, 1] for ``colour``, needing no per-game code: material (pieces
    on the board, counters in stores) and shape (own neighbours of own pieces, which favours
    lines and chains), each relative to the opponents."""
    n = t[P_PLAYERS]
    C = t[P_CELLS]
    mine = 0.0
    theirs = 0.0
    for c in range(n):
        if c == colour:
            mine += s[I_PIECES + c]
        elif s[I_ACTIVE + c] == 1:
            theirs += s[I_PIECES + c] / (n - 1)
    material = (mine - theirs) / C
    if t[P_TRACK_LEN] > 0:  # counters captured into stores
        cnt = INFO_SIZE + S_COUNTS * C
        store = t[t[T_SITES] + colour]
        other = t[t[T_SITES] + (colour + 1) % n]
        if store >= 0 and other >= 0:
            material += (s[cnt + store] - s[cnt + other]) / 48.0
    shape = 0.0
    nbr = t[T_NBR]
    dirs = t[P_DIRS]
    adj = t[T_ADJ]
    for x in range(C):
        stone = s[BOARD + x]
        if stone == 0:
            continue
        own = 0
        for i in range(t[P_NUM_ADJ]):
            y = t[nbr + x * dirs + t[adj + i]]
            if y >= 0 and s[BOARD + y] == stone:
                own += 1
        shape += own if stone == colour + 1 else -own / (n - 1)
    return np.tanh(2.0 * material + 0.5 * shape / C)


@njit(cache=True)
def leaf_value(t, s, w, buf, colour, depth_left):
    """The value of a position for ``colour``: exact when the game is over (sooner wins and later
    losses preferred), else the heuristic scaled into (-0.5, 0.5)."""
    if finished(t, s, w, buf):
        u = np.zeros(4, np.float64)
        utilities(t, s, u)
        return u[colour] * (1.0 + 0.01 * depth_left)
    return 0.5 * heuristic(t, s, colour)


@njit(cache=True, nogil=True)
def alphabeta(t, root, w, depth, moves_out, values_out):
    """Alpha-beta to ``depth`` plies, paranoid for n players (the root's colour maximises, all
    the others minimise its value). Fills each root move's value; returns the number of moves.
    Iterative (an explicit stack), so it compiles and caches like the other kernels."""
    size = root.shape[0]
    colour = root[I_MOVER]
    M = t[P_MAX_MOVES]
    buf = np.zeros(M, np.int64)
    states = np.zeros((depth + 1, size), np.int64)
    moves = np.zeros((depth + 1, M), np.int64)
    count = np.zeros(depth + 1, np.int64)
    index = np.zeros(depth + 1, np.int64)
    alpha = np.zeros(depth + 1, np.float64)
    beta = np.zeros(depth + 1, np.float64)
    best = np.zeros(depth + 1, np.float64)
    states[0, :] = root
    n_root = end_if_stuck(t, states[0], w, moves[0])
    count[0] = n_root
    for i in range(n_root):
        moves_out[i] = moves[0, i]
    alpha[0] = -INF
    beta[0] = INF
    best[0] = -INF
    d = 0
    while w[W_ERROR] == 0:
        if index[d] < count[d] and alpha[d] < beta[d]:
            m = moves[d, index[d]]
            index[d] += 1
            child = states[d + 1]
            copy_state(child, states[d])
            play(t, child, w, buf, m)
            if d + 1 == depth or finished(t, child, w, buf):
                v = leaf_value(t, child, w, buf, colour, depth - d - 1)
            else:
                d += 1
                count[d] = end_if_stuck(t, child, w, moves[d])
                index[d] = 0
                alpha[d] = alpha[d - 1]
                if d == 1:  # a root move as good as the best so far must get its exact value,
                    alpha[d] -= TIE  # not a bound equal to it (a tie that may hide a loss)
                beta[d] = beta[d - 1]
                best[d] = -INF if child[I_MOVER] == colour else INF
                continue
        else:
            v = best[d]
            if d == 0:
                break
            d -= 1
        if d == 0:
            values_out[index[0] - 1] = v
        if states[d][I_MOVER] == colour:
            if v > best[d]:
                best[d] = v
            if v > alpha[d]:
                alpha[d] = v
        else:
            if v < best[d]:
                best[d] = v
            if v < beta[d]:
                beta[d] = v
    for i in range(index[0], n_root):  # moves cut off at the root are no better than the best
        values_out[i] = -INF
    return n_root
