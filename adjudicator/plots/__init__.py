"""Figures of the store's statistics, drawn as SVG: the statistics page, ``/v1/plots`` and ``flip7 stats --plot``.

Each ``Figure`` names the statistic it draws (``adjudicator.store.stats``) and a function from that
statistic's table to a ``Chart``. ``FIGURES`` is the one registry, in page order: a new figure is
one more statistic and one more entry here; the API, the page and the CLI list whatever the
registry holds. A figure of one ruleset's games (``ruleset``: the *With a Vengeance* ones) is shown
on the page only where the store holds such games. Pure: the caller runs the statistics and writes
the SVG.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.messages import STATISTIC_WORDS_DE
from adjudicator.plots.svg import NO_DATA, PALETTE, Bar, BarGroup, Chart, Series, bar_chart, line_chart, stack
from adjudicator.rulesets import KITS
from adjudicator.store.stats import StatResult, outcome_word


@dataclass(frozen=True, slots=True)
class Figure:
    """One plot: a name (URLs, ``--figure``), a title, what it shows, its statistic and how to draw it
    (from the statistic's rows, in a language: ``en`` or ``de``)."""

    name: str
    title: str
    explanation: str
    statistic: str
    draw: Callable[[Figure, list[dict[str, Any]], str], Chart]
    #: The ruleset whose games it counts (as in the statistic ``by_ruleset``), or None for every game.
    ruleset: str | None = None
    #: True for a figure of the stored decisions (``ingest --analyze``): shown only where some are.
    decisions: bool = False
    #: Its title and explanation in German.
    de: tuple[str, str] = ("", "")

    def render(self, result: StatResult, lang: str = "en") -> Chart:
        """Draw this figure from its statistic's result, labelled in ``lang``."""
        return self.draw(self, result.as_dict()["rows"], lang)

    def title_in(self, lang: str) -> str:
        """Its title in ``lang``."""
        return self.de[0] if lang == "de" and self.de[0] else self.title

    def explanation_in(self, lang: str) -> str:
        """What it shows, in ``lang``."""
        return self.de[1] if lang == "de" and self.de[1] else self.explanation


def say(text: str, lang: str, own: Mapping[str, str] | None = None, **params: Any) -> str:
    """A figure's label or note in ``lang``: ``text`` (English, a template with ``{params}``), said
    in German from ``own`` (a kit's words) or the shared catalogue's statistic words."""
    if lang == "de":
        text = (own or {}).get(text) or STATISTIC_WORDS_DE.get(text) or text
    return text.format(**params) if params else text


def empty(lang: str) -> str:
    """What a figure with no data says, in ``lang``."""
    return say(NO_DATA, lang)


def num(value: Any) -> float:
    """A statistic's number as a bar's height (NULL: 0)."""
    return float(value) if value is not None else 0.0


def _bust_risk(fig: Figure, rows: list[dict[str, Any]], lang: str) -> Chart:
    notes = [say("{busts} busts in {hits} hits", lang, busts=r["busts"], hits=r["hits"]) for r in rows]
    return line_chart(
        fig.title_in(lang),
        fig.explanation_in(lang),
        [
            Series(say("observed bust rate", lang), [(r["distinct_numbers"], num(r["bust_rate"])) for r in rows], notes),
            Series(say("exact chance from the pile", lang), [(r["distinct_numbers"], num(r["expected_bust_rate"])) for r in rows], notes, dashed=True),
        ],
        y_label=say("share of hits that busted", lang),
        x_label=say("different numbers in the row before the hit", lang),
        y_max=1.0,
        empty=empty(lang),
    )


def _scores_by_outcome(fig: Figure, rows: list[dict[str, Any]], lang: str) -> Chart:
    def label(outcome: str) -> str:
        return outcome_word(outcome, lang) if lang != "en" else OUTCOME_LABELS.get(outcome, outcome)

    bars = [
        Bar(label(r["outcome"]), num(r["avg_score"]), num(r["min_score"]), num(r["max_score"]),
            note=say("(from {low} to {high}, {rounds} rounds)", lang, low=r["min_score"], high=r["max_score"], rounds=r["rounds"]))
        for r in rows
    ]
    return bar_chart(
        fig.title_in(lang), fig.explanation_in(lang), [BarGroup("", [b]) for b in bars],
        y_label=say("round score", lang), x_label=say("how the round ended for the player", lang),
        legend=[(say("average", lang), PALETTE[0], False), (say("lowest to highest", lang), "#222", False)],
        empty=empty(lang),
    )


#: The verdict's outcomes as the figures name them (``in``: still in when another's Flip 7 ended the round).
OUTCOME_LABELS = {"flip7": "Flip 7", "in": "still in", "stayed": "stayed", "frozen": "frozen", "busted": "busted"}


def _win_rate_by_seat(fig: Figure, rows: list[dict[str, Any]], lang: str) -> Chart:
    groups: dict[int, list[Bar]] = {}
    for r in rows:
        groups.setdefault(r["players"], []).append(
            Bar(str(r["seat"]), num(r["win_rate"]), mark=num(r["fair_share"]), note=say("({wins} wins in {games} games)", lang, wins=r["wins"], games=r["games"]))
        )
    return bar_chart(
        fig.title_in(lang), fig.explanation_in(lang), [BarGroup(say("{n} players", lang, n=n), bars) for n, bars in sorted(groups.items())],
        y_label=say("win rate", lang), x_label=say("seat (1: left of the first dealer), by table size", lang), y_max=1.0,
        mark_label=say("fair share", lang), empty=empty(lang),
    )


def _flip7_by_players(fig: Figure, rows: list[dict[str, Any]], lang: str) -> Chart:
    bars = [
        Bar(say("{n} players", lang, n=r["players"]), num(r["per_round"]), note=say("({flip7s} Flip 7s in {rounds} rounds)", lang, flip7s=r["flip7s"], rounds=r["rounds"]))
        for r in rows
    ]
    return bar_chart(
        fig.title_in(lang), fig.explanation_in(lang), [BarGroup("", [b]) for b in bars],
        y_label=say("share of rounds ended by a Flip 7", lang), x_label=say("players at the table", lang), empty=empty(lang),
    )


def _loss_by_bust_chance(fig: Figure, rows: list[dict[str, Any]], lang: str) -> Chart:
    groups = [
        BarGroup(f"{r['from_percent']}–{r['to_percent']} %", [
            Bar(say("stay", lang), num(r["avg_loss_staying"]), note=say("points given away per stay ({n} stays)", lang, n=r["stays"])),
            Bar(say("hit", lang), num(r["avg_loss_hitting"]), note=say("points given away per hit ({n} hits)", lang, n=r["hits"])),
        ])
        for r in rows
    ]
    return bar_chart(
        fig.title_in(lang), fig.explanation_in(lang), groups,
        y_label=say("points given away per decision", lang), x_label=say("chance that the next card busts the row", lang),
        legend=[(say("a stay", lang), PALETTE[0], False), (say("a hit", lang), PALETTE[1], False)], empty=empty(lang),
    )


#: The figures of every ruleset's games (a kit adds its own: ``kit_figures``).
_SHARED: tuple[Figure, ...] = (
    Figure(
        "bust_risk", "Bust risk by numbers in the row",
        "For each hit, by how many different numbers the row held before it: how often it busted, "
        "against the exact chance it would from the cards left in the draw pile then.",
        "bust_risk", _bust_risk,
        de=(
            "Risiko, sich zu verzocken, nach Zahlen in der Reihe",
            "Für jedes „noch eine“, nach der Zahl verschiedener Zahlen in der Reihe davor: wie oft es verzockte, "
            "gegen das genaue Risiko dafür aus den Karten, die da noch im Nachziehstapel lagen.",
        ),
    ),
    Figure(
        "scores_by_outcome", "Round scores by outcome",
        "Average round score by how the round ended for the player, with the lowest and highest score.",
        "round_score_by_outcome", _scores_by_outcome,
        de=(
            "Rundenpunkte nach Rundenende",
            "Rundenpunkte im Mittel danach, wie die Runde für den Spieler endete, mit den niedrigsten und höchsten Punkten.",
        ),
    ),
    Figure(
        "win_rate_by_seat", "Win rate by seat",
        "Finished games: how often each seat won, by table size; the dashed tick is the fair share (1 / players).",
        "seat_wins", _win_rate_by_seat,
        de=(
            "Siegquote nach Platz",
            "Beendete Partien: wie oft jeder Platz gewann, nach Tischgröße; der gestrichelte Strich ist der faire Anteil (1 / Spielerzahl).",
        ),
    ),
    Figure(
        "flip7_by_players", "Flip 7 rate by player count",
        "The share of rounds that ended with a Flip 7, by the number of players at the table.",
        "flip7_by_players", _flip7_by_players,
        de=("Flip-7-Quote nach Spielerzahl", "Der Anteil der Runden, die mit einem Flip 7 endeten, nach der Zahl der Spieler am Tisch."),
    ),
)


def kit_figures() -> tuple[Figure, ...]:
    """The figures of the shipped kits' ``figures`` facets (a module path whose ``figures()``
    gives them), in the registry's order."""
    found: list[Figure] = []
    for kit in KITS:
        if kit.figures is not None:
            found.extend(importlib.import_module(kit.figures).figures())
    return tuple(found)


#: The figures of the stored decisions (``ingest --analyze``), after the kits'.
_DECISIONS: tuple[Figure, ...] = (
    Figure(
        "loss_by_bust_chance", "Points given away by bust chance",
        "Games stored with their decisions (flip7 ingest --analyze): by the chance that the next card "
        "would bust the row, the points of expected round score a stay and a hit gave away on "
        "average. Staying too early costs at a low chance, hitting too long at a high one.",
        "loss_by_bust_chance", _loss_by_bust_chance, decisions=True,
        de=(
            "Verschenkte Punkte nach Risiko, sich zu verzocken",
            "Partien, die mit ihren Entscheidungen gespeichert sind (flip7 ingest --analyze): nach dem Risiko, dass die "
            "nächste Karte die Reihe verzockt, die Punkte erwarteten Rundenergebnisses, die ein „Stopp“ und ein „noch "
            "eine“ im Mittel verschenkten. Zu früh „Stopp“ kostet bei kleinem Risiko, zu lange „noch eine“ bei großem.",
        ),
    ),
)

#: Every figure, in page order: the shared ones, then each kit's, then the decisions'.
FIGURES: tuple[Figure, ...] = (*_SHARED, *kit_figures(), *_DECISIONS)

#: The figures by name.
FIGURES_BY_NAME: dict[str, Figure] = {f.name: f for f in FIGURES}


#: The statistic that tells which rulesets the counted games are of (its column ``ruleset``).
RULESETS_STATISTIC = "by_ruleset"
#: The statistic that tells whether the counted games have stored decisions (a row per player).
DECISIONS_STATISTIC = "decision_accuracy"


def counts_games_of(figure: Figure, rulesets: Iterable[str]) -> bool:
    """True when ``figure`` counts every game, or games of one of ``rulesets`` (the ``ruleset``
    column of ``by_ruleset``: ``vengeance (brutal)`` is a ``vengeance`` game)."""
    wanted = figure.ruleset
    return wanted is None or any(r == wanted or r.startswith(f"{wanted} (") for r in rulesets)


def figures_present(figures: Sequence[Figure], by_ruleset: StatResult, decisions: StatResult | None = None) -> list[Figure]:
    """The ``figures`` that count some of the games ``by_ruleset`` (that statistic's result) saw; a
    figure of the stored decisions only when ``decisions`` (``DECISIONS_STATISTIC``'s result) has rows."""
    rulesets = {row["ruleset"] for row in by_ruleset.as_dict()["rows"]}
    analysed = decisions is not None and bool(decisions.rows)
    return [f for f in figures if counts_games_of(f, rulesets) and (analysed or not f.decisions)]


def render_report(figures: Sequence[Figure], results: Sequence[StatResult], lang: str = "en") -> str:
    """The figures drawn from ``results`` (the statistics' results, any order) as one SVG document, in ``lang``."""
    by_statistic = {r.statistic.name: r for r in results}
    return stack([f.render(by_statistic[f.statistic], lang) for f in figures])


__all__ = ["DECISIONS_STATISTIC", "FIGURES", "FIGURES_BY_NAME", "RULESETS_STATISTIC", "Chart", "Figure", "counts_games_of", "empty", "figures_present", "render_report", "say"]
