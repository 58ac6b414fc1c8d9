"""Hostile logs for the fuzz tests: valid logs, mutated the ways an adversarial user would.

``hostile_logs()`` is a hypothesis strategy of log bytes: a valid log (a fixture or a simulated
game) with one to three mutations from ``MUTATIONS`` applied (byte flips, truncation, deep nesting,
huge and negative numbers, NaN/Infinity, duplicate keys, BOMs, CRLF, NUL bytes, lone surrogates,
lines over the cap, wrong types, unknown fields, odd Unicode in names, ``position`` lines anywhere).
``hostile_notation()`` does the same for the table notation (English and German); ``PARAMETER_VALUES``,
``FORBIDDEN``, ``STATEMENTS`` and ``DISGUISES`` are hostile query parameters and SQL. ``budget(n)`` gives the
settings of a fuzz test: a fixed seed, ``n`` examples (twenty times as many under ``--slow``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from adjudicator.source import MAX_LINE_BYTES
from tests.conftest import examples as full_or_quick

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
T = TypeVar("T")


def _fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


#: The valid logs every mutation starts from: a few fixtures of different shapes.
SEEDS: tuple[bytes, ...] = (
    _fixture("base/001-spec-example.jsonl"),
    _fixture("base/006-flip7-bonus-and-in.jsonl"),
    _fixture("base/015-nested-flip-three.jsonl"),
    _fixture("edge/001-nested-flip-three-triple-in-turn.jsonl"),
)

#: Names a fuzzer would try: combining marks, bidi controls, zero-width characters, emoji, line
#: separators, look-alikes, escapes of control characters, and long ones.
ODD_NAMES = (
    "A\u0301na", "\u202eanA", "B\u200deb", "\U0001f0cf\U0001f3b2", "C\u2028m", "Ana\u00a0", "\u0410na",
    "\x00", "\t", "\\", '"', "'; DROP TABLE games; --", "N" * 300, "\ufeffAna", "\U0010ffff", "ǅ", "ß", "İ",
)

_NUMBER = re.compile(rb"(?<![\w.\"])-?\d+(?![\w.\"])")
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _pick(draw: st.DrawFn, items: list[Any]) -> int:
    return draw(st.integers(0, max(0, len(items) - 1)))


def _event_lines(lines: list[bytes]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.strip().startswith(b"{")] or [0]


class _Raw:
    """A JSON value written as given (``json.dumps`` cannot write a number of 4,300 digits)."""

    def __init__(self, text: str) -> None:
        self.text = text


def _edit_json_line(draw: st.DrawFn, data: bytes, edit: Callable[[dict[str, Any]], None], *, game_line_often: bool = False) -> bytes:
    """``data`` with one JSON line decoded, passed to ``edit`` and written again (``_Raw`` values as given)."""
    lines = _lines(data)
    where = _event_lines(lines)
    i = where[0] if game_line_often and draw(st.booleans()) else where[_pick(draw, where)]
    try:
        obj = json.loads(lines[i])
    except (ValueError, RecursionError):  # an earlier mutation broke or deepened the line
        return data
    if not isinstance(obj, dict):
        return data
    edit(obj)
    raws: list[str] = []

    def default(value: Any) -> str:
        raws.append(value.text)
        return f"__raw{len(raws) - 1}__"

    text = json.dumps(obj, ensure_ascii=draw(st.booleans()), default=default)
    for k, raw in enumerate(raws):
        text = text.replace(f'"__raw{k}__"', raw)
    lines[i] = text.encode("utf-8", "surrogatepass")
    return b"\n".join(lines)


def byte_flip(draw: st.DrawFn, data: bytes) -> bytes:
    if not data:
        return data
    i = draw(st.integers(0, len(data) - 1))
    return data[:i] + bytes([data[i] ^ draw(st.integers(1, 255))]) + data[i + 1 :]


def truncate(draw: st.DrawFn, data: bytes) -> bytes:
    return data[: draw(st.integers(0, len(data)))]


def deep_nesting(draw: st.DrawFn, data: bytes) -> bytes:
    depth = draw(st.sampled_from([31, 32, 33, 100, 500, 900, 990, 1000, 3000, 100_000]))
    opening, closing = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
    value = (opening * depth + draw(st.sampled_from(['"\\u0041"', "1", "null", "[]"])) + closing * depth).encode()
    lines = _lines(data)
    where = _event_lines(lines)
    i = where[_pick(draw, where)]
    line = lines[i]
    mode = draw(st.sampled_from(["field", "line", "value"]))
    if mode == "line":
        lines[i] = value
    elif mode == "field" and line.rstrip().endswith(b"}"):
        lines[i] = line.rstrip()[:-1] + b',"x":' + value + b"}"
    else:
        match = list(_NUMBER.finditer(line)) or list(_STRING.finditer(line))
        if match:
            m = match[_pick(draw, match)]
            lines[i] = line[: m.start()] + value + line[m.end() :]
    return b"\n".join(lines)


def huge_number(draw: st.DrawFn, data: bytes) -> bytes:
    digits = draw(st.sampled_from([15, 16, 19, 20, 40, 4299, 4300, 4301, 10_000]))
    number = draw(st.sampled_from(["", "-"])) + "9" * digits
    replacement = draw(st.sampled_from([number, "-1", "0", "-0", "1e400", "-1e400", "1.5", "1e2", "00", "2.0"]))
    matches = list(_NUMBER.finditer(data))
    if not matches:
        return data
    m = matches[_pick(draw, matches)]
    return data[: m.start()] + replacement.encode() + data[m.end() :]


def huge_option(draw: st.DrawFn, data: bytes) -> bytes:
    field = draw(st.sampled_from(["decks", "target", "rounds"]))
    value = draw(st.sampled_from(["1" + "0" * 4299, "1" + "0" * 40, "100", "101", "-3", "0", "null", "true"]))

    def edit(obj: dict[str, Any]) -> None:
        if obj.get("type") == "game":
            obj[field] = _Raw(value)

    return _edit_json_line(draw, data, edit, game_line_often=True)


def nan_infinity(draw: st.DrawFn, data: bytes) -> bytes:
    matches = list(_NUMBER.finditer(data))
    if not matches:
        return data
    m = matches[_pick(draw, matches)]
    return data[: m.start()] + draw(st.sampled_from([b"NaN", b"Infinity", b"-Infinity", b"nan", b"inf"])) + data[m.end() :]


def duplicate_key(draw: st.DrawFn, data: bytes) -> bytes:
    lines = _lines(data)
    where = _event_lines(lines)
    i = where[_pick(draw, where)]
    line = lines[i].rstrip()
    key = draw(st.sampled_from([b"type", b"player", b"card", b"round", b"players", b"id"]))
    value = draw(st.sampled_from([b'"hit"', b'"Ana"', b"1", b"null", b"[]"]))
    if line.endswith(b"}"):
        lines[i] = line[:-1] + b',"' + key + b'":' + value + b"}"
    return b"\n".join(lines)


def bom(draw: st.DrawFn, data: bytes) -> bytes:
    i = 0 if draw(st.booleans()) else draw(st.integers(0, len(data)))
    return data[:i] + b"\xef\xbb\xbf" * draw(st.integers(1, 2)) + data[i:]


def crlf(draw: st.DrawFn, data: bytes) -> bytes:
    return data.replace(b"\n", draw(st.sampled_from([b"\r\n", b"\r", b"\n\r", b"\r\r\n"])))


def nul_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    i = draw(st.integers(0, len(data)))
    return data[:i] + draw(st.sampled_from([b"\x00", b"\\u0000", b"\x00" * 10, b"\x1b[31m"])) + data[i:]


def lone_surrogate(draw: st.DrawFn, data: bytes) -> bytes:
    surrogate = draw(st.sampled_from([b"\\ud800", b"\\udfff", b"\\udc80", b"\\ud83d", b"\\ude00\\ud83d", b"\xed\xa0\x80", b"\xff"]))
    strings = list(_STRING.finditer(data))
    if not strings:
        return data + surrogate
    m = strings[_pick(draw, strings)]
    cut = draw(st.integers(m.start() + 1, m.end() - 1))
    return data[:cut] + surrogate + data[cut:]


def long_line(draw: st.DrawFn, data: bytes) -> bytes:
    size = draw(st.sampled_from([MAX_LINE_BYTES - 40, MAX_LINE_BYTES, MAX_LINE_BYTES + 1, 3 * MAX_LINE_BYTES]))
    line = b'{"type":"hit","player":"' + b"A" * max(0, size - 27) + b'"}'
    lines = _lines(data)
    lines.insert(draw(st.integers(0, len(lines))), line)
    return b"\n".join(lines)


def wrong_type(draw: st.DrawFn, data: bytes) -> bytes:
    """A value of a wrong type in any field of a line: one it has or one its type may have (the
    ``game`` line often, whose options are left out in most logs)."""
    value = draw(st.sampled_from(WRONG_VALUES))

    def edit(obj: dict[str, Any]) -> None:
        keys = sorted({*obj, *line_fields().get(str(obj.get("type")), ())})
        if keys:
            obj[keys[draw(st.integers(0, len(keys) - 1))]] = value

    return _edit_json_line(draw, data, edit, game_line_often=True)


def unknown_field(draw: st.DrawFn, data: bytes) -> bytes:
    name = draw(st.sampled_from(["zzz", "Type", "player ", "", "__proto__", "players\u0000"]))

    def edit(obj: dict[str, Any]) -> None:
        obj[name] = 1

    return _edit_json_line(draw, data, edit)


def odd_name(draw: st.DrawFn, data: bytes) -> bytes:
    old = draw(st.sampled_from([b"Ana", b"Ben", b"Cem"]))
    new = json.dumps(draw(st.sampled_from(ODD_NAMES)), ensure_ascii=draw(st.booleans()))[1:-1].encode()
    if draw(st.booleans()):
        return data.replace(old, new)  # the same odd name everywhere: a valid log, oddly named
    i = data.find(old)
    return data if i < 0 else data[:i] + new + data[i + len(old) :]


def drop_or_repeat_line(draw: st.DrawFn, data: bytes) -> bytes:
    lines = _lines(data)
    i = _pick(draw, lines)
    if draw(st.booleans()):
        del lines[i]
    else:
        lines.insert(i, lines[i])
    return b"\n".join(lines)


#: ``position`` statements (English, German, raw JSON) to put anywhere in a text.
POSITION_LINES = (
    "position round 2; dealer Ana; Ana 3 8; Ben 5 stayed; Cem 9 busted; turn Ana; totals Ana 120 Ben 90; discards 7 freeze",
    "Stellung Runde 3; Geber Ben; Ana 6; Ben 9 stopp; Cem 4 eingefroren; am Zug Ana; Stand Ana 10 Ben 20 Cem 30; Ablage 7",
    "position round 1; dealer Ana; turn Ben",
    "position",
    "position round " + "9" * 4301 + "; dealer Ana",
    "position round 2; dealer Nobody; Nobody 3; turn Nobody",
    '{"type":"position","round":2,"dealer":"Ana","players":{"Ana":{"row":["9"]},"Ben":{"row":[]},"Cem":{"row":[]}},"turn":"Ben"}',
    '{"type":"position","round":1}',
)

def position_line(draw: st.DrawFn, data: bytes) -> bytes:
    """A ``position`` line anywhere in a JSON Lines log (only right after the ``game`` line is it legal)."""
    lines = _lines(data)
    line = draw(st.sampled_from([p for p in POSITION_LINES if p.startswith("{")]))
    lines.insert(draw(st.integers(0, len(lines))), line.encode())
    return b"\n".join(lines)


# ------------------------------------------------------------------------------------ wrong types, field by field

#: A value of every JSON type, and wrong shapes of each (to put in any field of any line).
WRONG_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -7, 1.5, _Raw("9" * 40), "", "7", "x" * 300, [], ["Ana"], [[]], [{}], {}, {"a": 1}, {"Ana": [1]},
)


def line_fields() -> dict[str, tuple[str, ...]]:
    """Every field a line of each type may have in any registered ruleset (the ``game`` line's
    options of every ruleset, every ruleset's ``target`` fields), by the line's type."""
    from adjudicator import events
    from adjudicator.rulesets import target_events

    models = (events.GameEvent, events.RoundEvent, events.CardEvent, events.HitEvent, events.StayEvent, events.ShuffleEvent,
              events.ScoreEvent, events.EndEvent, events.PositionEvent, *target_events())
    fields: dict[str, set[str]] = {kind: set() for kind in events.EVENT_TYPES}
    for model in models:
        fields[model.model_fields["type"].annotation.__args__[0]].update(model.model_fields)  # type: ignore[union-attr]
    fields["game"].update(events.option_fields())
    return {kind: tuple(sorted(names)) for kind, names in fields.items()}


#: The logs every line sample sits in: a short game of each ruleset (the sample line goes after the
#: lines before it, and the rest follows).
_GAME = {"type": "game", "id": "g", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana"}
_DEAL = [{"type": "round", "round": 1}, {"type": "card", "player": "Ben", "card": "5"}]

#: One valid line of every line type, the ``game`` line first, each with the lines before and after
#: it: (ruleset, lines before, the line, lines after).
LINE_SAMPLES: tuple[tuple[str, list[dict[str, Any]], dict[str, Any], list[dict[str, Any]]], ...] = (
    ("flip7", [], {**_GAME, "ruleset": "flip7", "target": 200, "rounds": 3, "decks": 1, "edition": "current", "delayed": "in_turn"}, _DEAL),
    ("vengeance", [], {**_GAME, "ruleset": "vengeance", "brutal": False}, _DEAL),
    ("flip7", [_GAME], {"type": "round", "round": 1, "dealer": "Ana"}, _DEAL[1:]),
    ("flip7", [_GAME, *_DEAL], {"type": "card", "player": "Cem", "card": "7"}, [{"type": "hit", "player": "Ana"}]),
    ("flip7", [_GAME, *_DEAL], {"type": "hit", "player": "Cem"}, []),
    ("flip7", [_GAME, *_DEAL], {"type": "stay", "player": "Cem"}, []),
    ("flip7", [_GAME, _DEAL[0], {"type": "card", "player": "Ben", "card": "freeze"}], {"type": "target", "player": "Ben", "card": "freeze", "target": "Cem"}, []),
    ("vengeance", [{**_GAME, "ruleset": "vengeance"}, _DEAL[0], {"type": "card", "player": "Ben", "card": "swap"}],
     {"type": "target", "player": "Ben", "card": "swap", "target": "Cem", "target_card": "5", "other": "Ana", "other_card": "7"}, []),
    ("flip7", [_GAME, *_DEAL], {"type": "shuffle"}, []),
    ("flip7", [_GAME, *_DEAL], {"type": "score", "round": 1, "scores": {"Ana": 0, "Ben": 5, "Cem": 0}}, []),
    ("flip7", [_GAME, *_DEAL], {"type": "end", "winner": "Ben", "totals": {"Ana": 0, "Ben": 5, "Cem": 0}}, []),
    ("flip7", [_GAME], {
        "type": "position", "round": 2, "dealer": "Ana", "turn": "Ben", "totals": {"Ana": 10, "Ben": 20, "Cem": 30}, "discards": ["7", "x2"],
        "players": {"Ana": {"row": ["3", "+4"], "out": "stayed"}, "Ben": {"row": ["9"]}, "Cem": {"row": []}},
    }, [{"type": "hit", "player": "Ben"}]),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside ``value`` a wrong value can go: each key of an object, each list item."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    found: list[tuple[Any, ...]] = []
    for key, inner in items:
        found += [(*path, key), *_paths(inner, (*path, key))]
    return found


def _put(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``obj`` with ``value`` at ``path``."""
    copy = json.loads(json.dumps(obj))
    where = copy
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    return copy


def log_text(lines: list[dict[str, Any]]) -> bytes:
    """A log of these lines (``_Raw`` values written as given)."""
    raws: list[str] = []

    def default(value: Any) -> str:
        raws.append(value.text)
        return f"__raw{len(raws) - 1}__"

    text = "\n".join(json.dumps(line, default=default) for line in lines) + "\n"
    for k, raw in enumerate(raws):
        text = text.replace(f'"__raw{k}__"', raw)
    return text.encode()


def wrong_type_logs(kinds: Sequence[str] | None = None) -> list[tuple[str, int, bytes]]:
    """Logs with a wrong value in one field of one line: every field of every line type (the
    ``game`` line's first), every ``WRONG_VALUES``, nested fields too: (what, the line, the log).

    ``kinds``: only lines of these types (all when None)."""
    fields = line_fields()
    logs: list[tuple[str, int, bytes]] = []
    for ruleset, before, line, after in LINE_SAMPLES:
        kind = line["type"]
        if kinds is not None and kind not in kinds:
            continue
        paths = dict.fromkeys([*((name,) for name in fields[kind]), *_paths(line)])
        for path in paths:
            for value in WRONG_VALUES:
                changed = _put(line, path, value) if not isinstance(value, _Raw) else _put(line, path, "__raw__")
                text = log_text([*before, changed, *after])
                if isinstance(value, _Raw):
                    text = text.replace(b'"__raw__"', value.text.encode())
                what = f"{ruleset} {kind} line, field {'.'.join(map(str, path))} = {getattr(value, 'text', value)!r:.40}"
                logs.append((what, len(before) + 1, text))
    return logs


MUTATIONS: tuple[Callable[[st.DrawFn, bytes], bytes], ...] = (
    byte_flip, truncate, deep_nesting, huge_number, huge_option, nan_infinity, duplicate_key, bom, crlf,
    nul_bytes, lone_surrogate, long_line, wrong_type, unknown_field, odd_name, drop_or_repeat_line, position_line,
)


def mutated(draw: st.DrawFn, seeds: Sequence[T], mutations: Sequence[Callable[[st.DrawFn, T], T]], most: int) -> T:
    """One of ``seeds`` with one to ``most`` of ``mutations`` applied in turn (a mutation may come twice)."""
    data = draw(st.sampled_from(seeds))
    for mutation in draw(st.lists(st.sampled_from(mutations), min_size=1, max_size=most)):
        data = mutation(draw, data)
    return data


@st.composite
def hostile_logs(draw: st.DrawFn, max_mutations: int = 3) -> bytes:
    """A valid log with one to ``max_mutations`` mutations applied."""
    return mutated(draw, SEEDS, MUTATIONS, max_mutations)


def budget(examples: int, *, slow: bool = False) -> settings:
    """Settings of a fuzz test: fixed seed, no example database, ``examples`` (×20 when ``slow``;
    a third of them in the default run while working, see ``tests.conftest.examples``).

    No shrinking: a failure is reported as found (with its ``@reproduce_failure`` blob), since
    shrinking logs through a store can take minutes.
    """
    return settings(
        phases=(Phase.explicit, Phase.reuse, Phase.generate),
        max_examples=examples * 20 if slow else full_or_quick(examples, max(1, examples // 3)),
        derandomize=True,
        database=None,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
    )


# ------------------------------------------------------------------------------------ the notation

#: The notation texts every notation mutation starts from: the disputes (English and German,
#: positions, Vengeance), and the kitchen example of docs/notation.md in both languages.
NOTATION_SEEDS: tuple[str, ...] = (
    *(path.read_text(encoding="utf-8") for path in sorted((FIXTURES / "disputes").glob("*.txt"))),
    "game kitchen; players Ana Ben Cem; dealer Ana\nround 1\nBen 8\nCem freeze>Ben\nAna x2\nCem hit 12\n"
    "Ana hit 11\nCem stay; Ana stay\nscore Ana 22 Ben 8 Cem 12\n",
    "Spiel küche; Spieler Ana Ben Cem; Geber Ana\nRunde 1\nBen 8\nCem Freeze>Ben\nAna x2\nCem noch eine 12\n"
    "Ana noch eine 11\nCem stopp; Ana stopp\nWertung Ana 22 Ben 8 Cem 12\n",
)

#: Words of the notation (English and German) and its punctuation, swapped in for any word.
NOTATION_WORDS = (
    "game", "players", "dealer", "round", "hit", "stay", "stand", "gives", "give", "to", "shuffle", "score", "end", "totals",
    "position", "turn", "discards", "stayed", "frozen", "busted", "json", "target", "rounds", "decks", "edition", "first",
    "delayed", "assign_first", "ruleset", "vengeance", "brutal", "Spiel", "Spieler", "Geber", "Runde", "noch eine", "noch",
    "stopp", "gibt", "an", "mischen", "Wertung", "Ende", "Stand", "Stellung", "am Zug", "Ablage", "eingefroren", "verzockt",
    "freeze", "einfrieren", "flip3", "flip_three", "drei aufdecken", "sc", "second_chance", "x2", "+4", "+10", "0", "7",
    "12", "13", "u7", "unlucky_7", "l13", "steal", "klauen", "swap", "tauschen", "÷2", "halb", "h", "s", "f",
    ";", ">", "->", "→", '"', "#", ",", ":", "=", "target_card=7", "other=Ben", "{", "[", "}",
)

#: Numbers a fuzzer would try where the notation wants one.
NOTATION_NUMBERS = (
    "²", "١٢", "٣", "⁷", "½", "0", "00", "-1", "+3", "1e3", "1.5", "9" * 15, "9" * 16, "9" * 4301, "99999999999999999999",
)

_WORD = re.compile(r"[^\s;>#]+")
_DIGITS = re.compile(r"\d+")


def _text_lines(draw: st.DrawFn, text: str) -> tuple[list[str], int]:
    lines = text.split("\n")
    return lines, draw(st.integers(0, max(0, len(lines) - 1)))


def swap_word(draw: st.DrawFn, text: str) -> str:
    words = list(_WORD.finditer(text))
    if not words:
        return text + draw(st.sampled_from(NOTATION_WORDS))
    m = words[draw(st.integers(0, len(words) - 1))]
    return text[: m.start()] + draw(st.sampled_from(NOTATION_WORDS + ODD_NAMES)) + text[m.end() :]


def odd_number(draw: st.DrawFn, text: str) -> str:
    numbers = list(_DIGITS.finditer(text))
    if not numbers:
        return text + " " + draw(st.sampled_from(NOTATION_NUMBERS))
    m = numbers[draw(st.integers(0, len(numbers) - 1))]
    return text[: m.start()] + draw(st.sampled_from(NOTATION_NUMBERS)) + text[m.end() :]


def position_anywhere(draw: st.DrawFn, text: str) -> str:
    lines, i = _text_lines(draw, text)
    lines.insert(i + draw(st.integers(0, 1)), draw(st.sampled_from(POSITION_LINES)))
    return "\n".join(lines)


def odd_text(draw: st.DrawFn, text: str) -> str:
    """A lone surrogate, a control character, a BOM, odd quotes or a long name put into the text."""
    bit = draw(st.sampled_from(['"\udfff"', "\udfff", '"\\udfff"', "\x00", "\ufeff", "\u2028", '"', '"Ana', "\\", "N" * 300, "\r", "\t"]))
    i = draw(st.integers(0, len(text)))
    return text[:i] + bit + text[i:]


def drop_or_repeat_text_line(draw: st.DrawFn, text: str) -> str:
    lines, i = _text_lines(draw, text)
    if draw(st.booleans()) and lines:
        del lines[i]
    else:
        lines.insert(i, lines[i] if lines else "")
    return "\n".join(lines)


def truncate_text(draw: st.DrawFn, text: str) -> str:
    return text[: draw(st.integers(0, len(text)))]


NOTATION_MUTATIONS: tuple[Callable[[st.DrawFn, str], str], ...] = (
    swap_word, odd_number, position_anywhere, odd_text, drop_or_repeat_text_line, truncate_text,
)


@st.composite
def hostile_notation(draw: st.DrawFn, max_mutations: int = 3) -> str:
    """A notation text (English or German) with one to ``max_mutations`` mutations applied."""
    return mutated(draw, NOTATION_SEEDS, NOTATION_MUTATIONS, max_mutations)


# ------------------------------------------------------------------------------------ query parameters and SQL

#: Hostile values of the query parameters the GET routes take (``%XX`` escapes are sent as written:
#: bytes that are not UTF-8, NUL). The issue's reproducers of ``since`` are among them.
PARAMETER_VALUES: dict[str, list[str]] = {
    "since": ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+01:00", "9" * 4301 + "d", "7d", "-1d", "0d", "2026-13-01", "", "now",
              "²d", "1e9d", "P1D", "2026-11-29T00:00:00Z", "2026-11-29", "%FF", "%00"],
    "at": ["0", "1", "-1", "999999999999", "9" * 4301, "1.5", "", "x", "²", "%00"],
    "limit": ["0", "1", "1000", "1001", "-5", "9" * 30, "", "1e3", "١"],
    "cursor": ["", "%00", "zzz", "'; DROP TABLE games; --", "x" * 5000, "%ED%A0%80", "kitchen-2026-11-29"],
    "player": ["Ana", "", "%00", "A" * 10000, "%FF", "\u202eanA", "'; --"],
    "lang": ["en", "de", "fr", "", "EN", "de-DE", "*", "%FF"],
    "round": ["1", "0", "-1", "9" * 4301, "x"],
    "only": ["overview", "bust_risk", "nope", "", "%00"],
    "ruleset": ["flip7", "vengeance", "vengeance (brutal)", "x", "", "%FF"],
    "valid": ["true", "false", "1", "maybe", ""],
    "finished": ["true", "no", ""],
    "search": ["", "%", "_", "x" * 201, "%00"],
}

#: What a query must never do over the API (``{db}``, ``{wal}``, ``{tmp}``: the store file, its
#: write-ahead log, its folder): read files, fold the WAL, change settings or the database, attach,
#: copy, install or load. tests/api/test_security.py tests each plainly; here they come disguised.
FORBIDDEN = st.sampled_from(
    [
        "read_blob('{wal}')", "read_text('{db}')", "read_csv('{wal}')", "read_csv_auto('{db}')", "read_json('{wal}')",
        "read_ndjson('{wal}')", "read_parquet('{db}')", "parquet_metadata('{db}')", "glob('{tmp}/*')", "sniff_csv('{wal}')",
        "checkpoint()", "force_checkpoint()", "duckdb_settings()", "duckdb_temporary_files()", "pragma_database_size()",
        "pragma_storage_info('games')", "query('SELECT 1')", "query_table('games')", "'{wal}'", '"{db}"',
    ]
)
#: Statements that are not queries (each must be refused, and change nothing).
STATEMENTS_SQL = [
    "ATTACH '{db}' AS again", "ATTACH ':memory:' AS m", "DETACH main", "COPY games TO '{tmp}/out.csv'", "COPY (SELECT 1) TO '{tmp}/o.parquet'",
    "EXPORT DATABASE '{tmp}/dump'", "IMPORT DATABASE '{tmp}'", "INSTALL httpfs", "FORCE INSTALL httpfs", "LOAD httpfs",
    "LOAD '{tmp}/x.duckdb_extension'", "UPDATE EXTENSIONS", "CHECKPOINT", "FORCE CHECKPOINT", "VACUUM", "SET threads = 1",
    "SET GLOBAL enable_external_access = true", "RESET enable_external_access", "PRAGMA enable_profiling", "PRAGMA database_size",
    "USE memory", "CREATE TABLE t (i INT)", "INSERT INTO meta VALUES ('x', 'y')", "UPDATE games SET valid = NOT valid",
    "DELETE FROM games", "DROP TABLE games", "CREATE SECRET s (TYPE s3)", "CALL checkpoint()", "CALL pragma_database_size()",
    "BEGIN TRANSACTION", "SET VARIABLE x = 1", "CREATE MACRO m() AS 1",
]
STATEMENTS = st.sampled_from(STATEMENTS_SQL)
#: Ways to dress a table function as something else: case, quotes, a schema, comments, a subquery.
DISGUISES = st.sampled_from(
    [
        "SELECT * FROM {f}", "sElEcT * fRoM {f}", "SELECT * FROM /* hi */ {f}", "SELECT * FROM\n{f}\n-- x", "FROM {f}",
        "SELECT * FROM main.{f}", "SELECT * FROM system.main.{f}", "SELECT (SELECT count(*) FROM {f})",
        "WITH a AS (SELECT * FROM {f}) SELECT * FROM a", "SELECT * FROM games, LATERAL (SELECT * FROM {f}) x",
        "SELECT * FROM games WHERE EXISTS (SELECT * FROM {f})", "SELECT 1 UNION ALL SELECT count(*) FROM {f}",
        "DESCRIBE SELECT * FROM {f}", "SUMMARIZE SELECT * FROM {f}", "EXPLAIN SELECT * FROM {f}", "SELECT * FROM {f};",
        "SELECT 1; SELECT * FROM {f}", "PIVOT (SELECT * FROM {f}) ON 1 USING count(*)",
    ]
)
