"""The preference study: consent, the next step of a participant (a game to play or a pair
to judge), the question after each pair, and the end."""

from __future__ import annotations

import numpy as np
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ludi.web.matches import Rejected
from ludi.web.site import COOKIE, Site
from ludi.web.study import human_seat

MAX_COMMENT = 2000


def routes(site: Site) -> list[Route]:
    play, store = site.play, site.store

    async def consent(request: Request) -> Response:
        study = site.need_study()
        form = await request.form()
        if form.get("agree") != "yes":
            raise Rejected(400, "please tick the box to agree before starting")
        pid = await run_in_threadpool(store.create_participant, study.assign)
        response = RedirectResponse("/study/next", status_code=303)
        response.set_cookie(COOKIE, pid, max_age=180 * 86400, httponly=True, samesite="strict")
        return response

    def next_step(pid: str) -> str:
        """Where the participant goes next: the first unfinished game, else the first
        unanswered pair, else the end (matches are made when first reached)."""
        config = site.need_study().config
        seq = store.participant_seq(pid)
        answered = store.answered(pid)
        for a in store.assignments(pid):
            for side, (key, mid) in enumerate(((a.game_a, a.match_a), (a.game_b, a.match_b))):
                if mid is None:
                    players = play.library.game(key).num_players
                    seat = human_seat(config, seq, a.pair, side, players)
                    seed = int(np.random.SeedSequence([config.seed, seq, a.pair, side])
                               .generate_state(1)[0])
                    new = play.new_match(key, config.opponent, (seat,), seed, pid)
                    mid = store.set_pair_match(pid, a.pair, "ab"[side], new)
                if store.match(mid).finished is None:
                    return f"/play/{mid}"
            if a.pair not in answered:
                return f"/study/question/{a.pair}"
        return "/study/done"

    async def study_next(request: Request) -> Response:
        pid = await run_in_threadpool(site.participant, request)
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
        study = site.need_study()
        pid = await run_in_threadpool(site.participant, request)
        a = await run_in_threadpool(pair_of, pid, request.path_params["pair"])
        total = len(await run_in_threadpool(store.assignments, pid))
        if request.method == "GET":
            return site.page(request, "question.html", config=study.config, pair=a.pair,
                             total=total, game_a=play.library.label(a.game_a),
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
        pid = await run_in_threadpool(site.participant, request)
        return site.page(request, "done.html", code=pid[:8])

    return [
        Route("/study/consent", consent, methods=["POST"]),
        Route("/study/next", study_next),
        Route("/study/question/{pair}", question, methods=["GET", "POST"]),
        Route("/study/done", done),
    ]
