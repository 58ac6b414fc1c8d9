"""A ruleset of the tests' own through the pages (issue 29): *Meadow* (``tests/adjudicator/rulesets/
meadow.py``: two action cards, Nap and Poke, a ``napping`` status, a ``sunny`` mode), registered in
a real `flip7 serve`, is played through the replay viewer and the live table in headless Chromium,
in English and German (the viewer at 360 px too). Its own words appear, told by the server from its
kit; no shared file names it (``tests/api/test_rulesets_names.py``). Skipped where no Chromium can
be driven.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from tests.adjudicator.rulesets.meadow import EVENTS, GAME, log_text
from tests.e2e.conftest import _page, screenshot, serving_program
from tests.e2e.test_table_join_e2e import post

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

#: Registers Meadow, then runs the CLI (the API's request models are built after the registry has it).
SERVE_WITH_MEADOW = (
    "from adjudicator.rulesets import register; from tests.adjudicator.rulesets.meadow import KIT; register(KIT); "
    "from cli.main import main; main()"
)

#: What the pages must say, told by Meadow's kit and the shared sentences, per language.
WORDS = {
    "en": {
        "poke": "Ben pokes 8 out of Ana's row", "status": "napping", "why": "sent to sleep by Ben's Nap (event 5)",
        "note": "snores softly", "score": "(5 + 5 (sunshine) → 10)", "bust": "busted: a second 7 (event 12)",
        "position": "event 14 of 16", "option": "Sunny", "ben": "(6 + 5 (sunshine) → 11)",
        "next": "it is Ben's turn to hit or stay",
    },
    "de": {
        "poke": "Ben stupst 8 aus der Reihe von Ana", "status": "schläft", "why": "von Ben schlafen geschickt (Nap) (Ereignis 5)",
        "note": "schnarcht leise", "score": "(5 + 5 (Sonnenschein) → 10)", "bust": "verzockt: eine zweite 7 (Ereignis 12)",
        "position": "Ereignis 14 von 16", "option": "Sonnig", "ben": "(6 + 5 (Sonnenschein) → 11)",
        "next": "Ben ist dran: „noch eine“ oder „Stopp“",
    },
}
#: English words of Meadow's and of the shared sentences that a German page may not show.
ENGLISH = ["napping", "snores", "sent to sleep", "sunshine", "pokes", "busted", "hits", "stays", "to move", "Round:"]


def serving_meadow(folder: Path) -> AbstractContextManager[str]:
    """`flip7 serve` on an empty store in ``folder`` with Meadow registered; yields its base URL."""
    return serving_program(folder, SERVE_WITH_MEADOW, "meadow")


@pytest.fixture(scope="module")
def meadow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a server that judges Meadow too."""
    with serving_meadow(tmp_path_factory.mktemp("meadow")) as base:
        yield base


def seat_of(page: Any, name: str) -> Any:
    return page.locator(f'#seats article[data-player="{name}"]')


def english_shown(page: Any) -> list[str]:
    text = page.locator("body").inner_text()
    return [word for word in ENGLISH if word in text]


@pytest.mark.parametrize(("locale", "width"), [("en-US", 1280), ("de-DE", 1280), ("de-DE", 360), ("en-US", 360)])
def test_the_viewer_shows_a_test_only_rulesets_own_words(browser_context_factory: Any, meadow_server: str, locale: str, width: int) -> None:
    lang = locale[:2]
    said = WORDS[lang]
    for page in _page(browser_context_factory(width, 800, locale=locale), meadow_server):
        page.goto(meadow_server + "/")
        page.fill("#log-text", log_text())
        page.click("#check-btn")
        expect(page.locator("#game-ruleset")).to_have_text("· meadow (sunny)")
        page.fill("#scrub", "10")  # the Poke: what it did, told by Meadow's kit
        expect(page.locator("#event-info .event-line")).to_contain_text(said["poke"])
        expect(page.locator('#events button[data-event="10"]')).to_contain_text(said["poke"])
        page.fill("#scrub", "14")
        expect(page.locator("#position")).to_have_text(said["position"])
        cem = seat_of(page, "Cem")
        expect(cem.locator(".badge.st-napping")).to_have_text(said["status"])
        expect(cem.locator(".why")).to_have_text(said["why"])
        expect(cem.locator(".held")).to_have_text(said["note"])
        expect(cem.locator(".sum")).to_have_text(f" {said['score']}")
        nap = cem.locator('ul.cards li[data-card="nap"]')  # the Nap lies in Cem's row: an action card, as the server says
        expect(nap).to_have_class("card action")
        expect(nap).to_have_text("Nap")
        expect(seat_of(page, "Ana").locator(".why")).to_have_text(said["bust"])
        expect(seat_of(page, "Ben").locator(".sum")).to_have_text(f" {said['ben']}")
        expect(page.locator("#table-info .waiting")).to_have_text(said["next"])
        if lang == "de":
            assert not english_shown(page), english_shown(page)
        if width == 360:
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, "the viewer is wider than the phone"
        screenshot(page, f"meadow-viewer-{locale}-{width}")


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_live_table_plays_a_test_only_ruleset_in_its_own_words(browser_context_factory: Any, meadow_server: str, locale: str) -> None:
    lang = locale[:2]
    said = WORDS[lang]
    for page in _page(browser_context_factory(360, 800, locale=locale), meadow_server):
        page.goto(meadow_server + "/table")  # the form offers Meadow and its option, in the page's language
        page.select_option("#ruleset", "meadow")
        expect(page.locator("label[for='option-sunny']")).to_have_text(said["option"])
        seats = {k: v for k, v in GAME.items() if k not in ("type", "id")}
        status, table = post(meadow_server, "/v1/tables", seats)
        assert status == 201, table
        page.goto(meadow_server + table["write_link"])
        expect(page.locator("body")).to_have_attribute("data-seq", "1")
        for index, event in enumerate(EVENTS[:14], start=1):  # played while the page follows: it keeps each sentence
            status, body = post(meadow_server, f"/v1/tables/{table['id']}/events", event, key=table["key"])
            assert status == 200, body
            expect(page.locator("body")).to_have_attribute("data-seq", str(1 + index))
        expect(page.locator('#events li[data-index="10"]')).to_contain_text(f"10. {said['poke']}")  # the scorer also has a "correct" button
        cem = seat_of(page, "Cem")
        expect(cem.locator(".badge.st-napping")).to_have_text(said["status"])
        expect(cem.locator(".why")).to_have_text(said["why"])
        expect(cem.locator(".held")).to_have_text(said["note"])
        expect(cem.locator('ul.cards li[data-card="nap"]')).to_have_class("card action")
        expect(seat_of(page, "Ana").locator(".why")).to_have_text(said["bust"])
        expect(seat_of(page, "Ben").locator(".sum")).to_have_text(f" {said['ben']}")
        expect(page.locator('#cards button[data-card="poke"]')).to_contain_text("Poke")  # the pad offers its cards
        page.reload()  # a page opened later has the earlier events told too
        expect(page.locator("body")).to_have_attribute("data-seq", "15")
        expect(page.locator('#events li[data-index="10"]')).to_contain_text(f"10. {said['poke']}")
        with urllib.request.urlopen(f"{meadow_server}/v1/tables/{table['id']}/log", timeout=10) as response:
            assert json.loads(response.read().decode().splitlines()[0])["sunny"] is True
        if lang == "de":
            assert not english_shown(page), english_shown(page)
        screenshot(page, f"meadow-table-{locale}")
