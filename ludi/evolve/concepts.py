"""What a game is made of, as numbers an archive can file it by.

Ludii describes a game by its *concepts*, booleans such as "uses hops", "captures by
custodial enclosure", "ends on a line"; GAVEL (Todd et al. 2024) files generated games in a
MAP-Elites grid over the first two principal components of those booleans, fitted on Ludii's
library. ludi's concepts are the ludemes a description uses: every grammar rule its tree holds
(``moves_hop``, ``effect_remove``, ``cond_is_line``, ``board_hex``…), which say how it moves,
captures and ends, less the structure every game has. :class:`ConceptSpace` is the PCA of those
booleans over a library of games, and :func:`distance` the Jaccard distance of two games' ludeme
sets (0: the same ludemes; 1: none shared), by which a game is novel when no library game is
near it.

>>> from ludi.lang import load_description
>>> sorted(ludemes(load_description("tictactoe")))[:4]
['board_square', 'clause_if', 'cond_is_line', 'equip_board']
>>> distance(ludemes(load_description("tictactoe")), ludemes(load_description("gomoku")))
0.0
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ludi.lang import Description, Node, parse

#: Rules every description holds: they say nothing about the game.
STRUCTURE = frozenset({"game", "players", "equipment", "rules", "play", "end"})


def ludemes(d: Description | str | Node) -> frozenset[str]:
    """The grammar rules a description's tree uses, less :data:`STRUCTURE`."""
    tree = d if isinstance(d, Node) else (parse(d) if isinstance(d, str) else d).tree
    return frozenset(n.rule for n in tree.walk()) - STRUCTURE


def distance(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard distance of two ludeme sets: the share of ludemes used by one game only."""
    union = a | b
    return 1.0 - len(a & b) / len(union) if union else 0.0


def nearest(game: frozenset[str], library: list[frozenset[str]]) -> tuple[float, int]:
    """Distance to, and index of, the library game nearest ``game`` (first of ties)."""
    gaps = [distance(game, other) for other in library]
    best = int(np.argmin(gaps))
    return float(gaps[best]), best


@dataclass(frozen=True)
class ConceptSpace:
    """The principal axes of a library's ludeme booleans: :meth:`project` places any game in
    the plane of the first two, as GAVEL places games by Ludii's concepts."""

    vocabulary: tuple[str, ...]
    mean: np.ndarray
    axes: np.ndarray  # (2, len(vocabulary)), unit rows

    @classmethod
    def fit(cls, library: list[frozenset[str]]) -> ConceptSpace:
        """The PCA of the library's boolean ludeme vectors (each axis signed so that its largest
        loading is positive: the same library always gives the same axes)."""
        vocabulary = tuple(sorted(set().union(*library)))
        x = _matrix(library, vocabulary)
        mean = x.mean(axis=0)
        _, _, vt = np.linalg.svd(x - mean, full_matrices=False)
        axes = vt[:2].copy()
        for row in axes:
            if row[np.argmax(np.abs(row))] < 0:
                row *= -1
        return cls(vocabulary, mean, axes)

    def project(self, games: list[frozenset[str]]) -> np.ndarray:
        """(n, 2) coordinates; ludemes outside the library's vocabulary add nothing."""
        return (_matrix(games, self.vocabulary) - self.mean) @ self.axes.T

    def loadings(self, axis: int, k: int = 4) -> list[tuple[str, float]]:
        """The ``k`` ludemes that weigh most on an axis, with their signed loadings."""
        row = self.axes[axis]
        order = np.argsort(-np.abs(row))[:k]
        return [(self.vocabulary[i], float(row[i])) for i in order]


def _matrix(games: list[frozenset[str]], vocabulary: tuple[str, ...]) -> np.ndarray:
    column = {name: i for i, name in enumerate(vocabulary)}
    x = np.zeros((len(games), len(vocabulary)))
    for r, game in enumerate(games):
        for name in game:
            if name in column:
                x[r, column[name]] = 1.0
    return x
