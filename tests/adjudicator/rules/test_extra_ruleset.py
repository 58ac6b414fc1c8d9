"""The seam: a ruleset defined in this file alone plugs into the engine with no change to it.

*Gift* is a tiny variant: numbers 1–13 (two copies each) and a ``gift`` action. Whoever reveals a
gift hands one number card of their own row (``target_card``, a field only Gift's target events
have) to any player who has not busted, players who stayed included. A gift with nothing to give
is discarded with no event. It is registered under the contract's second ruleset name for the test.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from adjudicator.events import Event, TargetEvent
from adjudicator.replay import check_log, replay_log
from adjudicator.rules import Expectation, Ruleset, end_round, legal_moves
from adjudicator.rules.engine import violation
from adjudicator.rulesets import event_json_schema, registered
from adjudicator.state import ACTIVE, BUSTED, DrawFrame, GameState, TargetFrame

NUMBERS = frozenset(str(n) for n in range(1, 14))
GIFT = "gift"


class GiftTarget(TargetEvent):
    """A gift's target event: also the number card given."""

    target_card: str


class Gift(Ruleset):
    """Numbers and gifts, nothing else."""

    name = "vengeance"
    cards = NUMBERS | {GIFT}
    numbers = NUMBERS
    target_event = GiftTarget

    def deck(self, decks: int) -> dict[str, int]:
        return {**{n: 2 * decks for n in sorted(NUMBERS, key=int)}, GIFT: 3 * decks}

    def receive(self, state: GameState, seat: int, card: str, draw: DrawFrame | None, index: int) -> None:
        row = state.rows[seat]
        if card == GIFT:
            if row.numbers:
                state.stack.append(TargetFrame(seat, card, "give"))
            else:
                state.discard(card)  # no legal use: no event
            return
        self._add(state, seat, card, index)

    def _add(self, state: GameState, seat: int, card: str, index: int) -> None:
        row = state.rows[seat]
        row.numbers.append(card)
        if row.numbers.count(card) > 1:
            row.status, row.status_event, row.bust_card = BUSTED, index, card
        elif len(row.numbers) == 7:
            row.flip7 = True
            end_round(state, "flip7", seat)

    def eligible(self, state: GameState, frame: TargetFrame) -> tuple[int, ...]:
        return tuple(i for i, row in enumerate(state.rows) if row.status != BUSTED)

    def check_target(self, state: GameState, event: TargetEvent, exp: Expectation, target: int) -> None:
        super().check_target(state, event, exp, target)
        assert isinstance(event, GiftTarget)
        if event.target_card not in state.rows[exp.seat or 0].numbers:
            raise violation("illegal_target", "action.gift", f"{event.player} has no {event.target_card} to give.")

    def apply_target(self, state: GameState, frame: TargetFrame, event: TargetEvent, index: int) -> None:
        assert isinstance(event, GiftTarget)
        state.rows[frame.holder].remove(event.target_card)
        state.discard(frame.card)
        self._add(state, state.seat_of[event.target], event.target_card, index)

    def target_moves(self, state: GameState, exp: Expectation) -> list[Event]:
        assert exp.seat is not None and exp.card is not None
        holder = state.name(exp.seat)
        return [
            GiftTarget(type="target", player=holder, card=exp.card, target=state.name(t), target_card=c)
            for t in exp.eligible for c in dict.fromkeys(state.rows[exp.seat].numbers)
        ]

    def outcomes(self, state: GameState, ended_by: str | None) -> tuple[list[str], list[int]]:
        outcomes = ["flip7" if r.flip7 else ("in" if ended_by else "playing") if r.status == ACTIVE else r.status for r in state.rows]
        scores = [0 if r.status == BUSTED else sum(map(int, r.numbers)) + 15 * r.flip7 for r in state.rows]
        return outcomes, scores


@pytest.fixture
def gift() -> Iterator[Gift]:
    """Gift registered (the whole registry, kits included, is restored after the test)."""
    with registered(Gift()) as rules:
        yield rules  # type: ignore[misc]


def lines(*events: dict) -> str:
    return "".join(json.dumps(e) + "\n" for e in events)


