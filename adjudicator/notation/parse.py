"""Reading the table notation into flip7-log/1 events (pure: text in, entries out).

A notation file is read line by line. Each line is a comment (``#``), blank, a raw JSON line (one
that starts with ``{`` or ``[``, or follows the word ``json``) or statements separated by ``;``:
the setup (``game ID; players Ana Ben Cem; dealer Ana``), ``round N``, ``shuffle``, ``score N Ana 22
…``, ``end Ana``, or a player's moves (``Ana hit 11``, ``Cem freeze>Ben``, ``Lea 5 +4 8``,
``Eli gives freeze>Fay``). A statement that cannot be read gives a ``NotationError`` with its line,
column and the nearest word; reading goes on with the next statement.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from adjudicator.errors import RuleViolation
from adjudicator.events import MAX_DIGITS, Event, validate_event
from adjudicator.nearest import nearest
from adjudicator.notation.words import (
    CARD_FIELDS,
    DEALER_WORDS,
    MOVE_WORDS,
    OPTION_VALUES,
    OUT_WORDS,
    PHRASES,
    POSITION_WORDS,
    SETUP_WORDS,
    STATEMENT_WORDS,
    TO_WORDS,
    TOTALS_WORDS,
    YES_NO_OPTIONS,
    card_words,
    field_words,
    load_registered,
    normalise,
    ruleset_words,
)
from adjudicator.rules import RULESETS
from adjudicator.source import MAX_LINE_BYTES

#: Lines a notation file may hold (docs/decisions.md): a real game is under 2,000; past this the
#: file is cut with an error at the first line too many, so reading it costs a bounded time.
MAX_LINES = 20_000
#: Words (tokens) a notation file may hold: the biggest sample game has under 3,000. Lines alone do not bound
#: the work (20,000 lines of 500 bytes fit a body), words do: past this, an error and reading stops.
MAX_WORDS = 20_000



@dataclass(frozen=True, slots=True)
class NotationError:
    """A statement the notation cannot read: where (1-based line and column), why, and what was meant."""

    line: int
    column: int
    message: str
    suggestion: str | None = None

    def __str__(self) -> str:
        hint = f" (did you mean {self.suggestion!r}?)" if self.suggestion else ""
        return f"line {self.line}, column {self.column}: {self.message}{hint}"


@dataclass(frozen=True, slots=True)
class Entry:
    """One item of a notation file, in file order.

    ``kind``: ``event`` (``event`` is set), ``raw`` (``text`` is a JSON line handed to the log as it
    is), ``comment`` / ``blank`` (``text`` verbatim), ``error`` (``error`` is set).
    """

    line: int
    column: int
    kind: Literal["event", "raw", "comment", "blank", "error"]
    text: str = ""
    event: Event | None = None
    error: NotationError | None = None


@dataclass(slots=True)
class Notation:
    """A parsed notation file: its entries in order (events, raw lines, comments, errors)."""

    entries: list[Entry] = field(default_factory=list)

    @property
    def errors(self) -> list[NotationError]:
        """Every statement that could not be read, in file order."""
        return [e.error for e in self.entries if e.error is not None]


#: ``normalise`` remembered for the words last seen (a game repeats its names, moves and cards).
_word = functools.lru_cache(maxsize=4096)(normalise)


class _Token:
    """A word, a quoted name, ``;`` or ``>`` of a line, with its 1-based column; ``word`` is its
    text as the tables hold it (``normalise``), computed once."""

    __slots__ = ("text", "column", "quoted", "word")

    def __init__(self, text: str, column: int, quoted: bool = False) -> None:
        self.text = text
        self.column = column
        self.quoted = quoted
        self.word = _word(text)


class _Stop(Exception):
    def __init__(self, error: NotationError) -> None:
        self.error = error


#: One token of a line, read by one regular expression (the reader's cost per byte is the JSON
#: reader's): a run of separators, ``#`` (a comment to the end), ``"`` (a quoted name, read by
#: JSON's string scanner), ``;``, ``>``, ``→``, ``->``, or a word (up to a separator, ``;``, ``>``,
#: ``#``, ``"`` or ``->``).
_TOKEN = re.compile(r'(?P<space>[\s,:]+)|(?P<hash>#)|(?P<quote>")|(?P<special>[;>→]|->)|(?P<word>(?:[^\s,:;>→#"-]|-(?!>))+)')
_scanstring = json.decoder.scanstring  # type: ignore[attr-defined]
#: The tokens of a line without quotes (the usual case), found in one pass: ``;``, ``>``, a word.
_ARROWS = frozenset({">", "→", "->"})
_PLAIN = re.compile(r'[;>→]|->|(?:[^\s,:;>→#"-]|-(?!>))+')


def _tokens(line: str, line_no: int) -> list[_Token]:
    """Split a line into words, quoted names, ``;`` and ``>``; stop at a ``#`` comment."""
    if '"' not in line:
        end = line.find("#")
        return [
            _Token(">" if text in _ARROWS else text, m.start() + 1)
            for m in _PLAIN.finditer(line, 0, len(line) if end < 0 else end)
            for text in (m.group(),)
        ]
    out: list[_Token] = []
    i, n = 0, len(line)
    match = _TOKEN.match
    while i < n:
        m = match(line, i)
        assert m is not None  # every character starts one of the alternatives
        kind = m.lastgroup
        if kind == "space":
            i = m.end()
        elif kind == "word":
            out.append(_Token(m.group(), i + 1))
            i = m.end()
        elif kind == "special":
            out.append(_Token(">" if m.group() != ";" else ";", i + 1))
            i = m.end()
        elif kind == "hash":
            break
        else:
            try:
                text, end = _scanstring(line, i + 1)
            except ValueError:
                raise _Stop(NotationError(line_no, i + 1, "a quoted name is not closed (or holds a bad \\ escape)")) from None
            if not _is_text(text):
                raise _Stop(NotationError(line_no, i + 1, "a quoted name holds a \\u escape of half a surrogate pair (\\ud800–\\udfff alone), which is not text"))
            out.append(_Token(text, i + 1, quoted=True))
            i = end
    return out


