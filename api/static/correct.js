// Correcting an earlier event on the live table page (loaded after table.js): the scorer's event
// list gets a "correct" action per event; it opens a pad prefilled with that event (the ruleset's
// card buttons from the server, the players, the event's other fields), shows what the correction
// would drop (POST /v1/tables/<id>/events/<index>?preview=true), and corrects it. The events no
// longer legal are listed with the server's reasons, in the page's language. The page names no card.
"use strict";

const CORRECT_LANG = (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
const CORRECT_TEXT = {
  en: {
    correct: "correct", correctEvent: "Correct event {index}", title: "Correcting event {index}: {what}", check: "What would change?",
    apply: "Correct it", cancel: "Cancel", nothingDropped: "Every later event stays.", willDrop: "These later events would no longer be legal and would be dropped:",
    dropped: "Corrected event {index}. These later events were no longer legal and were dropped:", done: "Corrected event {index}; every later event stayed.",
    field: "{name}", rule: "rule {rule} ({code})", player: "Player", card: "Card",
  },
  de: {
    correct: "korrigieren", correctEvent: "Ereignis {index} korrigieren", title: "Ereignis {index} korrigieren: {what}", check: "Was würde sich ändern?",
    apply: "Korrigieren", cancel: "Abbrechen", nothingDropped: "Alle späteren Ereignisse bleiben.", willDrop: "Diese späteren Ereignisse wären nicht mehr regelgerecht und fielen weg:",
    dropped: "Ereignis {index} korrigiert. Diese späteren Ereignisse waren nicht mehr regelgerecht und sind weggefallen:", done: "Ereignis {index} korrigiert; alle späteren Ereignisse bleiben.",
    field: "{name}", rule: "Regel {rule} ({code})", player: "Spieler", card: "Karte",
  },
};
const ct = (key, values = {}) => (CORRECT_TEXT[CORRECT_LANG][key] || CORRECT_TEXT.en[key]).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
const correcting = { index: null, event: null };

function correctable() {
  return typeof page === "object" && page.key && page.snap && !page.snap.finished;
}

// a "correct" button on every event but the game line, for the scorer
function offerCorrections() {
  if (!correctable()) return;
  for (const item of document.querySelectorAll("#events li[data-index]")) {
    const index = Number(item.dataset.index);
    if (index < 1 || item.querySelector(".correct-btn")) continue;
    item.append(" ", el("button", { type: "button", class: "link correct-btn", "data-index": index, "aria-label": ct("correctEvent", { index }),
      onclick: () => openCorrection(index), text: ct("correct") }));
  }
}

function box() {
  let node = $("correct-box");
  if (!node) {
    node = el("div", { id: "correct-box", class: "panel", hidden: true, role: "region" });
    $("pad").after(node);
  }
  return node;
}

// the pad prefilled with event `index`: card buttons (the current card pressed), players, other fields
function openCorrection(index) {
  const old = page.events[index];
  if (!old) return;
  correcting.index = index;
  correcting.event = { ...old };
  const players = (page.snap.table.players || []).map((p) => p.name);
  const fields = Object.keys(old).filter((k) => k !== "card").map((name) => {
    const id = `correct-${name}`;
    const value = old[name];
    const input = (name === "player" || name === "target") && players.includes(value)
      ? el("select", { id, "data-field": name }, players.map((p) => el("option", { value: p, text: p, selected: p === value })))
      : el("input", { id, "data-field": name, value: typeof value === "string" ? value : JSON.stringify(value) });
    input.addEventListener("change", () => {
      const text = input.value;
      let read = text;
      if (typeof old[name] !== "string") { try { read = JSON.parse(text); } catch { read = text; } }
      correcting.event[name] = read;
      showPreview(null);
    });
    return el("label", { class: "inline", for: id }, name === "player" ? ct("player") : ct("field", { name }), " ", input);
  });
  const cards = "card" in old ? el("div", { id: "correct-cards", class: "cardpad", role: "group", "aria-label": ct("card") },
    page.snap.cards.map((c) => el("button", { type: "button", class: c.kind, "data-card": c.card, "aria-pressed": String(c.card === old.card),
      onclick: (e) => pickCard(c.card, e.currentTarget) }, c.label))) : null;
  const node = box();
  node.hidden = false;
  node.replaceChildren(
    el("h3", { text: ct("title", { index, what: describe(old) }) }),
    el("div", { class: "row" }, fields), cards,
    el("div", { class: "row tools" },
      el("button", { type: "button", id: "correct-check", onclick: () => submit(true), text: ct("check") }),
      el("button", { type: "button", id: "correct-apply", class: "primary", onclick: () => submit(false), text: ct("apply") }),
      el("button", { type: "button", id: "correct-cancel", onclick: closeCorrection, text: ct("cancel") })),
    el("div", { id: "correct-result", "aria-live": "polite" }),
  );
  node.scrollIntoView({ block: "nearest" });
}

function pickCard(card, button) {
  correcting.event.card = card;
  for (const b of document.querySelectorAll("#correct-cards button")) b.setAttribute("aria-pressed", String(b === button));
  showPreview(null);
}

function closeCorrection() {
  correcting.index = null;
  box().hidden = true;
  box().replaceChildren();
}

function droppedList(dropped) {
  return el("ul", { class: "dropped" }, dropped.map((d) => el("li", { "data-index": d.index },
    `${d.index}. ${describe(d.event)}: `, d.messages[CORRECT_LANG] || d.messages.en, " ",
    el("span", { class: "rule", text: ct("rule", { rule: d.rule, code: d.code }) }))));
}

function showPreview(nodes) {
  const result = $("correct-result");
  if (result) result.replaceChildren(...(nodes || []));
}

async function submit(preview) {
  const index = correcting.index;
  if (index === null || page.busy) return;
  page.busy = true;
  const after = page.snap.events - 1;
  try {
    const query = `after=${after}&lang=${CORRECT_LANG}${preview ? "&preview=true" : ""}`;
    const response = await fetch(`/v1/tables/${encodeURIComponent(page.id)}/events/${index}?${query}`, {
      method: "POST", headers: { "Content-Type": "application/json", "X-Table-Key": page.key }, body: JSON.stringify(correcting.event),
    });
    const data = await response.json();
    if (!response.ok) {
      showPreview([el("p", { class: "refusal", role: "alert" }, el("span", { class: "message", text: data.detail || data.title }),
        data.rule ? el("span", { class: "rule", text: ct("rule", { rule: data.rule, code: data.code }) }) : null)]);
      if (response.status === 409) await reload();
      return;
    }
    if (preview) {
      showPreview([el("p", { text: data.dropped.length ? ct("willDrop") : ct("nothingDropped") }), data.dropped.length ? droppedList(data.dropped) : null]);
      return;
    }
    const log = await fetch(`/v1/tables/${encodeURIComponent(page.id)}/log`);
    if (log.ok) page.events = (await log.text()).split("\n").filter(Boolean).map((line) => JSON.parse(line));
    closeCorrection();
    const node = box();
    node.hidden = false;
    node.replaceChildren(el("p", { id: "correct-done", text: data.dropped.length ? ct("dropped", { index }) : ct("done", { index }) }),
      data.dropped.length ? droppedList(data.dropped) : null,
      el("button", { type: "button", class: "link", onclick: closeCorrection, text: "✕" }));
    if (data.table.seq >= page.snap.seq) render(data.table);
  } catch (error) {
    showPreview([el("p", { class: "refusal", text: String(error) })]);
  } finally {
    page.busy = false;
  }
}

function initCorrecting() {
  if (typeof page !== "object" || !page.id) return;
  new MutationObserver(offerCorrections).observe(document.body, { attributes: true, attributeFilter: ["data-seq"] });
  offerCorrections();
}

initCorrecting();
