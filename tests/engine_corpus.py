"""A corpus of descriptions that, with the shipped games, uses every rule of the grammar and makes
the compiler emit every kind of record (condition op, instruction, generator, effect, dynamic
region). The grammar coverage test and the dispatch tests read it.

Each description is small and plays in random play, so the kernels execute what it compiles.
"""

from __future__ import annotations

import itertools

from ludi.lang import Description, load_description, parse, shipped_games

EXTRA = {
    "arithmetic": """
(game "Arithmetic" (players 2)
  (equipment {(board (rectangle 4 5) use:Cell) (piece "Disc" P1) (piece "Cross" P2)
              (regions "Home" (sites Left))})
  (rules
    (play (and (move Add (to (sites Empty))) (move Pass)))
    (end {
      (if (is Line 4 Orthogonal) (result Mover Win))
      (if (is Line 4 Diagonal) (result Next Loss))
      (if (is Line 5 Adjacent) (result Mover Win))
      (if (and {(> (count Moves) (* 2 (max 3 (min 9 (count Players)))))
                (!= (count Turns) 0)
                (<= (count Sites in:(sites "Home")) 4)
                (is Friend (last To))
                (not (= (next) (prev)))})
          (result Mover Win))
      (if (and (= (count Moves) 30) true) (result Mover Draw))
      (if (= (+ {(/ (count Moves) 7) (% (count Moves) 5) 1}) 9) (result Next Win))
      (if (is Line 3 N) (result Mover Win))
      (if (= (count Moves) Off) (result P2 Win))
      (if false (result P2 Win))})))
""",
    "regions": """
(game "Regions" (players 3)
  (equipment {(board (rotate 90 (hex Rectangle 4 5))) (piece "Marker" Each)})
  (rules
    (meta (moveLimit 60))
    (play (if (< (count Moves) 6)
              (move Add (to (union (sites Column 1) (sites Corners))))
              (move Add (to (sites Empty) if:(not (is Enemy (to)))))))
    (end {
      (if (is Line 3 All P3) (result P3 Win))
      (if (is Line 3) (result Mover Loss))
      (if (>= (score P1) 1) (result P1 Win))})))
""",
    "sides": """
(game "Sides" (players 4)
  (equipment {(board (tri Hexagon 3) use:Vertex) (piece "Marker" Each)})
  (rules
    (play (move Add (to (sites Empty))))
    (end {
      (if (is Connected 3 Sides) (result Mover Win))
      (if (is Line 3 P4) (result P4 Loss))
      (if (is Line 4 Prev) (result Prev Win))})))
""",
    "edges": """
(game "Edges" (players 2)
  (equipment {(board (square 5)) (piece "Marker" Each)
              (regions P1 {(sites Side E) (sites Side W)})
              (regions P2 {(sites Side N) (sites Bottom)})})
  (rules
    (start (place "Marker1" (sites Right) count:1))
    (play (move Add (to (sites Empty) if:(is Empty (to)))))
    (end {(if (is Connected Mover) (result Mover Win))
          (if (and (is In (last To) (sites Outer)) (> (count Moves) 20)) (result Mover Draw))})))
""",
    "steps": """
(game "Steps" (players 2)
  (equipment {(board (square 4)) (piece "Marker" Each)})
  (rules
    (start {(place "Marker1" (sites Row 0)) (place "Marker2" (sites Row 3))})
    (play (or {
      (move Hop (from (sites Occupied by:Mover)) landing:Straight
                (between if:(is Enemy (between)) (apply (remove (between))))
                (to if:(is Empty (to))) chain:False)
      (move Step (from (sites Occupied by:Mover)) Adjacent (to if:(is Empty (to))))
      (move Slide (from (sites Occupied by:Mover)) (to if:(is Approach Closer)))
      (move Select (from (sites Occupied by:Next) if:(> (count Moves) 5))
                   (then (and {(remove (from)) (moveAgain)})))}))
    (end {(if (= (count Pieces Next) 0) (result Mover Win))
          (if (= (site) (last From)) (result Mover Draw))
          (if (no Moves Next) (result Mover Win))})))
""",
    "proposals": """
(game "Proposals" (players 2)
  (equipment {(board (square 3)) (piece "Marker" Each)})
  (rules
    (play (if (is Proposed "Draw")
              (or (move Vote "Draw") (move Vote "No"))
              (or (move Propose "Draw") (move Add (to (sites Empty))))))
    (end {(if (is Decided "Draw") (result Mover Draw))
          (if (is Line 3) (result Mover Win))})))
""",
    "winning": """
(game "Winning" (players 2)
  (equipment {(board (hex 3)) (piece "Marker" Each)})
  (rules
    (play (priority {
      (move Add (to (union (sites Winning Mover (add (to (sites Empty)))) (sites Corners))))
      (move Add (to (sites Empty)))}))
    (end (if (is Line 3) (result Mover Win)))))
""",
    "sowing": """
(game "Sowing" (players 2)
  (equipment {(mancalaBoard 2 5 store:Outer (track "Track" "1,E,N,W" loop:True))
              (regions P1 (sites Bottom)) (regions P2 (sites Top))
              (map {(pair P1 FirstSite) (pair P2 LastSite)}) (piece "Seed" Shared)})
  (rules
    (start (set Count 3 to:(sites Track)))
    (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
            (then (sow if:(= (count at:(to)) 2)
                       apply:(fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))
                       skipIf:(>= (count at:(to)) 9) grandSlam:Capture))))
    (end {(if (no Moves Mover) (byScore))
          (if (> (count at:(mapEntry P1)) 15) (result P1 Win))})))
""",
    "houses": """
(game "Houses" (players 2)
  (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
              (regions P1 (sites Bottom)) (regions P2 (sites Top))})
  (rules
    (meta (moveLimit 100))
    (start (set Count 2 to:(sites Board)))
    (play (move Select (from (sites Mover) if:(> (count at:(from)) 0)) (then (sow))))
    (end (if (= (count in:(sites Mover)) 0) (result Mover Loss)))))
""",
    "ludii-forms": """
(game "Ludii Forms" (players 2)
  (equipment {(mancalaBoard 2 6 (track "Track" "1,E,N,W" loop:True))
              (regions P1 (sites Bottom)) (regions P2 (sites Top))
              (map {(pair P1 FirstSite) (pair P2 LastSite)}) (piece "Seed" Shared)})
  (rules
    (start (set Count 4 to:(sites Track)))
    (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
            (then (sow if:(is In (count at:(to)) (sites {2 3}))
                       apply:(if (is In (to) (sites {7 8 9 10 11 12}))
                                 (fromTo (from (to)) (to (mapEntry Mover)) count:(count at:(to)))
                                 (fromTo (from (to))
                                         (to (if (is In (to) (sites Top)) (mapEntry P1)
                                                 (mapEntry P2)))
                                         count:(count at:(to))))))))
    (end (if (no Moves Mover) (byScore)))))
""",
    "pieces": """
(game "Pieces" (players {(player N) (player S)})
  (equipment {(board (square 6))
              (piece "Pawn" Each (or {(move Step Forward (to if:(is Empty (to))))
                                      (move Step (directions {FR FL})
                                        (to if:(is Enemy (who at:(to))) (apply (remove (to)))))}))
              (piece "King" Each (move Step (directions {Backward Leftward Rightward BL BR N NE E
                                                SE S SW W NW All Adjacent Orthogonal Diagonal
                                                Forwards Backwards Leftwards Rightwards})
                                   (to if:(not (is Friend (who at:(to)))))
                                   (then (if (is Occupied (last From)) (moveAgain)))))
              (piece "Guard" P1 E (step Orthogonal (to if:(!= (who at:(to)) P1))))
              (piece "Queen" Each (move Slide Orthogonal
                                    (to if:(is Enemy (who at:(to))) (apply (remove (to))))
                                    (then (if (is Occupied (coord "A1")) (moveAgain)))))
              (regions P1 (sites Top)) (regions P2 (sites Bottom))})
  (rules
    (start {(place "Pawn1" (expand (sites Bottom)))
            (place "Pawn2" (expand (sites Top) steps:1 Adjacent))
            (place "King1" (sites {"C3"})) (place "King2" (sites {"D4"}))
            (place "Guard" (sites {"F3"})) (place "Queen1" coord:"A3")
            (place "Queen2" coord:"F4")})
    (play (forEach Piece))
    (end {(if (is In (last To) (sites Mover)) (result Mover Win))
          (if (no Pieces Next) (result Mover Win))
          (if (= (what at:(last To)) (id "King" P1)) (result Mover Draw))
          (if (= (where "Guard" P1) (coord "A6")) (result P1 Win))})))
""",
    "whose-turn": """
(game "Whose Turn" (players 4)
  (equipment {(board (square 4)) (piece "Disc" Each)})
  (rules
    (play (if (or {(is Mover P1) (is Mover P2) (is Mover P3) (is Mover (next))})
              (move Add (to (intersection (sites Board)
                                          (difference (sites Board)
                                                      (intersection (sites Bottom) (sites Top)))))
                    (then (if (not (is Prev Mover)) (moveAgain))))
              (move Add (to (sites Empty)))))
    (end {(if (is Next Mover) (result Mover Draw))
          (if (and (is Line 3) (not (is Mover P4))) (result Mover Win))})))
""",
    "lines-board": """
(game "Lines Board" (players 2)
  (equipment {(board (rectangle 5 5 diagonals:Alternating) use:Vertex)
              (piece "Counter" Each) (piece "Tiger" Each)})
  (rules
    (start {(place "Counter1" (expand (sites Bottom))) (place "Counter2" (expand (sites Top)))
            (place "Tiger1" (sites {"A3"})) (place "Tiger2" (sites {"E3"}))})
    (play (or (forEach Piece "Counter" (or (move Hop (between if:(is Enemy (who at:(between)))
                                                            (apply (remove (between))))
                                                   (to if:(is Empty (to))))
                                            (move Step (to if:(is Empty (to))))))
              (forEach Piece {"Tiger"} (move Step (to if:(is Empty (to)))))))
    (end (if (no Moves Next) (result Next Loss)))))
""",
    "other-diagonals": """
(game "Other Diagonals" (players 2)
  (equipment {(board (square 5 diagonals:Concentric) use:Vertex) (piece "Disc" Each)})
  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))
""",
    "more-diagonals": """
(game "More Diagonals" (players 2)
  (equipment {(board (rotate 90 (square 5 diagonals:Radiating)) use:Vertex)
              (piece "Disc" Each)})
  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))
""",
    "hands-phases": """
(game "Hands Phases" (players 2)
  (equipment {(board (square 4) use:Vertex) (hand Each size:2)
              (piece "Marker" Each (move Step (to if:(is Empty (to))
                                                  (apply if:(is Even (to)) (moveAgain)))))})
  (rules
    (start {(place "Marker" "Hand" count:2) (place "Marker1" (handSite P1 1))
            (place "Marker2" (handSite P2 1))})
    phases:{
      (phase "Placement"
        (play (or (move (from (handSite Mover)) (to (sites Empty) if:(is Even (to))))
                  (move (from (sites Hand Mover) if:(< 0 (count at:(from))))
                        (to (sites Empty) if:(is Odd (to))))))
        {(nextPhase Mover (all Sites (sites Hand Mover) if:(= 0 (count Cell at:(site))))
                    "Movement")
         (nextPhase P2 false)})
      (phase "Movement" P1 (play (forEach Piece)))
      (phase "Copying" (play (move (from (handSite Mover)) (to (sites Empty)) copy:True))
        (nextPhase))}
    (end (if (is Line 3) (result Mover Win)))))
""",
    "relay-sowing": """
(game "Relay Sowing" (players 2)
  (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
              (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared)})
  (rules
    (start (set Count 2 to:(sites Track)))
    (play (move Select
            (from (if (is Prev Mover) (sites {(last To afterConsequence:True)}) (sites Mover))
                  if:(is Occupied (from)))
            (then (sow apply:(if (and (< 1 (count at:(to))) (< (count Moves) 40))
                                 (moveAgain))))))
    (end (if (or (= 0 (count in:(if (is Mover P1) (sites P2) (sites P1))))
                 (is In (last To) (sites {(last To afterConsequence:True)})))
             (result Mover Win)))))
""",
    "centre-phase": """
(game "Centre Phase" (players 2)
  (equipment {(board (square 5)) (piece "Disc" Each)})
  (rules
    (start {(place "Disc1" (centrePoint)) (place "Disc2" (sites Phase 1))})
    (play (if (is In (last To) (sites Centre))
              (move Remove (sites Occupied by:Next) (then (moveAgain)))
              (move Add (to (sites Empty)))))
    (end {(if (or (no Pieces Next) (is Line 4)) (result Mover Win))
          (if (is Full) (result Mover Draw))})))
""",
    "around": """
(game "Around" (players 2)
  (equipment {(board (square 4))
              (piece "K" Each (move (from) (to (sites Around (from) Empty Orthogonal))))})
  (rules
    (start {(place "K1" (sites {"A1" "B1"})) (place "K2" (sites {"D4" "C4"}))})
    (play (or (forEach Piece)
              (move Remove (sites Around (last To) Enemy) (then (moveAgain)))))
    (end {(if (is In (last To) (sites Around (sites {"D4"}) includeSelf:True))
              (result Mover Win))
          (if (= 0 (count Sites in:(sites Around (last To) NotEmpty))) (result Mover Draw))
          (if (all Sites (sites Around (last From) Own) if:(is In (site) (sites Top)))
              (result Next Win))})))
""",
    "directions": """
(game "Directions" (players 2)
  (equipment {(board (square 5))
    (piece "R" Each (move (from) (to (sites Direction from:(from) Orthogonal
        stop:(is Occupied (to)) stopIncluded:True)
      if:(not (is Friend (who at:(to)))) (apply (if (is Enemy (who at:(to))) (remove (to)))))))
    (piece "Ma" Each (forEach Direction Orthogonal
      (to if:(is Empty (to)) (apply (forEach Direction (from (to)) (directions {FR FL} of:All)
        (between (exact 2) if:(is Empty (between)))
        (if (not (is Friend (who at:(to))))
          (move (from) (to (apply if:(is Enemy (who at:(to))) (remove (to)))))))))))})
  (rules
    (meta (moveLimit 60))
    (start {(place "R1" coord:"A1") (place "Ma1" coord:"C1") (place "R2" coord:"E5")
            (place "Ma2" coord:"C5")})
    (play (forEach Piece))
    (end {(if (= 3 (count Sites in:(union (sites Direction from:(last To) N included:True
                                                          distance:1)
                                          (sites Direction from:(where "R" P1) E
                                             stop:(= (to) (where "R" P2))))))
              (result Mover Draw))
          (if (no Pieces Next) (result Mover Win))})))
""",
    "graph-board": """
(game "Graph Board" (players 2)
  (equipment {(board (add (remove (merge (shift 0 2 (scale 1 1 (square 3 diagonals:Alternating)))
                                         (rotate 180 (wedge 2)))
                                  vertices:{0} edges:{{2 3}})
                          vertices:{{5 5}} edges:{{0 1} {{5 5} {2 4}}})
                     use:Vertex)
              (piece "T" Each (move Step (to if:(is Empty (to)))))})
  (rules (start {(place "T1" (sites {1})) (place "T2" (sites {5}))})
    (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))
""",
    "hop-sequence": """
(game "Hop Sequence" (players 2)
  (equipment {(board (square 5))
              (piece "Disc" Each
                (or (move Hop (between if:(is Enemy (who at:(between)))
                                       (apply (remove (between))))
                              (to if:(is Empty (to)))
                              (then (if (can Move
                                          (hop (from (last To))
                                               (between if:(and (not (is In (between)
                                                                      (sites ToClear)))
                                                               (is Enemy (who at:(between)))))
                                               (to if:(is Empty (to)))))
                                        (moveAgain))))
                    (move Step (to if:(is Empty (to))))))})
  (rules
    (start {(place "Disc1" (sites Bottom)) (place "Disc2" (sites Top))
            (place "Disc2" (sites {"B2" "D2"}))})
    (play (if (is Prev Mover)
              (or (move Hop (from (last To))
                            (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                            (to if:(is Empty (to)))
                            (then (if (can Move (hop (from (last To))
                                                     (between if:(is Enemy (who at:(between))))
                                                     (to if:(is Empty (to)))))
                                      (moveAgain))))
                  (move Pass))
              (forEach Piece)))
    (end (if (no Pieces Next) (result Mover Win)))))
""",
    "flying-hops": """
(game "Flying Hops" (players 2)
  (equipment {(board (square 6))
              (piece "King" Each
                (or (move Hop Diagonal
                              (between before:(count Rows) after:(- (count Columns) 1)
                                       if:(is Enemy (who at:(between)))
                                       (apply (remove (between) at:EndOfTurn)))
                              (to if:(is Empty (to)))
                              (then (if (can Move (hop (from (last To)) Diagonal
                                                       (between before:(count Rows) after:5
                                                                if:(and (not (is In (between)
                                                                            (sites ToClear)))
                                                                        (is Enemy (who at:
                                                                          (between)))))
                                                       (to if:(is Empty (to)))))
                                        (moveAgain))))
                    (move Slide Diagonal)))})
  (rules
    (start {(place "King1" (sites Row 0)) (place "King2" (sites Row (- (count Rows) 1)))})
    (play (if (is Prev Mover)
              (move Hop (from (last To)) Diagonal
                        (between before:6 after:5
                                 if:(and (not (is In (between) (sites ToClear)))
                                         (is Enemy (who at:(between))))
                                 (apply (remove (between) at:EndOfTurn)))
                        (to if:(is Empty (to)))
                        (then (if (can Move (hop (from (last To)) Diagonal
                                                 (between before:6 after:5
                                                          if:(and (not (is In (between)
                                                                      (sites ToClear)))
                                                                  (is Enemy (who at:
                                                                    (between)))))
                                                 (to if:(is Empty (to)))))
                                  (moveAgain))))
              (forEach Piece)))
    (end (if (no Pieces Next) (result Mover Win)))))
""",
    "longest-turns": """
(game "Longest Turns" (players 2)
  (equipment {(board (square 6)) (piece "Man" P1 N) (piece "Man" P2 S)})
  (rules
    (start {(place "Man1" (sites Row 1)) (place "Man2" (sites Row 4))})
    (play (if (is Prev Mover)
              (max Moves withValue:False
                (move Hop (from (last To)) (difference Orthogonal OppositeDirection)
                      (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                      (to if:(is Empty (to)))
                      (then (if (can Move (hop (from (last To)) SameDirection
                                               (between if:(is Enemy (who at:(between))))
                                               (to if:(is Empty (to)))))
                                (moveAgain)))))
              (priority {
                (max Moves
                  (forEach Piece "Man"
                    (move Hop Orthogonal
                          (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                          (to if:(is Empty (to)))
                          (then (if (can Move (hop (from (last To))
                                                   (difference Orthogonal OppositeDirection)
                                                   (between if:(is Enemy (who at:(between))))
                                                   (to if:(is Empty (to)))))
                                    (moveAgain))))))
                (forEach Piece "Man" (move Step (directions Forwards) (to if:(is Empty (to)))))})))
    (end (if (no Moves Next) (result Mover Win)))))
""",
    "mill": """
(game "Mill" (players 2)
  (equipment {(board (square 4)) (piece "M" Each)})
  (rules
    (play (if (is Prev Mover)
              (move Remove (forEach (sites Occupied by:Next)
                                    if:(not (is Line 3 Orthogonal through:(site)))))
              (move Add (to (sites Empty)) (then (if (is Line 3) (moveAgain))))))
    (end {(if (and (< 3 (count Moves))
                   (= 0 (count Sites in:(forEach (sites Occupied by:Next)
                                                 if:(not (is Line 2 through:(site)
                                                               exact:True))))))
              (result Mover Win))
          (if (is Full) (result Mover Draw))})))
""",
    "rings": """
(game "Rings" (players 2)
  (equipment {(board (concentric Square rings:2 joinCorners:True) use:Vertex) (piece "M" Each)})
  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))
""",
    "circles": """
(game "Circles" (players 2)
  (equipment {(board (concentric {1 8}) use:Vertex) (piece "M" Each)})
  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))
""",
    "triangle": """
(game "Triangle" (players 2)
  (equipment {(board (graph vertices:{{0 0} {2 0} {1 1.5}} edges:{{0 1} {1 2} {2 0}})
                     use:Vertex) (piece "M" Each)})
  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 2) (result Mover Win)))))
""",
    "dynamic-regions": """
(game "Dynamic Regions" (players 2)
  (equipment {(board (square 4)) (hand Each)
              (piece "D" Each (move Step (to if:(is Empty (to)))))})
  (rules
    (start (place "D" "Hand" count:4))
    phases:{
      (phase "Place"
        (play (move (from (sites Occupied by:Mover container:"Hand"))
                    (to (difference (sites Empty) (sites Row (/ 6 2))))))
        (end (if (is In (last To) (intersection (sites Occupied by:Enemy) (sites Top)))
                 (result Mover Loss)))
        (nextPhase Mover (all Sites (sites Hand Mover) if:(= 0 (count at:(site)))) "Move"))
      (phase "Move" (play (forEach Piece)))}
    (end (if (is Line 3) (result Mover Win)))))
""",
    "captures": """
(game "Captures" (players 2)
  (equipment {(board (square 5))
              (piece "M" Each (move Step Orthogonal (to if:(is Empty (to)))
                (then (or (custodial (from (last To)) Orthogonal
                                     (between (max 2) if:(is Enemy (who at:(between)))
                                              (apply (remove (between))))
                                     (to if:(is Friend (who at:(to)))))
                          (surround (from (last To)) Orthogonal except:1)))))})
  (rules
    (start {(place "M1" (sites Bottom)) (place "M2" (sites Top))})
    (play (forEach Piece))
    (end (if (no Pieces Next) (result Mover Win)))))
""",
    "promotion": """
(game "Promotion" (players {(player N) (player S)})
  (equipment {(board (square 4))
    (piece "Pawn" Each (move Step (from) Forward (to if:(is Empty (to)))
      (then (if (and (is In (last To) (sites Mover "Far"))
                     (= (what at:(last To)) (id "Pawn" Mover)))
                (promote (last To) (piece "King") Mover)))))
    (piece "King" Each (move Step Backward (to if:(is Empty (to)))))
    (regions "Far" P1 (sites Top)) (regions "Far" P2 (sites Bottom))})
  (rules (start {(place "Pawn1" {"A1" "C1"}) (place "Pawn2" {"B4" "D4"})})
    (play (forEach Piece))
    (end (if (no Moves Mover) (result Mover Loss)))))
""",
    "own-tracks": """
(game "Own Tracks" (players 2)
  (equipment {(mancalaBoard 2 3
    {(track "Track1" "3,W,WNW,ENE,E" loop:True P1) (track "Track2" "3,W,N,E,ESE" loop:True P2)})
    (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))
    (map {(pair P1 FirstSite) (pair P2 LastSite)})})
  (rules (start (set Count 2 to:(union (sites P1) (sites P2))))
    (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
      (then (sow "Track" owner:(mover)))))
    (end (if (no Moves Mover) (byScore {(score P1 (count at:(mapEntry P1)))
                                        (score P2 (count at:(mapEntry P2)))})))))
""",
    "variables": """
(game "Variables" (players 2)
  (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
    (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
  (rules (start (set Count 2 to:(sites Track)))
    (play (or (move Select
      (from (if (= (var "Last") Undefined) (sites Mover)
                (forEach (sites Mover) if:(!= (site) (trackSite Move from:(var "Last") steps:1))))
            if:(> (count at:(from)) 0))
      (then (and {(sow) (set Var "Last" (last From)) (set Var (+ (var) 1))
                  (forEach Site (sites Next) (if (= (count at:(site)) 4) (remove (site))))})))
      (move (from (sites Mover) if:(> (count at:(from)) 3)) (to (sites {1 6})) count:2)))
    (end {(forEach NonMover if:(all Sites (sites Player) if:(= 0 (count at:(site))))
                   (result Player Loss))
          (forEach Player if:(> (var) 200) (result Player Draw))})))
""",
    "leaps": """
(game "Leaps" (players {(player N) (player S)})
  (equipment {(board (square 5))
    (piece "Knight" Each (move Leap {{F F R F} {F F L F}} forward:True rotations:True
      (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))
      (then (set Value Mover (+ 1 (value Player Mover))))))
    (regions "Goal" P1 (sites Top)) (regions "Goal" P2 (sites Bottom))})
  (rules (start {(place "Knight1" (sites Bottom)) (place "Knight2" (sites Top))})
    (play (forEach Piece))
    (end {(if (= (sites Occupied by:Mover) (sites Mover "Goal")) (result Mover Win))
          (if (no Moves Next) (result Mover Win))
          (if (> (value Player Mover) 30) (result Mover Draw))})))
""",
    "checkmate": """
(game "Checkmate" (players {(player N) (player S)})
  (equipment {(board (square 5))
    (piece "King" Each (move Step (to if:(not (is Friend (who at:(to))))
      (apply (if (is Enemy (who at:(to))) (remove (to)))))))
    (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to)))
      (apply (remove (to))))))})
  (rules (start {(place "King1" coord:"C1") (place "Rook1" {"A1" "E1"})
                 (place "King2" coord:"C5") (place "Rook2" {"A5" "E5"})})
    (play (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover)))))
    (end {(if (and (is Threatened (id "King" Next)) (not (can Move (do (forEach Piece Next)
              ifAfterwards:(not (is Threatened (id "King" Next))))))) (result Mover Win))
          (if (no Moves Mover) (result Mover Loss))})))
""",
    "checks": """
(game "Checks" (players {(player N) (player S)})
  (equipment {(board (square 5))
    (piece "King" Each (move Step (to if:(not (is Friend (who at:(to))))
      (apply (if (is Enemy (who at:(to))) (remove (to)))))))
    (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to)))
      (apply if:(not (is In (to) (sites Around (from)))) (remove (to))))))})
  (rules (start {(place "King1" coord:"C1") (place "Rook1" {"A1" "E1"})
                 (place "King2" coord:"C5") (place "Rook2" {"A5" "E5"})})
    (play (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover)))
      (then (if (and (= 0 (state at:(where "King" Next))) (is Threatened (id "King" Next)))
        (set State at:(where "King" Next) 1)))))
    (end {(if (and (is Threatened (id "King" Next)) (not (can Move (do (forEach Piece Next)
              ifAfterwards:(not (is Threatened (id "King" Next))))))) (result Mover Win))
          (if (no Moves Mover) (result Mover Loss))})))
""",
    "castling": """
(game "Castling" (players {(player N) (player S)})
  (equipment {(board (square 6))
    (piece "King" Each (move Step (to if:(not (is Friend (who at:(to))))
      (apply (if (is Enemy (who at:(to))) (remove (to))))) (then (set State at:(last To) 0))))
    (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to)))
      (apply (remove (to)))) (then (set State at:(last To) 0))))
    (piece "Pawn" Each (move Step Forward (to if:(is Empty (to)))
      (then (remove (ahead (last To) Backward)))))
    (map "King" {(pair 1 "C1") (pair 2 "C6")}) (map "Rook" {(pair 1 "F1") (pair 2 "F6")})})
  (rules (start {(place "King1" coord:"C1" state:1) (place "Rook1" coord:"F1" state:1)
                 (place "King2" coord:"C6" state:1) (place "Rook2" coord:"F6" state:1)
                 (place "Pawn1" coord:"A2") (place "Pawn2" coord:"A5")})
    (play (do (or (forEach Piece)
                  (if (and {(= (state at:(mapEntry "King" (mover))) 1)
                            (not (is Threatened (id "King" Mover)))
                            (can Move (slide (from (mapEntry "Rook" (mover))) W
                              (between (exact 2) if:(is Empty (to))) (to if:True)))})
                      (move Slide (from (mapEntry "King" (mover))) E
                        (between (exact 2) if:(and (is Empty (to))
                                                   (not (is Threatened (id "King" Mover) at:(to)))))
                        (to if:True (apply (set State at:(from) 0)))
                        (then (slide (from (mapEntry "Rook" (mover))) W
                                (between (exact 2) if:True) (to if:True))))))
              ifAfterwards:(not (is Threatened (id "King" Mover)))))
    (end {(if (and (is Threatened (id "King" Next)) (not (can Move (do (forEach Piece Next)
              ifAfterwards:(not (is Threatened (id "King" Next))))))) (result Mover Win))
          (if (no Moves Mover) (result Mover Draw))})))
""",
    "solid-diagonals": """
(game "Solid Diagonals" (players 2)
  (equipment {(board (rectangle 3 4 diagonals:SolidNoSplit) use:Vertex) (piece "Disc" Each)})
  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))
""",
    "ahead-and-from-tests": """
(game "Ahead" (players 2)
  (equipment {(board (square 5)) (piece "M" Each (if (is In (from) (sites Bottom))
    (move Step N (to if:(is Empty (to))))
    (or (move Step Adjacent (to if:(and (is Empty (to)) (is Empty (ahead (to) steps:2 E)))))
        (move Hop (between (exact 1) if:(is Occupied (between))) (to if:(is Empty (to)))))))})
  (rules (start {(place "M1" (sites Bottom)) (place "M2" (sites Top))}) (play (forEach Piece))
    (end (if (no Moves Next) (result Mover Win)))))
""",
    "hop-over-a-run": """
(game "Run Hop" (players 2)
  (equipment {(board (square 5))
    (piece "Tiger" P1 (or (move Step (to if:(is Empty (to))))
      (move Hop (between (range 1 4) if:(is Enemy (who at:(between))) (apply (remove (between))))
                (to if:(and (is Empty (to)) (is Even (count Steps (from) (to))))))))
    (piece "Man" P2 (move Step (to if:(is Empty (to)))
      (then (custodial (from (last To)) Orthogonal (between (range 1 3))
                       (to if:(is Friend (who at:(to))))))))})
  (rules (start {(place "Tiger1" (sites Centre)) (place "Man2" (sites Outer))})
    (play (forEach Piece))
    (end {(if (no Moves Next) (result Mover Win))
          (if (= 0 (count Sites in:(sites Occupied by:Next components:{"Man" "Tiger"})))
              (result Mover Win))})))
""",
    "promote-and-pending": """
(game "Promote and Pending" (players {(player N) (player S)})
  (equipment {(board (square 4))
    (piece "Pawn" Each (move Step Forward (to if:(is Empty (to)))
      (then (if (is In (last To) (sites Mover "Promotion")) (moveAgain)))))
    (piece "Queen" Each (move Step (to if:(not (is Friend (who at:(to)))))))
    (regions "Promotion" P1 (sites Top)) (regions "Promotion" P2 (sites Bottom))})
  (rules (start {(place "Pawn1" (sites Bottom)) (place "Pawn2" (sites Top))})
    (play (if (is Prev Mover) (move Promote (last To) (piece "Queen") Mover)
            (if (is Pending) (forEach Piece)
              (or (forEach Piece) (move Pass (then (set Pending)))))))
    (end {(if (<= (count Pieces All) 4) (result Mover Win))
          (if (<= (count Pieces All in:(sites Top)) 0) (result Next Win))})))
""",
    "split-diagonals": """
(game "Split Diagonals" (players 2)
  (equipment {(board (square 3 diagonals:Solid) use:Vertex) (piece "Disc" Each)})
  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))
""",
    "neutral-blocks": """
(game "Neutral Blocks" (players 2)
  (equipment {(board (square 4)) (piece "Pawn" Each (move Step (to if:(and (is Empty (to))
                                                                     (not (is Visited (to)))))
                                                      (then (moveAgain))))
              (piece "Square" Neutral)})
  (rules (start {(place "Pawn1" (sites {"A1"})) (place "Pawn2" (sites {"D4"}))
                 (place "Square0" (sites {"B3"}))})
    (play (if (is Even (count Moves)) (forEach Piece)
              (or (move Add (piece "Square0") (to (last From))
                        (then (and (addScore Mover 1) (set Score Next (- (score Next) 1)))))
                  (move Add (piece "Pawn") (to (sites Empty) if:(is In (to) (sites Corners)))))))
    (end {(if (no Moves Next) (result Mover Win))
          (if (and (= (what at:(coord "B3")) (id "Square0")) (> (score Mover) 4)) (byScore))})))
""",
    "rows-and-lines": """
(game "Rows and Lines" (players 3)
  (equipment {(board (square 5)) (piece "Disc" Each)})
  (rules
    (play (move Add (to (sites Empty) if:(!= (row of:(to)) (column of:(last To))))))
    (end {(if (is Line 4 whats:{1 3}) (result P1 Win))
          (if (is Line 3 through:(centrePoint) what:(mover) exact:True) (result Mover Win))
          (if (is Line 5 Orthogonal contiguous:False) (result Mover Win))
          (if (= (count Sites in:(sites Occupied by:Next component:"Disc")) 7)
              (result Mover Win))
          (if (is Within (id "Disc2") in:(sites Corners)) (result P2 Win))})))
""",
    "castle": """
(game "Castle" (players 2)
  (equipment {(board (square 5))
              (piece "Rook" Each (move Slide Orthogonal
                                   (between if:(and (!= (between) (centrePoint))
                                                    (is Empty (between))))
                                   (to (apply if:(!= (to) (coord "A3"))))
                                   (then (and {(if (is In (last To) (sites Corners))
                                                   (trigger "Corner" Mover))
                                               (if (is In (last To) (sites Top)) (moveAgain))
                                               (if (is Even (count Moves)) (set Counter))}))))
              (piece "Queen" Each)})
  (rules (start {(place "Rook1" (sites {"A1" "B1"})) (place "Rook2" (sites {"E3" "E5"}))})
    (play (if (is Prev Mover) (move Promote (last To) (piece {"Queen" "Rook"}) Mover)
              (forEach Piece)))
    (end {(if (is Triggered "Corner" Next) (result Next Win))
          (if (= (counter) 6) (result Mover Draw))})))
""",
    "pawns": """
(game "Pawns" (players {(player N) (player S)})
  (equipment {(board (square 5))
              (piece "Pawn" Each (or (move Step Forward (to if:(is Empty (to))))
                                     (if (is In (from) (sites Start (piece (what at:(from)))))
                                         (move Slide Forward (between (exact 2))
                                               (then (set Pending (ahead (last To) S)))))))})
  (rules (start {(place "Pawn1" (sites Bottom)) (place "Pawn2" (sites Top))})
    (play (forEach Piece))
    (end {(if (and (is Pending) (= (value Pending) (coord "C2"))) (result P2 Win))
          (if (no Moves Next) (result Mover Win))})))
""",
    "infection": """
(game "Infection" (players 2)
  (equipment {(board (square 5))
              (piece "Blob" Each (move (from) (to (difference (expand origin:(from) steps:2)
                                                             (expand origin:(from)))
                                                 if:(is Empty (to)))
                                       (then (forEach Site (intersection (sites Around (last To))
                                                                         (sites Occupied by:Next))
                                               (and (remove (site))
                                                    (add (piece (id "Blob" Mover))
                                                         (to (site))))))))})
  (rules (start {(set Score Each 3) (place "Blob1" (sites {"A1"})) (place "Blob2" (sites {"E5"}))})
    (play (or (forEach Piece)
              (move Add (to (sites Around (sites Occupied by:Mover) Empty))
                    (then (and (add (to (last From))) (addScore Mover 1))))))
    (end (if (or (is Full) (> (score Mover) 12)) (byScore)))))
""",
    "local-state": """
(game "Local State" (players 2)
  (equipment {(board (square 5))
    (piece "Rook" Each (move Slide Orthogonal
                         (to if:(is Enemy (who at:(to))) (apply (remove (to))))
                         (then (and {(set Var "Left" (+ (var "Left") 2))
                                     (if (< 0 (var "Left")) (set State at:(last To) 2))}))))
    (piece "Pawn" Each (move Step (if (is Mover P1) (directions {N}) S) (to if:(is Empty (to)))
                         (then (if (is In (last To) (sites Mover "End"))
                                 (promote (last To) (piece (id "Rook" Mover)))))))
    (regions "End" P1 (sites Top)) (regions "End" P2 (sites Bottom))})
  (rules (start {(place "Rook1" coord:"A1" state:1) (place "Rook2" coord:"E5" state:1)
                 (place "Pawn1" (sites {"B2" "D2"})) (place "Pawn2" (sites {"B4" "D4"}))})
    (play (forEach Piece))
    (end {(if (= 2 (state at:(last To))) (result Mover Win))
          (if (> (count Steps Orthogonal (last To) (centrePoint)) 4) (result Mover Draw))
          (if (no Moves Next) (result Mover Loss))})))
""",
    "dice race": """
(game "Dice Race" (players 2)
  (equipment {(board (rectangle 2 6) {(track "T1" "0,E,N,W" P1 directed:True)
                                      (track "T2" {11 10 9 8 7 6 0 1 2 3 4 5} P2)})
              (dice d:3 from:0 num:2) (piece "Disc" Each)})
  (rules (start {(place "Disc1" 0) (place "Disc2" 11)})
    (play (do (and (if (not (is Prev Mover)) (roll (then (set Var "Pips" (count Pips)))))
                   (set Counter))
              next:(or (forEach Piece (move (from) (to (trackSite Move steps:(count Pips))
                                                      if:(is Empty (to)))))
                       (move Pass (then (roll))))
              ifAfterwards:(not (is Full)) (then (set Pending))))
    (end (if (and (= (var "Pips") 4) (< (counter) (+ 1 (count MovesThisTurn))))
             (result Mover Win)))))
""",
    "dice by die": """
(game "Dice By Die" (players 2)
  (equipment {(board (rectangle 1 10) {(track "T1" {0..8 End} 1) (track "T2" "0,E,End" P2)})
              (dice d:3 num:2) (piece "Disc" Each)})
  (rules (start {(place "Disc1" 0) (place "Disc2" 1)})
    (play (do (if (not (is Prev Mover)) (roll))
            next:(forEach Die combined:True if:(!= (pips) 0)
                   (forEach Piece (if (= (trackSite Move steps:(pips)) End)
                                    (move Remove (from))
                                    (move (from) (to (trackSite Move steps:(pips))
                                                     if:(is Empty (to))))))
                   (then (if (not (all DiceUsed)) (moveAgain))))))
    (end {(if (no Pieces Mover) (result Mover Win))
          (if (and (all DiceEqual) (= (count Turns) 99)) (result Mover Draw))
          (if (and {(= (face 10) 3) (= (face 11) 1) (> (count Turns) 40)}) (result Next Win))})))
""",
    "track filters": """
(game "Track Filters" (players 2)
  (equipment {(board (rectangle 1 12) {(track "Track1" {0..11 End} P1 directed:True)
                                       (track "Track2" {11..0 End} P2 directed:True)})
              (dice d:3 num:2) (piece "Disc" Each)})
  (rules (start {(place "Disc1" (sites {0 2 4})) (place "Disc2" (sites {11 9 7}))})
    (play (do (if (not (is Prev Mover)) (roll))
            next:(forEach Die if:(!= (pips) 0)
                   (priority
                     (max Distance "Track" Mover
                       (forEach Piece (move (from) (to (trackSite Move steps:(pips))
                                                       if:(is Empty (to))))))
                     (firstMoveOnTrack "Track" Mover
                       (if (is Friend (who at:(site))) (move Remove (site)))))
                   (then (if (not (all DiceUsed)) (moveAgain))))))
    (end (if (no Pieces Mover) (result Mover Win)))))
""",
    "stacks": """
(game "Stacks" (players 2)
  (equipment {(board (rectangle 1 12) {(track "T1" {0..11 End} P1 directed:True)
                                       (track "T2" {11..0 End} P2 directed:True)})
              (dice d:3 num:2) (hand Each)
              (piece "Disc" Each (forEach Die if:(!= (pips) 0)
                (if (= (trackSite Move from:(from) steps:(pips)) End)
                    (move Remove (from))
                    (move (from (from))
                          (to (trackSite Move from:(from) steps:(pips))
                              if:(or (not (is Enemy (who at:(to)))) (= 1 (size Stack at:(to))))
                              (apply if:(is Enemy (who at:(to)))
                                     (fromTo (from (to)) (to (handSite (who at:(to)))))))))
                (then (if (not (all DiceUsed)) (moveAgain)))))})
  (rules (start {(place Stack "Disc1" 0 count:3) (place Stack "Disc2" {11 10} count:2)})
    (play (do (if (not (is Prev Mover)) (roll))
            next:(or {(if (is Occupied (handSite Mover))
                          (move (from (handSite Mover)) (to (sites Empty))))
                      (forEach Piece top:True)
                      (forEach Piece container:(mover) top:True)
                      (forEach Site (sites Occupied by:Mover)
                        (if (= (topLevel at:(site)) 2) (move Remove (site)))
                        noMoveYet:(move Pass))})))
    (end {(if (no Pieces Mover) (result Mover Win))
          (if (and (= (who at:5) 2) (= (count Pieces in:(sites Board)) 1)) (result Mover Draw))
          (if (= (count Pieces Next in:(sites Board)) 7) (result Next Win))
          (if (> (size Stack in:(sites Board)) 9) (result Mover Draw))
          (if (= (size Stack) 4) (result Next Win))})))
""",
    "levels": """
(game "Levels" (players 2)
  (equipment {(board (rectangle 1 8) {(track "T1" {0..7 End} P1 directed:True)
                                      (track "T2" {7..0 End} P2 directed:True)})
              (dice d:3 num:1) (hand Each)
              (piece "Disc" Each (forEach Die if:(!= (pips) 0)
                (if (= (trackSite Move from:(from) steps:(pips)) End)
                    (move Remove (from) level:(level))
                    (move (from (from) level:(level))
                          (to (trackSite Move from:(from) steps:(pips))
                              if:(not (is Enemy (who at:(to)))))))))})
  (rules (start {(place Stack "Disc1" 0 count:3) (place Stack "Disc2" 7 count:3)})
    (play (do (roll) next:(or (forEach Piece) (move Pass))))
    (end (if (no Pieces Mover) (result Mover Win)))))
""",
    "remembered": """
(game "Remembered" (players 2)
  (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,7,W" loop:True))
              (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
  (rules
    (start {(set Count 2 to:(sites Track)) (set RememberValue "Open" (sites Board))
            (set RememberValue "Open" 0)})
    (play (move Select (from (sites (values Remembered "Open"))
                             if:(and (is In (from) (sites Mover)) (is Occupied (from))))
            (then (do (set Var "N" (count at:(last From)))
                    next:(sow apply:(if (= 4 (count at:(to))) (forget Value "Open" (to))))
                    (then (if (no Pieces All in:(sites Bottom)) (forget Value "Open" All)
                            (remember Value "Open" (last From) unique:True)))))))
    (end (if (no Pieces All in:(sites Top))
             {(if (if (is Mover P1) (= (var "N") 2)) (result P1 Win))
              (if (is Mover P2) (result P2 Win))}
             (result Mover Draw)))))
""",
    "track-sites": """
(game "Track Sites" (players 2)
  (equipment {(mancalaBoard 2 4 store:None
                {(track "TrackCCW" "0,E,N,W" loop:True) (track "TrackCW" "3,W,N,E" loop:True)})
              (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))
              (map "Left" {(pair P1 0) (pair P2 7)})})
  (rules (start (set Count 2 to:(sites Track "TrackCCW")))
    (play (move Select
      (from (if (is Prev Mover)
                (sites {(trackSite FirstSite "TrackCW" from:(mapEntry "Left" Mover)
                                    if:(is Occupied (to)))})
                (sites Mover))
            if:(and (is Occupied (from))
                    (all Sites (sites Track "TrackCCW" from:(from) to:(trackSite Move from:(from)
                                       "TrackCCW" steps:1))
                         if:(< (count at:(site)) 9))))
      (then (do (set Var "N" (count at:(last From)))
              next:(sow "TrackCCW")
              (then (and (forEach Site (sites Track from:(last From)
                                         to:(trackSite Move from:(last From) steps:(var "N")))
                           (if (= 4 (count at:(site)))
                               (fromTo (from (site)) (to (handSite Mover)) count:4)))
                         (if (is Odd (count at:(last To))) (set NextPlayer (player (mover)))
                             (set NextPlayer (player (next))))))))))
    (end (if (no Moves Mover) (byScore {(score P1 (count at:(handSite P1)))
                                        (score P2 (count at:(handSite P2)))})))))
""",
    "passes": """
(game "Passes" (players 2)
  (equipment {(board (square 3)) (piece "Disc" Each (slide Orthogonal)) (regions "Corners" {0 8})
              (dice facesByDie:{{1 2} {3 4 5}} num:2) (map {(pair 1 "A1") (pair 2 "C3")})})
  (rules
    (play (or {(do (and {(set Var "X" 1) (set Value Mover 2) (set Pending 3)})
                   next:(move Add (to (sites Empty)) (then (set Var "X" (+ (var "X") 1)))))
               (do (move Add (to (sites Empty)))
                   ifAfterwards:(not (is In (last To) (sites "Corners"))) (then (set Counter)))
               (forEach Piece) (move Pass)}))
    (end {(if (all Passed) (result Mover Draw)) (if (is Line 3) (result Mover Win))})))
""",
    "limping": """
(game "Limping" (players 2)
  (equipment {(board (remove (hex Limping 3) cells:{0 26})) (piece "Disc" Each)})
  (rules (start (place "Disc1" (sites {1})))
    (play (move Add (to (sites Empty))))
    (end (if (is Line 3) (result Mover Win)))))
""",
    "tri_limping": """
(game "Tri Limping" (players 2)
  (equipment {(board (rotate 90 (remove (tri Limping 2) vertices:{11})) use:Vertex)
              (piece "Disc" Each (move Step (to if:(is Empty (to)))))})
  (rules (start {(place "Disc1" (sites {0})) (place "Disc2" (sites {10}))})
    (play (or (forEach Piece) (move Add (to (sites Empty)))))
    (end (if (is Line 3) (result Mover Win)))))
""",
    "hex_hexagon": """
(game "Hex Hexagon" (players 2)
  (equipment {(board (remove (hex Hexagon 3) cells:{9}) use:Cell) (piece "Disc" Each)})
  (rules (play (move Add (to (sites Empty))))
    (end (if (is Line 4) (result Mover Win)))))
""",
    "sight": """
(game "Sight" (players 2)
  (equipment {(board (square 5))
              (piece "Disc" Each (move (from) (to (sites LineOfSight Farthest at:(from)))))})
  (rules (start {(place "Disc1" (sites {0 4})) (place "Disc2" (sites {20 24}))})
    (play (or {(forEach Piece)
               (move Add (to (sites LineOfSight Empty at:(last To) Orthogonal)))
               (move Add (to (sites Empty)
                             if:(= 1 (count Sites in:(sites LineOfSight Piece at:(to))))))}))
    (end {(if (= 1 (count Groups if:(= (who at:(to)) (mover)) min:2)) (result Mover Win))
          (if (> (count Groups Orthogonal) 6) (result Mover Loss))})))
""",
    "grid_squares": """
(game "Grid Squares" (players 2)
  (equipment {(board (remove (rectangle 5 3) cells:{2 3}) use:Vertex) (piece "Disc" Each)})
  (rules (play (move Add (to (sites Empty))))
    (end (if (is Line 3) (result Mover Win)))))
""",
    "pending_sites": """
(game "Pending Sites" (players 2)
  (equipment {(mancalaBoard 2 3 store:None (track "T" "0,E,N,W" loop:True))
              (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared)})
  (rules
    (start (set Count 2 to:(sites Board)))
    (play (or (move Select (from (sites Pending)) (then (remove (last To) count:2)))
              (move Select (from (sites Mover) if:(and (is Occupied (from))
                                                     (not (is In (from) (sites Pending)))))
                    (then (and (set Pending (last To)) (remove (last To)))))))
    (end (if (no Moves Next) (result Mover Win)))))
""",
    "values": """
(game "Values" (players 2)
  (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
              (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared)})
  (rules (start (set Count 3 to:(sites Track)))
    (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
            (then (sow skipIf:(and (= (value) 1) (= (count at:(to)) 5))
                    (then (if (< 50 (value Random (range 1 100)))
                              (set State at:(last To) 1)))))))
    (end {(if (= (count in:(sites Mover)) 0) (result Mover Loss))
          (if (>= (count Turns) (- (value TurnLimit) 1200)) (result Next Win))
          (if (>= (count Moves) (- (value MoveLimit) 9900)) (result Mover Draw))})))
""",
}


def descriptions() -> list[Description]:
    """Every shipped game with every combination of its options, then the extra ones."""
    out = []
    for name in shipped_games():
        d = load_description(name)
        categories = [(o.category, [i.name for i in o.items]) for o in d.available]
        for combo in itertools.product(*[items for _, items in categories]):
            out.append(load_description(name, dict(zip([c for c, _ in categories], combo,
                                                       strict=True))))
    return out + [parse(text) for text in EXTRA.values()]
