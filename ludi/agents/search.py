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

from ludi.compile.layout import BOARD, COLOURS, KIND_BITS, KIND_MASK, MOVE, PLAY, I, P, S, T, W
from ludi.engine.kernels import SOURCES, drop_stale_cache
from ludi.engine.kernels.apply import apply_move, apply_move_inline
from ludi.engine.kernels.core import copy_state, kernel, rng_below, rng_seed, tiny
from ludi.engine.kernels.ends import end_if_stuck
from ludi.engine.kernels.generate import could_win, generate, swap_allowed, wins_at
from ludi.engine.kernels.playouts import playout, random_move

drop_stale_cache([Path(__file__).resolve()], SOURCES)

INF = 1e18
TIE = 1e-9  # root moves within TIE of the best are searched exactly


@kernel
def utilities(t, s, out):
    """Each colour's value of a finished game: 1 - 2 (place - 1) / (n - 1), where tied players
    share the average of their places."""
    n = t[P.PLAYERS]
    for c in range(n):
        r = s[I.RANKS + c]
        tied = 0
        for d in range(n):
            if s[I.RANKS + d] == r:
                tied += 1
        place = r + (tied - 1) / 2.0
        out[c] = 1.0 - 2.0 * (place - 1.0) / (n - 1) if n > 1 else 0.0


@kernel
def play(t, s, w, buf, move):
    """Apply ``move`` to ``s``; capture chains are regenerated first (see the module doc)."""
    if move & KIND_MASK == MOVE.HOP:
        generate(t, s, w, buf)
    apply_move(t, s, w, move)


@kernel
def finished(t, s, w, buf):
    """Is the game over (ending it when the player to move has no legal move)?"""
    if s[I.OVER] == 1:
        return True
    end_if_stuck(t, s, w, buf)
    return s[I.OVER] == 1


# ---------------------------------------------------------------- UCT

#: What is known of a node: nothing yet (OPEN), that its game is over (OVER: plain UCT does not
#: expand it), or its exact value (PROVEN, by the solver; ``proven`` holds it per colour).
OPEN = 0
OVER = 1
PROVEN = 2


@kernel
def winning_move(t, s, w, buf, n, trial, scratch):
    """The index in ``buf[:n]`` of a move after which the player to move has won (the game
    over, that player alone first), or -1: the decisive move of Teytaud and Teytaud (2010).
    ``trial`` is left holding the position after that move.

    Each move is tried on ``trial`` (a copy of ``s``). In placement games (``PLAY.ADD``) a
    site is tried only when a stone there could win (``could_win``: in games of lines, next
    to own stones; in games of connections, where the groups it joins reach the goals), so
    the check costs a few reads a site."""
    me = s[I.MOVER]
    placement = t[P.PLAY] == PLAY.ADD
    for i in range(n):
        m = buf[i]
        if placement and m & KIND_MASK == MOVE.ADD:
            site = m >> KIND_BITS
            # wins_at tries the stone in place where no groups are kept (it would copy the
            # state where they are: the move's own trial below does that once)
            if not (could_win(t, s, me, site) if t[P.GROUPS] == 1 else
                    wins_at(t, s, w, me, site)):
                continue
        copy_state(trial, s)
        play(t, trial, w, scratch, m)
        if trial[I.OVER] == 1 and trial[I.WINNER] == me:
            return i
    return -1


@tiny
def blocks_only(t, s):
    """Is taking its site the only way to stop the next player's one-move win? So in two-player
    games where each move adds a stone of one's own to any empty site (``P.ADD_ALL``) and every
    end test is a line, connection or ring of one's own stones (``P.LINE_ONLY``,
    ``P.GROUP_WINS``): a stone elsewhere neither removes the other player's stones nor changes
    what theirs on that site would make. Not while the pie rule may be taken, nor two plies
    before a move or turn limit (which could end the game first)."""
    return (t[P.PLAY] == PLAY.ADD and t[P.ADD_ALL] == 1 and t[P.PLAYERS] == 2
            and not swap_allowed(t, s)
            and (t[P.LINE_ONLY] == 1 or (t[P.GROUP_WINS] == 1 and t[P.GROUPS] == 1))
            and s[I.PLY] + 2 < t[P.MOVE_LIMIT] and s[I.TURNS] + 2 < t[P.TURN_LIMIT])


