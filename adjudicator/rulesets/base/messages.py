"""What the base game's own refusals say, in English and German (its kit's catalogue; the shared
one is ``adjudicator.messages``): its status, its draw, its Second Chance and its options."""

from __future__ import annotations

from adjudicator.note import Words

#: Keys as ``adjudicator.messages`` says them; a key here overrides the shared one in this game.
MESSAGES: Words = {
    "en": {
        "status_frozen": "was frozen",
        "word_frozen": "frozen", "word_freeze": "freeze",
        "purpose_flip_three": "for a Flip Three",
        "brutal_foreign": 'brutal mode exists only in the vengeance ruleset ("ruleset": "vengeance").',
        "stay_without_card": "{player} has no card in front of them (no number, modifier or Second Chance), so they cannot stay and must take a card.",
        "extra_sc": "the extra Second Chance cannot go to {target}: {reason}. Allowed: {eligible}.",
        "holds_own": "{player} already holds one and must pass the extra one on",
        "has_sc": "{player} already holds a Second Chance",
        "cannot_go": "{card.label} cannot go to {target}: {standing}. Active players were: {eligible}.",
    },
    "de": {
        "status_frozen": "eingefroren",
        "word_frozen": "eingefroren", "word_freeze": "einfrieren",
        "purpose_flip_three": "für Flip Three",
        "brutal_foreign": 'den Brutal-Modus gibt es nur im Regelwerk vengeance ("ruleset": "vengeance").',
        "stay_without_card": "{player} hat keine Karte vor sich (keine Zahl, keine Modifikatorkarte, keine Second Chance), kann also nicht „Stopp“ sagen und muss eine Karte nehmen.",
        "extra_sc": "die zusätzliche Second Chance kann nicht an {target} gehen: {reason}. Erlaubt: {eligible}.",
        "holds_own": "{player} hat schon eine und muss die zusätzliche weitergeben",
        "has_sc": "{player} hat schon eine Second Chance",
        "cannot_go": "{card.label} kann nicht an {target} gehen: {standing}. Noch in der Runde waren: {eligible}.",
    },
}

__all__ = ["MESSAGES"]
