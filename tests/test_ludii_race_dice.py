"""Rule tests for the Tables family's track filters, from Ludii 1.3.13's source:

- ``(max Distance ["Track" ROLE] MOVES)`` (``MaxDistance``): Ludii measures how far each move's
  whole turn goes along the track, builds the list of the farthest, then returns a fresh
  evaluation of MOVES instead: every move of MOVES stays legal, and its random play is MOVES'.
  With no track of the name for the mover it returns MOVES unevaluated (no moves): refused.
- ``(firstMoveOnTrack ["Track" ROLE] MOVES)`` (``FirstMoveOnTrack``): MOVES with (site) at each
  site of the track in turn (its End left out), the moves of the first site that has any
  (Backgammon's bearing off from the rearmost point when no die fits exactly).
- Neither keeps a (then …) of its own in Ludii 1.3.13: refused.
- ``(forEach Die if:C MOVES)`` in a piece's moves (``ForEachDie``): C is evaluated with the
  piece's site as (from), so C may read (from) (Backgammon's "DieNotUsedAndNoEscape…").
"""

from __future__ import annotations

import pytest
from conftest import LUDII

import ludi
from ludi.engine.game import from_description
from ludi.errors import CompileError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import disagreements, read_reference, sample_random_play

BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"

# P1 runs a1 → l1, P2 l1 → a1; P1's pieces on a1 and c1, P2's on l1 and j1
TABLES = """(game "Tables" (players 2)
 (equipment {(board (rectangle 1 12) {(track "Track1" {0..11 End} P1 directed:True)
                                      (track "Track2" {11..0 End} P2 directed:True)})
             (dice d:3 num:2) (piece "Disc" Each)})
 (rules (start {(place "Disc1" (sites {0 2})) (place "Disc2" (sites {11 9}))})
  (play (do (roll) next:PLAY))
  (end (if (no Pieces Mover) (result Mover Win)))))"""

BY_DIE = """(forEach Die if:(!= (pips) 0)
  (forEach Piece (move (from) (to (trackSite Move steps:(pips)) if:(is Empty (to))))))"""


def game(play: str) -> ludi.Game:
    return ludi.parse(TABLES.replace("PLAY", play))


def moves(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def test_max_distance_keeps_every_move_as_ludii_does():
    """Ludii's MaxDistance returns its moves unfiltered: with a roll of two different dice the
    shorter moves stay legal beside the longer ones."""
    plain, widest = game(BY_DIE), game(f'(max Distance "Track" Mover {BY_DIE})')
    seen_two_lengths = False
    for seed in range(20):
        a, b = plain.initial_state(seed=seed), widest.initial_state(seed=seed)
        assert moves(a) == moves(b)
        lengths = {plain.board.cell(m.split("-")[1]) - plain.board.cell(m.split("-")[0])
                   for m in moves(a)}
        seen_two_lengths |= len(lengths) > 1
    assert seen_two_lengths
    assert moves(game(f"(max Distance {BY_DIE})").initial_state(seed=3)) == moves(
        plain.initial_state(seed=3))


def test_first_move_on_track_takes_the_first_site_along_the_movers_track():
    """P1's track starts at a1, P2's at l1: each bears off the rearmost of its own pieces
    only, whichever site the other pieces stand on."""
    first = game('(firstMoveOnTrack "Track" Mover (if (is Friend (who at:(site))) '
                 "(move Remove (site))))")
    state = first.initial_state(seed=0)
    assert moves(state) == ["a1"]
    state.apply("a1")
    assert moves(state) == ["l1"]  # P2: its track starts at l1
    state.apply("l1")
    assert moves(state) == ["c1"]
    state.apply("c1")
    assert state.is_terminal() and state.winner == 0


def test_first_move_on_track_goes_on_past_sites_with_no_moves():
    """A site whose MOVES are empty (here: a piece that cannot step onto its friend) is
    passed over for the next one along the track."""
    first = game('(firstMoveOnTrack "Track" Mover (if (is Friend (who at:(site))) '
                 "(move (from (site)) (to (trackSite Move from:(site) steps:2) "
                 "if:(is Empty (to))))))")
    assert moves(first.initial_state(seed=0)) == ["c1-e1"]  # a1-c1 is blocked by a friend


@pytest.mark.parametrize("play, message", [
    (f'(max Distance "Track" Mover {BY_DIE} (then (moveAgain)))',
     "a (then …) of (max Distance …) or (firstMoveOnTrack …) is not supported"),
    ('(firstMoveOnTrack "Track" Mover (move Remove (site)) (then (moveAgain)))',
     "Ludii 1.3.13 drops it"),
    (f'(max Distance "Lane" Mover {BY_DIE})', "names no track of P1's"),
    ('(firstMoveOnTrack "Track" (move Remove (site)))', "names no track of P1's"),
    ('(firstMoveOnTrack "Track" P1 (move Remove (site)))', "a role other than Mover"),
])
def test_track_filters_ludi_cannot_play_exactly_are_refused(play, message):
    with pytest.raises(CompileError) as err:
        game(play)
    assert message in str(err.value)


def test_first_move_on_track_with_a_track_named_exactly_and_no_role():
    """With a name and no role Ludii takes the track named exactly so, whoever moves: P2 too
    walks P1's track, from a1, and finds its j1 first."""
    first = game('(firstMoveOnTrack "Track1" (if (is Friend (who at:(site))) '
                 "(move Remove (site))))")
    state = first.initial_state(seed=0)
    assert moves(state) == ["a1"]
    state.apply("a1")
    assert moves(state) == ["j1"]


def test_a_die_test_reading_from_is_tested_at_each_pieces_site():
    """In a piece's moves, (forEach Die if:C …) is tested at each of the piece's sites: the
    piece on c1 never moves, the one on a1 moves by each die."""
    text = TABLES.replace('(piece "Disc" Each)', """(piece "Disc" Each
        (forEach Die if:(and (!= (pips) 0) (!= (from) 2))
          (move (from (from)) (to (trackSite Move from:(from) steps:(pips))
                                  if:(is Empty (to))))))""").replace("PLAY", "(forEach Piece)")
    g = ludi.parse(text)
    reached = set()
    for seed in range(20):
        listed = [m for m in moves(g.initial_state(seed=seed)) if "-" in m]  # not a pass
        assert all(m.startswith("a1-") for m in listed)  # never from c1
        reached |= {g.board.cell(m.split("-")[1]) for m in listed}
    assert reached == {1, 3}  # a die of 2 lands on the friend on c1


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", ["race/escape/Nard.lud", "race/escape/Fevga.lud"])
def test_tables_games_with_track_filters_play_as_ludii_does(rel):
    """Nard's (max Distance (forEach Piece top:True)); Fevga's also (firstMoveOnTrack …) as
    a (forEach Site …)'s noMoveYet: and a piece's (forEach Die if:…) reading (from): 400
    seeded playouts against Ludii's own statistics."""
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
