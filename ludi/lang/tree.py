"""The typed ludeme tree: what a description is after parsing, and how it prints back to text.

A :class:`Node` is one ludeme (``rule`` is its grammar rule, e.g. ``board_hex``) with its
arguments in order. Arguments are nodes, literals (``int``, ``float``, ``str`` for quoted strings,
``bool``), enumeration values (:class:`Sym`), arrays (``tuple``) and named arguments
(:class:`Named`). The category of a node is the text of its rule before the first ``_``.

>>> from ludi.lang import parse_fragment
>>> node = parse_fragment("(board (hex 5))", "equip")
>>> node.rule, node.args[0]
('equip_board', Node(rule='board_hex', args=(5,)))
>>> node.to_text()
'(board (hex 5))'
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class Sym:
    """A value of an enumeration rule of the grammar, e.g. ``Sym("role", "Mover")``."""

    kind: str
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Named:
    """A named argument ``name:value``."""

    name: str
    value: Arg


Arg = Union["Node", Sym, Named, int, float, str, bool, tuple]


@dataclass(frozen=True)
class Node:
    """One ludeme: its grammar rule and its arguments (head keywords are implied by the rule)."""

    rule: str
    args: tuple = ()
    #: where it was written: file, line, column and the text of that line (for messages)
    pos: tuple[str, int, int, str] | None = field(default=None, compare=False, repr=False)

    @property
    def category(self) -> str:
        return category_of(self.rule)

    def named(self, name: str, default=None):
        """The value of the named argument ``name:``, or ``default``."""
        for a in self.args:
            if isinstance(a, Named) and a.name == name:
                return a.value
        return default

    @property
    def positional(self) -> tuple:
        """The arguments that are not named."""
        return tuple(a for a in self.args if not isinstance(a, Named))

    def children(self):
        """Direct child nodes, including those inside arrays and named arguments."""
        for a in self.args:
            yield from _nodes_in(a)

    def walk(self):
        """This node and every node below it, depth first."""
        yield self
        for c in self.children():
            yield from c.walk()

    def find(self, rule_prefix: str):
        """Every node below (and including) this one whose rule starts with ``rule_prefix``."""
        return [n for n in self.walk() if n.rule.startswith(rule_prefix)]

    def to_text(self, width: int = 88) -> str:
        from ludi.lang.grammar import print_node

        return print_node(self, width)

    def canonical(self) -> Node:
        from ludi.lang.grammar import canonical_node

        return canonical_node(self)

    @property
    def hash(self) -> str:
        """A stable hash of the canonical form (16 hex digits)."""
        text = self.canonical().to_text(width=10**9)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def __str__(self) -> str:
        return self.to_text()


def category_of(rule: str) -> str:
    return rule.split("_", 1)[0]


def _nodes_in(arg):
    if isinstance(arg, Node):
        yield arg
    elif isinstance(arg, Named):
        yield from _nodes_in(arg.value)
    elif isinstance(arg, tuple):
        for a in arg:
            yield from _nodes_in(a)
