// The replay viewer: loads a log's timeline from the public API and shows the table at each event.
// POST /v1/replay (a pasted or uploaded log) or GET /v1/games/{id}/replay (a stored game) give
// the verdict, the events and the table after each event in one call; GET /v1/games lists games.
"use strict";

// the cards' labels and kinds, what each event did, why a player is out and how a row scores come
// with the timeline, told by the server in the page's language (render.js draws them): the page
// names no card and works out no rule

const view = { data: null, at: 0, game: null, violationsAt: new Map(), roundStarts: [] };
// the decision analysis of the game shown (GET /v1/games/{id}/analysis or POST /v1/analyze):
// state is "loading", "ok", "none" (the ruleset has no model: 422), or "error"
const analysis = { state: "none", note: "", byEvent: new Map(), players: [], token: 0 };
// the chance to win (flip7-analysis/2), asked for only when the user opens its view (it is slower):
// state is "closed" (not asked), "loading", "ok" or "error"; request() asks for it
const win = { state: "closed", open: false, body: null, request: null, token: 0, byEvent: new Map(), cards: new Map() };

function setStatus(text, isError = false) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("error", isError);
}

async function problemText(response) {
  try {
    const body = await response.json();
    return body.detail || body.title || response.statusText;
  } catch (_) {
    return response.statusText || `HTTP ${response.status}`;
  }
}

// ------------------------------------------------------------------------------------ loading

async function loadTimeline(request, label) {
  setStatus(t("Judging {label}…", { label }));
  let response;
  try {
    response = await request();
  } catch (error) {
    setStatus(t("The server could not be reached: {error}", { error }), true);
    return false;
  }
  if (!response.ok) {
    setStatus(`${label}: ${await problemText(response)}`, true);
    return false;
  }
  show(await response.json());
  const v = view.data.verdict;
  setStatus(t("{label}: {events} events, {result}.", { label, events: v.events, result: v.valid ? t("valid") : violationCount(v.violations.length) }));
  return true;
}

// a JSON array of events (as the API also takes) rather than JSON Lines
function isArray(text) {
  return /^\s*\[/.test(text.replace(/^\uFEFF/, ""));
}

function checkLog(text) {
  view.game = null;
  return loadTimeline(
    () => fetch(`/v1/replay?lang=${LANGUAGE}`, { method: "POST", headers: { "Content-Type": isArray(text) ? "application/json" : "application/x-ndjson" }, body: text }),
    t("the log"),
  ).then((shown) => {
    if (!shown) return shown;
    const type = isArray(text) ? "application/json" : "application/x-ndjson";
    win.request = () => fetch("/v1/analyze?format=2", { method: "POST", headers: { "Content-Type": type }, body: text });
    return loadAnalysis(() => fetch("/v1/analyze", { method: "POST", headers: { "Content-Type": type }, body: text }));
  });
}

function openGame(id, at) {
  view.game = id;
  return loadTimeline(() => fetch(`/v1/games/${encodeURIComponent(id)}/replay?lang=${LANGUAGE}`), t("game {id}", { id })).then((shown) => {
    if (shown && at !== undefined) go(at);
    return shown;
  }).then((shown) => {
    if (!shown) return shown;
    win.request = () => fetch(`/v1/games/${encodeURIComponent(id)}/analysis?format=2`);
    return loadAnalysis(() => fetch(`/v1/games/${encodeURIComponent(id)}/analysis`));
  });
}

// the stored games, a page at a time, filtered by the search box (part of an id or a player's name)
const GAMES_PER_PAGE = 50;
const gameList = { search: "", cursors: [null], page: 0, next: null, timer: null };

async function listGames() {
  const select = $("game-select");
  const params = new URLSearchParams({ limit: String(GAMES_PER_PAGE) });
  if (gameList.search) params.set("search", gameList.search);
  const cursor = gameList.cursors[gameList.page];
  if (cursor) params.set("cursor", cursor);
  try {
    const response = await fetch(`/v1/games?${params}`);
    if (!response.ok) throw new Error(await problemText(response));
    const page = await response.json();
    gameList.next = page.next_cursor;
    const empty = gameList.search ? t("(no stored game matches “{search}”)", { search: gameList.search }) : t("(no stored game)");
    select.replaceChildren(
      el("option", { value: "", text: page.games.length ? t("(choose a game)") : empty }),
      ...page.games.map((g) => el("option", { value: g.id, text: gameLabel(g) })),
    );
    const first = gameList.page * GAMES_PER_PAGE + 1;
    const last = first + page.games.length - 1;
    $("games-page").textContent = page.games.length
      ? t("games {first}–{last}", { first, last }) + (gameList.next ? t(", more on the next page") : "") + (gameList.search ? t(" (searched)") : "")
      : "";
  } catch (error) {
    gameList.next = null;
    select.replaceChildren(el("option", { value: "", text: t("(the store cannot be read: {message})", { message: error.message }) }));
    $("games-page").textContent = "";
  }
  $("games-prev").disabled = gameList.page === 0;
  $("games-next").disabled = !gameList.next;
}

function gameLabel(g) {
  const verdict = g.valid ? t("valid") : violationCount(g.n_violations);
  return [g.id, g.ruleset, t("{n} players", { n: g.players.length }), verdict].filter(Boolean).join(" · ");
}

function searchGames(text) {
  gameList.search = text.trim();
  gameList.cursors = [null];
  gameList.page = 0;
  return listGames();
}

function turnGamePage(delta) {
  if (delta > 0 && gameList.next) {
    gameList.cursors[gameList.page + 1] = gameList.next;
    gameList.page += 1;
  } else if (delta < 0 && gameList.page > 0) {
    gameList.page -= 1;
  } else return;
  listGames();
}

// a link to #game=ID&event=N, opened or changed in the address bar, shows that game at that event
function followHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const at = params.has("event") ? Number(params.get("event")) : undefined;
  if (params.has("game") && params.get("game") !== view.game) openGame(params.get("game"), at);
  else if (view.data && at !== undefined && at !== view.at) go(at);
}