def _is_text(text: str) -> bool:
    """False if ``text`` holds a lone surrogate: it could not be written as UTF-8 anywhere."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _nearest(word: str, choices: Iterable[str]) -> str | None:
    """The did-you-mean of a notation error, its work bounded as the rules' is (``adjudicator.nearest``)."""
    return nearest(word, choices)


class _Reader:
    """Reads statements; remembers the ruleset and the last round for the statements after them."""

    def __init__(self) -> None:
        self.ruleset = "flip7"
        self.last_round = 0
        self.entries: list[Entry] = []

    # -- helpers ---------------------------------------------------------------------------
    def fail(self, line: int, tok: _Token | None, message: str, choices: Iterable[str] = (), col: int = 1) -> _Stop:
        suggestion = _nearest(tok.word, choices) if tok is not None and not tok.quoted else None
        return _Stop(NotationError(line, tok.column if tok else col, message, suggestion))

    def emit(self, line: int, column: int, obj: dict[str, Any]) -> None:
        rules = RULESETS.get(self.ruleset) if obj["type"] != "game" else None
        try:
            event = validate_event(obj) if rules is None else validate_event(obj, rules.parse_context, rules.event_adapter)
        except RuleViolation:
            # Readable, but not an event the log format accepts: the replay judges it (bad_event).
            self.entries.append(Entry(line, column, "raw", json.dumps(obj, ensure_ascii=False)))
            return
        self.entries.append(Entry(line, column, "event", event=event))

    def name(self, line: int, toks: list[_Token], i: int, what: str, end_col: int) -> str:
        if i >= len(toks) or toks[i].text in (";", ">") and not toks[i].quoted:
            raise _Stop(NotationError(line, toks[i].column if i < len(toks) else end_col, f"{what} needs a player's name here"))
        return toks[i].text

    def integer(self, line: int, toks: list[_Token], i: int, what: str, end_col: int) -> int:
        if i >= len(toks):
            raise _Stop(NotationError(line, end_col, f"{what} needs a whole number here"))
        tok = toks[i]
        if tok.quoted or not _looks_int(tok.text):
            raise _Stop(NotationError(line, tok.column, f"{what} needs a whole number, not {_shown(tok.text)}"))
        digits = len(tok.text) - tok.text.startswith("-")
        if digits > MAX_DIGITS:  # the JSON reader's bound (docs/decisions.md), checked before int()
            raise _Stop(NotationError(line, tok.column, f"{what} is a number of {digits:,} digits; numbers have at most {MAX_DIGITS} digits"))
        return int(tok.text)

    # -- statements ------------------------------------------------------------------------
    def statement(self, line: int, toks: list[_Token], end_col: int) -> None:
        head = toks[0]
        kind = None if head.quoted else STATEMENT_WORDS.get(head.word)
        if kind in ("game", "players"):
            self.setup(line, toks, end_col)
        elif kind == "round":
            self.round(line, toks, end_col)
        elif kind == "shuffle":
            if len(toks) > 1:
                raise self.fail(line, toks[1], "shuffle takes nothing after it")
            self.emit(line, head.column, {"type": "shuffle"})
        elif kind == "score":
            self.score(line, toks, end_col)
        elif kind == "end":
            self.end(line, toks, end_col)
        elif kind == "position":
            self.position(line, toks, end_col)
        else:
            self.moves(line, toks, end_col)

    def setup(self, line: int, toks: list[_Token], end_col: int) -> None:
        obj: dict[str, Any] = {"type": "game", "id": ""}
        load_registered()  # every registered ruleset's options are words of the setup line
        key: str | None = None
        values: list[_Token] = []
        clauses: list[tuple[str, _Token, list[_Token]]] = []
        key_tok = toks[0]
        for tok in toks:
            setup_key = None if tok.quoted else SETUP_WORDS.get(tok.word)
            if tok.text == ";" and not tok.quoted:
                continue
            if setup_key is not None and not (key in ("game", "dealer") and not values):
                if key is not None:
                    clauses.append((key, key_tok, values))
                key, key_tok, values = setup_key, tok, []
            elif key is None:
                raise self.fail(line, tok, "the setup line is made of keys: game, players, dealer, target, …", SETUP_WORDS)
            else:
                values.append(tok)
        if key is not None:
            clauses.append((key, key_tok, values))
        for key, key_tok, values in clauses:
            self.setup_clause(line, obj, key, key_tok, values, end_col)
        self.ruleset = obj.get("ruleset", "flip7")
        self.emit(line, toks[0].column, obj)

    def setup_clause(self, line: int, obj: dict[str, Any], key: str, key_tok: _Token, values: list[_Token], end_col: int) -> None:
        if key == "players":
            obj["players"] = [v.text for v in values]
            return
        if key in YES_NO_OPTIONS and not values:
            obj[key] = True  # a yes-or-no option's word alone: ``brutal``
            return
        if len(values) == 2 and not any(v.quoted for v in values) and (values[0].word, values[1].word) in PHRASES:
            values = [_Token(f"{values[0].text}_{values[1].text}", values[0].column)]  # ``Regeln voll fies``
        if len(values) != 1:
            where = values[1] if len(values) > 1 else None
            raise self.fail(line, where, f"{key_tok.text!r} takes one value", col=key_tok.column + len(key_tok.text) + 1)
        value = values[0]
        if key in ("game", "dealer"):
            obj["id" if key == "game" else "dealer"] = value.text
        elif key in ("target", "rounds", "decks"):
            obj[key] = self.integer(line, values, 0, f"{key!r}", end_col)
        else:
            table = ruleset_words() if key == "ruleset" else OPTION_VALUES[key]
            meant = table.get(value.word)
            if meant is None:
                raise self.fail(line, value, f"{value.text!r} is not a value of {key!r} ({', '.join(sorted(set(table.values())))})", table)
            obj[key] = meant == "true" if key in YES_NO_OPTIONS else meant

    def round(self, line: int, toks: list[_Token], end_col: int) -> None:
        obj: dict[str, Any] = {"type": "round"}
        i = 1
        if i < len(toks) and not toks[i].quoted and _looks_int(toks[i].text):
            obj["round"] = self.integer(line, toks, i, "round", end_col)
            i += 1
        else:
            obj["round"] = self.last_round + 1
        if i < len(toks):
            if toks[i].quoted or toks[i].word not in DEALER_WORDS:
                raise self.fail(line, toks[i], "after the round number only 'dealer NAME' may follow", DEALER_WORDS)
            obj["dealer"] = self.name(line, toks, i + 1, "dealer", end_col)
            if i + 2 < len(toks):
                raise self.fail(line, toks[i + 2], "the round statement ends after the dealer's name")
        self.last_round = obj["round"]
        self.emit(line, toks[0].column, obj)

    def pairs(self, line: int, toks: list[_Token], i: int, what: str, end_col: int) -> dict[str, int]:
        out: dict[str, int] = {}
        while i < len(toks):
            name = self.name(line, toks, i, what, end_col)
            if name in out:
                raise self.fail(line, toks[i], f"{name} is named twice in {what}")
            out[name] = self.integer(line, toks, i + 1, f"{what} for {name}", end_col)
            i += 2
        return out

    def score(self, line: int, toks: list[_Token], end_col: int) -> None:
        i = 1
        if i < len(toks) and not toks[i].quoted and _looks_int(toks[i].text):
            round_no = self.integer(line, toks, i, "the score's round", end_col)
            i += 1
        elif self.last_round:
            round_no = self.last_round
        else:
            raise _Stop(NotationError(line, toks[0].column, "a score before any round needs the round number: score 1 Ana 22 …"))
        self.emit(line, toks[0].column, {"type": "score", "round": round_no, "scores": self.pairs(line, toks, i, "the score claim", end_col)})

    def end(self, line: int, toks: list[_Token], end_col: int) -> None:
        obj: dict[str, Any] = {"type": "end", "winner": self.name(line, toks, 1, "end", end_col)}
        if len(toks) > 2:
            if toks[2].quoted or toks[2].word not in TOTALS_WORDS:
                raise self.fail(line, toks[2], "after the winner only 'totals NAME N …' may follow", TOTALS_WORDS)
            obj["totals"] = self.pairs(line, toks, 3, "the totals", end_col)
        self.emit(line, toks[0].column, obj)

    def cards(self, line: int, toks: list[_Token], what: str) -> list[str]:
        """The cards named by ``toks`` (phrases joined), or a ``_Stop`` at the first that is none."""
        out: list[str] = []
        i = 0
        while i < len(toks):
            card, used = self.card(toks[i], toks, i)
            if card is None:
                raise self.fail(line, toks[i], f"{toks[i].text!r} is not a card ({what})", card_words(self.ruleset))
            out.append(card)
            i += used
        return out

    def position(self, line: int, toks: list[_Token], end_col: int) -> None:
        """``position round 3; dealer Mia; Tom 4; Lea 3 8 sc; Mia 9 stayed; turn Tom; totals …; discards …``."""
        obj: dict[str, Any] = {"type": "position", "players": {}}
        clauses: list[list[_Token]] = [[]]
        for tok in toks[1:]:
            if tok.text == ";" and not tok.quoted:
                clauses.append([])
            else:
                clauses[-1].append(tok)
        first = clauses[0]
        if first and not first[0].quoted and _looks_int(first[0].text):  # position 3; …
            first.insert(0, _Token("round", first[0].column))
        for clause in clauses:
            if not clause:
                continue
            head = clause[0]
            key = None if head.quoted else POSITION_WORDS.get(head.word)
            rest = clause[1:]
            if key is None and not head.quoted and len(clause) > 1 and (head.word, clause[1].word) in PHRASES:
                key = POSITION_WORDS.get(f"{head.word}_{clause[1].word}")
                rest = clause[2:]
            if key == "round":
                obj["round"] = self.integer(line, rest, 0, "the position's round", end_col)
            elif key in ("dealer", "turn"):
                obj[key] = self.name(line, rest, 0, f"{head.text!r}", end_col)
            elif key == "totals":
                obj["totals"] = self.pairs(line, rest, 0, "the totals", end_col)
            elif key == "discards":
                obj["discards"] = self.cards(line, rest, "the discards")
            else:
                out = None
                if rest and not rest[-1].quoted and rest[-1].word in OUT_WORDS:
                    out = OUT_WORDS[rest[-1].word]
                    rest = rest[:-1]
                if head.text in obj["players"]:
                    raise self.fail(line, head, f"{head.text} is described twice in the position")
                player: dict[str, Any] = {"row": self.cards(line, rest, f"{head.text}'s row")}
                if out is not None:
                    player["out"] = out
                obj["players"][head.text] = player
        if "round" in obj:
            self.last_round = obj["round"]
        self.emit(line, toks[0].column, obj)

    def card(self, tok: _Token, toks: list[_Token], i: int) -> tuple[str | None, int]:
        """The card named at ``toks[i]`` (two words for a phrase) and how many tokens it took."""
        if tok.quoted:
            return None, 1
        words = card_words(self.ruleset)
        if tok.word not in _phrase_heads():  # no phrase starts with it: one word (the usual case)
            return words.get(tok.word), 1
        for size in (3, 2):  # the longest phrase first ("Just One More" before "one more")
            following = toks[i:i + size]
            if len(following) == size and not any(t.quoted for t in following) and tuple(t.word for t in following) in PHRASES:
                joined = "_".join(t.word for t in following)
                if joined in words:
                    return words[joined], size
        return words.get(tok.word), 1

    def moves(self, line: int, toks: list[_Token], end_col: int) -> None:
        head = toks[0]
        if not head.quoted and head.word in MOVE_WORDS or (len(toks) == 1 and self.card(head, toks, 0)[0] is not None):
            raise self.fail(line, head, "a statement starts with a player's name (or round, shuffle, score, end)", STATEMENT_WORDS)
        player = head.text
        if len(toks) == 1:
            if _nearest(head.word, STATEMENT_WORDS) and not head.quoted:
                raise self.fail(line, head, f"unknown word {head.text!r}: a statement starts with round, shuffle, score, end or a player's name", STATEMENT_WORDS)
            raise _Stop(NotationError(line, head.column, f"{player!r} alone says nothing: write a move after the name (hit, stay, a card)"))
        words = card_words(self.ruleset)
        fields = field_words(self.ruleset)
        last_card: str | None = None
        last_target: dict[str, Any] | None = None
        pending: list[tuple[int, dict[str, Any]]] = []
        i = 1
        while i < len(toks):
            tok = toks[i]
            if tok.text == ">" and not tok.quoted:
                if last_card is None:
                    raise self.fail(line, tok, "'>' follows the action card that is given: Cem freeze>Ben")
                last_target = {"type": "target", "player": player, "card": last_card, "target": self.name(line, toks, i + 1, "'>'", end_col)}
                pending.append((tok.column, last_target))
                last_card = None
                i += 2
                continue
            spaced = not tok.quoted and tok.word in fields and i + 1 < len(toks)  # ``card 7``, ``mit Cem``
            if last_target is not None and not tok.quoted and ("=" in tok.text or spaced):
                key, _, value = tok.text.partition("=")
                field = fields.get(normalise(key), key)
                rest = toks[i + 1:]
                if value or not rest or not rest[0].quoted and "=" in tok.text:  # ``card=7`` (``card=`` alone: empty)
                    rest = [_Token(value, tok.column + len(key) + 1), *rest]
                i += len(toks) - i - len(rest)  # the value is rest[0]
                if field in CARD_FIELDS.get(self.ruleset, ()) and not rest[0].quoted:
                    card, used = self.card(rest[0], rest, 0)  # a card of two or three words: ``card Lucky 13``
                    last_target[field] = card if card is not None else rest[0].text
                else:
                    last_target[field], used = rest[0].text, 1
                i += used
                continue
            move = None if tok.quoted else MOVE_WORDS.get(tok.word)
            if not tok.quoted and i + 1 < len(toks) and (tok.word, toks[i + 1].word) in PHRASES:
                phrase = MOVE_WORDS.get(f"{tok.word}_{toks[i + 1].word}")
                if phrase is not None:
                    move = phrase
                    i += 1
            if move in ("hit", "stay"):
                pending.append((tok.column, {"type": move, "player": player}))
                last_card = last_target = None
                i += 1
                continue
            if move == "give":
                if i + 1 >= len(toks):
                    raise _Stop(NotationError(line, end_col, "'gives' needs the card and the player: Eli gives freeze>Fay"))
                card, used = self.card(toks[i + 1], toks, i + 1)
                if card is None:
                    raise self.fail(line, toks[i + 1], f"{toks[i + 1].text!r} is not a card of this game", words)
                j = i + 1 + used
                if j < len(toks) and not toks[j].quoted and (toks[j].text == ">" or toks[j].word in TO_WORDS):
                    j += 1
                last_target = {"type": "target", "player": player, "card": card, "target": self.name(line, toks, j, "'gives'", end_col)}
                pending.append((tok.column, last_target))
                last_card = None
                i = j + 1
                continue
            card, used = self.card(tok, toks, i)
            if card is None:
                if tok.quoted:
                    raise self.fail(line, tok, f"a quoted {tok.text!r} is a name; a move or a card belongs here")
                if _looks_int(tok.text):
                    raise self.fail(line, tok, f"{tok.text} is not a number card of the {self.ruleset} ruleset")
                raise self.fail(line, tok, f"unknown word {tok.text!r}: a move (hit, stay, gives) or a card belongs here", [*MOVE_WORDS, *words])
            pending.append((tok.column, {"type": "card", "player": player, "card": card}))
            last_card, last_target = card, None
            i += used
        for column, obj in pending:
            self.emit(line, column, obj)


