"""The base game (``"ruleset": "flip7"``): what is particular to Flip 7 itself.

Its deck (numbers 0–12, + modifiers and x2, Freeze, Flip Three, Second Chance), the ``edition`` and
``delayed`` options, what receiving a card does (bust, Flip 7, a held Second Chance), whom an
action may go to, Flip Three's set-aside cards, and scoring. Everything shared lives in
``adjudicator.rules.engine``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal, cast

from mypy_extensions import mypyc_attr

from adjudicator.effects import (
    AsideDone,
    Awaits,
    Discarded,
    DrawsOwed,
    Given,
    Kept,
    Placed,
    PutOut,
    Saved,
    SetAside,
    report,
)
from adjudicator.errors import RuleViolation
from adjudicator.events import GameEvent, TargetEvent
from adjudicator.note import Note, Words
from adjudicator.rules.common import card_said, said, standing, take_number, violation
from adjudicator.rulesets.base.cards import (
    CARD_LABELS,
    CARD_SET,
    FLIP_THREE,
    FREEZE,
    MODIFIER_SET,
    NUMBER_SET,
    SECOND_CHANCE,
    deck_counts,
    is_modifier,
    is_number,
    label,
)
from adjudicator.rulesets.base.messages import MESSAGES
from adjudicator.rulesets.base.options import BaseGameOptions
from adjudicator.state import (
    ACTIVE,
    BUSTED,
    STAYED,
    DrawFrame,
    DrawPurpose,
    Expectation,
    GameState,
    Row,
    Ruleset,
    ScoreStep,
    TargetFrame,
    tally,
)

#: The base game's options at their defaults (for a ruleset built on these rules with a game model
#: of its own).
_DEFAULTS = BaseGameOptions.model_construct()

#: A player stopped by a Freeze: out of the round, banking their row.
FROZEN = "frozen"
#: Draw purpose of the three cards a Flip Three owes.
FLIP_THREE_DRAW = "flip_three"

#: Added to the score of a row with seven different numbers.
FLIP7_BONUS = 15


def score_row(
    numbers: Sequence[str], modifiers: Sequence[str], *, busted: bool, flip7: bool, steps: list[ScoreStep] | None = None,
) -> int:
    """Score one row: 0 when busted, else the numbers doubled per x2, plus each + modifier, plus 15
    for Flip 7. The base game's one scoring: given ``steps``, it also writes each step there
    (``score_steps``), the last one's total being the score returned."""
    if busted:
        return tally(steps, "busted", 0)
    total = tally(steps, "numbers", sum(int(n) for n in numbers), numbers)
    for modifier in modifiers:  # every x2 doubles the numbers alone, whatever order the cards came in
        if modifier == "x2":
            total = tally(steps, "double", total * 2, (modifier,))
    for modifier in modifiers:
        if modifier != "x2":
            total = tally(steps, "add", total + int(modifier), (modifier,), int(modifier))
    if flip7:
        total = tally(steps, "flip7", total + FLIP7_BONUS, amount=FLIP7_BONUS)
    return total


#: What a waiting ``TargetFrame`` of the base game is for.
RESOLVE = "resolve"  # Freeze / Flip Three takes effect on the target
PASS = "pass"  # an extra Second Chance is handed on
NAME = "name"  # assign_first: a recipient is named for a set-aside card that acts later

_TARGET_RULE = {FREEZE: "action.freeze", FLIP_THREE: "action.flip-three", SECOND_CHANCE: "action.second-chance"}


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(slots=True, init=False)
class BaseRow(Row):
    """A base-game row: also a held Second Chance, the Freezes it took, and Second Chances used."""

    second_chance: bool = False
    freezes: list[str] = field(default_factory=list)
    second_chance_used: int = 0
    #: The duplicates a Second Chance cancelled this round: (number, event).
    saves: list[tuple[str, int]] = field(default_factory=list)

    def __init__(
        self, numbers: list[str] | None = None, modifiers: list[str] | None = None, status: str = ACTIVE,
        status_event: int | None = None, bust_card: str | None = None, flip7: bool = False, cards_drawn: int = 0,
        put_out_by: int | None = None, status_during: str | None = None, second_chance: bool = False,
        freezes: list[str] | None = None, second_chance_used: int = 0, saves: list[tuple[str, int]] | None = None,
    ) -> None:
        """A row with the fields in their order (written out, as ``Row.__init__`` says why)."""
        Row.__init__(self, numbers, modifiers, status, status_event, bust_card, flip7, cards_drawn, put_out_by, status_during)
        self.second_chance = second_chance
        self.freezes = [] if freezes is None else freezes
        self.second_chance_used = second_chance_used
        self.saves = [] if saves is None else saves

    def has_card(self) -> bool:
        """True when a number, a modifier or a held Second Chance lies in front of the player."""
        return bool(self.numbers or self.modifiers or self.second_chance)

    def table_cards(self) -> list[str]:
        """Every card lying in front of the player (goes to the discard pile at round end)."""
        cards = [*self.numbers, *self.modifiers, *self.freezes]
        if self.second_chance:
            cards.append(SECOND_CHANCE)
        return cards


