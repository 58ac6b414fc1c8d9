// The live table's service worker (docs/live.md, "Going offline"): it keeps the table pages, their
// assets and each table's last view, so a table page opens and draws without a connection. Every
// answer comes from the network when it can (the table moves on); the kept copy is the fallback.
// Writes and the event stream are never kept: the page queues its taps itself (offline.js).
"use strict";

const KEPT = "flip7-table-v1";
// the new-table page; each table page adds itself and every script and style sheet it loads (offline.js)
const ASSETS = ["/table"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(KEPT).then((cache) => cache.addAll(ASSETS)).catch(() => undefined).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => { event.waitUntil(self.clients.claim()); });

// what may be kept: the pages under /table, the static assets, a table's view and the rulesets
function keepable(url) {
  if (url.origin !== self.location.origin) return false;
  const path = url.pathname;
  return path === "/table" || path.startsWith("/table/") || path.startsWith("/static/")
    || /^\/v1\/tables\/[^/]+$/.test(path) || path === "/v1/rulesets";
}

function offline() {
  const problem = { type: "urn:flip7:problem:offline", title: "Offline", status: 503, detail: "no connection to the server: asked again once it is back" };
  return new Response(JSON.stringify(problem), { status: 503, headers: { "Content-Type": "application/problem+json" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (!keepable(url)) {
    // another read of a table (the join code, the redo offer, the advice) without a connection:
    // an answer the pages already read as "not now", never a network error
    if (!url.pathname.startsWith("/v1/tables/") || url.pathname.endsWith("/stream")) return;
    event.respondWith(fetch(request).catch(() => offline()));
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(KEPT);
    try {
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request, { ignoreSearch: url.pathname.startsWith("/static/") });
      if (kept) return kept;
      throw error;
    }
  })());
});
