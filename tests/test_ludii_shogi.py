"""Rule tests for Ludii's ``(range A B)`` in a ``(between …)`` and ``(sites Occupied …
components:{…})``, from Ludii's source:

- in a Hop (``Hop.java``, ``eval``): the piece jumps over a run of sites in a row where the
  between-condition holds, starting at the first (after up to ``before:`` sites), the longest up
  to B and at least A; it lands past the whole run (Ludii also tries landings inside a run longer
  than A, which a to-condition wanting an empty site refuses when the run is of enemy pieces:
  ludi plays a range only then), and the between's ``(apply …)`` runs at each site of the run;
- in a custodial capture (``Custodial.java``): only the range's most is read, as ``(max B)``;
- ``(sites Occupied by:ROLE components:{"A" "B"})`` (``SitesOccupied.java``): the sites of the
  role's pieces whose kind (the name without the player's number) is one of those named.

And Ludii's own statistics of random play for games of its library that use them.
"""

from __future__ import annotations

import pytest
from conftest import LUDII

import ludi
from ludi.compile import layout as L
from ludi.engine.game import from_description
from ludi.errors import CompileError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import disagreements, read_reference, sample_random_play

BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"

TIGER = """(game "Tiger" (players 2)
  (equipment {{(board (square 7))
    (piece "Tiger" P1 (move Hop Orthogonal
      (between {span} {after} if:{over} (apply (remove (between))))
      (to if:{to})))
    (piece "Man" P2 (move Step (to if:(is Empty (to)))))}})
  (rules (start {{ {start} }}) (play (forEach Piece))
    (end (if (no Pieces Next) (result Mover Win)))))"""


def tiger(start: str, span: str = "(range 1 3)", to: str = "(is Empty (to))", after: str = "",
          over: str = "(is Enemy (who at:(between)))") -> ludi.Game:
    return ludi.parse(TIGER.format(start=start, span=span, to=to, after=after, over=over))


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_a_hop_jumps_a_whole_run_of_enemy_pieces_and_captures_each():
    g = tiger('(place "Tiger1" {"A1"}) (place "Man2" {"A2" "A3" "B1" "G7"})')
    # north: a2 and a3 in a row, landing on a4; east: b1 alone, landing on c1
    assert moves(g.initial_state()) == ["a1-a4", "a1-c1"]
    state = g.initial_state()
    state.apply("a1-a4")
    for cell in ("a1", "a2", "a3"):
        assert state.owner(g.board.cell(cell)) is None
    assert state.owner(g.board.cell("a4")) == 0 and state.owner(g.board.cell("b1")) == 1


def test_a_run_longer_than_the_range_or_shorter_than_its_least_gives_no_hop():
    # north: a2..a5, four men; the run stops at three and a5 is no landing
    g = tiger('(place "Tiger1" {"A1"}) (place "Man2" {"A2" "A3" "A4" "A5" "B1"})')
    assert moves(g.initial_state()) == ["a1-c1"]
    # (range 2 3): b1 alone is too short a run
    g = tiger('(place "Tiger1" {"A1"}) (place "Man2" {"A2" "A3" "B1"})', span="(range 2 3)")
    assert moves(g.initial_state()) == ["a1-a4"]


def test_the_to_condition_reads_the_landing_of_a_run():
    # Rimau-Rimau's rule: an odd number of men captured, an even number of steps
    even = "(and (is Empty (to)) (is Even (count Steps (from) (to))))"
    g = tiger('(place "Tiger1" {"A1"}) (place "Man2" {"A2" "A3" "B1"})', to=even)
    assert moves(g.initial_state()) == ["a1-c1"]


def test_with_no_after_a_hop_lands_past_each_length_of_run_from_the_least():
    # Lombard Chess's king: over 1 or 2 sites holding no enemy, to an empty site
    g = tiger('(place "Tiger1" {"A1"}) (place "Man2" {"D1"})', span="(range 1 2)",
              over="(not (is Enemy (who at:(between))))")
    assert moves(g.initial_state()) == ["a1-a3", "a1-a4", "a1-c1"]  # d1 holds a man


