"""What every route of the web app shares (:class:`Site`): the games, the store, the study,
the pages' templates, and how a request names its participant, its match and its body.

Nothing here trusts the browser: ids are looked up, bodies are capped (:class:`BodyLimit`) and
must be JSON objects, and a participant is known by a cookie the store issued.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.templating import Jinja2Templates

from ludi.web.matches import Play, Rejected
from ludi.web.study import Study

HERE = Path(__file__).parent
MAX_BODY = 16 * 1024  # bytes: a move or an answer is far smaller
COOKIE = "ludi_participant"
ID = re.compile(r"[A-Za-z0-9_-]{16,64}")

templates = Jinja2Templates(directory=str(HERE / "templates"))


class TooLarge(Exception):
    """A request body over :data:`MAX_BODY`."""


def problem_response(path: str, status: int, message: str) -> Response:
    """An error as the client reads it: JSON under ``/api/``, a short page elsewhere."""
    if path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    html = templates.get_template("error.html").render(status=status, message=message)
    return Response(html, status_code=status, media_type="text/html")


class BodyLimit:
    """ASGI middleware: refuse bodies over ``limit`` bytes (by their Content-Length, or
    while they arrive when it is missing)."""

    def __init__(self, app, limit: int = MAX_BODY):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            response = problem_response(scope["path"], 413, f"the request is too large (at "
                                        f"most {self.limit} bytes)")
            return await response(scope, receive, send)
        total = 0

        async def limited():
            nonlocal total
            message = await receive()
            total += len(message.get("body", b""))
            if total > self.limit:
                raise TooLarge
            return message

        await self.app(scope, limited, send)


@dataclass
class Site:
    """The app's state, given to each group of routes (play, study, admin)."""

    play: Play
    study: Study | None
    opponent: str
    rng: np.random.Generator
    admin_token: str

    @property
    def store(self):
        return self.play.store

    def page(self, request: Request, name: str, status: int = 200, **context) -> Response:
        context.setdefault("title", self.study.config.title if self.study else "ludi")
        return templates.TemplateResponse(request, name, context, status_code=status)

    def participant(self, request: Request) -> str:
        """The participant of this browser, from its cookie; 403 for none or a forged one."""
        pid = request.cookies.get(COOKIE, "")
        if not ID.fullmatch(pid) or self.store.participant_seq(pid) is None:
            raise Rejected(403, "unknown participant: start the study from its first page")
        return pid

    def match_for(self, request: Request, mid: str):
        """The match ``mid`` if this browser may see it (a study's matches only their
        participant's)."""
        if not ID.fullmatch(mid):
            raise Rejected(404, "no such match")
        row = self.play.row(mid)
        if row.participant is not None and request.cookies.get(COOKIE) != row.participant:
            raise Rejected(403, "this match belongs to another participant")
        return row

    def need_study(self) -> Study:
        if self.study is None:
            raise Rejected(404, "this server runs no study")
        return self.study

    @staticmethod
    async def json_body(request: Request) -> dict:
        try:
            data = await request.json()
        except ValueError:
            raise Rejected(400, "the body must be JSON, e.g. {\"move\": \"e5\", \"ply\": 0}") \
                from None
        except RecursionError:
            raise Rejected(400, "the body is nested too deeply to be a move") from None
        if not isinstance(data, dict):
            raise Rejected(400, "the body must be a JSON object")
        return data
