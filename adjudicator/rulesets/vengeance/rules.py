"""Flip 7: With a Vengeance (``"ruleset": "vengeance"``), with its Brutal mode.

What is particular to the expansion (docs/contract/vengeance.md): its 108-card deck with The Zero,
the Unlucky 7 and the Lucky 13; negative modifiers and ÷2, given to any player still in the round;
Just One More, Flip Four, Steal, Swap and Discard with their ``target`` fields; "an action with a
legal use must be used"; scoring with the floor at 0 (or not, in Brutal mode) and the Brutal Flip 7
bonus choice. Deal, turns, piles, round end, end of game and claims are the shared engine's.

Stayed players remain in the round (actions and modifiers still reach them); only busted players
are out. "Active" (has turns) is the engine's ``ACTIVE``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal, cast

from adjudicator.effects import (
    AsideDone,
    Awaits,
    Busted,
    Discarded,
    DrawsOwed,
    Flip7,
    Given,
    Moved,
    Placed,
    PutOut,
    SetAside,
    Wiped,
    report,
)
from adjudicator.errors import RuleViolation
from adjudicator.events import Event, GameEvent, TargetEvent, option_fields
from adjudicator.note import Note, Words
from adjudicator.rules.common import card_said, end_round, expected, standing, violation
from adjudicator.rulesets.vengeance.cards import (
    ACTIONS,
    CARD_LABELS,
    CARD_SET,
    DISCARD,
    FLIP7_BONUS,
    FLIP7_POINTS,
    FLIP_FOUR,
    HALVE,
    JUST_ONE_MORE,
    LUCKY_13,
    MINUS_MODIFIERS,
    MODIFIER_SET,
    MODIFIERS,
    NUMBER_SET,
    NUMBERS,
    ONE_DECK,
    PLAIN_NUMBERS,
    STEAL,
    SWAP,
    UNLUCKY_7,
    VALUE,
    ZERO,
    card_name,
    deck_counts,
    is_modifier,
    is_number,
    label,
)
from adjudicator.rulesets.vengeance.events import TARGET_FIELDS, VengeanceTargetEvent
from adjudicator.rulesets.vengeance.messages import MESSAGES
from adjudicator.rulesets.vengeance.options import VengeanceOptions
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
    Wipe,
    tally,
)

# ---------------------------------------------------------------------------------------------
# The deck is ``cards``'s; the ``target`` event model is ``events``'s


#: Draw purposes: the one card of a Just One More, the four of a Flip Four.
JUST_ONE_MORE_DRAW = "just_one_more"
FLIP_FOUR_DRAW = "flip_four"

#: What a waiting ``TargetFrame`` is for.
GIVE = "give"  # a modifier goes to a row
RESOLVE = "resolve"  # an action takes effect
BONUS = "bonus"  # Brutal mode: the Flip 7 maker names who gets the bonus

_ACTION_RULE = {
    JUST_ONE_MORE: "action.just-one-more", FLIP_FOUR: "action.flip-four", STEAL: "action.steal",
    SWAP: "action.swap", DISCARD: "action.discard",
}


# ---------------------------------------------------------------------------------------------
# State the expansion keeps


# no slots=True: Row may be a compiled class, whose fields a slots subclass would shadow (docs/decisions.md)
@dataclass(init=False)
class VengeanceRow(Row):
    """A Vengeance row: ``bonus`` is the Brutal Flip 7 bonus (+15 to the maker or -15 to another
    player) given to this row; ``wipes`` (what each Unlucky 7 threw out) feeds the statistics."""

    bonus: int = 0
    wipes: tuple[Wipe, ...] = ()

    def __init__(
        self, numbers: list[str] | None = None, modifiers: list[str] | None = None, status: str = ACTIVE,
        status_event: int | None = None, bust_card: str | None = None, flip7: bool = False, cards_drawn: int = 0,
        put_out_by: int | None = None, status_during: str | None = None, bonus: int = 0, wipes: tuple[Wipe, ...] = (),
    ) -> None:
        """A row with the fields in their order (written out, as ``Row.__init__`` says why)."""
        Row.__init__(self, numbers, modifiers, status, status_event, bust_card, flip7, cards_drawn, put_out_by, status_during)
        self.bonus = bonus
        self.wipes = wipes

    def has_zero(self) -> bool:
        """True while The Zero lies in this row."""
        return ZERO in self.numbers


def _rows(state: GameState) -> list[VengeanceRow]:
    """The table's rows as this ruleset made them (``new_row`` gives every seat a ``VengeanceRow``)."""
    return cast("list[VengeanceRow]", state.rows)


