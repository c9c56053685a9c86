"""`make demo`: a small but real evolution from the shipped seed games, then its best games,
their measures and where the plots are (see experiments/demo.toml)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from ludi.evolve import evolve, load_toml, report
from ludi.evolve.run import changed_settings
from ludi.files import shipped


def main() -> None:
    config_path = shipped("experiments/demo.toml")
    out = Path("runs/demo")
    print("ludi demo: evolving games from the shipped seeds (LUDI-style weighted fitness; "
          "about a minute on an idle 2-core machine, after the first run's compile)")
    print(f"config {config_path}; run folder {out}\n")
    t0 = time.perf_counter()
    config = load_toml(config_path)
    resume = (out / "checkpoint.pkl").exists() and not changed_settings(out, config)
    if (out / "config.json").exists() and not resume:
        print(f"{out} holds a demo run of other settings (an older ludi's): replacing it\n")
    evolve(config, out=out, resume=resume, force=not resume)
    print(report(out, top=3))
    print(f"\ndone in {time.perf_counter() - t0:.0f} s. Next: ludi report {out}, "
          "ludi show havannah --png board.png, ludi measure yavalath --out m/")
    sys.exit(0)


if __name__ == "__main__":
    main()
