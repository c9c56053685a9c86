"""Threats: Ludii's ``(is Threatened (id "King" ROLE))`` and the checkmate built on it.

A piece is threatened when a player other than its owner has a move (as the rules give them, but
without their ``ifAfterwards:`` filters, whose own threat tests fail inside this one) that ends
on its site. Working that out means generating the other players' moves, so the kernels do it
before the conditions that ask (``ludi.engine.kernels.generate.threatened``), never from inside
the condition VM: after each move a ``(do … ifAfterwards:…)`` tries (for the mover's piece) and
before the end clauses (for every player's). Hence the places a test may stand:

- ``(do MOVES ifAfterwards:(not (is Threatened (id "King" Mover))))``: moves that leave the
  mover's king safe;
- the end clauses, e.g. Ludii's ``"Checkmate"``: ``(and (is Threatened (id "King" Next)) (not
  (can Move (do (forEach Piece Next) ifAfterwards:(not (is Threatened (id "King" Next)))))))``.
  That ``(can Move …)`` asks whether Next has a legal move when the game's own play is
  ``(do (forEach Piece) ifAfterwards:C)`` with C the same test for the mover: ludi reads it as
  ``(not (no Moves Next))``, and refuses a ``(can Move …)`` that differs from the play;
- ``(if (is Threatened (id "King" Next)) A B)`` among a move's (then …) effects (Main
  Chator, Lombard Chess: the king put in check is marked): the effects stop there and the
  move's caller works the threat out (``generate.settle_stops``), as for ``(if (can Move M)
  A B)``;
- Ludii's castling: ``(not (is Threatened (id "King" Mover)))`` among the tests of an ``(if …)``
  of the play (the king is not in check now: ``PR.JUMP_IF_THREATENED``, see
  ``ludi.compile.program.if_``), and ``(not (is Threatened (id "King" Mover) at:(to)))`` in a
  slide's ``(between if:…)`` (no site the king passes is attacked: the slide's moves are
  filtered after it, ``PR.KEEP_SAFE_PATH``, the king put on each site passed in turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.directions import direction_mask
from ludi.compile.registry import compiles, fail, operands
from ludi.lang import Node
from ludi.lang.tree import Named, Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler

#: Program instructions whose moves depend on other moves: the threat test, which runs the
#: generators without the filters, would not make the same moves under them.
_NOT_WITH_THREATS = {L.PR.PRIO_DONE: "(priority …)", L.PR.KEEP_MAX_CAPTURES: "(max Captures …)",
                     L.PR.KEEP_LONGEST: "(max Moves …)"}


#: Where ``(is Threatened … at:SITE)`` is read.
_AT_PLACES = ("(is Threatened … at:SITE) is read only as (not (is Threatened (id \"King\" "
              "Mover) at:(to))) in a slide's (between if:…) (Ludii's castling)")


@compiles("cond_is_threatened")
def is_threatened(c: Compiler, node: Node) -> None:
    """``(is Threatened (id "King" ROLE))``: could another player take ROLE's king now?"""
    if node.named("at") is not None:
        raise fail(node, _AT_PLACES)
    if c.context not in ("after", "end"):
        raise fail(node, "(is Threatened …) is read only in a do's ifAfterwards:, in the (end "
                   "…) rules, as (not (is Threatened …)) among the tests of an (if …) of "
                   "the play, and as the test of an (if (is Threatened …) A B) among a move's "
                   "(then …) effects")
    code = _threat_role(c, node)
    if c.context == "after" and code != L.ROLE.MOVER:
        raise fail(node, "(is Threatened …) in an ifAfterwards: is read for the mover's piece "
                   "only (Mover)")
    if c.context == "end":
        c.params[L.P.END_THREATS] |= 1 << (code + L.COLOURS)
    c.op(node, L.OP.THREATENED, role=code)


def _threat_role(c: Compiler, node: Node) -> int:
    """The role of the ``(id "Name" ROLE)`` a threat test names; each player's piece of that
    type becomes the one its threat tests look at (T.THREAT)."""
    what = node.args[0]
    name, role = what.args[0], what.args[1] if len(what.args) > 1 else None
    if role is None or name[-1:].isdigit():
        raise fail(what, '(is Threatened …) of a piece named with its owner\'s role, e.g. '
                   '(id "King" Mover)')
    code = c.role(what, role)
    for colour in range(c.num_players):
        comp = c.component(what, f"{name}{colour + 1}")
        if c.threat_types[colour] not in (0, comp.index):
            raise fail(node, "(is Threatened …) of one piece type per player only")
        c.threat_types[colour] = comp.index
        c.where_pieces.append((node, comp.index, colour))
    c.params[L.P.THREATS] = 1
    return code


