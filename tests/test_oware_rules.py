"""Oware (Abapa rules): the test vectors of rules/oware.md, the options, the endings, and Ludii's
own Oware.lud in both of its rulesets.

Houses are numbered as in rules/oware.md: 0..5 are South's (player 0, labels a..f), 6..11
North's (player 1, labels A..F), in sowing order; house i is the cell ``g.spec.track[i]``.
Ludii's description is read from ``shared/ludii`` beside the repository (or ``LUDI_LUDII_DIR``);
those tests skip when it is absent.
"""

from __future__ import annotations

import random

import pytest
from conftest import LUDII

import ludi

LUDII_OWARE = LUDII / "Oware.lud"
needs_ludii = pytest.mark.needs("ludii")

TOTAL = 48


@pytest.fixture(scope="module")
def oware():
    return ludi.load("oware")


def houses(state) -> list[int]:
    return [state.count(c) for c in state.game.spec.track]


def stores(state) -> list[int]:
    return [state.count(site) for site in state.game.spec.map_sites[:2]]


def legal_houses(state) -> list[int]:
    """The houses (0..11) the player to move may sow; proposals and votes are left out."""
    track = state.game.spec.track
    return sorted(track.index(m.frm) for m in state.legal_moves() if m.kind == "select")


def play(state, house: int):
    """Sow house ``house`` (0..11) — by its label, as a player would name it."""
    label = state.game.board.label(state.game.spec.track[house])
    move = next(m for m in state.legal_moves() if m.frm == state.game.spec.track[house])
    assert move.text == label
    return state.apply(label)


def ludii_oware(ruleset: str):
    return ludi.load(LUDII_OWARE, ruleset=ruleset, defines=LUDII / "def")


# ---------------------------------------------------------------- the board


def test_board_houses_labels_and_stores(oware):
    track = oware.spec.track
    assert len(track) == 12
    assert [oware.board.label(c) for c in track] == list("abcdef") + list("ABCDEF")
    s = oware.initial_state()
    assert houses(s) == [4] * 12 and stores(s) == [0, 0]
    assert s.to_move == 0 and s.ply == 0 and not s.is_terminal()
    assert legal_houses(s) == [0, 1, 2, 3, 4, 5]
    assert [m.text for m in s.legal_moves()] == list("abcdef")


# ---------------------------------------------------------------- test vectors (rules/oware.md)


def test_start_south_plays_house_5(oware):
    s = play(oware.initial_state(), 5)
    assert houses(s) == [4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4]
    assert stores(s) == [0, 0] and s.score(0) == 0 and s.score(1) == 0
    assert s.to_move == 1 and s.ply == 1 and not s.is_terminal()
    assert legal_houses(s) == [6, 7, 8, 9, 10, 11]
    assert sorted(m.text for m in s.legal_moves()) == list("ABCDEF")


def test_grand_slam_captures_nothing(oware):
    s = oware.state_from(counts=[0, 0, 0, 0, 3, 0, 1, 1, 0, 0, 0, 0])
    assert legal_houses(s) == [4]
    play(s, 4)
    # houses 6 and 7 would be taken, leaving North empty: the board stays as sown
    assert houses(s) == [0, 0, 0, 0, 0, 1, 2, 2, 0, 0, 0, 0]
    assert stores(s) == [0, 0]
    assert s.to_move == 1 and not s.is_terminal()


def test_capture_of_houses_7_and_6(oware):
    s = oware.state_from(counts=[0, 0, 0, 0, 3, 0, 1, 1, 0, 0, 0, 1])
    play(s, 4)
    assert houses(s) == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]
    assert stores(s) == [4, 0] and s.score(0) == 4
    assert s.to_move == 1 and not s.is_terminal()


def test_capture_stops_at_the_first_house_that_fails(oware):
    # last seed in 8 (-> 2), 7 (-> 4) fails: only house 8 is taken, not house 6 (-> 2) before it
    s = oware.state_from(counts=[0, 0, 0, 0, 0, 3, 1, 3, 1, 0, 0, 0])
    play(s, 5)
    assert houses(s) == [0, 0, 0, 0, 0, 0, 2, 4, 0, 0, 0, 0]
    assert stores(s) == [2, 0]


