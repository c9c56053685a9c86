"""The table from grammar rule to compile function, and the helpers every family module shares.

Each ludeme family (``equipment``, ``regions``, ``conditions``, ``moves``, ``effects``, ``ends``,
``meta``) registers one function per grammar rule with ``@compiles("rule_name", ...)``; the
compiler finds a ludeme's function by its rule name. A new ludeme is one grammar rule, one
function registered here and, when it needs one, one kernel branch (docs/engine.md).

A compile function takes the :class:`~ludi.compile.compiler.Compiler` and the node. What it
returns depends on the category: a board for ``board_*``, a region code for ``region_*``, an
effect index for ``effect_*``; the others write records and return nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludi.compile.records import Origin
from ludi.errors import CompileError
from ludi.lang import Node, grammar
from ludi.lang.tree import Named, Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler

CompileFunction = Callable[["Compiler", Node], object]

#: grammar rule -> compile function
COMPILERS: dict[str, CompileFunction] = {}


def compiles(*rules: str) -> Callable[[CompileFunction], CompileFunction]:
    """Register the decorated function as the compiler of these grammar rules."""

    def register(fn: CompileFunction) -> CompileFunction:
        for rule in rules:
            if rule in COMPILERS:
                raise RuntimeError(f"{rule} is compiled twice")
            COMPILERS[rule] = fn
        return fn

    return register


#: Compile functions of nodes the compiler makes itself (no grammar rule reads them).
INTERNAL: dict[str, CompileFunction] = {}


def compiles_internal(rule: str) -> Callable[[CompileFunction], CompileFunction]:
    """Register the decorated function as the compiler of a node the compiler builds itself
    (e.g. a site fixed while unrolling a loop), which no description can write."""

    def register(fn: CompileFunction) -> CompileFunction:
        if rule in COMPILERS or rule in INTERNAL:
            raise RuntimeError(f"{rule} is compiled twice")
        INTERNAL[rule] = fn
        return fn

    return register


def fail(where: Node | Origin, message: str) -> CompileError:
    """A :class:`CompileError` located at a node (or a record's origin) that quotes the
    ludeme."""
    origin = Origin.of(where)
    return CompileError(f"{message} (in {origin.text[:80]})", file=origin.file,
                        line=origin.line, col=origin.col, source_line=origin.source_line)


def ludeme(node: Node) -> str:
    """A short name of the ludeme for messages: ``(move Add …)``."""
    return "(" + " ".join(node.to_text(width=10**9)[1:].split()[:2]).rstrip(")") + " …)"


#: Integer ludemes that combine two numbers, as Ludii computes them (``/`` rounds toward 0).
ARITHMETIC = {"int_add": lambda a, b: a + b, "int_sub": lambda a, b: a - b,
              "int_mul": lambda a, b: a * b, "int_max": max, "int_min": min,
              "int_div": lambda a, b: int(a / b) if b else None,
              "int_mod": lambda a, b: a - b * int(a / b) if b else None}


def constant(value):
    """The number an expression of written numbers comes to (``(/ (- 7 3) 2)`` is 2), or None
    when it reads the position."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Node) and value.rule in ARITHMETIC and len(value.args) == 2:
        a, b = (constant(x) for x in value.args)
        if a is not None and b is not None:
            return ARITHMETIC[value.rule](a, b)
    return None


def number(node: Node, value, what: str, lo: int = 1, hi: int = 10**6) -> int:
    """``value`` as an integer written in the description (or computed from written numbers),
    within [lo, hi]."""
    folded = constant(value)
    if isinstance(folded, int):
        value = folded
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail(node, f"{what} must be a number written in the description; got "
                   f"{value.to_text() if isinstance(value, Node) else value!r}")
    if not lo <= value <= hi:
        raise fail(node, f"{what} must be between {lo} and {hi}; got {value}")
    return value


def items(arg) -> tuple:
    """A single argument or the items of an array argument."""
    return arg if isinstance(arg, tuple) else (arg,)


def operands(node: Node) -> tuple:
    """The operands of ``(or a b)`` / ``(or {a b c})`` and the like."""
    return items(node.args[0]) if len(node.args) == 1 else node.args


def not_played(node: Node) -> CompileError:
    """The error for a ludeme the engine does not play: parse-only ones say so."""
    if node.rule in grammar().parse_only:
        return fail(node, f"{ludeme(node)} is parse-only: ludi reads it but does not play it "
                    "yet (see the parse-only list in grammars/ludi.lark)")
    return fail(node, f"the engine cannot play {ludeme(node)} here")


def refuse_parse_only(tree: Node) -> None:
    """Refuse a description that uses a parse-only rule or enumeration value anywhere (the
    grammar's ``@parse-only`` lines): the engine would not play it as written."""
    g = grammar()
    for node in tree.walk():
        if node.rule in g.parse_only:
            raise not_played(node)
        for value in _values(node.args):
            if isinstance(value, Sym) and value.name in g.parse_only_values.get(value.kind, ()):
                raise fail(node, f"{value.kind} {value.name} is parse-only: ludi reads it but "
                           "does not play it yet (see the parse-only list in grammars/ludi.lark)")


def _values(args):
    for a in args:
        if isinstance(a, Named):
            yield from _values((a.value,))
        elif isinstance(a, tuple):
            yield from _values(a)
        else:
            yield a
