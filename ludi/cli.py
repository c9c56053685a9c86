"""The ``ludi`` command line. Every subcommand reports bad input as one clear message on stderr
and exits with code 2, never with a traceback."""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from ludi.agents.players import split_agents
from ludi.errors import IllegalMove, LudiError, UsageError, positive_int, require, writable
from ludi.lang import grammar, load_description, shipped_games
from ludi.ludii.sweep import MAX_PLIES, PLAYOUTS
from ludi.web.commands import add_commands, study_argv


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
    """Print the expanded description (or its canonical form and hash, or its compiled
    program)."""
    grammar()  # load the grammar first: the timing below is the parse alone
    t0 = time.perf_counter()
    d = _description(args)
    elapsed = time.perf_counter() - t0
    if args.program:
        from ludi.compile import compile_description
        from ludi.compile.dump import dump

        print(dump(compile_description(d)), end="")
    elif args.canonical:
        print(d.canonical())
    else:
        print(d.to_text())
    if args.verbose:
        chosen = "; ".join(f"{k}={v}" for k, v in d.options.items()) or "none"
        print(f"// {d.name}: options {chosen}; ruleset {d.ruleset or 'none'}; hash {d.hash}; "
              f"parsed in {elapsed * 1000:.1f} ms", file=sys.stderr)
    return 0


def cmd_lint(args) -> int:
    """Warn of the rules that can never take effect (ludi.compile.lint): exit 1 when there are
    any, 0 when there are none."""
    from ludi.compile import compile_description
    from ludi.compile.lint import dead_rules

    d = _description(args)
    compile_description(d)  # a description that does not compile says why first
    found = dead_rules(d)
    for finding in found:
        print(f"warning: {finding}")
    print(f"{d.name}: {len(found)} rule{'s' if len(found) != 1 else ''} that can never take "
          f"effect" if found else f"{d.name}: no rule that can never take effect",
          file=sys.stderr)
    return 1 if found else 0


def _game(args, *parts: str):
    """The game the arguments name, with the kernels of ``parts`` compiled (a progress bar the
    first time on this machine) once the description is known to be good."""
    from ludi.agents.compiled import ensure_compiled
    from ludi.engine import from_description

    game = from_description(_description(args))
    ensure_compiled(*parts)
    return game


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
    if args.png:
        from ludi.engine.picture import check_path

        check_path(args.png)
    game = _game(args, "engine")
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

    require(args.seconds > 0, f"--seconds must be a positive number; got {args.seconds:g}")
    positive_int(args.repeats, "--repeats")
    game = _game(args, "engine")
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
    """Play at the terminal: each seat is a person ("human") or an agent (random, mcts:N, …)."""
    from ludi.agents import HumanAgent, make_agent
    from ludi.engine.display import out_notices

    game = _game(args)
    seats = [args.p1, args.p2, args.p3, args.p4]
    extra = [f"--p{i + 1}" for i in range(game.num_players, 4) if seats[i] is not None]
    require(not extra, f"{game.name} has {game.num_players} players: {', '.join(extra)} "
            f"names a seat it does not have")
    specs = seats[: game.num_players]
    specs = [s or ("human" if i == 0 else "random") for i, s in enumerate(specs)]
    seeds = np.random.default_rng(args.seed).integers(1 << 62, size=len(specs))
    agents = [make_agent(spec, int(seed)) for spec, seed in zip(specs, seeds, strict=True)]
    humans = [f"P{i + 1}" for i, a in enumerate(agents) if isinstance(a, HumanAgent)]
    if humans and (sys.stdin is None or sys.stdin.closed):
        raise UsageError(f"{', '.join(humans)} is a person, who types moves, but standard "
                         f"input is closed; give the seat an agent instead, e.g. "
                         f"--{humans[0].lower()} mcts:1000")
    state = game.initial_state()
    print(f"{game.name}: " + ", ".join(f"P{i + 1} {a}" for i, a in enumerate(agents)))
    if any(isinstance(a, HumanAgent) for a in agents):
        print("Type a move (e.g. a cell label), 'moves' to list the legal moves, 'quit' to stop.")
    while not state.is_terminal():
        print(state)
        agent = agents[state.to_move]
        try:
            move = agent.choose(state)
        except KeyboardInterrupt:
            print()
            return 0
        except EOFError:  # stdin closed (a pipe, or no terminal): nothing more to read
            print(f"\nthe input ended before the game did: stopped at ply {state.ply}",
                  file=sys.stderr)
            return 0
        if not isinstance(agent, HumanAgent):
            print(f"P{state.to_move + 1} ({agent}) plays {move}")
        before = state.copy()
        state.apply(move)
        for note in out_notices(before, state):
            print(note)
    print(state)
    return 0


