"""The numeric layout shared by the compiler (which writes it) and the kernels (which read it).

A compiled game is ONE flat int64 array ``t`` (the tables), a position is ONE flat int64 array
``s`` (the state), and every kernel call gets ONE scratch array ``w`` (the work array). Kernels
take these arrays and nothing else, which keeps calls cheap in numba, makes copying a state a
single ``memcpy`` (MCTS copies states all the time), and means a new description is new data for
the same machine code: the kernels are compiled once, for all games.

Everything here is a name for a number: header parameters (``P_*``), table sections (``T_*``),
record fields (``O_*`` condition ops, ``IN_*`` instructions, ``G_*`` generators, ``E_*`` effects,
``CL_*`` end clauses, ``SC_*`` scores, ``DR_*`` dynamic regions), codes (``OP_*``, ``PR_*``,
``GEN_*``, ``EFF_*``, ``DYN_*``, ``MOVE_*``, ``REG_*``), state scalars (``I_*``), work-array
scalars (``W_*``) and engine error codes (``ERR_*``). The compiler and the kernels use only these
names; the tables ``OPS``, ``INSTRUCTIONS``, ``GENERATORS``, ``EFFECTS`` and ``DYNAMIC_REGIONS``
say which fields each kind of record uses, for the compiler's checks and for program dumps
(``ludi parse GAME --program``).
``docs/engine.md`` walks through the format with compiled examples.
"""

from __future__ import annotations

# ================================================================ table header: parameters
P_PLAYERS = 0  # number of players (2-4)
P_CELLS = 1  # C: every site (board cells first, then stores)
P_BOARD_CELLS = 2  # playable cells (the first ones)
P_DIRS = 3  # directions per cell in T_NBR
P_NUM_AXES = 4  # line axes of the board (pairs of opposite directions)
P_NUM_ADJ = 5  # directions that join groups and along which pieces move
P_NUM_CLAUSES = 6  # end clauses
P_PROG_LEN = 7  # instructions in the move program
P_TRACK_LEN = 8  # sites on the sowing track (0: none)
P_TRACK_LOOP = 9  # 1: the track loops
P_SWAP = 10  # 1: the pie rule (2 players)
P_MOVE_LIMIT = 11  # plies before the game stops as a timeout
P_FIRST_WIN_ENDS = 12  # 1: with more than 2 players, a win ends the game (seed rules)
P_GROUPS = 13  # 1: keep union-find groups (connection and ring tests)
P_LOOPS = 14  # 1: note when a stone closes a loop of its group (ring tests)
P_NO_MOVES = 15  # 1: end clauses test (no Moves ...) of another player: count their moves first
P_HISTORY = 16  # positions the history holds (0: no repetition tests)
P_STATE_SIZE = 17  # length of a state array

# fast paths: chosen by the compiler from the rule program; each makes exactly the moves and
# results of the general program (tests compare them move by move; Game.without_fast_paths)
P_PLAY = 18  # PLAY_ADD: the moves are one add anywhere in a region (no program run)
P_ADD_ALL = 19  # 1: PLAY_ADD may place on every empty cell (random moves skip the move list)
P_LINE_ONLY = 20  # 1: every end test is a line of 2+ (a winning cell touches an own stone)
P_SOW_FAST = 21  # 1: the moves are the usual mancala turn (ludi.compile.shapes): sowing kernels
P_SOW_GEN = 22  # the Select generator whose moves the sowing kernels make
P_SOW_CAPTURE = 23  # bitmask of the counts that capture (bit k: a house holding k)
P_SOW_FLAGS = 24  # SOW_* bits
P_SOW_SKIP = 25  # skip houses holding at least this many (0: none)
P_SOW_OWN = 26  # region code of the mover's houses
P_SOW_OPP = 27  # region code of the opponent's houses

# bounds, proven by the compiler from the program (ludi.compile.bounds); every buffer is sized
# from these and nothing else
P_MAX_MOVES = 28  # the most legal moves any position can have (move buffers hold this many)
P_VM_STACK = 29  # entries of the condition VM's stack (all the ops: no program is longer)
P_DEPTH = 30  # nesting levels of trial moves and nested move lists
P_MAX_CHAINS = 31  # the most series one hop generator may record (checked at the write)
P_CHAIN_AREA = 32  # entries of the capture-series area

# the work array: its length and the offsets of its sections (after the W_* scalars)
P_WORK_SIZE = 33
P_W_VM = 34  # the VM's value stack, then its reason stack (P_VM_STACK each)
P_W_SCRATCH = 35  # 2C: flood-fill marks and stack, breadth-first queue, sowing scratch counts
P_W_MOVES = 36  # (P_DEPTH - 1) move lists of P_MAX_MOVES, for other players' moves
P_W_SAVES = 37  # P_DEPTH saved states (trial moves): scalars and per-site sections each
P_W_MARKS = 38  # the move program's stack of marks (P_PROG_LEN + 1)
P_W_DIST = 39  # C: each cell's distance to the nearest enemy piece
P_W_CHAIN_STACK = 40  # 6 (C + 1): the capture-series search stack (CH_* rows)
P_W_CHAINS = 41  # P_CHAIN_AREA: the capture series of the last generation (CR_* records)
P_W_SLAM = 42  # C: counts saved before a sowing's captures (grand slam undo)
P_TURN_LIMIT = 43  # turns before the game stops as a timeout (Ludii: 1,250 per player)
P_PHASES = 44  # phases of play (0: one (play …) for the whole game)

# ================================================================ table header: sections
# t[T_*] is the offset in t where that section starts
T_NBR = 45  # neighbour of cell c in direction d at c * P_DIRS + d (-1: off the board)
T_AXES = 46  # the line axes: P_NUM_AXES pairs of opposite directions
T_ADJ = 47  # the P_NUM_ADJ adjacent directions
T_CELLBITS = 48  # goal bits of each cell (corners, sides, player regions): C
T_RIM = 49  # 1 on edge cells: C
T_ADD_MASK = 50  # PLAY_ADD: 1 where the add may place: C
T_CONN = 51  # connection tests: CONN_WIDTH goal masks each (one per colour)
T_CODE = 52  # condition ops: OP_WIDTH integers each (O_* fields)
T_CLAUSES = 53  # end clauses, in order: CLAUSE_WIDTH integers each (CL_* fields)
T_SCORES = 54  # (byScore ...) entries: SCORE_WIDTH integers each (SC_* fields)
T_REGIONS = 55  # static regions: per region, per colour (4), C entries of 0/1
T_GEN = 56  # move generators: GEN_WIDTH integers each (G_* fields)
T_PROG = 57  # the move program: PROG_WIDTH integers an instruction (IN_* fields)
T_LIST = 58  # lists: effect sequences (then, apply) and the parts of region unions
T_EFF = 59  # effects: EFF_WIDTH integers each (E_* fields)
T_DYNREG = 60  # regions computed by trial moves: DYNREG_WIDTH integers each (DR_* fields)
T_TRACK = 61  # the track's sites in order (P_TRACK_LEN), then each site's place on it (C, -1)
T_SITES = 62  # per colour (4): its (map ...) entry site, -1 none
T_INIT = 63  # initial count of each site (C), owner (C: 0 empty, colour + 1), piece (C),
#              local state (C), then each colour's score (4)
T_XY = 64  # coordinates of each cell (q, r)
T_COMPONENTS = 65  # the piece types: K, then each one's owner (K: colour, -1 shared), then
#                    each colour's own piece type (4: the one an Add places, 0 none)
T_PHASES = 66  # per phase: its first next-phase record and how many (PH_* fields)
T_NEXT_PHASE = 67  # the (nextPhase …) records: NX_WIDTH integers each (NX_* fields)
T_TRACKS = 68  # every track of the board, one block each: its length, 1 when it loops, its
#                sites in order, then each site's place on it (C, -1): what (sow …) reads
T_THREAT = 69  # per colour (4): the type of its piece that (is Threatened …) tests (0: none)
P_THREATS = 70  # 1: conditions test (is Threatened …): the kernels work it out before them
T_MAPS = 71  # every (map …) entry: how many, then MAP_WIDTH integers each (MP_* fields)
P_END_PHASES = 72  # bit k: end rules are tried after a move in phase k (its own or the game's);
#                    bit 0 alone in a game without phases
P_VISITED = 73  # 1: conditions test (is Visited …): the moves keep the turn's visited sites
P_LOCAL_STATES = 74  # 1: the rules read or set sites' local states (S_STATE): trials save them
P_SOW_TURN = 75  # 1: a sowing turn and its end tests run as one kernel (ludi.engine.kernels.turns):
#                  the sowing fast path, no phases, pie rule, visited sites or threats, and end
#                  clauses that are each a test or an (and …)/(or …) of tests in FLAT_TESTS
T_PACK = 76  # the packed sowing tables (PK_* fields; empty unless P_PACKED_KEY)
P_PACKED_KEY = 77  # 1: the houses' counts fit the fields of two words (kernels.packing): the
#                    history keys positions by those words
P_SOW_PACKED = 78  # 1: random playouts sow on the packed words (kernels.packed); with
#                    P_SOW_TURN and P_PACKED_KEY
P_GROUP_WINS = 79  # 1: every end test is a line of 2+, a connection or a ring, not only lines (a
#                    winning cell touches an own stone, or its groups' goals make a connection)
T_HEADER = 80

