"""Rule tests for the forms of Ludii's arguments ludi reads, and for the directions of slides and
hops, each from Ludii's documented meaning:

- ``(rectangle N)``: N rows and N columns (Ludii's RectangleOnSquare);
- ``(place "X" {"A1" "C3"})``: pieces on sites given by coordinates or numbers;
  ``(place "X" coord:"A1")`` and ``(coord "A1")``: one site by its coordinate;
- ``(and EFFECT EFFECT)`` without braces; ``(mapEntry 1)``: player 1's site;
- ``(sites P1 "Home")``: a player's region of that name;
- ``(move (from) (to …))`` in a piece's moves: from the piece's sites;
- ``(move Slide DIRECTION …)``, ``(move Hop DIRECTION …)``: along those directions only; a
  slide's ``(to if:C (apply …))`` is Ludii's stop rule: the slide may end on any empty site,
  and on the first site where C holds, where it stops (the to's apply runs there);
- ``(centrePoint)``, ``(sites Centre)``, ``(sites Phase N)``; ``(move Remove REGION)``;
  ``(difference REGION SITE)``: without that site;
- ``(sites Around SITE [Empty|NotEmpty|Own|Enemy] [DIRECTIONS] [includeSelf:True])``;
- ``(apply if:COND EFFECT)``, ``(is Full)``; ``(difference …)`` and ``(intersection …)`` of regions
  read off the position; ``(sites Occupied by:Enemy)``, ``container:"Hand"``; a phase's own
  ``(end …)``; a define's named argument; numbers computed from written numbers;
- relative diagonal directions on a grid's points without diagonal lines are refused (Ludii turns
  them among the orthogonal directions there).
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def kings(start: str, end: str, step: str = "(move Step Forward") -> str:
    """A 4x4 game of kings that step forward to empty cells, with this start and end test."""
    return GAME.format(board="(rectangle 4)", start=start,
                       pieces=f'(piece "K" Each {step} (to if:(is Empty (to)))))').replace(
        '(is In (last To) (sites Next "Home"))', end)


GAME = """(game "F" (players {{(player N) (player S)}})
 (equipment {{ (board {board}) {pieces} (regions "Home" P1 (sites Bottom))
   (regions "Home" P2 (sites Top)) }})
 (rules (start {{ {start} }}) (play (forEach Piece))
  (end (if (is In (last To) (sites Next "Home")) (result Mover Win)))))"""


def game(pieces: str, start: str, board: str = "(rectangle 4)") -> ludi.Game:
    return ludi.parse(GAME.format(board=board, pieces=pieces, start=start))


def test_rectangle_with_one_size_is_square_and_place_takes_a_list_of_sites():
    g = game('(piece "K" Each (move Step Orthogonal (to if:(is Empty (to)))))',
             '(place "K1" {"A1" "D1"}) (place "K2" {15})')
    assert g.board.num_cells == 16
    state = g.initial_state()
    assert state.owner("a1") == 0 and state.owner("d1") == 0 and state.owner("d4") == 1
    assert moves(state) == ["a1-a2", "a1-b1", "d1-c1", "d1-d2"]


def test_sites_of_a_player_by_name():
    # (sites Next "Home"): the next player's region called "Home" (P2's is the top row)
    g = game('(piece "K" Each (move Step Forward (to if:(is Empty (to)))))',
             '(place "K1" {"A3"}) (place "K2" {"D3"})')
    state = g.initial_state()
    state.apply("a3-a4")
    assert state.is_terminal() and state.winner == 0


def test_a_region_owned_by_neutral_is_a_named_region_of_no_player():
    # (regions "Goal" Neutral …): Ludii's player 0, no player's own region (Gauntlet's)
    text = """(game "Goal" (players 2)
      (equipment {(board (square 3)) (piece "Disc" Each)
                  (regions "Goal" Neutral (sites {"A3" "C3"}))})
      (rules (play (move Add (to (sites Empty))))
             (end (if (is In (last To) (sites "Goal")) (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    state.apply("b3")
    assert not state.is_terminal()
    state.apply("c3")
    assert state.is_terminal() and state.winner == 1


def test_from_without_a_site_in_a_pieces_moves_starts_at_its_sites():
    g = game('(piece "K" Each (move (from) (to (sites Empty) if:(is In (to) (sites Row 1)))))',
             '(place "K1" {"A1"}) (place "K2" {"D4"})')
    assert moves(g.initial_state()) == ["a1-a2", "a1-b2", "a1-c2", "a1-d2"]


def test_slides_and_hops_go_along_their_directions_only():
    slide = game('(piece "R" Each (move Slide Orthogonal))',
                 '(place "R1" {"B2"}) (place "R2" {"D4"})')
    assert moves(slide.initial_state()) == ["b2-a2", "b2-b1", "b2-b3", "b2-b4", "b2-c2",
                                            "b2-d2"]
    hop = game('(piece "F" Each (move Hop Forward (between if:(is Enemy (who at:(between))) '
               '(apply (remove (between)))) (to if:(is Empty (to)))))',
               '(place "F1" {"B1" "C1"}) (place "F2" {"B2" "C3"})')
    state = hop.initial_state()
    assert moves(state) == ["b1xb2>b3"]  # forward only: c1 has no enemy ahead, none sideways
    state.apply("b1xb2>b3")
    assert state.owner("b2") is None


def test_a_slide_stops_where_its_to_condition_holds_and_applies_there():
    # Ludii's SlideCapture: empty sites are legal, the first enemy on a line too (captured),
    # a friend or the board's edge ends the line
    g = game('(piece "Q" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to))) '
             '(apply (remove (to))))))',
             '(place "Q1" {"B2" "B4"}) (place "Q2" {"D2" "A2"})')
    state = g.initial_state()
    assert moves(state) == ["b2-a2", "b2-b1", "b2-b3", "b2-c2", "b2-d2",
                            "b4-a4", "b4-b3", "b4-c4", "b4-d4"]
    state.apply("b2-d2")
    assert state.owner("d2") == 0 and state.owner("b2") is None
    assert state.owner("a2") == 1  # the slide stopped at d2: nothing else changed


def test_one_site_by_its_coordinate():
    g = game('(piece "K" Each (move Step Orthogonal (to if:(and (is Empty (to)) '
             '(!= (to) (coord "B1"))))))',
             '(place "K1" coord:"A1") (place "K2" coord:"D4" count:1)')
    state = g.initial_state()
    assert state.owner("a1") == 0 and state.owner("d4") == 1
    assert moves(state) == ["a1-a2"]  # b1 is ruled out by its coordinate
    with pytest.raises(CompileError, match="one of them"):
        game('(piece "K" Each)', '(place "K1" {"A1"} coord:"A1")')


WHERE = """(game "W" (players 2)
 (equipment { (board (rectangle 4)) (piece "K" Each (move Step Orthogonal
   (to if:(not (is Friend (who at:(to)))) (apply (remove (to)))))) })
 (rules (start { (place "K1" 0) (place "K2" PLACES) }) (play (forEach Piece))
  (end { (if (= (where "K" P2) -1) (result P1 Win))
         (if (is In (where "K" P2) (sites {"B3"})) (result P2 Win)) })))"""


def test_where_names_the_site_of_a_players_one_piece():
    # (where "K" P2): the site of P2's K, -1 once it is off the board; (place "X" N): site N
    g = ludi.parse(WHERE.replace("PLACES", "5"))
    state = g.initial_state()
    assert state.owner("a1") == 0 and state.owner("b2") == 1
    state.apply("a1-a2")
    state.apply("b2-b3")
    assert state.is_terminal() and state.winner == 1
    state = ludi.parse(WHERE.replace("PLACES", "1")).initial_state()
    state.apply("a1-b1")  # takes P2's K: it is nowhere
    assert state.is_terminal() and state.winner == 0
    with pytest.raises(CompileError, match="one piece of that type"):
        ludi.parse(WHERE.replace("PLACES", "{5 6}"))
    # a promotion may make a second one (Ludii names the first in an order ludi does not keep)
    promoting = WHERE.replace("PLACES", "5").replace(
        '(apply (remove (to))))))', '(apply (remove (to)))) (then (promote (last To) '
        '(piece "K") Mover))))')
    with pytest.raises(CompileError, match="promoted to"):
        ludi.parse(promoting)


def test_effects_joined_without_braces_and_a_map_entry_by_number():
    text = """(game "M" (players 2)
     (equipment { (mancalaBoard 2 6 (track "Track" "1,E,N,W" loop:True))
       (regions P1 (sites Bottom)) (regions P2 (sites Top))
       (map {(pair P1 FirstSite) (pair P2 LastSite)}) (piece "Seed" Shared) })
     (rules (start (set Count 2 to:(sites Track)))
      (play (move Select (from (sites Mover) if:(< 0 (count at:(from))))
        (then (and (fromTo (from (last To)) (to (mapEntry 1)) count:1)
                   (fromTo (from (last To)) (to (mapEntry 2)) count:1)))))
      (end (if (no Moves Mover) (byScore)))))"""
    state = ludi.parse(text).initial_state()
    state.apply("a")
    assert (state.count("a"), state.count("store1"), state.count("store2")) == (0, 1, 1)


def test_relative_diagonals_on_points_without_diagonal_lines_are_refused():
    with pytest.raises(CompileError, match="relative direction FR on a grid's points"):
        game('(piece "K" Each (move Step (directions {Forward FR}) (to if:(is Empty (to)))))',
             '(place "K1" {"A1"}) (place "K2" {"D4"})', board="(square 4) use:Vertex")
    # All takes the diagonals there (Ludii's Picaria steps so)
    g = game('(piece "K" Each (move Step All (to if:(is Empty (to)))))',
             '(place "K1" {"B2"}) (place "K2" {"D4"})', board="(square 4) use:Vertex")
    assert len(moves(g.initial_state())) == 8


def test_centre_point_sites_centre_and_phase():
    # (centrePoint): the middle site; (sites Centre): the sites nearest the middle (four on an
    # even grid); (sites Phase 0): A1's colour of the chequering
    odd = game('(piece "K" Each (move Step (to if:(is Empty (to)))))',
               '(place "K1" (centrePoint)) (place "K2" (sites Phase 1))', board="(square 3)")
    state = odd.initial_state()
    assert state.owner("b2") == 0
    assert sorted(odd.board.label(c) for c in range(9) if state.owner(c) == 1) == [
        "a2", "b1", "b3", "c2"]
    even = game('(piece "K" Each (move Step (to if:(is Empty (to)))))',
                '(place "K1" (sites Centre)) (place "K2" {"A1"})')
    assert sorted(even.board.label(c) for c in range(16)
                  if even.initial_state().owner(c) == 0) == ["b2", "b3", "c2", "c3"]
    with pytest.raises(CompileError, match="no single centre point"):
        game('(piece "K" Each)', '(place "K1" (centrePoint))')
    # a site in (difference REGION SITE) and fixed sites in (sites {…}) are regions
    ring = game('(piece "K" Each (move Step (to if:(is Empty (to)))))',
                '(place "K1" (difference (sites Board) (centrePoint))) '
                '(place "K2" (sites {(coord "B2")}))', board="(square 3)")
    state = ring.initial_state()
    assert sum(state.owner(c) == 0 for c in range(9)) == 8 and state.owner("b2") == 1


def test_move_remove_takes_a_piece_off_then_its_effects():
    text = """(game "R" (players 2) (equipment { (board (square 3)) (piece "D" Each) })
     (rules (start { (place "D1" {"A1"}) (place "D2" {"B2" "C3"}) })
      (play (move Remove (sites Occupied by:Next) (then (moveAgain))))
      (end (if (no Pieces Next) (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    assert moves(state) == ["b2", "c3"]  # only sites holding a piece
    state.apply("b2")
    assert state.owner("b2") is None and state.to_move == 0  # (then (moveAgain))
    state.apply("c3")
    assert state.is_terminal() and state.winner == 0


def test_sites_around_a_context_site_with_its_filter():
    # (sites Around (from) Orthogonal): the from-site's orthogonal neighbours, read as the move
    # is generated; Empty keeps only the empty ones; includeSelf adds the centre
    g = game('(piece "K" Each (move (from) (to (sites Around (from) Empty Orthogonal))))',
             '(place "K1" {"B2"}) (place "K2" {"B3"})')
    assert moves(g.initial_state()) == ["b2-a2", "b2-b1", "b2-c2"]
    fixed = game('(piece "K" Each (move (from) (to (sites Around (sites {"A1"}) '
                 'includeSelf:True) if:(is Empty (to)))))',
                 '(place "K1" {"C3"}) (place "K2" {"D4"})')
    assert moves(fixed.initial_state()) == ["c3-a1", "c3-a2", "c3-b1", "c3-b2"]


def test_apply_if_and_is_full():
    # (apply if:C E): E only when C holds, the move legal either way; (is Full): no empty site
    text = """(game "A" (players 2)
     (equipment { (board (square 2)) (piece "D" Each) (hand Each) })
     (rules (start (place "D" "Hand" count:3))
      (play (move (from (handSite Mover)) (to (sites Empty) (apply if:(is In (to) (sites Row 1))
                                                                  (moveAgain)))))
      (end (if (is Full) (result Mover Draw)))))"""
    g = ludi.parse(text)
    state = g.initial_state()
    state.apply("hand1-a1")
    assert state.to_move == 1  # row 0: no move again
    state.apply("hand2-b1")
    state.apply("hand1-a2")
    assert state.to_move == 0  # row 1: moves again
    state.apply("hand1-b2")
    assert state.is_terminal() and state.winner is None


def test_regions_read_off_the_position_combine_as_they_are_tested():
    # (difference (sites Empty) (sites Row 1)): the empty sites off the second row, read as the
    # move is generated; (intersection (sites Occupied by:Enemy) (sites Top)): another
    # player's pieces on the top row; (sites Occupied by:Mover container:"Hand"): the mover's
    # hand sites holding a piece
    text = """(game "D" (players 3) (equipment { (board (square 3)) (piece "D" Each) (hand Each) })
     (rules (start { (place "D" "Hand" count:2) (place "D3" {"A3"}) })
      (play (move (from (sites Occupied by:Mover container:"Hand"))
                  (to (difference (sites Empty) (sites Row (/ 3 3))))))
      (end (if (is In (last To) (intersection (sites Occupied by:Enemy) (sites Top)))
               (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    assert moves(state) == sorted(f"hand1-{s}" for s in ("a1", "b1", "c1", "b3", "c3"))
    state.apply("hand1-b3")  # P1's own piece: not an enemy's
    assert not state.is_terminal()


def test_a_phases_end_is_tried_first_and_only_in_that_phase():
    text = """(game "E" (players 2) (equipment { (board (square 3)) (piece "D" Each) })
     (rules phases:{
       (phase "Opening" (play (move Add (to (sites Empty))))
         (end (if (is Line 2) (result Mover Loss)))
         (nextPhase (= (count Moves) 2) "Main"))
       (phase "Main" (play (move Add (to (sites Empty)))))}
      (end (if (is Line 2) (result Mover Win)))))"""
    game = ludi.parse(text)
    state = game.initial_state()
    state.apply("a1")
    state.apply("c3")
    state.apply("a2")  # a line of 2 in the main phase: the game's own end, a win
    assert state.is_terminal() and state.winner == 0
    state = game.initial_state()
    state.apply("a1")
    state.apply("a2")  # P2 has no line; P1's a1 alone neither
    assert not state.is_terminal()


def test_a_named_argument_is_one_argument_of_a_define_and_numbers_may_be_computed():
    text = """(define "Line" (if (is Line 3 #1 #2) (result Mover Win)))
    (game "N" (players 2) (equipment { (board (square 3)) (piece "D" Each) })
     (rules (play (move Add (to (expand (sites Bottom) steps:(- 3 1)))))
      (end ("Line" Orthogonal exact:True))))"""
    state = ludi.parse(text).initial_state()
    for move in ("a1", "c1", "b2", "c2", "c3"):
        state.apply(move)
    assert not state.is_terminal()  # a1 b2 c3 is a diagonal: not Orthogonal


THEN_GAME = """(game "T" (players 2)
 (equipment {(board (square 3)) (piece "M" Each (move Step (to if:(is Empty (to)))))})
 (rules (start {(place "M1" {"A1"}) (place "M2" {"C3"})}) (play PLAY)
  (end (if (is Full) (result Mover Win)))))"""


@pytest.mark.parametrize("play, first", [
    ("(or (move Add (to (sites Empty))) (move Pass) (then (moveAgain)))", "b1"),
    ("(or {(move Pass) (move Add (to (sites Empty)))} (then (moveAgain)))", "pass"),
    ("(if (is Mover P1) (move Add (to (sites Empty))) (move Pass) (then (moveAgain)))", "b1"),
    ("(priority {(move Add (to (sites Empty)))} (then (moveAgain)))", "b1"),
    ("(forEach Piece (then (moveAgain)))", "a1-a2"),
    ("(move Add (to (sites Empty)) (then (remove (last To) (then (moveAgain)))))", "b1"),
    ("(move Pass (then (moveAgain)))", "pass"),
])
def test_a_then_after_a_combinator_an_effect_or_a_pass_runs_after_the_move(play, first):
    # Ludii appends a combinator's (then …) to the consequences of each move it makes; an
    # effect's (then …) follows the effect; a pass may have consequences too
    state = ludi.parse(THEN_GAME.replace("PLAY", play)).initial_state()
    assert first in moves(state)
    state.apply(first)
    assert state.to_move == 0  # (moveAgain) ran
    if first == "b1" and "remove" in play:
        assert state.owner("b1") is None  # and the removal before it


def test_a_combinators_then_follows_the_moves_own_then():
    play = ("(or (move Add (to (sites Empty)) (then (remove (last To)))) (move Pass) "
            "(then (if (is Empty (last To)) (moveAgain))))")
    state = ludi.parse(THEN_GAME.replace("PLAY", play)).initial_state()
    state.apply("b1")  # removed by its own then, so the combinator's test sees it empty
    assert state.owner("b1") is None and state.to_move == 0


def test_the_board_container_is_the_default():
    play = '(move Remove (sites Occupied by:Next container:"Board"))'
    plain = "(move Remove (sites Occupied by:Next))"
    ours = ludi.parse(THEN_GAME.replace("PLAY", play)).initial_state()
    theirs = ludi.parse(THEN_GAME.replace("PLAY", plain)).initial_state()
    assert moves(ours) == moves(theirs) == ["c3"]


def test_a_mancala_board_takes_its_track_in_an_array():
    text = """(game "W" (players 2)
      (equipment {(mancalaBoard 2 6 TRACK) (piece "Seed" Shared)
        (regions P1 (sites Bottom)) (regions P2 (sites Top))})
      (rules (start (set Count 4 to:(sites Track)))
        (play (move Select (from (sites Mover) if:(> (count at:(from)) 0)) (then (sow))))
        (end (if (no Moves Mover) (result Mover Loss)))))"""
    track = '(track "Track" "1,E,N,W" loop:True)'
    one = ludi.parse(text.replace("TRACK", track))
    listed = ludi.parse(text.replace("TRACK", "{" + track + "}"))
    same = ("mean_length", "p1_win", "p2_win", "draw")
    ours, theirs = ludi.random_playouts(one, 50, seed=3), ludi.random_playouts(listed, 50, seed=3)
    assert [ours[k] for k in same] == [theirs[k] for k in same]
    # several tracks of the board's own: (sow) without a name sows along the first (Ludii's),
    # (sow "Name") along the one so named
    two = "{" + track + ' (track "Back" "6,W,N,E" loop:True)}'
    state = ludi.parse(text.replace("TRACK", two)).initial_state()
    state.apply("f")  # along "Track": f's seeds go up the right end and along the top
    assert [state.count(x) for x in ("f", "A", "B", "C", "D", "e")] == [0, 5, 5, 5, 5, 4]
    back = ludi.parse(text.replace("TRACK", two).replace("(sow)", '(sow "Back")'))
    state = back.initial_state()
    state.apply("f")  # along "Back": westward along the bottom
    assert [state.count(x) for x in ("f", "e", "d", "c", "b", "A")] == [0, 5, 5, 5, 5, 4]


def test_orthogonal_on_points_with_diagonals_in_places_follows_the_drawn_lines():
    # Alquerque's points (diagonals:Alternating): b2's diagonals are drawn (b + 2 is even for
    # the square at a1), so an orthogonal step from b2 goes along them too, as Adjacent does
    text = """(game "A" (players 2)
      (equipment {(board (square 3 diagonals:Alternating) use:Vertex)
                  (piece "M" Each (move Step DIRS (to if:(is Empty (to)))))})
      (rules (start {(place "M1" {"B2"}) (place "M2" {"C3"})}) (play (forEach Piece))
        (end (if (is Line 3 DIRS) (result Mover Win)))))"""
    orthogonal = ludi.parse(text.replace("DIRS", "Orthogonal")).initial_state()
    adjacent = ludi.parse(text.replace("DIRS", "Adjacent")).initial_state()
    assert moves(orthogonal) == moves(adjacent)
    assert "b2-a1" in moves(orthogonal) and "b2-a3" in moves(orthogonal)


OWN_TRACKS = """(game "K" (players 2)
 (equipment { (mancalaBoard 2 3
   { (track "Track1" "3,W,WNW,ENE,E" loop:True P1) (track "Track2" "3,W,N,E,ESE" loop:True P2) })
   (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))
   (map {(pair P1 FirstSite) (pair P2 LastSite)}) })
 (rules (start (set Count 2 to:(union (sites P1) (sites P2))))
  (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
    (then (sow "Track" owner:(mover)))))
  (end (if (no Moves Mover) (byScore {(score P1 (count at:(mapEntry P1)))
                                      (score P2 (count at:(mapEntry P2)))})))))"""


def test_each_player_sows_along_their_own_track():
    # Ludii's (track "Track1" … P1) and (sow "Track" owner:(mover)). Bottom row a b c, top row
    # C B A (left to right). P1's track: c b a, its store (store1), C B A, again; P2's: c b a,
    # C B A, its store (store2), again. "WNW", "ENE" and "ESE" step into and out of the stores.
    g = ludi.parse(OWN_TRACKS)
    state = g.initial_state()
    state.apply("a")  # P1: a's two seeds into store1, then C
    assert (state.count("a"), state.count("store1"), state.count("C")) == (0, 1, 3)
    state.apply("A")  # P2: A's two seeds into store2, then on along P2's track to c
    assert (state.count("A"), state.count("store2"), state.count("c")) == (0, 1, 3)
    assert state.count("store1") == 1


def test_a_sowing_of_a_track_nobody_has_is_refused():
    with pytest.raises(CompileError, match="P2 has no track of its own"):
        ludi.parse(OWN_TRACKS.replace('"Track2" "3,W,N,E,ESE" loop:True P2', '"Other" "3,W,N,E" '
                                      'loop:True'))


def test_a_knights_leap_and_forward_leaps():
    # {{F F R F} {F F L F}} from each orthogonal start: a knight's eight squares, whatever
    # stands between; forward:True keeps those ending ahead of the piece's facing
    knight = '(piece "N" Each (move Leap {{F F R F} {F F L F}} (to if:(is Empty (to)))))'
    g = game(knight, '(place "N1" {"B1"}) (place "N2" {"D4"})')
    assert moves(g.initial_state()) == ["b1-a3", "b1-c3", "b1-d2"]
    g = game(knight, '(place "N1" {"B2"}) (place "N2" {"D3"})')  # d3 is taken
    assert moves(g.initial_state()) == ["b2-a4", "b2-c4", "b2-d1"]
    ahead = knight.replace("{F F L F}}", "{F F L F}} forward:True")
    g = game(ahead, '(place "N1" {"B2"}) (place "N2" {"A4"})')
    assert moves(g.initial_state()) == ["b2-c4", "b2-d3"]  # not d1 (behind), a4 (taken)


def test_two_regions_are_equal_when_they_have_the_same_sites():
    text = kings('(place "K1" {"A1" "B1"}) (place "K2" {"D4"})',
                 '(= (sites Occupied by:Mover) (sites {"A2" "B1"}))')
    state = ludi.parse(text).initial_state()
    state.apply("a1-a2")  # P1 occupies exactly a2 and b1
    assert state.is_terminal() and state.winner == 0
    state = ludi.parse(text).initial_state()
    state.apply("b1-b2")
    assert not state.is_terminal()


def test_the_start_sets_one_sites_count():
    text = OWN_TRACKS.replace("(start (set Count 2 to:(union (sites P1) (sites P2))))",
                              "(start {(set Count 2 to:(union (sites P1) (sites P2))) "
                              "(set Count 5 at:2) (set Count 1 at:(coord \"A1\"))})")
    with pytest.raises(CompileError, match="coordinate"):
        ludi.parse(text)  # a mancala board has no coordinates in ludi yet
    state = ludi.parse(text.replace(' (set Count 1 at:(coord "A1"))', "")).initial_state()
    assert [state.count(x) for x in ("a", "b", "c")] == [2, 5, 2]  # Ludii's site 2: b


def test_count_pieces_in_a_region():
    text = kings('(place "K1" {"A1" "B1" "C2"}) (place "K2" {"D4"})',
                 '(= (count Pieces Mover in:(sites Row 1)) 2)')
    state = ludi.parse(text).initial_state()
    state.apply("c2-c3")  # P1 leaves row 2 (Ludii's row 1): none there
    assert not state.is_terminal()
    state.apply("d4-d3")
    state.apply("a1-a2")
    assert not state.is_terminal()  # one: a2
    state.apply("d3-d2")
    state.apply("b1-b2")  # two: a2 and b2
    assert state.is_terminal() and state.winner == 0


def test_expand_from_an_origin_and_along_one_direction():
    g = game('(piece "K" Each (move Step (to if:(is Empty (to)))))',
             '(place "K1" (expand origin:(coord "A1") steps:2 E)) '
             '(place "K2" (expand (sites {"D4"}) Orthogonal))')
    state = g.initial_state()
    assert sorted(g.board.label(c) for c in range(16) if state.owner(c) == 0) == ["a1", "b1", "c1"]
    assert sorted(g.board.label(c) for c in range(16) if state.owner(c) == 1) == [
        "c4", "d3", "d4"]


def test_a_player_named_by_role_as_a_number_and_the_short_step():
    # (= (who at:SITE) P2): P2's number; (step …) is (move Step …)
    text = kings('(place "K1" {"A1"}) (place "K2" {"D4"})', '(= (who at:(coord "D3")) P2)',
                 step="(step Forward")
    state = ludi.parse(text).initial_state()
    state.apply("a1-a2")
    assert not state.is_terminal()
    state.apply("d4-d3")
    assert state.is_terminal() and state.winner == 1


def test_pieces_of_one_type_are_counted():
    # (count Pieces ROLE "Name" [in:REGION]) and (no Pieces ROLE "Name" [in:REGION]): ROLE's
    # pieces of that type only (Ludii's rows count from 0: (sites Row 0) is the first)
    text = GAME.format(board="(square 4)", pieces='(piece "K" Each (move Step (to if:(is Empty '
                       '(to))))) (piece "R" Each (move Step (to if:(is Empty (to)))))',
                       start='(place "K1" {"A1"}) (place "R1" {"B1" "C1"}) (place "K2" {"D4"})')
    win = '(is In (last To) (sites Next "Home"))'
    state = ludi.parse(text.replace(win, '(= (count Pieces P1 "R") 2)')).initial_state()
    state.apply("a1-a2")
    assert state.is_terminal() and state.winner == 0
    state = ludi.parse(text.replace(win, '(no Pieces Mover "R" in:(sites Row 0))')
                       ).initial_state()
    state.apply("b1-b2")  # c1 is still on the first row
    assert not state.is_terminal()
    state.apply("d4-d3")  # P2 has no R at all: the clause holds for P2
    assert state.is_terminal() and state.winner == 1
    state = ludi.parse(text.replace(win, '(no Pieces Next "R")')).initial_state()
    state.apply("b1-b2")  # P2 has no R
    assert state.is_terminal() and state.winner == 0
