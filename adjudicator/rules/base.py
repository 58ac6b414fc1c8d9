"""The base game's rules in one place: ``check`` and ``apply`` per event type, and ``legal_moves``.

Every handler first checks the event against the state in the contract's order (may this kind of
event come now → are the names seated → is it this player's move → the move's own rules) and raises
``RuleViolation`` before touching anything, so a refused event leaves the state as it was. Then it
mutates the state in place and ``settle`` runs the automatic steps (skipping players who are out,
finishing draws, discarding cards nobody may take, ending the round) until the game waits for input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from adjudicator.cards import (
    CARD_LABELS,
    FLIP_THREE,
    FREEZE,
    MIN_PLAYERS,
    PLAYERS_PER_DECK,
    SECOND_CHANCE,
    is_modifier,
    is_number,
    label,
)
from adjudicator.errors import RuleViolation, UnsupportedRuleset
from adjudicator.events import (
    CardEvent,
    EndEvent,
    Event,
    GameEvent,
    HitEvent,
    RoundEvent,
    ScoreEvent,
    ShuffleEvent,
    StayEvent,
    TargetEvent,
)
from adjudicator.scoring import game_winner, score_row
from adjudicator.state import (
    ACTIVE,
    BUSTED,
    FROZEN,
    STAYED,
    DelayedFrame,
    DrawFrame,
    GameState,
    RoundFrame,
    RoundResult,
    Row,
    TargetFrame,
)

# ---------------------------------------------------------------------------------------------
# What the game waits for


@dataclass(frozen=True, slots=True)
class Expectation:
    """What may come next: ``kind`` is one of ``game``, ``round``, ``over``, ``deal``, ``turn``,
    ``draw`` (a card owed to ``seat``) or ``target`` (``seat`` must give ``card`` to one of
    ``eligible``)."""

    kind: str
    seat: int | None = None
    card: str | None = None
    eligible: tuple[int, ...] = ()
    purpose: str | None = None


def expecting(state: GameState) -> Expectation:
    """Describe what the game waits for now (the state must be settled)."""
    if state.game is None:
        return Expectation("game")
    if state.over:
        return Expectation("over")
    if not state.in_round:
        return Expectation("round")
    top = state.stack[-1]
    if top.kind == "target":
        return Expectation("target", top.holder, top.card, _eligible(state, top), top.purpose)
    if top.kind == "draw":
        return Expectation("draw", top.seat, purpose=top.purpose)
    assert top.kind == "round", top
    if top.dealing:
        return Expectation("deal", _deal_seat(state, top.deal_pos))
    return Expectation("turn", _next_active(state, top.last_mover))


def _deal_seat(state: GameState, pos: int) -> int:
    assert state.dealer is not None
    return (state.dealer + 1 + pos) % len(state.players)


def _next_active(state: GameState, after: int) -> int:
    n = len(state.players)
    for step in range(1, n + 1):
        seat = (after + step) % n
        if state.rows[seat].status == ACTIVE:
            return seat
    raise AssertionError("no active player (the round should have ended)")


def _eligible(state: GameState, frame: TargetFrame) -> tuple[int, ...]:
    if frame.card == SECOND_CHANCE and frame.purpose == "pass":
        return _second_chance_takers(state, frame.holder)
    return tuple(state.active_seats())


def _second_chance_takers(state: GameState, holder: int) -> tuple[int, ...]:
    return tuple(
        i for i, row in enumerate(state.rows) if row.status == ACTIVE and not row.second_chance and i != holder
    )


# ---------------------------------------------------------------------------------------------
# Messages


def _names(state: GameState, seats: tuple[int, ...] | list[int]) -> str:
    return ", ".join(state.name(s) for s in seats) if seats else "nobody"


def _standing(state: GameState, seat: int) -> str:
    row = state.rows[seat]
    when = f" on event {row.status_event}" if row.status_event is not None else ""
    verb = {ACTIVE: "is still active", STAYED: "stayed", FROZEN: "was frozen", BUSTED: "busted"}[row.status]
    return f"{state.name(seat)} {verb}{when if row.status != ACTIVE else ''}"


def describe_expectation(state: GameState, exp: Expectation) -> str:
    """Say in words what was allowed at this point, for violation messages."""
    if exp.kind == "game":
        return "the log must begin with a game event"
    if exp.kind == "over":
        return f"the game is over ({state.name(state.winner) if state.winner is not None else '?'} won); only score and end claims may follow"
    if exp.kind == "round":
        nxt = len(state.history) + 1
        return f"round {nxt} should begin next (dealer {state.name(_next_dealer(state))})"
    assert exp.seat is not None
    who = state.name(exp.seat)
    if exp.kind == "deal":
        row = state.rows[exp.seat]
        return f"the deal has reached {who}, who takes a card" + (" or stays" if row.has_card() else "")
    if exp.kind == "turn":
        row = state.rows[exp.seat]
        return f"it is {who}'s turn to hit" + (" or stay" if row.has_card() else " (nothing in front of them, so they must hit)")
    if exp.kind == "draw":
        why = "after their hit" if exp.purpose == "hit" else "for a Flip Three"
        return f"a card is owed to {who} {why}"
    return f"{who} must give {label(exp.card or '')} to one of: {_names(state, exp.eligible)}"


def _violation(code: str, rule: str, message: str) -> RuleViolation:
    return RuleViolation(code, rule, message)


def _out_of_order(state: GameState, rule: str, what: str) -> RuleViolation:
    return _violation("out_of_order", rule, f"{what} cannot come now: {describe_expectation(state, expecting(state))}.")


# ---------------------------------------------------------------------------------------------
# Checks shared by several event types


def _seat_of(state: GameState, name: str) -> int:
    seat = state.seat_of.get(name)
    if seat is None:
        raise _violation("unknown_player", "setup.names", f"{name!r} is not seated at this table (players: {', '.join(state.players)}).")
    return seat


def _common(state: GameState, what: str) -> None:
    """Refuse anything but claims before the game event and after the game is over."""
    if state.game is None:
        raise _violation("out_of_order", "setup.first", f"{what} cannot come first: the log must begin with a game event.")
    if state.over:
        raise _out_of_order(state, "game.over", what)


def _round_going(state: GameState, what: str) -> Expectation:
    _common(state, what)
    if not state.in_round:
        raise _out_of_order(state, "round.start", what)
    return expecting(state)


_DRAW_RULE = {"hit": "turn.hit", "flip_three": "action.flip-three"}
_TARGET_RULE = {FREEZE: "action.freeze", FLIP_THREE: "action.flip-three", SECOND_CHANCE: "action.second-chance"}


# ---------------------------------------------------------------------------------------------
# game


def check_game(state: GameState, ev: GameEvent) -> None:
    """A game event: options and seating must be sound, and it must be the first event."""
    players = ev.players
    if len(players) < MIN_PLAYERS:
        raise _violation("bad_event", "setup.game", f"a game needs at least {MIN_PLAYERS} players; this one seats {len(players)}.")
    if len(set(players)) != len(players):
        dupes = sorted({p for p in players if players.count(p) > 1})
        raise _violation("bad_event", "setup.game", f"every player needs a different name; seated twice: {', '.join(dupes)}.")
    if len(players) > PLAYERS_PER_DECK * ev.decks:
        raise _violation(
            "bad_event", "setup.game",
            f"{ev.decks} deck(s) seat at most {PLAYERS_PER_DECK * ev.decks} players; this game seats {len(players)} (add \"decks\").",
        )
    if ev.dealer not in players:
        raise _violation("bad_event", "setup.game", f"the dealer {ev.dealer!r} is not one of the players ({', '.join(players)}).")
    if ev.brutal and ev.ruleset != "vengeance":
        raise _violation("bad_event", "setup.game", 'brutal mode exists only in the vengeance ruleset ("ruleset": "vengeance").')
    if ev.ruleset == "vengeance" and (ev.edition != "current" or ev.delayed != "in_turn"):
        raise _violation("bad_event", "setup.game", '"edition" and "delayed" belong to the base game; a vengeance game leaves them out.')
    if state.game is not None:
        raise _violation("out_of_order", "setup.first", "a second game event: a log holds exactly one game, on its first line.")


def apply_game(state: GameState, ev: GameEvent, index: int) -> None:
    """Seat the players; a vengeance game cannot be judged by this version."""
    if ev.ruleset == "vengeance":
        raise UnsupportedRuleset("the vengeance ruleset (With a Vengeance) is not supported yet by this version of flip7")
    state.seat(ev)


# ---------------------------------------------------------------------------------------------
# round


def _next_dealer(state: GameState) -> int:
    if state.dealer is None:
        assert state.game is not None
        return state.seat_of[state.game.dealer]
    return state.left_of(state.dealer)


def check_round(state: GameState, ev: RoundEvent) -> None:
    """A round may begin only after the previous one ended, with the next number and dealer."""
    _common(state, "a round event")
    if state.in_round:
        raise _violation("out_of_order", "round.start", f"round {ev.round} cannot begin: round {state.round} is still going ({describe_expectation(state, expecting(state))}).")
    expected = len(state.history) + 1
    if ev.round != expected:
        raise _violation("out_of_order", "round.start", f"the next round is round {expected}, not round {ev.round}.")
    dealer = _next_dealer(state)
    if ev.dealer is not None and ev.dealer != state.name(dealer):
        raise _violation("out_of_order", "round.start", f"round {ev.round} is dealt by {state.name(dealer)} (the deal passes to the left each round), not by {ev.dealer!r}.")


def apply_round(state: GameState, ev: RoundEvent, index: int) -> None:
    """Begin the round: fresh rows, the deal starts left of the dealer."""
    state.round = ev.round
    state.dealer = _next_dealer(state)
    state.rows = [Row() for _ in state.players]
    state.in_round = True
    state.stack = [RoundFrame(dealing=True, deal_pos=0, last_mover=state.dealer)]


# ---------------------------------------------------------------------------------------------
# card


def check_card(state: GameState, ev: CardEvent) -> None:
    """A card may come in the deal or when one is owed, to the player it is owed to, from the pile."""
    exp = _round_going(state, f"a card ({ev.card}) for {ev.player}")
    if exp.kind == "turn":
        raise _violation("out_of_order", "turn.order", f"a card for {ev.player} without a hit: {describe_expectation(state, exp)}.")
    if exp.kind == "target":
        raise _out_of_order(state, "action.target", f"a card for {ev.player}")
    seat = _seat_of(state, ev.player)
    if seat != exp.seat:
        rule = "deal.order" if exp.kind == "deal" else _DRAW_RULE[exp.purpose or "hit"]
        why = f" ({_standing(state, seat)})" if state.rows[seat].status != ACTIVE else ""
        raise _violation("wrong_player", rule, f"the card cannot go to {ev.player}{why}: {describe_expectation(state, exp)}.")
    if state.draw_size == 0:
        raise _violation("card_unavailable", "deck.shuffle", f"the draw pile is empty, so no {CARD_LABELS.get(ev.card, ev.card)} can be revealed: a shuffle of the discard pile must come first.")
    if state.draw_pile.get(ev.card, 0) == 0:
        raise _violation(
            "card_unavailable", "deck.draw",
            f"no {CARD_LABELS.get(ev.card, ev.card)} is left in the draw pile: every copy is on the table or was discarded since the last shuffle ({state.draw_size} cards remain in the pile).",
        )


def apply_card(state: GameState, ev: CardEvent, index: int) -> None:
    """Take the card from the pile and give it to the player (deal card or owed card)."""
    state.take_from_draw_pile(ev.card)
    top = state.stack[-1]
    seat = state.seat_of[ev.player]
    if top.kind == "round":  # a deal card
        top.deal_pos += 1
        top.last_mover = seat
        _receive(state, seat, ev.card, None, index)
    else:
        assert top.kind == "draw"
        top.remaining -= 1
        _receive(state, seat, ev.card, top, index)


def _receive(state: GameState, seat: int, card: str, draw: DrawFrame | None, index: int) -> None:
    row = state.rows[seat]
    row.cards_drawn += 1
    if is_number(card):
        if card in row.numbers:
            if row.second_chance:
                row.second_chance = False
                row.second_chance_used += 1
                state.discard(card)
                state.discard(SECOND_CHANCE)
                return
            row.numbers.append(card)
            row.status, row.status_event, row.bust_card = BUSTED, index, card
            return
        row.numbers.append(card)
        if len(row.numbers) == 7:
            row.flip7 = True
            end_round(state, "flip7", seat)
        return
    if is_modifier(card):
        row.modifiers.append(card)
        return
    if card == SECOND_CHANCE:
        if not row.second_chance:
            row.second_chance = True
        elif _second_chance_takers(state, seat):
            state.stack.append(TargetFrame(seat, card, "pass"))
        else:
            state.discard(card)
        return
    if draw is not None and draw.purpose == "flip_three":
        draw.set_aside.append(card)
    else:
        state.stack.append(TargetFrame(seat, card, "resolve"))


# ---------------------------------------------------------------------------------------------
# hit and stay


def check_hit(state: GameState, ev: HitEvent) -> None:
    """A hit comes on the player's own turn, after the deal, when nothing else is owed."""
    exp = _round_going(state, f"a hit by {ev.player}")
    if exp.kind == "deal":
        raise _violation("out_of_order", "deal.order", f"nobody hits during the deal: {describe_expectation(state, exp)}.")
    _no_decision_now(state, exp, f"a hit by {ev.player}")
    seat = _seat_of(state, ev.player)
    if seat != exp.seat:
        raise _not_their_move(state, seat, "hit", exp, "turn.order")


