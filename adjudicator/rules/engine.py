"""The shared engine: what every ruleset has in common, asking the game's ruleset for the rest.

Per event type there is a ``check`` and an ``apply``. Every check runs in the contract's order (may
this kind of event come now → are the names seated → is it this player's move → the move's own
rules) and raises ``RuleViolation`` before touching anything, so a refused event leaves the state
as it was. Then the event is applied in place and ``settle`` runs the automatic steps (skipping
players who are out in the deal, finishing draws, the ruleset's own pending steps, ending the round)
until the game waits for input.

The engine owns the deal and its skipping, turn order, resuming after a chain of actions, draws
owed, the draw pile / table / discard pile and shuffles, the round's end, dealer rotation, end of
game and ties, claims and the verdict's numbers. What a card does, who may be targeted, what a
``target`` event carries and how a row scores come from ``state.rules`` (``Ruleset``). The engine
names no card of any ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, cast, get_args

from adjudicator.effects import Stayed
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
from adjudicator.note import Note
from adjudicator.rules.common import (
    _deal_seat,
    card_said,
    describe_expectation,
    end_round,
    expected,
    expecting,
    may_stay,
    next_dealer,
    out_of_order,
    round_outcomes,
    said,
    seat_of,
    standing,
    violation,
)
from adjudicator.rulesets import find_ruleset
from adjudicator.state import ACTIVE, HIT, STAYED, DrawFrame, Expectation, GameState, RoundFrame

# ---------------------------------------------------------------------------------------------
# What the game waits for



# Expectations are frozen: one per seat (and draw purpose) serves every event that waits for it.








# ---------------------------------------------------------------------------------------------
# Messages












# ---------------------------------------------------------------------------------------------
# Checks shared by several event types




#: The events that come only while a round is going.
RoundMove = CardEvent | HitEvent | StayEvent | TargetEvent


def _common(state: GameState, what: Note) -> None:
    """Refuse anything but claims before the game event and after the game is over."""
    if state.game is None:
        raise violation("out_of_order", "setup.first", said(state, "first", {"what": what}))
    if state.over:
        raise out_of_order(state, "game.over", what)


def _round_going(state: GameState, ev: RoundMove) -> Expectation:
    """What the game waits for now that a round is going; ``ev`` (a move of a round) is refused
    before and after the game and between rounds. Its words (``_what``) are made only then."""
    if state.game is None or state.over or not state.in_round:
        what = _what(ev)
        _common(state, what)
        raise out_of_order(state, "round.start", what)
    return expecting(state)


def _what(ev: RoundMove) -> Note:
    """How a refusal names ``ev``: "a card (7) for Ana", "a hit by Ana", "a stay by Ana", "a target
    event (Ana gives freeze to Ben)"."""
    if isinstance(ev, CardEvent):
        return Note("what_card", {"card": ev.card, "player": ev.player})
    if isinstance(ev, HitEvent):
        return Note("what_hit", {"player": ev.player})
    if isinstance(ev, StayEvent):
        return Note("what_stay", {"player": ev.player})
    return Note("what_target", {"player": ev.player, "card": ev.card, "target": ev.target})


def _draw_rule(state: GameState, exp: Expectation) -> str:
    return state.rules.draw_purpose(exp.purpose or HIT).rule


# ---------------------------------------------------------------------------------------------
# game


def check_game(state: GameState, ev: GameEvent) -> None:
    """A game event: options and seating must be sound, and it must be the first event."""
    rules = find_ruleset(ev.ruleset)
    players = ev.players
    if len(players) < rules.min_players:
        raise violation("bad_event", "setup.game", Note("too_few", {"least": rules.min_players, "seated": len(players)}))
    if len(set(players)) != len(players):
        dupes = sorted({p for p in players if players.count(p) > 1})
        raise violation("bad_event", "setup.game", Note("seated_twice", {"names": dupes}))
    if len(players) > rules.players_per_deck * ev.decks:
        raise violation("bad_event", "setup.game", Note("too_many", {"decks": ev.decks, "most": rules.players_per_deck * ev.decks, "seated": len(players)}))
    if ev.dealer not in players:
        raise violation("bad_event", "setup.game", Note("dealer_not_seated", {"dealer": ev.dealer, "players": list(players)}))
    rules.check_options(ev)
    if state.game is not None:
        raise violation("out_of_order", "setup.first", Note("second_game"))