#: The header fields a dump shows, in order (all P_* names).
PARAMETERS = tuple(k for k in dict(globals()) if k.startswith("P_"))
#: The sections, in the order the compiler lays them out.
SECTIONS = tuple(k for k in dict(globals()) if k.startswith("T_") and k != "T_HEADER")

PLAY_ADD = 1  # P_PLAY: add anywhere in a region (the fast path)
PLAY_PROGRAM = 2  # P_PLAY: run the move program

SOW_INCLUDE_SELF = 1  # sowing may drop a seed back in the origin
SOW_BACKTRACK = 2  # capture backwards from the last house while houses qualify
SOW_SLAM_NO_CAPTURE = 4  # a capture that would take every opposing seed takes nothing
SOW_FEED = 8  # a move must leave the opponent some seeds (ifAfterwards)

# ================================================================ packed houses (T_PACK)
# The board's sites (all houses of one looping track) as FIELD_BITS-bit fields, PER_WORD to a
# word, in two words: site c is field c % PER_WORD of word c // PER_WORD.
FIELD_BITS = 6
FIELD_MAX = (1 << FIELD_BITS) - 1  # a field's largest count: the board total must not exceed it
PER_WORD = 10
PACKED_SITES = 2 * PER_WORD
# T_PACK begins with three numbers and the tables' offsets (from the start of the section):
PK_CELLS = 0  # the board's sites (the fields in use)
PK_PER_LAP = 1  # the places a lap of sowing drops seeds in (the track, less the origin)
PK_GATED = 2  # 1: no end clause reads a board site's count (it is tried only when what it
#               reads changed: a capture, no moves, a repetition)
PK_LAP = 3  # per site: the two words of one seed in every place of a lap from it
PK_ADD = 4  # per site, per r < PK_PER_LAP: the two words of one seed in its next r places
PK_LAST = 5  # per site, per r < PK_PER_LAP: the site of the r-th place (r = 0: a whole lap's last)
PK_PREV = 6  # per site: the site before it on the track
PK_OWN = 7  # per colour: how many houses it sows from, then their sites in order (PK_CELLS)
PK_OPP = 8  # per colour: two words with every field of the opponent's houses full (FIELD_MAX)
PK_STORE = 9  # per colour: the site its captures go to
PK_INDEX = 10  # the work array's index of the history (kernels.history; 0: no history) ...
PK_SLOTS = 11  # ... its slots (a power of two, up to 4,096), then its generation
PK_HEADER = 12

CONN_WIDTH = 4  # T_CONN: one goal mask per colour

MP_MAP = 0  # T_MAPS: the map (in the order of the equipment)
MP_KEY = 1  # the key: a player's number (P1: 1), or a site
MP_VALUE = 2  # the site (or number) it maps to
MAP_WIDTH = 3

# ================================================================ regions (codes)
# a code >= 0 is a static region (a T_REGIONS row); negative codes are read off the state
REG_EMPTY = -1  # empty board cells
REG_OCCUPIED_MOVER = -2  # cells holding a piece of the colour that looks
REG_OCCUPIED_NEXT = -3
REG_OCCUPIED_PREV = -4
REG_OCCUPIED_P1 = -5  # REG_OCCUPIED_P1 - colour: cells holding a piece of that colour
REG_OCCUPIED_LAST = REG_OCCUPIED_P1 - 3
REG_OCCUPIED_ENEMY = -9  # cells holding a piece of another colour than the one that looks
REG_COMPONENT = -20  # REG_COMPONENT - (k - 1): cells holding a piece of type k (k = 1..MAX)
MAX_COMPONENTS = 64
REG_COMPONENT_LAST = REG_COMPONENT - (MAX_COMPONENTS - 1)
REG_DYNAMIC = -100  # REG_DYNAMIC - k: row k of T_DYNREG (those computed by trial moves: the
#                     region of an Add only; DYN_AROUND rows: anywhere)

