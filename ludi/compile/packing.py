"""Packed houses (``T.PACK``): the tables that let a sowing game keep its houses' counts in the
fields of two words, chosen once every rule is compiled.

A game qualifies when it takes the whole sowing turn in one kernel (``P.SOW_TURN``), its one
track loops over every site of the board and nothing else, seeds are never skipped, the board
fits ``PACKED_SITES`` fields and the start puts at most ``FIELD_MAX`` seeds on it (sowing moves
seeds and captures take them off, so no house can hold more). Then a sowing is two word
additions from these tables and a position is its two words (``P.PACKED_KEY``), and random
playouts sow on the words (``P.SOW_PACKED``, :mod:`ludi.engine.kernels.packed`).
"""

from __future__ import annotations

import numpy as np

from ludi.compile import layout as L

#: The most slots the history's index has (32 KB: it stays in the fastest cache; random
#: games keep about ten positions, and a history past half of it is scanned instead).
INDEX_SLOTS = 4096


def packed_tables(c) -> np.ndarray:
    """The ``T.PACK`` section of compiler ``c`` (empty when the game does not qualify; the
    header flags are set when it does)."""
    p = c.params
    board = int(p[L.P.BOARD_CELLS])
    track = [int(site) for site in c.track]
    own_code, opp_code = int(p[L.P.SOW_OWN]), int(p[L.P.SOW_OPP])
    if p[L.P.SOW_TURN] != 1 or not c.track_loop or sorted(track) != list(range(board)) \
            or board < 2 \
            or p[L.P.SOW_SKIP] != 0 or board > L.PACKED_SITES or p[L.P.LOCAL_STATES] \
            or int(c.init_counts[:board].sum()) > L.FIELD_MAX or min(own_code, opp_code) < 0:
        return np.zeros(0, np.int64)
    own = [np.flatnonzero(c.region_rows[own_code][colour]).tolist() for colour in range(2)]
    opp = [np.flatnonzero(c.region_rows[opp_code][colour]).tolist() for colour in range(2)]
    if any(site >= board for sites in own + opp for site in sites) \
            or max(len(sites) for sites in own) > p[L.P.MAX_MOVES] \
            or min(c.map_sites[:2]) < board:
        return np.zeros(0, np.int64)
    place = {site: k for k, site in enumerate(track)}
    include_self = bool(p[L.P.SOW_FLAGS] & L.SOW.INCLUDE_SELF)
    per_lap = len(track) if include_self else len(track) - 1

    def landing(house: int) -> list[int]:
        """The sites a lap of seeds from ``house`` drops into, in order."""
        at = place[house]
        steps = range(1, len(track) + 1) if include_self else range(1, len(track))
        return [track[(at + k) % len(track)] for k in steps]

    lap, add, last, prev = [], [], [], []
    for house in range(board):
        places = landing(house)
        lap += words(places)
        for r in range(per_lap):
            add += words(places[:r])
            last.append(places[r - 1] if r > 0 else places[-1])
        prev.append(track[(place[house] - 1) % len(track)])
    owned = []
    for sites in own:
        owned += [len(sites)] + sites + [0] * (board - len(sites))
    full = [word * L.FIELD_MAX for sites in opp for word in words(sites)]
    stores = [int(c.map_sites[colour]) for colour in range(2)]
    parts = {L.PK.LAP: lap, L.PK.ADD: add, L.PK.LAST: last, L.PK.PREV: prev,
             L.PK.OWN: owned, L.PK.OPP: full, L.PK.STORE: stores}
    header = [0] * L.PK.SIZE
    header[L.PK.CELLS], header[L.PK.PER_LAP] = board, per_lap
    header[L.PK.GATED] = int(not _clauses_read_board(c, board))
    if p[L.P.HISTORY]:  # the history's index: one more work section (after bounds.prove's)
        slots = min(1 << (2 * int(p[L.P.HISTORY])).bit_length(), INDEX_SLOTS)
        header[L.PK.INDEX], header[L.PK.SLOTS] = int(p[L.P.WORK_SIZE]), slots
        p[L.P.WORK_SIZE] += slots + 1
    at = L.PK.SIZE
    for name, values in parts.items():
        header[name] = at  # (from the start of the section)
        at += len(values)
    p[L.P.PACKED_KEY] = 1
    p[L.P.SOW_PACKED] = 1
    return np.array(header + [v for values in parts.values() for v in values], np.int64)


def words(sites: list[int]) -> list[int]:
    """The two words with one seed in each of ``sites``."""
    out = [0, 0]
    for site in sites:
        out[site // L.PER_WORD] += 1 << (L.FIELD_BITS * (site % L.PER_WORD))
    return out


def _clauses_read_board(c, board: int) -> bool:
    """Does an end clause compare a board site's count (which every sowing changes)?"""
    return any(c.code.get(i, "kind") == L.OP.COUNT_CMP and 0 <= c.code.get(i, "site") < board
               for k in range(len(c.clauses))
               for i in c.clause_code(k))