def is_not_threatened(cond) -> bool:
    """Is ``cond`` ``(not (is Threatened …))``, a test the move program makes itself?"""
    return isinstance(cond, Node) and cond.rule == "cond_not" \
        and isinstance(cond.args[0], Node) and cond.args[0].rule == "cond_is_threatened"


def jump_if_threatened(c: Compiler, cond: Node) -> int:
    """``(not (is Threatened (id "King" ROLE)))`` among the tests of an (if …) of the play, as
    Ludii's castling has it (the king is not in check): a jump past the (if …)'s moves when
    the piece is threatened; the instruction's index (its target is set by the caller)."""
    test = cond.args[0]
    if test.named("at") is not None:
        raise fail(test, _AT_PLACES)
    return c.prog.add(cond, kind=L.PR.JUMP_IF_THREATENED, role=_threat_role(c, test))


def without_path_threat(c: Compiler, go, slide: Node):
    """A slide's go rule (its ``(between if:…)``) without the conjunct ``(not (is Threatened
    (id "King" Mover) at:(to)))`` (Ludii's castling king may not pass an attacked site),
    and whether it had one. The conjunct holds at a site when no other player could move onto
    it were the mover's king there; the program tests it after the slide's moves are made
    (``PR.KEEP_SAFE_PATH``), for the sites each passed where the rest of the rule held (the
    test reads the position alone, so it makes no difference when it is made). A go rule
    left empty is True: it no longer tests that the sites are empty."""
    parts = operands(go) if isinstance(go, Node) and go.rule == "cond_and" else (go,)
    threats = [p for p in parts if is_not_threatened(p) and p.args[0].named("at") is not None]
    if not threats:
        return go, False
    for part in threats:
        test = part.args[0]
        site = test.named("at")
        if not (isinstance(site, Node) and site.rule in ("site_to", "site_between")) \
                or _threat_role(c, test) != L.ROLE.MOVER:
            raise fail(test, _AT_PLACES)
    if bin(direction_mask(c, slide)).count("1") != 1:
        raise fail(slide, "a slide whose (between if:…) tests (is Threatened … at:(to)) must "
                   "go one way only, e.g. E")
    rest = tuple(p for p in parts if all(p is not t for t in threats))
    if not rest:
        return True, True
    return rest[0] if len(rest) == 1 else Node("cond_and", (rest,), go.pos), True


def threat_test(cond) -> Node | None:
    """The ``(is Threatened …)`` an effect's (if …) tests, alone or as the last operand of an
    (and …) (e.g. Lombard Chess's ``(and (= 1 (state at:…)) ("IsInCheck" "King" Next))``),
    else None."""
    if not isinstance(cond, Node):
        return None
    last = operands(cond)[-1] if cond.rule == "cond_and" else cond
    return last if isinstance(last, Node) and last.rule == "cond_is_threatened" else None


def if_threatened(c: Compiler, node: Node) -> list[int]:
    """``(if (is Threatened (id "King" ROLE)) A [B])`` in a move's (then …), as Ludii's
    Main Chator or Lombard Chess mark a king once put in check: the effects stop there and
    the move's caller works the threat out after the move's own changes (it generates the
    other players' moves, as the end rules' test does: ``generate.settle_stops``), then runs
    A or B. ``(if (and R… T) A)``: a skip-unless R over it all first."""
    cond, then = node.args[0], node.args[1]
    other = node.args[2] if len(node.args) > 2 else None
    test = threat_test(cond)
    rest = operands(cond)[:-1] if cond.rule == "cond_and" else ()
    if not c.in_then:
        raise fail(node, "(if (is Threatened …) …) among effects is understood only in a move's "
                   "(then …)")
    if test.named("at") is not None:
        raise fail(test, _AT_PLACES)
    if rest and other is not None:
        raise fail(node, "(if (and … (is Threatened …)) A B) with an else branch is not "
                   "supported yet")
    role = _threat_role(c, test)
    then_effects = c.dispatch(then)
    else_effects = c.dispatch(other) if other is not None else []
    jump = len(then_effects) + (1 if else_effects else 0)
    out = [c.effs.add(node, kind=L.EFF.IF_THREATENED, role=role, jump=jump), *then_effects]
    if else_effects:
        out.append(c.effs.add(node, kind=L.EFF.SKIP, jump=len(else_effects)))
        out += else_effects
    if rest:
        start, end = c.code_range(rest[0] if len(rest) == 1 else
                                  Node("cond_and", (tuple(rest),), cond.pos))
        out.insert(0, c.effs.add(node, kind=L.EFF.SKIP_UNLESS, cond=start, cond_end=end,
                                 jump=len(out)))
    return out


