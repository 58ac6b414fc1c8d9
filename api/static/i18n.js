// The pages' language: German where the browser asks for it first (navigator.languages), else
// English. t("English text with {name}", { name }) gives the text in that language; the English
// text is its own key, so a string without a German entry stays English. translatePage() puts the
// static text of the HTML (text, placeholders, labels, titles) into that language.
"use strict";

const LANGUAGE = (() => {
  const asked = [...(navigator.languages || []), navigator.language || "en"].map((l) => String(l).toLowerCase().slice(0, 2));
  return asked.find((l) => l === "de" || l === "en") || "en";
})();

const GERMAN = {
  // both pages
  "Viewer": "Viewer", "Live table": "Live-Tisch", "Statistics": "Statistik", "API": "API",
  "replay viewer": "Partie-Viewer", "statistics": "Statistik",
  // the viewer: loading a log
  "Skip to the table": "Zum Tisch springen",
  "Open a log": "Ein Protokoll öffnen",
  "Paste a log (JSON Lines, one event per line, or a JSON array of events)":
    "Protokoll einfügen (JSON Lines, ein Ereignis pro Zeile, oder ein JSON-Array von Ereignissen)",
  "Or upload a file:": "Oder eine Datei hochladen:",
  "Check and show": "Prüfen und zeigen",
  "Or open a stored game": "Oder eine gespeicherte Partie öffnen",
  "search by id or player": "nach Kennung oder Spieler suchen",
  "Stored games": "Gespeicherte Partien",
  "Open": "Öffnen",
  "Previous page of games": "Vorige Seite der Partien",
  "Next page of games": "Nächste Seite der Partien",
  "(loading…)": "(wird geladen …)",
  "(choose a game)": "(Partie wählen)",
  "(no stored game)": "(keine Partie gespeichert)",
  "(no stored game matches “{search}”)": "(keine gespeicherte Partie passt zu „{search}“)",
  "(the store cannot be read: {message})": "(der Speicher ist nicht lesbar: {message})",
  "games {first}–{last}": "Partien {first}–{last}",
  ", more on the next page": ", weitere auf der nächsten Seite",
  " (searched)": " (gesucht)",
  "{n} players": "{n} Spieler",
  "valid": "gültig",
  "{n} violations": "{n} Regelverstöße",
  "1 violation": "1 Regelverstoß",
  "Judging {label}…": "{label} wird geprüft …",
  "the log": "das Protokoll",
  "game {id}": "Partie {id}",
  "The server could not be reached: {error}": "Der Server ist nicht erreichbar: {error}",
  "{label}: {events} events, {result}.": "{label}: {events} Ereignisse, {result}.",
  "Paste a log or choose a file first.": "Bitte zuerst ein Protokoll einfügen oder eine Datei wählen.",
  "Choose a stored game first.": "Bitte zuerst eine gespeicherte Partie wählen.",
  // the viewer: the game
  "Game": "Partie",
  "(no valid game line)": "(keine gültige game-Zeile)",
  "⇤ First": "⇤ Anfang", "← Back": "← Zurück", "Next →": "Weiter →", "Last ⇥": "Ende ⇥",
  "First violation": "Erster Verstoß", "Round": "Runde",
  "First event (Home)": "Erstes Ereignis (Pos1)", "Previous event": "Voriges Ereignis", "Previous event (←)": "Voriges Ereignis (←)",
  "Next event": "Nächstes Ereignis", "Next event (→)": "Nächstes Ereignis (→)", "Last event (End)": "Letztes Ereignis (Ende)",
  "First violation (V)": "Erster Verstoß (V)", "Jump to a round": "Zu einer Runde springen",
  "Step through the events": "Durch die Ereignisse gehen", "Event on the timeline": "Ereignis auf der Zeitleiste",
  "Keys: ← → step, Home / End, PgUp / PgDn round, V first violation.":
    "Tasten: ← → Schritt, Pos1 / Ende, Bild↑ / Bild↓ Runde, V erster Verstoß.",
  "Events": "Ereignisse",
  "event {at} of {last}": "Ereignis {at} von {last}",
  "✔ Valid: every move follows the rules.": "✔ Gültig: jeder Zug folgt den Regeln.",
  "✘ {count}.": "✘ {count}.",
  " Finished; winner {winner}.": " Beendet; Sieger: {winner}.",
  " Not finished.": " Nicht beendet.",
  "Event {n} (line {line})": "Ereignis {n} (Zeile {line})",
  "Event {n}": "Ereignis {n}",
  " (line {line}): {what}": " (Zeile {line}): {what}",
  "Violation ": "Verstoß ", "of rule ": "gegen die Regel ",
  "The replay stopped at event {n}: the table below is the one before that illegal move, and it no longer changes.":
    "Die Wiedergabe endete bei Ereignis {n}: der Tisch unten ist der vor diesem unerlaubten Zug und ändert sich nicht mehr.",
  "an unreadable line": "eine unlesbare Zeile",
  "the game begins": "die Partie beginnt",
  "round {n} begins": "Runde {n} beginnt",
  "{card} to {who}": "{card} an {who}",
  "{who} hits": "{who} sagt „noch eine“",
  "{who} stays": "{who} sagt „Stopp“",
  "the discard pile is shuffled into a new draw pile": "der Ablagestapel wird zum neuen Nachziehstapel gemischt",
  "score claim": "Punkteangabe",
  "end claim": "Angabe zum Spielende",
  "{who} gives {card} to {target}": "{who} gibt {card} an {target}",
  "No table: the game line could not be read.": "Kein Tisch: die game-Zeile ist nicht lesbar.",
  "between rounds ({n} played)": "zwischen den Runden ({n} gespielt)",
  "Dealer": "Geber", "Next": "Als Nächstes", "Draw pile": "Nachziehstapel", "Discard pile": "Ablagestapel",
  "Set aside": "Beiseitegelegt", "Winner": "Sieger", "{n} cards": "{n} Karten",
  "busted: a second {n} (event {j})": "verzockt: eine zweite {n} (Ereignis {j})",
  "busted (event {j})": "verzockt (Ereignis {j})",
  "stayed (event {j})": "„Stopp“ gesagt (Ereignis {j})",
  "frozen by {who} (event {j})": "eingefroren von {who} (Ereignis {j})",
  "frozen (event {j})": "eingefroren (Ereignis {j})",
  "Flip 7! (event {j})": "Flip 7! (Ereignis {j})",
  // the game's words (hit, stay, busted, dealer, winner, a ruleset's statuses …) are the server's
  // glossary (GET /v1/words), put in below once it arrives; a row's notes come in the page's language
  "no cards": "keine Karten",
  "Round: ": "Runde: ", " · Game: ": " · Partie: ",
  "Scores": "Punkte", "Player": "Spieler", "Total": "Gesamt", "R{n} now": "R{n} jetzt",
  "red": "rot", ": busted · ": ": verzockt · ", "purple, bold": "violett, fett", ": Flip 7": ": Flip 7",
  // the live table's screen (/table/<id>/screen)
  "table screen": "Tischbildschirm", "Join with the code": "Mitmachen mit dem Code", "Rows": "Reihen",
  "QR code of the read link": "QR-Code des Lese-Links",
  "Last events": "Letzte Ereignisse", "Finished: the game is stored as {game}.": "Beendet: das Spiel ist als {game} gespeichert.",
  "live": "live", "reconnecting…": "verbinde neu …",
  // the live table's page (/table/<id>): what its own words (table.js) leave to these
  "Pages": "Seiten", "Cards": "Karten",
  // the statistics page
  "Statistics of the stored games": "Statistik der gespeicherten Partien",
  "everyone": "alle", "Ingested since": "Gespeichert seit", "Apply": "Anwenden",
  "Loading…": "Wird geladen …",
  "The statistics could not be loaded: {message}": "Die Statistik ist nicht ladbar: {message}",
  "No stored game matches these filters.": "Keine gespeicherte Partie passt zu diesen Filtern.",
  "No game is stored yet (flip7 ingest stores some).": "Noch keine Partie gespeichert (flip7 ingest speichert welche).",
  "Ruleset": "Regelwerk", "all games": "alle Partien", "{name} (every mode)": "{name} (jeder Modus)",
  "{n} figures": "{n} Abbildungen", " (filtered)": " (gefiltert)",
  "The numbers": "Die Zahlen",
  // the figure of the stored decisions (flip7 ingest --analyze)
  "Points given away by bust chance": "Verschenkte Punkte nach Risiko, sich zu verzocken",
  "Games stored with their decisions (flip7 ingest --analyze): by the chance that the next card would bust the row, the points of expected round score a stay and a hit gave away on average. Staying too early costs at a low chance, hitting too long at a high one.":
    "Partien, die mit ihren Entscheidungen gespeichert sind (flip7 ingest --analyze): nach dem Risiko, dass die nächste Karte die Reihe verzockt, die Punkte erwarteten Rundenergebnisses, die ein Stopp und eine weitere Karte im Mittel verschenkt haben. Zu früh „Stopp“ kostet bei kleinem Risiko, zu lange „noch eine“ bei großem.",
  "← scroll sideways to see the whole chart →": "← seitlich scrollen, um die ganze Grafik zu sehen →",
  // the viewer: the decision analysis
  "Valuing the decisions…": "Die Entscheidungen werden bewertet …",
  "No decision analysis for this ruleset yet.": "Für dieses Regelwerk gibt es noch keine Entscheidungsanalyse.",
  "The decisions could not be valued: {message}": "Die Entscheidungen sind nicht bewertbar: {message}",
  "inaccuracy": "Ungenauigkeit", "mistake": "Fehler", "blunder": "grober Fehler",
  "Decisions": "Entscheidungen", "Points given away": "Verschenkte Punkte", "Accuracy": "Genauigkeit",
  ": {player} gives away {loss} points ({best} was better)": ": {player} verschenkt {loss} Punkte ({best} war besser)",
  "{player}: the best choice": "{player}: die beste Wahl",
  "{player} gives away {loss} points": "{player} verschenkt {loss} Punkte",
  "Round value": "Rundenwert", " · bust chance {p} %": " · Risiko, sich zu verzocken: {p} %", " · look-ahead": " · Vorausschau",
  " · Monte Carlo, {n} playouts, ±{w}": " · Monte Carlo, {n} Ausspielungen, ±{w}",
  "hit {hit}, stay {stay}": "noch eine {hit}, Stopp {stay}",
  "{card}: value of each target": "{card}: Wert jedes Ziels",
  // the viewer: the chance to win (flip7-analysis/2, asked for only when opened)
  "Chance to win": "Siegchance",
  "Show the chance to win": "Siegchance zeigen", "Hide the chance to win": "Siegchance verbergen",
  "Working out every player's chance to win… (this takes a while)": "Die Siegchance jedes Spielers wird berechnet … (das dauert eine Weile)",
  "No chance to win for this game: {message}": "Keine Siegchance für diese Partie: {message}",
  "The server is busy, try again later: {message}": "Der Server ist ausgelastet, bitte später noch einmal: {message}",
  "The chance to win could not be worked out: {message}": "Die Siegchance ließ sich nicht berechnen: {message}",
  "The model gives this game no chance to win ({reason}).": "Das Modell gibt dieser Partie keine Siegchance ({reason}).",
  "Whose chance": "Wessen Chance", "(whose turn it is)": "(wer am Zug ist)",
  "{player}: {w} % to win": "{player}: {w} % Siegchance",
  "{card} to {player}: {luck} pp luck": "{card} an {player}: {luck} Prozentpunkte Glück",
  "Chance to win after each option: {options}": "Siegchance nach jeder Wahl: {options}",
  "{player} loses {error} pp of chance to win": "{player} verliert {error} Prozentpunkte Siegchance",
  "Round points say {round}; the game says {game}.": "Die Rundenpunkte sagen {round}; die Partie sagt {game}.",
  "Each player's chance to win over the game": "Siegchance jedes Spielers im Lauf der Partie",
  "Event {n}: {chances}": "Ereignis {n}: {chances}",
  "Model {name}, an approximation ({n} playouts per position and option): {assumptions}":
    "Modell {name}, eine Näherung ({n} Ausspielungen je Stellung und Wahl): {assumptions}",
  "Luck": "Glück", "Result": "Ergebnis", "Without the luck": "Ohne das Glück", "Accuracy (win)": "Genauigkeit (Sieg)",
  "games": "Partien", "invalid": "ungültig", "complete": "vollständig", "finished": "beendet", "rounds": "Runden", "events": "Ereignisse",
};

