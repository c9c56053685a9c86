"""The web app's HTTP interface: playing matches, the study's flow and its balanced design,
and bad input — forged ids, illegal or malformed moves, oversized bodies, SQL in text fields,
the admin page without its token — each answered with a clear 4xx that changes nothing."""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path

import httpx
import numpy as np
import pytest
from web_server import live

from ludi.web import Library, Play, Store, Study, make_app
from ludi.web.store import TABLES

STUDY = """
[study]
title = "Test study"
games = ["tictactoe", "misere3", "hexfive", "fourline"]
opponent = "random"
pairs = 2
seat = "first"
"""


@pytest.fixture(scope="module")
def library():
    return Library.load(["tictactoe", "oware", "playwin", "yavalath"])


def play_out(client: httpx.Client, mid: str, rng, limit: int = 500) -> dict:
    """Play random legal moves (and let the AI answer) until the game ends."""
    view = client.get(f"/api/match/{mid}").json()
    for _ in range(limit):
        if view["turn"] == "over":
            return view
        if view["turn"] == "ai":
            view = client.post(f"/api/match/{mid}/ai").json()
        else:
            move = view["legal"][int(rng.integers(len(view["legal"])))]
            response = client.post(f"/api/match/{mid}/move",
                                   json={"move": move["text"], "ply": view["n"]})
            assert response.status_code == 200, response.text
            view = response.json()
    raise AssertionError("the game did not end")


def new_match(client, game, seat="first", opponent="random") -> str:
    response = client.post("/new", data={"game": game, "seat": seat, "opponent": opponent},
                           follow_redirects=False)
    assert response.status_code == 303, response.text
    return response.headers["location"].rsplit("/", 1)[1]


def test_every_error_gets_its_status_from_one_handler():
    """Refusals keep their status; what ludi cannot take (a bad agent, description or move) is
    the client's 400; Starlette's own errors are said in words; anything else is a 500."""
    from starlette.exceptions import HTTPException

    from ludi.errors import LudiError
    from ludi.web.app import status_and_message
    from ludi.web.matches import Rejected
    from ludi.web.site import TooLarge

    assert status_and_message(Rejected(409, "moved on")) == (409, "moved on")
    assert status_and_message(LudiError("unknown agent 'mcst:20'")) == \
        (400, "unknown agent 'mcst:20'")
    assert status_and_message(TooLarge())[0] == 413
    assert status_and_message(HTTPException(405)) == (405, "this page does not take that method")
    status, message = status_and_message(KeyError("x"))
    assert status == 500 and "nothing was changed" in message and "KeyError" not in message


def test_a_bad_agent_is_a_400_naming_the_agents(tmp_path, library):
    with live(make_app(Play(Store(tmp_path / "a.sqlite"), library))) as url, \
            httpx.Client(base_url=url) as c:
        response = c.post("/new", data={"game": "tictactoe", "opponent": "mcst:20"})
        assert response.status_code == 400 and "mcst:20" in response.text
        assert "Traceback" not in response.text


def test_a_match_is_its_stored_moves(tmp_path, library):
    """Moves are stored as played; a second server on the same file (a restart) shows the
    same position, and undo marks moves undone without deleting them."""
    db = tmp_path / "games.sqlite"
    with live(make_app(Play(Store(db), library), seed=3)) as url, httpx.Client(base_url=url) as c:
        mid = new_match(c, "tictactoe")
        view = c.post(f"/api/match/{mid}/move", json={"move": "b2", "ply": 0}).json()
        assert view["turn"] == "ai" and view["n"] == 1
        view = c.post(f"/api/match/{mid}/ai").json()
        assert view["turn"] == "human" and view["n"] == 2 and view["undo"]
        before = view
    with live(make_app(Play(Store(db), library))) as url, httpx.Client(base_url=url) as c:
        again = c.get(f"/api/match/{mid}").json()
        assert again["svg"] == before["svg"] and again["moves"] == before["moves"]
        assert [m["text"] for m in again["legal"]] == [m["text"] for m in before["legal"]]
        undone = c.post(f"/api/match/{mid}/undo").json()
        assert undone["n"] == 0 and undone["turn"] == "human"
    rows = sqlite3.connect(db).execute("SELECT ply, undone FROM moves").fetchall()
    assert sorted(rows) == [(0, 1), (1, 1)]


