"""Player strategies for the simulator: when to stop drawing and whom to give action cards.

A strategy is written as ``KIND[:PARAM][@TARGETING]`` (see ``parse_strategy``):

- ``threshold:N`` stays once the row scores at least ``N`` (default 25);
- ``cautious:P`` stays once the exact chance that the next card busts the row is above ``P``
  (default 0.25), counted from the cards really left in the draw pile;
- ``random:P`` takes another card with chance ``P`` (default 0.5) and gives actions at random;
- ``aware:P`` plays ``cautious:P`` (default 0.3) but minds the score near the game's target: it
  stays once banking the row reaches the target ahead of everyone, and takes another card while
  someone else has reached the target ahead of it.

``@smart`` (the default of ``threshold`` and ``cautious``) or ``@random`` (the default of
``random``) chooses the targeting policy: whom to give the cards that go to a player. The smart
choices are the ruleset's (its kit's ``pick_target`` and ``best_target``).

Strategies decide from a ``PlayerView`` only, with the ``random.Random`` they are handed.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from adjudicator.events import TargetEvent
from adjudicator.rulesets import find_kit
from adjudicator.simulate.view import PlayerView

TARGETING = ("smart", "random")


class StrategyError(ValueError):
    """A strategy spec that cannot be read (the message says what is wrong)."""


class Strategy(ABC):
    """How one seat plays: ``take_card`` (hit / take the deal card, or stay) and ``pick_target``."""

    kind: ClassVar[str]
    default_param: ClassVar[float]
    default_targeting: ClassVar[str] = "smart"

    def __init__(self, param: float | None = None, targeting: str | None = None) -> None:
        self.param = self.default_param if param is None else param
        self.targeting = targeting or self.default_targeting
        if self.targeting not in TARGETING:
            raise StrategyError(f"unknown targeting {self.targeting!r}; choose one of: {', '.join(TARGETING)}")

    @property
    def spec(self) -> str:
        """The canonical spec string, e.g. ``threshold:25`` or ``cautious:0.3@random``."""
        param = f"{self.param:g}"
        extra = "" if self.targeting == self.default_targeting else f"@{self.targeting}"
        return f"{self.kind}:{param}{extra}"

    def __repr__(self) -> str:
        return f"<strategy {self.spec}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Strategy) and other.spec == self.spec

    def __hash__(self) -> int:
        return hash(self.spec)

    @abstractmethod
    def satisfied(self, view: PlayerView) -> bool:
        """True when the player would rather bank their row now than draw another card."""

    def take_card(self, view: PlayerView, rng: random.Random) -> bool:
        """Hit (or take the deal card) rather than stay. Asked only when staying is allowed."""
        return not self.satisfied(view)

    def choose_target(self, view: PlayerView, moves: Sequence[TargetEvent], rng: random.Random) -> TargetEvent:
        """Choose one of the legal ``target`` events: by whom it goes to (``pick_target``) for a card
        whose recipient the ruleset's kit chooses (``Kit.pick_target``); else, as for targets that
        carry more choices (which card), a random move (``@random``) or the kit's best one for this
        player (``Kit.best_target``)."""
        if moves[0].card not in find_kit(view.game.ruleset).pick_target:
            if len(moves) == 1:
                return moves[0]
            if self.targeting == "random":
                return rng.choice(list(moves))
            choose = find_kit(view.game.ruleset).best_target
            return choose(view, moves) if choose is not None else moves[0]
        by_target: dict[str, TargetEvent] = {}
        for move in moves:
            by_target.setdefault(move.target, move)
        chosen = self.pick_target(view, moves[0].card, list(by_target), rng)
        return by_target[chosen]

    def pick_target(self, view: PlayerView, card: str, eligible: Sequence[str], rng: random.Random) -> str:
        """Choose who gets ``card`` among ``eligible``: at random (``@random``), else as the
        ruleset's kit chooses for that card (``Kit.pick_target``; none: the first eligible)."""
        if len(eligible) == 1:
            return eligible[0]
        if self.targeting == "random":
            return rng.choice(list(eligible))
        choose = find_kit(view.game.ruleset).pick_target.get(card)
        return choose(view, eligible, self) if choose is not None else eligible[0]


