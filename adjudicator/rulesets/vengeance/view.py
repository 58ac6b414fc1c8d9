"""How a With a Vengeance table reads (its kit's view facet): who holds The Zero, ÷2 on the table,
the special numbers beside their value, its statuses, and a Flip Four's set-aside cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from adjudicator.rulesets.vengeance.rules import (
    ACTIONS,
    FLIP_FOUR_DRAW,
    HALVE,
    LUCKY_13,
    MODIFIERS,
    PLAIN_NUMBERS,
    UNLUCKY_7,
    ZERO,
    _rows,
    _takers,
)
from adjudicator.rulesets.view import RulesetView, TablePlayer
from adjudicator.state import ACTIVE, BUSTED, STAYED, GameState, PendingCard, Ruleset


class VengeanceTablePlayer(TablePlayer):
    """A Vengeance seat: also whether the row holds The Zero."""

    holds_the_zero: bool = Field(description="The row holds The Zero: it scores 0 unless a Flip 7, and its holder must hit.")


class VengeanceView(RulesetView):
    """A Vengeance table: its row field and note, card order and labels, statuses and set-aside cards."""

    row_model = VengeanceTablePlayer

    def row(self, state: GameState, seat: int, shared: Mapping[str, Any]) -> VengeanceTablePlayer:
        """The shared fields and ``holds_the_zero``."""
        return VengeanceTablePlayer(**shared, holds_the_zero=ZERO in state.rows[seat].numbers)

    def row_notes(self, state: GameState, seat: int) -> list[str]:
        """The holder of The Zero must hit (until a Just One More makes them stay)."""
        row = _rows(state)[seat]
        return ["The Zero: must hit"] if row.has_zero() and row.status == ACTIVE else []

    def card_order(self, rules: Ruleset) -> tuple[str, ...]:
        """The Zero, 1 … 13 with the Unlucky 7 after the 7s and the Lucky 13 after the 13s, then
        ÷2 and the minus modifiers, then the actions."""
        special = {"7": UNLUCKY_7, "13": LUCKY_13}
        numbers = [c for n in PLAIN_NUMBERS for c in (n, special.get(n)) if c is not None]
        return (*numbers, *MODIFIERS, *ACTIONS)

    def card_label(self, rules: Ruleset, card: str) -> str:
        """``÷2`` on the table; other cards as ``card_name`` names them."""
        return "÷2" if card == HALVE else rules.card_name(card)

    def status_legend(self) -> dict[str, str]:
        """Stayed players are still in the round; only busted ones are out."""
        return {
            STAYED: "no more turns, but actions and modifiers still reach them",
            BUSTED: "a number twice, out of the round", "flip7": "seven numbers",
        }

    def pending_cards(self, state: GameState) -> list[PendingCard]:
        """The card waiting for its target, then a Flip Four's set-aside cards, each with whom it
        could reach if it acted now (they act only if the Flip Four's target does not bust)."""
        cards = super().pending_cards(state)
        for frame in state.stack:
            if frame.kind == "draw" and frame.purpose == FLIP_FOUR_DRAW:
                cards.extend(PendingCard(card, frame.seat, True, _takers(state, frame.seat, card)) for card in frame.set_aside)
            elif frame.kind == "set_aside":
                cards.extend(PendingCard(card, frame.holder, True, _takers(state, frame.holder, card)) for card in frame.cards[frame.next:])
        return cards


#: With a Vengeance's view, as its kit holds it.
VIEW = VengeanceView()

__all__ = ["VIEW", "VengeanceTablePlayer", "VengeanceView"]
