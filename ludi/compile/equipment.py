"""Equipment and the start: boards (``board_*``), ``equip_*`` items and ``init_*`` placements.

Boards become geometry (:mod:`ludi.compile.board`): cells, neighbours by direction, line axes,
corners and sides. Pieces, regions and maps become the tables that moves and conditions read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ludi.compile import board as geometry
from ludi.compile import graphs
from ludi.compile import layout as L
from ludi.compile.directions import SQUARE_DIRECTIONS, direction_indices
from ludi.compile.regions import constant_site_of, ludii_site, static_cells
from ludi.compile.registry import compiles, constant, fail, items, ludeme, number, operands
from ludi.lang import Node
from ludi.lang.tree import Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler

# ---------------------------------------------------------------- boards


@compiles("board_rotate")
def board_rotate(c: Compiler, node: Node) -> geometry.Board:
    inner = node.args[1]
    while inner.rule == "board_rotate":
        inner = inner.args[1]
    if inner.rule in GRAPH_BOARDS:  # a graph's points turn: their directions change
        return board_graph(c, node)
    return c.dispatch(node.args[1])  # rotation changes the drawing, not the cells or lines


@compiles("board_hex", "board_hex_hexagon", "board_tri_hexagon")
def board_hex(c: Compiler, node: Node) -> geometry.Board:
    # the vertices of a hexagon of triangles form a hexagon of hex cells
    return geometry.hexhex(number(node, node.args[0], "the side of a hex board", 1, 40))


@compiles("board_hex_diamond")
def board_hex_diamond(c: Compiler, node: Node) -> geometry.Board:
    return geometry.hex_diamond(number(node, node.args[0], "the side of a diamond", 1, 60))


@compiles("board_hex_rectangle")
def board_hex_rectangle(c: Compiler, node: Node) -> geometry.Board:
    return geometry.hex_rectangle(number(node, node.args[0], "rows", 1, 200),
                                  number(node, node.args[1], "columns", 1, 200))


@compiles("board_hex_triangle")
def board_hex_triangle(c: Compiler, node: Node) -> geometry.Board:
    return geometry.hex_triangle(number(node, node.args[0], "the side of a triangle", 1, 80))


@compiles("board_hex_limping", "board_tri_limping")
def board_limping(c: Compiler, node: Node) -> geometry.Board:
    """``(hex Limping N)`` on cells, ``(tri Limping N)`` on points: the same lattice of sites."""
    return geometry.hex_limping(number(node, node.args[0], "the side of a limping board", 2, 40))


#: boards whose sites ludi holds as cells, on which ``(remove … cells:{…})`` (or ``vertices:``
#: on a tri board played on its points) takes sites away
CELL_BASES = ("board_hex", "board_hex_hexagon", "board_hex_rectangle", "board_hex_limping",
              "board_tri_limping", "board_tri_hexagon", "board_square", "board_rectangle",
              "board_hex_triangle", "board_hex_diamond")


def _unrotated(node: Node) -> Node:
    while node.rule == "board_rotate":
        node = node.args[1]
    return node


def removes_cells(node: Node, use: str | None) -> bool:
    """Is this ``(remove BOARD …)`` a removal of sites from a board played on its cells (or a
    tri board's points), rather than of points from a graph?"""
    node = _unrotated(node)
    if node.rule != "board_remove":
        return False
    base = _unrotated(node.positional[0])
    if base.rule not in CELL_BASES or base.named("diagonals") is not None:
        return False
    on_points = use == "Vertex"
    if base.rule.startswith("board_tri"):
        return on_points
    return not on_points


def board_removed_cells(c: Compiler, node: Node) -> geometry.Board:
    """``(remove BOARD cells:{…})`` (``vertices:{…}`` on a tri board's points): see
    :func:`ludi.compile.board.remove_cells`. A rotation only turns the drawing (Ludii keeps the
    numbers, as it does not reorder after turning a graph)."""
    node = _unrotated(node)
    base = node.positional[0]
    tri = _unrotated(base).rule.startswith("board_tri")
    key, other = ("vertices", "cells") if tri else ("cells", "vertices")
    if node.named(other) is not None or node.named("edges") is not None:
        raise fail(node, f"(remove …) of a board played on its {'points' if tri else 'cells'} "
                   f"takes {key}:{{…}} only; removing {other} or edges from it is not supported "
                   "yet")
    inner = _unrotated(base)
    try:
        board = geometry.hex_rectangle_ludii(
            number(inner, inner.args[0], "rows", 1, 200),
            number(inner, inner.args[1], "columns", 1, 200)) \
            if inner.rule == "board_hex_rectangle" else c.dispatch(base)
        return geometry.remove_cells(board, list(node.named(key, ())))
    except ValueError as e:
        raise fail(node, f"cannot remove these sites: {e}") from None


@compiles("board_square")
def board_square(c: Compiler, node: Node) -> geometry.Board:
    n = number(node, node.args[0], "the side of a square board", 1, 200)
    return _diagonals(c, node, geometry.square_grid(n, n))


@compiles("board_rectangle")
def board_rectangle(c: Compiler, node: Node) -> geometry.Board:
    """``(rectangle ROWS [COLUMNS])``: as many columns as rows when they are not given."""
    sizes = [a for a in node.positional if isinstance(a, int)]
    rows = number(node, sizes[0], "rows", 1, 200)
    columns = number(node, sizes[1], "columns", 1, 200) if len(sizes) > 1 else rows
    return _diagonals(c, node, geometry.square_grid(columns, rows))


def _diagonals(c: Compiler, node: Node, board: geometry.Board) -> geometry.Board:
    """A grid with Ludii's ``diagonals:`` lines, played on its points (see equip_board)."""
    pattern = node.named("diagonals")
    if pattern is None:
        return board
    if pattern.name == "Solid":  # a point in each square: a graph of its own
        return board_graph(c, node)
    return geometry.grid_diagonals(board, pattern.name)


GRAPH_BOARDS = ("board_merge", "board_shift", "board_scale", "board_wedge", "board_add",
                "board_remove", "board_graph", "board_concentric", "board_concentric_square")


@compiles(*GRAPH_BOARDS)
def board_graph(c: Compiler, node: Node) -> geometry.Board:
    """A graph built by Ludii's graph ludemes, played on its points."""
    try:
        return geometry.graph_board(graph_of(c, node))
    except ValueError as e:
        raise fail(node, f"this board cannot be played yet: {e}") from None


def graph_of(c: Compiler, node: Node) -> graphs.Graph:
    """The :class:`ludi.compile.graphs.Graph` a board ludeme builds, as Ludii builds it."""
    rule, args = node.rule, node.positional
    if rule in ("board_square", "board_rectangle"):
        sizes = [number(node, a, "a grid's size", 1, 200) for a in args if isinstance(a, int)]
        pattern = node.named("diagonals")
        return graphs.grid(sizes[0], sizes[-1], pattern.name if pattern else None)
    if rule == "board_rotate":
        return graphs.rotate(graph_of(c, args[1]), _written(node, args[0]))
    if rule == "board_shift":
        return graphs.shift(graph_of(c, args[2]), _written(node, args[0]),
                            _written(node, args[1]))
    if rule == "board_scale":
        sx = _written(node, args[0])
        sy = _written(node, args[1]) if len(args) == 3 else sx
        return graphs.scale(graph_of(c, args[-1]), sx, sy)
    if rule == "board_merge":
        return graphs.merge([graph_of(c, part) for part in operands(node)])
    if rule == "board_wedge":
        sizes = [number(node, a, "a wedge's size", 2, 100) for a in args]
        return graphs.wedge(*sizes)
    if rule == "board_add":
        edges = node.named("edges", ())
        return graphs.add(graph_of(c, args[0]), [_point(p) for p in node.named("vertices", ())],
                          [(_point(e[0]), _point(e[1])) for e in edges if isinstance(e[0], tuple)],
                          [tuple(e) for e in edges if not isinstance(e[0], tuple)])
    if rule == "board_remove":
        graph = graph_of(c, args[0])
        if node.named("cells") is not None:  # faces, numbered as Ludii's reorder numbers them
            if args[0].rule not in ("board_square", "board_rectangle") \
                    or args[0].named("diagonals") is not None:
                raise fail(node, "(remove … cells:{…}) from a graph played on its points is "
                           "supported on a plain (square N) or (rectangle R C) only (whose "
                           "squares Ludii numbers row by row from the bottom)")
            try:
                graph = graphs.remove_faces(graph, list(node.named("cells")))
            except ValueError as e:
                raise fail(node, f"cannot remove these cells: {e}") from None
        return graphs.remove(graph, list(node.named("vertices", ())),
                             [tuple(e) for e in node.named("edges", ())])
    if rule == "board_concentric":
        return graphs.concentric_circles(list(args[0]))
    if rule == "board_concentric_square":
        rings = number(node, node.named("rings", 1), "the rings", 1, 20)
        return graphs.concentric_square(rings, bool(node.named("joinCorners", False)))
    if rule == "board_graph":
        return graphs.from_lists([_point(p) for p in node.named("vertices")],
                                 [tuple(e) for e in node.named("edges")])
    raise fail(node, f"{ludeme(node)} inside a graph of points is not supported yet")


def _written(node: Node, value) -> float:
    """A number written in the description, or computed from written numbers."""
    folded = constant(value)
    if folded is None:
        raise fail(node, f"{ludeme(node)} needs numbers written in the description")
    return float(folded)


def _point(xy: tuple) -> tuple[float, float]:
    return float(xy[0]), float(xy[1])


# ---------------------------------------------------------------- equipment items


def _one_board(c: Compiler, item: Node) -> None:
    if c.board is not None:
        raise fail(item, "only one board is allowed")


@compiles("equip_board")
def equip_board(c: Compiler, item: Node) -> None:
    _one_board(c, item)
    graph = item.args[0]
    while graph.rule == "board_rotate":
        graph = graph.args[1]
    use = item.named("use")
    on_points = use is not None and use.name == "Vertex"
    if graph.rule == "board_tri_limping" or (graph.rule == "board_remove" and _unrotated(
            graph.positional[0]).rule == "board_tri_limping"):
        if not on_points:
            raise fail(item, "a (tri Limping N) board is played on its points in ludi: add "
                       "use:Vertex (its triangles are not supported)")
    if removes_cells(item.args[0], use.name if use is not None else None):
        c.board = board_removed_cells(c, item.args[0])
    else:
        if graph.rule in GRAPH_BOARDS and not on_points:
            raise fail(item, "a board built by graph ludemes is played on its points in ludi: "
                       "add use:Vertex")
        if graph.named("diagonals") is not None and not on_points:
            raise fail(item, "a grid with diagonals: is played on its points in ludi: add "
                       "use:Vertex (its squares, cut by the diagonals into triangles, are not "
                       "supported)")
        c.board = c.dispatch(item.args[0])
        if use is not None and use.name == "Vertex" and c.board.kind == "square" \
                and not c.board.points:
            c.board = geometry.vertex_grid(c.board)
    c.params[L.P.BOARD_CELLS] = c.board.num_cells
    single = next((a for a in item.positional[1:] if isinstance(a, Node)), None)
    tracks = next((a for a in item.positional[1:] if isinstance(a, tuple)), ()) or (
        (single,) if single is not None else ())
    if tracks and c.board.kind != "square" and c.tree.find("effect_sow"):
        raise fail(tracks[0], f"sowing along a track on a {c.board.shape} board is not supported "
                   "yet (only on square grids and mancala boards)")
    c.board_tracks = list(tracks)  # laid out once the hands are (a track may enter from one)


def lay_out_board_tracks(c: Compiler) -> None:
    """The board's ``(track …)``s, once the hands have their sites: Ludii numbers a hand's
    sites after the board's, and a Tables track may start in a player's hand."""
    for track in c.board_tracks:
        _add_track(c, track, _board_track(c, track))


def _board_track(c: Compiler, track: Node) -> list[int]:
    """The cells of a ``(track "Name" SPEC …)`` on a board: SPEC is Ludii's site numbers
    ``{11..6 5..0}``, or a string of a start site then compass steps, ``"0,E,N1,W"`` (a bare
    direction walks to the edge, ``N1`` one step)."""
    spec = track.positional[1]
    if isinstance(spec, tuple):
        cells = [L.TRACK_END if isinstance(site, Sym) else ludii_site(c, track, site)
                 for site in spec]
    else:
        parts = [p.strip() for p in spec.split(",") if p.strip()]
        if not parts or not parts[0].isdigit():
            raise fail(track, f'a track starts with a site number, e.g. "0,E,N1,W"; got "{spec}"')
        cells = [ludii_site(c, track, int(parts[0]))]
        for part in parts[1:]:
            if part.isdigit() or part == "End":  # a site by its number, or the end
                cells.append(ludii_site(c, track, int(part)) if part.isdigit() else L.TRACK_END)
                continue
            if cells[-1] < 0:
                raise fail(track, f"track step '{part}' comes after the track's End")
            name = part.rstrip("0123456789")
            if name not in SQUARE_DIRECTIONS or c.board.kind != "square":
                raise fail(track, f"track step '{part}' is not a compass direction (N, NE, E, "
                           "…) with an optional count, on a square grid")
            d = direction_indices(c, track, name)[0]
            steps = int(part[len(name):]) if part[len(name):] else c.board.num_cells
            for _ in range(steps):
                nxt = int(c.board.nbr[cells[-1], d])
                if nxt < 0:
                    break
                cells.append(nxt)
    if len(set(cells)) != len(cells):
        raise fail(track, f'the track "{track.positional[0]}" visits a site twice, which ludi '
                   "does not support yet")
    if L.TRACK_END in cells[:-1]:
        raise fail(track, "a track's End comes last")
    return cells


def _add_track(c: Compiler, track: Node, cells: list[int]) -> None:
    """One more track; the first one without an owner is also the board's (sowing) track."""
    name = track.positional[0]
    role = next((a for a in track.positional[2:] if isinstance(a, Sym | int)
                 and not isinstance(a, bool)), None)
    if isinstance(role, int):  # Ludii's owner by number (0: nobody)
        role = Sym("role", f"P{role}") if role > 0 else None
    owner = c.colour(track, role) if role is not None else -1
    if any(t.name == name and t.owner == owner for t in c.tracks):
        raise fail(track, f'two tracks called "{name}"')
    loop = 1 if track.named("loop", False) else 0
    c.tracks.append(geometry.Track(name, cells, loop, owner))
    if owner < 0 and not c.track and min(cells) >= 0:
        c.track, c.track_loop = cells, loop


@compiles("equip_mancala_board")
def equip_mancala_board(c: Compiler, item: Node) -> None:
    _one_board(c, item)
    rows = number(item, item.args[0], "the rows of a mancala board", 1, 8)
    cols = number(item, item.args[1], "the columns of a mancala board", 1, 40)
    store = item.named("store")
    c.stores = store is None or store.name != "None"
    c.board = geometry.mancala(rows, cols, c.stores)
    c.params[L.P.BOARD_CELLS] = rows * cols
    single = next((a for a in item.positional if isinstance(a, Node)), None)
    tracks = next((a for a in item.positional if isinstance(a, tuple)), ()) or (
        (single,) if single is not None else ())
    if not tracks:
        raise fail(item, "a mancala board needs a (track …) to sow along")
    for track in tracks:
        spec = track.positional[1]
        if not isinstance(spec, str):
            raise fail(track, 'a mancala board\'s track is a string such as "1,E,N,W"')
        try:
            cells = geometry.parse_track(c.board, spec, c.stores)
        except ValueError as e:
            raise fail(track, str(e)) from None
        _add_track(c, track, cells)


@compiles("equip_piece")
def equip_piece(c: Compiler, item: Node) -> None:
    """``(piece "Name" ROLE [DIRECTION] [MOVES])``: a piece type, one per player for Each
    (named "Name1", "Name2", … as in Ludii), with the moves it makes in (forEach Piece)."""
    from ludi.compile.compiler import Component

    name = item.positional[0]
    owner = next((a for a in item.positional[1:] if isinstance(a, Sym) and a.kind == "role"),
                 Sym("role", "Each"))  # Ludii's default owner
    own_facing = next((a.name for a in item.positional[1:] if isinstance(a, Sym)
                       and a.kind == "compass"), None)
    moves = next((a for a in item.positional[1:] if isinstance(a, Node)), None)
    if owner.name not in ("Each", "Shared", "Neutral", "P1", "P2", "P3", "P4"):
        raise fail(item, "a piece is owned by Each, Shared, Neutral or a player P1..P4; got "
                   f"{owner.name}")
    if owner.name == "Each":
        typed = [(f"{name}{p + 1}", p) for p in range(c.num_players)]
    else:
        typed = [(name, c.colour(item, owner) if owner.name.startswith("P") else -1)]
    for piece_name, colour in typed:
        if len(c.components) >= L.MAX_COMPONENTS:
            raise fail(item, f"more than {L.MAX_COMPONENTS} piece types")
        facing = (c.facing[colour] if colour >= 0 else None) or own_facing or "N"
        c.components.append(Component(piece_name, len(c.components) + 1, colour, moves, item,
                                      facing))
    c.pieces.append((name, owner.name))


@compiles("equip_hand")
def equip_hand(c: Compiler, item: Node) -> None:
    """``(hand Each [size:N])``: every player (or the one named) gets a hand of N sites (1 by
    default) where pieces wait off the board; the compiler lays the hands out after the
    board (``Compiler.add_hands``)."""
    role = item.args[0]
    if role.name not in ("Each", "P1", "P2", "P3", "P4"):
        raise fail(item, f"a hand belongs to Each player or to one of P1..P4; got {role.name}")
    if role.name != "Each":
        c.colour(item, role)
    c.hand_size = max(c.hand_size, number(item, item.named("size", 1), "a hand's size", 1, 64))


@compiles("equip_dice")
def equip_dice(c: Compiler, item: Node) -> None:
    """``(dice [d:N] [faces:{…}] [from:F] num:K)``: K dice of N faces numbered from F (Ludii's
    defaults: 6 faces from 1), or with the faces given. Rolled only by ``(roll)``."""
    if c.dice:
        raise fail(item, "only one set of (dice …) is supported")
    faces, by_die = item.named("faces"), item.named("facesByDie")
    num = number(item, item.named("num"), "the number of dice (num:)", 1, L.MAX_DICE)
    if by_die is not None:
        if len(by_die) != num:
            raise fail(item, f"facesByDie: gives the faces of {len(by_die)} dice; num: is {num}")
        c.dice = [[number(item, f, "a face's value", -1000, 1000) for f in die]
                  for die in by_die]
        if any(not 1 <= len(f) <= L.MAX_FACES for f in c.dice):
            raise fail(item, f"a die has 1 to {L.MAX_FACES} faces")
        c.params[L.P.DICE] = num
        c.params[L.P.PASSES] = L.PASSES.NEVER
        return
    if faces is not None:
        faces = [number(item, f, "a face's value", -1000, 1000) for f in faces]
        if not 1 <= len(faces) <= L.MAX_FACES:
            raise fail(item, f"a die has 1 to {L.MAX_FACES} faces; got {len(faces)}")
    else:
        d = number(item, item.named("d", 6), "the faces of a die (d:)", 1, L.MAX_FACES)
        first = number(item, item.named("from", 1), "a die's first face (from:)", -1000, 1000)
        faces = list(range(first, first + d))
    c.dice = [faces] * num
    c.params[L.P.DICE] = num
    c.params[L.P.PASSES] = L.PASSES.NEVER  # (Ludii's dice games never end by passes alone)


@compiles("equip_regions")
def equip_regions(c: Compiler, item: Node) -> None:
    if c.board is None:
        raise fail(item, "(regions …) must come after the board")
    name = next((a for a in item.positional if isinstance(a, str)), None)
    role = next((a for a in item.positional if isinstance(a, Sym)), None)
    if role is not None and role.name == "Neutral":  # Ludii's player 0: a region of no player
        role = None
    parts = items(item.positional[-1])
    if all(isinstance(p, int) for p in parts):  # Ludii's site numbers
        cells = [np.array([ludii_site(c, item, p) for p in parts], np.int64)]
    else:
        cells = [static_cells(c, p) for p in parts]
    if role is not None:
        c.regions.setdefault(c.colour(item, role), []).extend(cells)
        if name is not None:  # (sites P1 "Home"), (sites Mover "Home")
            c.regions.setdefault((name, c.colour(item, role)), []).extend(cells)
    if name is not None:
        c.named_regions[name] = np.unique(np.concatenate(cells))


@compiles("equip_map")
def equip_map(c: Compiler, item: Node) -> None:
    """``(map ["Name"] {(pair KEY VALUE) …})``: keys are players (P1 is 1) or sites, values
    sites (Ludii's numbers, or a mancala board's FirstSite and LastSite stores). A player's
    first entry in any map is also their store (``Compiler.map_sites``)."""
    if c.board is None:
        raise fail(item, "(map …) must come after the board")
    name = next((a for a in item.positional if isinstance(a, str)), "")
    index = len(c.map_names)
    c.map_names.append(name)
    c.map_by_player.append(all(isinstance(pair.args[0], Sym) for pair in item.positional[-1]))
    for pair in item.positional[-1]:
        key, where = pair.args
        if isinstance(where, Sym):
            if not c.stores:
                raise fail(pair, f"{where.name} is a store, and this board has none")
            base = int(c.params[L.P.BOARD_CELLS])
            site = base if where.name == "FirstSite" else base + 1
        else:
            site = ludii_site(c, pair, where)
        if isinstance(key, Sym):
            colour = c.colour(pair, key)
            c.map_rows.append((index, colour + 1, site))
            if c.map_sites[colour] < 0:
                c.map_sites[colour] = site
        else:
            c.map_rows.append((index, ludii_site(c, pair, key), site))


# ---------------------------------------------------------------- the start


def start(c: Compiler, part: Node) -> None:
    """``(start …)``: counts and pieces on the board before the first move."""
    for init in items(part.args[0]):
        c.dispatch(init)


@compiles("init_set_count")
def init_set_count(c: Compiler, init: Node) -> None:
    count = number(init, init.args[0], "a starting count", 0, 10**6)
    at = init.named("at")
    if at is None:
        c.init_counts[static_cells(c, init.named("to"))] = count
        return
    cell = ludii_site(c, init, at) if isinstance(at, int) else constant_site_of(c, at)
    if cell is None:
        raise fail(init, "(set Count N at:SITE) in the start needs a site known before play, "
                   "such as 3 or (coord \"A1\")")
    c.init_counts[cell] = count


@compiles("init_set_remember")
def init_set_remember(c: Compiler, init: Node) -> None:
    """``(set RememberValue "Name" REGION)`` in the start: the region's sites are remembered
    under that name before the first move."""
    name, where = init.args
    cells = [ludii_site(c, init, where)] if isinstance(where, int) else static_cells(c, where)
    c.init_remembered[cells] |= 1 << c.remembered_bit(init, name)


@compiles("init_set_score")
def init_set_score(c: Compiler, init: Node) -> None:
    """``(set Score ROLE N)`` in the start: the score a player (Each: every player) begins
    with (0 otherwise)."""
    role, value = init.args
    score = number(init, value, "a starting score", -10**9, 10**9)
    colours = range(c.num_players) if role.name == "Each" else [c.colour(init, role)]
    c.init_scores[list(colours)] = score


@compiles("init_place")
def init_place(c: Compiler, init: Node) -> None:
    """``(place "Disc1" REGION|SITE [count:N])`` or ``(place "Disc1" coord:"A1")``;
    ``(place "Disc" "Hand" …)`` puts each player's own "Disc" in their hand ("Hand1": P1's
    hand)."""
    name, where = (*init.positional, None)[:2]
    coord = init.named("coord")
    if (where is None) == (coord is None):
        raise fail(init, "(place …) takes where its pieces go: a region, a site or coord:\"A1\", "
                   "one of them")
    count = number(init, init.named("count", 1), "a count", 1, 10**6)
    if coord is not None:
        _place(c, init, name, np.array([ludii_site(c, init, coord)]), count)
        return
    if isinstance(where, str):
        if not where.startswith("Hand") or not c.hand_size:
            raise fail(init, f'no container "{where}": pieces go on the board, a site or '
                       '"Hand" (each player\'s hand: add (hand Each) to the equipment)')
        digits = where[4:]
        colours = range(c.num_players) if not digits else [int(digits) - 1]
        if not all(0 <= k < c.num_players for k in colours):
            raise fail(init, f'"{where}" does not exist in a {c.num_players}-player game')
        for colour in colours:
            own = name if digits else f"{name}{colour + 1}"
            _place(c, init, own, np.array([c.hand_site(colour)]), count)
        return
    if isinstance(where, int):  # a site by Ludii's number
        cells = np.array([ludii_site(c, init, where)])
    elif isinstance(where, tuple):  # {"A1" "B2"}: sites by Ludii's numbers or coordinates
        cells = static_cells(c, Node("region_sites_list", (where,), init.pos))
    elif where.category == "region":
        cells = static_cells(c, where)
    else:
        start, end = c.code_range(where)
        if end - start != 1 or c.code.get(start, "kind") != L.OP.CONST:
            raise fail(init, "the start places pieces on fixed sites; this site depends on the "
                       "player or the position")
        cells = np.array([c.code.get(start, "value")])
    _place(c, init, name, cells, count)


def _place(c: Compiler, init: Node, name: str, cells: np.ndarray, count: int) -> None:
    """The pieces of a ``(place …)``, with its ``state:N`` (Ludii's local state of each site,
    0 by default)."""
    comp = c.component(init, name)
    if comp.owner < 0 and (count != 1 or np.any(cells >= c.params[L.P.BOARD_CELLS])):
        raise fail(init, f'"{name}" is a shared piece; ludi places one on a board site '
                   "(nobody's, as (move Add (piece …)) places it), not several or in a hand")
    c.init_owner[cells] = comp.owner + 1
    c.init_what[cells] = comp.index
    c.init_counts[cells] = count
    c.init_state[cells] = number(init, init.named("state", 0), "a local state", 0, 10**6)

