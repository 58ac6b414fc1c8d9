"""Monte Carlo round values: the round played out many times with the rules' own engine.

Where a card model cannot value a position exactly (``Unmodelled``), each option is estimated by
playouts of the rest of the round. A playout copies the table, applies the option (hit, stay, or a
target move), and deals the remaining cards in a random order of the pile as it is known (the
discard pile reshuffled when it runs out), every event checked and applied by the engine, so every
card does exactly what the rules say. The analysed player chooses with the card model's
``hit_now`` and ``choose_target``; the other players stay at their first chance (the measure: the
player draws alone, the other rows only fix which cards are gone) and choose targets as the model's
``choose_target`` says. The value is the player's round score at the end of the playout.

Every option uses the same card orders (sample ``i`` shuffles with the same seed for each option:
common random numbers), so the difference between options is measured more precisely than either
value. The randomness is a seed handed in; the result states the mean, the sample count and the 95%
confidence interval (mean ± 1.96 standard errors).
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.analysis.allowance import MIN_SAMPLES, check, spent
from adjudicator.errors import RuleViolation
from adjudicator.events import CardEvent, Event, HitEvent, ShuffleEvent, StayEvent
from adjudicator.rules.engine import apply, expecting, may_stay
from adjudicator.state import GameState

#: Playouts per option by default (``flip7 advise``: within a second on one core).
SAMPLES = 200
#: z for a two-sided 95% interval.
Z95 = 1.959964
#: The key of the paired difference of two options (the first minus the second) in ``estimate``.
DIFFERENCE = "difference"
#: Events one playout may take before it is cut (the round is scored as it stands).
MAX_EVENTS = 2_000


@dataclass(slots=True)
class Sampled:
    """A Monte Carlo estimate: the mean, its 95% interval and the number of playouts."""

    mean: float
    low: float
    high: float
    samples: int

    @property
    def half_width(self) -> float:
        """Half the 95% interval."""
        return (self.high - self.low) / 2


def interval(values: Sequence[float]) -> Sampled:
    """The mean of ``values`` with its 95% confidence interval."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n) if n else 0.0
    return Sampled(mean, mean - half, mean + half, n)


def table_copy(state: GameState) -> GameState:
    """A copy of the table to play on: rows, piles and frames copied; the rules, the game event and
    the finished rounds (a new list of the same results) shared, since a round never changes them."""
    memo: dict[int, Any] = {id(state.rules): state.rules, id(state.game): state.game, id(state.history): list(state.history)}
    return copy.deepcopy(state, memo)


class _Cut(Exception):
    """The analysis's allowance ran out in the middle of a playout (``allowance``): it is dropped."""


def _go_on() -> None:
    """End the playout under way when the allowance is spent (looked at between events)."""
    if spent():
        raise _Cut


def _kept(scores: dict[str, list[float]], done: int) -> int:
    """The playouts kept when sampling was cut after ``done`` whole samples: ``scores`` cut to them
    (an option already played in the sample that was cut is dropped too); ``OverAllowance`` (or
    ``AnalysisCancelled``) when they are fewer than ``MIN_SAMPLES``."""
    for values in scores.values():
        del values[done:]
    if done < MIN_SAMPLES:
        check(f" ({done} playouts made, at least {MIN_SAMPLES} needed)", "the table is too large to play out often enough in that time")
    return done


