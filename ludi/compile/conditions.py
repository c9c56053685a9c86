"""Conditions, integers and sites (``cond_*``, ``int_*``, ``site_*``): postfix programs of ops.

An expression compiles to a range of ``T.CODE`` ops that the condition VM
(:mod:`ludi.engine.kernels.conditions`) runs on a stack: operands first, then the op that
combines them. ``(and (is Line 3) (not (is Full)))`` is ``line, ..., not, and 2``. The fields of
each op are named in :mod:`ludi.compile.layout` (``OPS``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from ludi.compile import layout as L
from ludi.compile.directions import RELATIVE, direction_indices
from ludi.compile.regions import (
    centre_cells,
    constant_site_of,
    ludii_site,
    map_index,
    open_spans,
    span_end,
    where_kind,
)
from ludi.compile.registry import compiles, constant, fail, items, number, operands
from ludi.lang import Node, parse_fragment
from ludi.lang.tree import Named, Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler

#: Ludemes that push one value read off the state.
SIMPLE = {
    "site_to": L.OP.TO, "site_from": L.OP.FROM, "site_site": L.OP.SITE,
    "site_last_from": L.OP.LAST_FROM,
    "int_count_moves": L.OP.COUNT_MOVES, "int_count_turns": L.OP.COUNT_TURNS,
    "int_count_players": L.OP.COUNT_PLAYERS,
}
#: Ludemes that combine two values.
BINARY = {
    "int_add": L.OP.ADD, "int_sub": L.OP.SUB, "int_mul": L.OP.MUL, "int_max": L.OP.MAX,
    "int_min": L.OP.MIN, "cond_eq": L.OP.EQ, "cond_ne": L.OP.NE, "cond_lt": L.OP.LT,
    "cond_le": L.OP.LE, "cond_gt": L.OP.GT, "cond_ge": L.OP.GE,
}
#: (mover), (next), (prev): the player number of a role.
ROLE_VALUES = {"int_mover": L.ROLE.MOVER, "int_next": L.ROLE.NEXT, "int_prev": L.ROLE.PREV}


def expr(c: Compiler, value) -> None:
    """Compile a condition, integer or site (a node or a literal) into ops."""
    if isinstance(value, bool):
        c.op(value, L.OP.TRUE if value else L.OP.FALSE)
    elif isinstance(value, int):
        c.op(value, L.OP.CONST, value=value)
    elif isinstance(value, Node):
        c.dispatch(value)
    elif isinstance(value, Sym) and value.kind == "undefined":  # Undefined, Off: -1; End: -2
        c.op(c.within[-1] if c.within else c.tree, L.OP.CONST,
             value=L.TRACK_END if value.name == "End" else -1)
    else:
        raise fail(c.tree, f"cannot use {value!r} as a value here")


def player_number(c: Compiler, node: Node, value) -> None:
    """A player given as a role (``P1``) or as an integer expression (``(mover)``)."""
    if isinstance(value, Sym):
        c.op(node, L.OP.ROLE, role=c.role(node, value))
    else:
        expr(c, value)


@compiles(*SIMPLE)
def simple(c: Compiler, node: Node) -> None:
    c.op(node, SIMPLE[node.rule])


@compiles("int_value_move_limit", "int_value_turn_limit")
def value_limit(c: Compiler, node: Node) -> None:
    """``(value MoveLimit)``, ``(value TurnLimit)``: Ludii's getMaxMoveLimit (10,000 moves)
    and getMaxTurnLimit (1,250 turns, per player: a game stops after that many times the
    number of players), read from the game's limits (P.MOVE_LIMIT, P.TURN_LIMIT)."""
    c.op(node, L.OP.MOVE_LIMIT if node.rule == "int_value_move_limit" else L.OP.TURN_LIMIT)


@compiles("int_value_iterated")
def value_iterated(c: Compiler, node: Node) -> None:
    """``(value)``: Ludii's context value. ludi sets it in one place, a sowing's ``skipIf:``,
    where Ludii's Sow sets it to the seeds left to sow, this one included (1: the last);
    elsewhere (a (forEach Value …), a (set Var (value)) …) it is refused."""
    if c.context != "sow-skip":
        raise fail(node, "(value) is supported only in a sowing's skipIf: (the seeds left to "
                   "sow); (forEach Value …) and the other places that set it are not yet")
    c.op(node, L.OP.VALUE)


@compiles("cond_is_cycle")
def is_cycle(c: Compiler, node: Node) -> None:
    c.uses_history = True
    c.op(node, L.OP.CYCLE)


@compiles("cond_is_repeated")
def is_repeated(c: Compiler, node: Node) -> None:
    c.uses_history = True
    c.op(node, L.OP.REPEATED, times=number(node, node.args[0], "the repetitions", 1, 100))


