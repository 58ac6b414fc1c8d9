"""The rules: the shared engine, asking each game's ruleset (``adjudicator.rulesets``) for the rest.

- ``common``: what the engine and the rulesets share (``expecting``, ``standing``, ``violation``,
  ``end_round``, the wording of what was allowed);
- ``engine``: the event handlers and the fold's step (``apply``, ``check``, ``is_legal``,
  ``legal_moves``), looking the game's ruleset up in the registry;
- ``ruleset``: the ``Ruleset`` interface a ruleset implements (defined with the table in ``state``);
- ``position``: the optional ``position`` event.

The rulesets themselves are packages under ``adjudicator.rulesets`` (one kit each), listed by its
registry; ``RULESETS``, ``register`` and ``find_ruleset`` are named here too.
"""

from __future__ import annotations

from adjudicator.rules import position  # noqa: F401 (registers the position event's handlers)
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
from adjudicator.rulesets import RULESETS, find_ruleset, register, target_events
from adjudicator.state import HIT, DrawPurpose, Ruleset

__all__ = [
    "HIT", "RULESETS", "DrawPurpose", "Expectation", "Ruleset", "apply", "check", "describe_expectation",
    "end_round", "expecting", "find_ruleset", "is_legal", "legal_moves", "register", "round_outcomes", "target_events",
]
