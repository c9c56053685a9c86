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
(union-find), ``S_GMASK`` (goal bits of the group rooted at the cell), ``S_COUNTS`` (pieces or
counters on the cell); then ``P_HISTORY`` hashes of the positions since the count on the board
last changed (for ``(is Cycle)`` and repetition tests).
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
P_PROG_LEN = 13  # instructions in T_PROG
P_TRACK_LEN = 14  # length of the sowing track (0: none)
P_TRACK_LOOP = 15  # 1: the track loops
P_HISTORY = 25  # capacity of the position history (0: no repetition tests)
P_CONN_ALL = 26  # 1 when every cell starts empty and pieces never move (placement games)
P_STATE_SIZE = 27  # length of a state array
P_BOARD_CELLS = 28  # playable cells (the rest are stores and hands)
T_NBR = 16
T_AXES = 17
T_ADJ = 18
T_CELLBITS = 19
T_RIM = 20
T_ADD_MASK = 21
T_CONN = 22
T_CODE = 23
T_CLAUSES = 24
T_REGIONS = 29  # static regions: per region, per colour (4), C entries of 0/1
T_GEN = 30  # move generators, GEN_WIDTH integers each
T_LIST = 31  # child lists of generators and effect sequences
T_EFF = 32  # effects, EFF_WIDTH integers each
T_TRACK = 33  # the track's cells in order, then each cell's position on it (-1: off track)
T_SITES = 34  # per colour (4): map entry (store) site, then hand site; -1 none
T_INIT = 35  # initial count of each cell, then initial owner (0 empty, colour+1)
P_NO_MOVES = 36  # 1: end clauses test (no Moves …): the kernels count moves before trying them
T_PROG = 37  # the move program, PROG_WIDTH integers an instruction
# the sowing fast path (see ludi.compile.shapes): set when the moves are the usual mancala shape
P_SOW_FAST = 40  # 1: use the sowing kernels for moves
P_SOW_GEN = 41  # the Select leaf generator whose moves they make
P_SOW_CAPTURE = 42  # bitmask of the counts that capture (bit k: a house holding k)
P_SOW_FLAGS = 43  # SOW_* bits below
P_SOW_SKIP = 44  # skip houses holding at least this many (0: none)
P_SOW_OWN = 45  # region code of the mover's houses
P_SOW_OPP = 46  # region code of the opponent's houses
P_LINE_ONLY = 47  # 1: every end test is a line of 2 or more (winning sites touch own stones)
T_DYNREG = 48  # regions computed by trial moves: DYNREG_WIDTH integers each
T_XY = 49  # coordinates of each cell (q, r), for distances
T_HEADER = 56

SOW_INCLUDE_SELF = 1  # sowing may drop a seed back in the origin
SOW_BACKTRACK = 2  # capture backwards from the last house while houses qualify
SOW_SLAM_NO_CAPTURE = 4  # a capture that would take every opposing seed takes nothing
SOW_FEED = 8  # a move must leave the opponent some seeds (ifAfterwards)

PLAY_ADD = 1  # (move Add (to REGION)): place on empty cells of a region (fast path)
PLAY_GEN = 2  # the move program of T_PROG

# ---------------------------------------------------------------- regions (codes)
# a code >= 0 is a static region (T_REGIONS row); negative codes are computed from the state
REG_EMPTY = -1
REG_OCCUPIED_MOVER = -2
REG_OCCUPIED_NEXT = -3
REG_OCCUPIED_PREV = -4
REG_OCCUPIED_P1 = -5  # -5 - colour
REG_DYNAMIC = -100  # -100 - k: row k of T_DYNREG (usable as an Add's region only)
DYNREG_WIDTH = 4
DR_WINNING = 1  # a=role b=region of the add move: the sites where that add wins for the role
DR_UNION = 2  # a=list start b=count of region codes (basic or DR_WINNING)

# ---------------------------------------------------------------- move generators (T_GEN)
# leaf generators; a move records the index of the leaf that made it (for its effects)
GEN_WIDTH = 10
GEN_ADD = 1  # a=region b=then list start c=then count d=to-if code start e=end
GEN_SELECT = 2  # a=from region b=if code start c=end d=then list start e=then count
GEN_PASS = 3
GEN_SLIDE = 4  # a=from region b,c=max distance code (b==c: no limit) d,e=to-if code
#                f=1 when the to-if uses (is Approach) (distances to enemies are computed)
GEN_HOP = 5  # a=from region b=1 turning landing c=1 chains d,e=between-if code f=1 capture
#              g=1 inside (max Captures …): keep only the longest series while searching
GEN_PROPOSE = 8  # a=proposal id
GEN_VOTE = 9  # a=proposal id b=1 yes, 0 no

# ---------------------------------------------------------------- move programs (T_PROG)
# the combinators (or, priority, if, do) compiled to straight-line code with jumps, run by a
# loop with a stack of marks (starts of move segments): no recursion in the kernels
PROG_WIDTH = 4
PR_LEAF = 1  # a=leaf generator: append its moves
PR_MARK = 2  # push the current move count
PR_JUMP_IF_NOT = 3  # a,b=condition code; jump to c when it does not hold
PR_JUMP = 4  # jump to a
PR_PRIO_DONE = 5  # when moves were added since the mark: pop it, jump to a
PR_POP = 6  # pop the mark
PR_DO_FILTER = 7  # a,b=condition code: keep the moves since the mark after which it holds; pop
PR_END = 8
PR_MAX_FILTER = 9  # keep the moves since the mark that capture the most; pop

