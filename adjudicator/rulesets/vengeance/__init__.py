"""Flip 7: With a Vengeance (``"ruleset": "vengeance"``, Brutal mode an option): its rules
(``rules.Vengeance``), notation words (``words``), simulator choices (``simulate``), table view
(``view``) and its kit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudicator.rulesets.kit import Kit
from adjudicator.rulesets.vengeance.rules import Vengeance
from adjudicator.rulesets.vengeance.texts import TEXTS
from adjudicator.rulesets.vengeance.view import VIEW
from adjudicator.rulesets.vengeance.words import CARD_WORDS


def best_target(view: Any, moves: Sequence[Any]) -> Any:
    """The simulator's choice among the legal ``target`` events of a card of this ruleset (see
    ``simulate.best_target``; imported when first asked, as it builds on the simulator's view)."""
    from adjudicator.rulesets.vengeance.simulate import best_target as choose

    return choose(view, moves)


#: With a Vengeance's kit, as the registry lists it.
KIT: Kit = Kit(
    rules=Vengeance(), words=CARD_WORDS, best_target=best_target, referee=TEXTS, view=VIEW,
    analysis="adjudicator.rulesets.vengeance.analysis",
    statistics="adjudicator.rulesets.vengeance.statistics", figures="adjudicator.rulesets.vengeance.figures",
)

__all__ = ["KIT", "Vengeance"]
