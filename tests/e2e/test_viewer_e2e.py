"""The viewer and the statistics page in headless Chromium, against a real `flip7 serve`.

Each test keeps a screenshot (tests/e2e/artifacts/). Skipped, saying why, where no Chromium can be driven.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from adjudicator.plots import FIGURES
from tests.e2e.conftest import LOGS, screenshot

SAMPLES = len(list(LOGS.glob("*.jsonl")))
#: The figures a store of the samples shows (ingested without --analyze: no decisions figure).
SHOWN = [f for f in FIGURES if not f.decisions]

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

WRONG_TURN = LOGS / "invalid-wrong-turn.jsonl"


def seat(page: Any, name: str) -> Any:
    return page.locator(f'#seats article[aria-label^="{name}"]')


def test_paste_a_log_and_step_to_the_violation(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.fill("#log-text", WRONG_TURN.read_text(encoding="utf-8"))
    page.click("#check-btn")
    expect(page.locator("#status")).to_contain_text("258 events, 1 violation")
    expect(page.locator("#position")).to_have_text("event 0 of 257")
    expect(page.locator("#event-info")).not_to_have_class("has-violation")

    page.locator("body").press("v")  # the keyboard: first violation
    expect(page.locator("#position")).to_have_text("event 27 of 257")
    info = page.locator("#event-info")
    expect(info).to_have_class("has-violation")
    expect(info.locator(".rule")).to_have_text("turn.order")
    expect(info.locator(".message")).to_have_text("Ana cannot hit now: it is Dana's turn to hit or stay.")
    expect(info).to_contain_text("Event 27 (line 31): Ana hits")
    expect(page.locator('#events button[aria-current="step"]')).to_contain_text("27")
    expect(page.locator("#events li.bad")).to_have_count(1)
    # the table just before the illegal hit: round 2, Dana to move, the scores of round 1 carried
    expect(page.locator("#table-info")).to_contain_text("it is Dana's turn to hit or stay")
    expect(seat(page, "Dana")).to_have_class("seat to-move")
    expect(seat(page, "Ana").locator(".total")).to_have_text("17")
    expect(seat(page, "Ben").locator(".total")).to_have_text("32")
    expect(seat(page, "Ben").locator(".round-score")).to_have_text("12")
    expect(page.locator(".score-table tbody tr").first).to_contain_text("Ana")
    shot = screenshot(page, "viewer-violation")

    page.locator("body").press("ArrowLeft")
    expect(page.locator("#position")).to_have_text("event 26 of 257")
    expect(page.locator("#event-info .violation")).to_have_count(0)
    page.click("#next-btn")
    expect(page.locator("#position")).to_have_text("event 27 of 257")
    assert shot.exists()


def test_upload_a_file_scrub_and_step_with_buttons(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.set_input_files("#log-file", str(LOGS / "3-players.jsonl"))
    expect(page.locator("#verdict")).to_contain_text("Valid")
    page.locator("body").press("End")
    expect(page.locator("#position")).to_have_text("event 200 of 200")
    expect(page.locator("#table-info .winner")).to_have_text("Ben")
    expect(page.locator("#next-btn")).to_be_disabled()
    page.fill("#scrub", "5")  # the timeline
    expect(page.locator("#position")).to_have_text("event 5 of 200")
    page.click("#prev-btn")
    expect(page.locator("#position")).to_have_text("event 4 of 200")
    page.locator("body").press("PageDown")  # the next round starts at its round event
    expect(page.locator("#event-info")).to_contain_text("round 2 begins")
    screenshot(page, "viewer-upload")


def test_paste_a_json_array(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.fill("#log-text", '[{"type":"game","id":"g","players":["Ana","Ben","Cem"],"dealer":"Ana"},{"type":"round","round":1},'
              '{"type":"card","player":"Ben","card":"8"},{"type":"card","player":"Ana","card":"5"}]')
    page.click("#check-btn")
    expect(page.locator("#status")).to_contain_text("4 events, 1 violation")
    page.click("#violation-btn")
    expect(page.locator("#event-info .rule")).to_have_text("deal.order")
    expect(page.locator("#event-info")).to_contain_text("Event 3 (line 4): 5 to Ana")


def test_open_a_stored_game_and_jump_to_a_round(page: Any, server: str) -> None:
    page.goto(server + "/")
    # the samples and the prompt, at least: a live table finished by another test is stored too
    expect(page.locator("#game-select option").nth(SAMPLES)).to_be_attached()
    expect(page.locator("#game-select option[value='invalid-bad-claims']")).to_have_count(1)
    page.select_option("#game-select", "invalid-bad-claims")
    page.click("#open-btn")
    expect(page.locator("#status")).to_contain_text("game invalid-bad-claims: 201 events, 2 violations")
    expect(page.locator("#verdict li")).to_have_count(2)
    page.click("#violation-btn")
    info = page.locator("#event-info")
    expect(info.locator(".rule")).to_have_count(1)
    expect(info).to_contain_text("score claim")
    page.select_option("#round-select", label="3")
    expect(page.locator("#table-info")).to_contain_text("Round3")
    expect(page).to_have_url(f"{server}/#game=invalid-bad-claims&event={page.locator('#scrub').input_value()}")
    screenshot(page, "viewer-stored-game")

    page.goto(server + "/#game=invalid-bad-claims&event=9")  # a link to one event of a stored game
    page.reload()
    expect(page.locator("#position")).to_have_text("event 9 of 200")


def test_statistics_page(page: Any, server: str) -> None:
    page.goto(server + "/stats")
    figures = page.locator("#figures figure")
    expect(figures).to_have_count(len(SHOWN))  # the samples include Vengeance games: their figures too
    expect(page.locator("#overview")).to_contain_text(re.compile(r"games: \d+"))
    shown_games = int(re.search(r"games: (\d+)", page.locator("#overview").inner_text()).group(1))  # type: ignore[union-attr]
    assert shown_games >= SAMPLES  # every sample (a live table finished by another test is stored too)
    for index in range(len(SHOWN)):
        image = figures.nth(index).locator("img")
        image.scroll_into_view_if_needed()
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    expect(figures.first.locator("figcaption")).to_contain_text("Bust risk by numbers in the row")
    figures.first.locator("summary").click()
    expect(figures.first.locator("table")).to_contain_text("expected_bust_rate")
    page.fill("#player", "Ben")
    page.click("#filters button")
    expect(figures.first.locator("img")).to_have_attribute("src", "/v1/plots/bust_risk.svg?player=Ben")
    screenshot(page, "statistics")


def test_nothing_is_wider_than_a_phone(phone: Any, server: str) -> None:
    phone.goto(server + "/")
    phone.fill("#log-text", WRONG_TURN.read_text(encoding="utf-8"))
    phone.click("#check-btn")
    phone.click("#violation-btn")
    expect(phone.locator("#event-info .rule")).to_have_text("turn.order")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(phone, "viewer-phone")
    phone.goto(server + "/stats")
    expect(phone.locator("#figures figure")).to_have_count(len(SHOWN))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(phone, "statistics-phone")


def test_the_controls_are_reachable_with_the_keyboard(page: Any, server: str) -> None:
    page.goto(server + "/#game=invalid-wrong-turn")
    expect(page.locator("#position")).to_have_text("event 0 of 257")
    page.focus("#open-btn")
    for _ in range(4):  # the violation's link, then First and Back (disabled at event 0: skipped), then Next
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "next-btn":
            break
    assert page.evaluate("document.activeElement.id") == "next-btn"
    page.keyboard.press("Enter")
    expect(page.locator("#position")).to_have_text("event 1 of 257")