def _mine(row: Row) -> VengeanceRow:
    """A row this ruleset made (``new_row``), as its own kind; the shared hooks pass it as a ``Row``."""
    return cast(VengeanceRow, row)


def _event(event: TargetEvent) -> VengeanceTargetEvent:
    """A ``target`` line of this ruleset's log, as its own kind (``target_event`` reads every one)."""
    return cast(VengeanceTargetEvent, event)


@dataclass(slots=True)
class SetAsideFrame:
    """The cards a Flip Four's target set aside, resolved in the order revealed by ``holder``;
    ``action_card`` (the Flip Four) goes to the discard pile once they are done."""

    holder: int
    cards: list[str]
    action_card: str
    next: int = 0
    kind: Literal["set_aside"] = "set_aside"

    def in_play(self) -> list[str]:
        """The Flip Four and the set-aside cards not yet resolved."""
        return [self.action_card, *self.cards[self.next:]]


# ---------------------------------------------------------------------------------------------
# The ruleset


class Vengeance(Ruleset):
    """With a Vengeance, standard or Brutal (``"brutal": true``)."""

    name = "vengeance"
    cards = CARD_SET
    numbers = frozenset(PLAIN_NUMBERS)
    #: What stays in front of a player in a ``position``: every number (the Unlucky 7 and Lucky 13 too) and modifier.
    row_numbers = NUMBER_SET
    modifiers = MODIFIER_SET
    target_cards = CARD_SET | {FLIP7_BONUS}
    target_event = VengeanceTargetEvent
    game_event = VengeanceOptions
    messages: ClassVar[Words] = MESSAGES
    draw_purposes: ClassVar[dict[str, DrawPurpose]] = {
        JUST_ONE_MORE_DRAW: DrawPurpose("action.just-one-more", "for a Just One More", "action.just-one-more"),
        FLIP_FOUR_DRAW: DrawPurpose("action.flip-four", "for a Flip Four", "action.flip-four"),
    }

    def deck(self, decks: int) -> dict[str, int]:
        """108 cards per deck."""
        return deck_counts(decks)

    def check_options(self, game: GameEvent) -> None:
        """``edition`` and ``delayed`` belong to the base game: left out or at their defaults."""
        for option, value in game.foreign.items():
            if option not in ("edition", "delayed"):
                break
            default = option_fields()[option].default
            raise violation("bad_event", "setup.game", Note("base_option", {"option": option, "default": default, "value": value}, MESSAGES))
        super().check_options(game)

    def new_row(self) -> VengeanceRow:
        """An empty Vengeance row."""
        return VengeanceRow()

    def card_name(self, card: str) -> str:
        """``The Zero``, ``Steal``, ``9``."""
        return card_name(card)

    def label(self, card: str) -> str:
        """``a 9``, ``The Zero``, ``the -4``."""
        return label(card)

    # -- cards -----------------------------------------------------------------------------------

    def receive(self, state: GameState, seat: int, card: str, draw: DrawFrame | None, index: int) -> None:
        """Numbers go into the row (bust, Unlucky 7, Lucky 13, Flip 7); modifiers and actions wait
        for their target, or are set aside during a Flip Four; an action with no legal use and a
        modifier nobody may take are discarded."""
        if is_number(card):
            if take_in(state, seat, card, index):
                flip7(state, seat)
            return
        if draw is not None and draw.purpose == FLIP_FOUR_DRAW:
            draw.set_aside.append(card)
            report(state, SetAside, seat, card, draw.action_card)
            return
        offer(state, seat, card)

    def busting_numbers(self, numbers: Sequence[str]) -> list[str]:
        """Numbers that busted the row arriving after the ones before it: an equal value (a 7 and
        the Unlucky 7 too), where the Lucky 13 allows one other 13. The Unlucky 7 counts as the
        first (it throws out whatever came before it), so a 7 beside it busts in any order."""
        ordered = sorted(numbers, key=lambda card: card != UNLUCKY_7)
        return [card for i, card in enumerate(ordered) if busts(ordered[:i], card)]

    def keeps_drawing(self, state: GameState, draw: DrawFrame) -> bool:
        """Stayed players take the cards a Just One More or Flip Four owes them; busted ones do not."""
        return state.rows[draw.seat].status != BUSTED

    def draws_done(self, state: GameState, draw: DrawFrame, index: int) -> None:
        """Just One More: its target has stayed (unless busted). Flip Four: set-aside cards are
        resolved in order if the target did not bust, else dropped."""
        if draw.purpose == JUST_ONE_MORE_DRAW:
            assert draw.action_card is not None
            state.discard(draw.action_card)
            row = state.rows[draw.seat]
            if row.status == ACTIVE:
                row.status, row.status_event = STAYED, index
                report(state, PutOut, draw.seat, STAYED, draw.action_card)
            return
        if draw.purpose != FLIP_FOUR_DRAW:
            return
        assert draw.action_card is not None
        if state.rows[draw.seat].status == BUSTED or not draw.set_aside:
            for card in (*draw.set_aside, draw.action_card):
                state.discard(card)
            if draw.set_aside:
                report(state, AsideDone, draw.seat, tuple(draw.set_aside), "dropped")
            return
        report(state, AsideDone, draw.seat, tuple(draw.set_aside), "resolved")
        state.stack.append(SetAsideFrame(draw.seat, list(draw.set_aside), draw.action_card))

    def step(self, state: GameState, frame: SetAsideFrame, index: int) -> bool:
        """Resolve the next set-aside card; True when a target event is now owed."""
        if frame.next >= len(frame.cards):
            state.stack.pop()
            state.discard(frame.action_card)
            return False
        card = frame.cards[frame.next]
        frame.next += 1
        return offer(state, frame.holder, card)

    # -- decisions -------------------------------------------------------------------------------

    def stay_refusal(self, state: GameState, seat: int) -> RuleViolation | None:
        """The holder of The Zero must hit; a player with nothing in front of them must take a card."""
        row = _rows(state)[seat]
        if row.has_zero():
            return violation(
                "must_hit", "number.zero", Note("must_hit", {"player": state.name(seat)}, MESSAGES), Note("v_must_hit", {"name": state.name(seat)}),
            )
        if row.has_card():
            return None
        return violation("stay_without_card", "turn.stay", Note("stay_without_card", {"player": state.name(seat)}, MESSAGES))

    def eligible(self, state: GameState, frame: TargetFrame) -> tuple[int, ...]:
        """Who the waiting card may go to (for Swap: who may be ``target``)."""
        if frame.purpose == BONUS:
            return tuple(range(len(state.players)))
        if frame.purpose == GIVE:
            return modifier_takers(state)
        return action_targets(state, frame.holder, frame.card)

    def target_names(self, event: TargetEvent) -> Iterable[str]:
        """``target`` and, for a Swap, ``other``."""
        other = getattr(event, "other", None)
        return (event.target,) if other is None else (event.target, other)

    def target_refusal(self, state: GameState, event: TargetEvent, exp: Expectation) -> RuleViolation | None:
        """A ``flip7_bonus`` target while no Flip 7 bonus is owed is out of order."""
        if event.card == FLIP7_BONUS and not (exp.kind == "target" and exp.purpose == BONUS):
            return violation("out_of_order", "flip7.bonus", Note("bonus_early", {"expected": expected(state, exp)}, MESSAGES))
        return None

    def check_target(self, state: GameState, event: TargetEvent, exp: Expectation, target: int) -> None:
        """The target (and for Steal, Swap, Discard the cards named) must be allowed; the message
        says what was allowed instead."""
        card = exp.card
        assert card is not None and exp.seat is not None
        ev = _event(event)
        if exp.purpose == BONUS:
            return
        if exp.purpose == GIVE:
            if target not in exp.eligible:
                who = Note("anyone" if _brutal(state) else "anyone_in", {}, MESSAGES)
                said = {"card": card_said(state, card), "target": state.name(target), "standing": standing(state, target)}
                raise violation("illegal_target", "modifier.give", Note("modifier_to", {**said, "who": who, "eligible": _names(state, exp.eligible)}, MESSAGES))
            return
        rule = _ACTION_RULE[card]
        holder = exp.seat
        if card in (JUST_ONE_MORE, FLIP_FOUR):
            if target not in exp.eligible:
                said = {"card": card_said(state, card), "target": state.name(target), "standing": standing(state, target)}
                raise violation("illegal_target", rule, Note("action_to", {**said, "eligible": _names(state, exp.eligible)}, MESSAGES))
            return
        if card == SWAP:
            _check_swap(state, ev, holder, target)
            return
        taken = ev.named()[0]
        if target not in exp.eligible or taken not in state.rows[target].table_cards():
            why: Note
            if card == STEAL and target == holder:
                why = Note("steal_own", {"player": state.name(holder)}, MESSAGES)
            elif state.rows[target].status == BUSTED:
                why = standing(state, target)
            else:
                why = Note("not_in_row", {"player": state.name(target), "card": card_said(state, taken)}, MESSAGES)
            take = {"card": card_said(state, card), "target": state.name(target), "taken": card_said(state, taken), "why": why}
            key = "cannot_take_steal" if card == STEAL else "cannot_take_discard"
            raise violation("illegal_target", rule, Note(key, {**take, "cards": _cards_of(state, exp.eligible)}, MESSAGES), _take(ev))

    def apply_target(self, state: GameState, frame: TargetFrame, event: TargetEvent, index: int) -> None:
        """Give the modifier, the bonus, or carry out the action."""
        target = state.seat_of[event.target]
        card = frame.card
        if frame.purpose == BONUS:
            row = _rows(state)[target]
            row.bonus += FLIP7_POINTS if target == frame.holder else -FLIP7_POINTS
            report(state, Given, frame.holder, card, target)
            end_round(state, "flip7", frame.holder)
            return
        if frame.purpose == GIVE:
            state.rows[target].modifiers.append(card)
            report(state, Given, frame.holder, card, target)
            return
        taken, player, given = _event(event).named()
        if card == JUST_ONE_MORE:
            state.stack.append(DrawFrame(target, 1, JUST_ONE_MORE_DRAW, action_card=card))
            report(state, DrawsOwed, target, 1, JUST_ONE_MORE_DRAW, card)
        elif card == FLIP_FOUR:
            state.stack.append(DrawFrame(target, 4, FLIP_FOUR_DRAW, action_card=card))
            report(state, DrawsOwed, target, 4, FLIP_FOUR_DRAW, card)
        elif card == STEAL:
            state.discard(card)
            state.rows[target].remove(taken)
            report(state, Moved, taken, target, frame.holder, card, frame.holder)
            if take_in(state, frame.holder, taken, index):
                flip7(state, frame.holder)
        elif card == DISCARD:
            state.discard(card)
            state.rows[target].remove(taken)
            state.discard(taken)
            report(state, Moved, taken, target, None, card, frame.holder)
        else:
            state.discard(card)
            other = state.seat_of[player]
            state.rows[target].remove(taken)
            state.rows[other].remove(given)
            report(state, Moved, given, other, target, card, frame.holder)
            report(state, Moved, taken, target, other, card, frame.holder)
            if take_in(state, target, given, index):
                _place(state.rows[other], taken)  # both cards moved at once
                report(state, Placed, other, taken)
                flip7(state, target)
            elif take_in(state, other, taken, index):
                flip7(state, other)

    def target_moves(self, state: GameState, exp: Expectation) -> list[Event]:
        """Every legal target event now, with every card Steal, Swap or Discard may name."""
        assert exp.seat is not None and exp.card is not None
        holder, card = state.name(exp.seat), exp.card
        moves: list[Event] = []
        if card not in TARGET_FIELDS:
            return [VengeanceTargetEvent.model_construct(type="target", player=holder, card=card, target=state.name(t)) for t in exp.eligible]
        for t in exp.eligible:
            for taken in _distinct(state.rows[t].table_cards()):
                if card != SWAP:
                    moves.append(VengeanceTargetEvent.model_construct(type="target", player=holder, card=card, target=state.name(t), target_card=taken))
                    continue
                for o in exp.eligible:
                    if o == t:
                        continue
                    for given in _distinct(state.rows[o].table_cards()):
                        moves.append(VengeanceTargetEvent.model_construct(
                            type="target", player=holder, card=card, target=state.name(t),
                            target_card=taken, other=state.name(o), other_card=given,
                        ))
        return moves

    # -- scoring ---------------------------------------------------------------------------------


    def wipes(self, row: Row) -> tuple[Wipe, ...]:
        """What each Unlucky 7 that reached the row this round threw out."""
        return _mine(row).wipes

    def bust_cards(self, row: Row, pile: Mapping[str, int]) -> int:
        """Cards of ``pile`` that would bust ``row`` (Lucky 13 and Unlucky 7 taken into account)."""
        numbers = tuple(row.numbers)
        return sum(k for card, k in pile.items() if k and busts(numbers, card))

    def outcomes(self, state: GameState, ended_by: str | None) -> tuple[list[str], list[int]]:
        """``flip7``, ``stayed``, ``busted``; still active: ``in`` after a Flip 7 (also while the
        Brutal bonus choice is owed), ``playing`` while the round goes on."""
        brutal = _brutal(state)
        flip7_made = ended_by == "flip7" or bonus_owed(state)
        outcomes, scores = [], []
        for row in _rows(state):
            if row.flip7:
                outcome = "flip7"
            elif row.status == ACTIVE:
                outcome = "in" if flip7_made else "playing"
            else:
                outcome = row.status
            outcomes.append(outcome)
            scores.append(score_row(row, brutal=brutal))
        return outcomes, scores

    # -- what messages say -------------------------------------------------------------------------

    def target_request(self, card: str) -> str:
        """Steal, Swap and Discard take cards from rows rather than go to a player; the Flip 7 bonus
        is given to its maker or another player."""
        if card in (STEAL, SWAP, DISCARD):
            return f"choose the row {self.label(card)} works on, one of"
        return super().target_request(card)

    def score_now(self, state: GameState, row: Row) -> int:
        """``score_row`` without its steps (asked at every decision)."""
        return score_row(_mine(row), brutal=_brutal(state))

    def score_steps(self, state: GameState, row: Row) -> list[ScoreStep]:
        """``score_row`` step by step: the numbers (0 when busted, or with The Zero and no Flip 7),
        each ÷2, each −N; standard: the floor at 0 and +15 for Flip 7; Brutal: no floor, and the
        Flip 7 bonus where it was given (+15 to the maker or −15 to another player)."""
        steps: list[ScoreStep] = []
        score_row(_mine(row), brutal=_brutal(state), steps=steps)
        return steps