def cmd_match(args) -> int:
    """Games between agents; win rates per agent and seat with 95% confidence intervals."""
    from ludi.measure import match, summarise

    positive_int(args.games, "--games")
    positive_int(args.workers, "--workers")
    if args.out:
        writable(args.out, "--out")
    game = _game(args)
    agents = split_agents(args.agents)
    require(len(agents) == game.num_players,
            f"{game.name} has {game.num_players} players: --agents needs one agent a seat, "
            f"got {len(agents)} ({args.agents!r})")
    df = match(game, agents, games=args.games, seed=args.seed, workers=args.workers,
               swap_seats=not args.fixed_seats)
    table = summarise(df)
    print(f"{game.name}: {len(df)} games, mean length {df['length'].mean():.1f} plies, "
          f"draws {df['draw'].mean():.2f}, cut by the move limit {df['timeout'].mean():.2f} "
          f"(no winner: counted in neither wins nor draws)")
    print(table.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    if args.out:
        _write_table(df, args.out)
        print(f"games written to {args.out}")
    return 0


def _write_table(df, path: str) -> None:
    from pathlib import Path

    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.suffix == ".parquet":
        df.to_parquet(out)
    else:
        df.to_csv(out, index=False)


def cmd_measure(args) -> int:
    """Self-play measures of one or more games: one table, one row a game; CSV and plots."""

    import pandas as pd

    from ludi.engine import from_description
    from ludi.measure import measure, self_play, write_plots

    positive_int(args.trials, "--trials")
    positive_int(args.workers, "--workers")
    positive_int(args.vs_random, "--vs-random", least=0)
    rows = []
    out = writable(args.out, "--out", folder=True) if args.out else None
    games = [from_description(load_description(name, args.option, ruleset=args.ruleset,
                                               defines=args.defines or None))
             for name in args.game]  # every game checked before any is measured
    names = [g.name for g in games]
    for game in games:
        # evolved games keep their seed's name: tell them apart by their hash
        label = game.name if names.count(game.name) == 1 else \
            f"{game.name} [{game.description.hash[:8]}]"
        records = self_play(game, args.trials, args.agent, args.seed, args.workers)
        row = measure(game, agent=args.agent, seed=args.seed, workers=args.workers,
                      vs_random=args.vs_random, skill=args.skill, records=records)
        row.name = label
        rows.append(row)
        if out is not None:
            for path in write_plots(records, out, label):
                print(f"plot written to {path}")
    table = pd.DataFrame(rows)
    with pd.option_context("display.max_columns", None, "display.width", 200):
        print(table.T.to_string(float_format=lambda x: f"{x:.3f}"))
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        table.to_csv(out / "measures.csv")
        print(f"measures written to {out / 'measures.csv'}")
    return 0


def cmd_evolve(args) -> int:
    """Evolve games (a new run, or --resume an interrupted one) and print the best."""
    from ludi.evolve import evolve, load_toml, report

    positive_int(args.top, "--top")
    writable(args.out, "--out", folder=True)
    config = load_toml(args.config) if args.config else {}
    for key in ("generations", "population", "mode", "seed", "workers"):
        value = getattr(args, key)
        if value is not None:
            config[key] = value
    if args.seeds:
        config["seeds"] = args.seeds
    evolve(config, out=args.out, resume=args.resume, force=args.force, workers=args.workers,
           dask=args.dask)
    print(report(args.out, top=args.top))
    return 0


def cmd_experiment(args) -> int:
    """Run (or resume) a named experiment; write its results folder and report.md."""
    from ludi.experiments import load, names, run

    if args.list or not args.name:
        for name in names():
            e = load(name)
            print(f"{name:12} {e.title}")
        if not args.list:
            print("\nrun one with: ludi experiment NAME [--scale full]")
        return 0
    if args.name == "docs":  # the results page, from the results folders
        from ludi.experiments.docs import PAGE, write_results_page

        out = args.out or str(PAGE)
        writable(out, "--out")
        print(f"wrote {write_results_page('results', out)} from results/")
        return 0
    if args.workers is not None:
        positive_int(args.workers, "--workers")
    if args.out:
        writable(args.out, "--out", folder=True)
    command = " ".join(["ludi experiment", args.name, "--scale", args.scale]
                       + [f"--{k} {v}" for k, v in (("seed", args.seed), ("out", args.out),
                                                     ("workers", args.workers))
                          if v is not None])
    out = run(args.name, args.scale, out=args.out, seed=args.seed, workers=args.workers,
              dask=args.dask, fresh=args.fresh, command=command)
    print(f"results in {out}/ (report.md, tables, figures)")
    return 0


def cmd_report(args) -> int:
    """Print the best games of a run with their measures; write its plots."""
    from ludi.evolve import report

    positive_int(args.top, "--top")
    print(report(args.run, top=args.top))
    return 0


def cmd_ludii(args) -> int:
    """Run a folder of Ludii descriptions: which play and agree with Ludii's own statistics,
    which are refused and why; write the coverage page."""
    from pathlib import Path

    from ludi.ludii import markdown, summary, sweep

    folder = Path(args.folder)
    require(folder.is_dir(), f"{folder} is not a folder; expected a folder of Ludii .lud files, "
            "e.g. ../shared/ludii/library/board")
    reference = args.reference
    if reference is None:  # Ludii's statistics beside the library, as the shared folder has it
        guess = next((p / "random_play.csv" for p in [folder, *folder.resolve().parents]
                      if (p / "random_play.csv").is_file()), None)
        reference = guess
    require(reference is None or Path(reference).is_file(),
            f"no such file: {reference}; expected Ludii's random_play.csv")
    positive_int(args.playouts, "--playouts")
    workers = positive_int(args.workers, "--workers") if args.workers else 1
    results = sweep(folder, reference, playouts=args.playouts, seed=args.seed, workers=workers,
                    only=args.only, max_plies=positive_int(args.max_plies, "--max-plies"))
    for cat, row in summary(results).items():
        print(f"{cat:8} " + "  ".join(f"{k} {v}" for k, v in sorted(row.items())))
    if args.report:
        command = f"ludi ludii {args.folder}" + (f" --only {args.only}" if args.only else "")
        Path(args.report).write_text(markdown(results, command), encoding="utf-8")
        print(f"wrote {args.report}")
    if args.csv:
        import pandas as pd

        pd.DataFrame([r.row() for r in results]).to_csv(args.csv, index=False)
        print(f"wrote {args.csv}")
    return 0


class LudiParser(argparse.ArgumentParser):
    """The top-level parser: reads ``ludi study STUDY.toml`` as ``ludi study run STUDY.toml``."""

    def parse_known_args(self, args=None, namespace=None):
        args = sys.argv[1:] if args is None else list(args)
        return super().parse_known_args(study_argv(args), namespace)


def build_parser() -> argparse.ArgumentParser:
    parser = LudiParser(
        prog="ludi",
        description="Evolutionary game design: describe board games in a Ludii-style language, "
                    "play, measure and evolve them.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND",
                                parser_class=argparse.ArgumentParser)
    sub.required = True

    p = sub.add_parser("games", help="list the shipped games and their options")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("parse", help="parse a description and print it expanded")
    _add_game_arguments(p)
    p.add_argument("--canonical", action="store_true",
                   help="print the canonical form (unordered arrays sorted, one line)")
    p.add_argument("--verbose", "-v", action="store_true",
                   help="also print the chosen options, the hash and the parse time")
    p.add_argument("--program", action="store_true",
                   help="print the compiled program instead: tables, bounds, clauses, ops, "
                   "instructions, generators, effects, regions (see docs/engine.md)")
    p.set_defaults(func=cmd_parse)

    p = sub.add_parser("lint", help="warn of rules that can never take effect (an end clause "
                       "no position meets, a move limit never reached, …)")
    _add_game_arguments(p)
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser("show", help="print a position (and draw it with --png)")
    _add_game_arguments(p)
    p.add_argument("--moves", "-m", default="", help='moves to play first, e.g. "e5 d4 swap"')
    p.add_argument("--png", metavar="FILE", help="also draw the position to FILE (.png/.svg/.pdf)")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("play", help="play at the terminal against an agent")
    _add_game_arguments(p)
    for i in range(1, 5):
        p.add_argument(f"--p{i}", metavar="AGENT",
                       help=f"seat {i}: human, random, mcts:ITER, flat:ITER or ab:DEPTH "
                            f"(default: {'human' if i == 1 else 'random'})")
    p.add_argument("--seed", type=int, default=None, help="seed of the agents")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("match", help="games between agents: win rates with confidence intervals")
    _add_game_arguments(p)
    p.add_argument("--agents", required=True, metavar="A,B",
                   help="one agent a seat, e.g. mcts:1000,random or mcts:500,c=0.7,random")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1, help="processes to play in parallel")
    p.add_argument("--fixed-seats", action="store_true",
                   help="keep the seating (by default it rotates from game to game)")
    p.add_argument("--out", metavar="FILE", help="write the games to FILE (.csv or .parquet)")
    p.set_defaults(func=cmd_match)

    p = sub.add_parser("measure", help="self-play quality measures of one or more games")
    p.add_argument("game", nargs="+", help="shipped game names or .lud files")
    p.add_argument("--option", "-o", action="append", default=[], metavar="CAT=ITEM",
                   help="an option item, applied to every game given (repeatable)")
    p.add_argument("--ruleset", metavar="NAME")
    p.add_argument("--defines", action="append", default=[], metavar="DIR")
    p.add_argument("--trials", type=int, default=100, help="self-play games per game")
    p.add_argument("--agent", default="mcts:300", help="the self-play agent")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--vs-random", type=int, default=0, metavar="GAMES",
                   help="also play the agent against random play (for GAVEL's fitness)")
    p.add_argument("--skill", action="store_true", help="also measure the skill trace")
    p.add_argument("--out", metavar="DIR", help="write measures.csv and plots to DIR")
    p.set_defaults(func=cmd_measure)

    p = sub.add_parser("evolve", help="evolve new games from seed games (DEAP)")
    p.add_argument("config", nargs="?", help="a TOML file with an [evolve] table")
    p.add_argument("--generations", type=int)
    p.add_argument("--population", type=int)
    p.add_argument("--mode", choices=["ludi", "nsga2", "map-elites", "random"],
                   help="random: the same variation without selection (a baseline)")
    p.add_argument("--seed", type=int)
    p.add_argument("--seeds", nargs="+", metavar="GAME",
                   help="seed games (names, .lud files or folders of them)")
    p.add_argument("--out", default="runs/evolve", metavar="DIR", help="the run folder")
    p.add_argument("--workers", type=int, help="processes (default: all cores)")
    p.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--resume", action="store_true",
                   help="continue the run in --out (--generations may extend it)")
    p.add_argument("--force", action="store_true",
                   help="replace the run that --out holds (it is refused otherwise)")
    p.add_argument("--top", type=int, default=3, help="games to show at the end")
    p.set_defaults(func=cmd_evolve)

    p = sub.add_parser("report", help="the best games of an evolution run, and its plots")
    p.add_argument("run", help="a run folder")
    p.add_argument("--top", type=int, default=5)
    p.set_defaults(func=cmd_report)

    p = sub.add_parser("experiment", help="run a named study that reproduces a LUDI-style "
                       "finding (ludi experiment --list)")
    p.add_argument("name", nargs="?", help="an experiment (see --list) or its TOML file; "
                   "'docs' writes docs/results.md from results/ (--out: another file)")
    p.add_argument("--list", action="store_true", help="list the experiments and what they ask")
    p.add_argument("--scale", choices=["smoke", "full"], default="smoke",
                   help="smoke: a minute, for checking; full: the results page's numbers")
    p.add_argument("--out", metavar="DIR",
                   help="the results folder (default results/NAME, or results/smoke/NAME)")
    p.add_argument("--seed", type=int, help="the experiment's seed (default: its file's)")
    p.add_argument("--workers", type=int, help="processes (default: all cores)")
    p.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--fresh", action="store_true",
                   help="discard finished units (and evolution run folders) in the results "
                        "folder and start over")
    p.set_defaults(func=cmd_experiment)

    p = sub.add_parser("ludii", help="run a folder of Ludii descriptions against Ludii's "
                       "random-play statistics; write the coverage page")
    p.add_argument("folder", help="a folder of .lud files, e.g. ../shared/ludii/library/board")
    p.add_argument("--reference", metavar="CSV", help="Ludii's random_play.csv (default: found "
                   "beside the folder or one of its parents)")
    p.add_argument("--playouts", type=int, default=PLAYOUTS,
                   help=f"random games per file (default {PLAYOUTS})")
    p.add_argument("--max-plies", type=int, default=MAX_PLIES, metavar="N",
                   help="a guard counted in work: a file's sample stops short of its playouts "
                   f"only past N plies in all (default {MAX_PLIES:,}); never in seconds, so "
                   "the verdicts do not change with the machine's load")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, help="processes (default 1)")
    p.add_argument("--only", metavar="TEXT", help="only files whose path contains TEXT")
    p.add_argument("--report", metavar="FILE.md", help="write the coverage page here, e.g. "
                   "docs/ludii-coverage.md")
    p.add_argument("--csv", metavar="FILE", help="write one row per file here")
    p.set_defaults(func=cmd_ludii)

    p = sub.add_parser("bench", help="random playouts per second")
    _add_game_arguments(p)
    p.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    p.add_argument("--repeats", type=int, default=3, help="timed runs (the median is shown)")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=cmd_bench)
    add_commands(sub)
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