@compiles(*BINARY)
def binary(c: Compiler, node: Node) -> None:
    if len(node.args) == 1:  # (+ {a b c …}): the sum of them all
        first, *rest = node.args[0]
        expr(c, first)
        for part in rest:
            expr(c, part)
            c.op(node, BINARY[node.rule])
        return
    a, b = node.args
    if isinstance(a, Node) and a.category == "region":
        same_sites(c, node, a, b)
        return
    site = constant_site(c, a.named("at")) if isinstance(a, Node) \
        and a.rule == "int_count_at" else None
    if site is not None and isinstance(b, int) and node.rule.startswith("cond_"):
        # (>= (count at:(mapEntry P1)) 25) in one op: end clauses test it every move
        c.op(node, L.OP.COUNT_CMP, site=site, compare=BINARY[node.rule], value=b)
        return
    expr(c, a)
    if isinstance(b, Sym) and b.kind == "who":  # a player named by role: (= (who at:…) P2)
        player_number(c, node, b)
    else:
        expr(c, b)
    c.op(node, BINARY[node.rule])


def same_sites(c: Compiler, node: Node, a: Node, b: Node) -> None:
    """``(= A B)`` of regions (``!=``: not): every board site is in both or in neither."""
    if c.hand_size:
        raise fail(node, "(= REGION REGION) in a game with hands is not supported yet")
    site = parse_fragment("(site)", "site")
    both = Node("cond_eq", (Node("cond_is_in", (site, a), node.pos),
                            Node("cond_is_in", (site, b), node.pos)), node.pos)
    sites_loop(c, node, parse_fragment("(sites Board)", "region"), both, L.LOOP.ALL)
    if node.rule == "cond_ne":
        c.op(node, L.OP.NOT)


@compiles("int_count_rows", "int_count_columns")
def board_count(c: Compiler, node: Node) -> None:
    """``(count Rows)``, ``(count Columns)``: the board's numbers (the compiler writes them into
    the description once the board is known, so they are written numbers everywhere)."""
    from ludi.compile.compiler import fold_board_counts
    c.op(node, L.OP.CONST, value=fold_board_counts(node, c.board))


@compiles("int_div", "int_mod")
def divide(c: Compiler, node: Node) -> None:
    """``(/ a b)`` and ``(% a b)``: rounded toward 0, as Ludii divides integers (written
    numbers are divided here)."""
    value = constant(node)
    if isinstance(value, int):
        c.op(node, L.OP.CONST, value=value)
        return
    for part in node.args:
        expr(c, part)
    c.op(node, L.OP.DIV if node.rule == "int_div" else L.OP.MOD)


@compiles(*ROLE_VALUES)
def role_value(c: Compiler, node: Node) -> None:
    c.op(node, L.OP.ROLE, role=ROLE_VALUES[node.rule])


@compiles("site_map_entry")
def map_entry(c: Compiler, node: Node) -> None:
    """``(mapEntry ["Name"] KEY)``: KEY's entry in the map so named (without a name, in the
    first map that has it), or KEY itself when there is none (Ludii's). KEY is a player (a role,
    or a written number: P1 is 1) in a map of players, else a site (a written number: Ludii's)."""
    site = constant_site(c, node)
    if site is not None:
        c.op(node, L.OP.CONST, value=site)
        return
    which = map_index(c, node)
    key = node.positional[-1]
    if isinstance(key, Sym):
        player_number(c, node, key)
    elif isinstance(key, int):
        players = all(c.map_by_player[m] for m in range(len(c.map_names))
                      if which in (0, m + 1))
        c.op(node, L.OP.CONST, value=key if players else ludii_site(c, node, key))
    else:
        expr(c, key)
    c.op(node, L.OP.MAP_ENTRY, map=which)


def constant_site(c: Compiler, node) -> int | None:
    """The site of ``(mapEntry ["Name"] P1)`` and the like, known when compiling; else None."""
    if isinstance(node, Node) and node.rule == "site_map_entry":
        who = node.positional[-1]
        if isinstance(who, Sym) and who.name in ("P1", "P2", "P3", "P4"):
            which, key = map_index(c, node), c.colour(node, who) + 1
            return next((v for m, k, v in c.map_rows if k == key and which in (0, m + 1)),
                        None)
    return None


@compiles("site_last_to")
def last_to(c: Compiler, node: Node) -> None:
    """``(last To)``: the last move's to; with ``afterConsequence:True``, the site where its
    consequences ended (a sowing's last site)."""
    c.op(node, L.OP.LAST_AFTER if node.named("afterConsequence", False) else L.OP.LAST_TO)


@compiles("site_centre_point")
def centre_point(c: Compiler, node: Node) -> None:
    """``(centrePoint)``: the board's centre site."""
    cells = centre_cells(c)
    if len(cells) != 1:
        raise fail(node, f"this board has no single centre point (its {len(cells)} middle sites "
                   "are as near the centre)")
    c.op(node, L.OP.CONST, value=int(cells[0]))


@compiles("site_coord")
def coord(c: Compiler, node: Node) -> None:
    """``(coord "A1")``: the site at a coordinate (column letter, row number from 1)."""
    c.op(node, L.OP.CONST, value=ludii_site(c, node, node.args[0]))


