"""Strategies: spec parsing, the stop rules (threshold, exact bust probability, random) and the
smart targeting of Freeze, Flip Three and a passed Second Chance."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from adjudicator.replay import replay_log
from adjudicator.simulate.strategies import (
    Cautious,
    RandomPlayer,
    ScoreAware,
    StrategyError,
    Threshold,
    parse_strategies,
    parse_strategy,
    seat_strategies,
)
from adjudicator.simulate.view import PlayerView, RowView
from adjudicator.state import ACTIVE, STAYED
from tests.adjudicator.helpers import card, game, log, rnd, stay

# ---------------------------------------------------------------------------------------------
# Specs


@pytest.mark.parametrize(
    ("spec", "cls", "param", "targeting", "canonical"),
    [
        ("threshold", Threshold, 25, "smart", "threshold:25"),
        ("threshold:30", Threshold, 30, "smart", "threshold:30"),
        (" Cautious:0.4 ", Cautious, 0.4, "smart", "cautious:0.4"),
        ("cautious@random", Cautious, 0.25, "random", "cautious:0.25@random"),
        ("random", RandomPlayer, 0.5, "random", "random:0.5"),
        ("random:0.8@smart", RandomPlayer, 0.8, "smart", "random:0.8@smart"),
    ],
)
def test_parse_strategy(spec: str, cls: type, param: float, targeting: str, canonical: str) -> None:
    strategy = parse_strategy(spec)
    assert type(strategy) is cls
    assert strategy.param == param
    assert strategy.targeting == targeting
    assert strategy.spec == canonical
    assert parse_strategy(canonical) == strategy


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("bold", "unknown strategy"),
        ("threshold:lots", "not a number"),
        ("cautious:1.5", "between 0 and 1"),
        ("threshold:0", "between 1 and"),
        ("threshold@aim", "unknown targeting"),
    ],
)
def test_bad_specs_are_refused_with_a_message(spec: str, words: str) -> None:
    with pytest.raises(StrategyError, match=words):
        parse_strategy(spec)


def test_strategy_lists_repeat_around_the_table() -> None:
    strategies = parse_strategies("threshold:20, cautious ,random")
    assert [s.spec for s in seat_strategies(strategies, 5)] == [
        "threshold:20", "cautious:0.25", "random:0.5", "threshold:20", "cautious:0.25",
    ]
    with pytest.raises(StrategyError):
        parse_strategies(" , ")


# ---------------------------------------------------------------------------------------------
# Stop rules on a real table

# Ana deals; Ben 8, Cem 5, Ana 12; Ben and Cem stay: Ana's turn with a 12 in front of her.
ANAS_TURN = log(game(), rnd(1), card("Ben", "8"), card("Cem", "5"), card("Ana", "12"), stay("Ben"), stay("Cem"))


def anas_view(text: str = ANAS_TURN) -> PlayerView:
    state = replay_log(text).state
    return PlayerView(state, state.seat_of["Ana"])


def test_view_shows_rows_totals_and_the_pile_composition_read_only() -> None:
    view = anas_view()
    assert view.me == "Ana" and view.players == ("Ana", "Ben", "Cem")
    assert view.row().numbers == ("12",) and view.row("Ben").status == STAYED
    assert view.row("Ana").status == ACTIVE and view.row().score == 12
    assert view.draw_size == 91 and view.draw_pile["12"] == 11 and view.draw_pile["8"] == 7
    assert view.totals() == {"Ana": 0, "Ben": 0, "Cem": 0}
    with pytest.raises(TypeError):
        view.draw_pile["12"] = 0  # type: ignore[index]
    assert not hasattr(view, "state") and not hasattr(view, "deck")


def test_bust_chance_is_exact_from_the_cards_left() -> None:
    view = anas_view()
    assert view.bust_chance() == pytest.approx(11 / 91)  # eleven 12s among 91 cards
    assert view.bust_chance("Ben") == pytest.approx(7 / 91)


def test_a_second_chance_means_no_bust_chance() -> None:
    text = log(game(), rnd(1), card("Ben", "8"), card("Cem", "5"), card("Ana", "second_chance"), stay("Ben"), stay("Cem"))
    assert anas_view(text).bust_chance() == 0.0


def test_threshold_stays_at_its_score() -> None:
    view = anas_view()
    rng = random.Random(0)
    assert Threshold(12).take_card(view, rng) is False
    assert Threshold(13).take_card(view, rng) is True


def test_cautious_stays_above_its_limit() -> None:
    view = anas_view()  # chance 11/91 = 0.1209
    rng = random.Random(0)
    assert Cautious(0.12).take_card(view, rng) is False
    assert Cautious(0.125).take_card(view, rng) is True


def test_aware_minds_the_target() -> None:
    rng = random.Random(0)
    # far from the target (200): as cautious, stay once the bust chance (0.1209) is above the limit
    assert ScoreAware(0.12).take_card(anas_view(), rng) is False
    assert ScoreAware(0.125).take_card(anas_view(), rng) is True
    # target 10: banking Ana's 12 reaches it ahead of Ben's 8 and Cem's 5, so she stays at any limit
    ahead = log(game(target=10), rnd(1), card("Ben", "8"), card("Cem", "5"), card("Ana", "12"), stay("Ben"), stay("Cem"))
    assert ScoreAware(0.9).take_card(anas_view(ahead), rng) is False
    assert Cautious(0.9).take_card(anas_view(ahead), rng) is True  # the plain cautious player pushes on
    # Ben stands at the target ahead of Ana: staying loses, so she takes another card at any limit
    behind = log(game(target=10), rnd(1), card("Ben", "12"), card("Cem", "5"), card("Ana", "8"), stay("Ben"), stay("Cem"))
    assert ScoreAware(0.0).take_card(anas_view(behind), rng) is True
    assert Cautious(0.0).take_card(anas_view(behind), rng) is False
    assert parse_strategy("aware").spec == "aware:0.3" and isinstance(parse_strategy("aware:0.2"), ScoreAware)


def test_random_uses_only_the_given_rng() -> None:
    view = anas_view()
    draws = [RandomPlayer(0.5).take_card(view, random.Random(7)) for _ in range(5)]
    assert random.Random(7).random() == pytest.approx(0.3238, abs=1e-4)  # below 0.5: take the card
    assert draws == [True] * 5  # the same rng state gives the same choice
    assert RandomPlayer(0.3).take_card(view, random.Random(7)) is False
    assert RandomPlayer(0.0).take_card(view, random.Random(1)) is False
    assert RandomPlayer(1.0).take_card(view, random.Random(1)) is True


# ---------------------------------------------------------------------------------------------
# Smart targeting (on a stand-in view: only me, row(), bust_chance() and the game's ruleset are used)


@dataclass
class FakeView:
    me: str
    table: dict[str, RowView]
    chance: float = 0.0
    game: Any = field(default_factory=lambda: SimpleNamespace(ruleset="flip7"))

    def row(self, who: str | None = None) -> RowView:
        return self.table[who or self.me]

    def bust_chance(self, who: str | None = None) -> float:
        return self.chance


def table(**rows: tuple[tuple[str, ...], int]) -> dict[str, RowView]:
    """Rows by name: (numbers, total); seats in the order given; everybody active."""
    return {
        name: RowView(name, seat, numbers, (), False, ACTIVE, total, sum(map(int, numbers))) for seat, (name, (numbers, total)) in enumerate(rows.items())
    }


RNG = random.Random(0)


def test_freeze_goes_to_the_leader() -> None:
    rows = table(Ana=((), 50), Ben=(("3",), 120), Cem=(("12",), 100))
    view = FakeView("Ana", rows)
    # Ben leads with 120 + 3 = 123 against Cem's 100 + 12 = 112.
    assert Threshold(25).pick_target(view, "freeze", ["Ana", "Ben", "Cem"], RNG) == "Ben"  # type: ignore[arg-type]


def test_freeze_on_oneself_when_banking_pays() -> None:
    rows = table(Ana=(("10", "12", "9"), 50), Ben=(("3",), 120), Cem=((), 100))
    view = FakeView("Ana", rows)
    assert Threshold(25).pick_target(view, "freeze", ["Ana", "Ben", "Cem"], RNG) == "Ana"  # type: ignore[arg-type]
    assert Threshold(40).pick_target(view, "freeze", ["Ana", "Ben", "Cem"], RNG) == "Ben"  # type: ignore[arg-type]


def test_flip_three_goes_to_the_fullest_row_or_to_oneself_when_safe() -> None:
    rows = table(Ana=(("2",), 0), Ben=(("3", "4"), 0), Cem=(("5", "6", "7"), 0))
    safe = FakeView("Ana", rows, chance=0.01)
    risky = FakeView("Ana", rows, chance=0.3)
    strategy = Threshold(25)
    assert strategy.pick_target(safe, "flip_three", ["Ana", "Ben", "Cem"], RNG) == "Ana"  # type: ignore[arg-type]
    assert strategy.pick_target(risky, "flip_three", ["Ana", "Ben", "Cem"], RNG) == "Cem"  # type: ignore[arg-type]
    assert strategy.pick_target(risky, "flip_three", ["Ana", "Ben"], RNG) == "Ben"  # type: ignore[arg-type]


def test_a_passed_second_chance_goes_to_whoever_threatens_least() -> None:
    rows = table(Ana=(("2",), 0), Ben=(("3", "4"), 150), Cem=(("5",), 90))
    view = FakeView("Ana", rows)
    assert Threshold(25).pick_target(view, "second_chance", ["Ben", "Cem"], RNG) == "Cem"  # type: ignore[arg-type]


def test_only_one_eligible_player_needs_no_choice() -> None:
    rows = table(Ana=(("2",), 0))
    assert RandomPlayer().pick_target(FakeView("Ana", rows), "freeze", ["Ana"], RNG) == "Ana"  # type: ignore[arg-type]


def test_random_targeting_picks_among_the_eligible_only() -> None:
    rows = table(Ana=((), 0), Ben=((), 0), Cem=((), 0), Dana=((), 0))
    view = FakeView("Ana", rows)
    rng = random.Random(3)
    picks = {RandomPlayer().pick_target(view, "freeze", ["Ben", "Dana"], rng) for _ in range(50)}  # type: ignore[arg-type]
    assert picks == {"Ben", "Dana"}
