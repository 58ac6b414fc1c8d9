"""Smart choices for the cards of With a Vengeance: whom to give a modifier, whom to make draw, what
to steal, swap or discard, and where the Brutal Flip 7 bonus goes.

Every choice is one of the legal ``target`` events the rules list (``legal_moves``); each is rated
by how it changes the round scores the table can see, counted as the game counts them (in Brutal
mode below 0, and a modifier on a busted row still costs): the decider's own gain, minus the gain of
the others (the leader counted double). Forced draws (Just One More, Flip Four) are rated by their
expected effect, from the composition of the draw pile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.rulesets.vengeance.options import VengeanceOptions
from adjudicator.rulesets.vengeance.rules import (
    FLIP7_BONUS,
    FLIP7_POINTS,
    FLIP_FOUR,
    JUST_ONE_MORE,
    UNLUCKY_7,
    busts,
    is_modifier,
    is_number,
    row_points,
)
from adjudicator.simulate.view import PlayerView, RowView
from adjudicator.state import BUSTED

#: How much a change to the leading opponent's score counts, against 1 for every other opponent.
LEADER_WEIGHT = 2.0


def _score(numbers: Sequence[str], modifiers: Sequence[str], busted: bool = False, *, brutal: bool = False) -> int:
    """The round score of a row holding these cards, as the game counts it (Brutal: below 0, and a
    busted row's modifiers still count), without a Flip 7 bonus."""
    return row_points(numbers, modifiers, busted=busted, flip7=False, brutal=brutal)


def _now(row: RowView, brutal: bool = False) -> int:
    """What ``row`` would score if the round ended now (no Flip 7 bonus)."""
    return _score(row.numbers, row.modifiers, row.status == BUSTED, brutal=brutal)


def _with(row: RowView, add: str | None = None, remove: str | None = None, *, brutal: bool = False) -> int:
    """The score of ``row`` after ``remove`` leaves it and ``add`` arrives (as if drawn)."""
    numbers, modifiers = list(row.numbers), list(row.modifiers)
    for cards in (numbers, modifiers):
        if remove is not None and remove in cards:
            cards.remove(remove)
            break
    busted = row.status == BUSTED
    if add is not None and (is_modifier(add) or is_number(add)):  # an action drawn changes no row by itself
        if is_modifier(add):
            modifiers.append(add)
        elif add == UNLUCKY_7:
            numbers, modifiers = [add], []
        else:
            busted = busted or busts(numbers, add)
            numbers.append(add)
    return _score(numbers, modifiers, busted, brutal=brutal)


def _draw_gain(row: RowView, pile: Mapping[str, int], draws: int, *, brutal: bool = False) -> float:
    """Expected change of ``row``'s score when it is made to take ``draws`` cards from ``pile``."""
    size = sum(pile.values())
    now = _now(row, brutal)
    if size == 0 or row.status == BUSTED:
        return 0.0
    one = sum(k * (_with(row, add=card, brutal=brutal) - now) for card, k in pile.items() if k) / size
    bust = sum(k for card, k in pile.items() if k and busts(row.numbers, card)) / size
    # later draws of a Flip Four bust more often: each extra card adds the risk again
    lost = now - _score((), row.modifiers, True, brutal=brutal)  # what a bust costs (Brutal: the modifiers stay)
    return one + (draws - 1) * (one * (1 - bust) - bust * lost)


class Rater:
    """Rates target events from the decider's side of the table."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.me = view.me
        #: Brutal mode: rows are scored as the game counts them (below 0, busted rows' modifiers).
        self.brutal = isinstance(view.game, VengeanceOptions) and view.game.brutal
        self.rows = {name: view.row(name) for name in view.players}
        others = [r for r in self.rows.values() if r.name != self.me]
        self.leader = max(others, key=lambda r: (r.total + self.now(r), -r.seat)).name if others else None

    def now(self, row: RowView) -> int:
        """What ``row`` scores if the round ended now, in this game."""
        return _now(row, self.brutal)

    def after(self, name: str, add: str | None = None, remove: str | None = None) -> int:
        """What ``name``'s row would score after ``remove`` leaves it and ``add`` arrives."""
        return _with(self.rows[name], add=add, remove=remove, brutal=self.brutal)

    def weight(self, name: str) -> float:
        """+1 for the decider's own score, minus for the others' (the leader weighs most)."""
        if name == self.me:
            return 1.0
        return -LEADER_WEIGHT if name == self.leader else -1.0

    def change(self, name: str, after: float) -> float:
        """Weighted value of ``name``'s round score becoming ``after``."""
        return self.weight(name) * (after - self.now(self.rows[name]))

    def rate(self, move: Any) -> float:
        """How good ``move`` (a legal target event) is for the decider."""
        card, target = move.card, move.target
        rows = self.rows
        if card == FLIP7_BONUS:
            if target == self.me:
                return float(FLIP7_POINTS)
            # -15 pays more than +15 only against the leader, when the leader is ahead
            lead = rows[target].total + self.now(rows[target])
            mine = rows[self.me].total + self.now(rows[self.me])
            return FLIP7_POINTS * (4 / 3 if target == self.leader and lead > mine else 1 / 3)
        if is_modifier(card):
            return self.change(target, self.after(target, add=card))
        if card in (JUST_ONE_MORE, FLIP_FOUR):
            draws = 1 if card == JUST_ONE_MORE else 4
            gain = _draw_gain(rows[target], self.view.next_card_pile(), draws, brutal=self.brutal)
            return self.weight(target) * gain
        taken = move.target_card
        if card == "steal":
            return self.change(self.me, self.after(self.me, add=taken)) + self.change(target, self.after(target, remove=taken))
        if card == "discard":
            return self.change(target, self.after(target, remove=taken))
        other, given = move.other, move.other_card
        return self.change(target, self.after(target, add=given, remove=taken)) + self.change(
            other, self.after(other, add=taken, remove=given)
        )


def best_target(view: PlayerView, moves: Sequence[Any]) -> Any:
    """The legal target event that is best for the decider (the first of equals, so the choice is
    deterministic)."""
    rater = Rater(view)
    return max(moves, key=rater.rate)
