"""The base rules, one mechanism per test, through the reducer and the verdict."""

from __future__ import annotations

import dataclasses
import random

import pytest

from adjudicator.errors import RuleViolation
from adjudicator.events import parse_event
from adjudicator.replay import check_log, replay_log, state_at
from adjudicator.rules import apply, expecting, is_legal, legal_moves
from adjudicator.simulate import play_game
from adjudicator.state import GameState
from adjudicator.store.records import RecordCollector
from tests.adjudicator.helpers import KITCHEN, card, game, hit, log, rnd, stay, target


def only_violation(text: str) -> tuple[str, str, int, str]:
    verdict = check_log(text)
    assert len(verdict.violations) == 1, verdict.violations
    v = verdict.violations[0]
    return v.code, v.rule, v.event, v.message


def players(text: str) -> dict:
    return check_log(text).to_dict()["rounds"][-1]["players"]


def test_contract_example_scores() -> None:
    verdict = check_log(KITCHEN).to_dict()
    assert verdict["valid"] and verdict["totals"] == {"Ana": 22, "Ben": 8, "Cem": 12}
    assert verdict["rounds"][0]["players"]["Ben"] == {"outcome": "frozen", "score": 8}


def test_deal_goes_left_of_dealer_and_ends_with_dealer() -> None:
    code, rule, event, message = only_violation(log(game(), rnd(1), card("Ana", "5")))
    assert (code, rule, event) == ("wrong_player", "deal.order", 2)
    assert "the deal has reached Ben" in message


def test_hit_during_the_deal_is_out_of_order() -> None:
    assert only_violation(log(game(), rnd(1), card("Ben", "5"), hit("Cem")))[:2] == ("out_of_order", "deal.order")


def test_card_without_hit_on_a_turn() -> None:
    text = log(game(), rnd(1), card("Ben", "5"), card("Cem", "6"), card("Ana", "7"), card("Ben", "8"))
    assert only_violation(text)[:2] == ("out_of_order", "turn.order")


def test_turns_start_left_of_dealer_and_skip_players_who_are_out() -> None:
    text = log(game(), rnd(1), card("Ben", "5"), card("Cem", "6"), card("Ana", "7"), stay("Ben"), hit("Ben"))
    code, rule, _, message = only_violation(text)
    assert (code, rule) == ("wrong_player", "turn.order") and "Cem's turn" in message


def test_stay_needs_a_card_in_front() -> None:
    text = log(game(), rnd(1), card("Ben", "freeze"), target("Ben", "freeze", "Cem"), card("Ana", "3"), stay("Ben"))
    assert only_violation(text)[:3] == ("stay_without_card", "turn.stay", 5)


def test_player_with_cards_may_stay_instead_of_the_deal_card() -> None:
    text = log(
        game(("Dana", "Eli", "Fay"), "Dana"), rnd(1), card("Eli", "flip_three"), target("Eli", "flip_three", "Fay"),
        card("Fay", "4"), card("Fay", "9"), card("Fay", "+2"), stay("Fay"), card("Dana", "11"),
        hit("Eli"), card("Eli", "7"), stay("Dana"), stay("Eli"),
    )
    assert {p: v["score"] for p, v in players(text).items()} == {"Dana": 11, "Eli": 7, "Fay": 15}


def test_freeze_cannot_go_to_a_player_who_stayed_and_message_says_who_could() -> None:
    text = log(
        game(), rnd(1), card("Ben", "5"), card("Cem", "6"), card("Ana", "7"),
        stay("Ben"), hit("Cem"), card("Cem", "freeze"), target("Cem", "freeze", "Ben"),
    )
    code, rule, event, message = only_violation(text)
    assert (code, rule, event) == ("illegal_target", "action.freeze", 8)
    assert message == "Freeze cannot go to Ben: Ben stayed on event 5 (line 6). Active players were: Ana, Cem."


def test_target_by_someone_else_and_for_the_wrong_card() -> None:
    base = [game(), rnd(1), card("Ben", "freeze")]
    assert only_violation(log(*base, target("Cem", "freeze", "Ana")))[:2] == ("wrong_player", "action.target")
    assert only_violation(log(*base, target("Ben", "flip_three", "Ana")))[:2] == ("illegal_target", "action.target")
    assert only_violation(log(*base, card("Cem", "3")))[:2] == ("out_of_order", "action.target")


def test_only_active_player_must_take_their_own_freeze() -> None:
    text = log(
        game(), rnd(1), card("Ben", "5"), card("Cem", "6"), card("Ana", "7"),
        stay("Ben"), stay("Cem"), hit("Ana"), card("Ana", "freeze"),
    )
    state = state_at(text, 8).state  # after the last event
    assert [m.target for m in legal_moves(state)] == ["Ana"]
    assert only_violation(log(*text.splitlines(), target("Ana", "freeze", "Ben")))[:2] == ("illegal_target", "action.freeze")


