"""The notation's words for *With a Vengeance* ("Voll Fies!"): its kit's ``words`` facet.

Every card of the expansion's deck is a word for itself (``13``, ``unlucky_7``, ``/2``, ``-4``,
``flip_four`` …); the words below are the other ways a table writes them, in English and German,
with common short forms. The ``target`` fields of Steal, Swap and Discard (``target_card``,
``other``, ``other_card``) have shorter words too, and the German printer writes them in German.
"""

from __future__ import annotations

from adjudicator.rulesets.kit import CardWords
from adjudicator.rulesets.vengeance.rules import (
    CARD_SET,
    DISCARD,
    FLIP7_BONUS,
    FLIP_FOUR,
    HALVE,
    JUST_ONE_MORE,
    LUCKY_13,
    MINUS_MODIFIERS,
    STEAL,
    SWAP,
    UNLUCKY_7,
    ZERO,
)

#: Other words for each card (the card's own name is always one).
WORDS: dict[str, list[str]] = {
    **{card: [] for card in sorted(CARD_SET)},
    ZERO: ["zero", "the_zero", "null", "die_null"],
    UNLUCKY_7: ["unlucky7", "u7", "unlucky", "pech_7", "pech7", "pechsieben", "unglücks_7", "ungluecks_7"],
    LUCKY_13: ["lucky13", "l13", "lucky", "glück_13", "glueck_13", "glück13", "glueck13", "glücks_13", "gluecks_13"],
    HALVE: ["÷2", "1/2", "half", "halve", "halb", "halbe", "halbieren", "d2"],
    **{minus: [minus.replace("-", "−")] for minus in MINUS_MODIFIERS},  # the printed minus sign
    JUST_ONE_MORE: ["jom", "j1m", "one_more", "justonemore", "just_one_more!", "nur_noch_eine", "einmal_noch"],
    FLIP_FOUR: ["f4", "flip4", "flip_4", "flipfour", "flip_four!", "vier_aufdecken", "vieraufdecken", "vier"],
    STEAL: ["st", "klauen", "klau", "stehlen"],
    SWAP: ["sw", "tauschen", "tausch", "tauschen!"],
    DISCARD: ["dc", "abwerfen", "abwurf", "wegwerfen"],
    FLIP7_BONUS: ["bonus", "flip7bonus", "flip_7_bonus", "f7_bonus", "f7bonus"],
}

#: Phrases of these words written with spaces.
PHRASES: list[tuple[str, ...]] = [
    ("the", "zero"), ("die", "null"), ("unlucky", "7"), ("pech", "7"), ("unglücks", "7"), ("ungluecks", "7"),
    ("lucky", "13"), ("glück", "13"), ("glueck", "13"), ("glücks", "13"), ("gluecks", "13"),
    ("just", "one", "more"), ("just", "one", "more!"), ("one", "more"), ("nur", "noch", "eine"), ("einmal", "noch"),
    ("flip", "four"), ("flip", "four!"), ("flip", "4"), ("vier", "aufdecken"),
    ("flip7", "bonus"), ("flip", "7", "bonus"), ("f7", "bonus"),
    ("voll", "fies"),  # the ruleset's German name (``Regeln voll fies``)
]

#: Other words for the ``target`` fields.
FIELDS: dict[str, list[str]] = {
    "target_card": ["card", "takes", "take", "karte", "nimmt", "zielkarte"],
    "other": ["with", "and", "mit", "und", "andere", "anderer"],
    "other_card": ["for", "gets", "gegen", "tauschkarte", "andere_karte"],
}

#: The expansion's card words (its kit's ``words`` facet).
CARD_WORDS = CardWords(
    words=WORDS, phrases=PHRASES, fields=FIELDS, card_fields=("target_card", "other_card"),
    printed_fields={"de": {"target_card": "karte", "other": "mit", "other_card": "gegen"}},
    options={"brutal": []},
    names=["voll_fies", "vollfies"],
)
