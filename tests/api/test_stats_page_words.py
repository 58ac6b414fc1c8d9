"""The statistics page names its figures in German too (issues 19 and 29): the server words every
figure (title, explanation, labels) and every statistic in the asked language; the page asks in its own."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.plots import FIGURES
from adjudicator.store.stats import STATISTICS
from tests.api.conftest import NDJSON
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


LOGS = Path(__file__).resolve().parents[2] / "logs"


def _visible(svg: str) -> str:
    """The words an SVG figure shows and tells (its texts, titles and description), without the markup."""
    return " ".join(re.findall(r">([^<>]+)<", svg))


def test_the_statistics_and_figures_speak_german_when_asked(client) -> None:
    for name in ("3-players.jsonl", "vengeance-4-players.jsonl"):
        assert client.post("/v1/games", content=(LOGS / name).read_bytes(), headers=NDJSON).status_code == 201
    english = client.get("/v1/stats", params={"only": "round_score_by_outcome"}).json()["statistics"][0]
    german = client.get("/v1/stats", params={"only": "round_score_by_outcome", "lang": "de"}).json()["statistics"][0]
    assert english["columns"][0] == "outcome" and german["columns"][0] == "Rundenende"
    assert {r["outcome"] for r in english["rows"]} >= {"stayed", "busted"}
    assert {r["Rundenende"] for r in german["rows"]} >= {"Stopp", "verzockt"}
    assert english_in(f"{german['title']} {german['explanation']} {german['columns']} {german['rows']}") == []
    listed = client.get("/v1/plots", params={"lang": "de"}).json()["figures"]
    assert english_in(" ".join(f"{f['title']} {f['explanation']}" for f in listed)) == []
    for figure in FIGURES:
        svg = client.get(f"/v1/plots/{figure.name}.svg", params={"lang": "de"}).text
        assert english_in(_visible(svg)) == [], figure.name
        assert english_in(_visible(client.get(f"/v1/plots/{figure.name}.svg").text)), figure.name  # English stays English