def apply_game(state: GameState, ev: GameEvent, index: int) -> None:
    """Seat the players under the game's ruleset (``UnsupportedRuleset`` if it cannot be judged)."""
    rules = find_ruleset(ev.ruleset)
    if not rules.supported:
        raise UnsupportedRuleset(rules.unsupported)
    state.seat(ev, rules)


# ---------------------------------------------------------------------------------------------
# round




def check_round(state: GameState, ev: RoundEvent) -> None:
    """A round may begin only after the previous one ended, with the next number and dealer."""
    _common(state, Note("what_round"))
    if state.in_round:
        raise violation("out_of_order", "round.start", said(state, "round_going", {"round": ev.round, "going": state.round, "expected": expected(state, expecting(state))}))
    number = state.rounds_finished() + 1
    if ev.round != number:
        raise violation("out_of_order", "round.start", Note("next_round", {"expected": number, "round": ev.round}))
    dealer = next_dealer(state)
    if ev.dealer is not None and ev.dealer != state.name(dealer):
        raise violation("out_of_order", "round.start", Note("round_dealer", {"round": ev.round, "dealer": state.name(dealer), "claimed": ev.dealer}))


def apply_round(state: GameState, ev: RoundEvent, index: int) -> None:
    """Begin the round: fresh rows, the deal starts left of the dealer."""
    state.round = ev.round
    state.dealer = next_dealer(state)
    state.rows = state.fresh_rows()
    state.in_round = True
    state.stack = [RoundFrame(dealing=True, deal_pos=0, last_mover=state.dealer)]


# ---------------------------------------------------------------------------------------------
# card


def check_card(state: GameState, ev: CardEvent) -> None:
    """A card may come in the deal or when one is owed, to the player it is owed to, from the pile."""
    _check_card(state, ev, ev.player, ev.card)


def _check_card(state: GameState, ev: CardEvent, player: str, card: str) -> int:
    """``check_card`` with the event's fields read once; the seat the card goes to."""
    exp = _round_going(state, ev)
    if exp.kind == "turn":
        seat = state.seat_of.get(player)
        raise violation("out_of_order", "turn.order", _with_standing(state, "card_without_hit", seat, player, exp))
    if exp.kind == "target":
        raise out_of_order(state, "action.target", Note("what_card_for", {"player": player}))
    seat = seat_of(state, player)
    if seat != exp.seat:
        rule = "deal.order" if exp.kind == "deal" else _draw_rule(state, exp)
        raise violation("wrong_player", rule, _with_standing(state, "card_elsewhere", seat, player, exp))
    if state.draw_size == 0:
        raise violation("card_unavailable", "deck.shuffle", said(state, "pile_empty", {"card": card_said(state, card)}))
    if state.draw_pile.get(card, 0) == 0:
        raise violation("card_unavailable", "deck.draw", said(state, "none_left", {"card": card_said(state, card), "size": state.draw_size}))
    return seat


def apply_card(state: GameState, ev: CardEvent, index: int) -> None:
    """Take the card from the pile and give it to the player (deal card or owed card)."""
    _apply_card(state, state.seat_of[ev.player], ev.card, index)


def _apply_card(state: GameState, seat: int, card: str, index: int) -> None:
    state.take_from_draw_pile(card)
    top = state.stack[-1]
    state.rows[seat].cards_drawn += 1
    if isinstance(top, RoundFrame):  # a deal card
        top.deal_pos += 1
        top.last_mover = seat
        state.rules.receive(state, seat, card, None, index)
    else:
        assert isinstance(top, DrawFrame)
        top.remaining -= 1
        row = state.rows[seat]
        status = row.status
        state.rules.receive(state, seat, card, top, index)
        if row.status != status:
            row.status_during = top.purpose


