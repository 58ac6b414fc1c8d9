// The statistics page: the figures of GET /v1/plots as SVG images, each with its data as a table
// (from GET /v1/stats, the statistic it draws), and the overview of the store. A figure of one
// ruleset's games is shown only where GET /v1/plots says the stored games include such games
// (has_games). The ruleset filter's choices come from GET /v1/rulesets.
"use strict";

const $ = (id) => document.getElementById(id);

function filters() {
  const params = new URLSearchParams();
  for (const name of ["player", "since", "ruleset"]) {
    const value = $(name).value.trim();
    if (value) params.set(name, value);
  }
  return params;
}

function dataTable(statistic) {
  const head = el("tr", {}, statistic.columns.map((c) => el("th", { scope: "col", text: c })));
  const rows = statistic.rows.map((row) => el("tr", {}, statistic.columns.map((c) => el("td", { text: row[c] === null ? "–" : String(row[c]) }))));
  return el("div", { class: "scroll" }, el("table", { class: "score-table" }, el("thead", {}, head), el("tbody", {}, rows)));
}

// a filter the API refused (a bad `since`): the message, and nothing that looks like an empty store
function showError(message) {
  $("status").textContent = t("The statistics could not be loaded: {message}", { message });
  $("status").classList.add("error");
  $("since").toggleAttribute("aria-invalid", /'since'/.test(message));
  $("overview").replaceChildren();
  $("figures").replaceChildren();
}

async function load() {
  const params = filters();
  const worded = new URLSearchParams(params);  // the figures and tables in the page's language (the server words them)
  if (LANGUAGE !== "en") worded.set("lang", LANGUAGE);
  const wordedQuery = worded.toString();
  $("status").textContent = t("Loading…");
  $("status").classList.remove("error");
  $("since").removeAttribute("aria-invalid");
  try {
    const listed = await fetch(`/v1/plots?${worded}`);
    const listing = await listed.json();
    if (!listed.ok) throw new Error(listing.detail || listed.statusText);
    const statParams = new URLSearchParams(worded);
    statParams.append("only", "overview");
    for (const f of listing.figures) statParams.append("only", f.statistic);
    const response = await fetch(`/v1/stats?${statParams}`);
    const stats = await response.json();
    if (!response.ok) throw new Error(stats.detail || response.statusText);
    const byName = Object.fromEntries(stats.statistics.map((s) => [s.name, s]));
    const overview = byName.overview.rows[0] || {};
    $("overview").replaceChildren(
      ...Object.entries(overview).map(([k, v]) => el("span", {}, `${k}: `, el("strong", { text: String(v) }))),
    );
    const query = params.toString();
    if (!Object.values(overview)[0]) {  // the first column counts the games
      $("figures").replaceChildren();
      $("status").textContent = query ? t("No stored game matches these filters.") : t("No game is stored yet (flip7 ingest stores some).");
      return;
    }
    const shown = listing.figures.filter((f) => f.has_games);
    $("figures").replaceChildren(
      ...shown.map((f) => {
        const src = f.url + (wordedQuery ? `?${wordedQuery}` : "");
        const title = f.title, explanation = f.explanation;
        const png = f.png_url + (wordedQuery ? `?${wordedQuery}` : "");
        return el(
          "figure",
          { id: `figure-${f.name}`, "aria-labelledby": `cap-${f.name}` },
          el("div", { class: "chart" }, el("img", { src, alt: `${title}. ${explanation}`, width: "640", height: "360", loading: "lazy" })),
          el("p", { class: "scroll-hint", "aria-hidden": "true", text: t("← scroll sideways to see the whole chart →") }),
          el("figcaption", { id: `cap-${f.name}` }, el("strong", { text: title }), `: ${explanation} `, el("a", { href: src, text: "SVG" }), " · ", el("a", { href: png, text: "PNG" })),
          byName[f.statistic]
            ? el("details", {}, el("summary", { text: t("The numbers") }), dataTable(byName[f.statistic]))
            : null,
        );
      }),
    );
    $("status").textContent = `${t("{n} figures", { n: shown.length })}${query ? t(" (filtered)") : ""}.`;
  } catch (error) {
    showError(error.message);
  }
}

// the ruleset filter's choices, from the server's rulesets (GET /v1/rulesets): every ruleset (with
// its modes' games), then each of its modes; the page names none
async function fillRulesets() {
  try {
    const response = await fetch(`/v1/rulesets?lang=${LANGUAGE}`);
    if (!response.ok) return;
    const { rulesets } = await response.json();
    $("ruleset").append(...rulesets.flatMap((r) => [
      el("option", { value: r.name, text: r.modes.length ? t("{name} (every mode)", { name: r.name }) : r.name }),
      ...r.modes.map((m) => el("option", { value: m.label, text: m.label })),
    ]));
  } catch (_) {
    // without the list the filter offers all games only; the figures still load
  }
}

// ---- the rating over time: GET /v1/ratings/history (the player the filter's name stands for,
// GET /v1/players/find, else the best of the leaderboard), drawn as lines; every name links to the player's page.
Object.assign(GERMAN, {
  "Ratings over time": "Wertungen im Lauf der Zeit",
  "The rating (mean − 3 × spread, OpenSkill) after each rated game, in the order the games were stored; a name opens the player's page.":
    "Die Wertung (Mittel − 3 × Streuung, OpenSkill) nach jeder gewerteten Partie, in der Reihenfolge, in der die Partien gespeichert wurden; ein Name öffnet die Seite des Spielers.",
  "No rated game yet (a game is rated once it is finished and judged to the end).":
    "Noch keine gewertete Partie (gewertet wird eine Partie, wenn sie beendet und bis zum Ende geprüft ist).",
  "Ratings of {names} over {n} rated games": "Wertungen von {names} über {n} gewertete Partien",
  "game": "Partie", "rating": "Wertung", "Player": "Spieler", "Rating": "Wertung", "Games": "Partien",
  "The ratings could not be loaded: {message}": "Die Wertungen konnten nicht geladen werden: {message}",
});

