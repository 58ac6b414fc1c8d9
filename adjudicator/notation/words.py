"""The words of the table notation: moves, setup keys and cards, in English and German.

Every table maps a normalised word (lower case, inner hyphens and spaces turned into ``_``) to what
it means. Card words live per ruleset, taken from its kit: every card of a ruleset is a word for
itself (numbers included), and its kit's ``words`` facet adds other words (``CARD_WORDS["flip7"]``
holds the base game's); ``register_card_words`` adds more. So a ruleset whose cards are named
as the notation writes them needs no words at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import get_args

from adjudicator.rulesets import KITS, RULESETS, Kit, find_kit
from adjudicator.rulesets.kit import CardWords
from adjudicator.state import Ruleset

#: The word that starts a statement, by what the statement is.
STATEMENT_WORDS: dict[str, str] = {
    "game": "game", "spiel": "game", "partie": "game",
    "players": "players", "spieler": "players", "seats": "players",
    "round": "round", "runde": "round", "r": "round",
    "shuffle": "shuffle", "mischen": "shuffle", "misch": "shuffle", "gemischt": "shuffle",
    "score": "score", "scores": "score", "wertung": "score", "punkte": "score",
    "end": "end", "ende": "end", "sieger": "end", "winner": "end",
    "json": "json",
    "position": "position", "stellung": "position", "ausgangsstellung": "position", "pos": "position",
}

#: Keys of a ``position`` statement's clauses (``position round 3; dealer Mia; Lea 3 8; turn Tom``).
POSITION_WORDS: dict[str, str] = {
    "round": "round", "runde": "round",
    "dealer": "dealer", "geber": "dealer",
    "turn": "turn", "zug": "turn", "am_zug": "turn", "move": "turn",
    "totals": "totals", "total": "totals", "stand": "totals", "gesamt": "totals",
    "discards": "discards", "discard": "discards", "ablage": "discards", "abgelegt": "discards", "ablagestapel": "discards",
}

#: How a player in a ``position`` is out of the round.
OUT_WORDS: dict[str, str] = {
    "stayed": "stayed", "stay": "stayed", "stopp": "stayed", "gestoppt": "stayed",
    "frozen": "frozen", "eingefroren": "frozen",
    "busted": "busted", "bust": "busted", "verzockt": "busted",
}

#: Words for the moves inside a player's statement.
MOVE_WORDS: dict[str, str] = {
    "hit": "hit", "h": "hit", "noch_eine": "hit", "noch": "hit", "nocheine": "hit", "karte": "hit",
    "stay": "stay", "s": "stay", "stand": "stay", "stays": "stay", "stopp": "stay", "stop": "stay",
    "gives": "give", "give": "give", "gibt": "give", "gib": "give",
}

#: Words that separate a card from its recipient in ``gives CARD to NAME``.
TO_WORDS = frozenset({"to", "an", "zu", "für", "fuer"})

#: Keys of the setup line (after ``game ID;``), and their German names.
SETUP_WORDS: dict[str, str] = {
    "players": "players", "spieler": "players", "seats": "players",
    "dealer": "dealer", "geber": "dealer", "deals": "dealer", "gibt": "dealer",
    "target": "target", "ziel": "target", "bis": "target",
    "rounds": "rounds", "runden": "rounds",
    "decks": "decks", "deck": "decks", "stapel": "decks",
    "ruleset": "ruleset", "regeln": "ruleset", "rules": "ruleset",
    "game": "game", "spiel": "game", "partie": "game", "id": "game",
}

#: Values of the setup line's options that have words (other values are given as written): a
#: ruleset's own options, from its options model and its kit's words (``load_kit_words``). The
#: ``ruleset`` option's words are the registered rulesets' (``ruleset_words``).
OPTION_VALUES: dict[str, dict[str, str]] = {}

#: Word → ruleset name: each loaded kit's name and its ``words`` facet's other ``names`` for it.
RULESET_WORDS: dict[str, str] = {}

#: The words of a yes-or-no option's value (``brutal ja``; the option's word alone means yes).
YES_NO_WORDS: dict[str, str] = {
    "yes": "true", "ja": "true", "true": "true", "on": "true", "no": "false", "nein": "false", "false": "false", "off": "false",
}

#: The ruleset's own options that are yes or no (by option name), from the options models.
YES_NO_OPTIONS: set[str] = set()
#: How the printer writes a ruleset's own option, per language (option → word; else its name).
OPTION_PRINT: dict[str, dict[str, str]] = {}

#: The key after ``end WINNER`` that starts the claimed totals.
TOTALS_WORDS = frozenset({"totals", "total", "stand", "gesamt", "endstand"})
#: The key in ``round N dealer NAME``.
DEALER_WORDS = frozenset({"dealer", "geber"})


#: Card words per ruleset (word → card name of the log), filled from each kit's ``words`` facet.
CARD_WORDS: dict[str, dict[str, str]] = {}

#: Words of a ruleset's own ``target`` fields (word → field name of the log), per ruleset.
FIELD_WORDS: dict[str, dict[str, str]] = {}
#: How the printer writes those fields, per ruleset and language (field name → word); a field
#: without a word here is written under its own name.
FIELD_PRINT: dict[str, dict[str, dict[str, str]]] = {}
#: The fields whose values are cards (read with the card words, like a card).
CARD_FIELDS: dict[str, set[str]] = {}

#: Phrases of two or three words read as one word (``Flip Three``, ``Second Chance``, ``noch eine`` …).
PHRASES: set[tuple[str, ...]] = {("noch", "eine"), ("am", "zug")}


def register_card_words(
    ruleset: str,
    words: Mapping[str, Iterable[str]],
    *,
    phrases: Iterable[tuple[str, ...]] = (),
    fields: Mapping[str, Iterable[str]] | None = None,
    card_fields: Iterable[str] = (),
    printed_fields: Mapping[str, Mapping[str, str]] | None = None,
) -> None:
    """Let the notation read a ruleset's cards: ``words`` maps each card name to its other words.

    The card name itself is always a word for it. Names of two or three words ("Flip Four", "Just
    One More") go in ``phrases``. ``fields`` does the same for the ruleset's own ``target`` fields
    (``target_card=7``, ``karte=7``); ``card_fields`` names those whose values are cards, and
    ``printed_fields`` gives, per language, the word the printer writes for a field. The kits'
    words are added from their ``words`` facet (``load_kit_words``); this adds more.
    """
    table = CARD_WORDS.setdefault(ruleset, {})
    for card, aliases in words.items():
        table[normalise(card)] = card
        for alias in aliases:
            table[normalise(alias)] = card
    PHRASES.update(tuple(w.lower() for w in phrase) for phrase in phrases)
    keys = FIELD_WORDS.setdefault(ruleset, {})
    for name, aliases in (fields or {}).items():
        keys[normalise(name)] = name
        for alias in aliases:
            keys[normalise(alias)] = name
    CARD_FIELDS.setdefault(ruleset, set()).update(card_fields)
    for lang, printed in (printed_fields or {}).items():
        FIELD_PRINT.setdefault(ruleset, {}).setdefault(lang, {}).update(printed)


def load_kit_words(kit: Kit) -> None:
    """Add the words of ``kit``: its card names (each card is a word for itself), its name, its
    options model's options and values, and its ``words`` facet (a kit without one has those
    alone). Once per kit: a kit registered under a name loaded before replaces that name's words."""
    if _LOADED.get(kit.name) is kit.rules:
        return
    _LOADED[kit.name] = kit.rules
    for table in (CARD_WORDS, FIELD_WORDS, FIELD_PRINT, CARD_FIELDS):
        table.pop(kit.name, None)
    for word in [word for word, name in RULESET_WORDS.items() if name == kit.name]:
        del RULESET_WORDS[word]
    rules = kit.rules
    CARD_WORDS[kit.name] = {normalise(card): card for card in rules.cards | rules.numbers | (rules.target_cards or frozenset())}
    words = kit.words
    RULESET_WORDS[normalise(kit.name)] = kit.name
    for alias in words.names if words is not None else ():
        RULESET_WORDS[normalise(alias)] = kit.name
    _load_options(kit, words)
    if words is None:
        return
    CARD_WORDS[kit.name].update(words.table)
    register_card_words(
        kit.name, words.words, phrases=words.phrases, fields=words.fields,
        card_fields=words.card_fields, printed_fields=words.printed_fields,
    )


