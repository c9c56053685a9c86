"""Leaps (``moves_leap``): Ludii's ``(move Leap …)``, a piece jumping along fixed paths of steps
(a knight's), whatever stands on the way.

A walk such as ``{F F R F}`` is a turtle's: F steps forward, R and L turn a quarter right or
left. With ``rotations:True`` (the default) the turtle starts facing each of the four orthogonal
directions, so ``{{F F R F} {F F L F}}`` gives a knight's eight leaps; with ``forward:True``
only leaps that end forward of where they start, for the piece's facing, are kept. Each path is
a list of board directions, walked step by step in the kernel (a path leaving the board gives
no move), so the compiler settles everything about it but the position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.directions import RELATIVE, SQUARE_DIRECTIONS, direction_mask
from ludi.compile.moves import apply_effects, condition, leaf, piece_from, sub_node, then
from ludi.compile.registry import compiles, fail, items, number
from ludi.lang import Node
from ludi.lang.tree import Named, Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler

#: The four orthogonal directions (T.NBR indices on a square grid) in clockwise order.
CLOCKWISE = (SQUARE_DIRECTIONS["N"], SQUARE_DIRECTIONS["E"], SQUARE_DIRECTIONS["S"],
             SQUARE_DIRECTIONS["W"])
#: Each direction's displacement (column, row), to tell which leaps end forward.
DISPLACEMENT = {SQUARE_DIRECTIONS["N"]: (0, 1), SQUARE_DIRECTIONS["E"]: (1, 0),
                SQUARE_DIRECTIONS["S"]: (0, -1), SQUARE_DIRECTIONS["W"]: (-1, 0)}
FORWARD = {"N": lambda dc, dr: dr > 0, "S": lambda dc, dr: dr < 0,
           "E": lambda dc, dr: dc > 0, "W": lambda dc, dr: dc < 0}


def paths(walks, rotations: bool, forward: str | None) -> list[list[int]]:
    """The direction lists of the walks from each starting direction (N alone without
    rotations); with ``forward`` (a facing), only those ending forward of their start.

    >>> paths([("F", "F", "R", "F")], True, None)  # N N E, E E S, S S W, W W N
    [[2, 2, 0], [0, 0, 6], [6, 6, 4], [4, 4, 2]]
    """
    out = []
    for start in (range(4) if rotations else (0,)):
        for walk in walks:
            facing, steps = start, []
            for turn in walk:
                if turn == "F":
                    steps.append(CLOCKWISE[facing])
                else:
                    facing = (facing + (1 if turn == "R" else -1)) % 4
            dc = sum(DISPLACEMENT[d][0] for d in steps)
            dr = sum(DISPLACEMENT[d][1] for d in steps)
            if steps and (forward is None or FORWARD[forward](dc, dr)) and steps not in out:
                out.append(steps)
    return out


@compiles("moves_leap")
def leap(c: Compiler, node: Node) -> None:
    """``(move Leap [(from …)] {WALK …} [forward:B] [rotations:B] (to if:C [(apply …)]) [(then
    …)])``: each piece jumps along each path to where C holds (the apply runs there first, as
    for a step)."""
    if c.board.kind != "square":
        raise fail(node, f"a leap on a {c.board.shape} board is not supported yet (its walks "
                   "turn a quarter at a time, as on a square grid)")
    walks = next(a for a in node.positional if isinstance(a, tuple))
    facings = {c.piece.facing} if c.piece is not None else {p.facing for p in c.components}
    facing = min(facings, default="N")
    if node.named("forward", False) and len(facings) > 1:
        raise fail(node, "forward:True outside a piece's own moves, where the pieces face "
                   f"different ways ({', '.join(sorted(facings))}), is not supported yet")
    if node.named("forward", False) and facing not in FORWARD:
        raise fail(node, f"forward:True for a piece facing {facing} is not supported yet")
    found = paths([[t.name for t in walk] for walk in walks], node.named("rotations", True),
                  facing if node.named("forward", False) else None)
    lists = [len(found)] + [x for p in found for x in (len(p), *p)]
    to = sub_node(node, "to")
    first, count = apply_effects(c, sub_node(to, "apply"))
    leaf(c, node, L.GEN.LEAP, from_region=piece_from(c, node), paths=c.add_list(lists)[0],
         apply=first, apply_count=count, **condition(c, to.named("if")), **then(c, node))


#: Why a (forEach Direction …) is refused: the form ludi reads.
FOREACH_DIRECTION_FORM = (
    "(forEach Direction …) is supported in a piece's moves as Ludii's bent step (a xiangqi "
    "horse's, a shogi knight's): (forEach Direction DIRS (to if:C (apply (forEach Direction "
    "(from (to)) DIRS2 [(between (exact N) [if:B])] (if C2 (move (from) (to [(apply …)])))))) "
    "[(then …)]), DIRS2 turned from each of DIRS")


@compiles("to_foreach_direction", "apply_foreach_direction")
def foreach_direction_part(c: Compiler, node: Node) -> None:
    """The ``(to if:… (apply (forEach Direction …)))`` of a (forEach Direction …) is read by
    :func:`foreach_direction` only."""
    raise fail(node, "(to if:… (apply (forEach Direction …))) is read only in a "
               "(forEach Direction …)")


@compiles("moves_foreach_direction")
def foreach_direction(c: Compiler, node: Node) -> None:
    """Ludii's ForEachDirection nested once, the way its bent steps are written: from the
    piece's site one step along each of DIRS to a site where C holds ((to): that site; Ludii
    stops that direction otherwise), then from there N sites (1 by default) along each of DIRS2,
    whose relative names (FR, FL, …) turn from the first step's direction, each site passed
    where B holds ((between): that site), to a site where C2 holds, where the piece moves (the
    apply first). Each way is a leap's path whose sites on the way are tested (GEN.LEAP with
    G.WAYPOINTS)."""
    outer_to = sub_node(node, "to_foreach_direction")
    if outer_to is None or c.piece is None or sub_node(node, "from") is not None \
            or sub_node(node, "between") is not None:
        raise fail(node, FOREACH_DIRECTION_FORM)
    b = c.board
    if b.kind != "square" or b.num_dirs != 8 or b.partial_diagonals:
        raise fail(node, f"(forEach Direction …) on a {b.shape} board is not supported yet "
                   "(its turns are a square grid's eighths)")
    first_cond = outer_to.named("if")
    inner = sub_node(outer_to, "apply_foreach_direction").args[0]
    start_from = sub_node(inner, "from")
    if start_from is None or len(start_from.args) != 1 or not isinstance(
            start_from.args[0], Node) or start_from.args[0].rule != "site_to" \
            or sub_node(inner, "then") is not None or sub_node(inner, "to") is not None:
        raise fail(inner, FOREACH_DIRECTION_FORM)
    body = next(a for a in inner.positional if isinstance(a, Node) and a.category == "moves")
    last_cond = None
    if body.rule == "moves_if" and len(body.positional) == 2:
        last_cond, body = body.positional
    move_from, move_to = sub_node(body, "from"), sub_node(body, "to")
    if body.rule != "moves_from_to" or move_from.args or any(
            not (isinstance(a, Node) and a.rule == "apply") for a in move_to.positional) \
            or move_to.named("if") is not None or sub_node(move_to, "apply_filter") is not None \
            or any(isinstance(a, Named) for a in body.args) or sub_node(body, "then") is not None:
        raise fail(body, FOREACH_DIRECTION_FORM)
    steps, between_cond = _inner_between(inner)
    firsts = [d for d in range(8) if (direction_mask(c, node) >> d) & 1]
    found: list[list[int]] = []
    for d in firsts:
        for e in _turned(c, inner, d):
            path = [d] + [e] * steps
            if path not in found:
                found.append(path)
    lists = [len(found)] + [x for p in found for x in (len(p), *p)]
    first = c.code_range(first_cond)
    saved, c.hopping = c.hopping, True
    try:
        passed = c.code_range(between_cond) if between_cond is not None else (0, 0)
    finally:
        c.hopping = saved
    ways = [x for p in found for i in range(len(p))
            for x in (first if i == 0 else passed if i < len(p) - 1 else (0, 0))]
    apply_first, apply_count = apply_effects(c, sub_node(move_to, "apply"))
    leaf(c, node, L.GEN.LEAP, from_region=piece_from(c, node), paths=c.add_list(lists)[0],
         waypoints=c.add_list(ways)[0] + 1, apply=apply_first, apply_count=apply_count,
         **condition(c, last_cond), **then(c, node))


def _inner_between(inner: Node) -> tuple[int, Node | None]:
    """The sites the second part of a bent step goes (Ludii's (between (exact N)), 1 by
    default) and the condition on those it passes."""
    between = sub_node(inner, "between")
    if between is None:
        return 1, None
    exact = sub_node(between, "exact")
    if exact is None or len(between.args) != 1 + (between.named("if") is not None):
        raise fail(between, "the (between …) of (forEach Direction …) is read as (between "
                   "(exact N) [if:COND]) only")
    return number(exact, exact.args[0], "the sites of a bent step", 1, 100), \
        between.named("if")


def _turned(c: Compiler, inner: Node, first: int) -> list[int]:
    """The second directions of a bent step after a first step along ``first``: relative
    names turn from it (among all eight directions: Ludii's of:All, and on cells the
    Adjacent it defaults to), absolute ones are themselves."""
    dirs = next((a for a in inner.positional if (isinstance(a, Sym) and a.kind == "stepdir")
                 or (isinstance(a, Node) and a.rule == "dirs_set")), None)
    if isinstance(dirs, Sym):
        names, relation = [dirs.name], None
    elif isinstance(dirs, Node):
        names = [d.name for d in items(dirs.args[0])]
        of = dirs.named("of")
        relation = None if of is None else of.name
    else:
        raise fail(inner, FOREACH_DIRECTION_FORM)
    if relation not in (None, "All") or (relation is None and c.board.points
                                         and len(c.board.adjacent) == 4):
        raise fail(inner, "the second directions of (forEach Direction …) turn among all "
                   "eight directions here (of:All, or on a grid's cells) only")
    out: list[int] = []
    for name in names:
        if name in RELATIVE:
            out += [(first + turn) % 8 for turn in RELATIVE[name]]
        elif name in SQUARE_DIRECTIONS:
            out.append(SQUARE_DIRECTIONS[name])
        else:
            raise fail(inner, f"the direction {name} in the second part of a (forEach "
                       "Direction …) is not supported yet")
    return out
