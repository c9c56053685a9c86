"""Moves (``moves_*``): the generator records.

Each move ludeme that makes moves (Add, Select, Slide, Step, Hop, Pass, Propose, Vote) becomes one
generator record (``T.GEN``) and one ``PR.LEAF`` instruction of the move program, which
ludi.compile.program builds from the combinators.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.directions import direction_mask, last_way, turning_mask
from ludi.compile.regions import ludii_site
from ludi.compile.registry import compiles, constant, fail, items, ludeme, number
from ludi.compile.stacks import check_level
from ludi.compile.threats import without_path_threat
from ludi.lang import Node, parse_fragment
from ludi.lang.tree import Named, Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


#: the generators that start from each of a piece's sites and can test each (see from_tested)
FROM_TESTED = (L.GEN.STEP, L.GEN.SLIDE, L.GEN.HOP, L.GEN.HOP_OVER, L.GEN.LEAP, L.GEN.FROM_TO,
               L.GEN.SELECT)


def leaf(c: Compiler, node: Node, kind: int, **fields: int) -> int:
    """A generator record and the instruction that runs it; the generator's index."""
    if c.from_tests:
        fields = from_tested(c, node, kind, fields)
    if c.per_level:
        fields = dict(fields, levels=per_level(c, node, kind, fields))
    g = c.gens.add(node, kind=kind, **fields)
    if g > L.GEN_MASK:
        raise fail(node, f"more than {L.GEN_MASK + 1} move generators in one game")
    c.prog.add(node, kind=L.PR.LEAF, gen=g)
    return g


def per_level(c: Compiler, node: Node, kind: int, fields: dict[str, int]) -> int:
    """G.LEVELS of a move in a stacking game's (forEach Piece) without top:True, which Ludii
    makes for each level of each pile of the piece: 1, each move listed once a piece of the
    pile it starts from (ludi's piles hold one kind, so every level moves alike). A move that
    starts elsewhere than the piece's own site is refused: its copies would follow another
    pile than its own."""
    if kind == L.GEN.PASS:
        raise fail(node, f"{ludeme(node)} in a piece's moves under a stacking game's (forEach "
                   "Piece) (Ludii passes once a level of each pile) is not supported")
    if kind not in (L.GEN.FROM_TO, L.GEN.SELECT) or fields.get("from_region") != c.own_sites() \
            or fields.get("from_site_end", 0) > fields.get("from_site", 0):
        raise fail(node, f"{ludeme(node)} in a stacking game's (forEach Piece) without top:True "
                   "(Ludii makes it once a level of each pile) must start from the piece's own "
                   "site ((from) or (from (from))); or write (forEach Piece … top:True)")
    return 1


def from_tested(c: Compiler, node: Node, kind: int, fields: dict[str, int]) -> dict[str, int]:
    """A generator inside ``(if C A B)``s that read ``(from)`` in a piece's moves: the tests
    (C in A, (not C) in B) become its from-condition, tried at each of the piece's sites, as
    Ludii tests C for each piece."""
    own = c.own_sites()
    if kind not in FROM_TESTED or fields.get("from_region") != own \
            or fields.get("from_site_end", 0) > fields.get("from_site", 0) \
            or fields.get("from_cond_end", 0) > fields.get("from_cond", 0):
        raise fail(node, f"{ludeme(node)} inside an (if …) that tests (from) must start from the "
                   "piece's own sites, with no (from …) of its own")
    tests = tuple(c.from_tests)
    test = tests[0] if len(tests) == 1 else Node("cond_and", (tests,), tests[0].pos)
    start, end = c.code_range(test)
    return dict(fields, from_cond=start, from_cond_end=end)


def then(c: Compiler, node: Node) -> dict[str, int]:
    """The (then …) effects of a move as generator fields."""
    part = sub_node(node, "then")
    saved, c.in_then = c.in_then, True
    try:
        start, count = c.effect_list(part.args[0]) if part is not None else (0, 0)
    finally:
        c.in_then = saved
    return {"then": start, "then_count": count}


