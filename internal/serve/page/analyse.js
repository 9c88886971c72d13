// The web board's analysis view: a referee record replayed by the server, each position
// searched by the engine in the background; the page polls the analysis and draws the
// score over the game (from the first side's view), the largest drops marked, a table of
// the plies, and the position of the ply chosen.
"use strict";

const analysis = {
  id: null,
  version: -1,
  state: null,
  ply: 0, // the position shown: 0 the start, k after move k
};
window.analysis = analysis;

function mode(which) {
  $("play").hidden = which !== "play";
  $("analyse").hidden = which !== "analyse";
  $("modePlay").classList.toggle("on", which === "play");
  $("modeAnalyse").classList.toggle("on", which === "analyse");
  if (which === "analyse") loadRecords().catch((e) => ($("aStatus").textContent = String(e.message || e)));
}

async function loadRecords() {
  const r = await fetch("/api/records");
  const names = await r.json();
  const list = $("recordList");
  const keep = list.value;
  list.innerHTML = "";
  for (const n of names) list.add(new Option(n, n));
  if (names.includes(keep)) list.value = keep;
}

async function analyse(body) {
  $("aStatus").textContent = "replaying the record…";
  try {
    const r = await post("/api/analyse", body);
    analysis.id = r.id;
    analysis.version = -1;
    analysis.state = null;
    analysis.ply = 0;
    $("export").href = "/api/analysis/export?id=" + encodeURIComponent(r.id);
    $("export").hidden = false;
    pollAnalysis(r.id);
  } catch (e) {
    $("aStatus").textContent = String(e.message || e);
  }
}

