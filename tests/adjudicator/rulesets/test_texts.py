"""Each kit's referee texts (``rulesets.texts.RefereeTexts``): said in both languages with the same
facts, and what the referee says for the ruleset's own cards and rules."""

from __future__ import annotations

import string

import pytest

from adjudicator.referee import explain
from adjudicator.referee.catalogue import LANGUAGES, TEXTS, rule_text
from adjudicator.rulesets import KITS, find_ruleset


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("kit", KITS, ids=lambda k: k.name)
def test_a_kits_texts_say_the_same_facts_in_every_language(kit, snapshot) -> None:
    own = kit.referee
    keys = {lang: set(own.texts.get(lang, {})) for lang in LANGUAGES}
    assert keys["en"] and keys["en"] == keys["de"]
    assert {lang: set(own.rules.get(lang, {})) for lang in LANGUAGES}["en"] == set(own.rules.get("de", {}))
    for key in keys["en"]:
        assert key not in TEXTS["en"], key  # a kit's own sentence, not a second copy of a shared one
        assert _fields(own.texts["en"][key]) == _fields(own.texts["de"][key]), key
    assert sorted(keys["en"]) == snapshot


def test_the_referee_asks_the_kit_for_its_cards_words() -> None:
    text = "game k; players Ana Ben Cem; dealer Cem\nround 1\nAna 5; Ben freeze>Ana\n"
    told = {lang: [t for e in explain(text, lang)["events"] for t in e["text"]] for lang in LANGUAGES}
    assert "Ben gives Freeze to Ana, who is out of the round and banks 5." in told["en"]
    assert "Ben gibt Freeze an Ana: Ana muss aufhören und behält 5 Punkte." in told["de"]
    assert rule_text("action.freeze", "en", find_ruleset("flip7")).startswith("Freeze goes to a player")
    assert rule_text("action.freeze", "en", find_ruleset("vengeance")) == "action.freeze"  # not a Vengeance rule