# ---------------------------------------------------------------------------------------------
# Rules used by the hooks


def _takers(state: GameState, holder: int, card: str) -> tuple[int, ...]:
    """Who ``card`` could go to (or take from) if ``holder`` used it now."""
    return modifier_takers(state) if is_modifier(card) else action_targets(state, holder, card)


def _brutal(state: GameState) -> bool:
    return isinstance(state.game, VengeanceOptions) and state.game.brutal


def bonus_owed(state: GameState) -> bool:
    """True while a Brutal Flip 7 bonus choice is owed (the round is not over yet)."""
    return state.in_round and bool(state.stack) and state.stack[-1].kind == "target" and state.stack[-1].purpose == BONUS


def in_round_seats(state: GameState) -> tuple[int, ...]:
    """Players still in the round: everyone who has not busted (stayed players included)."""
    return tuple(i for i, row in enumerate(state.rows) if row.status != BUSTED)


def modifier_takers(state: GameState) -> tuple[int, ...]:
    """Who a modifier may go to: players who have not busted; in Brutal mode everyone."""
    return tuple(range(len(state.players))) if _brutal(state) else in_round_seats(state)


def action_targets(state: GameState, holder: int, card: str) -> tuple[int, ...]:
    """Who an action may target: Steal another non-busted player with a card; Discard and Swap any
    non-busted player with a card; Just One More and Flip Four any non-busted player. A busted
    holder (a Flip Four target who busted on a set-aside card) may not steal, since nothing moves
    into a busted row; their own row is never eligible, so their Swap exchanges two other rows."""
    seats = in_round_seats(state)
    if card in (JUST_ONE_MORE, FLIP_FOUR):
        return seats
    with_cards = tuple(s for s in seats if state.rows[s].has_card())
    if card == STEAL:
        if state.rows[holder].status == BUSTED:
            return ()
        return tuple(s for s in with_cards if s != holder)
    if card == SWAP:
        return with_cards if len(with_cards) >= 2 else ()
    return with_cards