def _not_their_move(state: GameState, seat: int, verb: str, exp: Expectation, rule: str) -> RuleViolation:
    """``wrong_player`` for a hit or stay by someone whose move it is not (saying why if they are out)."""
    row = state.rows[seat]
    why = f" ({_standing(state, seat)})" if row.status != ACTIVE else ""
    return _violation("wrong_player", rule, f"{state.name(seat)} cannot {verb} now{why}: {describe_expectation(state, exp)}.")


def _no_decision_now(state: GameState, exp: Expectation, what: str) -> None:
    if exp.kind == "draw":
        raise _out_of_order(state, _DRAW_RULE[exp.purpose or "hit"], what)
    if exp.kind == "target":
        raise _out_of_order(state, "action.target", what)


def apply_hit(state: GameState, ev: HitEvent, index: int) -> None:
    """The player will receive exactly one card."""
    seat = state.seat_of[ev.player]
    top = state.stack[-1]
    assert top.kind == "round"
    top.last_mover = seat
    state.stack.append(DrawFrame(seat, 1, "hit"))


def check_stay(state: GameState, ev: StayEvent) -> None:
    """A stay comes on the player's turn (or when the deal reaches them) with a card in front."""
    exp = _round_going(state, f"a stay by {ev.player}")
    _no_decision_now(state, exp, f"a stay by {ev.player}")
    seat = _seat_of(state, ev.player)
    if seat != exp.seat:
        raise _not_their_move(state, seat, "stay", exp, "deal.order" if exp.kind == "deal" else "turn.order")
    if not state.rows[seat].has_card():
        raise _violation(
            "stay_without_card", "turn.stay",
            f"{ev.player} has no card in front of them (no number, modifier or Second Chance), so they cannot stay and must take a card.",
        )


