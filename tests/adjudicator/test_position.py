"""The ``position`` event: a log that starts from a described moment (an extension of flip7-log/1)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator.replay import check_log, replay_log

from .helpers import card, game, hit, log, stay, target


def position(**fields: Any) -> dict[str, Any]:
    """A position event: round 3, Cem dealt, Lea's row from seed 000, Tom to move."""
    base: dict[str, Any] = {
        "type": "position", "round": 3, "dealer": "Cem",
        "players": {"Ana": {"row": ["3", "8", "10", "12", "second_chance"]}, "Ben": {"row": ["4"]}, "Cem": {"row": ["9"], "out": "stayed"}},
        "turn": "Ben", "totals": {"Ana": 80, "Ben": 50, "Cem": 60}, "discards": ["7", "7"],
    }
    base.update(fields)
    return base


def test_play_goes_on_from_the_position() -> None:
    text = log(
        game(dealer="Cem"), position(), hit("Ben"), card("Ben", "flip_three"), target("Ben", "flip_three", "Ana"),
        card("Ana", "5"), card("Ana", "+4"), card("Ana", "8"), stay("Ana"), stay("Ben"),
        {"type": "score", "round": 3, "scores": {"Ana": 42, "Ben": 4, "Cem": 9}}, {"type": "round", "round": 4},
    )
    verdict = check_log(text)
    assert verdict.valid, verdict.violations
    assert [r.round for r in verdict.rounds] == [3, 4]
    assert {n: (p.outcome, p.score) for n, p in verdict.rounds[0].players.items()} == {"Ana": ("stayed", 42), "Ben": ("stayed", 4), "Cem": ("stayed", 9)}
    assert verdict.totals == {"Ana": 122, "Ben": 54, "Cem": 69}
    assert verdict.rounds[1].dealer == "Ana"  # the deal passes left of the position's dealer


def test_the_draw_pile_is_every_card_not_in_view() -> None:
    state = replay_log(log(game(dealer="Cem"), position())).state
    assert state.draw_size == 94 - 7 - 2
    assert state.draw_pile["7"] == 5 and state.draw_pile["12"] == 11 and state.draw_pile["second_chance"] == 2
    assert state.discard_pile == {"7": 2}


@pytest.mark.parametrize(
    ("fields", "code", "words"),
    [
        ({"players": {"Ana": {"row": ["1", "1"]}}}, "bad_event", "the deck holds 1"),
        ({"players": {"Ana": {"row": ["5", "5"]}}}, "bad_event", "5 twice"),
        ({"players": {"Ana": {"row": ["0", "1", "2", "3", "4", "5", "6"]}}}, "bad_event", "seven different numbers"),
        ({"players": {"Ana": {"row": ["5"], "out": "stayed"}, "Ben": {"out": "busted"}, "Cem": {"out": "frozen"}}, "turn": None}, "bad_event", "nobody is left"),
        ({"players": {"Ben": {"row": ["5"], "out": "stayed"}}, "turn": "Ben"}, "bad_event", "cannot be Ben's move"),
        ({"players": {"Ben": {"row": ["5"], "out": "gone"}}}, "bad_event", "'out' is one of"),
        ({"players": {"Ben": {"row": ["flip_three"]}}}, "bad_event", "list it under discards"),
        ({"players": {"Ben": {"rwo": ["5"]}}}, "bad_event", "did you mean 'row'"),
        ({"dealer": "Dan"}, "unknown_player", "'Dan' is not seated"),
        ({"turn": "Bne"}, "unknown_player", "'Ben' was probably meant"),
    ],
)
def test_a_position_the_rules_could_not_reach_is_refused(fields: dict[str, Any], code: str, words: str) -> None:
    event = {k: v for k, v in position(**fields).items() if v is not None}
    verdict = check_log(log(game(dealer="Cem"), event)).to_dict()
    [violation] = verdict["violations"]
    assert (violation["event"], violation["code"]) == (1, code)
    assert words in violation["message"]


def test_a_position_comes_right_after_the_game_line() -> None:
    verdict = check_log(log(game(dealer="Cem"), {"type": "round", "round": 1}, position())).to_dict()
    assert [(v["event"], v["code"], v["rule"]) for v in verdict["violations"]] == [(2, "out_of_order", "log.position")]


def test_a_score_claim_for_a_round_before_the_position_cannot_be_checked() -> None:
    verdict = check_log(log(game(dealer="Cem"), position(), {"type": "score", "round": 2, "scores": {"Ana": 1}})).to_dict()
    [violation] = verdict["violations"]
    assert violation["code"] == "out_of_order" and "before the position" in violation["message"]


def test_the_position_is_one_json_line_of_the_log() -> None:
    line = json.dumps(position())
    assert json.loads(line)["type"] == "position"
    assert check_log(log(game(dealer="Cem"), line)).valid
