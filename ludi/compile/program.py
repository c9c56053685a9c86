"""The move program (``T.PROG``): the combinators of move ludemes, ``(play …)``, phases, and the
fast paths the kernels may take.

The generators (ludi.compile.moves) each become one ``PR.LEAF`` instruction; the combinators become
straight-line instructions with forward jumps:

    (or A B)              leaf A; leaf B
    (priority {A B C})    mark; A; jump-if-moves END; B; jump-if-moves END; C; pop; END:
    (if c A B)            jump-unless c ELSE; A; jump END; ELSE: B; END:
    (do A ifAfterwards:c) mark; A; keep-if-after c
    (max Captures A)      mark; A; keep-max-captures
    (max Moves A)         mark; A; keep-longest

After the program, :func:`play` chooses the fast paths the kernels may take for common shapes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ludi.compile import layout as L
from ludi.compile.moves import generator_only
from ludi.compile.registry import compiles, fail, operands
from ludi.compile.shapes import sowing
from ludi.compile.threats import is_not_threatened, jump_if_threatened
from ludi.lang import Node
from ludi.lang.tree import Named, Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


# ---------------------------------------------------------------- combinators


@compiles("moves_or", "moves_and")
def or_(c: Compiler, node: Node) -> None:
    for part in operands(node):
        c.moves(part)


@compiles("moves_priority")
def priority(c: Compiler, node: Node) -> None:
    parts = operands(node)
    c.prog.add(node, kind=L.PR.MARK)
    done = []
    for part in parts[:-1]:
        c.moves(part)
        done.append(c.prog.add(node, kind=L.PR.PRIO_DONE))
    c.moves(parts[-1])
    c.prog.add(node, kind=L.PR.POP)
    for i in done:
        c.prog.set(i, target=len(c.prog))


@compiles("moves_if")
def if_(c: Compiler, node: Node) -> None:
    """``(if COND A [B])``; ``(if (can Move A) A B)``, the moves of A where it has some, else
    B's, is ``(priority A B)``."""
    cond = node.args[0]
    if (len(node.args) == 3 and isinstance(cond, Node) and cond.rule == "cond_can_move"
            and cond.args[0] == node.args[1]):
        priority(c, Node("moves_priority", (node.args[1], node.args[2]), node.pos))
        return
    sites = _move_sites_read(cond)
    if sites:
        if c.own_sites() is None or any(site.rule != "site_from" for site in sites):
            site = next((x for x in sites if x.rule != "site_from"), sites[0])
            name = "(" + site.rule.removeprefix("site_") + ")"
            raise fail(site, f"{name} in the test of an (if …) that chooses between "
                       "moves is read only as (from) in a piece's moves (Ludii reads it for "
                       "each piece's move)")
        c.from_tests.append(cond)
        try:
            c.moves(node.args[1])
            if len(node.args) > 2:
                c.from_tests[-1] = Node("cond_not", (cond,), cond.pos)
                c.moves(node.args[2])
        finally:
            c.from_tests.pop()
        return
    branches = _tests(c, node, cond)
    c.moves(node.args[1])
    if len(node.args) > 2:
        skip = c.prog.add(node, kind=L.PR.JUMP)
        for branch in branches:
            c.prog.set(branch, target=len(c.prog))
        c.moves(node.args[2])
        c.prog.set(skip, target=len(c.prog))
    else:
        for branch in branches:
            c.prog.set(branch, target=len(c.prog))