def test_no_capture_on_own_side(oware):
    # the last seed makes a 2 in South's own house 3: nothing is taken
    s = oware.state_from(counts=[0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1])
    play(s, 2)
    assert houses(s) == [0, 0, 0, 2, 0, 0, 1, 1, 1, 1, 1, 1]
    assert stores(s) == [0, 0]


def test_feeding_forces_house_5(oware):
    s = oware.state_from(counts=[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0])
    assert legal_houses(s) == [5]  # house 0 does not reach North's side
    assert [m.text for m in s.legal_moves()] == ["f"]
    play(s, 5)
    assert houses(s) == [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]


def test_feeding_applies_to_north_too(oware):
    s = oware.state_from(counts=[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 1], to_move=1)
    assert legal_houses(s) == [10, 11]  # house 6 (one seed, to house 7) does not feed


def test_no_feeding_move_ends_the_game_south_takes_3(oware):
    s = oware.state_from(counts=[1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    assert s.legal_moves() == []
    assert s.is_terminal()
    assert s.end_type == "(no Moves Mover)"
    assert s.winner == 0 and s.ranks == [1, 2] and s.returns() == [1.0, -1.0]
    assert s.score(0) == 3 and s.score(1) == 0
    # a by-score ending computes the totals; it does not move the seeds
    assert houses(s) == [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] and stores(s) == [0, 0]
    assert s.ply == 0


def test_twelve_seeds_skip_their_origin_and_capture_house_6(oware):
    s = oware.state_from(counts=[0, 0, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0])
    play(s, 5)
    # sown [1,1,1,1,1,0, 2,1,1,1,1,1] (5 skipped, last seed in 6), then house 6 (2) captured:
    # not a grand slam, North keeps 5
    assert houses(s) == [1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1]
    assert stores(s) == [2, 0]
    assert s.to_move == 1 and not s.is_terminal()


# ---------------------------------------------------------------- options


def test_grand_slam_forbidden_option():
    default = ludi.load("oware")
    forbidden = ludi.load("oware", {"Grand Slam": "Forbidden"})
    counts = [0, 0, 0, 0, 3, 1, 1, 1, 0, 0, 0, 0]
    # house 4 would take houses 6 and 7 (all of North's seeds); house 5 takes only house 6
    assert legal_houses(default.state_from(counts=counts)) == [4, 5]
    s = forbidden.state_from(counts=counts)
    assert legal_houses(s) == [5]
    with pytest.raises(ludi.IllegalMove):
        s.apply(forbidden.board.label(forbidden.spec.track[4]))
    play(s, 5)
    assert houses(s) == [0, 0, 0, 0, 3, 0, 0, 1, 0, 0, 0, 0] and stores(s) == [2, 0]


def test_grand_slam_forbidden_without_another_move_ends_the_game():
    forbidden = ludi.load("oware", {"Grand Slam": "Forbidden"})
    s = forbidden.state_from(counts=[0, 0, 0, 0, 3, 0, 1, 1, 0, 0, 0, 0])
    assert s.legal_moves() == [] and s.is_terminal()
    assert s.end_type == "(no Moves Mover)"
    assert s.score(0) == 3 and s.score(1) == 2 and s.winner == 0


def test_twelve_seeds_max_option_skips_houses_holding_12():
    counts = [0, 0, 0, 0, 0, 13, 12, 0, 0, 0, 0, 0]
    capped = ludi.load("oware", {"Sowing": "12 seeds max"})
    s = play(capped.state_from(counts=counts), 5)
    # 13 seeds: 7..11, 0..4, then 5 (origin) and 6 (12) skipped, 7, 8, 9: houses 7, 8 and 9
    # hold 2 and are taken; house 6 (12) stops the capture
    assert houses(s) == [1, 1, 1, 1, 1, 0, 12, 0, 0, 0, 1, 1]
    assert stores(s) == [6, 0]
    # the default sows into house 6 twice and ends in house 7
    default = ludi.load("oware")
    s = play(default.state_from(counts=counts), 5)
    assert houses(s) == [1, 1, 1, 1, 1, 0, 14, 0, 1, 1, 1, 1]
    assert stores(s) == [2, 0]


def test_twelve_seeds_max_still_skips_the_origin():
    capped = ludi.load("oware", {"Sowing": "12 seeds max"})
    s = play(capped.state_from(counts=[0, 0, 0, 0, 0, 12, 1, 1, 1, 1, 1, 1]), 5)
    # 6..11, 0..4, origin 5 skipped, last seed in 6 (3): house 6 is taken, house 5 before it
    # is South's own
    assert houses(s) == [1, 1, 1, 1, 1, 0, 0, 2, 2, 2, 2, 2]
    assert stores(s) == [3, 0]


def test_rulesets_are_the_option_sets():
    def tables(*args, **kw):
        return ludi.load("oware", *args, **kw).tables.tolist()

    assert tables(ruleset="Abapa") == tables()
    assert tables(ruleset="Wari") == tables({"Grand Slam": "Forbidden"})
    assert tables(ruleset="Awari") == tables({"Grand Slam": "Forbidden", "Sowing": "12 seeds max"})
    assert tables(ruleset="Awari") != tables(ruleset="Wari") != tables()


# ---------------------------------------------------------------- endings


def test_25_seeds_win_at_once(oware):
    s = oware.state_from(counts=[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 6], stores=[23, 17])
    play(s, 5)
    assert stores(s) == [25, 17]
    assert s.is_terminal() and s.legal_moves() == []
    assert s.winner == 0 and s.returns() == [1.0, -1.0]
    assert "25" in s.end_type and "P1" in s.end_type
    assert s.score(0) == 25 and s.score(1) == 17  # a win by store: the stores are the scores


def test_25_seeds_win_for_north(oware):
    s = oware.state_from(counts=[2, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 1], stores=[16, 24], to_move=1)
    play(s, 11)
    assert stores(s) == [16, 27]
    assert s.is_terminal() and s.winner == 1 and s.returns() == [-1.0, 1.0]
    assert "25" in s.end_type and "P2" in s.end_type


def test_24_24_is_a_draw(oware):
    s = oware.state_from(counts=[0] * 12, stores=[24, 24])
    assert s.is_terminal() and s.legal_moves() == []
    assert s.winner is None and s.ranks == [1, 1] and s.returns() == [0.0, 0.0]
    assert "24" in s.end_type


def test_24_24_after_a_no_feed_ending_is_a_draw(oware):
    s = oware.state_from(counts=[1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], stores=[21, 24])
    assert s.is_terminal() and s.end_type == "(no Moves Mover)"
    assert s.score(0) == 24 and s.score(1) == 24
    assert s.winner is None and s.returns() == [0.0, 0.0]


def _one_seed_each_side(game, start_stores):
    """One seed per side that chase each other round the board: the only move each turn."""
    s = game.state_from(counts=[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], stores=start_stores)
    seen = []
    while not s.is_terminal():
        assert len(legal_houses(s)) == 1
        assert sum(houses(s)) + sum(stores(s)) == TOTAL
        seen.append((s.to_move, tuple(houses(s))))
        play(s, legal_houses(s)[0])
    return s, seen


def test_repeated_position_ends_the_game_each_side_takes_its_own_seeds(oware):
    s, seen = _one_seed_each_side(oware, [24, 22])
    # after 12 plies the starting position (South to move, seeds in houses 5 and 11) is back
    assert len(set(seen)) == len(seen) == 12
    assert s.ply == 12 and tuple(houses(s)) == seen[0][1]
    assert s.end_type == "(is Cycle)"
    assert houses(s) == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1] and stores(s) == [24, 22]
    assert s.score(0) == 25 and s.score(1) == 23  # store + own side
    assert s.winner == 0 and s.returns() == [1.0, -1.0]


def test_repeated_position_with_equal_totals_is_a_draw(oware):
    s, _ = _one_seed_each_side(oware, [23, 23])
    assert s.end_type == "(is Cycle)" and s.ply == 12
    assert s.score(0) == 24 and s.score(1) == 24
    assert s.winner is None and s.returns() == [0.0, 0.0]


def test_positions_count_from_the_last_capture(oware):
    # North sows house 10 (2 seeds): 11 -> 1, 0 -> 2 and takes house 0. The position after the
    # capture (South to move, seeds in houses 5 and 11) is the chase's start: it is back 12
    # plies later
    s = oware.state_from(counts=[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0], stores=[22, 22],
                         to_move=1)
    play(s, 10)
    assert stores(s) == [22, 24] and houses(s) == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]
    while not s.is_terminal():
        play(s, legal_houses(s)[0])
    assert s.end_type == "(is Cycle)" and s.ply == 1 + 12
    assert s.score(0) == 23 and s.score(1) == 25 and s.winner == 1


