"""What the rules say when they refuse an event, in English and German: the shared catalogue.

A refusal (``RuleViolation``) carries a ``Note``: a key and its parameters, no sentence. ``say``
renders it in a language from the catalogue that holds its key: the note's own (a kit's
``messages``, for its cards, statuses and draws) or this one (what every ruleset shares). The
English templates are the verdict's messages as the contract's examples and the snapshots fix them.

Parameters: a ``Note`` is said in the same language; a ``Card`` gives ``{card.name}``,
``{card.label}`` and ``{card.Label}``; a list of names or notes is joined: ``{names}`` with
commas (``nobody`` when empty), ``{names:and}`` with "and" only, ``{names:;}`` with semicolons
(``none`` when empty). Anything else is put in as it is (``{name!r}`` quotes a name).
Imports nothing of the project but ``adjudicator.note``.
"""

from __future__ import annotations

import string
from typing import Any

from adjudicator.note import Card, Note, Words

LANGUAGES = ("en", "de")


class _Items:
    """A list said in a language, joined as the template's format spec asks."""

    __slots__ = ("items", "lang")

    def __init__(self, items: list[str], lang: str) -> None:
        self.items = items
        self.lang = lang

    def __format__(self, spec: str) -> str:
        words = MESSAGES[self.lang]
        if spec == "and":
            return words["and"].join(self.items)
        if spec == ";":
            return "; ".join(self.items) if self.items else words["none"]
        return ", ".join(self.items) if self.items else words["nobody"]

    def __str__(self) -> str:
        return format(self, "")


class _CardSaid:
    """A card as a sentence in a language names it (``{card.label}``, ``{card.name}``, ``{card.Label}``)."""

    __slots__ = ("Label", "label", "name")

    def __init__(self, card: Card, lang: str) -> None:
        self.name = card.name
        if lang == "en":
            self.label = card.label
        else:
            self.label = f"eine {card.name}" if card.number else card.name
        self.Label = self.label.capitalize()

    def __format__(self, spec: str) -> str:
        return format(self.label, spec)


def template(note: Note, lang: str) -> str:
    """The template of ``note`` in ``lang``: its own catalogue's, else the shared one's (KeyError: neither has it)."""
    if note.words is not None:
        own = note.words.get(lang, {}).get(note.key)
        if own is not None:
            return own
    return MESSAGES[lang][note.key]


def say(note: Note, lang: str) -> str:
    """``note`` as a sentence in ``lang`` (``en`` or ``de``)."""
    values: dict[str, Any] = {}
    for key, value in note.params.items():
        values[key] = _value(value, lang)
    return template(note, lang).format(**values)


def _value(value: Any, lang: str) -> Any:
    if isinstance(value, Note):
        return say(value, lang)
    if isinstance(value, Card):
        return _CardSaid(value, lang)
    if isinstance(value, (list, tuple)):
        return _Items([say(v, lang) if isinstance(v, Note) else str(v) for v in value], lang)
    return value


def fields(text: str) -> list[str]:
    """The parameters a template uses (``{card.label}`` → ``card``)."""
    return sorted({f.split(".")[0].split("!")[0] for _, f, _, _ in string.Formatter().parse(text) if f})


def glossary(lang: str, *kits: Words) -> dict[str, str]:
    """The game's words in ``lang``, one German for every command and page (the rule sources'
    own: "noch eine", "Stopp", "verzockt"): the shared ``word_…`` keys of the catalogue, then those
    of the ``kits``' catalogues (their own statuses and words), without the prefix."""
    words: dict[str, str] = {}
    for catalogue in (MESSAGES, *kits):
        words.update({key[5:]: text for key, text in catalogue.get(lang, {}).items() if key.startswith("word_")})
    return words