class _Playout:
    """One playout of the rest of the round for ``seat``."""

    def __init__(self, state: GameState, seat: int, rng: random.Random, model: Any, memo: dict[Any, Any]) -> None:
        self.state = state
        self.seat = seat
        self.rng = rng
        self.model = model
        self.memo = memo
        self.index = state.events_applied
        self.deck = [card for card, copies in sorted(state.draw_pile.items()) for _ in range(copies)]
        rng.shuffle(self.deck)

    def emit(self, event: Event) -> None:
        apply(self.state, event, self.index)
        self.index += 1

    def deal(self, seat: int) -> bool:
        state = self.state
        if not self.deck:
            cards = [card for card, copies in sorted(state.discard_pile.items()) for _ in range(copies)]
            if not cards:
                return False
            self.rng.shuffle(cards)
            self.deck = cards
            self.emit(ShuffleEvent.model_construct(type="shuffle"))
        self.emit(CardEvent.model_construct(type="card", player=state.name(seat), card=self.deck.pop()))
        return True

    def wants_card(self, seat: int) -> bool:
        if seat != self.seat:
            return False
        return bool(self.model.hit_now(self.state, seat, self.memo))

    def choose_target(self, seat: int, moves: list[Event]) -> Event:
        return self.model.choose_target(self.state, seat, moves, seat == self.seat)

    def step(self, exp: Any) -> bool:
        """Make the move ``exp`` (what the table waits for) asks of its seat; False when the
        playout cannot go on (no card left to deal, or nothing a player decides)."""
        state, seat = self.state, exp.seat
        if exp.kind in ("deal", "draw"):
            if exp.kind == "deal" and may_stay(state, seat) and not self.wants_card(seat):
                self.emit(StayEvent.model_construct(type="stay", player=state.name(seat)))
                return True
            return self.deal(seat)
        if exp.kind == "turn":
            if may_stay(state, seat) and not self.wants_card(seat):
                self.emit(StayEvent.model_construct(type="stay", player=state.name(seat)))
            else:
                self.emit(HitEvent.model_construct(type="hit", player=state.name(seat)))
            return True
        if exp.kind == "target":
            self.emit(self.choose_target(seat, state.rules.target_moves(state, exp)))
            return True
        return False

    def run(self, take_card: bool = False) -> float:
        """Play to the end of the round; the analysed player's round score (``take_card``: the
        card the deal owes the player comes first, whatever they would choose)."""
        state = self.state
        if take_card and not self.deal(self.seat):
            return float(state.rules.score_now(state, state.rows[self.seat]))
        for _ in range(MAX_EVENTS):
            _go_on()
            if not state.in_round or state.over or not self.step(expecting(state)):
                break
        if not state.in_round and state.history:
            return float(state.history[-1].scores[self.seat])
        return float(state.rules.score_now(state, state.rows[self.seat]))


def estimate(
    state: GameState, seat: int, options: dict[str, Event | None], model: Any,
    *, seed: str, samples: int = SAMPLES,
) -> dict[str, Sampled]:
    """Each option's round value for ``seat`` by ``samples`` playouts (the same card orders for
    every option). An option is an event to apply first, or None: take the card the deal owes.
    With two options, ``DIFFERENCE`` is the first minus the second, sample by sample."""
    memo: dict[Any, Any] = {}
    scores: dict[str, list[float]] = {name: [] for name in options}
    for i in range(samples):
        try:
            for name, first in options.items():
                _go_on()
                table = table_copy(state)
                if first is not None:
                    apply(table, first, table.events_applied)
                play = _Playout(table, seat, random.Random(f"{seed}:{i}"), model, memo)
                try:
                    scores[name].append(play.run(take_card=first is None))
                except RuleViolation:  # a move the rules refuse ends the playout: the row as it stands
                    scores[name].append(float(table.rules.score_now(table, table.rows[seat])))
        except _Cut:  # the allowance ran out: the playouts made so far are the estimate
            _kept(scores, i)
            break
    got = {name: interval(values) for name, values in scores.items()}
    if len(options) == 2:  # the paired difference (same card orders): far tighter than either value
        one, two = (scores[name] for name in options)
        got[DIFFERENCE] = interval([a - b for a, b in zip(one, two, strict=True)])
    return got


def hit_and_stay(state: GameState, seat: int, model: Any, *, seed: str, samples: int = SAMPLES, deal: bool = False) -> dict[str, Sampled]:
    """The round values of hitting and of staying now (``deal``: the deal has reached the player,
    so hitting is taking the deal card)."""
    name = state.name(seat)
    hit: Event | None = None if deal else HitEvent.model_construct(type="hit", player=name)
    options: dict[str, Event | None] = {"hit": hit}
    if may_stay(state, seat):
        options["stay"] = StayEvent.model_construct(type="stay", player=name)
    return estimate(state, seat, options, model, seed=seed, samples=samples)


