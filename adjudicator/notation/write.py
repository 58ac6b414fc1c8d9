"""Printing flip7-log/1 events as the table notation, and notation entries as JSON Lines (pure).

The printer writes one statement per line and keeps comments and blank lines where they were, so
notation → JSON Lines gives back the original log line for line. A hit and the card it brings share
a line (``Ana hit 11``), as do an action card and its target (``Cem freeze>Ben``) and the cards of
one player in a row (``Lea 5 +4 8``). Lines that are not events (bad JSON, unknown fields) are kept
as raw lines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

from adjudicator.errors import RuleViolation
from adjudicator.events import Event, parse_event
from adjudicator.notation.parse import Notation
from adjudicator.notation.words import (
    CARD_FIELDS,
    CARD_WORDS,
    DEALER_WORDS,
    MOVE_WORDS,
    OUT_WORDS,
    POSITION_WORDS,
    PRINT_WORDS,
    SETUP_WORDS,
    STATEMENT_WORDS,
    TO_WORDS,
    TOTALS_WORDS,
    field_word,
    load_registered,
    normalise,
    option_word,
)
from adjudicator.rules import RULESETS

_BARE = re.compile(r'[^\s;>"#,:=→{}\[\]]+')
_TARGET_FIELDS = ("type", "player", "card", "target")
#: The most cards one printed statement carries (a Flip Four's four).
_MAX_CARDS = 4


def _reserved(word: str) -> bool:
    low = normalise(word)
    return (
        low in STATEMENT_WORDS or low in MOVE_WORDS or low in SETUP_WORDS or low in TO_WORDS or low in TOTALS_WORDS
        or low in DEALER_WORDS or low in POSITION_WORDS or low in OUT_WORDS
        or any(low in table for name, table in CARD_WORDS.items() if name in RULESETS) or low.lstrip("+-").isdigit()
        or low.startswith("->")
    )


def quote(name: str) -> str:
    """A name as the notation writes it: bare when it cannot be read as anything else, else quoted."""
    if _BARE.fullmatch(name) and not _reserved(name):
        return name
    return json.dumps(name, ensure_ascii=False)


def _pairs(scores: dict[str, int]) -> str:
    return " ".join(f"{quote(k)} {v}" for k, v in scores.items())


def _event_text(event: Event, w: dict[str, str]) -> str:
    """One event on its own as a statement."""
    kind = event.type
    if kind == "game":
        g: Any = event
        parts = [f"{w['game']} {quote(g.id)}"] if g.id != "" else []
        parts.append(" ".join([w["players"], *(quote(p) for p in g.players)]))
        parts.append(f"{w['dealer']} {quote(g.dealer)}")
        options = g.options()
        own = {name: info.get_default(call_default_factory=True) for name, info in options.items()}
        yes_no = [name for name, info in options.items() if info.annotation is bool]
        values = {"target": g.target, "rounds": g.rounds, "decks": g.decks, **g.option_values(), "ruleset": g.ruleset}
        for key, default in {"target": 200, "rounds": None, "decks": 1, **own, "ruleset": "flip7"}.items():
            if key not in yes_no and values[key] != default:
                parts.append(f"{w.get(key) or option_word(key, w[_LANG])} {values[key]}")
        for key in yes_no:  # a yes-or-no option: its word alone means yes
            if values[key] != own[key]:
                parts.append(option_word(key, w[_LANG]) + ("" if values[key] else f" {_NO.get(w[_LANG], 'no')}"))
        for key, value in g.foreign.items():  # another ruleset's option, kept for the rules to refuse
            parts.append(option_word(key, w[_LANG]) if value is True else f"{option_word(key, w[_LANG])} {value}")
        return "; ".join(parts)
    if kind == "round":
        r: Any = event
        return f"{w['round']} {r.round}" + (f" {w['dealer']} {quote(r.dealer)}" if r.dealer is not None else "")
    if kind == "shuffle":
        return w["shuffle"]
    if kind == "score":
        s: Any = event
        return f"{w['score']} {s.round}" + (f" {_pairs(s.scores)}" if s.scores else "")
    if kind == "end":
        e: Any = event
        text = f"{w['end']} {quote(e.winner)}"
        if e.totals is not None:
            text += f" {w['totals']}" + (f" {_pairs(e.totals)}" if e.totals else "")
        return text
    if kind == "position":
        pos: Any = event
        parts = [f"{w['position']} {w['round']} {pos.round}", f"{w['dealer']} {quote(pos.dealer)}"]
        for name, player in pos.players.items():
            parts.append(" ".join([quote(name), *player.row, *([w[player.out]] if player.out in w else [json.dumps(player.out)] if player.out else [])]))
        if pos.turn is not None:
            parts.append(f"{w['turn']} {quote(pos.turn)}")
        if pos.totals:
            parts.append(f"{w['totals']} {_pairs(pos.totals)}")
        if pos.discards:
            parts.append(" ".join([w["discards"], *pos.discards]))
        return "; ".join(parts)
    p: Any = event
    if kind in ("hit", "stay"):
        return f"{quote(p.player)} {w[kind]}"
    if kind == "card":
        return f"{quote(p.player)} {p.card}"
    return f"{quote(p.player)} {w['give']} {p.card}>{quote(p.target)}{_extra(p, w)}"


def statement(event: Event, lang: str = "en", ruleset: str = "flip7") -> str:
    """One event as a notation statement in ``lang``'s words (``Ana hit``, ``Cem gives freeze>Ben``);
    ``ruleset`` names the game's ruleset (for the words of its own ``target`` fields)."""
    load_registered()  # a name that is a card word of a registered ruleset is quoted
    return _event_text(event, {**PRINT_WORDS[lang], _RULESET: ruleset, _LANG: lang})


