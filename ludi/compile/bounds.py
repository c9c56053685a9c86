"""Bounds proven from the program: how large every buffer of the kernels must be.

The kernels never grow a buffer and never check most writes: they rely on these bounds, which
the compiler derives from the rule program and writes into the table header. Every caller sizes
its buffers from the header too (``Game.new_buffer``, ``Game.new_work``).

The move bound: a position can have at most, summed over the program's generators (each runs at
most once per generation: the program only jumps forward, and filters only remove moves),

- Add: the cells of its region (the board's cells for regions read off the position),
- Select: the cells of its region (made for each level of a pile: the pieces placed at the
  start, if more),
- FromTo: its from-sites times its to-sites (one each where a site is given); made for each
  level of a pile (G.LEVELS), the pieces placed at the start, if more, instead of its
  from-sites (the kernels check that write: an engine error past it),
- Slide and Step: for every cell of its from-region and every direction, the cells along the
  ray, up to the distance limit when that is a number (1 for a Step),
- Hop: one jump, or one series, per from-cell and jump direction (twice that with turning
  landings; a far hop's per landing, and per length of the run it jumps); capture series
  (``chain:True``) can number exponentially many in principle, so they are recorded up to
  ``MAX_CHAINS`` and the kernels check that write (an engine error past it),
- Pass, Propose, Vote: one,

plus one for the pie rule's swap. The generators an ``(if (can Move M) …)`` looks through are
in the sum too (their moves go to the nested move list, sized by the same bound). A description
whose bound exceeds ``MAX_MOVES`` is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ludi.compile import layout as L
from ludi.compile.regions import region_cells
from ludi.compile.registry import fail

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler

#: The most legal moves a description may allow in one position (its move buffers hold this).
MAX_MOVES = 1 << 16
#: The most capture series one position may have (chain:True hops), and the chain area that
#: holds them: beyond either, the kernels stop with an engine error naming the hop.
MAX_CHAINS = 4096
CHAIN_AREA_PER_CELL = 256
#: The most moves of one turn a (max Moves …) search follows (past it, an engine error names
#: the ludeme): a capture series of the draughts family takes a piece a move (the longest of
#: International Draughts takes 20).
TURN_DEPTH = 64


def prove(c: Compiler) -> None:
    """Write the bounds and the work array's layout into the header (``c.params``)."""
    p = c.params
    C = c.board.num_cells
    per_gen = [_generator_bound(c, g) for g in range(len(c.gens))]
    swap = int(p[L.P.SWAP] == 1 and c.num_players == 2)
    total = sum(per_gen) + swap
    if total > MAX_MOVES:
        worst = int(np.argmax(per_gen))
        raise fail(c.gens.origins[worst], f"the moves of this game could number {total:,} in one "
                   f"position; at most {MAX_MOVES:,} are supported (this ludeme alone gives up "
                   f"to {per_gen[worst]:,})")
    p[L.P.MAX_MOVES] = max(total, 1)
    loops = sum(1 for i in range(len(c.code)) if c.code.get(i, "kind") == L.OP.SITES_LOOP)
    # a program pushes one value an op at most, and a loop over sites three entries more
    p[L.P.VM_STACK] = max(len(c.code) + 3 * loops, 1)
    # level 0: the moves and their trials; level 1: the other players' moves, which (no Moves
    # …) end clauses and a player without a move (is another one stuck too?) count
    p[L.P.DEPTH] = 2
    if p[L.P.THREATS] == 1:  # a threat test, inside a trial at either level, lists moves too
        p[L.P.DEPTH] = 4
    priors = any(c.prog.get(i, "kind") == L.PR.PRIOR for i in range(len(c.prog)))
    if priors:  # (do PRIOR next:…) holds the state before PRIOR one level down, at each level
        p[L.P.DEPTH] *= 2
    p[L.P.PRIORS] = int(priors or bool(c.die_masks))
    hops = [g for g in range(len(c.gens)) if c.gens.get(g, "kind") == L.GEN.HOP]
    chains = any(c.gens.get(g, "chain") for g in hops)
    p[L.P.MAX_CHAINS] = max((per_gen[g] for g in hops), default=0)
    area = 0
    if hops:
        area = CHAIN_AREA_PER_CELL * C if chains else \
            int(p[L.P.MAX_CHAINS]) * (L.CR.SIZE + 2)
        if area >= 1 << L.SITE_BITS:
            raise fail(c.gens.origins[hops[0]], "the board is too large for capture series")
    p[L.P.CHAIN_AREA] = area
    trials = len(c.dynregs) > 0 or any(  # (a safe path puts the king on each site passed)
        c.prog.get(i, "kind") in (L.PR.KEEP_IF_AFTER, L.PR.KEEP_SAFE_PATH)
        for i in range(len(c.prog)))
    can_move = [e for e in range(len(c.effs)) if c.effs.get(e, "kind") == L.EFF.CAN_MOVE]
    if trials and can_move:  # a trial runs a move's effects where no moves can be generated
        raise fail(c.effs.origins[can_move[0]], "(if (can Move …) …) cannot be used in a game "
                   "whose moves are tried (ifAfterwards:, (sites Winning …)) yet")
    longest = _longest_turns(c, hops)
    distances = any(c.gens.get(g, "kind") == L.GEN.SLIDE and c.gens.get(g, "distances")
                    for g in range(len(c.gens)))
    slam = any(c.effs.get(e, "kind") == L.EFF.SOW and c.effs.get(e, "slam_no_capture")
               for e in range(len(c.effs)))
    sections = [
        (L.P.W_VM, 2 * int(p[L.P.VM_STACK])),
        (L.P.W_SCRATCH, 2 * C),
        (L.P.W_MOVES, (int(p[L.P.DEPTH]) - 1) * int(p[L.P.MAX_MOVES])),
        (L.P.W_SAVES, int(p[L.P.DEPTH]) * L.state_size(C) if trials or priors else 0),
        (L.P.W_MARKS, len(c.prog) + 1),
        (L.P.W_DIST, C if distances else 0),
        (L.P.W_CHAIN_STACK, L.CH.SIZE * (C + 1) if hops else 0),
        (L.P.W_CHAINS, area),
        (L.P.W_SLAM, C if slam else 0),
        (L.P.W_SPANS, L.SPAN.SIZE * longest),
        (L.P.W_TURNS, int(p[L.P.TURN_DEPTH]) * (L.TURN.SIZE + L.state_size(C))),
        # the last section: the search reads its end as the work array's
        (L.P.W_TURN_MOVES, _turn_moves(int(p[L.P.MAX_MOVES])) if longest else 0),
    ]
    offset = L.W.SIZE
    for key, size in sections:
        p[key] = offset
        offset += size
    p[L.P.WORK_SIZE] = offset


