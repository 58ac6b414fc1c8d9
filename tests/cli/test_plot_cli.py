"""`flip7 stats --plot FILE`: the statistics page's figures as one SVG file."""

from __future__ import annotations

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
    assert f"wrote 4 figure(s) to {out}" in result.stdout
    assert titles(out.read_text(encoding="utf-8")) == [f.title for f in FIGURES]


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