@kernel
def threats(t, s, w, buf, n, trial, marks):
    """Where would the next player win by placing a stone now? In ``buf[:n]`` (the mover's
    moves, the empty sites: :func:`blocks_only` holds): how many such sites and the index of
    the first. Each is tried on ``trial`` as if that player moved now. With ``marks`` (one
    entry a site) every such site is marked and counted; without (an empty array) the count
    stops at two."""
    other = 1 - s[I.MOVER]
    found = 0
    first = -1
    for i in range(n):
        m = buf[i]
        if m & KIND_MASK != MOVE.ADD:
            continue
        site = m >> KIND_BITS
        if not (could_win(t, s, other, site) if t[P.GROUPS] == 1 else
                wins_at(t, s, w, other, site)):
            continue
        copy_state(trial, s)
        trial[I.MOVER] = other
        apply_move(t, trial, w, m)
        if trial[I.OVER] == 1 and trial[I.WINNER] == other:
            found += 1
            if first < 0:
                first = i
            if len(marks) > 0:
                marks[site] = 1
            elif found == 2:
                break
    return found, first


@kernel
def new_wins(t, s, w, x, colour, trial, cand, queue, mark, stamp):
    """Where would ``colour`` now win, among the sites a stone of its own just placed on ``x``
    could have made winning (in a game where :func:`blocks_only` holds, no others can have
    changed)? Those are, along each line axis through ``x``, the first site past ``x``'s run
    of ``colour``'s stones each way and, in games of groups, every empty site next to ``x``'s
    group. Returns how many (counted up to two) and the first; ``mark`` entries equal to
    ``stamp`` mean seen (``cand`` and ``queue`` are scratch of a site each)."""
    stone = colour + 1
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    axes = t[T.AXES]
    k = 0
    for a in range(t[P.NUM_AXES]):
        for side in range(2):
            d = t[axes + 2 * a + side]
            y = t[nbr + x * dirs + d]
            while y >= 0 and s[BOARD + y] == stone:
                y = t[nbr + y * dirs + d]
            if y >= 0 and s[BOARD + y] == 0 and mark[y] != stamp:
                mark[y] = stamp
                cand[k] = y
                k += 1
    if t[P.GROUPS] == 1:  # the group of x, breadth first, and the empty sites around it
        adj = t[T.ADJ]
        mark[x] = stamp
        queue[0] = x
        head = 0
        tail = 1
        while head < tail:
            c = queue[head]
            head += 1
            for i in range(t[P.NUM_ADJ]):
                y = t[nbr + c * dirs + t[adj + i]]
                if y < 0 or mark[y] == stamp:
                    continue
                if s[BOARD + y] == stone:
                    mark[y] = stamp
                    queue[tail] = y
                    tail += 1
                elif s[BOARD + y] == 0:
                    mark[y] = stamp
                    cand[k] = y
                    k += 1
    found = 0
    first = -1
    for i in range(k):
        y = cand[i]
        if not (could_win(t, s, colour, y) if t[P.GROUPS] == 1 else
                wins_at(t, s, w, colour, y)):
            continue
        copy_state(trial, s)
        trial[I.MOVER] = colour
        apply_move(t, trial, w, MOVE.ADD | (y << KIND_BITS))
        if trial[I.OVER] == 1 and trial[I.WINNER] == colour:
            found += 1
            if first < 0:
                first = y
            if found == 2:
                break
    return found, first