#: Playouts per option of the chance to win (each plays the game to its end).
WIN_SAMPLES = 60
#: Rounds a game playout may take before it is cut (counted as not won).
MAX_ROUNDS = 30
#: How the players play the rest of the game in a chance-to-win playout (the simulator's strategy).
WIN_STRATEGY = "cautious:0.25"


class _GamePlayout(_Playout):
    """One playout of the rest of the *game*: after the first move everybody plays the simulator's
    strategy, round after round, until the game is over."""

    def __init__(self, state: GameState, seat: int, rng: random.Random, strategy: Any) -> None:
        super().__init__(state, seat, rng, None, {})
        self.strategy = strategy

    def wants_card(self, seat: int) -> bool:
        from adjudicator.simulate.view import PlayerView

        return bool(self.strategy.take_card(PlayerView(self.state, seat), self.rng))

    def choose_target(self, seat: int, moves: list[Event]) -> Event:
        from adjudicator.simulate.view import PlayerView

        return self.strategy.choose_target(PlayerView(self.state, seat), moves, self.rng)

    def won(self) -> float:
        """Play to the end of the game: 1 when ``seat`` wins, else 0."""
        from adjudicator.rules.engine import legal_moves

        state = self.state
        rounds = 0
        for _ in range(MAX_EVENTS * MAX_ROUNDS):
            _go_on()
            if state.over:
                break
            exp = expecting(state)
            if exp.kind == "round":
                rounds += 1
                if rounds > MAX_ROUNDS:
                    break
                self.emit(legal_moves(state, chance=False)[0])
            elif not self.step(exp):
                break
        return 1.0 if state.over and state.winner == self.seat else 0.0


def win_chances(
    state: GameState, seat: int, options: dict[str, Event | None], *, seed: str, samples: int = WIN_SAMPLES,
) -> dict[str, Sampled]:
    """The chance that ``seat`` wins the game after each option (an event, or None: take the deal
    card), by ``samples`` playouts of the rest of the game each (the same card orders per option;
    with two options ``DIFFERENCE`` is the paired difference)."""
    from adjudicator.simulate.strategies import parse_strategy

    strategy = parse_strategy(WIN_STRATEGY)
    wins: dict[str, list[float]] = {name: [] for name in options}
    for i in range(samples):
        try:
            for name, first in options.items():
                _go_on()
                table = table_copy(state)
                if first is not None:
                    apply(table, first, table.events_applied)
                play = _GamePlayout(table, seat, random.Random(f"{seed}:win:{i}"), strategy)
                if first is None and not play.deal(seat):
                    wins[name].append(0.0)
                    continue
                try:
                    wins[name].append(play.won())
                except RuleViolation:  # a move the rules refuse ends the playout: not a win
                    wins[name].append(0.0)
        except _Cut:  # the allowance ran out: the playouts made so far are the estimate
            _kept(wins, i)
            break
    got = {name: interval(values) for name, values in wins.items()}
    if len(options) == 2:
        one, two = (wins[name] for name in options)
        got[DIFFERENCE] = interval([a - b for a, b in zip(one, two, strict=True)])
    return got


def turn_options(state: GameState, seat: int, *, deal: bool = False) -> dict[str, Event | None]:
    """Hit (or take the deal card) and, where allowed, stay: the first moves of the playouts."""
    name = state.name(seat)
    options: dict[str, Event | None] = {"hit": None if deal else HitEvent.model_construct(type="hit", player=name)}
    if may_stay(state, seat):
        options["stay"] = StayEvent.model_construct(type="stay", player=name)
    return options


__all__ = [
    "DIFFERENCE", "MAX_EVENTS", "SAMPLES", "WIN_SAMPLES", "Sampled", "estimate", "hit_and_stay", "interval",
    "table_copy", "turn_options", "win_chances",
]