def test_second_chance_cancels_a_duplicate_on_a_hit_and_ends_the_turn() -> None:
    text = log(
        game(), rnd(1), card("Ben", "second_chance"), card("Cem", "6"), card("Ana", "7"),
        hit("Ben"), card("Ben", "9"), hit("Cem"), card("Cem", "10"), hit("Ana"), card("Ana", "11"),
        hit("Ben"), card("Ben", "9"), hit("Cem"),
    )
    verdict = check_log(text)
    assert verdict.valid
    state = state_at(text, 12).state
    assert state.rows[1].numbers == ["9"] and not state.rows[1].second_chance and state.rows[1].status == "active"
    assert state.discard_pile == {"9": 1, "second_chance": 1}


def test_extra_second_chance_is_passed_or_silently_discarded() -> None:
    # Cem and Ana stayed, so nobody active lacks one: Ben's extra is discarded with no event
    text = log(game(), rnd(1), card("Ben", "second_chance"), card("Cem", "second_chance"), card("Ana", "5"),
               hit("Ben"), card("Ben", "7"), stay("Cem"), stay("Ana"), hit("Ben"), card("Ben", "second_chance"))
    state = state_at(text, 10).state
    assert expecting(state).kind == "turn" and state.discard_pile == {"second_chance": 1}
    text = log(game(), rnd(1), card("Ben", "second_chance"), card("Cem", "5"), card("Ana", "6"), hit("Ben"), card("Ben", "second_chance"))
    moves = legal_moves(state_at(text, 6).state)
    assert [(m.type, m.target) for m in moves] == [("target", "Ana"), ("target", "Cem")]
    code, rule, _, message = only_violation(log(*text.splitlines(), target("Ben", "second_chance", "Ben")))
    assert (code, rule) == ("illegal_target", "action.second-chance") and "pass the extra one on" in message


def flip_three_chain(**options) -> list:
    # Ana deals; Ben's deal card is a Flip Three for Cem, who reveals Freeze, 5, Flip Three.
    return [
        game(**options), rnd(1), card("Ben", "flip_three"), target("Ben", "flip_three", "Cem"),
        card("Cem", "freeze"), card("Cem", "5"), card("Cem", "flip_three"),
    ]


def test_set_aside_actions_are_resolved_in_order_after_the_three_draws() -> None:
    text = log(*flip_three_chain(), target("Cem", "freeze", "Ana"), target("Cem", "flip_three", "Cem"),
               card("Cem", "6"), card("Cem", "7"), card("Cem", "8"))
    state = state_at(text, 11).state
    assert state.rows[0].status == "frozen" and state.rows[2].numbers == ["5", "6", "7", "8"]
    assert expecting(state).kind == "deal" and expecting(state).seat == 2  # the deal resumes after Ben: Cem


def test_current_edition_discards_set_aside_cards_of_a_busted_target() -> None:
    text = log(game(), rnd(1), card("Ben", "flip_three"), target("Ben", "flip_three", "Cem"),
               card("Cem", "freeze"), card("Cem", "5"), card("Cem", "5"))
    state = state_at(text, 6).state
    assert state.rows[2].status == "busted" and state.discard_pile == {"flip_three": 1, "freeze": 1}
    assert expecting(state).kind == "deal" and state.name(expecting(state).seat) == "Ana"


def test_first_edition_busted_target_still_hands_out_set_aside_cards() -> None:
    text = log(game(edition="first"), rnd(1), card("Ben", "flip_three"), target("Ben", "flip_three", "Cem"),
               card("Cem", "freeze"), card("Cem", "5"), card("Cem", "5"))
    exp = expecting(state_at(text, 6).state)
    assert (exp.kind, exp.card, exp.eligible) == ("target", "freeze", (0, 1))


def test_assign_first_names_every_recipient_then_resolves_and_drops_those_out_by_then() -> None:
    text = log(*flip_three_chain(delayed="assign_first"), target("Cem", "freeze", "Cem"), target("Cem", "flip_three", "Cem"))
    state = state_at(text, 8).state
    # Cem froze himself first, so the Flip Three named for him is discarded; the deal goes on with Ana
    assert state.rows[2].status == "frozen" and state.discard_pile.get("flip_three") == 2
    assert expecting(state).kind == "deal" and expecting(state).seat == 0


def test_in_turn_target_frozen_by_own_first_card_still_hands_out_the_rest() -> None:
    text = log(*flip_three_chain(), target("Cem", "freeze", "Cem"))
    exp = expecting(state_at(text, 7).state)
    assert (exp.kind, exp.seat, exp.card, exp.eligible) == ("target", 2, "flip_three", (0, 1))


