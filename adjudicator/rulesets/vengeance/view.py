"""How a With a Vengeance table reads (its kit's view facet): who holds The Zero, ÷2 on the table,
the special numbers beside their value, its statuses, and a Flip Four's set-aside cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import Field

from adjudicator.effects import Effect, Moved
from adjudicator.rulesets.sentences import Say
from adjudicator.rulesets.vengeance.rules import (
    ACTIONS,
    FLIP7_BONUS,
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
from adjudicator.rulesets.vengeance.sentences import SENTENCES
from adjudicator.rulesets.view import RulesetView, TablePlayer
from adjudicator.state import ACTIVE, BUSTED, STAYED, GameState, PendingCard, Ruleset


class VengeanceTablePlayer(TablePlayer):
    """A Vengeance seat: also whether the row holds The Zero."""

    holds_the_zero: bool = Field(description="The row holds The Zero: it scores 0 unless a Flip 7, and its holder must hit.")


class VengeanceView(RulesetView):
    """A Vengeance table: its row field and note, card order and labels, statuses and set-aside cards."""

    row_model = VengeanceTablePlayer
    sentences: ClassVar[Mapping[str, Mapping[str, str]]] = SENTENCES

    def row(self, state: GameState, seat: int, shared: Mapping[str, Any]) -> VengeanceTablePlayer:
        """The shared fields and ``holds_the_zero``."""
        return VengeanceTablePlayer(**shared, holds_the_zero=ZERO in state.rows[seat].numbers)

    def row_notes(self, state: GameState, seat: int) -> list[str]:
        """The holder of The Zero must hit (until a Just One More makes them stay)."""
        row = _rows(state)[seat]
        return ["The Zero: must hit"] if row.has_zero() and row.status == ACTIVE else []

    def row_sentences(self, state: GameState, seat: int, say: Say) -> list[str]:
        """The holder of The Zero must hit, in words."""
        row = _rows(state)[seat]
        return [say("note_zero")] if row.has_zero() and row.status == ACTIVE else []

    def tell_target(self, state: GameState, event: Any, effects: Sequence[Effect], say: Say) -> str | None:
        """What a Steal, Swap or Discard took from which row (its ``Moved`` effects), and where the
        Brutal Flip 7 bonus went; other target events in the shared words."""
        player = event.player
        if event.card == FLIP7_BONUS:
            return say("t_bonus_self", player=player) if event.target == player else say("t_bonus", player=player, target=event.target)
        moved = [e for e in effects if isinstance(e, Moved)]
        if not moved:
            return None

        def owned(m: Moved) -> str:
            owner = state.name(m.source)
            return say("owned_self", card=say.label(m.card)) if owner == player else say("owned", owner=owner, card=say.label(m.card))

        if len(moved) == 2:  # a Swap: the target's card first
            first, second = moved if state.name(moved[0].source) == event.target else (moved[1], moved[0])
            return say("t_swap", player=player, taken=owned(first), given=owned(second))
        m = moved[0]
        return say("t_discard" if m.to is None else "t_steal", player=player, taken=owned(m))

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
