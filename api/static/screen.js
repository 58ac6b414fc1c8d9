// The table screen (/table/<id>/screen): a read-only page for a tablet or a TV in the middle of the
// table. Every row large, whose move it is, what the table waits for, the scores of every round
// and the last events; no controls. It follows the table's stream as the follower's page does,
// keeps the screen awake while the table is open, and moves on to the next game once the scorer
// seats it. Every word is the server's (what is owed, in en and de; card labels; row notes) or the
// pages' own (i18n.js); no rule is worked out here.
"use strict";

const $ = (id) => document.getElementById(id);
const board = { id: null, snap: null, events: [], labels: {}, kinds: {}, nextTimer: null };

const label = (card) => board.labels[card] ?? (board.snap && board.snap.table.card_labels || {})[card] ?? String(card);

const describe = (e) => describeEvent(e, label);

function statusWord(status) {
  return status === "flip7" ? "Flip 7" : t(status);
}

function renderRow(p, table, finished) {
  const toMove = !finished && (table.waiting_for || {}).player === p.name;
  const out = p.status && p.status !== "active";
  const cards = [...p.numbers, ...p.modifiers, ...(p.held || [])].map((card) =>
    el("li", { class: `card ${board.kinds[card] || "action"}`, "data-card": card, text: label(card) }));
  return el(
    "article",
    { class: `row-big${toMove ? " to-move" : ""}${out ? " out" : ""}`, "data-player": p.name },
    el("header", {},
      el("h3", { text: p.name }),
      table.dealer === p.name ? el("span", { class: "badge dealer", text: t("dealer") }) : null,
      toMove ? el("span", { class: "badge move", text: t("to move") }) : null,
      out ? el("span", { class: `badge st-${p.status}`, text: statusWord(p.status) }) : null,
      table.winner === p.name ? el("span", { class: "badge winner", text: t("winner") }) : null),
    cards.length ? el("ul", { class: "cards" }, cards) : el("p", { class: "note empty", text: t("no cards") }),
    ...(p.notes || []).map((n) => el("p", { class: "note", text: tNote(n) })),
    el("p", { class: "score" }, t("Round: "), el("strong", { class: "round-score", text: p.round_score ?? "–" }),
      t(" · Game: "), el("strong", { class: "total", text: p.total })),
  );
}

// the round history: each finished round's score per player, the round being played, the totals
function renderScores(snap) {
  const table = snap.table;
  const playing = table.round && table.round > snap.rounds.length ? table.round : null;
  const head = el("tr", {}, el("th", { scope: "col", text: t("Player") }),
    snap.rounds.map((r) => el("th", { scope: "col", text: `R${r.round}` })),
    playing ? el("th", { scope: "col", text: t("R{n} now", { n: playing }) }) : null,
    el("th", { scope: "col", text: t("Total") }));
  const rows = table.players.map((p) => el("tr", { "data-player": p.name }, el("th", { scope: "row", text: p.name }),
    snap.rounds.map((r) => { const c = r.players[p.name] || {}; return el("td", { class: `o-${c.outcome}`, text: c.score ?? "–" }); }),
    playing ? el("td", { text: p.round_score ?? "–" }) : null,
    el("td", { class: "total", text: p.total })));
  $("scores").replaceChildren(el("thead", {}, head), el("tbody", {}, rows));
}

function render(snap) {
  board.snap = snap;
  for (const c of snap.cards) { board.labels[c.card] = c.label; board.kinds[c.card] = c.kind; }
  const table = snap.table;
  $("owed").textContent = snap.finished ? t("Finished: the game is stored as {game}.", { game: snap.game }) : snap.owed[LANGUAGE] || snap.owed.en;
  $("seats").replaceChildren(...table.players.map((p) => renderRow(p, table, snap.finished)));
  renderScores(snap);
  const recent = board.events.map((e, i) => [i, e]).slice(-8).reverse();
  $("events").replaceChildren(...recent.map(([i, e]) => el("li", { "data-index": i }, `${i}. ${describe(e)}`)));
  document.body.dataset.seq = snap.seq;
  keepAwake(!snap.finished);
  if (snap.finished && !board.nextTimer) {
    board.nextTimer = setInterval(lookForNextGame, 3000);
    lookForNextGame();
  }
}

// once the scorer seats the next game (same players, next dealer), the screen shows that table
async function lookForNextGame() {
  const response = await fetch(`/v1/tables/${encodeURIComponent(board.id)}/next-game`);
  if (!response.ok) return;
  const next = await response.json();
  if (next.id) location.assign(`/table/${encodeURIComponent(next.id)}/screen`);
}

function showProblem(problem) {
  $("problem").hidden = false;
  $("problem").textContent = problem.detail || problem.title;
}

function follow() {
  const source = new EventSource(`/v1/tables/${encodeURIComponent(board.id)}/stream`);
  const take = (message) => {
    const data = JSON.parse(message.data);
    const change = data.change || {};
    if (change.kind === "sync") board.events = data.events;
    else if (change.kind === "append") board.events[change.index] = change.event;
    else if (change.kind === "undo") board.events.length = change.index;
    render(!board.snap || data.table.seq >= board.snap.seq ? data.table : board.snap);
    $("conn").textContent = t("live");
  };
  for (const kind of ["sync", "append", "undo", "finish", "settings"]) source.addEventListener(kind, take);
  source.onerror = () => { $("conn").textContent = t("reconnecting…"); };
}

async function init() {
  document.title = document.title.replace("table screen", t("table screen"));
  board.id = decodeURIComponent(location.pathname.match(/^\/table\/([^/]+)\/screen$/)[1]);
  const response = await fetch(`/v1/tables/${encodeURIComponent(board.id)}`);
  if (!response.ok) { showProblem(await response.json()); return; }
  render(await response.json());
  fetch(`/v1/tables/${encodeURIComponent(board.id)}/join`).then((r) => (r.ok ? r.json() : null)).then((info) => {
    if (!info) return;
    $("join-code").textContent = info.code;
    $("qr").src = info.qr;
    $("qr").hidden = false;
  });
  follow();
}

init();
