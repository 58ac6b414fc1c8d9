"""Analysing a whole game: an observer of the one replay (``replay_log(..., observer=...)``).

Before each decision event (a hit or stay on a turn, a stay or a card where the deal lets a player
stay, a ``target``) the observer values the options on the live state; once the event has been
applied it keeps the decision. A refused event is never kept. ``advise`` values the decision a log
stops at.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from adjudicator.analysis.allowance import OverAllowance, check
from adjudicator.analysis.evaluate import (
    ANALYZE_SAMPLES,
    BUDGET,
    SAMPLES,
    TargetValue,
    TurnValue,
    move_label,
    near_end,
    target_value,
    turn_value,
    win_chance,
)
from adjudicator.analysis.models import CardModel, card_model
from adjudicator.analysis.report import Analysis, Decision, mark_of, summarise
from adjudicator.analysis.report2 import Analysis2, build2
from adjudicator.analysis.win import ANALYZE_SAMPLES as WIN_ANALYZE_SAMPLES
from adjudicator.analysis.win import SAMPLES as WIN_SAMPLES
from adjudicator.analysis.win import Unmodelled as WinUnmodelled
from adjudicator.analysis.win import Valued, WinModel
from adjudicator.analysis.winreport import MAX_MOVES, WinObserver, decision_moves, strategy_option
from adjudicator.errors import Flip7Error, UnsupportedRuleset
from adjudicator.events import Event
from adjudicator.notation import is_jsonl, notation_to_jsonl, parse_notation
from adjudicator.replay import ReplayResult, replay_log
from adjudicator.rules.engine import Expectation, describe_expectation, expecting, may_stay
from adjudicator.source import lines_from_text
from adjudicator.state import GameState
from adjudicator.verdict import Violation

#: What to ask for instead when a whole game's analysis runs out of time.
ROUND_HINT = "ask for less: one round or one player (--round, --player; ?round=, ?player=)"


class NoModel(UnsupportedRuleset):
    """The game's ruleset has no card model for the analysis."""


class NotADecision(Flip7Error):
    """The log does not stop where a player has a choice to make."""


def log_lines(text: str) -> list[str]:
    """The JSON Lines of a log given as JSON Lines or in the notation."""
    lines = list(lines_from_text(text))
    if is_jsonl(lines):
        return lines
    return notation_to_jsonl(parse_notation(text))


def decision_at(state: GameState) -> Expectation | None:
    """What the player to move decides now, or None when nobody has a choice (a card is owed,
    between rounds, game over). A deal that reaches a player who may stay is a decision too."""
    if state.game is None or not state.in_round:
        return None
    exp = expecting(state)
    if exp.kind == "turn" or exp.kind == "target":
        return exp
    if exp.kind == "deal" and exp.seat is not None and may_stay(state, exp.seat):
        return exp
    return None


def _choice(state: GameState, exp: Expectation, event: Event) -> str | None:
    """The option ``event`` takes at the decision ``exp``, or None when it is not that decision."""
    assert exp.seat is not None
    player = getattr(event, "player", None)
    if player != state.name(exp.seat):
        return None
    if exp.kind == "target":
        if event.type != "target":
            return None
        return move_label(event) if getattr(event, "target_card", None) is not None else getattr(event, "target", None)
    if event.type == "stay":
        return "stay"
    if event.type == "hit" or (exp.kind == "deal" and event.type == "card"):
        return "hit"
    return None


def decided(state: GameState, event: Event) -> tuple[Expectation, str] | None:
    """The decision ``event`` makes at ``state`` and the option it takes, or None."""
    exp = decision_at(state)
    if exp is None or exp.seat is None:
        return None
    choice = _choice(state, exp, event)
    return None if choice is None else (exp, choice)


