"""A With a Vengeance game in the viewer and on the statistics page, in headless Chromium.

The sample logs/vengeance-4-players.jsonl, at the moments that only the expansion has: a Swap, a
row with a -8 that an Unlucky 7 then wipes, a ÷2, a Flip Four's set-aside cards, The Zero. Each
test keeps a screenshot (tests/e2e/artifacts/). Skipped, saying why, where no Chromium can be driven.
"""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.plots import FIGURES
from tests.e2e.conftest import LOGS, screenshot

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

SAMPLE = LOGS / "vengeance-4-players.jsonl"


def seat(page: Any, name: str) -> Any:
    return page.locator(f'#seats article[aria-label^="{name}"]')


def cards(page: Any, name: str) -> Any:
    return seat(page, name).locator("ul.cards li")


def card(page: Any, name: str, card: str) -> Any:
    return seat(page, name).locator(f'ul.cards li[data-card="{card}"]')


def go(page: Any, event: int) -> None:
    page.fill("#scrub", str(event))
    expect(page.locator("#position")).to_have_text(f"event {event} of 282")


def test_step_through_a_vengeance_game(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.set_input_files("#log-file", str(SAMPLE))
    expect(page.locator("#verdict")).to_contain_text("Valid")
    expect(page.locator("#status")).to_contain_text("283 events, valid")

    go(page, 5)  # a Swap names both cards it moves
    expect(page.locator("#event-info")).to_contain_text("Cem swaps Ana's 11 with Ben's 12")

    go(page, 78)  # Ana's row before the Unlucky 7: two numbers and the -8 given to her
    expect(cards(page, "Ana")).to_have_count(3)
    minus_8 = card(page, "Ana", "-8")
    expect(minus_8).to_have_class("card mod")
    expect(seat(page, "Ana").locator(".round-score")).to_have_text("14")
    expect(seat(page, "Ana").locator(".sum")).to_contain_text("10 + 12 = 22 -8 → 14")

    page.locator("body").press("ArrowRight")  # the Unlucky 7 wipes the row and stays alone in it
    expect(page.locator("#event-info")).to_contain_text("Unlucky 7 to Ana")
    expect(cards(page, "Ana")).to_have_count(1)
    unlucky = cards(page, "Ana").first
    expect(unlucky).to_have_attribute("data-card", "unlucky_7")
    expect(unlucky).to_have_class("card num special")
    expect(unlucky).to_have_text("Unlucky 7")
    expect(seat(page, "Ana").locator(".round-score")).to_have_text("7")
    screenshot(page, "vengeance-unlucky-7")

    go(page, 144)  # a Flip Four's draws: the action cards revealed meanwhile wait, set aside
    expect(page.locator("#table-info")).to_contain_text("Set aside")
    expect(page.locator("#table-info")).to_contain_text("Flip Four, Discard")
    expect(page.locator("#table-info .waiting")).to_have_text("a card is owed to Cem for a Flip Four")

    go(page, 152)  # Ben gave Cem the ÷2
    expect(card(page, "Cem", "/2")).to_have_text("÷2")
    expect(seat(page, "Cem").locator(".sum")).to_contain_text("2 + 11 + 13 = 26 ÷ 2 = 13)")
    expect(page.locator("#event-info")).to_contain_text("Ben gives ÷2 to Cem")

    go(page, 206)  # Cem draws The Zero: the round's score is 0 unless a Flip 7
    expect(card(page, "Cem", "0")).to_have_text("The Zero")
    expect(seat(page, "Cem").locator(".held")).to_have_text("The Zero: must hit")  # the row's note, as the table view gives it
    expect(seat(page, "Cem").locator(".round-score")).to_have_text("0")
    expect(seat(page, "Cem").locator(".sum")).to_contain_text("The Zero without Flip 7")
    screenshot(page, "vengeance-the-zero")


def test_a_stored_vengeance_game_and_its_figures(page: Any, server: str) -> None:
    page.goto(server + "/#game=sample-vengeance-brutal&event=78")
    expect(page.locator("#position")).to_have_text("event 78 of 530")
    expect(page.locator("#event-info")).to_contain_text("Unlucky 7 to Cem")
    expect(cards(page, "Cem")).to_have_count(1)

    page.goto(server + "/stats")  # the store holds Vengeance games: their figures are shown too
    expect(page.locator("#figures figure")).to_have_count(len([f for f in FIGURES if not f.decisions]))  # stored without --analyze
    wipes = page.locator("#figure-unlucky_7_wipes")
    expect(wipes.locator("figcaption")).to_contain_text("what an Unlucky 7 wipe cost")
    image = wipes.locator("img")
    image.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    wipes.locator("summary").click()
    expect(wipes.locator("table")).to_contain_text("avg_lost")
    expect(wipes.locator('a[href="/v1/plots/unlucky_7_wipes.png"]')).to_have_text("PNG")
    expect(page.locator("#figure-special_numbers figcaption")).to_contain_text("The Zero's fate")
    screenshot(page, "statistics-vengeance")
