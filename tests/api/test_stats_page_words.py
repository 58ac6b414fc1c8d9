"""The statistics page names its figures in German too (issues 19 and 29): the server words every
figure (title, explanation, labels) and every statistic in the asked language; the page asks in its own."""

from __future__ import annotations

from pathlib import Path

from adjudicator.plots import FIGURES
from adjudicator.store.stats import STATISTICS
from tests.german import english_in

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"


def test_every_figure_and_statistic_has_german_words() -> None:
    for figure in FIGURES:
        assert figure.title_in("de") != figure.title and figure.explanation_in("de") != figure.explanation, figure.name
        assert english_in(f"{figure.title_in('de')} {figure.explanation_in('de')}") == [], figure.name
    for statistic in STATISTICS:
        assert statistic.de[0] and statistic.explanation_in("de") != statistic.explanation, statistic.name
        assert english_in(f"{statistic.title_in('de')} {statistic.explanation_in('de')}") == [], statistic.name


def test_the_page_asks_the_server_in_its_language() -> None:
    page = (STATIC / "stats.js").read_text(encoding="utf-8")
    assert 'worded.set("lang", LANGUAGE)' in page and "t(f.title)" not in page  # the server's words, not the page's
