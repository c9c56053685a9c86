"""Rule tests for Ludii's ``(max Moves …)`` and the directions of the draughts family's capture
series, from Ludii's source:

- ``(max Moves MOVES)`` (``MaxMoves.java``, ``eval`` and ``getReplayCount``): each move of MOVES
  is applied to a copy of the game; while its player moves again, every legal move of the turn
  is tried in turn, depth first. A move counts 1 when the game ends or the turn passes after
  it, and 1 more than the best of the moves that follow when its player moves again (0 when
  the player moves again but has no move). The moves of the highest count are kept: the
  majority capture of International Draughts, a capture series continued by ``moveAgain``;
- ``SameDirection`` and ``OppositeDirection`` (``Directions.convertToAbsolute``): the direction
  along which the last move's to lies from its from, at any distance (or back);
  ``(difference DIRS DIRS)`` (``Difference``), the first without the second;
  ``(directions NAME)``, one name without braces.

And Ludii's own statistics of random play for the games of its library that use them.
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

BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


HOP = """(move Hop {frm} Diagonal
      (between if:(and (not (is In (between) (sites ToClear))) (is Enemy (who at:(between))))
               (apply (remove (between) at:EndOfTurn)))
      (to if:(is Empty (to)))
      (then (if (can Move (hop (from (last To)) Diagonal
                               (between if:(and (not (is In (between) (sites ToClear)))
                                                (is Enemy (who at:(between)))))
                               (to if:(is Empty (to)))))
                (moveAgain))))"""

SERIES = """(game "Series" (players 2)
  (equipment {{(board (square 8)) (piece "Disc" Each)}})
  (rules
    (start {{ (place "Disc1" {{"C1" "A5"}}) (place "Disc2" {{"D2" "F4" "D4" "B6" "H8"}}) }})
    (play (if (is Prev Mover)
              {again}
              (priority {{ {first}
                           (forEach Piece (move Step Diagonal (to if:(is Empty (to))))) }})))
    (end (if (no Pieces Next) (result Mover Win)))))"""


def series(keep: str | None = "max Moves") -> ludi.Game:
    """C1 takes D2 and then F4 (two moves), or D2, D4 and B6 (three, through C5); A5 takes B6
    alone (one). ``keep``: the filter of both lists of captures (None: none)."""
    return ludi.parse(series_text(keep))


def series_text(keep: str | None = "max Moves", first: str = "(forEach Piece {hop})") -> str:
    def kept(moves: str) -> str:
        return moves if keep is None else f"({keep} {moves})"

    return SERIES.format(again=kept(HOP.format(frm="(from (last To))")),
                         first=kept(first.format(hop=HOP.format(frm=""))))


def test_max_moves_keeps_the_moves_that_begin_the_longest_turn():
    assert moves(series(None).initial_state()) == ["a5-c7", "c1-e3"]  # without it: every capture
    state = series().initial_state()
    assert moves(state) == ["c1-e3"]  # three moves through e3; one from a5
    state.apply("c1-e3")
    assert moves(state) == ["e3-c5"]  # and within the turn too: not e3-g5, which ends it
    state.apply("e3-c5")
    assert moves(state) == ["c5-a7"]
    state.apply("c5-a7")
    assert state.to_move == 1  # the turn is over, the three marked pieces leave
    assert [state.owner(series().board.cell(c)) for c in ("d2", "d4", "b6", "f4")] == \
        [None, None, None, 1]


COUNTS = """(game "Counts" (players 2)
  (equipment {(board (square 3)) (piece "Disc" Each)})
  (rules
    (play (if (is Prev Mover)
              (move Add (to (sites Empty) if:(is In (to) (sites Row 2))))
              (max Moves (or (move Add (to (sites Row 0)) (then (moveAgain)))
                             (move Add (to (sites Row 1)))))))
    (end (if (is Line 3) (result Mover Win)))))"""


def test_a_move_counts_the_moves_of_its_whole_turn_and_none_when_the_turn_cannot_go_on():
    g = ludi.parse(COUNTS)
    state = g.initial_state()
    # an add on row 0 is followed by an add on row 2: two moves, more than row 1's one
    assert moves(state) == ["a1", "b1", "c1"]
    state.apply("a1")
    assert moves(state) == ["a3", "b3", "c3"]
    # with row 2 full, an add on row 0 moves again with no move to make: it counts 0 (Ludii)
    full = ludi.parse(COUNTS.replace("(rules", '(rules (start (place "Disc2" (sites Row 2)))'))
    assert moves(full.initial_state()) == ["a2", "b2", "c2"]


def test_moves_outside_a_max_moves_are_kept_and_one_inside_another_is_the_same():
    state = ludi.parse(series_text().replace("(priority {", "(or {")).initial_state()
    assert "c1-e3" in moves(state) and "a5-c7" not in moves(state)
    assert "a5-b4" in moves(state)  # a step, outside the (max Moves …)
    nested = series_text(first="(forEach Piece (max Moves {hop}))")
    assert moves(ludi.parse(nested).initial_state()) == ["c1-e3"]


def test_max_moves_refuses_what_it_cannot_search_exactly():
    with pytest.raises(CompileError, match="withValue:True"):
        series("max Moves withValue:True")
    assert moves(series("max Moves withValue:False").initial_state()) == ["c1-e3"]
    inside_do = series_text(None, "(do (max Moves (forEach Piece {hop})) ifAfterwards:true)")
    with pytest.raises(CompileError, match=r"\(max Moves …\) inside a \(do"):
        ludi.parse(inside_do)
    plain = """(game "Plain" (players 2)
      (equipment {(board (square 5)) (piece "Disc" Each)})
      (rules (start {(place "Disc1" (sites Row 0)) (place "Disc2" (sites Row 4))})
        (play (max Moves (forEach Piece (or (move Step (to if:(is Empty (to))))
          (move Hop (between if:(is Enemy (between)) (apply (remove (between))))
                    (to if:(is Empty (to))))))))
        (end (if (no Pieces Next) (result Mover Win)))))"""
    with pytest.raises(CompileError, match="capture series"):
        ludi.parse(plain)
    cycle = COUNTS.replace("(end (if (is Line 3) (result Mover Win)))",
                           "(end {(if (is Line 3) (result Mover Win)) "
                           "(if (is Cycle) (result Mover Draw))})")
    with pytest.raises(CompileError, match="repeated positions"):
        ludi.parse(cycle)


def test_a_turn_longer_than_the_search_follows_is_an_engine_error():
    g = ludi.parse("""(game "Endless" (players 2)
      (equipment {(board (square 3)) (piece "Disc" Each)})
      (rules (play (max Moves (or (move Pass (then (moveAgain))) (move Add (to (sites Empty))))))
             (end (if (is Line 3) (result Mover Win)))))""")
    with pytest.raises(EngineError, match=r"more than 64 moves under \(max Moves"):
        g.initial_state().legal_moves()


# ---------------------------------------------------------------- the last move's way

WAY = """(game "Way" (players 2)
  (equipment {{(board (square 8)) (piece "Disc" Each)}})
  (rules
    (start {{ (place "Disc1" {{"D4"}}) (place "Disc2" {{ {enemies} }}) }})
    (play (if (is Prev Mover)
              (move Hop (from (last To)) {dirs}
                    (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                    (to if:(is Empty (to)))
                    (then (if (can Move (hop (from (last To)) {dirs}
                                             (between if:(is Enemy (who at:(between))))
                                             (to if:(is Empty (to)))))
                              (moveAgain))))
              (forEach Piece (move Hop Orthogonal
                    (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                    (to if:(is Empty (to)))
                    (then (if (can Move (hop (from (last To)) {dirs}
                                             (between if:(is Enemy (who at:(between))))
                                             (to if:(is Empty (to)))))
                              (moveAgain)))))))
    (end (if (no Pieces Next) (result Mover Win)))))"""


def way(dirs: str, enemies: str) -> ludi.Game:
    return ludi.parse(WAY.format(dirs=dirs, enemies=enemies))


def test_a_hop_goes_on_along_the_last_moves_way_or_any_way_but_that_or_back():
    def after_first(dirs: str) -> list[str] | None:
        state = way(dirs, '"D5" "D7" "C6" "E6"').initial_state()
        assert moves(state) == ["d4-d6"]  # over d5 (gone at once): then d7 ahead, c6 and e6
        state.apply("d4-d6")
        return moves(state) if state.to_move == 0 else None  # None: the turn passed

    assert after_first("SameDirection") == ["d6-d8"]
    assert after_first("(difference Orthogonal SameDirection)") == ["d6-b6", "d6-f6"]
    assert after_first("(difference Orthogonal OppositeDirection)") == \
        ["d6-b6", "d6-d8", "d6-f6"]
    assert after_first("OppositeDirection") is None  # back over d5, taken already: none
    with pytest.raises(CompileError, match="read alone"):
        way("(directions {N SameDirection})", '"D5"')
    with pytest.raises(CompileError, match=r"\(move Step …\) and \(move Hop …\) only"):
        ludi.parse(WAY.format(dirs="Orthogonal", enemies='"D5"').replace(
            "(forEach Piece (move Hop", "(or (forEach Piece (move Slide SameDirection)) "
            "(forEach Piece (move Hop").replace("(moveAgain)))))))", "(moveAgain))))))))"))


def test_directions_take_one_name_without_braces():
    text = """(game "One" (players 2)
      (equipment {(board (square 4)) (piece "Disc" P1 N) (piece "Disc" P2 S)})
      (rules (start {(place "Disc1" {"B1"}) (place "Disc2" {"C4"})})
        (play (forEach Piece (move Step (directions Forwards) (to if:(is Empty (to))))))
        (end (if (no Moves Next) (result Mover Win)))))"""
    assert moves(ludi.parse(text).initial_state()) == ["b1-a2", "b1-b2", "b1-c2"]


# ---------------------------------------------------------------- Ludii's library

MAX_MOVES_GAMES = [
    "war/leaping/diagonal/American Pool Checkers.lud",
    "war/leaping/diagonal/Brazilian Draughts.lud",
    "war/leaping/diagonal/Canadian Draughts.lud",
    "war/leaping/diagonal/Coc-Inbert.lud",
    "war/leaping/diagonal/Dama (Italy).lud",
    "war/leaping/diagonal/Diagonal Draughts.lud",
    "war/leaping/diagonal/Dum Blas.lud",
    "war/leaping/diagonal/International Draughts.lud",
    "war/leaping/diagonal/Jekab.lud",
    "war/leaping/diagonal/Unnamed Dutch Draughts Game.lud",
    "war/leaping/orthogonal/Dama.lud",  # (difference Orthogonal OppositeDirection)
    "war/leaping/orthogonal/Dama (Kenya).lud",
    "war/leaping/orthogonal/Tama.lud",
    "war/leaping/orthogonal/Jumping Beans.lud",  # (where "Bean" Mover)
    "war/leaping/orthogonal/Dama (Comoros).lud",  # no (max Moves …): its kings' series only
]


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", MAX_MOVES_GAMES)
def test_majority_captures_of_ludiis_library_play_as_ludii_does(rel):
    """The draughts family's majority capture, ``(max Moves …)`` over capture series continued
    by ``moveAgain``, and kings' series that do not turn back: 400 seeded playouts against
    Ludii's own statistics."""
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", ["race/reach/Gauntlet.lud",  # (regions … Neutral …) too
                                 "war/leaping/orthogonal/Omnidirectional Draughts.lud"])
def test_majority_captures_without_ludiis_statistics_play_to_an_end(rel):
    """Ludii's table has no row for these: their random games end by their own rules (a
    player without a move, a runner home, no pieces), never at the move limit."""
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 100, seed=0)
    assert ours.shares["limit"] == 0 and ours.shares["draw"] == 0
