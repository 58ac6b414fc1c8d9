"""The rules: a shared engine and one ruleset per variant, registered by name.

- ``engine``: what every ruleset shares (``apply``, ``check``, ``is_legal``, ``legal_moves``,
  ``expecting``, the round's end and the claims);
- ``ruleset``: the ``Ruleset`` base class, the hooks a ruleset implements;
- ``base``: Flip 7 itself (``"ruleset": "flip7"``);
- ``registry``: ``RULESETS``, ``register``, ``find_ruleset``.

A new ruleset is one module with a ``Ruleset`` subclass, registered here with ``register``.
"""

from __future__ import annotations

from adjudicator.errors import RuleViolation
from adjudicator.events import GameEvent, TargetEvent
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


class VengeanceNotYet(Ruleset):
    """Stands for With a Vengeance until its ruleset is registered: its options are checked, and
    applying its game raises ``UnsupportedRuleset``."""

    name = "vengeance"
    supported = False
    unsupported = "the vengeance ruleset (With a Vengeance) is not supported yet by this version of flip7"

    def check_options(self, game: GameEvent) -> None:
        """``edition`` and ``delayed`` belong to the base game."""
        if game.edition != "current" or game.delayed != "in_turn":
            raise RuleViolation(
                "bad_event", "setup.game", '"edition" and "delayed" belong to the base game; a vengeance game leaves them out.'
            )


def target_events() -> list[type[TargetEvent]]:
    """The ``target`` event model of every registered ruleset (for the log's JSON Schema)."""
    return [ruleset.target_event for ruleset in RULESETS.values()]


register(BaseGame())
register(VengeanceNotYet())

__all__ = [
    "HIT", "RULESETS", "BaseGame", "DrawPurpose", "Expectation", "Ruleset", "apply", "check", "describe_expectation",
    "end_round", "expecting", "find_ruleset", "is_legal", "legal_moves", "register", "round_outcomes", "target_events",
]
