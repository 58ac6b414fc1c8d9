"""The value of each option at one decision: hit or stay, or which player gets a card.

``solve`` runs the shared solver within a budget of states: it deepens a look-ahead horizon one
card at a time and stops at the first search that needed no horizon (the value is exact) or at
the last one that fitted the budget (a look-ahead estimate, never above the exact value).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.analysis.models import CardModel
from adjudicator.analysis.solver import Search, SoloModel, TooLarge
from adjudicator.rules.engine import Expectation
from adjudicator.state import GameState

#: States one position may use by default (about a quarter of a second of pure Python).
BUDGET = 10_000
#: The first look-ahead horizon tried, in cards.
FIRST_HORIZON = 2

Method = Literal["exact", "look-ahead"]


@dataclass(slots=True)
class Solved:
    """The values of staying and of hitting at a start state, and how they were found."""

    stay: float | None
    hit: float | None
    method: Method
    horizon: int | None
    states: int

    @property
    def best(self) -> float:
        """The value of the better option (0 when neither is open)."""
        return max((v for v in (self.stay, self.hit) if v is not None), default=0.0)


def solve(model: SoloModel, start: Hashable, budget: int = BUDGET) -> Solved:
    """Stay and hit values at ``start``: exact where ``budget`` states suffice, else the deepest
    look-ahead that fits. A deeper search that the growth so far says would not fit is not tried."""
    found: Solved | None = None
    horizon = FIRST_HORIZON
    states = 0
    previous = 0
    while True:
        search = Search(model, limit=budget, horizon=horizon)
        try:
            stay, hit = search.options(start)
        except TooLarge:
            break
        size = len(search.memo)
        states += size
        found = Solved(stay, hit, "exact" if search.cut == 0 else "look-ahead", horizon, states)
        if search.cut == 0:
            found.horizon = None
            return found
        if previous and size * size / previous > budget:  # the next horizon would not fit
            break
        previous = size
        horizon += 1
    if found is None:  # not even the shortest look-ahead fits: one card, then stay
        search = Search(model, limit=4 * budget, horizon=0)
        stay, hit = search.options(start)
        found = Solved(stay, hit, "look-ahead", 0, len(search.memo))
    return found


@dataclass(slots=True)
class TurnValue:
    """A hit-or-stay decision: both values, the chance that the next card busts, the method."""

    seat: int
    solved: Solved
    bust_chance: float

    @property
    def best(self) -> str:
        """``hit`` or ``stay``, whichever is worth more (``stay`` on a tie: it is sure)."""
        stay, hit = self.solved.stay, self.solved.hit
        if stay is None:
            return "hit"
        if hit is None or stay >= hit - 1e-12:
            return "stay"
        return "hit"

    def options(self) -> dict[str, float]:
        """The open options and their values."""
        return {k: v for k, v in (("hit", self.solved.hit), ("stay", self.solved.stay)) if v is not None}


@dataclass(slots=True)
class TargetValue:
    """A card given to one of several players: for each, what it does to the holder's standing
    (the change in the holder's round value, or minus the change in the recipient's)."""

    seat: int
    card: str
    benefits: dict[int, float] = field(default_factory=dict)
    method: Method = "exact"

    @property
    def best(self) -> int:
        """The recipient worth most to the holder (the first in seat order on a tie)."""
        return max(self.benefits, key=lambda s: (self.benefits[s], -s))


def _value(found: tuple[SoloModel, Hashable] | float, budget: int) -> tuple[float, Method]:
    if isinstance(found, float | int):
        return float(found), "exact"
    got = solve(*found, budget=budget)
    return got.best, got.method


def turn_value(model: CardModel, state: GameState, seat: int, budget: int = BUDGET) -> TurnValue:
    """Hit and stay for ``seat`` now (the row as it is, the draw pile as it is)."""
    solo, start = model.start_of(state, seat)
    pile = state.draw_pile if state.draw_size else state.discard_pile
    return TurnValue(seat, solve(solo, start, budget), state.rules.bust_chance(state.rows[seat], pile))


def target_value(model: CardModel, state: GameState, exp: Expectation, budget: int = BUDGET) -> TargetValue | None:
    """Each recipient the waiting card may go to, rated for its holder; None when the card model
    does not rate this card."""
    assert exp.seat is not None and exp.card is not None
    candidates = exp.eligible
    if not candidates:
        return None
    share = max(budget // (2 * len(candidates)), 500)
    rated = TargetValue(exp.seat, exp.card)
    for seat in candidates:
        after = model.given(state, exp, seat)
        if after is None:
            return None
        now, how_now = _value(model.start_of(state, seat), share)
        then, how_then = _value(after, share)
        rated.benefits[seat] = then - now if seat == exp.seat else now - then
        if "look-ahead" in (how_now, how_then):
            rated.method = "look-ahead"
    return rated
