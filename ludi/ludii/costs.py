"""What a game's moves cost: the rules whose work ludi repeats for every move, for the coverage
page's list of the slowest games.

A guide, not a profile: these are the constructs (:mod:`ludi.ludii.constructs` keys) known to
make each move dearer than a plain step or placement, named for what the engine does for them.

>>> costly_rules(["move Step", "do ifAfterwards:", "is Threatened"])
['check tests (is Threatened …): the other side’s moves generated for each move tried', \
'do-filters (ifAfterwards:): each move tried on a copy before it counts']
"""

from __future__ import annotations

from collections.abc import Iterable

#: construct key -> what the engine does for it on every move (in the order the page lists them).
COSTLY = {
    "is Threatened": "check tests (is Threatened …): the other side’s moves generated for "
                     "each move tried",
    "do ifAfterwards:": "do-filters (ifAfterwards:): each move tried on a copy before it counts",
    "no Moves": "end rules that count the next player’s moves after every move (no Moves …)",
    "can Move": "(can Move …): moves generated to test whether one exists",
    "dice": "dice: the roll applied before the moves and replayed with each one",
    "expand": "regions grown around each piece (expand …)",
    "sites Occupied component:": "regions of one piece kind rebuilt (sites Occupied component:)",
    "all Sites": "every site of a region tested (all Sites …)",
    "count Sites": "sites counted after every move (count Sites …)",
    "forEach Site": "effects repeated over a region (forEach Site …)",
    "sites Distance": "distances worked out from a site (sites Distance …)",
    "priority": "(priority …): a first list of moves generated in full before the next",
    "max Captures": "capture series searched to their end (max Captures …)",
    "max Moves": "(max Moves …): the turn each move begins played out to its end, every "
                 "way, where several moves are to choose from",
}


def costly_rules(constructs: Iterable[str]) -> list[str]:
    """The costly rules among a game's constructs, in :data:`COSTLY`'s order."""
    have = set(constructs)
    return [why for key, why in COSTLY.items() if key in have]
