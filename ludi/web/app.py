"""The web app: play any game in the browser (``ludi serve``) and run the preference study
(``ludi study``). Pages are rendered on the server; ``static/play.js`` draws the board the
API returns and turns clicks into moves.

The routes come in three groups, one module each: :mod:`ludi.web.play_routes` (games, matches
and their JSON API), :mod:`ludi.web.study_routes` (consent, the next step, the questions) and
:mod:`ludi.web.admin_routes` (the study's admin page and exports), over one shared
:class:`~ludi.web.site.Site`. Every error, whatever raised it, goes through :func:`problem`,
which gives its HTTP status and a short page or JSON message, never a traceback.
"""

from __future__ import annotations

import logging
import secrets

import numpy as np
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from ludi.errors import LudiError
from ludi.web import admin_routes, play_routes, study_routes
from ludi.web.matches import Play, Rejected
from ludi.web.site import HERE, MAX_BODY, BodyLimit, Site, TooLarge, problem_response
from ludi.web.study import Study

log = logging.getLogger("ludi.web")
#: Starlette's own errors, in words.
HTTP_MESSAGES = {404: "no such page", 405: "this page does not take that method"}


def status_and_message(exc: Exception) -> tuple[int, str]:
    """The HTTP status and the message of an error met while answering a request: a refusal
    says its own; a description, agent or move ludi cannot take is the client's (400); a
    body too large 413; anything else is the server's (500, logged, nothing changed)."""
    if isinstance(exc, Rejected):
        return exc.status, exc.message
    if isinstance(exc, LudiError):
        return 400, exc.message
    if isinstance(exc, TooLarge):
        return 413, f"the request is too large (at most {MAX_BODY} bytes)"
    if isinstance(exc, HTTPException):
        return exc.status_code, HTTP_MESSAGES.get(exc.status_code, str(exc.detail))
    return 500, "the server failed on this request; the error is in its log, and nothing " \
                "was changed"


async def problem(request: Request, exc: Exception) -> Response:
    """The one error handler of the app."""
    status, message = status_and_message(exc)
    if status >= 500:
        log.exception("error on %s", request.url.path, exc_info=exc)
    return problem_response(request.url.path, status, message)


def make_app(play: Play, *, study: Study | None = None, token: str | None = None,
             opponent: str = "mcts:1000", seed: int | None = None) -> Starlette:
    """The app over ``play`` (games and store); with ``study`` it runs the study, and
    ``token`` opens its admin page."""
    site = Site(play, study, opponent, np.random.default_rng(seed),
                token or secrets.token_urlsafe(16))
    routes = [*play_routes.routes(site), *study_routes.routes(site),
              *admin_routes.routes(site),
              Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")]
    handlers = dict.fromkeys((Rejected, LudiError, TooLarge, HTTPException, Exception),
                             problem)
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.add_middleware(BodyLimit)
    app.state.admin_token = site.admin_token
    return app
