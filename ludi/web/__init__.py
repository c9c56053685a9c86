"""``ludi serve`` and ``ludi study``: play in the browser, and LUDI's human-preference study.

>>> from ludi.web import Library, Play, Store, make_app
>>> app = make_app(Play(Store(":memory:"), Library.load(["tictactoe"])))

``serve(app)`` runs it with uvicorn; :mod:`ludi.web.analyze` turns a study's database into
Bradley-Terry scores and their correlation with ludi's measures; :mod:`ludi.web.simulate`
sends simulated participants through the HTTP interface.
"""

from __future__ import annotations

from ludi.web.app import make_app
from ludi.web.matches import Library, Play
from ludi.web.store import Store
from ludi.web.study import Study, load_study


def serve(app, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run ``app`` until interrupted (Ctrl-C)."""
    import uvicorn

    uvicorn.run(app, host=host, port=port, log_level="warning")


__all__ = ["Library", "Play", "Store", "Study", "load_study", "make_app", "serve"]
