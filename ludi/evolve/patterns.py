"""Rule patterns read from a description's end clauses: the degenerate kinds the fitness must
keep out of a hall of fame, and LUDI's "win with n, lose with n - 1" that made Yavalath.

>>> from ludi.lang import load_description
>>> line_rules(load_description("yavalath"))
{'Win': [4], 'Loss': [3]}
>>> win_lose_pair(load_description("yavalath"))
4
"""

from __future__ import annotations

from ludi.lang import Description, Node, parse
from ludi.lang.tree import Sym

#: A board of at most this many cells is not "open" (Tic-Tac-Toe's 3x3 is a flawed game, not a
#: trivial win: perfect players draw it).
SMALL_BOARD = 9


def _desc(d: Description | str) -> Description:
    return parse(d) if isinstance(d, str) else d


#: A verdict for ``who``, seen from the mover (two players: the next player's win is the
#: mover's loss).
_FOR_MOVER = {("Mover", "Win"): "Win", ("Mover", "Loss"): "Loss", ("Mover", "Draw"): "Draw",
              ("All", "Draw"): "Draw", ("Next", "Win"): "Loss", ("Next", "Loss"): "Win"}


def _clauses(d: Description) -> list[tuple[Node, str | None]]:
    """(condition, verdict for the mover) of every ``(if COND (result WHO VERDICT))`` end
    clause (None for other outcomes, such as ``byScore``, or other roles)."""
    out = []
    for clause in d.tree.find("clause_if"):
        cond, outcome = clause.args[0], clause.args[1]
        verdict = None
        if isinstance(outcome, Node) and outcome.rule == "outcome_result":
            who, what = outcome.args[0], outcome.args[1]
            if isinstance(who, Sym) and isinstance(what, Sym):
                verdict = _FOR_MOVER.get((who.name, what.name))
        out.append((cond, verdict))
    return out


def line_rules(d: Description | str) -> dict[str, list[int]]:
    """The line lengths of the plain ``(if (is Line n) (result WHO VERDICT))`` clauses, by the
    verdict for the player who made the line."""
    found: dict[str, list[int]] = {}
    for cond, verdict in _clauses(_desc(d)):
        if verdict is not None and isinstance(cond, Node) and cond.rule == "cond_is_line" \
                and isinstance(cond.args[0], int):
            found.setdefault(verdict, []).append(cond.args[0])
    return found


def win_lose_pair(d: Description | str) -> int | None:
    """n when the rules say "a line of n wins, a line of n - 1 loses" (LUDI's find); else None.

    The win must come first: end clauses are tried in order and the first that holds decides,
    so a loss on n - 1 tried before the win on n (a line of n holds one of n - 1) is a misère
    game whose win can never happen, not Yavalath's rule.

    >>> ends = "(end {(if (is Line 3) (result Mover Loss)) (if (is Line 4) (result Mover Win))})"
    >>> win_lose_pair(f'(game "G" (players 2) (equipment {{(board (hex 5)) (piece "Marker" '
    ...               f'Each)}}) (rules (play (move Add (to (sites Empty)))) {ends}))') is None
    True
    """
    first: dict[tuple[str, int], int] = {}  # (verdict, n) -> the first clause saying it
    for k, (cond, verdict) in enumerate(_clauses(_desc(d))):
        if verdict is not None and isinstance(cond, Node) and cond.rule == "cond_is_line" \
                and isinstance(cond.args[0], int):
            first.setdefault((verdict, cond.args[0]), k)
    pairs = [n for (verdict, n), k in first.items()
             if verdict == "Win" and k < first.get(("Loss", n - 1), -1)]
    return min(pairs) if pairs else None


def _cells(d: Description) -> int:
    from ludi.engine import from_description

    return from_description(d).board.num_cells


def degenerate_kinds(d: Description | str) -> list[str]:
    """The degenerate patterns a description matches (empty: none):

    - "short line wins": a line of 3 or less wins on an open board (more than 9 cells) —
      the first player wins within a few plies;
    - "no wins": every end clause's result is a draw or a loss (no rule makes a winner by
      achievement; misère traps and draw-or-lose games).
    """
    d = _desc(d)
    kinds = []
    lines = line_rules(d)
    if any(n <= 3 for n in lines.get("Win", [])) and _cells(d) > SMALL_BOARD:
        kinds.append("short line wins")
    if not has_goal(d):
        kinds.append("no wins")
    return kinds


def has_goal(d: Description | str) -> bool:
    """Whether some end rule can make the mover win by what they achieve (or scores decide).

    False when every end clause is a draw or the mover's loss: a misère trap on an open board,
    where whoever is first forced into the losing pattern loses (the game of parity the issue
    of degenerate kinds names), or a game that can only be drawn or lost."""
    clauses = _clauses(_desc(d))
    return not clauses or any(v not in ("Draw", "Loss") for _, v in clauses)
