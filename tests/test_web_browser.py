"""A real headless Chromium plays whole games against the AI by clicking the board: Yavalath
with the pie swap, Oware, Play Win with a capture chain entered jump by jump, and a study
session of two games and the question. Screenshots of every board are saved under
``test-artifacts/browser/`` (or ``$LUDI_ARTIFACTS/browser``)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from conftest import CHROMIUM
from web_server import live

from ludi.web import Library, Play, Store, Study, make_app

pytestmark = pytest.mark.needs("browser")

ARTIFACTS = Path(os.environ.get("LUDI_ARTIFACTS")
                 or Path(__file__).resolve().parents[1] / "test-artifacts") / "browser"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def view(page) -> dict:
    """The match's position as the page's own script gets it (same cookies)."""
    mid = page.get_attribute("#play", "data-match")
    return page.evaluate("async (mid) => (await fetch('/api/match/' + mid)).json()", mid)


def wait_turn(page, after: int) -> dict:
    """Wait until a move beyond ``after`` moves is played and the AI has answered."""
    page.wait_for_function(
        "(n) => { const r = document.getElementById('play');"
        " return Number(r.dataset.n) > n && r.dataset.turn !== 'ai'"
        " && r.dataset.turn !== undefined; }", arg=after, timeout=60_000)
    return view(page)


def click_site(page, cell: int) -> None:
    page.click(f"#board .site[data-cell='{cell}']")


def click_move(page, move: dict, n: int) -> dict:
    """Enter ``move`` with the mouse, as a person would, and wait for the AI's answer."""
    kind = move["kind"]
    if kind in ("add", "select"):
        click_site(page, move["to"] if kind == "add" else move["frm"])
    elif kind in ("slide", "step"):
        click_site(page, move["frm"])
        assert page.locator(f"#board .site.target[data-cell='{move['to']}']").count() == 1
        click_site(page, move["to"])
    elif kind == "hop":  # the start, then each landing site; the next one is highlighted
        click_site(page, move["frm"])
        for cell in move["path"]:
            target = page.locator(f"#board .site.target[data-cell='{cell}']")
            assert target.count() == 1, f"landing site {cell} of {move['text']} not offered"
            target.click()
    else:
        page.click(f"#move-{kind}")
    return wait_turn(page, n)


def start(page, url: str, game: str, seat: str, opponent: str) -> dict:
    page.goto(url + "/")
    page.select_option("#game", game)
    page.select_option("#seat", seat)
    page.fill("#opponent", opponent)
    page.click("#new-game button[type=submit]")
    page.wait_for_selector("#play[data-turn]")
    return wait_turn(page, -1)


def play_to_end(page, v: dict, rng, choose=None, limit: int = 400) -> dict:
    for _ in range(limit):
        if v["turn"] == "over":
            return v
        legal = v["legal"]
        move = (choose and choose(legal)) or legal[int(rng.integers(len(legal)))]
        v = click_move(page, move, v["n"])
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    library = Library.load(["yavalath", "oware", "playwin"])
    store = Store(tmp_path_factory.mktemp("web") / "games.sqlite")
    with live(make_app(Play(store, library), seed=11)) as url:
        yield url, store


def test_yavalath_with_the_swap(page, server):
    url, store = server
    v = start(page, url, "yavalath", "second", "mcts:50")
    assert v["n"] == 1 and [m["kind"] for m in v["legal"]].count("swap") == 1
    assert page.locator("#board .site.target").count() == 60  # every empty cell
    page.screenshot(path=ARTIFACTS / "yavalath-before-swap.png")
    v = click_move(page, next(m for m in v["legal"] if m["kind"] == "swap"), v["n"])
    v = play_to_end(page, v, np.random.default_rng(1))
    page.screenshot(path=ARTIFACTS / "yavalath-end.png")
    stored = store.moves(v["match"])
    assert stored[1].text == "swap" and stored[1].by == "human"
    assert len(stored) == v["n"] and "Game over" in page.inner_text("#status")
    assert page.locator("#moves li").count() == v["n"]


def test_oware_by_clicking_pits(page, server):
    url, store = server
    v = start(page, url, "oware", "first", "mcts:50")
    houses = {m["frm"] for m in v["legal"]}
    assert page.locator("#board .site.target").count() == len(houses) == 6
    v = play_to_end(page, v, np.random.default_rng(2))
    page.screenshot(path=ARTIFACTS / "oware-end.png")
    stored = store.moves(v["match"])
    assert len(stored) == v["n"] > 20 and store.match(v["match"]).result is not None


def test_playwin_capture_chain_step_by_step(page, server):
    """Slides by select-then-target; captures as chains, one jump a click. Games go on until
    one had a chain of at least two jumps (the longest capture is always chosen)."""
    url, store = server
    chains: list[str] = []

    def longest_capture(legal):
        hops = [m for m in legal if m["kind"] == "hop"]
        if not hops:
            return None
        best = max(hops, key=lambda m: len(m["path"]))
        if len(best["path"]) >= 2 and not chains:
            chains.append(best["text"])
            page.screenshot(path=ARTIFACTS / "playwin-before-chain.png")
            click_site(page, best["frm"])
            click_site(page, best["path"][0])  # half-way: the next landing is offered
            assert page.locator(f"#board .site.target[data-cell='{best['path'][1]}']").count()
            page.screenshot(path=ARTIFACTS / "playwin-chain-half-way.png")
            page.click("#cancel")
        return best

    rng = np.random.default_rng(3)
    for _ in range(6):
        v = start(page, url, "playwin", "first", "mcts:30")
        v = play_to_end(page, v, rng, longest_capture)
        if chains:
            break
    page.screenshot(path=ARTIFACTS / "playwin-end.png")
    assert chains, "no capture chain of two jumps came up in six games"
    texts = [m.text for m in store.moves(v["match"])]
    assert chains[0] in texts and texts.index(chains[0]) % 2 == 0  # played by the person


def test_a_study_session_in_the_browser(page, tmp_path):
    config = tmp_path / "study.toml"
    config.write_text('[study]\ntitle = "Browser study"\ngames = ["oware", "playwin"]\n'
                      'opponent = "mcts:30"\npairs = 1\nseat = "first"\n')
    study = Study.load(config)
    store = Store(tmp_path / "study.sqlite")
    rng = np.random.default_rng(5)
    with live(make_app(Play(store, study.library), study=study, token="x" * 20)) as url:
        page.goto(url + "/")
        page.check("#agree")
        page.click("#start")
        for game in range(2):
            page.wait_for_selector("#play[data-turn]")
            v = play_to_end(page, wait_turn(page, -1), rng)
            page.screenshot(path=ARTIFACTS / f"study-game-{game + 1}.png")
            page.click("#continue")
        page.wait_for_selector("#answer")
        page.check("#prefer-b")
        page.select_option("#rating-a", "2")
        page.select_option("#rating-b", "6")
        page.fill("#comment", "more fun")
        page.screenshot(path=ARTIFACTS / "study-question.png")
        page.click("#submit-answer")
        page.wait_for_selector("#done")
    answers = store.table("answers")
    assert answers[["preferred", "rating_a", "rating_b", "comment"]].values.tolist() == [
        ["b", 2, 6, "more fun"]]
    matches = store.table("matches")
    assert len(matches) == 2 and matches["finished"].notna().all()
    for mid in matches["id"]:
        moves = store.moves(mid)
        assert moves and {m.by for m in moves} == {"human", "ai"}
    assert v["turn"] == "over"
