// The play page: draws the board the API returns, highlights the sites a legal move can be
// entered by, and turns clicks into moves. The server checks every move; nothing here decides.
(function () {
  "use strict";
  const root = document.getElementById("play");
  const mid = root.dataset.match;
  const $ = (id) => document.getElementById(id);
  let view = null;
  let picked = []; // the sites clicked so far for the move being entered

  async function call(method, path, body) {
    const response = await fetch(path, {
      method: method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
    const data = await response.json().catch(() => ({ error: "the server sent no answer" }));
    if (!response.ok) throw new Error(data.error || "error " + response.status);
    return data;
  }

  // The sites a move is entered by, in order; null for a move entered by a button.
  function clicks(move) {
    switch (move.kind) {
      case "add": return [move.to];
      case "select": return [move.frm];
      case "slide": case "step": return [move.frm, move.to];
      case "hop": return [move.frm].concat(move.path);
      default: return null;
    }
  }

  function candidates() {
    return view.legal.filter((m) => {
      const c = clicks(m);
      return c !== null && c.length >= picked.length && picked.every((s, i) => c[i] === s);
    });
  }

  function say(text) { $("message").textContent = text || ""; }

  function button(text, onClick, id) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (id) b.id = id;
    b.addEventListener("click", onClick);
    $("actions").appendChild(b);
  }

  function render() {
    $("board").innerHTML = view.svg;
    $("status").textContent = view.status;
    root.dataset.turn = view.turn;
    root.dataset.n = String(view.n);
    $("players").innerHTML = "";
    view.players.forEach((p, i) => {
      const li = document.createElement("li");
      li.textContent = p;
      if (i === view.to_move && view.turn !== "over") li.className = "to-move";
      $("players").appendChild(li);
    });
    $("moves").innerHTML = "";
    view.moves.forEach((m) => {
      const li = document.createElement("li");
      li.textContent = m.text + (m.by === "ai" ? " (AI)" : "");
      $("moves").appendChild(li);
    });
    $("actions").innerHTML = "";
    if (view.turn === "human") {
      const cands = candidates();
      const next = new Set();
      cands.forEach((m) => { const c = clicks(m); if (c.length > picked.length) next.add(c[picked.length]); });
      document.querySelectorAll("#board .site").forEach((g) => {
        const cell = Number(g.dataset.cell);
        if (next.has(cell)) g.classList.add("target");
        if (picked.includes(cell)) g.classList.add("picked");
      });
      if (picked.length === 0) {
        view.legal.filter((m) => clicks(m) === null).forEach((m) =>
          button(m.text, () => submit(m.text), "move-" + m.kind));
      } else {
        cands.filter((m) => clicks(m).length === picked.length).forEach((m) =>
          button("play " + m.text, () => submit(m.text)));
        button("cancel", () => { picked = []; render(); }, "cancel");
      }
    }
    const undo = $("undo");
    if (undo) undo.disabled = !view.undo;
    const next = $("continue");
    if (next) next.classList.toggle("hidden", view.turn !== "over");
  }

  function clickSite(cell) {
    if (!view || view.turn !== "human") return;
    let next = candidates().filter((m) => clicks(m)[picked.length] === cell);
    if (next.length === 0 && picked.length > 0) { // start again from this site
      picked = [];
      next = candidates().filter((m) => clicks(m)[0] === cell);
    }
    if (next.length === 0) { say("no move starts there"); render(); return; }
    say("");
    picked.push(cell);
    const complete = next.filter((m) => clicks(m).length === picked.length);
    const longer = next.filter((m) => clicks(m).length > picked.length);
    if (complete.length === 1 && longer.length === 0) submit(complete[0].text);
    else render(); // choose among several moves, or go on with a chain
  }

  async function submit(text) {
    picked = [];
    try {
      view = await call("POST", "/api/match/" + mid + "/move", { move: text, ply: view.n });
      say("");
    } catch (e) {
      say(e.message);
      view = await call("GET", "/api/match/" + mid);
    }
    render();
    await aiTurns();
  }

  async function aiTurns() {
    while (view.turn === "ai") {
      render();
      try {
        view = await call("POST", "/api/match/" + mid + "/ai");
      } catch (e) {
        say(e.message);
        return;
      }
    }
    render();
  }

  $("board").addEventListener("click", (event) => {
    const g = event.target.closest(".site");
    if (g) clickSite(Number(g.dataset.cell));
  });
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("typed-move").value.trim();
    $("typed-move").value = "";
    if (text && view && view.turn === "human") submit(text);
  });
  const undo = $("undo");
  if (undo) undo.addEventListener("click", async () => {
    try { view = await call("POST", "/api/match/" + mid + "/undo"); picked = []; say(""); }
    catch (e) { say(e.message); }
    render();
  });

  call("GET", "/api/match/" + mid).then((v) => { view = v; render(); return aiTurns(); })
    .catch((e) => say(e.message));
})();
