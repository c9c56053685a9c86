"""Rule tests for the track ludemes of the sowing games, from Ludii's source, and Ludii's
statistics for library files that use them:

- ``(trackSite FirstSite [ROLE] ["Name"] [from:SITE] [if:COND])`` (TrackSiteFirstTrack): from
  SITE (the track's first site by default) along the track, round past its end, the first site
  where COND holds with ``(to)`` set to it; Undefined (-1) when none does or SITE is off the
  track.
- ``(sites Track [ROLE] ["Name"] from:A to:B)`` (SitesTrack): the track's sites from A on to B,
  round past its end; the whole track when B is not on it, none when A is not.
- ``(set NextPlayer (player N))`` (SetNextPlayer): player N moves next; Ludii's (moveAgain) is
  the same action (ActionSetNextPlayer) with the mover, so the last one of a move decides.
"""

from __future__ import annotations

import pytest
from conftest import LUDII, SMALL_MANCALA, mancala_counts

import ludi
from ludi.engine.game import from_description
from ludi.errors import CompileError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import disagreements, read_reference, sample_random_play

BOARD = SMALL_MANCALA


#: files that agree with Ludii (400 playouts each), the ludemes above unblocking them
AGREEING = [
    "sow/two_rows/Mawkar Katiya.lud", "sow/two_rows/Obridje.lud", "sow/two_rows/Pallankuli.lud",
    "sow/four_rows/Ikibuguzo (Opening 2).lud", "sow/two_rows/Erherhe.lud",
    "sow/two_rows/Gabata (Adegrat).lud", "sow/two_rows/Papan Dakon.lud",
    "sow/two_rows/Gabata (Ansaba).lud",
    "race/reach/Tourne-Case.lud"]  # (count Pips … in:(sites Track Mover …)): the mover's track


def game(play: str, players: int = 2) -> ludi.Game:
    return ludi.parse(BOARD.format(play=play, players=players))


def first_site(spec: str) -> list[str]:
    """The moves from c to the site ``(trackSite FirstSite spec)`` names."""
    play = f'(move (from (mapEntry "Right" Mover)) (to (trackSite FirstSite {spec})))'
    return [str(m) for m in game(play).initial_state().legal_moves()]


@pytest.mark.parametrize("spec, moves", [
    ('from:(mapEntry "Left" Next) if:(is Occupied (to))', ["c-B"]),  # A empty, B holds 1
    ('from:(mapEntry "Left" Next)', ["c-A"]),  # no if: the site itself
    ("if:(= 1 (count at:(to)))", ["c-B"]),  # from the track's start, a
    ('"T" if:(is Empty (to))', ["c-b"]),
    ('from:(mapEntry "Right" Next) if:(is Empty (to))', ["c-C"]),
    ('from:(mapEntry "Left" Next) if:(= 3 (count at:(to)))', ["c-a"]),  # round past the end
    ("if:(= 9 (count at:(to)))", []),  # none: Undefined, no move
])
def test_first_site_along_a_track(spec, moves):
    assert first_site(spec) == moves


SPAN_COUNT = ('(move Select (from (sites Mover) if:(= {n} (count Sites in:(forEach (sites Track '
              'from:(from) to:{to}) if:(is Occupied (site)))))) (then (moveAgain)))')


def test_a_span_of_a_track_in_a_loop_of_conditions():
    # a: a b c hold 2 occupied; b: b c A 1; c: c A B 2
    to = '(trackSite Move from:(from) "T" steps:2)'
    state = game(SPAN_COUNT.format(n=2, to=to)).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["a", "c"]
    # to:Undefined is off the track: the whole track, round from the from site
    state = game(SPAN_COUNT.format(n=3, to="Undefined")).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["a", "b", "c"]


def test_a_span_of_a_track_in_a_for_each_site():
    play = ('(move Select (from (sites Mover) if:(is Occupied (from))) (then (forEach Site '
            '(sites Track from:(last From) to:(trackSite Move from:(last From) "T" steps:2)) '
            '(fromTo (from (site)) (to (mapEntry "Right" Next)) count:(count at:(site))))))')
    state = game(play).initial_state()
    state.apply("c")  # c A B empty into C
    assert mancala_counts(state) == [3, 0, 0, 4, 0, 0]
    state = game(play).initial_state()
    state.apply("a")  # a b c
    assert mancala_counts(state) == [0, 0, 0, 6, 1, 0]


def test_a_span_elsewhere_is_refused():
    play = ('(move Select (from (sites Mover) if:(is In (from) (sites Track from:(from) '
            'to:(from)))) (then (moveAgain)))')
    with pytest.raises(CompileError, match=r"supported as the region of \(forEach Site"):
        game(play)


def test_sites_of_a_track_whose_name_contains_the_name():
    play = ('(move Select (from (intersection (sites Mover) (sites Track "")) '
            'if:(is Occupied (from))) (then (moveAgain)))')
    assert [str(m) for m in game(play).initial_state().legal_moves()] == ["a", "c"]


NEXT = ('(move Select (from (sites Mover) if:(is Occupied (from))) (then (and {{{effects}}})))')


@pytest.mark.parametrize("effects, again", [
    ("(set NextPlayer (player 1))", True),
    ("(set NextPlayer (player 2))", False),
    ("(set NextPlayer (player (mover)))", True),
    ("(moveAgain) (set NextPlayer (player 2))", False),  # the last one decides
    ("(set NextPlayer (player 2)) (moveAgain)", True),
])
def test_set_next_player(effects, again):
    state = game(NEXT.format(effects=effects)).initial_state()
    state.apply("a")
    assert state.to_move == (0 if again else 1)


def test_set_next_player_needs_two_players():
    with pytest.raises(CompileError, match="two-player games only"):
        game(NEXT.format(effects="(set NextPlayer (player 1))"), players=3)


# ------------------------------------------------------------------ Ludii's library files
BOARD_DIR = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", AGREEING)
def test_games_of_ludiis_library_play_as_ludii_does(rel):
    """(trackSite FirstSite …), (sites Track [ROLE] … [from: to:]) and (set NextPlayer …) as
    these files use them, with 400 random playouts."""
    game = from_description(load_description(BOARD_DIR / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
