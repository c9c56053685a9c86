"""A web app served for real (uvicorn on 127.0.0.1, in a thread of the test process), so tests
talk HTTP to it as a browser does."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager

import uvicorn

from ludi.web.commands import free_port


@contextmanager
def live(app):
    """Serve ``app``; yield its base URL; stop it after."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
