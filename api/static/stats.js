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
  $("status").textContent = t("Loading…");
  $("status").classList.remove("error");
  $("since").removeAttribute("aria-invalid");
  try {
    const listed = await fetch(`/v1/plots?${params}`);
    const listing = await listed.json();
    if (!listed.ok) throw new Error(listing.detail || listed.statusText);
    const statParams = new URLSearchParams(params);
    statParams.append("only", "overview");
    for (const f of listing.figures) statParams.append("only", f.statistic);
    const response = await fetch(`/v1/stats?${statParams}`);
    const stats = await response.json();
    if (!response.ok) throw new Error(stats.detail || response.statusText);
    const byName = Object.fromEntries(stats.statistics.map((s) => [s.name, s]));
    const overview = byName.overview.rows[0] || {};
    $("overview").replaceChildren(
      ...Object.entries(overview).map(([k, v]) => el("span", {}, `${t(k)}: `, el("strong", { text: String(v) }))),
    );
    const query = params.toString();
    if (!overview.games) {
      $("figures").replaceChildren();
      $("status").textContent = query ? t("No stored game matches these filters.") : t("No game is stored yet (flip7 ingest stores some).");
      return;
    }
    const shown = listing.figures.filter((f) => f.has_games);
    $("figures").replaceChildren(
      ...shown.map((f) => {
        const src = f.url + (query ? `?${query}` : "");
        const title = t(f.title), explanation = t(f.explanation);
        const png = f.png_url + (query ? `?${query}` : "");
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

$("filters").addEventListener("submit", (event) => {
  event.preventDefault();
  load();
});
fillRulesets().then(load);
