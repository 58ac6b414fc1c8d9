"""Flip 7: With a Vengeance (``"ruleset": "vengeance"``, Brutal mode an option): its rules
(``rules.Vengeance``) and its kit."""

from __future__ import annotations

from adjudicator.rulesets.kit import Kit
from adjudicator.rulesets.vengeance.rules import Vengeance

#: With a Vengeance's kit, as the registry lists it.
KIT = Kit(rules=Vengeance())

__all__ = ["KIT", "Vengeance"]