def condition(c: Compiler, cond, context: str | None = None, field: str = "to_cond"
              ) -> dict[str, int]:
    """An optional condition as generator fields (an empty span when there is none): the
    to-condition, or the ``field`` named (a Select's ``from_cond``)."""
    start, end = c.code_range(cond, context) if cond is not None else (0, 0)
    return {field: start, f"{field}_end": end}


def sub_node(node: Node, rule: str) -> Node | None:
    """The part of ``node`` that is a ludeme of ``rule`` ((to …), (then …), …), or None."""
    return next((a for a in node.args if isinstance(a, Node) and a.rule == rule), None)


def between_limit(between: Node | None, ranged: bool = False):
    """The most sites a (between …) spans: Ludii's ``(max N)`` or ludi's ``max:N`` (None:
    no limit); with ``ranged`` (a custodial capture, whose Ludii class reads only a range's
    most) also ``(range A B)``'s B."""
    if between is None:
        return None
    exact = sub_node(between, "exact")
    if exact is not None:
        raise fail(exact, "(exact N) in (between …) is read only in a hop (a run of N sites "
                   "jumped over) and a slide (N sites on)")
    span = sub_node(between, "span")
    if span is not None:
        if not ranged:
            raise fail(span, "(range A B) in (between …) is read only in a hop or a custodial "
                       "capture")
        return span.args[1]
    ranged_max = sub_node(between, "upto")
    return ranged_max.args[0] if ranged_max is not None else between.named("max")


# ---------------------------------------------------------------- generators


@compiles("moves_add", "moves_add_short")
def add(c: Compiler, node: Node) -> None:
    """``(move Add [(piece "Name")] (to REGION|SITE [if:COND]) [(then …)])``: a piece on an
    empty site of REGION (or on SITE, when empty), the mover's own or the named type ("Name"
    of a piece of Each: the mover's; "Square0": the shared or neutral "Square", which belongs
    to nobody)."""
    piece = sub_node(node, "newpiece")
    to = sub_node(node, "to")
    target, test = unfold_for_each(next((a for a in to.positional), None), to.named("if"))
    if isinstance(target, Node) and target.category == "site":  # (to (last From)): that site
        site = f"(= (to) {target.to_text()})"
        test = parse_fragment(site if test is None else f"(and {site} {test.to_text()})", "cond")
        target = parse_fragment("(sites Empty)", "region")
    if not isinstance(target, Node) or target.category != "region":
        raise fail(node, "(move Add (to REGION)) needs a region or a site to place on")
    if sub_node(to, "apply") is not None:
        raise fail(node, "(to … (apply …)) is not supported for Add yet")
    if piece is None:
        check_pieces_to_add(c, node)
    code = c.region(target, dynamic=True)
    leaf(c, node, L.GEN.ADD, to_region=code, **condition(c, test), **then(c, node),
         piece=_piece_to_add(c, node, piece) if piece is not None else 0)


def _piece_to_add(c: Compiler, node: Node, piece: Node) -> int:
    """1 + the T.LIST entry of each colour's type of the piece "Name" (see G.PIECE)."""
    types, role = c.new_piece(node, piece, "(move Add (piece …)) adds the mover's own or a "
                              "shared one")
    if role != L.ROLE.MOVER:
        raise fail(node, "(move Add (piece (id \"Name\" ROLE))) adds the mover's own piece or "
                   "a shared one; name it without a role or with Mover")
    return c.add_list(types)[0] + 1


def check_pieces_to_add(c: Compiler, node: Node) -> None:
    """(move Add …) places the mover's own piece: every player must have one (Ludii adds
    nothing for a player without one; a Shared piece belongs to nobody's lines)."""
    owners = {owner for _, owner in c.pieces}
    missing = [f"P{p}" for p in range(1, c.num_players + 1) if "Each" not in owners
               and f"P{p}" not in owners]
    if missing:
        declared = ", ".join(f'(piece "{n}" {o})' for n, o in c.pieces) or "no (piece …) at all"
        raise fail(node, f"(move Add …) places the mover's own piece, but {', '.join(missing)} "
                   f"{'has' if len(missing) == 1 else 'have'} none (the equipment declares "
                   f'{declared}); add e.g. (piece "Disc" Each)')


