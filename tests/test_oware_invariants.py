"""Invariants of Oware in random play, and a small reference model of the rules.

For the default rules, the "12 seeds max" and "Grand Slam: Forbidden" options and both of them
(the shipped "Awari" ruleset), seeded random games are played to the end and checked after every
move: the 48 seeds are conserved (houses + stores; by-score endings compute totals and move no
seed), the player to move has a legal move or the game is over, turns alternate, and every game
ends by a rule (never by the move limit). Each move is also replayed on a plain-Python model of
rules/oware.md (sowing with the options, captures, grand slam, feeding, 25 seeds, repetition since
the last capture, no feeding move), which must give the same legal moves, board, stores and
ending. Hypothesis then tries single moves from arbitrary positions (derandomized:
deterministic).

The shipped variants use the engine's sowing fast path (``P.SOW_FAST``); every check also runs
with it switched off, on the general path (move program, ``sow`` effect, condition VM).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludi
from ludi.compile import layout as L

TOTAL = 48
VARIANTS = {
    "default": {},
    "12 seeds max": {"Sowing": "12 seeds max"},
    "grand slam forbidden": {"Grand Slam": "Forbidden"},  # the "Wari" ruleset
    "both": {"Grand Slam": "Forbidden", "Sowing": "12 seeds max"},  # the "Awari" ruleset
}
GAMES = {"default": 300, "12 seeds max": 300, "grand slam forbidden": 150, "both": 150}


def load(name: str, path: str = "fast"):
    game = ludi.load("oware", VARIANTS[name])
    # the shipped variants take the fast paths (the houses packed unless 12-seed houses are skipped)
    packed = () if "Sowing" in VARIANTS[name] else ("sow_packed",)
    assert game.fast_paths == ("sow", "sow_turn") + packed
    return game.without_fast_paths() if path == "general" else game


@pytest.fixture(scope="module", params=[(name, path) for name in VARIANTS
                                        for path in ("fast", "general")],
                ids=lambda v: f"{v[0]}-{v[1]}")
def variant(request):
    name, path = request.param
    return name, load(name, path)


# ---------------------------------------------------------------- the reference model


def ref_move(houses, stores, p, house, skip12, forbid_slam):
    """Houses and stores after player ``p`` sows ``house``, or None when the move is illegal."""
    h = list(houses)
    seeds, h[house] = h[house], 0
    i = house
    while seeds:
        i = (i + 1) % 12
        if i == house or (skip12 and h[i] >= 12):
            continue
        h[i] += 1
        seeds -= 1
    low = 6 * (1 - p)  # the opponent's houses are low..low+5
    after = list(h)
    taken = 0
    j = i
    while low <= j < low + 6 and after[j] in (2, 3):
        taken += after[j]
        after[j] = 0
        j -= 1
    if taken and sum(after[low:low + 6]) == 0:  # a grand slam
        if forbid_slam:
            return None
        after, taken = h, 0
    if sum(after[low:low + 6]) == 0:  # the opponent must be left seeds (feeding)
        return None
    new_stores = list(stores)
    new_stores[p] += taken
    return after, new_stores


def ref_legal(houses, stores, p, skip12, forbid_slam):
    return [i for i in range(6 * p, 6 * p + 6)
            if houses[i] and ref_move(houses, stores, p, i, skip12, forbid_slam) is not None]


def options_of(name):
    opts = VARIANTS[name]
    return opts.get("Sowing") == "12 seeds max", opts.get("Grand Slam") == "Forbidden"


# ---------------------------------------------------------------- helpers


def board(state):
    game = state.game
    return ([state.count(c) for c in game.spec.track],
            [state.count(site) for site in game.spec.map_sites[:2]])


def totals(houses, stores):
    return [stores[p] + sum(houses[6 * p:6 * p + 6]) for p in (0, 1)]


def check_ending(state, houses, stores, expect):
    """The game is over as the model says: ``expect`` is "win", "cycle" or "stuck"."""
    assert state.is_terminal() and state.legal_moves() == []
    assert sum(houses) + sum(stores) == TOTAL
    if expect == "win":
        winner = 0 if stores[0] >= 25 else 1
        assert stores[winner] >= 25 and stores[1 - winner] < 25
        assert "25" in state.end_type and f"P{winner + 1}" in state.end_type
        assert state.winner == winner
        assert [state.score(0), state.score(1)] == stores
    else:
        assert state.end_type == {"cycle": "(is Cycle)", "stuck": "(no Moves Mover)"}[expect]
        scores = totals(houses, stores)
        assert [state.score(0), state.score(1)] == scores
        assert state.winner == (None if scores[0] == scores[1] else int(scores[1] > scores[0]))
    r = state.returns()
    assert r == ([0.0, 0.0] if state.winner is None
                 else [1.0, -1.0] if state.winner == 0 else [-1.0, 1.0])


def play_random_game(game, name, seed):
    skip12, forbid = options_of(name)
    rng = random.Random(seed)
    s = game.initial_state()
    houses, stores = board(s)
    seen = {(0, tuple(houses))}  # positions since the last capture, the start included
    while True:
        where = f"{name}, game {seed}, ply {s.ply}"
        assert sum(houses) + sum(stores) == TOTAL, where
        assert min(houses) >= 0 and min(stores) >= 0, where
        p = s.ply % 2
        legal = ref_legal(houses, stores, p, skip12, forbid)
        if not legal:  # no feeding move: the mover takes the seeds left
            check_ending(s, houses, stores, "stuck")
            assert s.to_move == p, where
            return s
        assert not s.is_terminal(), where
        assert s.to_move == p, where
        assert [s.score(0), s.score(1)] == stores, where
        moves = {game.spec.track.index(m.frm): m for m in s.legal_moves()}
        assert sorted(moves) == legal, where
        house = rng.choice(legal)
        s.apply(moves[house])
        new_houses, new_stores = ref_move(houses, stores, p, house, skip12, forbid)
        houses, stores = board(s)
        assert (houses, stores) == (new_houses, new_stores), where
        assert s.ply <= 2000, where  # far below the move limit: every game ends by a rule
        if stores[p] >= 25:
            check_ending(s, houses, stores, "win")
            return s
        key = (1 - p, tuple(houses))
        if sum(houses) != sum(next(iter(seen))[1]):  # a capture: earlier positions cannot recur
            seen = {key}
        elif key in seen:
            check_ending(s, houses, stores, "cycle")
            return s
        else:
            seen.add(key)


# ---------------------------------------------------------------- random games


def test_random_games_keep_the_invariants_and_follow_the_rules(variant):
    name, game = variant
    ends: dict[str, int] = {}
    for seed in range(GAMES[name]):
        s = play_random_game(game, name, seed)
        assert s.end_type not in ("move limit", "no moves")
        ends[s.end_type] = ends.get(s.end_type, 0) + 1
    # the random games met every way of ending
    assert len(ends) == 4 and "(is Cycle)" in ends and "(no Moves Mover)" in ends, ends


def test_compiled_playouts_end_by_a_rule(variant):
    from ludi.engine.playouts import run_playouts

    _, game = variant
    lengths, winners, reasons = run_playouts(game, 2000, seed=7)
    assert (reasons != L.END.TIMEOUT).all() and (reasons != L.END.NO_MOVES).all()
    assert lengths.max() < 1000 and lengths.min() > 0
    assert set(winners.tolist()) <= {-1, 0, 1}


# ---------------------------------------------------------------- single moves, any position


_GAMES: dict = {}


def _games():
    """The variants on both paths, loaded once (hypothesis runs the test many times)."""
    if not _GAMES:
        _GAMES.update({(name, path): load(name, path) for name in VARIANTS
                       for path in ("fast", "general")})
    return _GAMES


@st.composite
def positions(draw):
    houses = draw(st.lists(st.integers(0, 14), min_size=12, max_size=12))
    if sum(houses) > TOTAL:
        houses = [h * TOTAL // sum(houses) for h in houses]
    rest = TOTAL - sum(houses)
    s0 = draw(st.integers(max(0, rest - 24), min(24, rest)))
    return houses, [s0, rest - s0], draw(st.integers(0, 1))


@settings(max_examples=400, derandomize=True, deadline=None)
@given(position=positions(), name=st.sampled_from(list(VARIANTS)),
       path=st.sampled_from(["fast", "general"]))
def test_single_moves_from_any_position(position, name, path):
    houses, stores, p = position
    game = _games()[name, path]
    skip12, forbid = options_of(name)
    s = game.state_from(counts=houses, stores=stores, to_move=p)
    legal = ref_legal(houses, stores, p, skip12, forbid)
    if stores == [24, 24]:
        assert s.is_terminal() and s.winner is None and "24" in s.end_type
        return
    if not legal:
        check_ending(s, houses, stores, "stuck")
        return
    moves = {game.spec.track.index(m.frm): m for m in s.legal_moves()}
    assert sorted(moves) == legal
    for house in legal:
        after = s.copy().apply(moves[house])
        got = board(after)
        want = ref_move(houses, stores, p, house, skip12, forbid)
        assert got == (want[0], want[1])
        assert sum(got[0]) + sum(got[1]) == TOTAL
        if want[1][p] >= 25:
            check_ending(after, *got, "win")
        elif not after.is_terminal():
            assert after.to_move == 1 - p and after.legal_moves()
        else:
            assert not ref_legal(*got, 1 - p, skip12, forbid)
            check_ending(after, *got, "stuck")

