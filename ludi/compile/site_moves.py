"""Moves from each site of a region: Ludii's ``(forEach Site REGION MOVES)``.

Its moves are made as a piece's are from each of the piece's sites (ludi.compile.moves): the
generators start from the region (Compiler.site_loop, read through Compiler.own_sites), and
(site) in them is their (from).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.compile.moves import _with_then, sub_node
from ludi.compile.registry import compiles, fail
from ludi.lang import Node
from ludi.lang.tree import Named

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


#: the ludemes that give (site) a meaning of their own inside them
BINDS_SITE = ("effect_for_each_site", "region_foreach", "cond_all_sites", "moves_foreach_site")


def site_as_from(value):
    """``value`` with (site) read as (from), except inside ludemes that bind (site) again."""
    if isinstance(value, Named):
        return Named(value.name, site_as_from(value.value))
    if isinstance(value, tuple):
        return tuple(site_as_from(v) for v in value)
    if not isinstance(value, Node) or value.rule in BINDS_SITE:
        return value
    if value.rule == "site_site":
        return Node("site_from", (), value.pos)
    return Node(value.rule, site_as_from(value.args), value.pos)


@compiles("moves_foreach_site")
def for_each_site(c: Compiler, node: Node) -> None:
    """``(forEach Site REGION MOVES [noMoveYet:ELSE] [(then …)])``: MOVES from each (site) of
    REGION, as a piece's moves are made from each of its sites: (site) in MOVES is the (from)
    of their moves, and a move with no (from …) of its own starts there; ELSE's moves where
    there are none (a (priority …))."""
    if c.own_sites() is not None:
        raise fail(node, "(forEach Site …) of moves inside a piece's moves, or inside another "
                   "(forEach Site …), is not supported")
    otherwise = node.named("noMoveYet")
    if otherwise is not None:  # Ludii's else-moves: only where the loop made none
        loop = Node(node.rule, tuple(a for a in node.args if not (
            isinstance(a, Named) and a.name == "noMoveYet")), node.pos)
        c.moves(Node("moves_priority", (loop, otherwise), node.pos))
        return
    region, moves = node.positional[:2]
    then_part = sub_node(node, "then")
    if then_part is not None:
        moves = _with_then(moves, then_part)
    c.site_loop = c.region(region)
    try:
        c.moves(site_as_from(moves))
    finally:
        c.site_loop = None
