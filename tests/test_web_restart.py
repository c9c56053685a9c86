"""A study server killed in the middle of a game (SIGKILL: no chance to tidy up) and started
again: the participant goes on from the same position, and every stored move and answer is
still there."""

from __future__ import annotations

import signal

import httpx
import numpy as np

from ludi.web import Store
from ludi.web.commands import start_server

STUDY = """
[study]
games = ["tictactoe", "hexfive"]
opponent = "mcts:30"
pairs = 1
seat = "first"
"""


def test_killed_server_loses_nothing(tmp_path):
    config = tmp_path / "study.toml"
    config.write_text(STUDY)
    db = tmp_path / "study.sqlite"
    rng = np.random.default_rng(4)
    server, url = start_server(str(config), db, "admin-token-xyz", [])
    try:
        c = httpx.Client(base_url=url)
        c.post("/study/consent", data={"agree": "yes"})
        cookie = c.cookies["ludi_participant"]
        play = c.get("/study/next", follow_redirects=False).headers["location"]
        mid = play.rsplit("/", 1)[1]
        view = c.get(f"/api/match/{mid}").json()
        for _ in range(2):  # two moves of each side, then the kill
            move = view["legal"][int(rng.integers(len(view["legal"])))]["text"]
            view = c.post(f"/api/match/{mid}/move", json={"move": move, "ply": view["n"]}).json()
            view = c.post(f"/api/match/{mid}/ai").json()
        before = view
        assert before["n"] == 4 and before["turn"] == "human"
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    server, url = start_server(str(config), db, "admin-token-xyz", [])
    try:
        c = httpx.Client(base_url=url)
        c.cookies.set("ludi_participant", cookie)
        assert c.get("/study/next", follow_redirects=False).headers["location"] == play
        after = c.get(f"/api/match/{mid}").json()
        assert after == before  # same position, same moves, same legal moves
        while after["turn"] != "over":  # and the game goes on to its end
            if after["turn"] == "ai":
                after = c.post(f"/api/match/{mid}/ai").json()
            else:
                after = c.post(f"/api/match/{mid}/move",
                               json={"move": after["legal"][0]["text"], "ply": after["n"]}).json()
        assert after["moves"][:4] == before["moves"]
    finally:
        server.terminate()
        server.wait(10)
    store = Store(db)
    assert [m.text for m in store.moves(mid)] == [m["text"] for m in after["moves"]]
    assert store.match(mid).finished is not None


def test_serve_command(tmp_path):
    """`ludi serve GAME …` serves those games on 127.0.0.1; a bad agent typed in the form and
    an unknown game on the command line get clear messages."""
    import subprocess
    import sys
    import time

    from ludi.web.commands import free_port

    bad = subprocess.run([sys.executable, "-m", "ludi", "serve", "nosuchgame"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "no game 'nosuchgame'" in bad.stderr
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "ludi", "serve", "tictactoe", "oware",
                               "--port", str(port), "--db", str(tmp_path / "g.sqlite")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                page = httpx.get(url + "/")
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        assert page.status_code == 200 and "Oware" in page.text and "Tic-Tac-Toe" in page.text
        refused = httpx.post(url + "/new", data={"game": "oware", "opponent": "mcst:10"})
        assert refused.status_code == 400 and "did you mean &#39;mcts&#39;" in refused.text
        made = httpx.post(url + "/new", data={"game": "oware", "opponent": "random"})
        assert made.status_code == 303 and made.headers["location"].startswith("/play/")
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/" in out
