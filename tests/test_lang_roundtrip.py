"""Round trips of the ludi language: text -> tree -> text -> the same tree, and canonical hashes.

Every shipped game is parsed with every combination of its options; the printed form must parse
back to an equal tree (and an equal hash) at any width; the canonical form must ignore the order of
unordered arrays (and nothing else); random subtrees of every grammar category must round-trip.
"""

from __future__ import annotations

import itertools
import random
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludi.lang import (
    Named,
    Node,
    Sym,
    grammar,
    load_description,
    parse,
    parse_fragment,
    random_subtree,
    shipped_games,
)
from ludi.lang.description import resolve

#: Shipped game names that DESIGN.md promises (section 3, "Shipped game names").
PROMISED_GAMES = ("yavalath", "havannah", "oware", "playwin", "tictactoe", "hex", "gomoku")

WIDTHS = (1, 20, 40, 60, 88, 120, 10**9)


def typed(x):
    """A tree as nested tuples that also record the Python type of every literal, so that
    ``1``, ``1.0`` and ``True`` (equal under ``==``) are told apart."""
    if isinstance(x, Node):
        return ("node", x.rule, tuple(typed(a) for a in x.args))
    if isinstance(x, Named):
        return ("named", x.name, typed(x.value))
    if isinstance(x, tuple):
        return ("array", tuple(typed(a) for a in x))
    if isinstance(x, Sym):
        return ("sym", x.kind, x.name)
    return (type(x).__name__, x)


def depth(x) -> int:
    """Nesting depth counted in ludemes (nodes)."""
    if isinstance(x, Node):
        return 1 + max((depth(a) for a in x.args), default=0)
    if isinstance(x, Named):
        return depth(x.value)
    if isinstance(x, tuple):
        return max((depth(a) for a in x), default=0)
    return 0


def _combinations():
    """(game, {category: item}) for every shipped game and every combination of its options."""
    out = []
    for name in shipped_games():
        d = load_description(name)
        cats = [o.category for o in d.available]
        items = [[i.name for i in o.items] for o in d.available]
        for combo in itertools.product(*items):
            out.append((name, dict(zip(cats, combo, strict=True))))
    return out


COMBINATIONS = _combinations()


def _combo_id(value):
    if isinstance(value, dict):
        return ",".join(value.values()) or "no-options"
    return str(value)


# ------------------------------------------------------------------ shipped games


def test_at_least_ten_games_are_shipped():
    games = shipped_games()
    assert len(games) >= 10, sorted(games)
    for name, path in games.items():
        assert path.suffix == ".lud" and path.is_file()
        assert path.stem == name
        assert resolve(name) == path
        assert resolve(name.upper()) == path  # names are case-insensitive


def test_every_shipped_file_is_listed_and_promised_names_exist():
    games = shipped_games()
    folder = next(iter(games.values())).parent
    on_disk = sorted(p.stem for p in folder.glob("*.lud"))
    assert sorted(games) == on_disk
    for name in PROMISED_GAMES:
        assert name in games, f"DESIGN.md promises a shipped game {name!r}"


def test_option_combinations_are_enumerated():
    # yavalath: 3 board sizes x 2 pie rules x 2 player counts
    assert sum(1 for g, _ in COMBINATIONS if g == "yavalath") == 12
    assert sum(1 for g, _ in COMBINATIONS if g == "havannah") == 7 * 2
    assert sum(1 for g, _ in COMBINATIONS if g == "tictactoe") == 1
    assert len({g for g, _ in COMBINATIONS}) == len(shipped_games())


