"""Smart choices for the base game's action cards in the simulator (its kit's ``pick_target``
facet): whom to freeze, who takes a Flip Three, and who gets a Second Chance passed on.

Each choice is ``(view, eligible, strategy) -> name``: from the decider's ``PlayerView``, among the
``eligible`` players (more than one), asking the deciding ``strategy`` whether it would rather bank
its row now (``satisfied``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from adjudicator.rulesets.base.cards import FLIP_THREE, FREEZE, SECOND_CHANCE

if TYPE_CHECKING:
    from adjudicator.simulate.view import PlayerView, RowView

#: Below this chance that the next card busts, a Flip Three on oneself is worth taking.
SAFE_FLIP_THREE = 0.1


class Decider(Protocol):
    """What a choice asks of the strategy deciding (``adjudicator.simulate.strategies.Strategy``)."""

    def satisfied(self, view: Any) -> bool:
        """True when the player would rather bank their row now than draw another card."""
        ...


def _leader_key(row: RowView) -> tuple[int, int, int]:
    """The leader first: highest total counting the row in front of them, then the fullest row."""
    return (row.total + row.score, len(row.numbers), -row.seat)


def second_chance_target(view: PlayerView, eligible: Sequence[str], strategy: Decider) -> str:
    """A gift: to the player who threatens least (lowest total with what lies in front of them)."""
    others = [view.row(name) for name in eligible if name != view.me]
    return min(others, key=lambda r: (r.total + r.score, len(r.numbers), r.seat)).name


def freeze_target(view: PlayerView, eligible: Sequence[str], strategy: Decider) -> str:
    """Oneself when banking one's own row now pays, else the leader."""
    me = view.me
    rows = {name: view.row(name) for name in eligible}
    others = [rows[name] for name in eligible if name != me]
    if me in rows and (not others or (rows[me].numbers or rows[me].modifiers) and strategy.satisfied(view)):
        return me
    return max(others, key=_leader_key).name


def flip_three_target(view: PlayerView, eligible: Sequence[str], strategy: Decider) -> str:
    """Oneself when three cards are cheap, else the fullest row not covered against a bust."""
    me = view.me
    rows = {name: view.row(name) for name in eligible}
    others = [rows[name] for name in eligible if name != me]
    if me in rows and (not others or (not strategy.satisfied(view) and view.bust_chance() <= SAFE_FLIP_THREE)):
        return me
    return max(others, key=lambda r: (not r.covered, len(r.numbers), r.total, -r.seat)).name


#: The base game's choices by card, as its kit lists them.
PICK_TARGET: Mapping[str, Callable[[PlayerView, Sequence[str], Decider], str]] = {
    SECOND_CHANCE: second_chance_target,
    FREEZE: freeze_target,
    FLIP_THREE: flip_three_target,
}

__all__ = ["PICK_TARGET", "SAFE_FLIP_THREE", "Decider", "flip_three_target", "freeze_target", "second_chance_target"]