# ---------------------------------------------------------------- dynamic regions (T_DYNREG)
DR_KIND = 0
DR_ROLE = 1  # DYN_WINNING: whose win
DR_REGION = 2  # DYN_WINNING: the region of the add that is tried; DYN_AROUND: its centres
DR_PARTS = 3  # DYN_UNION, _DIFFERENCE, _INTERSECTION: first T_LIST entry of the parts' codes
DR_PART_COUNT = 4  # DYN_UNION, _DIFFERENCE, _INTERSECTION: how many
DR_CENTRE = 5  # DYN_AROUND: the site around which (AROUND_* : a context site, or DR_SITE)
DR_SITE = 6  # DYN_AROUND: the fixed centre site (AROUND_FIXED)
DR_DIRS = 7  # DYN_AROUND: bitmask of the directions (T_NBR indices) to the neighbours
DR_FILTER = 8  # DYN_AROUND: which neighbours (AROUND_ANY, AROUND_EMPTY, …)
DR_WITH_CENTRE = 9  # DYN_AROUND: 1 when the centre is in the region too
DR_HAND_SIZE = 10  # DYN_IN_HAND: sites in a hand (DR_SITE: the first hand's first site)
DR_WITHIN = 11  # DYN_EXPAND: first T_LIST entry of a board-cells x board-cells table, 1 where
#                 a site is within the expansion's steps of a centre
DYNREG_WIDTH = 12
DYN_WINNING = 1  # (sites Winning ROLE (add (to REGION))): where that add would win for the role
DYN_UNION = 2  # a union of region codes, some of them DYN_WINNING rows
DYN_AROUND = 3  # (sites Around SITE …): the neighbours of a site, read off the position
DYN_IN_HAND = 4  # (sites Occupied by:ROLE container:"Hand"): the role's hand sites holding some
DYN_DIFFERENCE = 5  # (difference A B …) of regions some read off the position: A, none of the
DYN_INTERSECTION = 6  # rest; (intersection A B …): all of them (parts: static, REG_* or
#                       single-kind rows)
DYN_OCCUPIED_TYPE = 7  # (sites Occupied by:ROLE component:"Name"): the board sites holding the
#                        role's piece of that type (DR_PARTS: each colour's type, 0: none)
DYN_EXPAND = 8  # (expand origin:SITE steps:N): the sites within N steps of a context site
DYNAMIC_REGIONS: dict[int, tuple[str, tuple[int, ...]]] = {
    DYN_WINNING: ("winning", (DR_ROLE, DR_REGION)),
    DYN_UNION: ("union", (DR_PARTS, DR_PART_COUNT)),
    DYN_AROUND: ("around", (DR_CENTRE, DR_SITE, DR_REGION, DR_DIRS, DR_FILTER, DR_WITH_CENTRE)),
    DYN_IN_HAND: ("in-hand", (DR_ROLE, DR_SITE, DR_HAND_SIZE)),
    DYN_DIFFERENCE: ("difference", (DR_PARTS, DR_PART_COUNT)),
    DYN_INTERSECTION: ("intersection", (DR_PARTS, DR_PART_COUNT)),
    DYN_OCCUPIED_TYPE: ("occupied-type", (DR_ROLE, DR_PARTS)),
    DYN_EXPAND: ("expand", (DR_CENTRE, DR_WITHIN)),
}
AROUND_FIXED = 0  # DR_CENTRE (of Around and Expand): DR_SITE
AROUND_TO = 1  # DR_CENTRE: (to), (from), (last To), (last From), (site)
AROUND_FROM = 2
AROUND_LAST_TO = 3
AROUND_LAST_FROM = 4
AROUND_SITE = 5
AROUND_REGION = 6  # DR_CENTRE of Around: any site of the region DR_REGION (a REG_* code or
#                    a DYN_OCCUPIED_TYPE row)
AROUND_ANY = 0  # DR_FILTER: every neighbour, or only the empty ones, those holding a piece,
AROUND_EMPTY = 1  # the mover's pieces or another player's
AROUND_NOT_EMPTY = 2
AROUND_OWN = 3
AROUND_ENEMY = 4
AROUND_NEUTRAL = 5  # (a piece that belongs to nobody: a counter, a neutral piece)

# ================================================================ condition ops (T_CODE)
# A condition or integer expression is a postfix program: a range [start, end) of ops. Each op
# pops the values it needs (OPS below says how many) and pushes one. Booleans are 0/1.
O_KIND = 0
O_VALUE = 1  # OP_CONST: the value; OP_COUNT_CMP: the number compared with
O_ROLE = 2  # whose line, group, ring, moves, pieces; OP_ROLE: the role
O_REGION = 3  # a region code
O_LENGTH = 4  # OP_LINE: the length
O_AXES = 5  # OP_LINE: bitmask of the board's axes to look along
O_EXACT = 6  # OP_LINE: 1 when longer lines do not count
O_TEST = 7  # OP_CONN: the connection test (a T_CONN row)
O_NEED = 8  # OP_CONN: how many goals of the mask (-1: all)
O_OPERANDS = 9  # OP_AND, OP_OR: how many values they pop
O_PROPOSAL = 10  # OP_PROPOSED, OP_DECIDED: the proposal's id
O_SITE = 11  # OP_COUNT_CMP: the site whose count is compared
O_COMPARE = 12  # OP_COUNT_CMP: the comparison (OP_EQ ... OP_GE)
O_NOT_FARTHER = 13  # OP_APPROACH: 1 when ending as far as before also counts
O_TIMES = 14  # OP_REPEATED: how many times the position must have occurred
O_NUMBERS = 15  # OP_IN_NUMBERS: the first of the numbers (T_LIST entries); OP_TRACK_SITE:
#                 the tracks
O_NUMBER_COUNT = 16  # OP_IN_NUMBERS: how many
O_JUMP = 17  # OP_SITES_LOOP: how far on its OP_SITES_NEXT is; OP_SITES_NEXT: how far back
O_MODE = 18  # OP_SITES_LOOP: LOOP_ALL or LOOP_COUNT; OP_LINE_THROUGH: 1 for a contiguous line
O_DIRECTION = 19  # OP_AHEAD: the board direction (a column of T_NBR)
OP_WIDTH = 20