# ---------------------------------------------------------------- Ludii's Oware.lud


@needs_ludii
@pytest.mark.parametrize("ruleset", ["Wari (Observed)", "Awari (Suggested)"])
def test_ludii_oware_runs_to_the_end_in_random_play(ruleset):
    game = ludii_oware(ruleset)
    assert [game.board.label(c) for c in game.spec.track] == list("abcdef") + list("ABCDEF")
    ends: dict[str, int] = {}
    for seed in range(60):
        rng = random.Random(seed)
        s = game.initial_state()
        while not s.is_terminal():
            moves = s.legal_moves()
            assert moves
            assert sum(houses(s)) + sum(stores(s)) == TOTAL
            s.apply(rng.choice(moves))
        assert s.legal_moves() == []
        ends[s.end_type] = ends.get(s.end_type, 0) + 1
        if ruleset == "Wari (Observed)":
            assert s.end_type in ("(no Moves Mover)", '(is Decided "End")')
            totals = [stores(s)[p] + sum(houses(s)[6 * p:6 * p + 6]) for p in (0, 1)]
            assert [s.score(0), s.score(1)] == totals
            expected = None if totals[0] == totals[1] else int(totals[1] > totals[0])
            assert s.winner == expected
        else:
            # a player with 25 captures wins; Ludii's Awari has no by-score ending, so a stuck
            # player ("no moves") or an endless cycle ("move limit") ends in a draw here
            assert s.end_type in ("(>= (count at:(mapEntry P1)) 25)",
                                  "(>= (count at:(mapEntry P2)) 25)", "no moves", "move limit")
            if "25" in s.end_type:
                winner = 0 if "P1" in s.end_type else 1
                assert s.winner == winner and stores(s)[winner] >= 25
                assert stores(s)[1 - winner] < 25
            else:
                assert s.winner is None
    if ruleset == "Wari (Observed)":
        assert set(ends) == {"(no Moves Mover)", '(is Decided "End")'}, ends
    else:
        assert ends.get("(>= (count at:(mapEntry P1)) 25)", 0) > 0, ends
        assert ends.get("(>= (count at:(mapEntry P2)) 25)", 0) > 0, ends