@njit(cache=True, nogil=True)
def mcts(t, root, w, iterations, max_plies, c_explore, solver, rave, seed, moves_out,
         visits_out, values_out, scores_out, root_values, work):
    """UCT from ``root`` with random rollouts. Fills, per root move, its code, visits, mean
    value for the root's mover and the score the move is chosen by (the highest);
    ``root_values`` gets each colour's mean value at the root; ``work[0]`` grows by the plies
    the search played (in the tree and the rollouts). The search stops after ``iterations``,
    or once it has played ``max_plies`` plies (when above 0): a budget in work that gives small
    games more iterations than large ones at the same cost. Returns the number of root moves.

    With ``solver`` the tree also proves values (MCTS-Solver, Winands et al. 2008). A node is
    proven when its game is over, when its mover has a decisive move (:func:`winning_move`,
    checked when the node's moves are listed: at its second visit, or as soon as it is added
    for the root's children), when one of its children is a win for its mover, and, in
    two-player games, when every child is proven (at the best of them for its mover). A proven
    node is not searched below: its exact value is backed up as the sample, and UCB reads a
    proven child's value without exploration, so a move into a proven loss is not tried again
    and a proven win is taken at once. Hence the agent takes a one-move win, and blocks a
    one-move threat once each of its moves has been added (every other move is then a proven
    loss). Where taking its site is the only way to stop a one-move win (:func:`blocks_only`),
    a node whose next player threatens one keeps only that move, and one facing two such
    threats is a proven loss (Teytaud and Teytaud's anti-decisive moves), so a move that makes
    a double threat is proven a win as soon as it is added. The search stops when the root is
    proven.

    With ``rave`` > 0, in placement games (where a site means the same in every position),
    each listed move also gathers all-moves-as-first values (RAVE, Gelly and Silver 2007): the
    value of every simulation in which its mover placed on its site later on, in the tree or
    the rollout. A child's mean is blended with it, weight sqrt(rave / (3 n + rave)) after n
    visits, and untried moves are added best AMAF value first. A few hundred iterations then
    learn which sites matter, where plain UCT has tried each move a few times.

    Without ``solver``, plain UCT: a finished game's value is one sample of its node's mean,
    like any rollout, and the move is chosen by visits. With a few hundred iterations and
    dozens of moves, exploration spreads the visits almost evenly among good moves, so a move
    that wins at once, among moves that win most random games too, is chosen about as often
    as they are (tests/test_agents.py shows it)."""
    n_players = t[P.PLAYERS]
    rng = np.empty(1, np.uint64)
    rng_seed(rng, seed)
    buf = np.zeros(t[P.MAX_MOVES], np.int64)
    scratch = np.zeros(t[P.MAX_MOVES], np.int64)
    s = root.copy()
    trial = root.copy()
    nodes = iterations + 2
    parent = np.full(nodes, -1, np.int64)
    move = np.zeros(nodes, np.int64)
    first_child = np.full(nodes, -1, np.int64)
    sibling = np.full(nodes, -1, np.int64)
    visits = np.zeros(nodes, np.float64)
    value = np.zeros((nodes, COLOURS), np.float64)
    mover = np.zeros(nodes, np.int64)
    pool_start = np.full(nodes, -1, np.int64)
    pool_count = np.zeros(nodes, np.int64)
    tried = np.zeros(nodes, np.int64)
    status = np.zeros(nodes, np.int8)
    proven = np.zeros((nodes, COLOURS), np.float64)
    n_root = end_if_stuck(t, root, w, buf)
    capacity = max(1024, (n_root + 16) * (iterations + 1))
    pool = np.empty(capacity, np.int64)
    # RAVE: per listed move (a pool entry), its AMAF visits and value sum; per child, its entry;
    # per site, the simulation (iteration) that last placed there, the ply and the colour
    amaf = rave > 0 and t[P.PLAY] == PLAY.ADD
    cells = t[P.CELLS] if amaf else 1
    # zeroed entry by entry as moves are listed: a search uses a small part of its room
    amaf_n = np.empty(capacity if amaf else 1, np.float64)
    amaf_v = np.empty(capacity if amaf else 1, np.float64)
    entry = np.zeros(nodes, np.int64)
    inv_root = np.zeros(nodes if amaf else 1, np.float64)  # 1 / sqrt(visits)
    rave_weight = np.zeros(nodes if amaf else 1, np.float64)  # sqrt(rave / (3 visits + rave))
    placed_in = np.full(cells, -1, np.int64)
    placed_at = np.zeros(cells, np.int64)
    placed_by = np.zeros(cells, np.int64)
    path = np.zeros(nodes, np.int64)
    placed = np.zeros(cells + 1 if amaf else 1, np.int64)
    root_entry = np.full(cells, -1, np.int64)  # the root's pool entry of each site
    # the root's children, where taking a site is the only block (blocks_only), are checked
    # as they are added from what the root's listing found: the next player's threats there
    local = False
    root_threats = 0
    opp_wins = np.zeros(t[P.CELLS], np.int64)
    no_marks = np.zeros(0, np.int64)
    cand = np.zeros(t[P.CELLS], np.int64)
    queue = np.zeros(t[P.CELLS], np.int64)
    mark = np.full(t[P.CELLS], -1, np.int64)
    used = 0
    count = 1
    u = np.zeros(4, np.float64)
    start = work[0]
    for it in range(iterations):
        if w[W.ERROR] != 0 or status[0] != OPEN or 0 < max_plies <= work[0] - start:
            break
        copy_state(s, root)
        placed[0] = 0
        node = 0
        depth = 0
        fresh = False  # a child of the root just added: the solver lists it at once
        win_first = False  # the root's first move to add is its winning move
        while status[node] == OPEN:
            if pool_start[node] < 0:  # first visit: list and shuffle the moves
                n = end_if_stuck(t, s, w, buf) if s[I.OVER] == 0 else 0
                if s[I.OVER] == 1:
                    status[node] = PROVEN if solver else OVER
                    utilities(t, s, u)
                    for c in range(n_players):
                        proven[node, c] = u[c]
                    break
                if used + n > capacity:
                    break  # out of room: evaluate this node by a rollout
                me = s[I.MOVER]
                mover[node] = me
                win = -1
                if fresh:  # a child of the root, where blocks_only held: what changed?
                    x = move[node] >> KIND_BITS
                    if not blocks_only(t, s) or move[node] & KIND_MASK != MOVE.ADD:
                        pass
                    elif root_threats - opp_wins[x] > 0:  # the root's threat not blocked
                        status[node] = PROVEN
                        proven[node, me] = 1.0
                        proven[node, 1 - me] = -1.0
                        break
                    else:
                        found, site = new_wins(t, s, w, x, 1 - me, trial, cand, queue, mark,
                                               it)
                        if found == 2:  # a double threat: one stone blocks only one
                            status[node] = PROVEN
                            proven[node, me] = -1.0
                            proven[node, 1 - me] = 1.0
                            break
                        if found == 1:  # the block is the only move that does not lose
                            buf[0] = MOVE.ADD | (site << KIND_BITS)
                            n = 1
                elif solver:
                    win = winning_move(t, s, w, buf, n, trial, scratch)
                    if win >= 0 and node > 0:  # proven (the root adds its winning move)
                        status[node] = PROVEN
                        utilities(t, trial, u)
                        for c in range(n_players):
                            proven[node, c] = u[c]
                        break
                    if win < 0 and blocks_only(t, s):  # anti-decisive moves
                        found, first = threats(t, s, w, buf, n, trial,
                                               opp_wins if node == 0 else no_marks)
                        if node == 0:
                            root_threats = found
                            local = True
                        if found >= 2 and node > 0:  # one stone blocks only one threat
                            status[node] = PROVEN
                            proven[node, me] = -1.0
                            proven[node, 1 - me] = 1.0
                            break
                        if found == 1:  # the block is the only move that does not lose
                            buf[0] = buf[first]
                            n = 1
                win_first = win >= 0
                if amaf:  # RAVE picks what to add (at random while nothing is known)
                    for i in range(n):
                        pool[used + i] = buf[i]
                        amaf_n[used + i] = 0.0
                        amaf_v[used + i] = 0.0
                else:
                    for i in range(n):
                        j = rng_below(rng, i + 1)
                        pool[used + i] = pool[used + j]
                        pool[used + j] = buf[i]
                if win >= 0:  # the root's winning move is added first
                    for i in range(n):
                        if pool[used + i] == buf[win]:
                            pool[used + i] = pool[used]
                            pool[used] = buf[win]
                            break
                pool_start[node] = used
                pool_count[node] = n
                if amaf and node == 0:
                    for j in range(used, used + n):
                        if pool[j] & KIND_MASK == MOVE.ADD:
                            root_entry[pool[j] >> KIND_BITS] = j
                used += n
                if fresh:
                    break
            if tried[node] < pool_count[node]:  # expand one untried move
                at = pool_start[node] + tried[node]
                if amaf and not (win_first and node == 0 and tried[0] == 0):
                    # the untried move with the best AMAF value; one at random if none has any
                    end = pool_start[node] + pool_count[node]
                    best_at = at + rng_below(rng, end - at)
                    best = -INF
                    for j in range(at, end):
                        if amaf_n[j] > 0 and amaf_v[j] / amaf_n[j] > best:
                            best = amaf_v[j] / amaf_n[j]
                            best_at = j
                    swap_entries(pool, amaf_n, amaf_v, at, best_at)
                    if node == 0:
                        for j in (at, best_at):
                            if pool[j] & KIND_MASK == MOVE.ADD:
                                root_entry[pool[j] >> KIND_BITS] = j
                m = pool[at]
                tried[node] += 1
                if amaf:
                    note_placement(m, s[I.MOVER], depth, it, placed_in, placed_at, placed_by,
                                   placed)
                path[depth] = node
                depth += 1
                play(t, s, w, buf, m)
                child = count
                count += 1
                parent[child] = node
                move[child] = m
                entry[child] = at
                sibling[child] = first_child[node]
                first_child[node] = child
                if local and node == 0 and s[I.OVER] == 0:
                    node = child  # listed now: a few sites tell what the move changed
                    fresh = True
                    continue
                node = child
                if solver and s[I.OVER] == 1:
                    status[node] = PROVEN
                    utilities(t, s, u)
                    for c in range(n_players):
                        proven[node, c] = u[c]
                break
            # all moves tried: descend to the child with the best UCB for this node's mover;
            # a proven child counts at its exact value
            me = mover[node]
            log_n = np.log(max(visits[node], 1.0))
            explore = c_explore * np.sqrt(log_n)
            best = -INF
            pick = -1
            child = first_child[node]
            while child >= 0:
                if status[child] == PROVEN:
                    score = proven[child, me]
                elif amaf:  # the square roots are kept up to date by the backup
                    mean = value[child, me] / visits[child]
                    j = entry[child]
                    if amaf_n[j] > 0:
                        beta = rave_weight[child]
                        mean = (1.0 - beta) * mean + beta * amaf_v[j] / amaf_n[j]
                    score = mean + explore * inv_root[child]
                else:
                    n_child = visits[child]
                    score = value[child, me] / n_child + c_explore * np.sqrt(log_n / n_child)
                if score > best:
                    best = score
                    pick = child
                child = sibling[child]
            if pick < 0:
                break
            if amaf:
                note_placement(move[pick], me, depth, it, placed_in, placed_at, placed_by,
                               placed)
            path[depth] = node
            depth += 1
            play(t, s, w, buf, move[pick])
            node = pick
        path[depth] = node
        if status[node] == PROVEN:
            for c in range(n_players):
                u[c] = proven[node, c]
            prove_up(node, parent, first_child, sibling, mover, status, proven, tried,
                     pool_count, n_players)
        else:
            if s[I.OVER] == 0:
                if amaf:
                    noted_playout(t, s, w, buf, rng, depth, it, placed_in, placed_at, placed_by,
                                  placed)
                else:
                    playout(t, s, w, buf, rng)
            utilities(t, s, u)
        work[0] += s[I.PLY] - root[I.PLY]
        if amaf:
            if pool_start[0] >= 0:  # the root, through its map of sites: the longest list
                for i in range(placed[0]):
                    site = placed[1 + i]
                    j = root_entry[site]
                    if j >= 0 and placed_by[site] == mover[0]:
                        amaf_n[j] += 1.0
                        amaf_v[j] += u[mover[0]]
            for k in range(1, depth + 1):
                at = path[k]
                if pool_start[at] >= 0:
                    update_amaf(pool, pool_start[at], pool_count[at], mover[at], k, it,
                                u[mover[at]], placed_in, placed_at, placed_by, amaf_n, amaf_v)
        while node >= 0:
            visits[node] += 1.0
            for c in range(n_players):
                value[node, c] += u[c]
            if amaf:
                inv_root[node] = 1.0 / np.sqrt(visits[node])
                rave_weight[node] = np.sqrt(rave / (3.0 * visits[node] + rave))
            node = parent[node]
    k = 0
    child = first_child[0]
    me = mover[0]
    while child >= 0:
        moves_out[k] = move[child]
        visits_out[k] = visits[child]
        values_out[k] = value[child, me] / max(visits[child], 1.0)
        scores_out[k] = visits[child]
        if status[child] == PROVEN:
            values_out[k] = proven[child, me]
            if proven[child, me] >= 1.0:  # a proven win first
                scores_out[k] = INF
            elif proven[child, me] <= -1.0:  # a proven loss last
                scores_out[k] = visits[child] - INF
        k += 1
        child = sibling[child]
    for c in range(n_players):
        root_values[c] = value[0, c] / max(visits[0], 1.0)
    return k


