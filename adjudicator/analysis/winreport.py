"""A whole game valued by the chance to win (``W``, model ``flip7-w1``): decisions, luck, accuracy.

``WinObserver`` watches the one replay (``replay_log(..., observer=...)``, beside the round-value
``AnalysisObserver``) and keeps every player's ``W`` at every position (in percentage points):

- before a **decision** (hit or stay; the recipient of a targeted card) each option is valued; the
  position's ``W`` is that of the option the model's strategy would take, the **error** of the
  decider is ``W(best) − W(taken)``; the decider's change is ``gap − error``, where the **gap** is
  ``W(best) − W(strategy's option)`` (what best play earns above the play the model assumes); every
  other player's change at that decision is the **others' effect** on them;
- every other event (a **card** revealed, a shuffle, a round begun) changes ``W`` by **luck**: the
  card's luck is ``W`` after it minus ``W`` before it, and ``W`` before it is the mean over the
  cards the pile could have given (the playouts deal the next card from the pile as it is);
- so, per player, ``result − W(start) = luck − errors + others + gap``, exactly (the changes
  telescope); ``result`` is 100 for the winner, 0 else (``W`` now where the log stops early).

The per-card and per-decision values are Monte Carlo estimates (``samples`` playouts per position,
common random numbers): their noise is stated beside them (``interval``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from adjudicator.analysis.evaluate import move_label
from adjudicator.analysis.win import (
    ANALYZE_SAMPLES,
    MODEL,
    STRATEGY,
    WIN_THRESHOLDS,
    Unmodelled,
    Valued,
    WinModel,
    player_accuracy,
    target_moves,
    turn_moves,
    win_mark,
)
from adjudicator.events import Event
from adjudicator.rules.engine import Expectation, may_stay
from adjudicator.simulate.view import PlayerView
from adjudicator.state import GameState

#: Events that change nothing on the table (claims): ``W`` stays.
CLAIMS = ("score", "end")
#: Target decisions with more moves than this are not valued by ``W`` (each move costs a full set of playouts).
MAX_MOVES = 12


def pct(x: float) -> float:
    """A chance (0–1) in percentage points, rounded for output."""
    return round(100.0 * x, 2)


class WinOfDecision(BaseModel):
    """A decision valued by the chance to win (percentage points, 0–100)."""

    options: dict[str, float] = Field(description="The decider's win chance after each option (%).")
    interval: dict[str, list[float]] = Field(description="The 95% interval of each option's win chance (%), from the playouts.")
    best: str = Field(description="The option with the highest win chance.")
    error: float = Field(description="Win chance of the best option minus that of the option taken (percentage points, ≥ 0).")
    error_interval: list[float] = Field(description="The 95% interval of that difference (paired playouts).")
    lead: dict[str, list[float]] = Field(
        default_factory=dict, description="For each other option: the 95% interval of W(best) minus its W (paired playouts, points)."
    )
    mark: str | None = Field(None, description="`inaccuracy`, `mistake`, `blunder` by the error (5/10/15 points), where its interval excludes 0.")
    clinch: bool = Field(False, description="A stay that crosses the target with the lead: never marked.")
    strategy_option: str = Field(description="The option the model's strategy would take (the position's W is its value).")


class CardLuck(BaseModel):
    """One revealed card and what it did to every player's win chance."""

    event: int
    round: int
    player: str = Field(description="Who received the card.")
    card: str
    luck: dict[str, float] = Field(description="Per player: W after the card minus the mean W over the cards the pile could have given (points).")


class WinSummary(BaseModel):
    """One player's game by the chance to win (percentage points)."""

    start: float = Field(description="W at the first position valued.")
    result: float = Field(description="100 for the winner, 0 else; W at the last position where the log stops early.")
    luck: float = Field(description="The sum of luck (cards, shuffles, rounds begun).")
    errors: float = Field(description="The sum of the player's errors.")
    others: float = Field(description="The sum of what the other players' decisions did to this player's W.")
    gap: float = Field(description="The sum of W(best) − W(strategy's option) at the player's decisions.")
    accuracy: float = Field(description="Lichess's accuracy formula on the errors (docs/analysis.md).")
    luck_adjusted: float = Field(description="result − luck: the result with the luck taken out.")
    decisions: int
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0


class WinModelInfo(BaseModel):
    """The model that gave the win chances, named in every answer."""

    name: str = MODEL
    strategy: str = Field(STRATEGY, description="How every player is assumed to play the rest of the game.")
    samples: int = Field(description="Playouts of the round per position and option.")
    assumptions: str = Field(description="The model in one sentence.")
    thresholds: dict[str, float] = Field(default_factory=lambda: dict(WIN_THRESHOLDS), description="The error (points) each mark starts at.")


