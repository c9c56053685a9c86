"""The constructs a Ludii description uses, and which missing ones block the most games.

A construct is a ludeme with its kind (``move Step``, ``sites Around``, ``is Occupied``), a named
argument of it (``square diagonals:``), or one of a few argument shapes that matter to the engine
(``piece +moves``: a piece with its own moves; ``players {}``: players with directions). Roles in
the kind position are one construct (``sites ROLE`` for ``(sites Mover)`` and ``(sites P1)``).

A construct counts as supported when ludi's grammar reads it (and plays it), or a shipped game or
a Ludii game that ludi plays uses it; each refused game is then blocked by the constructs it uses
that are not. :func:`rank_missing` orders them by games blocked, and by the games each would
complete on its own.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from ludi.lang.reader import SList, Tok

#: Words that name a player or a group of players where Ludii expects a role.
ROLES = frozenset({
    "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12", "P13", "P14",
    "P15", "P16", "Mover", "Next", "Prev", "Each", "Shared", "Neutral", "Enemy", "Friend", "All",
    "Player", "NonMover", "Team1", "Team2", "Ally",
})


def construct_keys(tree: SList) -> set[str]:
    """The constructs of an expanded ``(game …)`` list."""
    out: set[str] = set()
    _visit(tree, out)
    return out


def _visit(lst: SList, out: set[str]) -> None:
    if lst.brace:
        for item in lst.items:
            if isinstance(item, SList):
                _visit(item, out)
        return
    head = lst.items[0].text if lst.items and isinstance(lst.items[0], Tok) else "()"
    key = head
    second = lst.items[1] if len(lst.items) > 1 else None
    if isinstance(second, Tok) and second.kind == "word" and second.text[:1].isupper():
        key += " ROLE" if second.text in ROLES else " " + second.text
    out.add(key)
    for item in lst.items[1:]:
        if isinstance(item, Tok) and item.kind == "named":
            out.add(f"{key} {item.text}")
        elif isinstance(item, SList):
            _visit(item, out)
    if head == "piece" and any(isinstance(it, SList) for it in lst.items[2:]):
        out.add("piece +moves")
    if head == "players" and isinstance(second, SList):
        out.add("players {}")


def grammar_keys() -> set[str]:
    """The constructs ludi's grammar reads and the engine plays (its parse-only rules left
    out), read off the rules' head keywords: ``moves_step: "(" "move" "Step" …`` is
    ``move Step``, with ``move Step to:`` style keys for its named arguments."""
    from ludi.lang.grammar import grammar, grammar_path

    banned = grammar().parse_only
    out: set[str] = set()
    for line in grammar_path().read_text(encoding="utf-8").splitlines():
        m = re.match(r'(\w+): "\(" "([^"]+)"(?: "([A-Z]\w*)")?( role)?', line)
        if not m or m.group(1) in banned:
            continue
        key = m.group(2) + (f" {m.group(3)}" if m.group(3) else " ROLE" if m.group(4) else "")
        out.add(key)
        out.update(f"{key} {name}" for name in re.findall(r'"(\w+:)"', line))
    return out


def shipped_keys() -> set[str]:
    """The constructs of ludi's shipped games, which all play."""
    from ludi.lang.description import shipped_games
    from ludi.lang.expand import expand
    from ludi.lang.reader import read_text

    out: set[str] = set()
    for path in shipped_games().values():
        out |= construct_keys(expand(read_text(path), str(path)).game)
    return out


def _missing(playing: Iterable[set[str]], refused: dict[str, set[str]]) -> dict[str, set[str]]:
    """The constructs of each refused game that are not supported (games refused for another
    reason, an argument's form or a rule's meaning, have none and are left out)."""
    supported: set[str] = set().union(grammar_keys(), shipped_keys(), *playing)
    missing = {name: keys - supported for name, keys in refused.items()}
    return {name: keys for name, keys in missing.items() if keys}


def rank_missing(playing: Iterable[set[str]], refused: dict[str, set[str]]
                 ) -> list[tuple[str, int, int]]:
    """(construct, games it blocks, games it alone blocks) for every construct of a refused game
    that no playing game uses, most blocking first."""
    missing = _missing(playing, refused)
    blocks = Counter(k for keys in missing.values() for k in keys)
    alone = Counter(next(iter(keys)) for keys in missing.values() if len(keys) == 1)
    return sorted(((k, n, alone[k]) for k, n in blocks.items()),
                  key=lambda row: (-row[1], -row[2], row[0]))


def greedy_order(playing: Iterable[set[str]], refused: dict[str, set[str]], steps: int = 30
                 ) -> list[tuple[str, int]]:
    """Constructs in the order that completes the most refused games at each step (a game is
    complete when none of its constructs is missing), with the running count of completed
    games. A step that completes nothing picks the construct nearest to completing some."""
    missing = _missing(playing, refused)
    added: set[str] = set()
    done = 0
    order = []
    for _ in range(steps):
        score: Counter = Counter()
        for keys in missing.values():
            rest = keys - added
            if rest:
                for k in rest:
                    score[k] += 2.0 ** (1 - len(rest))
        if not score:
            break
        best = max(score, key=lambda k: (score[k], k))
        added.add(best)
        done = sum(1 for keys in missing.values() if not keys - added)
        order.append((best, done))
    return order
