"""The table during a replay: seats, rows, piles, and the stack of what the game is waiting for.

The state is mutable and updated in place by the engine (``adjudicator.rules.engine``) and the
game's ruleset; nothing here knows the rules of any ruleset. ``GameState.stack`` holds frames: the
round at the bottom, then draws owed, action cards waiting for a recipient, and frames a ruleset
keeps for itself (for example set-aside cards waiting to be resolved).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from mypy_extensions import mypyc_attr

from adjudicator.events import GameEvent

if TYPE_CHECKING:
    from adjudicator.rules.ruleset import Ruleset

#: The player has turns (and draws the cards owed to them).
ACTIVE = "active"
#: The player banked their row and has no more turns.
STAYED = "stayed"
#: The player's row holds a duplicate number: out of the round, scoring 0.
BUSTED = "busted"


@mypyc_attr(allow_interpreted_subclasses=True)  # a ruleset left uncompiled subclasses it
@dataclass(slots=True)
class Row:
    """What lies in front of one player in the current round, and how they stand.

    A ruleset that keeps more per row (cards held aside, counters) subclasses ``Row`` and says so
    in ``Ruleset.new_row``; the engine only uses what is defined here.
    """

    numbers: list[str] = field(default_factory=list)
    modifiers: list[str] = field(default_factory=list)
    status: str = ACTIVE
    status_event: int | None = None
    bust_card: str | None = None
    flip7: bool = False
    cards_drawn: int = 0
    #: The seat whose action put the player out (a Freeze), if any.
    put_out_by: int | None = None
    #: The purpose of the draw during which the status came (a bust during a Flip Three), if any.
    status_during: str | None = None

    def has_card(self) -> bool:
        """True when any card lies in front of the player (so they may stay)."""
        return bool(self.numbers or self.modifiers)

    def table_cards(self) -> list[str]:
        """Every card lying in front of the player (goes to the discard pile at round end)."""
        return [*self.numbers, *self.modifiers]

    def remove(self, card: str) -> bool:
        """Take one ``card`` out of the row (Steal, Swap, Discard); False when the row has none."""
        for cards in (self.numbers, self.modifiers):
            if card in cards:
                cards.remove(card)
                return True
        return False


class Frame(Protocol):
    """Something the game waits on, kept on ``GameState.stack``; ``kind`` tells the engine which."""

    @property
    def kind(self) -> str:
        """``round``, ``draw``, ``target``, or a name a ruleset gives its own frames."""
        ...

    def in_play(self) -> list[str]:
        """The cards this frame holds that are in no pile and no row."""
        ...


@dataclass(slots=True)
class RoundFrame:
    """Bottom of the stack during a round: the deal, then the turns."""

    dealing: bool = True
    deal_pos: int = 0
    last_mover: int = 0
    kind: Literal["round"] = "round"

    def in_play(self) -> list[str]:
        """A round holds no card."""
        return []


@dataclass(slots=True)
class DrawFrame:
    """Cards owed to ``seat``: one after a hit, or more for an action card (``purpose`` names it,
    among the ruleset's ``draw_purposes``); cards the ruleset sets aside meanwhile go to ``set_aside``."""

    seat: int
    remaining: int
    purpose: str
    action_card: str | None = None
    set_aside: list[str] = field(default_factory=list)
    kind: Literal["draw"] = "draw"

    def in_play(self) -> list[str]:
        """The action card that made the draw, and the cards set aside so far."""
        return [self.action_card, *self.set_aside] if self.action_card else list(self.set_aside)


@dataclass(slots=True)
class TargetFrame:
    """A ``card`` held by ``holder`` that waits for a ``target`` event.

    ``purpose`` is the ruleset's word for what the target event will do; ``origin`` is the frame
    that asked for it, if any; ``holds_card`` is False when the card itself is kept elsewhere (by
    ``origin``) and only a recipient is named now.
    """

    holder: int
    card: str
    purpose: str
    origin: Any = None
    holds_card: bool = True
    kind: Literal["target"] = "target"

    def in_play(self) -> list[str]:
        """The waiting card (unless another frame keeps it)."""
        return [self.card] if self.holds_card else []


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
    """The whole table after some prefix of a log. Mutated in place by the engine and the ruleset."""

    __slots__ = (
        "game", "rules", "players", "seat_of", "draw_pile", "draw_size", "discard_pile", "rows", "round",
        "dealer", "in_round", "stack", "totals", "history", "over", "winner", "events_applied", "rounds_before",
    )

    def __init__(self) -> None:
        self.game: GameEvent | None = None
        #: The ruleset of the seated game; read only once ``game`` is set (``seat``).
        self.rules: Ruleset = None  # type: ignore[assignment]
        self.players: tuple[str, ...] = ()
        self.seat_of: dict[str, int] = {}
        self.draw_pile: dict[str, int] = {}
        self.draw_size = 0
        self.discard_pile: dict[str, int] = {}
        self.rows: list[Row] = []
        self.round = 0
        self.dealer: int | None = None
        self.in_round = False
        self.stack: list[Any] = []  # Frame objects; Any keeps attribute access on the hot path cheap to type
        self.totals: list[int] = []
        self.history: list[RoundResult] = []
        self.over = False
        self.winner: int | None = None
        self.events_applied = 0
        #: Rounds played before the log begins (a log that starts from a ``position`` in round N: N - 1).
        self.rounds_before = 0

    def seat(self, game: GameEvent, rules: Ruleset) -> None:
        """Seat the players of a (validated) game event and lay out the ruleset's fresh draw pile."""
        self.game = game
        self.rules = rules
        self.players = tuple(game.players)
        self.seat_of = {name: i for i, name in enumerate(self.players)}
        self.draw_pile = rules.deck(game.decks)
        self.draw_size = sum(self.draw_pile.values())
        self.rows = self.fresh_rows()
        self.totals = [0] * len(self.players)

    def fresh_rows(self) -> list[Row]:
        """An empty row for every seat, of the ruleset's row type."""
        new_row = self.rules.new_row
        return [new_row() for _ in self.players]

    def rounds_finished(self) -> int:
        """Rounds finished so far, those before a starting ``position`` included."""
        return self.rounds_before + len(self.history)

    def name(self, seat: int) -> str:
        """The name seated at ``seat``."""
        return self.players[seat]

    def left_of(self, seat: int) -> int:
        """The seat clockwise after ``seat``."""
        return (seat + 1) % len(self.players)

    def active_seats(self) -> list[int]:
        """Seats that still have turns in the round (not out for any reason), in seat order."""
        return [i for i, row in enumerate(self.rows) if row.status == ACTIVE]

    def anyone_active(self) -> bool:
        """True while some seat still has turns in the round (``active_seats`` without the list)."""
        for row in self.rows:
            if row.status == ACTIVE:
                return True
        return False

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
            cards.extend(frame.in_play())
        return cards
