// What the replay viewer and the live table draw alike: a card, a seat, the score table, and the
// words for them. Loaded after common.js and i18n.js, before the page's own script.
//
// Every sentence about the game comes from the server, in the page's language: a table view's
// `told[lang]` says each seat's status, how the player left the round, the row's notes, its score
// worked out, and every card's label and kind; an event's `told[lang]` says what it did. This
// script works out no rule and names no ruleset, card, status or mode.
"use strict";

const $ = (id) => document.getElementById(id);

// the page's own words for the drawing (i18n.js has their German)
function word(text, values = {}) {
  const template = (LANGUAGE === "de" && GERMAN[text]) || text;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// what the server says of `table` in the page's language (English, else nothing, when it said none)
function toldOf(table) {
  const told = (table && table.told) || {};
  return told[LANGUAGE] || told.en || { seats: [], cards: {} };
}

function scoreText(value) {
  return value === null || value === undefined ? "–" : formatNumber(value);
}

// a card as the table shows it: its label and kind as the server tells them (`labels`: other labels known)
function drawCard(card, told, labels = {}) {
  const known = (told.cards || {})[card] || {};
  const label = known.label ?? labels[card] ?? String(card);
  const kind = known.kind === "number" ? "num" : known.kind === "modifier" ? "mod" : "action";
  const special = label !== String(card) && kind !== "action" ? " special" : ""; // a card the ruleset labels its own way
  return el("li", { class: `card ${kind}${special}`, "data-card": card, "data-kind": known.kind || null, title: known.kind_label ? `${label} (${known.kind_label})` : label },
    el("span", { text: label }));
}

// one seat: badges, every card in front of the player (numbers, modifiers, the ruleset's other
// cards), how the player left the round, the row's notes and the score worked out
function drawSeat(p, table, { labels = {}, finished = false } = {}) {
  const told = toldOf(table);
  const said = (told.seats || [])[p.seat] || {};
  const toMove = (table.waiting_for || {}).player === p.name && !finished;
  const out = Boolean(p.status && p.status !== "active");
  const badges = [
    table.dealer === p.name ? el("span", { class: "badge dealer", text: word("dealer") }) : null,
    toMove ? el("span", { class: "badge move", text: word("to move") }) : null,
    out ? el("span", { class: `badge st-${p.status}`, text: said.status || p.status }) : null,
    table.winner === p.name ? el("span", { class: "badge winner", text: word("winner") }) : null,
  ];
  const cards = [...p.numbers, ...p.modifiers, ...(p.held || [])].map((card) => drawCard(card, told, labels));
  return el(
    "article",
    { class: `seat${toMove ? " to-move" : ""}${out ? " out st-" + p.status : ""}`, "data-player": p.name, "aria-label": `${p.name}${toMove ? ", " + word("to move") : ""}` },
    el("header", {}, el("h4", { text: p.name }), ...badges),
    cards.length ? el("ul", { class: "cards", "aria-label": `${word("Cards")}: ${p.name}` }, cards) : el("p", { class: "empty", text: word("no cards") }),
    said.why ? el("p", { class: "why", text: said.why }) : null,
    ...(said.notes || []).map((note) => el("p", { class: "held", text: note })),
    el(
      "p",
      { class: "score" },
      word("Round: "),
      el("strong", { class: "round-score", text: scoreText(p.round_score) }),
      said.score ? el("span", { class: "sum", text: ` (${said.score})` }) : null,
      word(" · Game: "),
      el("strong", { class: "total", text: scoreText(p.total) }),
    ),
  );
}

// the score table: a column per finished round (`rounds`, as a verdict lists them), the round
// being played, the total; with the legend of its colours. With ``linked``, a name links to the
// player's page (a stored game's players; the live table's are not stored yet)
function drawScores(rounds, table, linked = false) {
  if (!table.players || !table.players.length) return [];
  const head = el("tr", {}, el("th", { scope: "col", text: word("Player") }), rounds.map((r) => el("th", { scope: "col", text: `R${r.round}` })),
    table.round ? el("th", { scope: "col", text: word("R{n} now", { n: table.round }) }) : null, el("th", { scope: "col", text: word("Total") }));
  const rows = table.players.map((p) =>
    el(
      "tr",
      {},
      linked
        ? el("th", { scope: "row" }, el("a", { href: `/players?name=${encodeURIComponent(p.name)}`, text: p.name }))
        : el("th", { scope: "row", text: p.name }),
      rounds.map((r) => {
        const cell = r.players[p.name] || {};
        return el("td", { class: `o-${cell.outcome}`, title: cell.outcome, text: scoreText(cell.score) });
      }),
      table.round ? el("td", { text: scoreText(p.round_score) }) : null,
      el("td", { class: "total", text: scoreText(p.total) }),
    ),
  );
  return [
    el("h3", { text: word("Scores") }),
    el("div", { class: "scroll" }, el("table", { class: "score-table" }, el("thead", {}, head), el("tbody", {}, rows))),
    el("p", { class: "score-legend" },
      el("span", { class: "o-busted", text: word("red") }), word(": busted · "),
      el("span", { class: "o-flip7", text: word("purple, bold") }), word(": Flip 7")),
  ];
}

// an event in words: what the server told of it, else the event alone (a card by its label)
function toldEvent(e, labels = {}) {
  const told = (e && e.told) || {};
  return told[LANGUAGE] || told.en || describeEvent(e, (card) => labels[card] ?? card ?? "?");
}
