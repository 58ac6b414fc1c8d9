"""The table view: the table after some prefix of a log as one typed model (``flip7 state``).

``table_view(result)`` builds it from a replay (``describe_table`` from a live state, as the
viewer's timeline does after every event); the CLI prints it (as text or ``to_dict`` JSON)
and the API returns it (its response model derives from ``TableView``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.rules import describe_expectation, expecting, legal_moves, round_outcomes
from adjudicator.verdict import Violation

if TYPE_CHECKING:
    from adjudicator.replay import ReplayResult
    from adjudicator.state import GameState


class TablePlayer(BaseModel):
    """One seat at the table. ``second_chance`` and ``frozen_by`` are the base game's; a ruleset
    may add fields of its own (``Ruleset.row_fields``)."""

    model_config = ConfigDict(extra="allow")

    name: str
    seat: int
    status: str | None = Field(description="`active`, `stayed`, `frozen`, `busted` or `flip7` during a round; null between rounds.")
    numbers: list[str]
    modifiers: list[str]
    second_chance: bool = False
    frozen_by: list[str] = Field(default_factory=list)
    round_score: int | None = Field(description="What the row would score now (null between rounds).")
    total: int


class WaitingFor(BaseModel):
    """What the game waits for next."""

    kind: str = Field(description="`game`, `round`, `over`, `deal`, `turn`, `draw` or `target`.")
    player: str | None
    card: str | None
    description: str


class TableView(BaseModel):
    """The table after event N, as `flip7 state --json` prints it.

    When the `game` event itself could not be applied only `game` (null), `after_event`,
    `stopped_by` and `players` (empty) are present.
    """

    game: str | None
    after_event: int = Field(description="The last event applied (-1: none).")
    stopped_by: Violation | None = Field(description="The fatal violation that stopped the replay at or before event N.")
    round: int | None = None
    rounds_finished: int | None = None
    dealer: str | None = None
    players: list[TablePlayer]
    waiting_for: WaitingFor | None = None
    legal_moves: list[dict[str, Any]] | None = Field(
        default=None, description="Every legal next event but card reveals (hit/stay, targets, the next round, a shuffle)."
    )
    draw_pile: dict[str, int] | None = None
    draw_pile_size: int | None = None
    discard_pile: dict[str, int] | None = None
    set_aside: list[str] | None = None
    finished: bool | None = None
    winner: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (only the fields that apply: see the class docstring)."""
        return self.model_dump(exclude_unset=True)


def table_view(result: ReplayResult) -> TableView:
    """The table after the replayed prefix: rows, piles, totals, whose move, legal moves."""
    return describe_table(result.state, result.applied, result.stopped_by)


def describe_table(state: GameState, applied: int, stopped_by: Violation | None) -> TableView:
    """The table of ``state`` after ``applied`` events, ``stopped_by`` the fatal violation (if any)."""
    stop = stopped_by
    if state.game is None:
        return TableView(game=None, after_event=applied - 1, stopped_by=stop, players=[])
    rules = state.rules
    exp = expecting(state)
    scores = round_outcomes(state, None)[1] if state.in_round else None
    players = []
    for seat, name in enumerate(state.players):
        row = state.rows[seat]
        players.append(
            TablePlayer(
                name=name,
                seat=seat,
                status=("flip7" if row.flip7 else row.status) if state.in_round else None,
                numbers=list(row.numbers),
                modifiers=list(row.modifiers),
                round_score=scores[seat] if scores is not None else None,
                total=state.totals[seat],
                **rules.row_fields(row),
            )
        )
    return TableView(
        game=state.game.id,
        after_event=applied - 1,
        stopped_by=stop,
        round=state.round if state.in_round else None,
        rounds_finished=state.rounds_finished(),
        dealer=state.name(state.dealer) if state.dealer is not None else None,
        players=players,
        waiting_for=WaitingFor(
            kind=exp.kind,
            player=state.name(exp.seat) if exp.seat is not None else None,
            card=exp.card,
            description=describe_expectation(state, exp),
        ),
        legal_moves=[m.model_dump(exclude_none=True) for m in legal_moves(state) if m.type != "card"],
        draw_pile={c: k for c, k in state.draw_pile.items() if k},
        draw_pile_size=state.draw_size,
        discard_pile={c: k for c, k in state.discard_pile.items() if k},
        set_aside=state.in_play(),
        finished=state.over,
        winner=state.name(state.winner) if state.winner is not None else None,
    )
