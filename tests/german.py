"""What the German walks (tests/cli/test_german_walk.py, tests/api/test_german_walk.py) look for:
English words in text said in German. Names and cards are not words of a language: the players'
names, every ruleset's card names and labels, the contract's codes and rule ids, log lines quoted
as JSON and paths are taken out before the words are read."""

from __future__ import annotations

import re
from collections.abc import Iterable

from adjudicator.rulesets import RULESETS
from adjudicator.table import card_labels

#: English words that German output must not hold (whole words, any case).
ENGLISH = frozenset("""
hit hits stay stays stayed bust busts busted round rounds player players score scores winner winners won
frozen freeze dealer deals dealt total totals turn turns draw pile card cards event events line lines valid
invalid violation violations next owed still must cannot the and with from game games wins chance best
nothing refused kept undone recording value worth allowed legal owes keeps clears gives makes chose
""".split())

_JSON = re.compile(r"\{\"[^\n]*?\}(?=\s|$|[.,;)])")
_PATH = re.compile(r"(?:/[\w.+-]+)+|\b[\w-]+\.(?:jsonl|json|txt|md|duckdb)\b")
_IDS = re.compile(r"\b[a-z0-9]+(?:[._-][a-z0-9]+)+\b")  # codes (wrong_player), rule ids (turn.order), game ids


def card_words() -> list[str]:
    """Every ruleset's cards as logs, labels and sentences name them, longest first."""
    found: set[str] = set()
    for rules in RULESETS.values():
        for card, label in card_labels(rules).items():
            found |= {card, label, rules.card_name(card), rules.label(card)}
    return sorted(found, key=len, reverse=True)


def english_in(text: str, names: Iterable[str] = ()) -> list[str]:
    """The English words left in ``text`` once names, cards, ids, JSON and paths are taken out."""
    text = _JSON.sub(" ", text)
    text = _PATH.sub(" ", text)
    text = _IDS.sub(" ", text)
    for word in [*sorted(names, key=len, reverse=True), *card_words(), "Monte Carlo", "Flip 7", "JSON Lines"]:
        text = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", text)
    return sorted({w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH})