@compiles("site_hand_site")
def hand_site(c: Compiler, node: Node) -> None:
    """``(handSite P1 [n])``: site n (0 first) of a player's hand (the player a role or a
    number, such as ``(who at:(to))``). Every player's hand holds the same number of sites, one
    hand after another, so a player's hand site is arithmetic."""
    role = node.args[0]
    index = number(node, node.args[1], "a hand's site", 0, c.hand_size - 1) \
        if len(node.args) > 1 else 0
    if not c.hand_size:
        raise fail(node, "(handSite …) needs hands: add (hand Each) to the equipment")
    if isinstance(role, Sym) and role.name in ("P1", "P2", "P3", "P4"):
        c.op(node, L.OP.CONST, value=c.hand_site(c.colour(node, role), index))
        return
    player_number(c, node, role)  # hand site = first + (player - 1) * size + index
    c.op(node, L.OP.CONST, value=c.hand_size)
    c.op(node, L.OP.MUL)
    c.op(node, L.OP.CONST, value=c.hand_site(0, index) - c.hand_size)
    c.op(node, L.OP.ADD)


@compiles("cond_all_sites")
def all_sites(c: Compiler, node: Node) -> None:
    """``(all Sites REGION if:C)``: C holds at every (site) of the region (a loop in the VM);
    of ``(forEach R if:D)``: at every site of R where D holds."""
    region, body = node.positional[0], node.named("if")
    if isinstance(region, Node) and region.rule == "region_foreach":
        skip = Node("cond_not", (region.named("if"),), region.pos)
        body = Node("cond_or", (skip, body), node.pos)
        region = region.positional[0]
    sites_loop(c, node, region, body, L.LOOP.ALL)


def sites_loop(c: Compiler, node: Node, region: Node, body, mode: int) -> None:
    """A loop of the condition VM over the sites of ``region``, testing ``body`` at each."""
    code, span = open_spans(c, node, region)
    if span is not None:  # its two ends, which the loop pops at its start
        expr(c, span_end(c, span[1], "from"))
        expr(c, span_end(c, span[1], "to"))
    loop = c.op(node, L.OP.SITES_LOOP, region=code, mode=mode,
                span=span[0] + 1 if span is not None else 0)
    expr(c, body)
    c.op(node, L.OP.SITES_NEXT, jump=len(c.code) - loop)
    c.code.set(loop, jump=len(c.code) - 1 - loop)


@compiles("cond_is_full")
def is_full(c: Compiler, node: Node) -> None:
    """``(is Full)``: no empty site is left on the board."""
    c.op(node, L.OP.COUNT_SITES, region=L.REG.EMPTY)
    c.op(node, L.OP.CONST, value=0)
    c.op(node, L.OP.EQ)


@compiles("cond_is_even", "cond_is_odd")
def is_even(c: Compiler, node: Node) -> None:
    expr(c, node.args[0])
    c.op(node, L.OP.IS_EVEN if node.rule == "cond_is_even" else L.OP.IS_ODD)


@compiles("site_between")
def between(c: Compiler, node: Node) -> None:
    """``(between)``: the site a hop jumps over, in its between- and to-conditions and the
    between's (apply …); the site a slide passes, in its between-condition."""
    if not c.hopping:
        raise fail(node, "(between) is understood only in a hop's (between …) and (to …), a "
                   "slide's (between if:…) and a capture's (between …)")
    c.op(node, L.OP.BETWEEN)


@compiles("int_count_at")
def count_at(c: Compiler, node: Node) -> None:
    """``(count at:SITE)``; a written number is a site by Ludii's numbering."""
    site_operand(c, node, node.named("at"))
    c.op(node, L.OP.COUNT_AT)


def site_operand(c: Compiler, node: Node, at) -> None:
    """Push a site's ops: a written number is the site of that number in Ludii's numbering."""
    if isinstance(at, int):
        c.op(node, L.OP.CONST, value=ludii_site(c, node, at))
    else:
        expr(c, at)


@compiles("int_state_at")
def state_at(c: Compiler, node: Node) -> None:
    """``(state at:SITE)``: the site's local state (0 until a (set State …) or a (place …
    state:N); it moves with a piece, and a site emptied is reset to 0)."""
    site_operand(c, node, node.named("at"))
    c.op(node, L.OP.STATE_AT)
    c.params[L.P.LOCAL_STATES] = 1


