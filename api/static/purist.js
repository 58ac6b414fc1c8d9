// Purist mode on the table page (docs/live.md): a table its scorer set to purist shows no bust
// chance and no advice on any page (the server leaves the chance out of the view and refuses
// /advice). The scorer chooses it when seating the table and may turn it on or off later.
"use strict";

const PURIST_TEXT = {
  en: { purist: "Purist: no bust chances, no advice", on: "Purist mode: on", off: "Purist mode: off", note: "Purist table: no counting aids" },
  de: { purist: "Puristisch: keine Risiken, keine Ratschläge", on: "Puristisch: an", off: "Puristisch: aus", note: "Puristischer Tisch: keine Zählhilfen" },
};
const pt = (key) => PURIST_TEXT[LANG][key] || PURIST_TEXT.en[key];

async function togglePurist() {
  if (!page.snap || !page.key) return;
  const response = await fetch(`/v1/tables/${encodeURIComponent(page.id)}/purist`, {
    method: "POST", headers: { "Content-Type": "application/json", "X-Table-Key": page.key },
    body: JSON.stringify({ purist: !page.snap.purist }),
  });
  const data = await response.json();
  if (!response.ok) { showRefusal(data); return; }
  if (data.seq >= page.snap.seq) render(data);
}

function drawPurist() {
  const snap = page.snap;
  if (!snap) return;
  const purist = Boolean(snap.purist);
  document.body.dataset.purist = purist ? "1" : "0";
  $("purist-note").hidden = !purist;
  if (purist) { $("chance").textContent = ""; $("advice").textContent = ""; }
  const button = $("purist-btn");
  button.textContent = purist ? pt("on") : pt("off");
  button.setAttribute("aria-pressed", String(purist));
}

function initPurist() {
  for (const node of document.querySelectorAll("[data-p]")) node.textContent = pt(node.dataset.p);
  if (!/^\/table\/[^/]+$/.test(location.pathname)) return;
  $("banner").prepend(el("p", { id: "purist-note", class: "chance", hidden: true, text: pt("note") }));
  $("scorer-tools").append(el("button", { type: "button", id: "purist-btn", "aria-pressed": "false", onclick: togglePurist, text: pt("off") }));
  new MutationObserver(drawPurist).observe(document.body, { attributes: true, attributeFilter: ["data-seq"] });
  drawPurist();
}

initPurist();