@pytest.mark.parametrize("game", ["oware", "playwin", "yavalath"])
def test_whole_games_over_http(tmp_path, library, game):
    """Random whole games against the AI through the API end with a result, every move
    stored in order, and the stored moves replay to the same final position."""
    store = Store(tmp_path / "g.sqlite")
    with live(make_app(Play(store, library), seed=5)) as url, httpx.Client(base_url=url) as c:
        mid = new_match(c, game, opponent="mcts:20")
        view = play_out(c, mid, np.random.default_rng(1))
    assert view["result"] and view["status"].startswith("Game over")
    moves = store.moves(mid)
    assert [m.ply for m in moves] == list(range(len(moves))) == list(range(view["n"]))
    assert {m.by for m in moves} == {"human", "ai"}
    state = library.game(game).initial_state()
    for m in moves:
        state.apply(m.text)
    assert state.is_terminal() and store.match(mid).result is not None


def test_two_people_on_one_screen(tmp_path, library):
    with live(make_app(Play(Store(tmp_path / "g.sqlite"), library))) as url, \
            httpx.Client(base_url=url) as c:
        mid = new_match(c, "yavalath", seat="both")
        view = c.get(f"/api/match/{mid}").json()
        for _ in range(3):
            assert view["turn"] == "human"
            view = c.post(f"/api/match/{mid}/move",
                          json={"move": view["legal"][0]["text"], "ply": view["n"]}).json()
        assert not view["undo"]  # no AI: nothing to take back against
        assert c.post(f"/api/match/{mid}/ai").json()["n"] == 3  # the AI never plays here


def counts(db: Path) -> dict:
    con = sqlite3.connect(db)
    return {t: con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}


def test_bad_input_is_refused_and_changes_nothing(tmp_path, library):
    db = tmp_path / "g.sqlite"
    study_file = tmp_path / "study.toml"
    study_file.write_text(STUDY)
    study = Study.load(study_file)
    app = make_app(Play(Store(db), study.library), study=study, token="secret-token-123")
    with live(app) as url, httpx.Client(base_url=url) as c:
        c.post("/study/consent", data={"agree": "yes"})
        where = c.get("/study/next", follow_redirects=False).headers["location"]
        mid = where.rsplit("/", 1)[1]
        c.post(f"/api/match/{mid}/move", json={"move": "b2", "ply": 0})
        assert c.post(f"/api/match/{mid}/ai").json()["turn"] == "human"
        before = counts(db)
        snapshot = c.get(f"/api/match/{mid}").json()

        def refused(response, status, words):
            assert response.status_code == status, (response.status_code, response.text)
            assert words in response.text.lower(), response.text
            assert counts(db) == before

        api = f"/api/match/{mid}"
        # illegal and malformed moves
        refused(c.post(api + "/move", json={"move": "b2", "ply": 2}), 400, "not a legal move")
        refused(c.post(api + "/move", json={"move": "z9", "ply": 2}), 400, "not a legal move")
        refused(c.post(api + "/move", json={"move": "a1", "ply": 0}), 409, "moved on")
        refused(c.post(api + "/move", json={"move": 5, "ply": 2}), 400, "a move is a text")
        refused(c.post(api + "/move", json={"move": "a1"}), 400, "'ply'")
        refused(c.post(api + "/move", json=["a1"]), 400, "json object")
        refused(c.post(api + "/move", content=b"{not json"), 400, "must be json")
        refused(c.post(api + "/move", content=b"[" * 8000), 400, "nested too deeply")
        refused(c.post(api + "/move", json={"move": "x" * 5000, "ply": 2}), 400, "1 to 400")
        # SQL in text fields is a move text like any other: refused by the engine, bound
        refused(c.post(api + "/move", json={"move": "a1'); DROP TABLE moves;--", "ply": 2}),
                400, "not a legal move")
        # oversized bodies, with and without a Content-Length
        refused(c.post(api + "/move", content=b"x" * 40_000), 413, "too large")
        refused(c.post(api + "/move", content=iter([b"x" * 10_000] * 4)), 413, "too large")
        # forged or foreign ids
        refused(c.get("/api/match/AAAAAAAAAAAAAAAAAAAAAA"), 404, "no such match")
        refused(c.get("/api/match/..%2F..%2Fetc"), 404, "no such")
        refused(c.get("/play/' OR 1=1 --"), 404, "no such")
        stranger = httpx.Client(base_url=url)
        refused(stranger.get(api), 403, "another participant")
        refused(stranger.post(api + "/move", json={"move": "a1", "ply": 2}), 403,
                "another participant")
        stranger.cookies.set("ludi_participant", "AAAAAAAAAAAAAAAAAAAAAAAA")
        refused(stranger.get("/study/next"), 403, "unknown participant")
        refused(stranger.get(api), 403, "another participant")
        refused(stranger.get("/study/question/0"), 403, "unknown participant")
        # answers before playing, of pairs not assigned, with bad values
        refused(c.post("/study/question/0", data={"preferred": "a"}), 409, "play both")
        refused(c.post("/study/question/7", data={"preferred": "a"}), 404, "no such question")
        refused(c.post("/study/question/x'--", data={"preferred": "a"}), 404, "no such")
        refused(c.post("/study/consent", data={}), 400, "agree")
        refused(c.post("/new", data={"game": "tictactoe"}), 403, "assigned by the study")
        refused(c.post(api + "/undo"), 403, "cannot be taken back")
        # the admin page and its exports without the token, or with a wrong one
        refused(c.get("/admin"), 401, "token")
        refused(c.get("/admin?token=wrong"), 401, "token")
        refused(c.get("/admin/export/answers.csv"), 401, "token")
        refused(c.get("/admin/export/sqlite_master.csv?token=secret-token-123"), 404,
                "no table")
        ok = c.get("/admin?token=secret-token-123")
        assert ok.status_code == 200 and "Study progress" in ok.text
        # no traceback, ever: errors are short pages or JSON
        page = c.get("/no/such/page")
        assert page.status_code == 404 and "Traceback" not in page.text
        assert "<p id=\"error-message\">" in page.text
        assert c.get(api).json() == snapshot