@compiles("int_count_steps")
def count_steps(c: Compiler, node: Node) -> None:
    """``(count Steps [RELATION] A B)``: the fewest steps from A to B along the relation
    (Adjacent by default), as Ludii's table of distances between the board's sites; 0 when
    either site is off the board (Ludii: the first undefined)."""
    relation = next((a.name for a in node.positional if isinstance(a, Sym)
                     and a.kind == "stepdir"), "Adjacent")
    if relation not in ("Adjacent", "All", "Orthogonal", "Diagonal"):
        raise fail(node, f"(count Steps {relation} …) counts along a relation: Adjacent, All, "
                   "Orthogonal or Diagonal")
    cells = int(c.params[L.P.BOARD_CELLS])
    if cells > 400:
        raise fail(node, "(count Steps …) is supported on boards of up to 400 sites")
    indices = direction_indices(c, node, relation)
    nbr = c.board.nbr
    steps = np.zeros((cells, cells), np.int64)
    for start in range(cells):  # breadth first from each site
        seen, frontier, n = {start}, [start], 0
        while frontier:
            n += 1
            frontier = [int(y) for x in frontier for d in indices
                        if 0 <= (y := nbr[x, d]) < cells and y not in seen]
            frontier = list(dict.fromkeys(frontier))
            seen.update(frontier)
            steps[start, frontier] = n
    first, _ = c.add_list(steps.ravel().tolist())
    sites = [a for a in node.positional if isinstance(a, Node)]
    for site in sites:
        expr(c, site)
    c.op(node, L.OP.COUNT_STEPS, table=first)


@compiles("int_count_in", "int_count_sites")
def count_in(c: Compiler, node: Node) -> None:
    op = L.OP.COUNT_IN if node.rule == "int_count_in" else L.OP.COUNT_SITES
    region = node.named("in")
    if op == L.OP.COUNT_SITES and region.rule == "region_foreach":  # the sites where C holds
        sites_loop(c, node, region.positional[0], region.named("if"), L.LOOP.COUNT)
        return
    by_region(c, region, lambda one: c.op(node, op, region=c.region(one)))


def by_region(c: Compiler, region: Node, compile_one) -> None:
    """Compile a value of a region; of ``(if c A B)``, the value of A or of B as c says."""
    if region.rule != "region_if":
        compile_one(region)
        return
    cond, first, second = region.args
    expr(c, cond)
    by_region(c, first, compile_one)
    by_region(c, second, compile_one)
    c.op(region, L.OP.IF)


@compiles("int_count_pieces")
def count_pieces(c: Compiler, node: Node) -> None:
    """``(count Pieces [ROLE] ["Name"] [in:REGION])``: ROLE's pieces (on the board and in hand),
    or those of that type, or on the sites of REGION (a loop over them, the board's with a
    type); with no ROLE, every player's (Ludii's All). On a board site one piece, but every
    piece of a hand or of a stack (P.STACKS), as Ludii counts them."""
    role = next((a for a in node.positional if isinstance(a, Sym)), None)
    name = next((a for a in node.positional if isinstance(a, str)), None)
    region = node.named("in")
    if role is None:
        if name is not None:
            raise fail(node, "(count Pieces \"Name\" …) needs the player whose pieces count, "
                       "e.g. (count Pieces Mover \"Name\")")
        count_pieces_all(c, node)
        return
    if region is None and name is None:
        c.op(node, L.OP.COUNT_PIECES, role=c.role(node, role))
        return
    owned = f"(is In (site) (sites Occupied by:{role.name}))"
    piles = c.hand_size or c.params[L.P.STACKS]
    if piles and name is not None:
        raise fail(node, "(count Pieces …) of a type in a game with hands or stacks is not "
                   "supported yet")
    if name is not None:
        owned = f'(and {owned} (= (what at:(site)) (id "{name}" {role.name})))'
    region = region if region is not None else parse_fragment("(sites Board)", "region")
    if piles:  # every piece of a hand or a stack: the counts of the sites it owns
        body = Node("int_mul", (parse_fragment("(count at:(site))", "int"),
                                parse_fragment(owned, "cond")), node.pos)
        sites_loop(c, node, region, body, L.LOOP.SUM)
        return
    sites_loop(c, node, region, parse_fragment(owned, "cond"), L.LOOP.COUNT)


@compiles("int_count_pieces_all")
def count_pieces_all(c: Compiler, node: Node) -> None:
    """``(count Pieces All [in:REGION])``: every piece on the sites of REGION (the board by
    default), a site's counters (a mancala's seeds) each one: ``(count in:REGION)``."""
    region = node.named("in")
    if region is None:
        if c.hand_size:
            raise fail(node, "(count Pieces All) in a game with hands is not supported yet; "
                       "(count Pieces All in:(sites Board)) is")
        region = parse_fragment("(sites Board)", "region")
    count_in(c, Node("int_count_in", (Named("in", region),), node.pos))


@compiles("int_score")
def score(c: Compiler, node: Node) -> None:
    player_number(c, node, node.args[0])
    c.op(node, L.OP.SCORE)


@compiles("cond_and", "cond_or")
def and_or(c: Compiler, node: Node) -> None:
    parts = operands(node)
    for p in parts:
        expr(c, p)
    c.op(node, L.OP.AND if node.rule == "cond_and" else L.OP.OR, operands=len(parts))


@compiles("cond_not")
def not_(c: Compiler, node: Node) -> None:
    expr(c, node.args[0])
    c.op(node, L.OP.NOT)


@compiles("cond_if")
def if_(c: Compiler, node: Node) -> None:
    """``(if C A [B])``: A when C holds, else B (Ludii's boolean If: false without B)."""
    for a in (*node.args, False)[:3]:
        expr(c, a)
    c.op(node, L.OP.IF)