def offer(state: GameState, holder: int, card: str) -> bool:
    """``holder`` must hand out a modifier or use an action: push the target frame and return True,
    or (nobody may take it / no legal use) discard it and return False."""
    takers = _takers(state, holder, card)
    if not takers:
        state.discard(card)
        report(state, Discarded, holder, card)
        return False
    purpose = GIVE if is_modifier(card) else RESOLVE
    state.stack.append(TargetFrame(holder, card, purpose))
    report(state, Awaits, holder, card, purpose)
    return True


def _place(row: Row, card: str) -> None:
    (row.modifiers if is_modifier(card) else row.numbers).append(card)


def take_in(state: GameState, seat: int, card: str, index: int) -> bool:
    """A number or modifier arrives in ``seat``'s row (drawn, stolen or swapped in). Returns True
    when it makes a Flip 7 (the caller ends the round or asks for the Brutal bonus)."""
    row = _rows(state)[seat]
    effects = state.effects  # what the card does is reported only while someone listens
    if is_modifier(card) or row.status == BUSTED:  # a busted row only collects (a Brutal modifier)
        _place(row, card)
        if effects is not None:
            effects.append(Placed(seat, card))
        return False
    if card == UNLUCKY_7:
        wiped = (*row.numbers, *row.modifiers)
        for old in wiped:
            state.discard(old)
        points = row_points(row.numbers, row.modifiers, busted=False, flip7=False, brutal=_brutal(state))
        row.wipes += (Wipe(index, wiped, points),)
        row.numbers[:] = [card]
        row.modifiers.clear()
        if effects is not None:
            effects.append(Wiped(seat, card, wiped))
        return False
    duplicate = busts(row.numbers, card)
    row.numbers.append(card)
    if duplicate:
        row.status, row.status_event, row.bust_card = BUSTED, index, card
        if effects is not None:
            effects.append(Busted(seat, card))
        return False
    if effects is not None:
        effects.append(Placed(seat, card))
    return len(row.numbers) >= 7


