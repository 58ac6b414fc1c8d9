"""The ``target`` event of *With a Vengeance*: Steal, Swap and Discard name the cards they move.

A pydantic model of its own module, so that the ruleset's rules (``rules``), which the engine's
compiled build includes, define no model (mypyc compiles no pydantic validators). ``rules`` names
it as its ``target_event`` and exports it under its old name too.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator, model_validator
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import PydanticCustomError

from adjudicator.errors import RuleViolation
from adjudicator.events import Name, TargetEvent, _card_name
from adjudicator.rulesets.vengeance.cards import DISCARD, STEAL, SWAP, card_name

#: Which ``target`` fields each card's target event carries besides ``player``/``card``/``target``.
TARGET_FIELDS: dict[str, frozenset[str]] = {
    STEAL: frozenset({"target_card"}), DISCARD: frozenset({"target_card"}),
    SWAP: frozenset({"target_card", "other", "other_card"}),
}
#: The fields a Vengeance ``target`` event may carry besides ``player``, ``card`` and ``target``.
EXTRA_FIELDS = ("target_card", "other", "other_card")


class VengeanceTargetEvent(TargetEvent):
    """A Vengeance ``target`` event: Steal and Discard name ``target_card`` (a card in the target's
    row); Swap also names ``other`` and ``other_card`` (the second row and its card)."""

    # Left out is None; a null given is refused (the validators below): the schema says non-null.
    target_card: str | None = Field(None, description="Steal, Discard, Swap: the card in the target's row", json_schema_extra={"nullable": False})
    other: Name | SkipJsonSchema[None] = Field(None, description="Swap: the second row's player", json_schema_extra={"nullable": False})
    other_card: str | None = Field(None, description="Swap: the card in the other row", json_schema_extra={"nullable": False})

    @field_validator("target_card", "other_card", mode="plain")
    @classmethod
    def _check_row_card(cls, value: Any, info: Any) -> str:
        if value is None:
            raise PydanticCustomError("null", "a card field may be left out but not null")
        return _card_name(value, info)

    @field_validator("other", mode="before")
    @classmethod
    def _no_null_other(cls, value: Any) -> Any:
        if value is None:
            raise PydanticCustomError("null", "other may be left out but not null")
        return value

    def named(self) -> tuple[str, str, str]:
        """``target_card``, ``other`` and ``other_card``, each "" when left out (then the card takes
        no such field: ``_fields_fit_card`` checked the line)."""
        return self.target_card or "", self.other or "", self.other_card or ""

    @model_validator(mode="after")
    def _fields_fit_card(self) -> VengeanceTargetEvent:
        wanted = TARGET_FIELDS.get(self.card, frozenset())
        given = {f for f in EXTRA_FIELDS if getattr(self, f) is not None}
        missing = [f for f in EXTRA_FIELDS if f in wanted and f not in given]
        extra = [f for f in EXTRA_FIELDS if f in given and f not in wanted]
        if missing or extra:
            what = card_name(self.card)
            parts = []
            if missing:
                parts.append(f"needs {', '.join(repr(f) for f in missing)}")
            if extra:
                parts.append(f"has no {', '.join(repr(f) for f in extra)}")
            takes = ", ".join(repr(f) for f in EXTRA_FIELDS if f in wanted) or "no field besides player, card and target"
            raise RuleViolation(
                "bad_event", "log.target-fields",
                f"the target event for {what} {' and '.join(parts)} (a target event for {what} takes {takes}).",
            )
        return self


__all__ = ["EXTRA_FIELDS", "TARGET_FIELDS", "VengeanceTargetEvent"]
