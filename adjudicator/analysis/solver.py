"""The shared solver: the best expected round score of a player drawing alone, by memoised DP.

A ruleset's card model (``SoloModel``) says what a state is, what staying banks and what one more
card does; this module only searches: ``value(s) = max(stay(s), hit(s))`` over states, each value
computed once. The solver names no card. A state is any hashable object the model chooses.

The memo is bounded (``limit`` states): a search that would need more raises ``TooLarge`` so that
the caller can fall back to an approximation and say so. Memory is therefore bounded whatever the
position.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Protocol

#: States one exact search may hold before it gives up (about 100 MB of small tuples).
DEFAULT_LIMIT = 400_000


class TooLarge(Exception):
    """The exact search would hold more than its state budget."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the exact search needs more than {limit:,} states")
        self.limit = limit


class SoloModel(Protocol):
    """What a ruleset tells the solver about one player drawing alone from a known pile."""

    def stay(self, state: Hashable) -> float | None:
        """What staying banks now, or None when the player may not stay (no card, or cards owed)."""
        ...

    def hit(self, state: Hashable, value: Callable[[Hashable], float]) -> float | None:
        """The expected value of taking one card (``value`` gives the value of a later state), or
        None when no card can be taken (an empty pile)."""
        ...

    def banked(self, state: Hashable) -> float:
        """What the row would score now, even while cards are owed."""
        ...

    def drawn(self, state: Hashable) -> int:
        """How many cards have left the pile since the start state (the search's depth)."""
        ...

    def runs_out(self, state: Hashable) -> bool:
        """True when the pile is empty at ``state`` while a shuffle of the discard pile would bring
        more cards: the model stops there, the rules go on, so a value reaching it is not exact."""
        ...


@dataclass(slots=True)
class Search:
    """One memoised search over a model's states (reuse it for states of the same pile)."""

    model: SoloModel
    limit: int = DEFAULT_LIMIT
    #: With a horizon, a state this many cards deep is valued by a short rule (``estimate``)
    #: instead of searched further: the look-ahead approximation. None: exact.
    horizon: int | None = None
    #: How many states were valued by the short rule (0: no horizon was reached).
    cut: int = 0
    #: How many states were reached with the pile empty while a shuffle would bring more cards
    #: (``SoloModel.runs_out``): the model stops there, so the value is not exact.
    ran_out: int = 0
    #: How many cards deep the pile ran out (the depth of the deepest such state).
    end: int = 0
    memo: dict[Hashable, float] = field(default_factory=dict)

    def value(self, state: Hashable) -> float:
        """The best expected round score from ``state`` (optimal play from here on)."""
        got = self.memo.get(state)
        if got is not None:
            return got
        stay = self.model.stay(state)
        if self.horizon is not None and self.model.drawn(state) >= self.horizon:
            self.cut += 1
            hit = self.model.hit(state, self._greedy)
        else:
            hit = self.model.hit(state, self.value)
        if hit is None and self.model.runs_out(state):
            self._ran_out(state)
        if stay is None and hit is None:
            best = 0.0
        elif stay is None:
            best = hit  # type: ignore[assignment]
        elif hit is None:
            best = stay
        else:
            best = stay if stay >= hit else hit
        if len(self.memo) >= self.limit:
            raise TooLarge(self.limit)
        self.memo[state] = best
        return best

    def _greedy(self, state: Hashable) -> float:
        """Past the horizon: the better of staying and of one more card then staying (where a card
        is owed: the next one, then what the row holds)."""
        stay = self.model.stay(state)
        hit = self.model.hit(state, self._settle)
        if stay is None:
            return hit or 0.0
        return stay if hit is None or stay >= hit else hit

    def _settle(self, state: Hashable) -> float:
        """Stay where one may, else count what the row holds."""
        stay = self.model.stay(state)
        return self.model.banked(state) if stay is None else stay

    @property
    def exact(self) -> bool:
        """True when every value found so far is exact: no horizon cut, no pile run out."""
        return self.cut == 0 and self.ran_out == 0

    def options(self, state: Hashable) -> tuple[float | None, float | None]:
        """The value of staying and of hitting at ``state`` (None where that option is not open)."""
        stay, hit = self.model.stay(state), self.model.hit(state, self.value)
        if hit is None and self.model.runs_out(state):
            self._ran_out(state)
        return stay, hit

    def _ran_out(self, state: Hashable) -> None:
        self.ran_out += 1
        self.end = max(self.end, self.model.drawn(state))


__all__ = ["DEFAULT_LIMIT", "Search", "SoloModel", "TooLarge"]