@tiny
def swap_entries(pool, amaf_n, amaf_v, a, b):
    """Exchange two listed moves with their AMAF values."""
    pool[a], pool[b] = pool[b], pool[a]
    amaf_n[a], amaf_n[b] = amaf_n[b], amaf_n[a]
    amaf_v[a], amaf_v[b] = amaf_v[b], amaf_v[a]


@tiny
def note_placement(m, colour, ply, it, placed_in, placed_at, placed_by, placed):
    """Remember that ``colour`` placed on ``m``'s site at ``ply`` of simulation ``it``: by
    site, and in the simulation's list of sites (``placed[0]`` of them, from ``placed[1]``)."""
    if m & KIND_MASK == MOVE.ADD:
        site = m >> KIND_BITS
        placed_in[site] = it
        placed_at[site] = ply
        placed_by[site] = colour
        if placed[0] + 1 < len(placed):  # a site is placed on once a game (PLAY.ADD)
            placed[1 + placed[0]] = site
            placed[0] += 1


@kernel
def noted_playout(t, s, w, buf, rng, ply, it, placed_in, placed_at, placed_by, placed):
    """:func:`playout` (the same moves), noting each placement for RAVE."""
    while s[I.OVER] == 0 and w[W.ERROR] == 0:
        m = random_move(t, s, w, buf, rng)
        if m < 0:  # no move: the game ends, or the player passes (forced)
            if end_if_stuck(t, s, w, buf) == 0:
                break
            m = buf[0]
        note_placement(m, s[I.MOVER], ply, it, placed_in, placed_at, placed_by, placed)
        apply_move_inline(t, s, w, m)
        ply += 1