@compiles("moves_select")
def select(c: Compiler, node: Node) -> None:
    """``(move Select (from REGION [if:C]) …)``; REGION may be ``(forEach R if:D)``: the sites
    of R where D holds at (site) (and C at (from), the same site). In a piece's moves,
    ``(from (from))`` selects one of the sites its pieces stand on."""
    frm = node.args[0]
    where = frm.positional[0] if frm.positional else None
    if c.own_sites() is not None and (where is None or (isinstance(where, Node)
                                                        and where.rule == "site_from")):
        # in a piece's moves, (from) or no site at all: the sites its pieces stand on
        leaf(c, node, L.GEN.SELECT, from_region=c.own_sites(),
             **condition(c, frm.named("if"), field="from_cond"), **then(c, node))
        return
    if not isinstance(where, (Node, int)) or isinstance(where, bool) or (
            isinstance(where, Node) and where.category not in ("region", "site", "int")):
        raise fail(node, "(move Select (from REGION|SITE …)) needs a region or a site to choose "
                   "from")
    where, cond = unfold_for_each(where, frm.named("if"))
    fields = site_or_region(c, where, "from_site", "from_region", node)
    leaf(c, node, L.GEN.SELECT, **fields, **condition(c, cond, field="from_cond"),
         **then(c, node))


@compiles("apply_filter")
def apply_filter(c: Compiler, node: Node) -> None:
    """``(to … (apply if:COND))`` with no effect, Ludii's to-rule, is read by the slides (see
    :func:`slide`); anywhere else it is refused."""
    raise fail(node, "(to … (apply if:COND)) without an effect is read only in a (move Slide …) "
               "for now")


def unfold_for_each(where, cond):
    """A from's or to's region ``(forEach R if:D)`` and condition C as R and (and D C): the
    generators set (site) to the site they test, as Ludii's forEach does."""
    if not isinstance(where, Node) or where.rule != "region_foreach":
        return where, cond
    inner = where.named("if")
    if any(isinstance(n, Node) and n.rule == "site_to" for n in inner.walk()):
        raise fail(where, "(to) in the if: of a from's or to's (forEach REGION if:…) is not "
                   "supported (Ludii reads it before the move's to-site is known)")
    both = inner if cond is None else Node("cond_and", (inner, cond), where.pos)
    return where.positional[0], both


@compiles("moves_remove")
def remove(c: Compiler, node: Node) -> None:
    """``(move Remove REGION|SITE [(then …)])``: take off the piece at a site of the region
    (sites without one give no move), then the (then …) effects; a Select whose effects begin
    with the removal."""
    check_level(c, node, node.named("level"), node.positional[0])
    where, cond = unfold_for_each(node.positional[0],
                                  parse_fragment("(is Occupied (from))", "cond"))
    if c.from_tests and isinstance(where, Node) and where.rule == "site_from":
        fields = {"from_region": c.own_sites()}  # the piece's sites, tested
        cond = None
    else:
        fields = site_or_region(c, where, "from_site", "from_region", node)
    start, end = c.code_range(parse_fragment("(from)", "site"))
    taken = c.effs.add(node, kind=L.EFF.REMOVE, site=start, site_end=end)
    part = sub_node(node, "then")
    after = c.dispatch(part.args[0]) if part is not None else []
    first, count = c.add_list([taken, *after])
    leaf(c, node, L.GEN.SELECT, **fields, **condition(c, cond, field="from_cond"), then=first,
         then_count=count)


@compiles("moves_promote")
def promote(c: Compiler, node: Node) -> None:
    """``(move Promote SITE (piece "Name") ROLE [(then …)])``: a move of its own (Ludii's
    Promote move, counted as a move) that replaces the piece at SITE by ROLE's "Name", then
    the (then …) effects; a Select at SITE whose effects begin with the promotion. With
    ``(piece {"Queen" "Rook"})``, one such move for each type, in that order."""
    site, piece, role = node.positional[:3]
    if isinstance(piece.args[0], tuple):  # (piece {"Queen" "Rook"}): a move for each type
        for name in piece.args[0]:
            one = Node("newpiece", (name,), piece.pos)
            c.moves(Node(node.rule, tuple(one if a is piece else a for a in node.args),
                         node.pos))
        return
    fields = site_or_region(c, site, "from_site", "from_region", node)
    change = c.effect(Node("effect_promote", (parse_fragment("(from)", "site"), piece, role),
                           node.pos))
    part = sub_node(node, "then")
    after = c.dispatch(part.args[0]) if part is not None else []
    first, count = c.add_list([*change, *after])
    leaf(c, node, L.GEN.SELECT, **fields, then=first, then_count=count)