def _tests(c: Compiler, node: Node, cond) -> list[int]:
    """The jumps that test an (if …)'s condition, each past its first moves when it fails: one
    jump-unless for the condition, or, where it is an (and …) of tests that make moves
    (Ludii's castling: ``(can Move M)``, ``(not (is Threatened …))``), one jump-unless for the
    rest and one jump for each of those, which the program makes itself (the condition VM
    makes no moves). The tests read the position alone, so their order makes no difference."""
    parts = operands(cond) if isinstance(cond, Node) and cond.rule == "cond_and" else (cond,)
    moving = [p for p in parts if _makes_moves(p)]
    rest = tuple(p for p in parts if all(p is not m for m in moving))
    jumps = []
    if rest or not moving:
        start, end = c.code_range(rest[0] if len(rest) == 1 else
                                  Node("cond_and", (rest,), cond.pos))
        jumps.append(c.prog.add(node, kind=L.PR.JUMP_UNLESS, cond=start, cond_end=end))
    for test in moving:
        if test.rule == "cond_can_move":
            gen = generator_only(c, test.args[0])
            if c.gens.get(gen, "kind") == L.GEN.HOP:
                raise fail(test, "(can Move …) of capture series in an (if …) of the play is "
                           "not supported yet")
            jumps.append(c.prog.add(test, kind=L.PR.JUMP_UNLESS_MOVES, gen=gen))
        else:
            jumps.append(jump_if_threatened(c, test))
    return jumps


def _makes_moves(cond) -> bool:
    """Is ``cond`` a test the move program makes by making moves (see :func:`_tests`)?"""
    return isinstance(cond, Node) and (cond.rule == "cond_can_move" or is_not_threatened(cond))


def _move_sites_read(value) -> list[Node]:
    """The (from), (to) and (between) a condition reads outside the moves it names."""
    if isinstance(value, Named):
        return _move_sites_read(value.value)
    if isinstance(value, tuple):
        return [n for x in value for n in _move_sites_read(x)]
    if not isinstance(value, Node) or value.category == "moves":
        return []
    if value.rule in ("site_from", "site_to", "site_between"):
        return [value]
    if value.rule == "site_track_move" and value.named("from") is None:  # from (from)
        return [Node("site_from", (), value.pos), *_move_sites_read(value.args)]
    return _move_sites_read(value.args)


@compiles("moves_do")
def do(c: Compiler, node: Node) -> None:
    """``(do MOVES ifAfterwards:C [(then …)])``: the moves after which C holds (a (then …) is
    each move's, pushed down into MOVES before this runs)."""
    c.prog.add(node, kind=L.PR.MARK)
    start = len(c.prog)
    c.moves(node.positional[0])
    if any(c.prog.get(i, "kind") == L.PR.KEEP_IF_AFTER for i in range(start, len(c.prog))):
        raise fail(node, "a (do …) inside another (do …) is not supported")
    refuse_longest_inside(c, node, start, "a (do … ifAfterwards:…)")
    cond, end = c.code_range(node.named("ifAfterwards"), context="after")
    c.prog.add(node, kind=L.PR.KEEP_IF_AFTER, cond=cond, cond_end=end)


@compiles("moves_do_next")
def do_next(c: Compiler, node: Node) -> None:
    """``(do PRIOR next:MOVES [ifAfterwards:C])``: PRIOR's effects (a roll of the dice, a
    variable set) apply first, then one of MOVES, chosen in the position PRIOR leaves; the
    move carries PRIOR with it (each generator of MOVES has it in T.PRIORS):

        prior E; MOVES; prior-end            (with ifAfterwards: mark; … ; keep-if-after c)

    A roll draws from the state's chance generator, so listing the moves and playing one roll
    the same dice."""
    first_gen = len(c.gens)
    prior = c.add_list(c.dispatch(node.positional[0]))
    if node.named("ifAfterwards") is not None:
        c.prog.add(node, kind=L.PR.MARK)
    start = len(c.prog)
    c.prog.add(node, kind=L.PR.PRIOR, effects=prior[0], effect_count=prior[1])
    c.moves(node.named("next"))
    c.prog.add(node, kind=L.PR.PRIOR_END)
    for g in range(first_gen, len(c.gens)):
        if g in c.priors:
            raise fail(node, "a (do … next:…) inside another one is not supported yet")
        c.priors[g] = prior
    if node.named("ifAfterwards") is not None:
        refuse_longest_inside(c, node, start, "a (do … ifAfterwards:…)")
        cond, end = c.code_range(node.named("ifAfterwards"), context="after")
        c.prog.add(node, kind=L.PR.KEEP_IF_AFTER, cond=cond, cond_end=end)


