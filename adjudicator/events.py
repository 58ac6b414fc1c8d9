"""The events of a flip7-log/1 game log: frozen pydantic models in a union on ``type``.

``parse_event(text)`` turns one line into an event or raises ``RuleViolation`` with code
``bad_event`` and a message that names the field or value at fault. JSON is read strictly:
duplicate keys, ``NaN``/``Infinity`` and non-object lines are refused.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Sequence
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    create_model,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from adjudicator.errors import RuleViolation
from adjudicator.source import MAX_LINE_BYTES, TooLongLine

#: Bounds where the contract is silent (docs/decisions.md): how deep a line's JSON may nest (the
#: line's own object is level 1; events need 2), digits in one integer, decks, a name's length.
MAX_DEPTH = 32
MAX_DIGITS = 15
MAX_DECKS = 100
MAX_NAME_LENGTH = 200

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_LENGTH, description="a seated player's name, compared exactly")]


def _card_name(value: Any, info: Any, key: str = "cards") -> str:
    """Normalise a card: an integer means the number card of that value.

    The validation context (the game's ruleset, see ``Ruleset.parse_context``) names the cards
    under ``key`` and the numbers; a log line is always read with one (``parse_event`` defaults to
    the base game's). Events built in code, with no context, are trusted to name a real card.
    """
    context = info.context if info is not None else None
    if isinstance(value, int) and not isinstance(value, bool):
        name = str(value)
        if context is not None and name not in context["numbers"]:
            raise PydanticCustomError(
                "unknown_card", "{card} is not a card of this ruleset (an integer means a number card)", {"card": value}
            )
        return name
    if isinstance(value, HugeInteger):
        raise PydanticCustomError("huge_integer", "{number}", {"number": value.describe()})
    if isinstance(value, str):
        if context is not None and value not in context[key]:
            hint = _meant(value, sorted(context[key]))
            raise PydanticCustomError("unknown_card", "{card} is not a card of this ruleset{hint}", {"card": repr(value), "hint": hint})
        return value
    raise PydanticCustomError("card_type", "a card is a string (or an integer for a number card)")


#: How a log line is read when no ruleset is known yet (the ``game`` line itself): with the default
#: ruleset's cards (its ``Ruleset.parse_context``), which the registry (``adjudicator.rulesets``) puts here.
BASE_CONTEXT: dict[str, Any] = {}


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class _HasCard(_Event):
    @field_validator("card", mode="plain", check_fields=False)
    @classmethod
    def _check_card(cls, value: Any, info: Any) -> str:
        return _card_name(value, info)


class GameEvent(_Event):
    """First line of every log: the seating, the first dealer and the game's options.

    The options every ruleset has are fields here; a ruleset's own options are fields of its
    **options model**, a subclass of this model (``Ruleset.game_event``, e.g. the base game's
    ``edition``). A ``game`` line is read with the model of the ruleset it names (the registry
    lists them in ``GAME_MODELS``), strictly: a field no ruleset has is refused. An option of
    another registered ruleset is read with that ruleset's model and, unless at its default, kept
    in ``foreign`` for the game's ruleset to refuse (``Ruleset.check_options``).
    """

    type: Literal["game"]
    id: str
    players: list[Name]
    dealer: Name
    ruleset: str = Field("flip7", description="the ruleset's name, one of the registry's (adjudicator.rulesets)")
    target: int = Field(200, ge=1)
    rounds: int | None = Field(None, ge=1)
    decks: int = Field(1, ge=1, le=MAX_DECKS)
    _foreign: dict[str, Any] = PrivateAttr(default_factory=dict)

    @field_validator("ruleset", mode="plain")
    @classmethod
    def _known_ruleset(cls, value: Any) -> str:
        if isinstance(value, str) and value in RULESET_NAMES:
            return value
        names = [repr(name) for name in RULESET_NAMES]
        expected = " or ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} or {names[-1]}"
        near = difflib.get_close_matches(value, RULESET_NAMES, n=1, cutoff=0.6) if isinstance(value, str) else []
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected, "hint": hint})

    def __init__(self, /, **data: Any) -> None:
        """Build a ``game`` event in code; it is an instance of its ruleset's options model."""
        name = data.get("ruleset", "flip7")
        # a ruleset that is not a name (an object, a list) is refused by the field's validator
        model = GAME_MODELS.get(name) if type(self) is GameEvent and isinstance(name, str) else None
        if model is not None and model is not GameEvent:
            object.__setattr__(self, "__class__", model)  # the same layout: a subclass adding fields
        super().__init__(**data)

    @model_validator(mode="wrap")
    @classmethod
    def _ruleset_options(cls, data: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> Any:
        """Read the line with its ruleset's options model (see the class)."""
        if not isinstance(data, dict):
            return handler(data)
        if cls is GameEvent:
            name = data.get("ruleset", "flip7")
            model = GAME_MODELS.get(name) if isinstance(name, str) else None
            if model is None:  # an unknown ruleset: the ruleset field says so; any ruleset's options pass
                known = option_fields()
                return handler({key: value for key, value in data.items() if key not in known})
            if model is not GameEvent:
                return model.model_validate(data, context=info.context)
        owners = _option_owners()
        foreign = {key: value for key, value in data.items() if key not in cls.model_fields and key in owners}
        if not foreign:
            return handler(data)
        game = handler({key: value for key, value in data.items() if key not in foreign})
        for key, value in foreign.items():
            owner = owners[key]
            read = getattr(_options_only(owner).model_validate({key: value}, context=info.context), key)
            if read != owner.model_fields[key].get_default(call_default_factory=True):
                game._foreign[key] = read
        return game

    @model_serializer(mode="wrap")
    def _with_foreign(self, handler: SerializerFunctionWrapHandler) -> Any:
        """The line as it was read: another ruleset's options set on it are written back too."""
        data = handler(self)
        if self._foreign and isinstance(data, dict):
            data.update(self._foreign)
        return data

    @property
    def foreign(self) -> dict[str, Any]:
        """Options of other rulesets this line sets to other than their defaults (refused when the
        game is applied, ``Ruleset.check_options``)."""
        return dict(self._foreign)

    @classmethod
    def options(cls) -> dict[str, Any]:
        """This model's own options (the fields it adds to ``GameEvent``), by name."""
        return {name: info for name, info in cls.model_fields.items() if name not in GameEvent.model_fields}

    def option_values(self) -> dict[str, Any]:
        """The values of this game's ruleset's own options."""
        return {name: self.__dict__[name] for name in self.options()}

    def mode(self) -> str | None:
        """The variant of its ruleset this game plays, as its label names it (``brutal``), or None.

        A ruleset's mode is a boolean option listed in its model's ``modes``."""
        return next((name for name in self.modes if self.__dict__.get(name) is True), None)

    #: The boolean options that name a variant of the ruleset (``ruleset_label``: ``vengeance (brutal)``).
    modes: ClassVar[tuple[str, ...]] = ()


#: Each registered ruleset's ``game`` model (its options model) by name: the registry
#: (``adjudicator.rulesets``) fills it with ``RULESET_NAMES`` (this module cannot ask it).
GAME_MODELS: dict[str, type[GameEvent]] = {}


def option_fields() -> dict[str, Any]:
    """Every registered ruleset's own options (name → field), the first ruleset's where two share one."""
    fields: dict[str, Any] = {}
    for model in GAME_MODELS.values():
        for name, info in model.options().items():
            fields.setdefault(name, info)
    return fields


def _option_owners() -> dict[str, type[GameEvent]]:
    owners: dict[str, type[GameEvent]] = {}
    for model in GAME_MODELS.values():
        for name in model.options():
            owners.setdefault(name, model)
    return owners


_OPTIONS_ONLY: dict[type[GameEvent], type[BaseModel]] = {}


def _options_only(model: type[GameEvent]) -> type[BaseModel]:
    """A model of ``model``'s own options alone (to read another ruleset's option on a line)."""
    if model not in _OPTIONS_ONLY:
        fields: Any = {name: (info.annotation, info) for name, info in model.options().items()}
        _OPTIONS_ONLY[model] = create_model(f"{model.__name__}Options", __config__=_Event.model_config, **fields)
    return _OPTIONS_ONLY[model]


#: The names a ``game`` event's ``ruleset`` may take: the registry (``adjudicator.rulesets``) lists
#: its kits here, in its order (this module comes before the rulesets, so it cannot ask them).
RULESET_NAMES: list[str] = []


class RoundEvent(_Event):
    """A round begins (``dealer`` is checked when given)."""

    type: Literal["round"]
    round: int
    dealer: Name | None = Field(None, json_schema_extra={"nullable": False})

    @field_validator("dealer", mode="before")
    @classmethod
    def _no_null_dealer(cls, value: Any) -> Any:
        if value is None:
            raise PydanticCustomError("null", "dealer may be left out but not null")
        return value


class CardEvent(_HasCard):
    """A card is revealed face up to ``player`` (deal, hit or forced draw)."""

    type: Literal["card"]
    player: Name
    card: str = Field(description='card name, as the ruleset of the game names it (e.g. "7"); an integer means a number card')


class HitEvent(_Event):
    """``player`` asks for another card on their turn."""

    type: Literal["hit"]
    player: Name


class StayEvent(_Event):
    """``player`` stops and banks their row."""

    type: Literal["stay"]
    player: Name


class TargetEvent(_Event):
    """``player``, holding action ``card``, gives it to ``target``.

    A ruleset whose targets carry more fields subclasses this model (``Ruleset.target_event``).
    """

    type: Literal["target"]
    player: Name
    card: str
    target: Name

    @field_validator("card", mode="plain", check_fields=False)
    @classmethod
    def _check_card(cls, value: Any, info: Any) -> str:
        return _card_name(value, info, "target_cards")


class ShuffleEvent(_Event):
    """The discard pile is shuffled into a new draw pile (only when the draw pile is empty)."""

    type: Literal["shuffle"]


class ScoreEvent(_Event):
    """A claim: the scores of a finished round as the table wrote them."""

    type: Literal["score"]
    round: int
    scores: dict[str, int]


class EndEvent(_Event):
    """A claim: the game is over, ``winner`` won (with these ``totals`` when given)."""

    type: Literal["end"]
    winner: Name
    totals: dict[str, int] = Field(default=None, json_schema_extra={"nullable": False})  # type: ignore[arg-type]


def _card_list(value: Any, info: Any) -> list[str]:
    if not isinstance(value, list):
        raise PydanticCustomError("card_list", "a list of cards is expected")
    return [_card_name(card, info) for card in value]


class PositionPlayer(BaseModel):
    """One player in a ``position``: the cards in front of them and, if they are out, how."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    row: list[str] = Field(default_factory=list, description="the cards in front of the player (numbers, modifiers, a held Second Chance …)")
    out: str | None = Field(None, description='how the player is out of the round ("stayed", "frozen", "busted"); left out while they are in')

    @field_validator("row", mode="plain")
    @classmethod
    def _check_row(cls, value: Any, info: Any) -> list[str]:
        return _card_list(value, info)


class PositionEvent(_Event):
    """An extension of flip7-log/1: the log starts from a described moment of round ``round``.

    Right after the ``game`` line. Every card not in a row and not in ``discards`` is in the draw
    pile. ``turn`` is the player whose move (hit or stay) it is; ``totals`` the game totals before
    this round.
    """

    type: Literal["position"]
    round: int = Field(ge=1)
    dealer: Name
    players: dict[str, PositionPlayer]
    turn: Name | None = Field(None, json_schema_extra={"nullable": False})
    totals: dict[str, int] = Field(default_factory=dict)
    discards: list[str] = Field(default_factory=list)

    @field_validator("discards", mode="plain")
    @classmethod
    def _check_discards(cls, value: Any, info: Any) -> list[str]:
        return _card_list(value, info)


Event = Annotated[
    GameEvent | RoundEvent | CardEvent | HitEvent | StayEvent | TargetEvent | ShuffleEvent | ScoreEvent | EndEvent | PositionEvent,
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


def event_adapter(target_event: type[TargetEvent]) -> TypeAdapter[Event]:
    """A validator for the events of a ruleset whose ``target`` events are ``target_event``."""
    members = (GameEvent, RoundEvent, CardEvent, HitEvent, StayEvent, target_event, ShuffleEvent, ScoreEvent, EndEvent, PositionEvent)
    union: Any = Annotated[Union[members], Field(discriminator="type")]  # noqa: UP007 (built at run time)
    return TypeAdapter(union)
EVENT_TYPES = ("game", "round", "card", "hit", "stay", "target", "shuffle", "score", "end", "position")
#: The ``game`` fields that are options every ruleset has (each ruleset adds its own: ``option_fields``).
_COMMON_OPTIONS = {"ruleset", "target", "rounds", "decks"}


class _StrictJSONError(ValueError):
    pass


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _StrictJSONError(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return obj


def _no_constant(name: str) -> Any:
    raise _StrictJSONError(f"{name} is not allowed in a log (strict JSON)")


class HugeInteger:
    """Stands in for a JSON integer of more than ``MAX_DIGITS`` digits, so validation refuses it
    naming its field (and no int/str conversion of thousands of digits is ever attempted)."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def describe(self) -> str:
        """What is wrong with it, in words."""
        return f"a number of {self.digits:,} digits (integers in a log have at most {MAX_DIGITS} digits)"

    def __repr__(self) -> str:
        return f"<a number of {self.digits:,} digits>"


def _integer(text: str) -> int | HugeInteger:
    digits = len(text) - text.startswith("-")
    return int(text) if digits <= MAX_DIGITS else HugeInteger(digits)


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_no_constant, parse_int=_integer)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?')
_BRACKETS = re.compile(r"[\[\]{}]")


def _too_deep(text: str) -> bool:
    """True if the line's JSON nests deeper than ``MAX_DEPTH`` (brackets inside strings do not count)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


def _has_lone_surrogate(value: Any) -> bool:
    """True if any string (key or value) holds an unpaired surrogate, which cannot be encoded."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


def _bad(rule: str, message: str) -> RuleViolation:
    return RuleViolation("bad_event", rule, message)


def load_json(text: str) -> dict[str, Any]:
    """Read one line as a strict JSON object, or raise a ``bad_event`` ``RuleViolation``."""
    if isinstance(text, TooLongLine):
        raise _bad("log.line", f"the line is {text.length:,} bytes long; lines may be at most {MAX_LINE_BYTES:,} bytes")
    if _too_deep(text):
        raise _bad("log.line", f"the line's JSON is nested too deeply: at most {MAX_DEPTH} levels of objects and lists")
    try:
        obj = _DECODER.decode(text)
    except _StrictJSONError as exc:
        raise _bad("log.line", f"the line is not strict JSON: {exc}") from None
    except json.JSONDecodeError as exc:
        # some of json's messages end in "at" themselves ("Invalid control character at")
        raise _bad("log.line", f"the line is not valid JSON: {exc.msg.removesuffix(' at')} at column {exc.colno}") from None
    except (ValueError, RecursionError) as exc:
        raise _bad("log.line", f"the line is not usable JSON: {exc}") from None
    if "\\u" in text and _has_lone_surrogate(obj):
        raise _bad("log.line", "the line holds a \\u escape of half a surrogate pair (\\ud800–\\udfff alone), which is not text")
    if not isinstance(obj, dict):
        kind = "a list" if isinstance(obj, list) else f"a {type(obj).__name__}" if obj is not None else "null"
        raise _bad("log.line", f"the line holds {kind}, not a JSON object with a \"type\"")
    return obj


def parse_event(text: str, context: dict[str, Any] | None = None, adapter: TypeAdapter[Event] = EVENT_ADAPTER) -> Event:
    """Parse one log line into an event; raise ``RuleViolation`` (``bad_event``) naming the fault.

    ``context`` and ``adapter`` come from the game's ruleset (``Ruleset.parse`` passes them): its
    card names and its ``target`` fields. Without them the base game's are used.
    """
    return validate_event(load_json(text), context, adapter)


def validate_event(obj: Any, context: dict[str, Any] | None = None, adapter: TypeAdapter[Event] = EVENT_ADAPTER) -> Event:
    """Validate an already-decoded JSON object as an event (see ``parse_event``)."""
    if isinstance(obj, dict) and "type" in obj and isinstance(obj["type"], str) and obj["type"] not in EVENT_TYPES:
        raise _bad("log.event", f"unknown event type {obj['type']!r}; known types: {', '.join(EVENT_TYPES)}")
    try:
        return adapter.validate_python(obj, context=BASE_CONTEXT if context is None else context)
    except ValidationError as exc:
        raise _describe(exc, obj) from None


def _where(loc: tuple[Any, ...]) -> str:
    # loc[0] is the union's tag (the event type); the rest is the path to the field.
    return ".".join(str(p) for p in loc[1:])


#: The fields of each event type's model (for "did you mean" on an unknown field).
_FIELDS: dict[str, tuple[str, ...]] = {
    model.model_fields["type"].annotation.__args__[0]: tuple(model.model_fields)  # type: ignore[union-attr]
    for model in (GameEvent, RoundEvent, CardEvent, HitEvent, StayEvent, TargetEvent, ShuffleEvent, ScoreEvent, EndEvent, PositionEvent)
}
_FIELDS["position.player"] = tuple(PositionPlayer.model_fields)


def _meant(word: str, choices: Sequence[str]) -> str:
    """`` (did you mean 'player'?)`` when one of ``choices`` is close to ``word``, else ``""``."""
    lowered = {c.lower(): c for c in choices}
    if word.lower() in lowered:
        return f" (did you mean {lowered[word.lower()]!r}?)"
    same_start = [c for c in choices if c[:1] == word[:1]]
    found = difflib.get_close_matches(word, same_start, n=1, cutoff=0.5) or difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {found[0]!r}?)" if found else ""


def _describe(exc: ValidationError, obj: Any) -> RuleViolation:
    """Turn pydantic's first error into a message a person can act on.

    An unknown field is reported before the fields it leaves missing, since a typo ("palyer")
    is both, and the message names the field that was probably meant.
    """
    errors = exc.errors(include_url=False)
    extra = [e for e in errors if e["type"] == "extra_forbidden"]
    err = extra[0] if extra else errors[0]
    kind = err["type"]
    loc = err["loc"]
    where = _where(loc)
    event_type = obj.get("type") if isinstance(obj, dict) else None
    what = f"the {event_type!r} event" if isinstance(event_type, str) else "the event"
    if isinstance(err.get("input"), HugeInteger) and kind not in ("extra_forbidden", "huge_integer"):
        return _bad("log.event", f"{what}: field {where!r} — {err['input'].describe()}")
    if kind in ("union_tag_not_found", "model_attributes_type", "dict_type") and not where:
        if not isinstance(obj, dict):
            return _bad("log.line", "the line is not a JSON object")
        return _bad("log.event", 'the event has no "type"')
    if kind == "union_tag_invalid":
        return _bad("log.event", f'"type" must be a string naming an event type ({", ".join(EVENT_TYPES)})')
    if kind == "missing":
        return _bad("log.event", f"{what} needs the field {where!r}")
    if kind == "extra_forbidden":
        missing = [str(e["loc"][-1]) for e in errors if e["type"] == "missing" and e["loc"][:-1] == loc[:-1]]
        known = _FIELDS.get("position.player" if event_type == "position" and len(loc) == 4 else str(event_type), ())
        if event_type == "game":
            known = (*known, *option_fields())
        hint = _meant(str(loc[-1]), missing) or _meant(str(loc[-1]), [f for f in known if f != "type"])
        return _bad("log.event", f"{what} has no field {where!r}{hint} (unknown fields are refused so typos are caught)")
    if kind in ("unknown_card", "card_type", "huge_integer"):
        return _bad("log.card", f"{what}: {err['msg']} (field {where!r})")
    field_name = str(loc[1]) if len(loc) > 1 else where
    if event_type == "game" and (field_name in _COMMON_OPTIONS or field_name in option_fields()) and kind in ("literal_error", "greater_than_equal", "less_than_equal"):
        hint = (err.get("ctx") or {}).get("hint", "")
        return _bad("setup.game", f"game option {field_name!r}: {err['msg']}, got {_shown(err.get('input'), repr)}{hint}")
    if kind in ("too_short", "string_too_short") and event_type in ("game", "round", "card", "hit", "stay", "target", "end"):
        return _bad("setup.game" if event_type == "game" else "log.event", f"{what}: field {where!r} must not be empty")
    if kind == "string_too_long":
        return _bad("setup.game" if event_type == "game" else "log.event", f"{what}: field {where!r} — {err['msg'].lower()}")
    return _bad("log.event", f"{what}: field {where!r} — {err['msg'].lower()}, got {_shown(err.get('input'))}")


def _shown(got: Any, scalar: Callable[[Any], str] = json.dumps) -> str:
    """A value as a message shows it: a scalar as ``scalar`` writes it, anything else (an object, a
    list: a line may hold 64 KB of them) by its kind."""
    return "null" if got is None else scalar(got) if isinstance(got, (bool, int, float, str)) else type(got).__name__


def event_json_schema(target_events: Sequence[type[TargetEvent]] = ()) -> dict[str, Any]:
    """The JSON Schema of one log line (any event), as ``flip7 schema`` prints it.

    ``target_events``: the ``target`` models of every ruleset (the caller asks the registry,
    ``adjudicator.rulesets.target_events()``, which builds on this module); a ``target`` line is
    then any one of them. None given: the base ``target`` model alone.
    """
    schema = EVENT_ADAPTER.json_schema()
    extra = [model for model in dict.fromkeys(target_events) if model is not TargetEvent]
    if extra:
        defs = schema["$defs"]
        variants = [{"$ref": "#/$defs/TargetEvent_flip7"}]
        defs["TargetEvent_flip7"] = defs.pop("TargetEvent")
        for model in extra:
            sub = TypeAdapter(model).json_schema(ref_template="#/$defs/{model}")
            defs.update(sub.pop("$defs", {}))
            defs[model.__name__] = sub
            variants.append({"$ref": f"#/$defs/{model.__name__}"})
        defs["TargetEvent"] = {"title": "TargetEvent", "description": "a target event of any ruleset", "anyOf": variants}
    schema["title"] = "flip7-log/1 event"
    schema["description"] = "One line of a flip7-log/1 game log (JSON Lines)."
    return schema