def site_or_region(c: Compiler, where: Node | int, site_key: str, region_key: str,
                    origin: Node) -> dict[str, int]:
    """Generator fields for a move's from or to: a site (its ops; a written number is Ludii's
    site of that number, an error about it located at ``origin``), one computed site
    ``(sites {(last To)})`` (the same), or a region (its code, several sites in ``(sites {…})``
    among them). ``(from (from))`` in a
    piece's moves is the piece's sites, as ``(from)`` is."""
    if isinstance(where, Node) and where.rule == "region_sites_at":
        if len(where.args[0]) == 1:
            where = where.args[0][0]
    if isinstance(where, Node) and where.rule == "region_sites_pending":
        start = len(c.code)  # (sites Pending): the one site set pending (-1, none: no move)
        c.op(where, L.OP.PENDING_SITE)
        return {site_key: start, site_key + "_end": len(c.code)}
    if isinstance(where, Node) and where.category == "region":
        return {region_key: c.region(where)}
    if isinstance(where, Node) and where.rule == "site_from" and site_key == "from_site" \
            and c.own_sites() is not None:  # (from (from)) in a piece's moves: its sites
        return {region_key: c.own_sites()}
    written = constant(where)
    if isinstance(written, int):  # a site by Ludii's number
        start = len(c.code)
        c.op(origin, L.OP.CONST, value=ludii_site(c, origin, written))
        return {site_key: start, site_key + "_end": len(c.code)}
    start, end = c.code_range(where)
    return {site_key: start, site_key + "_end": end}


#: Move ludemes that combine others; every other move ludeme makes moves itself and takes a
#: (then …) of its own (a new generator needs no entry here).
COMBINATORS = frozenset({"moves_priority", "moves_or", "moves_and", "moves_if", "moves_do",
                         "moves_do_next", "moves_foreach_die",
                         "moves_foreach_piece", "moves_max_captures", "moves_max_moves",
                         "moves_max_distance", "moves_first_on_track"})


def makes_moves(node: Node) -> bool:
    """Does this move ludeme make moves itself (rather than combine others)?"""
    return node.rule not in COMBINATORS


def then_pushed_down(node: Node) -> Node:
    """A combinator's ``(then …)`` — of (or …), (and …), (if …), (priority …), (forEach Piece
    …) — runs after whichever of its moves is made, after that move's own consequences (Ludii
    appends it to each move's): moved into each move it makes."""
    part = sub_node(node, "then")
    if part is None or makes_moves(node):
        return node
    if node.rule in ("moves_max_distance", "moves_first_on_track"):
        raise fail(part, "a (then …) of (max Distance …) or (firstMoveOnTrack …) is not "
                   "supported: Ludii 1.3.13 drops it (put it in the moves inside)")
    return _with_then(replace(node, args=tuple(a for a in node.args if a is not part)), part)


def in_turn(first, second, pos) -> Node:
    """Two consequents of a move, each worked out after the one before it applied (Ludii's
    ``Move.then`` list), unlike the parts of an ``(and …)``."""
    return Node("effect_and", (first, second, Named(IN_TURN, True)), pos)


#: The mark of an (and …) of consequents, applied in turn (see :func:`in_turn`).
IN_TURN = "inTurn"