def apply_stay(state: GameState, ev: StayEvent, index: int) -> None:
    """The player banks their row and is out of the turns."""
    seat = state.seat_of[ev.player]
    row = state.rows[seat]
    row.status, row.status_event = STAYED, index
    top = state.stack[-1]
    assert top.kind == "round"
    if top.dealing:
        top.deal_pos += 1
    top.last_mover = seat


# ---------------------------------------------------------------------------------------------
# target


def check_target(state: GameState, ev: TargetEvent) -> None:
    """The holder of the waiting action card gives that card to an eligible player."""
    what = f"a target event ({ev.player} gives {ev.card} to {ev.target})"
    exp = _round_going(state, what)
    if exp.kind != "target":
        # while cards are owed the target is early: after a hit, or (set aside) during a Flip Three
        rule = {"hit": "turn.hit", "flip_three": "action.delayed"}.get(exp.purpose or "", "action.target") if exp.kind == "draw" else "action.target"
        raise _violation("out_of_order", rule, f"{what}, but no card awaits a recipient: {describe_expectation(state, exp)}.")
    seat = _seat_of(state, ev.player)
    target = _seat_of(state, ev.target)
    assert exp.seat is not None and exp.card is not None
    if seat != exp.seat:
        raise _violation("wrong_player", "action.target", f"{ev.player} does not hold the card that waits: {describe_expectation(state, exp)}.")
    if ev.card != exp.card:
        raise _violation("illegal_target", "action.target", f"the card waiting for a recipient is {label(exp.card)}, not {label(ev.card)}: {describe_expectation(state, exp)}.")
    if target not in exp.eligible:
        delayed = len(state.stack) > 1 and state.stack[-2].kind == "delayed"
        raise _violation("illegal_target", "action.delayed" if delayed else _TARGET_RULE[exp.card], _why_not(state, exp, target))


