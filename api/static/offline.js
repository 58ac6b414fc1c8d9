// The live table without a connection (docs/live.md, "Going offline"). The scorer's taps (events,
// undo, redo) go through a queue kept in localStorage (it survives a reload): each is sent in
// order, judged by the server against the table as it then stands; one the server refuses on
// arrival is shown with its reason and dropped from the queue. While a tap waits the page shows
// how many are waiting. A service worker (/table/sw.js) keeps the pages and their assets so a
// table page opens offline. The follower's stream reconnects by itself with Last-Event-ID.
"use strict";

const OFFLINE_TEXT = {
  en: { waiting: "Waiting to sync: {n}", waitingOne: "Waiting to sync: 1 tap", offline: "offline: taps are kept and sent when the connection is back",
    refusedOnArrival: "Refused on arrival, dropped from the queue:", dismiss: "dismiss", finishFirst: "Taps are still waiting to sync: finish once they are sent." },
  de: { waiting: "Warten auf Abgleich: {n}", waitingOne: "Warten auf Abgleich: 1 Eingabe", offline: "offline: Eingaben werden behalten und gesendet, sobald die Verbindung zurück ist",
    refusedOnArrival: "Bei Ankunft abgelehnt, aus der Warteschlange genommen:", dismiss: "ausblenden", finishFirst: "Es warten noch Eingaben auf den Abgleich: erst beenden, wenn sie gesendet sind." },
};
const ot = (key, values = {}) => (OFFLINE_TEXT[LANG][key] || OFFLINE_TEXT.en[key]).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");

// the writes that queue (finish does not: it waits until the queue is empty)
const QUEUED = ["events", "undo", "redo"];
// answers that mean "not now" (the tap stays queued), not "refused"
const RETRY = [429, 502, 503, 504];
const queue = { items: [], refused: [], flushing: false, store: null };

function saveQueue() {
  if (!queue.store) return;
  try {
    if (queue.items.length) localStorage.setItem(queue.store, JSON.stringify(queue.items));
    else localStorage.removeItem(queue.store);
  } catch (error) {
    // storage full or refused: the queue still lives in this page
  }
}

function loadQueue() {
  try {
    const kept = JSON.parse(localStorage.getItem(queue.store) || "[]");
    queue.items = Array.isArray(kept) ? kept.filter((i) => i && QUEUED.includes(i.path)) : [];
  } catch (error) {
    queue.items = [];
  }
}

function tapText(item) {
  return item.path === "events" ? describe(item.body) : item.path === "undo" ? t("undo") : item.path;
}

function drawQueue() {
  const box = $("sync-queue");
  const n = queue.items.length;
  box.hidden = n === 0 && navigator.onLine;
  document.body.dataset.queued = String(n);
  box.replaceChildren(...[
    n ? el("span", { class: "count", text: n === 1 ? ot("waitingOne") : ot("waiting", { n }) }) : null,
    navigator.onLine ? null : el("span", { class: "offline", text: ` ${ot("offline")}` }),
    n ? el("ol", { class: "recent" }, queue.items.map((item) => el("li", { text: tapText(item) }))) : null,
  ].filter(Boolean));
  const refused = $("sync-refused");
  refused.hidden = queue.refused.length === 0;
  refused.replaceChildren(
    el("span", { text: ot("refusedOnArrival") }),
    el("ul", {}, queue.refused.map(({ item, problem }) => el("li", { "data-path": item.path },
      `${tapText(item)}: ${problem.detail || problem.title}`, problem.rule ? ` (${t("refusedRule", { rule: problem.rule, code: problem.code })})` : ""))),
    el("button", { type: "button", class: "link", onclick: () => { queue.refused = []; drawQueue(); }, text: ot("dismiss") }),
  );
}

