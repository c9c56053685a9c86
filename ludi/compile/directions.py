"""Directions: which of the board's neighbour indices a Ludii direction name means.

Absolute names (N, NE, …), sets (All, Adjacent, Orthogonal, Diagonal) and relative names
(Forward, FL, …, turned from the way a piece faces), on square and mancala grids, hexagons and
graphs' points; a move's ``(directions {…})`` as a bitmask of those indices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.registry import compiles, fail
from ludi.lang import Node
from ludi.lang.tree import Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


#: Ludii's absolute directions on a square grid, as ludi's direction indices (E NE N NW W SW S
#: SE). Cells of a square grid are Adjacent across their edges and their corners (Ludii), so
#: "Adjacent" and "All" are the same eight there.
SQUARE_DIRECTIONS = {"E": 0, "NE": 1, "N": 2, "NW": 3, "W": 4, "SW": 5, "S": 6, "SE": 7}
SQUARE_SETS = {"All": range(8), "Adjacent": range(8), "Orthogonal": (0, 2, 4, 6),
               "Diagonal": (1, 3, 5, 7)}
#: A relative direction: how many eighths of a turn (anticlockwise) from the facing direction.
#: Ludii turns BL and BR from Backward the other way round: facing N, BL is SE and BR is SW.
#: The plural names are the three directions on that side (facing N, Forwards is NW N NE).
RELATIVE = {"Forward": (0,), "FL": (1,), "Leftward": (2,), "BL": (-3,), "Backward": (4,),
            "BR": (3,), "Rightward": (-2,), "FR": (-1,), "Forwards": (1, 0, -1),
            "Backwards": (3, 4, 5), "Leftwards": (1, 2, 3), "Rightwards": (-1, -2, -3)}
#: The last move's way (Ludii's SameDirection and OppositeDirection): known only in play, so a
#: code of the generator (G.LAST_WAY) rather than directions of the mask.
WAYS = {"SameDirection": (L.WAY.SAME, L.WAY.NOT_SAME),
        "OppositeDirection": (L.WAY.OPPOSITE, L.WAY.NOT_OPPOSITE)}


def direction_indices(c: Compiler, node: Node, name: str, facing: str = "N") -> tuple[int, ...]:
    """The board's direction indices that a Ludii direction name means (relative names turn
    from ``facing``, the direction the piece faces: N unless its player or itself says)."""
    b = c.board
    if b.kind == "graph":
        return _graph_directions(node, name, facing)
    if b.kind == "hex" and name in ("All", "Adjacent", "Orthogonal"):
        return tuple(range(6))
    if b.kind not in ("square", "mancala"):
        raise fail(node, f"the direction {name} is not supported on a {b.shape} board yet")
    if name == "Adjacent" or (b.partial_diagonals and name == "Orthogonal"):
        # the board's own: 4 on a grid's points, 8 on its cells; on points with diagonals
        # drawn in places, Ludii's orthogonal steps follow the lines, those diagonals too
        return tuple(int(d) for d in b.adjacent)
    if b.partial_diagonals and name not in ("Orthogonal", "N", "E", "S", "W"):
        raise fail(node, f"the direction {name} on a grid whose diagonals are drawn only in "
                   "places is not supported yet (Ludii's reaches across undrawn diagonals "
                   "too); Adjacent and Orthogonal directions are")
    if name in SQUARE_SETS:
        return tuple(SQUARE_SETS[name])
    if name in SQUARE_DIRECTIONS:
        return (SQUARE_DIRECTIONS[name],)
    if name in RELATIVE:
        return tuple((SQUARE_DIRECTIONS[facing] + turn) % 8 for turn in RELATIVE[name])
    raise fail(node, f"unknown direction {name}")


def direction_mask(c: Compiler, node: Node) -> int:
    """The bitmask of board directions a Step, Slide or Hop moves along: its DIRECTION or
    (directions {…}), Adjacent by default; relative ones turn from the piece's facing."""
    mask, turned = turning_mask(c, node)
    if last_way(c, node) != L.WAY.NONE:
        raise fail(node, "SameDirection and OppositeDirection are read in (move Step …) and "
                   "(move Hop …) only")
    if turned:
        raise fail(node, f"relative directions ({' '.join(_parts(c, node)[0])}) outside a piece's "
                   "own moves, where the pieces face different ways, are supported in (move "
                   "Step …) and (move Hop …) only: Ludii turns them from the facing of the "
                   "piece that moves")
    return mask