@kernel
def update_amaf(pool, start, count, colour, ply, it, value, placed_in, placed_at, placed_by,
                amaf_n, amaf_v):
    """Credit ``value`` to each listed move whose site ``colour`` placed on at ``ply`` or
    later in simulation ``it``."""
    for j in range(start, start + count):
        m = pool[j]
        if m & KIND_MASK != MOVE.ADD:
            continue
        site = m >> KIND_BITS
        if placed_in[site] == it and placed_by[site] == colour and placed_at[site] >= ply:
            amaf_n[j] += 1.0
            amaf_v[j] += value


@kernel
def prove_up(node, parent, first_child, sibling, mover, status, proven, tried, pool_count,
             n_players):
    """Carry the proof of ``node`` up the tree: its parent is proven when this child is a win
    for the parent's mover, or (two players) when all the parent's children are proven, at the
    best of them for its mover."""
    while parent[node] >= 0:
        p = parent[node]
        if status[p] == PROVEN:
            return
        me = mover[p]
        pick = -1
        if proven[node, me] >= 1.0:
            pick = node
        elif n_players == 2 and tried[p] == pool_count[p]:
            best = -INF
            child = first_child[p]
            while child >= 0:
                if status[child] != PROVEN:
                    return
                if proven[child, me] > best:
                    best = proven[child, me]
                    pick = child
                child = sibling[child]
        if pick < 0:
            return
        status[p] = PROVEN
        for c in range(n_players):
            proven[p, c] = proven[pick, c]
        node = p