#: The game's words every ruleset shares (``glossary``), in English and German.
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "hit": "hit", "stay": "stay", "bust": "bust", "busted": "busted", "stayed": "stayed", "flip7": "Flip 7",
        "bust_chance": "bust chance", "bust_next": "chance the next card busts", "still_in": "still in", "playing": "playing", "to_move": "to move",
        "round": "round", "rounds": "rounds", "player": "player", "players": "players", "score": "score", "total": "total",
        "winner": "winner", "dealer": "dealer", "deal": "deal", "draw_pile": "draw pile", "discard_pile": "discard pile",
        "set_aside": "set aside", "card": "card", "cards": "cards", "event": "event", "events": "events", "line": "line",
        "game": "game", "games": "games", "valid": "valid", "violation": "violation", "violations": "violations", "next": "next",
        "number": "number", "modifier": "modifier", "action": "action", "points": "points",
    },
    "de": {
        "hit": "noch eine", "stay": "Stopp", "bust": "verzocken", "busted": "verzockt", "stayed": "Stopp", "flip7": "Flip 7",
        "bust_chance": "Risiko, sich zu verzocken", "bust_next": "Risiko, sich mit der nächsten Karte zu verzocken", "still_in": "noch drin", "playing": "spielt noch", "to_move": "am Zug",
        "round": "Runde", "rounds": "Runden", "player": "Spieler", "players": "Spieler", "score": "Punkte", "total": "Gesamt",
        "winner": "Sieger", "dealer": "Geber", "deal": "Geben", "draw_pile": "Nachziehstapel", "discard_pile": "Ablagestapel",
        "set_aside": "beiseitegelegt", "card": "Karte", "cards": "Karten", "event": "Ereignis", "events": "Ereignisse", "line": "Zeile",
        "game": "Spiel", "games": "Spiele", "valid": "gültig", "violation": "Regelverstoß", "violations": "Regelverstöße", "next": "als Nächstes",
        "number": "Zahl", "modifier": "Modifikator", "action": "Aktion", "points": "Punkte",
    },
}

