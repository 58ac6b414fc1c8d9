"""Focused tests of the With a Vengeance rules (one per rule; the fixtures under
fixtures/vengeance/ cover every case with a whole log)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("adjudicator.rules.engine", reason="needs the shared rules engine")

from adjudicator.replay import check_log, state_at
from adjudicator.rules import legal_moves
from adjudicator.rulesets.vengeance.rules import ONE_DECK, Vengeance, busts, row_points
from tests.adjudicator.helpers import card, game, hit, log, rnd, stay


def vgame(**options: object) -> dict:
    """A Vengeance game event (Ana deals: the deal goes Ben, Cem, Ana)."""
    return game(ruleset="vengeance", **options)


def deal(b: str, c: str, a: str) -> list[dict]:
    """The three deal cards."""
    return [card("Ben", b), card("Cem", c), card("Ana", a)]


def aim(player: str, name: str, to: str, **fields: str) -> dict:
    """A Vengeance target event."""
    return {"type": "target", "player": player, "card": name, "target": to, **fields}


def test_the_deck_has_108_cards_with_the_special_numbers_among_them() -> None:
    assert sum(ONE_DECK.values()) == 108
    assert ONE_DECK["7"] + ONE_DECK["unlucky_7"] == 7 and ONE_DECK["unlucky_7"] == 1
    assert ONE_DECK["13"] + ONE_DECK["lucky_13"] == 13 and ONE_DECK["lucky_13"] == 1
    assert ONE_DECK["0"] == 1 and ONE_DECK["/2"] == 1 and ONE_DECK["steal"] == 2


@pytest.mark.parametrize(
    ("numbers", "modifiers", "busted", "flip7", "brutal", "points"),
    [
        (["9", "12"], ["/2", "-4"], False, False, False, 6),  # (21 // 2) - 4
        (["9", "12"], ["-4", "/2"], False, False, False, 6),  # halving first, whatever the order
        (["9", "12"], ["/2", "/2"], False, False, False, 5),  # two decks: each ÷2 halves again
        (["3"], ["-8"], False, False, False, 0),  # not below 0
        (["3"], ["-8"], False, False, True, -5),  # Brutal: below 0
        (["5"], ["-10"], True, False, True, -10),  # Brutal: a busted row's modifiers count
        (["0", "9"], [], False, False, False, 0),  # The Zero without Flip 7
        (["0", "1", "2", "3", "4", "5", "6"], [], False, True, False, 36),
        (["unlucky_7", "lucky_13", "13"], [], False, False, False, 33),
    ],
)
def test_row_points(numbers: list[str], modifiers: list[str], busted: bool, flip7: bool, brutal: bool, points: int) -> None:
    assert row_points(numbers, modifiers, busted=busted, flip7=flip7, brutal=brutal) == points


def test_what_busts() -> None:
    assert busts(["7"], "7") and busts(["unlucky_7"], "7") and not busts(["7"], "unlucky_7")
    assert busts(["13"], "13") and not busts(["lucky_13"], "13") and not busts(["13"], "lucky_13")
    assert busts(["lucky_13", "13"], "13") and not busts(["lucky_13"], "lucky_13")
    assert not busts(["5"], "-4") and not busts(["5"], "steal")


def test_bust_chance_counts_the_real_pile() -> None:
    rules = Vengeance()
    pile = {"5": 3, "13": 2, "unlucky_7": 1, "7": 1, "-4": 3}

    def row(*numbers: str) -> Any:
        made = rules.new_row()
        made.numbers.extend(numbers)
        return made

    assert rules.bust_chance(row("5", "7"), pile) == pytest.approx(4 / 10)  # three 5s and the plain 7
    assert rules.bust_cards(row("5", "7"), pile) == 4
    assert rules.bust_cards(row("unlucky_7"), pile) == 1  # the plain 7: the Unlucky 7 is a 7
    assert rules.bust_chance(row("lucky_13"), pile) == 0.0


def test_steal_message_lists_what_could_be_stolen() -> None:
    text = log(vgame(), rnd(1), *deal("5", "6", "9"), hit("Ben"), card("Ben", "5"), hit("Cem"), card("Cem", "steal"),
               aim("Cem", "steal", "Ben", target_card="5"))
    violation = check_log(text).violations[0]
    assert (violation.code, violation.rule) == ("illegal_target", "action.steal")
    assert violation.message == "Steal cannot take Ben's 5: Ben busted on event 6 (line 7) with a second 5. Cards that can be stolen: Ana's 9."


def test_a_missing_target_card_names_the_field() -> None:
    text = log(vgame(), rnd(1), *deal("5", "6", "9"), hit("Ben"), card("Ben", "steal"), aim("Ben", "steal", "Cem"))
    violation = check_log(text).violations[0]
    assert (violation.event, violation.code, violation.rule) == (7, "bad_event", "log.target-fields")
    assert "'target_card'" in violation.message


def test_the_holder_of_the_zero_must_hit() -> None:
    text = log(vgame(), rnd(1), *deal("0", "6", "9"), stay("Ben"))
    violation = check_log(text).violations[0]
    assert violation.code == "must_hit" and "The Zero" in violation.message
    moves = legal_moves(state_at(text, 4).state)
    assert [m.type for m in moves] == ["hit"]  # no stay offered


def test_steal_and_swap_moves_name_every_card() -> None:
    text = log(vgame(), rnd(1), *deal("5", "6", "-2"), aim("Ana", "-2", "Cem"), hit("Ben"), card("Ben", "swap"))
    moves = legal_moves(state_at(text, 7).state)
    pairs = {(m.target, m.target_card, m.other, m.other_card) for m in moves}
    assert ("Ben", "5", "Cem", "-2") in pairs and ("Cem", "6", "Ben", "5") in pairs
    assert all(m.target != m.other for m in moves) and len(pairs) == len(moves) == 4


def test_brutal_bonus_is_owed_before_the_round_ends() -> None:
    text = log(vgame(brutal=True), rnd(1), *deal("1", "8", "9"), hit("Ben"), card("Ben", "2"), stay("Cem"), stay("Ana"),
               *[e for n in ("3", "4", "5", "6", "10") for e in (hit("Ben"), card("Ben", n))])
    result = state_at(text)
    assert result.state.in_round
    moves = legal_moves(result.state)
    assert {(m.card, m.target) for m in moves} == {("flip7_bonus", p) for p in ("Ana", "Ben", "Cem")}
    summary = result.verdict.rounds[0].players
    assert (summary["Ben"].outcome, summary["Ben"].score) == ("flip7", 31)
    assert (summary["Cem"].outcome, summary["Cem"].score) == ("stayed", 8)