@compiles("moves_foreach_die")
def for_each_die(c: Compiler, node: Node) -> None:
    """``(forEach Die [combined:True] [if:C] MOVES)``: MOVES once for each die, ``(pips)`` its
    value (0 once used: Ludii visits used dice too, and C is usually ``(!= (pips) 0)``), each
    move then using that die; ``combined:`` adds the dice together (two or three: the sum of
    all, and of each pair), each such move using them all; ``replayDouble:True`` plays a
    double twice (see ludi.engine.kernels.effects.use_dice). The program is unrolled, one block
    a die (or set of dice); a block of several dice is skipped when one of them is used:

        die k (pips); jump-unless C END_k; MOVES; END_k: …"""
    if not c.dice:
        raise fail(node, "(forEach Die …) needs (dice …) in the equipment")
    replay = L.REPLAY_DOUBLE if node.named("replayDouble", False) else 0
    n = len(c.dice)
    masks = [1 << k for k in range(n)]
    if node.named("combined", False):
        if n not in (2, 3):
            raise fail(node, "(forEach Die combined:True …) adds two or three dice (as Ludii)")
        masks += [(1 << n) - 1] + ([0b011, 0b101, 0b110] if n == 3 else [])
    cond = node.named("if")
    per_piece = isinstance(cond, Node) and bool(cond.find("site_from"))
    if per_piece and c.own_sites() is None:
        raise fail(cond, "(forEach Die if:…) reading (from) is supported only in a piece's "
                   "moves, where Ludii tests it at each piece's site (test it in the move's "
                   "(to … if:…) instead)")
    body = next(a for a in node.positional if isinstance(a, Node) and a.category == "moves")
    for mask in masks:
        first_gen = len(c.gens)
        die = c.prog.add(node, kind=L.PR.DIE, dice=mask)
        branch = None
        if cond is not None and not per_piece:
            start, end = c.code_range(cond)
            branch = c.prog.add(node, kind=L.PR.JUMP_UNLESS, cond=start, cond_end=end)
        if per_piece:  # tested by each move's generator at each of the piece's sites
            c.from_tests.append(cond)
        try:
            c.moves(body)
        finally:
            if per_piece:
                c.from_tests.pop()
        c.prog.set(die, target=len(c.prog))
        if branch is not None:
            c.prog.set(branch, target=len(c.prog))
        for g in range(first_gen, len(c.gens)):
            if g in c.die_masks:
                raise fail(node, "a (forEach Die …) inside another one is not supported")
            c.die_masks[g] = mask | (replay if mask & (mask - 1) == 0 else 0)


@compiles("moves_max_captures")
def max_captures(c: Compiler, node: Node) -> None:
    c.prog.add(node, kind=L.PR.MARK)
    first = len(c.gens)
    start = len(c.prog)
    c.moves(node.args[0])
    refuse_longest_inside(c, node, start, "a (max Captures …)")
    for g in range(first, len(c.gens)):
        if c.gens.get(g, "kind") == L.GEN.HOP:
            c.gens.set(g, longest=1)  # the hop keeps only its longest series (see chains)
    c.prog.add(node, kind=L.PR.KEEP_MAX_CAPTURES)


@compiles("moves_max_moves")
def max_moves(c: Compiler, node: Node) -> None:
    """``(max Moves [withValue:False] MOVES)``: the moves of MOVES whose whole turn counts the
    most moves (Ludii's MaxMoves: International Draughts' majority capture, a capture series
    continued by ``moveAgain``); the kernels search each turn to its end
    (``ludi.engine.kernels.legal``):

        mark; MOVES; keep-longest

    Inside another (max Moves …) it keeps every move: the longest turns of the outer one are the
    longest of all."""
    if node.named("withValue", False):
        raise fail(node, "(max Moves withValue:True …) is not supported yet (Ludii counts each "
                   "capture by the captured piece's value)")
    if any(n.rule == "moves_max_moves" for n in c.within[:-1]):
        c.moves(node.positional[0])
        return
    c.prog.add(node, kind=L.PR.MARK)
    c.moves(node.positional[0])
    c.prog.add(node, kind=L.PR.KEEP_LONGEST)


