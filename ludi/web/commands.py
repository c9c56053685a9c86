"""The command line of the web app: ``ludi serve`` and ``ludi study …``."""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

from ludi.errors import UsageError

STUDY_ACTIONS = ("run", "export", "analyze", "simulate")


def study_argv(argv: list[str]) -> list[str]:
    """``ludi study CONFIG.toml`` is ``ludi study run CONFIG.toml``."""
    if len(argv) >= 2 and argv[0] == "study" and argv[1] not in STUDY_ACTIONS + ("-h", "--help"):
        return ["study", "run"] + argv[1:]
    return argv


def add_commands(sub) -> None:
    p = sub.add_parser("serve", help="play games in the browser (a local web app)")
    p.add_argument("games", nargs="*", metavar="GAME",
                   help="shipped names, .lud files or run folders (default: every shipped game)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: this "
                   "machine only)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--opponent", default="mcts:1000", help="the AI a new game proposes")
    p.add_argument("--db", default=str(Path.home() / ".ludi" / "serve.sqlite"),
                   help="the SQLite file of the games (kept across restarts)")
    p.add_argument("--seed", type=int, help="seed of the AI's moves (default: random)")
    p.set_defaults(func=cmd_serve)

    study = sub.add_parser("study", help="LUDI's preference study: `ludi study STUDY.toml` "
                           "runs it; export, analyze, simulate")
    actions = study.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    p = actions.add_parser("run", help="run the study's web app (also: ludi study STUDY.toml)")
    p.add_argument("config", help="the study's TOML file")
    _server_options(p)
    p.set_defaults(func=cmd_study_run)

    p = actions.add_parser("export", help="write the study's tables as Parquet and CSV")
    p.add_argument("db", help="the study's SQLite file")
    p.add_argument("--out", metavar="DIR", help="default: DB's folder/export")
    p.add_argument("--format", choices=["both", "parquet", "csv"], default="both")
    p.set_defaults(func=cmd_study_export)

    p = actions.add_parser("analyze", help="Bradley-Terry scores, and the measures against them")
    p.add_argument("db", help="the study's SQLite file")
    _analysis_options(p)
    p.set_defaults(func=cmd_study_analyze)

    p = actions.add_parser("simulate", help="simulated participants through the HTTP interface")
    p.add_argument("config", help="the study's TOML file")
    p.add_argument("--participants", type=int, default=30)
    p.add_argument("--utilities", default="", metavar="LABEL=U,…",
                   help="hidden utility of each game (default: evenly from +1.5 for the first "
                        "game to -1.5 for the last)")
    p.add_argument("--concurrency", type=int, default=4, help="participants at once")
    p.add_argument("--think", type=float, default=0.0, help="seconds before each action")
    p.add_argument("--out", default="runs/study-simulation", metavar="DIR")
    p.add_argument("--url", help="an already running study server (default: start one)")
    for name, kind, text in (("pairs", int, "pairs per participant"),
                             ("opponent", str, "the AI (e.g. random, for speed)")):
        p.add_argument(f"--{name}", type=kind, help=f"override the study's {text}")
    _analysis_options(p, db=False)
    p.set_defaults(func=cmd_study_simulate)