def _with_then(node: Node, part: Node) -> Node:
    own = sub_node(node, "then")
    if makes_moves(node) or (node.rule == "moves_foreach_piece" and not any(
            isinstance(a, Node) and a.category == "moves" for a in node.args)):
        if own is None:  # (forEach Piece) adds it to each piece's moves (for_each_piece)
            return replace(node, args=node.args + (part,))
        both = replace(own, args=(in_turn(own.args[0], part.args[0], own.pos),))
        return replace(node, args=tuple(both if a is own else a for a in node.args))

    def inside(a):
        if isinstance(a, Node) and a.category == "moves":
            return _with_then(a, part)
        if isinstance(a, Named) and isinstance(a.value, Node) and a.value.category == "moves":
            return Named(a.name, _with_then(a.value, part))  # (do … next:MOVES)
        return tuple(inside(x) for x in a) if isinstance(a, tuple) else a

    return replace(node, args=tuple(inside(a) for a in node.args))


def without_region_if(node: Node) -> Node:
    """A move whose from- or to-region is ``(if c A B)``, as ``(if c MOVE-from-A MOVE-from-B)``:
    Ludii works the region out once as it generates the moves, as the program tests c. The same
    for a move's directions ``(if c (directions A) (directions B))``."""
    choice = next((a for a in node.args if isinstance(a, Node) and a.rule == "dirs_if"), None)
    if choice is not None and makes_moves(node):
        cond, *branches = choice.args
        return Node("moves_if", (cond, *(replace(node, args=tuple(
            branch if a is choice else a for a in node.args)) for branch in branches)),
            node.pos)
    for i, part in enumerate(node.args):
        if not (isinstance(part, Node) and part.rule in ("from", "to") and part.positional
                and isinstance(part.positional[0], Node)
                and part.positional[0].rule == "region_if"):
            continue
        choice = part.positional[0]
        cond, first, second = choice.args
        branches = []
        for region in (first, second):
            args = tuple(region if a is choice else a for a in part.args)
            branches.append(replace(node, args=node.args[:i] + (replace(part, args=args),)
                                    + node.args[i + 1:]))
        return Node("moves_if", (cond, *branches), node.pos)
    return node


@compiles("moves_step", "moves_step_short")
def step(c: Compiler, node: Node) -> None:
    """(move Step …) as in Ludii: a piece moves to a neighbour along the directions (Adjacent
    by default) where the to-condition holds (any neighbour without one, occupied or not: a
    piece already there is replaced); the to's (apply …) runs first, at the destination."""
    code = piece_from(c, node)
    mask, turned = turning_mask(c, node)
    to = sub_node(node, "to")
    start, count = apply_effects(c, sub_node(to, "apply"))
    leaf(c, node, L.GEN.STEP, from_region=code, dirs=mask, turned=int(turned),
         last_way=last_way(c, node), apply=start, apply_count=count,
         **condition(c, to.named("if")), **then(c, node))


@compiles("moves_from_to")
def from_to(c: Compiler, node: Node) -> None:
    """Ludii's ``(move (from SITE|REGION [if:C]) (to SITE|REGION [if:C] [(apply …)]) [copy:B])``:
    any piece (or one of the counters a site holds, a hand's pieces among them) goes from a
    from-site to a to-site, replacing a piece there; ``copy:True`` leaves the origin as it
    was. The to's apply runs first, the (then …) after, as for a Step."""
    frm, to = sub_node(node, "from"), sub_node(node, "to")
    check_level(c, frm, frm.named("level"), frm.positional[0] if frm.positional else None)
    fields: dict[str, int] = {}
    if not frm.positional and c.own_sites() is not None:  # (from) in a piece's moves
        fields["from_region"] = c.own_sites()
    conds = {}
    for part, site_key, region_key in ((frm, "from_site", "from_region"), (to, "to_site",
                                                                      "to_region")):
        conds[part.rule] = part.named("if")
        if part is frm and "from_region" in fields:
            continue
        where = part.positional[0] if part.positional else None
        if not isinstance(where, (Node, int)):
            raise fail(part, f"{ludeme(node)} needs a site or region in ({part.rule} …)")
        where, conds[part.rule] = unfold_for_each(where, conds[part.rule])
        fields.update(site_or_region(c, where, site_key, region_key, part))
    if conds["from"] is not None:
        fields["from_cond"], fields["from_cond_end"] = c.code_range(conds["from"])
    moved = node.named("count")
    if moved is not None:
        fields["count"], fields["count_end"] = _counters_moved(c, node, moved)
    start, count = apply_effects(c, sub_node(to, "apply"))
    leaf(c, node, L.GEN.FROM_TO, copy=int(bool(node.named("copy", False))), apply=start,
         apply_count=count, **fields, **condition(c, conds["to"]), **then(c, node))


