"""Records the store keeps for statistics, and the replay observer that collects them.

The fields of ``RoundRecord``, ``PlayerRoundRecord``, ``HitRecord``, ``TargetRecord`` and ``WipeRecord``
are named as the columns of the store tables ``rounds``, ``player_rounds``, ``hits``, ``targets`` and ``wipes``
(``schema.py``) after ``game``, in the same order. They hold only plain values. The collector keeps
each record as a plain tuple of those values until asked for records (``RecordCollector.records``);
the store takes the tuples as they are (``RecordCollector.rows``): a frozen record costs a dozen
times as much to make as a tuple, and a game has a few hundred. This module is compiled with the
engine (``adjudicator.accel``): the replay calls the collector for every event.
What differs between rulesets (a bust's chance, busts saved, which targets count, what wiped a row)
is asked of the game's ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from adjudicator.events import Event
from adjudicator.rules import HIT, expecting, round_outcomes
from adjudicator.state import BUSTED, GameState
from adjudicator.verdict import Violation


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
    ``bust_card`` is the number that busted them, ``busts_saved`` counts the busts a card in the
    row cancelled (``Ruleset.busts_saved``; the base game: duplicates a Second Chance cancelled).
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
    busts_saved: int


@dataclass(slots=True, frozen=True)
class HitRecord:
    """A `hit` whose card was revealed: how risky it was and what happened.

    ``distinct_numbers`` is how many different numbers the row held before the card;
    ``bust_probability`` is the exact chance that the next card from the draw pile as it
    really was would bust the player (0 when a card in the row would cancel the bust:
    ``Ruleset.bust_cover``); ``busted`` says whether it did, ``saved`` whether a card in the row
    cancelled the bust.
    """

    event: int
    round: int
    player: str
    distinct_numbers: int
    bust_probability: float
    busted: bool
    saved: bool


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


@dataclass(slots=True, frozen=True)
class WipeRecord:
    """A row wiped at once by one card (Vengeance's Unlucky 7), and what that cost.

    ``event`` brought the card (a ``card`` event, or the Steal or Swap that moved it in);
    ``cards`` are the cards thrown out, numbers then modifiers; ``points`` is the round score the
    row held just before (0 with The Zero; in Brutal mode it may be below 0).
    """

    event: int
    round: int
    player: str
    cards: tuple[str, ...]
    points: int


@dataclass(slots=True)
class RecordRows:
    """What a replay collected for one game as plain tuples, each in its record's field order."""

    rounds: list[tuple[Any, ...]] = field(default_factory=list)
    player_rounds: list[tuple[Any, ...]] = field(default_factory=list)
    hits: list[tuple[Any, ...]] = field(default_factory=list)
    targets: list[tuple[Any, ...]] = field(default_factory=list)
    wipes: list[tuple[Any, ...]] = field(default_factory=list)


@dataclass(slots=True)
class GameRecords:
    """Everything a replay collected for one game."""

    rounds: list[RoundRecord] = field(default_factory=list)
    player_rounds: list[PlayerRoundRecord] = field(default_factory=list)
    hits: list[HitRecord] = field(default_factory=list)
    targets: list[TargetRecord] = field(default_factory=list)
    wipes: list[WipeRecord] = field(default_factory=list)


class RecordCollector:
    """Observes a replay (``replay_log(..., observer=...)``) and gathers the records the store keeps.

    Give a fresh collector to each replay; ``records`` finishes them once the replay is done.
    It reads the state, never ``state.effects``, so the replay makes none for it.
    """

    #: The replay builds no effects for this observer (about a tenth of a replay's time).
    reads_effects: ClassVar[bool] = False

    def __init__(self) -> None:
        self.state: GameState | None = None
        self._rows = RecordRows()
        self._finished = False
        self._pending_hit: tuple[Any, ...] | None = None

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Note what the hit or target decision about to be applied looked like."""
        self.state = state
        if event.type not in ("card", "target") or not state.in_round:
            return
        exp = expecting(state)
        rules = state.rules
        if event.type == "card" and exp.kind == "draw" and exp.purpose == HIT:
            assert exp.seat is not None
            row = state.rows[exp.seat]
            chance = rules.bust_chance(row, state.draw_pile)
            self._pending_hit = (index, state.round, event.player, len(row.numbers), chance, row, rules.busts_saved(row))
        elif event.type == "target" and exp.kind == "target" and rules.records_target(exp):
            target = state.seat_of.get(event.target)
            if target is None:
                return
            lead = max(state.totals)
            sizes = {s: len(state.rows[s].table_cards()) for s in exp.eligible}
            self._rows.targets.append((  # TargetRecord's fields
                index, state.round, event.player, event.card, event.target,
                event.player == event.target,  # at_self
                state.totals[target] == lead,  # at_leader
                bool(sizes) and sizes.get(target, -1) == max(sizes.values()),  # at_most_cards
            ))

    def after(self, state: GameState, event: Event, index: int) -> None:
        """Record a hit once its card has been revealed."""
        pending = self._pending_hit
        if pending is not None and pending[0] == index:
            _, round_no, player, distinct, chance, row, saved = pending
            self._rows.hits.append((index, round_no, player, distinct, chance, row.status == BUSTED, state.rules.busts_saved(row) > saved))
            self._pending_hit = None

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Violation | None) -> None:
        """Nothing to do once a line is judged: the records come from ``before`` and ``after``."""

    def records(self, state: GameState) -> GameRecords:
        """The records of the replay that ended in ``state``: its hits and targets, and every
        round that began (the last one ``unfinished`` if the log stopped inside it) with its
        players' rows and the wipes they suffered."""
        rows = self.rows(state)
        return GameRecords(
            [RoundRecord(*r) for r in rows.rounds],
            [PlayerRoundRecord(*r) for r in rows.player_rounds],
            [HitRecord(*r) for r in rows.hits],
            [TargetRecord(*r) for r in rows.targets],
            [WipeRecord(*r) for r in rows.wipes],
        )

    def rows(self, state: GameState) -> RecordRows:
        """``records`` as plain tuples, each in its record's field order (what the store writes)."""
        if self._finished or state.game is None:
            return self._rows
        self._finished = True
        names = state.players
        finished = [(r.round, r.dealer, r.ended_by, r.flip7_seat, r.outcomes, r.scores, r.rows) for r in state.history]
        if state.in_round:
            assert state.dealer is not None
            outcomes, scores = round_outcomes(state, None)
            finished.append((state.round, state.dealer, "unfinished", None, outcomes, scores, state.rows))
        rules = state.rules
        rounds, player_rounds, wipes = self._rows.rounds, self._rows.player_rounds, self._rows.wipes
        for round_no, dealer, ended_by, flip7_seat, outcomes, scores, rows in finished:
            rounds.append((round_no, names[dealer], ended_by, names[flip7_seat] if flip7_seat is not None else None))
            for seat, row in enumerate(rows):
                player_rounds.append((
                    round_no, names[seat], seat, outcomes[seat], scores[seat], tuple(row.numbers),
                    tuple(row.modifiers), row.cards_drawn, row.flip7, row.bust_card, rules.busts_saved(row),
                ))
                for wipe in rules.wipes(row):
                    wipes.append((wipe.event, round_no, names[seat], wipe.cards, wipe.points))
        return self._rows
