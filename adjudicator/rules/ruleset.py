"""The ruleset interface: what a ruleset supplies to the shared engine.

A ruleset is a small class (one instance per ruleset, registered by name in ``adjudicator.rules``)
in the way python-chess's variants are Board subclasses overriding a few hooks. The engine
(``adjudicator.rules.engine``) owns everything the rulesets share and asks the game's ruleset,
``state.rules``, for the rest. Hooks receive the live ``GameState`` and change it in place.

Hooks a ruleset must implement: ``deck``, ``receive``, ``apply_target``, ``outcomes``.
Hooks with a default that fits most rulesets: everything else below.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import TypeAdapter

from adjudicator.errors import RuleViolation
from adjudicator.events import EVENT_ADAPTER, Event, GameEvent, TargetEvent, event_adapter, load_json, validate_event
from adjudicator.state import ACTIVE, BUSTED, STAYED, DrawFrame, Row, TargetFrame

if TYPE_CHECKING:
    from adjudicator.rules.engine import Expectation
    from adjudicator.state import GameState


@dataclass(frozen=True, slots=True)
class DrawPurpose:
    """Why cards are owed (a ``DrawFrame.purpose``): the rule id a wrong card or an early decision
    cites, how messages say it ("after their hit"), and the rule an early ``target`` cites."""

    rule: str
    reason: str
    early_target_rule: str


@dataclass(frozen=True, slots=True)
class Wipe:
    """Cards one card threw out of a row at once (Vengeance's Unlucky 7), for the statistics:
    the event that brought the card, the cards thrown out (in row order, numbers then modifiers)
    and the round score the row held just before."""

    event: int
    cards: tuple[str, ...]
    points: int


#: The draw every ruleset has: one card after a ``hit``.
HIT = "hit"
HIT_DRAW = DrawPurpose("turn.hit", "after their hit", "turn.hit")


class Ruleset:
    """Base class of every ruleset. Subclass it, set ``name`` and the card sets, override hooks."""

    #: The value of the ``game`` event's ``ruleset`` field that selects this ruleset.
    name: ClassVar[str]
    #: False for a ruleset the contract names but this version cannot judge (``UnsupportedRuleset``).
    supported: ClassVar[bool] = True
    #: What ``UnsupportedRuleset`` says for a ruleset that is not supported.
    unsupported: ClassVar[str] = ""
    #: Every card name a ``card`` event may carry, and the number cards among them (an integer
    #: in a log means the number card of that value).
    cards: ClassVar[frozenset[str]] = frozenset()
    numbers: ClassVar[frozenset[str]] = frozenset()
    #: The modifier cards (they lie in the row and never bust); used where cards are placed
    #: without being drawn (a ``position``).
    modifiers: ClassVar[frozenset[str]] = frozenset()
    #: Card names a ``target`` event's ``card`` may carry (default: ``cards``).
    target_cards: ClassVar[frozenset[str] | None] = None
    #: The model of this ruleset's ``target`` events (a subclass of ``TargetEvent`` with more fields).
    target_event: ClassVar[type[TargetEvent]] = TargetEvent
    min_players: ClassVar[int] = 3
    players_per_deck: ClassVar[int] = 18
    #: How a violation message says where a player stands, per row status.
    status_words: ClassVar[dict[str, str]] = {ACTIVE: "is still active", STAYED: "stayed", BUSTED: "busted"}
    #: Draws owed for other reasons than a hit (``DrawFrame.purpose`` → its wording and rules).
    draw_purposes: ClassVar[dict[str, DrawPurpose]] = {}

    def __init__(self) -> None:
        self.parse_context: dict[str, Any] = {
            "cards": self.cards, "numbers": self.numbers, "target_cards": self.target_cards or self.cards,
        }
        self.event_adapter: TypeAdapter[Event] = (
            EVENT_ADAPTER if self.target_event is TargetEvent else event_adapter(self.target_event)
        )
        self._purposes = {HIT: HIT_DRAW, **self.draw_purposes}

    def __repr__(self) -> str:
        return f"<ruleset {self.name}>"

    # -- parsing ---------------------------------------------------------------------------------

    def parse(self, text: str) -> Event:
        """Parse one log line of a game of this ruleset (its deck, its target fields)."""
        return validate_event(load_json(text), self.parse_context, self.event_adapter)

    # -- the game and its deck -------------------------------------------------------------------

    def deck(self, decks: int) -> dict[str, int]:
        """Copies of every card in ``decks`` shuffled-together decks (a fresh dict)."""
        raise NotImplementedError

    def check_options(self, game: GameEvent) -> None:
        """Refuse game options this ruleset does not have (``bad_event``, rule ``setup.game``)."""

    def new_row(self) -> Row:
        """An empty row; a ruleset with more per-row data returns its ``Row`` subclass."""
        return Row()

    def card_name(self, card: str) -> str:
        """A card as a bare noun in messages ("Freeze", "7")."""
        return card

    def label(self, card: str) -> str:
        """A card with its article in messages ("a 7", "an 8", "Freeze")."""
        return f"an {card}" if card in ("8", "11") else f"a {card}" if card in self.numbers else card

    def draw_purpose(self, purpose: str) -> DrawPurpose:
        """The wording and rule ids of a draw (``hit`` or one of ``draw_purposes``)."""
        return self._purposes[purpose]

    # -- cards and their effects -----------------------------------------------------------------

    def receive(self, state: GameState, seat: int, card: str, draw: DrawFrame | None, index: int) -> None:
        """``card`` was revealed to ``seat`` (``draw``: the draw it was owed for; None in the deal).

        Put it in the row, bust, end the round (``engine.end_round``), set it aside in ``draw``,
        or push a ``TargetFrame`` when someone must choose a recipient. An action with no legal use
        goes to the discard pile with no frame (and so no event).
        """
        raise NotImplementedError

    def place(self, state: GameState, seat: int, card: str) -> str | None:
        """Lay ``card`` in front of ``seat`` for a ``position``, with no effect (no bust, no target).

        Returns why it cannot lie in a row (for the ``bad_event``), or None once placed. Default:
        numbers and modifiers go to the row; other cards are refused.
        """
        row = state.rows[seat]
        if card in self.numbers:
            row.numbers.append(card)
        elif card in self.modifiers:
            row.modifiers.append(card)
        else:
            return f"{self.label(card)} does not stay in front of a player; list it under discards"
        return None

    def keeps_drawing(self, state: GameState, draw: DrawFrame) -> bool:
        """True while the player of ``draw`` still takes the cards owed (default: while active)."""
        return state.rows[draw.seat].status == ACTIVE

    def draws_done(self, state: GameState, draw: DrawFrame, index: int) -> None:
        """The draw ``draw`` is over (all cards taken or the player is out): discard its action
        card, resolve or drop set-aside cards (pushing frames as needed)."""

    def step(self, state: GameState, frame: Any, index: int) -> bool:
        """Advance one of the ruleset's own frames by one step; True when an event is now owed."""
        raise NotImplementedError(f"{self.name} has no frames of kind {frame.kind!r}")

    # -- decisions -------------------------------------------------------------------------------

    def stay_refusal(self, state: GameState, seat: int) -> RuleViolation | None:
        """Why ``seat`` may not stay now (the move's own rules), or None when they may."""
        if state.rows[seat].has_card():
            return None
        return RuleViolation(
            "stay_without_card", "turn.stay",
            f"{state.name(seat)} has no card in front of them, so they cannot stay and must take a card.",
        )

    def eligible(self, state: GameState, frame: TargetFrame) -> tuple[int, ...]:
        """The seats the waiting ``frame.card`` may go to (default: players who have turns)."""
        return tuple(state.active_seats())

    def target_names(self, event: TargetEvent) -> Iterable[str]:
        """Every name in a ``target`` event besides ``player`` (each must be seated)."""
        return (event.target,)

    def target_refusal(self, state: GameState, event: TargetEvent, exp: Expectation) -> RuleViolation | None:
        """A ruleset's own reason why this ``target`` event cannot come now (asked right after the
        engine found the round going, before its other checks); None: no objection."""
        return None

    def check_target(self, state: GameState, event: TargetEvent, exp: Expectation, target: int) -> None:
        """The target's own rules, after the engine checked order, names, holder and card:
        ``target`` must be eligible (and any extra fields right)."""
        if target not in exp.eligible:
            raise RuleViolation(
                "illegal_target", "action.target",
                f"{self.label(event.card)} cannot go to {state.name(target)}. Allowed: {', '.join(state.name(s) for s in exp.eligible) or 'nobody'}.",
            )

    def apply_target(self, state: GameState, frame: TargetFrame, event: TargetEvent, index: int) -> None:
        """Carry out a checked ``target`` event for ``frame`` (already taken off the stack)."""
        raise NotImplementedError

    def target_moves(self, state: GameState, exp: Expectation) -> list[Event]:
        """Every legal ``target`` event now (default: one per eligible seat)."""
        assert exp.seat is not None and exp.card is not None
        holder = state.name(exp.seat)
        return [TargetEvent(type="target", player=holder, card=exp.card, target=state.name(t)) for t in exp.eligible]

    # -- scoring ---------------------------------------------------------------------------------

    def outcomes(self, state: GameState, ended_by: str | None) -> tuple[list[str], list[int]]:
        """Outcome and score of every seat now (``ended_by`` None: the round is still going)."""
        raise NotImplementedError

    def row_score(self, row: Row) -> int:
        """What ``row`` would score if the round ended now, without a Flip 7 bonus (for players'
        views; default: 0 when busted, else its numbers added up)."""
        return 0 if row.status == BUSTED else sum(int(n) for n in row.numbers if n.isdigit())

    def row_fields(self, row: Row) -> dict[str, Any]:
        """Fields of the ruleset's own that the table view shows for ``row`` (default: none)."""
        return {}

    # -- what statistics ask -----------------------------------------------------------------------

    def bust_cards(self, row: Row, pile: Mapping[str, int]) -> int:
        """How many cards of ``pile`` would bust ``row`` if drawn next (default: a duplicate number),
        before anything in the row cancels the bust."""
        return sum(pile.get(n, 0) for n in set(row.numbers))

    def bust_chance(self, row: Row, pile: Mapping[str, int]) -> float:
        """Exact chance that the next card from ``pile`` busts ``row`` (``bust_cards`` of the pile)."""
        size = sum(pile.values())
        return self.bust_cards(row, pile) / size if size else 0.0

    def score_note(self, state: GameState, seat: int, row: Row) -> str | None:
        """Something in ``row`` a wrong score claim may have missed ("a Second Chance cancelled the
        second 5 on event 12"), for its message; default: nothing."""
        return None

    def busts_saved(self, row: Row) -> int:
        """How many busts something in the row cancelled this round (default: none can be)."""
        return 0

    def records_target(self, exp: Expectation) -> bool:
        """True when the ``target`` decision awaited by ``exp`` is one statistics keep (default: all)."""
        return True

    def wipes(self, row: Row) -> Sequence[Wipe]:
        """The wipes ``row`` suffered this round, in order (default: no card wipes a row)."""
        return ()


def seats_named(state: GameState, seats: Sequence[int]) -> str:
    """``Ana, Ben`` (or ``nobody``) for messages."""
    return ", ".join(state.name(s) for s in seats) if seats else "nobody"