function t(text, params = {}) {
  const template = (LANGUAGE === "de" && GERMAN[text]) || text;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// A row's note as the server sent it: the server says it in the asked language (the table view's
// and the timeline's sentences); the page does not translate the server's words.
function tNote(note) {
  return note;
}

// The game's words, one glossary for every page and command: the server's (GET /v1/words), in
// English and German, entered here under their English word so that t("hit") says "noch eine".
// Asked for before any page draws (a small answer from the same server), so no page ever shows a
// game word in English first; offline, the words stay as the page wrote them.
function serverWords(lang) {
  try {
    const request = new XMLHttpRequest();
    request.open("GET", `/v1/words?lang=${lang}`, false);
    request.send();
    return request.status === 200 ? JSON.parse(request.responseText).words || {} : {};
  } catch {
    return {};
  }
}

if (LANGUAGE !== "en") {
  const english = serverWords("en"), german = serverWords("de");
  for (const [key, word] of Object.entries(english)) {
    if (german[key] && !GERMAN[word]) GERMAN[word] = german[key];
  }
}

// A number in the page's language: 37.8 in English, 37,8 in German (at most ``digits`` decimals).
function formatNumber(value, digits = 1) {
  return new Intl.NumberFormat(LANGUAGE, { maximumFractionDigits: digits }).format(value);
}

// One event of a log in words (``label`` names a card as the table shows it).
function describeEvent(e, label) {
  if (!e || !e.type) return t("an unreadable line");
  const who = e.player ?? "";
  switch (e.type) {
    case "game": return t("the game begins");
    case "round": return t("round {n} begins", { n: e.round });
    case "card": return t("{card} to {who}", { card: label(e.card), who });
    case "target": return t("{who} gives {card} to {target}", { who, card: label(e.card), target: e.target });
    case "hit": return t("{who} hits", { who });
    case "stay": return t("{who} stays", { who });
    case "shuffle": return t("the discard pile is shuffled into a new draw pile");
    default: return `${e.type}${who ? " " + who : ""}`;
  }
}

// "1 violation" or "2 violations" in the page's language
function violationCount(n) {
  return n === 1 ? t("1 violation") : t("{n} violations", { n });
}

function translatePage() {
  document.documentElement.lang = LANGUAGE;
  if (LANGUAGE === "en") return;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (text && GERMAN[text]) node.nodeValue = node.nodeValue.replace(text, GERMAN[text]);
  }
  for (const name of ["placeholder", "aria-label", "title"]) {
    for (const element of document.querySelectorAll(`[${name}]`)) {
      const value = element.getAttribute(name);
      if (GERMAN[value]) element.setAttribute(name, GERMAN[value]);
    }
  }
  document.title = document.title.replace("replay viewer", GERMAN["replay viewer"]).replace("statistics", GERMAN.statistics);
}

translatePage();
