"""What one player at the table can see: a read-only view of the game for a strategy.

A strategy never gets the ``GameState`` itself and never the order of the draw pile (which the
simulator alone knows, as the dealer holding the physical deck). It sees what a player at the table
sees: every row, the totals, the discard pile, and the *composition* of the draw pile, which is
public knowledge (the deck minus every card seen since the last shuffle).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from adjudicator.events import GameEvent
from adjudicator.state import GameState


@dataclass(frozen=True, slots=True)
class RowView:
    """One player's row in the current round, as everybody at the table sees it."""

    name: str
    seat: int
    numbers: tuple[str, ...]
    modifiers: tuple[str, ...]
    #: True when a card in the row cancels the next bust (``Ruleset.bust_cover``).
    covered: bool
    status: str
    total: int
    #: What the row would score if the round ended now, as this game counts it (``Ruleset.score_now``:
    #: 0 when busted in most games, below 0 in Brutal mode; no Flip 7 bonus not yet made).
    score: int


class PlayerView:
    """The table as the player at ``seat`` sees it (read-only; built fresh for each decision)."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def me(self) -> str:
        """The name of the player who decides."""
        return self._state.players[self.seat]

    @property
    def players(self) -> tuple[str, ...]:
        """Names in seating order."""
        return self._state.players

    def totals(self) -> dict[str, int]:
        """Every player's total of finished rounds."""
        return dict(zip(self._state.players, self._state.totals, strict=False))

    def row(self, who: str | int | None = None) -> RowView:
        """The row of ``who`` (a name or a seat; default: oneself)."""
        state = self._state
        seat = self.seat if who is None else who if isinstance(who, int) else state.seat_of[who]
        row = state.rows[seat]
        return RowView(
            state.players[seat], seat, tuple(row.numbers), tuple(row.modifiers), state.rules.bust_cover(row) is not None,
            row.status, state.totals[seat], state.rules.score_now(state, row),
        )

    @property
    def game(self) -> GameEvent:
        """The game's setup (its ruleset and options, e.g. ``brutal``), as everybody at the table knows it."""
        assert self._state.game is not None
        return self._state.game

    @property
    def draw_pile(self) -> Mapping[str, int]:
        """How many of each card are left in the draw pile (its composition, never its order)."""
        return MappingProxyType(self._state.draw_pile)

    @property
    def draw_size(self) -> int:
        """How many cards are left in the draw pile."""
        return self._state.draw_size

    @property
    def discard_pile(self) -> Mapping[str, int]:
        """How many of each card lie in the discard pile."""
        return MappingProxyType(self._state.discard_pile)

    def next_card_pile(self) -> Mapping[str, int]:
        """The composition the next card comes from: the draw pile, or when it is empty the discard
        pile that will be shuffled into the new one."""
        return self.draw_pile if self._state.draw_size else self.discard_pile

    def bust_chance(self, who: str | int | None = None) -> float:
        """Exact chance that the next card busts ``who`` (default: oneself), as the ruleset counts it
        (0 while a card in the row would cancel the bust)."""
        state = self._state
        seat = self.seat if who is None else who if isinstance(who, int) else state.seat_of[who]
        return state.rules.bust_chance(state.rows[seat], self.next_card_pile())
