"""Rules that can never take effect, and the description without them.

Evolution writes many rules that are dead on arrival: ``(if False (result Mover Win))``, an end
clause whose condition an earlier clause already tests, ``(meta {(swap) (swap)})``, a repeated
move in an ``(or …)``, a piece no rule ever puts on the board. They make a description longer
without making it another game, and they hide that two descriptions are the same game.

Every finding here is certain from the way the compiler and the engine read a description:

- end clauses are tried in order after every move and the first that holds decides, so a clause
  whose condition implies an earlier one's never fires; ``(is Line n)`` holds for a line of n *or
  more* through the last stone (unless ``exact:True``), so ``(is Line 4)`` implies ``(is Line 3)``
  of the same player and directions;
- ``(swap)`` acts only in 2-player games, ``(firstWinEnds)`` only in games of more, and of two
  ``(moveLimit …)`` the later replaces the earlier;
- generating moves, testing conditions and reading regions change nothing, so a repeat in
  ``(or …)``, ``(and …)``, ``(priority …)``, ``(union …)`` adds nothing (``(priority …)`` tries
  a repeat only after the same moves gave none), and a repeated start rule sets the same values;
- ``(move Add …)`` places the mover's first piece and ``(place "Name1" …)`` a piece by name;
  a Shared piece only stands for the counters of a mancala board, ``(set Count …)`` or sowing.

Some findings need the board, read from the compiled game (none when it does not compile):

- ``(is Line n)`` needs n sites in a row, so it never holds when the board's longest straight
  line along those directions is shorter (``(is Line 50)`` on hexhex 5: nobody can ever win);
- when every move adds a stone to an empty site and end rules are tried (an add-only game), the
  game is over within as many plies as the board has sites (one more with the pie rule), so a
  ``(moveLimit n)`` above that never applies.

:func:`pruned` removes what :func:`dead_rules` reports (a part whose removal would leave an
empty list stays) and writes a list of one item as that item. :func:`pruned_hash` hashes that
tree without the game's name and with an ``(is Line …)``'s directions left out where they make
the default's lines (``All`` on a square board, where ``Adjacent`` lines run diagonally too), so
two descriptions that differ only by dead rules, their names or such a spelling are one game.
Pruning leaves play unchanged: the same legal moves in every position and the same results
(tests/test_rule_lint.py plays both). A repeated move in ``(or …)`` is listed twice among the
legal moves, so random play draws it twice as often; pruning keeps the game and drops that bias.
"""

from __future__ import annotations

import operator

import numpy as np

from ludi.compile import layout as L
from ludi.compile.compiler import TURNS_PER_PLAYER, compile_description
from ludi.compile.registry import items, operands
from ludi.errors import LudiError
from ludi.lang import Description, Node, grammar, parse
from ludi.lang.tree import Named, Sym

#: Combinators whose repeated operands add nothing, with why (for the finding).
REPEATS = {
    "moves_or": "adds no move the first does not",
    "moves_and": "adds no move the first does not",
    "moves_priority": "is tried only after the same moves gave none",
    "cond_and": "changes nothing",
    "cond_or": "changes nothing",
    "region_union": "adds no site",
}
_COMPARE = {"cond_eq": operator.eq, "cond_ne": operator.ne, "cond_lt": operator.lt,
            "cond_le": operator.le, "cond_gt": operator.gt, "cond_ge": operator.ge}
_OWNERS = ("P1", "P2", "P3", "P4")
_QUOTE = 60


def dead_rules(description) -> list[str]:
    """Human-readable findings, one per rule that can never take effect (in text order)."""
    return _Pruner(_game(description)).findings


def dead_rule_count(text) -> int:
    """How many rules of a description can never take effect (an intrinsic measure)."""
    return len(dead_rules(text))


def pruned_tree(description) -> Node:
    """The game tree without the rules that can never take effect."""
    return _Pruner(_game(description)).tree


def pruned(description) -> str:
    """The description's text without the rules that can never take effect."""
    return pruned_tree(description).to_text()