def _why_not(state: GameState, exp: Expectation, target: int) -> str:
    card = label(exp.card or "")
    who = state.name(target)
    allowed = f"Allowed: {_names(state, exp.eligible)}."
    if exp.card == SECOND_CHANCE and exp.purpose == "pass":
        if target == exp.seat:
            reason = f"{who} already holds one and must pass the extra one on"
        elif state.rows[target].status != ACTIVE:
            reason = _standing(state, target)
        else:
            reason = f"{who} already holds a Second Chance"
        return f"the extra Second Chance cannot go to {who}: {reason}. {allowed}"
    return f"{card} cannot go to {who}: {_standing(state, target)}. Active players were: {_names(state, exp.eligible)}."


def apply_target(state: GameState, ev: TargetEvent, index: int) -> None:
    """Give the card: Freeze stops the target, Flip Three makes them draw, Second Chance is held."""
    frame = state.stack.pop()
    assert frame.kind == "target"
    target = state.seat_of[ev.target]
    if frame.purpose == "name":
        assert frame.delayed is not None
        frame.delayed.assigned.append(target)
        frame.delayed.next += 1
    elif frame.purpose == "pass":
        state.rows[target].second_chance = True
    else:
        resolve_action(state, frame.card, target, index)


def resolve_action(state: GameState, card: str, target: int, index: int) -> None:
    """Carry out a Freeze or Flip Three on ``target``."""
    if card == FREEZE:
        row = state.rows[target]
        row.status, row.status_event = FROZEN, index
        row.freezes.append(card)
    else:
        state.stack.append(DrawFrame(target, 3, "flip_three", action_card=card))