// ------------------------------------------------------------------------------------ showing

function show(data) {
  view.data = data;
  clearAnalysis();
  clearWin();
  view.violationsAt = new Map();
  for (const v of data.verdict.violations) {
    if (!view.violationsAt.has(v.event)) view.violationsAt.set(v.event, []);
    view.violationsAt.get(v.event).push(v);
  }
  view.roundStarts = data.events.filter((e) => e.type === "round").map((e) => ({ event: e.event, round: roundOf(e) }));
  $("viewer").hidden = false;
  $("game-name").textContent = data.verdict.game ?? t("(no valid game line)");
  // the ruleset and its mode as the core's table view names them (the API's label when no table has one)
  const seated = data.tables.find((table) => table.ruleset);
  const ruleset = seated ? seated.ruleset + (seated.ruleset_mode ? ` (${seated.ruleset_mode})` : "") : data.ruleset;
  $("game-ruleset").textContent = ruleset ? `· ${ruleset}` : "";
  renderVerdict();
  renderEventList();
  renderMarks();
  const scrub = $("scrub");
  scrub.max = String(Math.max(data.events.length - 1, 0));
  $("round-select").replaceChildren(
    el("option", { value: "", text: "–" }),
    ...view.roundStarts.map((r) => el("option", { value: String(r.event), text: String(r.round) })),
  );
  $("violation-btn").disabled = data.verdict.violations.length === 0;
  go(0, { opening: true });
}

function roundOf(event) {
  try {
    return JSON.parse(event.raw).round;
  } catch (_) {
    return "?";
  }
}

function renderVerdict() {
  const v = view.data.verdict;
  const box = $("verdict");
  const summary = el(
    "p",
    { class: v.valid ? "ok" : "bad" },
    v.valid ? t("✔ Valid: every move follows the rules.") : `✘ ${violationCount(v.violations.length)}.`,
    v.finished ? t(" Finished; winner {winner}.", { winner: v.winner }) : t(" Not finished."),
  );
  const list = el(
    "ul",
    { class: "violations" },
    v.violations.map((x) =>
      el(
        "li",
        {},
        el("button", { type: "button", class: "link", onclick: () => go(x.event) }, t("Event {n} (line {line})", { n: x.event, line: x.line })),
        " ",
        el("code", { text: x.rule }),
        ` ${x.code}: ${x.message}`,
      ),
    ),
  );
  box.replaceChildren(summary, v.violations.length ? list : "");
}

// an event in words, as the server told it (the event alone where it did not)
function eventWords(e) {
  return toldEvent(e, (view.data && view.data.card_labels) || {});
}

function cardName(card) {
  const labels = (view.data && view.data.card_labels) || {};
  return labels[card] ?? card ?? "?";
}