OP_TRUE = 1
OP_FALSE = 2
OP_LINE = 3  # a line through the last stone
OP_CONN = 4  # the last stone's group touches the test's goals
OP_LOOP = 5  # the last stone completes a ring
OP_NO_MOVES = 6  # the role has no legal move
OP_NOT = 7
OP_AND = 8
OP_OR = 9
OP_CONST = 10
OP_ROLE = 11  # the role's player number (colour + 1)
OP_TO = 12  # the context sites: (to), (from), (site), the last move's to and from
OP_FROM = 13
OP_SITE = 14
OP_LAST_TO = 15
OP_LAST_FROM = 16
OP_MAP_ENTRY = 17  # a key -> its entry in map O_VALUE - 1 (0: the first map that has it), or
#                    the key itself when none has it (Ludii's)
OP_COUNT_AT = 18  # a site -> its count
OP_COUNT_IN = 19  # the total count in a region
OP_COUNT_SITES = 20  # the number of sites of a region
OP_COUNT_PIECES = 21  # the role's pieces on the board
OP_COUNT_MOVES = 22  # plies played
OP_COUNT_TURNS = 23
OP_COUNT_PLAYERS = 24
OP_SCORE = 25  # a player number -> its score
OP_ADD = 26  # arithmetic and comparisons: two values -> one (OP_ADD ... OP_GE, in this order)
OP_SUB = 27
OP_MUL = 28
OP_MAX = 29
OP_MIN = 30
OP_EQ = 31
OP_NE = 32
OP_LT = 33
OP_LE = 34
OP_GT = 35
OP_GE = 36
OP_IS_IN = 37  # a site -> is it in the region
OP_IS_EMPTY = 38  # a site -> ...
OP_IS_ENEMY = 39
OP_IS_FRIEND = 40
OP_CYCLE = 41  # the position after the last move occurred before
OP_PROPOSED = 42
OP_DECIDED = 43
OP_IF = 44  # condition, then-value, else-value -> one of them
OP_COUNT_CMP = 45  # the count at a fixed site compared with a number, in one op
OP_APPROACH = 46  # (to) is nearer an enemy piece than (from)
OP_REPEATED = 47  # the current position occurred at least O_TIMES times
OP_IN_NUMBERS = 48  # a number is one of a fixed list ((is In (count …) (sites {2 4 6})))
OP_WHO = 49  # the owner of the piece at a site: colour + 1, 0 for none
OP_WHAT = 50  # the type of the piece at a site: 1..K, 0 for none
OP_IS_OCCUPIED = 51  # a site holds a piece
OP_IS_ENEMY_PLAYER = 52  # a player number (1..) that is not the mover's (0 is nobody's)
OP_IS_FRIEND_PLAYER = 53  # a player number that is the mover's
OP_NO_PIECES = 54  # the role has no piece on the board
OP_PREV_MOVER = 55  # the number of the player who made the last move (0 before the first)
OP_PHASE = 56  # the mover's phase (0 in a game without phases)
OP_LAST_AFTER = 61  # (last To afterConsequence:True): I_LAST_AFTER, else the last to
OP_IS_EVEN = 57  # a number -> is it even
OP_IS_ODD = 58
# A loop over the sites of a region: OP_SITES_LOOP, its body (a condition on (site)), then
# OP_SITES_NEXT. The loop keeps three stack entries (the saved (site), the site it is at, the
# count) and leaves one value: whether the body held at every site (LOOP_ALL: (all Sites …)) or
# at how many (LOOP_COUNT: (count Sites in:(forEach … if:…))). Loops only jump within their own
# ops, so the VM still runs each program straight through once per site, never re-entered.
OP_SITES_LOOP = 59
OP_SITES_NEXT = 60
OP_BETWEEN = 62  # the context site (between): the site a hop jumps over
OP_LINE_THROUGH = 63  # a site and a type -> a line through the site of pieces of that type (< 0:
#                       of the O_NUMBERS types, [n, type…]; n = 0: of the type at the site);
#                       O_MODE 1: contiguous, 0: gaps are stepped over (Ludii's IsLine)
OP_WHERE = 64  # the board site of colour O_ROLE's piece of type O_VALUE (-1: none)
OP_VAR = 65  # the value of variable O_VALUE (I_VARS slot)
OP_TRACK_SITE = 66  # a site and a number of steps -> the site that far on along O_ROLE's track
#                     (O_NUMBERS: 4 T_LIST entries, each colour's track; -1 off the track)
OP_THREATENED = 67  # O_ROLE's T_THREAT piece could be taken: W_THREAT, worked out before
OP_DIV = 68  # two values -> their quotient, rounded toward 0 (by 0: ERR_DIVISION)
OP_MOD = 69  # two values -> the remainder of that division
OP_VALUE_PLAYER = 70  # O_ROLE's player's value (I_VALUES; -1 until set)
OP_AHEAD = 71  # a site -> the site O_LENGTH steps on along O_DIRECTION (itself if off the board)
OP_PENDING = 72  # 1 when the last move did (set Pending) (I_PENDING)
OP_IS_VISITED = 74  # a site -> a move of this turn started or ended there (I_VISITED)
OP_COUNTER = 76  # Ludii's counter (I_COUNTER)
OP_VALUE_PENDING = 77  # the one value set pending (I_PENDING_VALUE), 0 for none or several
OP_IS_START = 78  # a site and a type -> the site held that type at the start (the T_LIST
#                   table at O_NUMBERS: a row of board sites for each type)
OP_COUNT_STEPS = 80  # two sites -> the fewest steps between them (the T_LIST table at O_NUMBERS:
#                      board cells x board cells); 0 when either is off the board
OP_STATE_AT = 79  # a site -> its local state (Ludii's (state at:SITE); 0 off the board)
OP_IS_TRIGGERED = 75  # O_ROLE's player is still playing and was triggered (I_TRIGGERED)
OP_CELL_NUMBER = 73  # a site -> its entry in the T_LIST block at O_NUMBERS (its row, its column);
#                      -1 for a site off the board
LOOP_ALL = 0
LOOP_COUNT = 1

#: Every op: its name in dumps, the fields it reads, how many values it pops (-1: O_OPERANDS).
OPS: dict[int, tuple[str, tuple[int, ...], int]] = {
    OP_TRUE: ("true", (), 0),
    OP_FALSE: ("false", (), 0),
    OP_LINE: ("line", (O_LENGTH, O_AXES, O_EXACT, O_ROLE), 0),
    OP_CONN: ("connected", (O_TEST, O_NEED, O_ROLE), 0),
    OP_LOOP: ("loop", (O_ROLE,), 0),
    OP_NO_MOVES: ("no-moves", (O_ROLE,), 0),
    OP_NOT: ("not", (), 1),
    OP_AND: ("and", (O_OPERANDS,), -1),
    OP_OR: ("or", (O_OPERANDS,), -1),
    OP_CONST: ("const", (O_VALUE,), 0),
    OP_ROLE: ("role", (O_ROLE,), 0),
    OP_TO: ("to", (), 0),
    OP_FROM: ("from", (), 0),
    OP_SITE: ("site", (), 0),
    OP_LAST_TO: ("last-to", (), 0),
    OP_LAST_FROM: ("last-from", (), 0),
    OP_MAP_ENTRY: ("map-entry", (O_VALUE,), 1),
    OP_COUNT_AT: ("count-at", (), 1),
    OP_COUNT_IN: ("count-in", (O_REGION,), 0),
    OP_COUNT_SITES: ("count-sites", (O_REGION,), 0),
    OP_COUNT_PIECES: ("count-pieces", (O_ROLE,), 0),
    OP_COUNT_MOVES: ("count-moves", (), 0),
    OP_COUNT_TURNS: ("count-turns", (), 0),
    OP_COUNT_PLAYERS: ("count-players", (), 0),
    OP_SCORE: ("score", (), 1),
    OP_ADD: ("+", (), 2),
    OP_SUB: ("-", (), 2),
    OP_MUL: ("*", (), 2),
    OP_MAX: ("max", (), 2),
    OP_MIN: ("min", (), 2),
    OP_EQ: ("=", (), 2),
    OP_NE: ("!=", (), 2),
    OP_LT: ("<", (), 2),
    OP_LE: ("<=", (), 2),
    OP_GT: (">", (), 2),
    OP_GE: (">=", (), 2),
    OP_IS_IN: ("is-in", (O_REGION,), 1),
    OP_IS_EMPTY: ("is-empty", (), 1),
    OP_IS_ENEMY: ("is-enemy", (), 1),
    OP_IS_FRIEND: ("is-friend", (), 1),
    OP_CYCLE: ("cycle", (), 0),
    OP_PROPOSED: ("proposed", (O_PROPOSAL,), 0),
    OP_DECIDED: ("decided", (O_PROPOSAL,), 0),
    OP_IF: ("if", (), 3),
    OP_COUNT_CMP: ("count-compare", (O_SITE, O_COMPARE, O_VALUE), 0),
    OP_APPROACH: ("approach", (O_NOT_FARTHER,), 0),
    OP_REPEATED: ("repeated", (O_TIMES,), 0),
    OP_IN_NUMBERS: ("in-numbers", (O_NUMBERS, O_NUMBER_COUNT), 1),
    OP_WHO: ("who", (), 1),
    OP_WHAT: ("what", (), 1),
    OP_IS_OCCUPIED: ("is-occupied", (), 1),
    OP_IS_ENEMY_PLAYER: ("is-enemy-player", (), 1),
    OP_IS_FRIEND_PLAYER: ("is-friend-player", (), 1),
    OP_NO_PIECES: ("no-pieces", (O_ROLE,), 0),
    OP_PREV_MOVER: ("prev-mover", (), 0),
    OP_PHASE: ("phase", (), 0),
    OP_LAST_AFTER: ("last-to-after", (), 0),
    OP_IS_EVEN: ("is-even", (), 1),
    OP_IS_ODD: ("is-odd", (), 1),
    OP_SITES_LOOP: ("sites-loop", (O_REGION, O_JUMP, O_MODE), 0),
    OP_SITES_NEXT: ("sites-next", (O_JUMP,), 1),
    OP_BETWEEN: ("between", (), 0),
    OP_LINE_THROUGH: ("line-through", (O_LENGTH, O_AXES, O_EXACT, O_NUMBERS, O_MODE), 2),
    OP_WHERE: ("where", (O_VALUE, O_ROLE), 0),
    OP_VAR: ("var", (O_VALUE,), 0),
    OP_TRACK_SITE: ("track-site", (O_NUMBERS, O_ROLE), 2),
    OP_THREATENED: ("threatened", (O_ROLE,), 0),
    OP_DIV: ("/", (), 2),
    OP_MOD: ("%", (), 2),
    OP_VALUE_PLAYER: ("value-player", (O_ROLE,), 0),
    OP_AHEAD: ("ahead", (O_LENGTH, O_DIRECTION), 1),
    OP_PENDING: ("pending", (), 0),
    OP_CELL_NUMBER: ("cell-number", (O_NUMBERS,), 1),
    OP_IS_VISITED: ("is-visited", (), 1),
    OP_IS_TRIGGERED: ("is-triggered", (O_ROLE,), 0),
    OP_COUNTER: ("counter", (), 0),
    OP_VALUE_PENDING: ("value-pending", (), 0),
    OP_IS_START: ("is-start", (O_NUMBERS,), 2),
    OP_STATE_AT: ("state-at", (), 1),
    OP_COUNT_STEPS: ("count-steps", (O_NUMBERS,), 2),
}
#: The tests a P_SOW_TURN game's end clauses are made of (alone, or under one (and …)/(or …)).
FLAT_TESTS = (OP_COUNT_CMP, OP_NO_MOVES, OP_CYCLE, OP_TRUE, OP_FALSE)