@compiles("cond_is_in")
def is_in(c: Compiler, node: Node) -> None:
    """``(is In SITE REGION)``; a number that is not a site (``(count at:…)``) compared with a
    list ``(sites {2 4 6})`` is tested against the list's numbers, as Ludii reads them."""
    value, region = node.args
    is_site = not isinstance(value, Node) or value.category == "site"
    if not is_site and region.rule == "region_sites_list":
        if any(isinstance(x, str) for x in items(region.args[0])):
            raise fail(node, "a number is never in a list of coordinates")
        expr(c, value)
        start, count = c.add_list([int(x) for x in items(region.args[0])])
        c.op(node, L.OP.IN_NUMBERS, numbers=start, number_count=count)
        return
    if not is_site:
        raise fail(node, "(is In …) tests a site, such as (to) or (from), or a number against a "
                   "list (sites {…}) of numbers")
    by_region(c, region, lambda one: _site_in(c, node, value, one))


def _site_in(c: Compiler, node: Node, value, region: Node) -> None:
    if region.rule == "region_sites_start":  # a table: each type's sites at the start
        K = len(c.components)
        began = np.zeros((K + 1, c.board.num_cells), np.int64)
        placed = np.flatnonzero(c.init_what[:c.board.num_cells])
        began[c.init_what[placed], placed] = 1
        kind = region.args[0].args[0]  # (piece "Name") or (piece TYPE)
        if isinstance(kind, tuple):
            raise fail(node, "(sites Start (piece …)) takes one piece type")
        expr(c, value)
        if isinstance(kind, str):
            c.op(node, L.OP.CONST, value=c.component(node, kind).index)
        else:
            expr(c, kind)
        c.op(node, L.OP.IS_START, table=c.add_list(began.ravel().tolist())[0])
        return
    if region.rule == "region_sites_pending":  # the site set pending, if one was
        expr(c, value)
        c.op(node, L.OP.PENDING_SITE)
        c.op(node, L.OP.EQ)
        c.op(node, L.OP.PENDING)
        c.op(node, L.OP.AND, operands=2)
        return
    if region.rule == "region_sites_at":  # computed sites: the site is one of them
        for site in region.args[0]:
            expr(c, value)
            expr(c, site)
            c.op(node, L.OP.EQ)
        c.op(node, L.OP.OR, operands=len(region.args[0]))
        return
    expr(c, value)
    c.op(node, L.OP.IS_IN, region=c.region(region))


@compiles("site_if")
def site_if(c: Compiler, node: Node) -> None:
    for a in node.args:
        expr(c, a)
    c.op(node, L.OP.IF)


@compiles("cond_is_empty", "cond_is_enemy", "cond_is_friend")
def is_empty(c: Compiler, node: Node) -> None:
    """``(is Empty SITE)`` (a written number is Ludii's site of that number); ``(is Enemy
    PLAYER)`` and ``(is Friend PLAYER)`` take a player's number as in Ludii (``(is Enemy (who
    at:(to)))``), or (an extension) a site."""
    value = node.args[0]
    if node.rule == "cond_is_empty":
        site_operand(c, node, value)  # a written number: Ludii's site of that number
    else:
        expr(c, value)
    if node.rule != "cond_is_empty" and isinstance(value, Node) and value.category != "site":
        c.op(node, L.OP.IS_ENEMY_PLAYER if node.rule == "cond_is_enemy"
             else L.OP.IS_FRIEND_PLAYER)
        return
    c.op(node, {"cond_is_empty": L.OP.IS_EMPTY, "cond_is_enemy": L.OP.IS_ENEMY,
                "cond_is_friend": L.OP.IS_FRIEND}[node.rule])


@compiles("cond_is_occupied", "int_who", "int_what")
def piece_at(c: Compiler, node: Node) -> None:
    """``(is Occupied SITE)``, ``(who at:SITE)`` (the owner's number, 0 for none) and
    ``(what at:SITE)`` (the piece's type, 0 for none)."""
    if node.rule == "cond_is_occupied":
        expr(c, node.args[0])
    else:
        site_operand(c, node, node.named("at"))
    c.op(node, {"cond_is_occupied": L.OP.IS_OCCUPIED, "int_who": L.OP.WHO,
                "int_what": L.OP.WHAT}[node.rule])


