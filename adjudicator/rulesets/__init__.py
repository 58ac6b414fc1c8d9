"""The registry of rulesets: one kit per ruleset, listed here (``KITS``), selected by the ``game``
event's ``ruleset`` field.

Shared layers ask this registry for a ruleset (``find_ruleset``, ``find_kit``) and never import a
ruleset's package. Registration is this explicit list, not a side effect of importing a kit;
``register`` adds or replaces one (for a test, or a package that brings its own ruleset).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pydantic import TypeAdapter

from adjudicator.errors import UnsupportedRuleset
from adjudicator.events import BASE_CONTEXT, GAME_MODELS, RULESET_NAMES, GameEvent, TargetEvent
from adjudicator.events import event_json_schema as _event_json_schema
from adjudicator.rulesets import base, vengeance
from adjudicator.rulesets.kit import Kit
from adjudicator.state import Ruleset

#: Every ruleset this version ships, in the order help texts and schemas list them.
KITS: tuple[Kit, ...] = (base.KIT, vengeance.KIT)

#: The registered kits by name (``KITS``, plus any added by ``register``).
KITS_BY_NAME: dict[str, Kit] = {kit.name: kit for kit in KITS}

#: The registered rulesets' rules by name (what the engine asks), kept in step with ``KITS_BY_NAME``.
RULESETS: dict[str, Ruleset] = {kit.name: kit.rules for kit in KITS}
RULESET_NAMES[:] = RULESETS  # what a game event's ruleset may name
GAME_MODELS.update({name: rules.game_event for name, rules in RULESETS.items()})  # and how its line reads
BASE_CONTEXT.update(RULESETS[GameEvent.model_fields["ruleset"].default].parse_context)  # a line before the game's


def register(ruleset: Ruleset | Kit) -> Ruleset:
    """Make ``ruleset`` (its rules, or a whole kit) the one a ``game`` event with its name selects,
    replacing any before; returns its rules."""
    kit = ruleset if isinstance(ruleset, Kit) else Kit(rules=ruleset)
    KITS_BY_NAME[kit.name] = kit
    RULESETS[kit.name] = kit.rules
    if kit.name not in RULESET_NAMES:
        RULESET_NAMES.append(kit.name)
    GAME_MODELS[kit.name] = kit.rules.game_event
    return kit.rules


@contextmanager
def registered(ruleset: Ruleset | Kit) -> Iterator[Ruleset]:
    """Register ``ruleset`` (rules or a kit) for the ``with`` block only, then put the registry back
    as it was (for a test that brings a ruleset of its own)."""
    kits, rules, names, models = dict(KITS_BY_NAME), dict(RULESETS), list(RULESET_NAMES), dict(GAME_MODELS)
    try:
        yield register(ruleset)
    finally:
        KITS_BY_NAME.clear()
        KITS_BY_NAME.update(kits)
        RULESETS.clear()
        RULESETS.update(rules)
        RULESET_NAMES[:] = names
        GAME_MODELS.clear()
        GAME_MODELS.update(models)


def find_ruleset(name: str) -> Ruleset:
    """The rules registered as ``name``; ``UnsupportedRuleset`` when there is none."""
    try:
        return RULESETS[name]
    except KeyError:
        raise UnsupportedRuleset(f"the {name} ruleset is not supported by this version of flip7") from None


def find_kit(name: str) -> Kit:
    """The kit registered as ``name`` (its rules may have been replaced by ``register``)."""
    rules = find_ruleset(name)
    kit = KITS_BY_NAME.get(name)
    return kit if kit is not None and kit.rules is rules else Kit(rules=rules)


def target_events() -> list[type[TargetEvent]]:
    """The ``target`` event model of every registered ruleset (for the log's JSON Schema)."""
    return [rules.target_event for rules in RULESETS.values()]


def event_json_schema() -> dict[str, Any]:
    """The JSON Schema of one log line with the ``target`` models of every registered ruleset
    (what ``flip7 schema`` prints)."""
    schema = _event_json_schema(target_events())
    game = schema["$defs"]["GameEvent"]
    game["properties"]["ruleset"]["enum"] = list(RULESETS)
    game["description"] = game.get("description", "").split("\n\n")[0]  # the model's first paragraph
    for name, rules in RULESETS.items():  # each ruleset's own options, from its options model
        own = TypeAdapter(rules.game_event).json_schema()["properties"]
        for option in rules.game_event.options():
            if option not in game["properties"]:
                game["properties"][option] = {**own[option], "description": f"({name} only) {own[option].get('description', '')}".strip()}
    return schema


__all__ = ["KITS", "KITS_BY_NAME", "RULESETS", "Kit", "event_json_schema", "find_kit", "find_ruleset", "register", "registered", "target_events"]
