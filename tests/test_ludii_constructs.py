"""Rule tests for the constructs added for Ludii's library, each from Ludii's documented meaning:
a position, a move, and what must follow (or the legal moves).

- ``(if c A [B])`` as an effect: A when c holds, else B (Ludii's ``If`` effect);
- ``(if c a b)`` as a site or number;
- ``(sites {…})``: sites by Ludii's numbers (a mancala board's FirstSite store is site 0, its
  houses follow from the bottom left, the LastSite store is last) or coordinates ("A1");
- ``(is In (count …) (sites {2 4 6}))``: a number tested against the list's numbers;
- ``(sow apply:…)`` without ``if:``: the apply runs at the last site sown.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.compile.dump import dump
from ludi.errors import CompileError

MANCALA = """(game "T" (players 2)
 (equipment {{ (mancalaBoard 2 6 (track "Track" "1,E,N,W" loop:True))
   (regions P1 (sites Bottom)) (regions P2 (sites Top))
   (map {{(pair P1 FirstSite) (pair P2 LastSite)}}) (piece "Seed" Shared) }})
 (rules (start (set Count 4 to:(sites Track)))
  (play (move Select (from (sites Mover) if:(< 0 (count at:(from)))) (then (sow {sow}))))
  (end (if (no Moves Mover) (byScore)))))"""


def mancala(sow: str) -> ludi.Game:
    return ludi.parse(MANCALA.format(sow=sow))


def after(game: ludi.Game, counts: dict, move: str) -> dict:
    state = game.state_from(counts=counts)
    state.apply(move)
    return {game.board.label(c): state.count(c) for c in range(game.board.num_cells)
            if state.count(c)}


EMPTY = {k: 0 for k in "abcdefABCDEF"}


def test_effect_if_takes_one_branch():
    # the track runs a..f along the bottom, then A..F along the top from the right; a sowing
    # that ends on the opponent's side takes the seeds to the mover's store, one that ends on
    # the mover's side gives them to the opponent's store
    game = mancala("apply:(if (is In (to) (sites Next)) "
                   "(fromTo (from (to)) (to (mapEntry Mover)) count:(count at:(to))) "
                   "(fromTo (from (to)) (to (mapEntry Next)) count:(count at:(to))))")
    assert after(game, {**EMPTY, "f": 2, "B": 1, "a": 1}, "f") == {"A": 1, "store1": 2, "a": 1}
    assert after(game, {**EMPTY, "a": 1, "b": 3, "A": 1}, "a") == {"store2": 4, "A": 1}


def test_effect_if_without_else_and_sow_without_if_applies_at_the_last_site():
    game = mancala("apply:(if (= (count at:(to)) 2) "
                   "(fromTo (from (to)) (to (mapEntry Mover)) count:(count at:(to))))")
    assert after(game, {**EMPTY, "e": 1, "f": 1, "A": 1}, "e") == {"store1": 2, "A": 1}
    assert after(game, {**EMPTY, "e": 1, "f": 2, "A": 1}, "e") == {"f": 3, "A": 1}


def test_site_if_chooses_a_site():
    game = mancala("apply:(fromTo (from (to)) (to (if (is In (to) (sites Top)) (mapEntry P1) "
                   "(mapEntry P2))) count:(count at:(to)))")
    assert after(game, {**EMPTY, "f": 1, "A": 1}, "f") == {"store1": 2}
    assert after(game, {**EMPTY, "a": 1, "A": 1}, "a") == {"store2": 1, "A": 1}


def test_is_in_compares_a_count_with_a_list_of_numbers():
    game = mancala("if:(is In (count at:(to)) (sites {2 4 6})) "
                   "apply:(fromTo (from (to)) (to (mapEntry Mover)) count:(count at:(to)))")
    for before, taken in ((1, True), (3, True), (5, True), (2, False), (4, False)):
        got = after(game, {**EMPTY, "f": 1, "A": before, "B": 1}, "f")
        assert (got.get("store1", 0) == before + 1) is taken, before


def test_sites_by_ludii_number_and_coordinate():
    game = mancala("if:(is In (to) (sites {0 1 12 13})) apply:(remove (to))")
    regions = dump(game.spec).split("static regions")[1]
    assert "  a A store1 store2\n" in regions  # Ludii's sites 0, 1, 12 and 13
    square = ('(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
              '(rules (play (move Add (to (sites {SITES})))) '
              '(end (if (is Line 3) (result Mover Win)))))')
    for sites in ('"A1" "C3" "B2"', "0 8 4"):
        g = ludi.parse(square.replace("SITES", sites))
        assert sorted(str(m) for m in g.initial_state().legal_moves()) == ["a1", "b2", "c3"]
    with pytest.raises(CompileError, match="no site 9 on this board"):
        ludi.parse(square.replace("SITES", "0 9"))
    hexed = square.replace("(square 3)", "(hex 3)").replace("SITES", "0 1")
    with pytest.raises(CompileError, match="not supported on a hexhex board yet"):
        ludi.parse(hexed)


# ------------------------------------------------------------------ pieces with their own moves

PIECES = """(game "P" (players {players})
 (equipment {{ (board (square 5)) {pieces} }})
 (rules (start {{ {start} }}) (play (forEach Piece))
  (end (if (no Pieces Next) (result Mover Win)))))"""


def pieces_game(pieces: str, start: str, players: str = "{(player N) (player S)}") -> ludi.Game:
    return ludi.parse(PIECES.format(players=players, pieces=pieces, start=start))


def moves_of(game: ludi.Game, state=None) -> list[str]:
    return sorted(str(m) for m in (state or game.initial_state()).legal_moves())


def test_relative_directions_turn_with_the_players_facing():
    # facing N, FR is NE and FL is NW; facing S they are SW and SE. Ludii turns BL and BR from
    # Backward the other way: facing N, BL is SE and BR is SW
    game = pieces_game('(piece "P" Each (move Step (directions {FR FL}) (to if:(is Empty (to)))))'
                       '(piece "Q" Each (move Step (directions {BL BR}) (to if:(is Empty (to)))))',
                       '(place "P1" (sites {"C2"})) (place "P2" (sites {"C4"}))')
    assert moves_of(game) == ["c2-b3", "c2-d3"]
    state = game.initial_state()
    state.apply("c2-b3")
    assert moves_of(game, state) == ["c4-d3"]  # FR (SW for P2) is b3, taken
    back = pieces_game('(piece "Q" Each (move Step (directions {BL BR}) (to if:(is Empty (to)))))',
                       '(place "Q1" (sites {"C3"})) (place "Q2" (sites {"E5"}))')
    assert moves_of(back) == ["c3-b2", "c3-d2"]


def test_without_player_directions_every_piece_faces_north_unless_it_says():
    # (players 2): both players' Forward is N (Ludii); a piece's own direction is used then
    game = pieces_game('(piece "P" Each (move Step Forward (to if:(is Empty (to)))))',
                       '(place "P1" (sites {"C2"})) (place "P2" (sites {"C4"}))', players="2")
    state = game.initial_state()
    state.apply("c2-c3")
    assert moves_of(game, state) == ["c4-c5"]
    own = pieces_game('(piece "P" P1 E (move Step Forward (to if:(is Empty (to)))))'
                      '(piece "R" P2)', '(place "P" (sites {"C2"})) (place "R" (sites {"A5"}))',
                      players="2")
    assert moves_of(own) == ["c2-d2"]


def test_step_defaults_to_every_adjacent_cell_and_replaces_what_stands_there():
    # no to-condition: every neighbour (Adjacent is all eight on square cells), occupied or
    # not; a piece moving onto another replaces it (Ludii's ActionMove)
    game = pieces_game('(piece "K" Each (move Step (to)))',
                       '(place "K1" (sites {"A1"})) (place "K2" (sites {"B2"}))')
    assert moves_of(game) == ["a1-a2", "a1-b1", "a1-b2"]
    state = game.initial_state()
    state.apply("a1-b2")
    assert state.owner(game.board.cell("b2")) == 0 and state.is_terminal()  # no Pieces Next


def test_the_tos_apply_runs_before_the_step_and_then_after_it():
    game = pieces_game(
        '(piece "P" Each (move Step Forward (to if:(is Enemy (who at:(to))) '
        '(apply (remove (to)))) (then (moveAgain))))'
        '(piece "W" Each)',
        '(place "P1" (sites {"C2"})) (place "W2" (sites {"C3" "E5"}))')
    assert moves_of(game) == ["c2-c3"]
    state = game.initial_state()
    state.apply("c2-c3")
    assert state.owner(game.board.cell("c3")) == 0 and state.to_move == 0  # moved again


def test_for_each_piece_runs_the_movers_piece_types_only():
    game = pieces_game('(piece "P" Each (move Step Forward (to if:(is Empty (to)))))'
                       '(piece "R" Each (move Step Orthogonal (to if:(not (is Friend '
                       '(who at:(to)))))))',
                       '(place "P1" (sites {"A1"})) (place "R1" (sites {"E1"})) '
                       '(place "P2" (sites {"A5"})) (place "R2" (sites {"E5"}))')
    assert moves_of(game) == ["a1-a2", "e1-d1", "e1-e2"]


def test_who_what_id_occupied_and_enemy_of_a_player():
    facts = ('(= (who at:(last To)) 1) (= (what at:(last To)) (id "P" P1)) '
             "(is Occupied (last To)) (= (what at:(last From)) 0) (= (who at:(last From)) 0) "
             "(not (is Enemy 0)) (not (is Friend 0))")
    for test, ends in (("(is Friend (who at:(last To)))", True),
                       ("(is Enemy (who at:(last To)))", False)):
        text = PIECES.format(
            players="{(player N) (player S)}",
            pieces='(piece "P" Each (move Step Forward (to if:(is Empty (to)))))',  # P2: a5
            start='(place "P1" (sites {"A1"})) (place "P2" (sites {"A5"}))').replace(
            "(no Pieces Next)", f"(and {{{facts} {test}}})")
        state = ludi.parse(text).initial_state()
        state.apply("a1-a2")
        assert state.is_terminal() is ends and (not ends or state.winner == 0)


def test_expand_adds_neighbours_and_keeps_the_region():
    game = pieces_game('(piece "P" Each (move Step Forward (to if:(is Empty (to)))))',
                       '(place "P1" (expand (sites {"B2"}))) '
                       '(place "P2" (expand (sites {"E5"}) steps:2 Orthogonal))')
    state = game.initial_state()
    owned = {p: sorted(game.board.label(c) for c in range(game.board.num_cells)
                       if state.owner(c) == p) for p in (0, 1)}
    assert owned[0] == ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]  # all 8 around
    assert owned[1] == ["c5", "d4", "d5", "e3", "e4", "e5"]


def test_is_player_and_prev_the_player_who_made_the_last_move():
    # "SameTurn" in Ludii's library is (is Prev Mover): the mover made the last move too
    game = ludi.parse('(game "T" (players 2) (equipment {(board (square 3)) (piece "D" Each)}) '
                      '(rules (play (if (is Prev Mover) (move Add (to (sites {"A1" "B1"}))) '
                      '(move Add (to (sites {"C3" "C2"})) (then (moveAgain))))) '
                      '(end (if (is Mover P2) (result Mover Win)))))')
    state = game.initial_state()
    assert sorted(str(m) for m in state.legal_moves()) == ["c2", "c3"]  # nobody moved yet
    state.apply("c3")  # moves again
    assert sorted(str(m) for m in state.legal_moves()) == ["a1", "b1"] and state.to_move == 0
    state.apply("a1")
    assert state.to_move == 1 and not state.is_terminal()
    assert [str(m) for m in state.legal_moves()] == ["c2"]  # P2 did not move last
    state.apply("c2")
    assert state.is_terminal() and state.winner == 1  # (is Mover P2) after P2's move


def test_difference_and_intersection_of_fixed_regions():  # (read off the position: forms)
    text = ('(game "T" (players 2) (equipment {(board (square 3)) (piece "D" Each)}) '
            '(rules (play (move Add (to REGION))) (end (if (is Line 3) (result Mover Win)))))')
    for region, cells in (("(difference (sites Board) (sites Bottom))",
                           ["a2", "a3", "b2", "b3", "c2", "c3"]),
                          ("(intersection (sites Left) (sites Bottom))", ["a1"]),
                          ("(intersection {(sites Board) (sites Top) (sites Right)})", ["c3"])):
        game = ludi.parse(text.replace("REGION", region))
        assert moves_of(game) == cells, region
    state = ludi.parse(text.replace(
        "REGION", "(difference (sites Empty) (sites Around (last To)))")).initial_state()
    state.apply("a1")  # the empty sites that are not next to A1
    assert sorted(str(m) for m in state.legal_moves()) == ["a3", "b3", "c1", "c2", "c3"]
    nested = "(difference (sites Empty) (difference (sites Board) (sites Occupied by:Mover)))"
    with pytest.raises(CompileError, match=r"a difference of a union, difference or"):
        ludi.parse(text.replace("REGION", nested))


def test_plural_relative_directions_are_the_three_on_that_side():
    for name, want in (("Forwards", ["c3-b4", "c3-c4", "c3-d4"]),
                       ("Backwards", ["c3-b2", "c3-c2", "c3-d2"]),
                       ("Leftwards", ["c3-b2", "c3-b3", "c3-b4"]),
                       ("Rightwards", ["c3-d2", "c3-d3", "c3-d4"])):
        game = pieces_game(f'(piece "K" Each (move Step {name} (to if:(is Empty (to)))))',
                           '(place "K1" (sites {"C3"})) (place "K2" (sites {"E5"}))')
        assert moves_of(game) == want, name


# ------------------------------------------------------------------ boards, hops, limits

GRID = ('(game "G" (players 2) (equipment {{(board (rectangle 5 5 diagonals:{pattern}) '
        'use:Vertex) (piece "C" Each (move Step (to if:(is Empty (to)))))}}) '
        '(rules (start {{(place "C1" (sites {{{sites}}})) (place "C2" (sites {{"E5"}}))}}) '
        '(play (forEach Piece)) (end (if (no Moves Next) (result Next Loss)))))')


def test_grid_diagonals_join_points_as_ludii_draws_them():
    # Alternating (Alquerque): a point whose column + row is even has its four diagonals
    game = ludi.parse(GRID.format(pattern="Alternating", sites='"C3" "B3"'))
    assert [m for m in moves_of(game) if m.startswith("c3")] == [
        "c3-b2", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"]
    assert [m for m in moves_of(game) if m.startswith("b3")] == ["b3-a3", "b3-b2", "b3-b4"]
    # Radiating: only the rays from the centre; SolidNoSplit: every diagonal
    game = ludi.parse(GRID.format(pattern="Radiating", sites='"B2" "B3"'))
    assert [m for m in moves_of(game) if m.startswith("b2")] == [
        "b2-a1", "b2-a2", "b2-b1", "b2-c2", "b2-c3"]
    game = ludi.parse(GRID.format(pattern="SolidNoSplit", sites='"B3"'))
    assert len(moves_of(game)) == 8
    with pytest.raises(CompileError, match="add use:Vertex"):
        ludi.parse(GRID.format(pattern="Alternating", sites='"C3"').replace(" use:Vertex", ""))


def test_solid_diagonals_split_each_square_at_a_new_centre_point():
    # 3x3 points and 4 centres, numbered by row: 0 1 2 | 3 4 | 5 6 7 | 8 9 | 10 11 12
    text = ('(game "G" (players 2) (equipment {(board (rectangle 3 3 diagonals:Solid) '
            'use:Vertex) (piece "C" Each (move MOVE))}) (rules (start {(place "C1" '
            '(sites {0 4})) (place "C2" (sites {11}))}) (play (forEach Piece)) '
            '(end (if (no Moves Next) (result Next Loss)))))')
    game = ludi.parse(text.replace("MOVE", "Step (to if:(is Empty (to)))"))
    assert game.spec.board.num_cells == 13
    # a corner reaches its neighbours and the centre; a centre only its square's corners
    assert moves_of(game) == ["0-1", "0-3", "0-5", "4-1", "4-2", "4-6", "4-7"]
    # a diagonal line runs corner, centre, corner: 0 3 6 9 12
    game = ludi.parse(text.replace("MOVE", "Slide NE"))
    assert moves_of(game) == ["0-12", "0-3", "0-6", "0-9", "4-7"]


def test_for_each_piece_of_a_name_with_given_moves_and_ludiis_hop():
    # (forEach Piece "C" MOVES): those moves for the named types; a hop over (who at:(between))
    text = GRID.format(pattern="Alternating", sites='"C3"').replace(
        '(place "C2" (sites {"E5"}))', '(place "C2" (sites {"C4" "E5"}))').replace(
        "(play (forEach Piece))",
        '(play (forEach Piece "C" (move Hop (between if:(is Enemy (who at:(between))) '
        "(apply (remove (between)))) (to if:(is Empty (to))))))")
    game = ludi.parse(text)
    assert moves_of(game) == ["c3xc4>c5"]
    with pytest.raises(CompileError, match='no piece "D"'):
        ludi.parse(text.replace('(forEach Piece "C"', '(forEach Piece "D"'))


def test_ludiis_turn_limit_stops_a_game_as_a_timeout():
    # two pieces stepping back and forth for ever: 1,250 turns each, then a timeout
    game = pieces_game('(piece "K" Each (move Step Orthogonal (to if:(is Empty (to)))))',
                       '(place "K1" (sites {"A1"})) (place "K2" (sites {"E5"}))')
    stats = ludi.random_playouts(game, 3, seed=1)
    assert stats["mean_length"] == 2500 and stats["timeout"] == 1.0


def test_a_board_of_points_is_drawn_as_points_and_lines(tmp_path):
    from ludi.engine.picture import figure

    game = ludi.parse(GRID.format(pattern="Alternating", sites='"C3"'))
    assert game.board.points
    fig = figure(game.initial_state())
    nbr = game.board.nbr
    edges = sum(1 for cell in range(len(nbr)) for other in nbr[cell] if other > cell)
    assert edges == 2 * 5 * 4 + 2 * 8  # the grid's lines and Alquerque's 16 diagonals
    assert len(fig.axes[0].lines) == edges


# ------------------------------------------------------------------ relay sowing (J'odu, Foji)

RELAY = """(game "R" (players 2)
 (equipment { (mancalaBoard 2 6 store:None (track "Track" "0,E,N,W" loop:True))
   (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared) (hand Each) })
 (rules (start (set Count 1 to:(sites Track)))
  (play (move Select
    (from (if (is Prev Mover) (sites {(last To afterConsequence:True)}) (sites Mover))
          if:(is Occupied (from)))
    (then (sow apply:(if (< 1 (count at:(to))) (moveAgain)
                       (if (= (last To) (last To afterConsequence:True)) (moveAgain)))))))
  (end (if (= 0 (count in:(if (is Mover P1) (sites P2) (sites P1)))) (result Mover Win)))))"""


def test_relay_sowing_goes_on_from_the_last_site_sown():
    # (last To afterConsequence:True) is where the sowing ended, (last To) the house chosen;
    # (sites {SITE}) is that one site; (if c A B) as a from-region picks A or B as c says
    game = ludi.parse(RELAY)
    state = game.state_from(counts={**EMPTY, "a": 1, "b": 1, "A": 1})
    assert moves_of(game, state) == ["a", "b"]  # (is Occupied …): houses holding seeds
    state.apply("a")  # one seed to b, which now holds 2: sow again from b
    assert state.to_move == 0 and moves_of(game, state) == ["b"]
    state.apply("b")  # b's 2 seeds to c and d: d holds 1, the turn ends
    assert state.to_move == 1 and moves_of(game, state) == ["A"]


def test_count_in_an_if_region_counts_the_region_chosen():
    game = ludi.parse(RELAY)
    state = game.state_from(counts={**EMPTY, "f": 1, "A": 1})
    state.apply("f")  # f's seed to A (P2's side): P2 still has seeds, no win
    assert not state.is_terminal()
    state = game.state_from(counts={**EMPTY, "e": 1, "A": 0})
    state.apply("e")  # P1 moved; P2's side is empty: the mover wins
    assert state.is_terminal() and state.winner == 0


def test_backtracking_goes_on_while_its_condition_holds():
    # Ludii's backtracking:COND: after a capture, step back while COND holds (before and after
    # the step) and the capture condition holds there; True: while the capture condition holds
    capture = ("if:(= (count at:(to)) 2) apply:(fromTo (from (to)) (to (mapEntry Mover)) "
               "count:(count at:(to))) backtracking:{}")
    counts = {**EMPTY, "e": 3, "f": 1, "A": 1, "B": 1}  # e sows f, A, B: 2 seeds each
    game = mancala(capture.format("(is In (to) (sites Next))"))
    assert after(game, counts, "e") == {"f": 2, "store1": 4}  # B and A, not f (its own)
    game = mancala(capture.format("True"))
    assert after(game, counts, "e") == {"store1": 6}
    # the condition reads the site before its capture (Ludii collects the captures first)
    game = mancala(capture.format("(= (count at:(to)) 2)"))
    assert after(game, counts, "e") == {"store1": 6}


def test_a_sowing_then_its_consequences():
    game = mancala("(then (fromTo (from (mapEntry Next)) (to (mapEntry Mover)) count:1))")
    assert after(game, {**EMPTY, "e": 1, "store2": 2}, "e") == {"f": 1, "store1": 1, "store2": 1}


def test_a_select_from_a_site_given_by_ludiis_number():
    text = MANCALA.format(sow="").replace("(from (sites Mover) if:(< 0 (count at:(from))))",
                                          "(from (+ 4 1))")
    state = ludi.parse(text).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["e"]  # Ludii's site 5: the bottom's 5th


def test_if_can_move_a_then_a_else_b_is_a_priority():
    # (if (can Move A) A B): A's moves where there are some, else B's
    top = "(move Add (to (intersection (sites Empty) (sites Top))))"
    text = ('(game "G" (players 2) (equipment {(board (square 3)) (piece "M" Each)}) '
            f'(rules START (play (if (can Move {top}) {top} (move Add (to (sites Empty))))) '
            '(end (if (is Line 3) (result Mover Win)))))')
    assert moves_of(ludi.parse(text.replace("START", ""))) == ["a3", "b3", "c3"]
    full = '(start (place "M1" (sites {"A3" "B3" "C3"})))'
    assert len(moves_of(ludi.parse(text.replace("START", full)))) == 6
    # a (can Move A) whose first branch is other moves: A can move, so that branch (a pass)
    other = text.replace(f"{top} (move Add", "(move Pass) (move Add", 1)
    assert moves_of(ludi.parse(other.replace("START", ""))) == ["pass"]


def test_for_each_site_of_a_fixed_region_with_a_fixed_test_is_a_fixed_region():
    # Ludii's "BeforeAfterCentreSetup": the sites numbered below / above the centre point
    text = ('(game "G" (players 2) (equipment {(board (square 3)) (piece "M" Each)}) '
            '(rules (start {(place "M1" (forEach (sites Board) if:(< (site) (centrePoint)))) '
            '(place "M2" (forEach (sites Board) if:TEST))}) '
            '(play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))')
    game = ludi.parse(text.replace("TEST", "(and (> (site) (centrePoint)) (< (site) (* 2 4)))"))
    assert moves_of(game) == ["b2", "c3"]  # 0-3 are P1's, 5-7 P2's
    with pytest.raises(CompileError, match=r"compares \(site\), its row or column with numbers"):
        ludi.parse(text.replace("TEST", "(is Empty (site))"))


def test_ahead_is_the_site_steps_on_or_the_site_itself_where_the_board_ends():
    text = ('(game "G" (players 2) (equipment {(board (square 5)) (piece "M" Each)}) '
            '(rules (start {(place "M1" (sites {"C3"})) (place "M2" (ahead (centrePoint) N))}) '
            '(play (move Add (to (sites Empty) if:TEST))) '
            '(end (if (is Full) (result Mover Win)))))')
    game = ludi.parse(text.replace("TEST", "(is Occupied (ahead (to) steps:2 E))"))
    assert moves_of(game) == ["a3", "a4"]  # C3 and, fixed when compiling, C4 above the centre
    game = ludi.parse(text.replace("TEST", "(= (ahead (to) steps:2 E) (to))"))
    assert moves_of(game) == sorted(f"{c}{r}" for c in "de" for r in range(1, 6))
    game = ludi.parse(text.replace("TEST", "(is Occupied (ahead (to) SW))"))
    assert moves_of(game) == ["d4", "d5"]
    with pytest.raises(CompileError, match=r"only an absolute direction"):
        ludi.parse(text.replace("TEST", "(is Occupied (ahead (to) Forwards))"))


def test_an_if_between_a_pieces_moves_tests_from_at_each_piece():
    # Ludii tests (from) for each piece: A1 (bottom row) steps N, C3 steps S
    text = ('(game "G" (players 2) (equipment {(board (square 4)) (piece "M" Each (if (is In '
            '(from) (sites Bottom)) (move Step N (to if:(is Empty (to)))) (move Step S '
            '(to if:(is Empty (to))))))}) (rules (start {(place "M1" (sites {"A1" "C3"})) '
            '(place "M2" (sites {"D4"}))}) (play (forEach Piece)) '
            '(end (if (no Moves Next) (result Mover Win)))))')
    assert moves_of(ludi.parse(text)) == ["a1-a2", "c3-c2"]
    nested = text.replace("(move Step S (to if:(is Empty (to))))",
                          "(if (is In (from) (sites Left)) (move Step E (to)) (move Step W (to)))")
    assert moves_of(ludi.parse(nested)) == ["a1-a2", "c3-b3"]
    with pytest.raises(CompileError, match=r"\(to\) in the test of an \(if …\) that chooses"):
        ludi.parse(text.replace("(is In (from) (sites Bottom))", "(is In (to) (sites Bottom))"))
    with pytest.raises(CompileError, match=r"must start from the piece's own sites"):
        ludi.parse(text.replace("(move Step N", "(move Step (from (sites Board)) N"))
