"""Rule tests for stacks, from Ludii's source, and Ludii's statistics for the Tables family:

- a game is stacking when a rule names a stack ((place Stack …), (size Stack …),
  (forEach Piece top:True): Ludii's GameType.Stacking flag, set by those ludemes);
- ``(place Stack "Disc1" SITES count:N)`` puts a pile of N pieces on each site;
- ``(size Stack at:SITE)`` is the pile's height (``SizeStack``; (last To) by default), and
  ``in:REGION`` sums the region's piles;
- ``(forEach Piece top:True)`` (``ForEachPiece``): the moves of the top piece of each pile, so a
  pile of three gives its moves once;
- a move takes the pile's top piece and lands on top of the pile there (``ActionMove``), a
  removal takes the top piece (``ActionRemove``: level undefined, the top), and a hit
  ``(fromTo (from (to)) (to …))`` moves the top piece away before the mover lands.
"""

from __future__ import annotations

import pytest
from conftest import LUDII

import ludi
from ludi.engine.game import from_description
from ludi.errors import CompileError, EngineError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import disagreements, read_reference, sample_random_play
from ludi.ludii.sweep import check_file

BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"

PILES = """(game "Piles" (players 2)
  (equipment {{(board (rectangle 1 6)) (hand Each)
    (piece "Disc" Each
      (move (from (from))
            (to (sites Board)
                if:(and (!= (from) (to)) {landing})
                {hit})))}})
  (rules
    (start {{ {start} }})
    (play ({play}))
    (end (if (no Pieces Next) (result Mover Win)))))"""

HIT = "(apply if:(is Enemy (who at:(to))) (fromTo (from (to)) (to (handSite Next))))"
SAFE = "(or (not (is Enemy (who at:(to)))) (= 1 (size Stack at:(to))))"
START = '(place Stack "Disc1" 0 count:3) (place Stack "Disc2" 4 count:2) (place "Disc2" 5)'


def piles(start: str = START, landing: str = SAFE, hit: str = HIT,
          play: str = "forEach Piece top:True") -> ludi.Game:
    return ludi.parse(PILES.format(start=start, landing=landing, hit=hit, play=play))


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_a_pile_gives_its_moves_once_and_a_pile_of_two_enemies_blocks():
    g = piles()
    state = g.initial_state()
    assert [state.count(c) for c in range(6)] == [3, 0, 0, 0, 2, 1]
    # from a1 to b1, c1, d1 (empty) and f1 (a lone enemy); e1 holds two enemies
    assert moves(state) == ["a1-b1", "a1-c1", "a1-d1", "a1-f1"]


def test_a_move_takes_the_top_piece_and_lands_on_its_own_kind():
    g = piles()
    state = g.initial_state()
    state.apply("a1-b1")
    state.apply("e1-d1")  # P2 takes the top of its pile of two
    assert [state.count(c) for c in range(6)] == [2, 1, 0, 1, 1, 1]
    state.apply("a1-b1")  # P1's piece joins its own
    assert [state.count(c) for c in range(6)] == [1, 2, 0, 1, 1, 1]
    assert state.owner(1) == 0 and state.owner(4) == 1


def test_a_hit_sends_the_lone_enemy_piece_to_its_hand_before_the_mover_lands():
    g = piles()
    state = g.initial_state()
    state.apply("a1-f1")
    hand = g.board.num_cells - 1  # P2's hand: the last site
    assert state.owner(5) == 0 and state.count(5) == 1
    assert state.owner(hand) == 1 and state.count(hand) == 1
    assert state.count(0) == 2


def test_count_pieces_counts_every_piece_of_a_pile():
    g = ludi.parse(PILES.format(start=START, landing=SAFE, hit=HIT,
                                play="forEach Piece top:True").replace(
        "(no Pieces Next)", "(= (count Pieces P1) 2)"))
    state = g.initial_state()
    state.apply("a1-b1")  # P1 still has three pieces: no end
    assert not state.is_terminal()


def test_a_removal_takes_the_top_piece_of_a_pile():
    g = piles(play="or (forEach Piece top:True) (move Remove (sites Occupied by:Mover))")
    state = g.initial_state()
    state.apply(next(m for m in state.legal_moves() if "a1" in str(m) and "-" not in str(m)))
    assert state.count(0) == 2 and state.owner(0) == 0


