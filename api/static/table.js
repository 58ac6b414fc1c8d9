// The live table page: seat the players of a new table (/table), or record and follow one
// (/table/<id>; with #key=<write key> in the address the page may write). It talks to the server
// only through the public API: /v1/tables (create, append, undo, finish) and its event stream.
// Card labels and kinds, legal moves, what each event did, why a player is out, how a row scores
// and every message come from the server; the page names no card and works out no rule. Cards,
// seats and the score table are drawn by render.js, as the replay viewer draws them.
"use strict";

const LANG = LANGUAGE;  // the pages' language (i18n.js)
const TEXT = {
  en: {
    title: "live table", new: "New table", stats: "Statistics", seat: "Seat the players", players: "Players, clockwise (one per line or separated by commas)",
    dealer: "Dealer of round 1", ruleset: "Ruleset", target: "Points to win", create: "Start the table", noRulesets: "The rulesets could not be loaded: {error}",
    undo: "↶ Undo", finish: "Finish and store", share: "Follow on another phone", copy: "copy", events: "Last events",
    hit: "Hit", stay: "Stay", round: "Start round", shuffle: "Shuffle the discards", chance: "{p}: {pct}% bust chance on the next card ({n} of {of})",
    covered: ", but {card} cancels it", advice: "Stay banks {stay} · a hit is worth about {hit}", adviceHit: "A hit is worth about {hit}", left: "left", stored: "Finished: the game is stored as {game}", live: "live", reconnecting: "reconnecting…",
    noKey: "Following: this page shows the table as it is played. Only the phone with the write link records.", refusedRule: "rule {rule} ({code})",
    round_now: "now", total: "Total", player: "Player", scores: "Scores", dealerBadge: "dealer", toMove: "to move", noCards: "no cards",
    winner: "winner", roundScore: "Round", gameScore: "Game", holds: "holds {card}", confirmFinish: "The game is not over. Store it as it stands and close the table?",
    adviceWin: "Chance to win: {options} (model {model}, an estimate from {n} playouts each)",
  },
  de: {
    title: "Live-Tisch", new: "Neuer Tisch", stats: "Statistik", seat: "Spieler setzen", players: "Spieler im Uhrzeigersinn (je Zeile einer oder mit Kommas)",
    dealer: "Geber der 1. Runde", ruleset: "Regeln", target: "Punkte zum Sieg", create: "Tisch eröffnen", noRulesets: "Die Regelwerke sind nicht abrufbar: {error}",
    undo: "↶ Zurück", finish: "Beenden und speichern", share: "Auf einem anderen Handy mitverfolgen", copy: "kopieren", events: "Letzte Ereignisse",
    hit: "Noch eine", stay: "Stopp", round: "Runde beginnen", shuffle: "Ablage mischen", chance: "{p}: {pct} % Risiko, mit der nächsten Karte auszuscheiden ({n} von {of})",
    covered: ", aber {card} hebt es auf", advice: "Stopp sichert {stay} · noch eine bringt etwa {hit}", adviceHit: "Noch eine bringt etwa {hit}", left: "übrig", stored: "Beendet: das Spiel ist als {game} gespeichert.", live: "live", reconnecting: "verbinde neu…",
    noKey: "Mitverfolgen: diese Seite zeigt den Tisch, während gespielt wird. Nur das Handy mit dem Schreib-Link trägt ein.", refusedRule: "Regel {rule} ({code})",
    round_now: "jetzt", total: "Gesamt", player: "Spieler", scores: "Punkte", dealerBadge: "Geber", toMove: "am Zug", noCards: "keine Karten",
    winner: "Sieger", roundScore: "Runde", gameScore: "Spiel", holds: "hält {card}", confirmFinish: "Das Spiel ist nicht vorbei. So speichern und den Tisch schließen?",
    adviceWin: "Siegchance: {options} (Modell {model}, eine Schätzung aus je {n} Ausspielungen)",
  },
};
// this page's words, else the pages' shared ones (i18n.js: the events, the rows' states)
function t(key, values = {}) {
  return (TEXT[LANG][key] || (LANG === "de" && GERMAN[key]) || TEXT.en[key] || key).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
}