#: What every ruleset's refusals say.
_REFUSALS: dict[str, dict[str, str]] = {
    "en": {
        "and": " and ", "nobody": "nobody", "none": "none",
        # where a player stands
        "standing_in": "{player} {status}",
        "standing_out": "{player} {status}{by}{at}{detail}",
        "by": " by {player}", "at": " on event {event}",
        "second": " with a second {card}",
        "second_during": " with a second {card}, drawn {reason}, which it ended",
        "status_active": "is still active", "status_stayed": "stayed", "status_busted": "busted",
        # what the game waited for
        "purpose_hit": "after their hit",
        "request": "give {card.label} to one of",
        "exp_game": "the log must begin with a game event",
        "exp_over": "the game is over ({winner} won); only score and end claims may follow",
        "exp_round": "round {round} should begin next (dealer {dealer})",
        "exp_deal": "the deal has reached {player}, who takes a card",
        "exp_deal_stay": "the deal has reached {player}, who takes a card or stays",
        "exp_turn": "it is {player}'s turn to hit or stay",
        "exp_turn_hit": "it is {player}'s turn to hit (nothing in front of them, so they must hit)",
        "exp_turn_no_stay": "it is {player}'s turn to hit (they may not stay now)",
        "exp_draw": "a card is owed to {player} {reason}",
        "exp_target": "{player} must {request}: {eligible}",
        # how a refusal names the event
        "what_round": "a round event", "what_shuffle": "a shuffle", "what_score": "a score claim", "what_end": "an end claim",
        "what_position": "a position",
        "what_card": "a card ({card}) for {player}", "what_card_for": "a card for {player}", "what_hit": "a hit by {player}",
        "what_stay": "a stay by {player}", "what_target": "a target event ({player} gives {card} to {target})",
        # refusals
        "first": "{what} cannot come first: the log must begin with a game event.",
        "not_now": "{what} cannot come now: {expected}.",
        "unknown_player": "{name!r} is not seated at this table (players: {players}).",
        "unknown_player_near": "{name!r} is not seated at this table (players: {players}); {near!r} was probably meant.",
        "too_few": "a game needs at least {least} players; this one seats {seated}.",
        "seated_twice": "every player needs a different name; seated twice: {names}.",
        "too_many": "{decks} deck(s) seat at most {most} players; this game seats {seated} (add \"decks\").",
        "dealer_not_seated": "the dealer {dealer!r} is not one of the players ({players}).",
        "foreign_option": "{option!r} is not an option of the {ruleset} ruleset; leave it out (it is {value!r}).",
        "second_game": "a second game event: a log holds exactly one game, on its first line.",
        "round_going": "round {round} cannot begin: round {going} is still going ({expected}).",
        "next_round": "the next round is round {expected}, not round {round}.",
        "round_dealer": "round {round} is dealt by {dealer} (the deal passes to the left each round), not by {claimed!r}.",
        "card_without_hit": "a card for {player} without a hit: {expected}.",
        "card_without_hit_out": "a card for {player} without a hit: {standing}; {expected}.",
        "card_elsewhere": "the card cannot go to {player}: {expected}.",
        "card_elsewhere_out": "the card cannot go to {player}: {standing}; {expected}.",
        "pile_empty": "the draw pile is empty, so no {card.name} can be revealed: a shuffle of the discard pile must come first.",
        "none_left": "no {card.name} is left in the draw pile: every copy is on the table or was discarded since the last shuffle ({size} cards remain in the pile).",
        "hit_in_deal": "nobody hits during the deal: {expected}.",
        "cannot_hit": "{player} cannot hit now: {expected}.",
        "cannot_hit_out": "{player} cannot hit now: {standing}; {expected}.",
        "cannot_stay": "{player} cannot stay now: {expected}.",
        "cannot_stay_out": "{player} cannot stay now: {standing}; {expected}.",
        "stay_without_card": "{player} has no card in front of them, so they cannot stay and must take a card.",
        "no_card_waits": "{what}, but no card awaits a recipient: {expected}.",
        "not_holder": "{player} does not hold the card that waits: {expected}.",
        "wrong_card": "the card waiting for a recipient is {want.label}, not {card.label}: {expected}.",
        "target_not_allowed": "{card.label} cannot go to {target}. Allowed: {eligible}.",
        "shuffle_early": "a shuffle comes only when the draw pile is empty; {size} cards are still in it.",
        "score_before_position": "a score claim for round {round}, which was played before the position the log starts from (its scores are not in the log).",
        "score_unfinished": "a score claim for round {round}, which has not finished ({finished} round(s) finished so far).",
        "scores_wrong": "the claimed scores of round {round} are wrong: {wrong:;}.",
        "missing": "{player} is missing (scored {actual})",
        "differs": "{player} has {actual}, not {claimed}",
        "differs_because": "{player} has {actual}, not {claimed} ({because})",
        "not_over": "the game is not over after {finished} round(s): {why}.",
        "why_rounds": "{rounds} rounds are played",
        "why_target": "nobody has reached {target} yet (highest total {lead})",
        "why_tie": "{leaders:and} share the highest total ({lead}), so further rounds are played",
        "end_wrong": "the end claim is wrong: {problems:;}.",
        "wrong_winner": "the winner is {winner} with {total}, not {claimed} ({claimed_total})",
        "wrong_totals": "totals: {wrong:;}",
        # a position
        "position_late": "a position comes right after the game line: it says where the log starts, so nothing may come before it.",
        "position_row": "{player}'s row: {why}.",
        "position_out": "{player}: 'out' is one of {statuses}, not {out!r} (leave it out while the player is in).",
        "position_copies": "the position shows {count} × {card.name}, but the deck holds {held}.",
        "position_twice": "{player}'s row shows {twice} twice, so {player} would be busted (say \"out\": \"busted\").",
        "position_flip7": "{player}'s row shows seven different numbers: that Flip 7 would have ended the round.",
        "position_over": "nobody is left in the round, so it is over: start the log from the next round instead.",
        "position_turn": "it cannot be {player}'s move: {player} is out of the round ({out}).",
    },
    "de": {
        "and": " und ", "nobody": "niemand", "none": "keine",
        "standing_in": "{player} {status}",
        "standing_out": "{player} ist raus ({status}{by}{at}{detail})",
        "by": " von {player}", "at": " bei Ereignis {event}",
        "second": ", mit einer zweiten {card}",
        "second_during": ", mit einer zweiten {card}, gezogen {reason}, das damit endete",
        "status_active": "ist noch in der Runde", "status_stayed": "„Stopp“ gesagt", "status_busted": "verzockt",
        "purpose_hit": "nach „noch eine“",
        "request": "{card.name} an einen dieser Spieler geben",
        "exp_game": "das Protokoll muss mit einem game-Ereignis beginnen",
        "exp_over": "das Spiel ist vorbei ({winner} hat gewonnen); es dürfen nur noch Wertungen und die Angabe zum Spielende folgen",
        "exp_round": "als Nächstes muss Runde {round} beginnen (Geber {dealer})",
        "exp_deal": "beim Geben ist {player} an der Reihe und bekommt eine Karte",
        "exp_deal_stay": "beim Geben ist {player} an der Reihe und bekommt eine Karte oder sagt „Stopp“",
        "exp_turn": "{player} ist an der Reihe: „noch eine“ oder „Stopp“",
        "exp_turn_hit": "{player} ist an der Reihe und muss „noch eine“ sagen (ohne Karte vor sich)",
        "exp_turn_no_stay": "{player} ist an der Reihe und muss „noch eine“ sagen („Stopp“ ist jetzt nicht erlaubt)",
        "exp_draw": "{player} bekommt eine Karte {reason}",
        "exp_target": "{player} muss {request}: {eligible}",
        "what_round": "Ein round-Ereignis", "what_shuffle": "Mischen", "what_score": "Eine Wertung", "what_end": "Die Angabe zum Spielende",
        "what_position": "Eine Stellung",
        "what_card": "Eine Karte ({card}) für {player}", "what_card_for": "Eine Karte für {player}", "what_hit": "„Noch eine“ von {player}",
        "what_stay": "„Stopp“ von {player}", "what_target": "Ein target-Ereignis ({player} gibt {card} an {target})",
        "first": "{what} kann nicht am Anfang stehen: das Protokoll muss mit einem game-Ereignis beginnen.",
        "not_now": "{what} ist jetzt nicht erlaubt: {expected}.",
        "unknown_player": "{name!r} sitzt nicht an diesem Tisch (Spieler: {players}).",
        "unknown_player_near": "{name!r} sitzt nicht an diesem Tisch (Spieler: {players}); gemeint ist wohl {near!r}.",
        "too_few": "ein Spiel braucht mindestens {least} Spieler; hier sitzen {seated}.",
        "seated_twice": "jeder Spieler braucht einen eigenen Namen; doppelt am Tisch: {names}.",
        "too_many": "{decks} Kartenspiel(e) reichen für höchstens {most} Spieler; hier sitzen {seated} (\"decks\" angeben).",
        "dealer_not_seated": "der Geber {dealer!r} ist keiner der Spieler ({players}).",
        "foreign_option": "{option!r} ist keine Option des Regelwerks {ruleset}; weglassen (angegeben: {value!r}).",
        "second_game": "ein zweites game-Ereignis: ein Protokoll enthält genau ein Spiel, in seiner ersten Zeile.",
        "round_going": "Runde {round} kann nicht beginnen: Runde {going} läuft noch ({expected}).",
        "next_round": "die nächste Runde ist Runde {expected}, nicht Runde {round}.",
        "round_dealer": "Runde {round} gibt {dealer} (der Stapel geht jede Runde nach links weiter), nicht {claimed!r}.",
        "card_without_hit": "eine Karte für {player} ohne „noch eine“: {expected}.",
        "card_without_hit_out": "eine Karte für {player} ohne „noch eine“: {standing}; {expected}.",
        "card_elsewhere": "die Karte kann nicht an {player} gehen: {expected}.",
        "card_elsewhere_out": "die Karte kann nicht an {player} gehen: {standing}; {expected}.",
        "pile_empty": "der Nachziehstapel ist leer, also kann keine {card.name} aufgedeckt werden: erst muss der Ablagestapel gemischt werden.",
        "none_left": "im Nachziehstapel ist keine {card.name} mehr: jede liegt auf dem Tisch oder wurde seit dem letzten Mischen abgelegt ({size} Karten sind noch im Stapel).",
        "hit_in_deal": "beim Geben sagt niemand „noch eine“: {expected}.",
        "cannot_hit": "{player} kann jetzt nicht „noch eine“ sagen: {expected}.",
        "cannot_hit_out": "{player} kann jetzt nicht „noch eine“ sagen: {standing}; {expected}.",
        "cannot_stay": "{player} kann jetzt nicht „Stopp“ sagen: {expected}.",
        "cannot_stay_out": "{player} kann jetzt nicht „Stopp“ sagen: {standing}; {expected}.",
        "stay_without_card": "{player} hat keine Karte vor sich, kann also nicht „Stopp“ sagen und muss eine Karte nehmen.",
        "no_card_waits": "{what}, aber keine Karte wartet auf einen Empfänger: {expected}.",
        "not_holder": "{player} hat die wartende Karte nicht: {expected}.",
        "wrong_card": "auf einen Empfänger wartet {want.label}, nicht {card.label}: {expected}.",
        "target_not_allowed": "{card.label} kann nicht an {target} gehen. Erlaubt: {eligible}.",
        "shuffle_early": "gemischt wird erst, wenn der Nachziehstapel leer ist; es sind noch {size} Karten darin.",
        "score_before_position": "eine Wertung für Runde {round}, die vor der Stellung gespielt wurde, mit der das Protokoll beginnt (ihre Punkte stehen nicht im Protokoll).",
        "score_unfinished": "eine Wertung für Runde {round}, die noch nicht vorbei ist (bisher {finished} Runde(n) vorbei).",
        "scores_wrong": "die Wertung für Runde {round} stimmt nicht: {wrong:;}.",
        "missing": "{player} fehlt ({actual} Punkte)",
        "differs": "{player} hat {actual}, nicht {claimed}",
        "differs_because": "{player} hat {actual}, nicht {claimed} ({because})",
        "not_over": "das Spiel ist nach {finished} Runde(n) nicht vorbei: {why}.",
        "why_rounds": "es werden {rounds} Runden gespielt",
        "why_target": "niemand hat {target} Punkte erreicht (höchster Stand {lead})",
        "why_tie": "{leaders:and} liegen mit {lead} Punkten gleichauf an der Spitze, deshalb wird weitergespielt",
        "end_wrong": "die Angabe zum Spielende stimmt nicht: {problems:;}.",
        "wrong_winner": "{winner} gewinnt mit {total}, nicht {claimed} ({claimed_total})",
        "wrong_totals": "Gesamtstand: {wrong:;}",
        "position_late": "eine Stellung kommt direkt nach der game-Zeile: sie sagt, wo das Protokoll beginnt, also darf nichts davor stehen.",
        "position_row": "Reihe von {player}: {why}.",
        "position_out": "{player}: 'out' ist eines von {statuses}, nicht {out!r} (weglassen, solange der Spieler in der Runde ist).",
        "position_copies": "die Stellung zeigt {count} × {card.name}, im Spiel gibt es aber nur {held}.",
        "position_twice": "die Reihe von {player} zeigt {twice} doppelt, {player} hätte sich also verzockt (\"out\": \"busted\" angeben).",
        "position_flip7": "die Reihe von {player} zeigt sieben verschiedene Zahlen: dieser Flip 7 hätte die Runde beendet.",
        "position_over": "niemand ist mehr in der Runde, sie ist also vorbei: das Protokoll mit der nächsten Runde beginnen.",
        "position_turn": "{player} kann nicht am Zug sein: {player} ist raus ({out}).",
    },
}