def pruned_hash(description) -> str:
    """The canonical hash of the pruned description without its name: one per game, whatever
    it is called and whatever dead rules it carries."""
    return _Pruner(_game(description)).key().hash


def _compiled(game: Node):
    """The compiled game (its board and tables), or None when it does not compile."""
    try:
        return compile_description(game)
    except LudiError:
        return None


def longest_line(board, dirs: str) -> int:
    """The most sites in one straight line of ``board`` along the direction set ``dirs``
    (along all its lines when ``dirs`` names no set: a single direction or an unknown one).

    >>> from ludi.compile.board import hexhex
    >>> longest_line(hexhex(5), "Adjacent")
    9
    """
    axes = board.axes.get(dirs, board.axes["All"])
    nbr = board.nbr
    best = 1 if board.num_cells else 0
    for forward, back in axes:
        for start in np.flatnonzero(nbr[:, back] < 0):  # each line from its first site
            run, cell = 1, nbr[start, forward]
            while cell >= 0:
                run, cell = run + 1, nbr[cell, forward]
            best = max(best, run)
    return best


def _game(description) -> Node:
    if isinstance(description, str):
        return parse(description).tree
    tree = description.tree if isinstance(description, Description) else description
    if not isinstance(tree, Node) or tree.rule != "game":
        raise LudiError("expected a game description (its text, a Description or its (game …) "
                        f"tree); got {type(description).__name__}")
    return tree


def _mentions(game: Node) -> set[str]:
    """Every text in the game but the pieces' declared names: where a rule may name a piece
    (a start's ``place``, a move's or an effect's ``piece``, a promotion), so a piece named
    anywhere is taken as placed (a linter must never call a live rule dead)."""
    found = set()
    for node in game.walk():
        args = node.args[1:] if node.rule == "equip_piece" else node.args
        for a in args:
            value = a.value if isinstance(a, Named) else a
            if isinstance(value, str):
                found.add(value)
            elif isinstance(value, tuple):
                found.update(v for v in value if isinstance(v, str))
    return found


def _quote(value) -> str:
    text = value.to_text(width=10**9) if isinstance(value, Node) else str(value)
    return text if len(text) <= _QUOTE else text[:_QUOTE - 1] + "…"


def _head(node: Node) -> str:
    return "(" + " ".join(grammar().heads[node.rule]) + " …)"


def _canon(value):
    return value.canonical() if isinstance(value, Node) else value


def _listed(rule: str, kept: list, pos):
    """A rule's list argument as written back: one item bare, else an array."""
    return Node(rule, (kept[0],) if len(kept) == 1 else (tuple(kept),), pos)


# ---------------------------------------------------------------- conditions


def constant(cond) -> bool | None:
    """The value of a condition that is the same in every position, else None."""
    if isinstance(cond, bool):
        return cond
    if not isinstance(cond, Node):
        return None
    if cond.rule == "cond_not":
        value = constant(cond.args[0])
        return None if value is None else not value
    if cond.rule in ("cond_and", "cond_or"):
        values = [constant(x) for x in operands(cond)]
        decisive = cond.rule == "cond_or"  # True decides an or, False an and
        if decisive in values:
            return decisive
        return (not decisive) if all(v is not None for v in values) else None
    if cond.rule in _COMPARE:
        a, b = cond.args
        if all(isinstance(x, int) and not isinstance(x, bool) for x in (a, b)):
            return _COMPARE[cond.rule](a, b)
    return None


def _line(cond):
    """(length, directions, role, exact) of an (is Line …) of a written length, else None."""
    if not isinstance(cond, Node) or cond.rule != "cond_is_line":
        return None
    length = cond.positional[0]
    if not isinstance(length, int) or isinstance(length, bool):
        return None
    syms = {a.kind: a.name for a in cond.positional[1:] if isinstance(a, Sym)}
    return (length, syms.get("stepdir", "Adjacent"), syms.get("role", "Mover"),
            cond.named("exact", False) is True)


