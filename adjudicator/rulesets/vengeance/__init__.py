"""Flip 7: With a Vengeance (``"ruleset": "vengeance"``, Brutal mode an option): its rules
(``rules.Vengeance``) and its kit."""

from __future__ import annotations

from adjudicator.rulesets.kit import Kit
from adjudicator.rulesets.vengeance.rules import Vengeance
from adjudicator.rulesets.vengeance.words import CARD_WORDS

#: With a Vengeance's kit, as the registry lists it.
KIT = Kit(rules=Vengeance(), words=CARD_WORDS)

__all__ = ["KIT", "Vengeance"]
