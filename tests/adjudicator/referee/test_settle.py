"""`settle` and `explain`: the settlement's shape, the ruling's reasons, the language, the range checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.errors import EventOutOfRange
from adjudicator.referee import EXPLANATION_FORMAT, SETTLEMENT_FORMAT, explain, settle

FROZEN_THEN_HIT = "players Ana Ben Cem; dealer Ana\nround 1\nBen 8\nCem freeze>Ben\nBen hit\n"


def test_the_settlement_holds_the_contract_verdict_and_the_ruling() -> None:
    result = settle(FROZEN_THEN_HIT)
    assert result["format"] == SETTLEMENT_FORMAT and result["input"] == "notation"
    assert set(result["verdict"]) == {"format", "game", "valid", "events", "violations", "rounds", "totals", "finished", "winner"}
    [violation] = result["ruling"]["violations"]
    assert (violation["event"], violation["line"], violation["code"]) == (5, 5, "out_of_order")
    assert "Ben was frozen by Cem on event 4 (line 4)" in violation["facts"]
    assert violation["legal_instead"] == ["any card still in the draw pile for Ana"]
    ben = result["ruling"]["players"][1]
    assert (ben["name"], ben["outcome"], ben["score"], ben["why"]) == ("Ben", "frozen", 8, "Ben was frozen by Cem on event 4 (line 4)")


def test_german_ruling_in_kosmos_words() -> None:
    result = settle(FROZEN_THEN_HIT, "de")
    [violation] = result["ruling"]["violations"]
    assert violation["message"].startswith("„Noch eine“ von Ben ist jetzt nicht erlaubt.")
    assert "Ben wurde bei Ereignis 4 (Zeile 4) von Cem eingefroren (Freeze)" in violation["message"]
    assert result["verdict"]["violations"][0]["message"] == violation["message"]
    assert result["ruling"]["players"][1]["outcome_text"] == "eingefroren"


def test_a_score_claim_refused_because_a_second_chance_saved_the_player_says_so() -> None:
    log = (
        "players Ana Ben Cem; dealer Ana\nround 1\nBen 5; Cem 3; Ana 9\nBen hit sc\nCem stay; Ana stay\n"
        "Ben hit 7\nBen hit 5\nBen stay\nscore 1 Ana 9 Ben 0 Cem 3\n"
    )
    result = settle(log)
    [violation] = result["ruling"]["violations"]
    assert violation["code"] == "score_mismatch"
    assert "Ben's Second Chance cancelled a second 5 on event 12 (line 7)" in violation["facts"]
    assert "Ben: 5 + 7 = 12" in violation["facts"]
    ben = result["ruling"]["players"][1]
    assert ben["saves"] and "second_chance_saves" not in ben  # a ruleset-neutral name (docs/decisions.md)
    german = settle(log, "de")["ruling"]["violations"][0]["message"]
    assert "Ben hat 12, nicht 0" in german and "die Second Chance von Ben hat bei Ereignis 12 (Zeile 7) eine zweite 5 aufgehoben" in german


def test_explain_one_round_or_up_to_an_event() -> None:
    log = "players Ana Ben Cem; dealer Ana\nround 1\nBen 5; Cem 3; Ana 9\nBen stay; Cem stay; Ana stay\nround 2\nCem 4\n"
    assert explain(log)["format"] == EXPLANATION_FORMAT
    assert {e["round"] for e in explain(log, round_no=2)["events"]} == {2}
    upto = explain(log, at=5)
    assert [e["event"] for e in upto["events"]] == [0, 1, 2, 3, 4, 5]
    assert [p["why"] for p in upto["players"]] == ["Ana is still in", "Ben stayed on event 5 (line 4)", "Cem is still in"]
    with pytest.raises(EventOutOfRange):
        explain(log, at=99)


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        settle(FROZEN_THEN_HIT, "fr")


def test_a_set_aside_card_written_as_drawn_again_gets_the_notation_hint() -> None:
    log = "players Tom Lea Mia; dealer Mia\nround 1\nTom 4; Lea 7; Mia 2\nTom hit flip_three>Lea\nLea freeze 5 6\nLea freeze>Tom\n"
    [violation] = settle(log)["ruling"]["violations"]
    assert violation["code"] == "out_of_order"
    assert "write 'Lea gives freeze>NAME' in the notation" in " ".join(violation["facts"])
    assert "Lea gives freeze>Tom" in violation["legal_instead"]
    assert "„Lea gibt freeze>NAME“" in " ".join(settle(log, "de")["ruling"]["violations"][0]["facts"])


def test_an_unlucky_7_that_clears_a_row_is_told_with_the_cards_it_threw_out() -> None:
    log = (Path(__file__).parents[3] / "fixtures" / "vengeance" / "012-unlucky-7-wipes-modifier.jsonl").read_text(encoding="utf-8")
    [english] = [e["text"] for e in explain(log)["events"] if e["event"] == 12]
    assert "The Unlucky 7 clears the rest of Ben's row: a 7, a 3 and the -2 go to the discard pile." in english
    [german] = [e["text"] for e in explain(log, lang="de")["events"] if e["event"] == 12]
    assert "Unlucky 7 räumt den Rest der Reihe von Ben ab: eine 7, eine 3 und -2 kommen auf den Ablagestapel." in german
    # an Unlucky 7 reaching an empty row clears nothing, and nothing is said of it
    first = "players Ana Ben Cem; dealer Ana; ruleset vengeance\nround 1\nBen 5; Cem 3; Ana unlucky_7\n"
    told = [line for e in explain(first)["events"] for line in e["text"]]
    assert "Ana is dealt the Unlucky 7." in told and not any("clears" in line for line in told)
