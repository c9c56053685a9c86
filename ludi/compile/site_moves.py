"""Moves from each site of a region: Ludii's ``(forEach Site REGION MOVES)``.

Its moves are made as a piece's are from each of the piece's sites (ludi.compile.moves): the
generators start from the region (Compiler.site_loop, read through Compiler.own_sites), and
(site) in them is their (from).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.moves import _with_then, sub_node
from ludi.compile.registry import compiles, compiles_internal, fail
from ludi.lang import Node
from ludi.lang.tree import Named, Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


#: the ludemes that give (site) a meaning of their own inside them
BINDS_SITE = ("effect_for_each_site", "region_foreach", "cond_all_sites", "moves_foreach_site")


def site_as_from(value):
    """``value`` with (site) read as (from), except inside ludemes that bind (site) again."""
    if isinstance(value, Named):
        return Named(value.name, site_as_from(value.value))
    if isinstance(value, tuple):
        return tuple(site_as_from(v) for v in value)
    if not isinstance(value, Node) or value.rule in BINDS_SITE:
        return value
    if value.rule == "site_site":
        return Node("site_from", (), value.pos)
    return Node(value.rule, site_as_from(value.args), value.pos)


@compiles("moves_foreach_site")
def for_each_site(c: Compiler, node: Node) -> None:
    """``(forEach Site REGION MOVES [noMoveYet:ELSE] [(then …)])``: MOVES from each (site) of
    REGION, as a piece's moves are made from each of its sites: (site) in MOVES is the (from)
    of their moves, and a move with no (from …) of its own starts there; ELSE's moves where
    there are none (a (priority …))."""
    if c.own_sites() is not None:
        raise fail(node, "(forEach Site …) of moves inside a piece's moves, or inside another "
                   "(forEach Site …), is not supported")
    otherwise = node.named("noMoveYet")
    if otherwise is not None:  # Ludii's else-moves: only where the loop made none
        loop = Node(node.rule, tuple(a for a in node.args if not (
            isinstance(a, Named) and a.name == "noMoveYet")), node.pos)
        c.moves(Node("moves_priority", (loop, otherwise), node.pos))
        return
    region, moves = node.positional[:2]
    then_part = sub_node(node, "then")
    if then_part is not None:
        moves = _with_then(moves, then_part)
    c.site_loop = c.region(region)
    try:
        c.moves(site_as_from(moves))
    finally:
        c.site_loop = None


# ---------------------------------------------------------------- track filters


def _track_for(c: Compiler, node: Node, colour: int) -> int:
    """The track Ludii's FirstMoveOnTrack and MaxDistance pick for the player ``colour``: the
    first track without a name; with a name and a role, the first of the player's own tracks
    whose name contains it; with a name alone, the first so named; -1 when none is."""
    name = next((a for a in node.positional if isinstance(a, str)), None)
    role = next((a for a in node.positional if isinstance(a, Sym)), None)
    if role is not None and role.name != "Mover":
        raise fail(node, f"{_ludeme(node)} with a role other than Mover is not supported yet")
    for i, track in enumerate(c.tracks):
        if name is None or (role is None and track.name == name) or (
                role is not None and track.owner == colour and name in track.name):
            return i
    return -1


def _ludeme(node: Node) -> str:
    return "(max Distance …)" if node.rule == "moves_max_distance" else "(firstMoveOnTrack …)"


def _tracks_or_refuse(c: Compiler, node: Node) -> list[int]:
    """Each player's track for ``node``; refused when a player has none (Ludii then returns
    its moves unevaluated, which no rule of ludi plays); a (then …) of its own is refused
    before (``moves.then_pushed_down``: Ludii 1.3.13 drops it)."""
    tracks = [_track_for(c, node, colour) for colour in range(c.num_players)]
    if -1 in tracks:
        raise fail(node, f"{_ludeme(node)} names no track of P{tracks.index(-1) + 1}'s "
                   "(Ludii would return no moves)")
    return tracks


@compiles("moves_max_distance")
def max_distance(c: Compiler, node: Node) -> None:
    """``(max Distance ["Track" ROLE] MOVES)``: Ludii 1.3.13's MaxDistance measures how far
    each move's whole turn goes along the track, then returns MOVES unfiltered (it builds the
    filtered list and returns a fresh evaluation of MOVES instead), so its random play is
    MOVES': ludi plays MOVES."""
    _tracks_or_refuse(c, node)
    c.moves(next(a for a in node.positional if isinstance(a, Node)))


@compiles("moves_first_on_track")
def first_move_on_track(c: Compiler, node: Node) -> None:
    """``(firstMoveOnTrack ["Track" ROLE] MOVES)``: MOVES with (site) at each site of the
    mover's track in turn (its End left out), the moves of the first site that has any
    (Ludii's FirstMoveOnTrack, Backgammon's bearing off from the rearmost point). Compiled as
    a (priority …) of MOVES at each site, one per player:

        (if (is Mover P1) (priority {MOVES@s1 MOVES@s2 …}) (if (is Mover P2) …))"""
    tracks = _tracks_or_refuse(c, node)
    if c.own_sites() is not None:
        raise fail(node, "(firstMoveOnTrack …) inside a piece's moves or a (forEach Site …) "
                   "is not supported yet")
    moves = next(a for a in node.positional if isinstance(a, Node))
    branches = []
    for colour, index in enumerate(tracks):
        cells = [cell for cell in c.tracks[index].cells if cell >= 0]
        if not cells:
            raise fail(node, f"the track of P{colour + 1} has no sites")
        branches.append(Node("moves_priority", tuple(
            _site_fixed(moves, cell) for cell in cells), node.pos))
    chosen = branches[-1]
    for colour in range(len(branches) - 2, -1, -1):
        test = Node("cond_is_player", (Sym("who", "Mover"), Sym("who", f"P{colour + 1}")),
                    node.pos)
        chosen = Node("moves_if", (test, branches[colour], chosen), node.pos)
    c.moves(chosen)


def _site_fixed(value, cell: int):
    """``value`` with (site) read as the cell ``cell``, except inside ludemes that bind (site)
    again."""
    if isinstance(value, Named):
        return Named(value.name, _site_fixed(value.value, cell))
    if isinstance(value, tuple):
        return tuple(_site_fixed(v, cell) for v in value)
    if not isinstance(value, Node) or value.rule in BINDS_SITE:
        return value
    if value.rule == "site_site":
        return Node("site_cell", (cell,), value.pos)
    return Node(value.rule, _site_fixed(value.args, cell), value.pos)


@compiles_internal("site_cell")
def site_cell(c: Compiler, node: Node) -> None:
    """A cell fixed by the compiler (ludi's number, not Ludii's): (site) of a
    (firstMoveOnTrack …) at one site of the track."""
    c.op(node, L.OP.CONST, value=node.args[0])
