"""Ending (``clause_*``, ``outcome_*``): the end clauses, tried in order after every move.

A clause is a ``T_CLAUSES`` record: its condition (a range of ops), whose result it is and the
outcome; ``(byScore …)`` clauses list their scores in ``T_SCORES``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.registry import compiles, items
from ludi.lang import Node

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler

VERDICTS = {"Win": L.WIN, "Loss": L.LOSS, "Draw": L.DRAW}


def end(c: Compiler, part: Node | None, phase: int | None = None) -> None:
    """``(end …)``: the clauses in order, then whether every test is a line (a fast path). A
    phase's own end clauses (``phase``: its number) hold only while the player who moved is in
    that phase; they come before the game's, which Ludii tries after them (a game of phases
    may have none: ``part`` None)."""
    for clause in items(part.args[0]) if part is not None else ():
        if phase is None:
            c.dispatch(clause)
            continue
        cond, outcome = clause.args
        start = len(c.code)
        c.op(clause, L.OP_PHASE)
        c.op(clause, L.OP_CONST, value=phase)
        c.op(clause, L.OP_EQ)
        c.code_range(cond, context="end")
        c.op(clause, L.OP_AND, operands=2)
        c.clauses.add(clause, cond=start, cond_end=len(c.code), **c.dispatch(outcome))
    combinators = (L.OP_AND, L.OP_OR, L.OP_NOT)
    tests = [c.code.rows[i] for k in range(len(c.clauses))
             for i in range(c.clauses.get(k, "cond"), c.clauses.get(k, "cond_end"))
             if c.code.get(i, "kind") not in combinators]
    c.params[L.P_LINE_ONLY] = int(bool(tests) and all(
        row[L.O_KIND] == L.OP_LINE and row[L.O_LENGTH] >= 2 for row in tests))


@compiles("clause_if")
def clause_if(c: Compiler, node: Node) -> None:
    cond, outcome = node.args
    start, stop = c.code_range(cond, context="end")
    c.clauses.add(node, cond=start, cond_end=stop, **c.dispatch(outcome))


@compiles("outcome_result")
def result(c: Compiler, node: Node) -> dict[str, int]:
    role, verdict = node.args
    return {"role": c.role(node, role), "outcome": VERDICTS[verdict.name]}


@compiles("outcome_by_score")
def by_score(c: Compiler, node: Node) -> dict[str, int]:
    first = len(c.scores)
    for score in items(node.args[0]) if node.args else ():
        start, stop = c.code_range(score.args[1], context="end")
        c.scores.add(score, colour=c.colour(score, score.args[0]), value=start,
                     value_end=stop)
    return {"role": L.ROLE_MOVER, "outcome": L.BY_SCORE, "scores": first,
            "score_count": len(c.scores) - first}
