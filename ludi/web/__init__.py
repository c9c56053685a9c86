"""``ludi serve`` and ``ludi study``: play in the browser, and LUDI's human-preference study.

>>> from ludi.web import Library, Play, Store, make_app
>>> app = make_app(Play(Store(":memory:"), Library.load(["tictactoe"])))

``serve(app, listen(host, port))`` runs it with uvicorn; :mod:`ludi.web.analyze` turns a
study's database into Bradley-Terry scores and their correlation with ludi's measures;
:mod:`ludi.web.simulate` sends simulated participants through the HTTP interface.
"""

from __future__ import annotations

import errno
import socket

from ludi.errors import UsageError
from ludi.web.app import make_app
from ludi.web.matches import Library, Play
from ludi.web.store import Store
from ludi.web.study import Study, load_study


def listen(host: str = "127.0.0.1", port: int = 8000) -> socket.socket:
    """A socket listening on ``host:port``, or a :class:`~ludi.errors.UsageError` saying why
    not (a port out of range, one in use, an unknown host), before anything is printed."""
    if not 1 <= port <= 65535:
        raise UsageError(f"--port must be 1 to 65535; got {port}")
    try:
        return socket.create_server((host, port))
    except OSError as e:
        why = ("another program uses that port: choose another --port"
               if e.errno == errno.EADDRINUSE else (e.strerror or str(e)).split(" (while")[0])
        raise UsageError(f"cannot serve on {host}:{port}: {why}") from None


def serve(app, sock: socket.socket) -> None:
    """Run ``app`` on the listening socket ``sock`` (:func:`listen`) until interrupted."""
    import uvicorn

    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])


__all__ = ["Library", "Play", "Store", "Study", "listen", "load_study", "make_app", "serve"]
