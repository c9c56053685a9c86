"""Simulated participants: they take part in a study through its real HTTP interface
(consent, every move, the question), prefer games by a hidden utility, and time every
request. ``ludi study simulate`` checks the pipeline end to end and sizes a study;
``benchmarks/web_load.py`` uses the same participants as a load test.

A participant prefers game A to game B with probability 1 / (1 + e^(u_B - u_A)): the
Bradley-Terry model itself, so the analysis should recover the utilities' order.
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from ludi.errors import LudiError

PLAY = re.compile(r"^/play/([A-Za-z0-9_-]+)$")
QUESTION = re.compile(r"^/study/question/(\d+)$")


@dataclass
class Timings:
    """Request durations (seconds) by kind: ``page`` (HTML pages and redirects), ``move``
    (a person's move and the position), ``ai`` (the AI's moves: thinking time)."""

    seconds: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    failures: list[str] = field(default_factory=list)
    answers: int = 0
    participants: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float) -> None:
        with self._lock:
            self.seconds[kind].append(seconds)

    def fail(self, text: str) -> None:
        with self._lock:
            self.failures.append(text)

    def percentile(self, kinds: tuple[str, ...], q: float) -> float:
        values = [s for k in kinds for s in self.seconds.get(k, [])]
        return float(np.percentile(values, q)) if values else math.nan

    def count(self, kinds: tuple[str, ...]) -> int:
        return sum(len(self.seconds.get(k, [])) for k in kinds)


class Participant:
    """One simulated person: plays random legal moves and answers by ``utility`` (label ->
    utility); ``think`` seconds pass before each of their actions."""

    def __init__(self, url: str, utility: dict[str, float], seed, timings: Timings,
                 think: float = 0.0, deadline: float = math.inf):
        import httpx

        self.client = httpx.Client(base_url=url, timeout=120, follow_redirects=False)
        self.utility = utility
        self.rng = np.random.default_rng(seed)
        self.timings = timings
        self.think = think
        self.deadline = deadline
        self.played: list[str] = []  # labels of the games played, in order

    def _request(self, kind: str, method: str, path: str, **kwargs):
        start = time.perf_counter()
        response = self.client.request(method, path, **kwargs)
        self.timings.add(kind, time.perf_counter() - start)
        if response.status_code >= 400:
            self.timings.fail(f"{method} {path}: {response.status_code} {response.text[:200]}")
            raise LudiError(f"{method} {path} failed: {response.status_code}")
        return response

    def _pause(self) -> None:
        if self.think:
            time.sleep(self.think * self.rng.uniform(0.5, 1.5))

    def run(self) -> None:
        """Take part from the consent page to the thank-you page."""
        try:
            self._request("page", "GET", "/")
            self._request("page", "POST", "/study/consent", data={"agree": "yes"})
            where = self._next()
            while where != "/study/done" and time.monotonic() < self.deadline:
                if (m := PLAY.match(where)) is not None:
                    self._request("page", "GET", where)
                    self._play(m.group(1))
                elif (q := QUESTION.match(where)) is not None:
                    self._request("page", "GET", where)
                    self._answer(int(q.group(1)))
                else:
                    self.timings.fail(f"unexpected page {where}")
                    raise LudiError(f"unexpected page {where}")
                where = self._next()
            if where == "/study/done":
                self._request("page", "GET", where)
        finally:
            self.client.close()

    def _next(self) -> str:
        return self._request("page", "GET", "/study/next").headers["location"]

    def _play(self, mid: str) -> None:
        view = self._request("move", "GET", f"/api/match/{mid}").json()
        while view["turn"] != "over" and time.monotonic() < self.deadline:
            if view["turn"] == "ai":
                view = self._request("ai", "POST", f"/api/match/{mid}/ai").json()
                continue
            self._pause()
            move = view["legal"][int(self.rng.integers(len(view["legal"])))]
            view = self._request("move", "POST", f"/api/match/{mid}/move",
                                 json={"move": move["text"], "ply": view["n"]}).json()
        self.played.append(view["game"])

    def _answer(self, pair: int) -> None:
        a, b = self.played[-2], self.played[-1]
        ua, ub = self.utility.get(a, 0.0), self.utility.get(b, 0.0)
        prefer_a = self.rng.random() < 1.0 / (1.0 + math.exp(ub - ua))
        rating = {side: int(np.clip(round(4 + 1.5 * u + self.rng.normal(0, 1)), 1, 7))
                  for side, u in (("a", ua), ("b", ub))}
        self._pause()
        self._request("page", "POST", f"/study/question/{pair}",
                      data={"preferred": "a" if prefer_a else "b",
                            "rating_a": str(rating["a"]), "rating_b": str(rating["b"]),
                            "comment": "simulated"})
        with self.timings._lock:
            self.timings.answers += 1


def run_participants(url: str, utility: dict[str, float], count: int | None, *, seed: int = 1,
                     concurrency: int = 4, think: float = 0.0, seconds: float | None = None,
                     progress: bool = True) -> Timings:
    """Send ``count`` participants (or, with ``seconds``, as many as fit: each of the
    ``concurrency`` slots starts a new one when its last finishes) through the study."""
    from tqdm import tqdm

    timings = Timings()
    deadline = time.monotonic() + seconds if seconds else math.inf
    numbers = iter(range(10 ** 9 if count is None else count))
    lock = threading.Lock()
    bar = tqdm(total=count, desc="participants", unit="", disable=not progress)

    def slot() -> None:
        while time.monotonic() < deadline:
            with lock:
                n = next(numbers, None)
            if n is None:
                return
            Participant(url, utility, [seed, n], timings, think, deadline).run()
            with timings._lock:
                timings.participants += 1
            bar.update(1)

    with ThreadPoolExecutor(concurrency) as pool:
        for future in [pool.submit(slot) for _ in range(concurrency)]:
            try:
                future.result()
            except LudiError:
                pass  # recorded in timings.failures
    bar.close()
    return timings


def hidden_utilities(labels: list[str], text: str = "") -> dict[str, float]:
    """The utility of each game: ``"LABEL=U,…"`` or, by default, evenly spread from +1.5 (the
    first game of the study) to -1.5 (the last)."""
    if not text:
        return dict(zip(labels, np.linspace(1.5, -1.5, len(labels)).tolist(), strict=True))
    out = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        if name.strip() not in labels:
            raise LudiError(f"--utilities: no game '{name.strip()}'; games: {', '.join(labels)}")
        try:
            out[name.strip()] = float(value)
        except ValueError:
            raise LudiError(f"--utilities: '{part}' is not LABEL=NUMBER") from None
    return out
