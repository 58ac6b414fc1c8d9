"""What the engine and every ruleset share: what the game waits for, the wording of where a
player stands and of what was allowed, refusing an event, and ending a round.

The rulesets build on this module (not on the engine, which looks rulesets up in the registry), so
the import graph has no circle: state and events, then this, then the kits, then the engine.
"""

from __future__ import annotations

from typing import Any

from adjudicator.effects import Busted, Flip7, Placed, RoundEnded, Scored
from adjudicator.errors import RuleViolation
from adjudicator.messages import say
from adjudicator.nearest import nearest
from adjudicator.note import Card, Note
from adjudicator.scoring import game_winner
from adjudicator.state import ACTIVE, BUSTED, HIT, Expectation, GameState, RoundResult

_GAME = Expectation("game")
_OVER = Expectation("over")
_ROUND = Expectation("round")
_DEALS: dict[int, Expectation] = {}
_TURNS: dict[int, Expectation] = {}
_DRAWS: dict[tuple[int, str], Expectation] = {}


def expecting(state: GameState) -> Expectation:
    """Describe what the game waits for now (the state must be settled)."""
    if state.game is None:
        return _GAME
    if state.over:
        return _OVER
    if not state.in_round:
        return _ROUND
    top = state.stack[-1]
    kind = top.kind
    if kind == "target":
        return Expectation("target", top.holder, top.card, state.rules.eligible(state, top), top.purpose)
    if kind == "draw":
        key = (top.seat, top.purpose)
        exp = _DRAWS.get(key)
        if exp is None:
            exp = _DRAWS[key] = Expectation("draw", top.seat, purpose=top.purpose)
        return exp
    assert kind == "round", top
    if top.dealing:
        seat = _deal_seat(state, top.deal_pos)
        exp = _DEALS.get(seat)
        if exp is None:
            exp = _DEALS[seat] = Expectation("deal", seat)
        return exp
    seat = _next_active(state, top.last_mover)
    exp = _TURNS.get(seat)
    if exp is None:
        exp = _TURNS[seat] = Expectation("turn", seat)
    return exp


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


def said(state: GameState, key: str, params: dict[str, Any] | None = None) -> Note:
    """A note of ``key`` in the game's words: its ruleset's catalogue (``Ruleset.messages``) where
    that holds the key, else the shared one (``adjudicator.messages``)."""
    return Note(key, params or {}, state.rules.messages if state.rules is not None else None)


def _own(state: GameState, key: str, word: str) -> str:
    """``{key}_{word}`` where the game's ruleset has words for it, else ``key``."""
    kit = state.rules.messages.get("en", {}) if state.rules is not None else {}
    return f"{key}_{word}" if f"{key}_{word}" in kit else key


def card_said(state: GameState, card: str) -> Card:
    """``card`` as a message names it, in the game's ruleset's names."""
    rules = state.rules
    name = rules.card_name(card)
    return Card(name, rules.label(card), card.isdigit() and name == card)


def standing(state: GameState, seat: int) -> Note:
    """Where ``seat`` stands, for messages, with the event that decided it: "Ben stayed on event 7",
    "Ben was frozen by Cem on event 4", "Ben busted on event 8 with a second 5 (drawn for a Flip
    Three, which it ended)", "Ana is still active"."""
    row = state.rows[seat]
    status = said(state, f"status_{row.status}")
    if row.status == ACTIVE:
        return said(state, "standing_in", {"player": state.name(seat), "status": status})
    by = said(state, "by", {"player": state.name(row.put_out_by)}) if row.put_out_by is not None else ""
    when = said(state, "at", {"event": row.status_event}) if row.status_event is not None else ""
    detail: Note | str = ""
    if row.bust_card is not None and row.status == BUSTED:
        if row.status_during is not None and row.status_during != HIT:
            detail = said(state, "second_during", {"card": row.bust_card, "reason": _purpose(state, row.status_during)})
        else:
            detail = said(state, "second", {"card": row.bust_card})
    return said(state, "standing_out", {"player": state.name(seat), "status": status, "by": by, "at": when, "detail": detail})


def _purpose(state: GameState, purpose: str) -> Note:
    """Why cards are owed, in words ("after their hit", "for a Flip Three")."""
    return said(state, f"purpose_{purpose}")


def may_stay(state: GameState, seat: int) -> bool:
    """True when ``seat`` could stay now by the move's own rules (if it were their move)."""
    return state.rules.stay_refusal(state, seat) is None


def describe_expectation(state: GameState, exp: Expectation, lang: str = "en") -> str:
    """Say in words what was allowed at this point (in ``lang``)."""
    return say(expected(state, exp), lang)


