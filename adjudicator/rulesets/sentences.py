"""The sentences the pages show, told by the server in English and German (issue 29, "one telling").

A table view asked in a language (``describe_table(..., langs=("de",))``) carries ``told``: what
the last event did, each seat's status word, how the player left the round, the row's notes and
its score worked out, and every card on the table with its label and kind. The replay viewer and
the live table print these; no page works out a rule.

``SHARED`` holds the sentences every ruleset shares (a number twice, a stay, a Flip 7, the score
steps of numbers, ×2 and + cards). A ruleset's own words (its statuses, notes, score steps, what
its action cards do) are its kit's: its view's ``sentences`` (``RulesetView``, one module per
kit, ``adjudicator/rulesets/<kit>/sentences.py``), looked up first, by the same keys:

- ``status_{status}``: the status word (the badge on a seat);
- ``why_{status}``: how a player with that status left the round (``at`` adds the event);
- ``step_{kind}``: a score step after the numbers (``{total}``, ``{amount}``, ``{card}``, ``{sign}``);
- ``wait_{kind}``: what the game waits for, in the languages but English (``wait_target_{card}``
  for a card of the kit's own); English is the engine's own description (``waiting_for``);
- ``event_{type}``: an event told plainly; a kit's view may tell its own target events
  (``RulesetView.tell_target``) and notes (``RulesetView.row_sentences``) with its own keys.

German uses the rule sources' words: "noch eine" (hit), "Stopp" (stay), "verzockt" (bust).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

#: The languages the server tells the pages in.
LANGUAGES = ("en", "de")

#: Sentences every ruleset shares, by language and key.
SHARED: Mapping[str, Mapping[str, str]] = {
    "en": {
        "event_game": "the game begins",
        "event_round": "round {round} begins",
        "event_card": "{card} to {player}",
        "event_target": "{player} gives {card} to {target}",
        "event_hit": "{player} hits",
        "event_stay": "{player} stays",
        "event_shuffle": "the discard pile is shuffled into a new draw pile",
        "event_score": "score claim",
        "event_end": "end claim",
        "event_position": "the table is laid out as it stood",
        "event_unreadable": "an unreadable line",
        "did_busted": "{player} busts",
        "did_saved": "{cover} cancels the second {card}",
        "did_flip7": "Flip 7 for {player}!",
        "did_discarded": "{card} is discarded unused",
        "did_round_ended": "round {round} is over",
        "status_busted": "busted",
        "status_stayed": "stayed",
        "status_flip7": "Flip 7",
        "why_busted": "busted: a second {card}",
        "why_busted_plain": "busted",
        "why_stayed": "stayed",
        "why_flip7": "Flip 7!",
        "why_out": "{status}",
        "at": " (event {at})",
        "step_busted": "busted: 0",
        "step_double": " × 2 = {total}",
        "step_add": " {card}",
        "step_flip7": " + {amount} (Flip 7)",
        "step_other": " → {total}",
        "kind_number": "number",
        "kind_modifier": "modifier",
        "kind_action": "action",
    },
    "de": {
        "event_game": "die Partie beginnt",
        "event_round": "Runde {round} beginnt",
        "event_card": "{card} an {player}",
        "event_target": "{player} gibt {card} an {target}",
        "event_hit": "{player} sagt „noch eine“",
        "event_stay": "{player} sagt „Stopp“",
        "event_shuffle": "der Ablagestapel wird zum neuen Nachziehstapel gemischt",
        "event_score": "Punkteangabe",
        "event_end": "Angabe zum Spielende",
        "event_position": "der Tisch wird aufgebaut, wie er stand",
        "event_unreadable": "eine unlesbare Zeile",
        "wait_game": "die Spielzeile",
        "wait_over": "das Spiel ist vorbei: {winner} hat gewonnen",
        "wait_round": "Runde {round}, Geber {dealer}",
        "wait_deal": "Geben: eine Karte für {player}",
        "wait_deal_or_stay": "Geben: eine Karte für {player}, oder {player} sagt „Stopp“",
        "wait_turn": "{player} ist dran: „noch eine“ oder „Stopp“",
        "wait_turn_hit": "{player} ist dran: „noch eine“",
        "wait_draw_hit": "eine Karte für {player} nach „noch eine“",
        "wait_draw_owed": "eine Karte für {player}: noch {n} für {card}",
        "wait_target": "{player} setzt {card} ein bei einem von: {eligible}",
        "did_busted": "{player} hat sich verzockt",
        "did_saved": "{cover} hebt die zweite {card} auf",
        "did_flip7": "Flip 7 für {player}!",
        "did_discarded": "{card} wird ungenutzt abgelegt",
        "did_round_ended": "Runde {round} ist vorbei",
        "status_busted": "verzockt",
        "status_stayed": "Stopp",
        "status_flip7": "Flip 7",
        "why_busted": "verzockt: eine zweite {card}",
        "why_busted_plain": "verzockt",
        "why_stayed": "„Stopp“ gesagt",
        "why_flip7": "Flip 7!",
        "why_out": "{status}",
        "at": " (Ereignis {at})",
        "step_busted": "verzockt: 0",
        "step_double": " × 2 = {total}",
        "step_add": " {card}",
        "step_flip7": " + {amount} (Flip 7)",
        "step_other": " → {total}",
        "kind_number": "Zahl",
        "kind_modifier": "Modifikator",
        "kind_action": "Aktion",
    },
}


@dataclass(frozen=True, slots=True)
class Say:
    """Sentences in one language: the kit's own (``own``) first, then the shared ones; ``label``
    names a card as the game's ruleset labels it on the table."""

    lang: str
    own: Mapping[str, Mapping[str, str]]
    label: Callable[[str], str]

    def has(self, key: str) -> bool:
        """True when the kit or the shared sentences have ``key`` in this language."""
        return key in self.own.get(self.lang, {}) or key in SHARED[self.lang]

    def __call__(self, key: str, **params: object) -> str:
        """The sentence of ``key`` with ``params`` filled in (``KeyError`` when there is none)."""
        template = self.own.get(self.lang, {}).get(key)
        if template is None:
            template = SHARED[self.lang][key]
        return template.format(**params)

    def maybe(self, key: str, **params: object) -> str | None:
        """The sentence of ``key``, or None when neither the kit nor the shared sentences have it."""
        return self(key, **params) if self.has(key) else None


__all__ = ["LANGUAGES", "SHARED", "Say"]