def _rows(state: GameState) -> list[BaseRow]:
    """The table's rows as this ruleset made them (``new_row`` gives every seat a ``BaseRow``)."""
    return cast("list[BaseRow]", state.rows)


def _mine(row: Row) -> BaseRow:
    """A row this ruleset made (``new_row``), as its own kind; the shared hooks pass it as a ``Row``."""
    return cast(BaseRow, row)


@dataclass(slots=True)
class DelayedFrame:
    """Set-aside cards of a Flip Three that ``holder`` resolves (or first names recipients for)."""

    holder: int
    cards: list[str]
    naming: bool
    next: int = 0
    assigned: list[int | None] = field(default_factory=list)
    kind: Literal["delayed"] = "delayed"

    def in_play(self) -> list[str]:
        """The set-aside cards not yet resolved (all of them while recipients are named)."""
        return list(self.cards) if self.naming else self.cards[self.next:]


@mypyc_attr(allow_interpreted_subclasses=True)  # a house ruleset may build on the base game
class BaseGame(Ruleset):
    """Flip 7, the base game (current or first edition; set-aside cards in turn or assigned first)."""

    name = "flip7"
    game_event = BaseGameOptions
    cards = CARD_SET
    numbers = NUMBER_SET
    modifiers = MODIFIER_SET
    status_words: ClassVar[dict[str, str]] = {**Ruleset.status_words, FROZEN: "was frozen"}
    messages: ClassVar[Words] = MESSAGES
    draw_purposes: ClassVar[dict[str, DrawPurpose]] = {
        FLIP_THREE_DRAW: DrawPurpose("action.flip-three", "for a Flip Three", "action.delayed"),
    }

    def deck(self, decks: int) -> dict[str, int]:
        """94 cards per deck (``cards.ONE_DECK``)."""
        return deck_counts(decks)

    def check_options(self, game: GameEvent) -> None:
        """Brutal mode belongs to With a Vengeance; so does any other ruleset's option."""
        if game.foreign.get("brutal") is True:
            raise violation("bad_event", "setup.game", Note("brutal_foreign", {}, MESSAGES))
        super().check_options(game)

    def new_row(self) -> BaseRow:
        """An empty base-game row."""
        return BaseRow()

    def card_name(self, card: str) -> str:
        """``Freeze``, ``Flip Three``, ``Second Chance``; other cards as written."""
        return CARD_LABELS.get(card, card)

    def label(self, card: str) -> str:
        """``Freeze``, ``a 7``, ``an 8``, ``+4``."""
        return label(card)

    # -- cards -----------------------------------------------------------------------------------

    def place(self, state: GameState, seat: int, card: str) -> str | None:
        """A ``position`` may also show a held Second Chance (one) and a Freeze that stopped the player."""
        row = _rows(state)[seat]
        if card == SECOND_CHANCE:
            if row.second_chance:
                return "a player holds at most one Second Chance"
            row.second_chance = True
            return None
        if card == FREEZE:
            row.freezes.append(card)
            return None
        return super().place(state, seat, card)

    def receive(self, state: GameState, seat: int, card: str, draw: DrawFrame | None, index: int) -> None:
        """Numbers bust on a duplicate (unless a Second Chance cancels it) and make Flip 7 at seven;
        modifiers lie in the row; a Second Chance is held (an extra one passed on); Freeze and Flip
        Three wait for a target, or are set aside during a Flip Three."""
        row = _rows(state)[seat]
        effects = state.effects  # what the card does is reported only while someone listens
        if is_number(card):
            if card in row.numbers:
                if row.second_chance:
                    row.second_chance = False
                    row.second_chance_used += 1
                    row.saves.append((card, index))
                    state.discard(card)
                    state.discard(SECOND_CHANCE)
                    if effects is not None:
                        effects.append(Saved(seat, card, SECOND_CHANCE))
                    return
            take_number(state, seat, card, index)
            return
        if is_modifier(card):
            row.modifiers.append(card)
            if effects is not None:
                effects.append(Placed(seat, card))
            return
        if card == SECOND_CHANCE:
            if not row.second_chance:
                row.second_chance = True
                if effects is not None:
                    effects.append(Kept(seat, card))
            elif _second_chance_takers(state, seat):
                state.stack.append(TargetFrame(seat, card, PASS))
                if effects is not None:
                    effects.append(Awaits(seat, card, PASS))
            else:
                state.discard(card)
                if effects is not None:
                    effects.append(Discarded(seat, card))
            return
        if draw is not None and draw.purpose == FLIP_THREE_DRAW:
            draw.set_aside.append(card)
            if effects is not None:
                effects.append(SetAside(seat, card, draw.action_card))
        else:
            state.stack.append(TargetFrame(seat, card, RESOLVE))
            if effects is not None:
                effects.append(Awaits(seat, card, RESOLVE))

    def draws_done(self, state: GameState, draw: DrawFrame, index: int) -> None:
        """After a Flip Three: its card is discarded; set-aside cards are resolved in turn (or their
        recipients named first), or dropped if the target busted (current edition)."""
        if draw.purpose != FLIP_THREE_DRAW:
            return
        assert draw.action_card is not None and state.game is not None
        state.discard(draw.action_card)
        busted = state.rows[draw.seat].status == BUSTED
        if not draw.set_aside:
            return
        game = state.game
        options = game if isinstance(game, BaseGameOptions) else _DEFAULTS
        if busted and options.edition != "first":
            for card in draw.set_aside:
                state.discard(card)
            report(state, AsideDone, draw.seat, tuple(draw.set_aside), "dropped")
            return
        report(state, AsideDone, draw.seat, tuple(draw.set_aside), "kept" if busted else "resolved")
        state.stack.append(DelayedFrame(draw.seat, list(draw.set_aside), naming=options.delayed == "assign_first"))

    def step(self, state: GameState, frame: DelayedFrame, index: int) -> bool:
        """Advance set-aside cards by one step; True when a target event is now owed."""
        if frame.naming:
            if frame.next < len(frame.cards):
                if state.anyone_active():
                    state.stack.append(TargetFrame(frame.holder, frame.cards[frame.next], NAME, origin=frame, holds_card=False))
                    report(state, Awaits, frame.holder, frame.cards[frame.next], NAME)
                    return True
                frame.assigned.append(None)
                frame.next += 1
                return False
            frame.naming, frame.next = False, 0
            return False
        if frame.next >= len(frame.cards):
            state.stack.pop()
            return False
        card = frame.cards[frame.next]
        slot = frame.next
        frame.next += 1
        if frame.assigned:  # assign_first: recipients were named already
            recipient = frame.assigned[slot]
            if recipient is None or state.rows[recipient].status != ACTIVE:
                state.discard(card)
                report(state, Discarded, frame.holder, card)
            else:
                _resolve_action(state, card, recipient, index, frame.holder)
            return False
        if not state.anyone_active():
            state.discard(card)
            report(state, Discarded, frame.holder, card)
            return False
        state.stack.append(TargetFrame(frame.holder, card, RESOLVE))
        report(state, Awaits, frame.holder, card, RESOLVE)
        return True

    # -- decisions -------------------------------------------------------------------------------

    def stay_refusal(self, state: GameState, seat: int) -> RuleViolation | None:
        """A player with nothing in front of them (no number, modifier or Second Chance) must take a card."""
        if state.rows[seat].has_card():
            return None
        return violation("stay_without_card", "turn.stay", Note("stay_without_card", {"player": state.name(seat)}, MESSAGES))

    def eligible(self, state: GameState, frame: TargetFrame) -> tuple[int, ...]:
        """Active players; for a passed Second Chance, active players without one (not the holder)."""
        if frame.purpose == PASS:
            return _second_chance_takers(state, frame.holder)
        return tuple(state.active_seats())

    def check_target(self, state: GameState, event: TargetEvent, exp: Expectation, target: int) -> None:
        """The target must be eligible; the message says why not."""
        if target not in exp.eligible:
            delayed = len(state.stack) > 1 and state.stack[-2].kind == "delayed"
            assert exp.card is not None
            # the referee's reason: the target already holds the card that waits (a Second Chance)
            holds = state.rules.bust_cover(state.rows[target]) == exp.card
            facts = (Note("holds_sc", {"player": state.name(target), "cover_card": exp.card}),) if holds else ()
            raise violation("illegal_target", "action.delayed" if delayed else _TARGET_RULE[exp.card], _why_not(state, exp, target), None, facts)

    def apply_target(self, state: GameState, frame: TargetFrame, event: TargetEvent, index: int) -> None:
        """Name a set-aside card's recipient, hand on a Second Chance, or carry out Freeze / Flip Three."""
        target = state.seat_of[event.target]
        if frame.purpose == NAME:
            delayed: DelayedFrame = frame.origin
            delayed.assigned.append(target)
            delayed.next += 1
        elif frame.purpose == PASS:
            _rows(state)[target].second_chance = True
            report(state, Given, frame.holder, frame.card, target)
        else:
            _resolve_action(state, frame.card, target, index, frame.holder)

    # -- scoring ---------------------------------------------------------------------------------

    def outcomes(self, state: GameState, ended_by: str | None) -> tuple[list[str], list[int]]:
        """``flip7``, ``stayed``, ``frozen``, ``busted``, or (still active) ``in`` after a Flip 7 and
        ``playing`` while the round goes on; scores per ``score_row``."""
        outcomes, scores = [], []
        for row in state.rows:
            if row.flip7:
                outcome = "flip7"
            elif row.status == ACTIVE:
                outcome = "in" if ended_by == "flip7" else "playing"
            else:
                outcome = row.status
            outcomes.append(outcome)
            scores.append(score_row(row.numbers, row.modifiers, busted=row.status == BUSTED, flip7=row.flip7))
        return outcomes, scores

    def score_now(self, state: GameState, row: Row) -> int:
        """``score_row`` without its steps (asked at every decision)."""
        return score_row(row.numbers, row.modifiers, busted=row.status == BUSTED, flip7=row.flip7)

    # -- what statistics ask -----------------------------------------------------------------------

    def score_note(self, state: GameState, seat: int, row: Row) -> str | None:
        """Which duplicates a Second Chance cancelled (a reason a claim of 0 is wrong); none once the
        row busted later, the bust being the reason then."""
        saves = _mine(row).saves
        if not saves or row.status == BUSTED:
            return None
        said = " and ".join(f"the second {card} on event {at}" for card, at in saves)
        return f"{state.name(seat)}'s Second Chance cancelled {said}"

    def busts_saved(self, row: Row) -> int:
        """Duplicates a Second Chance cancelled."""
        return _mine(row).second_chance_used

    def records_target(self, exp: Expectation) -> bool:
        """Freeze and Flip Three decisions (not an extra Second Chance handed on)."""
        return exp.purpose != PASS

    # -- what the referee asks ---------------------------------------------------------------------

    def score_steps(self, state: GameState, row: Row) -> list[ScoreStep]:
        """``score_row`` step by step: the numbers, each x2, each + modifier, the Flip 7 bonus."""
        steps: list[ScoreStep] = []
        score_row(row.numbers, row.modifiers, busted=row.status == BUSTED, flip7=row.flip7, steps=steps)
        return steps

    def bust_cover(self, row: Row) -> str | None:
        """A held Second Chance cancels the next duplicate."""
        return SECOND_CHANCE if _mine(row).second_chance else None


