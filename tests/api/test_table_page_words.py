"""The table screen and the table page's joining speak German completely and name no card of any
ruleset (issue 32): every word the screen passes to ``t()`` has a German entry in i18n.js, every
word of the joining script has a German one next to its English one."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.rulesets import RULESETS

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"


def german_keys() -> set[str]:
    text = (STATIC / "i18n.js").read_text(encoding="utf-8")
    return set(re.findall(r'"((?:[^"\\]|\\.)*)":', text))


def test_every_word_of_the_screen_has_a_german_entry() -> None:
    words = set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', (STATIC / "screen.js").read_text(encoding="utf-8")))
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
    for page in ("screen.js", "screen.html", "table_join.js", "wakelock.js"):
        text = (STATIC / page).read_text(encoding="utf-8")
        # a card named as a string of its own ("freeze", 'Second Chance', >Freeze<), not a word in a sentence
        named = sorted(n for n in names if re.search(rf"[\"'`>]{re.escape(n)}[\"'`<]", text, re.I))
        assert not named, f"{page} names the cards {named}"