@needs_ludii
def test_ludii_awari_25_captures_win():
    game = ludii_oware("Awari (Suggested)")
    s = game.state_from(counts=[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 6], stores=[23, 17])
    play(s, 5)
    assert stores(s) == [25, 17]
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, -1.0]
    assert s.end_type == "(>= (count at:(mapEntry P1)) 25)"
    # 24 is not enough
    s = game.state_from(counts=[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 6], stores=[22, 18])
    play(s, 5)
    assert stores(s) == [24, 18] and not s.is_terminal()


@needs_ludii
def test_ludii_wari_cycle_offers_propose_then_vote():
    game = ludii_oware("Wari (Observed)")
    assert game.spec.proposals == ("End",)
    s = game.state_from(counts=[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], stores=[24, 22])
    texts = [m.text for m in s.legal_moves()]
    assert texts == ["f"]  # no cycle yet: no proposal
    for _ in range(12):
        assert "propose End" not in [m.text for m in s.legal_moves()]
        play(s, legal_houses(s)[0])
    # the starting position is back: (is Cycle) holds, the mover may propose to end
    assert s.ply == 12 and not s.is_terminal()
    assert houses(s) == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1] and s.to_move == 0
    texts = [m.text for m in s.legal_moves()]
    assert sorted(texts) == ["f", "propose End"]
    s.apply("propose End")
    assert s.to_move == 1 and not s.is_terminal()
    assert sorted(m.text for m in s.legal_moves()) == ["vote End", "vote No"]

    refused = s.copy().apply("vote No")
    assert not refused.is_terminal() and refused.to_move == 0
    assert houses(refused) == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]
    assert "f" in [m.text for m in refused.legal_moves()]

    agreed = s.copy().apply("vote End")
    assert agreed.is_terminal()
    assert agreed.end_type == '(is Decided "End")'
    assert agreed.score(0) == 25 and agreed.score(1) == 23  # each side takes its own seeds
    assert agreed.winner == 0 and agreed.returns() == [1.0, -1.0]