async function pollAnalysis(id) {
  while (analysis.id === id) {
    try {
      const r = await fetch(`/api/analysis?id=${encodeURIComponent(id)}&after=${analysis.version}`);
      if (!r.ok) throw new Error(await r.text());
      const st = await r.json();
      if (analysis.id !== id) return;
      if (st.version > analysis.version) {
        analysis.version = st.version;
        analysis.state = st;
        drawAnalysis();
      }
      if (st.over || st.error) return;
    } catch (e) {
      $("aStatus").textContent = String(e.message || e);
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}

const fmt = (v) => (v === undefined || v === null ? "" : (v >= 0 ? "+" : "") + v.toFixed(2));

// points are the graph's values: the score before the first move, then after each move,
// from side 0's view; null where not searched yet.
function points(st) {
  const view = (v, side) => (v === undefined || v === null ? null : side === 0 ? v : -v);
  const pts = [];
  if (st.plies.length) pts.push(view(st.plies[0].before, st.plies[0].side));
  for (const p of st.plies) pts.push(view(p.after, p.side));
  return pts;
}

function drawAnalysis() {
  const st = analysis.state;
  const who = (i) => (st.players[i] ? `${st.players[i]} (${st.sides[i]})` : st.sides[i]);
  let status = `${st.name}: ${st.game}, ${who(0)} against ${who(1)}; ${st.result}. Searched ${st.done} of ${st.plies.length + 1} positions`;
  if (st.over) status += " (done)";
  if (st.error) status += "; stopped: " + st.error;
  $("aStatus").textContent = status;
  drawGraph(st);
  drawTable(st);
  showPly(analysis.ply);
}

function drawGraph(st) {
  const g = $("graph");
  const ns = "http://www.w3.org/2000/svg";
  g.innerHTML = "";
  const W = 720, H = 220, left = 40, right = 10, top = 10, bottom = 20;
  const pts = points(st);
  const n = Math.max(pts.length - 1, 1);
  let limit = 1;
  st.plies.forEach((p, i) => {
    if (!p.exact && pts[i] !== null) limit = Math.max(limit, Math.abs(pts[i]));
  });
  limit *= 1.1;
  const x = (i) => left + ((W - left - right) * i) / n;
  const y = (v) => top + ((H - top - bottom) * (1 - Math.max(-limit, Math.min(limit, v)) / limit)) / 2;
  const el = (name, attrs, text) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    g.appendChild(e);
    return e;
  };
  el("line", { x1: left, y1: y(0), x2: W - right, y2: y(0), class: "axis" });
  el("text", { x: 2, y: y(limit) + 10 }, "+" + limit.toFixed(1));
  el("text", { x: 2, y: y(-limit) }, "-" + limit.toFixed(1));
  el("text", { x: 2, y: y(0) + 4 }, st.sides[0]);
  const line = [];
  pts.forEach((v, i) => {
    if (v !== null) line.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  el("polyline", { points: line.join(" "), class: "line" });
  pts.forEach((v, i) => {
    if (v === null) return;
    const c = el("circle", { cx: x(i), cy: y(v), r: 3.5, class: "pt" + (i === analysis.ply ? " current" : ""), id: "pt-" + i });
    c.addEventListener("click", () => showPly(i));
  });
  for (const k of st.marked) {
    const v = pts[k];
    if (v !== null && v !== undefined) el("circle", { cx: x(k), cy: y(v), r: 8, class: "drop", "data-ply": k });
  }
}

function drawTable(st) {
  const t = $("aTable");
  t.innerHTML = "<tr><th>ply</th><th>side</th><th>move</th><th>before</th><th>best</th><th>after</th><th>drop</th></tr>";
  for (const p of st.plies) {
    const tr = document.createElement("tr");
    tr.id = "row-" + p.n;
    if (st.marked.includes(p.n)) tr.className = "marked";
    const best = p.best ? `${p.best} ${fmt(p.bestScore)}` : "";
    for (const v of [p.n, st.sides[p.side], p.move, fmt(p.before), best, fmt(p.after), p.drop === undefined ? "" : p.drop.toFixed(2)]) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.appendChild(td);
    }
    tr.addEventListener("click", () => showPly(p.n));
    t.appendChild(tr);
  }
}

// showPly shows the position after move k (0: the start) and what the engine said of it.
function showPly(k) {
  const st = analysis.state;
  if (!st) return;
  k = Math.max(0, Math.min(k, st.plies.length));
  analysis.ply = k;
  $("aBoard").innerHTML = k === 0 ? st.start : st.plies[k - 1].svg;
  for (const c of document.querySelectorAll("#graph .pt")) c.classList.toggle("current", c.id === "pt-" + k);
  for (const r of document.querySelectorAll("#aTable tr")) r.classList.toggle("current", r.id === "row-" + k);
  const unit = st.unit || "";
  let text = `start: ${st.sides[st.plies.length ? st.plies[0].side : 0]} to move`;
  if (k > 0) {
    const p = st.plies[k - 1];
    text = `ply ${p.n}: ${st.sides[p.side]} played ${p.move}`;
    if (p.before !== undefined) text += `; the engine: before ${fmt(p.before)} ${unit}, best ${p.best} (${p.book ? "opening book" : "depth " + (p.depth || 0)})`;
    if (p.bestScore !== undefined) text += `; the best leaves ${fmt(p.bestScore)}, the move played ${fmt(p.playedScore)}`;
    if (p.drop !== undefined) text += `; drop ${p.drop.toFixed(2)}`;
    if (p.after !== undefined) text += `; after it ${fmt(p.after)}`;
    if (st.marked.includes(p.n)) text += " — one of the largest drops";
  }
  $("aPly").textContent = text;
}

$("modePlay").onclick = () => mode("play");
$("modeAnalyse").onclick = () => mode("analyse");
$("analyseListed").onclick = () => analyse({ file: $("recordList").value });
$("recordFile").onchange = async () => {
  const f = $("recordFile").files[0];
  if (f) analyse({ name: f.name, record: await f.text() });
};
document.addEventListener("keydown", (e) => {
  if ($("analyse").hidden || !analysis.state) return;
  if (e.key === "ArrowLeft") showPly(analysis.ply - 1);
  if (e.key === "ArrowRight") showPly(analysis.ply + 1);
});
