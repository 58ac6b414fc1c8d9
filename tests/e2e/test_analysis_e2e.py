"""The viewer's decision analysis in headless Chromium: the evaluation bar at each decision, the
marks in the event list and the players' summary, at 1280 and 360 px, in English and German.

Each test keeps a screenshot (tests/e2e/artifacts/). Skipped, saying why, where no Chromium can be driven.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import LOGS, _page, screenshot, serving

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

#: Valuing a game takes seconds on a busy machine: wait for it longer than for a page.
ANALYSIS_WAIT = 90_000
#: The first two rounds of the 3-player sample (a whole game takes too long to value here).
SHORT = "sample-3-players-two-rounds"
#: The line where the Vengeance sample's second round begins.
ROUND_2 = 32


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server over the first two rounds of the 3-player sample (as game ``SHORT``) and a Vengeance game."""
    folder = tmp_path_factory.mktemp("analysis")
    lines = (LOGS / "3-players.jsonl").read_text(encoding="utf-8").splitlines()[:52]
    lines[0] = lines[0].replace('"sample-3-players"', f'"{SHORT}"')
    (folder / "logs").mkdir()
    (folder / "logs" / "two-rounds.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with serving(folder, folder / "logs", LOGS / "vengeance-4-players.jsonl") as base:
        yield base


def _wait_for_analysis(tab: Any) -> None:
    expect(tab.locator("#analysis-summary tbody tr")).to_have_count(3, timeout=ANALYSIS_WAIT)


@pytest.mark.parametrize("width", [1280, 360])
def test_the_evaluation_bar_at_a_decision(browser_context_factory: Any, short: str, width: int) -> None:
    for tab in _page(browser_context_factory(width, 900), short):
        tab.goto(short + f"/#game={SHORT}&event=7")
        _wait_for_analysis(tab)
        expect(tab.locator("#position")).to_have_text("event 7 of 51")
        bar = tab.locator("#eval")
        expect(bar).to_be_visible()
        # Cem stays on 5 where hitting is worth about 21.8 (exact): a blunder
        expect(bar.locator(".eval-side.hit")).to_have_text("hit 21.8")
        expect(bar.locator(".eval-side.stay")).to_have_text("stay 5.0")
        expect(bar.locator(".eval-side.chosen")).to_have_text("stay 5.0")
        expect(bar.locator(".eval-head")).to_contain_text("bust chance 4.4 %")
        expect(bar.locator(".eval-verdict")).to_contain_text("?? blunder: Cem gives away 16.8 points (hit was better)")
        share = float(bar.locator(".eval-hit").evaluate("e => parseFloat(e.style.width)"))
        assert share == pytest.approx(100 * 21.769764 / 26.769764, abs=0.1)  # the hit share of the bar
        expect(tab.locator('#events button[data-event="7"] .dmark')).to_have_text("??")
        expect(tab.locator('#events button[data-event="5"] .dmark')).to_have_count(0)  # Ben's hit was right
        summary = tab.locator("#analysis-summary")
        expect(summary.locator("h3")).to_have_text("Decisions")
        expect(summary.locator("tbody tr").first).to_contain_text("Ana")
        expect(summary.locator("tbody tr").first.locator(".accuracy")).to_have_text("90.1 %")
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(tab, f"viewer-analysis-{width}")

        tab.locator("body").press("ArrowLeft")  # event 6 is a card, not a decision: no bar
        expect(tab.locator("#position")).to_have_text("event 6 of 51")
        expect(bar).to_be_hidden()
        tab.goto(short + f"/#game={SHORT}&event=30")  # a Freeze given to the wrong player
        expect(tab.locator("#position")).to_have_text("event 30 of 51")
        expect(bar.locator(".eval-head")).to_have_text("Freeze: value of each target")
        expect(bar.locator(".eval-targets li").first).to_have_text("Ben 13.8")
        expect(bar.locator(".eval-targets li.chosen")).to_have_text("Cem 1.0")
        expect(bar.locator(".eval-verdict")).to_contain_text("blunder")
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(tab, f"viewer-analysis-target-{width}")


def test_a_pasted_log_is_valued_too(browser_context_factory: Any, short: str) -> None:
    for page in _page(browser_context_factory(), short):
        page.goto(short + "/")
        page.fill("#log-text", "".join((LOGS / "3-players.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)[:52]))
        page.click("#check-btn")
        _wait_for_analysis(page)
        page.fill("#scrub", "7")
        expect(page.locator("#eval .eval-verdict")).to_contain_text("blunder")


def test_a_vengeance_round_shows_the_monte_carlo_bar(browser_context_factory: Any, short: str) -> None:
    first_round = (LOGS / "vengeance-4-players.jsonl").read_text(encoding="utf-8").splitlines()[:ROUND_2]
    for page in _page(browser_context_factory(), short):
        page.goto(short + "/")
        page.fill("#log-text", "\n".join(first_round) + "\n")
        page.click("#check-btn")
        expect(page.locator("#analysis-summary tbody tr")).to_have_count(4, timeout=ANALYSIS_WAIT)
        for _ in range(7):
            page.locator("body").press("ArrowRight")
        bar = page.locator("#eval")
        expect(bar).to_be_visible()  # Ana's first turn: the pile holds Steal, Swap and Discard
        expect(bar.locator(".eval-head")).to_contain_text("Monte Carlo, 40 playouts")
        expect(page.locator("#status")).not_to_have_class("error")
        screenshot(page, "viewer-analysis-vengeance")


def test_the_analysis_in_german_on_a_phone(browser_context_factory: Any, short: str) -> None:
    for tab in _page(browser_context_factory(360, 740, "de-DE"), short):
        tab.goto(short + f"/#game={SHORT}&event=7")
        _wait_for_analysis(tab)
        bar = tab.locator("#eval")
        expect(bar.locator(".eval-head")).to_contain_text("Rundenwert")
        expect(bar.locator(".eval-side.hit")).to_have_text("noch eine 21.8")
        expect(bar.locator(".eval-side.stay")).to_have_text("Stopp 5.0")
        expect(bar.locator(".eval-verdict")).to_contain_text("?? grober Fehler: Cem verschenkt 16.8 Punkte (noch eine war besser)")
        expect(tab.locator("#analysis-summary h3")).to_have_text("Entscheidungen")
        expect(tab.locator("#analysis-summary thead")).to_contain_text("Genauigkeit")
        assert tab.evaluate("document.documentElement.scrollWidth") <= 360
        screenshot(tab, "viewer-analysis-de-360")
