"""What a new user meets first, in headless Chromium: the API docs page, the stored-games list of
the viewer, the statistics page's filters and errors, and both pages in German.

Each test keeps a screenshot (tests/e2e/artifacts/). Skipped, saying why, where no Chromium can be driven.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import screenshot

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect


@pytest.mark.parametrize("width", [1280, 360])
def test_the_docs_page_shows_the_operations(browser_context_factory: Any, server: str, width: int) -> None:
    from tests.e2e.conftest import _page

    for tab in _page(browser_context_factory(width, 900), server):
        tab.goto(server + "/docs")
        expect(tab.locator(".information-container .title")).to_contain_text("flip7")
        expect(tab.locator(".opblock-summary-path", has_text="/v1/games").first).to_be_visible()
        expect(tab.locator("text=Unable to render this definition")).to_have_count(0)
        assert tab.locator(".opblock").count() >= 10  # every operation has its block
        screenshot(tab, f"docs-{width}")


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A server over the samples and 70 simulated games: more than one page of the stored-games list."""
    import subprocess

    from tests.e2e.conftest import LOGS, _flip7, serving

    folder = tmp_path_factory.mktemp("crowded")
    subprocess.run(_flip7("simulate", "--games", "70", "--players", "3", "--seed", "5", "--out", str(folder / "sim")), check=True, capture_output=True)
    with serving(folder, LOGS, folder / "sim") as base:
        yield base


def test_the_stored_games_are_searched_and_paged(browser_context_factory: Any, crowded: str) -> None:
    from tests.e2e.conftest import _page

    for tab in _page(browser_context_factory(1280, 900), crowded):
        tab.goto(crowded + "/")
        options = tab.locator("#game-select option")
        expect(options).to_have_count(51)  # a page of 50 and the prompt
        expect(tab.locator("#games-page")).to_have_text("games 1–50, more on the next page")
        tab.click("#games-next")
        expect(tab.locator("#games-page")).to_have_text("games 51–85")  # 15 samples + 70 simulated
        expect(tab.locator("#games-next")).to_be_disabled()
        tab.click("#games-prev")
        expect(tab.locator("#games-page")).to_contain_text("games 1–50")
        tab.fill("#game-search", "BRUTAL")  # part of an id, any case
        expect(options).to_have_count(2)
        expect(options.nth(1)).to_have_text("sample-vengeance-brutal · vengeance (brutal) · 5 players · valid")
        tab.fill("#game-search", "eli")  # part of a player's name
        expect(tab.locator("#games-page")).to_contain_text("(searched)")
        assert 1 < options.count() < 51
        tab.fill("#game-search", "no such game")
        expect(options).to_have_count(1)
        expect(options.first).to_contain_text("no stored game matches")
        screenshot(tab, "viewer-games-search")


def test_a_changed_game_link_loads_without_a_reload(page: Any, server: str) -> None:
    page.goto(server + "/#game=invalid-bad-claims&event=9")
    expect(page.locator("#position")).to_have_text("event 9 of 200")
    expect(page.locator("#game-name")).to_have_text("invalid-bad-claims")
    page.evaluate("location.hash = '#game=sample-vengeance-brutal&event=5'")
    expect(page.locator("#game-name")).to_have_text("sample-vengeance-brutal")
    expect(page.locator("#game-ruleset")).to_have_text("· vengeance (brutal)")
    expect(page.locator("#position")).to_contain_text("event 5 of")
    page.evaluate("location.hash = '#game=sample-vengeance-brutal&event=12'")
    expect(page.locator("#position")).to_contain_text("event 12 of")
    screenshot(page, "viewer-ruleset-header")


def test_a_bad_since_is_an_error_not_an_empty_store(page: Any, server: str) -> None:
    page.goto(server + "/stats")
    expect(page.locator("#figures figure").first).to_be_visible()
    page.fill("#since", "last tuesday")
    page.click("#filters button")
    status = page.locator("#status")
    expect(status).to_have_class("error")
    expect(status).to_contain_text("'last tuesday' is not a date")
    expect(page.locator("#since")).to_have_attribute("aria-invalid", "")
    expect(page.locator("#overview")).not_to_contain_text("games: 0")
    expect(page.locator("#figures figure")).to_have_count(0)  # no "No data yet" under every chart
    screenshot(page, "statistics-bad-since")
    page.fill("#since", "2999-01-01")  # a good filter that no game matches
    page.click("#filters button")
    expect(status).to_have_text("No stored game matches these filters.")
    expect(page.locator("#figures figure")).to_have_count(0)


