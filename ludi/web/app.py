"""The web app: play any game in the browser (``ludi serve``) and run the preference study
(``ludi study``). Pages are rendered on the server; ``static/play.js`` draws the board the
API returns and turns clicks into moves. Nothing here trusts the browser: ids are looked up,
moves are checked by the engine, bodies are capped, SQL values are bound, and every error is
a short page or JSON message, never a traceback.
"""

from __future__ import annotations

import logging
import re
import secrets
from pathlib import Path

import numpy as np
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from ludi.agents import SPECS
from ludi.errors import LudiError
from ludi.web.matches import Play, Rejected
from ludi.web.store import TABLES
from ludi.web.study import Study, human_seat

HERE = Path(__file__).parent
MAX_BODY = 16 * 1024  # bytes: a move or an answer is far smaller
MAX_COMMENT = 2000
COOKIE = "ludi_participant"
ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
SEATS = {"first": (0,), "second": (1,), "third": (2,), "fourth": (3,), "both": None}
log = logging.getLogger("ludi.web")


class TooLarge(Exception):
    """A request body over :data:`MAX_BODY`."""


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
            response = _problem_response(scope["path"], 413,
                                         f"the request is too large (at most {self.limit} "
                                         "bytes)")
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


templates = Jinja2Templates(directory=str(HERE / "templates"))


def _problem_response(path: str, status: int, message: str) -> Response:
    if path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    html = templates.get_template("error.html").render(status=status, message=message)
    return Response(html, status_code=status, media_type="text/html")