// one queued tap to the server: "kept", "refused" (shown, dropped) or "wait" (no connection: kept queued)
async function sendQueued(item) {
  if (!navigator.onLine || !page.snap) return "wait";
  const after = lastSeen().events - 1;
  let response;
  try {
    response = await fetch(`/v1/tables/${encodeURIComponent(page.id)}/${item.path}?after=${after}&lang=${LANG}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Table-Key": page.key },
      body: item.body === undefined ? undefined : JSON.stringify(item.body),
    });
  } catch (error) {
    return "wait";
  }
  if (RETRY.includes(response.status)) return "wait";
  let data;
  try { data = await response.json(); } catch (error) { data = { detail: response.statusText }; }
  if (response.ok) {
    if (item.path === "events") page.events[data.index] = item.body;
    if (item.path === "undo") page.events.length = data.index;
    if (!page.snap || data.table.seq >= page.snap.seq) render(data.table);
    showRefusal(null);
    return "kept";
  }
  // a tap that waited for the connection is listed apart: the scorer may have tapped on since
  if (item.waited) queue.refused.push({ item, problem: data });
  showRefusal(data);
  if (response.status === 409) await reload();
  return "refused";
}

// send what is queued, in order, until the queue is empty or the connection is gone
async function flushQueue() {
  if (queue.flushing) return;
  queue.flushing = true;
  page.busy = true;
  try {
    while (queue.items.length) {
      if ((await sendQueued(queue.items[0])) === "wait") {
        for (const item of queue.items) item.waited = true;
        saveQueue();
        break;
      }
      queue.items.shift();
      saveQueue();
      drawQueue();
    }
  } finally {
    queue.flushing = false;
    page.busy = false;
    drawQueue();
  }
}

function enqueue(path, body) {
  const item = body === undefined ? { path } : { path, body };
  if (!navigator.onLine) item.waited = true;
  queue.items.push(item);
  saveQueue();
  drawQueue();
  flushQueue();
}

// the table as this page last drew it (its seq and events), kept at once in localStorage: a page
// reloaded offline may start from an older copy, and its queued taps follow from the newest
function lastSeen() {
  try {
    const kept = JSON.parse(localStorage.getItem(`flip7-seen:${page.id}`) || "null");
    if (kept && (!page.snap || kept.seq > page.snap.seq)) return kept;
  } catch (error) {
    // unreadable: the page's own view stands
  }
  return page.snap;
}

function keepView() {
  if (!page.snap) return;
  try {
    localStorage.setItem(`flip7-seen:${page.id}`, JSON.stringify({ seq: page.snap.seq, events: page.snap.events }));
  } catch (error) {
    // storage full or refused: the cached view below still helps
  }
  if (!window.caches) return;
  const view = new Response(JSON.stringify(page.snap), { headers: { "Content-Type": "application/json" } });
  caches.open("flip7-table-v1").then((c) => c.put(`/v1/tables/${encodeURIComponent(page.id)}`, view)).catch(() => undefined);
}

function reconnected() {
  drawQueue();
  flushQueue();
  // the browser retries an open stream by itself with Last-Event-ID; one it gave up on, or one
  // that never opened (a page reloaded offline), is opened again and starts with a sync
  setTimeout(() => {
    if (page.source && page.source.readyState !== EventSource.OPEN) {
      page.source.close();
      follow();
    }
  }, 1500);
}

function initOffline() {
  const match = location.pathname.match(/^\/table\/([^/]+)$/);
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/table/sw.js", { scope: "/table" }).then(() => navigator.serviceWorker.ready).then(() => {
      // this page and every script and style sheet it loaded (whatever they are), as they are now
      const assets = [...document.querySelectorAll("script[src], link[rel=stylesheet]")].map((node) => node.src || node.href);
      const kept = [location.pathname, ...assets, ...(match ? [`/v1/tables/${match[1]}`] : [])];
      if (window.caches) caches.open("flip7-table-v1").then((c) => c.addAll(kept)).catch(() => undefined);
    }).catch(() => undefined);  // no service worker (a plain-http address that is not this machine): the queue still works
  }
  if (!match) return;
  const banner = $("banner");
  banner.append(el("p", { id: "sync-queue", class: "queue", role: "status", hidden: true }), el("div", { id: "sync-refused", class: "refusal", role: "alert", hidden: true }));
  window.addEventListener("online", reconnected);
  window.addEventListener("offline", drawQueue);
  const key = new URLSearchParams(location.hash.slice(1)).get("key");
  if (!key) { drawQueue(); return; }
  queue.store = `flip7-queue:${decodeURIComponent(match[1])}`;
  loadQueue();
  drawQueue();
  const sendNow = send;  // table.js's: finish, which never queues
  send = async (path, body) => {  // eslint-disable-line no-global-assign
    if (QUEUED.includes(path)) { enqueue(path, body); return; }
    if (queue.items.length) { showRefusal({ detail: ot("finishFirst") }); return; }
    await sendNow(path, body);
  };
  setInterval(() => { if (queue.items.length && !queue.flushing) flushQueue(); }, 2000);
  // once the table is read, send what a reload or a closed tab left queued; and keep the table as
  // this page last saw it for a reload without a connection (the queued taps follow from it)
  new MutationObserver(() => {
    keepView();
    if (queue.items.length && !queue.flushing) flushQueue();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-seq"] });
}

initOffline();
