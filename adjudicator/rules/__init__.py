"""The rules: a shared engine and one ruleset per variant, registered by name.

- ``engine``: what every ruleset shares (``apply``, ``check``, ``is_legal``, ``legal_moves``,
  ``expecting``, the round's end and the claims);
- ``ruleset``: the ``Ruleset`` base class, the hooks a ruleset implements;
- ``base``: Flip 7 itself (``"ruleset": "flip7"``); ``vengeance``: With a Vengeance (``"ruleset": "vengeance"``);
- ``registry``: ``RULESETS``, ``register``, ``find_ruleset``.

A new ruleset is one module with a ``Ruleset`` subclass, registered here with ``register``.
"""

from __future__ import annotations

from adjudicator.events import TargetEvent
from adjudicator.rules import position  # noqa: F401 (registers the position event's handlers)
from adjudicator.rules.base import BaseGame
from adjudicator.rules.engine import (
    Expectation,
    apply,
    check,
    describe_expectation,
    end_round,
    expecting,
    is_legal,
    legal_moves,
    round_outcomes,
)
from adjudicator.rules.registry import RULESETS, find_ruleset, register
from adjudicator.rules.ruleset import HIT, DrawPurpose, Ruleset
from adjudicator.rules.vengeance import Vengeance


def target_events() -> list[type[TargetEvent]]:
    """The ``target`` event model of every registered ruleset (for the log's JSON Schema)."""
    return [ruleset.target_event for ruleset in RULESETS.values()]


register(BaseGame())
register(Vengeance())

__all__ = [
    "HIT", "RULESETS", "BaseGame", "DrawPurpose", "Expectation", "Ruleset", "apply", "check", "describe_expectation",
    "end_round", "expecting", "find_ruleset", "is_legal", "legal_moves", "register", "round_outcomes", "target_events",
]
