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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.plots.svg import PALETTE, Bar, BarGroup, Chart, Series, bar_chart, line_chart, stack
from adjudicator.rulesets import KITS
from adjudicator.store.stats import StatResult


@dataclass(frozen=True, slots=True)
class Figure:
    """One plot: a name (URLs, ``--figure``), a title, what it shows, its statistic and how to draw it."""

    name: str
    title: str
    explanation: str
    statistic: str
    draw: Callable[[Figure, list[dict[str, Any]]], Chart]
    #: The ruleset whose games it counts (as in the statistic ``by_ruleset``), or None for every game.
    ruleset: str | None = None
    #: True for a figure of the stored decisions (``ingest --analyze``): shown only where some are.
    decisions: bool = False

    def render(self, result: StatResult) -> Chart:
        """Draw this figure from its statistic's result."""
        return self.draw(self, result.as_dict()["rows"])


def num(value: Any) -> float:
    """A statistic's number as a bar's height (NULL: 0)."""
    return float(value) if value is not None else 0.0


def _bust_risk(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    notes = [f"{r['busts']} busts in {r['hits']} hits" for r in rows]
    return line_chart(
        fig.title,
        fig.explanation,
        [
            Series("observed bust rate", [(r["distinct_numbers"], num(r["bust_rate"])) for r in rows], notes),
            Series("exact chance from the pile", [(r["distinct_numbers"], num(r["expected_bust_rate"])) for r in rows], notes, dashed=True),
        ],
        y_label="share of hits that busted",
        x_label="different numbers in the row before the hit",
        y_max=1.0,
    )


def _scores_by_outcome(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    bars = [
        Bar(OUTCOME_LABELS.get(r["outcome"], r["outcome"]), num(r["avg_score"]), num(r["min_score"]), num(r["max_score"]),
            note=f"(from {r['min_score']} to {r['max_score']}, {r['rounds']} rounds)")
        for r in rows
    ]
    return bar_chart(
        fig.title, fig.explanation, [BarGroup("", [b]) for b in bars],
        y_label="round score", x_label="how the round ended for the player",
        legend=[("average", PALETTE[0], False), ("lowest to highest", "#222", False)],
    )


#: The verdict's outcomes as the figures name them (``in``: still in when another's Flip 7 ended the round).
OUTCOME_LABELS = {"flip7": "Flip 7", "in": "still in", "stayed": "stayed", "frozen": "frozen", "busted": "busted"}


def _win_rate_by_seat(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    groups: dict[int, list[Bar]] = {}
    for r in rows:
        groups.setdefault(r["players"], []).append(
            Bar(str(r["seat"]), num(r["win_rate"]), mark=num(r["fair_share"]), note=f"({r['wins']} wins in {r['games']} games)")
        )
    return bar_chart(
        fig.title, fig.explanation, [BarGroup(f"{n} players", bars) for n, bars in sorted(groups.items())],
        y_label="win rate", x_label="seat (1: left of the first dealer), by table size", y_max=1.0, mark_label="fair share",
    )


def _flip7_by_players(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    bars = [
        Bar(f"{r['players']} players", num(r["per_round"]), note=f"({r['flip7s']} Flip 7s in {r['rounds']} rounds)")
        for r in rows
    ]
    return bar_chart(
        fig.title, fig.explanation, [BarGroup("", [b]) for b in bars],
        y_label="share of rounds ended by a Flip 7", x_label="players at the table",
    )


def _loss_by_bust_chance(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    groups = [
        BarGroup(f"{r['from_percent']}–{r['to_percent']} %", [
            Bar("stay", num(r["avg_loss_staying"]), note=f"points given away per stay ({r['stays']} stays)"),
            Bar("hit", num(r["avg_loss_hitting"]), note=f"points given away per hit ({r['hits']} hits)"),
        ])
        for r in rows
    ]
    return bar_chart(
        fig.title, fig.explanation, groups,
        y_label="points given away per decision", x_label="chance that the next card busts the row",
        legend=[("a stay", PALETTE[0], False), ("a hit", PALETTE[1], False)],
    )


#: The figures of every ruleset's games (a kit adds its own: ``kit_figures``).
_SHARED: tuple[Figure, ...] = (
    Figure(
        "bust_risk", "Bust risk by numbers in the row",
        "For each hit, by how many different numbers the row held before it: how often it busted, "
        "against the exact chance it would from the cards left in the draw pile then.",
        "bust_risk", _bust_risk,
    ),
    Figure(
        "scores_by_outcome", "Round scores by outcome",
        "Average round score by how the round ended for the player, with the lowest and highest score.",
        "round_score_by_outcome", _scores_by_outcome,
    ),
    Figure(
        "win_rate_by_seat", "Win rate by seat",
        "Finished games: how often each seat won, by table size; the dashed tick is the fair share (1 / players).",
        "seat_wins", _win_rate_by_seat,
    ),
    Figure(
        "flip7_by_players", "Flip 7 rate by player count",
        "The share of rounds that ended with a Flip 7, by the number of players at the table.",
        "flip7_by_players", _flip7_by_players,
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


def render_report(figures: Sequence[Figure], results: Sequence[StatResult]) -> str:
    """The figures drawn from ``results`` (the statistics' results, any order) as one SVG document."""
    by_statistic = {r.statistic.name: r for r in results}
    return stack([f.render(by_statistic[f.statistic]) for f in figures])


__all__ = ["DECISIONS_STATISTIC", "FIGURES", "FIGURES_BY_NAME", "RULESETS_STATISTIC", "Chart", "Figure", "counts_games_of", "figures_present", "render_report"]