const SVG = "http://www.w3.org/2000/svg";
const LINE_COLOURS = ["#1b6ac9", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#7f8c8d"];

function svgEl(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (attrs.text !== undefined) node.textContent = attrs.text;
  node.append(...children);
  return node;
}

function historyChart(players, label) {
  const width = 640, height = 300, left = 44, right = 12, top = 12, bottom = 30;
  const points = players.flatMap((p) => p.points);
  const lastSeq = Math.max(1, ...points.map((p) => p.seq));
  const low = Math.min(0, ...points.map((p) => p.rating)), high = Math.max(1, ...points.map((p) => p.rating));
  const x = (seq) => left + (seq / lastSeq) * (width - left - right);
  const y = (r) => top + (1 - (r - low) / (high - low || 1)) * (height - top - bottom);
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "rating-chart", width: "100%" });
  svg.append(
    svgEl("path", { d: `M${left},${top} V${height - bottom} H${width - right}`, fill: "none", stroke: "#888", class: "axes" }),
    svgEl("text", { x: left - 4, y: y(high) + 4, "text-anchor": "end", "font-size": 11, text: high.toFixed(0) }),
    svgEl("text", { x: left - 4, y: y(low) + 4, "text-anchor": "end", "font-size": 11, text: low.toFixed(0) }),
    svgEl("text", { x: width - right, y: height - 8, "text-anchor": "end", "font-size": 11, text: `${t("game")} ${lastSeq}` }),
    svgEl("text", { x: left, y: height - 8, "font-size": 11, text: `${t("game")} 0` }),
  );
  players.forEach((p, i) => {
    const d = p.points.map((q, k) => `${k ? "L" : "M"}${x(q.seq).toFixed(1)},${y(q.rating).toFixed(1)}`).join(" ");
    svg.append(svgEl("path", { d, class: "rating-line", fill: "none", stroke: LINE_COLOURS[i % LINE_COLOURS.length], "stroke-width": 2, "data-player": p.id }));
  });
  return svg;
}

async function loadHistory() {
  const box = $("rating-history");
  const heading = el("h3", { id: "rating-history-title", text: t("Ratings over time") });
  try {
    const params = new URLSearchParams();
    const ruleset = $("ruleset").value.trim();
    if (ruleset) params.set("ruleset", ruleset.split(" ")[0]);
    const wanted = $("player").value.trim();
    if (wanted) {  // the player that name stands for, if any (else the best of the leaderboard)
      const found = await fetch(`/v1/players/find?name=${encodeURIComponent(wanted)}`);
      if (found.ok) params.set("player", String((await found.json()).id));
    }
    const response = await fetch(`/v1/ratings/history?${params}`);
    const body = await response.json();
    if (!response.ok) throw new Error(body.detail || response.statusText);
    const shown = body.players.filter((p) => p.points.length);
    if (!shown.length) {
      box.replaceChildren(heading, el("p", { class: "note", text: t("No rated game yet (a game is rated once it is finished and judged to the end).") }));
      return;
    }
    const games = Math.max(...shown.flatMap((p) => p.points.map((q) => q.seq)));
    const label = t("Ratings of {names} over {n} rated games", { names: shown.map((p) => p.name).join(", "), n: games });
    const legend = el("ul", { class: "legend", style: "list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3em 1.2em" }, shown.map((p, i) => el("li", {},
      el("span", { class: "swatch", style: `display:inline-block;width:1.2em;height:.35em;margin-right:.35em;vertical-align:middle;background:${LINE_COLOURS[i % LINE_COLOURS.length]}`, "aria-hidden": "true" }),
      el("a", { href: `/players?id=${p.id}`, text: p.name }),
      ` ${p.points[p.points.length - 1].rating.toFixed(2)}`)));
    const rows = shown.map((p) => el("tr", {}, el("td", {}, el("a", { href: `/players?id=${p.id}`, text: p.name })),
      el("td", { text: p.points[p.points.length - 1].rating.toFixed(2) }), el("td", { text: String(p.games) })));
    const table = el("div", { class: "scroll" }, el("table", { class: "score-table" },
      el("thead", {}, el("tr", {}, [t("Player"), t("Rating"), t("Games")].map((c) => el("th", { scope: "col", text: c })))),
      el("tbody", {}, rows)));
    box.replaceChildren(heading, el("figure", { id: "figure-rating-history", "aria-labelledby": "cap-rating-history" },
      el("div", { class: "chart" }, historyChart(shown, label)),
      legend,
      el("figcaption", { id: "cap-rating-history" }, el("strong", { text: t("Ratings over time") }),
        `: ${t("The rating (mean − 3 × spread, OpenSkill) after each rated game, in the order the games were stored; a name opens the player's page.")}`),
      el("details", {}, el("summary", { text: t("The numbers") }), table)));
  } catch (error) {
    box.replaceChildren(heading, el("p", { class: "error", text: t("The ratings could not be loaded: {message}", { message: error.message }) }));
  }
}

$("filters").addEventListener("submit", (event) => {
  event.preventDefault();
  load();
  loadHistory();
});
fillRulesets().then(() => { load(); loadHistory(); });
