"""``apply``'s fast path for the moves of a round and the handler table say the same thing.

``apply`` calls the handlers of card, hit and stay events directly (``FAST_PATH``); every other
type goes through ``HANDLERS``. The table holds the fast path's handlers too, cannot be edited in
place, and refuses other handlers for those types, so a change to them is never passed over.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import adjudicator.rules.engine as engine
from adjudicator.errors import RuleViolation
from adjudicator.events import CardEvent, Event, HitEvent, StayEvent
from adjudicator.rules.engine import FAST_PATH, HANDLERS, add_handlers, apply, fast_path_agrees, settle
from adjudicator.simulate import simulate
from adjudicator.state import GameState


def test_the_table_holds_the_handlers_of_the_fast_path() -> None:
    assert fast_path_agrees()
    assert [(kind, model) for kind, model, _check, _apply in FAST_PATH] == [("card", CardEvent), ("hit", HitEvent), ("stay", StayEvent)]
    for kind, _model, check_fn, apply_fn in FAST_PATH:
        assert HANDLERS[kind] == (check_fn, apply_fn)


def test_a_table_that_names_other_handlers_does_not_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    check_fn, _apply = HANDLERS["hit"]
    monkeypatch.setitem(engine._HANDLERS, "hit", (check_fn, engine.apply_nothing))
    assert not fast_path_agrees()


def test_the_fast_paths_handlers_cannot_be_replaced() -> None:
    with pytest.raises(ValueError, match="'card' events directly"):
        add_handlers("card", engine.check_card, engine.apply_nothing)
    with pytest.raises(TypeError):
        HANDLERS["stay"] = (engine.check_stay, engine.apply_nothing)  # type: ignore[index]
    assert fast_path_agrees() and "position" in HANDLERS  # an extension's type is added


def _by_table(events: list[Event]) -> GameState:
    """The events folded through the table alone (what ``apply`` does for the types it does not
    handle directly)."""
    state = GameState()
    for index, event in enumerate(events):
        check_fn, apply_fn = HANDLERS[event.type]
        check_fn(state, event)
        apply_fn(state, event, index)
        state.events_applied = index + 1
        settle(state, index)
    return state


def _by_apply(events: list[Event]) -> GameState:
    state = GameState()
    for index, event in enumerate(events):
        apply(state, event, index)
    return state


def _seen(state: GameState) -> tuple[Any, ...]:
    """What a fold leaves that a verdict and a later event can see."""
    rows = [(row.status, row.status_event, row.cards_drawn) for row in state.rows]
    return (state.events_applied, state.round, state.in_round, state.over, state.winner, list(state.totals), rows,
            dict(state.draw_pile), dict(state.discard_pile), state.draw_size, len(state.history))


def _outcome(fold: Any, events: list[Event]) -> tuple[Any, ...]:
    try:
        return ("applied", _seen(fold(events)))
    except RuleViolation as error:
        return ("refused", error.code, error.rule, str(error))


def test_the_fast_path_and_the_table_fold_games_and_their_mutants_alike() -> None:
    rng = random.Random(22)
    games = [game.events for game in simulate(6, 4, seed=22)]
    cases = list(games)
    for events in games:  # a move of a round given to the wrong player, or cut out
        for _ in range(8):
            at = rng.choice([i for i, event in enumerate(events) if type(event) in (CardEvent, HitEvent, StayEvent)])
            event = events[at]
            others = [name for name in events[0].players if name != event.player]  # type: ignore[union-attr]
            wrong = event.model_copy(update={"player": rng.choice(others)})
            cases.append([*events[:at], wrong, *events[at + 1 :]])
            cases.append([*events[:at], *events[at + 1 :]])
    outcomes = [(_outcome(_by_apply, events), _outcome(_by_table, events)) for events in cases]
    assert all(fast == table for fast, table in outcomes)
    assert {fast[0] for fast, _table in outcomes} == {"applied", "refused"}  # both kinds were compared