ASSUMPTIONS = (
    "every player, the decider included after the option, plays {strategy}; the rest of the round is played out "
    "with the rules' engine from the real pile; later rounds are independent draws from simulated round scores "
    "(a shared top total at the target split evenly)"
)


def model_info(samples: int) -> WinModelInfo:
    """The model's description for an output."""
    return WinModelInfo(strategy=STRATEGY, samples=samples, assumptions=ASSUMPTIONS.format(strategy=STRATEGY))


def clinches(state: GameState, seat: int, choice: str) -> bool:
    """True for a stay that takes the player to the target with a lead over every other total and row."""
    if choice != "stay" or state.game is None:
        return False
    rules = state.rules
    mine = state.totals[seat] + rules.score_now(state, state.rows[seat])
    others = [t + rules.score_now(state, r) for i, (t, r) in enumerate(zip(state.totals, state.rows, strict=True)) if i != seat]
    return mine >= state.game.target and all(mine > o for o in others)


def decision_moves(state: GameState, exp: Expectation) -> dict[str, Event | None]:
    """The options of a decision: hit/stay (a deal that reaches a player who may stay: take the card
    or stay), or every target move by its label."""
    assert exp.seat is not None
    if exp.kind == "target":
        return target_moves(state, exp, move_label)
    return turn_moves(state, exp.seat, deal=exp.kind == "deal")


def strategy_option(model: WinModel, state: GameState, exp: Expectation, moves: dict[str, Event | None]) -> str:
    """The option the model's strategy takes here."""
    assert exp.seat is not None
    view = PlayerView(state, exp.seat)
    if exp.kind == "target":
        real = [m for m in moves.values() if m is not None]
        chosen = model.strategy.choose_target(view, real, model.rng)  # type: ignore[arg-type]
        label = move_label(chosen)
        return label if label in moves else next(iter(moves))
    if "stay" in moves and may_stay(state, exp.seat) and not model.strategy.take_card(view, model.rng):
        return "stay"
    return "hit"