def _longest_turns(c: Compiler, hops: list[int]) -> int:
    """The (max Moves …) of the program (each notes one span of moves at most, per
    generation), with the depth of their search in the header. Refused where the search would
    not put everything back: positions counted for repetitions (the history is not saved), and
    hops recorded as capture series (the search's generations reuse their area)."""
    longest = [i for i in range(len(c.prog)) if c.prog.get(i, "kind") == L.PR.KEEP_LONGEST]
    if not longest:
        return 0
    if c.params[L.P.HISTORY]:
        raise fail(c.prog.origins[longest[0]], "(max Moves …) in a game that tests repeated "
                   "positions is not supported yet")
    if hops:
        raise fail(c.gens.origins[hops[0]], "(max Moves …) in a game with hops that capture "
                   "and have no (then …) (ludi's capture series) is not supported yet")
    c.params[L.P.TURN_DEPTH] = TURN_DEPTH
    return len(longest)


def _turn_moves(most: int) -> int:
    """The (max Moves …) search's move lists: one generation's worth (``most``, written
    unchecked), after the lists of the levels above it, which the kernels check fit; each
    level may have as many as ``most``, or 256 where that is more (a turn's later moves are a
    few: the same piece's next captures)."""
    return most + TURN_DEPTH * min(most, 256)