@compiles("int_id")
def id_(c: Compiler, node: Node) -> None:
    """``(id "Pawn1")``: the number of a piece type; ``(id "Pawn" P1)``: of P1's first type
    whose name ("Pawn1") has "Pawn" in it, as Ludii's Id (-1: none); ``(id "Pawn" Mover)``:
    the mover's."""
    name = node.args[0]
    role = node.args[1] if len(node.args) > 1 else None
    if role is None:
        c.op(node, L.OP.CONST, value=c.component(node, name).index)
        return

    def owned(colour: int) -> int:  # Ludii: the first type of the player's whose name has it
        return next((comp.index for comp in c.components if comp.owner == colour
                     and name in (comp.name if comp.name[-1:].isdigit()
                                  else f"{comp.name}{colour + 1}")), -1)

    if isinstance(role, Sym) and role.name in ("Mover", "Next", "Prev"):
        # the role's type: (if (= ROLE 1) type1 (if (= ROLE 2) type2 … typeN))
        types = [owned(k) for k in range(c.num_players)]
        if all(index < 0 for index in types):
            raise fail(node, f'no piece of any player has "{name}" in its name')
        for k, index in enumerate(types[:-1]):
            player_number(c, node, role)
            c.op(node, L.OP.CONST, value=k + 1)
            c.op(node, L.OP.EQ)
            c.op(node, L.OP.CONST, value=index)
        c.op(node, L.OP.CONST, value=types[-1])
        for _ in types[:-1]:
            c.op(node, L.OP.IF)
        return
    c.op(node, L.OP.CONST, value=owned(c.colour(node, role)))


@compiles("site_where")
def where(c: Compiler, node: Node) -> None:
    """``(where "Wolf" ROLE)``: the board site of ROLE's wolf (-1 when it is off the board or in
    a hand, as in Ludii). Ludii names the site of the first such piece it finds, so ludi reads it
    only where a player has one piece of that type at most: one placed at the start, never
    added or promoted to (the compiler checks it once the whole game is read), or where an
    (and …) around it first asks that the player has one piece, ``(= 1 (count Pieces ROLE))``
    (Jumping Beans: the last bean on the centre wins)."""
    name, role = node.args
    code = c.role(node, role)
    types = [0] * L.COLOURS
    for colour in range(c.num_players) if code < 0 else [code]:
        types[colour] = where_kind(c, node, name, colour)
        if not _one_piece_asked(c, role):
            c.where_pieces.append((node, types[colour], colour))
    c.op(node, L.OP.WHERE, type=c.add_list(types)[0], role=code)


def _one_piece_asked(c: Compiler, role: Sym) -> bool:
    """Is the expression being compiled an operand of an (and …) that also tests
    ``(= 1 (count Pieces ROLE))``? Then (where … ROLE) matters only with that one piece."""
    one = Node("int_count_pieces", (role,))
    return any(isinstance(part, Node) and part.rule == "cond_eq"
               and part.args in ((1, one), (one, 1))
               for outer in c.within if outer.rule == "cond_and" for part in operands(outer))


@compiles("site_track_move")
def track_move(c: Compiler, node: Node) -> None:
    """``(trackSite Move [from:SITE] [ROLE | "Name"] steps:N)``: the site N places on from SITE
    ((from) by default) along a track, as Ludii picks it for the player (the mover, or ROLE):
    the player's own track whose name contains "Name", else any track so named; without a
    name the player's own track, else the board's."""
    who = next((a for a in node.positional), None)
    name = who if isinstance(who, str) else None
    role = c.role(node, who) if isinstance(who, Sym) else L.ROLE.MOVER
    indices = []
    for colour in range(L.COLOURS):
        named = [i for i, t in enumerate(c.tracks) if name is None or name in t.name]
        own = [i for i in named if c.tracks[i].owner == colour]
        other = [i for i in named if name is not None or c.tracks[i].owner < 0]
        indices.append((own or other or [-1])[0])
    if not c.tracks:
        raise fail(node, "(trackSite Move …) needs a board with a (track …)")
    expr(c, node.named("from", parse_fragment("(from)", "site")))
    expr(c, node.named("steps"))
    c.op(node, L.OP.TRACK_SITE, tracks=c.add_list(indices)[0], role=role)


@compiles("site_track_first")
def track_first(c: Compiler, node: Node) -> None:
    """``(trackSite FirstSite [ROLE] ["Name"] [from:SITE] [if:COND])``: the first site of a
    track, from SITE on (wrapping round), where COND holds at (to); -1 when none does or SITE is
    not on the track. The track as Ludii picks it: with a name, the first whose name contains it
    (the player's own with ROLE); without, the player's own or the board's (with no ROLE, the
    board's); none such, the board's first track."""
    if not c.tracks:
        raise fail(node, "(trackSite FirstSite …) needs a board with a (track …)")
    who = next((a for a in node.positional if isinstance(a, Sym)), None)
    name = next((a for a in node.positional if isinstance(a, str)), None)
    indices = []
    for colour in range(L.COLOURS):
        owner = colour if who is not None else None  # None: Ludii's player 0 (no owner)
        if name is not None:
            found = [i for i, t in enumerate(c.tracks)
                     if name in t.name and (owner is None or t.owner == owner)]
        else:
            found = [i for i, t in enumerate(c.tracks) if t.owner < 0 or t.owner == owner]
        indices.append((found or [0])[0])
    frm = node.named("from")
    if frm is None:  # Ludii's Undefined: from the track's start
        c.op(node, L.OP.CONST, value=-1)
    else:
        expr(c, frm)
    role = c.role(node, who) if who is not None else L.ROLE.MOVER
    loop = c.op(node, L.OP.SITES_LOOP, tracks=c.add_list(indices)[0], role=role,
                mode=L.LOOP.FIRST)
    cond = node.named("if")
    if cond is None:
        c.op(node, L.OP.TRUE)
    else:
        expr(c, cond)
    c.op(node, L.OP.SITES_NEXT, jump=len(c.code) - loop)
    c.code.set(loop, jump=len(c.code) - 1 - loop)


