"""Progress shown while something takes a while: a tqdm bar that keeps ticking.

tqdm redraws only when it is updated, so one slow step (a kernel compiling, a candidate game
being measured) leaves the screen still for a minute. :func:`ticking` redraws the bar every few
seconds from a thread, so its elapsed time keeps moving and the user sees the tool is working.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from tqdm.auto import tqdm

#: Seconds between redraws of a bar that nothing else updates.
TICK = 2.0


@contextmanager
def ticking(bar: tqdm, every: float = TICK) -> Iterator[tqdm]:
    """Redraw ``bar`` every ``every`` seconds while the block runs; close it afterwards.

    >>> with ticking(tqdm(total=1, disable=True)) as bar:
    ...     bar.update()
    """
    stop = threading.Event()

    def tick() -> None:
        while not stop.wait(every):
            bar.refresh()

    thread = threading.Thread(target=tick, daemon=True, name="ludi-ticker")
    thread.start()
    try:
        yield bar
    finally:
        stop.set()
        thread.join()
        bar.close()