def _generator_bound(c: Compiler, g: int) -> int:
    kind = c.gens.get(g, "kind")
    code = c.gens.get(g, "to_region" if kind == L.GEN.ADD else "from_region")
    levels = c.gens.get(g, "levels") if kind in (L.GEN.SELECT, L.GEN.FROM_TO) else 0
    if kind == L.GEN.SELECT and c.gens.get(g, "from_site") < c.gens.get(g, "from_site_end"):
        return _pieces(c) if levels else 1  # a Select from one site
    if kind in (L.GEN.ADD, L.GEN.SELECT):
        return max(region_cells(c, code), _pieces(c)) if levels else region_cells(c, code)
    if kind == L.GEN.SLIDE:
        if c.gens.get(g, "from_site") < c.gens.get(g, "from_site_end"):  # the most from a cell
            return max(_slide_bound(c, g, np.array([cell])) for cell in
                       range(int(c.params[L.P.BOARD_CELLS])))
        return _slide_bound(c, g, _from_cells(c, code))
    if kind == L.GEN.STEP:  # one move a start cell and direction
        return len(_from_cells(c, code)) * bin(c.gens.get(g, "dirs")).count("1")
    if kind == L.GEN.LEAP:  # one move a start cell and path
        return len(_from_cells(c, code)) * c.lists[c.gens.get(g, "paths")]
    if kind == L.GEN.HOP_OVER:  # one jump a start cell, direction and landing
        one_from = c.gens.get(g, "from_site") < c.gens.get(g, "from_site_end")
        froms = 1 if one_from else len(_from_cells(c, code))
        landings = 1 + c.gens.get(g, "after")  # a landing a site past the one jumped
        landings *= 1 + c.gens.get(g, "run") - c.gens.get(g, "run_min")  # for each run length
        return froms * bin(c.gens.get(g, "dirs")).count("1") * landings
    if kind == L.GEN.FROM_TO:  # one move a from-site and to-site
        one_from = c.gens.get(g, "from_site") < c.gens.get(g, "from_site_end")
        one_to = c.gens.get(g, "to_site") < c.gens.get(g, "to_site_end")
        froms = 1 if one_from else region_cells(c, code)
        if levels:  # a move for each piece of the piles it starts from
            froms = max(froms, _pieces(c))
        tos = 1 if one_to else region_cells(c, c.gens.get(g, "to_region"))
        return froms * tos
    if kind == L.GEN.HOP:
        if c.gens.get(g, "chain"):
            return MAX_CHAINS
        jumps = bin(c.gens.get(g, "dirs")).count("1") * (2 if c.gens.get(g, "turning") else 1)
        return len(_from_cells(c, code)) * jumps
    if kind in (L.GEN.PASS, L.GEN.PROPOSE, L.GEN.VOTE):  # one move each
        return 1
    # a move buffer holds what these bounds sum to, unchecked: a kind must say its own
    raise AssertionError(f"no move bound for the generator kind {L.GEN.name_of(kind)} "
                         "(ludi/compile/bounds.py: _generator_bound)")


def _pieces(c: Compiler) -> int:
    """The pieces placed at the start, on the board and in the hands (each pile's count): in a
    stacking game, where nothing adds pieces, the most levels all the piles can have."""
    placed = (c.init_owner != 0) | (c.init_what != 0)
    return int(np.maximum(c.init_counts, 1)[placed].sum())


def _from_cells(c: Compiler, code: int) -> np.ndarray:
    """The cells a piece may start from, for any player."""
    if code >= 0:
        return np.flatnonzero(c.region_rows[code].any(axis=0))
    return np.arange(int(c.params[L.P.BOARD_CELLS]))


def _slide_bound(c: Compiler, g: int, cells: np.ndarray) -> int:
    nbr = c.board.nbr
    limit = c.board.num_cells
    start, end = c.gens.get(g, "max"), c.gens.get(g, "max_end")
    if end - start == 1 and c.code.get(start, "kind") == L.OP.CONST:
        limit = max(0, c.code.get(start, "value"))
    total = 0
    for d in (d for d in range(c.board.num_dirs) if (c.gens.get(g, "dirs") >> d) & 1):
        at = cells.copy()
        for _ in range(limit):
            at = nbr[at, d]
            at = at[at >= 0]
            if at.size == 0:
                break
            total += at.size
    return total
