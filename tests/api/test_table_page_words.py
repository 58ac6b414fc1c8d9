"""The table screen and the table page's joining speak German completely and name no card of any
ruleset (issue 32): every word the screen passes to ``t()`` has a German entry in i18n.js, every
word of the joining script has a German one next to its English one."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.messages import glossary
from adjudicator.rulesets import RULESETS

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"


def german_keys() -> set[str]:
    """The English words with a German entry: i18n.js's own, and the game's words it takes from the
    server's glossary (``GET /v1/words``)."""
    text = (STATIC / "i18n.js").read_text(encoding="utf-8")
    server = glossary("en", *(rules.messages for rules in RULESETS.values()))
    return set(re.findall(r'"((?:[^"\\]|\\.)*)":', text)) | set(server.values())


def called_words(page: str) -> set[str]:
    """The words a script passes to ``t()``."""
    return set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', (STATIC / page).read_text(encoding="utf-8")))


def test_every_word_of_the_screen_has_a_german_entry() -> None:
    words = called_words("screen.js") | (called_words("i18n.js") - {"English text with {name}"})  # the events in words: describeEvent
    assert {"to move", "Finished: the game is stored as {game}.", "{who} hits"} <= words
    html = (STATIC / "screen.html").read_text(encoding="utf-8")
    words |= {"Join with the code", "Scores", "Last events", "Rows", "table screen", "QR code of the read link"}
    assert all(w in html for w in ("Join with the code", "Last events", "Rows", "QR code of the read link"))
    missing = sorted(words - german_keys())
    assert not missing, f"words of the table screen without German: {missing}"


def test_the_joining_words_are_complete_in_both_languages() -> None:
    text = (STATIC / "table_join.js").read_text(encoding="utf-8")
    en, de = (set(re.findall(r"\b(\w+): \"", block)) for block in re.search(r"en: \{(.*?)\n  \},\n  de: \{(.*?)\n  \},", text, re.S).groups())  # type: ignore[union-attr]
    assert en and en == de
    used = set(re.findall(r'\bjt\("(\w+)"', text)) | set(re.findall(r'data-j="(\w+)"', (STATIC / "table.html").read_text(encoding="utf-8")))
    assert used and used <= en


def test_the_new_pages_name_no_card_of_any_ruleset() -> None:
    names: set[str] = set()
    for rules in RULESETS.values():
        for card in rules.cards - set(rules.numbers):
            names |= {card, rules.card_name(card)}
    for page in ("screen.js", "screen.html", "table_join.js", "wakelock.js", "table.js", "table.html"):
        text = (STATIC / page).read_text(encoding="utf-8")
        # a card named as a string of its own ("freeze", 'Second Chance', >Freeze<), not a word in a sentence
        named = sorted(n for n in names if re.search(rf"[\"'`>]{re.escape(n)}[\"'`<]", text, re.I))
        assert not named, f"{page} names the cards {named}"


def test_every_word_of_the_live_table_page_has_a_german_entry() -> None:
    """Issue 32: the table page's own words (table.js's ``TEXT``) in both languages, and every word it
    passes to ``t()`` that is not its own has a German entry in i18n.js (the rows' states, the events)."""
    text = (STATIC / "table.js").read_text(encoding="utf-8")
    en, de = (set(re.findall(r"\b(\w+): \"", block)) for block in re.search(r"  en: \{(.*?)\n  \},\n  de: \{(.*?)\n  \},", text, re.S).groups())  # type: ignore[union-attr]
    assert en and en == de
    own = set(re.findall(r'\bt\("(\w+)"', text)) | set(re.findall(r'data-t="(\w+)"', (STATIC / "table.html").read_text(encoding="utf-8")))
    assert own <= en, sorted(own - en)
    # the seats are drawn by the shared renderer in the server's words (a row's state, why out, notes:
    # `told`, issue 29); every word of the renderer's own has a German entry
    assert "drawSeat(p, table" in text and "t(p.status)" not in text and "tNote(" not in text and "describeEvent(e, label)" in text
    render = (STATIC / "render.js").read_text(encoding="utf-8")
    drawn = set(re.findall(r'\bword\("((?:[^"\\]|\\.)*)"', render))
    i18n = (STATIC / "i18n.js").read_text(encoding="utf-8")
    # a game word comes from the server's glossary (GET /v1/words), which i18n.js enters under its English
    english, german = glossary("en"), glossary("de")
    told = {word for key, word in english.items() if german.get(key)}
    assert {"to move", "Round: ", "Scores"} <= drawn and not sorted(w for w in drawn if f'"{w}":' not in i18n and w not in told)
    assert "said.status" in render and "said.why" in render and "said.score" in render
    states = {"busted", "stayed", "frozen"}
    assert not sorted(states - german_keys())
    assert "{who}'s Freeze" not in text  # the notes' German is i18n.js's, the page names no card


def test_the_table_page_loads_the_shared_words_and_formats_numbers_in_its_language() -> None:
    html = (STATIC / "table.html").read_text(encoding="utf-8")
    assert html.index("/static/i18n.js") < html.index("/static/table.js")
    text = (STATIC / "table.js").read_text(encoding="utf-8")
    assert "const LANG = LANGUAGE;" in text
    # every number the banner and the score table show goes through the page's language (37,8 in German)
    assert "Math.round(chance.chance" not in text and "formatNumber(chance.chance * 100)" in text
    render = (STATIC / "render.js").read_text(encoding="utf-8")  # the seats and the score table (shared with the viewer)
    assert "formatNumber(advice.hit)" in text and "scoreText(p.total)" in render and ": formatNumber(value)" in render
    assert html.index("/static/render.js") < html.index("/static/table.js")
    assert "new Intl.NumberFormat(LANGUAGE" in (STATIC / "i18n.js").read_text(encoding="utf-8")