def test_flip7_ends_the_round_and_others_are_in() -> None:
    events = [game(), rnd(1), card("Ben", "6"), card("Cem", "12"), card("Ana", "12"), hit("Ben"), card("Ben", "0"), stay("Cem")]
    for ben, ana in [("1", "11"), ("2", "9"), ("3", "10"), ("4", "8"), ("5", "7")]:
        events += [hit("Ana"), card("Ana", ana), hit("Ben"), card("Ben", ben)]
    verdict = check_log(log(*events)).to_dict()
    assert verdict["valid"], verdict["violations"]
    result = verdict["rounds"][0]["players"]
    assert result["Ben"] == {"outcome": "flip7", "score": 21 + 15}
    assert result["Cem"] == {"outcome": "stayed", "score": 12}
    assert result["Ana"] == {"outcome": "in", "score": 12 + 11 + 9 + 10 + 8 + 7}


def test_x2_doubles_numbers_only() -> None:
    text = log(game(), rnd(1), card("Ben", "x2"), card("Cem", "5"), card("Ana", "7"), hit("Ben"), card("Ben", "9"),
               stay("Cem"), hit("Ana"), card("Ana", "+4"), hit("Ben"), card("Ben", "+6"), stay("Ana"), stay("Ben"))
    assert {p: v["score"] for p, v in players(text).items()} == {"Ana": 11, "Ben": 24, "Cem": 5}


def test_a_card_of_which_no_copy_is_left_is_unavailable() -> None:
    text = log(game(), rnd(1), card("Ben", "1"), card("Cem", "6"), card("Ana", "7"), hit("Ben"), card("Ben", "1"))
    code, rule, _, message = only_violation(text)
    assert (code, rule) == ("card_unavailable", "deck.draw") and "no 1 is left" in message


def test_a_card_from_an_empty_draw_pile_without_a_shuffle_is_unavailable() -> None:
    # A simulated game (twelve players run through the deck) with its first shuffle left out.
    played = play_game("empty-pile", "threshold:30", random.Random(5), players=12)
    at = next(i for i, e in enumerate(played.events) if e.type == "shuffle")
    assert played.events[at + 1].type == "card"
    spoilt = dataclasses.replace(played, events=played.events[:at] + played.events[at + 1 :])
    code, rule, event, message = only_violation(spoilt.text())
    assert (code, rule, event) == ("card_unavailable", "deck.shuffle", at)
    assert "draw pile is empty" in message and "shuffle" in message


def test_shuffle_only_when_the_pile_is_empty() -> None:
    assert only_violation(log(game(), {"type": "shuffle"}))[:2] == ("out_of_order", "deck.shuffle")


def test_claims_are_not_fatal_and_replay_goes_on() -> None:
    text = KITCHEN.replace('"Ana": 22', '"Ana": 20') + log({"type": "end", "winner": "Ana"}, rnd(2), card("Cem", "3"))
    verdict = check_log(text)
    assert [(v.code, v.event) for v in verdict.violations] == [("score_mismatch", 12), ("game_not_over", 13)]
    assert verdict.rounds[-1].round == 2 and verdict.rounds[-1].dealer == "Ben"


def test_claim_for_unfinished_round_and_unknown_name_are_fatal() -> None:
    assert only_violation(log(game(), rnd(1), {"type": "score", "round": 1, "scores": {}}))[:2] == ("out_of_order", "claim.score")
    text = KITCHEN + log({"type": "score", "round": 1, "scores": {"Ana": 22, "Ben": 8, "Cem": 12, "Zed": 0}}, rnd(2))
    assert only_violation(text)[:2] == ("unknown_player", "setup.names")


def test_round_numbering_and_dealer_rotation() -> None:
    assert only_violation(KITCHEN + log(rnd(3)))[:2] == ("out_of_order", "round.start")
    assert only_violation(KITCHEN + log(rnd(2, dealer="Cem")))[:2] == ("out_of_order", "round.start")
    assert check_log(KITCHEN + log(rnd(2, dealer="Ben"))).valid


def test_game_must_come_first_and_once() -> None:
    assert only_violation(log(rnd(1)))[:2] == ("out_of_order", "setup.first")
    assert only_violation(log(game(), game()))[:2] == ("out_of_order", "setup.first")
    verdict = check_log(log(game(players=("A", "B")))).to_dict()
    assert verdict["game"] is None and verdict["rounds"] == [] and verdict["totals"] == {}


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": ["A", "B", "A"], "dealer": "A"}, "seated twice: A"),
        ({"dealer": "Zed"}, "not one of the players"),
        ({"players": [f"P{i}" for i in range(19)], "dealer": "P0"}, "at most 18 players"),
        ({"brutal": True}, "brutal"),
    ],
)
def test_malformed_game_events(options: dict, words: str) -> None:
    code, rule, event, message = only_violation(log({**game(), **options}))
    assert (code, rule, event) == ("bad_event", "setup.game", 0) and words in message