def implies(a, b) -> bool:
    """Whether condition ``a`` holding in a position means ``b`` holds there too (only what is
    certain from their form; False when unsure)."""
    a, b = _canon(a), _canon(b)
    if a == b or constant(b) is True or constant(a) is False:
        return True
    rule_a = a.rule if isinstance(a, Node) else None
    rule_b = b.rule if isinstance(b, Node) else None
    if rule_b == "cond_or" and any(implies(a, x) for x in operands(b)):
        return True
    if rule_a == "cond_and" and any(implies(x, b) for x in operands(a)):
        return True
    if rule_a == "cond_or" and all(implies(x, b) for x in operands(a)):
        return True
    if rule_b == "cond_and" and all(implies(a, x) for x in operands(b)):
        return True
    la, lb = _line(a), _line(b)
    # a line of n or more holds a line of m <= n (unless m must be exact)
    return (la is not None and lb is not None and la[1:3] == lb[1:3] and not lb[3]
            and la[0] >= lb[0])


def _never_generates(moves) -> bool:
    return (isinstance(moves, Node) and moves.rule == "moves_if" and len(moves.args) == 2
            and constant(moves.args[0]) is False)


# ---------------------------------------------------------------- the walk


class _Pruner:
    """One pass over a game: the findings, in text order, and the tree without them."""

    def __init__(self, game: Node):
        self.findings: list[str] = []
        self.spec = _compiled(game)
        self.board = self.spec.board if self.spec is not None else None
        name, players, equipment, rules = game.args
        arg = players.args[0]
        self.players = len(arg) if isinstance(arg, tuple) else arg  # (players {(player N) …})
        self.tree = Node(game.rule, (name, players, self.equipment(equipment, game),
                                     self.rules(rules)), game.pos)

    def note(self, finding: str) -> None:
        self.findings.append(finding)

    # ------------------------------------------------------------ any subtree
    def visit(self, value):
        if isinstance(value, Named):
            return Named(value.name, self.visit(value.value))
        if isinstance(value, tuple):
            return tuple(self.visit(v) for v in value)
        if not isinstance(value, Node):
            return value
        node = Node(value.rule, tuple(self.visit(a) for a in value.args), value.pos)
        if node.rule in REPEATS:
            return self.combinator(node)
        if node.rule == "moves_if":
            return self.moves_if(node)
        return node

    def key(self) -> Node:
        """The pruned tree as games are compared: without its name, and with the directions
        of each ``(is Line …)`` left out where they make the default's lines on this board."""
        def normal(value):
            if isinstance(value, Named):
                return Named(value.name, normal(value.value))
            if isinstance(value, tuple):
                return tuple(normal(v) for v in value)
            if not isinstance(value, Node):
                return value
            node = Node(value.rule, tuple(normal(a) for a in value.args), value.pos)
            return self.line_directions(node) if node.rule == "cond_is_line" else node

        tree = normal(self.tree)
        return Node(tree.rule, ("", *tree.args[1:]), tree.pos)

    def line_directions(self, node: Node) -> Node:
        """``(is Line …)`` without its directions when they make the default's lines here."""
        board = self.board
        dirs = next((a for a in node.args if isinstance(a, Sym) and a.kind == "stepdir"), None)
        if (dirs is None or board is None or board.kind == "graph" or board.partial_diagonals
                or dirs.name not in board.axes):
            return node
        same = {tuple(x) for x in board.axes[dirs.name]} == {
            tuple(x) for x in board.axes["Adjacent"]}
        return Node(node.rule, tuple(a for a in node.args if a is not dirs), node.pos) \
            if same else node

    def combinator(self, node: Node):
        parts = operands(node)
        kept, seen = [], []
        for part in parts:
            if _never_generates(part) and len(parts) > 1:
                continue  # reported by moves_if
            if _canon(part) in seen:
                self.note(f"`{_quote(part)}` is repeated in `{_head(node)}`: the repeat "
                          f"{REPEATS[node.rule]}")
                continue
            kept.append(part)
            seen.append(_canon(part))
        if not kept:  # every operand generates nothing: keep one
            kept = [parts[0]]
        if len(kept) == 1:
            return kept[0]  # a combinator of one is that one
        return node if len(kept) == len(parts) else Node(node.rule, (tuple(kept),), node.pos)

    def moves_if(self, node: Node):
        cond, then, *other = node.args
        value = constant(cond)
        if value is False:
            self.note(f"moves `{_quote(then)}` of `(if {_quote(cond)} …)` are never generated: "
                      "the condition never holds")
            return other[0] if other else node
        if value is True and other:
            self.note(f"moves `{_quote(other[0])}` (the else of `(if {_quote(cond)} …)`) are "
                      "never generated: the condition always holds")
            return then
        return node

    # ------------------------------------------------------------ equipment
    def equipment(self, equipment: Node, game: Node) -> Node:
        placed = _mentions(game)
        adds = bool(game.find("moves_add"))
        counters = any(game.find(rule) for rule in
                       ("equip_mancala_board", "init_set_count", "effect_sow"))
        kept, covered = [], set()
        for item in equipment.args[0]:
            if item.rule == "equip_piece":
                reason = self.dead_piece(item, kept, covered, placed, adds, counters)
                if reason:
                    self.note(f"piece `{_quote(item)}` {reason}")
                    continue
            kept.append(self.visit(item))
        return Node(equipment.rule, (tuple(kept),), equipment.pos)

    def dead_piece(self, item: Node, kept: list, covered: set, placed: set, adds: bool,
                   counters: bool) -> str | None:
        """Why no rule can ever put this piece on the board (None: some rule can)."""
        name = item.positional[0]
        owner = next((a.name for a in item.positional[1:] if isinstance(a, Sym)
                      and a.kind == "role"), "Each")  # Ludii's default owner
        if item in kept:
            return "is declared twice"
        if owner == "Shared":
            return None if counters else (
                "can never be placed: no rule places a Shared piece, and there are no counters "
                "(mancala board, (set Count …), (sow …)) for it to stand for")
        if owner == "Each":  # Ludii names each player's piece NAME1, NAME2, …
            colours = set(range(self.players))
            named = any(n == name or (n.startswith(name) and n[len(name):].isdigit())
                        for n in placed)
        elif owner in _OWNERS[:self.players]:
            colours = {_OWNERS.index(owner)}
            named = bool({name, f"{name}{_OWNERS.index(owner) + 1}"} & placed)
        elif owner == "Neutral":  # Ludii's player 0: NAME0
            if {name, f"{name}0"} & placed or adds:
                return None
            return "can never be placed: no (move Add …) or (place …) puts it on the board"
        else:
            return (f"can never be placed: {owner} owns no pieces (pieces belong to Each, Shared "
                    f"or P1..P{self.players})")
        if named:
            covered |= colours
            return None
        if not adds:
            return "can never be placed: no (move Add …) or (place …) puts it on the board"
        if colours <= covered:
            return ("can never be placed: (move Add …) places each player's first piece, and "
                    "no (place …) names this one")
        covered |= colours
        return None

    # ------------------------------------------------------------ rules
    def rules(self, rules: Node) -> Node:
        parts = []
        for part in rules.args:
            if not isinstance(part, Node):  # a named part (Ludii's phases:{…}): walked whole
                part = self.visit(part)
            elif part.rule == "meta":
                part = self.meta(part)
            elif part.rule == "setup":
                part = self.setup(part)
            elif part.rule == "end":
                part = self.end(part)
            else:
                part = self.visit(part)
            if part is not None:
                parts.append(part)
        return Node(rules.rule, tuple(parts), rules.pos)

    def meta(self, meta: Node) -> Node | None:
        """The meta rules that act; None when none does."""
        rules = items(meta.args[0])
        kept = []
        for i, rule in enumerate(rules):
            later = [r for r in rules[i + 1:] if r.rule == rule.rule and r != rule]
            if rule in kept:
                reason = "appears twice"
            elif rule.rule == "metarule_swap" and self.players != 2:
                reason = (f"never applies: the pie rule acts in 2-player games only (this one "
                          f"has {self.players})")
            elif rule.rule == "metarule_first_win_ends" and self.players == 2:
                reason = "never applies: in a 2-player game the first win always ends the game"
            elif rule.rule == "metarule_move_limit" and later:
                reason = f"never applies: the later `{_quote(later[-1])}` replaces it"
            elif rule.rule == "metarule_move_limit" and self.plies_at_most() is not None \
                    and isinstance(rule.args[0], int) and rule.args[0] > self.plies_at_most():
                reason = (f"never applies: every move adds a stone to an empty site, so a game "
                          f"on this board ({self.board.describe()}) is over within "
                          f"{self.plies_at_most()} plies")
            else:
                kept.append(rule)
                continue
            self.note(f"meta rule `{_quote(rule)}` {reason}")
        return _listed(meta.rule, kept, meta.pos) if kept else None

    def setup(self, setup: Node) -> Node:
        kept = []
        for init in (self.visit(i) for i in items(setup.args[0])):
            if init in kept:
                self.note(f"start rule `{_quote(init)}` appears twice: the repeat sets the "
                          "same values")
                continue
            kept.append(init)
        return _listed(setup.rule, kept, setup.pos)

    def end(self, end: Node) -> Node:
        """The clauses that can fire: each is tried only when every earlier one did not hold."""
        clauses, kept = [], []
        for k, clause in enumerate(items(end.args[0])):
            clause = self.visit(clause)
            reason = self.clause_never_fires(clause.args[0], clauses)
            if reason is None and not clauses:
                reason = self.never_holds(clause.args[0])
            clauses.append(clause)
            if reason is None:
                kept.append(clause)
            else:
                self.note(f"end clause {k + 1} `{_quote(clause)}` can never fire: {reason}")
        return _listed(end.rule, kept or clauses[:1], end.pos)

    def clause_never_fires(self, cond, earlier: list[Node]) -> str | None:
        impossible = self.never_holds(cond)
        if impossible:
            return impossible
        for j, clause in enumerate(earlier, 1):
            before = clause.args[0]
            if constant(before) is True:
                return f"clause {j} always applies first"
            if _canon(before) == _canon(cond):
                return f"clause {j} has the same condition"
            if implies(cond, before):
                return (f"whenever its condition holds, so does clause {j}'s "
                        f"`{_quote(before)}`, which is tried first")
        return None

    # ------------------------------------------------------------ what the board allows
    def never_holds(self, cond) -> str | None:
        """Why ``cond`` holds in no position (None: it may hold)."""
        if constant(cond) is False:
            return "its condition never holds"
        if not isinstance(cond, Node):
            return None
        if cond.rule == "cond_and":
            return next(filter(None, map(self.never_holds, operands(cond))), None)
        if cond.rule == "cond_or":
            reasons = [self.never_holds(x) for x in operands(cond)]
            return reasons[0] if all(reasons) else None
        line = _line(cond)
        if line is None or self.board is None:
            return None
        longest = longest_line(self.board, line[1])
        if line[0] <= longest:
            return None
        return (f"no line of {line[0]} fits on this board ({self.board.describe()}): its longest "
                f"along {line[1]} directions has {longest} sites, so `{_quote(cond)}` never holds")

    def plies_at_most(self) -> int | None:
        """The most plies a game can last when every move adds a stone to an empty site and end
        rules are tried (the board's sites, one more with the pie rule; a player who cannot
        move then ends the game), else None."""
        spec = self.spec
        if spec is None:
            return None
        t = spec.tables
        if (t[L.P.PLAY] != L.PLAY.ADD or t[L.P.PHASES] != 0 or t[L.P.END_PHASES] == 0
                or spec.board.num_cells + 1 >= TURNS_PER_PLAYER):
            return None
        return int(t[L.P.BOARD_CELLS] + t[L.P.SWAP])
