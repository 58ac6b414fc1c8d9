// The players page: the leaderboard of GET /v1/ratings and, with ?id=N, a player's profile
// (GET /v1/players/{id}) and their record against another player (?against=). Its German words
// are added to the pages' dictionary here (i18n.js), then the page is translated again.
"use strict";

Object.assign(GERMAN, {
  "players": "Spieler", "Players": "Spieler", "Leaderboard": "Rangliste", "Ruleset": "Regelwerk",
  "all games": "alle Partien",
  "Player": "Spieler", "Rating": "Wertung", "Games": "Partien", "Wins": "Siege", "Scope": "Bereich",
  "Mean": "Mittel", "Spread": "Streuung", "Against": "Gegen", "(choose a player)": "(Spieler wählen)",
  "Rating: mean − 3 × spread (OpenSkill, Plackett–Luce); it rests on the games shown.":
    "Wertung: Mittel − 3 × Streuung (OpenSkill, Plackett–Luce); sie stützt sich auf die gezeigten Partien.",
  "{n} rated players": "{n} gewertete Spieler",
  "No rated game yet (a game is rated once it is finished and judged to the end).":
    "Noch keine gewertete Partie (gewertet wird eine Partie, wenn sie beendet und bis zum Ende geprüft ist).",
  "The players could not be loaded: {message}": "Die Spieler konnten nicht geladen werden: {message}",
  "{games} games, {wins} wins; names in logs: {names}": "{games} Partien, {wins} Siege; Namen in Protokollen: {names}",
  "{a} against {b}: {n} games together": "{a} gegen {b}: {n} gemeinsame Partien",
  "Decisions: {d} valued in {a} of {g} games; mean points given away per decision: {p}.":
    "Entscheidungen: {d} bewertet in {a} von {g} Partien; im Mittel verschenkte Punkte je Entscheidung: {p}.",
  "Mean win chance given away per decision: {w}; mean luck per game: {l}.":
    "Im Mittel verschenkte Siegchance je Entscheidung: {w}; mittleres Glück je Partie: {l}.",
  "Games not analysed have no valued decisions (flip7 ingest --analyze values them).":
    "Nicht analysierte Partien haben keine bewerteten Entscheidungen (flip7 ingest --analyze bewertet sie).",
  "Skill apart from luck needs decisions valued in win chance, which the store's analysis does not hold yet.":
    "Können ohne Glück braucht Entscheidungen in Siegchance bewertet; die Analyse im Speicher hat das noch nicht.",
  "finished ahead": "vorne beendet", "mean total": "mittlere Summe", "rating change": "Wertungsänderung",
});
translatePage();
document.title = document.title.replace("players", t("players"));

const $ = (id) => document.getElementById(id);
const number = (x, digits = 2) => (x === null || x === undefined ? "–" : Number(x).toFixed(digits));

async function getJson(url) {
  const response = await fetch(url);
  const body = await response.json();
  if (!response.ok) throw new Error(body.detail || response.statusText);
  return body;
}

function cells(values) {
  return el("tr", {}, values.map((v) => (v instanceof Node ? el("td", {}, v) : el("td", { text: String(v) }))));
}

async function loadBoard() {
  const params = new URLSearchParams();
  if ($("ruleset").value) params.set("ruleset", $("ruleset").value);
  $("status").classList.remove("error");
  try {
    const board = await getJson(`/v1/ratings?${params}`);
    $("board").tBodies[0].replaceChildren(
      ...board.ratings.map((r) => cells([r.rank, el("a", { href: `/players?id=${r.id}`, text: r.name }), number(r.rating), r.games, r.wins])),
    );
    $("status").textContent = board.ratings.length ? t("{n} rated players", { n: board.ratings.length }) : t("No rated game yet (a game is rated once it is finished and judged to the end).");
  } catch (error) {
    $("status").textContent = t("The players could not be loaded: {message}", { message: error.message });
    $("status").classList.add("error");
  }
}