# ================================================================ end clauses (T_CLAUSES)
CL_COND = 0  # the condition: ops [CL_COND, CL_COND_END)
CL_COND_END = 1
CL_ROLE = 2  # whose result
CL_OUTCOME = 3  # WIN, LOSS, DRAW or BY_SCORE
CL_SCORES = 4  # BY_SCORE: first T_SCORES row
CL_SCORE_COUNT = 5  # BY_SCORE: how many rows
CLAUSE_WIDTH = 6

SC_COLOUR = 0  # T_SCORES: the colour scored
SC_VALUE = 1  # its score: ops [SC_VALUE, SC_VALUE_END)
SC_VALUE_END = 2
SCORE_WIDTH = 3

WIN = 1
LOSS = 2
DRAW = 3
BY_SCORE = 4  # rank the players by the clause's scores
OUTCOMES = {WIN: "Win", LOSS: "Loss", DRAW: "Draw", BY_SCORE: "byScore"}

# ================================================================ phases (T_PHASES, T_NEXT_PHASE)
PH_NEXT = 0  # the phase's first (nextPhase …) record
PH_NEXT_COUNT = 1  # how many
PH_WIDTH = 2
NX_ROLE = 0  # whose phase changes (a colour, a ROLE_* or ROLE_ALL)
NX_COND = 1  # when: ops [NX_COND, NX_COND_END)
NX_COND_END = 2
NX_TARGET = 3  # the phase it goes to (-1: the one after the current phase)
NX_WIDTH = 4
ROLE_ALL = -4  # NX_ROLE: every player (Ludii's Shared)

# roles inside records: players P1..P4 are colours 0..3
ROLE_MOVER = -1
ROLE_NEXT = -2
ROLE_PREV = -3

# ================================================================ the move program (T_PROG)
# The combinators (or, priority, if, do, max) are compiled to straight-line code with forward
# jumps, run by one loop with a stack of marks (starts of move segments): no recursion.
IN_KIND = 0
IN_GEN = 1  # PR_LEAF: the generator
IN_COND = 2  # the condition: ops [IN_COND, IN_COND_END)
IN_COND_END = 3
IN_TARGET = 4  # where a jump goes (always forward)
PROG_WIDTH = 5

PR_LEAF = 1  # append the generator's moves
PR_MARK = 2  # push the current move count
PR_JUMP_UNLESS = 3  # jump when the condition does not hold
PR_JUMP = 4
PR_PRIO_DONE = 5  # when moves were added since the mark: pop it and jump
PR_POP = 6  # pop the mark
PR_KEEP_IF_AFTER = 7  # keep the moves since the mark after which the condition holds; pop
PR_KEEP_MAX_CAPTURES = 8  # keep the moves since the mark that capture the most; pop
PR_END = 9

INSTRUCTIONS: dict[int, tuple[str, tuple[int, ...]]] = {
    PR_LEAF: ("leaf", (IN_GEN,)),
    PR_MARK: ("mark", ()),
    PR_JUMP_UNLESS: ("jump-unless", (IN_COND, IN_COND_END, IN_TARGET)),
    PR_JUMP: ("jump", (IN_TARGET,)),
    PR_PRIO_DONE: ("jump-if-moves", (IN_TARGET,)),
    PR_POP: ("pop", ()),
    PR_KEEP_IF_AFTER: ("keep-if-after", (IN_COND, IN_COND_END)),
    PR_KEEP_MAX_CAPTURES: ("keep-max-captures", ()),
    PR_END: ("end", ()),
}

# ---------------------------------------------------------------- move generators (T_GEN)
G_KIND = 0
G_REGION = 1  # Add: where it places; Select, Slide, Hop: where the piece comes from
G_COND = 2  # Add: the to-condition; Select: the from-condition; Slide: the to-condition
G_COND_END = 3
G_THEN = 4  # the (then ...) effects: first T_LIST entry
G_THEN_COUNT = 5
G_MAX = 6  # Slide: the distance limit, ops [G_MAX, G_MAX_END) (empty: no limit)
G_MAX_END = 7
G_DISTANCES = 8  # Slide: 1 when the to-condition tests (is Approach)
G_TURNING = 9  # Hop: 1 when the landing turns 60 degrees (Play Win)
G_CHAIN = 10  # Hop: 1 for capture series
G_LONGEST = 11  # Hop inside (max Captures ...): keep only the longest series while searching
G_PROPOSAL = 12  # Propose, Vote: the proposal's id
G_YES = 13  # Vote: 1 for a yes vote
G_DIRS = 14  # Step, Slide, Hop: bitmask of the directions (T_NBR indices) it moves along
G_APPLY = 15  # Step, Slide: the (to … (apply …)) effects, run at the destination first
G_APPLY_COUNT = 16
G_FROM_SITE = 17  # FromTo, Select: the one site a move starts from, ops [G_FROM_SITE,
G_FROM_SITE_END = 18  # G_FROM_SITE_END) (empty: every site of G_REGION)
G_FROM_COND = 19  # the from-condition (on (from)): FromTo's if:, a piece's (if …) of (from)
G_FROM_COND_END = 20
G_TO_REGION = 21  # FromTo: where it may go ...
G_TO_SITE = 22  # ... or the one site it goes to, ops [G_TO_SITE, G_TO_SITE_END)
G_TO_SITE_END = 23
G_COPY = 24  # FromTo: 1 when the piece is copied (the origin keeps it)
G_OVER_COND = 25  # HopOver: the condition on the site jumped over, (between); Slide: the go rule
G_OVER_COND_END = 26
G_STOP = 27  # Slide: 1 when the to-condition is Ludii's stop rule (0: (is Approach), a filter)
G_PATHS = 28  # Leap: first T_LIST entry of its paths: how many, then each one's length and steps
G_PIECE = 29  # Add: 1 + the first of 4 T_LIST entries, each colour's piece type (0: its own;
#               a shared type stands on its site as a counter nobody owns)
G_LAND_COND = 30  # Slide: Ludii's to-rule ((to (apply if:C))): it lands only where C holds
G_LAND_COND_END = 31
G_MIN = 32  # Slide: the fewest sites it goes ((between (exact N)): N; 0: any)
G_COUNT = 33  # FromTo in a mancala game: how many counters it moves, ops [G_COUNT,
G_COUNT_END = 34  # G_COUNT_END) (empty: one)
GEN_WIDTH = 35