class Threshold(Strategy):
    """Stay once the row scores at least the threshold."""

    kind = "threshold"
    default_param = 25

    def satisfied(self, view: PlayerView) -> bool:
        return view.row().score >= self.param


class Cautious(Strategy):
    """Stay once the exact chance that the next card busts the row is above the limit."""

    kind = "cautious"
    default_param = 0.25

    def satisfied(self, view: PlayerView) -> bool:
        return view.bust_chance() > self.param


class RandomPlayer(Strategy):
    """Take another card with a fixed chance; give actions at random (unless ``@smart``)."""

    kind = "random"
    default_param = 0.5
    default_targeting = "random"

    def satisfied(self, view: PlayerView) -> bool:
        # Used only by smart targeting ("does banking my row pay?"): a middling threshold.
        return view.row().score >= Threshold.default_param

    def take_card(self, view: PlayerView, rng: random.Random) -> bool:
        return rng.random() < self.param


class ScoreAware(Cautious):
    """A cautious player who minds the score near the game's target: stay once banking the row
    reaches the target ahead of every total (with the rows in front of them) at the table; take
    another card while someone else stands at the target ahead of oneself (the game ends this
    round, and a banked row that still loses is worth nothing); else stay above the bust chance."""

    kind = "aware"
    default_param = 0.3

    def satisfied(self, view: PlayerView) -> bool:
        mine = view.row()
        target = view.game.target
        if view.game.rounds is not None:  # a game of a fixed number of rounds has no target to mind
            return super().satisfied(view)
        best = max((r.total + r.score for r in map(view.row, view.players) if r.seat != view.seat), default=0)
        banked = mine.total + mine.score
        if banked >= target and banked > best:
            return True
        if best >= target and banked <= best:
            return False
        return super().satisfied(view)


KINDS: dict[str, type[Strategy]] = {cls.kind: cls for cls in (Threshold, Cautious, RandomPlayer, ScoreAware)}
_LIMITS: dict[str, tuple[float, float]] = {
    "threshold": (1, 10_000), "cautious": (0.0, 1.0), "random": (0.0, 1.0), "aware": (0.0, 1.0),
}


def parse_strategy(spec: str) -> Strategy:
    """Read one strategy spec ``KIND[:PARAM][@TARGETING]``, e.g. ``threshold:30``, ``cautious``,
    ``random:0.7@smart``. Raises ``StrategyError`` with a plain message."""
    text = spec.strip()
    body, _, targeting = text.partition("@")
    kind, sep, param_text = body.partition(":")
    kind = kind.strip().lower()
    if kind not in KINDS:
        raise StrategyError(f"unknown strategy {spec!r}; known: {', '.join(KINDS)} (e.g. threshold:25, cautious:0.3, random)")
    param: float | None = None
    if sep:
        try:
            param = float(param_text)
        except ValueError:
            raise StrategyError(f"strategy {spec!r}: {param_text!r} is not a number") from None
        low, high = _LIMITS[kind]
        if not low <= param <= high:
            raise StrategyError(f"strategy {spec!r}: the parameter of {kind} must be between {low:g} and {high:g}")
    return KINDS[kind](param, targeting.strip().lower() if targeting else None)


def parse_strategies(specs: str | Sequence[str]) -> list[Strategy]:
    """Read a comma-separated list of strategy specs (or a list of specs); at least one."""
    parts = specs.split(",") if isinstance(specs, str) else list(specs)
    parts = [p for p in (part.strip() for part in parts) if p]
    if not parts:
        raise StrategyError("no strategy given")
    return [parse_strategy(p) for p in parts]


def seat_strategies(strategies: Sequence[Strategy], players: int) -> list[Strategy]:
    """One strategy per seat: the list is repeated as often as needed (``a,b`` for 5 seats: a b a b a)."""
    if not strategies:
        raise StrategyError("no strategy given")
    return [strategies[i % len(strategies)] for i in range(players)]


#: The default mix of the simulator: different risk appetites around the table.
DEFAULT_STRATEGIES = "threshold:25,cautious:0.25,threshold:35,random,cautious:0.35"
