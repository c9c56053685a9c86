"""Hops (``moves_hop``, ``moves_hop_short``): Ludii's ``(move Hop …)`` and ``(hop …)``.

A piece jumps over a run of sites where the between-condition holds (one site by default; Ludii's
``(between (range A B) …)``: A to B sites in a row), after up to ``before:`` sites and landing on
the next site or up to ``after:`` more, each where the to-condition holds. The between's
``(apply …)`` runs at each site jumped over. Hops that capture an enemy piece and nothing more
are the capture-series kernel's (as are Play Win's turning jumps and series, ``chain:True``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.compile.directions import direction_mask, last_way, turning_mask
from ludi.compile.moves import (
    apply_effects,
    between_limit,
    condition,
    leaf,
    piece_from,
    site_or_region,
    sub_node,
    then,
)
from ludi.compile.registry import compiles, constant, fail, items, number
from ludi.lang import Node, parse_fragment

if TYPE_CHECKING:  # pragma: no cover
    from ludi.compile.compiler import Compiler

#: Between-conditions that hold only on an occupied site: an enemy piece there.
ENEMY_BETWEEN = (parse_fragment("(is Enemy (between))", "cond"),
                 parse_fragment("(is Enemy (who at:(between)))", "cond"))
#: The to-condition that holds only on an empty site.
EMPTY_TO = parse_fragment("(is Empty (to))", "cond")


@compiles("moves_hop", "moves_hop_short")
def hop(c: Compiler, node: Node) -> None:
    """(move Hop …) and (hop …). Ludii's Hop, one jump a move: a piece jumps over the adjacent
    site, (between), where the between-condition holds, to the next site on that line where the
    to-condition holds; the between's (apply …) runs at the site jumped over, then the (then …)
    effects. Hops over an enemy piece that capture it and nothing more are the capture-series
    kernel's (as are Play Win's turning jumps, landing:Turning, and series, chain:True)."""
    node = _without_exact_one(node)
    far = _far(c, node)
    if node.rule == "moves_hop" and (node.named("chain") is not None
                                     or node.named("landing") is not None
                                     or (_plain_capture(node) and not any(far.values()))):
        if any(far.values()):
            raise fail(node, "a hop with landing: or chain: takes no (between before:… "
                       "after:…)")
        _capture_hop(c, node)
        return
    between, to = sub_node(node, "between"), sub_node(node, "to")
    span = sub_node(between, "span") if between is not None else None
    if span is None and between_limit(between) is not None:
        raise fail(between, "a hop jumps one site, or a run of them with (range A B): "
                   "(between max:…) and (between (max N)) are not supported")
    frm = sub_node(node, "from")
    where = frm.positional[0] if frm is not None and frm.positional else None
    if where is None or (isinstance(where, Node) and where.category == "region"):
        fields = {"from_region": piece_from(c, node)}
    else:
        fields = site_or_region(c, where, "from_site", "from_region", node)
    if frm is not None and frm.named("if") is not None:
        raise fail(frm, "(from … if:…) is not supported for a hop yet")
    saved, c.hopping = c.hopping, True
    try:
        over = between.named("if") if between is not None else None
        fields["over_cond"], fields["over_cond_end"] = \
            c.code_range(over) if over is not None else (0, 0)
        start, count = apply_effects(c, sub_node(between, "apply") if between is not None
                                      else None)
        cond = condition(c, to.named("if"))
    finally:
        c.hopping = saved
    mask, turned = turning_mask(c, node)
    leaf(c, node, L.GEN.HOP_OVER, dirs=mask, turned=int(turned), last_way=last_way(c, node),
         apply=start, apply_count=count, **fields, **cond, **then(c, node), **far)


def _far(c: Compiler, node: Node) -> dict[str, int]:
    """A hop's ``(between before:N (range A B) after:M …)`` (Ludii's flying captures and runs):
    up to N sites before the first site jumped over, a run of A to B sites jumped over (the
    longest, up to B, where the between-condition holds), and M more landings past the first
    (all 0 and one site by default: the adjacent site, landing just past it). Numbers written
    in the description, or the board's ``(count Rows)``; a range (exact N) other than 1 is
    refused."""
    between = sub_node(node, "between")
    if between is None:
        return {"before": 0, "after": 0, "run": 0, "run_min": 0}
    far = {key: number(between, between.named(key, 0), f"a hop's {key}:", 0, 10**4)
           for key in ("before", "after")}
    if any(far.values()) and sub_node(between, "exact") is not None:
        raise fail(between, "a hop's (between before:… after:…) jumps one site: a range "
                   "(exact N) other than 1 is not supported")
    far["run"], far["run_min"] = _run(node, sub_node(between, "span"), far["after"])
    return far


def _run(node: Node, span: Node | None, after: int) -> tuple[int, int]:
    """A hop's ``(range A B)``: how many sites past the first its run jumped over may have
    (B - 1), and must have (A - 1). Ludii's Hop.eval lands past the run's first A sites, past
    its first A + 1, …, up to the whole run, each with its after: landings; a move is its two
    sites only, so ludi tells which sites it jumped only with no after:, or when the to-condition
    fails on every site of the run (an enemy run, an empty landing): then it lands past the
    whole run only."""
    if span is None:
        return 0, 0
    low = number(span, span.args[0], "a hop's (range A B): A", 1, 10**4)
    high = number(span, span.args[1], "a hop's (range A B): B", low, 10**4)
    between, to = sub_node(node, "between"), sub_node(node, "to")
    landing = to.named("if") if to is not None else None
    if high > low and after > 0 and not (_requires(between.named("if"), ENEMY_BETWEEN)
                                         and _requires(landing, (EMPTY_TO,))):
        raise fail(span, "a hop over a run of sites, (between (range A B) after:M …), is played "
                   "when its between-condition is (is Enemy (who at:(between))) and its "
                   "to-condition (is Empty (to)), alone or in an (and …): then it lands only "
                   "past the whole run")
    return high - 1, low - 1


def _requires(cond, wanted: tuple[Node, ...]) -> bool:
    """Whether ``cond`` holds only where one of the ``wanted`` conditions does: it is one, or
    an (and …) of which one is a part."""
    if cond in wanted:
        return True
    return (isinstance(cond, Node) and cond.rule == "cond_and"
            and any(x in wanted for a in cond.args for x in items(a)))


def _without_exact_one(node: Node) -> Node:
    """A hop whose ``(between (exact 1) …)`` says what every hop does: jump one site; one whose
    ``(between (exact N) …)``, N > 1, jumps a run of N sites, Ludii's range N..N: as ``(range N
    N)`` (Tepong's king leaps two sites on its first move). A (between before:… after:…)
    keeps its (exact N), refused by :func:`_far`."""
    between = sub_node(node, "between")
    exact = sub_node(between, "exact") if between is not None else None
    if exact is None:
        return node
    if constant(exact.args[0]) == 1:
        lean = tuple(a for a in between.args if a is not exact)
    elif between.named("before") is None and between.named("after") is None:
        span = Node("span", (exact.args[0], exact.args[0]), exact.pos)
        lean = tuple(span if a is exact else a for a in between.args)
    else:
        return node
    lean_between = replace(between, args=lean)
    return replace(node, args=tuple(lean_between if a is between else a for a in node.args))


def _plain_capture(node: Node) -> bool:
    """A hop from its pieces over an enemy piece that it removes, to an empty site, and no more:
    the capture-series kernel's hop."""
    between, to = sub_node(node, "between"), sub_node(node, "to")
    frm = sub_node(node, "from")
    apply = sub_node(between, "apply") if between is not None else None
    return (between is not None and between.named("if") in ENEMY_BETWEEN and apply is not None
            and apply.named("if") is None
            and apply.args[0] == parse_fragment("(remove (between))", "effect")
            and sub_node(between, "span") is None and between_limit(between) is None
            and (to is None or to.named("if") in (None, EMPTY_TO))
            and sub_node(node, "then") is None
            and (frm is None or not frm.positional or (isinstance(frm.positional[0], Node)
                                                     and frm.positional[0].category == "region")))


def _capture_hop(c: Compiler, node: Node) -> None:
    """Hops over an enemy piece, capturing it: single jumps, Play Win's turning landings and
    capture series."""
    if not _plain_capture(node):
        raise fail(node, "a hop with landing: or chain: jumps over an enemy piece and captures "
                   "it: (between if:(is Enemy (between)) (apply (remove (between)))) (to if:(is "
                   "Empty (to))), with no (then …)")
    code = piece_from(c, node)
    landing = node.named("landing")
    turning = int(landing is not None and landing.name == "Turning")
    if turning and c.board.kind != "hex":
        raise fail(node, "turning jumps are defined on hex boards only")
    dirs = direction_mask(c, node)
    if turning and dirs != sum(1 << int(d) for d in c.board.adjacent):
        raise fail(node, "turning jumps go along every adjacent direction")
    leaf(c, node, L.GEN.HOP, from_region=code, dirs=dirs, turning=turning,
         chain=int(bool(node.named("chain", False))))
