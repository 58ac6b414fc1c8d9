"""Every text the referee says, in English and German, in one place.

A ``Note`` is a message key with its facts (names, cards, event numbers); ``render(note, lang,
lines)`` turns it into a sentence. Parameters whose name ends in ``card`` are card names, rendered
in the language (Kosmos prints its action cards under their English names: Freeze, Flip Three,
Second Chance); parameters whose name starts with ``at`` are event numbers, rendered with their
line ("event 8 (line 9)", "Ereignis 8 (Zeile 9)"). A word that depends on a count is written
``[n:one|more]`` ("{n} [n:card|cards]"): the first form when the parameter ``n`` is 1.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.messages import say
from adjudicator.note import Note
from adjudicator.rules.ruleset import Ruleset, ScoreStep
from adjudicator.rulesets import find_kit
from adjudicator.rulesets.texts import NO_TEXTS, RefereeTexts

LANGUAGES = ("en", "de")


@dataclass(frozen=True, slots=True)
class Breakdown:
    """How a row scores, to be said step by step: ``7 + 5 = 12, x2 → 24, +4 → 28, Flip 7 +15 → 43``.

    ``steps`` come from the game's ruleset (``Ruleset.score_steps``); ``names`` says how the cards
    in them are named where that is not the card's log name (the ruleset's label, such as "Lucky 13").
    """

    steps: tuple[ScoreStep, ...]
    names: Mapping[str, str] = field(default_factory=dict)
    #: The words of the ruleset's own steps (its kit's referee texts: Vengeance's ``step_zero``).
    own: RefereeTexts = NO_TEXTS

    @property
    def total(self) -> int:
        """The score the steps arrive at."""
        return self.steps[-1].total if self.steps else 0

    def _card(self, card: str) -> str:
        return self.names.get(card, card)

    def text(self, lang: str) -> str:
        """The steps in ``lang``."""
        t = TEXTS[lang]
        if not self.steps or len(self.steps) == 1 and self.steps[0].kind == "numbers" and not self.steps[0].cards:
            return t["nothing"]
        parts = []
        for step in self.steps:
            if step.kind == "numbers":
                cards = [self._card(c) for c in step.cards]
                parts.append((" + ".join(cards) + (f" = {step.total}" if len(cards) > 1 else "")) if cards else "0")
            elif step.kind in ("double", "halve", "add"):
                shown = "÷2" if step.kind == "halve" else self._card(step.cards[0])
                parts.append(f"{shown} → {step.total}")
            else:
                said = t.get(f"step_{step.kind}") or self.own.text(lang, f"step_{step.kind}") or f"{step.kind} → {{total}}"
                parts.append(said.format(total=step.total, amount=f"{step.amount:+d}"))
        return ", ".join(parts)


def card_label(card: str, lang: str, rules: Ruleset | None = None) -> str:
    """A card as a sentence names it: ``a 7`` / ``eine 7``, ``Freeze``, ``+4``, ``the Lucky 13`` /
    ``Lucky 13`` (``rules``: the game's ruleset, which names its cards; None: the base game's kit names them)."""
    if rules is None:
        rules = find_kit("flip7").rules
    if lang == "de" and card.isdigit() and rules.card_name(card) == card:
        return f"eine {card}"
    return rules.label(card) if lang == "en" else rules.card_name(card)


def names(items: list[str], lang: str) -> str:
    """``Ana, Ben and Cem`` / ``Ana, Ben und Cem`` (``nobody`` / ``niemand`` when empty)."""
    if not items:
        return TEXTS[lang]["nobody"]
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + TEXTS[lang]["and"] + items[-1]


def event_ref(index: int, lines: Mapping[int, int], lang: str) -> str:
    """``event 8 (line 9)`` / ``Ereignis 8 (Zeile 9)``."""
    t = TEXTS[lang]
    line = lines.get(index)
    return t["event"].format(n=index) + (t["line"].format(n=line) if line is not None else "")


def render(note: Note, lang: str, lines: Mapping[int, int], rules: Ruleset | None = None) -> str:
    """The sentence of ``note`` in ``lang`` (``en`` or ``de``); ``rules`` names the game's cards."""
    values: dict[str, Any] = {}
    for key, value in note.params.items():
        if key.endswith("card") and isinstance(value, str):
            values[key] = card_label(value, lang, rules)
        elif key.endswith("cards") and isinstance(value, list):
            values[key] = names([card_label(c, lang, rules) for c in value], lang)
        elif key.startswith("at") and isinstance(value, int):
            values[key] = event_ref(value, lines, lang)
        elif key == "pct" and isinstance(value, tuple):
            values[key] = percent(value[0], value[1], lang)
        elif isinstance(value, Breakdown):
            values[key] = value.text(lang)
        elif isinstance(value, Note) and _refusal(value, lang, rules):
            values[key] = say(value, lang).rstrip(".")  # a refusal's message inside a sentence
        elif isinstance(value, Note):
            values[key] = render(value, lang, lines, rules)
        elif isinstance(value, list):
            values[key] = names([render(v, lang, lines, rules) if isinstance(v, Note) else str(v) for v in value], lang)
        else:
            values[key] = value
    return _PLURAL.sub(lambda m: m[2] if values.get(m[1]) == 1 else m[3], text(note.key, lang, rules)).format(**values)


