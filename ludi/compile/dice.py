"""Chance: the dice's values, ``(count Pips)``, ``(face SITE)``, ``(pips)``, ``(all DiceUsed)``,
``(all DiceEqual)`` (the dice themselves: ludi.compile.equipment; ``(forEach Die …)``:
ludi.compile.program), and ``(value Random (range A B))``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.conditions import expr
from ludi.compile.registry import compiles, fail, ludeme
from ludi.lang import Node

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


@compiles("int_count_pips")
def count_pips(c: Compiler, node: Node) -> None:
    """``(count Pips)``: the dice as last rolled, summed (a die used since still counts)."""
    if not c.dice:
        raise fail(node, "(count Pips) needs (dice …) in the equipment")
    c.op(node, L.OP.PIPS)


@compiles("int_face")
def face(c: Compiler, node: Node) -> None:
    """``(face SITE)``: the face of the die at SITE as last rolled, used or not. Ludii's dice
    stand on sites of their own after the board's (its first die on the site after the last
    board site); in a game with hands, whose sites come between, it is refused."""
    if not c.dice:
        raise fail(node, "(face …) needs (dice …) in the equipment")
    if c.hand_size:
        raise fail(node, "(face SITE) in a game with hands is not supported yet")
    die = node.args[0] - c.board.num_cells
    if not 0 <= die < len(c.dice):
        raise fail(node, f"(face {node.args[0]}): the dice stand on sites "
                   f"{c.board.num_cells}..{c.board.num_cells + len(c.dice) - 1}")
    c.op(node, L.OP.FACE, value=die)


@compiles("int_pips", "cond_all_dice_used", "cond_all_dice_equal")
def dice_value(c: Compiler, node: Node) -> None:
    """``(pips)``: the die (forEach Die …) is at; ``(all DiceUsed)``, ``(all DiceEqual)``."""
    if not c.dice:
        raise fail(node, f"{ludeme(node)} needs (dice …) in the equipment")
    c.op(node, {"int_pips": L.OP.PIP, "cond_all_dice_used": L.OP.DICE_USED,
                "cond_all_dice_equal": L.OP.DICE_EQUAL}[node.rule])


@compiles("int_value_random")
def value_random(c: Compiler, node: Node) -> None:
    """``(value Random (range A B))``: Ludii's ValueRandom, A plus a uniform draw below
    B - A + 1 (Undefined, -1, when A > B), from the game's chance generator (I.CHANCE), which
    a seed decides as it decides the dice's rolls (P.RANDOM). The draw moves the generator on,
    so it is allowed only where a move's effects apply (a (then …), an effect's condition or
    value): a draw while moves are listed or end rules are tested would change the position
    that lists them."""
    owner = next((n for n in reversed(c.within[:-1])
                  if n.rule.startswith(("effect_", "moves_", "clause", "end", "init_"))), None)
    if c.context is not None or owner is None or not owner.rule.startswith("effect_"):
        raise fail(node, "(value Random …) is supported only in a move's effects (its "
                   "(then …) or an effect's condition or value), where the draw is made as the "
                   "move applies")
    low, high = node.args[0].args
    expr(c, low)
    expr(c, high)
    c.op(node, L.OP.RANDOM)
    c.params[L.P.RANDOM] = 1
