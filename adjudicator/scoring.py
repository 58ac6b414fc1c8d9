"""What every ruleset shares about scores: the end of the game, and the chance of a bust."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


def game_winner(totals: Sequence[int], rounds_played: int, *, target: int, rounds: int | None) -> int | None:
    """The seat that has won after ``rounds_played`` rounds, or None while the game goes on.

    The game ends after a round in which someone reached ``target`` (or after round ``rounds`` when
    a fixed number of rounds is played), but only once one player alone has the highest total.
    """
    if not totals:
        return None
    best = max(totals)
    finished = rounds_played >= rounds if rounds is not None else best >= target
    if not finished or totals.count(best) > 1:
        return None
    return totals.index(best)


def bust_probability(numbers: Iterable[str], pile: Mapping[str, int]) -> float:
    """Exact chance that the next card from ``pile`` (card → copies) duplicates one of ``numbers``.

    Only number cards bust; a player holding a Second Chance cannot bust on the next card, which the
    caller accounts for. An empty pile gives 0.
    """
    size = sum(pile.values())
    if size == 0:
        return 0.0
    return duplicate_cards(numbers, pile) / size


def duplicate_cards(numbers: Iterable[str], pile: Mapping[str, int]) -> int:
    """How many cards of ``pile`` duplicate one of ``numbers``: what busts a row in the base game
    (``Ruleset.bust_cards`` by default)."""
    return sum(pile.get(n, 0) for n in set(numbers))