_INTEGER = re.compile(r"-?[0-9]+")
_HEADS: tuple[int, frozenset[str]] = (-1, frozenset())


def _phrase_heads() -> frozenset[str]:
    """The first words of ``PHRASES`` (kept until a kit's words add phrases)."""
    global _HEADS
    if _HEADS[0] != len(PHRASES):
        _HEADS = (len(PHRASES), frozenset(p[0] for p in PHRASES))
    return _HEADS[1]


def _looks_int(text: str) -> bool:
    """True for a whole number written in ASCII digits (``str.isdigit`` would take ``²`` and ``١``)."""
    return _INTEGER.fullmatch(text) is not None


def _shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters (a token may be thousands long)."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"… ({len(text):,} characters)"


def parse_notation(text: str) -> Notation:
    """Read a whole notation file; unreadable statements become ``error`` entries (never raises)."""
    reader = _Reader()
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    checked = _is_text(text)  # the whole text at once: then no line holds a lone surrogate
    budget = MAX_WORDS
    for line_no, raw_line in enumerate(lines, 1):
        if line_no > MAX_LINES:
            message = f"the notation holds more than {MAX_LINES:,} lines ({len(lines):,}); a log is one game: split it"
            reader.entries.append(Entry(line_no, 1, "error", error=NotationError(line_no, 1, message)))
            break
        line = raw_line.removesuffix("\r")
        if len(line) > MAX_LINE_BYTES // 4 and len(line.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
            message = f"the line is longer than {MAX_LINE_BYTES:,} bytes, the longest a log's line may be"
            reader.entries.append(Entry(line_no, 1, "error", error=NotationError(line_no, 1, message)))
            continue
        stripped = line.strip()
        if not stripped:
            reader.entries.append(Entry(line_no, 1, "blank", line))
            continue
        if stripped.startswith("#"):
            reader.entries.append(Entry(line_no, 1, "comment", line))
            continue
        if stripped[0] in "{[":
            reader.entries.append(Entry(line_no, 1, "raw", line))
            continue
        head = stripped.split(None, 1)[0]
        if head.lower() == "json":
            start = line.index(head) + len(head)
            reader.entries.append(Entry(line_no, start + 1, "raw", line[start + 1:]))
            continue
        used = _read_line(reader, line, line_no, checked, budget)
        if used < 0:
            break
        budget -= used
    return Notation(reader.entries)