def test_charts_on_a_phone_say_that_they_scroll(phone: Any, server: str) -> None:
    phone.goto(server + "/stats")
    chart = phone.locator("#figures .chart").first
    expect(chart).to_be_visible()
    image = chart.locator("img")
    phone.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    assert chart.evaluate("c => c.scrollWidth > c.clientWidth")  # the chart is cut at 360 px ...
    expect(phone.locator("#figures .scroll-hint").first).to_be_visible()  # ... and says so
    screenshot(phone, "statistics-phone-scroll")


def test_the_score_breakdown_and_the_colours_are_explained(page: Any, server: str) -> None:
    page.goto(server + "/#game=sample-3-players&event=0")
    expect(page.locator("#game-name")).to_have_text("sample-3-players")
    expect(page.locator("#game-ruleset")).to_have_text("· flip7")
    page.evaluate("location.hash = '#game=invalid-wrong-turn&event=19'")
    ben = page.locator('#seats article[aria-label^="Ben"] .sum')
    expect(ben).to_have_text(" (12 + 9 + 11 = 32)")  # not "(12 + 9 + 11 = 32 → 32)"
    legend = page.locator("#scores .score-legend")
    expect(legend).to_contain_text("red: busted")
    expect(legend).to_contain_text("purple, bold: Flip 7")
    screenshot(page, "viewer-score-legend")


@pytest.mark.parametrize("width", [1280, 360])
def test_the_pages_follow_a_german_browser(browser_context_factory: Any, server: str, width: int) -> None:
    from tests.e2e.conftest import _page

    for tab in _page(browser_context_factory(width, 900, "de-DE"), server):
        tab.goto(server + "/#game=invalid-wrong-turn&event=27")
        expect(tab.locator("html")).to_have_attribute("lang", "de")
        expect(tab.locator("#load-h")).to_have_text("Ein Protokoll öffnen")
        expect(tab.locator("#game-search")).to_have_attribute("placeholder", "nach Kennung oder Spieler suchen")
        expect(tab.locator("#position")).to_have_text("Ereignis 27 von 257")
        expect(tab.locator("#status")).to_contain_text("258 Ereignisse, 1 Regelverstoß")
        expect(tab.locator("#event-info")).to_contain_text("Ana sagt „noch eine“")
        expect(tab.locator("#event-info .message")).to_contain_text("Ana ist nicht an der Reihe")  # the referee's German
        expect(tab.locator("#scores h3")).to_have_text("Punkte")
        expect(tab.locator("#scores .score-legend")).to_contain_text("rot: verzockt")
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(tab, f"viewer-de-{width}")
        tab.goto(server + "/stats")
        expect(tab.locator("h2")).to_have_text("Statistik der gespeicherten Partien")
        expect(tab.locator("#status")).to_contain_text("Abbildungen")
        expect(tab.locator("#overview")).to_contain_text("Partien:")
        tab.fill("#since", "gestern")
        tab.click("#filters button")
        expect(tab.locator("#status")).to_contain_text("Die Statistik ist nicht ladbar")
        screenshot(tab, f"statistics-de-{width}")


def test_an_english_browser_gets_english(page: Any, server: str) -> None:
    page.goto(server + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#load-h")).to_have_text("Open a log")


def test_the_statistics_page_filters_by_ruleset(page: Any, server: str) -> None:
    import inspect

    from adjudicator.store import Store

    page.goto(server + "/stats")
    choices = page.locator("#ruleset option")
    expect(choices).to_have_count(4)  # all games, then each ruleset and its modes, from GET /v1/rulesets
    expect(choices.nth(2)).to_have_text("vengeance (every mode)")
    expect(choices.nth(3)).to_have_text("vengeance (brutal)")
    if "ruleset" not in inspect.signature(Store.stats).parameters:
        pytest.skip("the store cannot filter its statistics by ruleset yet")
    expect(page.locator("#figures figure").first).to_be_visible()
    page.select_option("#ruleset", "flip7")
    page.click("#filters button")
    expect(page.locator("#figures figure").first.locator("img")).to_have_attribute("src", "/v1/plots/bust_risk.svg?ruleset=flip7")
    expect(page.locator("#figure-unlucky_7_wipes")).to_have_count(0)  # a Vengeance figure: no Flip 7 game counts
    screenshot(page, "statistics-ruleset")
