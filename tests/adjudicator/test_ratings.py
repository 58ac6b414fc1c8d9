"""The rating core (adjudicator.ratings): places, the model's updates and predictions, τ and Brier."""

from __future__ import annotations

from adjudicator.ratings import Rating, RatingBook, brier, kendall_tau, places


def test_places_put_the_winner_first_and_share_equal_totals() -> None:
    assert places([150, 210, 150, 90], winner=1) == [2, 1, 2, 4]
    assert places([205, 205, 100], winner=1) == [2, 1, 3]
    assert places([10, 20], winner=None) == [2, 1]


def test_a_win_raises_the_rating_and_the_conservative_one_starts_at_zero() -> None:
    book = RatingBook()
    assert Rating().conservative == 0.0
    changes = book.rate(["a", "b", "c"], [1, 2, 3])
    assert changes[0].after.mu > 25 > changes[2].after.mu
    assert all(c.after.sigma < c.before.sigma for c in changes)  # every game makes the rating surer
    assert book.rating("a").games == 1 and book.rating("a").wins == 1 and book.rating("b").wins == 0


def test_predicted_chances_favour_the_stronger_and_sum_to_one() -> None:
    book = RatingBook()
    for _ in range(5):
        book.rate(["a", "b", "c"], [1, 2, 3])
    chances = book.win_chances(["c", "b", "a"])
    assert abs(sum(chances) - 1) < 1e-9 and chances[2] > chances[1] > chances[0]


def test_kendall_tau_and_brier() -> None:
    assert kendall_tau([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0
    assert kendall_tau([1, 2, 3, 4], [40, 30, 20, 10]) == -1.0
    assert kendall_tau([1, 2, 3], [1, 3, 2]) == 1 / 3
    assert brier([[1.0, 0.0]], [0]) == 0.0
    assert brier([[0.5, 0.5]], [1]) == 0.5
