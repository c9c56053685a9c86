"""Meta rules (``metarule_*``): rules about turns and the whole game rather than moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.registry import compiles, items, number
from ludi.lang import Node

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


def rules(c: Compiler, part: Node) -> None:
    """``(meta …)``: one rule or an array of them."""
    for rule in items(part.args[0]):
        c.dispatch(rule)


@compiles("metarule_swap")
def swap(c: Compiler, node: Node) -> None:
    """The pie rule: on the second move, the second player may take over the first's role."""
    c.params[L.P.SWAP] = 1


@compiles("metarule_first_win_ends")
def first_win_ends(c: Compiler, node: Node) -> None:
    c.params[L.P.FIRST_WIN_ENDS] = 1


#: A turn limit no game reaches.
NO_TURN_LIMIT = 2**62


@compiles("metarule_move_limit")
def move_limit(c: Compiler, node: Node) -> None:
    """``(moveLimit N)``: N plies, instead of Ludii's default limits (10,000 moves and 1,250
    turns per player)."""
    c.params[L.P.MOVE_LIMIT] = number(node, node.args[0], "the move limit", 1, 10**7)
    c.params[L.P.TURN_LIMIT] = NO_TURN_LIMIT