@dataclass(slots=True)
class WinObserver:
    """Every player's W through the game (see the module's docstring)."""

    #: The decision ``event`` makes at ``state`` and the option it takes, or None (``observe``).
    decide: Callable[[GameState, Event], tuple[Expectation, str] | None] = lambda state, event: None
    samples: int = ANALYZE_SAMPLES
    #: Only this round's positions (None: the whole game).
    round_no: int | None = None
    #: The player asked about: a game without them is not valued (the caller reports it).
    player: str | None = None
    #: The round asked for is over (its last position valued).
    done: bool = False
    model: WinModel | None = None
    #: Why the game is not valued, a code of ``win.REASONS`` (None: it is, or it has not begun).
    unmodelled: str | None = None
    names: list[str] = field(default_factory=list)
    start: list[float] | None = None
    last: list[float] | None = None
    #: W of the position after the event under way, when a decision's playouts already gave it.
    carry: list[float] | None = None
    luck: list[float] = field(default_factory=list)
    errors: list[float] = field(default_factory=list)
    others: list[float] = field(default_factory=list)
    gap: list[float] = field(default_factory=list)
    decisions: dict[int, WinOfDecision] = field(default_factory=dict)
    deciders: dict[int, int] = field(default_factory=dict)
    cards: list[CardLuck] = field(default_factory=list)
    curve: list[tuple[int, list[float]]] = field(default_factory=list)
    _card: tuple[int, int, str, str] | None = None

    def _account(self, here: list[float]) -> None:
        """The change from the last position to ``here`` is luck (of the card under way, if any)."""
        if self.last is None:
            self.start = list(here)
        else:
            delta = [h - w for h, w in zip(here, self.last, strict=True)]
            self.luck = [a + d for a, d in zip(self.luck, delta, strict=True)]
            if self._card is not None:
                index, round_no, player, card = self._card
                self.cards.append(CardLuck(event=index, round=round_no, player=player, card=card,
                                           luck={n: pct(d) for n, d in zip(self.names, delta, strict=True)}))
        self._card = None
        self.last = here

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Value the position before ``event`` (and its options, when it is a decision)."""
        if event.type in ("game", "position") or state.game is None or self.unmodelled is not None or self.done:
            return
        if self.round_no is not None:
            starts = event.type == "round" and getattr(event, "round", None) == self.round_no
            if not starts and state.round != self.round_no:
                return
            if state.round == self.round_no and not state.in_round and self.last is not None:
                self.finish(state)  # the round is over: its last position
                self.done = True
                return
        if self.model is None:
            if self.player is not None and self.player not in state.players:
                self.unmodelled = "no-player"
                return
            try:
                self.model = WinModel(state, seed=state.game.id, samples=self.samples)
            except Unmodelled as why:
                self.unmodelled = why.code
                return
            self.names = list(state.players)
            zero = [0.0] * len(self.names)
            self.luck, self.errors, self.others, self.gap = list(zero), list(zero), list(zero), list(zero)
        model = self.model
        if event.type in CLAIMS and self.last is not None:
            return
        decided = self._decision(state, event, index)
        if decided is None:
            here = self.carry if self.carry is not None else model.position(state)
            self.carry = None
            self._account(here)
            self.curve.append((index, here))
            if event.type == "card":
                self._card = (index, state.round, str(getattr(event, "player", "")), str(getattr(event, "card", "")))

    def _decision(self, state: GameState, event: Event, index: int) -> bool | None:
        """Value ``event`` as a decision if it is one (True), else None."""
        found = self.decide(state, event)
        if found is None:
            return None
        exp, choice = found
        assert exp.seat is not None
        moves = decision_moves(state, exp)
        if len(moves) < 2 or len(moves) > MAX_MOVES or choice not in moves:
            return None
        assert self.model is not None
        seat = exp.seat
        valued: Valued = self.model.options(state, moves, seat)
        mine = {label: chances[seat] for label, chances in valued.chances.items()}
        best = max(mine, key=lambda label: (mine[label], label == choice))
        plain = strategy_option(self.model, state, exp, moves)
        here = valued.chances[plain]
        self.carry = None
        self._account(here)
        self.curve.append((index, here))
        taken = valued.chances[choice]
        error = max(mine[best] - mine[choice], 0.0)
        low, high = valued.difference(best, choice) if best != choice else (0.0, 0.0)
        clinch = clinches(state, seat, choice)
        mark = None if clinch or low <= 0.0 else win_mark(100.0 * error)
        self.decisions[index] = WinOfDecision(
            options={k: pct(v) for k, v in mine.items()}, interval={k: [pct(a), pct(b)] for k in mine for a, b in [valued.interval(k)]},
            best=best, error=pct(error), error_interval=[pct(low), pct(high)], mark=mark, clinch=clinch, strategy_option=plain,
            lead={k: [pct(a), pct(b)] for k in mine if k != best for a, b in [valued.difference(best, k)]},
        )
        self.deciders[index] = seat
        for p in range(len(self.names)):
            change = taken[p] - here[p]
            if p == seat:
                self.gap[p] += mine[best] - here[p]
                self.errors[p] += error
            else:
                self.others[p] += change
        self.last = list(taken)
        if event.type == "card":  # a deal card taken: its own luck follows at the next position
            self._card = (index, state.round, str(getattr(event, "player", "")), str(getattr(event, "card", "")))
        else:
            self.carry = list(taken)
        return True

    def after(self, state: GameState, event: Event, index: int) -> None:
        """Nothing to do after an event (the next position is valued before the next event)."""

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Any) -> None:
        """Nothing to report."""

    def finish(self, state: GameState) -> None:
        """Value the last position: the result where the game is over, else W as it stands."""
        if self.model is None or self.last is None or self.done:
            return
        if state.over:
            here = [1.0 if i == state.winner else 0.0 for i in range(len(self.names))]
        elif self.carry is not None:
            here = self.carry
        else:
            here = self.model.position(state)
        self.carry = None
        self._account(here)
        self.curve.append((state.events_applied, here))

    def summaries(self) -> dict[str, WinSummary]:
        """Each player's summary (call after ``finish``)."""
        out: dict[str, WinSummary] = {}
        if self.start is None or self.last is None:
            return out
        for p, name in enumerate(self.names):
            mine = [d for index, d in self.decisions.items() if self.deciders[index] == p]
            errors = [0.0 if d.clinch else d.error for d in mine]
            out[name] = WinSummary(
                start=pct(self.start[p]), result=pct(self.last[p]), luck=pct(self.luck[p]), errors=pct(self.errors[p]),
                others=pct(self.others[p]), gap=pct(self.gap[p]), accuracy=player_accuracy(errors),
                luck_adjusted=pct(self.last[p] - self.luck[p]), decisions=len(mine),
                inaccuracies=sum(d.mark == "inaccuracy" for d in mine), mistakes=sum(d.mark == "mistake" for d in mine),
                blunders=sum(d.mark == "blunder" for d in mine),
            )
        return out


__all__ = ["CardLuck", "WinModelInfo", "WinObserver", "WinOfDecision", "WinSummary", "decision_moves", "model_info"]
