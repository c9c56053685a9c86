"""The ``ludi`` command line. Every subcommand reports bad input as one clear message on stderr
and exits with code 2, never with a traceback."""

from __future__ import annotations

import argparse
import sys
import time

from ludi.errors import IllegalMove, LudiError
from ludi.lang import grammar, load_description, shipped_games


def _add_game_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="a shipped game name (see `ludi games`) or a .lud file")
    p.add_argument("--option", "-o", action="append", default=[], metavar="CAT=ITEM",
                   help='choose an option item, e.g. --option "Board Size=8" (repeatable)')
    p.add_argument("--ruleset", metavar="NAME", help="choose a ruleset of the description")
    p.add_argument("--defines", action="append", default=[], metavar="DIR",
                   help="a folder of .def files with (define …) macros (repeatable)")


def _description(args):
    return load_description(args.game, args.option, ruleset=args.ruleset,
                            defines=args.defines or None)


def cmd_games(args) -> int:
    """List the shipped games with their options (default items starred)."""
    for name in shipped_games():
        d = load_description(name)
        print(f"{name:<12} {d.name}")
        for opt in d.available:
            items = ", ".join(i.name + ("*" if i is opt.default else "") for i in opt.items)
            print(f"{'':<12}   {opt.category}: {items}")
        if d.rulesets:
            print(f"{'':<12}   rulesets: {', '.join(d.rulesets)}")
    return 0


def cmd_parse(args) -> int:
    """Print the expanded description (or its canonical form and hash)."""
    grammar()  # load the grammar first: the timing below is the parse alone
    t0 = time.perf_counter()
    d = _description(args)
    elapsed = time.perf_counter() - t0
    if args.canonical:
        print(d.canonical())
    else:
        print(d.to_text())
    if args.verbose:
        chosen = "; ".join(f"{k}={v}" for k, v in d.options.items()) or "none"
        print(f"// {d.name}: options {chosen}; ruleset {d.ruleset or 'none'}; hash {d.hash}; "
              f"parsed in {elapsed * 1000:.1f} ms", file=sys.stderr)
    return 0


def _game(args):
    from ludi.engine import from_description

    return from_description(_description(args))


def _play_moves(state, moves_text: str):
    """Apply space- or comma-separated moves; an illegal one is reported with its position."""
    for i, text in enumerate(moves_text.replace(",", " ").split()):
        try:
            state.apply(text)
        except IllegalMove as e:
            raise IllegalMove(f"move {i + 1} ('{text}'): {e.message}",
                              expected=e.expected) from None
    return state


def cmd_show(args) -> int:
    """Print the board after the given moves; optionally draw it to a picture file."""
    game = _game(args)
    state = _play_moves(game.initial_state(), args.moves or "")
    print(state)
    if args.png:
        from ludi.engine.picture import draw

        print(f"picture written to {draw(state, args.png)}")
    return 0


def cmd_bench(args) -> int:
    """Random playouts per second (median of several timed runs) and outcome shares."""
    import statistics

    import numpy as np

    from ludi.engine import run_playouts

    game = _game(args)
    run_playouts(game, 1, args.seed)  # compile or load the kernels first
    rates, lengths_all, winners_all = [], [], []
    for r in range(args.repeats):
        n, batch, t0 = 0, 100, time.perf_counter()
        while time.perf_counter() - t0 < args.seconds:
            lengths, winners, _ = run_playouts(game, batch, args.seed + 1000 * r + n)
            n += batch
            lengths_all.append(lengths)
            winners_all.append(winners)
            batch = min(batch * 2, 1 << 20)
        rates.append(n / (time.perf_counter() - t0))
    lengths = np.concatenate(lengths_all)
    winners = np.concatenate(winners_all)
    print(f"{game.name}: {game.board.num_cells} cells, {game.num_players} players")
    print(f"  playouts/s   {statistics.median(rates):,.0f}  (median of {args.repeats} runs of "
          f"{args.seconds:g} s; min {min(rates):,.0f}, max {max(rates):,.0f})")
    print(f"  plies/s      {statistics.median(rates) * lengths.mean():,.0f}")
    print(f"  mean length  {lengths.mean():.2f} plies (sd {lengths.std():.2f}, "
          f"{lengths.size:,} games)")
    for p in range(game.num_players):
        print(f"  P{p + 1} wins     {np.mean(winners == p):.4f}")
    print(f"  no winner    {np.mean(winners < 0):.4f}")
    return 0


def cmd_play(args) -> int:
    """Play at the terminal: each seat is a person ("human") or the random player."""
    import numpy as np

    game = _game(args)
    seats = [args.p1, args.p2, args.p3, args.p4][: game.num_players]
    seats = [s or ("human" if i == 0 else "random") for i, s in enumerate(seats)]
    for s in seats:
        if s not in ("human", "random"):
            raise LudiError(f"unknown player '{s}'; players: human, random")
    rng = np.random.default_rng(args.seed)
    state = game.initial_state()
    print(f"{game.name}: " + ", ".join(f"P{i + 1} {s}" for i, s in enumerate(seats)))
    print("Type a move (e.g. a cell label), 'moves' to list the legal moves, 'quit' to stop.")
    shown = -1
    while not state.is_terminal():
        if shown != state.ply:
            print(state)
            shown = state.ply
        player = state.to_move
        legal = state.legal_moves()
        if seats[player] == "random":
            move = legal[int(rng.integers(len(legal)))]
            print(f"P{player + 1} (random) plays {move}")
            state.apply(move)
            continue
        try:
            text = input(f"P{player + 1}> ").strip()
        except EOFError:
            print()
            return 0
        if not text:
            continue
        if text in ("quit", "exit", "q"):
            return 0
        if text in ("moves", "help", "?"):
            print("legal moves: " + " ".join(m.text for m in legal))
            continue
        try:
            state.apply(text)
        except IllegalMove as e:
            print(e.message)
    print(state)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludi",
        description="Evolutionary game design: describe board games in a Ludii-style language, "
                    "play, measure and evolve them.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("games", help="list the shipped games and their options")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("parse", help="parse a description and print it expanded")
    _add_game_arguments(p)
    p.add_argument("--canonical", action="store_true",
                   help="print the canonical form (unordered arrays sorted, one line)")
    p.add_argument("--verbose", "-v", action="store_true",
                   help="also print the chosen options, the hash and the parse time")
    p.set_defaults(func=cmd_parse)

    p = sub.add_parser("show", help="print a position (and draw it with --png)")
    _add_game_arguments(p)
    p.add_argument("--moves", "-m", default="", help='moves to play first, e.g. "e5 d4 swap"')
    p.add_argument("--png", metavar="FILE", help="also draw the position to FILE (.png/.svg/.pdf)")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("play", help="play at the terminal against the random player")
    _add_game_arguments(p)
    for i in range(1, 5):
        p.add_argument(f"--p{i}", metavar="PLAYER",
                       help=f"who plays seat {i}: human or random (default: "
                            f"{'human' if i == 1 else 'random'})")
    p.add_argument("--seed", type=int, default=None, help="seed of the random player")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("bench", help="random playouts per second")
    _add_game_arguments(p)
    p.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    p.add_argument("--repeats", type=int, default=3, help="timed runs (the median is shown)")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=cmd_bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except LudiError as e:
        print(str(e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
