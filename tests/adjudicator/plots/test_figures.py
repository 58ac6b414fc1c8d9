"""The figures: SVG that parses, says what it shows, and draws each row of its statistic."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from adjudicator.plots import FIGURES, FIGURES_BY_NAME, render_report
from adjudicator.plots.svg import _nice_max, _tick_count
from adjudicator.store import STATISTICS, Store

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_every_figure_draws_a_known_statistic() -> None:
    names = {s.name for s in STATISTICS}
    assert [f.name for f in FIGURES] == ["bust_risk", "scores_by_outcome", "win_rate_by_seat", "flip7_by_players"]
    assert all(f.statistic in names and f.title and f.explanation for f in FIGURES)


@pytest.mark.parametrize("figure", FIGURES, ids=lambda f: f.name)
def test_figures_of_the_fixture_games(fixture_store: Store, figure) -> None:
    (result,) = fixture_store.stats(names=[figure.statistic])
    root = parse(figure.render(result).svg())
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.find(f"{SVG}title").text == figure.title
    tips = [t.text for t in root.iter(f"{SVG}title")][1:]  # one tooltip per bar or point
    assert tips, "the figure drew nothing"
    if figure.name == "bust_risk":  # two series, one point per row each
        assert len(root.findall(f"{SVG}circle")) == 2 * len(result.rows) == 14
        assert "observed bust rate at 1: 0.286 (2 busts in 7 hits)" in tips
    if figure.name == "flip7_by_players":
        assert tips == ["3 players: 0.333 (1 Flip 7s in 3 rounds)"]


def test_no_rows_says_there_is_no_data(store: Store) -> None:
    for figure in FIGURES:
        (result,) = store.stats(names=[figure.statistic])
        svg = figure.render(result).svg()
        assert "No data yet" in svg and parse(svg).find(f"{SVG}title").text == figure.title


def test_report_stacks_the_figures(fixture_store: Store) -> None:
    figures = [FIGURES_BY_NAME["bust_risk"], FIGURES_BY_NAME["scores_by_outcome"]]
    root = parse(render_report(figures, fixture_store.stats()))
    groups = root.findall(f"{SVG}g")
    assert [g.find(f"{SVG}title").text for g in groups] == [f.title for f in figures]
    assert groups[1].get("transform") == "translate(0 384)"  # the first chart's height and the gap
    assert root.get("height") == str(360 + 24 + 360)


def test_text_is_escaped(store: Store) -> None:
    from adjudicator.plots.svg import Bar, BarGroup, bar_chart

    svg = bar_chart("a <b> & c", "d", [BarGroup("", [Bar("<x>", 1.0)])], y_label="y", x_label="x").svg()
    assert parse(svg).find(f"{SVG}title").text == "a <b> & c"


@pytest.mark.parametrize(("top", "axis", "ticks"), [(0.0, 1.0, 4), (0.3, 0.5, 5), (0.25, 0.25, 5), (0.26, 0.5, 5), (7, 10, 4), (109, 200, 4), (1.0, 1.0, 4)])
def test_axis_ends_on_a_round_number(top: float, axis: float, ticks: int) -> None:
    assert _nice_max(top) == pytest.approx(axis)
    assert _tick_count(axis) == ticks