def test_two_decks_seat_36() -> None:
    names = tuple(f"P{i}" for i in range(36))
    assert check_log(log(game(names, "P0", decks=2), rnd(1), card("P1", "12"))).valid


def test_a_vengeance_game_is_judged_by_its_own_rules() -> None:
    verdict = check_log(log(game(ruleset="vengeance"), rnd(1), card("Ben", "13")))
    ben = verdict.rounds[0].players["Ben"]
    assert verdict.valid and (ben.outcome, ben.score) == ("playing", 13)


def test_tie_at_the_target_plays_on_and_rounds_option_ends_the_game() -> None:
    one_round = [rnd(1), card("Ben", "5"), card("Cem", "5"), card("Ana", "7"), stay("Ben"), stay("Cem"), stay("Ana")]
    verdict = check_log(log(game(target=5), *one_round))
    assert verdict.finished and verdict.winner == "Ana"  # Ben and Cem share 5, but Ana leads alone
    verdict = check_log(log(game(target=5), *one_round[:3], card("Ana", "5"), stay("Ben"), stay("Cem"), stay("Ana")))
    assert not verdict.finished and verdict.totals == {"Ana": 5, "Ben": 5, "Cem": 5}
    verdict = check_log(log(game(rounds=1), *one_round, {"type": "end", "winner": "Ana", "totals": {"Ana": 7, "Ben": 5, "Cem": 5}}))
    assert verdict.valid and verdict.finished and verdict.winner == "Ana"
    after = check_log(log(game(rounds=1), *one_round, rnd(2)))
    assert after.violations[0].rule == "game.over"


def test_refused_event_leaves_state_untouched_and_is_legal_agrees() -> None:
    state = GameState()
    apply(state, parse_event('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A"}'), 0)
    apply(state, parse_event('{"type":"round","round":1}'), 1)
    before = (dict(state.draw_pile), state.draw_size, [r.numbers[:] for r in state.rows])
    wrong = parse_event('{"type":"card","player":"C","card":"5"}')
    assert not is_legal(state, wrong)
    with pytest.raises(RuleViolation):
        apply(state, wrong, 2)
    assert before == (dict(state.draw_pile), state.draw_size, [r.numbers[:] for r in state.rows])
    for move in legal_moves(state):
        assert is_legal(state, move)


def test_state_at_stops_before_a_fatal_violation() -> None:
    text = log(game(), rnd(1), card("Ben", "5"), card("Ana", "6"), card("Cem", "6"))
    result = state_at(text, 4)
    assert result.stopped_by is not None and result.stopped_by.event == 3 and result.applied == 3
    assert result.state.rows[1].numbers == ["5"]


def test_records_measure_the_risk_of_each_hit() -> None:
    text = log(game(), rnd(1), card("Ben", "12"), card("Cem", "6"), card("Ana", "7"), hit("Ben"), card("Ben", "12"))
    collector = RecordCollector()
    records = collector.records(replay_log(text, observer=collector).state)
    (record,) = records.hits
    # 94 cards minus 3 dealt = 91 left, 11 of them twelves
    assert record.distinct_numbers == 1 and record.bust_probability == pytest.approx(11 / 91) and record.busted
    assert [(p.player, p.outcome, p.bust_card) for p in records.player_rounds if p.outcome == "busted"] == [("Ben", "busted", "12")]


def test_logged_events_keep_only_recipients_as_targets() -> None:
    c = replay_log(log(game(target=30), rnd(1), card("Ben", "freeze"), target("Ben", "freeze", "Cem")), collect=True).lines.columns()
    assert list(zip(c.type, c.player, c.card, c.target, strict=True)) == [
        ("game", None, None, None), ("round", None, None, None), ("card", "Ben", "freeze", None), ("target", "Ben", "freeze", "Cem"),
    ]


def test_target_while_a_card_is_owed_is_early() -> None:
    after_hit = log(game(), rnd(1), card("Ben", "5"), card("Cem", "6"), card("Ana", "7"), hit("Ben"), target("Ben", "freeze", "Cem"))
    assert only_violation(after_hit)[:2] == ("out_of_order", "turn.hit")
    in_flip_three = log(*flip_three_chain()[:5], target("Cem", "freeze", "Ana"))
    assert only_violation(in_flip_three)[:2] == ("out_of_order", "action.delayed")
