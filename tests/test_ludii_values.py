"""Rule tests for Ludii's value forms ludi reads, each from Ludii's documented meaning:

- ``(/ a b)`` and ``(% a b)`` of values read off the position: Java's integer division, rounded
  toward 0, and its remainder (a division by zero is an engine error, as in Ludii);
  ``(+ {a b c})``: the sum of them all;
- ``(count at:7)``: a site by Ludii's number (a mancala board's after its FirstSite store);
- ``(is Line N DIRECTION)``: a line along that one direction's axis, both ways;
- ``(priority A B)``: the same as ``(priority {A B})``;
- ``(value Random (range A B))`` (``ValueRandom``): ``A + rng.nextInt(B - A + 1)``, Undefined
  when A > B, drawn from the game's one generator, which also rolls the dice: ludi draws from
  the state's chance generator, so a seed decides a game's draws and the same position draws
  the same; a draw is allowed only where a move's effects apply;
- ``(value MoveLimit)``, ``(value TurnLimit)`` (``ValueMoveLimit``, ``ValueTurnLimit``): the
  game's getMaxMoveLimit (10,000) and getMaxTurnLimit (1,250, per player);
- ``(value)`` (``ValueIterated``) in a sowing's ``skipIf:``: Sow sets the context value to
  ``count - index``, the seeds left to sow, this one included (with ``origin:True`` its count
  still counts the seed dropped back in the origin: one more).

Ludii's statistics for the library files that use these last ones close the file.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import LUDII

import ludi
from ludi.engine.game import from_description
from ludi.errors import CompileError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import disagreements, read_reference, sample_random_play

LINE = """(game "L" (players 2) (equipment {{(board (square 5)) (piece "Disc" Each)}})
 (rules (play (move Add (to (sites Empty)))) (end (if {cond} (result Mover Win)))))"""


def play(text: str, *moves: str):
    state = ludi.parse(text).initial_state()
    for m in moves:
        state.apply(m)
    return state


@pytest.mark.parametrize("value, expected", [
    ("(/ (* (count Moves) 3) 20)", 1), ("(/ (- 0 (* (count Moves) 3)) 20)", -1),
    ("(% (* (count Moves) 3) 20)", 1), ("(% (- 0 (* (count Moves) 3)) 20)", -1),
    ("(+ {(count Moves) 1 (count Moves)})", 15),
])
def test_division_remainder_and_sums_of_values_read_off_the_position(value, expected):
    # (count Moves) is 7 when the end clauses look after the 7th move, and the value first
    # equals what is expected then (3 x 7 = 21: 21 / 20 = 1, rounded toward 0 for -21 too)
    text = LINE.format(cond=f"(= {value} {expected})")
    moves = ["a1", "e5", "a3", "e3", "c1", "c5", "b4"]
    state = play(text, *moves[:-1])
    assert not state.is_terminal()
    state.apply(moves[-1])
    assert state.is_terminal() and state.winner == 0


def test_dividing_by_zero_stops_the_game_with_an_engine_error():
    # Ludii throws there too: ludi never plays on with a made-up value
    with pytest.raises(ludi.EngineError, match="division by zero"):
        play(LINE.format(cond="(= (/ (count Moves) 0) 0)"), "a1")


def test_a_line_along_one_direction_only():
    text = LINE.format(cond="(is Line 3 N)")
    across = play(text, "a1", "e5", "b1", "e4", "c1")  # a row: not along N
    assert not across.is_terminal()
    up = play(text, "a1", "e5", "a2", "d4", "a3")  # a column: along N (and S)
    assert up.is_terminal() and up.winner == 0
    down = play(text, "a3", "e5", "a2", "d4", "a1")  # the last stone at its bottom end
    assert down.is_terminal() and down.winner == 0


def test_a_count_at_a_site_given_by_ludiis_number():
    mancala = """(game "M" (players 2)
     (equipment {(mancalaBoard 2 3 (track "Track" "1,E,N,W" loop:True))
                 (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared)})
     (rules (start (set Count 1 to:(sites Track)))
       (play (move Select (from (sites Mover) if:(> (count at:(from)) 0)) (then (sow))))
       (end (if (= (count at:4) 2) (result Mover Win)))))"""
    # Ludii's sites: 0 the FirstSite store, 1-3 the bottom row, 4-6 the top row from the left
    # (ludi labels the top row along the track: C is its left end, Ludii's site 4)
    state = ludi.parse(mancala).initial_state()
    state.apply("c")  # the seed goes round to the top row's right end, A
    assert not state.is_terminal() and state.count("A") == 2 and state.count("C") == 1
    state.apply("A")  # A's two seeds: B, then C (Ludii's site 4) holds 2
    assert state.is_terminal() and state.winner == 1


def test_priority_without_braces():
    text = """(game "P" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
     (rules (play (priority (move Add (to (sites Centre))) (move Add (to (sites Empty)))))
      (end (if (is Line 3) (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["b2"]
    state.apply("b2")
    assert len(state.legal_moves()) == 8


MAPS = """(game "M" (players 2)
 (equipment {{(mancalaBoard 2 3 store:None {{(track "CCW" "0,E,N,W" loop:True)
                                            (track "CW" "2,W,N,E" loop:True)}})
   (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared) (hand Each)
   (map "Right" {{(pair P1 2) (pair P2 3)}}) (map "Left" {{(pair P1 0) (pair P2 5)}})
   (map "Opposite" {{(pair 0 5) (pair 1 4)}})}})
 (rules (start (set Count 3 to:(sites Track)))
  (play (or {{ {moves} }}))
  (end (if (no Moves Next) (result Mover Win)))))"""


def test_named_maps_and_maps_of_sites():
    # Ludii's sites without stores: 0-2 the bottom row, 3-5 the top row, from the left (ludi
    # labels the top row along the track: C B A); the hands come after them
    select = '(move Select (from {}) (then (sow "{}")))'
    text = MAPS.format(moves=" ".join([
        select.format('(mapEntry "Right" (mover))', "CCW"),
        select.format('(mapEntry "Left" (mover))', "CW"),
        select.format('(mapEntry "Opposite" (mapEntry "Left" (mover)))', "CCW"),
        select.format('(mapEntry "Opposite" (mapEntry "Right" (mover)))', "CCW")]))
    state = ludi.parse(text).initial_state()
    # Right of P1: c; Left: a; the opposite of a (0): A (5); c (2) is not in "Opposite": c
    assert [str(m) for m in state.legal_moves()] == ["c", "a", "A", "c"]
    state.apply(state.legal_moves()[1])  # a sown along "CW": it goes round the other way
    assert not state.is_terminal() and state.count("a") == 0 and state.count("A") == 4
    assert [str(m) for m in state.legal_moves()][:2] == ["C", "A"]  # P2's Right and Left


def test_a_tried_move_sees_its_own_lines_when_the_same_player_moves_again():
    # (do … ifAfterwards:(not (is Line 3))): every try looks at the lines of its own stone,
    # not at those the end clauses found for the stone before it (same ply, same player)
    text = """(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
     (rules (play (do (move Add (to (sites Empty)) (then (moveAgain)))
                      ifAfterwards:(not (is Line 3))))
      (end (if (is Line 4) (result Mover Win)))))"""
    state = play(text, "a1", "b1")
    assert "c1" not in [str(m) for m in state.legal_moves()]
    assert len(state.legal_moves()) == 6  # every other empty cell


def test_count_turns_is_ludiis_turn_number_from_one():
    # Ludii's numTurn: 1 in the first turn, one more each time the mover changes
    text = ('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
            '(rules (play (if (< (count Turns) 3) (move Add (to (intersection (sites Empty) '
            '(sites Bottom)))) (move Add (to (intersection (sites Empty) (sites Top)))))) '
            '(end (if (is Full) (result Mover Draw)))))')
    assert len(play(text).legal_moves()) == 3  # turn 1: the bottom row
    assert len(play(text, "a1").legal_moves()) == 2  # turn 2: still the bottom row
    assert sorted(str(m) for m in play(text, "a1", "b1").legal_moves()) == ["a3", "b3", "c3"]


def test_set_pending_holds_until_the_next_move():
    # Ludii's (set Pending) in a move's consequences: (is Pending) in the next state only
    text = ('(game "P" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
            '(rules (play (if (is Pending) (move Add (to (intersection (sites Empty) '
            '(sites Top)))) (move Add (to (intersection (sites Empty) (sites Bottom))) '
            '(then (set Pending))))) (end (if (is Full) (result Mover Draw)))))')
    assert sorted(str(m) for m in play(text, "a1").legal_moves()) == ["a3", "b3", "c3"]
    assert sorted(str(m) for m in play(text, "a1", "a3").legal_moves()) == ["b1", "c1"]


STEPS = """(game "S" (players 2) (equipment {(board (square 5)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty) if:(= 2 (count Steps RELATION (to) (centrePoint))))))
  (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("relation, expected", [
    ("Orthogonal", ["a3", "b2", "b4", "c1", "c5", "d2", "d4", "e3"]),
    ("", ["a1", "a2", "a3", "a4", "a5", "b1", "b5", "c1", "c5", "d1", "d5", "e1", "e2", "e3",
          "e4", "e5"]),  # Adjacent by default: the eight neighbours on square cells
])
def test_count_steps_is_the_fewest_steps_along_the_relation(relation, expected):
    state = ludi.parse(STEPS.replace("RELATION", relation)).initial_state()
    assert sorted(str(m) for m in state.legal_moves()) == expected


def test_count_steps_along_a_single_direction_is_refused():
    with pytest.raises(CompileError, match="counts along a relation"):
        ludi.parse(STEPS.replace("RELATION", "N"))


BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"

DRAW = """(game "Draw" (players 2)
  (equipment {{(board (rectangle 1 9)) (piece "Disc" Each)}})
  (rules
    (play (move Add (to (sites Empty)) (then {then})))
    (end (if (is Full) (result Mover Win)))))"""

STATE = "(set State at:(last To) (value Random (range {a} {b})))"


def draws(game: ludi.Game, seed: int | None, plies: int = 9) -> list[int]:
    """The local states left by the first ``plies`` moves, each on the first empty site."""
    state = game.initial_state(seed=seed)
    for cell in range(plies):
        state.apply(next(m for m in state.legal_moves() if m.to == cell))
    return [state.local_state(c) for c in range(plies)]


def test_a_random_value_is_in_its_range_and_a_seed_decides_it():
    game = ludi.parse(DRAW.format(then=STATE.format(a=1, b=6)))
    assert game.stochastic
    first = draws(game, 7)
    assert all(1 <= v <= 6 for v in first)
    assert draws(game, 7) == first  # the same seed, the same draws
    assert len({tuple(draws(game, s)) for s in range(20)}) == 20  # seeds differ
    # uniform over 1..6: 300 seeds' first draws, each value about 50 times
    counts = Counter(draws(game, s, plies=1)[0] for s in range(300))
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    assert all(25 <= n <= 80 for n in counts.values()), counts


def test_a_random_value_of_one_number_and_of_an_empty_range():
    game = ludi.parse(DRAW.format(then=STATE.format(a=3, b=3)))
    assert draws(game, 1) == [3] * 9
    undefined = "(if (= -1 (value Random (range 5 2))) (set State at:(last To) 7))"
    assert draws(ludi.parse(DRAW.format(then=undefined)), 1) == [7] * 9


def test_playouts_of_a_random_value_are_reproducible():
    from ludi.engine.playouts import run_playouts

    game = ludi.parse(DRAW.format(
        then="(if (< 3 (value Random (range 1 6))) (moveAgain))"))
    a, b = run_playouts(game, 50, 3), run_playouts(game, 50, 3)
    assert all((x == y).all() for x, y in zip(a, b, strict=True))
    lengths = set(a[0].tolist())  # a move again on a draw of 4..6: lengths vary, all 9
    assert lengths == {9}
    winners = Counter(a[1].tolist())
    assert set(winners) == {0, 1}  # who fills the board depends on the draws


@pytest.mark.parametrize("where, play", [
    ("if:", "(move Add (to (sites Empty) if:(< 3 (value Random (range 1 6)))))"),
    ("end", "(move Add (to (sites Empty)))"),
])
def test_a_random_value_outside_a_moves_effects_is_refused(where, play):
    end = "(if (< 3 (value Random (range 1 6))) (result Mover Win))" if where == "end" \
        else "(if (is Full) (result Mover Win))"
    text = f"""(game "Draw" (players 2) (equipment {{(board (rectangle 1 9)) (piece "Disc" Each)}})
      (rules (play {play}) (end {end})))"""
    with pytest.raises(CompileError, match="only in a move's effects") as err:
        ludi.parse(text)
    assert "(value Random" in str(err.value)


LIMITS = """(game "Limits" (players 2)
  (equipment {{(board (rectangle 1 20)) (piece "Disc" Each)}})
  (rules
    (play (move Add (to (sites Empty))))
    (end (if {cond} (result Mover Win)))))"""


def test_the_move_and_turn_limits_are_ludiis():
    by_moves = ludi.parse(LIMITS.format(cond="(>= (count Moves) (- (value MoveLimit) 9995))"))
    state = by_moves.initial_state()
    for _ in range(5):
        assert not state.is_terminal()
        state.apply(state.legal_moves()[0])
    assert state.is_terminal() and state.winner == 0  # P1 made the 5th move
    by_turns = ludi.parse(LIMITS.format(cond="(= (count Turns) (- (value TurnLimit) 1244))"))
    state = by_turns.initial_state()
    for _ in range(6):  # (count Turns) is 1 in the first turn: 6 after the sixth move
        assert not state.is_terminal()
        state.apply(state.legal_moves()[0])
    assert state.is_terminal() and state.winner == 1
    # a game whose limit is changed reads the changed one: 100 - 9995 < 0, over at once
    short = by_moves.with_move_limit(100)
    state = short.initial_state()
    state.apply(state.legal_moves()[0])
    assert state.is_terminal()


SKIP = """(game "Skip" (players 2)
  (equipment {{(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True))
              (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared)}})
  (rules (start {{(set Count 1 to:(sites Track)) (set Count 3 at:0)}})
    (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
                       (then (sow {origin}skipIf:{skip}))))
    (end (if (= (count in:(sites Mover)) 0) (result Mover Loss)))))"""


@pytest.mark.parametrize("skip, origin, counts", [
    # three seeds from 0 along 1, 2, 5, 4, 3: site 2 is reached with 2 left and skipped
    ("(and (= (value) 2) (= (to) 2))", "", [0, 2, 1, 1, 2, 2]),
    # the last seed (1 left) skips site 5 and falls in 4
    ("(and (= (value) 1) (= (to) 5))", "", [0, 2, 2, 1, 2, 1]),
    # origin:True: one seed drops back in 0, and Ludii's count still counts it, so site 1 is
    # reached with 3 and site 2 with 2 (skipped): the last falls in 5
    ("(and (= (value) 2) (= (to) 2))", "origin:True ", [1, 2, 1, 1, 1, 2]),
])
def test_value_in_a_sowings_skip_is_the_seeds_left(skip, origin, counts):
    game = ludi.parse(SKIP.format(skip=skip, origin=origin))
    state = game.initial_state()
    state.apply(next(m for m in state.legal_moves() if m.frm == 0))
    assert [state.count(c) for c in range(6)] == counts


def test_value_outside_a_sowings_skip_is_refused():
    with pytest.raises(CompileError, match=r"only in a sowing's skipIf") as err:
        ludi.parse(SKIP.format(skip="(= (count at:(to)) 9)", origin="count:(value) "))
    assert "(value)" in str(err.value)


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", ["sow/two_rows/Gabata (Ghinda).lud", "hunt/Ludus Coriovalli.lud"])
def test_library_files_with_values_play_as_ludii_does(rel):
    """(value Random (range 1 100)) deciding who owns a hole between rounds; the move and turn
    limits in an end rule."""
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
