"""The referee's sentences for the base game's own cards and choices, in English and German
(the ``referee`` facet of its kit): a Freeze or Flip Three given, a player frozen, an extra Second
Chance passed on or discarded, a recipient named first for a set-aside card."""

from __future__ import annotations

from adjudicator.rulesets.texts import RefereeTexts

#: Keys as ``RefereeTexts`` says: the moment, then the card or the target's purpose.
TEXTS = RefereeTexts({
    "en": {
        "out_frozen": "{player} was frozen by {by} on {at}",
        "outcome_frozen": "frozen",
        "holds_sc": "{player} already holds a Second Chance",
        "needs_pass": "{player} already holds a Second Chance and must pass this one on to a player who has none: {eligible}.",
        "discarded_second_chance": "{player} already holds a Second Chance and nobody can take another one: it is discarded.",
        "t_freeze": "{player} gives Freeze to {target}, who is out of the round and banks {score}.",
        "t_flip_three": "{player} gives Flip Three to {target}, who must take the next three cards.",
        "t_pass": "{player} passes the extra Second Chance to {target}.",
        "t_name": "{player} names {target} as the recipient of the set-aside {card}.",
        "exp_pass": "{player} had to pass the extra Second Chance to one of: {eligible}",
    },
    "de": {
        "out_frozen": "{player} wurde bei {at} von {by} eingefroren (Freeze)",
        "outcome_frozen": "eingefroren",
        "holds_sc": "{player} hat schon eine Second Chance",
        "needs_pass": "{player} hat schon eine Second Chance und muss diese an jemanden ohne weitergeben: {eligible}.",
        "discarded_second_chance": "{player} hat schon eine Second Chance, und niemand kann eine nehmen: sie wird abgelegt.",
        "t_freeze": "{player} gibt Freeze an {target}: {target} muss aufhören und behält {score} Punkte.",
        "t_flip_three": "{player} gibt Flip Three an {target}: {target} muss die nächsten drei Karten nehmen.",
        "t_pass": "{player} gibt die zusätzliche Second Chance an {target} weiter.",
        "t_name": "{player} bestimmt {target} für die beiseitegelegte Karte {card}.",
        "exp_pass": "{player} musste die zusätzliche Second Chance an einen dieser Spieler weitergeben: {eligible}",
    },
}, rules={
    "en": {
        "action.freeze": "Freeze goes to a player still in the round (oneself too; oneself if nobody else is in); that player is out and banks their row.",
        "action.flip-three": "Flip Three goes to a player still in the round, who takes the next three cards one by one, stopping on a bust or a Flip 7.",
        "action.delayed": "A Freeze or Flip Three drawn during a Flip Three waits until the three cards are drawn; it is used only if the player did not bust.",
        "action.second-chance": "A player holds at most one Second Chance; an extra one is passed to a player still in who has none, or discarded if nobody can take it.",
        "bust.duplicate": "A second card of the same number busts the player, unless a Second Chance cancels it.",
        "flip7.seven": "Seven different numbers end the round at once, with 15 extra points.",
        "score.round": "Round score: the numbers, doubled by x2, plus the + cards, plus 15 for Flip 7; 0 when busted.",
    },
    "de": {
        "action.freeze": "Freeze trifft jemanden, der noch in der Runde ist (auch dich selbst; dich, wenn sonst keiner mehr drin ist): er muss aufhören und behält seine Punkte.",
        "action.flip-three": "Flip Three trifft jemanden, der noch in der Runde ist: er nimmt die nächsten drei Karten nacheinander und hört nur auf, wenn er sich verzockt oder einen Flip 7 schafft.",
        "action.delayed": "Freeze oder Flip Three aus einem Flip Three wird erst nach der dritten Karte ausgeführt, und nur, wenn sich der Spieler nicht verzockt hat.",
        "action.second-chance": "Du darfst nur eine Second Chance haben; eine zweite gibst du jemandem in der Runde ohne eine, sonst wird sie abgelegt.",
        "bust.duplicate": "Wer eine Zahl doppelt bekommt, hat sich verzockt, außer eine Second Chance rettet ihn.",
        "flip7.seven": "Sieben verschiedene Zahlen beenden die Runde sofort und bringen 15 Punkte extra.",
        "score.round": "Punkte: die Zahlen zusammen, mit x2 verdoppelt, dann die Bonuskarten, dann 15 für einen Flip 7; verzockt gibt 0.",
    },
})

__all__ = ["TEXTS"]
