"""Random sowing turns on packed houses (``P.SOW_PACKED``, ``ludi.engine.kernels.packed``).

The compiler packs a sowing game's houses into two words when its board fits them; the random
playouts then sow on the words, find positions through an index of the history and try end
clauses that read no house only when what they read changed. Each playout must end in exactly
the state (every integer, the history included) that the same draws leave on the sowing turn.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from conftest import final_states
from test_sow_turn import NEXT_STUCK, RULESETS, oware_text

import ludi
from ludi.compile import layout as L
from ludi.engine import kernels as K
from ludi.engine import run_playouts
from ludi.engine.kernels.history import LAST_GENERATION
from ludi.lang import parse

#: An end clause on a house (sowing changes it every turn: the clauses are tried every turn).
HOUSE_END = oware_text(
    first=("(if (>= (count at:(mapEntry P1)) 25) (result P1 Win))",
           '(if (>= (count at:(mapEntry "Watch" P1)) 9) (result P1 Win))'),
    maps=("(map {(pair P1 FirstSite) (pair P2 LastSite)})",
          '(map {(pair P1 FirstSite) (pair P2 LastSite)}) (map "Watch" {(pair P1 4) (pair P2 7)})'))
#: 72 seeds: more than a field holds.
SIX_A_HOUSE = oware_text(start=("(set Count 4 to:(sites Track))",
                                "(set Count 6 to:(sites Track))"))


def from_text(text: str) -> ludi.Game:
    return ludi.engine.from_description(parse(text))


PACKED = [("Abapa", ludi.load("oware")),
          ("Wari", ludi.load("oware", options=RULESETS["Wari"])),
          ("next-stuck", from_text(NEXT_STUCK)),
          ("house-end", from_text(HOUSE_END))]


def test_the_compiler_packs_boards_that_fit():
    for name, game in PACKED:
        assert game.fast_paths == ("sow", "sow_turn", "sow_packed"), name
        assert game.tables[L.P.PACKED_KEY] == 1
    gated = {name: int(g.tables[int(g.tables[L.T.PACK]) + L.PK.GATED]) for name, g in PACKED}
    assert gated == {"Abapa": 1, "Wari": 1, "next-stuck": 1, "house-end": 0}
    awari = ludi.load("oware", options=RULESETS["Awari"])  # (houses of 12 are skipped)
    assert awari.fast_paths == ("sow", "sow_turn") and awari.tables[L.P.PACKED_KEY] == 0
    assert from_text(SIX_A_HOUSE).fast_paths == ("sow", "sow_turn")
    off = ludi.load("oware").without_fast_paths("sow_packed")
    assert off.fast_paths == ("sow", "sow_turn") and off.tables[L.P.PACKED_KEY] == 1
    assert ludi.load("oware").without_fast_paths("sow_turn").fast_paths == ("sow",)


@pytest.mark.parametrize("name,game", PACKED, ids=[n for n, _ in PACKED])
def test_packed_playouts_end_in_the_same_states(name, game):
    """Every integer of every final state, the history's entries and counts included, as the
    sowing turn on the state's arrays leaves it; and the same lengths, winners and end ops."""
    turn = game.without_fast_paths("sow_packed")
    ours = final_states(game, 400, 1)
    for a, b in zip(ours, final_states(turn, 400, 1), strict=True):
        np.testing.assert_array_equal(a, b)
    assert len({int(s[L.I.END_CLAUSE]) for s in ours}) >= 3  # (games end by several clauses)
    for seed in (2, 3):
        for a, b in zip(run_playouts(game, 2000, seed), run_playouts(turn, 2000, seed),
                        strict=True):
            np.testing.assert_array_equal(a, b)


def test_playouts_from_a_position_with_a_history():
    """A playout entering with positions already recorded (as MCTS's rollouts do) indexes them
    first: a repetition of one of them ends the game as it does on the arrays."""
    game = ludi.load("oware")
    state = game.initial_state()
    rng = np.random.default_rng(4)
    while state.ply < 30:
        moves = state.legal_moves()
        state.apply(moves[int(rng.integers(len(moves)))])
    assert state._s[L.I.HIST_LEN] > 1
    turn = game.without_fast_paths("sow_packed")
    ours, theirs = final_states(game, 300, 5, state), final_states(turn, 300, 5, state)
    for a, b in zip(ours, theirs, strict=True):
        np.testing.assert_array_equal(a, b)


def test_a_board_too_full_to_pack_plays_on_the_arrays():
    """A position with more seeds than a field holds (built by hand) is played on the arrays,
    its history keyed site by site, until captures leave few enough seeds to pack."""
    game = ludi.load("oware")
    crowded = game.state_from(counts=[7] * 12, stores=[0, 0])  # 84 seeds
    turn = game.without_fast_paths("sow_packed")
    ours, theirs = final_states(game, 200, 6, crowded), final_states(turn, 200, 6, crowded)
    for a, b in zip(ours, theirs, strict=True):
        np.testing.assert_array_equal(a, b)
    counts = L.section(game.board.num_cells, L.S.COUNTS)
    assert min(int(s[counts][:12].sum()) for s in ours) <= L.FIELD_MAX  # (packed by the end)


def test_the_index_starts_afresh_when_its_generations_run_out():
    game = ludi.load("oware")
    t = game.tables
    pk = int(t[L.T.PACK])
    tag = int(t[pk + L.PK.INDEX]) + int(t[pk + L.PK.SLOTS])  # where the generation is kept
    expected = run_playouts(game, 300, 7)
    work = game.new_work()
    work[tag] = LAST_GENERATION - 40  # the stream runs past the last generation
    lengths, winners, reasons = (np.zeros(300, np.int64) for _ in range(3))
    K.playouts(t, game.initial_state()._s, work, 300, 7, lengths, winners, reasons)
    game.check(work)
    assert 0 < work[tag] < 300 * 100  # (it started again from 1)
    for a, b in zip((lengths, winners, reasons), expected, strict=True):
        np.testing.assert_array_equal(a, b)


def test_a_history_longer_than_half_the_index_is_scanned():
    """An index of 8 slots holds 4 positions; past that the playout scans the history until the
    count on the board changes, and still ends every game as the arrays do."""
    game = ludi.load("oware")
    tables = game.tables.copy()
    tables[int(tables[L.T.PACK]) + L.PK.SLOTS] = 8
    small = ludi.Game(replace(game.spec, tables=tables))
    turn = game.without_fast_paths("sow_packed")
    ours = final_states(small, 300, 8)
    for a, b in zip(ours, final_states(turn, 300, 8), strict=True):
        np.testing.assert_array_equal(a, b)
    assert sum(int(s[L.I.HIST_LEN]) > 4 for s in ours) > 30  # (games that ended scanning)