def _server_options(p) -> None:
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--db", help="the SQLite file (default: the study's)")
    p.add_argument("--token", help="the admin token (default: a new random one, printed)")
    p.add_argument("--pairs", type=int, help="override the study's pairs per participant")
    p.add_argument("--opponent", help="override the study's AI")


def _analysis_options(p, db: bool = True) -> None:
    if db:
        p.add_argument("--study", metavar="FILE",
                       help="the study's TOML file (default: the one the server ran)")
        p.add_argument("--out", metavar="DIR", help="default: DB's folder/analysis")
    p.add_argument("--boot", type=int, default=1000, help="bootstrap resamples")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--trials", type=int, help="self-play games per game for the measures")
    p.add_argument("--agent", help="self-play agent of the measures")
    p.add_argument("--results", metavar="DIR", help="read the measures from a `ludi measure "
                   "--out` folder instead")
    p.add_argument("--no-measures", action="store_true",
                   help="only the preference scores (no self-play measures)")


# ---------------------------------------------------------------- serve
def cmd_serve(args) -> int:
    from ludi.lang import shipped_games
    from ludi.web import Library, Play, Store, listen, make_app, serve

    library = Library.load(args.games or sorted(shipped_games()))
    Path(args.db).parent.mkdir(parents=True, exist_ok=True)
    app = make_app(Play(Store(args.db), library), opponent=args.opponent, seed=args.seed)
    sock = listen(args.host, args.port)
    print(f"ludi: {len(library.entries)} games on http://{args.host}:{args.port}/ "
          f"(games kept in {args.db}; Ctrl-C stops)", flush=True)
    serve(app, sock)
    return 0


def study_with(config: str, pairs: int | None = None, opponent: str | None = None):
    from ludi.web import Study

    study = Study.load(config)
    changes = {k: v for k, v in (("pairs", pairs), ("opponent", opponent)) if v is not None}
    if changes:
        study.config = replace(study.config, **changes)
        from ludi.web.study import check_study

        check_study(study.config, "the command line")
    return study


def cmd_study_run(args) -> int:
    from ludi.web import Play, Store, listen, make_app, serve

    study = study_with(args.config, args.pairs, args.opponent)
    db = Path(args.db) if args.db else study.config.db_path
    store = Store(db)
    store.set_meta("study", str(Path(args.config).resolve()))
    token = args.token or secrets.token_urlsafe(16)
    app = make_app(Play(store, study.library), study=study, token=token)
    url = f"http://{args.host}:{args.port}"
    sock = listen(args.host, args.port)
    print(f"ludi study: {study.config.title!r}, {len(study.keys)} games, {study.config.pairs} "
          f"pairs each, answers in {db}\n  participants: {url}/\n  admin: {url}/admin?token="
          f"{token}\n  Ctrl-C stops; restarting loses nothing.", flush=True)
    serve(app, sock)
    return 0


# ---------------------------------------------------------------- export and analyze
def _open_db(path: str):
    from ludi.web import Store

    if not Path(path).is_file():
        raise UsageError(f"no study database at {path}")
    return Store(path)


def cmd_study_export(args) -> int:
    from ludi.web.store import TABLES

    store = _open_db(args.db)
    out = Path(args.out) if args.out else Path(args.db).parent / "export"
    out.mkdir(parents=True, exist_ok=True)
    for name in TABLES:
        table = store.table(name)
        if args.format in ("both", "parquet"):
            table.to_parquet(out / f"{name}.parquet", index=False)
        if args.format in ("both", "csv"):
            table.to_csv(out / f"{name}.csv", index=False)
        print(f"{name}: {len(table)} rows")
    print(f"written to {out}")
    return 0


def analyze_db(db: str, study_file: str | None, out: Path, args, progress: bool = True) -> int:
    """Analyse a study database and print the summary (shared by analyze and simulate)."""
    from ludi.web.analyze import analyze, game_measures, write_report

    store = _open_db(db)
    study_file = study_file or store.meta("study")
    if not study_file or not Path(study_file).is_file():
        raise UsageError(f"cannot find the study file of {db} (it was {study_file}): give it "
                         "with --study FILE")
    study = study_with(study_file)
    measures = None
    if not getattr(args, "no_measures", False):
        measures = game_measures(study, trials=args.trials, agent=args.agent,
                                 results=args.results, progress=progress)
    result = analyze(store, study.keys, measures, boot=args.boot, seed=args.seed)
    labels = {k: e.label for k, e in study.library.entries.items()}
    report = write_report(result, out, labels, measures)
    print(f"{result.comparisons} answers from {result.participants} participants")
    for key, r in result.scores.iterrows():
        print(f"  {labels[key]:<28} {r.score:+.2f}  [{r.low:+.2f}, {r.high:+.2f}]")
    if not result.correlations.empty:
        best = result.correlations.dropna().sort_values("rho", ascending=False)
        print("measures most in agreement: " + ", ".join(
            f"{n} {r.rho:+.2f}" for n, r in best.head(3).iterrows()))
    hidden = store.meta("utilities")
    if hidden:
        from ludi.web.analyze import spearman

        utility = json.loads(hidden)
        keys = list(result.scores.index)
        rho = spearman(result.scores["score"].to_numpy(float),
                        [utility.get(labels[k], 0.0) for k in keys])
        print(f"hidden utilities recovered: Spearman {rho:.3f}")
        with open(out / "report.md", "a") as f:
            f.write(f"\n## Simulated participants\n\nSpearman correlation of the scores with "
                    f"the participants' hidden utilities: **{rho:.3f}**.\n")
    print(f"report: {report}")
    return 0


def cmd_study_analyze(args) -> int:
    out = Path(args.out) if args.out else Path(args.db).parent / "analysis"
    return analyze_db(args.db, args.study, out, args)


# ---------------------------------------------------------------- simulate
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(config: str, db: Path, token: str, extra: list[str],
                 wait: float = 300.0) -> tuple[subprocess.Popen, str]:
    """A study server in its own process (as a researcher would run it), and its URL once it
    answers."""
    import httpx

    port = free_port()
    command = [sys.executable, "-m", "ludi", "study", "run", config, "--db", str(db),
               "--port", str(port), "--token", token, *extra]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise UsageError("the study server stopped: "
                             + server.stderr.read().decode(errors="replace")[-800:])
        try:
            httpx.get(url + "/", timeout=2)
            return server, url
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise UsageError(f"the study server did not answer within {wait:.0f} s")


def cmd_study_simulate(args) -> int:
    from ludi.web import Store
    from ludi.web.simulate import hidden_utilities, run_participants

    study = study_with(args.config, args.pairs, args.opponent)
    labels = [e.label for e in study.library.entries.values()]
    utility = hidden_utilities(labels, args.utilities)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    db = out / "study.sqlite"
    if args.url is None and db.exists():
        raise UsageError(f"{db} exists: give another --out (nothing was changed)")
    server = None
    url = args.url
    if url is None:
        extra = [f"--{k}={v}" for k, v in (("pairs", args.pairs), ("opponent", args.opponent))
                 if v is not None]
        server, url = start_server(args.config, db, secrets.token_urlsafe(16), extra)
    try:
        start = time.monotonic()
        timings = run_participants(url, utility, args.participants, seed=args.seed,
                                   concurrency=args.concurrency, think=args.think)
        took = time.monotonic() - start
    finally:
        if server is not None:
            server.terminate()
            server.wait(30)
    print(f"{timings.participants} participants, {timings.answers} answers in {took:.0f} s; "
          f"failed requests: {len(timings.failures)}")
    for text in timings.failures[:5]:
        print("  " + text)
    if args.url is not None:
        return 0 if not timings.failures else 1
    Store(db).set_meta("utilities", json.dumps(utility))
    analyze_db(str(db), args.config, out / "analysis", args)
    return 0 if not timings.failures else 1