async function loadProfile(id) {
  try {
    const [profile, listing] = await Promise.all([getJson(`/v1/players/${id}`), getJson("/v1/players")]);
    $("profile").hidden = false;
    $("profile-name").textContent = profile.name;
    $("profile-summary").textContent = t("{games} games, {wins} wins; names in logs: {names}", {
      games: profile.games, wins: profile.wins, names: profile.names.join(", "),
    });
    const skill = profile.skill;
    const notes = {
      "not-analysed": "Games not analysed have no valued decisions (flip7 ingest --analyze values them).",
      "no-win-chance": "Skill apart from luck needs decisions valued in win chance (flip7 ingest --analyze --win values them).",
    };
    $("profile-skill").replaceChildren(
      t("Decisions: {d} valued in {a} of {g} games; mean points given away per decision: {p}.", {
        d: skill.decisions, a: skill.analysed_games, g: skill.games, p: number(skill.mean_points_lost),
      }),
      skill.mean_win_chance_lost === null ? "" : ` ${t("Mean win chance given away per decision: {w}; mean luck per game: {l}.", {
        w: number(skill.mean_win_chance_lost, 4), l: number(skill.mean_luck_per_game, 3),
      })}`,
      ...skill.notes.map((n) => el("span", { class: "note", "data-note": n, text: ` ${t(notes[n])}` })),
    );
    $("profile-ratings").tBodies[0].replaceChildren(
      ...Object.entries(profile.ratings).map(([scope, r]) => cells([scope, number(r.rating), number(r.mu), number(r.sigma), r.games, r.wins])),
    );
    const others = listing.players.filter((p) => p.id !== profile.id);
    $("against").replaceChildren(el("option", { value: "", text: t("(choose a player)") }), ...others.map((p) => el("option", { value: String(p.id), text: p.name })));
    $("against").onchange = () => loadAgainst(id, $("against").value);
  } catch (error) {
    $("status").textContent = t("The players could not be loaded: {message}", { message: error.message });
    $("status").classList.add("error");
  }
}

async function loadAgainst(id, other) {
  if (!other) {
    $("h2h").replaceChildren();
    return;
  }
  const profile = await getJson(`/v1/players/${id}?against=${other}`);
  const h2h = profile.against;
  const [a, b] = h2h.players;
  const head = el("tr", {}, [t("Player"), t("Wins"), t("finished ahead"), t("mean total"), t("rating change")].map((c) => el("th", { scope: "col", text: c })));
  const rows = [a, b].map((s) => cells([s.name, s.wins, s.ahead, number(s.mean_total, 1), (s.rating_change >= 0 ? "+" : "") + number(s.rating_change)]));
  $("h2h").replaceChildren(
    el("p", { id: "h2h-title", text: t("{a} against {b}: {n} games together", { a: a.name, b: b.name, n: h2h.games }) }),
    el("div", { class: "scroll" }, el("table", { class: "score-table", "aria-labelledby": "h2h-title" }, el("thead", {}, head), el("tbody", {}, rows))),
  );
}

// the ruleset filter's choices, from the server's rulesets (GET /v1/rulesets): ratings are kept per
// ruleset, its modes' games included; the page names none
async function fillRulesets() {
  try {
    const response = await fetch(`/v1/rulesets?lang=${LANGUAGE}`);
    if (!response.ok) return;
    const { rulesets } = await response.json();
    $("ruleset").append(...rulesets.map((r) => el("option", { value: r.name, text: r.modes.length ? t("{name} (every mode)", { name: r.name }) : r.name })));
  } catch (_) {
    // without the list the filter offers all games only; the leaderboard still loads
  }
}

fillRulesets();
$("ruleset").addEventListener("change", loadBoard);
$("filters").addEventListener("submit", (event) => {
  event.preventDefault();
  loadBoard();
});
// ?id=N opens a player's profile; ?name=X (the viewer's and the statistics page's links from a name in
// a log) asks the server which player that name stands for (GET /v1/players/find)
const query = new URLSearchParams(location.search);
const shown = query.get("id");
if (shown && /^\d+$/.test(shown)) loadProfile(shown);
else if (query.get("name")) {
  getJson(`/v1/players/find?name=${encodeURIComponent(query.get("name"))}`)
    .then((found) => loadProfile(String(found.id)))
    .catch((error) => {
      $("status").textContent = t("The players could not be loaded: {message}", { message: error.message });
      $("status").classList.add("error");
    });
}
loadBoard();
