"""The view facet of a ruleset kit: what the readers of a table ask a ruleset, with defaults.

The engine never asks these; the table view (``adjudicator.table``), the terminal renderer
(``cli.render``) and the live table do, through ``find_kit(name).view``. A kit without a view of its
own gets ``RulesetView()``, whose defaults fit a ruleset of numbers and modifiers only.

A ruleset with row fields of its own (a held card, who put the player out) declares them as a
``TablePlayer`` subclass, its view's ``row_model``, and builds it in ``row``; the table view and the
API's OpenAPI document declare every registered kit's row model.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from adjudicator.state import BUSTED, STAYED, GameState, PendingCard, Ruleset


class ScoreStepView(BaseModel):
    """One step of a row's score as its ruleset counts it (``Ruleset.score_steps``), with the total after it."""

    kind: str = Field(description="`numbers`, `busted`, `zero`, `double`, `halve`, `add`, `floor`, `flip7` or `bonus`.")
    total: int = Field(description="The score after this step; the last step's is the row's score.")
    cards: list[str] = Field(default_factory=list, description="The cards the step counts (the numbers added, the modifier).")
    amount: int = Field(default=0, description="What the step adds or takes away (`add`, `flip7`, `bonus`).")


class TablePlayer(BaseModel):
    """One seat at the table, in seating order (clockwise): the fields every ruleset shows.

    A ruleset with fields of its own subclasses this model (its view's ``row_model``) and says the
    same in words in ``notes`` (``RulesetView.row_notes``)."""

    name: str
    seat: int = Field(description="Index in the game event's `players` (0 = the first player listed); people see the name.")
    status: str | None = Field(description="`active`, `stayed`, `busted`, `flip7` or a status of the ruleset's own during a round; null between rounds.")
    numbers: list[str]
    modifiers: list[str]
    notes: list[str] = Field(default_factory=list, description="What else lies in or happened to the row, in words a player uses (the viewer prints them).")
    round_score: int | None = Field(description="What the row would score now (null between rounds).")
    total: int
    held: list[str] = Field(
        default_factory=list,
        description="Other cards that lie in front of the player, in the ruleset's order (an action card that stopped them, a card held for later).",
    )
    score_steps: list[ScoreStepView] | None = Field(
        default=None, description="How `round_score` is worked out, step by step, as the ruleset counts it (null between rounds)."
    )


class RulesetView:
    """What the table view and the other readers ask a ruleset; a kit subclasses it to say more.

    Hooks receive the ruleset's rules or the live ``GameState`` (whose ``rules`` they are) and
    change nothing."""

    #: The model of one row in the table view: ``TablePlayer``, or a subclass with the ruleset's own
    #: fields (then ``row`` builds it).
    row_model: ClassVar[type[TablePlayer]] = TablePlayer
    #: The lines of a short log of the ruleset that documentation shows (the API document's examples
    #: are the default ruleset's); default: none.
    example_log: ClassVar[tuple[str, ...]] = ()

    def row(self, state: GameState, seat: int, shared: Mapping[str, Any]) -> TablePlayer:
        """``seat``'s row in the table view: the fields every ruleset shows (``shared``) and the
        ruleset's own, as a ``row_model``; default: the shared fields only."""
        return self.row_model(**shared)

    def row_notes(self, state: GameState, seat: int) -> list[str]:
        """What else lies in or happened to ``seat``'s row, in words a player uses (asked during a
        round only); default: nothing."""
        return []

    def card_order(self, rules: Ruleset) -> tuple[str, ...]:
        """Every card in the order the table view lists piles: numbers ascending, then modifiers,
        then actions (default: the order of ``rules.deck``)."""
        return tuple(rules.deck(1))

    def card_label(self, rules: Ruleset, card: str) -> str:
        """How the viewer and the table view label ``card`` on the table; default: ``rules.card_name``."""
        return rules.card_name(card)

    def outcome_marks(self) -> dict[str, tuple[str, str]]:
        """Marks for the outcomes of the ruleset's own statuses in a verdict's score table: outcome
        → (mark, what it means); default: none (the shared outcomes have theirs)."""
        return {}

    def status_legend(self) -> dict[str, str]:
        """What each row status but ``active`` means at this ruleset's table (statuses of its own
        included), for the legend under the rows."""
        return {STAYED: "banks the row, no more turns", BUSTED: "a number twice, scores 0", "flip7": "seven different numbers"}

    def pending_cards(self, state: GameState) -> list[PendingCard]:
        """Every card that still has to act, with whom it may reach now: the card waiting for its
        ``target`` event (default: only that one, with the seats the rules find eligible); a
        ruleset that sets cards aside adds them."""
        top = state.stack[-1] if state.in_round and state.stack else None
        if top is None or top.kind != "target":
            return []
        return [PendingCard(top.card, top.holder, set_aside=False, may_go_to=state.rules.eligible(state, top))]


#: The view of a kit that brings none.
DEFAULT_VIEW = RulesetView()

__all__ = ["DEFAULT_VIEW", "RulesetView", "ScoreStepView", "TablePlayer"]
