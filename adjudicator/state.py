"""The table during a replay: seats, rows, piles, and the stack of what the game is waiting for.

The state is mutable and updated in place by the engine (``adjudicator.rules.engine``) and the
game's ruleset; nothing here knows the rules of any ruleset. ``GameState.stack`` holds frames: the
round at the bottom, then draws owed, action cards waiting for a recipient, and frames a ruleset
keeps for itself (for example set-aside cards waiting to be resolved).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Protocol, final

from mypy_extensions import mypyc_attr
from pydantic import TypeAdapter

from adjudicator.errors import RuleViolation
from adjudicator.events import EVENT_ADAPTER, Event, GameEvent, TargetEvent, event_adapter, load_json, validate_event
from adjudicator.note import Card, Note, Words
from adjudicator.scoring import duplicate_cards

#: The player has turns (and draws the cards owed to them).
ACTIVE = "active"
#: The player banked their row and has no more turns.
STAYED = "stayed"
#: The player's row holds a duplicate number: out of the round, scoring 0.
BUSTED = "busted"


@mypyc_attr(allow_interpreted_subclasses=True)  # a ruleset left uncompiled subclasses it
@dataclass(slots=True, init=False)
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

    # written out (init=False), as in the frames below: the compiled build runs a written
    # __init__ natively, and the one dataclass makes as interpreted code (a row per seat per round)
    def __init__(
        self, numbers: list[str] | None = None, modifiers: list[str] | None = None, status: str = ACTIVE,
        status_event: int | None = None, bust_card: str | None = None, flip7: bool = False, cards_drawn: int = 0,
        put_out_by: int | None = None, status_during: str | None = None,
    ) -> None:
        """A row with the fields in their order (an empty list where ``numbers`` or ``modifiers`` is None)."""
        self.numbers = [] if numbers is None else numbers
        self.modifiers = [] if modifiers is None else modifiers
        self.status = status
        self.status_event = status_event
        self.bust_card = bust_card
        self.flip7 = flip7
        self.cards_drawn = cards_drawn
        self.put_out_by = put_out_by
        self.status_during = status_during

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


@dataclass(slots=True, init=False)
class RoundFrame:
    """Bottom of the stack during a round: the deal, then the turns."""

    dealing: bool = True
    deal_pos: int = 0
    last_mover: int = 0
    kind: Literal["round"] = "round"

    def __init__(self, dealing: bool = True, deal_pos: int = 0, last_mover: int = 0, kind: Literal["round"] = "round") -> None:
        """The frame with the fields in their order (written out: see ``Row.__init__``)."""
        self.dealing = dealing
        self.deal_pos = deal_pos
        self.last_mover = last_mover
        self.kind = kind

    def in_play(self) -> list[str]:
        """A round holds no card."""
        return []


@dataclass(slots=True, init=False)
class DrawFrame:
    """Cards owed to ``seat``: one after a hit, or more for an action card (``purpose`` names it,
    among the ruleset's ``draw_purposes``); cards the ruleset sets aside meanwhile go to ``set_aside``."""

    seat: int
    remaining: int
    purpose: str
    action_card: str | None = None
    set_aside: list[str] = field(default_factory=list)
    kind: Literal["draw"] = "draw"

    def __init__(
        self, seat: int, remaining: int, purpose: str, action_card: str | None = None,
        set_aside: list[str] | None = None, kind: Literal["draw"] = "draw",
    ) -> None:
        """The frame with the fields in their order (written out: see ``Row.__init__``)."""
        self.seat = seat
        self.remaining = remaining
        self.purpose = purpose
        self.action_card = action_card
        self.set_aside = [] if set_aside is None else set_aside
        self.kind = kind

    def __reduce__(self) -> tuple[Any, ...]:
        """How ``copy`` and ``pickle`` rebuild the frame (the compiled class has no bare ``__new__``)."""
        return (DrawFrame, (self.seat, self.remaining, self.purpose, self.action_card, self.set_aside, self.kind))

    def in_play(self) -> list[str]:
        """The action card that made the draw, and the cards set aside so far."""
        return [self.action_card, *self.set_aside] if self.action_card else list(self.set_aside)


@dataclass(slots=True, init=False)
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

    def __init__(
        self, holder: int, card: str, purpose: str, origin: Any = None, holds_card: bool = True,
        kind: Literal["target"] = "target",
    ) -> None:
        """The frame with the fields in their order (written out: see ``Row.__init__``)."""
        self.holder = holder
        self.card = card
        self.purpose = purpose
        self.origin = origin
        self.holds_card = holds_card
        self.kind = kind

    def __reduce__(self) -> tuple[Any, ...]:
        """How ``copy`` and ``pickle`` rebuild the frame (the compiled class has no bare ``__new__``)."""
        return (TargetFrame, (self.holder, self.card, self.purpose, self.origin, self.holds_card, self.kind))

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
        "effects",
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
        #: What the event being applied did (``adjudicator.effects``), while an observer listens;
        #: None otherwise (nothing is reported then).
        self.effects: list[Any] | None = None

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


# ---------------------------------------------------------------------------------------------
# What the game waits for

ExpectKind = Literal["game", "round", "over", "deal", "turn", "draw", "target"]


@dataclass(frozen=True, slots=True)
class Expectation:
    """What may come next: ``game``, ``round``, ``over``, ``deal`` (the deal has reached ``seat``),
    ``turn`` (``seat`` hits or stays), ``draw`` (a card owed to ``seat`` for ``purpose``) or
    ``target`` (``seat`` must give ``card`` to one of ``eligible``, for ``purpose``)."""

    kind: ExpectKind
    seat: int | None = None
    card: str | None = None
    eligible: tuple[int, ...] = ()
    purpose: str | None = None

    def __copy__(self) -> Expectation:
        """Immutable: a copy is the value itself (also what lets ``copy`` handle the compiled class)."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Expectation:
        """Immutable: a deep copy is the value itself."""
        return self


# ---------------------------------------------------------------------------------------------
# The ruleset interface (kept with the table it acts on, so neither imports the other)
#
# The ruleset interface: what a ruleset supplies to the shared engine.
#
# A ruleset is a small class (one instance per ruleset, registered by name in ``adjudicator.rules``)
# in the way python-chess's variants are Board subclasses overriding a few hooks. The engine
# (``adjudicator.rules.engine``) owns everything the rulesets share and asks the game's ruleset,
# ``state.rules``, for the rest. Hooks receive the live ``GameState`` and change it in place.
#
# Hooks a ruleset must implement: ``deck``, ``receive``, ``apply_target``, ``outcomes``.
# Hooks with a default that fits most rulesets: everything else below.


@dataclass(frozen=True, slots=True)
class DrawPurpose:
    """Why cards are owed (a ``DrawFrame.purpose``): the rule id a wrong card or an early decision
    cites, how messages say it ("after their hit"), and the rule an early ``target`` cites."""

    rule: str
    reason: str
    early_target_rule: str

    def __copy__(self) -> DrawPurpose:
        """Immutable: a copy is the value itself (also what lets ``copy`` handle the compiled class)."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> DrawPurpose:
        """Immutable: a deep copy is the value itself."""
        return self


@dataclass(frozen=True, slots=True)
class ScoreStep:
    """One step of working out a row's round score, with the total after it (``Ruleset.score_steps``).

    ``kind`` says what the step does, in words every ruleset shares, so that the referee can say it
    in any language: ``numbers`` (the number ``cards`` added up), ``busted`` (a bust: the numbers
    count 0), ``zero`` (The Zero without a Flip 7: the numbers count 0), ``double`` (x2),
    ``halve`` (÷2, rounded down), ``add`` (a modifier in ``cards`` added or taken away:
    ``amount``), ``floor`` (a total below 0 raised to 0), ``flip7`` (the Flip 7 bonus: ``amount``),
    ``bonus`` (Brutal mode: the Flip 7 bonus given to this row, ``amount`` +15 or -15).
    """

    kind: str
    total: int
    cards: tuple[str, ...] = ()
    amount: int = 0

    def __copy__(self) -> ScoreStep:
        """Immutable: a copy is the value itself (also what lets ``copy`` handle the compiled class)."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> ScoreStep:
        """Immutable: a deep copy is the value itself."""
        return self


def tally(steps: list[ScoreStep] | None, kind: str, total: int, cards: Sequence[str] = (), amount: int = 0) -> int:
    """``total``, written into ``steps`` as a step of ``kind`` (see ``ScoreStep``) unless ``steps``
    is None: what lets a ruleset's one scoring function give the score alone or its steps too."""
    if steps is not None:
        steps.append(ScoreStep(kind, total, tuple(cards), amount))
    return total


@dataclass(frozen=True, slots=True)
class Wipe:
    """Cards one card threw out of a row at once (Vengeance's Unlucky 7), for the statistics:
    the event that brought the card, the cards thrown out (in row order, numbers then modifiers)
    and the round score the row held just before."""

    event: int
    cards: tuple[str, ...]
    points: int

    def __copy__(self) -> Wipe:
        """Immutable: a copy is the value itself (also what lets ``copy`` handle the compiled class)."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Wipe:
        """Immutable: a deep copy is the value itself."""
        return self


#: The draw every ruleset has: one card after a ``hit``.
HIT = "hit"
HIT_DRAW = DrawPurpose("turn.hit", "after their hit", "turn.hit")


@mypyc_attr(allow_interpreted_subclasses=True)  # a ruleset left uncompiled subclasses it
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
    #: The number cards that stay in a row when placed without being drawn (a ``position``);
    #: None: ``numbers``. A ruleset with numbers an integer does not name (special numbers) lists
    #: them all here.
    row_numbers: ClassVar[frozenset[str] | None] = None
    #: Card names a ``target`` event's ``card`` may carry (default: ``cards``).
    target_cards: ClassVar[frozenset[str] | None] = None
    #: The model of this ruleset's ``target`` events (a subclass of ``TargetEvent`` with more fields).
    target_event: ClassVar[type[TargetEvent]] = TargetEvent
    #: This ruleset's options model: the ``game`` event with its own options as fields (a subclass
    #: of ``GameEvent``; the one definition the CLI, the notation, the store and the schema read).
    game_event: ClassVar[type[GameEvent]] = GameEvent
    min_players: ClassVar[int] = 3
    players_per_deck: ClassVar[int] = 18
    #: How a violation message says where a player stands, per row status (English; every language
    #: is in the catalogues: ``status_{status}``).
    status_words: ClassVar[dict[str, str]] = {ACTIVE: "is still active", STAYED: "stayed", BUSTED: "busted"}
    #: The ruleset's own words for its refusals (``adjudicator.messages``: language → key →
    #: template); a key it has overrides the shared catalogue's.
    messages: ClassVar[Words] = {}
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
        """Refuse game options this ruleset does not have (``bad_event``, rule ``setup.game``): an
        option of another ruleset set on the line to other than its default (``game.foreign``)."""
        for option, value in game.foreign.items():
            raise RuleViolation("bad_event", "setup.game", Note("foreign_option", {"option": option, "ruleset": self.name, "value": value}, self.messages))

    def new_row(self) -> Row:
        """An empty row; a ruleset with more per-row data returns its ``Row`` subclass."""
        return Row()

    def card_name(self, card: str) -> str:
        """A card as a bare noun in messages ("Freeze", "7")."""
        return card

    def label(self, card: str) -> str:
        """A card with its article in messages ("a 7", "an 8", "Freeze")."""
        return f"an {card}" if card in ("8", "11") else f"a {card}" if card in self.numbers else card

    def target_request(self, card: str) -> str:
        """What the holder of ``card`` must do with it, before the players it may reach ("give
        Freeze to one of"): the words of "Ana must give Freeze to one of: Ben, Cem"."""
        return f"give {self.label(card)} to one of"

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
        numbers (``row_numbers``) and ``modifiers`` go to the row; other cards are refused.
        """
        row = state.rows[seat]
        if card in (self.numbers if self.row_numbers is None else self.row_numbers):
            row.numbers.append(card)
        elif card in self.modifiers:
            row.modifiers.append(card)
        else:
            return f"{self.label(card)} does not stay in front of a player; list it under discards"
        return None

    def busting_numbers(self, numbers: Sequence[str]) -> list[str]:
        """The numbers of a row, in row order, each of which would have busted the row on arrival
        after the ones before it (default: a number shown again); empty for a row that stands."""
        seen: set[str] = set()
        found: list[str] = []
        for card in numbers:
            if card in seen:
                found.append(card)
            seen.add(card)
        return found

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
        return RuleViolation("stay_without_card", "turn.stay", Note("stay_without_card", {"player": state.name(seat)}, self.messages))

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
            card = Card(self.card_name(event.card), self.label(event.card), event.card.isdigit() and self.card_name(event.card) == event.card)
            allowed = {"card": card, "target": state.name(target), "eligible": [state.name(s) for s in exp.eligible]}
            raise RuleViolation("illegal_target", "action.target", Note("target_not_allowed", allowed, self.messages))

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


    # -- what statistics ask -----------------------------------------------------------------------

    def bust_cards(self, row: Row, pile: Mapping[str, int]) -> int:
        """How many cards of ``pile`` would bust ``row`` if drawn next (default: a duplicate number),
        before anything in the row cancels the bust."""
        return duplicate_cards(row.numbers, pile)

    @final
    def bust_chance(self, row: Row, pile: Mapping[str, int]) -> float:
        """Exact chance that the next card from ``pile`` busts ``row``: 0 while something in the row
        cancels the bust (``bust_cover``), else ``bust_cards`` of the pile. Not a hook: the bust
        odds have one, ``bust_cards`` (with ``bust_cover``), so the statistics, the simulator and
        the referee cannot disagree."""
        size = sum(pile.values())
        if not size or self.bust_cover(row) is not None:
            return 0.0
        return self.bust_cards(row, pile) / size

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

    # -- what the referee asks (adjudicator.referee) ------------------------------------------------

    def score_steps(self, state: GameState, row: Row) -> list[ScoreStep]:
        """How ``row`` scores in ``state``'s game, step by step, the last step's ``total`` being the
        score ``outcomes`` gives it (the referee's breakdowns: ``7 + 5 = 12, x2 → 24``).

        Default: 0 when busted, else the numbers added up (no modifiers, no bonus).
        """
        if row.status == BUSTED:
            return [ScoreStep("busted", 0)]
        numbers = tuple(row.numbers)
        return [ScoreStep("numbers", sum(int(n) for n in numbers if n.isdigit()), numbers)]

    def score_now(self, state: GameState, row: Row) -> int:
        """What ``row`` would score if the round ended now: the last total of its ``score_steps``
        (what a player banks by staying, what strategies compare, what the referee says).

        Not a second scoring: a ruleset overrides it only to answer faster from the very code
        that writes its steps (the simulator asks it at every decision).
        """
        return self.score_steps(state, row)[-1].total

    def bust_cover(self, row: Row) -> str | None:
        """The card in ``row`` that would cancel a bust on the next card (base: a held Second
        Chance), for the referee's bust-chance sentence and its facts; default None."""
        return None

    # -- what statistics ask (more) ---------------------------------------------------------------

    def wipes(self, row: Row) -> Sequence[Wipe]:
        """The wipes ``row`` suffered this round, in order (default: no card wipes a row)."""
        return ()


@dataclass(frozen=True, slots=True)
class PendingCard:
    """A card that still has to act (a kit view's ``pending_cards``): held by ``holder``, either waiting
    for its ``target`` event now or ``set_aside`` until some draws are over, and the seats it may
    reach now (for a set-aside card: if it acted now)."""

    card: str
    holder: int
    set_aside: bool
    may_go_to: tuple[int, ...]

    def __copy__(self) -> PendingCard:
        """Immutable: a copy is the value itself (also what lets ``copy`` handle the compiled class)."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> PendingCard:
        """Immutable: a deep copy is the value itself."""
        return self


def seats_named(state: GameState, seats: Sequence[int]) -> str:
    """``Ana, Ben`` (or ``nobody``) for messages."""
    return ", ".join(state.name(s) for s in seats) if seats else "nobody"