@pytest.mark.parametrize(("game", "options"), COMBINATIONS, ids=_combo_id)
def test_every_option_combination_round_trips(game, options):
    d = load_description(game, options)
    assert d.options == options
    assert d.tree.rule == "game" and d.tree.category == "game"
    assert d.name == d.tree.args[0]

    text = d.to_text()
    again = parse(text)
    assert again.tree == d.tree
    assert typed(again.tree) == typed(d.tree)
    assert again.hash == d.hash
    assert again.name == d.name
    assert again.options == {}  # the expanded text has no options left
    assert again.to_text() == text  # printing is a fixed point

    # the canonical text is itself a description of the same game
    canon = parse(d.canonical())
    assert canon.tree == d.tree.canonical()
    assert canon.hash == d.hash
    assert canon.canonical() == d.canonical()
    assert "\n" not in d.canonical()
    assert re.fullmatch(r"[0-9a-f]{16}", d.hash)


@pytest.mark.parametrize("game", sorted(shipped_games()))
def test_printer_round_trips_at_every_width(game):
    d = load_description(game)
    line_counts = []
    for width in WIDTHS:
        text = d.tree.to_text(width)
        assert parse(text).tree == d.tree, f"width {width}:\n{text}"
        assert typed(parse(text).tree) == typed(d.tree)
        line_counts.append(len(text.splitlines()))
        if 50 <= width < 10**9:
            too_long = [line for line in text.splitlines() if len(line) > width]
            assert not too_long, f"width {width}: lines too long:\n" + "\n".join(too_long)
    assert line_counts[-1] == 1  # a huge width prints one line
    assert line_counts[0] > 1
    assert line_counts == sorted(line_counts, reverse=True)  # wider never means more lines


def test_default_text_width_is_88():
    d = load_description("oware")
    assert d.to_text() == d.to_text(88) == d.tree.to_text(88) == str(d.tree)
    assert max(len(line) for line in d.to_text().splitlines()) <= 88


def test_whitespace_and_comments_do_not_change_the_tree():
    d = load_description("havannah")
    lines = d.tree.to_text(1).splitlines()
    noisy = "// leading comment (with a bracket {\n" + "\n\n".join(
        "\t  " + line + "   // comment ) }" for line in lines
    )
    again = parse(noisy)
    assert again.tree == d.tree
    assert again.hash == d.hash
    assert again.to_text() == d.to_text()


@pytest.mark.parametrize("width", [1, 7, 30, 88])
def test_float_and_negative_literals_round_trip(width):
    for text in [
        "(rotate 90 (hex 5))",
        "(rotate 90.0 (hex 5))",
        "(rotate -30.5 (hex 5))",
        "(rotate 0.00001 (hex 5))",
        "(rotate 12345678901234567890.5 (hex 5))",
    ]:
        node = parse_fragment(text, "board")
        again = parse_fragment(node.to_text(width), "board")
        assert typed(again) == typed(node), node.to_text(width)
        assert again.hash == node.hash
    assert typed(parse_fragment("(rotate 90 (hex 5))", "board").args[0]) == ("int", 90)
    assert typed(parse_fragment("(rotate 90.0 (hex 5))", "board").args[0]) == ("float", 90.0)


@settings(max_examples=60, deadline=None, database=None)
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_any_float_prints_and_reads_back(x):
    node = Node("board_rotate", (x, Node("board_hex", (5,))))
    again = parse_fragment(node.to_text(), "board")
    assert typed(again.args[0]) == ("float", x) or (x == 0.0 and again.args[0] == 0.0)


# ------------------------------------------------------------------ canonical form and hashes