function renderEventList() {
  const list = $("events");
  list.replaceChildren(
    ...view.data.events.map((e) =>
      el(
        "li",
        { class: view.violationsAt.has(e.event) ? "bad" : e.type === "round" ? "round" : null },
        el("button", { type: "button", "data-event": e.event, onclick: () => go(e.event) }, el("span", { class: "n", text: e.event }), " ", eventWords(e)),
      ),
    ),
  );
}

function renderMarks() {
  const marks = $("marks");
  const last = Math.max(view.data.events.length - 1, 1);
  const pos = (i) => `${(100 * i) / last}%`;
  marks.replaceChildren(
    ...view.roundStarts.map((r) => el("span", { class: "mark round", style: `left:${pos(r.event)}`, title: `round ${r.round}` })),
    ...[...view.violationsAt.keys()].map((i) => el("span", { class: "mark bad", style: `left:${pos(i)}`, title: `violation at event ${i}` })),
  );
}

function go(index, { focus = false, opening = false } = {}) {
  const data = view.data;
  if (!data || !data.events.length) return;
  const at = Math.min(Math.max(index, 0), data.events.length - 1);
  view.at = at;
  $("scrub").value = String(at);
  $("position").textContent = t("event {at} of {last}", { at, last: data.events.length - 1 });
  $("first-btn").disabled = $("prev-btn").disabled = at === 0;
  $("next-btn").disabled = $("last-btn").disabled = at === data.events.length - 1;
  const table = data.tables[at];
  const current = [...view.roundStarts].reverse().find((r) => r.event <= at);
  $("round-select").value = current ? String(current.event) : "";
  renderEvent(at, table);
  renderEval(at);
  renderWin(at);
  renderTable(table, at);
  renderScores(table);
  for (const button of $("events").querySelectorAll("button[aria-current]")) button.removeAttribute("aria-current");
  const item = $("events").querySelector(`button[data-event="${at}"]`);
  if (item) {
    item.setAttribute("aria-current", "step");
    scrollWithin($("events"), item);
  }
  const hash = view.game !== null ? `#game=${encodeURIComponent(view.game)}&event=${at}` : `#event=${at}`;
  history.replaceState(null, "", hash);
  if (focus) $("viewer").focus({ preventScroll: true });
  keepEventInView(opening);
}

// scroll the list itself to show `item`; scrollIntoView would scroll the page too, and on a phone
// the list lies below the rows, so every step would carry the page away from the cards
function scrollWithin(list, item) {
  const outer = list.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top) list.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) list.scrollTop += inner.bottom - outer.bottom;
}

// the event box and the first player row stay in view, the box never under the sticky toolbar:
// when they are not, the page scrolls to put the box just below the toolbar (a game just opened
// shows its heading and verdict instead, when the box and the rows still fit below them)
function keepEventInView(opening) {
  const gap = 6;
  const toolbar = document.querySelector("#viewer .controls").offsetHeight;
  const box = $("event-info").getBoundingClientRect();
  const rows = $("seats").getBoundingClientRect();
  const room = window.innerHeight;
  const fits = (shift) => box.top - shift >= toolbar + gap && box.bottom - shift <= room && rows.top - shift < room - 40;
  if (opening) {
    const heading = $("viewer").getBoundingClientRect().top;
    if (fits(heading)) {
      window.scrollBy(0, heading);
      return;
    }
  } else if (fits(0)) return;
  window.scrollBy(0, box.top - toolbar - gap);
}

function renderEvent(at, table) {
  const e = view.data.events[at];
  const violations = view.violationsAt.get(at) || [];
  const parts = [
    el("p", { class: "event-line" }, el("strong", { text: t("Event {n}", { n: at }) }), t(" (line {line}): {what}", { line: e.line, what: eventWords(e) })),
    el("pre", { class: "raw", text: e.raw }),
  ];
  for (const v of violations) {
    parts.push(
      el(
        "div",
        { class: "violation", role: "alert" },
        el("p", {}, el("strong", { text: t("Violation ") }), t("of rule "), el("code", { class: "rule", text: v.rule }), " (", el("code", { text: v.code }), ")"),
        el("p", { class: "message", text: v.message }),
      ),
    );
  }
  const stop = table.stopped_by;
  if (stop && at >= stop.event) {
    parts.push(
      el("p", { class: "stopped" }, t("The replay stopped at event {n}: the table below is the one before that illegal move, and it no longer changes.", { n: stop.event })),
    );
  }
  $("event-info").className = violations.length ? "has-violation" : "";
  $("event-info").replaceChildren(...parts);
}

