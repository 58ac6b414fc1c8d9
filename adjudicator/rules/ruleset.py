"""The ruleset interface: what a ruleset supplies to the shared engine.

A ruleset is a small class (one instance per ruleset, registered by name in ``adjudicator.rules``)
in the way python-chess's variants are Board subclasses overriding a few hooks. The engine
(``adjudicator.rules.engine``) owns everything the rulesets share and asks the game's ruleset,
``state.rules``, for the rest. Hooks receive the live ``GameState`` and change it in place.

Hooks a ruleset must implement: ``deck``, ``receive``, ``apply_target``, ``outcomes``.
Hooks with a default that fits most rulesets: everything else below.
"""

from __future__ import annotations

from adjudicator.state import (  # the interface lives with the table it acts on (no import circle)
    HIT,
    HIT_DRAW,
    DrawPurpose,
    PendingCard,
    Ruleset,
    ScoreStep,
    Wipe,
    seats_named,
)

__all__ = ["DrawPurpose", "ScoreStep", "Wipe", "HIT", "HIT_DRAW", "Ruleset", "PendingCard", "seats_named"]