@pytest.mark.parametrize(
    ("a", "b", "category"),
    [
        ("(or {(is Loop) (is Connected 2 Corners)})",
         "(or {(is Connected 2 Corners) (is Loop)})", "cond"),
        ("(or (is Loop) (is Connected 2 Corners))",
         "(or {(is Connected 2 Corners) (is Loop)})", "cond"),
        ("(and {(is Loop) (is Cycle) (no Moves Next)})",
         "(and {(no Moves Next) (is Loop) (is Cycle)})", "cond"),
        ("(union (sites Top) (sites Bottom))", "(union (sites Bottom) (sites Top))", "region"),
        ("(union (sites Top) (sites Bottom))", "(union {(sites Bottom) (sites Top)})", "region"),
        ("(or {(move Pass) (move Add (to (sites Empty)))})",
         "(or {(move Add (to (sites Empty))) (move Pass)})", "moves"),
        ("(and (move Pass) (move Add (to (sites Empty))))",
         "(and (move Add (to (sites Empty))) (move Pass))", "moves"),
        # nested: an unordered array inside another, both reordered
        ("(to (union {(sites Top) (union (sites Left) (sites Right))}))",
         "(to (union {(union (sites Right) (sites Left)) (sites Top)}))", "to"),
    ],
)
def test_canonical_form_ignores_the_order_of_unordered_arrays(a, b, category):
    x, y = parse_fragment(a, category), parse_fragment(b, category)
    assert x.canonical() == y.canonical()
    assert x.hash == y.hash
    assert x.canonical().canonical() == x.canonical()  # idempotent
    # the canonical form is valid text of the same category
    assert parse_fragment(x.canonical().to_text(), category) == x.canonical()


@pytest.mark.parametrize(
    ("a", "b", "category"),
    [
        # order matters: priority tries the first list first, end clauses are tried in order
        ("(priority {(move Pass) (move Add (to (sites Empty)))})",
         "(priority {(move Add (to (sites Empty))) (move Pass)})", "moves"),
        ("(end {(if (is Line 4) (result Mover Win)) (if (is Line 3) (result Mover Loss))})",
         "(end {(if (is Line 3) (result Mover Loss)) (if (is Line 4) (result Mover Win))})",
         "end"),
        ("(- (count Moves) 1)", "(- 1 (count Moves))", "int"),
        ("(hex Rectangle 3 5)", "(hex Rectangle 5 3)", "board"),
        ("(union (sites Top) (sites Bottom))", "(union (sites Top) (sites Left))", "region"),
        ("(or {(is Loop) (is Cycle)})", "(or {(is Loop) (is Cycle) (is Cycle)})", "cond"),
    ],
)
def test_canonical_form_keeps_what_matters(a, b, category):
    x, y = parse_fragment(a, category), parse_fragment(b, category)
    assert x.canonical() != y.canonical()
    assert x.hash != y.hash


def test_reordered_description_has_the_same_hash():
    d = load_description("havannah")
    text = d.to_text()
    swapped = text.replace(
        "(or {(is Loop) (is Connected 3 SidesNoCorners) (is Connected 2 Corners)})",
        "(or {(is Connected 2 Corners) (is Loop) (is Connected 3 SidesNoCorners)})",
    )
    assert swapped != text
    other = parse(swapped)
    assert other.tree != d.tree
    assert other.hash == d.hash
    assert other.canonical() == d.canonical()


def test_different_games_have_different_hashes():
    defaults = {name: load_description(name) for name in shipped_games()}
    hashes = {name: d.hash for name, d in defaults.items()}
    assert len(set(hashes.values())) == len(hashes), hashes

    # across every option combination: equal hash exactly when the canonical trees are equal
    by_hash: dict[str, str] = {}
    for game, options in COMBINATIONS:
        d = load_description(game, options)
        canon = d.canonical()
        assert by_hash.setdefault(d.hash, canon) == canon, (game, options)
    assert len(by_hash) == len(COMBINATIONS)  # no two shipped variants are the same game


def test_hash_changes_with_any_rule_change():
    base = load_description("yavalath")
    assert base.hash == load_description("yavalath").hash  # stable
    variants = [
        load_description("yavalath", {"Board Size & Ruleset": "Compact"}),
        load_description("yavalath", {"Pie Rule": "Disabled"}),
        parse(base.to_text().replace("(is Line 4)", "(is Line 5)")),
        parse(base.to_text().replace('"Yavalath"', '"Yavalath 2"')),
    ]
    for v in variants:
        assert v.tree != base.tree
        assert v.hash != base.hash


