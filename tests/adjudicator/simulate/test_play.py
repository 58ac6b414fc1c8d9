"""The simulator: deterministic runs, a physical deck, decisions from the strategies among the legal
moves, claims, options and refusals."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from adjudicator.events import Event
from adjudicator.replay import check_log
from adjudicator.rules.base import apply, expecting, legal_moves
from adjudicator.scoring import bust_probability
from adjudicator.simulate import (
    GameOptions,
    PlayerView,
    SimulatedGame,
    SimulationError,
    game_id,
    game_rng,
    play_game,
    simulate,
)
from adjudicator.simulate.strategies import Threshold
from adjudicator.state import GameState


def before_each(game: SimulatedGame) -> Iterator[tuple[Event, GameState]]:
    """(event, state just before it) for the moves of a game (claims skipped)."""
    state = GameState()
    for index, event in enumerate(game.events):
        if event.type in ("score", "end"):
            continue
        yield event, state
        apply(state, event, index)


def test_a_seed_gives_the_same_games_and_another_seed_others() -> None:
    first = [g.text() for g in simulate(3, 4, seed=7)]
    again = [g.text() for g in simulate(3, 4, seed=7)]
    other = [g.text() for g in simulate(3, 4, seed=8)]
    assert first == again
    assert len(set(first)) == 3
    assert not set(first) & set(other)


def test_each_game_of_a_run_can_be_played_alone() -> None:
    run = list(simulate(3, 5, seed=11, strategies="threshold:25,cautious"))
    alone = play_game(game_id(11, 2, 3), "threshold:25,cautious", game_rng(11, 2), players=5)
    assert alone.text() == run[1].text()


def test_game_ids() -> None:
    assert [g.game_id for g in simulate(2, 3, seed=1)] == ["sim-s1-0001", "sim-s1-0002"]
    assert game_id(3, 7, 12_000) == "sim-s3-00007"


def test_games_are_valid_and_finished_with_the_simulators_winner() -> None:
    for game in simulate(20, 5, seed=2):
        verdict = check_log(game.text())
        assert verdict.valid, verdict.violations
        assert verdict.finished and game.finished and not game.stalled
        assert verdict.winner == game.winner
        assert verdict.totals == game.totals
        assert len(verdict.rounds) == game.rounds


def test_options_reach_the_game_event() -> None:
    options = GameOptions(edition="first", delayed="assign_first", target=80, rounds=2, decks=2)
    game = play_game("opts", "cautious", random.Random(1), players=20, options=options)
    first = json.loads(game.lines()[0])
    assert first["edition"] == "first" and first["delayed"] == "assign_first"
    assert first["target"] == 80 and first["rounds"] == 2 and first["decks"] == 2
    assert len(first["players"]) == 20 and first["dealer"] in first["players"]
    assert game.rounds >= 2 and check_log(game.text()).valid
    plain = json.loads(play_game("plain", "cautious", random.Random(1), players=3).lines()[0])
    assert set(plain) == {"type", "id", "players", "dealer"}  # defaults are left out


def test_the_deck_is_physical_every_card_comes_off_it_and_reshuffles_follow_the_discard_pile() -> None:
    game = play_game("deck", "threshold:30", random.Random(5), players=12, options=GameOptions(target=300))
    shuffles = 0
    for event, state in before_each(game):
        if event.type == "shuffle":
            shuffles += 1
            assert state.draw_size == 0 and sum(state.discard_pile.values()) > 0
        if event.type == "card":
            assert state.draw_size > 0  # never a card from an empty pile: the shuffle came first
    assert shuffles >= 2


def test_claims_right_wrong_and_none() -> None:
    right = play_game("c", "threshold:25", random.Random(3), players=4, claims="right")
    wrong = play_game("c", "threshold:25", random.Random(3), players=4, claims="wrong")
    none = play_game("c", "threshold:25", random.Random(3), players=4, claims="none")
    kinds = [e.type for e in right.events]
    assert kinds.count("score") == right.rounds and kinds[-1] == "end"
    assert not {e.type for e in none.events} & {"score", "end"}
    assert [e for e in right.events if e.type not in ("score", "end")] == none.events
    assert check_log(right.text()).valid
    verdict = check_log(wrong.text())
    assert [v.code for v in verdict.violations] == ["score_mismatch", "winner_mismatch"]
    first_claim = next(i for i, e in enumerate(wrong.events) if e.type == "score")
    assert verdict.violations[0].event == first_claim
    assert verdict.winner == right.winner and verdict.finished


def test_a_wrong_end_claim_in_an_unfinished_game_is_game_not_over() -> None:
    game = play_game("short", "threshold:25", random.Random(3), players=4, claims="wrong", max_rounds=1)
    assert not game.finished
    assert [v.code for v in check_log(game.text()).violations] == ["score_mismatch", "game_not_over"]


def test_threshold_players_decide_by_their_threshold() -> None:
    game = play_game("t", "threshold:20,threshold:35", random.Random(9), players=4)
    decided = 0
    for event, state in before_each(game):
        if event.type not in ("hit", "stay") or not state.in_round:
            continue
        seat = state.seat_of[event.player]  # type: ignore[union-attr]
        row = state.rows[seat]
        if not row.has_card():
            assert event.type == "hit"
            continue
        limit = (20, 35)[seat % 2]
        score = PlayerView(state, seat).row().score
        assert (event.type == "stay") == (score >= limit), (event, score, limit)
        decided += 1
    assert decided > 20


def test_cautious_players_decide_by_the_exact_bust_chance() -> None:
    game = play_game("c", "cautious:0.2", random.Random(4), players=5)
    decided = 0
    for event, state in before_each(game):
        if event.type not in ("hit", "stay") or not state.rows[state.seat_of[event.player]].has_card():  # type: ignore[union-attr]
            continue
        row = state.rows[state.seat_of[event.player]]  # type: ignore[union-attr]
        pile = state.draw_pile if state.draw_size else state.discard_pile
        chance = 0.0 if row.second_chance else bust_probability(row.numbers, pile)
        assert (event.type == "stay") == (chance > 0.2), (event, chance)
        decided += 1
    assert decided > 20


def test_a_player_who_never_wants_a_card_hits_only_with_nothing_in_front() -> None:
    game = play_game("r", "random:0", random.Random(2), players=6)
    for event, state in before_each(game):
        if event.type == "hit":
            assert not state.rows[state.seat_of[event.player]].has_card()  # type: ignore[union-attr]


def test_every_decision_is_one_of_the_legal_moves_and_strategies_see_only_a_view() -> None:
    seen: list[type] = []

    class Spy(Threshold):
        def take_card(self, view, rng):  # type: ignore[no-untyped-def]
            seen.append(type(view))
            return super().take_card(view, rng)

        def pick_target(self, view, card, eligible, rng, *, passing=False):  # type: ignore[no-untyped-def]
            seen.append(type(view))
            return super().pick_target(view, card, eligible, rng, passing=passing)

    game = play_game("spy", [Spy(25)], random.Random(6), players=5)
    assert seen and set(seen) == {PlayerView}
    for event, state in before_each(game):
        if event.type in ("hit", "stay", "target", "round"):
            assert event in legal_moves(state)
        if event.type == "card":
            assert expecting(state).kind in ("deal", "draw")


def test_when_no_card_is_left_anywhere_the_game_stops_unfinished() -> None:
    # Eighteen players who all draw until they bust can hold the whole deck between them.
    game = play_game("stall", "threshold:1000", random.Random(3), players=18, options=GameOptions(target=100))
    assert game.stalled and not game.finished
    result = check_log(game.text())
    assert result.valid and not result.finished


@pytest.mark.parametrize(
    ("players", "options", "words"),
    [
        (4, GameOptions(ruleset="vengeance"), "not supported"),
        (2, GameOptions(), "3 to 18"),
        (19, GameOptions(), "--decks 2"),
        (37, GameOptions(decks=2), "3 to 36"),
    ],
)
def test_games_that_cannot_be_simulated_are_refused(players: int, options: GameOptions, words: str) -> None:
    with pytest.raises(SimulationError, match=words):
        play_game("x", "threshold", random.Random(0), players=players, options=options)
