"""Rule tests for dice and tracks, from Ludii's source (Dice, Roll, Do, ForEachDie, Track,
TrackSiteMove):

- ``(dice d:N from:F num:K)``: K dice of N faces F, F+1, …; ``(roll)`` gives each a face
  uniformly. Ludii rolls only inside ``(do (roll) next:MOVES)``: the roll comes first, then one
  of MOVES chosen in the position it left, and the move carries the roll with it.
- ``(count Pips)`` is the roll's sum; in ``(forEach Die MOVES)`` ``(pips)`` is one die's value,
  and each of its moves uses that die (it reads 0 after, ``(all DiceUsed)`` once all are).
- ``(trackSite Move steps:N)``: N places on along the mover's track; past its end Off (-1), or
  End (-2) on the place after the last site of a track written with a last ``End``.
- Chance comes from a seed: the same seed, the same rolls; a position's rolls are decided by
  the position (so listing the moves and playing one roll the same dice).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from conftest import LUDII
from scipy.stats import chisquare

import ludi
from ludi.compile import layout as L
from ludi.engine.game import from_description
from ludi.engine.playouts import run_playouts
from ludi.errors import CompileError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import Reference, Sample, disagreements, read_reference, sample_random_play

BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"

RACE = """(game "Dice Race" (players 2)
 (equipment {(board (rectangle 1 12) (track "Track" "0,E" directed:True))
             (dice d:4 num:2) (piece "Disc" Each)})
 (rules (start {(place "Disc1" 0) (place "Disc2" 1)})
  (play (do (roll) next:(forEach Piece (move (from)
            (to (trackSite Move steps:(count Pips)) if:(is Empty (to)))))))
  (end (if (is In (last To) (sites Right)) (result Mover Win)))))"""

BY_DIE = """(game "By Die" (players 2)
 (equipment {(board (rectangle 1 20) {(track "T1" {0..18 End} P1) (track "T2" {0..18 End} P2)})
             (dice d:6 num:2) (piece "Disc" Each)})
 (rules (start {(place "Disc1" 0) (place "Disc2" 1)})
  (play (do (if (not (is Prev Mover)) (roll))
          next:(forEach Die if:(!= (pips) 0)
                 (forEach Piece (if (= (trackSite Move steps:(pips)) End)
                                  (move Remove (from))
                                  (move (from) (to (trackSite Move steps:(pips))
                                                   if:(is Empty (to))))))
                 (then (if (not (all DiceUsed)) (moveAgain))))))
  (end (if (no Pieces Mover) (result Mover Win)))))"""


def test_each_move_goes_as_far_as_its_roll():
    game = ludi.parse(RACE)
    assert game.stochastic and not ludi.load("tictactoe").stochastic
    for seed in range(40):
        state = game.initial_state(seed=seed)
        move = state.legal_moves()[0]
        before = {c: state.owner(c) for c in ("a1", "b1")}
        state.apply(move)
        rolled = list(state.dice)
        assert all(1 <= v <= 4 for v in rolled)
        assert int(state._s[L.I.PIPS]) == sum(rolled)
        frm, to = move.text.split("-")
        assert state.owner(frm) is None and before[frm] is not None
        assert ord(to[0]) - ord(frm[0]) == sum(rolled)  # the track runs a1, b1, … l1


def test_the_moves_listed_and_the_move_played_roll_the_same_dice():
    game = ludi.parse(RACE)
    for seed in range(20):
        state = game.initial_state(seed=seed)
        targets = {m.text.split("-")[1] for m in state.legal_moves()}
        first = state.legal_moves()[0]
        state.apply(first)
        assert first.text.split("-")[1] in targets
        distance = sum(list(state.dice))
        # every move of the position went the same distance: one roll for all
        assert all(ord(t[0]) - ord(f[0]) == distance for f, t in
                   (m.text.split("-") for m in game.initial_state(seed=seed).legal_moves()))


def test_the_seed_decides_the_rolls():
    game = ludi.parse(RACE)
    first = [game.initial_state(seed=7).legal_moves()[0].text for _ in range(3)]
    assert len(set(first)) == 1
    sums = Counter()
    for seed in range(2000):
        state = game.initial_state(seed=seed)
        state.apply(state.legal_moves()[0])
        sums[sum(list(state.dice))] += 1
    # two fair four-sided dice: 2..8 with weights 1 2 3 4 3 2 1
    expected = np.array([1, 2, 3, 4, 3, 2, 1]) / 16 * 2000
    observed = np.array([sums[k] for k in range(2, 9)])
    assert chisquare(observed, expected).pvalue > 1e-4
    one, two = run_playouts(game, 50, 3), run_playouts(game, 50, 3)
    assert all(np.array_equal(a, b) for a, b in zip(one, two, strict=True))
    assert not np.array_equal(run_playouts(game, 50, 4)[0], one[0])


def test_each_die_is_a_move_of_its_own_and_is_used_up():
    game = ludi.parse(BY_DIE)
    for seed in range(30):
        state = game.initial_state(seed=seed)
        moves = state.legal_moves()
        state.apply(moves[0])
        a, b = list(state.dice)
        assert 0 in (a, b)  # the die the move used reads 0
        if state.to_move == 0:  # the other die still to play: the same player moves again
            left = a + b
            for m in state.legal_moves():
                frm, to = m.text.split("-") if "-" in m.text else (m.text, None)
                assert to is None or ord(to[0]) - ord(frm[0]) == left
            state.apply(state.legal_moves()[0])
            assert list(state.dice) == [0, 0] and state.to_move == 1


DOUBLES = """(game "Doubles" (players 2)
 (equipment {(board (rectangle 1 40) {(track "T1" {0..38 End} P1) (track "T2" {0..38 End} P2)})
             (dice d:6 num:2) (piece "Disc" Each)})
 (rules (start {(place "Disc1" 0) (place "Disc2" 39)})
  (play (do (if (not (is Prev Mover)) (roll))
          next:(forEach Die replayDouble:True if:(!= (pips) 0)
                 (forEach Piece (move (from) (to (trackSite Move steps:(pips))
                                                 if:(is Empty (to)))))
                 (then (if (not (all DiceUsed)) (moveAgain))))))
  (end (if (no Pieces Mover) (result Mover Win)))))"""


def test_a_double_is_played_twice_with_replay_double():
    """ForEachDie's replayDouble: the first die's move of a double remembers its value (temp),
    the second shows it on both dice again, the third forgets it: four moves of a double's
    value, two moves otherwise."""
    game = ludi.parse(DOUBLES)
    turns = Counter()
    for seed in range(80):
        state = game.initial_state(seed=seed)
        steps = []
        while state.to_move == 0 and len(steps) < 6:
            frm, to = state.legal_moves()[0].text.split("-")
            steps.append(game.board.cell(to) - game.board.cell(frm))
            state.apply(state.legal_moves()[0])
        if len(steps) == 4:
            assert len(set(steps)) == 1, steps
        else:
            assert len(steps) == 2, steps
        turns[len(steps)] += 1
    assert turns[4] > 0 and turns[2] > turns[4]


def test_a_die_shows_its_face_when_used():
    """(face SITE) is the die's face as rolled, used or not (the dice on the sites after the
    board's 20): the first move uses a die, and the faces still sum to the roll."""
    faces = BY_DIE.replace("(no Pieces Mover)", "(= (+ (face 20) (face 21)) (count Pips))")
    for seed in range(10):
        state = ludi.parse(faces).initial_state(seed=seed)
        state.apply(state.legal_moves()[0])
        assert 0 in state.dice and state.winner == 0
    with pytest.raises(CompileError, match="the dice stand on sites 20..21"):
        ludi.parse(BY_DIE.replace("(no Pieces Mover)", "(= (face 19) 1)"))


