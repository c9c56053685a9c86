"""Recognising common rule shapes that the engine runs on a fast path.

Ludii does the same (its "playout" optimisations): a shape is recognised on the typed tree, and
the engine gets parameters for a specialised kernel. The general path is always compiled too, and
tests play both and compare them move by move.

The sowing shape is the standard two-row mancala turn (Oware, Awari, Wari):

    (do (move Select (from (sites Mover) if:(< 0 (count at:(from))))
                     (then (sow if:(and (is In (to) (sites Next)) (or (= (count at:(to)) 2) …))
                                apply:(fromTo (from (to)) (to (mapEntry (mover)))
                                              count:(count at:(to)))
                                [includeSelf:…] [skipIf:(>= (count at:(to)) N)]
                                [backtracking:…] [grandSlam:NoCapture])))
        ifAfterwards:(< 0 (count in:(sites Next))))

with or without the ``do``/``ifAfterwards`` feeding rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludi.lang import Node, parse_fragment
from ludi.lang.tree import Named

_SELECT_IF = ("(< 0 (count at:(from)))", "(> (count at:(from)) 0)", "(!= (count at:(from)) 0)")
_FEED = ("(< 0 (count in:(sites Next)))", "(> (count in:(sites Next)) 0)")
_CAPTURE = "(fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))"
_ON_OPPONENT = "(is In (to) (sites Next))"


@dataclass(frozen=True)
class Sowing:
    """The parameters of a recognised mancala turn."""

    capture_counts: tuple[int, ...]
    include_self: bool
    backtracking: bool
    skip_at: int  # 0: no skipping
    grand_slam_no_capture: bool
    feed: bool


def _is(node, texts: tuple[str, ...] | str, category: str) -> bool:
    texts = (texts,) if isinstance(texts, str) else texts
    return isinstance(node, Node) and any(node == parse_fragment(t, category) for t in texts)


def _capture_counts(cond) -> tuple[int, ...] | None:
    """(and (is In (to) (sites Next)) <counts>) -> the counts, where <counts> is one
    (= (count at:(to)) k) or an or of them."""
    if not (isinstance(cond, Node) and cond.rule == "cond_and"):
        return None
    parts = cond.args[0] if len(cond.args) == 1 else cond.args
    if len(parts) != 2 or not _is(parts[0], _ON_OPPONENT, "cond"):
        return None
    tests = parts[1]
    if isinstance(tests, Node) and tests.rule == "cond_or":
        tests = tests.args[0] if len(tests.args) == 1 else tests.args
    else:
        tests = (tests,)
    counts = []
    for test in tests:
        if not (isinstance(test, Node) and test.rule == "cond_eq"):
            return None
        a, b = test.args
        if not (_is(a, "(count at:(to))", "int") and isinstance(b, int) and 0 <= b < 62):
            return None
        counts.append(b)
    return tuple(sorted(counts))


def sowing(moves: Node) -> Sowing | None:
    """The sowing parameters when ``moves`` is the standard mancala turn, else None."""
    feed = False
    if moves.rule == "moves_do":
        if not _is(moves.named("ifAfterwards"), _FEED, "cond"):
            return None
        feed = True
        moves = moves.positional[0]
    if moves.rule != "moves_select" or len(moves.args) != 2:
        return None
    frm, then = moves.args
    if not (_is(frm.positional[0] if frm.positional else None, "(sites Mover)", "region")
            and _is(frm.named("if"), _SELECT_IF, "cond")):
        return None
    sow = then.args[0]
    if sow.rule != "effect_sow" or sow.positional:  # a named track: not the board's
        return None
    named = {a.name: a.value for a in sow.args if isinstance(a, Named)}
    known = {"if", "apply", "includeSelf", "skipIf", "backtracking", "grandSlam"}
    if set(named) - known or "if" not in named or not _is(named.get("apply"), _CAPTURE, "effect"):
        return None
    if not isinstance(named.get("backtracking", False), bool):  # a condition: the general sow
        return None
    counts = _capture_counts(named["if"])
    if counts is None:
        return None
    skip_at = 0
    if "skipIf" in named:
        skip = named["skipIf"]
        if not (isinstance(skip, Node) and skip.rule == "cond_ge"
                and _is(skip.args[0], "(count at:(to))", "int") and isinstance(skip.args[1], int)
                and skip.args[1] > 0):
            return None
        skip_at = skip.args[1]
    slam = named.get("grandSlam")
    return Sowing(counts, bool(named.get("includeSelf", True)),
                  bool(named.get("backtracking", False)), skip_at,
                  slam is not None and slam.name == "NoCapture", feed)
