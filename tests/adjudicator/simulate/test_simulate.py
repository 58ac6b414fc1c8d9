"""The simulator's games come one at a time."""

from __future__ import annotations

from itertools import islice

from adjudicator.simulate import simulate


def test_simulate_plays_each_game_only_when_it_is_read() -> None:
    """The games are played one by one as the iterator is read (the compiled engine once turned a
    returned comprehension into a list: a billion games would be played before the first came)."""
    first = list(islice(simulate(10**9, 3, seed=7), 2))
    assert len(first) == 2 and first[0].game_id != first[1].game_id
