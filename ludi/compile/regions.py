"""Regions (``region_*``): sets of sites, compiled to a code the kernels test membership with.

A region that does not change during play becomes a static region: a row of 0/1 per colour
(``T.REGIONS``; per colour because ``(sites Mover)`` differs by player) and its code is the row's
index. Regions read off the position get a negative ``REG_*`` code. ``(sites Winning …)`` and
unions holding one are computed by trial placements (``T.DYNREG``, codes <= ``REG.DYNAMIC``);
only an Add may place on them (``Compiler.region(node, dynamic=True)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ludi.compile import layout as L
from ludi.compile.registry import compiles, constant, fail, items, ludeme, number, operands
from ludi.errors import NoSuchCell
from ludi.lang import Node
from ludi.lang.tree import Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


def static_region(c: Compiler, per_colour) -> int:
    """Register a static region given as a function colour -> cells; return its code (equal
    regions share one row)."""
    rows = np.zeros((4, c.board.num_cells), np.int64)
    for colour in range(L.COLOURS):
        rows[colour, per_colour(colour)] = 1
    for i, existing in enumerate(c.region_rows):
        if np.array_equal(existing, rows):
            return i
    c.region_rows.append(rows)
    return len(c.region_rows) - 1


def static_cells(c: Compiler, node: Node) -> np.ndarray:
    """Cells of a region that does not change during play and does not depend on the player
    (used for equipment, the start and goals)."""
    code = c.region(node)
    if code < 0:
        raise fail(node, "this region changes during play; a fixed region is needed here")
    rows = c.region_rows[code]
    if not all(np.array_equal(rows[0], rows[k]) for k in range(1, L.COLOURS)):
        raise fail(node, "this region depends on the player; a fixed region is needed here")
    return np.flatnonzero(rows[0])


def region_cells(c: Compiler, code: int) -> int:
    """The most sites a region with this code can hold (for move bounds)."""
    if code >= 0:
        return int(c.region_rows[code].sum(axis=1).max())
    if code <= L.REG.DYNAMIC:  # (sites Around …), a hand's sites: within all the sites
        return c.board.num_cells
    return int(c.params[L.P.BOARD_CELLS])


def fixed_region(c: Compiler, cells) -> int:
    """A static region with the same cells for every player."""
    return static_region(c, lambda colour: cells)


def _playable(c: Compiler) -> np.ndarray:
    return np.arange(int(c.params[L.P.BOARD_CELLS]))


@compiles("region_sites_empty")
def sites_empty(c: Compiler, node: Node) -> int:
    return L.REG.EMPTY


def component_region(k: int) -> int:
    """The code of the cells holding a piece of type ``k`` (1..K)."""
    return L.REG.COMPONENT - (k - 1)


#: The highest piece type a (sites Occupied … component:) row's bitmask of types can hold.
MAX_TYPE_BIT = 62


@compiles("region_sites_occupied")
def sites_occupied(c: Compiler, node: Node) -> int:
    """``(sites Occupied by:ROLE)``: the board's sites holding the role's pieces; with
    ``container:"Hand"``, the role's hand sites holding some (``container:"Board"``: the
    board's, the default); with ``component:"Name"`` or ``components:{…}``, only pieces of
    those kinds."""
    role = node.named("by")
    container = node.named("container")
    name = node.named("component")
    if name is not None:
        return _occupied_by_type(c, node, role, (name,), container)
    names = node.named("components")
    if names is not None:
        return _occupied_by_type(c, node, role, tuple(items(names)), container)
    if container is not None and container != "Board":
        if not container.startswith("Hand") or not c.hand_size:
            raise fail(node, f'no container "{container}": the board is the default, "Hand" the '
                       "players' hands (add (hand Each) to the equipment)")
        row = c.dynregs.add(node, kind=L.DYN.IN_HAND, role=c.role(node, role),
                            first_site=c.hand_site(0), hand_size=c.hand_size)
        return L.REG.DYNAMIC - row
    codes = {"Mover": L.REG.OCCUPIED_MOVER, "Next": L.REG.OCCUPIED_NEXT,
             "Prev": L.REG.OCCUPIED_PREV, "Enemy": L.REG.OCCUPIED_ENEMY}
    if role.name in codes:
        return codes[role.name]
    return L.REG.OCCUPIED_P1 - c.colour(node, role)


def _occupied_by_type(c: Compiler, node: Node, role: Sym, names: tuple[str, ...],
                      container: str | None) -> int:
    """``(sites Occupied by:ROLE component:"Name" [container:"Board"])``: the board sites of
    ROLE's pieces whose type is "Name" (Ludii's name without the player's number); with
    ``components:{"A" "B" …}``, of any of those types (Ludii's SitesOccupied)."""
    if container not in (None, "Board"):
        raise fail(node, '(sites Occupied … component:) is read on the board (container:"Board") '
                   "only for now")
    if container is None and c.hand_size:
        raise fail(node, "(sites Occupied … component:) in a game with hands counts the hands' "
                   'sites too in Ludii; only container:"Board" is supported there for now')

    def types_of(colour: int) -> list[int]:
        return [k.index for k in c.components if k.owner == colour
                and k.name.rstrip("0123456789") in names]

    if role.name in ("P1", "P2", "P3", "P4") and len(names) == 1:
        found = types_of(c.colour(node, role))
        if not found:
            raise fail(node, f'{role.name} has no piece "{names[0]}"')
        return L.REG.COMPONENT - (found[0] - 1)
    if role.name not in ("Mover", "Next", "Prev", "P1", "P2", "P3", "P4"):
        raise fail(node, "(sites Occupied … component:) by Mover, Next, Prev or a player "
                   f"P1…; got {role.name}")
    if max((k.index for k in c.components), default=0) > MAX_TYPE_BIT:
        raise fail(node, f"(sites Occupied … component:) reads games of up to {MAX_TYPE_BIT} "
                   "piece types")
    masks = [sum(1 << k for k in types_of(colour)) for colour in range(L.COLOURS)]
    row = c.dynregs.add(node, kind=L.DYN.OCCUPIED_TYPE, role=c.role(node, role),
                        types=c.add_list(masks)[0])
    return L.REG.DYNAMIC - row


@compiles("region_sites_start")
def sites_start(c: Compiler, node: Node) -> int:
    """``(sites Start (piece TYPE))``, the sites where pieces of TYPE stood at the start, is
    read only in ``(is In SITE (sites Start (piece (what at:(from)))))`` (see
    ludi.compile.conditions)."""
    raise fail(node, "(sites Start (piece …)) is read only in (is In SITE (sites Start …)) for now")


@compiles("region_sites_board")
def sites_board(c: Compiler, node: Node) -> int:
    return fixed_region(c, _playable(c))


@compiles("region_foreach")
def for_each_site(c: Compiler, node: Node) -> int:
    """``(forEach REGION if:COND)`` where both are fixed when compiling: COND compares
    ``(site)``, each site's number, with written numbers and fixed sites (``(centrePoint)``),
    as Ludii's start rules do (``(forEach (sites Board) if:(< (site) (centrePoint)))``).
    Read off the position, it is a move's from or to (ludi.compile.moves.unfold_for_each),
    and in ``(count Sites in:…)`` and ``(all Sites …)`` only."""
    cond = node.named("if")
    if c.board.kind in ("square", "graph") or c.board.ludii_numbered:  # Ludii's numbers
        code = c.region(node.positional[0])
        if code >= 0 and all(np.array_equal(c.region_rows[code][0], row)
                             for row in c.region_rows[code]):
            cells = np.flatnonzero(c.region_rows[code][0])
            held = [_fixed_test(c, cond, int(cell)) for cell in cells]
            if None not in held:
                return fixed_region(c, cells[np.array(held, bool)])
    raise fail(node, "(forEach REGION if:COND) is read only as the from or to of a move, in "
               "(count Sites in:…) and (all Sites …), and as a fixed region where COND compares "
               "(site), its row or column with numbers and fixed sites")


_COMPARE = {"cond_lt": lambda a, b: a < b, "cond_le": lambda a, b: a <= b,
            "cond_gt": lambda a, b: a > b, "cond_ge": lambda a, b: a >= b,
            "cond_eq": lambda a, b: a == b, "cond_ne": lambda a, b: a != b}


def _fixed_test(c: Compiler, cond, site: int) -> bool | None:
    """COND at ``site`` when it only compares (site) with numbers and fixed sites, else None."""
    if not isinstance(cond, Node):
        return None
    if cond.rule in _COMPARE:
        a, b = (_fixed_number(c, x, site) for x in cond.args)
        return None if a is None or b is None else _COMPARE[cond.rule](a, b)
    if cond.rule in ("cond_is_even", "cond_is_odd"):
        value = _fixed_number(c, cond.args[0], site)
        return None if value is None else (value % 2 == 0) == (cond.rule == "cond_is_even")
    if cond.rule in ("cond_and", "cond_or", "cond_not"):
        held = [_fixed_test(c, x, site) for x in operands(cond)]
        if None in held:
            return None
        return (all(held) if cond.rule == "cond_and" else any(held) if cond.rule == "cond_or"
                else not held[0])
    return None


def _fixed_number(c: Compiler, value, site: int) -> int | None:
    """The value of ``value`` at ``site`` when it is fixed: (site), a written number, a fixed
    site, or the row or column of one of these."""
    if isinstance(value, Node) and value.rule == "site_site":
        return site
    if isinstance(value, Node) and value.rule in ("site_row", "site_column"):
        of = _fixed_number(c, value.named("of"), site)
        numbers = c.board.row_index() if value.rule == "site_row" else c.board.column_index()
        return None if of is None or not 0 <= of < len(numbers) else int(numbers[of])
    written = constant(value)
    if written is not None:
        return written
    return constant_site_of(c, value) if isinstance(value, Node) else None


@compiles("region_sites_remembered")
def sites_remembered(c: Compiler, node: Node) -> int:
    """``(sites (values Remembered "Name"))``: the sites remembered under that name (Ludii's
    list of remembered values, read as sites; ludi remembers sites only)."""
    bit = c.remembered_bit(node, node.args[0].args[0])
    row = c.dynregs.add(node, kind=L.DYN.REMEMBERED, bit=bit)
    return L.REG.DYNAMIC - row


@compiles("region_sites_to_clear")
def sites_to_clear(c: Compiler, node: Node) -> int:
    """``(sites ToClear)``: the pieces that a ``(remove … at:EndOfTurn)`` of this turn marked;
    they stay on the board until the turn ends (empty in a game without such removals)."""
    return L.REG.TO_CLEAR


@compiles("region_sites_pending")
def sites_pending(c: Compiler, node: Node) -> int:
    """``(sites Pending)``: the values the last move set pending (Ludii's SitesPending) are
    read as one computed site (see moves.site_or_region and conditions' (is In …)); a move
    that set several different ones stops the game there (ERR.PENDING)."""
    raise fail(node, "(sites Pending) can be used only as a move's from- or to-site or in "
               "(is In …) for now")


@compiles("region_sites_corners")
def sites_corners(c: Compiler, node: Node) -> int:
    if c.board.ludii_numbered and not len(c.board.corners):
        raise fail(node, "the corners of a board with cells removed are not known to ludi yet "
                   "(Ludii measures them on what is left)")
    return fixed_region(c, c.board.corners)


@compiles("region_sites_outer")
def sites_outer(c: Compiler, node: Node) -> int:
    playable = _playable(c)
    return fixed_region(c, playable[c.board.rim[playable] == 1])


@compiles("region_sites_track")
def sites_track(c: Compiler, node: Node) -> int:
    """``(sites Track [ROLE] ["Name"])``: the sites of a track as Ludii picks it: the first
    named so, or whose name contains the name and is the board's or the player's (ROLE's; with
    no ROLE the board's); without a name, the player's own or the board's."""
    who = next((a for a in node.positional if isinstance(a, Sym)), None)
    name = next((a for a in node.positional if isinstance(a, str)), None)

    def track(colour: int) -> int:
        owner = role_target(c, node, who, colour) if who is not None else -1
        found = [i for i, t in enumerate(c.tracks)
                 if (name is not None and t.name == name)
                 or ((name is None or name in t.name) and t.owner in (-1, owner))]
        return found[0] if found else -1  # Ludii: no track for this player, no sites

    def cells(colour: int) -> np.ndarray:
        index = track(colour)
        if index < 0:
            return np.zeros(0, np.int64)
        return np.array([x for x in c.tracks[index].cells if x >= 0], np.int64)

    if not c.tracks:
        raise fail(node, "(sites Track …) needs a board with a (track …)")
    if node.named("from") is not None or node.named("to") is not None:
        return track_span(c, node, [track(colour) for colour in range(L.COLOURS)])
    if who is None:
        found = cells(0)
        if not found.size:
            raise fail(node, f'no track "{name}"' if name is not None else
                       "(sites Track) needs a board with a (track …) of its own")
        return fixed_region(c, found)
    return static_region(c, cells)


def track_span(c: Compiler, node: Node, tracks: list[int]) -> int:
    """``(sites Track … from:A to:B)``: a T.DYNREG row whose two ends its user evaluates
    before it looks at the sites (W.TRACK_ENDS): the (all Sites …)/(count Sites …) loop that has
    them on its stack, or the (forEach Site …) effect that evaluates them; elsewhere the ends
    would be stale, so it is refused (``c.spans_open`` is None there)."""
    if c.spans_open is None:
        raise fail(node, "(sites Track … from:SITE to:SITE) is supported as the region of "
                   "(forEach Site …), (all Sites …), (count Sites in:(forEach …)) and (count "
                   "Pieces … in:…)/(no Pieces … in:…) only")
    if c.span_count >= L.MAX_SPANS:
        raise fail(node, f"at most {L.MAX_SPANS} (sites Track … from: to:) are supported")
    row = c.dynregs.add(node, kind=L.DYN.TRACK_SPAN, tracks=c.add_list(tracks)[0],
                        span=c.span_count)
    c.span_count += 1
    c.spans_open.append((row, node))
    return L.REG.DYNAMIC - row


def open_spans(c: Compiler, node: Node, region: Node) -> tuple[int, tuple | None]:
    """Compile a region whose track spans (if any) its user evaluates: its code and the one
    span's (T.DYNREG row, node), None without one; two spans are refused."""
    saved, c.spans_open = c.spans_open, []
    try:
        code = c.region(region)
        spans = c.spans_open
    finally:
        c.spans_open = saved
    if len(spans) > 1:
        raise fail(node, "a region with two (sites Track … from: to:) is not supported")
    return code, (spans[0] if spans else None)


def span_end(c: Compiler, span: Node, name: str) -> Node | Sym:
    """A span's end (``from`` or ``to``): Ludii's Undefined, -1, when not given."""
    value = span.named(name)
    return value if value is not None else Sym("undefined", "Undefined")


@compiles("region_sites_role")
def sites_role(c: Compiler, node: Node) -> int:
    """``(sites ROLE ["Name"])``: that player's regions (those of that name)."""
    role = node.args[0]
    name = node.args[1] if len(node.args) > 1 else None
    if name is not None and not any(name in key[0] for key in c.regions
                                    if isinstance(key, tuple)):
        raise fail(node, f'no player has a region "{name}"')
    return static_region(c, lambda colour: player_cells(c, node, role, colour, name))


def player_cells(c: Compiler, node: Node, role: Sym, colour: int, name: str | None = None
                 ) -> np.ndarray:
    """The cells of the (regions …) of the player that ``role`` names, seen by ``colour``
    (when ``name`` is given, those whose name contains it, as Ludii's SitesEquipmentRegion
    reads them: (sites Mover "Palace") is P1's "PalaceP1")."""
    target = role_target(c, node, role, colour)
    cells = c.regions.get(target, []) if name is None else [
        x for key, parts in c.regions.items() if isinstance(key, tuple) and name in key[0]
        and key[1] == target for x in parts]
    return np.unique(np.concatenate(cells)) if cells else np.zeros(0, np.int64)


def role_target(c: Compiler, node: Node, role: Sym, colour: int) -> int:
    """The colour of the player that ``role`` names, seen by ``colour``."""
    relative = {"Mover": 0, "Next": 1, "Prev": -1}
    if role.name in relative:
        return (colour + relative[role.name]) % c.num_players
    if role.name in ("P1", "P2", "P3", "P4"):
        return c.colour(node, role)
    raise fail(node, f"{role.name} is not supported in {ludeme(node)}; use Mover, Next, "
               "Prev or P1..P4")


@compiles("region_sites_at", "region_if")
def computed_region(c: Compiler, node: Node) -> int:
    """``(sites {(last To) …})`` and ``(if c A B)`` as regions: where a move starts (its
    from-site, or one move per branch) and in ``(is In …)`` only; sites fixed when compiling,
    such as ``(sites {(centrePoint)})``, anywhere."""
    if node.rule == "region_sites_at":
        cells = [constant_site_of(c, site) for site in items(node.args[0])]
        if all(cell is not None for cell in cells):
            return fixed_region(c, np.array(sorted(set(cells)), np.int64))
        by_colour = [[player_site(c, site, colour) for site in items(node.args[0])]
                     for colour in range(L.COLOURS)]
        if all(cell is not None for cells in by_colour for cell in cells):
            return static_region(c, lambda colour: np.array(sorted(set(by_colour[colour])),
                                                            np.int64))
    what = "computed sites (sites {…})" if node.rule == "region_sites_at" else "(if …) of regions"
    raise fail(node, f"{what} can be used only as a move's from- or to-region or in (is In …) "
               "for now")


def constant_site_of(c: Compiler, site) -> int | None:
    """The cell a site expression always names ((centrePoint), (coord "A1"), (mapEntry P1)),
    or None when it is read off the position."""
    start, end = c.code_range(site)
    value = c.code.get(start, "value") if end - start == 1 and \
        c.code.get(start, "kind") == L.OP.CONST else None
    c.code.truncate(start)
    return value


def map_index(c: Compiler, node: Node) -> int:
    """1 + the index of the map a (mapEntry "Name" …) names; 0 without a name."""
    name = next((a for a in node.positional if isinstance(a, str)), None)
    if name is None:
        return 0
    if name not in c.map_names:
        raise fail(node, f'no (map "{name}" …); maps: '
                   + (", ".join(f'"{n}"' for n in c.map_names if n) or "none with a name"))
    return c.map_names.index(name) + 1


def player_site(c: Compiler, site, colour: int) -> int | None:
    """The cell a site expression names when ``colour`` moves, known when compiling: a constant
    one, or ``(mapEntry ["Name"] ROLE)`` of a map of players (Mover, Next, P2, …); else None."""
    if isinstance(site, Node) and site.rule == "site_map_entry" \
            and isinstance(site.positional[-1], Sym):
        key = role_target(c, site, site.positional[-1], colour) + 1
        which = map_index(c, site)
        return next((v for m, k, v in c.map_rows if k == key and which in (0, m + 1)), None)
    return constant_site_of(c, site)


@compiles("region_sites_centre")
def sites_centre(c: Compiler, node: Node) -> int:
    return fixed_region(c, centre_cells(c))


def centre_cells(c: Compiler) -> np.ndarray:
    """The board's sites nearest its middle (Ludii's centre): one on an odd grid or a hexagon,
    four on an even grid."""
    b = c.board
    xy = b.xy[:int(c.params[L.P.BOARD_CELLS])].astype(float)
    if b.kind == "graph":
        xy = b.positions[:int(c.params[L.P.BOARD_CELLS])]
    if b.kind == "hex":  # axial to cartesian
        xy = np.column_stack([xy[:, 0] + xy[:, 1] / 2, xy[:, 1] * np.sqrt(3) / 2])
    mid = (xy.min(axis=0) + xy.max(axis=0)) / 2
    distance = ((xy - mid) ** 2).sum(axis=1)
    return np.flatnonzero(distance <= distance.min() + 1e-9)


@compiles("region_sites_phase")
def sites_phase(c: Compiler, node: Node) -> int:
    """``(sites Phase N)``: a grid's sites of one colour of its chequering (A1's is 0)."""
    if c.board.kind != "square":
        raise fail(node, f"(sites Phase …) is supported on square grids only, not on a "
                   f"{c.board.shape} board")
    phase = number(node, node.args[0], "a phase", 0, 1)
    cells = np.arange(int(c.params[L.P.BOARD_CELLS]))
    return fixed_region(c, cells[c.board.xy[cells].sum(axis=1) % 2 == phase])


@compiles("region_sites_hand")
def sites_hand(c: Compiler, node: Node) -> int:
    """``(sites Hand ROLE)``: the sites of that player's hand."""
    if not c.hand_size:
        raise fail(node, "(sites Hand …) needs hands: add (hand Each) to the equipment")
    role = node.args[0]
    return static_region(c, lambda colour: np.arange(c.hand_size) + c.hand_site(
        role_target(c, node, role, colour)))


@compiles("region_sites_side")
def sites_side(c: Compiler, node: Node) -> int:
    side = node.args[0].name
    if side not in c.board.sides:
        raise fail(node, f"this {c.board.shape} board has no side {side}; sides: "
                   f"{', '.join(c.board.sides)}")
    return fixed_region(c, c.board.sides[side])


@compiles("region_sites_row", "region_sites_column")
def sites_row_or_column(c: Compiler, node: Node) -> int:
    """``(sites Row N)``, ``(sites Column N)``: N written, or fixed such as
    ``(row of:(centrePoint))``."""
    k = node.args[0]
    if isinstance(k, Node) and isinstance(constant_site_of(c, k), int):
        k = constant_site_of(c, k)
    k = number(node, k, "the row or column", 0, 10**4)
    b = c.board
    cells = b.row_cells(k) if node.rule.endswith("row") else b.column_cells(k)
    return fixed_region(c, cells[cells < len(_playable(c))])


@compiles("region_sites_top", "region_sites_bottom")
def sites_top_or_bottom(c: Compiler, node: Node) -> int:
    playable = _playable(c)
    rows = c.board.row_index()[playable]
    want = rows.max() if node.rule.endswith("top") else 0
    return fixed_region(c, playable[rows == want])


@compiles("region_sites_left", "region_sites_right")
def sites_left_or_right(c: Compiler, node: Node) -> int:
    playable = _playable(c)
    cols = c.board.column_index()[playable]
    want = cols.min() if node.rule.endswith("left") else cols.max()
    return fixed_region(c, playable[cols == want])


@compiles("region_sites_named")
def sites_named(c: Compiler, node: Node) -> int:
    if node.args[0] not in c.named_regions:
        raise fail(node, f'no region named "{node.args[0]}"; regions: '
                   + (", ".join(c.named_regions) or "none"))
    return fixed_region(c, c.named_regions[node.args[0]])


@compiles("region_sites_winning")
def sites_winning(c: Compiler, node: Node) -> int:
    role, moves = node.args
    if moves.rule not in ("moves_add", "moves_add_short") or len(moves.args) != 1 \
            or len(moves.args[0].args) != 1:
        raise fail(node, "(sites Winning ROLE (add (to REGION))) is the supported form")
    inner = c.region(moves.args[0].args[0])
    row = c.dynregs.add(node, kind=L.DYN.WINNING, role=c.role(node, role), region=inner)
    return L.REG.DYNAMIC - row


@compiles("region_union")
def union(c: Compiler, node: Node) -> int:
    codes: list[int] = []
    for part in operands(node):
        code = c.region(part, dynamic=True)
        if code <= L.REG.DYNAMIC and c.dynregs.get(L.REG.DYNAMIC - code, "kind") == L.DYN.UNION:
            row = L.REG.DYNAMIC - code  # a union inside a union: take its parts
            first = c.dynregs.get(row, "parts")
            codes.extend(c.lists[first:first + c.dynregs.get(row, "part_count")])
        else:
            codes.append(code)
    if any(code <= L.REG.DYNAMIC and c.dynregs.get(L.REG.DYNAMIC - code, "kind") in (
            L.DYN.DIFFERENCE, L.DYN.INTERSECTION) for code in codes):
        raise fail(node, "a union with a difference or intersection of regions read off the "
                   "position is not supported yet")
    if any(code <= L.REG.DYNAMIC for code in codes):
        start, count = c.add_list(codes)
        row = c.dynregs.add(node, kind=L.DYN.UNION, parts=start, part_count=count,
                            trials=int(any(c.by_trials(code) for code in codes)))
        return L.REG.DYNAMIC - row
    if any(code < 0 for code in codes):
        raise fail(node, "a union of regions that change during play is not supported yet")
    rows = [c.region_rows[code] for code in codes]
    return static_region(c, lambda colour: np.flatnonzero(sum(r[colour] for r in rows)))


@compiles("region_sites_list")
def sites_list(c: Compiler, node: Node) -> int:
    """``(sites {…})``: sites by Ludii's numbers (or coordinates such as "A1")."""
    cells = {ludii_site(c, node, x) for x in items(node.args[0])}
    return fixed_region(c, np.array(sorted(cells), np.int64))


def ludii_site(c: Compiler, node: Node, site: int | str) -> int:
    """The cell of a site given by Ludii's number or coordinate. Ludii numbers a square grid row
    by row from the bottom left (as ludi does), and a mancala board the same way after its
    FirstSite store (site 0), with the LastSite store last; coordinates are a column letter and
    a row number from 1 (on a mancala board without stores too: there its houses are Ludii's
    whole grid). A graph's points keep Ludii's numbers, as do the cells of a board ludi numbers
    as Ludii does (``Board.ludii_numbered``: a limping hexagon, a board with cells removed).
    Other boards' numbering is not mapped yet, and is refused."""
    b = c.board
    if b.ludii_numbered and b.kind not in ("square", "mancala", "graph") and isinstance(site, str):
        raise fail(node, f'coordinates such as "{site}" are not supported on a {b.shape} board '
                   "yet; give Ludii's site numbers")
    if b.kind not in ("square", "mancala", "graph") and not b.ludii_numbered:
        raise fail(node, f"sites by number or coordinate are not supported on a {b.shape} board "
                   "yet (ludi numbers its cells differently from Ludii there)")
    if isinstance(site, str) and b.kind == "graph":  # a column by its x, a row by its y
        col, row = site[:1].upper(), site[1:]
        if not (col.isalpha() and row.isdigit()):
            raise fail(node, f'cannot read the coordinate "{site}"; expected a column letter and '
                       'a row number such as "A1"')
        board = b.xy[:int(c.params[L.P.BOARD_CELLS])]  # the hands left out
        columns = np.unique(np.round(board[:, 0], -1), return_inverse=True)[1]
        rows = np.unique(np.round(board[:, 1], -1), return_inverse=True)[1]
        at = np.flatnonzero((columns == ord(col) - ord("A")) & (rows == int(row) - 1))
        cell = int(at[0]) if len(at) == 1 else -1
    elif isinstance(site, str):
        col, row = site[:1].upper(), site[1:]
        if b.kind == "mancala" and c.stores:
            raise fail(node, f'coordinates such as "{site}" are not supported on a mancala '
                       "board with stores yet; give Ludii's site numbers")
        if not (col.isalpha() and row.isdigit()):
            raise fail(node, f'cannot read the coordinate "{site}"; expected a column letter and '
                       'a row number such as "A1"')
        try:
            cell = b.cell_at(ord(col) - ord("A"), int(row) - 1)
        except NoSuchCell:
            cell = -1
    else:
        houses = int(c.params[L.P.BOARD_CELLS])
        stores = b.kind == "mancala" and c.stores  # (hands add sites too, after the stores)
        cell = site
        if stores:
            cell = houses if site == 0 else houses + 1 if site == houses + 1 else site - 1
    if not 0 <= cell < b.num_cells:
        raise fail(node, f"there is no site {site} on this board ({b.num_cells} sites)")
    return cell


@compiles("region_difference", "region_intersection")
def difference(c: Compiler, node: Node) -> int:
    """``(difference A B)``: A without B; ``(intersection A B …)``: the sites in all of them.
    A site stands for the region of that one site (Ludii's ``(difference (sites Board)
    (centrePoint))``)."""
    codes = [c.region(part if part.category == "region" else
                      Node("region_sites_at", ((part,),), part.pos)) for part in operands(node)]
    composite = (L.DYN.WINNING, L.DYN.UNION, L.DYN.DIFFERENCE, L.DYN.INTERSECTION)
    if any(code <= L.REG.DYNAMIC and c.dynregs.get(L.REG.DYNAMIC - code, "kind") in composite
           for code in codes):
        what = "a difference" if node.rule.endswith("difference") else "an intersection"
        raise fail(node, f"{what} of a union, difference or intersection read off the position "
                   "is not supported yet")
    if any(code < 0 for code in codes):  # read off the position as it is tested (each part)
        start, count = c.add_list(codes)
        kind = L.DYN.DIFFERENCE if node.rule == "region_difference" else L.DYN.INTERSECTION
        return L.REG.DYNAMIC - c.dynregs.add(node, kind=kind, parts=start, part_count=count)
    rows = [c.region_rows[code].astype(bool) for code in codes]
    if node.rule == "region_difference":
        result = rows[0] & ~rows[1]
    else:
        result = np.logical_and.reduce(rows)
    return static_region(c, lambda colour: np.flatnonzero(result[colour]))


def where_piece(c: Compiler, node: Node) -> tuple[int, int]:
    """The piece type and colour a ``(where "Name" P1)`` looks for (checked to be one piece at
    most once the whole game is read)."""
    name, role = node.args
    if not (isinstance(role, Sym) and role.name in ("P1", "P2", "P3", "P4")):
        raise fail(node, "(where …) of a player given by name (P1, P2, …) only for now")
    colour = c.colour(node, role)
    kind = where_kind(c, node, name, colour)
    c.where_pieces.append((node, kind, colour))
    return kind, colour


def where_kind(c: Compiler, node: Node, name: str, colour: int) -> int:
    """The piece type ``(where "Name" …)`` looks for of player ``colour``: as Ludii, the first
    of the player's types whose name contains "Name"."""
    named = [k for k in c.components if name in k.name and k.owner == colour]
    return named[0].index if named else c.component(node, f"{name}{colour + 1}").index
