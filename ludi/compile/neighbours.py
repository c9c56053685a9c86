"""Regions of neighbours (``region_*``): ``(sites Around …)`` and ``(expand …)``, the sites
near a site or a region: fixed when the centre is, else read off the position as they are
tested (a T.DYNREG row; a table of each centre's expansion).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ludi.compile import layout as L
from ludi.compile.directions import direction_indices, direction_mask
from ludi.compile.regions import (
    constant_site_of,
    fixed_region,
    ludii_site,
    static_cells,
    static_region,
    where_piece,
)
from ludi.compile.registry import compiles, constant, fail, number
from ludi.lang import Node
from ludi.lang.tree import Sym

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler


#: (sites Around SITE …): the context sites a centre may be, and the neighbours kept
AROUND_CENTRES = {"site_to": L.CENTRE.TO, "site_from": L.CENTRE.FROM,
                  "site_last_to": L.CENTRE.LAST_TO, "site_last_from": L.CENTRE.LAST_FROM,
                  "site_site": L.CENTRE.SITE}
AROUND_FILTERS = {None: L.FILTER.ANY, "Empty": L.FILTER.EMPTY, "NotEmpty": L.FILTER.NOT_EMPTY,
                  "Own": L.FILTER.OWN, "Enemy": L.FILTER.ENEMY, "Neutral": L.FILTER.NEUTRAL}


def _around_test(node: Node, test) -> str:
    """The filter an ``if:`` of (sites Around …) asks for, with (to) each neighbour (Ludii's
    SitesAround sets it so): who holds the site. Other tests are refused."""
    def on_to(n) -> bool:
        return isinstance(n, Node) and n.rule == "site_to"

    def who_at_to(n) -> bool:
        return isinstance(n, Node) and n.rule == "int_who" and on_to(n.named("at"))

    if isinstance(test, Node):
        if test.rule == "cond_is_empty" and on_to(test.args[0]):
            return "Empty"
        if test.rule == "cond_is_occupied" and on_to(test.args[0]):
            return "NotEmpty"
        if test.rule in ("cond_is_friend", "cond_is_enemy") and who_at_to(test.args[0]):
            return "Own" if test.rule == "cond_is_friend" else "Enemy"
        if test.rule == "cond_is_in" and on_to(test.args[0]) \
                and test.args[1].rule == "region_sites_occupied" \
                and len(test.args[1].args) == 1:
            role = test.args[1].named("by").name
            if role in AROUND_OCCUPIED:
                return AROUND_OCCUPIED[role]
    raise fail(node, "the if: of (sites Around …) is read only as a test of who holds each "
               "neighbour (to): (is Empty (to)), (is Occupied (to)), (is Friend|Enemy (who "
               "at:(to))), (is In (to) (sites Occupied by:Mover|Neutral))")


#: (is In (to) (sites Occupied by:ROLE)) as the filter of (sites Around … if:)
AROUND_OCCUPIED = {"Mover": "Own", "Neutral": "Neutral"}


@compiles("region_sites_around")
def sites_around(c: Compiler, node: Node) -> int:
    """``(sites Around SITE|REGION [Empty|NotEmpty|Own|Enemy] [DIRECTIONS] [includeSelf:True])``:
    the neighbours of a site (or of a region's sites, those sites left out) along the
    directions (Adjacent by default), those holding what the filter asks; the site or region
    too with includeSelf. Around (to), (from), (last To), (last From), (site) or a region such
    as (sites Occupied by:Mover), it is read off the position as it is tested."""
    centre = node.args[0]
    kind = next((a.name for a in node.positional[1:] if isinstance(a, Sym)
                 and a.kind == "around"), None)
    mask = direction_mask(c, node)
    self_too = int(bool(node.named("includeSelf", False)))
    test = node.named("if")
    if test is not None:
        if kind is not None:
            raise fail(node, f"(sites Around …) takes {kind} or if:, not both")
        kind = _around_test(node, test)
    fields = {"dirs": mask, "filter": AROUND_FILTERS[kind], "with_centre": self_too}
    if centre.category == "region":
        code = c.region(centre)
        if code >= 0 and kind is None:
            rows = c.region_rows[code]
            return static_region(c, lambda colour: _around_cells(
                c, np.flatnonzero(rows[colour]), mask, self_too))
        if code <= L.REG.DYNAMIC and c.dynregs.get(L.REG.DYNAMIC - code,
                                                   "kind") != L.DYN.OCCUPIED_TYPE:
            raise fail(node, "(sites Around REGION) of a region such as (sites Around …) or a "
                       "union is not supported yet")
        fields.update(centre=L.CENTRE.REGION, centres=code)
        return L.REG.DYNAMIC - c.dynregs.add(node, kind=L.DYN.AROUND, **fields)
    if centre.rule in AROUND_CENTRES:
        fields["centre"] = AROUND_CENTRES[centre.rule]
    else:
        start, end = c.code_range(centre)
        if end - start != 1 or c.code.get(start, "kind") != L.OP.CONST:
            raise fail(node, "(sites Around SITE) is supported around (to), (from), (last To), "
                       "(last From), (site) or a fixed site for now")
        site = c.code.get(start, "value")
        if kind is None:
            return fixed_region(c, _around_cells(c, np.array([site]), mask, self_too))
        fields.update(centre=L.CENTRE.FIXED, site=site)
    return L.REG.DYNAMIC - c.dynregs.add(node, kind=L.DYN.AROUND, **fields)


def _around_cells(c: Compiler, cells: np.ndarray, mask: int, self_too: int) -> np.ndarray:
    """The neighbours of the cells along the directions; the cells themselves only with
    includeSelf (Ludii leaves them out otherwise, even where one neighbours another)."""
    dirs = [d for d in range(c.board.num_dirs) if (mask >> d) & 1]
    out: set[int] = set()
    for cell in cells:
        out |= {int(x) for x in c.board.nbr[cell, dirs] if x >= 0}
    mine = set(cells.tolist())
    out = out | mine if self_too else out - mine
    return np.array(sorted(out), np.int64)


@compiles("region_expand")
def expand(c: Compiler, node: Node) -> int:
    """``(expand REGION|origin:SITE [steps:N] [DIRECTIONS])``: the region (or the one site) and
    every cell within N steps (1 by default) of it along the directions (Adjacent by default;
    a compass direction: only that way). From (to), (from), (last To), (last From) or (site),
    it is read off the position as it is tested (a table of each centre's expansion)."""
    region = next((a for a in node.positional if isinstance(a, Node)), None)
    origin = node.named("origin")
    if (region is None) == (origin is None):
        raise fail(node, "(expand …) takes a region or origin:SITE, one of them")
    steps = number(node, node.named("steps", 1), "the steps of an expansion", 0, 1000)
    dirs = next((a for a in node.positional if isinstance(a, Sym)), None)
    indices = direction_indices(c, node, dirs.name if dirs is not None else "Adjacent")
    if region is not None:
        return fixed_region(c, _expanded(c, set(static_cells(c, region).tolist()), steps, indices))
    site = constant_site_of(c, origin)
    if site is not None:
        return fixed_region(c, _expanded(c, {site}, steps, indices))
    if not isinstance(origin, Node) or origin.rule not in AROUND_CENTRES:
        raise fail(node, "(expand origin:SITE) is supported from (to), (from), (last To), "
                   "(last From), (site) or a fixed site for now")
    cells = c.board.num_cells
    if cells > 400:
        raise fail(node, "(expand origin:SITE) of a changing site is supported on boards of up "
                   "to 400 sites")
    within = np.zeros((cells, cells), np.int64)  # the expansion around each centre
    for centre in range(cells):
        within[centre, _expanded(c, {centre}, steps, indices)] = 1
    first, _ = c.add_list(within.ravel().tolist())
    return L.REG.DYNAMIC - c.dynregs.add(node, kind=L.DYN.EXPAND,
                                         centre=AROUND_CENTRES[origin.rule], within=first)


def _expanded(c: Compiler, cells: set[int], steps: int, indices) -> np.ndarray:
    """The cells and every cell within ``steps`` steps of them along the direction indices."""
    nbr = c.board.nbr
    frontier = set(cells)
    for _ in range(steps):
        frontier = {int(nbr[x, d]) for x in frontier for d in indices if nbr[x, d] >= 0} - cells
        cells |= frontier
    return np.array(sorted(cells), np.int64)


#: (sites Direction … stop:C): the FILTER that a stop condition on (to) means
DIRECTION_STOPS = {"cond_is_occupied": L.FILTER.NOT_EMPTY, "cond_is_empty": L.FILTER.EMPTY}


def _stop_filter(c: Compiler, node: Node, test) -> tuple[int, dict[str, int]]:
    """The FILTER a ``stop:`` of (sites Direction …) asks for, with (to) each site of a ray
    (Ludii's SitesDirection sets it so): who holds the site, or whether it is a (where …)
    piece's; with the fields that says. Other tests are refused: the kernels read the rays as
    a region, where no condition program runs."""
    def on_to(n) -> bool:
        return isinstance(n, Node) and n.rule == "site_to"

    def who_at_to(n) -> bool:
        return isinstance(n, Node) and n.rule == "int_who" and on_to(n.named("at"))

    if test is None:
        return L.FILTER.NEVER, {}
    if isinstance(test, Node) and test.rule == "cond_eq" and len(test.args) == 2 \
            and any(on_to(x) for x in test.args):
        other = test.args[1] if on_to(test.args[0]) else test.args[0]
        if isinstance(other, Node) and other.rule == "site_where":
            kind, colour = where_piece(c, other)
            return L.FILTER.PIECE, {"stop_piece": kind, "stop_owner": colour}
    if isinstance(test, Node):
        if test.rule in DIRECTION_STOPS and on_to(test.args[0]):
            return DIRECTION_STOPS[test.rule], {}
        if test.rule == "cond_eq" and len(test.args) == 2:
            a, b = test.args
            whom = b if who_at_to(a) else a if who_at_to(b) else None
            if isinstance(whom, Node) and whom.rule == "int_mover":
                return L.FILTER.OWN, {}
            if isinstance(whom, Node) and whom.rule == "int_next" and c.num_players == 2:
                return L.FILTER.ENEMY, {}
    try:
        return AROUND_FILTERS[_around_test(node, test)], {}
    except Exception:  # noqa: BLE001 -- its message names (sites Around …); say ours
        pass
    raise fail(node, "the stop: of (sites Direction …) is read only as a test of who holds "
               "each site (to) of a ray: (is Empty (to)), (is Occupied (to)), (= (mover) (who "
               "at:(to))), (= (next) (who at:(to))) with two players, (is Friend|Enemy (who "
               "at:(to))), (= (to) (where \"Name\" P1))")


@compiles("region_sites_direction")
def sites_direction(c: Compiler, node: Node) -> int:
    """``(sites Direction from:SITE|REGION [DIRECTIONS] [included:B] [stop:C]
    [stopIncluded:B] [distance:N])`` (Ludii's SitesDirection): the sites along a ray from the
    site in each direction (Adjacent by default), up to the board's edge, N sites on, or a
    site where C holds ((to): that site; in the region only with stopIncluded); the site too
    with included. From a region, the rays of each of its sites. Fixed when the site (or the
    region) is and nothing stops the rays; else read off the position as it is tested. On
    graphs' points, one step only (distance:1)."""
    b = c.board
    if b.kind not in ("square", "mancala", "hex") and constant(node.named("distance")) != 1:
        raise fail(node, f"(sites Direction …) on a {b.shape} board is supported with "
                   "distance:1 only (one step; longer rays are those of square, mancala and "
                   "hexagonal grids)")
    origin = node.named("from")
    mask = direction_mask(c, node)
    with_centre = int(bool(node.named("included", False)))
    stop_included = int(bool(node.named("stopIncluded", False)))
    stop, stop_fields = _stop_filter(c, node, node.named("stop"))
    distance = node.named("distance")
    if distance is None:
        steps = c.board.num_cells
    else:
        steps = constant(distance)
        if steps is None:
            raise fail(node, "the distance: of (sites Direction …) is supported as a number "
                       "only for now (one read off the position is not)")
        steps = number(node, steps, "the distance: of (sites Direction …)", 0, 10_000)
    fields = {"dirs": mask, "with_centre": with_centre, "distance": steps, "stop": stop,
              "stop_included": stop_included, "apart": rays_apart(c, mask, steps),
              **stop_fields}

    def rays(centres: np.ndarray) -> np.ndarray:
        return _ray_cells(c, centres, mask, with_centre, steps)

    if isinstance(origin, int) or (isinstance(origin, Node) and origin.category == "site"):
        site = ludii_site(c, node, origin) if isinstance(origin, int) else \
            constant_site_of(c, origin)
        if site is not None:
            if not 0 <= site < b.num_cells:
                raise fail(node, f"(sites Direction from:{site}): no such site")
            if stop == L.FILTER.NEVER:
                return fixed_region(c, rays(np.array([site])))
            fields.update(centre=L.CENTRE.FIXED, site=site)
        elif origin.rule in AROUND_CENTRES:
            fields["centre"] = AROUND_CENTRES[origin.rule]
        elif origin.rule == "site_where":
            kind, colour = where_piece(c, origin)
            fields.update(centre=L.CENTRE.WHERE, piece=kind, owner=colour)
        else:
            raise fail(node, "(sites Direction from:SITE) is supported from (to), (from), "
                       "(last To), (last From), (site), (where …) or a fixed site for now")
        return L.REG.DYNAMIC - c.dynregs.add(node, kind=L.DYN.DIRECTION, **fields)
    code = c.region(origin)
    if code >= 0 and stop == L.FILTER.NEVER:
        rows = c.region_rows[code]
        return static_region(c, lambda colour: rays(np.flatnonzero(rows[colour])))
    if code >= 0 or code > L.REG.DYNAMIC or c.dynregs.get(
            L.REG.DYNAMIC - code, "kind") == L.DYN.OCCUPIED_TYPE:
        fields.update(centre=L.CENTRE.REGION, centres=code)
        return L.REG.DYNAMIC - c.dynregs.add(node, kind=L.DYN.DIRECTION, **fields)
    raise fail(node, "(sites Direction from:REGION) of a region such as (sites Around …) or a "
               "union is not supported yet")


def rays_apart(c: Compiler, mask: int, steps: int) -> int:
    """1 when, from every board cell, the rays along the directions of ``mask`` (up to
    ``steps`` sites each) visit no site twice and never the centre: a count of a direction
    region is then the sum of its rays' lengths (DR.APART)."""
    nbr = c.board.nbr
    dirs = [d for d in range(c.board.num_dirs) if (mask >> d) & 1]
    for centre in range(c.board.num_cells):
        seen = {centre}
        for d in dirs:
            x = centre
            for _ in range(steps):
                x = int(nbr[x, d])
                if x < 0:
                    break
                if x in seen:
                    return 0
                seen.add(x)
    return 1


def _ray_cells(c: Compiler, centres: np.ndarray, mask: int, with_centre: int,
               steps: int) -> np.ndarray:
    """The cells on the rays from the centres along the directions, up to ``steps`` sites
    each (nothing stops them); the centres too with ``with_centre``."""
    nbr = c.board.nbr
    out: set[int] = set(centres.tolist()) if with_centre else set()
    for centre in centres:
        for d in range(c.board.num_dirs):
            if (mask >> d) & 1:
                x = int(centre)
                for _ in range(steps):
                    x = int(nbr[x, d])
                    if x < 0:
                        break
                    out.add(x)
    return np.array(sorted(out), np.int64)


#: What (sites LineOfSight …) keeps of each ray (Ludii's LineOfSightType; Piece by default).
LOS_KEEP = {"Empty": L.KEEP.ALL, "Farthest": L.KEEP.LAST, "Piece": L.KEEP.STOP}


@compiles("region_sites_los")
def sites_line_of_sight(c: Compiler, node: Node) -> int:
    """``(sites LineOfSight [Empty|Farthest|Piece] [at:SITE] [DIRECTIONS])`` (Ludii's
    SitesLineOfSight): along each ray from the site (the last move's to by default), in each
    direction (Adjacent by default), the first site holding a piece (Piece, the default), the
    empty sites before it (Empty), or the last of those (Farthest; none when the first site is
    occupied). A DYN.DIRECTION row that stops at occupied sites, read off the position."""
    b = c.board
    if b.kind not in ("square", "mancala", "hex"):
        raise fail(node, f"(sites LineOfSight …) on a {b.shape} board is not supported (its "
                   "rays are those of square, mancala and hexagonal grids)")
    if any(isinstance(a, Sym) and a.kind == "sitetype" for a in node.positional):
        raise fail(node, "a site type in (sites LineOfSight …) is not supported; the board's "
                   "own sites are used")
    kind = next((a.name for a in node.positional if isinstance(a, Sym) and a.kind == "los"),
                "Piece")
    fields = {"dirs": direction_mask(c, node), "with_centre": 0, "distance": b.num_cells,
              "stop": L.FILTER.NOT_EMPTY, "stop_included": 0, "keep": LOS_KEEP[kind]}
    at = node.named("at")
    if at is None:
        fields["centre"] = L.CENTRE.LAST_TO
    elif isinstance(at, Node) and at.rule in AROUND_CENTRES:
        fields["centre"] = AROUND_CENTRES[at.rule]
    elif isinstance(at, Node) and at.rule == "site_var":
        fields.update(centre=L.CENTRE.VAR, site=c.variable(at, at.args[0] if at.args else ""))
    elif isinstance(at, Node) and at.rule == "site_where":
        kind_, colour = where_piece(c, at)
        fields.update(centre=L.CENTRE.WHERE, piece=kind_, owner=colour)
    else:
        site = constant_site_of(c, at) if isinstance(at, Node) else ludii_site(c, node, at)
        if site is None or not 0 <= site < b.num_cells:
            raise fail(node, "(sites LineOfSight at:SITE) is supported at (to), (from), (last "
                       "To), (last From), (site), (var), (where …) or a fixed site for now")
        fields.update(centre=L.CENTRE.FIXED, site=site)
    return L.REG.DYNAMIC - c.dynregs.add(node, kind=L.DYN.DIRECTION, **fields)
