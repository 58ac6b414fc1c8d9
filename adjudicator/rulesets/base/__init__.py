"""Flip 7 itself (``"ruleset": "flip7"``): its rules (``rules.BaseGame``) and its kit."""

from __future__ import annotations

from adjudicator.rulesets.base.rules import BaseGame
from adjudicator.rulesets.kit import Kit

#: The base game's kit, as the registry lists it.
KIT = Kit(rules=BaseGame())

__all__ = ["KIT", "BaseGame"]