# ---------------------------------------------------------------------------------------------
# hit and stay


def check_hit(state: GameState, ev: HitEvent) -> None:
    """A hit comes on the player's own turn, after the deal, when nothing else is owed."""
    _check_hit(state, ev, ev.player)


def _check_hit(state: GameState, ev: HitEvent, player: str) -> int:
    """``check_hit`` with the player read once; their seat."""
    exp = _round_going(state, ev)
    if exp.kind == "deal":
        raise violation("out_of_order", "deal.order", said(state, "hit_in_deal", {"expected": expected(state, exp)}))
    _no_decision_now(state, exp, ev)
    seat = seat_of(state, player)
    if seat != exp.seat:
        raise _not_their_move(state, seat, "hit", exp, "turn.order")
    return seat


def _not_their_move(state: GameState, seat: int, verb: str, exp: Expectation, rule: str) -> RuleViolation:
    """``wrong_player`` for a hit or stay by someone whose move it is not (saying why if they are out)."""
    return violation("wrong_player", rule, _with_standing(state, f"cannot_{verb}", seat, state.name(seat), exp))


def _with_standing(state: GameState, key: str, seat: int | None, player: str, exp: Expectation) -> Note:
    """``key`` said of ``player``, with where they stand when they are out of the round
    (``{key}_out``), and what the game waited for."""
    params: dict[str, Any] = {"player": player, "expected": expected(state, exp)}
    if seat is not None and state.rows[seat].status != ACTIVE:
        return said(state, f"{key}_out", {**params, "standing": standing(state, seat)})
    return said(state, key, params)


def _no_decision_now(state: GameState, exp: Expectation, ev: RoundMove) -> None:
    if exp.kind == "draw":
        raise out_of_order(state, _draw_rule(state, exp), _what(ev))
    if exp.kind == "target":
        raise out_of_order(state, "action.target", _what(ev))


def apply_hit(state: GameState, ev: HitEvent, index: int) -> None:
    """The player will receive exactly one card."""
    _apply_hit(state, state.seat_of[ev.player])


def _apply_hit(state: GameState, seat: int) -> None:
    top = state.stack[-1]
    assert isinstance(top, RoundFrame)
    top.last_mover = seat
    state.stack.append(DrawFrame(seat, 1, HIT))


def check_stay(state: GameState, ev: StayEvent) -> None:
    """A stay comes on the player's turn (or when the deal reaches them), if the ruleset allows it."""
    _check_stay(state, ev, ev.player)


def _check_stay(state: GameState, ev: StayEvent, player: str) -> int:
    """``check_stay`` with the player read once; their seat."""
    exp = _round_going(state, ev)
    _no_decision_now(state, exp, ev)
    seat = seat_of(state, player)
    if seat != exp.seat:
        raise _not_their_move(state, seat, "stay", exp, "deal.order" if exp.kind == "deal" else "turn.order")
    refusal = state.rules.stay_refusal(state, seat)
    if refusal is not None:
        raise refusal
    return seat


def apply_stay(state: GameState, ev: StayEvent, index: int) -> None:
    """The player banks their row and is out of the turns."""
    _apply_stay(state, state.seat_of[ev.player], index)


def _apply_stay(state: GameState, seat: int, index: int) -> None:
    row = state.rows[seat]
    row.status, row.status_event = STAYED, index
    if state.effects is not None:
        state.effects.append(Stayed(seat))
    top = state.stack[-1]
    assert isinstance(top, RoundFrame)
    if top.dealing:
        top.deal_pos += 1
    top.last_mover = seat


# ---------------------------------------------------------------------------------------------
# target