@dataclass(slots=True)
class Observers:
    """Several observers of the one replay, each told of every event in turn."""

    members: list[AnalysisObserver | WinObserver]

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Tell every member."""
        for member in self.members:
            member.before(state, event, index)

    def after(self, state: GameState, event: Event, index: int) -> None:
        """Tell every member."""
        for member in self.members:
            member.after(state, event, index)

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Violation | None) -> None:
        """Tell every member."""
        for member in self.members:
            member.judged(state, index, applied, stopped_by)


def _decision(state: GameState, index: int, valued: TurnValue | TargetValue, choice: str) -> Decision:
    name = state.name
    if isinstance(valued, TurnValue):
        options = {k: round(v, 6) for k, v in valued.options().items()}
        best = valued.best
        loss = max(options[best] - options.get(choice, options[best]), 0.0)
        solved = valued.solved
        intervals = {k: [round(lo, 6), round(hi, 6)] for k, (lo, hi) in solved.intervals.items()} if solved.intervals else None
        return Decision(
            event=index, round=state.round, player=name(valued.seat), kind="turn", card=None, bust_chance=round(valued.bust_chance, 6),
            options=options, choice=choice, best=best, loss=round(loss, 6), mark=mark_of(loss) if solved.settled else None,
            method=solved.method, horizon=solved.horizon, interval=intervals, samples=solved.samples, win_chance=None, win_best=None,
            error_bound=solved.bound, pile_end=solved.pile_end or None,
        )
    if valued.moves and any(":" in label for label in valued.moves):  # moves that name cards: rated one by one
        options = {label: round(v, 6) for label, v in valued.moves.items()}
        best = valued.best_move or ""
    else:
        options = {name(s): round(v, 6) for s, v in valued.benefits.items()}
        best = name(valued.best)
    loss = max(options[best] - options.get(choice, options[best]), 0.0)
    return Decision(
        event=index, round=state.round, player=name(valued.seat), kind="target", card=valued.card, bust_chance=None,
        options=options, choice=choice, best=best, loss=round(loss, 6), mark=mark_of(loss), method=valued.method, horizon=None, interval=None, samples=None, win_chance=None, win_best=None,
        error_bound=None, pile_end=None,
    )


@dataclass(slots=True)
class AnalysisObserver:
    """Values every decision of the replay it watches (``ReplayObserver``), optionally only one
    player's or one round's; ``progress(index)`` is told of each event line."""

    player: str | None = None
    round_no: int | None = None
    budget: int = BUDGET
    progress: Callable[[int], None] | None = None
    decisions: list[Decision] = field(default_factory=list)
    #: Monte Carlo playouts per option where a position is not valued exactly.
    samples: int = ANALYZE_SAMPLES
    #: Near the end of the game, also the chance to win after each option (``win_chance``).
    win: bool = False
    model: CardModel | None = None
    #: Whether a ruleset without a decision model is an error (``NoModel``) or values nothing.
    require_model: bool = True
    _pending: tuple[int, Decision] | None = None

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Value the decision ``event`` is about to make, if it is one."""
        self._pending = None
        if self.model is None or (self.round_no is not None and state.round != self.round_no):
            return
        exp = decision_at(state)
        if exp is None or exp.seat is None or (self.player is not None and state.name(exp.seat) != self.player):
            return
        choice = _choice(state, exp, event)
        if choice is None:
            return
        where = f" (it reached event {index}: {len(self.decisions)} decisions valued)"
        check(where, ROUND_HINT)
        valued: TurnValue | TargetValue | None
        try:
            if exp.kind == "target":
                valued = target_value(self.model, state, exp, self.budget)
            else:
                valued = turn_value(self.model, state, exp.seat, self.budget, samples=self.samples, deal=exp.kind == "deal")
        except OverAllowance:  # ran out inside this decision: say how far the game got
            check(where, ROUND_HINT)
            raise
        if valued is not None:
            decision = _decision(state, index, valued, choice)
            if self.win and isinstance(valued, TurnValue) and near_end(state):
                chance = win_chance(state, exp.seat, deal=exp.kind == "deal")
                if chance is not None:
                    decision.win_chance = {k: round(v, 4) for k, v in chance.chances.items()}
                    decision.win_best = chance.best
            self._pending = (index, decision)

    def after(self, state: GameState, event: Event, index: int) -> None:
        """Keep the decision once its event was applied; find the card model after the game line."""
        if event.type == "game":
            self.model = card_model(state.rules)
            if self.model is None and self.require_model:
                raise NoModel(f"there is no decision model for the {state.rules.name} ruleset yet")
        if self._pending is not None and self._pending[0] == index:
            self.decisions.append(self._pending[1])
        self._pending = None

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Violation | None) -> None:
        """Report progress."""
        if self.progress is not None:
            self.progress(index)


def analyze(
    source: str | Iterable[str], *, player: str | None = None, round_no: int | None = None,
    budget: int = BUDGET, progress: Callable[[int], None] | None = None, samples: int = ANALYZE_SAMPLES,
    win: bool = False,
) -> Analysis:
    """Value every decision of a game (JSON Lines or notation text, or JSON Lines lines) up to its
    first fatal violation. Raises ``LogUnreadable`` and ``NoModel``."""
    lines = log_lines(source) if isinstance(source, str) else source
    observer = AnalysisObserver(player, round_no, budget, progress, samples=samples, win=win)
    result = replay_log(lines, observer=observer)
    return build(result, observer.decisions)