GEN_ADD = 1
GEN_SELECT = 2
GEN_PASS = 3
GEN_SLIDE = 4  # a Slide along empty cells (and onto the site that stops it)
GEN_HOP = 5
GEN_PROPOSE = 6
GEN_VOTE = 7
GEN_STEP = 8  # Ludii's Step: to a neighbour where the to-condition holds (occupied or not)
GEN_FROM_TO = 9  # Ludii's (move (from …) (to …)): any piece from a site to a site
GEN_HOP_OVER = 10  # Ludii's Hop, one jump: over the adjacent site (between) to the next one
GEN_LEAP = 11  # Ludii's Leap: along fixed paths of steps (a knight's), to where the to-cond holds

GENERATORS: dict[int, tuple[str, tuple[int, ...]]] = {
    GEN_ADD: ("add", (G_REGION, G_COND, G_COND_END, G_THEN, G_THEN_COUNT, G_PIECE)),
    GEN_SELECT: ("select", (G_REGION, G_FROM_SITE, G_FROM_SITE_END, G_COND, G_COND_END, G_THEN,
                            G_THEN_COUNT)),
    GEN_PASS: ("pass", (G_THEN, G_THEN_COUNT)),
    GEN_SLIDE: ("slide", (G_REGION, G_FROM_COND, G_FROM_COND_END, G_DIRS, G_MAX, G_MAX_END,
                          G_COND, G_COND_END, G_OVER_COND, G_OVER_COND_END, G_DISTANCES,
                          G_STOP, G_APPLY, G_APPLY_COUNT, G_LAND_COND, G_LAND_COND_END,
                          G_MIN, G_THEN, G_THEN_COUNT)),
    GEN_HOP: ("hop", (G_REGION, G_FROM_COND, G_FROM_COND_END, G_DIRS, G_TURNING, G_CHAIN,
                      G_LONGEST)),
    GEN_PROPOSE: ("propose", (G_PROPOSAL,)),
    GEN_VOTE: ("vote", (G_PROPOSAL, G_YES)),
    GEN_STEP: ("step", (G_REGION, G_FROM_COND, G_FROM_COND_END, G_DIRS, G_COND, G_COND_END,
                        G_APPLY, G_APPLY_COUNT, G_THEN, G_THEN_COUNT)),
    GEN_FROM_TO: ("fromTo", (G_REGION, G_FROM_SITE, G_FROM_SITE_END, G_FROM_COND,
                             G_FROM_COND_END, G_TO_REGION, G_TO_SITE, G_TO_SITE_END, G_COND,
                             G_COND_END, G_COPY, G_COUNT, G_COUNT_END, G_APPLY, G_APPLY_COUNT,
                             G_THEN, G_THEN_COUNT)),
    GEN_LEAP: ("leap", (G_REGION, G_FROM_COND, G_FROM_COND_END, G_PATHS, G_COND, G_COND_END,
                        G_APPLY, G_APPLY_COUNT, G_THEN, G_THEN_COUNT)),
    GEN_HOP_OVER: ("hopOver", (G_REGION, G_FROM_SITE, G_FROM_SITE_END, G_FROM_COND,
                               G_FROM_COND_END, G_DIRS, G_OVER_COND,
                               G_OVER_COND_END, G_COND, G_COND_END, G_APPLY, G_APPLY_COUNT,
                               G_THEN, G_THEN_COUNT)),
}

# ---------------------------------------------------------------- effects (T_EFF)
E_KIND = 0
E_CAPTURE = 1  # Sow: the capture condition at the last site (and backwards); none: always;
#               Custodial: the condition on the flanking site, (to)
E_CAPTURE_END = 2
E_APPLY = 3  # Sow, Custodial: the effects at each captured site (first T_LIST entry);
#             Promote, Add: the new piece type for each colour (4 T_LIST entries, 0: none)
E_APPLY_COUNT = 4
E_INCLUDE_SELF = 5  # Sow: 1 when a seed may drop back in the origin
E_SKIP = 6  # Sow: sites where the condition holds get no seed
E_SKIP_END = 7
E_BACKTRACK = 8  # Sow: 1 to capture backwards while sites qualify
E_SLAM_NO_CAPTURE = 9  # Sow: 1 when a capture of every opposing seed takes nothing
E_OPPONENTS = 10  # Sow: region code of the opponents' sites (for the grand slam)
E_FROM_SITE = 11  # FromTo: the site counters leave
E_FROM_SITE_END = 12
E_TO_SITE = 13  # FromTo: the site they go to
E_TO_SITE_END = 14
E_COUNT = 15  # FromTo: how many; Custodial: the most sites flanked (empty: no limit); SetVar:
#               the value (empty: -1); Sow: how many counters it sows (empty: all of the site's)
E_COUNT_END = 16
E_SITE = 17  # Remove: the site emptied; Custodial: the site it looks from; Sow: the site sown
#              (empty: the last move's to)
E_SITE_END = 18
E_COND = 19  # SkipUnless: the condition; Custodial: the condition on each flanked site; Sow:
#             with E_BACKTRACK, whether to go on backwards (before and after each step; empty: yes)
E_COND_END = 20
E_JUMP = 21  # SkipUnless, Skip: how many of the following list entries to pass over
E_GEN = 22  # CanMove: the generator whose moves it looks for (T_GEN index)
E_DIRS = 23  # Custodial: bitmask of the directions it looks along
E_ROLE = 24  # Promote, Add: whose piece it becomes (a role code)
E_TRACKS = 25  # Sow: the track block for each colour (4 T_LIST entries: T_TRACKS offsets)
E_OWNER = 26  # Sow: the player whose track it sows along (ops; empty: the track of colour 0)
E_OWNER_END = 27
E_VAR = 28  # SetVar: the variable (I_VARS slot)
E_REGION = 29  # ForEachSite: the region whose sites it runs E_APPLY at, (site) set to each
E_ORIGIN = 30  # Sow: 1 when the first counter drops back into the site sown (origin:True)
EFF_WIDTH = 31

EFF_SOW = 1
EFF_FROM_TO = 2
EFF_REMOVE = 3
EFF_MOVE_AGAIN = 4
EFF_SKIP_UNLESS = 5  # (if c A B) in a list: skip-unless c · A · skip · B
EFF_SKIP = 6
# (if (can Move M) A B) in a move's (then …): can-move · A · skip · B. The effects kernel stops
# there (W_CAN_MOVE) and the move's caller, which may generate moves, settles it and goes on.
EFF_CAN_MOVE = 7
EFF_CUSTODIAL = 8  # Ludii's custodial: lines of sites flanked from E_SITE, captured by E_APPLY
EFF_SET_VAR = 11  # variable E_VAR takes the value E_COUNT
EFF_SET_VALUE = 13  # the value of E_ROLE's player takes the value E_COUNT
EFF_FOR_EACH_SITE = 12  # the effects E_APPLY at each site of E_REGION
EFF_PROMOTE = 10  # the piece at E_SITE becomes E_ROLE's piece of the type in E_APPLY
EFF_SET_PENDING = 14  # Ludii's (set Pending [E_COUNT]): (is Pending) holds until the next move
EFF_SET_SCORE = 15  # E_ROLE's score (I_SCORES) takes the value E_COUNT
EFF_ADD_SCORE = 16  # E_ROLE's score grows by E_COUNT
EFF_SET_COUNTER = 19  # the counter (I_COUNTER) takes the value E_COUNT (empty: -1)
EFF_TRIGGER = 18  # E_ROLE's player is triggered (I_TRIGGERED)
EFF_ADD = 17  # E_ROLE's piece of the type in E_APPLY (0: its own) placed on E_SITE, if empty
EFF_SET_STATE = 20  # the site E_SITE's local state (S_STATE) takes the value E_COUNT
EFF_SURROUND = 9  # Ludii's surround: neighbours of E_SITE whose neighbours hold (E_COUNT: how
#                   many may not)

