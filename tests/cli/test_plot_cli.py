"""`flip7 stats --plot FILE`: the statistics page's figures as one SVG file."""

from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.plots import FIGURES
from cli.main import app

GAMES = Path(__file__).resolve().parents[1] / "adjudicator" / "store" / "games"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "plot.duckdb"
    assert CliRunner().invoke(app, ["ingest", str(GAMES), "--db", str(path)]).exit_code == 0
    return path


def titles(svg: str) -> list[str]:
    return [g.find(f"{SVG}title").text for g in ET.fromstring(svg).findall(f"{SVG}g")]


def test_plot_writes_every_figure(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.svg"
    result = CliRunner().invoke(app, ["stats", "--db", str(db), "--plot", str(out)])
    assert result.exit_code == 0, result.output
    assert f"wrote 4 figures to {out}" in result.stdout
    assert titles(out.read_text(encoding="utf-8")) == [f.title for f in FIGURES if f.ruleset is None and not f.decisions]  # no Vengeance game, none analysed


def test_plot_some_figures_to_stdout(db: Path) -> None:
    result = CliRunner().invoke(app, ["stats", "--db", str(db), "--plot", "-", "--figure", "flip7_by_players", "--player", "Ana"])
    assert result.exit_code == 0, result.output
    assert titles(result.stdout) == ["Flip 7 rate by player count"]
    assert "3 players: 0 (0 Flip 7s in 3 rounds)" in result.stdout  # Ana never made seven


def test_plot_errors(db: Path, tmp_path: Path) -> None:
    unknown = CliRunner().invoke(app, ["stats", "--db", str(db), "--plot", "x.svg", "--figure", "nope"])
    assert unknown.exit_code == 2 and "no figure named 'nope'" in unknown.output
    unwritable = CliRunner().invoke(app, ["stats", "--db", str(db), "--plot", str(tmp_path / "no" / "dir" / "x.svg")])
    assert unwritable.exit_code == 2 and "cannot write" in unwritable.output and "Traceback" not in unwritable.output


LOGS = Path(__file__).resolve().parents[2] / "logs"


def test_plot_as_png_with_the_vengeance_figures(db: Path, tmp_path: Path) -> None:
    assert CliRunner().invoke(app, ["ingest", str(LOGS / "vengeance-4-players.jsonl"), "--db", str(db)]).exit_code == 0
    out = tmp_path / "report.png"
    result = CliRunner().invoke(app, ["stats", "--db", str(db), "--plot", str(out)])
    assert result.exit_code == 0, result.output
    assert f"wrote 7 figures to {out}" in result.stdout and "unlucky_7_wipes, vengeance_actions, special_numbers" in result.stdout
    png = out.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">I", png[16:20]) == (1280,)
    svg = CliRunner().invoke(app, ["stats", "--db", str(db), "--plot", "-", "--figure", "unlucky_7_wipes"])
    # the sample's one Unlucky 7: Ana's 10, 12 and -8 (14 points) thrown out on event 79
    assert "drawn: 14 points per wipe; 1 wipes of 1 arrivals threw out 3 cards and 14 points, the most 14; 0 helped" in svg.stdout
    stats = CliRunner().invoke(app, ["stats", "--db", str(db), "--only", "unlucky_7_wipes", "--json"])
    assert stats.exit_code == 0, stats.output
    (table,) = json.loads(stats.stdout)
    assert table["rows"] == [{"came": "drawn", "arrivals": 1, "wipes": 1, "cards": 3, "lost": 14, "avg_lost": 14.0, "max_lost": 14, "helped": 0}]
    text = CliRunner().invoke(app, ["stats", "--db", str(db), "--only", "unlucky_7_wipes"])
    assert "what each Unlucky 7 wipe cost" in text.stdout and "avg_lost" in text.stdout


def test_a_vengeance_figure_named_without_vengeance_games_says_there_is_no_data(db: Path) -> None:
    named = CliRunner().invoke(app, ["stats", "--db", str(db), "--plot", "-", "--figure", "special_numbers"])
    assert named.exit_code == 0 and "No data yet" in named.stdout


def test_plot_refuses_a_file_kind_it_does_not_write(tmp_path: Path) -> None:
    # issue 21 item 11: --plot x.pdf wrote SVG into a .pdf
    target = tmp_path / "report.pdf"
    result = CliRunner().invoke(app, ["stats", "--db", str(tmp_path / "none.duckdb"), "--plot", str(target)])
    assert result.exit_code == 2
    assert "only .svg and .png" in result.output and not target.exists()