def analyze2(
    source: str | Iterable[str], *, player: str | None = None, round_no: int | None = None,
    budget: int = BUDGET, progress: Callable[[int], None] | None = None, samples: int = ANALYZE_SAMPLES,
    win_samples: int = WIN_ANALYZE_SAMPLES, win: bool = False,
) -> Analysis2:
    """``analyze`` with every position valued by the chance to win too (``flip7-analysis/2``):
    ``win_samples`` playouts of the round per position and option (model ``flip7-w1``; 0: no
    chance to win); with ``round_no`` only that round's positions (its luck and errors add up to
    the change of W over the round)."""
    lines = log_lines(source) if isinstance(source, str) else source
    first = AnalysisObserver(player, round_no, budget, progress, samples=samples, win=win)
    chances = WinObserver(decide=decided, samples=win_samples, round_no=round_no, player=player)
    if win_samples == 0:
        chances.unmodelled = "not-asked"
    result = replay_log(lines, observer=Observers([first, chances]))
    chances.finish(result.state)
    return build2(build(result, first.decisions), chances, player=player, round_no=round_no)


def build(result: ReplayResult, decisions: list[Decision]) -> Analysis:
    """The analysis from a replay's result and the decisions its observer kept."""
    state = result.state
    return Analysis(
        game=state.game.id if state.game else None,
        ruleset=state.rules.name if state.game else None,
        events=result.verdict.events,
        complete=result.stopped_by is None,
        stopped_by=result.stopped_by,
        decisions=decisions,
        players=summarise(list(state.players), decisions),
    )


@dataclass(slots=True)
class WinAdvice:
    """The decision a log stops at, by the chance to win (model ``flip7-w1``): every player's W
    after each option, the decider's interval per option, and what the model's strategy would do."""

    seat: int
    valued: Valued
    strategy_option: str
    samples: int

    def mine(self) -> dict[str, float]:
        """The decider's W after each option (0–1)."""
        return {label: chances[self.seat] for label, chances in self.valued.chances.items()}

    @property
    def best(self) -> str:
        """The option with the highest W for the decider."""
        mine = self.mine()
        return max(mine, key=lambda label: mine[label])


@dataclass(slots=True)
class Advice:
    """The decision a log stops at, valued: a turn (hit or stay) or a target."""

    player: str
    turn: TurnValue | None
    target: TargetValue | None
    names: list[str]
    #: The same decision by the chance to win (None: not asked for, or the game is not modelled).
    win: WinAdvice | None = None
    #: Why the decision has no win chances, where it has none (a code of ``win.REASONS``).
    unmodelled: str | None = None


def win_advice(state: GameState, exp: Expectation, samples: int = WIN_SAMPLES) -> WinAdvice | None:
    """The decision at ``state`` by the chance to win, or None where it has fewer than two options
    (raises ``win.Unmodelled`` where the game is not modelled)."""
    assert exp.seat is not None and state.game is not None
    moves = decision_moves(state, exp)
    if len(moves) < 2:
        return None
    if len(moves) > MAX_MOVES:
        raise WinUnmodelled("too-many-moves")
    model = WinModel(state, seed=f"{state.game.id}:{state.events_applied}", samples=samples)
    return WinAdvice(exp.seat, model.options(state, moves, exp.seat), strategy_option(model, state, exp, moves), samples)


def advise(text: str, budget: int = BUDGET, samples: int = SAMPLES, win_samples: int = 0) -> Advice:
    """Value the decision a log (JSON Lines or notation) stops at. Raises ``LogUnreadable``,
    ``NoModel``, ``NotADecision`` (also for a log with a fatal violation: a position the rules
    could not reach)."""
    result = replay_log(log_lines(text))
    state = result.state
    if result.stopped_by is not None:
        v = result.stopped_by
        raise NotADecision(f"event {v.event} (line {v.line}) breaks a rule ({v.code}, {v.rule}): {v.message}")
    model = card_model(state.rules) if state.game else None
    if model is None:
        raise NoModel(f"there is no decision model for the {state.rules.name} ruleset yet" if state.game else "the log has no game line")
    exp = decision_at(state)
    if exp is None or exp.seat is None:
        raise NotADecision(f"the log does not stop at a decision: {describe_expectation(state, expecting(state))}")
    if exp.kind == "target":
        rated = target_value(model, state, exp, budget)
        if rated is None:
            raise NotADecision(f"the log stops where {state.name(exp.seat)} names a recipient for later; that choice is not rated")
        advice = Advice(state.name(exp.seat), None, rated, list(state.players))
    else:
        advice = Advice(state.name(exp.seat), turn_value(model, state, exp.seat, budget, samples=samples, deal=exp.kind == "deal"), None, list(state.players))
    if win_samples:
        try:
            advice.win = win_advice(state, exp, win_samples)
        except WinUnmodelled as why:
            advice.unmodelled = why.code
        except OverAllowance:  # the round values took the time: they are answered alone
            advice.unmodelled = "no-time"
    return advice
