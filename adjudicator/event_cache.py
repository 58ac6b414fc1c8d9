"""One parsed event per distinct line: a replay's bounded memo of its line parser.

A Flip 7 log repeats itself: the same player is dealt the same card, asks for a hit, stays, many
times over. In simulated five-player games only about a third of the lines of a log are distinct.
Events are frozen, so every line with the same text can share the one event parsed from it, and
the strict JSON read and validation run once per distinct line instead of once per line. Where
the memo misses, a compact flat line whose fields are plainly valid is built without the
validator (``plain_event``), and so is a compact claim (``plain_claim``). Both read each event's
fields, their bounds, validators and defaults from its pydantic model (``_plan``; the event types
from ``events.Event``): the models are the one definition of the events, and a field added to one
is read by the fast path too. This module is compiled with the engine (``adjudicator.accel``).
"""

from __future__ import annotations

import inspect
import itertools
import json
import re
from collections.abc import Callable
from types import UnionType
from typing import Annotated, Any, Final, Literal, TypeVar, Union, get_args, get_origin

from annotated_types import MaxLen, MinLen
from pydantic import BaseModel
from pydantic.fields import FieldInfo

import adjudicator.events as events_module
from adjudicator.events import GAME_MODELS, RULESET_NAMES, Event, GameEvent, TargetEvent

E = TypeVar("E")
M = TypeVar("M", bound=BaseModel)

#: Distinct lines kept per replay, and the longest line kept: together they bound the memo (to
#: about 1 MB) whatever the log holds. Typical event lines are 40–90 characters long.
MAX_ENTRIES = 4096
MAX_LINE_CHARS = 256
#: Distinct lines kept by the memo a ruleset's replays share (``replay.shared_parser``), for lines
#: that repeat from log to log (the same names dealt the same cards): about 1.5 kB a line, so
#: about 6 MB at most, which keeps the peak of a check or an ingest of many games within 1.5x
#: that of one (at 8,192 lines an ingest of 5,000 games measured 1.51x).
SHARED_ENTRIES = 4096


def memoized(parse: Callable[[str], E], *, entries: int = MAX_ENTRIES, longest: int = MAX_LINE_CHARS) -> Callable[[str], E]:
    """``parse`` with a memo of its results by line text, for one replay.

    Only lines that parse are remembered (a bad line raises afresh each time, with the same
    message); lines longer than ``longest`` characters and stand-ins that are not plain text are
    parsed every time; when ``entries`` distinct lines are kept, the memo starts afresh with the
    next. Lines repeat most within a game (its players dealt the same cards, asking for hits,
    staying): where every game seats players of its own, as on a platform, a memo that kept its
    first lines for good would serve none of a later game's.
    """
    events: dict[str, E] = {}

    def parse_line(text: str) -> E:
        event = events.get(text)
        if event is None:
            event = parse(text)
            if len(text) <= longest and type(text) is str:
                if len(events) >= entries:
                    events.clear()
                events[text] = event
        return event

    return parse_line


#: A compact, flat JSON object (what the simulator, the recorder and most tools write): string
#: values without escapes or control characters, integers of at most 15 digits, keys of lower-case
#: letters, no white space. Such a line reads to the same object as the strict JSON reader would
#: give (``events.load_json``); anything else (spaces, escapes, ``true``, nesting) goes to it.
_FLAT = re.compile(r'\{(?:"[a-z_]{1,32}":(?:"[^"\\\x00-\x1f]*"|-?(?:0|[1-9][0-9]{0,14}))(?:,(?!\})|(?=\})))+\}')
_PAIR = re.compile(r'"([a-z_]{1,32})":(?:"([^"\\\x00-\x1f]*)"|(-?(?:0|[1-9][0-9]{0,14})))')


def flat_object(text: str) -> dict[str, str | int] | None:
    """The object of a compact, flat JSON line (see ``_FLAT``), or None when the line is not one
    (or names a key twice, which the strict reader refuses with its own message)."""
    if type(text) is not str or _FLAT.fullmatch(text) is None:
        return None
    obj: dict[str, str | int] = {}
    for key, string, number in _PAIR.findall(text):
        if key in obj:
            return None
        obj[key] = int(number) if number else string
    return obj


