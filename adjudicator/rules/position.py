"""The ``position`` event (an extension of flip7-log/1): a log that starts from a described moment.

It comes right after the ``game`` line and sets up round ``round`` as it stands: the dealer, every
player's row and how those who are out went out, whose move it is, the totals so far and the known
discards. The cards are laid out through the ruleset (``Ruleset.place``); every card that is in no
row and not among the discards is in the draw pile. Play then goes on at that player's turn.
"""

from __future__ import annotations

from collections import Counter

from adjudicator.events import PositionEvent
from adjudicator.note import Note
from adjudicator.rules.common import card_said
from adjudicator.rules.engine import add_handlers, seat_of, violation
from adjudicator.state import ACTIVE, BUSTED, GameState, RoundFrame, Row

RULE = "log.position"


def _bad(message: Note) -> Exception:
    return violation("bad_event", RULE, message)


def _lay_out(state: GameState, ev: PositionEvent) -> tuple[list[Row], Counter[str]]:
    """The rows the position describes and every card it shows (rows and discards); raises on a
    card that cannot lie in a row. The state is left as it was."""
    saved = state.rows
    state.rows = state.fresh_rows()
    try:
        shown: Counter[str] = Counter(ev.discards)
        for name, player in ev.players.items():
            seat = state.seat_of[name]
            for card in player.row:
                why = state.rules.place(state, seat, card)
                if why is not None:
                    raise _bad(Note("position_row", {"player": name, "why": why}))
                shown[card] += 1
        return state.rows, shown
    finally:
        state.rows = saved


def check_position(state: GameState, ev: PositionEvent) -> None:
    """A position comes right after the game line, names seated players and describes a table the
    rules could have reached: no more copies of a card than the deck holds, no duplicate in the row
    of a player who is not busted, no row of seven numbers, someone still in, and the player whose
    move it is among them."""
    if state.game is None:
        raise violation("out_of_order", "setup.first", Note("first", {"what": Note("what_position")}))
    if state.events_applied != 1 or state.in_round or state.history:
        raise violation("out_of_order", RULE, Note("position_late"))
    for name in [*ev.players, ev.dealer, *([ev.turn] if ev.turn else []), *ev.totals]:
        seat_of(state, name)
    rules = state.rules
    statuses = [s for s in rules.status_words if s != ACTIVE]
    for name, player in ev.players.items():
        if player.out is not None and player.out not in statuses:
            raise _bad(Note("position_out", {"player": name, "statuses": statuses, "out": player.out}))
    rows, shown = _lay_out(state, ev)
    deck = rules.deck(state.game.decks)
    for card, count in shown.items():
        if count > deck.get(card, 0):
            raise _bad(Note("position_copies", {"count": count, "card": card_said(state, card), "held": deck.get(card, 0)}))
    for name, player in ev.players.items():
        numbers = rows[state.seat_of[name]].numbers
        busting = rules.busting_numbers(numbers)
        if player.out != BUSTED and busting:
            twice = [rules.card_name(n) for n in dict.fromkeys(busting)]
            raise _bad(Note("position_twice", {"player": name, "twice": twice}))
        if len(set(numbers)) >= 7:
            raise _bad(Note("position_flip7", {"player": name}))
    active = [state.seat_of[n] for n in state.players if (ev.players.get(n) is None or ev.players[n].out is None)]
    if not active:
        raise _bad(Note("position_over"))
    if ev.turn is not None and state.seat_of[ev.turn] not in active:
        raise _bad(Note("position_turn", {"player": ev.turn, "out": ev.players[ev.turn].out}))


def apply_position(state: GameState, ev: PositionEvent, index: int) -> None:
    """Set the table as described; the draw pile is the deck less every card shown."""
    assert state.game is not None
    rows, shown = _lay_out(state, ev)
    for name, player in ev.players.items():
        row = rows[state.seat_of[name]]
        row.cards_drawn = len(player.row)
        if player.out is not None:
            row.status, row.status_event = player.out, index
            if player.out == BUSTED:
                row.bust_card = next(iter(state.rules.busting_numbers(row.numbers)), None)
    deck = state.rules.deck(state.game.decks)
    for card, count in shown.items():
        deck[card] -= count
    state.draw_pile = deck
    state.draw_size = sum(deck.values())
    state.discard_pile = dict(Counter(ev.discards))
    state.rows = rows
    state.rounds_before = ev.round - 1
    state.round = ev.round
    state.dealer = state.seat_of[ev.dealer]
    state.in_round = True
    state.totals = [ev.totals.get(name, 0) for name in state.players]
    before = state.seat_of[ev.turn] - 1 if ev.turn is not None else state.dealer
    state.stack = [RoundFrame(dealing=False, deal_pos=len(state.players), last_mover=before % len(state.players))]


add_handlers("position", check_position, apply_position)
