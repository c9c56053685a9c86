"""Load on the study server: simulated participants at once, for a while, through HTTP on
127.0.0.1; the server runs in its own process as `ludi study` would.

Reports the requests by kind with their 50th/95th/99th percentiles (ms): ``page`` (pages and
redirects), ``move`` (a person's move and the position), and ``ai`` (the AI's moves, its
thinking time, which the 200 ms target leaves out); failed requests; and the answers the
participants sent against those stored.

Usage: python benchmarks/web_load.py [--participants 50] [--seconds 60] [--think 0.5]
       [--config experiments/preference/study.toml] [--opponent mcts:300]
"""

from __future__ import annotations

import argparse
import secrets
import tempfile
import time
from pathlib import Path

from ludi.web import Store
from ludi.web.commands import start_server, study_with
from ludi.web.simulate import hidden_utilities, run_participants

STUDY = Path(__file__).resolve().parents[1] / "experiments" / "preference" / "study.toml"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=str(STUDY))
    ap.add_argument("--participants", type=int, default=50, help="participants at once")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--think", type=float, default=0.5,
                    help="mean seconds a participant takes before each action")
    ap.add_argument("--opponent", help="the AI (default: the study's)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    study = study_with(args.config, opponent=args.opponent)
    labels = [e.label for e in study.library.entries.values()]
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "load.sqlite"
        extra = [f"--opponent={args.opponent}"] if args.opponent else []
        server, url = start_server(args.config, db, secrets.token_urlsafe(16), extra)
        try:
            start = time.monotonic()
            t = run_participants(url, hidden_utilities(labels), None, seed=args.seed,
                                 concurrency=args.participants, think=args.think,
                                 seconds=args.seconds, progress=False)
            took = time.monotonic() - start
        finally:
            server.terminate()
            server.wait(30)
        stored = Store(db).counts()
    print(f"{args.participants} participants at once for {args.seconds:.0f} s "
          f"(think {args.think} s, AI {study.config.opponent}); ran {took:.0f} s, "
          f"{t.participants} participants finished or stopped at the end")
    print(f"{'requests':<16}{'count':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    for name, kinds in (("page", ("page",)), ("move", ("move",)),
                        ("page + move", ("page", "move")), ("ai (excluded)", ("ai",))):
        print(f"{name:<16}{t.count(kinds):>8}"
              + "".join(f"{1000 * t.percentile(kinds, q):>9.1f}" for q in (50, 95, 99)))
    print(f"failed requests: {len(t.failures)}; answers sent {t.answers}, stored "
          f"{stored['answers']}; moves stored {stored['moves']}")
    for text in t.failures[:5]:
        print("  " + text)


if __name__ == "__main__":
    main()