#: JSON's own reader, without the strict one's hooks: for a line a compact shape (``_shape``) matched,
#: which holds nothing those hooks refuse or read otherwise but a key named twice.
_decode = json.JSONDecoder().decode


def plain_claim(text: str) -> Event | None:
    """The event validation makes of a compact line of an event with an object among its fields
    (a ``score`` or ``end`` claim) in its model's field order (``_shape``), built without the strict
    reader and the validator; None for any other line, or one they refuse (a key named twice, an
    empty winner), which the caller parses, so that every refusal keeps its message.
    ``tests/adjudicator/test_event_cache.py`` holds both to one result."""
    if type(text) is not str or not text.startswith('{"type":"'):
        return None
    plan = (_TYPE_PLANS or _type_plans()).get(text[9 : text.find('"', 9)])
    if plan is None or not plan.nested or plan.shape.fullmatch(text) is None:
        return None
    obj = _decode(text)
    # a key ends in '":' and nothing else does (no string here holds a quote): their count is the
    # number of keys written, which the object read has fewer of when one is named twice
    keys = len(obj) + sum(len(value) for value in obj.values() if type(value) is dict)
    if keys != text.count('":'):
        return None
    return plan.build(obj, None)


#: Games of different settings kept by the memo of ``game`` lines (``game_memo``), of lines of at
#: most ``MAX_LINE_CHARS`` characters.
GAME_ENTRIES = 256


def _bounded(annotation: Any, metadata: list[Any]) -> tuple[Any, int, int] | None:
    """A field's type without its ``Annotated`` wrapper and the length bounds its constraints set
    (``min_length``, ``max_length``), or None where it has constraints of another kind."""
    metadata = list(metadata)
    if get_origin(annotation) is Annotated:
        annotation, *more = get_args(annotation)
        for extra in more:
            metadata.extend(extra.metadata if isinstance(extra, FieldInfo) else [extra])
    low, high = 0, 1 << 62
    for item in metadata:
        if isinstance(item, MinLen):
            low = item.min_length
        elif isinstance(item, MaxLen):
            high = item.max_length
        else:
            return None
    return annotation, low, high


def _string_bounds(annotation: Any, metadata: list[Any]) -> tuple[int, int] | None:
    """The length bounds of a string field (``str``, or ``Annotated[str, …]`` with ``min_length``
    and ``max_length``), or None for a field of another type or with other constraints."""
    got = _bounded(annotation, metadata)
    if got is None or got[0] is not str:
        return None
    return got[1], got[2]


class _GamePrefix:
    """The leading fields of the ``game`` model that hold names (the game's id, its players, its
    dealer: plain strings and lists of them, with their bounds), read from its declaration: a
    compact ``game`` line starts with them in the model's order (``line``, one group each)."""

    def __init__(self) -> None:
        self.fields: list[tuple[str, bool, int, int]] = []  # name, a list?, the bounds of a string
        pieces = [r'\{"type":"game"']
        validated = {name for d in GameEvent.__pydantic_decorators__.field_validators.values() for name in d.info.fields}
        for name, info in list(GameEvent.model_fields.items())[1:]:
            annotation: Any = info.annotation
            listed = get_origin(annotation) is list
            bounds = _string_bounds(get_args(annotation)[0], []) if listed else _string_bounds(annotation, info.metadata)
            if bounds is None or not info.is_required() or name in validated or "*" in validated or listed and info.metadata:
                break
            self.fields.append((name, listed, bounds[0], bounds[1]))
            value = r"\[((?:" + _STRING_RE + r"(?:,(?=\")|(?=\])))*)\]" if listed else '"(' + _STRING_RE[1:-1] + ')"'
            pieces.append(f',"{name}":' + value)
        self.line = re.compile("".join(pieces))
        self.models: dict[type[BaseModel], bool] = {}  # ``fits``, by model

    def fits(self, model: type[BaseModel]) -> bool:
        """Whether ``model`` (a ruleset's ``game`` model) reads the leading fields as the ``game``
        model declares them: the same fields, no validator of its own on them, and no model
        validator besides the ``game`` model's (one might check the seats). Read once per model."""
        known = self.models.get(model)
        if known is None:
            own = model.__pydantic_decorators__
            base = GameEvent.__pydantic_decorators__
            names = {name for name, _, _, _ in self.fields}
            validated = {name for d in own.field_validators.values() for name in d.info.fields}
            known = self.models[model] = (
                set(own.model_validators) == set(base.model_validators)
                and not validated & (names | {"*"})
                and all(repr(model.model_fields[name]) == repr(GameEvent.model_fields[name]) for name in names)
            )
        return known

    def values(self, groups: tuple[Any, ...]) -> dict[str, Any] | None:
        """The values validation makes of the captured fields, or None when one is out of bounds."""
        values: dict[str, Any] = {}
        for (name, listed, low, high), text in zip(self.fields, groups, strict=True):
            if listed:
                items = text[1:-1].split('","') if text else []
                if not all(low <= len(item) <= high for item in items):
                    return None
                values[name] = items
            elif low <= len(text) <= high:
                values[name] = text
            else:
                return None
        return values