@compiles("cond_can_move")
def can_move(c: Compiler, node: Node) -> None:
    """``(can Move (do (forEach Piece Next) ifAfterwards:C))`` in the end rules, where the play
    is the same for the mover: ``(not (no Moves Next))``. Other uses are refused."""
    if c.context != "end":
        raise fail(node, "(can Move …) is understood only as the test of an (if (can Move M) A "
                   "B) in a move's (then …), e.g. (then (if (can Move (hop (from (last To)) "
                   "…)) (moveAgain))), among the tests of an (if …) of the play, and as a "
                   "checkmate's test in the end rules")
    moves = node.args[0]
    role = _role_of_play(moves)
    play = _without_then(_without_castling(c, _play_moves(c), node))
    if role != Sym("role", "Next") or play is None or c.num_players != 2 \
            or _turn_order(moves) or _turn_order(play) \
            or _as_mover(moves, role) != _as_mover(play, Sym("role", "Mover")):
        raise fail(node, "(can Move …) in the end rules is read only as whether the next player "
                   "has a legal move: (can Move (do (forEach Piece Next) ifAfterwards:C)) where "
                   "the play is (do (forEach Piece) ifAfterwards:C') with C' the same test for "
                   "the mover")
    c.params[L.P.NO_MOVES] = 1
    c.op(node, L.OP.NO_MOVES, role=L.ROLE.NEXT)
    c.op(node, L.OP.NOT)


def _without_castling(c: Compiler, play: Node | None, can: Node) -> Node | None:
    """The play without its castling: ``(do (or (forEach Piece) (if C …) …) ifAfterwards:X)``
    as ``(do (forEach Piece) ifAfterwards:X)`` where each (if C …) has among its tests (not
    (is Threatened (id K Mover))), when the checkmate's ``(can Move …)`` (``can``) stands in an
    (and …) with (is Threatened (id K Next)) (Ludii's "Checkmate"): there Next's king is in
    check, so Next cannot castle, and Next's legal moves are its pieces' (Ludii's test counts
    no castling). Otherwise the play as it is."""
    if play is None or play.rule != "moves_do" or not isinstance(play.positional[0], Node) \
            or play.positional[0].rule != "moves_or":
        return play
    first, *rest = operands(play.positional[0])
    guards = set()
    for branch in rest:
        if branch.rule != "moves_if":
            return play
        cond = branch.args[0]
        tests = operands(cond) if isinstance(cond, Node) and cond.rule == "cond_and" else (cond,)
        guards |= {t.args[0].args[0] for t in tests if is_not_threatened(t)
                   and t.args[0].named("at") is None
                   and t.args[0].args[0].args[1:] == (Sym("role", "Mover"),)}
    if len(guards) != 1 or not rest:
        return play
    king = guards.pop().args[0]
    check = Node("cond_is_threatened", (Node("int_id", (king, Sym("role", "Next"))),))
    beside = any(any(p.rule == "cond_not" and p.args[0] is can for p in operands(a))
                 and check in operands(a) for a in c.tree.find("cond_and"))
    if not beside:
        return play
    return Node("moves_do", (first, *play.args[1:]), play.pos)


def _without_then(play: Node | None) -> Node | None:
    """The play ``(do MOVES ifAfterwards:C (then E))`` without its (then …) when E's effects
    cannot give the mover another move: Ludii adds a do's (then …) to its moves after C has
    kept them (Do.eval), so the (then …) makes no difference to whether Next has a move."""
    if play is None or play.rule != "moves_do":
        return play
    then = next((a for a in play.positional[1:] if isinstance(a, Node) and a.rule == "then"),
                None)
    if then is None or any(n.rule in _TURN_EFFECTS for n in then.walk()):
        return play
    return Node("moves_do", tuple(a for a in play.args if a is not then), play.pos)


#: Effects that change whose turn follows a move, after which Ludii's trial of a do's move
#: sees the players otherwise.
_TURN_EFFECTS = frozenset({"effect_move_again", "effect_set_next_player"})


