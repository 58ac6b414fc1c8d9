"""A ruleset's sentences for the referee (the ``referee`` facet of a kit): what its own cards and
choices do, told in every language the referee speaks.

The referee's shared catalogue (``adjudicator.referee.catalogue``) names no card of any ruleset.
Where a moment of the story depends on the card (a ``target`` event told, a card waiting for its
target, a card discarded unused, what the game waited for), the referee asks the kit for a text
under ``{moment}_{word}``: the moment (``t``, ``needs``, ``discarded``, ``exp``) and the word, the
target's purpose or the card's name as the log spells it, e.g. ``t_steal`` or ``needs_pass``;
``t_…_self`` is the text for a target event that names its own player. Without one the referee
uses its shared sentence (``t_give``, ``needs_target``, ``discarded_unused``, ``exp_target``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class RefereeTexts:
    """``texts[lang][key]``: the ruleset's sentences, with the catalogue's placeholders;
    ``rules[lang][rule]``: its own rules (ids of docs/rules.md) in plain words."""

    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    rules: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def key(self, moment: str, *words: str | None) -> str | None:
        """The first key ``{moment}_{word}`` that has a text, trying ``words`` in turn (None: none has)."""
        english = self.texts.get("en", {})
        for word in words:
            if word is not None and f"{moment}_{word}" in english:
                return f"{moment}_{word}"
        return None

    def text(self, lang: str, key: str) -> str | None:
        """The sentence of ``key`` in ``lang``, if the ruleset has one."""
        return self.texts.get(lang, {}).get(key)

    def rule(self, lang: str, rule: str) -> str | None:
        """The ruleset's rule ``rule`` in plain words in ``lang``, if it has one."""
        return self.rules.get(lang, {}).get(rule)


#: A kit without texts of its own.
NO_TEXTS = RefereeTexts()

__all__ = ["NO_TEXTS", "RefereeTexts"]
