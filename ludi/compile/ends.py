"""Ending (``clause_*``, ``outcome_*``): the end clauses, tried in order after every move.

A clause is a ``T.CLAUSES`` record: its condition (a range of ops), whose result it is and the
outcome; ``(byScore …)`` clauses list their scores in ``T.SCORES``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.registry import compiles, fail, items
from ludi.lang import Node
from ludi.lang.tree import Named, Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler

VERDICTS = {"Win": L.OUTCOME.WIN, "Loss": L.OUTCOME.LOSS, "Draw": L.OUTCOME.DRAW}


def end(c: Compiler, part: Node | None, phase: int | None = None) -> None:
    """``(end …)``: the clauses in order, then whether every test is a line (a fast path). A
    phase's own end clauses (``phase``: its number) hold only while the player who moved is in
    that phase; they come before the game's, which Ludii tries after them (a game of phases
    may have none: ``part`` None)."""
    for clause in clauses(c, part):
        if phase is None:
            c.dispatch(clause)
            continue
        cond, outcome = clause.args
        start = len(c.code)
        c.op(clause, L.OP.PHASE)
        c.op(clause, L.OP.CONST, value=phase)
        c.op(clause, L.OP.EQ)
        c.code_range(cond, context="end")
        c.op(clause, L.OP.AND, operands=2)
        c.clauses.add(clause, cond=start, cond_end=len(c.code), **c.dispatch(outcome))
    # (not …) would make a test's failing a win: no cell could then be ruled out
    combinators = (L.OP.AND, L.OP.OR)
    tests = [c.code.rows[i] for k in range(len(c.clauses))
             for i in c.clause_code(k)
             if c.code.get(i, "kind") not in combinators]
    lines = [row[L.O.KIND] == L.OP.LINE and row[L.O.LENGTH] >= 2 for row in tests]
    c.params[L.P.LINE_ONLY] = int(bool(tests) and all(lines))
    c.params[L.P.GROUP_WINS] = int(bool(tests) and not all(lines) and all(
        line or row[L.O.KIND] in (L.OP.CONN, L.OP.LOOP)
        for line, row in zip(lines, tests, strict=True)))


def phases_with_ends(c: Compiler, game_end: Node | None) -> int:
    """Bit k: end rules are tried after a move in phase k, the phase's own or the game's.
    Ludii's draw when every player passes is one of them: where none is tried, players who
    cannot move pass on until a limit ends the game."""
    count = max(int(c.params[L.P.PHASES]), 1)
    if count > 62:
        raise fail(c.tree, f"more than 62 phases ({count})")
    if game_end is not None:
        return (1 << count) - 1
    return sum(1 << phase for phase, part in c.phase_ends if part is not None)


def clauses(c: Compiler, part: Node | None) -> list[Node]:
    """The end clauses of ``(end …)``, each ``(forEach …)`` made its ``(if …)`` clauses."""
    out: list[Node] = []
    for clause in items(part.args[0]) if part is not None else ():
        out += flat(c, clause)
    return out


def flat(c: Compiler, clause: Node) -> list[Node]:
    """One end clause as ``(if C R)`` clauses: a ``(forEach …)`` one per player, and Ludii's
    nested ``(if C {(if C1 R1) …} [R])`` as ``(if (and C C1) R1) … [(if C R)]``. Ludii tries
    the sub-clauses in order once C holds, then the default outcome, and without one plays on:
    exactly the flat clauses tried in order."""
    if clause.rule == "clause_for_each":
        return per_player(c, clause)
    if clause.rule != "clause_if_nested":
        return [clause]
    cond, subs, *outcome = clause.args
    out = [replace(sub, args=(Node("cond_and", (cond, sub.args[0])), sub.args[1]))
           for inner in items(subs) for sub in flat(c, inner)]
    out += [Node("clause_if", (cond, *outcome))] if outcome else []
    return out


@compiles("clause_for_each", "clause_if_nested")
def for_each(c: Compiler, node: Node) -> None:
    for clause in flat(c, node):
        c.dispatch(clause)


def per_player(c: Compiler, clause: Node) -> list[Node]:
    """``(forEach Player if:C R)``: one ``(if C R)`` per player (P1, P2, …; NonMover: the
    others, Next then Prev) with the role Player standing for that player."""
    which, outcome = clause.positional
    cond = clause.named("if")
    if which.name == "Player":
        roles = [f"P{k + 1}" for k in range(c.num_players)]
    elif c.num_players in (2, 3):
        roles = ["Next", "Prev"][:c.num_players - 1]
    else:
        raise fail(clause, f"(forEach NonMover …) in a {c.num_players}-player game is not "
                   "supported yet")
    return [Node("clause_if", (_with_player(cond, Sym("role", r)),
                               _with_player(outcome, Sym("role", r))), clause.pos)
            for r in roles]


def _with_player(value, who: Sym):
    """``value`` with the role Player replaced by ``who``."""
    if isinstance(value, Sym) and value.kind == "role" and value.name == "Player":
        return who
    if isinstance(value, Node):
        return replace(value, args=tuple(_with_player(a, who) for a in value.args))
    if isinstance(value, Named):
        return Named(value.name, _with_player(value.value, who))
    if isinstance(value, tuple):
        return tuple(_with_player(a, who) for a in value)
    return value


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
    return {"role": L.ROLE.MOVER, "outcome": L.OUTCOME.BY_SCORE, "scores": first,
            "score_count": len(c.scores) - first}
