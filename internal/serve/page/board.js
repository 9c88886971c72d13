// The web board's page: it opens a table, long-polls its state, draws the position the
// server pictured, and turns clicks into one of the legal moves (the picks) the server
// listed. A pick is a sequence of steps; each click chooses the next step among those the
// remaining picks allow, so only legal moves can be entered.
"use strict";

const board = {
  setup: null,   // the server's games, agents and time
  id: null,      // the table
  version: -1,   // the state shown
  state: null,
  chosen: [],    // the steps clicked so far
  next: [],      // the steps that may come next, as drawn (ids step-0, step-1, ...)
  hint: null,    // the last hint, while its position is shown
};
window.board = board;

const $ = (id) => document.getElementById(id);
const key = (s) => `${s.on ? 1 : 0}|${s.x}|${s.y}|${s.l}`;

async function post(path, body) {
  const r = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(text.trim() || r.statusText);
  return text ? JSON.parse(text) : {};
}

function showError(e) {
  $("error").textContent = e ? String(e.message || e) : "";
}

async function init() {
  const r = await fetch("/api/setup");
  board.setup = await r.json();
  for (const g of board.setup.games) $("game").add(new Option(g.name, g.name));
  for (const a of board.setup.agents) $("agent").add(new Option(a, a));
  $("seconds").textContent = `the agents play ${board.setup.seconds} s of CPU a move`;
  $("game").onchange = sides;
  sides();
  $("new").onclick = () => newGame().catch(showError);
  $("undo").onclick = () => act("/api/undo");
  $("swap").onclick = () => act("/api/swap");
  $("hint").onclick = () => askHint().catch(showError);
  $("analyseThis").onclick = () => {
    mode("analyse");
    analyse({ table: board.id });
  };
  window.addEventListener("pagehide", () => {
    if (board.id) navigator.sendBeacon("/api/close", new Blob([JSON.stringify({ id: board.id })], { type: "application/json" }));
  });
}

// sides fills the side list and the setup help of the chosen game.
function sides() {
  const g = board.setup.games.find((g) => g.name === $("game").value);
  const side = $("side");
  side.innerHTML = "";
  g.sides.forEach((name, i) => side.add(new Option(name, String(i))));
  $("setup").title = g.setupHelp || "this game has no setup";
  $("setup").disabled = !g.setupHelp;
}

async function newGame() {
  showError("");
  if (board.id) post("/api/close", { id: board.id }).catch(() => {});
  const r = await post("/api/new", {
    game: $("game").value,
    setup: $("setup").value,
    side: Number($("side").value),
    agent: $("agent").value,
  });
  board.id = r.id;
  board.version = -1;
  board.state = null;
  poll(r.id);
}