def refuse_longest_inside(c: Compiler, node: Node, start: int, name: str) -> None:
    """A (max Moves …) among the instructions from ``start`` is refused inside a filter
    ``name``: the longest turns would be searched among moves the filter may drop (the spans
    the kernels filter after the program must keep their places)."""
    if any(c.prog.get(i, "kind") == L.PR.KEEP_LONGEST for i in range(start, len(c.prog))):
        raise fail(node, f"a (max Moves …) inside {name} is not supported yet")


# ---------------------------------------------------------------- (play …) and fast paths


def play(c: Compiler, part: Node) -> None:
    """``(play MOVES)``: the move program, then the fast paths its shape allows."""
    c.moves(part.args[0])
    c.prog.add(part, kind=L.PR.END)
    c.params[L.P.PLAY] = L.PLAY.PROGRAM
    _add_fast_path(c)
    _sowing_fast_path(c, part.args[0])


def phases(c: Compiler, rules: Node, nodes: tuple) -> None:
    """``phases:{(phase "Name" [ROLE] (play MOVES) [(nextPhase …) …]) …}``: each player plays
    the moves of their current phase; a player starts in the first phase that is theirs (no
    role: everyone's). The program tests the mover's phase before each phase's moves:

        jump-unless phase=0 P1; MOVES 0; jump END; P1: jump-unless phase=1 END; MOVES 1; END:

    After every move that does not end the game, the next-phase rules of each player's phase
    are tried (``ludi.engine.kernels.ends.next_phases``)."""
    names = [ph.args[0] for ph in nodes]
    done = []
    for k, ph in enumerate(nodes):
        role = next((a for a in ph.positional[1:] if isinstance(a, Sym)), None)
        owners = range(c.num_players) if role is None or role.name == "Shared" \
            else [c.colour(ph, role)]
        for colour in owners:
            if c.initial_phases[colour] < 0:
                c.initial_phases[colour] = k
        start = len(c.code)
        c.op(ph, L.OP.PHASE)
        c.op(ph, L.OP.CONST, value=k)
        c.op(ph, L.OP.EQ)
        branch = c.prog.add(ph, kind=L.PR.JUMP_UNLESS, cond=start, cond_end=len(c.code))
        play_node = next(a for a in ph.positional if isinstance(a, Node) and a.rule == "play")
        c.phase_ends += [(k, a) for a in ph.positional if isinstance(a, Node) and a.rule == "end"]
        c.moves(play_node.args[0])
        done.append(c.prog.add(ph, kind=L.PR.JUMP))
        c.prog.set(branch, target=len(c.prog))
        first = len(c.next_phases)
        for nxt in [a for a in ph.positional if isinstance(a, Node) and a.rule == "nextphase"] \
                + [n for a in ph.positional if isinstance(a, tuple) for n in a]:
            c.next_phases.add(nxt, **_next_phase(c, nxt, names))
        c.phase_rows.append((first, len(c.next_phases) - first))
    for jump in done:
        c.prog.set(jump, target=len(c.prog))
    c.prog.add(rules, kind=L.PR.END)
    c.params[L.P.PLAY] = L.PLAY.PROGRAM
    c.params[L.P.PHASES] = len(nodes)


def _next_phase(c: Compiler, node: Node, names: list[str]) -> dict[str, int]:
    """A ``(nextPhase [ROLE] [COND] ["Name"])`` record: whose phase changes (everyone's when no
    role or Shared), when (always when no condition), and to which phase (the next when no
    name)."""
    role = next((a for a in node.args if isinstance(a, Sym) and a.kind == "role"), None)
    cond = next((a for a in node.args if isinstance(a, (Node, bool))), True)
    name = next((a for a in node.args if isinstance(a, str)), None)
    if name is not None and name not in names:
        raise fail(node, f'no phase "{name}"; phases: ' + ", ".join(f'"{n}"' for n in names))
    who = L.ROLE.ALL if role is None or role.name == "Shared" else c.role(node, role)
    start, end = c.code_range(cond)
    return {"role": who, "cond": start, "cond_end": end,
            "target": -1 if name is None else names.index(name)}


