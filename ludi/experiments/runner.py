"""Running an experiment: its settings file, its units of work, its results folder.

An experiment is one TOML file in ``experiments/`` (title, hypothesis, source, the study that
runs it, and its settings at two scales, ``smoke`` and ``full``) and one study module in
``ludi.experiments`` with two functions:

    units(settings) -> list[Unit]         independent pieces of work, each seeded
    summarise(settings, results, out) -> str   tables and figures into ``out``; the report's body

The runner maps the units over a process pool (or a Dask cluster), keeps each finished unit in
``out/units/`` so that an interrupted run resumes where it stopped, shows a progress bar with an
ETA, and writes ``report.md`` (hypothesis, source, numbers, the exact command, versions, time).
The same settings and seed give identical tables: every unit draws from its own seed.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import pickle
import platform
import shutil
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tqdm.auto import tqdm

import ludi
from ludi.agents.compiled import ensure_compiled
from ludi.errors import LudiError
from ludi.files import shipped
from ludi.progress import ticking

#: The shipped experiment files.
EXPERIMENTS_DIR = shipped("experiments")
SCALES = ("smoke", "full")


@dataclass(frozen=True)
class Unit:
    """One independent piece of an experiment: ``fn(*args)`` (a module-level function, so a
    worker process can run it), known by a key unique within the experiment."""

    key: str
    fn: Callable
    args: tuple = ()


@dataclass
class Experiment:
    """An experiment file: what it asks, where the question comes from, and its settings."""

    name: str
    title: str
    hypothesis: str
    source: str
    study: str
    scales: dict[str, dict]
    requires: list[str] = field(default_factory=list)

    def settings(self, scale: str) -> dict:
        if scale not in self.scales:
            raise LudiError(f"experiment '{self.name}' has no '{scale}' scale; scales: "
                            f"{', '.join(self.scales)}")
        return dict(self.scales[scale])


def names() -> list[str]:
    """The shipped experiments, in the order the research layer builds them."""
    order = ["classics", "yavalath", "strength", "heldout", "viability", "search", "rediscovery",
             "library", "atlas"]
    found = sorted(p.stem for p in EXPERIMENTS_DIR.glob("*.toml")
                   if "study" in tomllib.loads(p.read_text(encoding="utf-8")))
    return [n for n in order if n in found] + [n for n in found if n not in order]


def load(name: str) -> Experiment:
    """The experiment ``name`` (a shipped name or a path to an experiment TOML file)."""
    path = Path(name)
    if path.suffix != ".toml":
        path = EXPERIMENTS_DIR / f"{name}.toml"
    if not path.is_file():
        import difflib

        near = difflib.get_close_matches(name, names(), n=1)
        hint = f"; did you mean '{near[0]}'?" if near else ""
        raise LudiError(f"no experiment '{name}'{hint}; experiments: {', '.join(names())} "
                        "(ludi experiment --list)")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise LudiError(f"the experiment file is not valid TOML: {e}", file=str(path)) from None
    missing = [k for k in ("title", "hypothesis", "source", "study", "smoke", "full")
               if k not in data]
    if missing:
        raise LudiError(f"the experiment file lacks {', '.join(missing)}", file=str(path))
    return Experiment(path.stem, data["title"], data["hypothesis"].strip(),
                      data["source"].strip(), data["study"],
                      {s: data[s] for s in SCALES}, list(data.get("requires", [])))


def study_module(experiment: Experiment):
    return importlib.import_module(f"ludi.experiments.{experiment.study}")


def unit_seed(seed: int, key: str) -> int:
    """The seed of one unit: the run's seed and the unit's key, hashed (unrelated streams)."""
    return int(hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()[:15], 16)


def _run_unit(unit: Unit):
    start = time.monotonic()
    result = unit.fn(*unit.args)
    return result, time.monotonic() - start


def _fingerprint(settings: dict) -> str:
    return hashlib.sha256(json.dumps(settings, sort_keys=True, default=str).encode()).hexdigest()


def default_out(name: str, scale: str) -> Path:
    return Path("results") / name if scale == "full" else Path("results") / "smoke" / name


def run(name: str, scale: str = "smoke", *, out: str | Path | None = None,
        seed: int | None = None, workers: int | None = None, dask=None, fresh: bool = False,
        progress: bool = True, command: str | None = None) -> Path:
    """Run (or resume) the experiment ``name`` at ``scale``; returns its results folder.

    Experiments named in ``requires`` (atlas reads the others' results) are run first at the
    same scale, beside it. ``fresh`` discards finished units and the run folders of evolution
    units (``out/runs``, which a unit would otherwise resume from); otherwise a folder holding other
    settings is refused rather than mixed.
    """
    experiment = load(name)
    settings = experiment.settings(scale)
    if seed is not None:
        settings["seed"] = int(seed)
    settings.setdefault("seed", 1)
    out = Path(out) if out is not None else default_out(experiment.name, scale)
    for needed in experiment.requires:
        if not _finished(needed, scale, out.parent / needed, seed):
            run(needed, scale, out=out.parent / needed, seed=seed, workers=workers,
                dask=dask, progress=progress)
    settings["results_root"] = str(out.parent)
    out.mkdir(parents=True, exist_ok=True)
    units_dir = out / "units"
    stamp = out / "settings.json"
    fingerprint = _fingerprint({k: v for k, v in settings.items() if k != "results_root"})
    if fresh and units_dir.exists():
        for f in units_dir.glob("*.pkl"):
            f.unlink()
    if fresh and (out / "runs").is_dir():
        shutil.rmtree(out / "runs")
    if stamp.exists() and not fresh:
        old = json.loads(stamp.read_text()).get("fingerprint")
        if old != fingerprint and any(units_dir.glob("*.pkl")):
            raise LudiError(f"{out} holds results of other settings; use --fresh to start "
                            "over, or --out for another folder", file=str(out))
    stamp.write_text(json.dumps({"experiment": experiment.name, "scale": scale,
                                 "settings": settings, "fingerprint": fingerprint},
                                indent=2, default=str))
    units_dir.mkdir(exist_ok=True)
    module = study_module(experiment)
    units = module.units(settings)
    keys = [u.key for u in units]
    if len(set(keys)) != len(keys):
        raise LudiError(f"experiment '{experiment.name}' made two units with one key")
    results, seconds = {}, {}
    for u in units:
        path = units_dir / f"{_safe(u.key)}.pkl"
        if path.exists():
            with open(path, "rb") as f:
                results[u.key], seconds[u.key] = pickle.load(f)
    todo = [u for u in units if u.key not in results]
    started = time.monotonic()
    if todo:
        ensure_compiled(progress=progress)
        from ludi.evolve.workers import make_map

        n = workers if workers is not None else int(settings.get("workers",
                                                                 os.cpu_count() or 1))
        mapper, close = make_map(max(1, min(n, len(todo))), dask, on_lost=_unit_lost)
        bar = tqdm(total=len(units), initial=len(units) - len(todo), unit="unit",
                   desc=f"{experiment.name} ({scale})", disable=not progress)
        try:
            with ticking(bar):
                for u, (result, secs) in zip(todo, mapper(_run_unit, todo), strict=True):
                    results[u.key], seconds[u.key] = result, secs
                    tmp = units_dir / f"{_safe(u.key)}.pkl.tmp"
                    with open(tmp, "wb") as f:
                        pickle.dump((result, secs), f)
                    os.replace(tmp, units_dir / f"{_safe(u.key)}.pkl")
                    bar.update()
        finally:
            bar.close()
            close()
    wall = time.monotonic() - started
    body = module.summarise(settings, {k: results[k] for k in keys}, out)
    _write_report(experiment, scale, settings, out, body, sum(seconds.values()), wall, command)
    return out


def _finished(name: str, scale: str, out: Path, seed: int | None) -> bool:
    """Whether ``out`` holds a finished run of ``name`` with the settings it would run now (a
    requirement then is read as it is, its report kept)."""
    stamp = out / "settings.json"
    if not (out / "report.md").exists() or not stamp.exists():
        return False
    settings = load(name).settings(scale)
    if seed is not None:
        settings["seed"] = int(seed)
    settings.setdefault("seed", 1)
    return json.loads(stamp.read_text()).get("fingerprint") == _fingerprint(settings)


def _safe(key: str) -> str:
    keep = "".join(c if c.isalnum() or c in "-_." else "_" for c in key)
    return keep[:80] + "-" + hashlib.sha256(key.encode()).hexdigest()[:8]


def versions() -> dict[str, str]:
    import deap
    import numba
    import numpy
    import pandas

    return {"ludi": ludi.__version__, "python": platform.python_version(),
            "numpy": numpy.__version__, "pandas": pandas.__version__,
            "numba": numba.__version__, "deap": deap.__version__}


def _unit_lost(unit) -> None:
    raise LudiError(f"the worker running unit '{unit.key}' died every time it ran it (out of "
                    "memory?); the units done so far are kept: run the experiment again to "
                    "continue")


def commit() -> str:
    """The commit the code ran on (``git rev-parse HEAD`` of ludi's checkout), marked when the
    checkout had changes beside the results; "unknown" outside a git checkout."""
    import subprocess

    root = Path(__file__).resolve().parents[2]
    try:
        sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True,
                             text=True, check=True).stdout.strip()
        changed = subprocess.run(["git", "status", "--porcelain", "--", ".", ":!results"],
                                 cwd=root, capture_output=True, text=True,
                                 check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return sha + (" (with uncommitted changes)" if changed else "")


def _write_report(experiment: Experiment, scale: str, settings: dict, out: Path, body: str,
                  unit_seconds: float, wall: float, command: str | None) -> None:
    command = command or f"ludi experiment {experiment.name} --scale {scale}"
    shown = {k: v for k, v in settings.items() if k != "results_root"}
    intervals = getattr(study_module(experiment), "INTERVALS", "")
    lines = [f"# {experiment.title}", "",
             f"**Hypothesis.** {experiment.hypothesis}", "",
             f"**Source.** {experiment.source}", "",
             *([f"**Intervals.** {intervals}", ""] if intervals else []),
             body.strip(), "",
             "## How this was made", "",
             f"commit: {commit()}", "",
             f"- Command: `{command}`",
             f"- Scale: {scale}; settings: `{json.dumps(shown, default=str)}`",
             f"- Compute: {unit_seconds:.0f} s of work in the units; {wall:.0f} s of wall time "
             f"in this session (0 when every unit was already done); {os.cpu_count()} cores, "
             f"{platform.machine()}",
             "- Versions: " + ", ".join(f"{k} {v}" for k, v in versions().items()),
             f"- Date: {time.strftime('%Y-%m-%d %H:%M')}", ""]
    (out / "report.md").write_text("\n".join(lines), encoding="utf-8")