def test_study_flow_and_answers(tmp_path):
    """Consent, game A, game B, the question, twice; the answers with their text (SQL
    included, stored as text) are in the database; a second answer to a pair is refused."""
    study_file = tmp_path / "study.toml"
    study_file.write_text(STUDY)
    study = Study.load(study_file)
    store = Store(tmp_path / "s.sqlite")
    rng = np.random.default_rng(2)
    with live(make_app(Play(store, study.library), study=study, token="t" * 20)) as url, \
            httpx.Client(base_url=url) as c:
        assert "I agree" in c.get("/").text
        c.post("/study/consent", data={"agree": "yes"})
        assert "Welcome back" in c.get("/").text
        plays, questions = [], []
        while True:
            where = c.get("/study/next", follow_redirects=False).headers["location"]
            if where == "/study/done":
                break
            if where.startswith("/play/"):
                plays.append(where)
                assert "Continue" in c.get(where).text
                play_out(c, where.rsplit("/", 1)[1], rng)
            else:
                questions.append(where)
                assert c.get(where).status_code == 200
                sent = c.post(where, data={"preferred": "b", "rating_a": "3", "rating_b": "7",
                                           "comment": "Robert'); DROP TABLE answers;--"},
                              follow_redirects=False)
                assert sent.status_code == 303
                again = c.post(where, data={"preferred": "a"})
                assert again.status_code == 409
        assert len(plays) == 4 and len(set(plays)) == 4 and len(questions) == 2
        assert "participant code" in c.get("/study/done").text
    answers = store.table("answers")
    assert list(answers["preferred"]) == ["b", "b"] and list(answers["rating_b"]) == [7, 7]
    assert set(answers["comment"]) == {"Robert'); DROP TABLE answers;--"}
    assert store.counts()["finished"] == 1
    matches = store.table("matches")
    assert matches["finished"].notna().all() and (matches["humans"] == "0").all()
    assert len(store.table("moves")) == sum(store.moves(m).__len__() for m in matches["id"])


def test_pairs_are_balanced_and_counterbalanced(tmp_path):
    """Over 56 participants of 3 pairs each among 8 games (28 pairs), every pair is shown
    6 times, and each game is first in about half its showings; no participant sees a pair
    twice."""
    games = ["tictactoe", "misere3", "hexfive", "fourline", "hex", "y", "havannah", "gomoku"]
    study_file = tmp_path / "s.toml"
    study_file.write_text(f"[study]\ngames = {games!r}\npairs = 3\n".replace("'", '"'))
    study = Study.load(study_file)
    store = Store(tmp_path / "s.sqlite")
    people = [store.create_participant(study.assign) for _ in range(56)]
    shown, first = Counter(), Counter()
    for pid in people:
        pairs = [(a.game_a, a.game_b) for a in store.assignments(pid)]
        assert len({frozenset(p) for p in pairs}) == 3
        for a, b in pairs:
            shown[frozenset((a, b))] += 1
            first[(a, b)] += 1
    assert len(shown) == 28 and set(shown.values()) == {6}
    assert all(abs(first[(a, b)] - first[(b, a)]) <= 1 for a, b in first)
