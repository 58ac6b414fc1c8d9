"""Plain records a replay can collect for storage and statistics.

They are produced by ``adjudicator.replay.replay_log(..., collect=True)`` and consumed by
``adjudicator.store``. They hold only plain values (no references into the live state). The
fields of ``RoundRecord``, ``PlayerRoundRecord``, ``HitRecord`` and ``TargetRecord`` are named as
the columns of the store tables ``rounds``, ``player_rounds``, ``hits`` and ``targets``
(adjudicator/store/schema.py) after ``game``: the store reads them by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True, frozen=True)
class LoggedEvent:
    """One event line of a log as it was read: index, 1-based line, its raw text and key fields.

    ``type``/``player``/``card``/``target`` are None where the line had none (or was not JSON).
    """

    index: int
    line: int
    raw: str
    type: str | None = None
    player: str | None = None
    card: str | None = None
    target: str | None = None


@dataclass(slots=True, frozen=True)
class RoundRecord:
    """A round that began: its number, dealer and how it ended.

    ``ended_by`` is ``"flip7"`` (someone made seven), ``"all_out"`` (nobody left active) or
    ``"unfinished"`` (the log stopped, or was stopped by a violation, inside the round).
    """

    round: int
    dealer: str
    ended_by: str
    flip7_player: str | None = None


@dataclass(slots=True, frozen=True)
class PlayerRoundRecord:
    """One player in one round: outcome and score (as in the verdict) and what their row held.

    ``numbers`` and ``modifiers`` are the cards in the row at the end of the round (the busting
    number included), ``cards_drawn`` counts every card revealed to the player in the round,
    ``bust_card`` is the number that busted them, ``second_chance_used`` counts duplicates a
    Second Chance cancelled.
    """

    round: int
    player: str
    seat: int
    outcome: str
    score: int
    numbers: tuple[str, ...]
    modifiers: tuple[str, ...]
    cards_drawn: int
    flip7: bool
    bust_card: str | None
    second_chance_used: int


@dataclass(slots=True, frozen=True)
class HitRecord:
    """A `hit` whose card was revealed: how risky it was and what happened.

    ``distinct_numbers`` is how many different numbers the row held before the card;
    ``bust_probability`` is the exact chance that the next card from the draw pile as it
    really was would bust the player (0 when they held a Second Chance); ``busted`` says
    whether it did.
    """

    event: int
    round: int
    player: str
    distinct_numbers: int
    bust_probability: float
    busted: bool
    second_chance_saved: bool


@dataclass(slots=True, frozen=True)
class TargetRecord:
    """A `target` decision: who gave which action card to whom, and how the target stood.

    ``at_leader``: the target had the highest game total before the round (ties count);
    ``at_most_cards``: the target had the most cards in front of them among eligible players.
    """

    event: int
    round: int
    player: str
    card: str
    target: str
    at_self: bool
    at_leader: bool
    at_most_cards: bool


@dataclass(slots=True)
class GameRecords:
    """Everything a replay collected for one game."""

    rounds: list[RoundRecord] = field(default_factory=list)
    player_rounds: list[PlayerRoundRecord] = field(default_factory=list)
    hits: list[HitRecord] = field(default_factory=list)
    targets: list[TargetRecord] = field(default_factory=list)