@compiles("int_count_moves_this_turn")
def moves_this_turn(c: Compiler, node: Node) -> None:
    """``(count MovesThisTurn)``: the moves the mover made in this turn before this one."""
    c.op(node, L.OP.TURN_MOVES)


@compiles("cond_all_passed")
def all_passed(c: Compiler, node: Node) -> None:
    """``(all Passed)``: every player still playing passed (one pass, the whole turn) in
    their last turn. A game that tests it never ends by passes alone (Ludii's NotAllPass)."""
    c.params[L.P.PASSES] = L.PASSES.NEVER
    c.op(node, L.OP.ALL_PASSED)


@compiles("cond_is_pending")
def is_pending(c: Compiler, node: Node) -> None:
    """``(is Pending)``: the last move did ``(set Pending)``."""
    c.op(node, L.OP.PENDING)


@compiles("cond_is_triggered")
def is_triggered(c: Compiler, node: Node) -> None:
    """``(is Triggered "Event" ROLE)``: a ``(trigger "Event" ROLE)`` happened and the player is
    still playing. As in Ludii, a player has one flag, whatever the event's name, and it stays
    set."""
    c.op(node, L.OP.IS_TRIGGERED, role=c.role(node, node.args[1]))


@compiles("site_value_pending")
def value_pending(c: Compiler, node: Node) -> None:
    """``(value Pending)``: the value the last move set pending with ``(set Pending VALUE)``
    (-1 for a ``(set Pending)`` without one); 0 when it set none, or several different ones
    (Ludii's pending values are a set)."""
    c.op(node, L.OP.VALUE_PENDING)


@compiles("int_counter")
def counter(c: Compiler, node: Node) -> None:
    """``(counter)``: Ludii's counter, one more after each move (once its end rules were tried)
    since the game began or ``(set Counter)`` last set it."""
    c.variable_origin = c.variable_origin or node  # kept in the state: see Compiler.finish
    c.op(node, L.OP.COUNTER)


@compiles("cond_is_visited")
def is_visited(c: Compiler, node: Node) -> None:
    """``(is Visited SITE)``: a move of this turn (the mover's moves since the turn began, one
    after another by ``(moveAgain)``) started or ended at SITE (Ludii's visited sites)."""
    if c.board.num_cells > 64 * L.VISITED_WORDS:
        raise fail(node, f"(is Visited …) on a board of more than {64 * L.VISITED_WORDS} sites "
                   "is not supported yet")
    c.params[L.P.VISITED] = 1
    expr(c, node.args[0])
    c.op(node, L.OP.IS_VISITED)


@compiles("cond_is_within")
def is_within(c: Compiler, node: Node) -> None:
    """``(is Within TYPE in:REGION)``: a piece of type TYPE (such as ``(id "King1")``) stands on
    a site of REGION (Ludii's ``IsWithin``): a count of such sites, above 0."""
    what, region = node.positional[0], node.named("in")
    what = what.to_text() if isinstance(what, Node) else str(what)
    expr(c, parse_fragment(f"(< 0 (count Sites in:(forEach {region.to_text()} "
                           f"if:(= (what at:(site)) {what}))))", "cond"))


@compiles("site_ahead")
def ahead(c: Compiler, node: Node) -> None:
    """``(ahead SITE [steps:N] DIRECTION)``: the site N (1) steps on from SITE along one
    absolute direction, or SITE itself where the board ends first (Ludii's ``Ahead``)."""
    site = node.positional[0]
    steps = number(node, node.named("steps", 1), "the steps of (ahead …)", 0, 10**4)
    way = next((a.name for a in node.positional[1:] if isinstance(a, Sym)), None)
    if way in RELATIVE and len(RELATIVE[way]) == 1:
        _ahead_turned(c, node, site, steps, way)
        return
    if way not in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
        raise fail(node, f"(ahead …) along {way or 'the facing direction'}: only an absolute "
                   "direction (N, NE, E, …) or one relative direction (Forward, Backward, …) "
                   "for now")
    nbr = c.board.nbr
    # a graph's points step N along a line or across a face (see graphs.steps)
    ways = [d for d in direction_indices(c, node, way) if (nbr[:, d] >= 0).any()]
    fixed = constant_site_of(c, site)
    if fixed is not None:  # (ahead (centrePoint) N): worked out here
        at = fixed
        for _ in range(steps):
            on = [int(nbr[at, d]) for d in ways if nbr[at, d] >= 0]
            if len(on) > 1:
                raise fail(node, f"point {at} steps {way} both along a line and across a face")
            at = on[0] if on else -1
            if at < 0:
                break
        c.op(node, L.OP.CONST, value=at if at >= 0 else fixed)
        return
    if len(ways) > 1:
        raise fail(node, f"(ahead …) of a site read off the position along {way} on a board "
                   "whose points step that way along lines and across faces is not supported "
                   "yet")
    expr(c, site)
    if ways:  # (else never a step that way: the site itself)
        c.op(node, L.OP.AHEAD, steps=steps, direction=ways[0])


