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


def _clauses(d: Description) -> list[tuple[Node, Sym | None]]:
    """(condition, verdict) of every ``(if COND (result WHO VERDICT))`` end clause (verdict None
    for other outcomes, such as ``byScore``)."""
    out = []
    for clause in d.tree.find("clause_if"):
        cond, outcome = clause.args[0], clause.args[1]
        verdict = None
        if isinstance(outcome, Node) and outcome.rule == "outcome_result":
            verdict = outcome.args[1]
        out.append((cond, verdict))
    return out


def line_rules(d: Description | str) -> dict[str, list[int]]:
    """The line lengths of the plain ``(if (is Line n) (result Mover VERDICT))`` clauses, by
    verdict."""
    found: dict[str, list[int]] = {}
    for cond, verdict in _clauses(_desc(d)):
        if verdict is not None and isinstance(cond, Node) and cond.rule == "cond_is_line" \
                and isinstance(cond.args[0], int):
            found.setdefault(verdict.name, []).append(cond.args[0])
    return found


def win_lose_pair(d: Description | str) -> int | None:
    """n when the rules say "a line of n wins, a line of n - 1 loses" (LUDI's find); else None."""
    lines = line_rules(d)
    wins, losses = lines.get("Win", []), set(lines.get("Loss", []))
    pairs = [n for n in wins if n - 1 in losses]
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
    clauses = _clauses(d)
    verdicts = {v.name for _, v in clauses if v is not None}
    if clauses and all(v is not None for _, v in clauses) and verdicts <= {"Draw", "Loss"}:
        kinds.append("no wins")
    return kinds