def turning_mask(c: Compiler, node: Node) -> tuple[int, bool]:
    """The directions of a Step or a Hop, and whether the piece that moves turns them: relative
    directions outside a piece's own moves (``(move Hop (from (last To)) (directions {FR FL})
    …)`` in the rules' play) mean what they say for the piece on the from-site, which Ludii
    knows only in play. Where the pieces face different ways and the names mean different
    directions for them, the mask is for a piece facing N and the kernel turns it to the
    moving piece's facing (G.TURNED, T.FACING): on a square grid's eight directions only."""
    names, removed = _parts(c, node)
    if c.piece is not None:
        return _mask(c, node, names, removed, c.piece.facing), False
    facings = sorted({piece.facing for piece in c.components} or {"N"})
    masks = {_mask(c, node, names, removed, facing) for facing in facings}
    if len(masks) == 1:
        return masks.pop(), False
    b = c.board
    if b.kind not in ("square", "mancala") or b.num_dirs != 8 or b.partial_diagonals \
            or any(f not in SQUARE_DIRECTIONS for f in facings):
        raise fail(node, f"relative directions ({' '.join(names)}) outside a piece's own moves, "
                   f"where the pieces face different ways ({', '.join(facings)}), are not "
                   f"supported on a {b.shape} board yet: Ludii turns them from the facing of "
                   "the piece that moves")
    return _mask(c, node, names, removed, "N"), True


def last_way(c: Compiler, node: Node) -> int:
    """How a Step's or Hop's directions follow the last move's way, a WAY code (G.LAST_WAY):
    ``SameDirection`` or ``OppositeDirection`` alone, or taken from the directions by
    ``(difference DIRS SameDirection)``; WAY.NONE for the others."""
    dirs = _argument(node)
    if isinstance(dirs, Sym) and dirs.name in WAYS:
        return WAYS[dirs.name][0]
    if isinstance(dirs, Node) and dirs.rule == "dirs_difference":
        taken = dirs.args[1]
        if isinstance(taken, Sym) and taken.name in WAYS:
            return WAYS[taken.name][1]
    return L.WAY.NONE


@compiles("dirs_difference")
def dirs_difference(c: Compiler, node: Node) -> list[str]:
    """``(difference DIRS DIRS)`` is read as a move's directions only (see :func:`_parts`)."""
    raise fail(node, "(difference …) of directions is read only as the directions of a move, "
               "e.g. (move Hop (from (last To)) (difference Orthogonal OppositeDirection) …)")


def facing_turns(facing: str) -> int:
    """Eighths of a turn anticlockwise from N to ``facing`` on a square grid (T.FACING)."""
    return (SQUARE_DIRECTIONS.get(facing, SQUARE_DIRECTIONS["N"]) - SQUARE_DIRECTIONS["N"]) % 8


def _argument(node: Node):
    """A move's directions argument: a name, (directions {…}), (if …) or (difference …)."""
    return next((a for a in node.positional if (isinstance(a, Sym)
                                                 and a.kind in ("stepdir", "directions"))
                 or (isinstance(a, Node) and a.rule in ("dirs_set", "dirs_if",
                                                        "dirs_difference"))), None)


def _parts(c: Compiler, node: Node) -> tuple[list[str], list[str]]:
    """The direction names of a move, and those it takes away: its DIRECTION or (directions
    {…}), else Adjacent; ``(difference DIRS DIRS)``, the first without the second. The last
    move's way is no name here (:func:`last_way`)."""
    dirs = _argument(node)
    if dirs is None:
        return ["Adjacent"], []
    if isinstance(dirs, Node) and dirs.rule == "dirs_difference":
        return _names(c, dirs.args[0]), _names(c, dirs.args[1])
    return _names(c, dirs), []


def _names(c: Compiler, dirs) -> list[str]:
    if isinstance(dirs, Sym):
        return [] if dirs.name in WAYS else [dirs.name]
    if dirs.rule == "dirs_difference":
        raise fail(dirs, "a (difference …) of directions inside another is not supported")
    names = c.dispatch(dirs)
    if any(name in WAYS for name in names):
        raise fail(dirs, "SameDirection and OppositeDirection are read alone, or as what "
                   "(difference DIRS …) takes away")
    return names


def _mask(c: Compiler, node: Node, names: list[str], removed: list[str], facing: str) -> int:
    if removed:
        return _mask(c, node, names, [], facing) & ~_mask(c, node, removed, [], facing)
    mask = 0
    for name in names:
        turned = direction_indices(c, node, name, facing)
        if c.board.points and len(c.board.adjacent) == 4 and name in RELATIVE \
                and any(d % 2 for d in turned):
            raise fail(node, f"the relative direction {name} on a grid's points without "
                       "diagonal lines is not supported yet (Ludii turns it among the points' "
                       "orthogonal directions)")
        for d in turned:
            mask |= 1 << d
    return mask


def _graph_directions(node: Node, name: str, facing: str) -> tuple[int, ...]:
    """On a graph's points (ludi.compile.graphs.steps): lines' steps at 0..15 by compass point,
    steps across faces at 16..31. Adjacent and Orthogonal are the lines, Diagonal the faces'."""
    if name in ("Adjacent", "Orthogonal"):
        return tuple(range(16))
    if name == "Diagonal":
        return tuple(range(16, 32))
    if name == "All":
        return tuple(range(32))
    if name in SQUARE_DIRECTIONS:
        turns = (0,)
        base = name
    elif name in RELATIVE:
        turns, base = RELATIVE[name], facing
    else:
        raise fail(node, f"unknown direction {name}")
    out = []
    for turn in turns:  # eighths of a turn: two of the 16 compass points
        d = (2 * SQUARE_DIRECTIONS[base] + 2 * turn) % 16
        out += [d, 16 + d]
    return tuple(out)
