"""The table view: the table after some prefix of a log as one typed model (``flip7 state``).

``table_view(result)`` builds it from a replay (``describe_table`` from a live state, as the
viewer's timeline does after every event); the CLI prints it (as text or ``to_dict`` JSON)
and the API returns it (its response model derives from ``TableView``). What the game's ruleset
shows of its table (its rows' own fields and notes, pile order, card labels, cards still to act)
comes from its kit's view (``adjudicator.rulesets.view``, ``view_of``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field, SerializeAsAny, ValidationInfo, field_validator

from adjudicator.effects import Effect, PutOut
from adjudicator.rules import RULESETS, describe_expectation, expecting, legal_moves
from adjudicator.rules.engine import next_dealer
from adjudicator.rules.ruleset import Ruleset
from adjudicator.rulesets import find_kit
from adjudicator.rulesets.sentences import Say
from adjudicator.rulesets.view import CardTold, RulesetView, ScoreStepView, SeatTold, TablePlayer, TableTold
from adjudicator.state import ACTIVE, DrawFrame, Expectation
from adjudicator.verdict import Violation

if TYPE_CHECKING:
    from adjudicator.replay import ReplayResult
    from adjudicator.state import GameState


class EffectView(BaseModel):
    """One thing the last event did (``adjudicator.effects``), players named: ``effect`` says
    what (``placed``, ``kept``, ``busted``, ``saved``, ``put_out``, ``wiped``, ``moved``, ``given``,
    ``draws_owed``, ``set_aside``, ``aside_done``, ``awaits``, ``discarded``, ``stayed``, ``flip7``,
    ``round_ended``, ``scored``) and the other fields, where it has them, the rest."""

    effect: str
    player: str | None = Field(default=None, description="Whose row or turn it is about.")
    card: str | None = None
    cards: list[str] | None = Field(default=None, description="Cards thrown out (`wiped`) or set aside (`aside_done`).")
    cover: str | None = Field(default=None, description="`saved`: the card that cancelled the bust.")
    status: str | None = Field(default=None, description="`put_out`: the status it left the player with.")
    by: str | None = Field(default=None, description="`put_out`: whose card it was.")
    source: str | None = Field(default=None, description="`moved`: the row the card left.")
    to: str | None = Field(default=None, description="`moved`, `given`: the player it went to (`moved`: null for the discard pile).")
    holder: str | None = Field(default=None, description="`moved`, `given`: who used or gave the card.")
    action: str | None = Field(default=None, description="`moved`: the action card that moved it.")
    n: int | None = Field(default=None, description="`draws_owed`: how many cards.")
    purpose: str | None = None
    action_card: str | None = None
    fate: str | None = Field(default=None, description="`aside_done`: `resolved`, `dropped` or `kept`.")
    round: int | None = None
    ended_by: str | None = None
    flip7_player: str | None = None
    score: int | None = None
    steps: list[ScoreStepView] | None = None


#: Effect fields that hold a seat, and the name they take in an ``EffectView``.
_SEAT_FIELDS = {"seat": "player", "source": "source", "to": "to", "holder": "holder", "flip7_seat": "flip7_player"}


def effect_view(state: GameState, effect: Effect) -> EffectView:
    """``effect`` as plain data, its seats named."""
    data: dict[str, Any] = {"effect": _effect_name(type(effect).__name__)}
    for f in fields(effect):
        value = getattr(effect, f.name)
        if f.name in _SEAT_FIELDS or (f.name == "by" and isinstance(effect, PutOut)):
            data[_SEAT_FIELDS.get(f.name, f.name)] = state.name(value) if value is not None else None
        elif f.name == "steps":
            data["steps"] = [_step_view(step) for step in value]
        elif isinstance(value, tuple):
            data[f.name] = list(value)
        else:
            data[f.name] = value
    return EffectView(**data)


@cache
def _effect_name(cls: str) -> str:
    """``PutOut`` → ``put_out``, ``Flip7`` → ``flip7``."""
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(cls))


def _step_view(step: Any) -> ScoreStepView:
    return ScoreStepView(kind=step.kind, total=step.total, cards=list(step.cards), amount=step.amount)


class CardsOwed(BaseModel):
    """Cards still owed to a player: one after a hit, or the rest of the cards an action card makes them take."""

    player: str
    cards: int = Field(description="How many cards are still to come.")
    reason: str = Field(description='Why, in words ("after their hit", or the action card that owes them).')
    action_card: str | None = Field(default=None, description="The action card that owes them, if any.")


class PendingAction(BaseModel):
    """A card that still has to act (``RulesetView.pending_cards``) and whom it may reach now."""

    card: str
    holder: str = Field(description="Who gives or uses it.")
    set_aside: bool = Field(description="False: it waits for its target event now; true: set aside until the draws are over.")
    may_go_to: list[str] = Field(description="Who it may go to (or take from) now; for a set-aside card, if it acted now.")


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
    ruleset: str | None = Field(default=None, description="The game's ruleset (its name, as `GET /v1/rulesets` lists them).")
    after_event: int = Field(description="The last event applied (-1: none).")
    stopped_by: Violation | None = Field(description="The fatal violation that stopped the replay at or before event N.")
    round: int | None = None
    rounds_finished: int | None = None
    dealer: str | None = Field(default=None, description="Who deals the current (or last) round; before round 1 the first dealer.")
    next_dealer: str | None = Field(default=None, description="Who deals the next round: before round 1 and between rounds; null during a round and once the game is over.")
    players: list[SerializeAsAny[TablePlayer]] = Field(
        description="Every seat, as the game's ruleset shows its rows: the shared fields and the ruleset's own (one row model per ruleset)."
    )
    waiting_for: WaitingFor | None = None
    legal_moves: list[dict[str, Any]] | None = Field(
        default=None, description="Every legal next event but card reveals (hit/stay, targets, the next round, a shuffle)."
    )
    cards_owed: list[CardsOwed] | None = Field(default=None, description="Cards still owed, innermost draw last (during an action card's draws: how many are left).")
    pending: list[PendingAction] | None = Field(default=None, description="Cards that still have to act: the one waiting for a target, and set-aside ones.")
    draw_pile: dict[str, int] | None = Field(default=None, description="Cards left, in the ruleset's deck order (numbers ascending, modifiers, actions).")
    draw_pile_size: int | None = None
    discard_pile: dict[str, int] | None = Field(default=None, description="Cards discarded, in deck order.")
    set_aside: list[str] | None = None
    finished: bool | None = None
    winner: str | None = None
    ruleset_mode: str | None = Field(default=None, description="The mode the game's options select (one of its ruleset's `modes`), null for none.")
    card_labels: dict[str, str] | None = Field(default=None, description="How the ruleset labels each card on the table (in a row or still to act).")
    effects: list[EffectView] | None = Field(
        default=None, description="What the last event did, when the replay was watched for it (the viewer's timeline, `flip7 state`)."
    )
    told: dict[str, TableTold] | None = Field(
        default=None,
        description="The sentences the pages show, by language asked (`en`, `de`): what the last event did, each seat in words "
        "(status, how the player left the round, notes, the score worked out), every card's label and kind. Only when asked "
        "(the viewer's timeline, a live table).",
    )

    @field_validator("players", mode="before")
    @classmethod
    def _rows_of_the_ruleset(cls, players: Any, info: ValidationInfo) -> Any:
        """Rows read from data (a table view's JSON) take the row model of the game's ruleset, so
        its own fields are kept and typed; rows built as models stay as they are."""
        ruleset = info.data.get("ruleset")
        if ruleset not in RULESETS or not isinstance(players, list) or not any(isinstance(p, dict) for p in players):
            return players
        model = find_kit(ruleset).view.row_model
        return [model.model_validate(p) if isinstance(p, dict) else p for p in players]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (only the fields that apply: see the class docstring)."""
        return self.model_dump(exclude_unset=True)


def view_of(rules: Ruleset) -> RulesetView:
    """The view facet of ``rules``' kit (its defaults for a kit without one)."""
    return find_kit(rules.name).view


def row_models() -> list[type[TablePlayer]]:
    """The row model of every registered ruleset, once each (what the OpenAPI document declares
    for a table view's ``players``)."""
    return list(dict.fromkeys(view_of(rules).row_model for rules in RULESETS.values()))


def table_view(result: ReplayResult, effects: list[Effect] | None = None) -> TableView:
    """The table after the replayed prefix: rows, piles, totals, whose move, legal moves (and,
    given them, what the last event did)."""
    return describe_table(result.state, result.applied, result.stopped_by, effects)


def describe_table(
    state: GameState, applied: int, stopped_by: Violation | None, effects: list[Effect] | None = None,
    *, langs: tuple[str, ...] = (), event: Any = None, event_effects: Sequence[Effect] | None = None,
) -> TableView:
    """The table of ``state`` after ``applied`` events, ``stopped_by`` the fatal violation (if any),
    ``effects`` what the last event did (if the replay was watched for them). With ``langs`` the
    view also carries ``told``, the sentences a page shows in each of them (``event``: the last
    event, told with what it did: ``event_effects``, else ``effects``)."""
    stop = stopped_by
    if state.game is None:
        if langs:
            return TableView(game=None, after_event=applied - 1, stopped_by=stop, players=[], told={lang: TableTold(seats=[], cards={}) for lang in langs})
        return TableView(game=None, after_event=applied - 1, stopped_by=stop, players=[])
    rules = state.rules
    view = view_of(rules)
    exp = expecting(state)
    players = []
    for seat, name in enumerate(state.players):
        row = state.rows[seat]
        steps = rules.score_steps(state, row) if state.in_round else None  # the score is the last step's total
        shared = {
            "name": name,
            "seat": seat,
            "status": ("flip7" if row.flip7 else row.status) if state.in_round else None,
            "numbers": list(row.numbers),
            "modifiers": list(row.modifiers),
            "notes": view.row_notes(state, seat) if state.in_round else [],
            "round_score": steps[-1].total if steps is not None else None,
            "total": state.totals[seat],
            "held": [c for c in row.table_cards() if c not in row.numbers and c not in row.modifiers] if state.in_round else [],
            "score_steps": [_step_view(step) for step in steps] if steps is not None else None,
        }
        players.append(view.row(state, seat, shared))
    between = not state.in_round and not state.over
    dealer = state.dealer if state.dealer is not None else (next_dealer(state) if between else None)
    return TableView(
        game=state.game.id,
        ruleset=rules.name,
        after_event=applied - 1,
        stopped_by=stop,
        round=state.round if state.in_round else None,
        rounds_finished=state.rounds_finished(),
        dealer=state.name(dealer) if dealer is not None else None,
        next_dealer=state.name(next_dealer(state)) if between else None,
        players=players,
        waiting_for=WaitingFor(
            kind=exp.kind,
            player=state.name(exp.seat) if exp.seat is not None else None,
            card=exp.card,
            description=describe_expectation(state, exp),
        ),
        legal_moves=[m.model_dump(exclude_none=True) for m in legal_moves(state) if m.type != "card"],
        cards_owed=_cards_owed(state),
        pending=[
            PendingAction(card=p.card, holder=state.name(p.holder), set_aside=p.set_aside, may_go_to=[state.name(s) for s in p.may_go_to])
            for p in view.pending_cards(state)
        ],
        draw_pile=_in_deck_order(rules, state.draw_pile),
        draw_pile_size=state.draw_size,
        discard_pile=_in_deck_order(rules, state.discard_pile),
        set_aside=state.in_play(),
        finished=state.over,
        winner=state.name(state.winner) if state.winner is not None else None,
        ruleset_mode=state.game.mode(),
        card_labels=_labels(state, view),
        effects=[effect_view(state, e) for e in effects] if effects is not None else None,
        **({"told": {lang: tell_table(state, view, lang, event, event_effects if event_effects is not None else effects or [], exp) for lang in langs}} if langs else {}),
    )


def tell_table(
    state: GameState, view: RulesetView, lang: str, event: Any = None, effects: Sequence[Effect] = (), exp: Expectation | None = None,
) -> TableTold:
    """The sentences a page shows of ``state``'s table in ``lang``, told by the game's kit
    (``view``) and the shared sentences: ``event`` with its ``effects``, what the game waits for
    (``exp``), each seat, each card."""
    rules = state.rules
    say = view.say(rules, lang)
    seats = []
    for seat in range(len(state.players)):
        if not state.in_round:
            seats.append(SeatTold())
            continue
        row = state.rows[seat]
        status = "flip7" if row.flip7 else row.status
        said: dict[str, object] = {
            "status": view.status_word(status, say) if status != ACTIVE else None,
            "why": view.why_out(state, seat, say),
            "notes": view.row_sentences(state, seat, say),
            "score": view.tell_score(rules.score_steps(state, row), len(row.numbers) + len(row.modifiers), say),
        }
        seats.append(SeatTold.model_validate({k: v for k, v in said.items() if v}))  # only what there is to say
    cards = [c for row in state.rows for c in row.table_cards()] + state.in_play()
    told_cards = {}
    for card in dict.fromkeys(cards):
        kind = view.card_kind(rules, card)
        told_cards[card] = CardTold(label=view.card_label(rules, card), kind=kind, kind_label=say(f"kind_{kind}"))
    return TableTold(
        event=view.tell_event(state, event, effects, say) if event is not None else None,
        waiting=_tell_waiting(state, exp if exp is not None else expecting(state), say), seats=seats, cards=told_cards,
    )


def _tell_waiting(state: GameState, exp: Expectation, say: Say) -> str:
    """What the game waits for, in ``say``'s words (a card of the kit's own: ``wait_target_{card}``);
    in English the engine's own description, as ``waiting_for`` says it."""
    if say.lang == "en":
        return describe_expectation(state, exp)
    if exp.kind == "game":
        return say("wait_game")
    if exp.kind == "over":
        return say("wait_over", winner=state.name(state.winner) if state.winner is not None else "?")
    if exp.kind == "round":
        return say("wait_round", round=state.rounds_finished() + 1, dealer=state.name(next_dealer(state)))
    assert exp.seat is not None
    player = state.name(exp.seat)
    may_stay = state.rules.stay_refusal(state, exp.seat) is None
    if exp.kind == "deal":
        return say("wait_deal_or_stay" if may_stay else "wait_deal", player=player)
    if exp.kind == "turn":
        return say("wait_turn" if may_stay else "wait_turn_hit", player=player)
    if exp.kind == "draw":
        top = state.stack[-1] if state.stack else None
        if isinstance(top, DrawFrame) and top.action_card:
            return say("wait_draw_owed", player=player, n=top.remaining, card=say.label(top.action_card))
        return say("wait_draw_hit", player=player)
    card = exp.card or ""
    eligible = ", ".join(state.name(s) for s in exp.eligible)
    return say.maybe(f"wait_target_{card}", player=player, eligible=eligible) or say("wait_target", player=player, card=say.label(card), eligible=eligible)


def _labels(state: GameState, view: RulesetView) -> dict[str, str]:
    """The viewer's label of every card in a row or still to act."""
    cards = [c for row in state.rows for c in row.table_cards()] + state.in_play()
    return {card: view.card_label(state.rules, card) for card in dict.fromkeys(cards)}


def card_labels(rules: Ruleset) -> dict[str, str]:
    """The viewer's label of every card of ``rules`` (deck order, then cards only a ``target`` names)."""
    view = view_of(rules)
    cards = dict.fromkeys([*view.card_order(rules), *sorted(rules.target_cards or rules.cards)])
    return {card: view.card_label(rules, card) for card in cards}


def _cards_owed(state: GameState) -> list[CardsOwed]:
    """Every draw on the stack with cards still to come (outermost first)."""
    return [
        CardsOwed(
            player=state.name(frame.seat), cards=frame.remaining,
            reason=state.rules.draw_purpose(frame.purpose).reason, action_card=frame.action_card,
        )
        for frame in state.stack
        if frame.kind == "draw" and frame.remaining > 0
    ]


@cache
def _deck_order(rules: Ruleset) -> tuple[tuple[str, ...], frozenset[str]]:
    """The ruleset's ``card_order`` (its kit's view), and the same as a set (worked out once per ruleset)."""
    order = view_of(rules).card_order(rules)
    return order, frozenset(order)


def _in_deck_order(rules: Ruleset, pile: dict[str, int]) -> dict[str, int]:
    """The cards of ``pile`` that are there, in the ruleset's ``card_order`` (any other card last)."""
    order, known = _deck_order(rules)
    listed = {card: pile[card] for card in order if pile.get(card)}
    if not pile.keys() <= known:  # a card the order does not name
        listed.update((card, k) for card, k in pile.items() if k and card not in listed)
    return listed
