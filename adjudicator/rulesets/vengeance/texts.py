"""The referee's sentences for With a Vengeance's own cards and choices, in English and German
(the ``referee`` facet of its kit): Just One More, Flip Four, Steal, Swap and Discard used, and the
Brutal Flip 7 bonus given."""

from __future__ import annotations

from adjudicator.rulesets.texts import RefereeTexts

#: Keys as ``RefereeTexts`` says: the moment, then the card or the target's purpose.
TEXTS = RefereeTexts({
    "en": {
        "needs_steal": "{player} must use {card} on one of these players: {eligible}.",
        "needs_swap": "{player} must use {card} on two of these players: {eligible}.",
        "needs_discard": "{player} must use {card} on one of these players: {eligible}.",
        "t_just_one_more": "{player} gives Just One More to {target}, who takes one more card and then stays.",
        "t_flip_four": "{player} gives Flip Four to {target}, who must take the next four cards.",
        "t_steal": "{player} steals {target_card} from {target}.",
        "t_discard": "{player} makes {target} discard {target_card}.",
        "t_swap": "{player} swaps cards between {target} and {other}: {target} gives up {target_card} and gets {other_card}.",
        "t_bonus": "{player} gives the Flip 7 bonus to {target}: -15 for {target}.",
        "t_bonus_self": "{player} takes the Flip 7 bonus: +15.",
        "exp_steal": "{player} had to use {card} on one of: {eligible}",
        "exp_swap": "{player} had to use {card} on two of: {eligible}",
        "exp_discard": "{player} had to use {card} on one of: {eligible}",
    },
    "de": {
        "needs_steal": "{player} muss {card} bei einem dieser Spieler einsetzen: {eligible}.",
        "needs_swap": "{player} muss {card} bei zwei dieser Spieler einsetzen: {eligible}.",
        "needs_discard": "{player} muss {card} bei einem dieser Spieler einsetzen: {eligible}.",
        "t_just_one_more": "{player} gibt Just One More an {target}: {target} nimmt genau eine Karte und muss dann aufhören.",
        "t_flip_four": "{player} gibt Flip Four an {target}: {target} muss die nächsten vier Karten nehmen.",
        "t_steal": "{player} nimmt {target} {target_card} weg.",
        "t_discard": "{player} lässt {target} {target_card} abwerfen.",
        "t_swap": "{player} tauscht zwischen {target} und {other}: {target} gibt {target_card} ab und bekommt {other_card}.",
        "t_bonus": "{player} gibt den Flip-7-Bonus an {target}: -15 für {target}.",
        "t_bonus_self": "{player} nimmt den Flip-7-Bonus: +15.",
        "exp_steal": "{player} musste {card} bei einem dieser Spieler einsetzen: {eligible}",
        "exp_swap": "{player} musste {card} bei zwei dieser Spieler einsetzen: {eligible}",
        "exp_discard": "{player} musste {card} bei einem dieser Spieler einsetzen: {eligible}",
    },
})

__all__ = ["TEXTS"]
