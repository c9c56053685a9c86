"""`make demo`: a small but real evolution from the shipped seed games, then its best games,
their measures and where the plots are (see experiments/demo.toml)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from ludi.evolve import evolve, load_toml, report


def main() -> None:
    config_path = Path(__file__).resolve().parent.parent / "experiments" / "demo.toml"
    out = Path("runs/demo")
    print("ludi demo: evolving games from the shipped seeds (LUDI-style weighted fitness)")
    print(f"config {config_path}; run folder {out}\n")
    t0 = time.perf_counter()
    evolve(load_toml(config_path), out=out, resume=(out / "checkpoint.pkl").exists())
    print(report(out, top=3))
    print(f"\ndone in {time.perf_counter() - t0:.0f} s. Next: ludi report {out}, "
          "ludi show havannah --png board.png, ludi measure yavalath --out m/")
    sys.exit(0)


if __name__ == "__main__":
    main()
