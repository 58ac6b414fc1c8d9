"""The referee's sentences for With a Vengeance's own cards and choices, in English and German
(the ``referee`` facet of its kit): Just One More, Flip Four, Steal, Swap and Discard used, and the
Brutal Flip 7 bonus given."""

from __future__ import annotations

from adjudicator.rulesets.texts import RefereeTexts

#: Keys as ``RefereeTexts`` says: the moment, then the card or the target's purpose.
TEXTS = RefereeTexts({
    "en": {
        "step_zero": "The Zero without Flip 7 → {total}",
        "step_floor": "not below 0 → {total}",
        "step_bonus": "Flip 7 bonus {amount} → {total}",
        "v_must_hit": "{name} holds The Zero and may not stay: they must take another card",
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
        "v_illegal_one_row": "{card} exchanges cards of two different rows, and both cards named are in {target}'s row",
        "v_illegal_take": "{card} cannot be used on {target_card} of {target}",
        "flip7_choice": "Seven different numbers: {player} makes Flip 7 and now chooses where the bonus goes: +15 for themselves or -15 for another player.",
    },
    "de": {
        "step_zero": "The Zero ohne Flip 7 → {total}",
        "step_floor": "nicht unter 0 → {total}",
        "step_bonus": "Flip-7-Bonus {amount} → {total}",
        "v_must_hit": "{name} hat The Zero und darf nicht „Stopp“ sagen, sondern muss noch eine Karte nehmen",
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
        "v_illegal_one_row": "{card} tauscht Karten aus zwei verschiedenen Reihen, aber beide genannten Karten liegen bei {target}",
        "v_illegal_take": "{card} kann nicht bei {target} auf {target_card} eingesetzt werden",
        "flip7_choice": "Sieben verschiedene Zahlen: {player} schafft einen Flip 7 und wählt jetzt, wohin der Bonus geht: +15 für sich oder -15 für jemand anderen.",
    },
}, rules={
    "en": {
        "log.target-fields": "A target event carries exactly the fields its card needs: Steal and Discard a target_card, Swap also other and other_card.",
        "modifier.give": "The player who reveals a modifier gives it to any player who has not busted (in Brutal mode to anyone, busted players too).",
        "number.zero": "The holder of The Zero must hit (only Just One More stops them) and scores 0 unless they make Flip 7.",
        "number.unlucky-7": "The Unlucky 7 discards every other number and modifier in its row and never busts on arrival.",
        "number.lucky-13": "With the Lucky 13 a second 13 does not bust; a third 13 does.",
        "action.must-use": "An action card with a legal use must be used; one with none is discarded with no event.",
        "action.just-one-more": "Just One More goes to any player who has not busted: they take exactly one card, then they have stayed.",
        "action.flip-four": "Flip Four goes to any player who has not busted: they take four cards, stopping on a bust or Flip 7; actions and modifiers among them wait until the four are drawn and are dropped on a bust.",
        "action.steal": "Steal takes one card from another player's row (not a busted one) into the revealer's row.",
        "action.swap": "Swap exchanges one card each of two different rows of players who have not busted (the revealer's own row or two others).",
        "action.discard": "Discard removes a card of the revealer's choice from the row of a player who has not busted (their own too).",
        "flip7.bonus": "Brutal mode: right after a Flip 7 its maker chooses +15 for themselves or -15 for another player; only then does the round end.",
        "score.vengeance": "Round score: the numbers (0 with The Zero and no Flip 7), halved per ÷2 (rounded down), minus the −N cards, not below 0, plus 15 for Flip 7; Brutal mode: below 0 allowed, and the Flip 7 bonus as chosen.",
    },
    "de": {
        "log.target-fields": "Ein target-Ereignis hat genau die Felder, die seine Karte braucht: Steal und Discard ein target_card, Swap dazu other und other_card.",
        "modifier.give": "Wer eine Minuskarte oder ÷2 aufdeckt, gibt sie jemandem, der sich nicht verzockt hat (im Brutal-Modus jedem, auch wer sich verzockt hat).",
        "number.zero": "Wer The Zero hat, muss „noch eine“ sagen (nur Just One More beendet das) und bekommt 0 Punkte, außer mit Flip 7.",
        "number.unlucky-7": "Die Unlucky 7 wirft alle anderen Zahlen und Minuskarten der Reihe ab und lässt dich beim Aufdecken nie verzocken.",
        "number.lucky-13": "Mit der Lucky 13 verzockt eine zweite 13 nicht, eine dritte schon.",
        "action.must-use": "Eine Aktionskarte, die erlaubt eingesetzt werden kann, muss eingesetzt werden; sonst wird sie ohne Ereignis abgelegt.",
        "action.just-one-more": "Just One More trifft jemanden, der sich nicht verzockt hat: er nimmt genau eine Karte und hört dann auf.",
        "action.flip-four": "Flip Four trifft jemanden, der sich nicht verzockt hat: er nimmt vier Karten und hört nur bei verzockt oder Flip 7 früher auf; Aktions- und Minuskarten darunter warten bis nach der vierten und verfallen, wenn er sich verzockt.",
        "action.steal": "Steal nimmt eine Karte aus der Reihe eines anderen (der sich nicht verzockt hat) in die eigene Reihe.",
        "action.swap": "Swap tauscht je eine Karte aus zwei verschiedenen Reihen von Spielern, die sich nicht verzockt haben (die eigene oder zwei andere).",
        "action.discard": "Discard wirft eine Karte nach Wahl aus der Reihe von jemandem ab, der sich nicht verzockt hat (auch aus der eigenen).",
        "flip7.bonus": "Brutal-Modus: direkt nach einem Flip 7 wählt, wer ihn geschafft hat: +15 für sich oder -15 für jemand anderen; erst dann endet die Runde.",
        "score.vengeance": "Punkte: die Zahlen (0 mit The Zero ohne Flip 7), je ÷2 halbiert (abgerundet), minus die Minuskarten, nicht unter 0, plus 15 für Flip 7; Brutal-Modus: auch unter 0, und der Flip-7-Bonus wie gewählt.",
    },
})

__all__ = ["TEXTS"]