def _counters_moved(c: Compiler, node: Node, moved: Node | int) -> tuple[int, int]:
    """``count:N`` of a move in a mancala game: N counters go (Ludii's ActionMoveN: the origin
    keeps what is left, never below none; the destination gains N). Ludii reads N before it
    knows the destination, so a count that reads ``(to)`` is refused."""
    if not c.tree.find("equip_mancala_board"):
        raise fail(node, f"{ludeme(node)} with count: moves counters on a mancala board; "
                   "this game has none")
    if isinstance(moved, Node) and moved.find("site_to"):
        raise fail(node, f"the count: of {ludeme(node)} cannot read (to): Ludii counts before "
                   "it knows where the counters go")
    return c.code_range(moved)


def apply_effects(c: Compiler, apply: Node | None) -> tuple[int, int]:
    """A to's ``(apply [if:COND] EFFECT)`` as an effect list: with ``if:``, the effect only when
    the condition holds (the move stays legal either way, as in Ludii)."""
    if apply is None:
        return 0, 0
    effect = apply.positional[0]
    cond = apply.named("if")
    if cond is not None:
        effect = Node("effect_if", (cond, effect), apply.pos)
    saved, c.in_then = c.in_then, False  # an apply runs before its move's piece moves
    try:
        return c.effect_list(effect)
    finally:
        c.in_then = saved


@compiles("dirs_if")
def dirs_if(c: Compiler, node: Node) -> list[str]:
    """``(if C DIRS DIRS)`` is read as a move's directions only (the move becomes two, see
    :func:`without_region_if`)."""
    raise fail(node, "(if …) of directions is read only as the directions of a move, e.g. "
               "(move Step (if (is Mover P1) N S) …)")


@compiles("dirs_set")
def dirs_set(c: Compiler, node: Node) -> list[str]:
    """``(directions {FR FL})``: the direction names, read by the move that lists them."""
    if node.named("of") is not None:
        raise fail(node, "(directions {…} of:…) is read only in the second directions of a "
                   "(forEach Direction …)")
    return [d.name for d in items(node.args[0])]


def piece_from(c: Compiler, node: Node) -> int:
    """Where a moving piece starts: (from REGION), or in a piece's own moves the cells holding
    a piece of that type (Ludii's default (from) there, also written (from) alone)."""
    frm = sub_node(node, "from")
    own = c.own_sites()
    if frm is None or (not frm.positional and frm.named("if") is None and own is not None):
        if own is None:
            raise fail(node, f"{ludeme(node)} outside a piece's moves needs (from REGION), e.g. "
                       "(from (sites Occupied by:Mover))")
        return own
    return _from_region(c, node)


def _container_sites(c: Compiler, node: Node) -> int | None:
    """The region a (forEach Piece container:(mover)) moves from: the mover's hand sites that
    hold a piece (None: the board, Ludii's default container)."""
    container = node.named("container")
    if container is None:
        return None
    if not (isinstance(container, Node) and container.rule == "int_mover"):
        raise fail(node, "(forEach Piece container:…) is read as container:(mover), the mover's "
                   "hand, only")
    if not c.hand_size:
        raise fail(node, "(forEach Piece container:(mover)) needs hands: add (hand Each)")
    return c.region(parse_fragment('(sites Occupied by:Mover container:"Hand")', "region"))


