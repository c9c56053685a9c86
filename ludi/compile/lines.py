"""Lines, connections and rings (``cond_is_line``, ``cond_is_connected``, ``cond_is_loop``): the
tests of placement games, run by the kernels' line and union-find code
(:mod:`ludi.engine.kernels.conditions`) through the last placed stone or a given site.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ludi.compile import layout as L
from ludi.compile.conditions import expr
from ludi.compile.directions import direction_indices, direction_mask
from ludi.compile.regions import static_cells
from ludi.compile.registry import compiles, fail, number
from ludi.lang import Node, parse_fragment
from ludi.lang.tree import Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


@compiles("cond_is_line")
def is_line(c: Compiler, node: Node) -> None:
    args = node.positional
    length = number(node, args[0], "the length of a line", 1, 10**4)
    dirs = next((a.name for a in args[1:] if isinstance(a, Sym) and a.kind == "stepdir"),
                "Adjacent")
    who = next((a for a in args[1:] if isinstance(a, Sym) and a.kind == "role"), None)
    graph_diagonals = c.board.kind == "graph" and bool((c.board.nbr[:, 16:] >= 0).any())
    if (c.board.partial_diagonals or graph_diagonals) and dirs not in ("Adjacent", "Orthogonal"):
        raise fail(node, f"lines along {dirs} directions on a grid whose diagonals are drawn "
                   "only in places are not supported yet (Ludii's reach across undrawn "
                   "diagonals too); Adjacent and Orthogonal lines are")
    if c.board.partial_diagonals and dirs == "Orthogonal":
        dirs = "Adjacent"  # Ludii: a point's orthogonal steps follow its lines, drawn diagonals too
    all_axes = [tuple(x) for x in c.board.axes["All"]]
    if dirs in c.board.axes:
        wanted = {tuple(x) for x in c.board.axes[dirs]}
    else:  # one direction: the line along its axis, both ways (Ludii's IsLine)
        if dirs not in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
            raise fail(node, f"(is Line …) along {dirs}: only absolute directions (N, NE, …) "
                       "or sets of them (Orthogonal, …)")
        d = direction_indices(c, node, dirs)
        wanted = {ax for ax in all_axes if len(d) == 1 and d[0] in ax}
    if not wanted:
        raise fail(node, f"a {c.board.kind} board has no {dirs} lines")
    axes = sum(1 << i for i, ax in enumerate(all_axes) if ax in wanted)
    exact = int(bool(node.named("exact", False)))
    through, what, whats = node.named("through"), node.named("what"), node.named("whats")
    contiguous = node.named("contiguous", True)
    if not isinstance(contiguous, bool):
        raise fail(node, "(is Line … contiguous:) must be True or False")
    if through is not None or what is not None or whats is not None or not contiguous:
        # Ludii's IsLine: pieces of the type at the site (through:, else the last move's to),
        # of what:'s type or of whats:'s types, whoever moves
        if who is not None:
            raise fail(node, "(is Line …) with a role and through:, what:, whats: or "
                       "contiguous: is not supported yet")
        types = [number(node, k, "a piece type in whats:", 1, 10**4) for k in whats or ()]
        expr(c, through if through is not None else parse_fragment("(last To)", "site"))
        expr(c, what if what is not None else -1)
        c.op(node, L.OP.LINE_THROUGH, length=length, axes=axes, exact=exact,
             types=c.add_list([len(types), *types])[0], contiguous=int(contiguous))
        return
    role = c.role(node, who) if who is not None else L.ROLE.MOVER
    c.op(node, L.OP.LINE, length=length, axes=axes, exact=exact, role=role)


@compiles("cond_is_loop")
def is_loop(c: Compiler, node: Node) -> None:
    if c.board.kind != "hex":
        raise fail(node, "(is Loop) is supported on hex boards only")
    c.params[L.P.GROUPS] = 1
    c.params[L.P.LOOPS] = 1
    c.op(node, L.OP.LOOP, role=L.ROLE.MOVER)


@compiles("cond_is_connected")
def is_connected(c: Compiler, node: Node) -> None:
    c.params[L.P.GROUPS] = 1
    target = node.args[0]
    masks = [0, 0, 0, 0]
    if isinstance(target, Sym):
        if target.name != "Mover":
            raise fail(node, "(is Connected ROLE) supports Mover: each player connects their "
                       "own (regions …)")
        for colour in range(c.num_players):
            cells = c.regions.get(colour)
            if not cells:
                raise fail(node, f"player P{colour + 1} has no (regions …) to connect")
            masks[colour] = sum(1 << c.goal_bit(node, np.unique(x)) for x in cells)
    else:
        mask = sum(1 << c.goal_bit(node, static_cells(c, r)) for r in target)
        masks = [mask] * L.COLOURS
    c.conn_masks.append(masks)
    c.op(node, L.OP.CONN, test=len(c.conn_masks) - 1, need=-1, role=L.ROLE.MOVER)


@compiles("cond_is_connected_n")
def is_connected_n(c: Compiler, node: Node) -> None:
    c.params[L.P.GROUPS] = 1
    n = number(node, node.args[0], "the number to connect", 1, 64)
    kind = node.args[1].name
    b = c.board
    if kind == "Corners":
        groups = [np.array([cell]) for cell in b.corners]
    else:
        corners = set(b.corners.tolist())
        groups = [np.array([x for x in cells if kind == "Sides" or x not in corners])
                  for cells in b.sides.values()]
        groups = [g for g in groups if len(g)]
    if n > len(groups):
        raise fail(node, f"the board has only {len(groups)} {kind}; cannot connect {n}")
    mask = sum(1 << c.goal_bit(node, g) for g in groups)
    c.conn_masks.append([mask] * L.COLOURS)
    c.op(node, L.OP.CONN, test=len(c.conn_masks) - 1, need=n, role=L.ROLE.MOVER)



#: (mover), (next), (prev) as the role an if: of (count Groups …) compares with (who at:(to))
ROLE_OF_INT = {"int_mover": "Mover", "int_next": "Next", "int_prev": "Prev"}


def _group_filter(c: Compiler, node: Node, test) -> tuple[int, int]:
    """The FILTER code and role of the sites an ``if:`` of (count Groups …) keeps, with (to)
    each site (Ludii's CountGroups sets it so): occupied ones without one; (= (who at:(to))
    ROLE), (is ROLE (who at:(to))) or (is Occupied (to)). Other tests are refused."""
    if test is None:
        return L.FILTER.NOT_EMPTY, L.ROLE.MOVER

    def who_at_to(n) -> bool:
        at = n.named("at") if isinstance(n, Node) and n.rule == "int_who" else None
        return isinstance(at, Node) and at.rule == "site_to"

    def role_of(n) -> str | None:
        if isinstance(n, Sym) and n.name in ("Mover", "Next", "Prev", "P1", "P2", "P3", "P4"):
            return n.name
        if isinstance(n, Node) and n.rule in ROLE_OF_INT:
            return ROLE_OF_INT[n.rule]
        if isinstance(n, int) and 1 <= n <= 4:
            return f"P{n}"
        return None

    if isinstance(test, Node):
        if test.rule == "cond_is_occupied" and isinstance(test.args[0], Node) \
                and test.args[0].rule == "site_to":
            return L.FILTER.NOT_EMPTY, L.ROLE.MOVER
        if test.rule in ("cond_eq", "cond_is_player") and len(test.args) == 2:
            a, b = test.args
            role = role_of(b) if who_at_to(a) else role_of(a) if who_at_to(b) else None
            if role is not None:
                return L.FILTER.OWN, c.role(test, Sym("role", role))
    raise fail(node, "the if: of (count Groups …) is read only as a test of who holds each "
               "site (to): (= (who at:(to)) ROLE), (is ROLE (who at:(to))) with ROLE Mover, "
               "Next, Prev, P1..P4, (mover), (next); or (is Occupied (to))")


@compiles("int_count_groups")
def count_groups(c: Compiler, node: Node) -> None:
    """``(count Groups [DIRECTIONS] [if:C] [min:N])`` (Ludii's CountGroups): the groups of
    sites where C holds at (to) (occupied sites without it), joined along the directions
    (Adjacent by default), of N sites or more (any size by default). The kernels fill the
    groups afresh each time (:func:`ludi.engine.kernels.conditions.count_groups`)."""
    if any(isinstance(a, Sym) and a.kind == "sitetype" for a in node.positional):
        raise fail(node, "a site type in (count Groups …) is not supported; the board's own "
                   "sites are used")
    mask = direction_mask(c, node)
    nbr = c.board.nbr
    for x in range(c.board.num_cells):  # joined both ways, so any fill order finds a group
        for d in range(c.board.num_dirs):
            y = int(nbr[x, d])
            if (mask >> d) & 1 and y >= 0 and not any(
                    (mask >> e) & 1 and int(nbr[y, e]) == x for e in range(c.board.num_dirs)):
                raise fail(node, "the directions of (count Groups …) must join sites both "
                           "ways (such as Adjacent, Orthogonal, Diagonal, All)")
    least = node.named("min", 0)
    least = number(node, least, "the min: of (count Groups …)", 0, 10**6)
    want, role = _group_filter(c, node, node.named("if"))
    c.op(node, L.OP.COUNT_GROUPS, role=role, filter=want, dirs=mask, value=least)
