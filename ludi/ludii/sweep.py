"""Run a whole folder of Ludii descriptions: which load, which play as Ludii does, how fast.

Each ``.lud`` file is loaded with its default options (and the ``def/`` tree it lives in), then
played by uniform random playouts, as Ludii's own ``random_play.csv`` was measured, and
compared with Ludii's row (:mod:`ludi.ludii.reference`). Every file gets one status:

- ``agrees``: plays, and every figure agrees with Ludii's;
- ``disagrees``: plays, but a figure differs beyond sampling error (a bug: ludi must refuse what
  it cannot play exactly);
- ``unchecked``: plays; Ludii's file has no row for it;
- ``refused``: ludi refuses it with a clear message: the first thing it lacks, or, met only in
  play, a position ludi cannot hold (:data:`REFUSED_IN_PLAY`: a piece landing on a stack of
  another player or kind, which Ludii would stack); the game stops there, never played on
  wrongly;
- ``error``: it loads but the engine stops with an error while playing, or anything raised a
  Python exception instead of a clear message (a bug either way).
"""

from __future__ import annotations

import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from ludi.compile.layout import ERR
from ludi.errors import EngineError, LudiError
from ludi.ludii.constructs import construct_keys
from ludi.ludii.reference import Reference, Sample, disagreements, read_reference

STATUSES = ("agrees", "disagrees", "unchecked", "refused", "error")
#: The engine errors (ERR codes) that are limits of what ludi can represent, checked in play
#: because no compile-time test tells whether a game reaches them: a file whose random play
#: meets one is refused, not in error.
REFUSED_IN_PLAY = frozenset({ERR.STACK})
#: Ludii's library has these five categories of board games (its folders under ``board/``).
CATEGORIES = ("hunt", "race", "sow", "space", "war")


@dataclass
class FileResult:
    """One description's outcome in a sweep (``path`` relative to the swept folder)."""

    path: str
    category: str
    status: str
    reason: str = ""
    name: str = ""
    constructs: list[str] = field(default_factory=list)
    sample: Sample | None = None
    reference: Reference | None = None
    load_s: float = 0.0

    @property
    def speed_ratio(self) -> float | None:
        """ludi's random playouts per second over Ludii's."""
        if self.sample is None or self.reference is None:
            return None
        if not self.sample.playouts_per_s or not self.reference.playouts_per_s:
            return None
        return self.sample.playouts_per_s / self.reference.playouts_per_s

    def row(self) -> dict:
        """A flat dict for a table."""
        out = {k: v for k, v in asdict(self).items() if k not in ("sample", "reference",
                                                                  "constructs")}
        for prefix, sample in (("ludi", self.sample), ("ludii", self.reference)):
            if sample is not None:
                out[f"{prefix}_moves"] = sample.moves_mean
                out[f"{prefix}_playouts"] = sample.playouts
                out[f"{prefix}_legal0"] = sample.legal_moves_initial
                out[f"{prefix}_per_s"] = sample.playouts_per_s
                for key, value in sample.shares.items():
                    out[f"{prefix}_{key}"] = value
        out["speed_ratio"] = self.speed_ratio
        return out


#: Random games a sample plays (each Ludii row counts its own; agreement is judged on 400 at least).
PLAYOUTS = 400
#: A sample stops short of its playouts only past this many plies in all (a guard counted in
#: work, never in seconds: the same seed gives the same sample on any machine, whatever its load).
MAX_PLIES = 20_000_000
BATCH = 25  # games a batch: the guard is checked between batches
#: A game whose sample plays in less time than this plays more playouts, for its speed alone
#: (the figures are the sample's): a tenth of a second of timing is mostly call overhead.
MIN_TIMED_S = 1.0
#: First rolls tried for a game of chance's legal moves at the start.
FIRST_ROLLS = 200


def sample_random_play(game, playouts: int = PLAYOUTS, seed: int = 0,
                       max_plies: int = MAX_PLIES) -> Sample:
    """Random-play figures of ``game`` counted as Ludii counts them: ``playouts`` games, in
    batches of unrelated seeds, fewer only when they would play more than ``max_plies`` plies
    in all. The speed (playouts per second) is timed, over more playouts than the sample's
    when those take less than ``MIN_TIMED_S``; it changes nothing else."""
    from ludi.compile.layout import END
    from ludi.engine.playouts import run_playouts

    legal = len(game.initial_state().legal_moves())
    seen = tuple(sorted({len(game.initial_state(seed=k).legal_moves())
                         for k in range(FIRST_ROLLS)})) if game.stochastic else None
    run_playouts(game, 1, seed)  # the kernels compiled (or loaded) before timing
    batches, plies, elapsed = [], 0, 0.0
    while sum(len(b[0]) for b in batches) < playouts and plies <= max_plies:
        n = min(BATCH, playouts - sum(len(b[0]) for b in batches))
        t0 = time.perf_counter()
        batch = run_playouts(game, n, _batch_seed(seed, len(batches)))
        elapsed += time.perf_counter() - t0
        batches.append(batch)
        plies += int(batch[0].sum())
    lengths, winners, reasons = (np.concatenate(parts) for parts in zip(*batches, strict=True))
    n = len(lengths)
    timed = n
    while elapsed < MIN_TIMED_S and plies <= max_plies:  # a fast game: time more playouts
        t0 = time.perf_counter()
        extra = run_playouts(game, timed, _batch_seed(seed, len(batches) + timed))
        elapsed += time.perf_counter() - t0
        timed += timed  # doubled each time: few calls, so little of their overhead
        plies += int(extra[0].sum())
    shares = {f"p{k + 1}_win": float(np.mean(winners == k)) for k in range(game.num_players)}
    if game.num_players > 1:
        shares["draw"] = float(np.mean(winners < 0))
    shares["limit"] = float(np.mean(reasons == END.TIMEOUT))
    return Sample(playouts=n, moves_mean=float(lengths.mean()),
                  moves_sd=float(lengths.std(ddof=1)) if n > 1 else 0.0, shares=shares,
                  legal_moves_initial=legal,
                  playouts_per_s=timed / elapsed if elapsed > 0 else None,
                  legal_moves_seen=seen)


