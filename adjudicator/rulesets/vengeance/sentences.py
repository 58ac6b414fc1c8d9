"""With a Vengeance's own sentences for the pages, in English and German (its view's
``sentences``, keys as ``adjudicator.rulesets.sentences`` says): The Zero's rule on its holder, its
score steps, and what Steal, Swap, Discard and the Brutal Flip 7 bonus did."""

from __future__ import annotations

#: By language and key.
SENTENCES = {
    "en": {
        "note_zero": "The Zero: must hit",
        "step_zero": "; The Zero without Flip 7",
        "step_halve": " ÷ 2 = {total}",
        "step_floor": " (not below 0)",
        "step_bonus": " {sign} {amount} (Flip 7 bonus)",
        "owned": "{owner}'s {card}",
        "owned_self": "their own {card}",
        "t_steal": "{player} steals {taken}",
        "t_discard": "{player} discards {taken}",
        "t_swap": "{player} swaps {taken} with {given}",
        "t_bonus": "{player} gives the Flip 7 bonus to {target} (−15)",
        "t_bonus_self": "{player} takes the Flip 7 bonus (+15)",
    },
    "de": {
        "note_zero": "The Zero: muss „noch eine“ sagen",
        "step_zero": "; The Zero ohne Flip 7",
        "step_halve": " ÷ 2 = {total}",
        "step_floor": " (nicht unter 0)",
        "step_bonus": " {sign} {amount} (Flip-7-Bonus)",
        "owned": "{card} von {owner}",
        "owned_self": "die eigene {card}",
        "t_steal": "{player} nimmt {taken} weg",
        "t_discard": "{player} wirft {taken} ab",
        "t_swap": "{player} tauscht {taken} gegen {given}",
        "t_bonus": "{player} gibt den Flip-7-Bonus an {target} (−15)",
        "t_bonus_self": "{player} nimmt den Flip-7-Bonus (+15)",
    },
}

__all__ = ["SENTENCES"]