function pileCount(pile) {
  return Object.values(pile || {}).reduce((a, b) => a + b, 0);
}

function renderTable(table, at) {
  if (!table.game) {
    $("table-info").replaceChildren(el("p", { text: t("No table: the game line could not be read.") }));
    $("seats").replaceChildren();
    return;
  }
  const waiting = table.waiting_for || {};
  const info = el(
    "dl",
    { class: "facts" },
    el("div", {}, el("dt", { text: t("Round") }), el("dd", { text: table.round ?? t("between rounds ({n} played)", { n: table.rounds_finished }) })),
    el("div", {}, el("dt", { text: t("Dealer") }), el("dd", { text: table.dealer ?? "–" })),
    el("div", {}, el("dt", { text: t("Next") }), el("dd", { class: "waiting", text: toldOf(table).waiting ?? waiting.description ?? "–" })),
    el("div", {}, el("dt", { text: t("Draw pile") }), el("dd", { text: t("{n} cards", { n: table.draw_pile_size }) })),
    el("div", {}, el("dt", { text: t("Discard pile") }), el("dd", { text: t("{n} cards", { n: pileCount(table.discard_pile) }) })),
    table.set_aside && table.set_aside.length
      ? el("div", {}, el("dt", { text: t("Set aside") }), el("dd", { text: table.set_aside.map(cardName).join(", ") }))
      : null,
    table.finished ? el("div", {}, el("dt", { text: t("Winner") }), el("dd", { class: "winner", text: table.winner ?? "–" })) : null,
  );
  $("table-info").replaceChildren(info);
  $("seats").replaceChildren(...table.players.map((p) => drawSeat(p, table, { labels: view.data.card_labels || {} })));
}

function renderScores(table) {
  const rounds = view.data.verdict.rounds.slice(0, table.rounds_finished ?? 0);
  $("scores").replaceChildren(...drawScores(rounds, table, true));
}

// ------------------------------------------------------------------------------------ analysis

// no analysis (yet) for the game just shown
function clearAnalysis() {
  analysis.token += 1;
  Object.assign(analysis, { state: "none", note: "", byEvent: new Map(), players: [] });
  renderAnalysisSummary();
}

// fetch the decision analysis of the game just shown; a later load wins over an earlier one
async function loadAnalysis(request) {
  if (!view.data) return;
  const token = ++analysis.token;
  Object.assign(analysis, { state: "loading", note: t("Valuing the decisions…"), byEvent: new Map(), players: [] });
  renderAnalysis();
  let state = "error";
  let note = "";
  let body = null;
  try {
    const response = await request();
    if (response.ok) {
      body = await response.json();
      state = "ok";
    } else if (response.status === 422) {
      state = "none";
      note = t("No decision analysis for this ruleset yet.");
    } else {
      note = t("The decisions could not be valued: {message}", { message: await problemText(response) });
    }
  } catch (error) {
    note = t("The decisions could not be valued: {message}", { message: String(error) });
  }
  if (token !== analysis.token) return;
  analysis.state = state;
  analysis.note = note;
  if (body) {
    for (const d of body.decisions) analysis.byEvent.set(d.event, d);
    analysis.players = body.players;
  }
  renderAnalysis();
}

const MARK_SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

