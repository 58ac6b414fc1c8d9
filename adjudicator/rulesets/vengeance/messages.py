"""What *With a Vengeance*'s own refusals say, in English and German (its kit's catalogue; the
shared one is ``adjudicator.messages``): The Zero, its actions and modifiers, its draws, Brutal mode."""

from __future__ import annotations

from adjudicator.note import Words

_ROW = "choose the row {card.label} works on, one of"
_REIHE = "die Reihe wählen, auf die {card.name} wirkt, eine von"

#: Keys as ``adjudicator.messages`` says them; a key here overrides the shared one in this game.
MESSAGES: Words = {
    "en": {
        "purpose_just_one_more": "for a Just One More",
        "word_must_hit": "must hit", "word_brutal": "Brutal",
        "purpose_flip_four": "for a Flip Four",
        "request_steal": _ROW, "request_swap": _ROW, "request_discard": _ROW,
        "base_option": '"{option}" belongs to the base game; a vengeance game leaves it out (or at "{default}"), not {value!r}.',
        "must_hit": "{player} holds The Zero and may not stay: they must take a card (only a Just One More stops them).",
        "stay_without_card": "{player} has no card in front of them (no number or modifier), so they cannot stay and must take a card.",
        "bonus_early": "a flip7_bonus target comes only right after a Flip 7 in Brutal mode: {expected}.",
        "modifier_to": "{card.Label} cannot go to {target}: {standing}. A modifier goes to {who}: {eligible}.",
        "anyone": "any player", "anyone_in": "any player who has not busted",
        "action_to": "{card.name} cannot go to {target}: {standing}. It may go to any player who has not busted: {eligible}.",
        "cannot_take_steal": "{card.name} cannot take {target}'s {taken.name}: {why}. Cards that can be stolen: {cards:;}.",
        "cannot_take_discard": "{card.name} cannot take {target}'s {taken.name}: {why}. Cards that can be discarded: {cards:;}.",
        "steal_own": "Steal takes from another player's row, never from {player}'s own",
        "not_in_row": "{player} has no {card.name} in their row",
        "row_cards": "{player}'s {cards}",
        "one_row": "Swap exchanges cards of two different rows; both cards named are in {target}'s row. Rows that can swap: {cards:;}.",
        "swap_take": "Swap cannot move {player}'s {taken.name}: {why}. Cards that can be swapped: {cards:;}.",
    },
    "de": {
        "purpose_just_one_more": "für Just One More",
        "word_must_hit": "muss „noch eine“ sagen", "word_brutal": "Brutal",
        "purpose_flip_four": "für Flip Four",
        "request_steal": _REIHE, "request_swap": _REIHE, "request_discard": _REIHE,
        "base_option": '"{option}" gehört zum Grundspiel; ein vengeance-Spiel lässt es weg (oder auf "{default}"), nicht {value!r}.',
        "must_hit": "{player} hat The Zero und darf nicht „Stopp“ sagen: {player} muss eine Karte nehmen (nur Just One More beendet das).",
        "stay_without_card": "{player} hat keine Karte vor sich (keine Zahl, keine Modifikatorkarte), kann also nicht „Stopp“ sagen und muss eine Karte nehmen.",
        "bonus_early": "ein flip7_bonus-Ziel kommt nur direkt nach einem Flip 7 im Brutal-Modus: {expected}.",
        "modifier_to": "{card.Label} kann nicht an {target} gehen: {standing}. Eine Modifikatorkarte geht an {who}: {eligible}.",
        "anyone": "jeden Spieler", "anyone_in": "jeden, der sich nicht verzockt hat",
        "action_to": "{card.name} kann nicht an {target} gehen: {standing}. Die Karte geht an jeden, der sich nicht verzockt hat: {eligible}.",
        "cannot_take_steal": "{card.name} kann {target} nicht {taken.name} nehmen: {why}. Diese Karten können gestohlen werden: {cards:;}.",
        "cannot_take_discard": "{card.name} kann {target} nicht {taken.name} nehmen: {why}. Diese Karten können abgeworfen werden: {cards:;}.",
        "steal_own": "Steal nimmt aus der Reihe eines anderen, nie aus der eigenen von {player}",
        "not_in_row": "{player} hat keine {card.name} in der Reihe",
        "row_cards": "{player}: {cards}",
        "one_row": "Swap tauscht Karten aus zwei verschiedenen Reihen; beide genannten Karten liegen bei {target}. Reihen, die tauschen können: {cards:;}.",
        "swap_take": "Swap kann {taken.name} von {player} nicht bewegen: {why}. Diese Karten können getauscht werden: {cards:;}.",
    },
}

__all__ = ["MESSAGES"]