# ---------------------------------------------------------------------------------------------
# shuffle and claims


def check_shuffle(state: GameState, ev: ShuffleEvent) -> None:
    """A shuffle comes only when the draw pile is empty."""
    _common(state, "a shuffle")
    if state.draw_size:
        raise _violation("out_of_order", "deck.shuffle", f"a shuffle comes only when the draw pile is empty; {state.draw_size} cards are still in it.")


def apply_shuffle(state: GameState, ev: ShuffleEvent, index: int) -> None:
    """The discard pile becomes the new draw pile."""
    state.draw_pile = state.discard_pile
    state.draw_size = sum(state.draw_pile.values())
    state.discard_pile = {}


def check_score(state: GameState, ev: ScoreEvent) -> None:
    """A score claim names a finished round, only seated players, and must match the recomputation."""
    if state.game is None:
        raise _violation("out_of_order", "setup.first", "a score claim cannot come first: the log must begin with a game event.")
    if not 1 <= ev.round <= len(state.history):
        raise _violation("out_of_order", "claim.score", f"a score claim for round {ev.round}, which has not finished ({len(state.history)} round(s) finished so far).")
    for name in ev.scores:
        _seat_of(state, name)
    result = state.history[ev.round - 1]
    wrong = _differences(state, result.scores, ev.scores)
    if wrong:
        raise _violation("score_mismatch", "claim.score", f"the claimed scores of round {ev.round} are wrong: {wrong}.")