def check_target(state: GameState, ev: TargetEvent) -> None:
    """The holder of the waiting card gives it to a player the ruleset allows."""
    exp = _round_going(state, ev)
    refusal = state.rules.target_refusal(state, ev, exp)
    if refusal is not None:
        raise refusal
    if exp.kind != "target":
        # while cards are owed the target is early: after a hit, or (set aside) during an action's draws
        rule = state.rules.draw_purpose(exp.purpose or HIT).early_target_rule if exp.kind == "draw" else "action.target"
        raise violation("out_of_order", rule, said(state, "no_card_waits", {"what": _what(ev), "expected": expected(state, exp)}))
    seat = seat_of(state, ev.player)
    for name in state.rules.target_names(ev):
        seat_of(state, name)
    target = state.seat_of[ev.target]
    assert exp.seat is not None and exp.card is not None
    if seat != exp.seat:
        raise violation("wrong_player", "action.target", said(state, "not_holder", {"player": ev.player, "expected": expected(state, exp)}))
    if ev.card != exp.card:
        wrong = {"want": card_said(state, exp.card), "card": card_said(state, ev.card), "expected": expected(state, exp)}
        raise violation("illegal_target", "action.target", said(state, "wrong_card", wrong))
    state.rules.check_target(state, ev, exp, target)


def apply_target(state: GameState, ev: TargetEvent, index: int) -> None:
    """Hand the waiting card over: the ruleset carries it out."""
    frame = state.stack.pop()
    assert frame.kind == "target"
    state.rules.apply_target(state, frame, ev, index)


# ---------------------------------------------------------------------------------------------
# shuffle and claims


def check_shuffle(state: GameState, ev: ShuffleEvent) -> None:
    """A shuffle comes only when the draw pile is empty."""
    _common(state, Note("what_shuffle"))
    if state.draw_size:
        raise violation("out_of_order", "deck.shuffle", Note("shuffle_early", {"size": state.draw_size}))


def apply_shuffle(state: GameState, ev: ShuffleEvent, index: int) -> None:
    """The discard pile becomes the new draw pile."""
    state.draw_pile = state.discard_pile
    state.draw_size = sum(state.draw_pile.values())
    state.discard_pile = {}


def check_score(state: GameState, ev: ScoreEvent) -> None:
    """A score claim names a finished round, only seated players, and must match the recomputation."""
    if state.game is None:
        raise violation("out_of_order", "setup.first", Note("first", {"what": Note("what_score")}))
    if ev.round <= state.rounds_before and ev.round >= 1:
        raise violation("out_of_order", "claim.score", Note("score_before_position", {"round": ev.round}))
    if not 1 <= ev.round <= state.rounds_finished():
        raise violation("out_of_order", "claim.score", Note("score_unfinished", {"round": ev.round, "finished": state.rounds_finished()}))
    for name in ev.scores:
        seat_of(state, name)
    result = state.history[ev.round - 1 - state.rounds_before]
    wrong = _differences(state, result.scores, ev.scores, result.rows)
    if wrong:
        raise violation("score_mismatch", "claim.score", Note("scores_wrong", {"round": ev.round, "wrong": wrong}))


def _differences(state: GameState, actual: list[int], claimed: dict[str, int], rows: list[Any] | None = None) -> list[Note]:
    parts = []
    for seat, name in enumerate(state.players):
        if name not in claimed:
            parts.append(Note("missing", {"player": name, "actual": actual[seat]}))
        elif claimed[name] != actual[seat]:
            note = state.rules.score_note(state, seat, rows[seat]) if rows is not None else None
            differs = {"player": name, "actual": actual[seat], "claimed": claimed[name]}
            parts.append(Note("differs_because", {**differs, "because": note}) if note else Note("differs", differs))
    return parts


