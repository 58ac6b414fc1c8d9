"""The base game's own sentences for the pages, in English and German (its view's ``sentences``,
keys as ``adjudicator.rulesets.sentences`` says): the ``frozen`` status, who froze whom, a held
Second Chance."""

from __future__ import annotations

#: By language and key.
SENTENCES = {
    "en": {
        "status_frozen": "frozen",
        "why_frozen": "frozen by a Freeze",
        "why_frozen_by": "frozen by {by}'s Freeze",
        "why_frozen_self": "frozen by their own Freeze",
        "note_second_chance": "holds a Second Chance",
    },
    "de": {
        "status_frozen": "eingefroren",
        "why_frozen": "eingefroren (Freeze)",
        "why_frozen_by": "von {by} eingefroren (Freeze)",
        "why_frozen_self": "von sich selbst eingefroren (Freeze)",
        "note_second_chance": "hält eine Second Chance",
    },
}

__all__ = ["SENTENCES"]