EFFECTS: dict[int, tuple[str, tuple[int, ...]]] = {
    EFF_SOW: ("sow", (E_CAPTURE, E_CAPTURE_END, E_APPLY, E_APPLY_COUNT, E_INCLUDE_SELF, E_SKIP,
                      E_SKIP_END, E_BACKTRACK, E_SLAM_NO_CAPTURE, E_OPPONENTS, E_TRACKS, E_OWNER,
                      E_OWNER_END, E_SITE, E_SITE_END, E_COUNT, E_COUNT_END, E_ORIGIN, E_COND,
                      E_COND_END)),
    EFF_FROM_TO: ("fromTo", (E_FROM_SITE, E_FROM_SITE_END, E_TO_SITE, E_TO_SITE_END, E_COUNT,
                             E_COUNT_END)),
    EFF_REMOVE: ("remove", (E_SITE, E_SITE_END)),
    EFF_MOVE_AGAIN: ("moveAgain", ()),
    EFF_SKIP_UNLESS: ("skip-unless", (E_COND, E_COND_END, E_JUMP)),
    EFF_SKIP: ("skip", (E_JUMP,)),
    EFF_CAN_MOVE: ("if-can-move", (E_GEN, E_JUMP)),
    EFF_CUSTODIAL: ("custodial", (E_SITE, E_SITE_END, E_DIRS, E_COUNT, E_COUNT_END, E_COND,
                                  E_COND_END, E_CAPTURE, E_CAPTURE_END, E_APPLY, E_APPLY_COUNT)),
    EFF_PROMOTE: ("promote", (E_SITE, E_SITE_END, E_APPLY, E_ROLE)),
    EFF_ADD: ("add", (E_SITE, E_SITE_END, E_APPLY, E_ROLE)),
    EFF_TRIGGER: ("trigger", (E_ROLE,)),
    EFF_SET_COUNTER: ("set-counter", (E_COUNT, E_COUNT_END)),
    EFF_SET_STATE: ("set-state", (E_SITE, E_SITE_END, E_COUNT, E_COUNT_END)),
    EFF_SET_VAR: ("set-var", (E_VAR, E_COUNT, E_COUNT_END)),
    EFF_SET_VALUE: ("set-value", (E_ROLE, E_COUNT, E_COUNT_END)),
    EFF_SET_PENDING: ("set-pending", (E_COUNT, E_COUNT_END)),
    EFF_SET_SCORE: ("set-score", (E_ROLE, E_COUNT, E_COUNT_END)),
    EFF_ADD_SCORE: ("add-score", (E_ROLE, E_COUNT, E_COUNT_END)),
    EFF_FOR_EACH_SITE: ("for-each-site", (E_REGION, E_APPLY, E_APPLY_COUNT)),
    EFF_SURROUND: ("surround", (E_SITE, E_SITE_END, E_DIRS, E_COUNT, E_COUNT_END, E_COND,
                                E_COND_END, E_CAPTURE, E_CAPTURE_END, E_APPLY, E_APPLY_COUNT)),
}

# ================================================================ moves (one int64 each)
# kind | to << 4 | from << 24 | generator << 44
MOVE_ADD = 1
MOVE_SWAP = 2
MOVE_PASS = 3
MOVE_SELECT = 4
MOVE_PROPOSE = 5  # the site bits hold the proposal id
MOVE_VOTE = 6  # the site bits hold the proposal id
MOVE_SLIDE = 7  # one piece moves from -> to
MOVE_HOP = 8  # a capture series: the site bits hold its record's offset in the chain area
MOVE_STEP = 9  # a piece of any type moves from -> to, after the step's apply effects (Step,
#               FromTo: the generator's G_APPLY, G_THEN and G_COPY say what else it does)
#: The one legal move of a player who has none while another player could move: a pass that
#: Ludii forces (and leaves out of its move counts).
FORCED_PASS = MOVE_PASS | (1 << 4)
MOVE_KINDS = {MOVE_ADD: "add", MOVE_SWAP: "swap", MOVE_PASS: "pass", MOVE_SELECT: "select",
              MOVE_PROPOSE: "propose", MOVE_VOTE: "vote", MOVE_SLIDE: "slide", MOVE_HOP: "hop",
              MOVE_STEP: "step"}
KIND_BITS = 4
KIND_MASK = (1 << KIND_BITS) - 1
SITE_BITS = 20
SITE_MASK = (1 << SITE_BITS) - 1
FROM_SHIFT = KIND_BITS + SITE_BITS
GEN_SHIFT = FROM_SHIFT + SITE_BITS
GEN_BITS = 12
GEN_MASK = (1 << GEN_BITS) - 1

# capture series: the search stack (rows of C + 1 in the P_W_CHAIN_STACK section) ...
CH_CELL = 0  # the piece's cell at each depth
CH_OPTION = 1  # the next jump to try there
CH_CAPTURED = 2  # the piece jumped over to get there
CH_LANDING = 3  # where the jump landed
CH_EXTENDED = 4  # 1 when a longer series went on from there
CH_TAKEN = 5  # the captured stone, to put back
CHAIN_STACK_ROWS = 6
# ... and the records of the series found: [length k, from, landing 1..k, captured 1..k, key]
CR_LENGTH = 0
CR_FROM = 1
CR_PATH = 2  # the landings, then the captured sites at CR_PATH + k, then the key at + 2k
CR_FIXED = 3  # entries of a record besides its 2k sites

# ================================================================ state scalars
I_MOVER = 0  # colour to move
I_PLY = 1
I_LAST_TO = 2
I_LAST_FROM = 3
I_NEMPTY = 4  # empty board cells (the first I_NEMPTY entries of S_EMPTIES)
I_OVER = 5  # 1 when the game has ended
I_WINNER = 6  # colour of the winner, -1 none (draw or ongoing)
I_END_OP = 7  # the condition op that ended the game; END_* when negative
I_SWAPPED = 8  # 1 after a pie-rule swap: player p plays colour 1-p
I_LOOP_FLAG = 9  # the last stone touched one group in two separate arcs
I_RUNS_KEY = 10  # (ply, colour) for which the run-length cache is valid, 0 none
I_END_CLAUSE = 11  # the end clause that applied
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
I_HIST_AT = 50  # the history entry of the current position
I_PREV_MOVER = 51  # the colour that made the last move (-1 before the first): Ludii's prev
I_PHASE = 52  # each colour's phase of play (4 slots)
I_FORCED_PASSES = 56  # forced passes played (Ludii counts no move for them)
I_LAST_AFTER = 57  # where the last move's consequences ended (a sowing's last site; -1: at
#                    its to): Ludii's (last To afterConsequence:True)
I_BETWEEN = 58  # the context site (between): the site a hop jumps over
I_VARS = 59  # Ludii's variables ((set Var "Name" v), (var "Name")): MAX_VARS slots, -1 unset
MAX_VARS = 4
I_NEXT_IS_MOVER = 63  # 1 while the end clauses are tried after a move whose player moves again:
#                       Ludii's next player is the mover then
I_VALUES = 64  # each colour's value (Ludii's (set Value ROLE v), (value Player ROLE)), -1 unset
I_PENDING = 68  # different values the last move set pending (0, 1, 2 for more): Ludii's
#                 (is Pending) while not 0, until the next
I_VISITED = 69  # Ludii's visited sites: a bit per site (VISITED_WORDS words), the from- and
#                 to-sites of the moves of the turn so far ((is Visited SITE))
VISITED_WORDS = 6
I_TRIGGERED = 75  # bit k: a (trigger "Event" ROLE) happened for colour k (Ludii keeps one flag
#                   per player, whatever the event's name)
I_COUNTER = 76  # Ludii's counter: 1 more after every move (after its end rules are tried);
#                 (set Counter) sets it, to -1 by default, so it reads 0 after that move
I_PENDING_VALUE = 77  # the first value set pending this move (I_PENDING: how many different
#                       ones, at most 2)
INFO_SIZE = 78