def game_memo(parse: Callable[[str], E], *, entries: int = GAME_ENTRIES, longest: int = MAX_LINE_CHARS) -> Callable[[str], E]:
    """``parse`` (the reader of a log's first lines), remembering the ``game`` lines it read by
    everything but their names: a game line that differs from one read before only in the values
    of its leading name fields (``_GamePrefix``: its id, players and dealer, plain strings within
    their bounds, which the fields of its model take as they are: ``_GamePrefix.fits``) is the
    event read then with these values
    (``model_copy``), without the JSON reader and the options' validation. The options (the rest
    of the line) repeat from game to game; every other line, and a line that fails, is parsed
    every time. What a game line reads to depends on the registered rulesets (``RULESET_NAMES``,
    ``GAME_MODELS``): when they change, the memo starts afresh. Bounded like ``memoized``."""
    games: dict[str, Any] = {}
    registry: list[tuple[tuple[str, ...], tuple[Any, ...]]] = [((), ())]
    prefix = _GamePrefix()

    def parse_line(text: str) -> E:
        match = prefix.line.match(text) if type(text) is str else None
        if match is None:
            return parse(text)
        now = (tuple(RULESET_NAMES), tuple(GAME_MODELS.items()))
        if now != registry[0]:
            games.clear()
            registry[0] = now
        rest = text[match.end() :]
        known = games.get(rest)
        if known is not None and prefix.fits(type(known)):
            values = prefix.values(match.groups())
            if values is not None:
                copied: E = known.model_copy(update=values)
                return copied
        event = parse(text)
        if len(text) <= longest and len(games) < entries:
            games[rest] = event
        return event

    return parse_line


def with_flat_reader(validate: Callable[[dict[str, Any]], E], parse: Callable[[str], E]) -> Callable[[str], E]:
    """``parse``, reading compact flat lines with ``flat_object`` and handing the object to
    ``validate`` (which must be what ``parse`` does after its JSON read); every other line goes
    to ``parse`` itself, so messages about bad lines are its own."""

    def parse_line(text: str) -> E:
        obj = flat_object(text)
        return parse(text) if obj is None else validate(obj)

    return parse_line


_new = object.__new__
_set = object.__setattr__


def construct(model: type[M], values: dict[str, Any], given: set[str] | None = None) -> M:
    """A ``model`` from ``values`` known to be what validation makes of them (every field, in the
    model's order; ``given``: those the input named, default all): the object pydantic's
    ``model_construct`` builds, without that method's generality (aliases, defaults, extra fields,
    private attributes: a model with any of these is not for this function)."""
    obj = _new(model)
    _set(obj, "__dict__", values)
    _set(obj, "__pydantic_fields_set__", set(values) if given is None else given)
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


class _Info:
    """What a field validator is handed as its ``ValidationInfo`` on the plain path: the context;
    and the values the validators made of what they were given under it (``memo``: a field
    validator reads only its value and the context, and the values of a field are few: cards)."""

    def __init__(self, context: dict[str, Any] | None) -> None:
        self.context = context
        self.data: dict[str, Any] = {}
        self.field_name: str | None = None
        self.config: Any = None
        self.mode = "python"
        self.memos: dict[int, dict[Any, Any]] = {}  # by ``_Field.number``


#: What ``_Field.take`` gives for a value that is not plainly valid.
_REFUSED: Final[Any] = object()


