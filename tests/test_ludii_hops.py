"""Rule tests for Ludii's Hop one jump at a time, and capture sequences made of such jumps, from
Ludii's documented meaning (``Hop.java``: the piece jumps over the adjacent site, (between), where
the between-condition holds, to the next site on that line where the to-condition holds; the
between's (apply …) runs at the site jumped over):

- ``(move Hop … (then (if (can Move (hop (from (last To)) …)) (moveAgain))))``: a capture that
  can go on gives the same player another move, which must start from the piece that jumped
  (``(if (is Prev Mover) …)``, Ludii's "SameTurn");
- ``(hop …)``: the same generator, written inside ``(can Move …)``;
- ``(sites ToClear)``: the pieces a sequence has taken and not yet removed (none here: these
  captures remove at once; ``at:EndOfTurn`` is tested in test_ludii_draughts.py);
- hops whose between-condition is not "an enemy piece" (over a friend, over anything).
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

AGAIN = """(then (if (can Move (hop (from (last To))
                              (between if:(and (not (is In (between) (sites ToClear)))
                                               (is Enemy (who at:(between)))))
                              (to if:(is Empty (to)))))
                (moveAgain)))"""

SEQUENCE = f"""(game "Sequence" (players 2)
  (equipment {{(board (square 5))
    (piece "Disc" Each
      (or (move Hop (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                    (to if:(is Empty (to))) {AGAIN})
          (move Step (to if:(is Empty (to))))))}})
  (rules
    (start {{ {{start}} }})
    (play (if (is Prev Mover)
              (or (move Hop (from (last To))
                            (between if:(and (not (is In (between) (sites ToClear)))
                                             (is Enemy (who at:(between))))
                                     (apply (remove (between))))
                            (to if:(is Empty (to))) {AGAIN})
                  (move Pass))
              (forEach Piece)))
    (end (if (no Pieces Next) (result Mover Win)))))"""


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def sequence(start: str) -> ludi.Game:
    return ludi.parse(SEQUENCE.replace("{start}", start))


def test_a_hop_jumps_over_the_adjacent_site_to_the_next_and_captures():
    g = sequence('(place "Disc1" {"C1"}) (place "Disc2" {"B2" "C3"})')
    state = g.initial_state()
    # over b2 to a3 (c2 is empty: no jump north; over c2's neighbours only where an enemy is)
    assert [m for m in moves(state) if m in ("c1-a3", "c1-c3", "c1-e3")] == ["c1-a3"]
    assert "c1-c5" not in moves(state)  # one site jumped, not more
    state.apply("c1-a3")
    assert state.owner("b2") is None  # the piece jumped over is removed
    assert state.owner("a3") == 0 and state.owner("c1") is None


def test_a_capture_that_can_go_on_gives_the_same_player_a_move_from_the_same_piece():
    g = sequence('(place "Disc1" {"C1" "E1"}) (place "Disc2" {"B2" "B4" "E5"})')
    state = g.initial_state()
    state.apply("c1-a3")  # from a3, b4 can be jumped next
    assert state.to_move == 0
    assert moves(state) == ["a3-c5", "pass"]  # only the piece that jumped, or stop
    state.apply("a3-c5")
    assert state.to_move == 1  # nothing more to capture from c5: the turn passes
    assert state.owner("b4") is None


def test_a_capture_that_cannot_go_on_ends_the_turn():
    g = sequence('(place "Disc1" {"C1" "E1"}) (place "Disc2" {"B2" "E5"})')
    state = g.initial_state()
    state.apply("c1-a3")
    assert state.to_move == 1


def test_a_step_never_gives_another_move():
    g = sequence('(place "Disc1" {"C1"}) (place "Disc2" {"C3" "E5"})')
    state = g.initial_state()
    state.apply("c1-c2")  # c2 now touches c3, but a step has no (then …)
    assert state.to_move == 1


def test_passing_ends_a_sequence_and_capturing_the_last_piece_wins():
    g = sequence('(place "Disc1" {"C1" "E1"}) (place "Disc2" {"B2" "B4" "E5"})')
    state = g.initial_state()
    state.apply("c1-a3")
    state.apply("pass")
    assert state.to_move == 1 and not state.is_terminal()
    g = sequence('(place "Disc1" {"C1"}) (place "Disc2" {"B2"})')
    state = g.initial_state()
    state.apply("c1-a3")
    assert state.is_terminal() and state.winner == 0


@pytest.mark.parametrize("hop", ["move Hop", "hop"])
def test_hops_over_a_friend_or_over_anything(hop):
    base = """(game "H" (players 2) (equipment {{(board (square 4))
      (piece "Disc" Each ({hop} Orthogonal (between if:{cond}) (to if:(is Empty (to)))))}})
      (rules (start {{(place "Disc1" {{"A1" "A2"}}) (place "Disc2" {{"B1"}})}})
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"""
    over_friend = ludi.parse(base.format(hop=hop, cond="(is Friend (who at:(between)))"))
    assert moves(over_friend.initial_state()) == ["a1-a3"]
    over_any = ludi.parse(base.format(hop=hop, cond="(is Occupied (between))"))
    assert moves(over_any.initial_state()) == ["a1-a3", "a1-c1"]
    state = over_any.initial_state()
    state.apply("a1-c1")
    assert state.owner("b1") == 1  # no (apply …): the piece jumped over stays


def test_a_hop_over_exactly_one_site_is_a_hop_and_over_exactly_n_a_run_of_n():
    base = """(game "H" (players 2) (equipment {{(board (square 4))
      (piece "Disc" Each (move Hop Orthogonal (between {exact} if:(is Occupied (between)))
        (to if:(is Empty (to)))))}})
      (rules (start {{(place "Disc1" {{"A1" "A2"}}) (place "Disc2" {{"B1"}})}})
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"""
    exact = ludi.parse(base.format(exact="(exact 1)"))
    assert moves(exact.initial_state()) == ["a1-a3", "a1-c1"]
    # (exact 2): Ludii's range 2..2, two occupied sites in a row jumped over
    exact = ludi.parse(base.format(exact="(exact 2)"))
    assert moves(exact.initial_state()) == []
    two = ludi.parse(base.format(exact="(exact 2)").replace('{"B1"}', '{"B1" "C1"}'))
    assert moves(two.initial_state()) == ["a1-d1"]


def test_sites_to_clear_is_empty_since_captures_are_removed_at_once():
    g = ludi.parse("""(game "T" (players 2) (equipment {(board (square 3)) (piece "M" Each)})
      (rules (play (move Add (to (sites Empty))))
        (end (if (is In (last To) (sites ToClear)) (result Mover Win)))))""")
    state = g.initial_state()
    for move in ("a1", "b1", "c1"):
        state.apply(move)
    assert not state.is_terminal()


@pytest.mark.parametrize("play, words", [
    ("(move Add (to (sites Empty) if:(is Empty (between))))", "hop"),
    ("(move Add (to (sites Empty)) (then (if (can Move (or (move Pass) (move Pass))) "
     "(moveAgain))))", "one move ludeme"),
    ("(do (move Add (to (sites Empty)) (then (if (can Move (move Pass)) (moveAgain)))) "
     "ifAfterwards:(is Empty (last To)))", "tried"),
])
def test_forms_ludi_does_not_play_are_refused_by_name(play, words):
    text = f"""(game "R" (players 2) (equipment {{(board (square 3)) (piece "M" Each)}})
      (rules (play {play}) (end (if (is Line 3) (result Mover Win)))))"""
    with pytest.raises(CompileError) as e:
        ludi.parse(text)
    assert words in str(e.value)
    assert e.value.line is not None


MILL = """(game "Mill" (players 2)
  (equipment {(board (square 4)) (piece "M" Each)})
  (rules (start {(place "M1" {"A1" "B1" "C1" "A3"}) (place "M2" {"A2" "B2" "D4" "C4"})})
    (play (move Remove (forEach (sites Occupied by:Next) if:(not (is Line 2 DIRS through:(site))))))
    (end (if (= 3 (count Sites in:(forEach (sites Occupied by:Mover)
                                           if:(is Line 3 Orthogonal through:(site) exact:True))))
             (result Mover Win)))))"""


def test_a_move_remove_takes_from_the_sites_where_the_filter_holds():
    # (forEach REGION if:C): the region's sites where C holds with (site) at each; P2's pieces
    # a2 b2 (a row of two) and c4 d4 (another): none is outside a line of 2 orthogonally, but
    # diagonals are not lines here, so with Diagonal lines every piece may be taken
    stuck = ludi.parse(MILL.replace("DIRS", "Orthogonal")).initial_state()
    assert [m for m in moves(stuck) if "pass" not in m] == []  # nothing to take
    assert moves(ludi.parse(MILL.replace("DIRS", "Diagonal")).initial_state()) == [
        "a2", "b2", "c4", "d4"]


def test_a_line_through_a_site_is_of_the_piece_there_whoever_moves():
    # a1 b1 c1 is P1's exact line of 3 through each of its three sites (a3 is in none): the
    # count of P1's sites in such a line is 3, and P1 wins after its move
    state = ludi.parse(MILL.replace("DIRS", "Diagonal")).initial_state()
    state.apply("a2")
    assert state.is_terminal() and state.winner == 0
    # a1 b1 only: through no site a line of 3
    state = ludi.parse(MILL.replace("DIRS", "Diagonal").replace('"C1" ', "")).initial_state()
    state.apply("a2")
    assert not state.is_terminal()
    # a line of 4 is not an exact line of 3
    state = ludi.parse(MILL.replace("DIRS", "Diagonal").replace('"C1" ', '"C1" "D1" ')
                       ).initial_state()
    state.apply("a2")
    assert not state.is_terminal()


def test_a_filter_region_is_read_only_where_ludi_plays_it():
    text = """(game "F" (players 2) (equipment {(board (square 3)) (piece "M" Each)})
      (rules (play (move Add (to (sites Around (forEach (sites Empty) if:(is Empty (site)))))))
        (end (if (is Line 3) (result Mover Win)))))"""
    with pytest.raises(CompileError, match="forEach REGION if:COND"):
        ludi.parse(text)



FORWARD = """(game "Forward" (players {(player N) (player S)})
  (equipment {(board (square 6)) (piece "Man" Each)})
  (rules
    (start {start})
    (play (if (is Prev Mover)
              (move Hop (from (last To)) (directions {FR FL})
                        (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                        (to if:(is Empty (to)))
                        (then (if (can Move (hop (from (last To)) (directions {FR FL})
                                                 (between if:(is Enemy (who at:(between))))
                                                 (to if:(is Empty (to)))))
                                  (moveAgain))))
              (forEach Piece "Man"
                  (move Hop (directions {FR FL})
                            (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                            (to if:(is Empty (to)))
                            (then (if (can Move (hop (from (last To)) (directions {FR FL})
                                                     (between if:(is Enemy (who at:(between))))
                                                     (to if:(is Empty (to)))))
                                      (moveAgain)))))))
    (end (if (no Moves Next) (result Mover Win)))))"""


def test_relative_directions_outside_a_pieces_moves_turn_with_the_piece_that_moves():
    """Ludii turns ``(directions {FR FL})`` of a hop in the rules' play (English Draughts'
    capture series) from the facing of the piece on the from-site: for a man facing S, forward
    is south-west and south-east, in the series' later jumps as in its first."""
    # P1 (facing N) has no capture and passes; P2's man on e5 takes d4 (south-west) and from
    # c3 goes on over d2 to e1 (south-east), not over b4 to a5 (north-west: P1's forward)
    start = '{(place "Man1" {"D4" "D2" "B4" "F6"}) (place "Man2" {"E5"})}'
    state = ludi.parse(FORWARD.replace("{start}", start)).initial_state()
    state.apply(state.legal_moves()[0])  # P1's forced pass
    assert moves(state) == ["e5-c3"]
    state.apply("e5-c3")
    assert state.to_move == 1 and moves(state) == ["c3-e1"]
    # where the rules' play turns a slide, ludi does not turn it yet, and says so
    text = FORWARD.replace("{start}", start)
    slide = (text[:text.index("(play (")] + "(play (move Slide (from (sites Occupied by:Mover)) "
             "(directions {FR FL})))\n    " + text[text.index("(end"):])
    with pytest.raises(CompileError, match=r"supported in \(move Step …\) and \(move Hop …\)"):
        ludi.parse(slide)