def _refusal(note: Note, lang: str, rules: Ruleset | None) -> bool:
    """True for a note of the messages' catalogues (what a refusal says), not the referee's."""
    return note.words is not None or (note.key not in TEXTS[lang] and referee_texts(rules).text(lang, note.key) is None)


def text(key: str, lang: str, rules: Ruleset | None = None) -> str:
    """The sentence of ``key`` in ``lang``: the shared catalogue's, or the game's ruleset's own
    (its kit's ``referee`` texts, for its cards and choices)."""
    shared = TEXTS[lang].get(key)
    if shared is not None:
        return shared
    own = referee_texts(rules).text(lang, key)
    if own is None:
        raise KeyError(f"no text {key!r} in {lang}")
    return own


def referee_texts(rules: Ruleset | None) -> RefereeTexts:
    """The referee's texts of ``rules``'s kit (the base game's when no game is seated yet)."""
    return find_kit(rules.name if rules is not None else "flip7").referee


#: ``[n:card|cards]``: a word in the singular or the plural, by the count in parameter ``n``.
_PLURAL = re.compile(r"\[(\w+):([^|\]]*)\|([^\]]*)\]")


TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "nobody": "nobody", "and": " and ", "event": "event {n}", "line": " (line {n})",
        # the story
        "game": "{players} sit down in this order, clockwise; {dealer} deals first. {goal}",
        "goal_target": "The game ends after the round in which someone reaches {target}.",
        "goal_rounds": "{rounds} rounds are played.",
        "round": "Round {round}: {dealer} deals, starting with {first}.",
        "deal_card": "{player} is dealt {card}.",
        "position": "The log starts in round {round} ({dealer} dealt): {rows}; it is {turn}'s move. Totals so far: {totals}. The {size} cards not in view are the draw pile.",
        "position_row": "{player} {cards}",
        "position_row_out": "{player} {cards} ({how})",
        "out_position": "{player} was out already ({how}) in the position, {at}",
        "hit": "{player} hits: {chance}",
        "chance": "{bad} of the {size} cards in the draw pile would bust them ({pct}).",
        "chance_none": "nothing in the draw pile can bust them.",
        "chance_covered": "no risk, a duplicate would only cost their {cover_card} ({bad} of {size} cards would be one, {pct}).",
        "hit_card": "{player} draws {card}.",
        "owed_card": "{player} draws {card} (card {n} of {size} of the {action_card}).",
        "stay": "{player} stays and banks {score}.",
        "bust": "{player} draws a second {number} and busts: 0 points this round.",
        "bust_owed": "{player} draws a second {number} and busts: 0 points this round, and the {action_card} ends.",
        "bust_taken": "{player} now holds a second {number} and busts: 0 points this round.",
        "sc_saved": "{player}'s {cover_card} cancels the second {number}; both are discarded.",
        "sc_saved_owed": "{player}'s {cover_card} cancels the second {number}; both are discarded and the {action_card} goes on.",
        "sc_kept": "{player} keeps the {cover_card} in front of them.",
        "discarded_unused": "{card} has no legal use now, so it is discarded (with no event).",
        "row_cleared": "{card} clears the rest of {player}'s row: {cards} [n:goes|go] to the discard pile.",
        "needs_target": "{player} must give {card} to one of these players: {eligible}.",
        "set_aside": "{card} is set aside until the {size} cards of the {action_card} are drawn.",
        "flip7": "Seven different numbers: {player} makes Flip 7 and the round ends at once.",
        "t_give": "{player} gives {card} to {target}.",
        "dropped": "{player} busted, so the cards set aside are discarded unused: {cards}.",
        "resolve": "{player} is still in and now gives out the cards set aside, in the order drawn: {cards}.",
        "first_edition": "{player} busted, but by the first edition's rule the cards set aside are still given out: {cards}.",
        "shuffle": "The draw pile is empty: the {size} discarded cards are shuffled into a new draw pile.",
        "score_ok": "The scores written down for round {round} are right.",
        "end_ok": "The end claim is right: {winner} wins.",
        "round_over_flip7": "Round {round} is over: {player} made Flip 7.",
        "round_over_all": "Round {round} is over: nobody is left in.",
        "score_line": "{player}: {breakdown}",
        "totals": "Totals: {totals}.",
        "totals_fact": "the totals are {totals}",
        "game_over": "The game is over: {winner} wins with {total}.",
        "tie": "{players} share the highest total ({total}), so another round is played.",
        "tie_fact": "{players} share the highest total ({total}), so another round is played",
        "violation": "Not allowed, {at}: {message}",
        "claim_wrong": "Wrong claim, {at}: {message}",
        # breakdowns
        "busted": "busted, 0",
        "nothing": "no cards, 0",
        "step_busted": "busted, 0",
        "step_flip7": "Flip 7 {amount} → {total}",
        # who is out and why
        "out_busted": "{player} busted on {at} with a second {number}",
        "out_busted_owed": "{player} busted on {at} with a second {number}, which ended their {action_card}",
        "out_made_stay": "{player} had to stay on {at}, after the card an action made them take",
        "out_put_out": "{player} was put out by {by} on {at}",
        "out_stayed": "{player} stayed on {at}",
        "out_flip7": "{player} made Flip 7 on {at}",
        "out_in": "{player} was still in when the round ended",
        "out_playing": "{player} is still in",
        "hint_gives": "{card} is not drawn again: it already waits in {player}'s hand; to give it, write '{player} gives {name}>NAME' in the notation",
        "sc_used_fact": "{player}'s {cover_card} cancelled a second {number} on {at}",
        "wipe_fact": "on {at} {cards} [n:was|were] cleared from {player}'s row",
        "sc_ended_turn": "{player}'s {cover_card} cancelled a second {number} on {at}, which ended {player}'s turn",
        "outcome_stayed": "stayed", "outcome_busted": "busted", "outcome_flip7": "Flip 7",
        "outcome_in": "in", "outcome_playing": "playing",
        # what the game waited for
        "exp_game": "the log must begin with the setup (the game event)",
        "exp_over": "the game was over; only score and end claims may follow",
        "exp_round": "round {round} had to begin next, dealt by {dealer}",
        "exp_deal": "the deal had reached {player}, who takes a card",
        "exp_deal_or_stay": "the deal had reached {player}, who takes a card or stays",
        "exp_turn": "it was {player}'s turn to hit or stay",
        "exp_turn_hit": "it was {player}'s turn, and with nothing in front of them they must hit",
        "exp_draw_hit": "a card was owed to {player} after their hit",
        "exp_draw_owed": "{player} still had {n} [n:card|cards] to take for a {action_card}",
        "exp_target": "{player} had to give {card} to one of: {eligible}",
        "expected": "at that moment {expectation}",
        "legal": "Legal instead: {moves}.",
        "legal_any_card": "any card still in the draw pile for {player}",
        "legal_more": "{n} more like these",
        "copies": "the deck has {total} of the card {name}: {table} lie on the table, {discarded} were discarded since the last shuffle",
        "because": "Why: {facts}.",
        # violation headlines (the German verdict messages are these with their facts)
        "v_bad_event": "line {line} is not an event the log format accepts ({detail})",
        "v_unknown_player": "{name} is not seated at this table (players: {players})",
        "v_unknown_player_near": "{name} is not seated at this table; {near} was probably meant",
        "v_out_of_order": "{what} cannot come now",
        "v_wrong_player": "{what}: it is not {name}'s move",
        "v_stay_without_card": "{name} has no card in front of them and cannot stay",
        "v_illegal_target": "{card} cannot go to {target}",
        "v_illegal_target_card": "the card waiting for a recipient is {want_card}, not {card}",
        "v_card_unavailable": "no {name} is left in the draw pile",
        "v_card_unavailable_empty": "the draw pile is empty; the discard pile must be shuffled first",
        "v_score_mismatch": "the scores claimed for round {round} are wrong: {diffs}",
        "v_winner_mismatch": "the end claim is wrong: {winner} wins with {total}",
        "v_game_not_over": "the game is not over after {rounds} [rounds:round|rounds]",
        "diff": "{player} has {actual}, not {claimed}",
        "diff_missing": "{player} is missing (scored {actual})",
        "what_card": "a card for {player}", "what_hit": "a hit by {player}", "what_stay": "a stay by {player}",
        "what_target": "{player} giving {card} to {target}", "what_round": "round {round}", "what_shuffle": "a shuffle",
        "what_score": "a score claim for round {round}", "what_end": "an end claim", "what_game": "a second setup",
        "what_position": "a position",
        # headings of the settle and explain reports
        "h_ruling": "Ruling", "h_valid": "Everything in this log follows the rules.",
        "h_violation": "The log breaks a rule at {at}.", "h_claims": "The log has {n} wrong [n:claim|claims].",
        "h_rule": "Rule ({rule})", "h_out": "Who is out and why", "h_scores": "Scores", "h_round": "Round {round}",
        "h_story": "What happened", "h_facts": "Facts",
    },
    "de": {
        "nobody": "niemand", "and": " und ", "event": "Ereignis {n}", "line": " (Zeile {n})",
        "game": "Am Tisch sitzen im Uhrzeigersinn {players}; {dealer} gibt zuerst. {goal}",
        "goal_target": "Das Spiel endet nach der Runde, in der jemand {target} Punkte erreicht.",
        "goal_rounds": "Es werden {rounds} Runden gespielt.",
        "round": "Runde {round}: {dealer} gibt, {first} bekommt die erste Karte.",
        "deal_card": "{player} bekommt beim Geben {card}.",
        "position": "Das Protokoll beginnt in Runde {round} ({dealer} hat gegeben): {rows}; {turn} ist am Zug. Bisheriger Stand: {totals}. Die {size} Karten, die nicht zu sehen sind, bilden den Nachziehstapel.",
        "position_row": "{player} {cards}",
        "position_row_out": "{player} {cards} ({how})",
        "out_position": "{player} war in der Ausgangsstellung schon raus ({how}), {at}",
        "hit": "{player} sagt „noch eine“: {chance}",
        "chance": "{bad} der {size} Karten im Nachziehstapel wären eine doppelte Zahl ({pct}).",
        "chance_none": "keine Karte im Nachziehstapel kann eine doppelte Zahl sein.",
        "chance_covered": "kein Risiko, eine doppelte Zahl kostet nur die {cover_card} ({bad} von {size} Karten, {pct}).",
        "hit_card": "{player} bekommt {card}.",
        "owed_card": "{player} bekommt {card} (Karte {n} von {size} aus {action_card}).",
        "stay": "{player} sagt „Stopp“ und behält {score} Punkte.",
        "bust": "{player} bekommt eine zweite {number} und hat sich verzockt: 0 Punkte in dieser Runde.",
        "bust_owed": "{player} bekommt eine zweite {number} und hat sich verzockt: 0 Punkte, und {action_card} ist vorbei.",
        "bust_taken": "{player} hat jetzt eine zweite {number} und hat sich verzockt: 0 Punkte in dieser Runde.",
        "sc_saved": "Die {cover_card} rettet {player}: die zweite {number} und die {cover_card} werden abgelegt.",
        "sc_saved_owed": "Die {cover_card} rettet {player}: die zweite {number} und die {cover_card} werden abgelegt, {action_card} geht weiter.",
        "sc_kept": "{player} legt die {cover_card} vor sich.",
        "discarded_unused": "{card} kann jetzt nicht genutzt werden und wird abgelegt (ohne eigenes Ereignis).",
        "row_cleared": "{card} räumt den Rest der Reihe von {player} ab: {cards} [n:kommt|kommen] auf den Ablagestapel.",
        "needs_target": "{player} muss {card} an jemanden geben, der noch in der Runde ist: {eligible}.",
        "set_aside": "{card} wird beiseitegelegt, bis die {size} Karten aus {action_card} aufgedeckt sind.",
        "flip7": "Sieben verschiedene Zahlen: {player} schafft einen Flip 7, die Runde endet sofort.",
        "t_give": "{player} gibt {card} an {target}.",
        "dropped": "{player} hat sich verzockt, deshalb werden die beiseitegelegten Karten ({cards}) ungenutzt abgelegt.",
        "resolve": "{player} ist noch in der Runde und führt jetzt die beiseitegelegten Karten ({cards}) in der Reihenfolge aus, in der sie kamen.",
        "first_edition": "{player} hat sich verzockt, nach der ersten Auflage werden die beiseitegelegten Karten ({cards}) trotzdem ausgeführt.",
        "shuffle": "Der Nachziehstapel ist leer: die {size} Karten des Ablagestapels werden zum neuen Stapel gemischt.",
        "score_ok": "Die Wertung für Runde {round} stimmt.",
        "end_ok": "Die Angabe zum Spielende stimmt: {winner} gewinnt.",
        "round_over_flip7": "Runde {round} ist vorbei: {player} hat einen Flip 7 geschafft.",
        "round_over_all": "Runde {round} ist vorbei: niemand ist mehr in der Runde.",
        "score_line": "{player}: {breakdown}",
        "totals": "Gesamtstand: {totals}.",
        "totals_fact": "der Gesamtstand ist {totals}",
        "game_over": "Das Spiel ist vorbei: {winner} gewinnt mit {total} Punkten.",
        "tie": "{players} liegen mit {total} Punkten gleichauf an der Spitze, deshalb wird weitergespielt.",
        "tie_fact": "{players} liegen mit {total} Punkten gleichauf an der Spitze, deshalb wird weitergespielt",
        "violation": "Nicht erlaubt, {at}: {message}",
        "claim_wrong": "Falsche Angabe, {at}: {message}",
        "busted": "verzockt, 0",
        "nothing": "keine Karten, 0",
        "step_busted": "verzockt, 0",
        "step_flip7": "Flip 7 {amount} → {total}",
        "out_busted": "{player} hat sich bei {at} mit einer zweiten {number} verzockt",
        "out_busted_owed": "{player} hat sich bei {at} mit einer zweiten {number} verzockt, damit war {action_card} vorbei",
        "out_made_stay": "{player} musste bei {at} aufhören, nach der Karte, die eine Aktion verlangt hat",
        "out_put_out": "{player} wurde bei {at} von {by} aus der Runde genommen",
        "out_stayed": "{player} hat bei {at} „Stopp“ gesagt",
        "out_flip7": "{player} hat bei {at} einen Flip 7 geschafft",
        "out_in": "{player} war noch in der Runde, als sie endete",
        "out_playing": "{player} ist noch in der Runde",
        "hint_gives": "{card} wird nicht noch einmal aufgedeckt: die Karte liegt schon bei {player}; zum Weitergeben schreibt man in der Notation „{player} gibt {name}>NAME“",
        "sc_used_fact": "die {cover_card} von {player} hat bei {at} eine zweite {number} aufgehoben",
        "wipe_fact": "bei {at} [n:wurde|wurden] {cards} aus der Reihe von {player} abgeräumt",
        "sc_ended_turn": "die {cover_card} von {player} hat bei {at} eine zweite {number} aufgehoben; damit war der Zug von {player} zu Ende",
        "outcome_stayed": "Stopp", "outcome_busted": "verzockt", "outcome_flip7": "Flip 7",
        "outcome_in": "noch drin", "outcome_playing": "spielt noch",
        "exp_game": "das Protokoll muss mit der Vorbereitung (dem game-Ereignis) beginnen",
        "exp_over": "das Spiel war vorbei; es dürfen nur noch Wertungen und die Angabe zum Spielende folgen",
        "exp_round": "als Nächstes musste Runde {round} beginnen, Geber {dealer}",
        "exp_deal": "beim Geben war {player} an der Reihe und bekommt eine Karte",
        "exp_deal_or_stay": "beim Geben war {player} an der Reihe und bekommt eine Karte oder sagt „Stopp“",
        "exp_turn": "{player} war an der Reihe: „noch eine“ oder „Stopp“",
        "exp_turn_hit": "{player} war an der Reihe und muss ohne Karte vor sich „noch eine“ sagen",
        "exp_draw_hit": "{player} bekam nach „noch eine“ eine Karte",
        "exp_draw_owed": "{player} musste für {action_card} noch {n} [n:Karte|Karten] nehmen",
        "exp_target": "{player} musste {card} an einen dieser Spieler geben: {eligible}",
        "expected": "in diesem Moment gilt: {expectation}",
        "legal": "Erlaubt wäre: {moves}.",
        "legal_any_card": "jede Karte, die noch im Nachziehstapel ist, für {player}",
        "legal_more": "{n} weitere dieser Art",
        "copies": "im Spiel gibt es {total}-mal die Karte {name}: {table} liegen auf dem Tisch, {discarded} wurden seit dem letzten Mischen abgelegt",
        "because": "Grund: {facts}.",
        "v_bad_event": "Zeile {line} ist kein gültiges Ereignis ({detail})",
        "v_unknown_player": "{name} sitzt nicht an diesem Tisch (Spieler: {players})",
        "v_unknown_player_near": "{name} sitzt nicht an diesem Tisch; gemeint ist wohl {near}",
        "v_out_of_order": "{what} ist jetzt nicht erlaubt",
        "v_wrong_player": "{what}: {name} ist nicht an der Reihe",
        "v_stay_without_card": "{name} hat noch keine Karte vor sich und kann nicht „Stopp“ sagen",
        "v_illegal_target": "{card} kann nicht an {target} gehen",
        "v_illegal_target_card": "auf einen Empfänger wartet {want_card}, nicht {card}",
        "v_card_unavailable": "im Nachziehstapel ist keine {name} mehr",
        "v_card_unavailable_empty": "der Nachziehstapel ist leer; erst muss der Ablagestapel gemischt werden",
        "v_score_mismatch": "die Wertung für Runde {round} stimmt nicht: {diffs}",
        "v_winner_mismatch": "die Angabe zum Spielende stimmt nicht: {winner} gewinnt mit {total} Punkten",
        "v_game_not_over": "das Spiel ist nach {rounds} [rounds:Runde|Runden] noch nicht vorbei",
        "diff": "{player} hat {actual}, nicht {claimed}",
        "diff_missing": "{player} fehlt ({actual} Punkte)",
        "what_card": "Eine Karte für {player}", "what_hit": "„Noch eine“ von {player}", "what_stay": "„Stopp“ von {player}",
        "what_target": "Der Einsatz von {card} durch {player} bei {target}", "what_round": "Runde {round}", "what_shuffle": "Mischen",
        "what_score": "Eine Wertung für Runde {round}", "what_end": "Die Angabe zum Spielende", "what_game": "Eine zweite Vorbereitung",
        "what_position": "Eine Stellung",
        "h_ruling": "Entscheidung", "h_valid": "In diesem Protokoll ist alles regelgerecht.",
        "h_violation": "Das Protokoll verstößt bei {at} gegen eine Regel.", "h_claims": "Das Protokoll enthält [n:eine falsche Angabe|{n} falsche Angaben].",
        "h_rule": "Regel ({rule})", "h_out": "Wer ist raus und warum", "h_scores": "Punkte", "h_round": "Runde {round}",
        "h_story": "Was passiert ist", "h_facts": "Fakten",
    },
}