def _differences(state: GameState, actual: list[int], claimed: dict[str, int]) -> str:
    parts = []
    for seat, name in enumerate(state.players):
        if name not in claimed:
            parts.append(f"{name} is missing (scored {actual[seat]})")
        elif claimed[name] != actual[seat]:
            parts.append(f"{name} has {actual[seat]}, not {claimed[name]}")
    return "; ".join(parts)


def check_end(state: GameState, ev: EndEvent) -> None:
    """An end claim comes once the game is over and names the real winner (and totals)."""
    if state.game is None:
        raise _violation("out_of_order", "setup.first", "an end claim cannot come first: the log must begin with a game event.")
    if not state.over:
        lead = max(state.totals) if state.totals else 0
        raise _violation("game_not_over", "claim.end", f"the game is not over after {len(state.history)} round(s): {_why_going_on(state, lead)}.")
    _seat_of(state, ev.winner)
    for name in ev.totals or {}:
        _seat_of(state, name)
    assert state.winner is not None
    problems = []
    if ev.winner != state.name(state.winner):
        problems.append(f"the winner is {state.name(state.winner)} with {state.totals[state.winner]}, not {ev.winner} ({state.totals[state.seat_of[ev.winner]]})")
    if ev.totals is not None:
        wrong = _differences(state, state.totals, ev.totals)
        if wrong:
            problems.append(f"totals: {wrong}")
    if problems:
        raise _violation("winner_mismatch", "claim.end", "the end claim is wrong: " + "; ".join(problems) + ".")


def _why_going_on(state: GameState, lead: int) -> str:
    assert state.game is not None
    leaders = [state.name(i) for i, t in enumerate(state.totals) if t == lead]
    if state.game.rounds is not None:
        if len(state.history) < state.game.rounds:
            return f"{state.game.rounds} rounds are played"
    elif lead < state.game.target:
        return f"nobody has reached {state.game.target} yet (highest total {lead})"
    return f"{' and '.join(leaders)} share the highest total ({lead}), so further rounds are played"


def apply_nothing(state: GameState, ev: Event, index: int) -> None:
    """Claims change nothing."""


# ---------------------------------------------------------------------------------------------
# Settling: the automatic steps between inputs


def settle(state: GameState) -> None:
    """Run the steps that need no input until the game waits for an event (or the round ends)."""
    while state.in_round:
        top = state.stack[-1]
        if top.kind == "round":
            if top.dealing:
                n = len(state.players)
                while top.deal_pos < n and state.rows[_deal_seat(state, top.deal_pos)].status != ACTIVE:
                    top.deal_pos += 1
                if top.deal_pos < n:
                    return
                top.dealing = False
                assert state.dealer is not None
                top.last_mover = state.dealer
            if not state.active_seats():
                end_round(state, "all_out", None)
            return
        if top.kind == "draw":
            if top.remaining > 0 and state.rows[top.seat].status == ACTIVE:
                return
            state.stack.pop()
            _draws_over(state, top)
            continue
        if top.kind == "delayed":
            if _step_delayed(state, top):
                return
            continue
        return  # a target is owed


def _draws_over(state: GameState, frame: DrawFrame) -> None:
    if frame.purpose != "flip_three":
        return
    assert frame.action_card is not None and state.game is not None
    state.discard(frame.action_card)
    busted = state.rows[frame.seat].status == BUSTED
    if not frame.set_aside:
        return
    if busted and state.game.edition != "first":
        for card in frame.set_aside:
            state.discard(card)
        return
    state.stack.append(DelayedFrame(frame.seat, list(frame.set_aside), naming=state.game.delayed == "assign_first"))


def _step_delayed(state: GameState, frame: DelayedFrame) -> bool:
    """Advance set-aside cards by one step; True when a target event is now owed."""
    if frame.naming:
        if frame.next < len(frame.cards):
            if state.active_seats():
                state.stack.append(TargetFrame(frame.holder, frame.cards[frame.next], "name", delayed=frame))
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
        else:
            resolve_action(state, card, recipient, state.events_applied - 1)
        return False
    if not state.active_seats():
        state.discard(card)
        return False
    state.stack.append(TargetFrame(frame.holder, card, "resolve"))
    return True


