"""The viewer's chance to win (``flip7-analysis/2``) in headless Chromium: asked for only when its
view is opened, with a working state; the evaluation bar, the graph of every player's W (a point per
curve point, a click goes to its event), the luck of a card and the model's note; German labels at
360 px without sideways scrolling; the server's 422 and 503 said in words.

Each test keeps a screenshot (tests/e2e/artifacts/). Skipped, saying why, where no Chromium can be driven.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import LOGS, _page, screenshot, serving

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

#: Working out the chance to win of two rounds takes about 20 s on a quiet machine: wait longer.
WIN_WAIT = 180_000
#: The first two rounds of the 3-player sample (events 0–51).
SHORT = "sample-3-players-win"
#: Its curve: a point before every event but the second round's line and the last draw, plus one after the end.
CURVE_POINTS = 50


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server over the first two rounds of the 3-player sample, stored as game ``SHORT``."""
    folder = tmp_path_factory.mktemp("win")
    lines = (LOGS / "3-players.jsonl").read_text(encoding="utf-8").splitlines()[:52]
    lines[0] = lines[0].replace('"sample-3-players"', f'"{SHORT}"')
    (folder / "logs").mkdir()
    (folder / "logs" / "two-rounds.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with serving(folder, folder / "logs") as base:
        yield base


def _signed(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return ("+" if value > 0 else "") + text


def test_the_bar_the_graph_and_the_luck(browser_context_factory: Any, short: str) -> None:
    asked: list[str] = []
    for tab in _page(browser_context_factory(1280, 900), short):
        tab.on("request", lambda request: asked.append(request.url))
        tab.goto(short + f"/#game={SHORT}&event=7")
        expect(tab.locator("#position")).to_have_text("event 7 of 51")
        expect(tab.locator("#analysis-summary tbody tr")).to_have_count(3, timeout=WIN_WAIT)  # the round values came
        assert not [url for url in asked if "format=2" in url], "the chance to win is asked for only when opened"
        expect(tab.locator("#win-view")).to_be_hidden()

        button = tab.locator("#win-btn")
        expect(button).to_have_text("Show the chance to win")
        button.click()
        expect(tab.locator("#win-status")).to_contain_text("Working out every player's chance to win")
        expect(button).to_be_disabled()
        points = tab.locator("#win-graph .win-point")
        expect(points).to_have_count(CURVE_POINTS, timeout=WIN_WAIT)
        assert [url for url in asked if url.endswith(f"/v1/games/{SHORT}/analysis?format=2")]
        body = tab.evaluate("win.body")
        assert body["format"] == "flip7-analysis/2"
        assert len(body["curve"]) == CURVE_POINTS  # a point of the graph for each point of the server's curve
        expect(button).to_have_text("Hide the chance to win")
        expect(tab.locator("#win-status")).to_have_text("")
        expect(tab.locator("#win-graph polyline")).to_have_count(3)  # a line per player

        # event 7: Cem's decision; the bar is Cem's chance after it (the curve's point before event 8)
        after = next(p for p in body["curve"] if p["event"] == 8)
        cem = f"{after['chances']['Cem']:.1f}".rstrip("0").rstrip(".")
        expect(tab.locator("#win-bar .win-text")).to_have_text(f"Cem: {cem} % to win")
        width = float(tab.locator("#win-bar .win-fill").evaluate("e => parseFloat(e.style.width)"))
        assert width == pytest.approx(after["chances"]["Cem"], abs=0.1)
        expect(tab.locator("#win-event .win-decision")).to_contain_text("Chance to win after each option: hit")
        decision = next(d for d in body["decisions"] if d["event"] == 7)
        if decision["win"]["mark"]:
            expect(tab.locator('#win-graph .win-mark[data-event="7"]')).to_have_count(1)
        marked = sum(1 for d in body["decisions"] if d.get("win") and d["win"]["mark"])
        expect(tab.locator("#win-graph .win-mark")).to_have_count(marked)

        # a card's luck at its event
        card = body["cards"][3]
        tab.locator(f'#events button[data-event="{card["event"]}"]').click()
        expect(tab.locator("#position")).to_have_text(f"event {card['event']} of 51")
        luck = tab.locator("#win-event .win-luck")
        expect(luck).to_contain_text(f"to {card['player']}: {_signed(card['luck'][card['player']])} pp luck")

        # clicking a point of the graph goes to its event
        tab.locator('#win-graph .win-point[data-event="40"] .win-hit').click()
        expect(tab.locator("#position")).to_have_text("event 40 of 51")
        at = float((tab.locator("#win-graph .win-at").get_attribute("d") or "M0 ").split()[0][1:])
        dot = float(tab.locator('#win-graph .win-point[data-event="40"] .win-dot').get_attribute("cx") or "-1")
        assert at == pytest.approx(dot, abs=0.2)  # the graph's marker of this event stands on that point

        # whose chance: another player chosen
        tab.select_option("#win-player", "Ana")
        expect(tab.locator("#win-bar .win-text")).to_contain_text("Ana: ")
        expect(tab.locator("#win-model")).to_contain_text("Model flip7-w1, an approximation (")
        expect(tab.locator("#win-model")).to_contain_text(body["model"]["assumptions"])
        expect(tab.locator("#win-players tbody tr")).to_have_count(3)
        screenshot(tab, "viewer-win-1280")

        button.click()  # hidden and shown again without asking the server a second time
        expect(tab.locator("#win-view")).to_be_hidden()
        before = len([url for url in asked if "format=2" in url])
        button.click()
        expect(points).to_have_count(CURVE_POINTS)
        assert len([url for url in asked if "format=2" in url]) == before


def test_german_at_360_px(browser_context_factory: Any, short: str) -> None:
    for tab in _page(browser_context_factory(360, 740, "de-DE"), short):
        tab.goto(short + f"/#game={SHORT}&event=6")
        expect(tab.locator("#position")).to_have_text("Ereignis 6 von 51")
        expect(tab.locator("#win-h")).to_have_text("Siegchance")
        tab.locator("#win-btn").click()
        expect(tab.locator("#win-status")).to_contain_text("Die Siegchance jedes Spielers wird berechnet")
        expect(tab.locator("#win-graph .win-point")).to_have_count(CURVE_POINTS, timeout=WIN_WAIT)
        expect(tab.locator("#win-btn")).to_have_text("Siegchance verbergen")
        expect(tab.locator("#win-bar .win-text")).to_contain_text("% Siegchance")
        expect(tab.locator("#win-event .win-luck")).to_contain_text("Prozentpunkte Glück")
        expect(tab.locator("#win-model")).to_contain_text("eine Näherung")
        expect(tab.locator("#win-players thead")).to_contain_text("Glück")
        expect(tab.locator(".win-who")).to_contain_text("Wessen Chance")
        tab.locator("body").press("ArrowRight")
        expect(tab.locator("#win-event .win-decision")).to_contain_text("Siegchance nach jeder Wahl: noch eine")
        assert tab.evaluate("document.documentElement.scrollWidth") <= 360
        assert tab.locator("#win-graph svg").bounding_box()["width"] <= 360
        screenshot(tab, "viewer-win-de-360")


@pytest.mark.parametrize(("status", "english"), [
    (422, "No chance to win for this game: the model cannot value it"),
    (503, "The server is busy, try again later: the model cannot value it"),
])
def test_the_servers_refusal_in_words(browser_context_factory: Any, short: str, status: int, english: str) -> None:
    problem = {"type": "about:blank", "title": "refused", "status": status, "detail": "the model cannot value it"}
    for tab in _page(browser_context_factory(360, 740), short):
        tab.route("**/analysis?format=2", lambda route: route.fulfill(status=status, content_type="application/problem+json", body=json.dumps(problem)))
        tab.goto(short + f"/#game={SHORT}&event=3")
        expect(tab.locator("#position")).to_have_text("event 3 of 51")
        tab.locator("#win-btn").click()
        status_line = tab.locator("#win-status")
        expect(status_line).to_have_text(english)
        expect(status_line).to_have_class("error")
        expect(tab.locator("#win-view")).to_be_hidden()
        expect(tab.locator("#win-btn")).to_have_text("Show the chance to win")  # another try stays possible
        assert tab.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_pasted_log_asks_with_its_own_text(browser_context_factory: Any, short: str) -> None:
    text = "".join((LOGS / "3-players.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)[:52])
    sent: list[tuple[str, str]] = []

    def refuse(route: Any) -> None:
        sent.append((route.request.method, route.request.post_data or ""))
        route.fulfill(status=422, content_type="application/problem+json", body=json.dumps({"title": "no", "status": 422, "detail": "not modelled"}))

    for tab in _page(browser_context_factory(), short):
        tab.route("**/v1/analyze?format=2", refuse)
        tab.goto(short + "/")
        tab.fill("#log-text", text)
        tab.click("#check-btn")
        expect(tab.locator("#position")).to_have_text("event 0 of 51")
        assert not sent  # not asked before the view is opened
        tab.locator("#win-btn").click()
        expect(tab.locator("#win-status")).to_have_text("No chance to win for this game: not modelled")
        assert sent == [("POST", text)]