#: The shared catalogue: the refusals' words and the game's (``word_…``: the glossary).
MESSAGES: dict[str, dict[str, str]] = {
    lang: {**_REFUSALS[lang], **{f"word_{key}": text for key, text in _WORDS[lang].items()}} for lang in LANGUAGES
}

#: The statistics' and figures' shared words in German (``adjudicator.store.stats``, ``adjudicator.plots``):
#: the tables' column names, the values of a column said in words (``column=value``; a round's outcome is
#: said in the game's words, ``glossary``), and the figures' labels.
STATISTIC_WORDS_DE: dict[str, str] = {
    "games": "Partien", "valid": "gültig", "invalid": "ungültig", "complete": "vollständig", "finished": "beendet",
    "rounds": "Runden", "events": "Ereignisse", "player": "Spieler", "players": "Spielerzahl", "wins": "Siege",
    "win_rate": "Siegquote", "avg_round_score": "Rundenpunkte im Mittel", "bust_rate": "verzockt (Anteil)",
    "flip7s": "Flip 7 (Anzahl)", "seat": "Platz", "fair_share": "fairer Anteil", "outcome": "Rundenende",
    "avg_score": "Punkte im Mittel", "min_score": "Punkte mindestens", "max_score": "Punkte höchstens",
    "distinct_numbers": "verschiedene Zahlen", "hits": "noch eine (Anzahl)", "busts": "verzockt (Anzahl)",
    "expected_bust_rate": "verzockt (erwarteter Anteil)", "player_rounds": "Spielerrunden",
    "per_player_round": "je Spielerrunde", "per_round": "je Runde", "share": "Anteil", "from_score": "Punkte ab",
    "to_score": "Punkte bis", "busted": "verzockt", "ruleset": "Regelwerk", "flip7_rate": "Flip-7-Quote",
    "negative_rounds": "Runden unter 0", "decisions": "Entscheidungen", "points_given_away": "verschenkte Punkte",
    "avg_loss": "Verlust im Mittel", "accuracy": "Genauigkeit", "inaccuracies": "Ungenauigkeiten",
    "mistakes": "Fehler", "blunders": "grobe Fehler", "turns": "Züge", "stayed_too_early": "zu früh Stopp",
    "points_staying": "Punkte durch Stopp", "hit_too_long": "zu lange noch eine", "points_hitting": "Punkte durch noch eine",
    "from_percent": "Prozent ab", "to_percent": "Prozent bis", "stays": "Stopp (Anzahl)",
    "avg_loss_staying": "Verlust je Stopp", "avg_loss_hitting": "Verlust je noch eine",
    "mistakes_or_blunders": "Fehler oder grobe Fehler", "card": "Karte", "given": "vergeben",
    "at_self": "an sich selbst", "self_rate": "an sich selbst (Anteil)", "at_leader": "an die Führung",
    "leader_rate": "an die Führung (Anteil)", "at_most_cards": "an die meisten Karten",
    "most_cards_rate": "an die meisten Karten (Anteil)",
    "avg_error_points": "Fehler im Mittel (Prozentpunkte)", "luck_points": "Glück (Prozentpunkte)",
    "luck_per_game": "Glück je Partie (Prozentpunkte)",
    # the figures' labels and notes
    "No data yet: no stored game counts for this figure.": "Noch keine Daten: keine gespeicherte Partie zählt für diese Abbildung.",
    "{busts} busts in {hits} hits": "{busts}-mal verzockt bei {hits}-mal noch eine",
    "observed bust rate": "beobachteter Anteil verzockt", "exact chance from the pile": "genaues Risiko aus dem Stapel",
    "share of hits that busted": "Anteil der Karten, die verzockten",
    "different numbers in the row before the hit": "verschiedene Zahlen in der Reihe vor der Karte",
    "(from {low} to {high}, {rounds} rounds)": "(von {low} bis {high}, {rounds} Runden)",
    "round score": "Rundenpunkte", "how the round ended for the player": "wie die Runde für den Spieler endete",
    "average": "Mittel", "lowest to highest": "niedrigste bis höchste",
    "({wins} wins in {games} games)": "({wins} Siege in {games} Partien)", "{n} players": "{n} Spieler",
    "win rate": "Siegquote", "seat (1: left of the first dealer), by table size": "Platz (1: links vom ersten Geber), nach Tischgröße",
    "fair share": "fairer Anteil", "({flip7s} Flip 7s in {rounds} rounds)": "({flip7s}-mal Flip 7 in {rounds} Runden)",
    "share of rounds ended by a Flip 7": "Anteil der Runden, die ein Flip 7 beendete", "players at the table": "Spieler am Tisch",
    "stay": "Stopp", "hit": "noch eine", "points given away per stay ({n} stays)": "verschenkte Punkte je Stopp ({n}-mal Stopp)",
    "points given away per hit ({n} hits)": "verschenkte Punkte je noch eine ({n}-mal noch eine)",
    "points given away per decision": "verschenkte Punkte je Entscheidung",
    "chance that the next card busts the row": "Risiko, dass die nächste Karte die Reihe verzockt",
    "a stay": "ein Stopp", "a hit": "ein noch eine",
}

__all__ = ["LANGUAGES", "MESSAGES", "STATISTIC_WORDS_DE", "fields", "glossary", "say", "template"]