def test_a_track_ending_in_end_bears_off_exactly():
    game = ludi.parse(BY_DIE)
    state = game.initial_state(seed=1)
    for _ in range(400):
        if state.is_terminal():
            break
        state.apply(state.legal_moves()[0])
    assert state.is_terminal() and state.winner is not None
    # a piece leaves only from the place whose distance to End is the die: removals named so
    sample = sample_random_play(game, 200, seed=2)
    assert sample.shares["limit"] == 0 and sample.legal_moves_seen is not None


def test_a_game_of_chance_agrees_on_the_legal_moves_of_any_first_roll():
    ours = Sample(playouts=400, moves_mean=10.0, moves_sd=2.0, shares={"p1_win": 0.5},
                  legal_moves_initial=2, legal_moves_seen=(2, 3))
    theirs = dict(playouts=300, moves_mean=10.0, moves_sd=2.0, shares={"p1_win": 0.5})
    assert disagreements(ours, Reference(**theirs, legal_moves_initial=3)) == []
    assert disagreements(ours, Reference(**theirs, legal_moves_initial=5)) == [
        "2, 3 legal moves at the start (by the roll), Ludii 5"]


@pytest.mark.parametrize("text, message", [
    (RACE.replace("(dice d:4 num:2)", ""), "(roll) needs (dice …)"),
    (RACE.replace("num:2", "num:9"), "the number of dice (num:) must be between 1 and 8"),
    (RACE.replace('"0,E"', '"0,E,W"'), "visits a site twice"),
    (RACE.replace('"0,E"', '"0,Q"'), "track step 'Q' is not a compass direction"),
    (BY_DIE.replace("{0..18 End}", "{0..9 End 10..18}", 1), "End comes last"),
    # Ludii tests a piece's (forEach Die if:…) at the piece's site; ludi once for all pieces
    (BY_DIE.replace("if:(!= (pips) 0)", "if:(!= (trackSite Move from:(from) steps:(pips)) 5)"),
     "(forEach Die if:…) reading (from) is supported only in a piece's moves"),
])
def test_bad_dice_and_tracks_are_refused_by_name(text, message):
    with pytest.raises(CompileError, match=None) as err:
        ludi.parse(text)
    assert message in str(err.value)


def test_a_test_of_a_track_site_reads_each_piece_where_it_stands():
    """``(trackSite Move steps:N)`` starts from ``(from)``: in an ``(if …)`` of a piece's
    moves it is tested for each piece, as Ludii does (it was once tested once for all)."""
    text = """(game "Queue" (players 2)
     (equipment {(board (rectangle 1 8) (track "Track" "0,E"))
                 (piece "Disc" Each (if (is Empty (trackSite Move steps:1))
                                      (move (from) (to (trackSite Move steps:1)))))})
     (rules (start {(place "Disc1" (sites {0 1 2})) (place "Disc2" 7)})
      (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"""
    assert [m.text for m in ludi.parse(text).initial_state().legal_moves()] == ["c1-d1"]


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", ["war/replacement/eliminate/all/Sig (Tozeur).lud",
                                 "war/replacement/eliminate/all/Sijat El Taba.lud"])
def test_games_of_chance_of_ludiis_library_play_as_ludii_does(rel):
    """Stick dice (six two-sided dice, ``(count Pips)``), tracks on a grid's points, pieces that
    wake on a throw of 1: 400 seeded playouts against Ludii's own statistics."""
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert ours.legal_moves_seen is not None
    assert disagreements(ours, read_reference(CSV)[rel]) == []
