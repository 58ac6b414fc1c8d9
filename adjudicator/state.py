"""The table during a replay: seats, rows, piles, and the stack of what the game is waiting for.

The state is mutable and updated in place by ``adjudicator.rules.base.apply``; nothing here knows the
rules. ``GameState.stack`` holds frames: the round at the bottom, then draws owed, action cards
waiting for a recipient, and set-aside cards waiting to be resolved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from adjudicator.cards import SECOND_CHANCE, deck_counts
from adjudicator.events import GameEvent

ACTIVE = "active"
STAYED = "stayed"
FROZEN = "frozen"
BUSTED = "busted"


@dataclass(slots=True)
class Row:
    """What lies in front of one player in the current round, and how they stand."""

    numbers: list[str] = field(default_factory=list)
    modifiers: list[str] = field(default_factory=list)
    second_chance: bool = False
    freezes: list[str] = field(default_factory=list)
    status: str = ACTIVE
    status_event: int | None = None
    bust_card: str | None = None
    flip7: bool = False
    cards_drawn: int = 0
    second_chance_used: int = 0

    def has_card(self) -> bool:
        """True when a number, a modifier or a held Second Chance lies in front of the player."""
        return bool(self.numbers or self.modifiers or self.second_chance)

    def table_cards(self) -> list[str]:
        """Every card lying in front of the player (goes to the discard pile at round end)."""
        cards = [*self.numbers, *self.modifiers, *self.freezes]
        if self.second_chance:
            cards.append(SECOND_CHANCE)
        return cards


@dataclass(slots=True)
class RoundFrame:
    """Bottom of the stack during a round: the deal, then the turns."""

    dealing: bool = True
    deal_pos: int = 0
    last_mover: int = 0
    kind: Literal["round"] = "round"


@dataclass(slots=True)
class DrawFrame:
    """Cards owed to ``seat``: one after a hit, three for a Flip Three (with its set-aside cards)."""

    seat: int
    remaining: int
    purpose: Literal["hit", "flip_three"]
    action_card: str | None = None
    set_aside: list[str] = field(default_factory=list)
    kind: Literal["draw"] = "draw"


@dataclass(slots=True)
class DelayedFrame:
    """Set-aside cards of a Flip Three that ``holder`` resolves (or first names recipients for)."""

    holder: int
    cards: list[str]
    naming: bool
    next: int = 0
    assigned: list[int | None] = field(default_factory=list)
    kind: Literal["delayed"] = "delayed"


@dataclass(slots=True)
class TargetFrame:
    """An action ``card`` held by ``holder`` that waits for a ``target`` event.

    ``purpose``: ``"resolve"`` (Freeze/Flip Three takes effect on the target), ``"pass"`` (an extra
    Second Chance handed on), ``"name"`` (assign_first: only the recipient is named now).
    """

    holder: int
    card: str
    purpose: Literal["resolve", "pass", "name"]
    delayed: DelayedFrame | None = None
    kind: Literal["target"] = "target"


Frame = RoundFrame | DrawFrame | DelayedFrame | TargetFrame


@dataclass(slots=True)
class RoundResult:
    """A finished round as it ended: per seat outcome, score and what the row held."""

    round: int
    dealer: int
    ended_by: str
    flip7_seat: int | None
    outcomes: list[str]
    scores: list[int]
    rows: list[Row]


class GameState:
    """The whole table after some prefix of a log. Mutated in place by the rules."""

    __slots__ = (
        "game", "players", "seat_of", "draw_pile", "draw_size", "discard_pile", "rows", "round",
        "dealer", "in_round", "stack", "totals", "history", "over", "winner", "events_applied",
    )

    def __init__(self) -> None:
        self.game: GameEvent | None = None
        self.players: tuple[str, ...] = ()
        self.seat_of: dict[str, int] = {}
        self.draw_pile: dict[str, int] = {}
        self.draw_size = 0
        self.discard_pile: dict[str, int] = {}
        self.rows: list[Row] = []
        self.round = 0
        self.dealer: int | None = None
        self.in_round = False
        self.stack: list[Frame] = []
        self.totals: list[int] = []
        self.history: list[RoundResult] = []
        self.over = False
        self.winner: int | None = None
        self.events_applied = 0

    def seat(self, game: GameEvent) -> None:
        """Seat the players of a (validated) game event and lay out a fresh draw pile."""
        self.game = game
        self.players = tuple(game.players)
        self.seat_of = {name: i for i, name in enumerate(self.players)}
        self.draw_pile = deck_counts(game.decks)
        self.draw_size = sum(self.draw_pile.values())
        self.rows = [Row() for _ in self.players]
        self.totals = [0] * len(self.players)

    def name(self, seat: int) -> str:
        """The name seated at ``seat``."""
        return self.players[seat]

    def left_of(self, seat: int) -> int:
        """The seat clockwise after ``seat``."""
        return (seat + 1) % len(self.players)

    def active_seats(self) -> list[int]:
        """Seats still active in the round (not stayed, frozen or busted), in seat order."""
        return [i for i, row in enumerate(self.rows) if row.status == ACTIVE]

    def discard(self, card: str, copies: int = 1) -> None:
        """Put ``copies`` of ``card`` on the discard pile."""
        self.discard_pile[card] = self.discard_pile.get(card, 0) + copies

    def take_from_draw_pile(self, card: str) -> None:
        """Remove one ``card`` from the draw pile (the caller checked it is there)."""
        self.draw_pile[card] -= 1
        self.draw_size -= 1

    def in_play(self) -> list[str]:
        """Cards neither in a pile nor in a row: actions waiting for a recipient or set aside."""
        cards: list[str] = []
        for frame in self.stack:
            if frame.kind == "draw":
                if frame.action_card:
                    cards.append(frame.action_card)
                cards.extend(frame.set_aside)
            elif frame.kind == "delayed":
                cards.extend(frame.cards if frame.naming else frame.cards[frame.next:])
            elif frame.kind == "target" and frame.purpose != "name":
                cards.append(frame.card)
        return cards
