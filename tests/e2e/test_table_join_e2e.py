"""Joining a live table and its screen, in headless Chromium against a real `flip7 serve`: a phone
joins by the table's code, the table screen follows every tap (rows, whose move, the scores of each
round, the last events) and keeps the screen awake while the table is open, the scorer's right is
handed to another phone by its code (the old key then refused), and a finished table seats the next
game with the next dealer, which the screen moves on to. In English and in German."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.e2e.conftest import _page, screenshot
from tests.e2e.test_live_e2e import tap_card, tap_move

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

#: A stand-in for the Screen Wake Lock API (headless Chromium refuses the real one): it notes each
#: request and release in `window.__wake`.
FAKE_WAKE_LOCK = """
window.__wake = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: { request: async (type) => {
  const s = new EventTarget(); s.type = type; s.released = false;
  s.release = async () => { s.released = true; window.__wake.push("release"); s.dispatchEvent(new Event("release")); };
  window.__wake.push("request:" + type); return s; } } });
"""


def post(server: str, path: str, body: dict[str, Any] | None = None, key: str | None = None) -> tuple[int, dict[str, Any]]:
    headers = {"Content-Type": "application/json", **({"X-Table-Key": key} if key else {})}
    request = urllib.request.Request(server + path, data=json.dumps(body or {}).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def seat(server: str) -> dict[str, Any]:
    """A new table (Ana, Ben, Cem; Ana deals; 10 points win) made through the API: its id, key and links."""
    status, body = post(server, "/v1/tables", {"players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "target": 10})
    assert status == 201, body
    return body


def context(factory: Any, width: int, height: int, locale: str = "en-US") -> Any:
    made = factory(width, height, locale)
    made.add_init_script(FAKE_WAKE_LOCK)
    return made


def test_join_by_code_the_table_screen_a_hand_over_and_the_next_game(browser_context_factory: Any, server: str) -> None:
    table = seat(server)
    tabs = [_page(context(browser_context_factory, w, h), server) for w, h in ((360, 740), (1280, 720), (360, 740))]
    scorer, screen, phone = (next(t) for t in tabs)
    for tab in (scorer, phone):
        tab.on("dialog", lambda dialog: dialog.accept())
    scorer.goto(server + table["write_link"])
    expect(scorer.locator("#owed")).to_have_text("round 1: Ana deals")
    code = scorer.locator("#join-code-shown").inner_text()
    assert len(code) == 6 and not set(code) & set("0O1IL")
    assert scorer.locator("#qr-read").evaluate("img => img.complete && img.naturalWidth > 0")

    screen.goto(f"{server}/table/{table['id']}/screen")
    expect(screen.locator("#owed")).to_have_text("round 1: Ana deals")
    expect(screen.locator("#join-code")).to_have_text(code)
    assert screen.locator("button, input, select, textarea").count() == 0  # no controls
    expect(screen.locator("body")).to_have_attribute("data-awake", "1")
    assert screen.evaluate("window.__wake") == ["request:screen"]
    expect(scorer.locator("body")).to_have_attribute("data-awake", "1")

    phone.goto(server + "/table")  # a phone joins by the code, typed in small letters
    phone.fill("#join-code", code.lower())
    phone.click("#join-btn")
    phone.wait_for_url(f"**/table/{table['id']}")
    expect(phone.locator("#owed")).to_have_text("round 1: Ana deals")
    expect(phone.locator("#pad")).to_be_hidden()

    tap_move(scorer, "round")
    for card in ("5", "8", "3"):
        tap_card(scorer, card)
    expect(screen.locator("#owed")).to_have_text("Ben's turn: hit or stay")
    ben = screen.locator('#seats article[data-player="Ben"]')
    expect(ben).to_have_class("row-big to-move")
    expect(ben.locator(".badge.move")).to_have_text("to move")
    expect(ben.locator('.card[data-card="5"]')).to_have_text("5")
    expect(screen.locator("#events li").first).to_have_text("4. 3 to Ana")
    font = float(screen.locator('#seats article[data-player="Ben"] .card').first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert font >= 20  # read from across the table
    screenshot(screen, "table-screen-1280")

    scorer.click("#share-scorer-btn")  # the scorer's link, marked as the scorer's
    expect(scorer.locator("#scorer-box h4")).to_have_text("The scorer's link: whoever opens it records")
    expect(scorer.locator("#scorer-code")).to_have_text(re.compile(r"^[2-9A-HJKMNP-Z]{8}$"))
    expect(scorer.locator("#scorer-box img.qr")).to_be_visible()
    screenshot(scorer, "table-scorer-share-360")

    scorer.click("#hand-over-btn")  # the scoring goes to the other phone
    expect(scorer.locator("#pad")).to_be_hidden()
    handed = scorer.locator("#scorer-code").inner_text()
    assert "#key=" not in scorer.url
    assert post(server, f"/v1/tables/{table['id']}/events", {"type": "hit", "player": "Ben"}, table["key"])[0] == 403

    phone.goto(server + "/table")
    phone.fill("#join-code", handed)
    phone.click("#join-btn")
    phone.wait_for_url("**#key=*")
    expect(phone.locator("#pad")).to_be_visible()
    tap_move(phone, "hit")
    tap_card(phone, "6")
    expect(screen.locator('#seats article[data-player="Ben"] .round-score')).to_have_text("11")
    tap_move(phone, "stay")  # Cem
    tap_move(phone, "stay")  # Ana
    tap_move(phone, "stay")  # Ben: 11, over 10
    expect(screen.locator("#owed")).to_have_text("game over: Ben won")
    expect(screen.locator('#scores tbody tr[data-player="Ben"] td').first).to_have_text("11")  # round 1's column
    expect(screen.locator('#scores thead th').nth(1)).to_have_text("R1")
    phone.click("#finish-btn")
    expect(screen.locator("#owed")).to_contain_text("the game is stored as live-")
    expect(screen.locator("body")).to_have_attribute("data-awake", "0")
    assert screen.evaluate("window.__wake")[-1] == "release"

    phone.click("#next-game-btn")  # the same players, the next dealer
    phone.wait_for_url("**#key=*")
    expect(phone.locator("#owed")).to_have_text("round 1: Ben deals")
    screen.wait_for_url("**/screen", timeout=15_000)
    expect(screen.locator("#owed")).to_have_text("round 1: Ben deals", timeout=15_000)
    assert table["id"] not in screen.url
    expect(scorer.locator("#next-link")).to_be_visible(timeout=15_000)  # the old scorer follows along
    for tab in tabs:
        next(tab, None)


@pytest.mark.parametrize("width", [360, 1280])
def test_the_screen_and_the_join_field_in_german(browser_context_factory: Any, server: str, width: int) -> None:
    table = seat(server)
    tabs = [_page(context(browser_context_factory, width, 800, "de-DE"), server) for _ in range(2)]
    scorer, screen = (next(t) for t in tabs)
    scorer.goto(server + "/table")
    expect(scorer.locator("#join-h")).to_have_text("An einem Tisch mitmachen")
    scorer.fill("#join-code", "ZZZZZZ")
    scorer.click("#join-btn")
    expect(scorer.locator("#join-status")).to_contain_text("ZZZZZZ")
    scorer.goto(server + table["write_link"])
    expect(scorer.locator("#share-scorer-btn")).to_have_text("Schreiber-Link teilen")
    screen.goto(f"{server}/table/{table['id']}/screen")
    expect(screen.locator("#owed")).to_have_text("Runde 1: Ana gibt")
    expect(screen.locator(".join span")).to_have_text("Mitmachen mit dem Code")
    expect(screen.locator("#events-h")).to_have_text("Letzte Ereignisse")
    tap_move(scorer, "round")
    tap_card(scorer, "5")
    expect(screen.locator("#owed")).to_have_text("Geben: Karte für Cem")
    expect(screen.locator("#events li").first).to_have_text("2. 5 an Ben")
    expect(screen.locator('#seats article[data-player="Cem"] .badge.move')).to_have_text("am Zug")
    expect(screen.locator('#seats article[data-player="Ana"] .badge.dealer')).to_have_text("Geber")
    expect(screen.locator('#seats article[data-player="Ben"] .score')).to_contain_text("Runde: 5 · Partie: 0")
    assert screen.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(screen, f"table-screen-de-{width}")
    for tab in tabs:
        next(tab, None)


def test_redo_after_undo(browser_context_factory: Any, server: str) -> None:
    table = seat(server)
    tabs = [_page(context(browser_context_factory, 360, 740), server) for _ in range(2)]
    scorer, follower = (next(t) for t in tabs)
    scorer.goto(server + table["write_link"])
    follower.goto(server + table["read_link"])
    expect(scorer.locator("#redo-btn")).to_be_disabled()
    tap_move(scorer, "round")
    tap_card(scorer, "5")
    expect(scorer.locator("#owed")).to_have_text("deal: Cem's card")
    for _ in range(2):
        seq = scorer.locator("body").get_attribute("data-seq")
        scorer.click("#undo-btn")
        expect(scorer.locator("body")).not_to_have_attribute("data-seq", str(seq))
    expect(scorer.locator("#owed")).to_have_text("round 1: Ana deals")
    expect(scorer.locator("#redo-btn")).to_be_enabled()
    expect(scorer.locator("#redo-btn")).to_have_attribute("title", "Redo: round 1 begins")
    scorer.click("#redo-btn")
    expect(scorer.locator("#owed")).to_have_text("deal: Ben's card")
    expect(scorer.locator("#redo-btn")).to_have_attribute("title", "Redo: 5 to Ben")
    scorer.click("#redo-btn")
    expect(scorer.locator("#owed")).to_have_text("deal: Cem's card")
    expect(follower.locator("#owed")).to_have_text("deal: Cem's card")
    expect(follower.locator("#events li").first).to_have_text("2. 5 to Ben")
    expect(scorer.locator("#redo-btn")).to_be_disabled()
    for tab in tabs:
        next(tab, None)


def test_the_screen_shows_any_rulesets_cards_by_the_servers_labels(browser_context_factory: Any, server: str) -> None:
    """Each registered ruleset's table on the screen: a number card and a modifier (where the ruleset
    has one) in the rows, labelled as the server labels them (the page names no card)."""
    from adjudicator.rulesets import RULESETS

    tabs = [_page(context(browser_context_factory, 1280, 720), server)]
    screen = next(tabs[0])
    for ruleset in RULESETS:
        status, table = post(server, "/v1/tables", {"players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "ruleset": ruleset})
        assert status == 201, table
        key = table["key"]
        path = f"/v1/tables/{table['id']}/events"
        assert post(server, path, {"type": "round", "round": 1}, key)[0] == 200
        shown = []
        buttons = table["table"]["cards"]
        numbers = [c for c in buttons if c["kind"] == "number"]
        for card in (numbers[-1], next((c for c in buttons if c["kind"] == "modifier"), numbers[-2])):
            who = ["Ben", "Cem"][len(shown)]
            status, kept = post(server, path, {"type": "card", "player": who, "card": card["card"]}, key)
            assert status == 200, kept
            if (kept["table"]["table"]["waiting_for"] or {}).get("kind") == "target":  # a card its drawer gives away
                status, kept = post(server, path, {"type": "target", "player": who, "card": card["card"], "target": who}, key)
                assert status == 200, kept
            shown.append(card)
        screen.goto(f"{server}/table/{table['id']}/screen")
        for who, card in zip(("Ben", "Cem"), shown, strict=True):
            expect(screen.locator(f'#seats article[data-player="{who}"] .card[data-card="{card["card"]}"]')).to_have_text(card["label"])
        expect(screen.locator("#owed")).to_have_text(kept["table"]["owed"]["en"])
    next(tabs[0], None)