#: Values kept per context in ``_Info.memo`` (then it is read but no longer grows).
_VALIDATED_ENTRIES: Final = 1024
#: One ``_Info`` per context (a ruleset's ``parse_context``), and the one without.
_INFOS: Final[dict[int, _Info]] = {}
_NO_CONTEXT = _Info(None)


def _info(context: dict[str, Any] | None) -> _Info:
    """The ``_Info`` of ``context`` (kept while the context lives: a ruleset's)."""
    if context is None:
        return _NO_CONTEXT
    info = _INFOS.get(id(context))
    if info is None or info.context is not context:
        if len(_INFOS) >= 64:
            _INFOS.clear()
        info = _INFOS[id(context)] = _Info(context)
    return info


#: Numbers the fields of plainly read models (``_Field.number``).
_FIELD_NUMBERS = itertools.count()
#: How a field of a plainly read model takes a value (``_Field.kind``).
_LITERAL: Final = 0
_INT: Final = 1
_STR: Final = 2
_INT_MAP: Final = 3
#: A string without escapes or control characters, and an integer of at most 15 digits, in JSON:
#: what ``_decode`` reads exactly as the strict reader does.
_STRING_RE = r'"[^"\\\x00-\x1f]*"'
_INT_RE = r"-?(?:0|[1-9][0-9]{0,14})"
_INT_MAP_RE = r"\{(?:" + _STRING_RE + ":" + _INT_RE + r"(?:,(?!\})|(?=\})))*\}"


class _Field:
    """One field of a plainly read model, as its declaration says: its kind, its bounds, the
    validators that run before and in place of the type check, and its default."""

    def __init__(self, name: str, kind: int, values: tuple[Any, ...], low: int, high: int, before: list[Any], plain: Any, required: bool, default: Any) -> None:
        self.name, self.kind, self.values, self.low, self.high = name, kind, values, low, high
        self.before, self.plain, self.required, self.default = before, plain, required, default
        self.number = next(_FIELD_NUMBERS)  # its key in ``_Info.memo``
        self.plain_info = plain is not None and _takes_info(plain)
        self.checked = bool(before) or plain is not None
        self.literals: dict[str, Any] = {json.dumps(v): v for v in values}  # a literal's JSON text: its value

    def take(self, value: Any, info: _Info) -> Any:
        """What validation makes of ``value``, or ``_REFUSED`` where it is not plainly valid."""
        if self.checked:
            memo = info.memos.get(self.number)
            if memo is None:
                memo = info.memos[self.number] = {}
            elif value in memo:
                return memo[value]
            given = value
            try:
                for validator, with_info in self.before:
                    value = validator(value, info) if with_info else validator(value)
                if self.plain is not None:
                    value = self.plain(value, info) if self.plain_info else self.plain(value)
                    if len(memo) < _VALIDATED_ENTRIES:
                        memo[given] = value
                    return value
            except Exception:  # a refusal: the validator says why, on the strict path
                return _REFUSED
        kind = self.kind
        if kind == _STR:
            return value if type(value) is str and self.low <= len(value) <= self.high else _REFUSED
        if kind == _INT:
            return value if type(value) is int else _REFUSED
        if kind == _LITERAL:
            return value if value in self.values else _REFUSED
        if type(value) is dict and all(type(k) is str and type(v) is int for k, v in value.items()):
            return value
        return _REFUSED

    def pattern(self) -> str:
        """The value as a compact line writes it (``_STRING_RE``, ``_INT_RE``, ``_INT_MAP_RE``)."""
        if self.kind == _LITERAL:
            return "(?:" + "|".join(re.escape(json.dumps(v)) for v in self.values) + ")"
        if self.plain is not None:
            return "(?:" + _STRING_RE + "|" + _INT_RE + ")"
        return {_STR: _STRING_RE, _INT: _INT_RE}.get(self.kind, _INT_MAP_RE)

    def capture(self) -> str:
        """``pattern`` with the value captured (``_Plan.read``): a string's text without its
        quotes, a number's or a literal's JSON text, an object's JSON text; a string and a number
        in two groups where the plain validator takes either."""
        if self.plain is not None:
            return '(?:"(' + _STRING_RE[1:-1] + ')"|(' + _INT_RE + "))"
        if self.kind == _STR:
            return '"(' + _STRING_RE[1:-1] + ')"'
        return "(" + self.pattern() + ")"