def make_app(play: Play, *, study: Study | None = None, token: str | None = None,
             opponent: str = "mcts:1000", seed: int | None = None) -> Starlette:
    """The app over ``play`` (games and store); with ``study`` it runs the study, and
    ``token`` opens its admin page."""
    store = play.store
    rng = np.random.default_rng(seed)
    admin_token = token or secrets.token_urlsafe(16)

    def page(request: Request, name: str, status: int = 200, **context) -> Response:
        context.setdefault("title", study.config.title if study else "ludi")
        return templates.TemplateResponse(request, name, context, status_code=status)

    def participant(request: Request) -> str:
        """The participant of this browser, from its cookie; 403 for none or a forged one."""
        pid = request.cookies.get(COOKIE, "")
        if not ID.fullmatch(pid) or store.participant_seq(pid) is None:
            raise Rejected(403, "unknown participant: start the study from its first page")
        return pid

    def match_for(request: Request, mid: str):
        """The match ``mid`` if this browser may see it (a study's matches only their
        participant's)."""
        if not ID.fullmatch(mid):
            raise Rejected(404, "no such match")
        row = play.row(mid)
        if row.participant is not None and request.cookies.get(COOKIE) != row.participant:
            raise Rejected(403, "this match belongs to another participant")
        return row

    async def json_body(request: Request) -> dict:
        try:
            data = await request.json()
        except ValueError:
            raise Rejected(400, "the body must be JSON, e.g. {\"move\": \"e5\", \"ply\": 0}") \
                from None
        if not isinstance(data, dict):
            raise Rejected(400, "the body must be a JSON object")
        return data

    # ------------------------------------------------------------ playing
    async def index(request: Request) -> Response:
        if study is not None:
            pid = request.cookies.get(COOKIE, "")
            known = bool(ID.fullmatch(pid)) and await run_in_threadpool(
                store.participant_seq, pid) is not None
            return page(request, "consent.html", config=study.config, returning=known)
        games = [(key, e.label) for key, e in play.library.entries.items()]
        return page(request, "index.html", games=games, opponent=opponent, agents=SPECS)

    async def new_match(request: Request) -> Response:
        if study is not None:
            raise Rejected(403, "new games are assigned by the study")
        form = await request.form()
        game, agent = str(form.get("game", "")), str(form.get("opponent", opponent)).strip()
        seat = str(form.get("seat", "first"))
        if seat not in SEATS:
            raise Rejected(400, f"seat must be one of {', '.join(SEATS)}")
        if len(agent) > 100:
            raise Rejected(400, "the agent text is too long")
        if game not in play.library:
            raise Rejected(404, f"no game '{game[:60]}' here")
        players = play.library.game(game).num_players
        humans = SEATS[seat] or tuple(range(players))
        try:
            mid = await run_in_threadpool(play.new_match, game, agent or opponent, humans,
                                          int(rng.integers(1 << 31)))
        except LudiError as e:  # a bad agent string: the message names what is accepted
            raise Rejected(400, e.message) from None
        return RedirectResponse(f"/play/{mid}", status_code=303)

    async def play_page(request: Request) -> Response:
        mid = request.path_params["mid"]
        row = await run_in_threadpool(match_for, request, mid)
        return page(request, "play.html", mid=mid, game=play.library.label(row.game),
                    study=row.participant is not None)

    async def api(request: Request, action) -> Response:
        """Check the match is this browser's, then act on it: one trip to the thread pool."""
        mid = request.path_params["mid"]
        return JSONResponse(await run_in_threadpool(
            lambda: action(match_for(request, mid))))

    async def api_view(request: Request) -> Response:
        return await api(request, play.view)

    async def api_move(request: Request) -> Response:
        data = await json_body(request)
        return await api(request, lambda row: play.human_move(row, data.get("ply"),
                                                              data.get("move")))

    async def api_ai(request: Request) -> Response:
        return await api(request, play.ai_move)

    async def api_undo(request: Request) -> Response:
        return await api(request, play.undo)

    # ------------------------------------------------------------ the study
    def need_study() -> Study:
        if study is None:
            raise Rejected(404, "this server runs no study")
        return study

    async def consent(request: Request) -> Response:
        s = need_study()
        form = await request.form()
        if form.get("agree") != "yes":
            raise Rejected(400, "please tick the box to agree before starting")
        pid = await run_in_threadpool(store.create_participant, s.assign)
        response = RedirectResponse("/study/next", status_code=303)
        response.set_cookie(COOKIE, pid, max_age=180 * 86400, httponly=True, samesite="strict")
        return response

    def next_step(pid: str) -> str:
        s = need_study()
        seq = store.participant_seq(pid)
        answered = store.answered(pid)
        for a in store.assignments(pid):
            for side, (key, mid) in enumerate(((a.game_a, a.match_a), (a.game_b, a.match_b))):
                if mid is None:
                    players = play.library.game(key).num_players
                    seat = human_seat(s.config, seq, a.pair, side, players)
                    seed = int(np.random.SeedSequence([s.config.seed, seq, a.pair, side])
                               .generate_state(1)[0])
                    new = play.new_match(key, s.config.opponent, (seat,), seed, pid)
                    mid = store.set_pair_match(pid, a.pair, "ab"[side], new)
                if store.match(mid).finished is None:
                    return f"/play/{mid}"
            if a.pair not in answered:
                return f"/study/question/{a.pair}"
        return "/study/done"

    async def study_next(request: Request) -> Response:
        pid = await run_in_threadpool(participant, request)
        return RedirectResponse(await run_in_threadpool(next_step, pid), status_code=303)

    def pair_of(pid: str, pair_text: str):
        if not pair_text.isdigit():
            raise Rejected(404, "no such question")
        pair = int(pair_text)
        found = [a for a in store.assignments(pid) if a.pair == pair]
        if not found:
            raise Rejected(404, "no such question")
        a = found[0]
        if a.match_a is None or a.match_b is None or any(
                store.match(m).finished is None for m in (a.match_a, a.match_b)):
            raise Rejected(409, "play both games of this pair first")
        return a

    async def question(request: Request) -> Response:
        s = need_study()
        pid = await run_in_threadpool(participant, request)
        a = await run_in_threadpool(pair_of, pid, request.path_params["pair"])
        total = len(await run_in_threadpool(store.assignments, pid))
        if request.method == "GET":
            return page(request, "question.html", config=s.config, pair=a.pair, total=total,
                        game_a=play.library.label(a.game_a),
                        game_b=play.library.label(a.game_b))
        form = await request.form()
        preferred = form.get("preferred")
        if preferred not in ("a", "b"):
            raise Rejected(400, "choose the game you preferred (the first or the second)")
        ratings = []
        for key in ("rating_a", "rating_b"):
            text = str(form.get(key, "") or "")
            if text and (not text.isdigit() or not 1 <= int(text) <= 7):
                raise Rejected(400, "a rating is a whole number from 1 to 7")
            ratings.append(int(text) if text else None)
        comment = str(form.get("comment", "") or "")
        if len(comment) > MAX_COMMENT:
            raise Rejected(400, f"the comment is too long (at most {MAX_COMMENT} characters)")
        stored = await run_in_threadpool(store.save_answer, pid, a.pair, preferred, *ratings,
                                         comment, a.pair == total - 1)
        if not stored:
            raise Rejected(409, "this pair was answered already")
        return RedirectResponse("/study/next", status_code=303)

    async def done(request: Request) -> Response:
        pid = await run_in_threadpool(participant, request)
        return page(request, "done.html", code=pid[:8])

    # ------------------------------------------------------------ admin
    def admin_check(request: Request) -> None:
        given = request.query_params.get("token", "")
        header = request.headers.get("authorization", "")
        if header.startswith("Bearer "):
            given = header[7:]
        if not secrets.compare_digest(given.encode(), admin_token.encode()):
            raise Rejected(401, "the admin page needs the token printed when the server "
                                "started (?token=…)")

    async def admin(request: Request) -> Response:
        admin_check(request)
        counts = await run_in_threadpool(store.counts)
        pairs = await run_in_threadpool(store.table, "assignments")
        shown = (pairs.groupby(["game_a", "game_b"]).size().reset_index(name="times")
                 .values.tolist() if len(pairs) else [])
        return page(request, "admin.html", counts=counts, shown=shown, tables=TABLES,
                    token=request.query_params.get("token", ""))

    async def export(request: Request) -> Response:
        admin_check(request)
        name = request.path_params["table"]
        if name not in TABLES:
            raise Rejected(404, f"no table '{name[:40]}'; tables: {', '.join(TABLES)}")
        df = await run_in_threadpool(store.table, name)
        return Response(df.to_csv(index=False), media_type="text/csv",
                        headers={"content-disposition": f'attachment; filename="{name}.csv"'})

    # ------------------------------------------------------------ errors
    async def rejected(request: Request, exc: Rejected) -> Response:
        return _problem_response(request.url.path, exc.status, exc.message)

    async def http_error(request: Request, exc: HTTPException) -> Response:
        messages = {404: "no such page", 405: "this page does not take that method"}
        return _problem_response(request.url.path, exc.status_code,
                                 messages.get(exc.status_code, str(exc.detail)))

    async def too_large(request: Request, exc: TooLarge) -> Response:
        return _problem_response(request.url.path, 413,
                                 f"the request is too large (at most {MAX_BODY} bytes)")

    async def crash(request: Request, exc: Exception) -> Response:
        log.exception("error on %s", request.url.path)
        return _problem_response(request.url.path, 500, "the server failed on this request; "
                                 "the error is in its log, and nothing was changed")

    routes = [
        Route("/", index),
        Route("/new", new_match, methods=["POST"]),
        Route("/play/{mid}", play_page),
        Route("/api/match/{mid}", api_view),
        Route("/api/match/{mid}/move", api_move, methods=["POST"]),
        Route("/api/match/{mid}/ai", api_ai, methods=["POST"]),
        Route("/api/match/{mid}/undo", api_undo, methods=["POST"]),
        Route("/study/consent", consent, methods=["POST"]),
        Route("/study/next", study_next),
        Route("/study/question/{pair}", question, methods=["GET", "POST"]),
        Route("/study/done", done),
        Route("/admin", admin),
        Route("/admin/export/{table}.csv", export),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={
        Rejected: rejected, HTTPException: http_error, TooLarge: too_large, Exception: crash})
    app.add_middleware(BodyLimit)
    app.state.admin_token = admin_token
    return app
