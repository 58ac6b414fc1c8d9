"""The notation's words for the base game's cards, in English and German, with short forms."""

from __future__ import annotations

from adjudicator.rulesets.base.cards import ALL_CARDS
from adjudicator.rulesets.kit import CardWords

#: Word → card: every card's own name, then the other ways a table writes them.
TABLE: dict[str, str] = {
    **{card: card for card in ALL_CARDS},
    "×2": "x2", "*2": "x2", "2x": "x2", "mal2": "x2", "double": "x2",
    "fr": "freeze", "frz": "freeze", "f": "freeze", "einfrieren": "freeze", "eingefroren": "freeze",
    "flip3": "flip_three", "f3": "flip_three", "ft": "flip_three", "flip_3": "flip_three", "flipthree": "flip_three",
    "drei_aufdecken": "flip_three", "dreiaufdecken": "flip_three", "drei": "flip_three",
    "sc": "second_chance", "2c": "second_chance", "2nd_chance": "second_chance", "secondchance": "second_chance",
    "chance": "second_chance", "zweite_chance": "second_chance", "zweitechance": "second_chance", "zc": "second_chance",
}

#: The base game's card words (its kit's ``words`` facet).
WORDS = CardWords(
    table=TABLE,
    phrases=[("flip", "three"), ("flip", "3"), ("second", "chance"), ("zweite", "chance"), ("drei", "aufdecken"), ("2nd", "chance")],
    options={"edition": ["auflage"], "delayed": ["verzögert", "verzoegert"]},
    option_values={
        "edition": {"aktuell": "current", "neu": "current", "erste": "first", "alt": "first"},
        "delayed": {"reihum": "in_turn", "zuerst": "assign_first"},
    },
    printed_options={"de": {"edition": "auflage", "delayed": "verzögert"}},
    names=["flip_7", "base", "basis"],
)