def _load_options(kit: Kit, words: CardWords | None) -> None:
    """The setup line's words for ``kit``'s own options: from its options model, and its words."""
    for option, info in kit.rules.game_event.options().items():
        SETUP_WORDS.setdefault(normalise(option), option)
        for alias in (words.options.get(option, ()) if words is not None else ()):
            SETUP_WORDS.setdefault(normalise(alias), option)
        values = OPTION_VALUES.setdefault(option, {})
        if info.annotation is bool:
            YES_NO_OPTIONS.add(option)
            values.update(YES_NO_WORDS)
        else:
            values.update({str(v): str(v) for v in get_args(info.annotation)})
        if words is not None:
            values.update(words.option_values.get(option, {}))
    for lang, printed in (words.printed_options if words is not None else {}).items():
        OPTION_PRINT.setdefault(lang, {}).update(printed)


def load_registered() -> None:
    """Add the words of every registered kit not yet loaded (before a setup line is read)."""
    for name, rules in RULESETS.items():
        if _LOADED.get(name) is not rules:
            load_kit_words(find_kit(name))


def ruleset_words() -> dict[str, str]:
    """The words of the setup line's ``ruleset`` option: word → name of a registered ruleset."""
    load_registered()
    return {word: name for word, name in RULESET_WORDS.items() if name in RULESETS}