def _batch_seed(seed: int, batch: int) -> int:
    """An unrelated seed for each batch (consecutive seeds would share a random stream)."""
    return int(np.random.SeedSequence([seed, batch]).generate_state(1, np.uint32)[0])


def check_file(path: Path, folder: Path, reference: dict[str, Reference],
               playouts: int = PLAYOUTS, seed: int = 0, max_plies: int = MAX_PLIES) -> FileResult:
    """Load, play and compare one description; never raises."""
    from ludi.engine.game import from_description
    from ludi.lang import load_description
    from ludi.lang.description import ludii_def_folder
    from ludi.lang.expand import NO_RULESET, expand
    from ludi.lang.reader import read_text

    rel = path.relative_to(folder).as_posix()
    result = FileResult(rel, _category(rel), "refused")
    try:
        defines = ludii_def_folder(path)
        tree = expand(read_text(path), str(path), ruleset=NO_RULESET,
                      define_paths=[defines] if defines else None)
        result.constructs = sorted(construct_keys(tree.game))
    except LudiError:
        pass  # the load below reports it
    except Exception as e:  # noqa: BLE001 - a sweep records every failure and goes on
        return _crashed(result, e)
    t0 = time.perf_counter()
    try:  # Ludii's defaults: the options' starred items, no ruleset (as random_play.csv was made)
        game = from_description(load_description(path, ruleset=NO_RULESET))
    except LudiError as e:
        result.reason = _first_line(e)
        return result
    except Exception as e:  # noqa: BLE001
        return _crashed(result, e)
    result.load_s = time.perf_counter() - t0
    result.name = game.name
    try:
        result.sample = sample_random_play(game, playouts, seed, max_plies)
    except EngineError as e:
        refused = e.code in REFUSED_IN_PLAY
        result.status = "refused" if refused else "error"
        result.reason = ("refused in play: " if refused else "") + _first_line(e)
        return result
    except LudiError as e:
        result.status, result.reason = "error", _first_line(e)
        return result
    except Exception as e:  # noqa: BLE001
        return _crashed(result, e)
    result.reference = reference.get(_reference_key(rel))
    if result.reference is None:
        result.status = "unchecked"
        return result
    problems = disagreements(result.sample, result.reference)
    result.status = "disagrees" if problems else "agrees"
    result.reason = "; ".join(problems)
    return result


def _category(rel: str) -> str:
    parts = rel.split("/")
    for part in parts:
        if part in CATEGORIES:
            return part
    return parts[0] if len(parts) > 1 else ""


def _reference_key(rel: str) -> str:
    """The CSV's key of a file: its path below ``board/``."""
    return rel.split("board/", 1)[1] if rel.startswith("board/") else rel


def _first_line(e: Exception) -> str:
    return str(e).strip().split("\n")[0]


def _crashed(result: FileResult, e: Exception) -> FileResult:
    result.status = "error"
    frame = traceback.extract_tb(e.__traceback__)[-1]
    result.reason = (f"Python {type(e).__name__}: {e} "
                     f"({Path(frame.filename).name}:{frame.lineno})")
    return result


def _check_one(args) -> FileResult:
    return check_file(*args)


def sweep(folder: str | Path, reference: str | Path | None = None, playouts: int = PLAYOUTS,
          seed: int = 0, workers: int = 1, only: str | None = None, progress: bool = True,
          max_plies: int = MAX_PLIES) -> list[FileResult]:
    """Check every ``.lud`` file under ``folder`` (those whose path contains ``only``, if
    given) against Ludii's statistics in ``reference`` (a ``random_play.csv``)."""
    from tqdm.auto import tqdm

    folder = Path(folder)
    paths = sorted(p for p in folder.rglob("*.lud")
                   if only is None or only.lower() in p.relative_to(folder).as_posix().lower())
    ref = read_reference(reference) if reference else {}
    jobs = [(p, folder, ref, playouts, seed, max_plies) for p in paths]
    bar = tqdm(total=len(jobs), desc="Ludii files", unit="file", disable=not progress)
    results: list[FileResult] = []
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for r in pool.map(_check_one, jobs, chunksize=4):
                results.append(r)
                bar.update()
    else:
        for job in jobs:
            results.append(_check_one(job))
            bar.update()
    bar.close()
    return results