# per-site sections of C entries each, at INFO_SIZE + k * C
S_BOARD = 0  # 0 empty, colour + 1
S_EMPTIES = 1  # the empty board cells first (I_NEMPTY of them), then the others
S_EPOS = 2  # each cell's place in S_EMPTIES
S_PARENT = 3  # union-find parent
S_GMASK = 4  # goal bits of the group rooted at the cell
S_COUNTS = 5  # pieces or counters on the site
S_WHAT = 6  # the type of the piece on the site (1..K; 0: none, or its player's own type)
S_STATE = 7  # Ludii's local state of the site: it goes with a piece that moves, and a site
#              emptied (a piece taken, the last counter gone) is reset to 0; the last section,
#              which trials save only in games that use it (P_LOCAL_STATES)
S_SECTIONS = 8  # then the history: P_HISTORY entries of HIST_WIDTH
H_HASH = 0  # a history entry: a position (its hash) seen since the count last changed ...
H_COUNT = 1  # ... and how many times
HIST_WIDTH = 2
BOARD = INFO_SIZE  # the board section starts right after the scalars: s[BOARD + cell]

END_NO_MOVES = -1  # I_END_OP: the player to move had no legal move and no clause applied
END_TIMEOUT = -2  # I_END_OP: the move limit was reached

# ================================================================ work array scalars
W_ERROR = 0  # an ERR_* code: the kernels met something they cannot play (0: none)
W_ERROR_AT = 1  # the record it concerns (an op, instruction, generator, effect ... index)
W_ERROR_VALUE = 2  # the value that was wrong
W_DEPTH = 3  # nesting level of trial moves and nested move lists
W_CHAIN_TOP = 4  # entries used in the chain area
W_DIST_READY = 5  # 1 when the distances to the nearest enemy are computed for this generation
W_LIMIT = 6  # > 0: generation may stop after this many moves (only whether moves exist matters)
W_NO_MOVES = 8  # per colour (4): 1 when that colour has no legal move (filled before end checks)
W_CAN_MOVE = 12  # 1 + the T_LIST place of an EFF_CAN_MOVE the effects stopped at (0: none) ...
W_CAN_MOVE_LEFT = 13  # ... and how many list entries follow it
W_THREAT = 14  # per colour (4): 1 when its T_THREAT piece is threatened (before the conditions)
W_FIXED = 18  # the sections (P_W_*) follow

# engine errors: what the kernels met (the Python side raises ludi.EngineError)
ERR_OP = 1  # an unknown condition op (W_ERROR_AT: the op)
ERR_INSTRUCTION = 2  # an unknown instruction (the instruction)
ERR_JUMP = 3  # a jump that does not go forward (the instruction)
ERR_GENERATOR = 4  # an unknown generator (the generator)
ERR_EFFECT = 5  # an unknown effect (the effect)
ERR_MOVE = 6  # a move of an unknown kind (W_ERROR_VALUE: the move)
ERR_REGION = 7  # an unknown region code (W_ERROR_VALUE: the code)
ERR_DYNREG = 8  # an unknown kind of dynamic region (the row)
ERR_OUTCOME = 9  # an unknown outcome (the end clause)
ERR_DEPTH = 10  # trial moves nested deeper than the compiler proved
ERR_VM_STACK = 11  # a condition program longer than the VM stack (the op)
ERR_CHAINS = 12  # more capture series in one position than P_MAX_CHAINS (the generator)
ERR_SOWING = 13  # a sowing that can drop its seeds nowhere (the effect)
ERR_HISTORY = 14  # more positions since the count last changed than the history holds
ERR_DIVISION = 15  # a division by zero (the op; Ludii stops there too)
ERR_COUNT = 16  # a move of more counters than MAX_MOVED (the generator; the value: how many)
MAX_MOVED = 1_000_000  # the most counters one (move … count:N) may move (they may be created)
#: Every error: the record type W_ERROR_AT points into (None: none), and what to say
#: ({value}: W_ERROR_VALUE).
ERRORS = {
    ERR_OP: ("op", "an unknown condition op {value}"),
    ERR_INSTRUCTION: ("prog", "an unknown instruction {value} in the move program"),
    ERR_JUMP: ("prog", "a jump to {value} that does not go forward in the move program"),
    ERR_GENERATOR: ("gen", "an unknown move generator {value}"),
    ERR_EFFECT: ("eff", "an unknown effect {value}"),
    ERR_MOVE: (None, "a move {value} of an unknown kind"),
    ERR_REGION: (None, "an unknown region code {value}"),
    ERR_DYNREG: ("dynreg", "an unknown kind of region {value}"),
    ERR_OUTCOME: ("clause", "an unknown outcome {value}"),
    ERR_DEPTH: (None, "trial moves nested deeper than the compiler allowed"),
    ERR_VM_STACK: ("op", "a condition of {value} ops, longer than the condition stack"),
    ERR_CHAINS: ("gen", "more than {value} capture series in one position (the engine records "
                        "at most P_MAX_CHAINS)"),
    ERR_SOWING: ("eff", "a sowing whose seeds can be dropped nowhere (every site is skipped)"),
    ERR_HISTORY: ("op", "more than {value} distinct positions without a change of the count on "
                        "the board: more than the repetition history holds"),
    ERR_DIVISION: ("op", "a division by zero (Ludii stops the game there too)"),
    ERR_COUNT: ("gen", "a move of {value} counters, more than the engine moves at once "
                       "(MAX_MOVED)"),
}


def state_size(cells: int, history: int = 0) -> int:
    """Scalars, the per-site sections, then ``history`` history entries."""
    return INFO_SIZE + S_SECTIONS * cells + HIST_WIDTH * history


def section(cells: int, k: int) -> slice:
    """The slice of state section ``k`` (``S_BOARD`` ...) for a board of ``cells`` sites."""
    start = INFO_SIZE + k * cells
    return slice(start, start + cells)


def fields(prefix: str) -> dict[str, int]:
    """The named fields of a record type, e.g. ``fields("O_")`` -> ``{"value": 1, ...}``."""
    return {k[len(prefix):].lower(): v for k, v in globals().items()
            if k.startswith(prefix) and isinstance(v, int)}


def name_of(prefix: str, value: int) -> str:
    """The constant of a family that has this value, e.g. ``name_of("P_", 0)`` -> "P_PLAYERS"."""
    return next(k for k, v in globals().items() if k.startswith(prefix) and v == value)