def option_word(option: str, lang: str) -> str:
    """The word the printer writes for a ruleset's own ``option`` in ``lang`` (else its name)."""
    return OPTION_PRINT.get(lang, {}).get(option, option)


def card_words(ruleset: str) -> dict[str, str]:
    """The card words of ``ruleset``: its cards' names and its kit's words for them (the base
    game's for a name no ruleset is registered under, whose game the replay refuses anyway)."""
    rules = RULESETS.get(ruleset)
    if rules is None:
        return CARD_WORDS["flip7"]
    if _LOADED.get(ruleset) is not rules:
        load_kit_words(find_kit(ruleset))
    return CARD_WORDS[ruleset]


def field_words(ruleset: str) -> dict[str, str]:
    """The words of ``ruleset``'s own ``target`` fields (empty for a ruleset that has none)."""
    return FIELD_WORDS.get(ruleset, {})


def field_word(ruleset: str, field: str, lang: str) -> str:
    """The word the printer writes for ``field`` of ``ruleset`` in ``lang`` (else the field's name)."""
    return FIELD_PRINT.get(ruleset, {}).get(lang, {}).get(field, field)


def normalise(word: str) -> str:
    """A word as the tables hold it: lower case, inner hyphens and spaces as ``_``, ``×`` as ``x``."""
    low = word.lower().replace("×", "x") if word.startswith("×") and len(word) > 1 else word.lower()
    if len(low) > 1 and low[0] not in "+-/":
        low = low.replace("-", "_").replace(" ", "_")
    return low


#: The words the printer writes, per language.
PRINT_WORDS: dict[str, dict[str, str]] = {
    "en": {"game": "game", "players": "players", "dealer": "dealer", "round": "round", "shuffle": "shuffle",
           "score": "score", "end": "end", "totals": "totals", "hit": "hit", "stay": "stay", "give": "gives",
           "target": "target", "rounds": "rounds", "decks": "decks",
           "ruleset": "ruleset", "position": "position", "turn": "turn", "discards": "discards",
           "stayed": "stayed", "frozen": "frozen", "busted": "busted"},
    "de": {"game": "spiel", "players": "spieler", "dealer": "geber", "round": "runde", "shuffle": "mischen",
           "score": "wertung", "end": "ende", "totals": "stand", "hit": "noch eine", "stay": "stopp", "give": "gibt",
           "target": "ziel", "rounds": "runden", "decks": "decks",
           "ruleset": "regeln", "position": "stellung", "turn": "zug", "discards": "ablage",
           "stayed": "stopp", "frozen": "eingefroren", "busted": "verzockt"},
}


#: The rules whose kit's words are loaded, by ruleset name.
_LOADED: dict[str, Ruleset] = {}
for _kit in KITS:
    load_kit_words(_kit)