@njit(cache=True, nogil=True)
def flat_mc(t, root, w, playouts_per_move, seed, moves_out, values_out, root_values, work):
    """Flat Monte Carlo: the same number of random playouts after each root move. Fills each
    move's mean value for the root's mover and each colour's mean over all playouts;
    ``work[0]`` grows by the plies played."""
    n_players = t[P.PLAYERS]
    rng = np.empty(1, np.uint64)
    rng_seed(rng, seed)
    buf = np.zeros(t[P.MAX_MOVES], np.int64)
    s = root.copy()
    n = end_if_stuck(t, root, w, buf)
    for i in range(n):
        moves_out[i] = buf[i]
    me = root[I.MOVER]
    u = np.zeros(4, np.float64)
    total = np.zeros(4, np.float64)
    for i in range(n):
        acc = 0.0
        for _ in range(playouts_per_move):
            if w[W.ERROR] != 0:
                return n
            copy_state(s, root)
            play(t, s, w, buf, moves_out[i])
            if s[I.OVER] == 0:
                playout(t, s, w, buf, rng)
            work[0] += s[I.PLY] - root[I.PLY]
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
    n = t[P.PLAYERS]
    C = t[P.CELLS]
    mine = 0.0
    theirs = 0.0
    for c in range(n):
        if c == colour:
            mine += s[I.PIECES + c]
        elif s[I.ACTIVE + c] == 1:
            theirs += s[I.PIECES + c] / (n - 1)
    material = (mine - theirs) / C
    if t[P.TRACK_LEN] > 0:  # counters captured into stores
        cnt = I.SIZE + S.COUNTS * C
        store = t[t[T.SITES] + colour]
        other = t[t[T.SITES] + (colour + 1) % n]
        if store >= 0 and other >= 0:
            material += (s[cnt + store] - s[cnt + other]) / 48.0
    shape = 0.0
    nbr = t[T.NBR]
    dirs = t[P.DIRS]
    adj = t[T.ADJ]
    for x in range(C):
        stone = s[BOARD + x]
        if stone == 0:
            continue
        own = 0
        for i in range(t[P.NUM_ADJ]):
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
    colour = root[I.MOVER]
    M = t[P.MAX_MOVES]
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
    while w[W.ERROR] == 0:
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
                best[d] = -INF if child[I.MOVER] == colour else INF
                continue
        else:
            v = best[d]
            if d == 0:
                break
            d -= 1
        if d == 0:
            values_out[index[0] - 1] = v
        if states[d][I.MOVER] == colour:
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
