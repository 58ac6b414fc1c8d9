"""The statistics page names the figure of the stored decisions in German too (issue 19)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.plots import FIGURES

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"


def test_the_decisions_figure_has_german_words() -> None:
    words = (STATIC / "i18n.js").read_text(encoding="utf-8")
    decisions = [f for f in FIGURES if f.decisions]
    assert decisions, "a figure of the stored decisions is registered"
    for figure in decisions:
        assert f'"{figure.title}":' in words and f'"{figure.explanation}":' in words, figure.name
    page = (STATIC / "stats.js").read_text(encoding="utf-8")
    assert "t(f.title)" in page and "t(f.explanation)" in page  # the caption is translated