// poll asks for each newer state of the table until another table replaces it.
async function poll(id) {
  while (board.id === id) {
    try {
      const r = await fetch(`/api/state?id=${encodeURIComponent(id)}&after=${board.version}`);
      if (!r.ok) throw new Error(await r.text());
      const st = await r.json();
      if (board.id !== id) return;
      if (st.version > board.version) {
        board.version = st.version;
        board.state = st;
        board.chosen = [];
        board.hint = null;
        $("hintText").textContent = "";
        draw();
      }
    } catch (e) {
      if (board.id !== id) return;
      showError(e);
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}

async function act(path) {
  showError("");
  try {
    await post(path, { id: board.id });
  } catch (e) {
    showError(e);
  }
}

// candidates are the picks whose first steps are the chosen ones.
function candidates() {
  const st = board.state;
  if (!st || !st.yourTurn || !st.picks) return [];
  const n = board.chosen.length;
  return st.picks.filter((p) => p.s.length >= n && board.chosen.every((c, i) => key(c) === key(p.s[i])));
}

function draw() {
  const st = board.state;
  $("board").innerHTML = st.svg;
  const players = (i) => (st.players[i] === "person" ? "you" : st.players[i]);
  let status;
  if (st.error) status = "stopped: " + st.error;
  else if (st.over) status = "game over";
  else if (st.yourTurn) status = `your move (${st.sides[st.person]})`;
  else status = `${players(st.toMove)} (${st.sides[st.toMove]}) is thinking…`;
  if (st.points) status += ` — points ${st.sides[0]} ${st.points[0]}, ${st.sides[1]} ${st.points[1]}`;
  $("status").textContent = status;
  $("result").textContent = st.over ? st.result : "";
  $("record").textContent = st.record ? "record: " + st.record : "";
  $("analyseThis").hidden = !st.record;
  const moves = $("moves");
  moves.innerHTML = "";
  for (const m of st.moves || []) {
    const li = document.createElement("li");
    li.textContent = `${st.sides[m.side]} ${m.move}`;
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  $("undo").disabled = !st.moves || st.moves.length === 0 || (!st.yourTurn && !st.over);
  $("swap").disabled = !st.yourTurn && !st.over;
  $("hint").disabled = !st.yourTurn;
  drawChoices();
}

// drawChoices marks the chosen steps, offers the next ones (spots on the board, buttons
// beside it) and, where a chosen sequence is itself a move others continue, a play button.
function drawChoices() {
  const svg = $("board").querySelector("svg");
  const choices = $("choices");
  choices.innerHTML = "";
  board.next = [];
  if (!svg) return;
  const ns = "http://www.w3.org/2000/svg";
  for (const old of svg.querySelectorAll("g.picks")) old.remove();
  const layer = document.createElementNS(ns, "g");
  layer.setAttribute("class", "picks");
  svg.appendChild(layer);
  const ring = (s, cls) => {
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", s.x);
    c.setAttribute("cy", s.y);
    c.setAttribute("r", 13);
    c.setAttribute("class", cls);
    layer.appendChild(c);
  };
  for (const s of board.chosen) if (s.on) ring(s, "chosen");
  if (board.hint) {
    const p = board.state.picks && board.state.picks.find((p) => p.o === board.hint.output);
    if (p) for (const s of p.s) if (s.on) ring(s, "hinted");
    // Each one-click move's own score, written beside its spot.
    if (board.hint.moves && board.chosen.length === 0) {
      for (const m of board.hint.moves) {
        const q = board.state.picks.find((p) => p.o === m.output);
        if (!q || q.s.length !== 1 || !q.s[0].on) continue;
        const t = document.createElementNS(ns, "text");
        t.setAttribute("x", q.s[0].x);
        t.setAttribute("y", q.s[0].y - 12);
        t.setAttribute("class", "score");
        t.setAttribute("text-anchor", "middle");
        t.textContent = moveScoreText(m);
        layer.appendChild(t);
      }
    }
  }
  const cands = candidates();
  const n = board.chosen.length;
  const r = spotRadius(cands, n);
  const seen = new Set();
  for (const p of cands) {
    if (p.s.length === n) {
      const b = document.createElement("button");
      b.id = "play-here";
      b.textContent = "play " + p.o.trim().replace(/\n/g, " ; ");
      b.onclick = () => send(p.o);
      choices.appendChild(b);
      continue;
    }
    const s = p.s[n];
    if (seen.has(key(s))) continue;
    seen.add(key(s));
    const i = board.next.length;
    board.next.push(s);
    if (s.on) {
      const c = document.createElementNS(ns, "circle");
      c.setAttribute("cx", s.x);
      c.setAttribute("cy", s.y);
      c.setAttribute("r", r);
      c.setAttribute("class", "spot");
      c.setAttribute("id", "step-" + i);
      const title = document.createElementNS(ns, "title");
      title.textContent = s.l;
      c.appendChild(title);
      c.addEventListener("click", () => choose(s));
      layer.appendChild(c);
    } else {
      const b = document.createElement("button");
      b.id = "step-" + i;
      b.className = "choice";
      b.textContent = s.l;
      b.onclick = () => choose(s);
      if (board.hint) {
        const h = board.state.picks.find((p) => p.o === board.hint.output);
        if (h && h.s.length > n && key(h.s[n]) === key(s) && board.chosen.every((c, j) => key(c) === key(h.s[j]))) b.classList.add("hinted");
      }
      choices.appendChild(b);
    }
  }
  if (n > 0) {
    const b = document.createElement("button");
    b.id = "cancel";
    b.textContent = "cancel " + board.chosen.map((s) => s.l).join(", ");
    b.onclick = () => {
      board.chosen = [];
      drawChoices();
    };
    choices.appendChild(b);
  }
}

// spotRadius is the radius of the next steps' spots: 10 pixels, less where spots stand
// closer, so that no spot's centre lies under another.
function spotRadius(cands, n) {
  const pts = [];
  const seen = new Set();
  for (const p of cands) {
    const s = p.s[n];
    if (s && s.on && !seen.has(`${s.x},${s.y}`)) {
      seen.add(`${s.x},${s.y}`);
      pts.push(s);
    }
  }
  let r = 10;
  for (let i = 0; i < pts.length; i++) {
    for (let j = 0; j < i; j++) {
      const d = Math.hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y);
      r = Math.min(r, d / 2.2);
    }
  }
  return Math.max(r, 2);
}

// choose takes a step; when it leaves one move, fully chosen, that move is played.
function choose(s) {
  board.chosen.push(s);
  const cands = candidates();
  if (cands.length === 1 && cands[0].s.length === board.chosen.length) {
    send(cands[0].o);
    return;
  }
  drawChoices();
}

async function send(output) {
  showError("");
  board.chosen = [];
  try {
    await post("/api/move", { id: board.id, output: output });
  } catch (e) {
    showError(e);
    drawChoices();
  }
}

// moveScoreText is a move's score as the hint shows it.
function moveScoreText(m) {
  if (m.ends) return m.ends;
  return `${m.score >= 0 ? "+" : ""}${m.score.toFixed(1)}`;
}

async function askHint() {
  $("hintText").textContent = "the engine is thinking…";
  const version = board.version;
  const h = await post("/api/hint", { id: board.id });
  if (board.version !== version) return;
  board.hint = h;
  const score = `${h.score >= 0 ? "+" : ""}${h.score.toFixed(2)} ${h.unit || ""}`.trim();
  const pv = h.pv && h.pv.length ? `; line ${h.pv.join(" ")}` : "";
  let text = `hint: ${h.output.trim().replace(/\n/g, " ; ")} (${score}${h.exact ? ", exact" : ""}, ${h.book ? "opening book" : "depth " + h.depth}${pv})`;
  if (h.moves) {
    const best = h.moves.slice(0, 8).map((m) => `${m.output.trim().replace(/\n/g, " ; ")} ${moveScoreText(m)}`);
    text += `\neach move's score (${h.moves.length}, best first): ${best.join(", ")}${h.moves.length > 8 ? ", …" : ""}`;
  }
  $("hintText").textContent = text;
  drawChoices();
}

init().catch(showError);