#: Each rule of docs/rules.md in plain words.
RULES: dict[str, dict[str, str]] = {
    "en": {
        "log.line": "Every line of a log is one JSON object (or, in the notation, a statement that can be read).",
        "log.event": "Every event has a known type, all of its fields and no others.",
        "log.card": "Cards are written with the names of the ruleset being played.",
        "setup.first": "A log begins with exactly one game event.",
        "setup.game": "A game seats 3 to 18 players per deck, with different names, and a dealer who is one of them.",
        "setup.names": "Every name in an event is a player seated in the game event.",
        "round.start": "A round begins only after the last one ended, with the next number; the deal passes to the left.",
        "game.over": "Once the game is over, only claims may follow.",
        "deal.order": "The deal gives one card to each player in turn, starting left of the dealer; a player out of the round is skipped.",
        "turn.order": "After the deal, players take turns clockwise from the dealer's left, skipping those out of the round; a card comes only after a hit.",
        "turn.hit": "A hit brings exactly one card, to the player who hit, before anything else.",
        "turn.stay": "A player may stay only with at least one card in front of them.",
        "action.target": "A card waiting for a recipient (a Freeze or Flip Three, an extra Second Chance, a Vengeance action or modifier) is given by the player who revealed it, before play goes on.",
        "deck.draw": "Only cards still in the draw pile can be revealed.",
        "deck.shuffle": "When the draw pile is empty, the discard pile is shuffled into a new one (and only then).",
        "game.end": "After a round in which someone reached the target, the highest total wins; a tie at the top plays on.",
        "claim.score": "A score claim must match the recomputed round scores.",
        "claim.end": "An end claim must come after the game is over and name the real winner.",
        # With a Vengeance
    },
    "de": {
        "log.line": "Jede Zeile eines Protokolls ist ein JSON-Objekt (in der Notation: eine lesbare Anweisung).",
        "log.event": "Jedes Ereignis hat einen bekannten Typ, alle seine Felder und keine anderen.",
        "log.card": "Karten werden mit den Namen des gespielten Regelwerks geschrieben.",
        "setup.first": "Ein Protokoll beginnt mit genau einem game-Ereignis.",
        "setup.game": "Pro Spiel sitzen 3 bis 18 Leute mit verschiedenen Namen am Tisch, der Geber ist einer von ihnen.",
        "setup.names": "Jeder Name in einem Ereignis gehört zu einem Spieler am Tisch.",
        "round.start": "Eine Runde beginnt erst nach dem Ende der vorigen, mit der nächsten Nummer; der Stapel geht nach links weiter.",
        "game.over": "Ist das Spiel vorbei, dürfen nur noch Angaben folgen.",
        "deal.order": "Der Geber gibt reihum jedem eine Karte offen, beginnend links von sich; wer schon raus ist, wird übersprungen.",
        "turn.order": "Nach dem Geben geht es reihum links vom Geber weiter, wer raus ist, wird übersprungen; eine Karte gibt es nur nach „noch eine“.",
        "turn.hit": "„Noch eine“ bringt genau eine Karte, an den, der sie verlangt hat, vor allem anderen.",
        "turn.stay": "„Stopp“ sagen darfst du, sobald mindestens eine Karte vor dir liegt.",
        "action.target": "Eine Karte, die auf einen Empfänger wartet (Freeze oder Flip Three, eine zusätzliche Second Chance, eine Aktions- oder Minuskarte aus Voll Fies!), gibt weiter, wer sie aufgedeckt hat, bevor es weitergeht.",
        "deck.draw": "Aufgedeckt werden kann nur, was noch im Nachziehstapel ist.",
        "deck.shuffle": "Ist der Nachziehstapel leer, wird der Ablagestapel gemischt (und nur dann).",
        "game.end": "Nach der Runde, in der jemand das Ziel erreicht, gewinnt der höchste Stand; bei Gleichstand an der Spitze wird weitergespielt.",
        "claim.score": "Eine Wertung muss mit den nachgerechneten Punkten der Runde übereinstimmen.",
        "claim.end": "Die Angabe zum Spielende kommt erst, wenn das Spiel vorbei ist, und nennt den richtigen Sieger.",
        # Voll Fies! (With a Vengeance)
    },
}


def rule_text(rule: str, lang: str, ruleset: Ruleset | None = None) -> str:
    """The rule ``rule`` (an id of docs/rules.md) in plain words: a rule every ruleset shares, or
    one of ``ruleset``'s own (its kit's referee texts); the id when neither words it."""
    return RULES[lang].get(rule) or referee_texts(ruleset).rule(lang, rule) or rule


def percent(bad: int, size: int, lang: str) -> str:
    """``16.0%`` / ``16,0 %``."""
    value = f"{100 * bad / size:.1f}" if size else "0.0"
    return f"{value.replace('.', ',')} %" if lang == "de" else f"{value}%"