class _Plan:
    """How to build a model from a decoded line without its validator: every field in the model's
    order (``_Field``), read from the model's declaration (``_plan``), then the model's ``after``
    validators (``after``: each with whether it takes the ``ValidationInfo``)."""

    def __init__(self, model: Any, fields: list[_Field], after: list[tuple[Any, bool]]) -> None:
        self.model: Any = model  # an event model (of the union, or a ruleset's subclass)
        self.fields = fields
        self.after = after
        self.names = frozenset(f.name for f in fields)
        self.nested = any(f.kind == _INT_MAP for f in fields)
        # every event model's first field is its ``type``, one literal: the line's own, by dispatch
        self.kind = fields[0].values[0]
        self.rest = fields[1:]
        # the compact line of this model: its keys in the model's order, optional ones left out
        pieces = []
        for i, f in enumerate(fields):
            piece = ("," if i else "") + f'"{f.name}":' + f.pattern()
            pieces.append(piece if f.required else f"(?:{piece})?")
        self.shape = re.compile(r"\{" + "".join(pieces) + r"\}")
        # the same line with each value of ``rest`` captured (``read``): one group each, two (a
        # string, a number) for a field whose plain validator takes either
        groups = [f'"{fields[0].name}":' + fields[0].pattern()]
        for f in self.rest:
            piece = f',"{f.name}":' + f.capture()
            groups.append(piece if f.required else f"(?:{piece})?")
        self.line = re.compile(r"\{" + "".join(groups) + r"\}")
        #: the ``__pydantic_fields_set__`` of a line by which optional fields it gives (a bit per
        #: field of ``rest``): shared by the events read (frozen; a copy of an event copies its set)
        self.given: dict[int, set[str]] = {}

    def read(self, text: str, context: dict[str, Any] | None) -> Event | None:
        """The event validation makes of ``text`` when it is the compact line of this model (its
        keys in the model's order, ``line``) and every field is plainly valid; None otherwise
        (the caller then reads the line another way, which says what is wrong with it)."""
        match = self.line.fullmatch(text)
        if match is None:
            return None
        groups = match.groups()
        values: dict[str, Any] = {"type": self.kind}
        info = _info(context)
        at = 0
        mask = 0
        bit = 1
        for f in self.rest:
            kind = f.kind
            value: Any = groups[at]
            if f.plain is not None:  # a string or a number: the validator takes either
                number = groups[at + 1]
                at += 2
                if number is not None:
                    value = int(number)
            else:
                at += 1
            if value is None:  # an optional field left out
                values[f.name] = f.default
                bit <<= 1
                continue
            mask |= bit
            bit <<= 1
            if f.plain is not None:
                pass  # a string or a number, as the line gives it: the validator's
            elif kind == _INT:
                value = int(value)
            elif kind == _INT_MAP:
                value = _int_map(value)
                if value is None:
                    return None
            elif kind == _LITERAL:
                value = f.literals[value]
            if f.checked:
                value = f.take(value, info)
                if value is _REFUSED:
                    return None
            elif kind == _STR and not f.low <= len(value) <= f.high:
                return None
            values[f.name] = value
        given = self.given.get(mask)
        if given is None:
            given = self.given[mask] = {"type", *(f.name for i, f in enumerate(self.rest) if mask >> i & 1)}
        return self.finish(construct(self.model, values, given), info)

    def finish(self, event: Event, info: _Info) -> Event | None:
        """``event`` after the model's ``after`` validators, or None when one refuses it."""
        for validator, with_info in self.after:
            try:
                event = validator(event, info) if with_info else validator(event)
            except Exception:  # a refusal: the validator says why, on the strict path
                return None
        return event

    def build(self, obj: dict[str, Any], context: dict[str, Any] | None) -> Event | None:
        """The event validation makes of ``obj`` (whose ``type`` chose this plan), or None when a
        field is not plainly valid (or missing, or unknown), which the validator then says."""
        values: dict[str, Any] = {"type": self.kind}
        found = 1
        info = _info(context)
        for f in self.rest:
            name = f.name
            if name in obj:
                value = obj[name]
                if f.kind == _STR and not f.checked:  # the most common: a name
                    if type(value) is not str or not f.low <= len(value) <= f.high:
                        return None
                else:
                    value = f.take(value, info)
                    if value is _REFUSED:
                        return None
                values[name] = value
                found += 1
            elif f.required:
                return None
            else:
                values[name] = f.default
        if found != len(obj):
            return None
        event: Event = construct(self.model, values, set(obj))
        return self.finish(event, info) if self.after else event


