"""Stacks: Ludii's stacking games, where a site holds a pile of pieces.

Ludii makes a game stacking when any of its rules names a stack ((place Stack …),
(size Stack …), (forEach Piece top:True)); every site then holds a pile, moves take the top
piece and put it on top of the pile they land on. ludi keeps a pile as a count of pieces of one
player and type (S.COUNTS, with the owner and type of a single piece), which is exact as long
as no piece lands on a pile of another kind: the Tables family's rules (a hit sends the lone
enemy piece away before the mover lands) keep it so, and the kernels stop with ERR.STACK where
a game would mix a pile. What a count cannot say is refused here, before play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ludi.compile import layout as L
from ludi.compile.conditions import count_at, count_in
from ludi.compile.equipment import init_place as place
from ludi.compile.registry import compiles, fail
from ludi.lang.tree import Named, Node

if TYPE_CHECKING:
    from ludi.compile.compiler import Compiler

#: the rules that make a game stacking, as Ludii's GameType.Stacking flag does
STACKING_RULES = ("init_place_stack", "int_size_stack", "int_top_level")

#: moves whose kernels lift and drop a single piece (not a pile's top): refused in a stacking game
SINGLE_PIECE_MOVES = {
    "moves_step": "(move Step …)", "moves_step_short": "(step …)",
    "moves_slide": "(move Slide …)", "moves_slide_short": "(slide …)",
    "moves_hop": "(move Hop …)", "moves_hop_short": "(hop …)", "moves_leap": "(move Leap …)",
    "moves_foreach_direction": "(forEach Direction …)",
    "moves_add": "(move Add …)", "moves_add_short": "(add …)",
    "moves_promote": "(move Promote …)", "effect_sow": "(sow …)",
}


def _top_only(node: Node) -> bool:
    return node.rule == "moves_foreach_piece" and node.named("top", False) is True


def _names_level(node: Node) -> bool:
    """A (from … level:…) or (move Remove … level:…): Ludii's FromTo and Remove make the game
    stacking when a level is given."""
    return node.rule in ("from", "moves_remove") and node.named("level") is not None


def is_stacking(tree: Node) -> bool:
    """Does the game stack its pieces (Ludii's Stacking flag)?"""
    return any(n.rule in STACKING_RULES or _top_only(n) or _names_level(n) for n in tree.walk())


def check_level(c: Compiler, node: Node, level: Node | int | None, site: Node | int | None
                ) -> None:
    """The ``level:`` of a (from SITE level:…) or (move Remove SITE level:…): read as
    ``(level)``, the level of the pile piece whose moves (forEach Piece) makes, at its own site
    ((from)). ludi's piles hold one kind, so the piece at that level moves or goes as the top
    one would (Ludii's ActionMove and ActionRemove take that level's piece); other levels
    are refused."""
    if level is None:
        return
    if not (isinstance(level, Node) and level.rule == "int_level"):
        raise fail(node, "a level: other than (level) is not supported: ludi's stacks hold one "
                   "kind of piece, and moves take the piece at the level (forEach Piece) "
                   "makes the moves of")
    own = site is None or (isinstance(site, Node) and site.rule == "site_from")
    if c.piece is None or not own:
        raise fail(node, "level:(level) is read only at the piece's own site ((from)) in a "
                   "piece's moves under (forEach Piece)")


@compiles("int_level")
def level(c: Compiler, node: Node) -> None:
    """``(level)`` anywhere but the level: of a piece's (from (from) …) or (move Remove
    (from) …) is refused (see :func:`check_level`)."""
    raise fail(node, "(level) is read only as the level: of (from (from) level:(level)) or "
               "(move Remove (from) level:(level)) in a piece's moves")


def refuse_unstackable(tree: Node) -> None:
    """Refuse, in a stacking game, the rules a pile kept as a count cannot play exactly."""
    for node in tree.walk():
        for part in node.args:
            if isinstance(part, Node) and part.rule == "from" and part.named("level") is not None \
                    and node.rule != "moves_from_to":
                raise fail(part, "a (from … level:…) is read only in (move (from (from) "
                           "level:(level)) (to …))")
        if node.rule in SINGLE_PIECE_MOVES:
            raise fail(node, f"{SINGLE_PIECE_MOVES[node.rule]} in a game with stacks: ludi plays "
                       "stacks with (move (from …) (to …)), (move Remove …) and (fromTo …) only")
        if node.rule == "moves_from_to" and (node.named("count") is not None
                                             or node.named("copy") is not None):
            raise fail(node, "(move … count:/copy:) in a game with stacks is not supported: "
                       "ludi moves a stack's top piece, one at a time")


@compiles("init_place_stack")
def place_stack(c: Compiler, init: Node) -> None:
    """``(place Stack "Disc1" SITES [count:N])``: a pile of N pieces (1 by default) on each
    site, as a (place … count:N) puts them; on a pile placed before, on top of it (of the same
    kind: one pile; of another, refused: ludi's piles hold one kind)."""
    before = [a.copy() for a in (c.init_owner, c.init_what, c.init_counts, c.init_state)]
    for a in (c.init_owner, c.init_what, c.init_counts):
        a[:] = 0
    place(c, Node("init_place", init.args, init.pos))
    new = (c.init_owner != 0) | (c.init_what != 0)
    owners, whats, counts, _ = before
    clash = np.flatnonzero(new & ((owners != 0) | (whats != 0)) & ((owners != c.init_owner)
                                                  | (whats != c.init_what)))
    if clash.size:
        raise fail(init, f"a pile of two kinds of piece at site {int(clash[0])}: ludi's stacks "
                   "hold pieces of one player and type (Ludii would pile them)")
    c.init_counts[new] += counts[new]
    for a, old in zip((c.init_owner, c.init_what, c.init_counts, c.init_state), before,
                      strict=True):
        a[~new] = old[~new]


@compiles("int_size_stack")
def size_stack(c: Compiler, node: Node) -> None:
    """``(size Stack [at:SITE | in:REGION])``: the pieces in the pile at the site (the last
    move's to by default), or in all the region's piles."""
    region = node.named("in")
    if region is not None:
        count_in(c, Node("int_count_in", (Named("in", region),), node.pos))
        return
    at = node.named("at", Node("site_last_to", (), node.pos))
    count_at(c, Node("int_count_at", (Named("at", at),), node.pos))


@compiles("int_top_level")
def top_level(c: Compiler, node: Node) -> None:
    """``(topLevel at:SITE)``: the level of the pile's top piece, its height less one (0 on
    an empty site and off the board, as Ludii's TopLevel)."""
    size_stack(c, node)
    c.op(node, L.OP.CONST, value=1)
    c.op(node, L.OP.SUB)
    c.op(node, L.OP.CONST, value=0)
    c.op(node, L.OP.MAX)
