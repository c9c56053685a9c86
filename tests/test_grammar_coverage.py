"""Grammar = what plays: every rule and enumeration value of the grammar compiles in some
description, or it is on the grammar's parse-only list; parse-only ones are refused by the
compiler with a message that says so, and the generator (hence evolution) never makes them."""

from __future__ import annotations

import random

import pytest
from engine_corpus import descriptions

import ludi
from ludi.compile.registry import COMPILERS
from ludi.errors import CompileError
from ludi.evolve.operators import point_mutation
from ludi.lang import grammar, random_subtree
from ludi.lang.tree import Named, Node, Sym, category_of

#: One description per parse-only rule or value (adding one to the list needs an example here).
PARSE_ONLY_EXAMPLES = {
    ("role", "Friend"): "END (if (is Line 3) (result Friend Win))",
    ("sitetype", "Edge"): '(board (square 3) use:Edge) (piece "M" Each)',
}


def game_text(example: str) -> str:
    """A small game with the example as its equipment, play rule or end rule."""
    equipment, play, end = '(board (square 3)) (piece "M" Each)', \
        "(move Add (to (sites Empty)))", "(if (is Line 3) (result Mover Win))"
    if example.startswith("PLAY "):
        play = example[5:]
    elif example.startswith("END "):
        end = example[4:]
    else:
        equipment = example
    return (f'(game "G" (players 2) (equipment {{{equipment}}}) '
            f"(rules (play {play}) (end {end})))")


def used(tree) -> tuple[set[str], set[tuple[str, str]]]:
    """The rules and enumeration values a tree uses (booleans as the values True/False)."""
    rules, values = set(), set()

    def visit(value):
        if isinstance(value, Named):
            visit(value.value)
        elif isinstance(value, tuple):
            for v in value:
                visit(v)
        elif isinstance(value, bool):
            values.add(("bool", str(value)))
        elif isinstance(value, Sym):
            values.add((value.kind, value.name))

    if not isinstance(tree, Node):  # a category whose values are literals (numbers, booleans)
        visit(tree)
        return rules, values
    for node in tree.walk():
        rules.add(node.rule)
        for arg in node.args:
            visit(arg)
    return rules, values


def parse_only() -> set:
    g = grammar()
    return set(g.parse_only) | {(k, v) for k, vs in g.parse_only_values.items() for v in vs}


def test_every_rule_and_value_compiles_in_some_description_or_is_parse_only():
    g = grammar()
    rules, values = set(), set()
    for d in descriptions():
        ludi.engine.from_description(d)  # compiles
        r, v = used(d.tree)
        rules |= r
        values |= v
    universe_rules = set(g.heads)
    universe_values = {(k, v) for k, vs in g.enums.items() if k != "bool" for v in vs}
    universe_values |= {("bool", "True"), ("bool", "False")}
    missing = (universe_rules - rules) | (universe_values - values)
    assert missing - parse_only() == set(), "compiled nowhere and not parse-only"
    assert (rules | values) & parse_only() == set(), "parse-only but compiled"


def test_every_ludeme_rule_has_a_compile_function_or_is_parse_only():
    g = grammar()
    ludemes = {r for r in g.heads if category_of(r) in g.categories and r != category_of(r)}
    assert ludemes - set(COMPILERS) - g.parse_only == set()
    assert set(COMPILERS) <= ludemes  # no compile function for a rule the grammar lacks


def test_the_examples_cover_the_parse_only_list():
    assert set(PARSE_ONLY_EXAMPLES) == parse_only()


@pytest.mark.parametrize("item", sorted(PARSE_ONLY_EXAMPLES, key=str))
def test_parse_only_is_refused_with_its_name(item):
    text = game_text(PARSE_ONLY_EXAMPLES[item])
    ludi.lang.parse(text)  # the grammar reads it ...
    with pytest.raises(CompileError, match="parse-only") as e:
        ludi.parse(text)  # ... the compiler refuses it
    assert e.value.line is not None
    name = item if isinstance(item, str) else item[1]
    assert name.split("_")[-1].lower() in str(e.value).lower().replace(" ", "")


def test_generation_and_mutation_never_make_parse_only():
    g = grammar()
    banned = parse_only()
    rng = random.Random(3)
    for category in g.categories:
        for _ in range(150):
            r, v = used(random_subtree(category, rng, max_depth=4))
            assert (r | v) & banned == set(), category
    tree = ludi.lang.load_description("yavalath").tree
    for _ in range(300):
        mutated = point_mutation(tree, rng)
        if mutated is not None:
            r, v = used(mutated)
            assert v & banned == set()
