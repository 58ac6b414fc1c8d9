"""The decision analysis in the store: ``ingest --analyze`` fills ``analyses`` and ``decisions``.

The analysis watches the same replay as the record collector (one replay per log, in the ingest
workers): ``AnalysingCollector`` hands every event to both. The decision model is asked of the
ruleset's kit by the analysis observer once the game line is known; a game of
a ruleset without one is stored with an ``analyses`` row saying so and no decisions. Reading back,
``stored_analysis`` rebuilds the ``flip7-analysis/1`` document from the rows, so the viewer and the
API serve a stored game's analysis without valuing it again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from adjudicator.analysis.evaluate import labels
from adjudicator.analysis.observe import AnalysisObserver, build, decided
from adjudicator.analysis.report import Analysis, Decision, summarise
from adjudicator.analysis.report2 import Analysis2, build2
from adjudicator.analysis.winreport import WinObserver
from adjudicator.events import Event
from adjudicator.replay import ReplayResult
from adjudicator.state import GameState
from adjudicator.store.records import RecordCollector
from adjudicator.store.schema import ANALYSES, DECISIONS
from adjudicator.verdict import Violation

#: States one decision may use when ``ingest --analyze`` values it (as ``flip7 analyze`` and the API).
STORED_BUDGET = 3_000

#: ``analyses.status`` of a game whose decisions were valued, and of one whose ruleset has no model.
ANALYSED = "analysed"
NO_MODEL = "no-model"


@dataclass(slots=True)
class AnalysingCollector:
    """A replay observer that gathers the store's records and values every decision on the way."""

    records: RecordCollector = field(default_factory=RecordCollector)
    analysis: AnalysisObserver = field(default_factory=lambda: AnalysisObserver(budget=STORED_BUDGET, require_model=False))
    #: The ruleset's name once the game line was applied.
    ruleset: str | None = None
    #: With ``ingest --analyze --win``: every position valued by the chance to win too (``flip7-analysis/2``).
    win: WinObserver | None = None

    @classmethod
    def with_win(cls, samples: int) -> AnalysingCollector:
        """A collector that also values the chance to win, ``samples`` playouts per position (0: it does not)."""
        return cls(win=WinObserver(decide=decided, samples=samples) if samples > 0 else None)

    @property
    def has_model(self) -> bool:
        """Whether the game's ruleset has a decision model (known once the game line is applied)."""
        return self.analysis.model is not None

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Before ``event``: both observers look (the analysis values nothing without a model)."""
        self.records.before(state, event, index)
        self.analysis.before(state, event, index)
        if self.win is not None and self.has_model:
            self.win.before(state, event, index)

    def after(self, state: GameState, event: Event, index: int) -> None:
        """After ``event``: both observers look; the game line tells which decision model applies."""
        self.records.after(state, event, index)
        if event.type == "game":
            self.ruleset = state.rules.name
        self.analysis.after(state, event, index)

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Violation | None) -> None:
        """After every line: both observers look."""
        self.records.judged(state, index, applied, stopped_by)
        self.analysis.judged(state, index, applied, stopped_by)


def win_columns(result: ReplayResult, observer: AnalysingCollector) -> dict[int, tuple[float | None, float | None]]:
    """``win_loss`` and ``luck`` of each stored decision, by event (empty without ``--win``).

    ``win_loss`` is the decision's error in win chance (0 to 1; 0 for a clinching stay, which the
    analysis never counts against a player). ``luck`` is the decider's luck (0 to 1) from this
    decision to their next one: every card's luck for them (``cards[]``), a card before their first
    decision on that first one; the rest of their game's luck (shuffles, rounds begun) is on their
    last decision, so a game's luck rows add up to ``players[].win.luck``.
    """
    if observer.win is None or not observer.has_model or observer.win.model is None:
        return {}
    observer.win.finish(result.state)
    second: Analysis2 = build2(build(result, observer.analysis.decisions), observer.win)
    mine: dict[str, list[int]] = {}
    for d in second.decisions:
        mine.setdefault(d.player, []).append(d.event)
    luck: dict[int, float] = {}
    for player, events in mine.items():
        dealt = 0.0
        for card in second.cards:
            at = [e for e in events if e <= card.event]
            share = card.luck.get(player, 0.0)
            dealt += share
            luck[at[-1] if at else events[0]] = luck.get(at[-1] if at else events[0], 0.0) + share
        summary = next((p.win for p in second.players if p.player == player), None)
        if summary is not None:
            luck[events[-1]] = luck.get(events[-1], 0.0) + summary.luck - dealt
    out: dict[int, tuple[float | None, float | None]] = {}
    for d in second.decisions:
        error = None if d.win is None else (0.0 if d.win.clinch else d.win.error / 100.0)
        kept = luck.get(d.event)
        out[d.event] = (error, None if kept is None else round(kept / 100.0, 6))
    return out


def no_model_message(ruleset: str | None) -> str:
    """Why a game was stored without decisions."""
    if ruleset is None:
        return "the log has no valid game line: no decision was valued"
    return f"there is no decision model for the {ruleset} ruleset yet: stored without decisions"


def analysis_columns(game_id: str, result: ReplayResult, observer: AnalysingCollector) -> dict[str, list[list[Any]]]:
    """The ``analyses`` and ``decisions`` columns of one analysed replay."""
    decisions = observer.analysis.decisions if observer.has_model else []
    stopped = result.stopped_by
    status = ANALYSED if observer.has_model else NO_MODEL
    analyses: list[list[Any]] = [
        [game_id], [status], [observer.ruleset], [STORED_BUDGET], [len(decisions)], [stopped is None],
        [None if stopped is None else json.dumps(stopped.to_dict(), ensure_ascii=False, separators=(",", ":"))],
        [None if observer.has_model else no_model_message(observer.ruleset)],
    ]
    assert len(analyses) == len(ANALYSES.columns)
    win = win_columns(result, observer)
    rows: list[tuple[Any, ...]] = [
        (
            game_id, d.event, d.round, d.player, d.kind, d.card, d.bust_chance,
            d.options.get("hit") if d.kind == "turn" else None, d.options.get("stay") if d.kind == "turn" else None,
            json.dumps(d.options, ensure_ascii=False, separators=(",", ":")), d.choice, d.best, d.loss, d.mark, d.method, d.horizon,
            None if d.interval is None else json.dumps(d.interval, separators=(",", ":")), d.samples,
            *win.get(d.event, (None, None)),
        )
        for d in decisions
    ]
    columns = [list(c) for c in zip(*rows, strict=True)] if rows else [[] for _ in DECISIONS.columns]
    return {ANALYSES.name: analyses, DECISIONS.name: columns}


def empty_analysis_columns() -> dict[str, list[list[Any]]]:
    """The ``analyses`` and ``decisions`` columns of a game ingested without ``--analyze``."""
    return {t.name: [[] for _ in t.columns] for t in (ANALYSES, DECISIONS)}


def stored_analysis(
    header: tuple[Any, ...], players: list[str], events: int, game_id: str, rows: list[tuple[Any, ...]],
    *, player: str | None = None, round_no: int | None = None,
) -> Analysis:
    """``flip7-analysis/1`` rebuilt from a game's ``analyses`` row (``header``: ruleset, complete,
    stopped_by) and its ``decisions`` rows (columns in ``DECISION_COLUMNS`` order), filtered as
    ``analyze`` filters (one player's, one round's decisions; the summary still names every player)."""
    ruleset, complete, stopped_by = header
    decisions = [
        Decision(
            event=event, round=rnd, player=who, kind=kind, card=card, bust_chance=bust, options=json.loads(options),
            choice=choice, best=best, loss=loss, mark=mark, method=method, horizon=horizon,
            interval=None if interval is None else json.loads(interval), samples=samples, win_chance=None, win_best=None,
            error_bound=label[0], pile_end=label[1],
        )
        for event, rnd, who, kind, card, bust, options, choice, best, loss, mark, method, horizon, interval, samples in rows
        if (player is None or who == player) and (round_no is None or rnd == round_no)
        for label in (labels(ruleset, kind, method, horizon, STORED_BUDGET),)
    ]
    return Analysis(
        game=game_id, ruleset=ruleset, events=events, complete=bool(complete),
        stopped_by=None if stopped_by is None else Violation(**json.loads(stopped_by)),
        decisions=decisions, players=summarise(players, decisions),
    )


#: The ``decisions`` columns ``stored_analysis`` reads, in its order.
DECISION_COLUMNS = ("event", "round", "player", "kind", "card", "bust_chance", "options", "choice", "best", "loss", "mark", "method", "horizon", "intervals", "samples")
