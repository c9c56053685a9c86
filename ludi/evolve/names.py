"""Names of their own for evolved games.

An offspring used to keep the name of the seed it came from, so the hall of fame showed a "Four
Line" that is five in a row. Now a child that is a new game gets an invented name (LUDI's own
name generator gave Yavalath and Ndengrod theirs), made from syllables by its game hash
(:func:`ludi.evolve.population.game_hash`: without dead rules or name), so one game has one name
in every run; a child that is one of its parents' games keeps that parent's name.

>>> invented_name("4f6c2d0e9ab31577")
'Zereden'
"""

from __future__ import annotations

from ludi.evolve.population import game_hash
from ludi.lang import Node, parse

CONSONANTS = "bdfghklmnprstvz"
VOWELS = "aeiou"
ENDINGS = ("", "n", "r", "l", "th", "s", "k", "x")


def invented_name(game_hash: str) -> str:
    """A pronounceable name of two or three syllables drawn from ``game_hash`` (hex digits)."""
    n = int(game_hash, 16)
    syllables = 2 + n % 2
    n //= 2
    letters = []
    for _ in range(syllables):
        letters.append(CONSONANTS[n % len(CONSONANTS)] + VOWELS[n // len(CONSONANTS) % 5])
        n //= len(CONSONANTS) * len(VOWELS)
    return ("".join(letters) + ENDINGS[n % len(ENDINGS)]).capitalize()


def renamed(tree: Node, name: str) -> Node:
    """The game ``tree`` called ``name``."""
    return Node(tree.rule, (name, *tree.args[1:]), tree.pos)


def named_child(tree: Node, parents: list[str]) -> Node:
    """The child ``tree`` with the name of the parent (a description's text) whose game it is,
    else with a name of its own."""
    text = tree.to_text()
    for parent in parents:
        if game_hash(parent) == game_hash(text):
            return renamed(tree, parse(parent).name)
    return renamed(tree, invented_name(game_hash(text)))
