"""Playing: the game list, a new match, its page, and the JSON API the page's script calls
(``static/play.js``: view, move, the AI's move, undo)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ludi.agents import SPECS
from ludi.web.matches import Rejected
from ludi.web.site import COOKIE, ID, Site

#: The seats a person can take against the AI ("both": every seat, people at one screen).
SEATS = {"first": (0,), "second": (1,), "third": (2,), "fourth": (3,), "both": None}


def routes(site: Site) -> list[Route]:
    play = site.play

    async def index(request: Request) -> Response:
        if site.study is not None:
            pid = request.cookies.get(COOKIE, "")
            known = bool(ID.fullmatch(pid)) and await run_in_threadpool(
                site.store.participant_seq, pid) is not None
            return site.page(request, "consent.html", config=site.study.config,
                             returning=known)
        games = [(key, e.label) for key, e in play.library.entries.items()]
        return site.page(request, "index.html", games=games, opponent=site.opponent,
                         agents=SPECS)

    async def new_match(request: Request) -> Response:
        if site.study is not None:
            raise Rejected(403, "new games are assigned by the study")
        form = await request.form()
        game = str(form.get("game", ""))
        agent = str(form.get("opponent", site.opponent)).strip()
        seat = str(form.get("seat", "first"))
        if seat not in SEATS:
            raise Rejected(400, f"seat must be one of {', '.join(SEATS)}")
        if len(agent) > 100:
            raise Rejected(400, "the agent text is too long")
        if game not in play.library:
            raise Rejected(404, f"no game '{game[:60]}' here")
        players = play.library.game(game).num_players
        humans = SEATS[seat] or tuple(range(players))
        # a bad agent string is a LudiError naming the agents there are: a 400 (ludi.web.app)
        mid = await run_in_threadpool(play.new_match, game, agent or site.opponent, humans,
                                      int(site.rng.integers(1 << 31)))
        return RedirectResponse(f"/play/{mid}", status_code=303)

    async def play_page(request: Request) -> Response:
        mid = request.path_params["mid"]
        row = await run_in_threadpool(site.match_for, request, mid)
        return site.page(request, "play.html", mid=mid, game=play.library.label(row.game),
                         study=row.participant is not None)

    async def api(request: Request, action) -> Response:
        """Check the match is this browser's, then act on it: one trip to the thread pool."""
        mid = request.path_params["mid"]
        return JSONResponse(await run_in_threadpool(
            lambda: action(site.match_for(request, mid))))

    async def api_view(request: Request) -> Response:
        return await api(request, play.view)

    async def api_move(request: Request) -> Response:
        data = await site.json_body(request)
        return await api(request, lambda row: play.human_move(row, data.get("ply"),
                                                              data.get("move")))

    async def api_ai(request: Request) -> Response:
        return await api(request, play.ai_move)

    async def api_undo(request: Request) -> Response:
        return await api(request, play.undo)

    return [
        Route("/", index),
        Route("/new", new_match, methods=["POST"]),
        Route("/play/{mid}", play_page),
        Route("/api/match/{mid}", api_view),
        Route("/api/match/{mid}/move", api_move, methods=["POST"]),
        Route("/api/match/{mid}/ai", api_ai, methods=["POST"]),
        Route("/api/match/{mid}/undo", api_undo, methods=["POST"]),
    ]
