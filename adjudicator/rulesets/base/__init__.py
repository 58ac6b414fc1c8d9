"""Flip 7 itself (``"ruleset": "flip7"``): its rules (``rules.BaseGame``), its
notation words (``words``), simulator choices (``simulate``), statistics, its table view (``view``) and its kit."""

from __future__ import annotations

from adjudicator.rulesets.base.rules import BaseGame
from adjudicator.rulesets.base.simulate import PICK_TARGET
from adjudicator.rulesets.base.texts import TEXTS
from adjudicator.rulesets.base.view import VIEW
from adjudicator.rulesets.base.words import WORDS
from adjudicator.rulesets.kit import Kit

#: The base game's kit, as the registry lists it.
KIT: Kit = Kit(
    rules=BaseGame(), words=WORDS, pick_target=PICK_TARGET, analysis="adjudicator.rulesets.base.analysis", referee=TEXTS,
    statistics="adjudicator.rulesets.base.statistics", view=VIEW,
)

__all__ = ["KIT", "BaseGame"]
