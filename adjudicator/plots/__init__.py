"""Figures of the store's statistics, drawn as SVG: the statistics page, ``/v1/plots`` and ``flip7 stats --plot``.

Each ``Figure`` names the statistic it draws (``adjudicator.store.stats``) and a function from that
statistic's table to a ``Chart``. ``FIGURES`` is the one registry, in page order: a new figure (a
Vengeance one, say) is one more statistic and one more entry here; the API, the page and the CLI
list whatever the registry holds. Pure: the caller runs the statistics and writes the SVG.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.plots.svg import Bar, BarGroup, Chart, Series, bar_chart, line_chart, stack
from adjudicator.store.stats import StatResult


@dataclass(frozen=True, slots=True)
class Figure:
    """One plot: a name (URLs, ``--figure``), a title, what it shows, its statistic and how to draw it."""

    name: str
    title: str
    explanation: str
    statistic: str
    draw: Callable[[Figure, list[dict[str, Any]]], Chart]

    def render(self, result: StatResult) -> Chart:
        """Draw this figure from its statistic's result."""
        return self.draw(self, result.as_dict()["rows"])


def _num(value: Any) -> float:
    return float(value) if value is not None else 0.0


def _bust_risk(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    notes = [f"{r['busts']} busts in {r['hits']} hits" for r in rows]
    return line_chart(
        fig.title,
        fig.explanation,
        [
            Series("observed bust rate", [(r["distinct_numbers"], _num(r["bust_rate"])) for r in rows], notes),
            Series("exact chance from the pile", [(r["distinct_numbers"], _num(r["expected_bust_rate"])) for r in rows], notes, dashed=True),
        ],
        y_label="share of hits that busted",
        x_label="different numbers in the row before the hit",
        y_max=1.0,
    )


def _scores_by_outcome(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    bars = [
        Bar(r["outcome"], _num(r["avg_score"]), _num(r["min_score"]), _num(r["max_score"]),
            note=f"(from {r['min_score']} to {r['max_score']}, {r['rounds']} rounds)")
        for r in rows
    ]
    return bar_chart(
        fig.title, fig.explanation, [BarGroup("", [b]) for b in bars],
        y_label="round score (bar: average, whisker: lowest to highest)", x_label="how the round ended for the player",
    )


def _win_rate_by_seat(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    groups: dict[int, list[Bar]] = {}
    for r in rows:
        groups.setdefault(r["players"], []).append(
            Bar(str(r["seat"]), _num(r["win_rate"]), mark=_num(r["fair_share"]), note=f"({r['wins']} wins in {r['games']} games)")
        )
    return bar_chart(
        fig.title, fig.explanation, [BarGroup(f"{n} players", bars) for n, bars in sorted(groups.items())],
        y_label="win rate", x_label="seat (1: left of the first dealer), by table size", y_max=1.0, mark_label="fair share",
    )


def _flip7_by_players(fig: Figure, rows: list[dict[str, Any]]) -> Chart:
    bars = [
        Bar(f"{r['players']} players", _num(r["per_round"]), note=f"({r['flip7s']} Flip 7s in {r['rounds']} rounds)")
        for r in rows
    ]
    return bar_chart(
        fig.title, fig.explanation, [BarGroup("", [b]) for b in bars],
        y_label="share of rounds ended by a Flip 7", x_label="players at the table",
    )


FIGURES: tuple[Figure, ...] = (
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

#: The figures by name.
FIGURES_BY_NAME: dict[str, Figure] = {f.name: f for f in FIGURES}


def render_report(figures: Sequence[Figure], results: Sequence[StatResult]) -> str:
    """The figures drawn from ``results`` (the statistics' results, any order) as one SVG document."""
    by_statistic = {r.statistic.name: r for r in results}
    return stack([f.render(by_statistic[f.statistic]) for f in figures])


__all__ = ["FIGURES", "FIGURES_BY_NAME", "Chart", "Figure", "render_report"]
