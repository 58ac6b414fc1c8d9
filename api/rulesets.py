"""The rulesets as the pages know them: a game's ruleset label, and every registered ruleset.

The label (``NAME`` or ``NAME (MODE)``) is the core's (``adjudicator.replay.ruleset_label``, the
one the store keeps as ``games.ruleset`` and ``GET /v1/games`` lists); here it is only put on the
answer that does not carry it, the timeline of ``/v1/replay``, from the timeline's first event (its
``game`` line).

``describe_rulesets`` is ``GET /v1/rulesets``: every ruleset of the registry with its options (from
its options model), modes, cards and statuses, labelled in English or German. The pages build their
ruleset choices from it (the live table's form, the statistics filter) and name no ruleset.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, Field

from adjudicator.events import GameEvent
from adjudicator.referee.catalogue import text
from adjudicator.replay import ruleset_label, ruleset_labels
from adjudicator.rulesets import RULESETS, Kit, find_kit
from adjudicator.state import ACTIVE, Ruleset
from adjudicator.table import card_labels


def timeline_ruleset(timeline: dict[str, Any]) -> str | None:
    """The ruleset label of a replayed log, from its first event (the ``game`` line), if it reads."""
    events = timeline.get("events") or []
    if not events or events[0].get("type") != "game":
        return None
    try:
        return ruleset_label(json.loads(events[0]["raw"]))
    except (ValueError, TypeError, KeyError):
        return None


# ------------------------------------------------------------------------ GET /v1/rulesets

#: The card kinds every ruleset's cards fall in, in both languages.
KIND_LABELS: dict[str, dict[str, str]] = {
    "en": {"number": "number", "modifier": "modifier", "action": "action"},
    "de": {"number": "Zahl", "modifier": "Modifikator", "action": "Aktion"},
}


class RulesetOption(BaseModel):
    """One of a ruleset's own `game` options, from its options model."""

    name: str = Field(description="The option's field on the `game` line (and in `POST /v1/tables`).")
    label: str = Field(description="The option's word in the asked language (the notation's word for it; else its name).")
    type: str = Field(description="Its JSON Schema type: `boolean`, `string`, `integer` or `number`.")
    choices: list[Any] | None = Field(default=None, description="The values it may take, when it is a choice.")
    default: Any = Field(description="Its value when the `game` line leaves it out.")
    description: str = Field(description="What it does, from the options model (English).")
    mode: bool = Field(description="True when the option names a variant of the ruleset (listed in `modes`).")


class RulesetMode(BaseModel):
    """A variant of a ruleset: a boolean option that names it in the game's label."""

    mode: str = Field(description="The option that names the variant.")
    label: str = Field(description="The label of the variant's games (`games.ruleset`, the `ruleset` filter): `NAME (MODE)`.")


class RulesetCard(BaseModel):
    """One card of a ruleset, in the order its table lists piles."""

    card: str = Field(description="The card as a log line writes it.")
    label: str = Field(description="How the pages label it on the table.")
    name: str = Field(description="How sentences name it.")
    kind: str = Field(description="`number`, `modifier` or `action`.")
    kind_label: str = Field(description="The kind in the asked language.")


class RulesetStatus(BaseModel):
    """A status a row may have in a round of the ruleset (`status` of a table view's row)."""

    status: str = Field(description="The status as the table view writes it.")
    label: str = Field(description="The status in the asked language (the referee's word for the outcome).")
    meaning: str | None = Field(
        default=None, description="What it means at this ruleset's table (the legend under the rows), in English; null in German (the kits' legends are English only)."
    )
    mark: str | None = Field(default=None, description="Its mark in a score table, if it has one.")


class RulesetInfo(BaseModel):
    """One registered ruleset: what a page needs to offer it, set it up and show its table."""

    name: str = Field(description="The `game` event's `ruleset` value that selects it.")
    default: bool = Field(description="True for the ruleset a `game` line without `ruleset` plays.")
    min_players: int = Field(description="The fewest players a game seats.")
    options: list[RulesetOption] = Field(description="Its own `game` options (besides `target`, `rounds`, `decks`), from its options model.")
    modes: list[RulesetMode] = Field(description="Its variants (boolean options that name one in the game's label).")
    cards: list[RulesetCard] = Field(description="Its cards, in the order its table lists piles.")
    statuses: list[RulesetStatus] = Field(description="The statuses a row may have during a round.")


class Rulesets(BaseModel):
    """Every ruleset this server judges, from the registry, in the asked language."""

    lang: str = Field(description="The language of the labels: `en` or `de`.")
    rulesets: list[RulesetInfo]
    filters: list[str] = Field(description="Every label a `ruleset` filter takes (`GET /v1/stats`, `flip7 stats --ruleset`): each name, then each mode's label.")


def describe_rulesets(lang: str) -> Rulesets:
    """Every registered ruleset as ``GET /v1/rulesets`` tells it, labels in ``lang`` (``en``/``de``)."""
    default = GameEvent.model_fields["ruleset"].default
    return Rulesets(
        lang=lang,
        rulesets=[_describe(kit, lang, default) for kit in (find_kit(name) for name in RULESETS)],
        filters=ruleset_labels(),
    )


def _describe(kit: Kit, lang: str, default: str) -> RulesetInfo:
    rules = kit.rules
    model = rules.game_event
    own = model.model_json_schema()["properties"]
    printed = (kit.words.printed_options.get(lang, {}) if kit.words is not None else {})
    options = [
        RulesetOption(
            name=name, label=printed.get(name, name), type=own[name].get("type", "string"), choices=own[name].get("enum"),
            default=info.get_default(call_default_factory=True), description=info.description or "", mode=name in model.modes,
        )
        for name, info in model.options().items()
    ]
    modes = [RulesetMode(mode=mode, label=ruleset_label({"ruleset": rules.name, mode: True}) or rules.name) for mode in model.modes]

    kind = kit.view.card_kind  # the kind the table views tell (a special number is a number)
    cards = [
        RulesetCard(card=card, label=label, name=rules.card_name(card), kind=kind(rules, card), kind_label=KIND_LABELS[lang][kind(rules, card)])
        for card, label in card_labels(rules).items()
    ]
    legend, marks = kit.view.status_legend(), kit.view.outcome_marks()
    statuses = [
        RulesetStatus(
            status=status, label=_status_label(status, lang, rules), meaning=legend.get(status) if lang == "en" else None, mark=marks.get(status, (None,))[0],
        )
        for status in dict.fromkeys([ACTIVE, *rules.status_words, *legend, *marks])
    ]
    return RulesetInfo(
        name=rules.name, default=rules.name == default, min_players=rules.min_players, options=options, modes=modes, cards=cards, statuses=statuses,
    )


def _status_label(status: str, lang: str, rules: Ruleset) -> str:
    """The referee's word for ``status`` as a round's outcome (an active row is still playing)."""
    try:
        return text(f"outcome_{'playing' if status == ACTIVE else status}", lang, rules)
    except KeyError:
        return status
