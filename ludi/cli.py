"""The ``ludi`` command line. Every subcommand reports bad input as one clear message on stderr
and exits with code 2, never with a traceback."""

from __future__ import annotations

import argparse
import sys
import time

from ludi.errors import LudiError
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
