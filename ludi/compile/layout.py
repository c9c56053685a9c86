"""The numeric layout shared by the compiler (which writes it) and the engine (which reads it).

A compiled game is ONE flat int64 array ``t`` (the tables) and a position is ONE flat int64 array
``s`` (the state). Kernels take these two arrays and nothing else, which keeps every call cheap in
numba, makes copying a state a single ``memcpy`` (MCTS copies states all the time), and means a
new description is new data for the same machine code: the kernels are compiled once, for all
games.

Tables ``t``: a header of ``T_HEADER`` integers (the ``P_*`` parameters and the ``T_*`` offsets of
the sections below), then the sections:

====================  =====================================================================
section (offset)      contents
====================  =====================================================================
``T_NBR``             neighbour of cell c in direction d at ``c * P_DIRS + d`` (-1 off board)
``T_AXES``            the board's line axes: pairs of opposite directions, ``P_NUM_AXES`` x 2
``T_ADJ``             the directions that join groups, ``P_NUM_ADJ`` of them
``T_CELLBITS``        goal bits of each cell (corners, sides, player regions), one per cell
``T_RIM``             1 on edge cells
``T_ADD_MASK``        1 where the add move may place
``T_CONN``            per connection test, the goal mask of each colour (4 per test)
``T_CODE``            condition programs, ``OP_WIDTH`` integers an op (postfix)
``T_CLAUSES``         end clauses: [code start, code end, role, outcome], in order
====================  =====================================================================

State ``s``: ``INFO_SIZE`` scalars (the ``I_*`` entries), then per-cell sections of C entries each
at ``INFO_SIZE + k*C``: ``S_BOARD`` (0 empty, colour+1), ``S_EMPTIES`` (the empty cells, the
first ``I_NEMPTY``), ``S_EPOS`` (position of each cell in the empties list), ``S_PARENT``
(union-find), ``S_GMASK`` (goal bits of the group rooted at the cell).
"""

from __future__ import annotations

# ---------------------------------------------------------------- table header
P_PLAYERS = 0  # number of players
P_CELLS = 1  # number of cells C
P_SWAP = 2  # 1: pie rule (2 players)
P_MOVE_LIMIT = 3  # plies before the game is stopped as a timeout
P_PLAY = 4  # move generator (PLAY_*)
P_GROUPS = 5  # 1: keep union-find groups (connection ends)
P_LOOPS = 6  # 1: track loop closing (is Loop)
P_FIRST_WIN_ENDS = 7  # 1: with n > 2 players, a win ends the game (seed rules)
P_ADD_ALL = 8  # 1: add-to-empty may use every empty cell (fast path)
P_NUM_AXES = 9  # number of line axes of the board
P_NUM_CLAUSES = 10
P_DIRS = 11  # directions per cell in T_NBR
P_NUM_ADJ = 12
T_NBR = 16
T_AXES = 17
T_ADJ = 18
T_CELLBITS = 19
T_RIM = 20
T_ADD_MASK = 21
T_CONN = 22
T_CODE = 23
T_CLAUSES = 24
T_HEADER = 32

PLAY_ADD = 1  # (move Add (to REGION)): place on empty cells of a region

# ---------------------------------------------------------------- roles (in codes)
ROLE_MOVER = -1
ROLE_NEXT = -2
ROLE_PREV = -3
# players P1..P4 are colours 0..3

# ---------------------------------------------------------------- outcomes
WIN = 1
LOSS = 2
DRAW = 3

# ---------------------------------------------------------------- condition ops
# each op is [op, a, b, c, d, e]; a condition is a postfix program of ops
OP_WIDTH = 6
OP_TRUE = 1
OP_FALSE = 2
OP_LINE = 3  # a=length b=axes bitmask c=exact d=role
OP_CONN = 4  # a=connection test index b=needed bits (-1: all of the mask) c=role
OP_LOOP = 5  # a=role
OP_NO_MOVES = 6  # a=role
OP_NOT = 7
OP_AND = 8  # a=number of operands
OP_OR = 9  # a=number of operands
OP_FULL = 10  # the board has no empty cell

# ---------------------------------------------------------------- moves (int64)
# kind in the low 4 bits, destination cell above
MOVE_ADD = 1
MOVE_SWAP = 2
MOVE_PASS = 3
KIND_BITS = 4
KIND_MASK = (1 << KIND_BITS) - 1

# ---------------------------------------------------------------- state scalars
I_MOVER = 0  # colour to move
I_PLY = 1
I_LAST_TO = 2
I_LAST_FROM = 3
I_NEMPTY = 4
I_OVER = 5  # 1 when the game has ended
I_WINNER = 6  # colour of the winner, -1 none (draw or ongoing)
I_END_OP = 7  # index of the condition op that ended the game; END_* when negative
I_SWAPPED = 8  # 1 after a pie-rule swap: player p plays colour 1-p
I_LOOP_FLAG = 9  # the last stone touched one group in two separate arcs
I_RUNS_KEY = 10  # (ply, colour) for which the run-length cache is valid, 0 none
I_END_CLAUSE = 11  # index of the end clause that applied
I_CELLS = 12  # C, copied here so state-only helpers can find the sections
I_RANKS = 16  # ranks by colour (0 = not ranked yet), 4 slots
I_ACTIVE = 20  # 1 if the colour is still playing, 4 slots
I_RUNS = 24  # run-length cache, one per axis (up to 8)
INFO_SIZE = 32

S_BOARD = 0
S_EMPTIES = 1
S_EPOS = 2
S_PARENT = 3
S_GMASK = 4
S_SECTIONS = 5

END_NONE = 0
END_NO_MOVES = -1  # the player to move had no legal move (a full board): draw
END_TIMEOUT = -2  # the move limit was reached


def state_size(cells: int) -> int:
    return INFO_SIZE + S_SECTIONS * cells


def section(cells: int, k: int) -> slice:
    """The slice of state section ``k`` (``S_BOARD`` …) for a board of ``cells`` cells."""
    start = INFO_SIZE + k * cells
    return slice(start, start + cells)
