"""Player ratings: OpenSkill's Plackett–Luce model, one team per player, ordered by final total.

The core only: no store, no clock. ``RatingBook`` holds the ratings of one scope (every game, or
one ruleset's) and rates games one at a time, in the order given; the same games in the same order
give the same numbers, so ratings kept up to date game by game equal ratings computed from scratch.
``adjudicator.store.players`` keeps them in the store; ``bench/ratings.py`` measures them.

The rating shown is OpenSkill's ordinal, mu − 3·sigma: a rating the player's skill exceeds with
about 99.7% certainty, so a newcomer starts at 0 and climbs as games confirm them.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

#: The rating of a player who has played no rated game (OpenSkill's defaults).
DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0
#: How many sigmas the displayed (conservative) rating lies below the mean.
SIGMAS_BELOW = 3.0
#: The spread of one game's performance around a player's skill (OpenSkill's ``beta``; its default
#: is sigma / 2). See docs/ratings.md for the value measured best on simulated populations.
BETA = DEFAULT_SIGMA / 2


@cache
def model(beta: float = BETA) -> Any:
    """The OpenSkill model ratings use (Plackett–Luce; ``beta`` as given, the rest the package's
    defaults). Imported when first needed: only commands that rate load the package."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA, beta=beta)


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating in one scope: the model's mean and spread, and the games it rests on."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    games: int = 0
    wins: int = 0

    @property
    def conservative(self) -> float:
        """The rating shown: mu − 3·sigma (OpenSkill's ordinal)."""
        return self.mu - SIGMAS_BELOW * self.sigma


@dataclass(frozen=True, slots=True)
class Change:
    """What one game did to one player's rating (``place`` 1 is the winner; ties share a place)."""

    player: Hashable
    place: int
    before: Rating
    after: Rating


def places(totals: Sequence[int], winner: int | None) -> list[int]:
    """Each seat's place in a finished game: the winner first, then by final total, highest first;
    equal totals share a place (``winner``: the winner's seat, None when nobody won)."""
    keys = [(seat == winner, total) for seat, total in enumerate(totals)]
    return [1 + sum(other > key for other in keys) for key in keys]


class RatingBook:
    """The ratings of one scope, updated game by game."""

    def __init__(self, ratings: dict[Hashable, Rating] | None = None, *, beta: float = BETA) -> None:
        """Start from ``ratings`` (a player missing from it has the default rating); ``beta``: the
        model's (``model``), for the bench to compare values."""
        self.ratings: dict[Hashable, Rating] = dict(ratings or {})
        self._model = model(beta)

    def rating(self, player: Hashable) -> Rating:
        """``player``'s rating (the default one before their first rated game)."""
        return self.ratings.get(player) or Rating()

    def rate(self, players: Sequence[Hashable], game_places: Sequence[int]) -> list[Change]:
        """Rate one finished game: ``players`` (distinct, at least two) and their places (1 best)."""
        m = self._model
        before = [self.rating(p) for p in players]
        teams = [[m.rating(mu=r.mu, sigma=r.sigma)] for r in before]
        rated = m.rate(teams, ranks=list(game_places))
        changes: list[Change] = []
        for player, place, old, (new,) in zip(players, game_places, before, rated, strict=True):
            after = Rating(float(new.mu), float(new.sigma), old.games + 1, old.wins + (place == 1))
            self.ratings[player] = after
            changes.append(Change(player, place, old, after))
        return changes

    def win_chances(self, players: Sequence[Hashable]) -> list[float]:
        """Each player's chance of winning a game of these players: the Plackett–Luce model's own
        chance of finishing first, exp(mu/c) / Σ exp(mu_j/c) with c² = Σ (sigma_j² + beta²) (the
        scale the model rates with). On simulated populations it scored a better Brier score than
        the package's ``predict_win`` (which averages pairwise chances; docs/ratings.md)."""
        rated = [self.rating(p) for p in players]
        scale = math.sqrt(sum(r.sigma**2 + self._model.beta**2 for r in rated))
        top = max(r.mu for r in rated)
        weights = [math.exp((r.mu - top) / scale) for r in rated]
        return [w / sum(weights) for w in weights]

    def package_win_chances(self, players: Sequence[Hashable]) -> list[float]:
        """The package's ``predict_win`` for these players (bench/ratings.py compares it)."""
        m = self._model
        return [float(p) for p in m.predict_win([[m.rating(mu=r.mu, sigma=r.sigma)] for r in map(self.rating, players)])]


def kendall_tau(first: Sequence[float], second: Sequence[float]) -> float:
    """Kendall's τ-a between two orderings of the same items, given as scores (1: the same order,
    −1: reversed). Ties count as neither agreeing nor disagreeing."""
    n = len(first)
    if n < 2:
        return 1.0
    score = 0
    for i in range(n):
        for j in range(i + 1, n):
            a, b = first[i] - first[j], second[i] - second[j]
            score += (a * b > 0) - (a * b < 0)
    return score / (n * (n - 1) / 2)


def brier(chances: Sequence[Sequence[float]], winners: Sequence[int]) -> float:
    """The mean Brier score of predicted win chances: per game, the squared errors of every seat's
    chance against 1 for the winner and 0 for the others, summed; lower is better."""
    total = 0.0
    for game, winner in zip(chances, winners, strict=True):
        total += sum((p - (seat == winner)) ** 2 for seat, p in enumerate(game))
    return total / max(1, len(winners))