#: Keys of the printer's word table that say which ruleset and language it prints (not words).
_RULESET, _LANG = "\0ruleset", "\0lang"
#: "No" as the printer writes it after a yes-or-no option, per language.
_NO = {"en": "no", "de": "nein"}


def _extra(target: Any, w: dict[str, str]) -> str:
    """Ruleset fields of a target event (``target_card=7``, German ``karte=7``), in the event's order.

    Card values are written bare (they are card words); names are quoted when they need it.
    """
    ruleset, lang = w.get(_RULESET, "flip7"), w.get(_LANG, "en")
    cards = CARD_FIELDS.get(ruleset, set())
    out = []
    for key, value in target.__dict__.items():
        if key in _TARGET_FIELDS or value is None:
            continue
        text = str(value)
        shown = text if key in cards and _BARE.fullmatch(text) and "=" not in text else quote(text)
        out.append(f" {field_word(ruleset, key, lang)}={shown}")
    return "".join(out)


def _group(events: list[tuple[int, Event]]) -> tuple[list[Event], int]:
    """The events from the start of ``events`` that one statement carries, and how many."""
    first = events[0][1]
    if first.type not in ("hit", "card"):
        return [first], 1
    player = first.player
    taken: list[Event] = [first]
    cards = 1 if first.type == "card" else 0
    for _, event in events[1:]:
        last = taken[-1]
        if event.type == "card" and event.player == player and cards < _MAX_CARDS and last.type in ("hit", "card"):
            taken.append(event)
            cards += 1
            continue
        if event.type == "target" and last.type == "card" and event.player == player and event.card == last.card:
            taken.append(event)
        break
    return taken, len(taken)


def _statement(events: list[Event], w: dict[str, str]) -> str:
    if len(events) == 1:
        return _event_text(events[0], w)
    first: Any = events[0]
    parts = [quote(first.player)]
    for event in events:
        e: Any = event
        if event.type == "hit":
            parts.append(w["hit"])
        elif event.type == "card":
            parts.append(e.card)
        else:
            parts[-1] += f">{quote(e.target)}{_extra(e, w)}"
    return " ".join(parts)


def jsonl_to_notation(lines: Iterable[str], lang: str = "en") -> str:
    """Print a JSON Lines log as notation (``lang``: the words, ``en`` or ``de``).

    Comments and blank lines are kept; a line that is not an event is kept as a raw line.
    """
    load_registered()  # a name that is a card word of a registered ruleset is quoted
    w: dict[str, str] = {**PRINT_WORDS[lang], _LANG: lang}
    out: list[str] = []
    run: list[tuple[int, Event]] = []
    read: Callable[[str], Event] = parse_event

    def flush() -> None:
        while run:
            events, used = _group(run)
            out.append(_statement(events, w))
            del run[:used]

    for text in lines:
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            flush()
            out.append(text)
            continue
        try:
            event = read(text)
        except RuleViolation:
            flush()
            out.append(text if stripped[0] in "{[" else f"json {text}")
            continue
        if event.type == "game":  # the lines after it are read with the game's ruleset, as the replay reads them
            rules = RULESETS.get(event.ruleset)
            read = rules.parse if rules is not None else parse_event
            w[_RULESET] = event.ruleset
        run.append((len(out), event))
    flush()
    return "".join(f"{line}\n" for line in out)


def event_json(event: Event) -> str:
    """One event as a compact JSON line (fields left at their defaults are left out)."""
    return json.dumps({"type": event.type, **event.model_dump(exclude_defaults=True)}, ensure_ascii=False, separators=(",", ":"))


#: Handed to the log for a statement the notation could not read (the replay makes it a bad_event).
UNREADABLE_LINE = '{"type":"unreadable notation"}'


def notation_to_jsonl(notation: Notation) -> list[str]:
    """The JSON Lines of a parsed notation file, one event per line, comments and blanks kept.

    A statement that could not be read becomes ``UNREADABLE_LINE`` (callers that convert refuse
    a file with errors; the replay reports it as a bad_event at the statement's line).
    """
    lines: list[str] = []
    for entry in notation.entries:
        if entry.kind == "event":
            assert entry.event is not None
            lines.append(event_json(entry.event))
        elif entry.kind == "error":
            lines.append(UNREADABLE_LINE)
        else:
            lines.append(entry.text)
    return lines
