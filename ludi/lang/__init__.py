"""The ludi language: text -> (options, defines expanded) -> Lark tree -> typed ludeme tree.

>>> from ludi.lang import parse
>>> d = parse('(game "G" (players 2) (equipment {(board (hex 3)) (piece "M" Each)})'
...           ' (rules (play (move Add (to (sites Empty))))'
...           ' (end (if (is Loop) (result Mover Win)))))')
>>> d.to_text(width=60).splitlines()[0]
'(game "G"'
"""

from ludi.lang.description import (
    Description,
    load_description,
    parse,
    parse_fragment,
    resolve,
    shipped_games,
)
from ludi.lang.generate import random_subtree
from ludi.lang.grammar import grammar
from ludi.lang.tree import Named, Node, Sym

__all__ = [
    "Description",
    "Named",
    "Node",
    "Sym",
    "grammar",
    "load_description",
    "parse",
    "parse_fragment",
    "random_subtree",
    "resolve",
    "shipped_games",
]
