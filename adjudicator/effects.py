"""What an event did, as typed values: the effects the engine and the rulesets report as they apply it.

While a replay's observer listens, ``GameState.effects`` is a fresh list for each event and every
rule that changes the table appends what it did, in the order it did it: the card a ``card`` event
revealed first (placed, kept, busted, saved, wiped, set aside, waiting for a target, discarded),
then what followed from it (a Flip 7, draws owed, set-aside cards resolved or dropped, the round's
end and every seat's score with its steps). Without an observer ``effects`` is None and nothing is
built, so checking a log costs what it did.

The names are the game's words shared by every ruleset; a card is a card name as the log spells
it, and the kit says what it is called (``Ruleset.card_name``). No effect names a ruleset's card:
a Second Chance that cancels a bust is a ``Saved`` with its ``cover``, an Unlucky 7 clearing a
row is a ``Wiped`` by its ``card``, a Steal is a ``Moved`` by its ``action``.

Readers: the referee's story (``adjudicator.referee.story``), the timeline and ``flip7 state``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec

from adjudicator.state import GameState, ScoreStep


@dataclass(frozen=True, slots=True)
class Placed:
    """``card`` was laid in ``seat``'s row (drawn, given, or moved in) and did nothing more."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Kept:
    """``seat`` keeps ``card`` in front of them to act later (a card that cancels the next bust)."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Busted:
    """``card`` arrived in ``seat``'s row and busted it."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Saved:
    """``card`` would have busted ``seat``; the ``cover`` card they held cancelled it (both discarded)."""

    seat: int
    card: str
    cover: str


@dataclass(frozen=True, slots=True)
class PutOut:
    """``seat`` was put out of the turns with ``status`` (frozen, made to stay) by ``card`` of ``by``
    (None: nobody's choice, the card's own rule)."""

    seat: int
    status: str
    card: str | None = None
    by: int | None = None


@dataclass(frozen=True, slots=True)
class Wiped:
    """``card`` arrived in ``seat``'s row and threw out ``cards`` (the rest of the row, in row order)."""

    seat: int
    card: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Moved:
    """``action`` (an action card ``holder`` used) moved ``card`` out of ``source``'s row: into
    ``to``'s row, or to the discard pile when ``to`` is None. What the card then did is its own effect."""

    card: str
    source: int
    to: int | None
    action: str
    holder: int


@dataclass(frozen=True, slots=True)
class Given:
    """``holder`` gave ``card`` to ``to`` (a modifier, a card handed on, a bonus) by a ``target`` event."""

    holder: int
    card: str
    to: int


@dataclass(frozen=True, slots=True)
class DrawsOwed:
    """``seat`` owes ``n`` cards for ``purpose`` (a ``DrawPurpose`` name), made by ``action_card``."""

    seat: int
    n: int
    purpose: str
    action_card: str | None = None


@dataclass(frozen=True, slots=True)
class SetAside:
    """``card`` came to ``seat`` during the draws of ``action_card`` and waits until they are over."""

    seat: int
    card: str
    action_card: str | None = None


@dataclass(frozen=True, slots=True)
class AsideDone:
    """The draws of ``seat`` are over and the ``cards`` set aside meanwhile are ``fate``:
    ``resolved`` (they act now, in turn), ``dropped`` (the target busted: discarded) or ``kept``
    (the target busted but they act all the same, as a ruleset's option says)."""

    seat: int
    cards: tuple[str, ...]
    fate: str


@dataclass(frozen=True, slots=True)
class Awaits:
    """``seat`` must now name who ``card`` goes to (a ``target`` event), for ``purpose``."""

    seat: int
    card: str
    purpose: str


@dataclass(frozen=True, slots=True)
class Discarded:
    """``card`` of ``seat`` went to the discard pile unused (no legal use, nobody may take it)."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Stayed:
    """``seat`` stayed (banked their row)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Flip7:
    """``seat`` has seven numbers: a Flip 7."""

    seat: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """Round ``round`` ended, ``ended_by`` ``flip7`` (of ``flip7_seat``) or ``all_out``."""

    round: int
    ended_by: str
    flip7_seat: int | None


@dataclass(frozen=True, slots=True)
class Scored:
    """``seat`` scored ``score`` in the round that just ended, worked out in ``steps`` (the last
    step's total is the score)."""

    seat: int
    score: int
    steps: tuple[ScoreStep, ...]


Effect = (
    Placed | Kept | Busted | Saved | PutOut | Wiped | Moved | Given | DrawsOwed | SetAside | AsideDone
    | Awaits | Discarded | Stayed | Flip7 | RoundEnded | Scored
)

P = ParamSpec("P")

#: What a card revealed to a player did first (one of these leads the effects of a ``card`` event).
ARRIVALS = (Placed, Kept, Busted, Saved, Wiped, SetAside, Awaits, Discarded)


def report(state: GameState, effect: Callable[P, Effect], *args: P.args, **kwargs: P.kwargs) -> None:
    """Add ``effect(*args, **kwargs)`` to the event's effects, if anyone listens (``state.effects``
    is a list). The effect is built only then: ``report(state, Given, holder, card, to)``, so that
    a replay nobody watches builds none."""
    effects = state.effects
    if effects is not None:
        effects.append(effect(*args, **kwargs))


class LastEffects:
    """A replay observer that keeps what the last event did (none when it was refused): the
    effects ``flip7 state`` and ``POST /v1/state`` show with the table."""

    def __init__(self) -> None:
        self.effects: list[Effect] = []

    def before(self, state: GameState, event: object, index: int) -> None:
        """A new event: what the one before did is no longer the last thing done."""
        self.effects = []

    def after(self, state: GameState, event: object, index: int) -> None:
        """Keep what ``event`` did."""
        self.effects = state.effects or []

    def judged(self, state: GameState, index: int, applied: int, stopped_by: object) -> None:
        """Nothing more to keep."""


def arrival(effects: list[Effect], seat: int, card: str) -> Effect | None:
    """The first effect that says what ``card`` did on reaching ``seat`` (see ``ARRIVALS``)."""
    for effect in effects:
        if isinstance(effect, ARRIVALS) and effect.seat == seat and effect.card == card:
            return effect
    return None


__all__ = [
    "ARRIVALS", "AsideDone", "Awaits", "Busted", "Discarded", "DrawsOwed", "Effect", "Flip7", "Given", "Kept", "LastEffects",
    "Moved", "Placed", "PutOut", "RoundEnded", "Saved", "Scored", "SetAside", "Stayed", "Wiped", "arrival", "report",
]
