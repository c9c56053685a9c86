"""Effects (``effect_*``): what a move does besides placing or moving its piece.

An effect is one ``T.EFF`` record; a sequence of effects (a ``(then …)``, a sowing's ``apply:``)
is a list of record indices in ``T.LIST``. Every effect compile function returns the indices it
made, so ``(and {…})`` is the concatenation of its parts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.conditions import site_operand
from ludi.compile.directions import direction_mask
from ludi.compile.moves import (
    IN_TURN,
    between_limit,
    check_pieces_to_add,
    generator_only,
    sub_node,
)
from ludi.compile.regions import open_spans, span_end
from ludi.compile.registry import compiles, fail, ludeme, operands
from ludi.compile.threats import if_threatened, threat_test
from ludi.lang import Node, parse_fragment
from ludi.lang.tree import Named, Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


def sequence(c: Compiler, node: Node) -> tuple[int, int]:
    """An effect or an (and {…}) of effects: their (start, count) in T.LIST."""
    return c.add_list(c.dispatch(node))


def inner_list(c: Compiler, effect, banned: tuple[int, ...], where: Node,
               message: str) -> tuple[int, int]:
    """An effect list that runs inside another effect (a sowing's or a capture's, a (forEach
    Site …)'s): compiled outside any (then …), refused with ``message`` when it holds one of
    the ``banned`` kinds (the kernels nest these lists one level deep)."""
    saved, c.in_then = c.in_then, False
    try:
        first, count = sequence(c, effect)
    finally:
        c.in_then = saved
    if any(c.effs.get(e, "kind") in banned for e in c.lists[first:first + count]):
        raise fail(where, message)
    return first, count


#: Effects that run lists of their own, which the kernels nest one level deep: a sowing's or a
#: capture's list may hold a (forEach Site …), whose own list holds none of them.
NESTED = (L.EFF.SOW, L.EFF.CUSTODIAL, L.EFF.SURROUND, L.EFF.CAN_MOVE, L.EFF.SLIDE)
NESTED_SITES = (*NESTED, L.EFF.FOR_EACH_SITE)


#: What an effect sets, and the ludemes that read it back.
WRITES_READS = (("effect_set_var", "site_var"), ("effect_set_value", "site_value_player"),
                ("effect_set_state", "int_state_at"), ("effect_set_score", "int_score"),
                ("effect_add_score", "int_score"), ("effect_set_counter", "int_counter"),
                ("effect_set_pending", "site_value_pending"), ("effect_roll", "int_count_pips"),
                ("effect_remember_value", "region_sites_remembered"),
                ("effect_forget_value", "region_sites_remembered"))


@compiles("effect_do")
def do(c: Compiler, node: Node) -> list[int]:
    """``(do A next:B [(then …)])`` among effects: A, then B, which reads the position A left
    (as a move's ``(then …)`` applies its effects in turn), then the do's own (then …)."""
    first = next(a for a in node.positional if a.rule != "then")
    return [*c.dispatch(first), *c.dispatch(node.named("next")), *_then(c, node)]


@compiles("effect_and", "effect_or")
def and_(c: Compiler, node: Node) -> list[int]:
    """``(and A B …)``, and ``(or A B …)`` of effects: Ludii applies every consequence of a
    move, so an or of effects does all of them too. Ludii works out all of them (their
    conditions and values) before it applies any, where ludi applies them in turn: a part
    ``(if C E [F])`` whose C reads a value an earlier part sets (a variable, a player's value,
    a score, a state …) is tested first, ``(if C (and … E …) (and … F …))``, which is the
    same; any other read of such a value is refused."""
    parts = [p for p in operands(node) if not isinstance(p, Named)]
    if not node.named(IN_TURN):
        parts = _board_reads_first(parts)
    for i, part in enumerate(parts[1:] if not node.named(IN_TURN) else (), 1):
        written = _written(parts[:i])
        if not _reads(part, written):
            continue
        if part.rule == "effect_if" and isinstance(part.args[0], Node) \
                and not any(_reads(branch, written) for branch in part.args[1:]):
            before, after = parts[:i], parts[i + 1:]
            branches = [Node("effect_and", (tuple([*before, branch, *after]),), node.pos)
                        for branch in part.args[1:]]
            if len(branches) == 1 and (before or after):
                branches.append(Node("effect_and", (tuple(before + after),), node.pos))
            return c.dispatch(Node("effect_if", (part.args[0], *branches), part.pos))
        read = _reads(part, written)[0]
        raise fail(read, f"{ludeme(read)} reads what an earlier effect of the same (and …) "
                   "sets; Ludii reads it before that effect applies, which ludi plays only in "
                   "the test of an (if …)")
    return [e for part in parts for e in c.dispatch(part)]


#: Effects that move, add or take away pieces and counters, and the reads of the board they
#: change (whatever the site: which sites they touch is known only in play).
BOARD_CHANGES = ("effect_sow", "effect_from_to", "effect_remove", "effect_custodial",
                 "effect_for_each_site", "effect_add", "effect_promote", "effect_surround")
BOARD_READS = ("int_count_at", "int_count_in", "int_count_sites", "int_count_pieces",
               "int_count_pieces_all", "int_who", "int_what", "cond_is_empty",
               "cond_is_occupied", "cond_is_enemy", "cond_is_friend", "cond_no_pieces",
               "cond_no_pieces_all")
VALUE_SETTERS = tuple(setter for setter, _ in WRITES_READS)


def _board_reads_first(parts: list) -> list:
    """Ludii works out every part of an (and …) before applying any, so a part that only sets
    values (a variable, a player's value, …) from the board — ``(set Var "N" (count at:X))``,
    or an ``(if C …)`` choosing between such — reads the board as it was before the earlier
    parts moved pieces or counters. ludi runs such a part first, where the parts it passes
    neither read what it sets nor set what it reads (Pereauni's count of the seeds it just
    captured)."""
    out = list(parts)
    for i in range(1, len(out)):
        part = out[i]
        if not (_sets_values_only(part) and _finds(part, BOARD_READS)):
            continue
        earlier = out[:i]
        if not any(_finds(p, BOARD_CHANGES) for p in earlier):
            continue
        if any(_reads(p, _written([part])) for p in earlier) or _reads(part, _written(earlier)):
            continue
        out = [part, *earlier, *out[i + 1:]]
    return out


def _sets_values_only(part) -> bool:
    """Does ``part`` only set values (possibly under (if …) or (and …))?"""
    if not isinstance(part, Node):
        return False
    if part.rule in VALUE_SETTERS:
        return True
    if part.rule == "effect_if":
        return all(_sets_values_only(b) for b in part.args[1:] if b is not None)
    if part.rule == "effect_and":
        return all(_sets_values_only(b) for b in operands(part) if not isinstance(b, Named))
    return False


def _finds(part, rules: tuple[str, ...]) -> bool:
    return isinstance(part, Node) and any(n.rule in rules for n in part.walk())


def _written(parts) -> set[tuple[str, str | None]]:
    """What these effects set, as (the ludeme that reads it, its key: a variable's name, a
    player's role, or None)."""
    return {(reader, _key(node)) for setter, reader in WRITES_READS
            for p in parts if isinstance(p, Node) for node in p.find(setter)}


def _reads(part, written: set[tuple[str, str | None]]) -> list[Node]:
    """The reads in ``part`` of what was ``written`` (a player's score or value may be the
    one written unless the roles differ for sure: Mover and Next, or two players by name)."""
    if not isinstance(part, Node):
        return []
    return [n for n in part.walk() for rule, key in written
            if n.rule == rule and not _differ(_key(n), key)]


def _differ(a: str | None, b: str | None) -> bool:
    if a is None or b is None or a == b:
        return False
    return {a, b} == {"Mover", "Next"} or (a in PLAYERS and b in PLAYERS) \
        or (a.startswith('"') and b.startswith('"'))


PLAYERS = ("P1", "P2", "P3", "P4")


def _key(node: Node) -> str | None:
    """A variable's name (quoted, "" for the unnamed one) or a player's role; None for others."""
    if node.rule in ("effect_set_var", "site_var"):
        return '"' + _var_name(node) + '"'
    role = next((a for a in node.args if isinstance(a, Sym) and a.kind == "role"), None)
    return role.name if role is not None else None


def _var_name(node: Node) -> str:
    """The name in (set Var ["Name"] …) or (var ["Name"]); "" for the unnamed one."""
    return next((a for a in node.args if isinstance(a, str)), "")


@compiles("effect_sow")
def sow(c: Compiler, node: Node) -> list[int]:
    """``(sow [SITE] [count:N] ["Track"] [owner:P] …)``: N counters (all of them) of SITE (the
    site the move chose) along a track picked as Ludii picks it: without a name the board's first
    track, whoever owns it; with one, the track so named, or with ``owner:`` that player's track
    whose name contains it (Ludii's "Track1" of P1 and "Track2" of P2 for ``(sow "Track"
    owner:(mover))``)."""
    if not c.tracks:
        raise fail(node, "(sow …) needs a board with a (track …)")
    name = next((a for a in node.positional if isinstance(a, str)), None)
    start = next((a for a in node.positional if isinstance(a, Node) and a.rule != "then"), None)
    owner = node.named("owner")
    owner_range = (0, 0)
    if name is None:
        indices = [0] * L.COLOURS
    elif owner is None:
        found = [i for i, t in enumerate(c.tracks) if t.name == name]
        if not found:
            raise fail(node, f'no track "{name}"')
        indices = [found[0]] * L.COLOURS
    else:
        indices = []
        for colour in range(L.COLOURS):
            own = [i for i, t in enumerate(c.tracks) if t.owner == colour and name in t.name]
            if not own and colour < c.num_players:
                raise fail(node, f'P{colour + 1} has no track of its own called "{name}…"')
            indices.append(own[0] if own else 0)
        owner_range = c.code_range(owner)
    site_range = c.code_range(start) if start is not None else (0, 0)
    count = node.named("count")
    count_range = c.code_range(count) if count is not None else (0, 0)
    tracks = c.add_list(indices)[0]
    capture = node.named("if")
    capture_range = c.code_range(capture) if capture is not None else (0, 0)
    apply = node.named("apply")
    apply_list = inner_list(c, apply, NESTED, apply, "a sowing's capture (apply:) effect "
                            "cannot sow again, or be a custodial or surround capture") \
        if apply is not None else (0, 0)
    skip = node.named("skipIf")
    skip_range = c.code_range(skip, context="sow-skip") if skip is not None else (0, 0)
    slam = node.named("grandSlam")
    backtrack = node.named("backtracking", False)
    back_range = c.code_range(backtrack) if not isinstance(backtrack, bool) else (0, 0)
    opponents = c.region(Node("region_sites_role", (Sym("role", "Next"),)))
    return [c.effs.add(
        node, kind=L.EFF.SOW, capture_cond=capture_range[0], capture_cond_end=capture_range[1],
        apply=apply_list[0], apply_count=apply_list[1],
        include_self=int(bool(node.named("includeSelf", True))),
        skip_cond=skip_range[0], skip_cond_end=skip_range[1],
        backtrack=int(backtrack is not False), backtrack_cond=back_range[0],
        backtrack_cond_end=back_range[1],
        slam_no_capture=int(slam is not None and slam.name == "NoCapture"),
        opponents=opponents, tracks=tracks, owner=owner_range[0], owner_end=owner_range[1],
        site=site_range[0], site_end=site_range[1], count=count_range[0],
        count_end=count_range[1], origin=int(bool(node.named("origin", False))))] \
        + _then(c, node)


@compiles("effect_from_to")
def from_to(c: Compiler, node: Node) -> list[int]:
    frm, to = node.positional[:2]
    sites = []
    for part in (frm, to):
        site = part.positional[0] if part.positional else None
        number = isinstance(site, int) or (isinstance(site, Node)
                                           and site.category in ("site", "int"))
        if not number or part.named("if") is not None:
            raise fail(node, "(fromTo (from SITE) (to SITE) [count:N]) moves counters between "
                       "two sites, e.g. (fromTo (from (to)) (to (mapEntry (mover))))")
        sites.append(c.code_range(site))
    count = node.named("count")
    count_range = c.code_range(count if count is not None else 1)
    return [c.effs.add(node, kind=L.EFF.FROM_TO, from_site=sites[0][0],
                       from_site_end=sites[0][1], to_site=sites[1][0], to_site_end=sites[1][1],
                       count=count_range[0], count_end=count_range[1])] + _then(c, node)


@compiles("effect_remove")
def remove(c: Compiler, node: Node) -> list[int]:
    """``(remove SITE [at:EndOfTurn] [count:N])``: the piece, or every counter, at SITE goes.
    Ludii's count:N makes N removals of the site, but without stacks its first one empties the
    site (ContainerFlatState.remove), so N changes nothing there."""
    if node.named("count") is not None and c.params[L.P.STACKS] == 1:
        raise fail(node, "(remove … count:N) takes N pieces off a stack in Ludii; ludi plays it "
                   "in games without stacks only, where one removal empties the site")
    later = int(node.named("at") is not None)  # at:EndOfTurn: marked, removed at the turn's end
    if later:
        if c.board.num_cells > L.VISITED_SITES:
            raise fail(node, f"(remove … at:EndOfTurn) on a board of more than "
                       f"{L.VISITED_SITES} sites is not supported")
        c.params[L.P.TO_CLEAR] = 1
    start, end = c.code_range(node.args[0])
    removal = c.effs.add(node, kind=L.EFF.REMOVE, site=start, site_end=end, later=later)
    after = _then(c, node)
    if not after:
        return [removal]
    # Ludii's remove makes no move where the site is empty, so its (then …) does not run there
    # (a chess rook's (apply (remove (to) (then (set Counter)))) on a slide to an empty site)
    cond, cond_end = c.code_range(Node("cond_is_occupied", (node.args[0],), node.pos))
    return [c.effs.add(node, kind=L.EFF.SKIP_UNLESS, cond=cond, cond_end=cond_end,
                       jump=1 + len(after)), removal, *after]


def _then(c: Compiler, node: Node) -> list[int]:
    """An effect's own ``(then …)``: more effects right after it."""
    part = sub_node(node, "then")
    return c.dispatch(part.args[0]) if part is not None else []


@compiles("effect_move_again")
def move_again(c: Compiler, node: Node) -> list[int]:
    return [c.effs.add(node, kind=L.EFF.MOVE_AGAIN)]


@compiles("effect_set_next_player")
def set_next_player(c: Compiler, node: Node) -> list[int]:
    """``(set NextPlayer (player N))``: player N moves next. Ludii's (moveAgain) is the same
    action with the mover's number, so in a two-player game it is a move again when N is the
    mover and the usual turn otherwise; the move's last such effect decides. With more players
    the turn order would change, which is refused."""
    if c.num_players != 2:
        raise fail(node, "(set NextPlayer …) is supported in two-player games only; this game "
                   f"has {c.num_players} players")
    start, end = c.code_range(node.args[0].args[0])
    return [c.effs.add(node, kind=L.EFF.SET_NEXT, value=start, value_end=end)]


@compiles("player_number")
def player_number(c: Compiler, node: Node) -> None:
    """``(player N)`` is read by :func:`set_next_player` only."""
    raise fail(node, "(player N) is read only in (set NextPlayer (player N))")


@compiles("effect_roll")
def roll(c: Compiler, node: Node) -> list[int]:
    """``(roll [(then …)])``: every die shows a new face; its (then …) runs after."""
    if not c.dice:
        raise fail(node, "(roll) needs (dice …) in the equipment")
    after = sub_node(node, "then")
    return [c.effs.add(node, kind=L.EFF.ROLL), *(c.dispatch(after.args[0]) if after else [])]


@compiles("effect_if")
def if_(c: Compiler, node: Node) -> list[int]:
    """``(if c A [B])`` inside a list of effects: skip-unless c over A (and a skip over B)."""
    cond, then = node.args[0], node.args[1]
    other = node.args[2] if len(node.args) > 2 else None
    if threat_test(cond) is not None:
        return if_threatened(c, node)
    if isinstance(cond, Node) and cond.rule == "cond_can_move":
        if not c.in_then:
            raise fail(node, "(if (can Move …) …) is understood only in a move's (then …)")
        test = {"kind": L.EFF.CAN_MOVE, "gen": generator_only(c, cond.args[0])}
    else:
        start, end = c.code_range(cond)
        test = {"kind": L.EFF.SKIP_UNLESS, "cond": start, "cond_end": end}
    then_effects = c.dispatch(then)
    else_effects = c.dispatch(other) if other is not None else []
    jump = len(then_effects) + (1 if else_effects else 0)
    out = [c.effs.add(node, **test, jump=jump)]
    out += then_effects
    if else_effects:
        out.append(c.effs.add(node, kind=L.EFF.SKIP, jump=len(else_effects)))
        out += else_effects
    return out


@compiles("prior_roll", "prior_if", "prior_and", "prior_set_var", "prior_set_value",
          "prior_set_pending", "prior_set_counter")
def prior(c: Compiler, node: Node) -> list[int]:
    """A (do PRIOR next:…)'s PRIOR: the effect of the same name (the grammar keeps them apart
    only so that a parser can tell them from moves)."""
    return c.dispatch(_as_effect(node))


def _as_effect(value):
    """A prior's tree with each ``prior_*`` rule named as its effect."""
    if isinstance(value, Node):
        rule = "effect_" + value.rule.removeprefix("prior_") if value.category == "prior" \
            else value.rule
        return replace(value, rule=rule, args=tuple(_as_effect(a) for a in value.args))
    if isinstance(value, Named):
        return Named(value.name, _as_effect(value.value))
    if isinstance(value, tuple):
        return tuple(_as_effect(a) for a in value)
    return value


@compiles("effect_for_each_site")
def for_each_site(c: Compiler, node: Node) -> list[int]:
    """``(forEach Site REGION EFFECT)``: the effect at each site of the region, ``(site)`` set to
    it, in site order; of ``(if C A B)``, of A or B as C says."""
    region, effect = node.args
    if region.rule == "region_if":
        cond, first, second = region.args
        return c.dispatch(Node("effect_if", (cond, replace(node, args=(first, effect)),
                                             replace(node, args=(second, effect))), node.pos))
    code, span = open_spans(c, node, region)
    if span is not None:  # its two ends, which the effect evaluates first
        start, end = c.code_range(span_end(c, span[1], "from"))
        c.dynregs.set(span[0], **{"from": start, "from_end": end})
        start, end = c.code_range(span_end(c, span[1], "to"))
        c.dynregs.set(span[0], to=start, to_end=end)
    first, count = inner_list(c, effect, NESTED_SITES, node, "(forEach Site …) takes simple "
                              "effects only (remove, fromTo, moveAgain, if, set Var)")
    return [c.effs.add(node, kind=L.EFF.FOR_EACH_SITE, region=code, apply=first,
                       apply_count=count, span=span[0] + 1 if span is not None else 0)]


@compiles("effect_set_var")
def set_var(c: Compiler, node: Node) -> list[int]:
    """``(set Var ["Name"] [VALUE])``: the variable takes the value (-1 without one) and keeps
    it from move to move (Ludii's state values)."""
    name = next((a for a in node.args if isinstance(a, str)), "")
    value = next((a for a in node.args if not isinstance(a, str)), None)
    start, end = c.code_range(value) if value is not None else (0, 0)
    return [c.effs.add(node, kind=L.EFF.SET_VAR, var=c.variable(node, name), value=start,
                       value_end=end)]


@compiles("effect_set_pending")
def set_pending(c: Compiler, node: Node) -> list[int]:
    """``(set Pending [VALUE])``: ``(is Pending)`` holds from the end of this move until the next
    move is made, and ``(value Pending)`` reads the value (Ludii's pending values: a set, -1 for
    a (set Pending) without one)."""
    c.variable_origin = c.variable_origin or node
    start, end = c.code_range(node.args[0]) if node.args and node.args[0] is not None else (0, 0)
    return [c.effs.add(node, kind=L.EFF.SET_PENDING, value=start, value_end=end)]


@compiles("effect_set_value")
def set_value(c: Compiler, node: Node) -> list[int]:
    """``(set Value ROLE [VALUE])``: the player's value (-1 without one), kept from move to move
    (Ludii's player values)."""
    value = node.args[1] if len(node.args) > 1 else None
    start, end = c.code_range(value) if value is not None else (0, 0)
    c.variable_origin = c.variable_origin or node
    return [c.effs.add(node, kind=L.EFF.SET_VALUE, role=c.role(node, node.args[0]), value=start,
                       value_end=end)]


@compiles("effect_set_score", "effect_add_score")
def set_score(c: Compiler, node: Node) -> list[int]:
    """``(set Score ROLE VALUE)``, ``(addScore ROLE VALUE)``: the player's score, which
    ``(score ROLE)`` reads and ``(byScore)`` ranks by (Ludii's scores)."""
    role, value = node.args
    start, end = c.code_range(value)
    kind = L.EFF.SET_SCORE if node.rule == "effect_set_score" else L.EFF.ADD_SCORE
    return [c.effs.add(node, kind=kind, role=c.role(node, role), value=start, value_end=end)]


@compiles("effect_promote")
def promote(c: Compiler, node: Node) -> list[int]:
    """``(promote SITE (piece "King") ROLE)``: the piece at SITE is replaced by ROLE's "King"
    (with Mover, the mover's: "King1" for P1 of a (piece "King" Each)). Without ROLE the piece
    names its owner, ``(piece (id "King" Mover))`` (Ludii promotes to that very type)."""
    site, piece, role = (*node.args, None)[:3]
    name = piece.args[0]
    if role is None:
        owner = name.args[1] if isinstance(name, Node) and name.rule == "int_id" \
            and len(name.args) > 1 else None
        if not isinstance(owner, Sym) or owner.name == "Neutral":
            raise fail(node, '(promote SITE (piece "Name") ROLE) needs the role whose piece it '
                       'becomes, in the promote or in (piece (id "Name" ROLE))')
        name, role = name.args[0], owner
    if not isinstance(name, str):
        raise fail(node, '(promote SITE (piece "Name") ROLE) as an effect takes one piece type '
                   'by name; a choice (piece {…}) is read in (move Promote …)')
    start, end = c.code_range(site)
    code = c.role(node, role)
    colours = range(c.num_players) if code < 0 else [code]
    types = c.types_by_colour(node, name, colours, shared=False,
                              why="a promoted piece belongs to the player named")
    first, _ = c.add_list(types)
    return [c.effs.add(node, kind=L.EFF.PROMOTE, site=start, site_end=end, types=first,
                       role=code)]


@compiles("effect_add")
def add(c: Compiler, node: Node) -> list[int]:
    """``(add [(piece "Name" | (piece (id "Name" ROLE)))] (to SITE))``: a piece of the mover's
    (or ROLE's) type "Name" (the mover's own without a piece) placed on SITE when it is empty.
    As Ludii's ActionAdd, nothing changes on an occupied site: ``(and (remove (site)) (add …))``
    turns a piece over."""
    piece = sub_node(node, "newpiece")
    to = sub_node(node, "to")
    site = to.positional[0] if to.positional else None
    if not isinstance(site, Node) or site.category != "site" or len(to.args) != 1:
        raise fail(node, "(add … (to SITE)) in an effect places on one site, e.g. (to (site)); "
                   "a region, if: or (apply …) is not supported there")
    if c.tree.find("effect_sow") or c.tree.find("equip_mancala_board"):
        raise fail(node, "(add …) as an effect is not supported in a sowing game (Ludii adds "
                   "to the count of an occupied site there)")
    why = "(add (piece …)) places the mover's own piece, another player's or a shared one"
    if piece is None:
        check_pieces_to_add(c, node)
    types, role = ([0, 0, 0, 0], L.ROLE.MOVER) if piece is None else c.new_piece(node, piece, why)
    start, end = c.code_range(site)
    first, _ = c.add_list(types)
    return [c.effs.add(node, kind=L.EFF.ADD, site=start, site_end=end, types=first, role=role)]


@compiles("effect_set_state")
def set_state(c: Compiler, node: Node) -> list[int]:
    """``(set State at:SITE VALUE)``: the site's local state takes the value, a piece there or
    not (Ludii's ActionSetState); a piece that moves takes its state along."""
    site = len(c.code)
    site_operand(c, node, node.named("at"))
    end = len(c.code)
    value = next(a for a in node.positional)
    start, stop = c.code_range(value)
    c.params[L.P.LOCAL_STATES] = 1
    return [c.effs.add(node, kind=L.EFF.SET_STATE, site=site, site_end=end, value=start,
                       value_end=stop)]


@compiles("effect_remember_value")
def remember_value(c: Compiler, node: Node) -> list[int]:
    """``(remember Value "Name" SITE [unique:…])``: the site joins the values remembered under
    that name, read back by ``(sites (values Remembered "Name"))``. ludi keeps a set of sites
    per name, so a value remembered twice is there once (Ludii's ``unique:True``); a value that
    is not a site stops the game with an engine error."""
    name, value = node.positional[:2]
    start, stop = c.code_range(value)
    bit = c.remembered_bit(node, name)
    return [c.effs.add(node, kind=L.EFF.REMEMBER, name_bit=bit, value=start, value_end=stop)]


@compiles("effect_forget_value")
def forget_value(c: Compiler, node: Node) -> list[int]:
    """``(forget Value "Name" SITE)``: the site leaves the values remembered under that name;
    ``(forget Value "Name" All)``: every one does."""
    name, value = node.positional[:2]
    bit = c.remembered_bit(node, name)
    if isinstance(value, Sym):  # All
        return [c.effs.add(node, kind=L.EFF.FORGET_ALL, name_bit=bit)]
    start, stop = c.code_range(value)
    return [c.effs.add(node, kind=L.EFF.FORGET, name_bit=bit, value=start, value_end=stop)]


@compiles("effect_set_counter")
def set_counter(c: Compiler, node: Node) -> list[int]:
    """``(set Counter [VALUE])``: Ludii's counter takes the value, -1 by default, so that it
    reads 0 once the move is over (it grows by one after every move)."""
    start, end = c.code_range(node.args[0]) if node.args and node.args[0] is not None else (0, 0)
    return [c.effs.add(node, kind=L.EFF.SET_COUNTER, value=start, value_end=end)]


@compiles("effect_trigger")
def trigger(c: Compiler, node: Node) -> list[int]:
    """``(trigger "Event" ROLE)``: ``(is Triggered "Event" ROLE)`` holds from now on (Ludii's
    ActionTrigger sets the player's one flag)."""
    return [c.effs.add(node, kind=L.EFF.TRIGGER, role=c.role(node, node.args[1]))]


@compiles("effect_custodial", "effect_surround")
def custodial(c: Compiler, node: Node) -> list[int]:
    """Ludii's ``(custodial [(from SITE)] [DIRECTIONS] [(between [(max N)] if:C (apply E))]
    [(to if:F)])``: along each direction (Adjacent by default) from SITE ((last To) by default),
    the sites in a row where C holds, (between), at most N of them (a ``(range A B)``: B, as
    Ludii's Custodial reads only its most), at least one, then a site
    where F holds, (to): E runs at each of them (by default: an enemy piece flanked by a friend
    is removed).

    ``(surround [(from SITE)] [DIRECTIONS] [(between if:C (apply E))] [(to if:F)] [except:K])``:
    each neighbour of SITE ((from) by default) where C holds, (between), whose own neighbours
    along the directions are SITE or hold F, (to), all but K at most: E runs there."""
    surround = node.rule == "effect_surround"
    part = {a.rule: a for a in node.args if isinstance(a, Node)}
    frm, between, to = part.get("from"), part.get("between"), part.get("to")
    site = frm.positional[0] if frm is not None and frm.positional else None
    if frm is not None and (not isinstance(site, Node) or site.category != "site"
                            or frm.named("if") is not None):
        raise fail(node, f"({node.rule[7:]} (from SITE) …) looks from one site, e.g. "
                   "(from (last To))")
    default = "(from)" if surround else "(last To)"
    site_range = c.code_range(site if site is not None else parse_fragment(default, "site"))
    most = node.named("except") if surround else between_limit(between, ranged=True)
    if surround and between_limit(between) is not None:
        raise fail(between, "a surround takes no (max …): its targets are neighbours")
    limit = c.code_range(most) if most is not None else (0, 0)
    target = between.named("if") if between is not None else None
    apply = sub_node(between, "apply") if between is not None else None
    if apply is not None and apply.named("if") is not None:
        raise fail(apply, "(apply if:…) in a custodial or surround capture is not supported yet")
    friend = to.named("if") if to is not None else None
    saved, c.hopping = c.hopping, True  # (between) is known in its conditions and effects
    try:
        cond = c.code_range(target or parse_fragment("(is Enemy (who at:(between)))", "cond"))
        flank = c.code_range(friend or parse_fragment("(is Friend (who at:(to)))", "cond"))
        effect = apply.args[0] if apply is not None else parse_fragment("(remove (between))",
                                                                       "effect")
        first, count = inner_list(c, effect, NESTED, node, "a custodial or surround capture's "
                                  "(apply …) takes simple effects only (remove, fromTo, "
                                  "moveAgain, if)")
    finally:
        c.hopping = saved
    kind = L.EFF.SURROUND if surround else L.EFF.CUSTODIAL
    number = "except" if surround else "limit"  # how many may stay open; how far it looks
    return [c.effs.add(node, kind=kind, site=site_range[0], site_end=site_range[1],
                       dirs=direction_mask(c, node), **{number: limit[0],
                                                        f"{number}_end": limit[1]},
                       target_cond=cond[0], target_cond_end=cond[1], flank_cond=flank[0],
                       flank_cond_end=flank[1], apply=first, apply_count=count)]


@compiles("effect_slide")
def slide(c: Compiler, node: Node) -> list[int]:
    """``(slide (from SITE) DIRECTION (between (exact N) [if:GO]) (to [if:STOP] [(apply E)]))``
    in a (then …), as Ludii's castling moves its rook: the slide's moves are made and each is
    played (Ludii applies every move of a consequence). Going one way exactly N sites it has
    one move at most, which the effect plays at once (``ludi.engine.kernels.effects.slide``)."""
    gen = generator_only(c, Node("moves_slide_short", node.args, node.pos))
    between = sub_node(node, "between")
    one_way = bin(c.gens.get(gen, "dirs")).count("1") == 1
    if not one_way or sub_node(between, "exact") is None \
            or c.gens.get(gen, "from_site") == c.gens.get(gen, "from_site_end") \
            or c.gens.get(gen, "land_cond") < c.gens.get(gen, "land_cond_end"):
        raise fail(node, "(slide …) as an effect is read only from one site, one way, exactly "
                   "N sites: (slide (from SITE) E (between (exact N) …) (to …))")
    first, count = c.gens.get(gen, "apply"), c.gens.get(gen, "apply_count")
    if any(c.effs.get(e, "kind") in NESTED for e in c.lists[first:first + count]):
        raise fail(node, "the (apply …) of a (slide …) effect takes simple effects only")
    return [c.effs.add(node, kind=L.EFF.SLIDE, gen=gen)]