def check_end(state: GameState, ev: EndEvent) -> None:
    """An end claim names seated players only, comes once the game is over, and names the real
    winner (and totals). Names are checked before the claim's result, also in a game not over."""
    if state.game is None:
        raise violation("out_of_order", "setup.first", Note("first", {"what": Note("what_end")}))
    seat_of(state, ev.winner)
    # EndEvent declares a dict but a claim may leave the totals out (None): read untyped, so the
    # compiled build does not refuse the None the model holds
    totals: dict[str, int] | None = cast(Any, ev).totals
    for name in totals or {}:
        seat_of(state, name)
    if not state.over:
        lead = max(state.totals) if state.totals else 0
        raise violation("game_not_over", "claim.end", Note("not_over", {"finished": state.rounds_finished(), "why": _why_going_on(state, lead)}))
    assert state.winner is not None
    problems = []
    if ev.winner != state.name(state.winner):
        winner = {"winner": state.name(state.winner), "total": state.totals[state.winner], "claimed": ev.winner}
        problems.append(Note("wrong_winner", {**winner, "claimed_total": state.totals[state.seat_of[ev.winner]]}))
    if totals is not None:
        wrong = _differences(state, state.totals, totals)
        if wrong:
            problems.append(Note("wrong_totals", {"wrong": wrong}))
    if problems:
        raise violation("winner_mismatch", "claim.end", Note("end_wrong", {"problems": problems}))


def _why_going_on(state: GameState, lead: int) -> Note:
    assert state.game is not None
    leaders = [state.name(i) for i, t in enumerate(state.totals) if t == lead]
    if state.game.rounds is not None:
        if state.rounds_finished() < state.game.rounds:
            return Note("why_rounds", {"rounds": state.game.rounds})
    elif lead < state.game.target:
        return Note("why_target", {"target": state.game.target, "lead": lead})
    return Note("why_tie", {"leaders": leaders, "lead": lead})


def apply_nothing(state: GameState, ev: Event, index: int) -> None:
    """Claims change nothing."""


# ---------------------------------------------------------------------------------------------
# Settling: the automatic steps between inputs


def settle(state: GameState, index: int) -> None:
    """Run the steps that need no input until the game waits for an event (or the round ends).

    ``index`` is the event that set these steps going (what they do is recorded as its doing).
    """
    rules = state.rules
    while state.in_round:
        top = state.stack[-1]
        kind = top.kind
        if kind == "round":
            if top.dealing:
                n = len(state.players)
                while top.deal_pos < n and state.rows[_deal_seat(state, top.deal_pos)].status != ACTIVE:
                    top.deal_pos += 1
                if top.deal_pos < n:
                    return
                top.dealing = False
                assert state.dealer is not None
                top.last_mover = state.dealer
            if not state.anyone_active():
                end_round(state, "all_out", None)
            return
        if kind == "draw":
            if top.remaining > 0 and rules.keeps_drawing(state, top):
                return
            state.stack.pop()
            rules.draws_done(state, top, index)
            continue
        if kind == "target":
            return
        if rules.step(state, top, index):  # a frame of the ruleset's own
            return






# ---------------------------------------------------------------------------------------------
# Dispatch

# Each handler takes its own event type; the table is keyed by that type, so the union is safe.
Check = Callable[[GameState, Any], None]
Apply = Callable[[GameState, Any, int], None]

_HANDLERS: dict[str, tuple[Check, Apply]] = {
    "game": (check_game, apply_game),
    "round": (check_round, apply_round),
    "card": (check_card, apply_card),
    "hit": (check_hit, apply_hit),
    "stay": (check_stay, apply_stay),
    "target": (check_target, apply_target),
    "shuffle": (check_shuffle, apply_shuffle),
    "score": (check_score, apply_nothing),
    "end": (check_end, apply_nothing),
}
#: The check and apply of every event type, read-only: ``add_handlers`` adds a type. ``apply``
#: calls the handlers of ``FAST_PATH``'s types directly; the table holds those same handlers.
HANDLERS: Mapping[str, tuple[Check, Apply]] = MappingProxyType(_HANDLERS)
#: The moves of a round (nearly every event), which ``apply`` tells by their exact model and
#: handles without the table: the type, its model and the handlers the table must hold for it.
FAST_PATH: tuple[tuple[str, type[RoundMove], Check, Apply], ...] = (
    ("card", CardEvent, check_card, apply_card),
    ("hit", HitEvent, check_hit, apply_hit),
    ("stay", StayEvent, check_stay, apply_stay),
)