def _role_of_play(moves) -> Sym | None:
    """ROLE of a ``(do (forEach Piece ROLE) ifAfterwards:…)``, else None."""
    if not (isinstance(moves, Node) and moves.rule == "moves_do"):
        return None
    inner = moves.positional[0]
    if not (isinstance(inner, Node) and inner.rule == "moves_foreach_piece"):
        return None
    return next((a for a in inner.args if isinstance(a, Sym) and a.kind == "role"), None)


def _play_moves(c: Compiler) -> Node | None:
    """The moves of the game's one ``(play …)`` (None with phases) as the next player sees
    them: in ``(if (is Prev Mover) A B)`` (A: a second move of the same turn, such as a
    promotion) B, since the next player never moves right after their own move."""
    rules = c.tree.args[3]
    play = next((p for p in rules.positional if isinstance(p, Node) and p.rule == "play"), None)
    if play is None:
        return None
    moves = play.args[0]
    same_turn = Node("cond_is_player", (Sym("who", "Prev"), Sym("who", "Mover")))
    if moves.rule == "moves_if" and len(moves.args) == 3 and moves.args[0] == same_turn:
        return moves.args[2]
    return moves


def _turn_order(value) -> bool:
    """Does the tree name a player by the turn order other than as a role Mover or Next ((next),
    Prev, (is Mover P1), …)? Those would mean another player once the mover changes."""
    if isinstance(value, Sym):
        return value.name == "Prev" or (value.kind != "role" and value.name in ("Mover", "Next"))
    if isinstance(value, Named):
        return _turn_order(value.value)
    if isinstance(value, tuple):
        return any(_turn_order(v) for v in value)
    if isinstance(value, Node):
        return value.rule in ("int_mover", "int_next", "int_prev") or _turn_order(value.args)
    return False


def _as_mover(value, role: Sym):
    """``value`` as ROLE sees it in a two-player game: ROLE and Mover swapped, and ``(forEach
    Piece ROLE)`` without its role."""
    mover = Sym("role", "Mover")
    if isinstance(value, Sym):
        return mover if value == role else role if value == mover else value
    if isinstance(value, Named):
        return Named(value.name, _as_mover(value.value, role))
    if isinstance(value, tuple):
        return tuple(_as_mover(v, role) for v in value)
    if isinstance(value, Node):
        args = tuple(_as_mover(a, role) for a in value.args)
        if value.rule == "moves_foreach_piece":
            args = tuple(a for a in args if a != mover)
        return Node(value.rule, args)
    return value


def check(c: Compiler) -> None:
    """A game with threat tests: its program must make, without its do-filters, every move the
    threat test counts (generators and plain branches only), and no capture series (whose
    records a threat test would overwrite) nor placements tried for a win (whose end clauses
    would read threats never worked out)."""
    if c.params[L.P.THREATS] == 0:
        return
    for i in range(len(c.prog)):
        kind = c.prog.get(i, "kind")
        if kind in _NOT_WITH_THREATS:
            raise fail(c.prog.origins[i], f"{_NOT_WITH_THREATS[kind]} in a game that tests "
                       "(is Threatened …) is not supported yet")
        if kind == L.PR.KEEP_IF_AFTER and not _threat_filter(c, i):
            raise fail(c.prog.origins[i], "in a game that tests (is Threatened …), a do's "
                       "ifAfterwards: must be (not (is Threatened …)) (whose test fails inside "
                       "another's, as in Ludii)")
    for k in range(len(c.dynregs)):  # their trials read the end clauses, threats unknown there
        if c.by_trials(L.REG.DYNAMIC - k):
            raise fail(c.dynregs.origins[k], "(sites Winning …) in a game that tests (is "
                       "Threatened …) is not supported yet")
    for g in range(len(c.gens)):
        if c.gens.get(g, "kind") == L.GEN.HOP:
            raise fail(c.gens.origins[g], "capture series in a game that tests (is Threatened "
                       "…) are not supported yet")


def _threat_filter(c: Compiler, i: int) -> bool:
    """Is instruction ``i``'s condition exactly ``(not (is Threatened …))``?"""
    start, end = c.prog.get(i, "cond"), c.prog.get(i, "cond_end")
    return end - start == 2 and c.code.get(start, "kind") == L.OP.THREATENED \
        and c.code.get(start + 1, "kind") == L.OP.NOT