def _int_map(text: str) -> dict[str, int] | None:
    """The object of a compact map of plain strings to integers (``_INT_MAP_RE``), or None when it
    names a key twice (which the strict reader refuses with its own message)."""
    obj: dict[str, int] = _decode(text)
    # a key ends in '":' and nothing else does (no string here holds a quote)
    return obj if len(obj) == text.count('":') else None


#: The plan of each model (None: not plainly readable), made on first use.
_PLANS: Final[dict[type[BaseModel], _Plan | None]] = {}


def _plan(model: type[BaseModel]) -> _Plan | None:
    """``model``'s plan (``_Plan``), or None when validation does more than its fields' types,
    bounds, field validators and ``after`` model validators say: a model validator of another
    mode, a field of another kind, an ``after`` or ``wrap`` field validator, a lax or open model.
    Read once from the model's declaration."""
    if model in _PLANS:
        return _PLANS[model]
    plan: _Plan | None = None
    config = model.model_config
    decorators = model.__pydantic_decorators__
    after = [(getattr(model, d.cls_var_name), _takes_info(getattr(model, d.cls_var_name))) for d in decorators.model_validators.values()]
    plain_only = all(d.info.mode == "after" for d in decorators.model_validators.values())
    if config.get("strict") and config.get("extra") == "forbid" and plain_only:
        fields = [_field(model, name) for name in model.model_fields]
        first = fields[0] if fields else None
        if all(f is not None for f in fields) and first is not None and first.name == "type" and first.kind == _LITERAL and len(first.values) == 1:
            plan = _Plan(model, [f for f in fields if f is not None], after)
    _PLANS[model] = plan
    return plan


def _field(model: type[BaseModel], name: str) -> _Field | None:
    """The ``_Field`` of ``model``'s field ``name``, or None when it is of no kind read plainly."""
    info = model.model_fields[name]
    before: list[Any] = []
    plain: Any = None
    for decorator in model.__pydantic_decorators__.field_validators.values():
        if name not in decorator.info.fields and "*" not in decorator.info.fields:
            continue
        bound = getattr(model, decorator.cls_var_name)
        if decorator.info.mode == "before":
            before.append((bound, _takes_info(bound)))
        elif decorator.info.mode == "plain":
            plain = bound
        else:
            return None
    annotation: Any = info.annotation
    metadata = list(info.metadata)
    if get_origin(annotation) in (Union, UnionType):  # X | None with None as its default
        members = [a for a in get_args(annotation) if a is not type(None) and not _is_none(a)]
        if len(members) != 1 or info.default is not None:
            return None
        annotation = members[0]
    bounded = _bounded(annotation, metadata)
    if bounded is None:
        return None
    annotation, low, high = bounded
    values: tuple[Any, ...] = ()
    if get_origin(annotation) is Literal:
        kind, values = _LITERAL, get_args(annotation)
    elif annotation is int and plain is None:
        kind = _INT
    elif annotation is str:
        kind = _STR
    elif annotation == dict[str, int] and plain is None:
        kind = _INT_MAP
    else:
        return None
    if kind != _STR and (low, high) != (0, 1 << 62) or kind == _INT_MAP and before:
        return None  # bounds only on strings; a validated value must be hashable (``_Info.memos``)
    required = info.is_required()
    if not required and (info.default_factory is not None or isinstance(info.default, (list, dict, set))):
        return None  # a default made per event, or one that is not a constant: the validator's
    return _Field(name, kind, values, low, high, before, plain, required, None if required else info.default)


def _takes_info(validator: Any) -> bool:
    """Whether a field validator (bound to its model) takes the ``ValidationInfo`` after the value."""
    return len(inspect.signature(validator).parameters) >= 2


def _is_none(annotation: Any) -> bool:
    """True for ``Annotated[None, …]`` (a member of a union that only ever holds None)."""
    return get_origin(annotation) is Annotated and get_args(annotation)[0] is type(None)


