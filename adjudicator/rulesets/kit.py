"""A ruleset kit: everything particular to one ruleset, in one package.

``rules`` is what the engine must ask (a ``Ruleset``). The other slots are facets that a layer
reads when it is there and does without when it is not, so a new ruleset starts with its rules
alone and adds facets as it needs them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.rulesets.texts import NO_TEXTS, RefereeTexts
from adjudicator.rulesets.view import DEFAULT_VIEW, RulesetView
from adjudicator.state import Ruleset


@dataclass(frozen=True, slots=True)
class CardWords:
    """The notation's words for one ruleset's cards (the ``words`` facet of a kit).

    - ``table``: word → card name, taken as written;
    - ``words``: card name → its other words (each, and the card's own name, normalised);
    - ``phrases``: names of two or three words read as one ("Flip Four", "Just One More");
    - ``fields``: the ruleset's own ``target`` fields → their other words; ``card_fields`` names
      those whose values are cards; ``printed_fields``: per language, the word printed for a field;
    - ``options``: the ruleset's own game options (its options model's fields) → their other words;
      ``option_values``: per option, word → value (the values themselves are always words, as are
      yes/no words for a yes-or-no option); ``printed_options``: per language, the word printed
      for an option (else its name);
    - ``names``: other words for the ruleset's own name on the setup line (``ruleset voll fies``;
      its name is always one, and a name of two words goes in ``phrases`` too).
    """

    table: Mapping[str, str] = field(default_factory=dict)
    words: Mapping[str, Iterable[str]] = field(default_factory=dict)
    phrases: Iterable[tuple[str, ...]] = ()
    fields: Mapping[str, Iterable[str]] = field(default_factory=dict)
    card_fields: Iterable[str] = ()
    printed_fields: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    options: Mapping[str, Iterable[str]] = field(default_factory=dict)
    option_values: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    printed_options: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    names: Iterable[str] = ()


@dataclass(frozen=True, slots=True)
class Kit:
    """One ruleset's package as the registry holds it.

    - ``rules``: the rules the engine asks (deck, card kinds, receiving a card, targets, scoring);
    - ``words``: the notation's words for its cards (None: card names only);
    - ``best_target``: the simulator's choice among the legal ``target`` events of a card of its
      own, ``(view, moves) -> event`` (None: the shared strategies choose);
    - ``pick_target``: the simulator's smart choice of who gets each card of its own whose
      ``target`` event names only a recipient, by card: ``(view, eligible, strategy) -> name``
      (a card not listed: ``best_target`` chooses among its moves);
    - ``analysis``: the module path of the ruleset's decision-analysis card model
      (``adjudicator.analysis.models.CardModel``), imported when an analysis asks for it (None: the
      ruleset has none). A path, not the module, so the registry does not import the solver;
    - ``statistics``: the module path of the ruleset's own statistics (its ``STATISTICS``, each an
      ``adjudicator.statistic.Statistic``), listed by the store after the shared ones (None:
      the shared statistics only). A path, so the registry does not import the store;
    - ``figures``: the module path of the ruleset's own figures (its ``figures()``, each an
      ``adjudicator.plots.Figure`` drawing one statistic), shown after the shared ones (None: none);
    - ``view``: what the table view and the other readers ask (``rulesets.view.RulesetView``: the
      row model, notes, card order and labels, legend, pending cards; default: its defaults).
    """

    rules: Ruleset
    words: CardWords | None = None
    best_target: Any = None
    pick_target: Mapping[str, Any] = field(default_factory=dict)
    analysis: str | None = None
    #: The referee's sentences for the ruleset's own cards and choices (``rulesets.texts``).
    referee: RefereeTexts = NO_TEXTS
    statistics: str | None = None
    figures: str | None = None
    view: RulesetView = DEFAULT_VIEW

    @property
    def name(self) -> str:
        """The ``game`` event's ``ruleset`` value that selects this kit."""
        return self.rules.name


__all__ = ["CardWords", "Kit"]