// `said`: what the server told of each kept event, by index, with the event it told (a later
// correction or undo makes it stale: then the event is told alone)
const page = { id: null, key: null, snap: null, events: [], busy: false, labels: {}, rulesets: [], said: {} };

const label = (card) => page.labels[card] ?? String(card);

// ------------------------------------------------------------------------------------ creating

function playerNames() {
  return $("players").value.split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
}

function fillDealers() {
  const chosen = $("dealer").value;
  $("dealer").replaceChildren(...playerNames().map((n) => el("option", { value: n, text: n, selected: n === chosen })));
}

// the rulesets the server judges and their own options (GET /v1/rulesets): the form names none
async function loadRulesets() {
  try {
    const response = await fetch(`/v1/rulesets?lang=${LANG}`);
    const data = await response.json();
    if (!response.ok) throw new Error(data.detail || response.statusText);
    page.rulesets = data.rulesets;
  } catch (error) {
    $("create-status").textContent = t("noRulesets", { error: error.message });
    $("create-status").className = "error";
    return;
  }
  $("ruleset").replaceChildren(...page.rulesets.map((r) => el("option", { value: r.name, text: r.name, selected: r.default })));
  fillOptions();
  $("create-btn").disabled = false;  // not before: the form would send no ruleset
}

function chosenRuleset() {
  return page.rulesets.find((r) => r.name === $("ruleset").value);
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// one input per option of the chosen ruleset, at its default: a box for a yes-or-no option, a
// list for a choice, a field for a number or a word
function fillOptions() {
  const ruleset = chosenRuleset();
  $("options").replaceChildren(...(ruleset ? ruleset.options : []).map((o) => {
    const id = `option-${o.name}`;
    const common = { id, "data-option": o.name, title: o.description };
    if (o.type === "boolean") return el("label", { class: "inline", for: id }, el("input", { ...common, type: "checkbox", checked: o.default === true }), " ", capital(o.label));
    const input = o.choices
      ? el("select", common, o.choices.map((c) => el("option", { value: JSON.stringify(c), text: String(c), selected: c === o.default })))
      : el("input", { ...common, type: o.type === "integer" || o.type === "number" ? "number" : "text", value: o.default ?? "" });
    return el("label", { class: "inline", for: id }, capital(o.label), " ", input);
  }));
}

// the chosen options that are not at their defaults, as the game line's fields
function optionValues() {
  const values = {};
  for (const o of (chosenRuleset() || { options: [] }).options) {
    const input = $(`option-${o.name}`);
    const value = o.type === "boolean" ? input.checked : o.choices ? JSON.parse(input.value)
      : o.type === "integer" || o.type === "number" ? Number(input.value) : input.value;
    if (value !== o.default) values[o.name] = value;
  }
  return values;
}

async function createTable(event) {
  event.preventDefault();
  const body = { players: playerNames(), dealer: $("dealer").value, ruleset: $("ruleset").value, target: Number($("target").value) || 200, ...optionValues(), purist: $("purist").checked };
  const response = await fetch("/v1/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) {
    $("create-status").textContent = data.detail || response.statusText;
    $("create-status").className = "error";
    return;
  }
  location.assign(data.write_link);
}

// ------------------------------------------------------------------------------------ writing

async function send(path, body) {
  if (page.busy) return;
  page.busy = true;
  const after = page.snap ? page.snap.events - 1 : 0;
  try {
    const response = await fetch(`/v1/tables/${encodeURIComponent(page.id)}/${path}?after=${after}&lang=${LANG}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Table-Key": page.key },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json();
    if (response.ok) {
      showRefusal(null);
      const snap = path === "finish" ? data : data.table;
      if (path === "events") page.events[data.index] = body;
      if (path === "undo") page.events.length = data.index;
      if (!page.snap || snap.seq >= page.snap.seq) render(snap);
    } else {
      showRefusal(data);
      if (response.status === 409) await reload();
    }
  } catch (error) {
    showRefusal({ detail: String(error) });
  } finally {
    page.busy = false;
  }
}

function showRefusal(problem) {
  const box = $("refusal");
  box.hidden = !problem;
  if (!problem) return;
  box.replaceChildren(
    el("span", { class: "message", text: problem.detail || problem.title }),
    problem.rule ? el("span", { class: "rule", text: t("refusedRule", { rule: problem.rule, code: problem.code }) }) : null,
  );
}

function moveLabel(move) {
  switch (move.type) {
    case "hit": return `${t("hit")} · ${move.player}`;
    case "stay": return `${t("stay")} · ${move.player}`;
    case "round": return `${t("round")} ${move.round}`;
    case "shuffle": return t("shuffle");
    case "target": {
      const extra = Object.entries(move).filter(([k]) => !["type", "player", "card", "target"].includes(k))
        .map(([, v]) => (typeof v === "string" && v in page.labels ? label(v) : v));
      return `${label(move.card)} → ${move.target}${extra.length ? ` (${extra.join(", ")})` : ""}`;
    }
    default: return JSON.stringify(move);
  }
}

function renderPad(snap) {
  const table = snap.table;
  const writer = page.key && !snap.finished;
  $("pad").hidden = !writer;
  if (!writer) return;
  const moves = table.legal_moves || [];
  $("moves").replaceChildren(...moves.map((move) => el("button", { type: "button", class: `big ${move.type}`, "data-move": move.type, onclick: () => send("events", move) }, moveLabel(move))));
  const waiting = table.waiting_for || {};
  const player = waiting.player || (table.players[0] || {}).name;
  const pile = table.draw_pile || {};
  $("cards").replaceChildren(...snap.cards.map((c) => {
    const left = pile[c.card] || 0;
    return el(
      "button",
      { type: "button", class: `${c.kind}${left ? "" : " none"}`, "data-card": c.card, "aria-label": `${c.label} (${formatNumber(left)} ${t("left")})`, onclick: () => send("events", { type: "card", player, card: c.card }) },
      c.label, el("span", { class: "left", "aria-hidden": "true", text: formatNumber(left) }),
    );
  }));
  $("undo-btn").disabled = snap.events <= 1;
  $("finish-btn").classList.toggle("primary", Boolean(table.finished));
}

// ------------------------------------------------------------------------------------ drawing

function renderScores(snap) {
  $("scores").replaceChildren(...drawScores(snap.rounds, snap.table));
}

// an event in words: as the server told it when it was the last one, else the event alone
function describe(e, index) {
  if (!e) return "…";
  const said = page.said[index];
  return said && said.event === JSON.stringify(e) ? said.text : describeEvent(e, label);
}

function render(snap) {
  page.snap = snap;
  for (const c of snap.cards) page.labels[c.card] = c.label;
  const table = snap.table;
  const told = toldOf(table);
  if (snap.last && told.event) page.said[snap.last.index] = { event: JSON.stringify(snap.last.event), text: told.event };
  $("owed").textContent = snap.finished ? t("stored", { game: snap.game }) : snap.owed[LANG] || snap.owed.en;
  const chance = snap.bust_chance;
  $("chance").textContent = chance && !snap.finished
    ? t("chance", { p: chance.player, pct: formatNumber(chance.chance * 100), n: formatNumber(chance.cards), of: formatNumber(chance.pile) }) + (chance.covered_by ? t("covered", { card: chance.covered_by }) : "")
    : "";
  $("seats").replaceChildren(...table.players.map((p) => drawSeat(p, table, { labels: page.labels, finished: table.finished })));
  renderScores(snap);
  renderPad(snap);
  renderEvents();
  document.body.dataset.seq = snap.seq;
  showAdvice(snap);
}

// what hit and stay are worth to the player whose turn it is (the server's decision analysis)
async function showAdvice(snap) {
  $("advice").textContent = "";
  $("advice-win").textContent = "";
  if (snap.finished || snap.purist || (snap.table.waiting_for || {}).kind !== "turn") return;
  const response = await fetch(`/v1/tables/${encodeURIComponent(page.id)}/advice`);
  if (!response.ok || !page.snap || page.snap.seq !== snap.seq) return;
  const advice = await response.json();
  if (!advice || advice.hit === null) return;
  const hit = formatNumber(advice.hit);
  $("advice").textContent = advice.stay === null ? t("adviceHit", { hit }) : t("advice", { stay: formatNumber(advice.stay), hit });
  if (advice.win) {
    const options = Object.entries(advice.win).map(([name, w]) => `${t(name)} ${formatNumber(w)} %`).join(" · ");
    $("advice-win").textContent = t("adviceWin", { options, model: advice.win_model, n: advice.win_samples });
  }
}

// ------------------------------------------------------------------------------------ following

function renderEvents() {
  const recent = page.events.map((e, i) => [i, e]).slice(-12).reverse();
  $("events").replaceChildren(...recent.map(([i, e]) => el("li", { "data-index": i }, `${i}. ${describe(e, i)}`)));
}

// the events listed, told again in place (the list keeps what other scripts added to its items)
function retell() {
  for (const item of $("events").querySelectorAll("li[data-index]")) {
    const index = Number(item.dataset.index);
    const first = item.firstChild;
    if (first && first.nodeType === Node.TEXT_NODE) first.nodeValue = `${index}. ${describe(page.events[index], index)}`;
  }
}

// what the events before this page opened did, told by the server once (the table's log replayed in
// the page's language); without an answer they are told alone
async function tellPast() {
  try {
    const log = await fetch(`/v1/tables/${encodeURIComponent(page.id)}/log`);
    if (!log.ok) return;
    const response = await fetch(`/v1/replay?lang=${LANG}`, { method: "POST", headers: { "Content-Type": "application/x-ndjson" }, body: await log.text() });
    if (!response.ok) return;
    for (const e of (await response.json()).events) {
      const text = (e.told || {})[LANG];
      if (text && !(e.event in page.said)) page.said[e.event] = { event: JSON.stringify(JSON.parse(e.raw)), text };
    }
    retell();
  } catch (_) {
    // offline or gone: the events stay told alone
  }
}

async function reload() {
  const response = await fetch(`/v1/tables/${encodeURIComponent(page.id)}`);
  if (response.ok) render(await response.json());
}

function follow() {
  const source = new EventSource(`/v1/tables/${encodeURIComponent(page.id)}/stream`);
  const take = (message) => {
    const data = JSON.parse(message.data);
    const change = data.change || {};
    if (change.kind === "sync") page.events = data.events;
    else if (change.kind === "append") page.events[change.index] = change.event;
    else if (change.kind === "undo") page.events.length = change.index;
    if (!page.snap || data.table.seq >= page.snap.seq) render(data.table);
    else render(page.snap);
    $("conn").textContent = t("live");
  };
  for (const kind of ["sync", "append", "undo", "finish", "settings"]) source.addEventListener(kind, take);
  page.source = source;
  source.onerror = () => { $("conn").textContent = t("reconnecting"); };
}

function init() {
  document.documentElement.lang = LANG;
  document.title = `flip7 · ${t("title")}`;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  const match = location.pathname.match(/^\/table\/([^/]+)$/);
  if (!match) {
    $("create").hidden = false;
    $("players").addEventListener("input", fillDealers);
    fillDealers();
    $("create-form").addEventListener("submit", createTable);
    $("ruleset").addEventListener("change", fillOptions);
    loadRulesets();
    return;
  }
  page.id = decodeURIComponent(match[1]);
  page.key = new URLSearchParams(location.hash.slice(1)).get("key");
  $("live").hidden = false;
  const link = `${location.origin}/table/${encodeURIComponent(page.id)}`;
  $("share-link").href = link;
  $("share-link").textContent = link;
  $("copy-btn").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(link));
  if (!page.key) $("conn").textContent = t("noKey");
  $("undo-btn").addEventListener("click", () => send("undo"));
  $("finish-btn").addEventListener("click", () => {
    if (page.snap && !page.snap.table.finished && !confirm(t("confirmFinish"))) return;
    send("finish");
  });
  reload().then(follow).then(tellPast);
}

init();
