"""The figures: SVG that parses, says what it shows, and draws each row of its statistic."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator.plots import FIGURES, FIGURES_BY_NAME, RULESETS_STATISTIC, counts_games_of, figures_present, render_report
from adjudicator.plots.png import to_png
from adjudicator.plots.svg import _nice_max, _tick_count
from adjudicator.store import STATISTICS, LogInput, Store
from adjudicator.store.stats import DECISION_STATISTICS
from tests.adjudicator.store.conftest import FX1, FX2

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_every_figure_draws_a_known_statistic() -> None:
    names = {s.name for s in STATISTICS}
    assert [f.name for f in FIGURES] == [
        "bust_risk", "scores_by_outcome", "win_rate_by_seat", "flip7_by_players",
        "unlucky_7_wipes", "vengeance_actions", "special_numbers", "loss_by_bust_chance",
    ]
    assert all(f.statistic in names and f.title and f.explanation for f in FIGURES)
    assert [f.ruleset for f in FIGURES].count("vengeance") == 3


#: Figures of the stored decisions (``ingest --analyze``): the fixture store has none (see below).
DECISION_FIGURES = [f for f in FIGURES if f.statistic in {s.name for s in DECISION_STATISTICS}]
BASE_FIGURES = [f for f in FIGURES if f.ruleset is None and f not in DECISION_FIGURES]


@pytest.mark.parametrize("figure", BASE_FIGURES, ids=lambda f: f.name)
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


# --------------------------------------------------------------------------- With a Vengeance

VENGEANCE = Path(__file__).resolve().parents[3] / "fixtures" / "vengeance"
#: 011 and 012: Ben's drawn Unlucky 7 throws out 7, 3, -2 (8 points); 112: Cem is dealt one into an
#: empty row, then swaps it to Ben, whose lone 5 it throws out; 022: a Steal; 017: The Zero with Flip 7.
VENGEANCE_GAMES = ("011", "012", "112", "022", "017")


@pytest.fixture
def vengeance_store(store: Store) -> Store:
    for number in VENGEANCE_GAMES:
        path = next(VENGEANCE.glob(f"{number}-*.jsonl"))
        store.ingest(path.read_bytes(), path.name)
    return store


def tooltips(svg: str) -> list[str]:
    return [t.text or "" for t in parse(svg).iter(f"{SVG}title")][1:]


def test_unlucky_7_wipes_figure(vengeance_store: Store) -> None:
    figure = FIGURES_BY_NAME["unlucky_7_wipes"]
    (result,) = vengeance_store.stats(names=[figure.statistic])
    tips = tooltips(figure.render(result).svg())
    assert tips == [
        "drawn: 8 points per wipe; 2 wipes of 3 arrivals threw out 6 cards and 16 points, the most 8; 0 helped",
        "swapped in: 5 points per wipe; 1 wipes of 1 arrivals threw out 1 cards and 5 points, the most 5; 1 helped",
    ]


def test_vengeance_actions_figure_shows_the_actions_only(vengeance_store: Store) -> None:
    figure = FIGURES_BY_NAME["vengeance_actions"]
    (result,) = vengeance_store.stats(names=[figure.statistic])
    used = {r["card"] for r in result.as_dict()["rows"]}
    assert {"swap", "steal"} <= used and "-2" in used  # a modifier counts in the statistic, not in the figure
    tips = tooltips(figure.render(result).svg())
    assert tips and all(t.split(" ")[0] in ("Steal", "Swap") for t in tips)
    assert any(t.startswith("Swap self: 0 (0 of 1)") for t in tips)


def test_special_numbers_figure_puts_the_zero_first(vengeance_store: Store) -> None:
    figure = FIGURES_BY_NAME["special_numbers"]
    (result,) = vengeance_store.stats(names=[figure.statistic])
    tips = tooltips(figure.render(result).svg())
    assert tips[0].startswith("The Zero Flip 7: 1 (1 of 1 rows)")


def test_vengeance_figures_are_present_only_with_vengeance_games(fixture_store: Store) -> None:
    (base,) = fixture_store.stats(names=[RULESETS_STATISTIC])
    assert figures_present(FIGURES, base) == BASE_FIGURES
    path = next(VENGEANCE.glob("037-*.jsonl"))  # a Brutal game: "vengeance (brutal)"
    fixture_store.ingest(path.read_bytes(), path.name)
    (both,) = fixture_store.stats(names=[RULESETS_STATISTIC])
    assert figures_present(FIGURES, both) == [f for f in FIGURES if f not in DECISION_FIGURES]
    zero = FIGURES_BY_NAME["special_numbers"]
    assert counts_games_of(zero, ["vengeance (brutal)"]) and not counts_games_of(zero, ["flip7", "vengeancex"])


def test_a_figure_as_png(vengeance_store: Store) -> None:
    figure = FIGURES_BY_NAME["unlucky_7_wipes"]
    (result,) = vengeance_store.stats(names=[figure.statistic])
    png = to_png(figure.render(result).svg())
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (1280, 720)  # twice the SVG's 640 x 360


def _png_pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the unfiltered rows of an 8-bit RGBA PNG (what resvg writes)."""
    import zlib

    width, height, depth, colour = struct.unpack(">IIBB", png[16:26])
    assert (depth, colour) == (8, 6)
    data, at = b"", 8
    while at < len(png):
        (size,) = struct.unpack(">I", png[at : at + 4])
        kind = png[at + 4 : at + 8]
        if kind == b"IDAT":
            data += png[at + 8 : at + 8 + size]
        at += 12 + size
    raw, stride, rows, previous = zlib.decompress(data), width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - 4] if i >= 4 else 0
            up, corner = previous[i], previous[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def test_a_png_has_its_title_in_text_with_the_shipped_font_alone(vengeance_store: Store) -> None:
    # a machine with no usable font (a stock Debian has DejaVu only, which resvg's generic
    # sans-serif, Arial, is not): the shipped font still draws the title
    figure = FIGURES_BY_NAME["unlucky_7_wipes"]
    (result,) = vengeance_store.stats(names=[figure.statistic])
    width, _, rows = _png_pixels(to_png(figure.render(result).svg(), system_fonts=False))
    # the title is centred at the top, 16 units tall: rows 10 to 50 of the 2x image, the middle half
    dark = sum(1 for row in rows[10:50] for x in range(width // 4, 3 * width // 4) if row[4 * x] < 128)
    assert dark > 500, f"only {dark} dark pixels where the title is"


def _scores_chart(rows: list[dict[str, object]]) -> ET.Element:
    figure = FIGURES_BY_NAME["scores_by_outcome"]
    return parse(figure.draw(figure, rows, "en").svg())


def _texts(svg: ET.Element) -> list[str]:
    return [t.text or "" for t in svg.iter(f"{SVG}text")]


def test_negative_round_scores_extend_the_axis_below_zero() -> None:
    # Brutal: a bust costs points, so the lowest round score is below 0
    rows = [
        {"outcome": "stayed", "rounds": 4, "avg_score": 12.5, "min_score": 3, "max_score": 25},
        {"outcome": "busted", "rounds": 3, "avg_score": -8.0, "min_score": -20, "max_score": 0},
    ]
    svg = _scores_chart(rows)
    ticks = [float(t) for t in _texts(svg) if t.lstrip("-").isdigit()]
    assert min(ticks) <= -20 and 0 in ticks
    busted = next(r for r in svg.iter(f"{SVG}rect") if "busted" in (r.findtext(f"{SVG}title") or ""))
    assert float(busted.get("height", "0")) > 10  # the negative average is drawn, below the 0 line


def test_the_scores_figure_labels_fit_and_say_what_in_means() -> None:
    rows = [{"outcome": o, "rounds": 2, "avg_score": 10.0, "min_score": 0, "max_score": 20} for o in ("flip7", "in", "busted")]
    texts = _texts(_scores_chart(rows))
    assert "round score" in texts  # the axis label is short enough for the axis (the bars' meaning is in the legend)
    assert {"average", "lowest to highest"} <= set(texts)
    assert "still in" in texts and "in" not in texts and "Flip 7" in texts


def test_the_loss_by_bust_chance_figure_draws_a_stay_and_a_hit_per_band(store: Store) -> None:
    store.ingest_many([LogInput.from_path(p) for p in (FX1, FX2)], analyze=True)
    figure = FIGURES_BY_NAME["loss_by_bust_chance"]
    (result,) = store.stats(names=[figure.statistic])
    rows = result.as_dict()["rows"]
    root = parse(figure.render(result).svg())
    assert root.find(f"{SVG}title").text == "Points given away by bust chance"
    tips = [t.text for t in root.iter(f"{SVG}title")][1:]
    assert len(tips) == 2 * len(rows) and rows  # the key fact: one stay bar and one hit bar per band
    first = rows[0]
    assert any(t.startswith(f"{first['from_percent']}–{first['to_percent']} %") or "stay" in t for t in tips)
    assert f"({first['stays']} stays)" in " ".join(tips)
    assert to_png(figure.render(result).svg())[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_decisions_figure_is_present_only_with_stored_decisions(store: Store) -> None:
    store.ingest_many([LogInput.from_path(FX1)])
    by_ruleset, decisions = store.stats(names=[RULESETS_STATISTIC, "decision_accuracy"])
    assert FIGURES_BY_NAME["loss_by_bust_chance"] not in figures_present(FIGURES, by_ruleset, decisions)
    store.ingest_many([LogInput.from_path(FX2)], analyze=True)
    by_ruleset, decisions = store.stats(names=[RULESETS_STATISTIC, "decision_accuracy"])
    assert FIGURES_BY_NAME["loss_by_bust_chance"] in figures_present(FIGURES, by_ruleset, decisions)