def _second_chance_takers(state: GameState, holder: int) -> tuple[int, ...]:
    return tuple(
        i for i, row in enumerate(_rows(state))
        if row.status == ACTIVE and not row.second_chance and i != holder
    )


def _resolve_action(state: GameState, card: str, target: int, index: int, by: int) -> None:
    """Carry out a Freeze or Flip Three (given by ``by``) on ``target``."""
    if card == FREEZE:
        row = _rows(state)[target]
        row.status, row.status_event, row.put_out_by = FROZEN, index, by
        row.freezes.append(card)
        report(state, PutOut, target, FROZEN, card, by)
    else:
        state.stack.append(DrawFrame(target, 3, FLIP_THREE_DRAW, action_card=card))
        report(state, DrawsOwed, target, 3, FLIP_THREE_DRAW, card)


def _why_not(state: GameState, exp: Expectation, target: int) -> Note:
    who = state.name(target)
    allowed = [state.name(s) for s in exp.eligible]
    if exp.card == SECOND_CHANCE and exp.purpose == PASS:
        reason: Note
        if target == exp.seat:
            reason = Note("holds_own", {"player": who}, MESSAGES)
        elif state.rows[target].status != ACTIVE:
            reason = standing(state, target)
        else:
            reason = Note("has_sc", {"player": who}, MESSAGES)
        return Note("extra_sc", {"target": who, "reason": reason, "eligible": allowed}, MESSAGES)
    return said(state, "cannot_go", {"card": card_said(state, exp.card or ""), "target": who, "standing": standing(state, target), "eligible": allowed})


__all__ = ["FLIP7_BONUS", "FROZEN", "STAYED", "BaseGame", "BaseRow", "DelayedFrame", "score_row"]
