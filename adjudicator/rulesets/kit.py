"""A ruleset kit: everything particular to one ruleset, in one package.

``rules`` is what the engine must ask (a ``Ruleset``). The other slots are facets that a layer
reads when it is there and does without when it is not, so a new ruleset starts with its rules
alone and adds facets as it needs them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.state import Ruleset


@dataclass(frozen=True, slots=True)
class Kit:
    """One ruleset's package as the registry holds it.

    - ``rules``: the rules the engine asks (deck, card kinds, receiving a card, targets, scoring);
    - ``analysis``: a decision-analysis model of the ruleset's choices (None: the ruleset has none).
    """

    rules: Ruleset
    analysis: Any = None

    @property
    def name(self) -> str:
        """The ``game`` event's ``ruleset`` value that selects this kit."""
        return self.rules.name


__all__ = ["Kit"]