#: The models of the event union by type (``events.Event``), made on first use.
_BASE: Final[dict[str, type[BaseModel]]] = {}


def _base_models() -> dict[str, type[BaseModel]]:
    """The model of each event type of ``events.Event`` (its union, the one list of events)."""
    if not _BASE:
        union = get_args(getattr(events_module, "Event"))[0]  # noqa: B009 (a type alias, read as a value)
        for model in get_args(union):
            _BASE[get_args(model.model_fields["type"].annotation)[0]] = model
    return _BASE


def plain_event(obj: dict[str, Any], context: dict[str, Any], target_event: type[TargetEvent] = TargetEvent) -> Event | None:
    """The event validation makes of ``obj`` (a compact flat line's object, ``flat_object``:
    string and integer values only) when every field is plainly valid, built without running the
    validator, as the event's model declares its fields (``_plan``: read from the models, the one
    definition of each event); ``target`` lines as ``target_event``, the ruleset's model
    (``context`` is the ruleset's ``parse_context``). None for anything else, which the caller
    validates, so that every refusal keeps its message. ``tests/adjudicator/test_event_cache.py``
    holds both to one result.
    """
    kind = obj.get("type")
    if kind == "target":
        plan = _plan(target_event)
    else:
        plans = _TYPE_PLANS or _type_plans()
        plan = plans.get(kind) if type(kind) is str else None
    return None if plan is None else plan.build(obj, context)


#: The plan of each type of ``events.Event`` (``_type_plans``).
_TYPE_PLANS: Final[dict[str, _Plan | None]] = {}


def _type_plans() -> dict[str, _Plan | None]:
    """The plan of each event type's model in ``events.Event``, made on first use."""
    for kind, model in _base_models().items():
        _TYPE_PLANS[kind] = _plan(model)
    return _TYPE_PLANS


def line_plans(target_event: type[TargetEvent] = TargetEvent) -> dict[str, _Plan]:
    """The plan of each event type a ruleset's lines are read with (``target`` lines as
    ``target_event``), for the types that have one (``_plan``)."""
    plans = {kind: plan for kind, plan in (_TYPE_PLANS or _type_plans()).items() if plan is not None}
    target = _plan(target_event)
    if target is None:
        plans.pop("target", None)
    else:
        plans["target"] = target
    return plans


def plain_line(text: str, context: dict[str, Any] | None, target_event: type[TargetEvent] = TargetEvent) -> Event | None:
    """The event validation makes of a compact line written in its model's field order (as the
    simulator and the recorder write them: no white space, strings without escapes, integers of
    at most 15 digits), read with one regular expression per event type (``_Plan.read``: derived
    from the model's declaration) instead of the JSON reader, and built without the validator;
    None for any other line, or one a field or validator refuses, which the caller reads the
    strict way, so that every refusal keeps its message. ``tests/adjudicator/test_event_cache.py``
    holds both to one result."""
    if type(text) is not str or not text.startswith('{"type":"'):
        return None
    plan = line_plans(target_event).get(text[9 : text.find('"', 9)])
    return None if plan is None else plan.read(text, context)


def typed_flat_reader(
    validate: Callable[[dict[str, Any]], Event], parse: Callable[[str], Event], context: dict[str, Any],
    target_event: type[TargetEvent] = TargetEvent,
) -> Callable[[str], Event]:
    """The reader of a ruleset's lines (``context``: its ``parse_context``, ``target_event`` its
    target model): a compact line in its model's field order is read by ``plain_line``; any other
    compact flat line whose fields are plainly valid is built by ``plain_event``, any other flat
    line handed to ``validate``; a compact claim built by ``plain_claim``; any other line handed
    to ``parse``."""
    plans = line_plans(target_event)

    def parse_line(text: str) -> Event:
        if type(text) is str and text.startswith('{"type":"'):
            plan = plans.get(text[9 : text.find('"', 9)])
            if plan is not None:
                read = plan.read(text, context)
                if read is not None:
                    return read
        obj = flat_object(text)
        if obj is None:
            claim = plain_claim(text)
            return parse(text) if claim is None else claim
        event = plain_event(obj, context, target_event)
        return validate(obj) if event is None else event

    return parse_line