function markLabel(mark) {
  return t({ inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" }[mark]);
}

function fmt(value) {
  return Number(value).toFixed(1);
}

// everything the analysis shows: the marks in the event list, the summary, the bar at this event
function renderAnalysis() {
  renderDecisionMarks();
  renderAnalysisSummary();
  if (view.data) renderEval(view.at);
}

function renderDecisionMarks() {
  for (const old of $("events").querySelectorAll(".dmark")) old.remove();
  for (const [event, d] of analysis.byEvent) {
    if (!d.mark) continue;
    const button = $("events").querySelector(`button[data-event="${event}"]`);
    if (button) button.append(" ", el("span", { class: `dmark m-${d.mark}`, title: markLabel(d.mark), text: MARK_SYMBOLS[d.mark] }));
  }
}

function renderAnalysisSummary() {
  const box = $("analysis-summary");
  if (analysis.state !== "ok") {
    box.replaceChildren(analysis.note ? el("p", { class: "quiet", text: analysis.note }) : "");
    return;
  }
  const head = el("tr", {}, [t("Player"), t("Decisions"), t("Points given away"), t("Accuracy"), "?! ? ??"].map((h) => el("th", { scope: "col", text: h })));
  const rows = analysis.players.map((p) =>
    el("tr", {}, el("th", { scope: "row", text: p.player }), el("td", { text: p.decisions }), el("td", { text: fmt(p.points_given_away) }),
      el("td", { class: "accuracy", text: `${fmt(p.accuracy)} %` }), el("td", { text: `${p.inaccuracies} ${p.mistakes} ${p.blunders}` })),
  );
  box.replaceChildren(
    el("h3", { text: t("Decisions") }),
    el("div", { class: "scroll" }, el("table", { class: "score-table analysis-table" }, el("thead", {}, head), el("tbody", {}, rows))),
  );
}

// at a decision: hit against stay as a bar (or the targets' values), the choice, its loss and mark
function renderEval(at) {
  const box = $("eval");
  const d = analysis.state === "ok" ? analysis.byEvent.get(at) : undefined;
  if (!d) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const verdict = d.mark
    ? el("p", { class: `eval-verdict m-${d.mark}` }, el("strong", { text: `${MARK_SYMBOLS[d.mark]} ${markLabel(d.mark)}` }),
      t(": {player} gives away {loss} points ({best} was better)", { player: d.player, loss: fmt(d.loss), best: optionName(d.best) }))
    : el("p", { class: "eval-verdict" }, d.choice === d.best || d.loss === 0 ? t("{player}: the best choice", { player: d.player }) : t("{player} gives away {loss} points", { player: d.player, loss: fmt(d.loss) }));
  box.replaceChildren(d.kind === "turn" ? evalBar(d) : targetValues(d), verdict);
}

// the wider half-interval of the two options (Monte Carlo)
function mcHalfWidth(d) {
  return Math.max(0, ...Object.values(d.interval || {}).map(([low, high]) => (high - low) / 2));
}

function optionName(option) {
  return option === "hit" ? t("hit") : option === "stay" ? t("stay") : option;
}

// two values side by side; the hit share of the bar is hit / (hit + stay), both read on the bar
function evalBar(d) {
  const hit = Math.max(d.options.hit ?? 0, 0);
  const stay = Math.max(d.options.stay ?? 0, 0);
  const share = hit + stay > 0 ? (100 * hit) / (hit + stay) : 50;
  const side = (name, value, cls) =>
    el("span", { class: `eval-side ${cls}${d.choice === name ? " chosen" : ""}${d.best === name ? " best" : ""}` }, `${optionName(name)} ${fmt(value)}`);
  return el(
    "div",
    { class: "eval" },
    el("p", { class: "eval-head" }, el("strong", { text: t("Round value") }),
      d.bust_chance !== null && d.bust_chance !== undefined ? t(" · bust chance {p} %", { p: fmt(100 * d.bust_chance) }) : "",
      d.method === "look-ahead" ? el("span", { class: "quiet", text: t(" · look-ahead") }) : "",
      d.method === "monte-carlo" ? el("span", { class: "quiet", text: t(" · Monte Carlo, {n} playouts, ±{w}", { n: d.samples, w: fmt(mcHalfWidth(d)) }) }) : ""),
    el("div", { class: "eval-bar", role: "img", "aria-label": t("hit {hit}, stay {stay}", { hit: fmt(d.options.hit), stay: fmt(d.options.stay) }) },
      el("span", { class: "eval-hit", style: `width:${share.toFixed(1)}%` }), el("span", { class: "eval-stay" })),
    el("p", { class: "eval-sides" }, side("hit", d.options.hit, "hit"), side("stay", d.options.stay, "stay")),
  );
}

// a target decision: each candidate's value, best first
function targetValues(d) {
  const options = Object.entries(d.options).sort((a, b) => b[1] - a[1]);
  return el(
    "div",
    { class: "eval" },
    el("p", { class: "eval-head" }, el("strong", { text: t("{card}: value of each target", { card: cardName(d.card) }) })),
    el("ul", { class: "eval-targets" }, options.map(([name, value]) =>
      el("li", { class: `${d.choice === name ? "chosen" : ""}${d.best === name ? " best" : ""}` }, `${name} ${fmt(value)}`))),
  );
}

// ------------------------------------------------------------------------------------ chance to win

// the game just shown has no chance to win asked for yet: the view closes, its button shows
function clearWin() {
  win.token += 1;
  Object.assign(win, { state: "closed", open: false, body: null, request: null, byEvent: new Map(), cards: new Map() });
  $("win-status").textContent = "";
  $("win-status").classList.remove("error");
  $("win-player").replaceChildren();
  paintWinButton();
  $("win-view").hidden = true;
}

function paintWinButton() {
  const button = $("win-btn");
  button.textContent = win.open ? t("Hide the chance to win") : t("Show the chance to win");
  button.setAttribute("aria-expanded", String(win.open));
  button.disabled = win.state === "loading";
}

// the button: the first time it asks the server (format=2), later it shows or hides what came
function toggleWin() {
  if (win.state === "loading") return;
  win.open = !win.open;
  paintWinButton();
  if (win.open && win.state !== "ok") loadWin();
  else {
    $("win-view").hidden = !win.open;
    if (win.open) renderWin(view.at);
  }
}

async function loadWin() {
  if (!win.request) return;
  const token = ++win.token;
  win.state = "loading";
  paintWinButton();
  const status = $("win-status");
  status.classList.remove("error");
  status.classList.add("working");
  status.textContent = t("Working out every player's chance to win… (this takes a while)");
  let body = null;
  let problem = "";
  try {
    const response = await win.request();
    if (response.ok) body = await response.json();
    else {
      const message = await problemText(response);
      problem = response.status === 422 ? t("No chance to win for this game: {message}", { message })
        : response.status === 503 ? t("The server is busy, try again later: {message}", { message })
        : t("The chance to win could not be worked out: {message}", { message });
    }
  } catch (error) {
    problem = t("The chance to win could not be worked out: {message}", { message: String(error) });
  }
  if (token !== win.token) return;
  status.classList.remove("working");
  if (body && !body.curve.length) problem = t("The model gives this game no chance to win ({reason}).", { reason: body.unmodelled ?? "–" });
  if (problem) {
    Object.assign(win, { state: "error", open: false });
    status.textContent = problem;
    status.classList.add("error");
    paintWinButton();
    return;
  }
  status.textContent = "";
  win.state = "ok";
  win.body = body;
  win.byEvent = new Map(body.decisions.filter((d) => d.win).map((d) => [d.event, d]));
  win.cards = new Map(body.cards.map((c) => [c.event, c]));
  const names = Object.keys(body.curve[0].chances);
  $("win-player").replaceChildren(el("option", { value: "", text: t("(whose turn it is)") }), ...names.map((n) => el("option", { value: n, text: n })));
  $("win-view").hidden = false;
  paintWinButton();
  renderWinPlayers();
  renderWinModel();
  renderWin(view.at);
}

// the curve point that holds after event `at`: the last one asked before event at + 1
function winPointAfter(at) {
  let found = win.body.curve[0];
  for (const point of win.body.curve) if (point.event <= at + 1) found = point;
  return found;
}

// whose chance the bar shows: the one chosen, else who decided or got a card here, else who is next
function winFocus(at) {
  const chosen = $("win-player").value;
  if (chosen) return chosen;
  const here = win.byEvent.get(at) || win.cards.get(at);
  const table = view.data.tables[at] || {};
  const names = Object.keys(win.body.curve[0].chances);
  const next = table.waiting_for && table.waiting_for.player;
  return (here && here.player) || (names.includes(next) ? next : names[0]);
}

function signed(value) {
  return (value > 0 ? "+" : "") + formatNumber(value);
}

// the bar, the decision and the card at this event, and the graph's marker of it
function renderWin(at) {
  if (win.state !== "ok" || !win.open || !view.data) return;
  const point = winPointAfter(at);
  const who = winFocus(at);
  const w = point.chances[who] ?? 0;
  $("win-bar").replaceChildren(
    el("div", { class: "win-bar", role: "img", "aria-label": t("{player}: {w} % to win", { player: who, w: formatNumber(w) }) },
      el("span", { class: "win-fill", style: `width:${Math.min(Math.max(w, 0), 100).toFixed(1)}%` })),
    el("p", { class: "win-text" }, el("strong", { text: t("{player}: {w} % to win", { player: who, w: formatNumber(w) }) })),
  );
  const parts = [];
  const d = win.byEvent.get(at);
  if (d) {
    const options = Object.entries(d.win.options).map(([name, value]) => `${optionName(name)} ${formatNumber(value)} %`).join(" · ");
    parts.push(el("p", { class: "win-decision" }, t("Chance to win after each option: {options}", { options })));
    if (d.win.error > 0) {
      parts.push(el("p", { class: `win-error${d.win.mark ? ` m-${d.win.mark}` : ""}` },
        d.win.mark ? el("strong", { text: `${MARK_SYMBOLS[d.win.mark]} ${markLabel(d.win.mark)}: ` }) : "",
        t("{player} loses {error} pp of chance to win", { player: d.player, error: formatNumber(d.win.error) })));
    }
    if (d.disagree) parts.push(el("p", { class: "win-disagree" }, t("Round points say {round}; the game says {game}.", { round: optionName(d.best), game: optionName(d.win.best) })));
  }
  const card = win.cards.get(at);
  if (card && card.luck[card.player] !== undefined) {
    parts.push(el("p", { class: "win-luck" }, t("{card} to {player}: {luck} pp luck", { card: cardName(card.card), player: card.player, luck: signed(card.luck[card.player]) })));
  }
  $("win-event").replaceChildren(...parts);
  renderWinGraph(at, who);
  for (const item of $("win-players").querySelectorAll("[data-player]")) {
    item.querySelector(".win-now").textContent = `${formatNumber(point.chances[item.dataset.player] ?? 0)} %`;
  }
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

// every player's W over the game (one line each, from the server's curve), the decisions' marks,
// the rounds' starts and this event; a point is the chance after an event, and clicking it goes there
function renderWinGraph(at, who) {
  // drawn at the box's own width, so a phone gets readable dots and lines, not a scaled-down picture
  const width = Math.max(Math.round($("win-graph").clientWidth) || 600, 240);
  const height = width < 500 ? 140 : 170;
  const pad = 6;
  const last = Math.max(view.data.events.length - 1, 1);
  const x = (event) => pad + ((width - 2 * pad) * Math.min(Math.max(event, 0), last)) / last;
  const y = (w) => pad + ((height - 2 * pad) * (100 - w)) / 100;
  const curve = win.body.curve;
  const names = Object.keys(curve[0].chances);
  const after = (p) => p.event - 1; // a point is the chance before its event: after the one before
  const step = (width - 2 * pad) / last;
  const grid = [25, 50, 75].map((w) => svg("path", { class: "win-grid", d: `M${pad} ${y(w)}H${width - pad}` }));
  const scale = [100, 50, 0].map((w) => svg("text", { class: "win-scale", x: pad + 2, y: Math.min(Math.max(y(w) + 4, 12), height - 3) }, `${formatNumber(w)} %`));
  const rounds = view.roundStarts.map((r) => svg("path", { class: "win-round", d: `M${x(r.event).toFixed(1)} ${pad}V${height - pad}` }));
  const lines = names.map((name, i) => svg("polyline", {
    class: `win-line p${i % 6}${name === who ? " focus" : ""}`, fill: "none",
    points: curve.map((p) => `${x(after(p)).toFixed(1)},${y(p.chances[name]).toFixed(1)}`).join(" "),
  }));
  const chancesText = (p) => names.map((n) => `${n} ${formatNumber(p.chances[n])} %`).join(", ");
  const points = curve.map((p) => svg("g", { class: "win-point", "data-event": after(p), onclick: () => go(after(p)) },
    svg("title", {}, t("Event {n}: {chances}", { n: after(p), chances: chancesText(p) })),
    svg("rect", { class: "win-hit", x: (x(after(p)) - step / 2).toFixed(1), y: 0, width: Math.max(step, 2).toFixed(1), height }),
    svg("circle", { class: `win-dot p${names.indexOf(who) % 6}`, cx: x(after(p)).toFixed(1), cy: y(p.chances[who]).toFixed(1), r: 2.5 })));
  const marks = [...win.byEvent.values()].filter((d) => d.win.mark).map((d) => {
    const p = winPointAfter(d.event);
    return svg("circle", { class: `win-mark m-${d.win.mark}`, "data-event": d.event, cx: x(d.event).toFixed(1), cy: y(p.chances[d.player] ?? 0).toFixed(1), r: 5, onclick: () => go(d.event) },
      svg("title", {}, `${MARK_SYMBOLS[d.win.mark]} ${markLabel(d.win.mark)}: ${t("{player} loses {error} pp of chance to win", { player: d.player, error: formatNumber(d.win.error) })}`));
  });
  const now = svg("path", { class: "win-at", d: `M${x(at).toFixed(1)} 0V${height}` });
  $("win-graph").replaceChildren(svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("Each player's chance to win over the game") },
    svg("title", {}, t("Each player's chance to win over the game")), ...grid, ...scale, ...rounds, now, ...lines, ...points, ...marks));
}

// the legend (each player's colour and W here) and the game by the chance to win per player
function renderWinPlayers() {
  const names = Object.keys(win.body.curve[0].chances);
  const byName = new Map(win.body.players.map((p) => [p.player, p.win]));
  const head = el("tr", {}, [t("Player"), t("Chance to win"), t("Accuracy (win)"), t("Luck"), t("Result"), t("Without the luck")].map((h) => el("th", { scope: "col", text: h })));
  const rows = names.map((name, i) => {
    const s = byName.get(name);
    return el("tr", { "data-player": name },
      el("th", { scope: "row" }, el("span", { class: `win-key p${i % 6}`, "aria-hidden": "true" }), name),
      el("td", { class: "win-now" }),
      el("td", { text: s ? `${formatNumber(s.accuracy)} %` : "–" }),
      el("td", { class: "win-luck-sum", text: s ? signed(s.luck) : "–" }),
      el("td", { text: s ? formatNumber(s.result) : "–" }),
      el("td", { text: s ? formatNumber(s.luck_adjusted) : "–" }));
  });
  $("win-players").replaceChildren(el("div", { class: "scroll" }, el("table", { class: "score-table win-table" }, el("thead", {}, head), el("tbody", {}, rows))));
}

function renderWinModel() {
  const model = win.body.model || {};
  $("win-model").textContent = t("Model {name}, an approximation ({n} playouts per position and option): {assumptions}", {
    name: model.name ?? "–", n: model.samples ?? "–", assumptions: model.description ?? model.assumptions ?? "",
  });
}

// ------------------------------------------------------------------------------------ controls

function step(delta) {
  go(view.at + delta);
}

function jumpRound(direction) {
  const starts = view.roundStarts.map((r) => r.event);
  const target = direction > 0 ? starts.find((s) => s > view.at) : [...starts].reverse().find((s) => s < view.at);
  if (target !== undefined) go(target);
}

function firstViolation() {
  const v = view.data && view.data.verdict.violations[0];
  if (v) go(v.event);
}

function init() {
  $("paste-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("log-text").value;
    if (!text.trim()) {
      setStatus(t("Paste a log or choose a file first."), true);
      return;
    }
    checkLog(text);
  });
  $("log-file").addEventListener("change", async () => {
    const file = $("log-file").files[0];
    if (!file) return;
    const text = await file.text();
    $("log-text").value = text;
    checkLog(text);
  });
  $("stored-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const id = $("game-select").value;
    if (id) openGame(id);
    else setStatus(t("Choose a stored game first."), true);
  });
  $("first-btn").addEventListener("click", () => go(0));
  $("prev-btn").addEventListener("click", () => step(-1));
  $("next-btn").addEventListener("click", () => step(1));
  $("last-btn").addEventListener("click", () => go(Infinity));
  $("violation-btn").addEventListener("click", firstViolation);
  $("win-btn").addEventListener("click", toggleWin);
  $("win-player").addEventListener("change", () => renderWin(view.at));
  $("scrub").addEventListener("input", () => go(Number($("scrub").value)));
  $("round-select").addEventListener("change", () => {
    const value = $("round-select").value;
    if (value !== "") go(Number(value));
  });
  document.addEventListener("keydown", (event) => {
    if (!view.data || event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = event.target.tagName;
    if (tag === "TEXTAREA" || tag === "SELECT" || (tag === "INPUT" && event.target.type !== "button")) return;
    const actions = {
      ArrowRight: () => step(1), ArrowLeft: () => step(-1), Home: () => go(0), End: () => go(Infinity),
      PageDown: () => jumpRound(1), PageUp: () => jumpRound(-1), v: firstViolation, V: firstViolation,
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });
  $("game-search").addEventListener("input", () => {
    clearTimeout(gameList.timer);
    gameList.timer = setTimeout(() => searchGames($("game-search").value), 250);
  });
  $("game-search").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      clearTimeout(gameList.timer);
      searchGames($("game-search").value);
    }
  });
  $("games-prev").addEventListener("click", () => turnGamePage(-1));
  $("games-next").addEventListener("click", () => turnGamePage(1));
  window.addEventListener("hashchange", followHash);
  listGames();
  followHash();
}

init();
