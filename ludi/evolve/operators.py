"""Typed variation on ludeme trees: subtree crossover and mutations that respect the grammar.

A tree is addressed by paths: a path is a tuple of steps, each the index of a child in the
uniform child view of a value (a node's arguments, a named argument's value, an array's items).
Crossover swaps two subtrees of the same category, or (:func:`merge_ends`) gives each child
the end rules of both parents, the way LUDI joined a line game's win to a misère game's loss;
mutation regenerates a subtree from the grammar (``random_subtree``), changes a number within
the range declared for its argument, picks another value of an enumeration, or inserts/deletes
an item of an array. Every offspring is printed and parsed back: one that does not parse to the
same tree is discarded (and counted).
One that does not compile is made again (:func:`repaired`): the grammar's types do not know
the game's context, which the compiler checks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from ludi.engine import from_description
from ludi.errors import LudiError
from ludi.lang import Node, grammar, parse, random_subtree
from ludi.lang.tree import Named, Sym

#: Ranges of numbers, declared once per argument: (rule, position of the number) -> (lo, hi).
#: Keeps offspring playable-sized; other numbers stay within DEFAULT_RANGE.
RANGES: dict[tuple[str, int], tuple[int, int]] = {
    ("board_hex", 0): (2, 8),
    ("board_hex_diamond", 0): (3, 13),
    ("board_hex_triangle", 0): (3, 13),
    ("board_hex_rectangle", 0): (3, 12),
    ("board_hex_rectangle", 1): (3, 12),
    ("board_square", 0): (3, 15),
    ("board_rectangle", 0): (3, 12),
    ("board_rectangle", 1): (3, 12),
    ("board_tri_hexagon", 0): (2, 8),
    ("cond_is_line", 0): (2, 7),
    ("cond_is_connected_n", 0): (2, 6),
    ("players", 0): (2, 2),
    ("init_set_count", 0): (1, 6),
    ("metarule_move_limit", 0): (20, 400),
    ("cond_is_repeated", 0): (2, 4),
}
DEFAULT_RANGE = (0, 9)
#: Categories whose subtrees evolution may swap or regenerate (structure such as the game, its
#: equipment list and the players stays in place).
EVOLVABLE = ("board", "moves", "region", "cond", "clause", "outcome", "metarule", "int", "site",
             "effect", "init")


@dataclass
class Counters:
    """How variation went: offspring made, and discarded because they were not valid (did not
    print and parse back); offspring repaired (made again because they did not compile) and
    how many of those could not be."""

    made: int = 0
    invalid: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    repaired: int = 0
    unrepaired: int = 0

    def __setstate__(self, state: dict) -> None:  # an older ludi's checkpoint lacks repairs
        self.__dict__.update({"repaired": 0, "unrepaired": 0, **state})

    def discard(self, reason: str) -> None:
        self.invalid += 1
        self.reasons[reason] = self.reasons.get(reason, 0) + 1


# ---------------------------------------------------------------- paths


def children(value) -> list:
    if isinstance(value, Node):
        return list(value.args)
    if isinstance(value, Named):
        return [value.value]
    if isinstance(value, tuple):
        return list(value)
    return []


def rebuild(value, kids: list):
    if isinstance(value, Node):
        return Node(value.rule, tuple(kids), value.pos)
    if isinstance(value, Named):
        return Named(value.name, kids[0])
    return tuple(kids)


def positions(value, path: tuple = (), parent=None):
    """Every (path, value, parent rule, index in parent) below and including ``value``."""
    yield path, value, parent
    owner = value.rule if isinstance(value, Node) else parent
    for i, child in enumerate(children(value)):
        yield from positions(child, path + (i,), (owner, i))


def get(value, path: tuple):
    for step in path:
        value = children(value)[step]
    return value


def replace(value, path: tuple, new):
    if not path:
        return new
    kids = children(value)
    kids[path[0]] = replace(kids[path[0]], path[1:], new)
    return rebuild(value, kids)


def subtrees(tree: Node, category: str | None = None) -> list[tuple[tuple, Node]]:
    """Paths of the evolvable ludemes of a tree (of one category, if given)."""
    out = []
    for path, value, _ in positions(tree):
        if isinstance(value, Node) and value.category in EVOLVABLE and path:
            if category is None or value.category == category:
                out.append((path, value))
    return out


# ---------------------------------------------------------------- validity


def valid(tree: Node) -> Node | None:
    """The tree parsed back from its text, when that gives the same tree; else None."""
    try:
        again = parse(tree.to_text()).tree
    except LudiError:
        return None
    return again if again == tree else None


@lru_cache(maxsize=1 << 14)
def _compiles(text: str) -> bool:
    try:
        from_description(parse(text))
    except LudiError:
        return False
    return True


def compiles(tree: Node) -> bool:
    """Whether a description compiles into a game (a few milliseconds; remembered by text)."""
    return _compiles(tree.to_text())


#: How many times variation makes an offspring again when it does not compile. Variation knows
#: the grammar's types, not the game's context (a side the board lacks, a player the game does
#: not have), so about a third of raw offspring fail to compile; made again, nearly all do.
REPAIR_TRIES = 8


def repaired(make, counters: Counters | None = None):
    """The first result of ``make()`` (a tree, or a tuple whose first item is the tree) that
    compiles, calling it up to :data:`REPAIR_TRIES` times; the last result if none does."""
    counters = counters or Counters()
    for attempt in range(REPAIR_TRIES):
        result = make()
        if compiles(result[0] if isinstance(result, tuple) else result):
            counters.repaired += attempt > 0
            return result
    counters.unrepaired += 1
    return result


# ---------------------------------------------------------------- operators


def crossover(a: Node, b: Node, rng: random.Random, counters: Counters | None = None):
    """Swap a random subtree of ``a`` with one of the same category in ``b``; two children (or
    the parents unchanged when they share no category or a child is not valid)."""
    counters = counters or Counters()
    spots = subtrees(a)
    rng.shuffle(spots)
    for path_a, node_a in spots:
        partners = subtrees(b, node_a.category)
        if not partners:
            continue
        path_b, node_b = rng.choice(partners)
        child_a = valid(replace(a, path_a, node_b))
        child_b = valid(replace(b, path_b, node_a))
        counters.made += 2
        if child_a is None:
            counters.discard("crossover")
        if child_b is None:
            counters.discard("crossover")
        return child_a or a, child_b or b
    return a, b


#: The most end clauses a merge makes: merged ends grow by one clause each time, and a longer
#: list only repeats what its first clauses say.
MAX_END_CLAUSES = 4


def _end_clauses(tree: Node) -> list[tuple[tuple, tuple]]:
    """(path, clauses) of every ``(end …)`` of a tree: one clause or a list of them."""
    out = []
    for path, value, _ in positions(tree):
        if isinstance(value, Node) and value.rule == "end":
            body = value.args[0]
            out.append((path, body if isinstance(body, tuple) else (body,)))
    return out


def _merged(a: Node, b: Node, rng: random.Random) -> Node | None:
    """``a`` with one end clause of ``b`` added to one of its ends (None when either has no end,
    ``a``'s end is full, or it already holds every clause ``b`` has)."""
    ends_a, ends_b = _end_clauses(a), _end_clauses(b)
    if not ends_a or not ends_b:
        return None
    path, clauses = rng.choice(ends_a)
    new = [c for _, cs in ends_b for c in cs if c not in clauses]
    if not new or len(clauses) >= MAX_END_CLAUSES:
        return None
    added = rng.choice(new)
    merged = list(clauses)
    merged.insert(rng.randrange(len(merged) + 1), added)
    return replace(a, path, Node("end", (tuple(merged),)))


def merge_ends(a: Node, b: Node, rng: random.Random, counters: Counters | None = None):
    """Two children that each keep their parent's end rules and add one of the other parent's
    (a line game's win and a misère game's loss make Yavalath's pair). Subtree crossover cannot
    do this: it swaps a clause for a clause, so a single-clause end stays single.

    >>> from ludi.lang import load_description
    >>> a = load_description("fourline").tree
    >>> b = load_description("misere3").tree
    >>> child, _ = merge_ends(a, b, random.Random(1))
    >>> print(child.find("end")[0].to_text())
    (end {(if (is Line 4 All) (result Mover Win)) (if (is Line 3) (result Mover Loss))})
    """
    counters = counters or Counters()
    kids = []
    for x, y in ((a, b), (b, a)):
        child = _merged(x, y, rng)
        if child is not None:
            counters.made += 1
            checked = valid(child)
            if checked is None:
                counters.discard("merge_ends")
            child = checked
        kids.append(child or x)
    return kids[0], kids[1]


def _number_range(parent) -> tuple[int, int]:
    return RANGES.get(parent, DEFAULT_RANGE) if parent else DEFAULT_RANGE


def point_mutation(tree: Node, rng: random.Random):
    """Change one number (within its declared range), enumeration value or boolean."""
    spots = [(path, value, parent) for path, value, parent in positions(tree)
             if (isinstance(value, (int, Sym)) and path)]
    spots = [s for s in spots if not (isinstance(s[1], int) and s[2] and s[2][0] == "players")]
    if not spots:
        return None
    path, value, parent = rng.choice(spots)
    if isinstance(value, bool):
        new = not value
    elif isinstance(value, int):
        lo, hi = _number_range(parent)
        new = value if lo == hi else rng.choice([v for v in range(lo, hi + 1) if v != value])
    else:
        options = [v for v in grammar().playable_values(value.kind) if v != value.name]
        if not options:
            return None
        new = Sym(value.kind, rng.choice(options))
    return replace(tree, path, new)


def in_ranges(tree, rng: random.Random):
    """``tree`` with every number that has a declared range and lies outside it redrawn within
    it (the grammar's generator writes numbers 1..9, whatever the argument)."""
    out = tree
    for path, value, parent in positions(tree):
        if isinstance(value, int) and not isinstance(value, bool) and parent in RANGES:
            lo, hi = RANGES[parent]
            if not lo <= value <= hi:
                out = replace(out, path, rng.randint(lo, hi))
    return out


def regenerate(tree: Node, rng: random.Random, max_depth: int = 3):
    """Replace a random evolvable subtree by a fresh one of the same category."""
    spots = subtrees(tree)
    if not spots:
        return None
    path, node = rng.choice(spots)
    fresh = in_ranges(random_subtree(node.category, rng, max_depth), rng)
    return replace(tree, path, fresh)


def insert_or_delete(tree: Node, rng: random.Random, max_depth: int = 2):
    """Delete an item of an array of ludemes (keeping one at least) or add a new one."""
    arrays = [(path, value) for path, value, _ in positions(tree)
              if isinstance(value, tuple) and value and isinstance(value[0], Node)
              and value[0].category in EVOLVABLE]
    if not arrays:
        return None
    path, items = rng.choice(arrays)
    if len(items) > 1 and rng.random() < 0.5:
        k = rng.randrange(len(items))
        return replace(tree, path, items[:k] + items[k + 1:])
    fresh = in_ranges(random_subtree(items[0].category, rng, max_depth), rng)
    k = rng.randrange(len(items) + 1)
    return replace(tree, path, items[:k] + (fresh,) + items[k:])


MUTATIONS = (point_mutation, point_mutation, regenerate, insert_or_delete)


def mutate(tree: Node, rng: random.Random, counters: Counters | None = None) -> Node:
    """One random mutation (a valid child, or the parent when none could be made)."""
    counters = counters or Counters()
    for _ in range(4):
        op = rng.choice(MUTATIONS)
        child = op(tree, rng)
        if child is None:
            continue
        counters.made += 1
        checked = valid(child)
        if checked is None:
            counters.discard(op.__name__)
            continue
        return checked
    return tree