def round_outcomes(state: GameState, ended_by: str | None) -> tuple[list[str], list[int]]:
    """Outcome and score of every seat now (``ended_by`` None: the round is still going)."""
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


def end_round(state: GameState, ended_by: str, flip7_seat: int | None) -> None:
    """Score the round, clear the table to the discard pile and check whether the game is over."""
    assert state.game is not None and state.dealer is not None
    outcomes, scores = round_outcomes(state, ended_by)
    for card in state.in_play():
        state.discard(card)
    for row in state.rows:
        for card in row.table_cards():
            state.discard(card)
    state.stack.clear()
    state.in_round = False
    state.history.append(RoundResult(state.round, state.dealer, ended_by, flip7_seat, outcomes, scores, state.rows))
    state.rows = [Row() for _ in state.players]
    for seat, score in enumerate(scores):
        state.totals[seat] += score
    state.winner = game_winner(state.totals, len(state.history), target=state.game.target, rounds=state.game.rounds)
    state.over = state.winner is not None


# ---------------------------------------------------------------------------------------------
# Dispatch

Check = Callable[[GameState, Event], None]
Apply = Callable[[GameState, Event, int], None]

HANDLERS: dict[str, tuple[Check, Apply]] = {
    "game": (check_game, apply_game),
    "round": (check_round, apply_round),
    "card": (check_card, apply_card),
    "hit": (check_hit, apply_hit),
    "stay": (check_stay, apply_stay),
    "target": (check_target, apply_target),
    "shuffle": (check_shuffle, apply_shuffle),
    "score": (check_score, apply_nothing),
    "end": (check_end, apply_nothing),
}  # type: ignore[dict-item]


def check(state: GameState, event: Event) -> None:
    """Raise ``RuleViolation`` if ``event`` may not come now; never changes the state."""
    HANDLERS[event.type][0](state, event)


def is_legal(state: GameState, event: Event) -> bool:
    """True when ``event`` would be accepted now (a wrong claim counts as not legal)."""
    try:
        check(state, event)
    except RuleViolation:
        return False
    return True


def apply(state: GameState, event: Event, index: int) -> None:
    """Check ``event`` and, if it is allowed, apply it to ``state`` in place and settle.

    ``index`` is the event's position in the log (used in messages such as "stayed on event 7").
    A refused event raises ``RuleViolation`` and leaves the state untouched.
    """
    check_fn, apply_fn = HANDLERS[event.type]
    check_fn(state, event)
    apply_fn(state, event, index)
    state.events_applied = index + 1
    settle(state)


def legal_moves(state: GameState) -> list[Event]:
    """Every event that may come next (claims aside): a card event per card left in the draw pile,
    hit/stay, each legal target, the next round, or a shuffle when the draw pile is empty."""
    exp = expecting(state)
    moves: list[Event] = []
    shuffle_ok = state.game is not None and not state.over and state.draw_size == 0
    if exp.kind == "round":
        moves.append(RoundEvent(type="round", round=len(state.history) + 1, dealer=state.name(_next_dealer(state))))
    elif exp.kind in ("deal", "draw"):
        assert exp.seat is not None
        name = state.name(exp.seat)
        moves.extend(CardEvent(type="card", player=name, card=c) for c, k in state.draw_pile.items() if k > 0)
        if exp.kind == "deal" and state.rows[exp.seat].has_card():
            moves.append(StayEvent(type="stay", player=name))
    elif exp.kind == "turn":
        assert exp.seat is not None
        name = state.name(exp.seat)
        moves.append(HitEvent(type="hit", player=name))
        if state.rows[exp.seat].has_card():
            moves.append(StayEvent(type="stay", player=name))
    elif exp.kind == "target":
        assert exp.seat is not None and exp.card is not None
        holder = state.name(exp.seat)
        moves.extend(TargetEvent(type="target", player=holder, card=exp.card, target=state.name(t)) for t in exp.eligible)
    if shuffle_ok:
        moves.append(ShuffleEvent(type="shuffle"))
    return moves