def flip7(state: GameState, seat: int) -> None:
    """``seat`` made Flip 7: the round ends at once, or in Brutal mode once the bonus is given."""
    state.rows[seat].flip7 = True
    report(state, Flip7, seat)
    if not _brutal(state):
        end_round(state, "flip7", seat)
        return
    for frame in state.stack[1:]:  # pending and set-aside cards are dropped now
        for card in frame.in_play():
            state.discard(card)
    del state.stack[1:]
    state.stack.append(TargetFrame(seat, FLIP7_BONUS, BONUS, holds_card=False))
    report(state, Awaits, seat, FLIP7_BONUS, BONUS)


def score_row(row: VengeanceRow, *, brutal: bool, steps: list[ScoreStep] | None = None) -> int:
    """A row's round score (see ``row_points``), with the Brutal bonus given to this row; given
    ``steps``, each step is written there too."""
    return row_points(row.numbers, row.modifiers, busted=row.status == BUSTED, flip7=row.flip7, brutal=brutal, bonus=row.bonus, steps=steps)


def row_points(
    numbers: Sequence[str], modifiers: Sequence[str], *, busted: bool, flip7: bool, brutal: bool = False,
    bonus: int = 0, steps: list[ScoreStep] | None = None,
) -> int:
    """Score numbers and modifiers: the number total (0 if busted, or holding The Zero without
    Flip 7), halved per ÷2 (rounding down), minus each −N; standard: not below 0 (busted: 0), +15
    for Flip 7; Brutal: may go below 0, plus ``bonus``, the Flip 7 bonus given to this row (±15).

    Vengeance's one scoring: given ``steps``, it also writes each step there (``score_steps``), the
    last one's total being the score returned.
    """
    if busted:
        total = tally(steps, "busted", 0)
        if not brutal:
            return total
    else:
        total = tally(steps, "numbers", sum(VALUE[n] for n in numbers), numbers)
        if ZERO in numbers and not flip7:
            total = tally(steps, "zero", 0, (ZERO,))
    for modifier in modifiers:  # every halving comes before the subtraction, whatever order the cards came in
        if modifier == HALVE:
            total = tally(steps, "halve", total // 2, (modifier,))
    for modifier in modifiers:
        if modifier != HALVE:
            total = tally(steps, "add", total + int(modifier), (modifier,), int(modifier))
    if brutal:
        return tally(steps, "bonus", total + bonus, amount=bonus) if bonus else total
    if total < 0:
        total = tally(steps, "floor", 0)
    if flip7:
        total = tally(steps, "flip7", total + FLIP7_POINTS, amount=FLIP7_POINTS)
    return total


def busts(numbers: Iterable[str], card: str) -> bool:
    """True when number ``card`` arriving in a row holding ``numbers`` busts it (Unlucky 7 never
    does; the Lucky 13 allows one other 13)."""
    if card == UNLUCKY_7 or not is_number(card):
        return False
    value = VALUE[card]
    same = [n for n in numbers if VALUE[n] == value]
    if not same:
        return False
    return not (value == 13 and len(same) == 1 and LUCKY_13 in (card, same[0]))


def _distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def _cards_of(state: GameState, seats: Iterable[int]) -> list[Note]:
    """Each row's cards, for "Cards that can be stolen: …" (card names are the same in every language)."""
    return [Note("row_cards", {"player": state.name(s), "cards": ", ".join(card_name(c) for c in state.rows[s].table_cards())}, MESSAGES) for s in seats]


def _names(state: GameState, seats: Iterable[int]) -> list[str]:
    return [state.name(s) for s in seats]


def _check_swap(state: GameState, ev: VengeanceTargetEvent, holder: int, target: int) -> None:
    first, player, second = ev.named()
    other = state.seat_of[player]
    allowed = action_targets(state, holder, SWAP)
    if other == target:
        raise violation(
            "illegal_target", "action.swap", Note("one_row", {"target": state.name(target), "cards": _cards_of(state, allowed)}, MESSAGES),
            Note("v_illegal_one_row", {"card": ev.card, "target": ev.target}),
        )
    for seat, taken in ((target, first), (other, second)):
        row = state.rows[seat]
        if seat in allowed and taken in row.table_cards():
            continue
        why = standing(state, seat) if row.status == BUSTED else Note("not_in_row", {"player": state.name(seat), "card": card_said(state, taken)}, MESSAGES)
        move = {"player": state.name(seat), "taken": card_said(state, taken), "why": why, "cards": _cards_of(state, allowed)}
        raise violation("illegal_target", "action.swap", Note("swap_take", move, MESSAGES), _take(ev))


def _take(ev: VengeanceTargetEvent) -> Note:
    """The referee's headline of a Steal, Swap or Discard that cannot take the card it names."""
    return Note("v_illegal_take", {"card": ev.card, "target": ev.target, "target_card": ev.target_card})


__all__ = [
    "ACTIONS", "CARD_LABELS", "CARD_SET", "DISCARD", "FLIP7_BONUS", "FLIP7_POINTS", "FLIP_FOUR", "HALVE", "JUST_ONE_MORE", "LUCKY_13",
    "MINUS_MODIFIERS", "MODIFIERS", "MODIFIER_SET", "NUMBERS", "NUMBER_SET", "ONE_DECK", "PLAIN_NUMBERS", "STEAL", "SWAP", "UNLUCKY_7",
    "VALUE", "ZERO", "Vengeance", "VengeanceRow", "VengeanceTargetEvent", "card_name", "deck_counts", "is_modifier", "is_number",
    "label", "score_row",
]