def _add_fast_path(c: Compiler) -> None:
    """One add anywhere in a region that is the same for every player: no program to run."""
    if len(c.prog) != 2 or c.prog.get(0, "kind") != L.PR.LEAF:
        return
    g = c.prog.get(0, "gen")
    code = c.gens.get(g, "to_region")
    plain = (c.gens.get(g, "kind") == L.GEN.ADD and c.gens.get(g, "then_count") == 0
             and c.gens.get(g, "to_cond") == c.gens.get(g, "to_cond_end")
             and c.gens.get(g, "piece") == 0)
    if not plain:
        return
    board = int(c.params[L.P.BOARD_CELLS])
    if code == L.REG.EMPTY:
        c.add_mask[:board] = 1
    elif code >= 0 and all(np.array_equal(c.region_rows[code][0], c.region_rows[code][k])
                           for k in range(1, L.COLOURS)):
        c.add_mask[np.flatnonzero(c.region_rows[code][0])] = 1
        c.add_mask[board:] = 0
    else:
        return
    c.params[L.P.PLAY] = L.PLAY.ADD
    c.params[L.P.ADD_ALL] = int(c.add_mask.all())


def sowing_turn_path(c: Compiler) -> None:
    """A whole sowing turn in one kernel (``P.SOW_TURN``), once every rule is compiled: the
    sowing fast path, none of the things a turn of the general path does besides sowing (phases,
    the pie rule, visited sites, threats), and end clauses that are each one of ``FLAT_TESTS`` or
    an (and …)/(or …) of them (tried without the condition VM)."""
    p = c.params
    if p[L.P.SOW_FAST] != 1 or p[L.P.PHASES] or p[L.P.SWAP] or p[L.P.VISITED] \
            or p[L.P.THREATS]:
        return
    for k in range(len(c.clauses)):
        ops = c.clause_code(k)
        kinds = [c.code.get(i, "kind") for i in ops]
        tests = kinds if len(kinds) == 1 else kinds[:-1]
        joined = len(kinds) == 1 or (kinds[-1] in (L.OP.AND, L.OP.OR)
                                     and c.code.get(ops[-1], "operands") == len(tests))
        if not (tests and joined and all(kind in L.FLAT_TESTS for kind in tests)):
            return
    p[L.P.SOW_TURN] = 1


def _sowing_fast_path(c: Compiler, moves: Node) -> None:
    """Parameters for the sowing kernels when the moves are the usual mancala turn."""
    shape = sowing(moves) if len(c.tracks) == 1 and c.track and c.num_players == 2 else None
    if shape is None or not all(c.map_sites[colour] >= 0 for colour in range(2)):
        return
    p = c.params
    p[L.P.SOW_FAST] = 1
    p[L.P.SOW_GEN] = next(g for g in range(len(c.gens))
                          if c.gens.get(g, "kind") == L.GEN.SELECT)
    p[L.P.SOW_CAPTURE] = sum(1 << k for k in shape.capture_counts)
    p[L.P.SOW_FLAGS] = (L.SOW.INCLUDE_SELF * shape.include_self
                        + L.SOW.BACKTRACK * shape.backtracking
                        + L.SOW.SLAM_NO_CAPTURE * shape.grand_slam_no_capture
                        + L.SOW.FEED * shape.feed)
    p[L.P.SOW_SKIP] = shape.skip_at
    p[L.P.SOW_OWN] = c.region(Node("region_sites_role", (Sym("role", "Mover"),)))
    p[L.P.SOW_OPP] = c.region(Node("region_sites_role", (Sym("role", "Next"),)))