def test_a_landing_on_another_kind_of_pile_stops_with_an_error():
    g = piles(landing="true", hit="")
    state = g.initial_state()
    with pytest.raises(EngineError, match="stack"):
        state.apply("a1-e1")


def test_a_library_sweep_counts_a_game_that_lands_on_another_kind_of_pile_as_refused(tmp_path):
    # the position ludi cannot hold is met only in play: the sweep refuses the file, naming it
    lud = tmp_path / "Piles.lud"
    lud.write_text(PILES.format(start=START, landing="true", hit="", play="forEach Piece top:True"))
    result = check_file(lud, tmp_path, {})
    assert result.status == "refused"
    assert result.reason.startswith("refused in play: ") and "stack" in result.reason


@pytest.mark.parametrize("play, wrong", [
    ("move Step (from (sites Occupied by:Mover)) E (to if:(is Empty (to)))", "(move Step"),
])
def test_what_a_pile_kept_as_a_count_cannot_play_is_refused(play, wrong):
    with pytest.raises(CompileError, match="stack") as err:
        piles(play=play)
    assert wrong in str(err.value)


def test_piles_placed_on_one_site_make_one_pile_of_one_kind_only():
    state = piles(start=START + ' (place Stack "Disc1" 0 count:2)').initial_state()
    assert state.count(0) == 5 and state.count(4) == 2
    with pytest.raises(CompileError, match="two kinds"):
        piles(start=START + ' (place Stack "Disc2" 0)')


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", [
    "race/escape/Ludus Lombardorum.lud", "race/escape/Verquere.lud", "race/escape/Schuster.lud",
    "race/escape/Svensk Bradspel.lud", "race/escape/Quinze Tablas.lud",
    "race/escape/Los Doze Canes.lud", "race/escape/Pareia de Entrada.lud",
    "race/escape/Garanguet.lud"])
def test_tables_games_of_ludiis_library_play_as_ludii_does(rel):
    """Piles of a kind, hits sent to the bar or the hand, (forEach Site …) of moves, doubles
    played twice (replayDouble), (topLevel …) (0 on an empty site), (who at:N), pieces entering
    from the hand (container:(mover)) along a track that starts there, (face N), a roll again
    after a double ((set Pending) read by the next move's (do (roll) …)), (all DiceEqual) as
    rolled."""
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []


def test_pieces_in_hand_move_with_container_mover():
    start = START + ' (place Stack "Disc1" (handSite P1) count:2)'
    g = piles(start=start,
              play="or (forEach Piece top:True) (forEach Piece container:(mover) top:True)")
    state = g.initial_state()
    hand = g.board.label(g.board.num_cells - 2)  # P1's hand: the first of the two
    from_hand = sorted(str(m).split("-")[1] for m in state.legal_moves()
                       if str(m).startswith(hand + "-"))
    assert from_hand == ["a1", "b1", "c1", "d1", "f1"]  # not e1: two enemies there
    assert len(state.legal_moves()) == 4 + 5
    state.apply(f"{hand}-a1")
    assert state.count(0) == 4 and state.count(hand) == 1


def test_for_each_site_moves_from_each_site_and_else_no_move_yet():
    g = piles(play="forEach Site (sites Occupied by:Mover) (if (= (size Stack at:(site)) 3) "
                   "(move Remove (site))) noMoveYet:(move Pass)")
    state = g.initial_state()
    assert [str(m) for m in state.legal_moves()] == ["a1"]  # the pile of three: a removal
    state.apply("a1")
    assert state.count(0) == 2
    assert [m.kind for m in state.legal_moves()] == ["pass"]  # P2: no pile of three


def test_sowing_along_a_track_on_a_graph_board_is_refused():
    text = """(game "Graph Sow" (players 2)
      (equipment {(board (merge {(rectangle 1 3) (shift 0 1 (rectangle 1 3))})
                         (track "T" {0 1 2 5 4 3} loop:True) use:Vertex)
                  (piece "Seed" Shared)})
      (rules (start (set Count 2 to:(sites Board)))
        (play (move Select (from (sites Board)) (then (sow "T"))))
        (end (if (no Moves Next) (result Mover Win)))))"""
    with pytest.raises(CompileError, match="sowing along a track on a"):
        ludi.parse(text)
