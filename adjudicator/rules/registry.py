"""The registry of rulesets by name (the ``game`` event's ``ruleset`` field), like python-chess's
``VARIANTS`` / ``find_variant`` and OpenSpiel's registered games."""

from __future__ import annotations

from adjudicator.errors import UnsupportedRuleset
from adjudicator.rules.ruleset import Ruleset

#: Every ruleset this version knows, by name (filled by ``register``; see ``adjudicator.rules``).
RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Make ``ruleset`` the one a ``game`` event with its ``name`` selects (replacing any before)."""
    RULESETS[ruleset.name] = ruleset
    return ruleset


def find_ruleset(name: str) -> Ruleset:
    """The ruleset registered as ``name``; ``UnsupportedRuleset`` when there is none."""
    try:
        return RULESETS[name]
    except KeyError:
        raise UnsupportedRuleset(f"the {name} ruleset is not supported by this version of flip7") from None