def _read_line(reader: _Reader, line: int | str, line_no: int, checked: bool = False, budget: int = MAX_WORDS) -> int:
    """Read one line of statements; the words it held, or -1 when they were more than ``budget``
    (the words left to the file: then the line is an error and reading must stop)."""
    assert isinstance(line, str)
    if not checked and not _is_text(line):  # a text decoded with surrogateescape, or built in code
        reader.entries.append(Entry(line_no, 1, "error", error=NotationError(line_no, 1, "the line holds a character that is not text (a lone surrogate)")))
        return 0
    try:
        toks = _tokens(line, line_no)
    except _Stop as stop:
        reader.entries.append(Entry(line_no, stop.error.column, "error", error=stop.error))
        return 0
    if len(toks) > budget:
        message = f"the notation holds more than {MAX_WORDS:,} words; a log is one game: split it"
        reader.entries.append(Entry(line_no, 1, "error", error=NotationError(line_no, 1, message)))
        return -1
    statements: list[list[_Token]] = [[]]
    for tok in toks:
        if tok.text == ";" and not tok.quoted:
            statements.append([])
        else:
            statements[-1].append(tok)
    head = toks[0] if toks else None
    if head is not None and not head.quoted and STATEMENT_WORDS.get(head.word) in ("game", "players", "position"):
        statements = [toks]  # the setup and position lines' ';' separate their clauses
    end_col = len(line) + 1
    for statement in statements:
        if not statement:
            continue
        before = len(reader.entries)
        try:
            reader.statement(line_no, statement, end_col)
        except _Stop as stop:
            del reader.entries[before:]
            reader.entries.append(Entry(line_no, stop.error.column, "error", error=stop.error))
    return len(toks)