GAME = {"type": "game", "id": "gift-1", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "ruleset": "vengeance", "target": 15}
DEAL = [
    {"type": "round", "round": 1},
    {"type": "card", "player": "Ben", "card": "13"},
    {"type": "card", "player": "Cem", "card": 2},
    {"type": "card", "player": "Ana", "card": "9"},
    {"type": "stay", "player": "Ben"},
    {"type": "hit", "player": "Cem"},
    {"type": "card", "player": "Cem", "card": "gift"},
]


def test_a_log_of_the_extra_ruleset_is_judged(gift: Gift) -> None:
    log = lines(
        GAME, *DEAL,
        # Ben stayed, yet may receive the gift: "has turns" and "may be targeted" are two questions.
        {"type": "target", "player": "Cem", "card": "gift", "target": "Ben", "target_card": "2"},
        {"type": "stay", "player": "Ana"},
        {"type": "hit", "player": "Cem"},
        {"type": "card", "player": "Cem", "card": "gift"},  # nothing left to give: discarded, no event
        {"type": "hit", "player": "Cem"},
        {"type": "card", "player": "Cem", "card": "5"},
        {"type": "stay", "player": "Cem"},
        {"type": "score", "round": 1, "scores": {"Ana": 9, "Ben": 15, "Cem": 5}},
        {"type": "end", "winner": "Ben"},
    )
    verdict = check_log(log).to_dict()
    assert verdict["valid"], verdict["violations"]
    assert verdict["totals"] == {"Ana": 9, "Ben": 15, "Cem": 5}
    assert verdict["rounds"][0]["players"]["Ben"] == {"outcome": "stayed", "score": 15}
    assert (verdict["finished"], verdict["winner"]) == (True, "Ben")


def test_the_state_shows_the_row_that_lost_a_card(gift: Gift) -> None:
    log = lines(GAME, *DEAL, {"type": "target", "player": "Cem", "card": "gift", "target": "Ana", "target_card": "2"})
    state = replay_log(log).state
    assert [row.numbers for row in state.rows] == [["9", "2"], ["13"], []]
    assert state.discard_pile == {"gift": 1}


def test_the_extra_ruleset_checks_its_own_target_fields(gift: Gift) -> None:
    missing = check_log(lines(GAME, *DEAL, {"type": "target", "player": "Cem", "card": "gift", "target": "Ben"}))
    assert (missing.violations[0].code, missing.violations[0].rule) == ("bad_event", "log.event")
    assert "target_card" in missing.violations[0].message
    wrong = check_log(lines(GAME, *DEAL, {"type": "target", "player": "Cem", "card": "gift", "target": "Ben", "target_card": "9"}))
    assert (wrong.violations[0].code, wrong.violations[0].rule) == ("illegal_target", "action.gift")


def test_cards_are_checked_against_the_games_own_deck(gift: Gift) -> None:
    # A base-game card is an unknown card in this ruleset, and 13 an unknown card in the base game.
    freeze = check_log(lines(GAME, DEAL[0], {"type": "card", "player": "Ben", "card": "freeze"}))
    assert (freeze.violations[0].code, freeze.violations[0].rule) == ("bad_event", "log.card")
    base = check_log(lines({**GAME, "ruleset": "flip7"}, DEAL[0], {"type": "card", "player": "Ben", "card": "13"}))
    assert (base.violations[0].code, base.violations[0].rule) == ("bad_event", "log.card")


def test_legal_moves_come_from_the_ruleset(gift: Gift) -> None:
    state = replay_log(lines(GAME, *DEAL)).state
    targets = [m for m in legal_moves(state) if m.type == "target"]
    assert {(m.target, m.target_card) for m in targets} == {("Ana", "2"), ("Ben", "2"), ("Cem", "2")}  # type: ignore[union-attr]


def test_the_schema_covers_every_registered_ruleset(gift: Gift) -> None:
    schema = event_json_schema()
    variants = schema["$defs"]["TargetEvent"]["anyOf"]
    assert {"$ref": "#/$defs/GiftTarget"} in variants
    assert "target_card" in schema["$defs"]["GiftTarget"]["properties"]


def test_without_it_the_real_vengeance_ruleset_judges_the_log() -> None:
    from adjudicator.rules import find_ruleset
    from adjudicator.rulesets.vengeance.rules import Vengeance

    assert isinstance(find_ruleset("vengeance"), Vengeance)
    verdict = check_log(lines(GAME))  # a Vengeance game now, judged by its own rules
    assert verdict.game == "gift-1"
