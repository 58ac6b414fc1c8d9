// The live table page's joining (loaded after table.js): the "join a table" field on /table; on a
// table, its join code, the QR code of its read link and the table screen's link; for the scorer,
// the scorer's link shared by a code and a QR code, handing the scoring to another phone, and a new
// game with the same players once the table is finished. The screen stays awake while the table is
// open. Codes, links, QR codes and the next dealer come from the server (/v1/join, /v1/tables/<id>/…).
"use strict";

const JOIN_LANG = (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
const JOIN_TEXT = {
  en: {
    joinTitle: "Join a table", joinCode: "Code (on the other phone or the table screen)", join: "Join",
    joinEmpty: "Type the table's code first.", code: "Code", screen: "Table screen (for a tablet or TV)",
    qrRead: "QR code of the read link", shareScorer: "Share the scorer's link", handOver: "Hand the scoring to another phone",
    scorerTitle: "The scorer's link: whoever opens it records", scorerCode: "Scorer's code {code}: works once, until {time}",
    qrWrite: "QR code of the scorer's link", confirmHandOver: "Hand the scoring over? This phone stops recording; the new link below records.",
    handedOver: "The scoring is handed over: this phone now follows. Open the scorer's link on the other phone.",
    nextGame: "New game: same players, next dealer", nextSeated: "The next game is seated:", follow: "follow it",
    redo: "↷ Redo", redoWhat: "Redo: {what}",
  },
  de: {
    joinTitle: "An einem Tisch mitmachen", joinCode: "Code (auf dem anderen Handy oder dem Tischbildschirm)", join: "Beitreten",
    joinEmpty: "Bitte zuerst den Code des Tisches eingeben.", code: "Code", screen: "Tischbildschirm (für ein Tablet oder einen Fernseher)",
    qrRead: "QR-Code des Lese-Links", shareScorer: "Schreiber-Link teilen", handOver: "Das Eintragen an ein anderes Handy übergeben",
    scorerTitle: "Der Schreiber-Link: wer ihn öffnet, trägt ein", scorerCode: "Schreiber-Code {code}: gilt einmal, bis {time}",
    qrWrite: "QR-Code des Schreiber-Links", confirmHandOver: "Das Eintragen übergeben? Dieses Handy trägt dann nicht mehr ein; der neue Link unten schon.",
    handedOver: "Das Eintragen ist übergeben: dieses Handy verfolgt jetzt nur noch. Den Schreiber-Link auf dem anderen Handy öffnen.",
    nextGame: "Neues Spiel: dieselben Spieler, nächster Geber", nextSeated: "Das nächste Spiel ist eröffnet:", follow: "mitverfolgen",
    redo: "↷ Wiederholen", redoWhat: "Wiederholen: {what}",
  },
};
const jt = (key, values = {}) => (JOIN_TEXT[JOIN_LANG][key] || JOIN_TEXT.en[key]).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
const joining = { id: null, seq: null, finished: null, nextTimer: null };

function tableId() {
  const match = location.pathname.match(/^\/table\/([^/]+)$/);
  return match ? decodeURIComponent(match[1]) : null;
}

function writeKey() {
  return (typeof page === "object" && page.key) || new URLSearchParams(location.hash.slice(1)).get("key");
}

function svgImage(svg, alt, cls) {
  return el("img", { class: cls, alt, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
}

// ------------------------------------------------------------------------------ joining by code

async function joinByCode(event) {
  event.preventDefault();
  const code = $("join-code").value.trim();
  const status = $("join-status");
  if (!code) { status.textContent = jt("joinEmpty"); status.className = "error"; return; }
  const response = await fetch(`/v1/join/${encodeURIComponent(code)}`);
  const data = await response.json();
  if (!response.ok) { status.textContent = data.detail || response.statusText; status.className = "error"; return; }
  location.assign(data.link);
}

// ------------------------------------------------------------------------------ sharing a table

async function showJoin(id) {
  const response = await fetch(`/v1/tables/${encodeURIComponent(id)}/join`);
  if (!response.ok) return;
  const info = await response.json();
  $("join-box").replaceChildren(
    el("p", { class: "join-code" }, `${jt("code")}: `, el("strong", { id: "join-code-shown", text: info.code })),
    el("img", { class: "qr", id: "qr-read", src: info.qr, alt: jt("qrRead"), width: 180, height: 180 }),
    el("p", {}, el("a", { id: "screen-link", href: info.screen_link, target: "_blank", text: jt("screen") })),
  );
}

async function keyed(path) {
  const response = await fetch(`/v1/tables/${encodeURIComponent(joining.id)}/${path}?lang=${JOIN_LANG}`, {
    method: "POST", headers: { "Content-Type": "application/json", "X-Table-Key": writeKey() },
  });
  const data = await response.json();
  if (!response.ok) { showRefusal(data); return null; }
  return data;
}

function showScorerShare(share) {
  const link = `${location.origin}${share.write_link}`;
  const time = new Date(share.expires).toLocaleTimeString(JOIN_LANG, { hour: "2-digit", minute: "2-digit" });
  $("scorer-box").hidden = false;
  $("scorer-box").replaceChildren(
    el("h4", { text: jt("scorerTitle") }),
    el("p", { class: "join-code" }, el("strong", { id: "scorer-code", text: share.code })),
    el("p", { class: "expires", text: jt("scorerCode", { code: share.code, time }) }),
    svgImage(share.qr_svg, jt("qrWrite"), "qr"),
    el("p", {}, el("a", { id: "scorer-link", href: link, text: link })),
  );
}

async function shareScorer() {
  const share = await keyed("scorer-code");
  if (share) showScorerShare(share);
}

async function handOver() {
  if (!confirm(jt("confirmHandOver"))) return;
  const share = await keyed("hand-over");
  if (!share) return;
  // this phone follows from now on: the old key no longer writes, and the address forgets it
  if (typeof page === "object") page.key = null;
  history.replaceState(null, "", location.pathname);
  $("conn").textContent = jt("handedOver");
  showScorerShare(share);
  if (typeof page === "object" && page.snap) render(page.snap);
  update();
}

// ------------------------------------------------------------------------------ the next game

async function seatNextGame() {
  const response = await fetch(`/v1/tables/${encodeURIComponent(joining.id)}/next-game`, {
    method: "POST", headers: { "Content-Type": "application/json", "X-Table-Key": writeKey() }, body: "{}",
  });
  const data = await response.json();
  if (!response.ok) { showRefusal(data); return; }
  location.assign(data.write_link);
}

async function lookForNextGame() {
  const response = await fetch(`/v1/tables/${encodeURIComponent(joining.id)}/next-game`);
  if (!response.ok) return;
  const next = await response.json();
  if (!next.read_link) return;
  clearInterval(joining.nextTimer);
  $("next-box").replaceChildren(el("p", {}, `${jt("nextSeated")} `, el("a", { id: "next-link", href: next.read_link, text: jt("follow") })));
}

// ------------------------------------------------------------------------------ redo after undo

// the server says what a redo would keep (the event undone last); the button offers it
async function offerRedo(seq) {
  const button = $("redo-btn");
  const response = await fetch(`/v1/tables/${encodeURIComponent(joining.id)}/redo`);
  if (!response.ok || !page.snap || page.snap.seq !== seq) return;
  const { event } = await response.json();
  button.disabled = !event;
  button.title = event ? jt("redoWhat", { what: describe(event) }) : "";
}

// ------------------------------------------------------------------------------ following the page

function update() {
  const snap = typeof page === "object" ? page.snap : null;
  if (!snap) return;
  const writer = Boolean(writeKey());
  $("scorer-tools").hidden = !writer || snap.finished;
  if (writer && !snap.finished && snap.seq !== joining.seq) offerRedo(snap.seq);
  joining.seq = snap.seq;
  keepAwake(!snap.finished);
  if (snap.finished === joining.finished) return;
  joining.finished = snap.finished;
  $("next-box").hidden = !snap.finished;
  if (!snap.finished) return;
  if (writer) {
    $("next-box").replaceChildren(el("button", { type: "button", class: "big primary", id: "next-game-btn", onclick: seatNextGame, text: jt("nextGame") }));
  } else {
    $("next-box").replaceChildren();
    joining.nextTimer = setInterval(lookForNextGame, 3000);
    lookForNextGame();
  }
}

function initJoining() {
  for (const node of document.querySelectorAll("[data-j]")) node.textContent = jt(node.dataset.j);
  joining.id = tableId();
  if (!joining.id) {
    if (location.pathname === "/table" || location.pathname === "/table/") {
      $("join").hidden = false;
      $("join-form").addEventListener("submit", joinByCode);
    }
    return;
  }
  showJoin(joining.id);
  $("share-scorer-btn").addEventListener("click", shareScorer);
  $("hand-over-btn").addEventListener("click", handOver);
  $("redo-btn").addEventListener("click", () => { $("redo-btn").disabled = true; send("redo"); });
  new MutationObserver(update).observe(document.body, { attributes: true, attributeFilter: ["data-seq"] });
  update();
}

initJoining();