@compiles("moves_foreach_piece")
def for_each_piece(c: Compiler, node: Node) -> None:
    """(forEach Piece ["Name" | {"Name" …}] [MOVES] [Mover]): the moves of every piece type
    the mover owns (of the named types: "Counter" names "Counter1", "Counter2", …), each from
    the cells its pieces stand on; MOVES, when given, instead of the types' own moves. The
    program skips the other players' types."""
    if c.piece is not None:
        raise fail(node, "(forEach Piece) cannot be used inside a piece's own moves")
    role = next((a for a in node.args if isinstance(a, Sym) and a.kind == "role"), None)
    if role is not None and role.name != "Mover":
        raise fail(node, f"(forEach Piece {role.name}) is read only in a checkmate's (can Move "
                   "…); the moves are the mover's")
    names = [a for a in node.args if isinstance(a, str)] + [
        n for a in node.args if isinstance(a, tuple) for n in a]
    given = next((a for a in node.args if isinstance(a, Node) and a.category == "moves"), None)
    chosen = [comp for comp in c.components if not names or any(
        comp.name == n or (comp.name.startswith(n) and comp.name[len(n):].isdigit())
        for n in names)]
    if names and not chosen:
        wanted = " or ".join(f'"{n}"' for n in names)
        raise fail(node, f"no piece {wanted}; pieces: "
                   + ", ".join(comp.name for comp in c.components))
    if given is not None:
        chosen = [replace(comp, moves=given) for comp in chosen]
    then_part = sub_node(node, "then")
    if then_part is not None:
        chosen = [replace(comp, moves=_with_then(comp.moves, then_part)) for comp in chosen
                  if comp.moves is not None]
    pieces = [comp for comp in chosen if comp.moves is not None]
    if not pieces:
        raise fail(node, "(forEach Piece) makes the moves of each piece, but no (piece …) has "
                   'moves; give them, e.g. (piece "Pawn" Each (move Step Forward (to if:'
                   "(is Empty (to)))))")
    hand = _container_sites(c, node)
    for comp in pieces:
        if comp.owner < 0:
            raise fail(comp.node, "shared pieces with their own moves are not supported yet")
        start, end = c.code_range(parse_fragment(f"(= (mover) {comp.owner + 1})", "cond"))
        branch = c.prog.add(node, kind=L.PR.JUMP_UNLESS, cond=start, cond_end=end)
        c.piece, c.site_loop = comp, hand
        c.per_level = bool(c.params[L.P.STACKS]) and node.named("top", False) is not True
        try:
            c.moves(comp.moves)
        finally:
            c.piece, c.site_loop, c.per_level = None, None, False
        c.prog.set(branch, target=len(c.prog))


@compiles("moves_slide", "moves_slide_short")
def slide(c: Compiler, node: Node) -> None:
    """(move Slide …) as in Ludii: a piece moves along a line of sites in the move's directions
    where the between-condition (Ludii's go rule, (between) at each; empty sites by default)
    holds, and may stop on any of them. The to-condition is Ludii's stop rule, tested at each
    site before the go rule: where it holds, the piece may move there (replacing a piece there,
    after the to's (apply …)) and goes no further. ludi's own (is Approach …)
    to-condition instead keeps the empty sites where it holds."""
    between = sub_node(node, "between")
    exact = sub_node(between, "exact") if between is not None else None
    origin = _slide_from(c, node)
    over = {}
    if exact is not None:  # (exact N): Ludii's range N..N, the slide lands N sites on only
        most = exact.args[0]
        over["min"] = number(exact, most, "an exact slide's distance", 1, 1000)
    else:
        most = between_limit(between)
    limit = c.code_range(most) if most is not None else (0, 0)
    go = between.named("if") if between is not None else None  # Ludii's go rule, tested at
    #                                                             each site passed: empty ones
    safe = False
    if go is not None:
        go, safe = without_path_threat(c, go, node)
    if go is not None and go != parse_fragment("(is Empty (between))", "cond"):
        saved, c.hopping = c.hopping, True  # (between): the site passed
        try:
            over["over_cond"], over["over_cond_end"] = c.code_range(go)
        finally:
            c.hopping = saved
    if between is not None and sub_node(between, "apply") is not None:
        raise fail(between, "(between … (apply …)) in a slide is not supported yet")
    to = sub_node(node, "to")
    cond = to.named("if") if to is not None else None
    apply = sub_node(to, "apply") if to is not None else None
    landing = sub_node(to, "apply_filter") if to is not None else None
    if landing is not None:
        c.filters_read.add(id(landing))
        over["land_cond"], over["land_cond_end"] = c.code_range(landing.named("if"))
    start = len(c.code)
    fields = condition(c, cond, context="slide-to")
    if any(c.code.get(i, "kind") == L.OP.APPROACH for i in range(start, len(c.code))):
        if apply is not None or sub_node(node, "then") is not None or over:
            raise fail(node, "a slide whose to-condition is (is Approach …) takes no (apply …), "
                       "(then …), (between if:…) or (between (exact N))")
        leaf(c, node, L.GEN.SLIDE, dirs=direction_mask(c, node), max=limit[0],
             max_end=limit[1], distances=1, **origin, **fields, **over)
        return
    if apply is not None and apply.named("if") is not None:
        if go is not None and go != parse_fragment("(is Empty (between))", "cond"):
            raise fail(apply, "(apply if:…) in a slide's (to …) together with a (between "
                       "if:…) that lets it pass occupied sites is not supported yet")
        # Ludii's Slide reads the apply's if: as its to-rule (no move where it fails, the
        # slide going on past an empty site) and runs the apply's effect on every move made
        over["land_cond"], over["land_cond_end"] = c.code_range(apply.named("if"))
        apply = Node("apply", apply.positional, apply.pos)
    first, count = apply_effects(c, apply)
    if safe:  # the moves that pass an attacked site are dropped after they are made
        c.prog.add(node, kind=L.PR.MARK)
    leaf(c, node, L.GEN.SLIDE, dirs=direction_mask(c, node), max=limit[0],
         max_end=limit[1], stop=1, apply=first, apply_count=count, **origin, **fields, **over,
         **then(c, node))
    if safe:
        c.prog.add(node, kind=L.PR.KEEP_SAFE_PATH)


