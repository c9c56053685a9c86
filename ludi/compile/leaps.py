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
from ludi.compile.directions import SQUARE_DIRECTIONS
from ludi.compile.moves import apply_effects, condition, leaf, piece_from, sub_node, then
from ludi.compile.registry import compiles, fail
from ludi.lang import Node

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
