"""What the compiler refuses because the engine would play it wrongly, and the cases it used to
get wrong: each refusal is a located CompileError naming the ludeme."""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError


def game(equipment: str = '(board (hex 3)) (piece "M" Each)',
         play: str = "(move Add (to (sites Empty)))",
         end: str = "(if (is Line 3) (result Mover Win))", start: str = "") -> str:
    return (f'(game "G" (players 2) (equipment {{{equipment}}}) '
            f"(rules {start} (play {play}) (end {end})))")


SLIDE = "(move Slide (from (sites Occupied by:Mover)))"
PIECES = '(start {(place "M1" (sites Row 0)) (place "M2" (sites Row 4))})'


@pytest.mark.parametrize("text,message", [
    (game(play=SLIDE, end="(if (is Connected 2 Corners) (result Mover Win))", start=PIECES),
     "need pieces that stay"),
    (game(play="(move Select (from (sites Occupied by:Next)) (then (remove (from))))",
          end="(if (is Loop) (result Mover Win))"), "need pieces that stay"),
    (game(play="(move Slide (from (sites Occupied by:Mover)) (to if:(is Approach)) "
               "(then (moveAgain)))", start=PIECES), "takes no (apply …), (then …)"),
    (game(play="(move Hop (from (sites Occupied by:Mover)) (between max:2 if:(is Enemy "
               "(between))) (to if:(is Empty (to))) (then (moveAgain)))",
          start=PIECES), "a hop jumps one site"),
    (game(end="(if (is In (last To) (sites Winning Mover (add (to (sites Empty))))) "
              "(result Mover Win))"), "only (move Add (to …)) can use it"),
    (game(end="(if (is Approach) (result Mover Win))"), "(is Approach) compares"),
    (game(equipment='(board (hex 3)) (piece "M" Mover)'),
     "owned by Each, Shared, Neutral or a player"),
    (game(equipment='(board (hex 3)) (piece "M" P3)'), "P3 does not exist"),
])
def test_refused_with_the_ludeme_named(text, message):
    with pytest.raises(CompileError) as e:
        ludi.parse(text)
    assert message in str(e.value) and e.value.line == 1 and e.value.col is not None


def test_a_sowing_cannot_sow_again_as_its_capture():
    text = ludi.load_description("oware").to_text().replace(
        "apply:(fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))",
        "apply:(sow)")
    with pytest.raises(CompileError, match="cannot sow again") as e:
        ludi.parse(text)
    assert e.value.line is not None


def test_an_add_on_a_players_own_region_uses_that_players_region():
    """The add fast path read the first player's region for both (it is off for regions that
    differ by player)."""
    g = ludi.parse(game(equipment='(board (hex 3)) (piece "M" Each) '
                                  "(regions P1 (sites Side S)) (regions P2 (sites Side N))",
                        play="(move Add (to (sites Mover)))"))
    assert "add" not in g.fast_paths
    state = g.initial_state()
    south = {m.text for m in state.legal_moves()}
    state.apply(sorted(south)[0])
    north = {m.text for m in state.legal_moves()}
    assert south.isdisjoint(north) and len(south) == len(north) == 3


def test_an_add_on_occupied_cells_makes_no_move():
    g = ludi.parse(game(play="(move Add (to (sites Occupied by:Mover)))"))
    assert "add" not in g.fast_paths
    state = g.initial_state()
    assert state.legal_moves() == [] and state.is_terminal() and state.end_type == "no moves"


def test_sites_prev_compiles():
    g = ludi.parse(game(equipment='(board (hex 3)) (piece "M" Each) '
                                  "(regions P1 (sites Side S)) (regions P2 (sites Side N))",
                        play="(move Add (to (sites Prev)))"))
    assert len(g.initial_state().legal_moves()) == 3


def test_a_union_of_unions_with_winning_sites_plays_like_the_flat_union():
    nested = ("(move Add (to (union (union (sites Winning Mover (add (to (sites Empty)))) "
              "(sites Corners)) (sites Side N))))")
    flat = ("(move Add (to (union {(sites Winning Mover (add (to (sites Empty)))) "
            "(sites Corners) (sites Side N)})))")
    a, b = ludi.parse(game(play=nested)), ludi.parse(game(play=flat))
    sa, sb = a.initial_state(), b.initial_state()
    for _ in range(6):
        moves = sorted(m.text for m in sa.legal_moves())
        assert moves == sorted(m.text for m in sb.legal_moves())
        if not moves:
            break
        sa.apply(moves[0])
        sb.apply(moves[0])