def _slide_from(c: Compiler, node: Node) -> dict[str, int]:
    """Where a slide starts: the piece's sites, a region, or one site (``(from (mapEntry
    "King" (mover)))``, a castling's), as generator fields."""
    frm = sub_node(node, "from")
    where = frm.positional[0] if frm is not None and frm.positional else None
    if where is None and c.own_sites() is not None and frm is not None \
            and frm.named("if") is not None:  # (from if:C): the piece's sites where C holds
        start, end = c.code_range(frm.named("if"))
        return {"from_region": c.own_sites(), "from_cond": start,
                "from_cond_end": end}
    if where is None or (isinstance(where, Node) and where.category == "region"):
        return {"from_region": piece_from(c, node)}
    if frm.named("if") is not None:
        raise fail(frm, "(from SITE if:…) is not supported for a slide yet")
    return site_or_region(c, where, "from_site", "from_region", frm)


@compiles("moves_pass")
def pass_(c: Compiler, node: Node) -> None:
    leaf(c, node, L.GEN.PASS, **then(c, node))


@compiles("moves_propose")
def propose(c: Compiler, node: Node) -> None:
    leaf(c, node, L.GEN.PROPOSE, proposal=c.proposal(node.args[0]))


@compiles("moves_vote")
def vote(c: Compiler, node: Node) -> None:
    name = node.args[0]
    pending = c.proposals[0] if c.proposals else name
    leaf(c, node, L.GEN.VOTE, proposal=c.proposal(pending), yes=int(name == pending))


def _from_region(c: Compiler, node: Node) -> int:
    frm = sub_node(node, "from")
    where = frm.positional[0] if frm is not None and frm.positional else None
    if not isinstance(where, Node) or where.category != "region":
        raise fail(node, f"{ludeme(node)} needs (from REGION), e.g. "
                   "(from (sites Occupied by:Mover))")
    if frm.named("if") is not None:
        raise fail(frm, "(from … if:…) is not supported for this move yet")
    return c.region(where)


def generator_only(c: Compiler, node: Node) -> int:
    """Compile one move generator that the move program does not run (the moves an
    ``(if (can Move M) …)`` looks for): its index in T.GEN."""
    first = len(c.prog)
    saved, c.in_then = c.in_then, False
    try:
        c.moves(node)
    finally:
        c.in_then = saved
    added = [c.prog.get(i, "kind") for i in range(first, len(c.prog))]
    if added != [L.PR.LEAF]:
        raise fail(node, "(can Move …) looks for the moves of one move ludeme, such as (hop …) "
                   "or (move Step …), not of a combination")
    g = c.prog.get(first, "gen")
    c.prog.truncate(first)
    return g