# ------------------------------------------------------------------ random subtrees

CATEGORIES = grammar().categories
#: Categories whose trees may be plain literals: ints, booleans (conditions), numbers.
LITERALS = {"int": (int,), "cond": (bool,), "number": (int, float)}


def _subcategories(category: str) -> set[str]:
    """``category`` and the categories its rule lists as whole alternatives (``?int: … | site``):
    a tree of those is a valid tree of ``category``."""
    g = grammar()
    out = {category}
    for exp in g.rules[category]:
        if len(exp) == 1 and not exp[0].is_term and exp[0].name in g.categories:
            out.add(exp[0].name)
    return out


def test_categories_cover_the_grammar():
    g = grammar()
    for cat in ("game", "board", "moves", "region", "cond", "int", "effect", "end", "equip"):
        assert cat in CATEGORIES
    # every ludeme rule belongs to a category that is a start symbol
    for rule in g.heads:
        assert rule.split("_", 1)[0] in CATEGORIES, rule
    # the only category nested whole in another is site (an integer-valued ludeme) in int
    nested = {c: _subcategories(c) - {c} for c in CATEGORIES}
    assert {c: s for c, s in nested.items() if s} == {"int": {"site"}}


def test_random_subtree_rejects_an_unknown_category():
    with pytest.raises(ValueError, match="unknown category"):
        random_subtree("bord", random.Random(1), 3)


@settings(max_examples=400, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    category=st.sampled_from(CATEGORIES),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    max_depth=st.integers(min_value=0, max_value=6),
)
def test_random_subtrees_round_trip(category, seed, max_depth):
    tree = random_subtree(category, random.Random(seed), max_depth)
    if isinstance(tree, Sym) and category == "int":  # Ludii's Undefined, a word
        assert tree.kind == "undefined", tree
        return
    if not isinstance(tree, Node):
        assert category in LITERALS, (category, tree)
        assert isinstance(tree, LITERALS[category]), (category, tree)
        if category == "int":
            assert not isinstance(tree, bool)
        return
    assert tree.category in _subcategories(category), (category, tree.rule)
    if category != "int":
        assert tree.category == category
    for width in (10**9, 40, 1):
        text = tree.to_text(width)
        again = parse_fragment(text, category)
        assert again == tree, text
        assert typed(again) == typed(tree), text
        assert again.hash == tree.hash
    # the canonical form is in the language too
    canon = tree.canonical()
    assert parse_fragment(canon.to_text(), category) == canon
    # depth is bounded by max_depth unless the grammar needs more
    least = depth(random_subtree(category, random.Random(seed), 0))
    assert depth(tree) <= max(max_depth, least)


@settings(max_examples=60, deadline=None, database=None)
@given(
    category=st.sampled_from(CATEGORIES),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    max_depth=st.integers(min_value=0, max_value=5),
)
def test_generation_is_deterministic(category, seed, max_depth):
    first = random_subtree(category, random.Random(seed), max_depth)
    again = random_subtree(category, random.Random(seed), max_depth)
    assert typed(first) == typed(again)
    # a plain int seed means random.Random(seed)
    assert typed(random_subtree(category, seed, max_depth)) == typed(first)
    # a numpy Generator with the same seed gives the same tree too
    a = random_subtree(category, np.random.default_rng(seed), max_depth)
    b = random_subtree(category, np.random.default_rng(seed), max_depth)
    assert typed(a) == typed(b)


def test_generation_varies_with_the_seed():
    for category in ("moves", "region", "cond", "board", "game"):
        texts = {typed(random_subtree(category, random.Random(s), 4)) for s in range(30)}
        assert len(texts) >= 5, category


def test_random_games_are_complete_descriptions():
    for seed in range(20):
        tree = random_subtree("game", random.Random(seed), 5)
        d = parse(tree.to_text())
        assert d.tree == tree
        assert d.hash == tree.hash