def test_the_move_bound_counts_a_landing_for_each_length_of_run():
    g = ludi.parse("""(game "One Hopper" (players 2)
      (equipment {(board (square 7)) (piece "Disc" Each)})
      (rules (start (place "Disc1" {"D4"}))
        (play (move Hop (from (centrePoint)) N
          (between (range 1 5) if:(not (is Enemy (who at:(between))))) (to if:(is Empty (to)))))
        (end (if (no Moves Next) (result Mover Win)))))""")
    assert moves(g.initial_state()) == ["d4-d6", "d4-d7"]  # over d5, over d5 and d6
    assert int(g.tables[L.P.MAX_MOVES]) >= 5


def test_with_after_a_range_whose_landings_could_fall_inside_the_run_is_refused():
    with pytest.raises(CompileError, match="run of sites"):
        tiger('(place "Tiger1" {"A1"})', after="after:2", to="(not (is Friend (who at:(to))))")


FLANK = """(game "Flank" (players 2)
  (equipment {{(board (square 6)) (piece "Disc" Each (move Step (to if:(is Empty (to)))
    (then (custodial (from (last To)) Orthogonal (between {span})
                     (to if:(is Friend (who at:(to))))))))}})
  (rules (start {{(place "Disc1" {{"A3" "E2"}}) (place "Disc2" {{"B2" "C2" "D2"}})}})
    (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))"""


@pytest.mark.parametrize("span, taken", [("(range 1 2)", False), ("(range 1 3)", True),
                                         ("(range 3 3)", True)])
def test_a_custodial_reads_a_range_as_its_most(span, taken):
    g = ludi.parse(FLANK.format(span=span))
    state = g.initial_state()
    state.apply("a3-a2")  # b2, c2, d2 in a row, then e2: flanked when three may be
    assert [state.owner(g.board.cell(c)) is None for c in ("b2", "c2", "d2")] == [taken] * 3


def test_a_range_is_read_in_a_hop_or_a_custodial_only():
    with pytest.raises(CompileError, match="hop or a custodial"):
        ludi.parse("""(game "Slider" (players 2)
          (equipment {(board (square 4)) (piece "Rook" Each (move Slide (between (range 1 2))))})
          (rules (start (place "Rook1" {"A1"})) (play (forEach Piece))
            (end (if (no Moves Next) (result Mover Win)))))""")


KINDS = """(game "Kinds" (players 2)
  (equipment {{(board (square 4)) (piece "King" Each) (piece "Rook" Each) (piece "Pawn" Each)}})
  (rules (start {{(place "King1" {{"A1"}}) (place "Rook1" {{"B1"}}) (place "Pawn1" {{"C1"}})
                 (place "Rook2" {{"D4"}}) (place "King2" {{"C4"}})}})
    (play (move Select (from (sites Occupied by:{role} {kinds}))))
    (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("role, kinds, sites", [
    ("Mover", 'components:{"King" "Rook"}', ["a1", "b1"]),
    ("Next", 'components:{"Rook" "Pawn"}', ["d4"]),
    ("P1", 'components:{"Pawn" "Rook"}', ["b1", "c1"]),
    ("P2", 'components:{"King"}', ["c4"]),
    ("Mover", 'component:"Pawn"', ["c1"]),
])
def test_sites_occupied_by_components_holds_the_pieces_of_those_kinds(role, kinds, sites):
    g = ludi.parse(KINDS.format(role=role, kinds=kinds))
    assert moves(g.initial_state()) == sites


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", ["hunt/Rimoe.lud", "hunt/Rimau-Rimau (One Tiger).lud",
                                 "war/leaping/diagonal/Damenspiel.lud",
                                 "war/leaping/diagonal/Damspel.lud"])
def test_hops_over_runs_in_ludiis_library_play_as_ludii_does(rel):
    """Rimoe's king and Rimau-Rimau's tiger jump a row of 1 to 9 men, an odd number of them;
    Damenspiel's and Damspel's kings fly over a row of men to land anywhere beyond: 400 seeded
    playouts against Ludii's own statistics."""
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []


@pytest.mark.needs("ludii")
def test_a_custodial_range_in_ludiis_library_plays_as_ludii_does():
    """Gundru flanks a row of up to (range 1 (count Rows)) enemy pieces: 400 seeded playouts
    against Ludii's own statistics."""
    rel = "war/custodial/Gundru.lud"
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
