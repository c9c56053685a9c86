"""Random, grammatically valid subtrees, generated from the grammar itself.

``random_subtree("region", rng, max_depth=3)`` walks the grammar's rules from the category's
start symbol, picking alternatives at random, and writes the tokens it chose; the tokens are then
parsed like any text. So every generated tree is, by construction, a tree of the grammar, and
evolution (which regenerates subtrees with this function) can never leave the language. Rules and
values the grammar marks ``@parse-only`` are never generated: the engine does not play them.
"""

from __future__ import annotations

import functools
import random

import numpy as np

from ludi.lang.grammar import grammar, parse_tokens
from ludi.lang.reader import Source, Tok
from ludi.lang.tree import Node

_SOURCE = Source("<generated>", "")
#: Strings the generator uses for STRING literals: piece, region and track names.
STRING_POOL = ("Marker", "Disc", "Seed", "Track", "End")


def _rng(rng) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, np.random.Generator):
        return random.Random(int(rng.integers(2**63)))
    return random.Random(rng)


@functools.lru_cache(maxsize=1)
def _heights() -> dict[str, int]:
    """Least nesting depth (counted in ludemes) of a tree rooted at each rule."""
    g = grammar()
    inf = 10**6
    h = {name: inf for name in g.rules}

    def exp_height(name, exp):
        sub = max((h[s.name] for s in exp if not s.is_term), default=0)
        own = 1 if exp and exp[0].is_term and exp[0].name == "LPAR" else 0
        return sub + own

    changed = True
    while changed:
        changed = False
        for name, exps in g.rules.items():
            best = min(exp_height(name, e) for e in exps)
            if best < h[name]:
                h[name] = best
                changed = True
    return h


def _terminal_text(name: str, rng: random.Random) -> tuple[str, str]:
    g = grammar()
    if name == "INT":
        return "int", str(rng.randint(1, 9))
    if name == "FLOAT":
        return "float", f"{rng.randint(0, 360)}.{rng.randint(0, 9)}"
    if name == "STRING":
        return "string", f'"{rng.choice(STRING_POOL)}"'
    kw = g.terminal_keyword[name]
    kind = {"(": "open", ")": "close", "{": "lbrace", "}": "rbrace"}.get(kw)
    if kind is None:
        kind = "named" if kw.endswith(":") else "word"
    return kind, kw


def _playable(name: str, exp: list) -> bool:
    """False for an alternative that is parse-only (the grammar's ``@parse-only`` lines): a
    parse-only rule, or a parse-only value of an enumeration, or one that needs an enumeration
    all of whose values are parse-only (``at:EndOfTurn``)."""
    g = grammar()
    if len(exp) != 1:
        return not any(not sym.is_term and sym.name in g.rules and all(
            len(e) == 1 and not _playable(sym.name, e) for e in g.rules[sym.name])
            for sym in exp)
    sym = exp[0]
    if not sym.is_term:
        return sym.name not in g.parse_only
    return g.terminal_keyword.get(sym.name) not in g.parse_only_values.get(name, ())


def _expand(name: str, budget: int, rng: random.Random, out: list[Tok]) -> None:
    g = grammar()
    h = _heights()
    exps = g.rules[name]
    own = 1 if exps[0] and exps[0][0].is_term and exps[0][0].name == "LPAR" else 0

    def height(exp):
        return max((h[s.name] for s in exp if not s.is_term), default=0)

    exps = [e for e in exps if _playable(name, e)]
    fitting = [e for e in exps if height(e) + own <= budget]
    if not fitting:
        least = min(height(e) for e in exps)
        fitting = [e for e in exps if height(e) == least]
    if name.startswith("__") and len(fitting) > 1 and rng.random() < 0.6:
        # repetition helpers (x+, x*): prefer stopping, so arrays stay short
        fitting = [min(fitting, key=len)]
    exp = rng.choice(fitting)
    for sym in exp:
        if sym.is_term:
            kind, text = _terminal_text(sym.name, rng)
            out.append(Tok(kind, text, 1, len(out) + 1, _SOURCE))
        else:
            _expand(sym.name, budget - own, rng, out)


def random_subtree(category: str, rng=None, max_depth: int = 4) -> Node:
    """A random tree of ``category`` (e.g. ``"moves"``), at most ``max_depth`` ludemes deep
    where the grammar allows (deeper only when no shorter alternative exists).

    ``rng``: a ``random.Random``, a numpy ``Generator`` or a seed.

    >>> random_subtree("region", 1, max_depth=1).category
    'region'
    """
    g = grammar()
    if category not in g.categories:
        raise ValueError(f"unknown category {category!r}; categories: {', '.join(g.categories)}")
    r = _rng(rng)
    tokens: list[Tok] = []
    _expand(category, max_depth, r, tokens)
    tree = parse_tokens(tokens, category)
    return tree
