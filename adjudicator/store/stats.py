"""The canned statistics: each one is a single named, documented SQL query over the store.

Every query takes the same three parameters, ``$player`` (a name, or NULL for everyone),
``$since`` (an ingest time in UTC, or NULL for all time) and ``$ruleset`` (a ruleset's name, such as
``vengeance`` with its Brutal games, or a whole label, ``vengeance (brutal)``; NULL for every game). Apart from ``overview`` they count only
*complete* games: those whose replay ran to the end of the log (valid games, and games whose only
faults are wrong score or winner claims); a log stopped by an illegal move is left out, because its
rounds stop in the middle. ``docs/storage.md`` lists the same queries (``render_markdown``
writes that section and a test keeps the two equal).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import duckdb

from adjudicator.analysis.report import ACCURACY_SCALE, THRESHOLDS
from adjudicator.analysis.win import ACCURACY_A, ACCURACY_B, ACCURACY_K
from adjudicator.messages import glossary
from adjudicator.rulesets import KITS, RULESETS
from adjudicator.statistic import BUST_COLUMNS, FILTERS, GAMES, RULESET_GAMES, Statistic


@dataclass(frozen=True, slots=True)
class StatResult:
    """A statistic's table: its definition, column names and rows."""

    statistic: Statistic
    columns: list[str]
    rows: list[tuple[Any, ...]]

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        """Plain data for ``--json``: name, title, explanation, columns and rows as objects; in
        German (``lang="de"``) the title, explanation, column names and worded values are German."""
        if lang == "en":
            return {
                "name": self.statistic.name,
                "title": self.statistic.title,
                "explanation": self.statistic.explanation,
                "columns": self.columns,
                "rows": [dict(zip(self.columns, row, strict=True)) for row in self.rows],
            }
        columns, rows = self.worded(lang)
        return {
            "name": self.statistic.name,
            "title": self.statistic.title_in(lang),
            "explanation": self.statistic.explanation_in(lang),
            "columns": columns,
            "rows": [dict(zip(columns, row, strict=True)) for row in rows],
        }

    def worded(self, lang: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        """The column names and rows in ``lang``: a column's name and its worded values (``column=value``)."""
        s = self.statistic
        columns = [s.word(c, lang) for c in self.columns]
        rows = [
            tuple(
                (outcome_word(v, lang) if c == "outcome" else s.word(f"{c}={v}", lang, v)) if isinstance(v, str) else v
                for c, v in zip(self.columns, row, strict=True)
            )
            for row in self.rows
        ]
        return columns, rows


def outcome_word(outcome: str, lang: str) -> str:
    """How a player's round ended (the verdict's ``outcome``: a status, or ``in``) in ``lang``'s game words."""
    if lang == "en":
        return outcome
    words = glossary(lang, *(rules.messages for rules in RULESETS.values()))
    return words.get("still_in" if outcome == "in" else outcome, outcome)


#: The statistics every ruleset's games have (a kit adds its own: ``kit_statistics``).
_SHARED: tuple[Statistic, ...] = (
    Statistic(
        "overview",
        "Games",
        "Every stored game (also invalid ones): how many are valid, finished, and how many rounds "
        "and events they hold. The other tables count complete games only.",
        """\
SELECT count(*) AS games,
       count(*) FILTER (WHERE valid) AS valid,
       count(*) FILTER (WHERE NOT valid) AS invalid,
       count(*) FILTER (WHERE complete) AS complete,
       count(*) FILTER (WHERE finished) AS finished,
       coalesce(sum(n_rounds), 0) AS rounds,
       coalesce(sum(n_events), 0) AS events
FROM games
WHERE """ + FILTERS.replace("\n      ", "\n  "),
    ),
    Statistic(
        "players",
        "Players",
        "Per player: games played and finished, wins and win rate (of finished games), rounds "
        "played to their end, average round score, how often a round ended in a bust, and Flip 7s.",
        GAMES
        + """,
per_game AS (
    SELECT gp.player,
           count(*) AS games,
           count(*) FILTER (WHERE g.finished) AS finished,
           count(*) FILTER (WHERE g.finished AND gp.won) AS wins
    FROM game_players gp JOIN g ON gp.game = g.id
    WHERE $player IS NULL OR gp.player = $player
    GROUP BY gp.player
),
per_round AS (
    SELECT pr.player,
           count(*) AS rounds,
           avg(pr.score) AS avg_round_score,
           avg((pr.outcome = 'busted')::INTEGER) AS bust_rate,
           count(*) FILTER (WHERE pr.flip7) AS flip7s
    FROM player_rounds pr JOIN g ON pr.game = g.id
    WHERE pr.outcome <> 'playing' AND ($player IS NULL OR pr.player = $player)
    GROUP BY pr.player
)
SELECT per_game.player, games, finished, wins,
       round(wins / nullif(finished, 0), 3) AS win_rate,
       coalesce(rounds, 0) AS rounds,
       round(avg_round_score, 2) AS avg_round_score,
       round(bust_rate, 3) AS bust_rate,
       coalesce(flip7s, 0) AS flip7s
FROM per_game LEFT JOIN per_round USING (player)
ORDER BY games DESC, per_game.player""",
    ),
    Statistic(
        "seat_wins",
        "Win rate by seat",
        "Seats counted from the first dealer: seat 1 is left of the dealer (dealt first, plays "
        "first), the last seat is the first dealer. Finished games, by table size; a seat with no "
        "edge wins its fair share (1 / players).",
        GAMES
        + """
SELECT len(g.players) AS players,
       gp.deal_order AS seat,
       count(*) AS games,
       count(*) FILTER (WHERE gp.won) AS wins,
       round(avg(gp.won::INTEGER), 3) AS win_rate,
       round(1 / len(g.players), 3) AS fair_share
FROM game_players gp JOIN g ON gp.game = g.id
WHERE g.finished AND ($player IS NULL OR gp.player = $player)
GROUP BY ALL
ORDER BY players, seat""",
    ),
    Statistic(
        "round_score_by_outcome",
        "Round score by outcome",
        "How a player's round ended (stayed, frozen, busted, flip7, or still in when another "
        "player's Flip 7 ended it) and what it scored on average. Rounds still being played are left out.",
        GAMES
        + """
SELECT pr.outcome,
       count(*) AS rounds,
       round(avg(pr.score), 2) AS avg_score,
       min(pr.score) AS min_score,
       max(pr.score) AS max_score
FROM player_rounds pr JOIN g ON pr.game = g.id
WHERE pr.outcome <> 'playing' AND ($player IS NULL OR pr.player = $player)
GROUP BY pr.outcome
ORDER BY avg_score DESC, pr.outcome""",
    ),
    Statistic(
        "bust_risk",
        "Busts by numbers in the row",
        "Each hit, by how many different numbers the row held before it: how often it busted, "
        "beside the exact chance it would, from the cards really left in the draw pile at that "
        "moment (0 while holding a Second Chance). A high expected rate means bold hitting; "
        "actual above expected means bad luck.",
        GAMES
        + """
SELECT h.distinct_numbers,
""" + BUST_COLUMNS + """GROUP BY h.distinct_numbers
ORDER BY h.distinct_numbers""",
    ),
    Statistic(
        "flip7_rate",
        "Flip 7",
        "How often a row reached seven different numbers: per player and round, and as the share "
        "of rounds that a Flip 7 ended.",
        GAMES
        + """
SELECT count(*) AS player_rounds,
       count(*) FILTER (WHERE pr.flip7) AS flip7s,
       round(flip7s / nullif(player_rounds, 0), 4) AS per_player_round,
       count(DISTINCT (pr.game, pr.round)) AS rounds,
       round(flip7s / nullif(rounds, 0), 4) AS per_round
FROM player_rounds pr JOIN g ON pr.game = g.id
WHERE pr.outcome <> 'playing' AND ($player IS NULL OR pr.player = $player)""",
    ),
    Statistic(
        "flip7_by_players",
        "Flip 7 by player count",
        "The Flip 7 rate by the number of players at the table: per player and round, and as the "
        "share of rounds that a Flip 7 ended.",
        GAMES
        + """
SELECT len(g.players) AS players,
       count(*) AS player_rounds,
       count(*) FILTER (WHERE pr.flip7) AS flip7s,
       round(flip7s / nullif(player_rounds, 0), 4) AS per_player_round,
       count(DISTINCT (pr.game, pr.round)) AS rounds,
       round(flip7s / nullif(rounds, 0), 4) AS per_round
FROM player_rounds pr JOIN g ON pr.game = g.id
WHERE pr.outcome <> 'playing' AND ($player IS NULL OR pr.player = $player)
GROUP BY len(g.players)
ORDER BY players""",
    ),
    Statistic(
        "rounds_per_game",
        "Rounds per game",
        "How many rounds finished games took.",
        GAMES
        + """
SELECT games.n_rounds AS rounds,
       count(*) AS games,
       round(count(*) / sum(count(*)) OVER (), 3) AS share
FROM games JOIN g ON games.id = g.id
WHERE g.finished
GROUP BY games.n_rounds
ORDER BY rounds""",
    ),
    Statistic(
        "score_distribution",
        "Round scores",
        "Round scores in bands of 10 points (busted rows score 0 and are counted apart too). "
        "Rounds still being played are left out.",
        GAMES
        + """
SELECT (pr.score // 10) * 10 AS from_score,
       (pr.score // 10) * 10 + 9 AS to_score,
       count(*) AS player_rounds,
       count(*) FILTER (WHERE pr.outcome = 'busted') AS busted,
       round(count(*) / sum(count(*)) OVER (), 3) AS share
FROM player_rounds pr JOIN g ON pr.game = g.id
WHERE pr.outcome <> 'playing' AND ($player IS NULL OR pr.player = $player)
GROUP BY ALL
ORDER BY from_score""",
    ),    Statistic(
        "by_ruleset",
        "By ruleset",
        "The core figures apart for each ruleset (the base game, With a Vengeance, and its Brutal "
        "mode): player-rounds played to their end, average round score, bust and Flip 7 rates, and "
        "rounds that scored below 0 (only possible in Brutal mode).",
        RULESET_GAMES
        + """
SELECT g.ruleset,
       count(DISTINCT g.id) AS games,
       count(*) AS player_rounds,
       round(avg(pr.score), 2) AS avg_round_score,
       round(avg((pr.outcome = 'busted')::INTEGER), 3) AS bust_rate,
       round(avg(pr.flip7::INTEGER), 4) AS flip7_rate,
       count(*) FILTER (WHERE pr.score < 0) AS negative_rounds
FROM player_rounds pr JOIN g ON pr.game = g.id
WHERE pr.outcome <> 'playing' AND ($player IS NULL OR pr.player = $player)
GROUP BY g.ruleset
ORDER BY g.ruleset""",
    ),
    Statistic(
        "bust_risk_by_ruleset",
        "Busts by numbers in the row, per ruleset",
        "As 'Busts by numbers in the row', apart for each ruleset: the exact chance of a bust at "
        "each hit comes from the real draw pile and the ruleset's own bust rule (a Second Chance; "
        "the Lucky 13 and the Unlucky 7).",
        RULESET_GAMES
        + """
SELECT g.ruleset,
       h.distinct_numbers,
""" + BUST_COLUMNS + """GROUP BY g.ruleset, h.distinct_numbers
ORDER BY g.ruleset, h.distinct_numbers""",
    ),
)



#: The shared statistics' titles and explanations in German.
_GERMAN: dict[str, tuple[str, str]] = {
    "overview": (
        "Partien",
        "Jede gespeicherte Partie (auch ungültige): wie viele gültig und beendet sind, und wie viele Runden "
        "und Ereignisse sie enthalten. Die übrigen Tabellen zählen nur vollständige Partien.",
    ),
    "players": (
        "Spieler",
        "Je Spieler: gespielte und beendete Partien, Siege und Siegquote (der beendeten Partien), bis zum Ende "
        "gespielte Runden, Rundenpunkte im Mittel, wie oft eine Runde verzockt endete, und Flip 7.",
    ),
    "seat_wins": (
        "Siegquote nach Platz",
        "Plätze ab dem ersten Geber gezählt: Platz 1 sitzt links vom Geber (bekommt zuerst, spielt zuerst), "
        "der letzte Platz ist der erste Geber. Beendete Partien nach Tischgröße; ein Platz ohne Vorteil "
        "gewinnt seinen fairen Anteil (1 / Spielerzahl).",
    ),
    "round_score_by_outcome": (
        "Rundenpunkte nach Rundenende",
        "Wie die Runde eines Spielers endete (Stopp, eingefroren, verzockt, Flip 7, oder noch dabei, als der "
        "Flip 7 eines anderen sie beendete) und was sie im Mittel brachte. Laufende Runden zählen nicht.",
    ),
    "bust_risk": (
        "Verzockt nach Zahlen in der Reihe",
        "Jedes „noch eine“, nach der Zahl verschiedener Zahlen in der Reihe davor: wie oft es verzockte, neben "
        "dem genauen Risiko dafür aus den Karten, die da wirklich im Nachziehstapel lagen (0 mit einer Second "
        "Chance). Ein hohes erwartetes Risiko heißt mutig gezogen; tatsächlich über erwartet heißt Pech.",
    ),
    "flip7_rate": (
        "Flip 7",
        "Wie oft eine Reihe sieben verschiedene Zahlen erreichte: je Spieler und Runde, und als Anteil der "
        "Runden, die ein Flip 7 beendete.",
    ),
    "flip7_by_players": (
        "Flip 7 nach Spielerzahl",
        "Die Flip-7-Quote nach der Zahl der Spieler am Tisch: je Spieler und Runde, und als Anteil der "
        "Runden, die ein Flip 7 beendete.",
    ),
    "rounds_per_game": ("Runden je Partie", "Wie viele Runden beendete Partien dauerten."),
    "score_distribution": (
        "Rundenpunkte",
        "Rundenpunkte in Stufen von 10 Punkten (verzockte Reihen bringen 0 und sind auch eigens gezählt). "
        "Laufende Runden zählen nicht.",
    ),
    "by_ruleset": (
        "Nach Regelwerk",
        "Die Kernzahlen je Regelwerk (und Modus) getrennt: bis zum Ende gespielte Spielerrunden, Rundenpunkte "
        "im Mittel, Anteil verzockt und Flip-7-Quote, und Runden unter 0 Punkten (nur in manchen Modi möglich).",
    ),
    "bust_risk_by_ruleset": (
        "Verzockt nach Zahlen in der Reihe, je Regelwerk",
        "Wie „Verzockt nach Zahlen in der Reihe“, je Regelwerk getrennt: das genaue Risiko bei jedem „noch "
        "eine“ kommt aus dem wirklichen Nachziehstapel und der eigenen Regel des Regelwerks fürs Verzocken.",
    ),
    "decision_accuracy": (
        "Genauigkeit der Entscheidungen je Spieler",
        "Partien, die mit ihren Entscheidungen gespeichert sind (flip7 ingest --analyze): je Spieler die "
        "bewerteten Entscheidungen, die Punkte erwarteten Rundenergebnisses, die seine Wahl verschenkt hat "
        "(insgesamt und je Entscheidung), seine Genauigkeit (das Mittel von "
        f"100·exp(−Verlust/{ACCURACY_SCALE:g}), 100: jede Wahl die beste) und seine Markierungen (Ungenauigkeit "
        f"ab einem Verlust von {THRESHOLDS['inaccuracy']:g}, Fehler ab {THRESHOLDS['mistake']:g}, grober Fehler "
        f"ab {THRESHOLDS['blunder']:g}; docs/analysis.md).",
    ),
    "stay_or_hit_losses": (
        "Zu früh Stopp, zu lange noch eine",
        "Entscheidungen zwischen „noch eine“ und „Stopp“, deren Wahl nicht die beste war: je Spieler, wie oft "
        "er „Stopp“ sagte, wo „noch eine“ mehr wert war (zu früh Stopp), und wie oft „noch eine“, wo „Stopp“ "
        "mehr wert war (zu lange noch eine), und die Punkte erwarteten Rundenergebnisses, die beides verschenkte.",
    ),
    "win_accuracy_and_luck": (
        "Genauigkeit und Glück je Spieler (Siegchance)",
        "Partien, deren Entscheidungen nach der Siegchance bewertet gespeichert sind (flip7 ingest --analyze --win; "
        "eine Monte-Carlo-Schätzung des Modells flip7-w1, ihr Rauschen steht in docs/analysis.md): je Spieler die so "
        "bewerteten Entscheidungen, die Prozentpunkte Siegchance, die seine Wahl im Mittel verschenkte, seine "
        "Genauigkeit (die Formel von lichess auf diese Fehler: Mittel aus dem arithmetischen und dem harmonischen "
        "Mittel der Genauigkeit jeder Entscheidung; 100: stets die beste Wahl) und sein Glück (Prozentpunkte "
        "Siegchance, die ihm die Karten über die mittlere Karte des Stapels hinaus gaben), insgesamt und je Partie.",
    ),
    "loss_by_bust_chance": (
        "Verlust nach Risiko, sich zu verzocken",
        "Entscheidungen zwischen „noch eine“ und „Stopp“ in Stufen des Risikos, dass die nächste Karte die "
        "Reihe verzockt (aus den Karten, die wirklich im Stapel lagen): wie oft „Stopp“ und „noch eine“, die "
        "im Mittel verschenkten Punkte je „Stopp“ und je „noch eine“, und die als Fehler oder grober Fehler "
        "markierten Entscheidungen. Hoher Verlust bei „Stopp“ und kleinem Risiko ist zu früh Stopp; bei "
        "„noch eine“ und großem Risiko zu lange noch eine.",
    ),
}


def german(statistics: tuple[Statistic, ...], wording: dict[str, tuple[str, str]]) -> tuple[Statistic, ...]:
    """The ``statistics`` with their German title and explanation from ``wording`` (by name)."""
    return tuple(replace(s, de=wording[s.name]) if s.name in wording else s for s in statistics)


def kit_statistics() -> tuple[Statistic, ...]:
    """The statistics of the shipped kits' ``statistics`` facets (a module path whose
    ``STATISTICS`` lists them), in the registry's order."""
    found: list[Statistic] = []
    for kit in KITS:
        if kit.statistics is not None:
            found.extend(importlib.import_module(kit.statistics).STATISTICS)
    return tuple(found)


def listed(shared: tuple[Statistic, ...], own: tuple[Statistic, ...]) -> tuple[Statistic, ...]:
    """The ``shared`` statistics with the kits' ``own`` among them: each right after the one its
    ``after`` names, else after the shared ones (in the order given)."""
    out = list(shared)
    for statistic in own:
        at = len(out) if statistic.after is None else [s.name for s in out].index(statistic.after) + 1
        out.insert(at, statistic)
    return tuple(out)


#: The statistics of the decision analysis (``ingest --analyze``, table ``decisions``), after the others.
DECISION_STATISTICS: tuple[Statistic, ...] = (
    Statistic(
        "decision_accuracy",
        "Decision accuracy by player",
        "Games stored with their decisions (flip7 ingest --analyze): per player, the decisions valued, "
        "the points of expected round score their choices gave away (in all and per decision), "
        f"their accuracy (the mean of 100·exp(−loss/{ACCURACY_SCALE:g}), 100: every choice the best) and "
        f"their marks (inaccuracy from a loss of {THRESHOLDS['inaccuracy']:g}, mistake from "
        f"{THRESHOLDS['mistake']:g}, blunder from {THRESHOLDS['blunder']:g}; docs/analysis.md).",
        GAMES
        + f"""
SELECT d.player,
       count(DISTINCT d.game) AS games,
       count(*) AS decisions,
       round(sum(d.loss), 2) AS points_given_away,
       round(avg(d.loss), 3) AS avg_loss,
       round(avg(100 * exp(-greatest(d.loss, 0) / {ACCURACY_SCALE!r})), 1) AS accuracy,
       count(*) FILTER (WHERE d.mark = 'inaccuracy') AS inaccuracies,
       count(*) FILTER (WHERE d.mark = 'mistake') AS mistakes,
       count(*) FILTER (WHERE d.mark = 'blunder') AS blunders
FROM decisions d JOIN g ON d.game = g.id
WHERE $player IS NULL OR d.player = $player
GROUP BY d.player
ORDER BY accuracy DESC, d.player""",
    ),
    Statistic(
        "stay_or_hit_losses",
        "Stayed too early, hit too long",
        "Hit-or-stay decisions whose choice was not the best: per player, how often they stayed where "
        "hitting was worth more (stayed too early) and how often they hit where staying was (hit too "
        "long), and the points of expected round score each habit gave away.",
        GAMES
        + """
SELECT d.player,
       count(*) AS turns,
       count(*) FILTER (WHERE d.choice = 'stay' AND d.best = 'hit' AND d.loss > 0) AS stayed_too_early,
       round(coalesce(sum(d.loss) FILTER (WHERE d.choice = 'stay' AND d.best = 'hit'), 0), 2) AS points_staying,
       count(*) FILTER (WHERE d.choice = 'hit' AND d.best = 'stay' AND d.loss > 0) AS hit_too_long,
       round(coalesce(sum(d.loss) FILTER (WHERE d.choice = 'hit' AND d.best = 'stay'), 0), 2) AS points_hitting
FROM decisions d JOIN g ON d.game = g.id
WHERE d.kind = 'turn' AND ($player IS NULL OR d.player = $player)
GROUP BY d.player
ORDER BY points_staying + points_hitting DESC, d.player""",
    ),
    Statistic(
        "loss_by_bust_chance",
        "Loss by bust chance",
        "Hit-or-stay decisions in bands of the chance that the next card would bust the row (from "
        "the cards really left in the pile): how many stays and hits, the points given away on "
        "average by a stay and by a hit, and the decisions marked a mistake or a blunder. A high "
        "loss when staying at a low chance is staying too early; when hitting at a high one, hitting too long.",
        GAMES
        + """,
d AS (
    SELECT least(floor(d.bust_chance * 10), 9)::INTEGER AS band, d.choice, d.loss, d.mark
    FROM decisions d JOIN g ON d.game = g.id
    WHERE d.kind = 'turn' AND d.bust_chance IS NOT NULL AND ($player IS NULL OR d.player = $player)
)
SELECT band * 10 AS from_percent,
       band * 10 + 10 AS to_percent,
       count(*) AS decisions,
       count(*) FILTER (WHERE choice = 'stay') AS stays,
       round(avg(loss) FILTER (WHERE choice = 'stay'), 3) AS avg_loss_staying,
       count(*) FILTER (WHERE choice = 'hit') AS hits,
       round(avg(loss) FILTER (WHERE choice = 'hit'), 3) AS avg_loss_hitting,
       round(sum(loss), 2) AS points_given_away,
       count(*) FILTER (WHERE mark IN ('mistake', 'blunder')) AS mistakes_or_blunders
FROM d
GROUP BY band
ORDER BY band""",
    ),
    Statistic(
        "win_accuracy_and_luck",
        "Accuracy and luck by player (chance to win)",
        "Games stored with their decisions valued by the chance to win (flip7 ingest --analyze --win; "
        "a Monte Carlo estimate of model flip7-w1, its noise in docs/analysis.md): per player, the "
        "decisions so valued, the points of win chance their choices gave away on average, their "
        "accuracy (lichess's formula on those errors: the mean of the arithmetic and the harmonic mean "
        "of each decision's accuracy; 100: every choice the best) and their luck (points of win chance "
        "the cards gave them above the average card the pile could have given), in all and per game.",
        GAMES
        + f""",
d AS (
    SELECT d.game, d.player, d.win_loss, d.luck,
           CASE WHEN d.win_loss IS NOT NULL  -- greatest and least skip a NULL: a decision not so valued has no accuracy
                THEN least(100, greatest(0, {ACCURACY_A!r} * exp(-{ACCURACY_K!r} * 100 * greatest(d.win_loss, 0)) - {ACCURACY_B!r}))
           END AS acc
    FROM decisions d JOIN g ON d.game = g.id
    WHERE (d.win_loss IS NOT NULL OR d.luck IS NOT NULL) AND ($player IS NULL OR d.player = $player)
)
SELECT player,
       count(DISTINCT game) AS games,
       count(win_loss) AS decisions,
       round(100 * avg(win_loss), 2) AS avg_error_points,
       round((avg(acc) + count(acc) / sum(1 / greatest(acc, 1)) FILTER (WHERE acc IS NOT NULL)) / 2, 1) AS accuracy,
       round(100 * coalesce(sum(luck), 0), 2) AS luck_points,
       round(100 * coalesce(sum(luck), 0) / count(DISTINCT game), 2) AS luck_per_game
FROM d
GROUP BY player
ORDER BY accuracy DESC NULLS LAST, player""",
    ),
)

#: Every statistic: the shared ones with each kit's (``listed``), then the decisions'.
STATISTICS: tuple[Statistic, ...] = german((*listed(_SHARED, kit_statistics()), *DECISION_STATISTICS), _GERMAN)

#: The statistics by name.
BY_NAME: dict[str, Statistic] = {s.name: s for s in STATISTICS}


def run_statistic(
    con: duckdb.DuckDBPyConnection,
    statistic: Statistic,
    *,
    player: str | None = None,
    since: datetime | None = None,
    ruleset: str | None = None,
) -> StatResult:
    """Run one statistic on a fresh cursor of ``con``; ``since`` is compared with ingest times (UTC),
    ``ruleset`` is a name or a label (see the module's docstring)."""
    cursor = con.cursor()
    try:
        cursor.execute(statistic.sql, {"player": player, "since": _naive_utc(since), "ruleset": ruleset})
        columns = [d[0] for d in cursor.description or []]
        rows = cursor.fetchall()
    finally:
        cursor.close()
    return StatResult(statistic, columns, rows)


def run_statistics(
    con: duckdb.DuckDBPyConnection,
    *,
    player: str | None = None,
    since: datetime | None = None,
    names: list[str] | None = None,
    ruleset: str | None = None,
) -> list[StatResult]:
    """Run the named statistics (all of them by default), in the order of ``STATISTICS``.

    Raises ``KeyError`` naming the first unknown statistic.
    """
    return [run_statistic(con, s, player=player, since=since, ruleset=ruleset) for s in chosen(names)]


def chosen(names: list[str] | None) -> list[Statistic]:
    """The named statistics (all of them when ``names`` is empty), in the order of ``STATISTICS``.

    Raises ``KeyError`` naming the first unknown statistic.
    """
    if names:
        unknown = [n for n in names if n not in BY_NAME]
        if unknown:
            raise KeyError(unknown[0])
    return [s for s in STATISTICS if not names or s.name in names]


def _naive_utc(moment: datetime | None) -> datetime | None:
    if moment is None or moment.tzinfo is None:
        return moment
    from datetime import UTC

    return moment.astimezone(UTC).replace(tzinfo=None)


def render_markdown() -> str:
    """The statistics section of docs/storage.md: each statistic's name, explanation and SQL."""
    parts = []
    for s in STATISTICS:
        parts.append(f"### `{s.name}` — {s.title}\n\n{s.explanation}\n\n```sql\n{s.sql}\n```\n")
    return "\n".join(parts)