def _ahead_turned(c: Compiler, node: Node, site, steps: int, way: str) -> None:
    """``(ahead SITE Backward)``: along a relative direction as the piece on SITE faces
    (Ludii turns it by that piece's facing; with no piece there, the site itself, as with no
    direction): a square grid's eight directions only (T.FACING)."""
    b = c.board
    if b.kind not in ("square", "mancala") or b.num_dirs != 8 or b.partial_diagonals:
        raise fail(node, f"(ahead …) along {way} is supported on a square grid's cells only")
    expr(c, site)
    c.op(node, L.OP.AHEAD, steps=steps, direction=direction_indices(c, node, way, "N")[0],
         turned=1)


@compiles("site_row", "site_column")
def row_or_column(c: Compiler, node: Node) -> None:
    """``(row of:SITE)``, ``(column of:SITE)``: counted as ``(sites Row N)`` counts (Ludii's
    ``Row`` and ``Column``); -1 for a site off the board."""
    numbers = c.board.row_index() if node.rule == "site_row" else c.board.column_index()
    numbers = numbers[:int(c.params[L.P.BOARD_CELLS])]
    site = node.named("of")
    fixed = constant_site_of(c, site)
    if fixed is not None:
        c.op(node, L.OP.CONST, value=int(numbers[fixed]) if 0 <= fixed < len(numbers) else -1)
        return
    expr(c, site)
    c.op(node, L.OP.CELL_NUMBER, table=c.add_list([int(x) for x in numbers])[0])


@compiles("site_var")
def var(c: Compiler, node: Node) -> None:
    """``(var ["Name"])``: the variable's value, -1 until a move sets it."""
    c.op(node, L.OP.VAR, var=c.variable(node, node.args[0] if node.args else ""))


@compiles("site_value_player")
def value_player(c: Compiler, node: Node) -> None:
    """``(value Player ROLE)``: the player's value, -1 until a move sets it."""
    c.variable_origin = c.variable_origin or node  # kept in the state: see Compiler.finish
    c.op(node, L.OP.VALUE_PLAYER, role=c.role(node, node.args[0]))


@compiles("cond_is_player")
def is_player(c: Compiler, node: Node) -> None:
    """``(is Mover P1)``, ``(is Prev Mover)``, ``(is Mover (next))``: the two name the same player.
    ``Prev`` is the player who made the last move (Ludii's: ``(is Prev Mover)`` holds while a
    player moves again)."""
    for side in node.args:
        if isinstance(side, Sym) and side.name == "Prev":
            c.op(node, L.OP.PREV_MOVER)
        else:
            player_number(c, node, side)
    c.op(node, L.OP.EQ)


@compiles("cond_no_pieces")
def no_pieces(c: Compiler, node: Node) -> None:
    """``(no Pieces ROLE ["Name"] [in:REGION])``: ROLE has no piece (of that type, on those
    sites)."""
    if len(node.args) == 1:
        c.op(node, L.OP.NO_PIECES, role=c.role(node, node.args[0]))
        return
    count_pieces(c, replace(node, rule="int_count_pieces"))
    c.op(node, L.OP.CONST, value=0)
    c.op(node, L.OP.EQ)


@compiles("cond_no_pieces_all")
def no_pieces_all(c: Compiler, node: Node) -> None:
    """``(no Pieces All [in:REGION])``: ``(= 0 (count Pieces All [in:REGION]))``."""
    count_pieces_all(c, replace(node, rule="int_count_pieces_all"))
    c.op(node, L.OP.CONST, value=0)
    c.op(node, L.OP.EQ)


@compiles("cond_is_proposed", "cond_is_decided")
def is_proposed(c: Compiler, node: Node) -> None:
    op = L.OP.PROPOSED if node.rule == "cond_is_proposed" else L.OP.DECIDED
    c.op(node, op, proposal=c.proposal(node.args[0]))


@compiles("cond_is_approach")
def is_approach(c: Compiler, node: Node) -> None:
    if c.context != "slide-to":
        raise fail(node, "(is Approach) compares a slide's start and end: it can only be the "
                   "(to if:…) condition of a (move Slide …) or (move Step …)")
    kind = node.args[0].name if node.args else "Closer"
    c.op(node, L.OP.APPROACH, not_farther=int(kind == "NotFarther"))


@compiles("cond_no_moves")
def no_moves(c: Compiler, node: Node) -> None:
    if c.context != "end":
        raise fail(node, "(no Moves …) can only be tested in the (end …) rules")
    role = c.role(node, node.args[0])
    if role != L.ROLE.MOVER:  # the mover's own case needs no counting (see the kernels)
        c.params[L.P.NO_MOVES] = 1
    c.op(node, L.OP.NO_MOVES, role=role)