def add_handlers(kind: str, check_fn: Check, apply_fn: Apply) -> None:
    """Add the handlers of the event type ``kind`` (an extension such as ``position``) to the
    table. A type ``apply`` handles directly (``FAST_PATH``) cannot be given other handlers, so
    that no change to them is silently passed over: a ``ValueError`` says so."""
    if any(kind == fast for fast, _model, _check, _apply in FAST_PATH):
        raise ValueError(f"the engine applies {kind!r} events directly (FAST_PATH): their handlers cannot be replaced")
    _HANDLERS[kind] = (check_fn, apply_fn)


def fast_path_agrees() -> bool:
    """True when the table holds, for every type of ``FAST_PATH``, the handlers ``apply`` calls
    directly, and the type's model says that type (checked when this module is imported)."""
    return all(
        HANDLERS.get(kind) == (check_fn, apply_fn) and get_args(model.model_fields["type"].annotation) == (kind,)
        for kind, model, check_fn, apply_fn in FAST_PATH
    )


if not fast_path_agrees():  # pragma: no cover (a table edited without the fast path, or the reverse)
    raise AssertionError("rules.engine: the fast path of apply and HANDLERS name different handlers")


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
    # the moves of a round, nearly every event, by direct calls (native ones in the compiled build)
    # to the handlers the table holds for them (FAST_PATH), each field read once (a pydantic
    # model's attributes are slow to read); every other type through the table
    if type(event) is CardEvent:
        card = event.card
        _apply_card(state, _check_card(state, event, event.player, card), card, index)
    elif type(event) is HitEvent:
        _apply_hit(state, _check_hit(state, event, event.player))
    elif type(event) is StayEvent:
        _apply_stay(state, _check_stay(state, event, event.player), index)
    else:
        check_fn, apply_fn = HANDLERS[event.type]
        check_fn(state, event)
        apply_fn(state, event, index)
    state.events_applied = index + 1
    settle(state, index)


def legal_moves(state: GameState, *, chance: bool = True) -> list[Event]:
    """Every event that may come next (claims aside): a card event per card left in the draw pile,
    hit/stay, each legal target, the next round, or a shuffle when the draw pile is empty.

    With ``chance=False`` only the players' decisions are listed (and the next round): card
    reveals and shuffles are chance events, made by whoever holds the physical deck.
    """
    exp = expecting(state)
    moves: list[Event] = []
    match exp.kind:
        case "round":
            moves.append(RoundEvent(type="round", round=state.rounds_finished() + 1, dealer=state.name(next_dealer(state))))
        case "deal" | "draw":
            assert exp.seat is not None
            name = state.name(exp.seat)
            if chance:
                moves.extend(CardEvent.model_construct(type="card", player=name, card=c) for c, k in state.draw_pile.items() if k > 0)
            if exp.kind == "deal" and may_stay(state, exp.seat):
                moves.append(StayEvent(type="stay", player=name))
        case "turn":
            assert exp.seat is not None
            name = state.name(exp.seat)
            moves.append(HitEvent(type="hit", player=name))
            if may_stay(state, exp.seat):
                moves.append(StayEvent(type="stay", player=name))
        case "target":
            moves.extend(state.rules.target_moves(state, exp))
    if chance and state.game is not None and not state.over and state.draw_size == 0:
        moves.append(ShuffleEvent(type="shuffle"))
    return moves


# What the rules share lives in ``common`` (the rulesets build on it); it is named here too, as the
# engine's public surface.
__all__ = [
    "FAST_PATH", "HANDLERS", "Expectation", "add_handlers", "apply", "check", "describe_expectation", "end_round", "expecting", "fast_path_agrees", "is_legal",
    "legal_moves", "may_stay", "next_dealer", "out_of_order", "round_outcomes", "seat_of", "settle", "standing", "violation",
]