# ---------------------------------------------------------------- effects (T_EFF)
EFF_WIDTH = 12
EFF_SOW = 1  # a,b=if code  c,d=apply list (start, count)  e=includeSelf  f,g=skipIf code
#              h=backtracking  i=grand slam (1: capture nothing)  j=opponent region code
EFF_FROM_TO = 2  # a,b=from site code  c,d=to site code  e,f=count code (e==f: all)
EFF_REMOVE = 3  # a,b=site code
EFF_MOVE_AGAIN = 4

# ---------------------------------------------------------------- roles (in codes)
ROLE_MOVER = -1
ROLE_NEXT = -2
ROLE_PREV = -3
# players P1..P4 are colours 0..3

# ---------------------------------------------------------------- outcomes
WIN = 1
LOSS = 2
DRAW = 3
BY_SCORE = 4  # rank the players by the clause's (score …) values

# end clauses (T_CLAUSES): [code start, code end, role, outcome, score list start, score count];
# the score list (in T_LIST) holds (colour, code start, code end) triples
CLAUSE_WIDTH = 6

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
OP_CONST = 11  # push a
OP_ROLE = 12  # push the player number (colour + 1) of role a
OP_TO = 13  # push the context site (to), (from), (site), or the last move's sites
OP_FROM = 14
OP_SITE = 15
OP_LAST_TO = 16
OP_LAST_FROM = 17
OP_MAP_ENTRY = 18  # pop a player number, push its map entry (store) site
OP_HAND_SITE = 19  # pop a player number, push its hand site
OP_COUNT_AT = 20  # pop a site, push its count
OP_COUNT_IN = 21  # push the total count in region a
OP_COUNT_SITES = 22  # push the number of sites of region a
OP_COUNT_PIECES = 23  # push the number of pieces of role a on the board
OP_COUNT_MOVES = 24
OP_COUNT_TURNS = 25
OP_COUNT_PLAYERS = 26
OP_SCORE = 27  # pop a player number, push its score
OP_ADD = 28
OP_SUB = 29
OP_MUL = 30
OP_MAX = 31
OP_MIN = 32
OP_EQ = 33
OP_NE = 34
OP_LT = 35
OP_LE = 36
OP_GT = 37
OP_GE = 38
OP_IS_IN = 39  # pop a site; is it in region a
OP_IS_EMPTY = 40  # pop a site
OP_IS_ENEMY = 41
OP_IS_FRIEND = 42
OP_CYCLE = 43  # the position after the last move occurred before
OP_PROPOSED = 44  # a=proposal id
OP_DECIDED = 45  # a=proposal id
OP_IF = 46  # pop condition, then-value, else-value
OP_COUNT_CMP = 47  # compare the count at site a with c: b is the comparison (OP_EQ … OP_GE)
OP_APPROACH = 48  # (to) is nearer (a=0) or no farther (a=1) from an enemy than (from)
OP_REPEATED = 49  # the current position occurred at least a times

# ---------------------------------------------------------------- moves (int64)
# kind in the low 4 bits, destination cell above
MOVE_ADD = 1
MOVE_SWAP = 2
MOVE_PASS = 3
MOVE_SELECT = 4
MOVE_PROPOSE = 5
MOVE_VOTE = 6
MOVE_SLIDE = 7  # one piece moves from -> to
MOVE_HOP = 8  # a capture chain: the site bits hold the chain's index in the work array
KIND_BITS = 4
KIND_MASK = (1 << KIND_BITS) - 1
SITE_BITS = 20  # a move: kind | to << 4 | from << 24 | generator << 44 | extra << 56
FROM_SHIFT = KIND_BITS + SITE_BITS
GEN_SHIFT = FROM_SHIFT + SITE_BITS
EXTRA_SHIFT = GEN_SHIFT + 12
SITE_MASK = (1 << SITE_BITS) - 1
GEN_MASK = (1 << 12) - 1

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
I_STUCK = 13  # 1 while the end clauses are tried because the player to move has no move
I_PROPOSED = 14  # id + 1 of the pending proposal (0: none)
I_DECIDED = 15  # id + 1 of the decided proposal (0: none)
I_RANKS = 16  # ranks by colour (0 = not ranked yet), 4 slots
I_ACTIVE = 20  # 1 if the colour is still playing, 4 slots
I_RUNS = 24  # run-length cache, one per axis (up to 8)
I_SCORES = 32  # score of each colour (byScore), 4 slots
I_PIECES = 36  # pieces of each colour on the board, 4 slots
I_HIST_LEN = 40  # positions in the history section
I_CYCLE = 41  # 1 when the position after the last move occurred before
I_TOTAL = 42  # total count on the board when the history was last cleared
I_MOVE_AGAIN = 43  # 1: the mover moves again
I_FROM = 44  # context sites for conditions and effects: (from), (to), (site)
I_TO = 45
I_SITE = 46
I_TURNS = 47  # turns completed
I_BEST_FREE = 48  # best rank not given yet (n players: a win takes it)
I_WORST_FREE = 49  # worst rank not given yet (n players: an elimination takes it)
INFO_SIZE = 56

S_BOARD = 0
S_EMPTIES = 1
S_EPOS = 2
S_PARENT = 3
S_GMASK = 4
S_COUNTS = 5
S_SECTIONS = 6

END_NONE = 0
END_NO_MOVES = -1  # the player to move had no legal move (a full board): draw
END_TIMEOUT = -2  # the move limit was reached


def state_size(cells: int, history: int = 0) -> int:
    """Scalars, the per-cell sections, then ``history`` position hashes."""
    return INFO_SIZE + S_SECTIONS * cells + history


def section(cells: int, k: int) -> slice:
    """The slice of state section ``k`` (``S_BOARD`` …) for a board of ``cells`` cells."""
    start = INFO_SIZE + k * cells
    return slice(start, start + cells)