def expected(state: GameState, exp: Expectation) -> Note:
    """What was allowed at this point, as a note (for violation messages)."""
    match exp.kind:
        case "game":
            return said(state, "exp_game")
        case "over":
            return said(state, "exp_over", {"winner": state.name(state.winner) if state.winner is not None else "?"})
        case "round":
            return said(state, "exp_round", {"round": state.rounds_finished() + 1, "dealer": state.name(next_dealer(state))})
    assert exp.seat is not None
    who = state.name(exp.seat)
    match exp.kind:
        case "deal":
            return said(state, "exp_deal_stay" if may_stay(state, exp.seat) else "exp_deal", {"player": who})
        case "turn":
            if may_stay(state, exp.seat):
                return said(state, "exp_turn", {"player": who})
            return said(state, "exp_turn_hit" if not state.rows[exp.seat].has_card() else "exp_turn_no_stay", {"player": who})
        case "draw":
            return said(state, "exp_draw", {"player": who, "reason": _purpose(state, exp.purpose or HIT)})
    card = exp.card or ""
    request = said(state, _own(state, "request", card), {"card": card_said(state, card)})
    return said(state, "exp_target", {"player": who, "request": request, "eligible": [state.name(s) for s in exp.eligible]})


def violation(code: str, rule: str, message: Note, note: Note | None = None, facts: tuple[Note, ...] = ()) -> RuleViolation:
    """A ``RuleViolation`` (the engine's and rulesets' one way to refuse an event): ``message`` says
    it (a catalogue key and its parameters); ``note``: the referee's headline where the kit words it
    (its own catalogue key and parameters), ``facts``: what makes it apply."""
    return RuleViolation(code, rule, message, note, facts)


def out_of_order(state: GameState, rule: str, what: Note) -> RuleViolation:
    """``out_of_order``: ``what`` cannot come now, saying what could."""
    return violation("out_of_order", rule, said(state, "not_now", {"what": what, "expected": expected(state, expecting(state))}))


def seat_of(state: GameState, name: str) -> int:
    """The seat of ``name``; ``unknown_player`` when nobody of that name is seated."""
    seat = state.seat_of.get(name)
    if seat is None:
        near = nearest(name, state.players)
        params: dict[str, Any] = {"name": name, "players": list(state.players), "near": near}
        raise violation("unknown_player", "setup.names", said(state, "unknown_player_near" if near else "unknown_player", params))
    return seat


def next_dealer(state: GameState) -> int:
    """The dealer of the next round: the first dealer, then one seat to the left each round."""
    if state.dealer is None:
        assert state.game is not None
        return state.seat_of[state.game.dealer]
    return state.left_of(state.dealer)


def round_outcomes(state: GameState, ended_by: str | None) -> tuple[list[str], list[int]]:
    """Outcome and score of every seat now (``ended_by`` None: the round is still going)."""
    return state.rules.outcomes(state, ended_by)


def take_number(state: GameState, seat: int, card: str, index: int) -> None:
    """A number card joins ``seat``'s row (nothing cancelled it): a duplicate busts the row, the
    seventh different number makes a Flip 7 and ends the round; each reported as its effect while
    someone listens."""
    row = state.rows[seat]
    row.numbers.append(card)
    effects = state.effects
    if row.numbers.count(card) > 1:
        row.status, row.status_event, row.bust_card = BUSTED, index, card
        if effects is not None:
            effects.append(Busted(seat, card))
        return
    if effects is not None:
        effects.append(Placed(seat, card))
    if len(row.numbers) == 7:
        row.flip7 = True
        if effects is not None:
            effects.append(Flip7(seat))
        end_round(state, "flip7", seat)


def end_round(state: GameState, ended_by: str, flip7_seat: int | None) -> None:
    """Score the round, clear the table to the discard pile and check whether the game is over."""
    assert state.game is not None and state.dealer is not None
    outcomes, scores = state.rules.outcomes(state, ended_by)
    effects = state.effects
    if effects is not None:
        effects.append(RoundEnded(state.round, ended_by, flip7_seat))
        score_steps = state.rules.score_steps
        effects.extend(Scored(seat, score, tuple(score_steps(state, row))) for seat, (row, score) in enumerate(zip(state.rows, scores, strict=True)))
    for card in state.in_play():
        state.discard(card)
    for row in state.rows:
        for card in row.table_cards():
            state.discard(card)
    state.stack.clear()
    state.in_round = False
    state.history.append(RoundResult(state.round, state.dealer, ended_by, flip7_seat, outcomes, scores, state.rows))
    state.rows = state.fresh_rows()
    for seat, score in enumerate(scores):
        state.totals[seat] += score
    state.winner = game_winner(state.totals, state.rounds_finished(), target=state.game.target, rounds=state.game.rounds)
    state.over = state.winner is not None


__all__ = ["card_said", "describe_expectation", "end_round", "expected", "expecting", "may_stay", "next_dealer", "out_of_order", "round_outcomes", "said", "seat_of", "standing", "violation"]
