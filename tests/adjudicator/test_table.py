"""The table view (``adjudicator.table``): who deals, piles in deck order, who froze whom, cards
still owed, cards that still have to act, and the ruleset's own row fields."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from adjudicator.replay import state_at
from adjudicator.rules import find_ruleset
from adjudicator.rulesets import find_kit
from adjudicator.table import TablePlayer, TableView, table_view
from adjudicator.timeline import replay_timeline, table_at
from tests.adjudicator.helpers import card, game, hit, log, rnd

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def view(source: str | Path, at: int | None) -> TableView:
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    return table_view(state_at(text, at))


def own_fields(player: TablePlayer) -> dict[str, object]:
    """The fields a ruleset's row model adds to the shared ``TablePlayer``."""
    return player.model_dump(exclude=set(TablePlayer.model_fields))


def event_index(path: Path, event_type: str) -> int:
    """The index of the first event of ``event_type`` in a fixture (comment lines are no events)."""
    events = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
    return next(i for i, line in enumerate(events) if f'"type":"{event_type}"' in line.replace(" ", ""))


# --------------------------------------------------------------------------- dealer


def test_the_first_dealer_is_shown_before_round_1() -> None:
    table = view(log(game(dealer="Cem")), 0)
    assert (table.dealer, table.next_dealer, table.round) == ("Cem", "Cem", None)


def test_between_rounds_the_next_dealer_is_the_player_to_the_left() -> None:
    path = FIXTURES / "base" / "026-dealer-rotation-four-players.jsonl"
    during = view(path, 5)
    assert (during.round, during.dealer, during.next_dealer) == (1, "Cem", None)
    between = view(path, 9)  # round 1 dealt by Cem is over
    assert (between.round, between.dealer, between.next_dealer) == (None, "Cem", "Dev")


# --------------------------------------------------------------------------- piles


def test_piles_are_in_the_deck_order_after_a_shuffle() -> None:
    path = FIXTURES / "base" / "032-mid-round-reshuffle.jsonl"
    table = view(path, event_index(path, "shuffle"))
    order = find_kit("flip7").view.card_order(find_ruleset("flip7"))
    assert table.draw_pile and list(table.draw_pile) == sorted(table.draw_pile, key=order.index)
    # the discards came in the order they were laid down (a Flip Three first), the view sorts them
    assert list(table.draw_pile) == ["2", "5", "6", "7", "8", "9", "10", "11", "12", "+2", "+4", "+6", "+8", "+10", "x2", "freeze", "flip_three", "second_chance"]


def test_the_vengeance_pile_puts_the_special_numbers_beside_their_value() -> None:
    table = view(log(game(ruleset="vengeance")), 0)
    pile = list(table.draw_pile or {})
    assert pile[:2] == ["0", "1"]
    assert pile.index("unlucky_7") == pile.index("7") + 1 and pile.index("lucky_13") == pile.index("13") + 1
    assert pile.index("/2") == pile.index("lucky_13") + 1 and pile[-1] == "discard"


# --------------------------------------------------------------------------- Freeze


def test_frozen_by_names_who_froze_the_player_and_the_freeze_is_no_modifier() -> None:
    table = view(FIXTURES / "base" / "001-spec-example.jsonl", 7)
    ben = table.players[1]
    assert ben.status == "frozen" and own_fields(ben) == {"second_chance": False, "frozen_by": "Cem"}
    assert ben.modifiers == [] and ben.notes == ["frozen by Cem's Freeze"]
    assert own_fields(table.players[0]) == {"second_chance": False, "frozen_by": None}


def test_a_player_who_froze_themselves() -> None:
    table = view(FIXTURES / "base" / "016-self-freeze-still-hands-out.jsonl", 11)
    assert table.players[2].notes == ["frozen by their own Freeze"]


def test_a_held_second_chance_is_a_note_and_a_field() -> None:
    table = view(log(game(), rnd(1), card("Ben", "second_chance")), 2)
    assert table.players[1].notes == ["holds a Second Chance"] and own_fields(table.players[1]) == {"second_chance": True, "frozen_by": None}


def test_the_shared_row_model_has_no_base_game_fields() -> None:
    assert not {"second_chance", "frozen_by", "holds_the_zero"} & set(TablePlayer.model_fields)


# --------------------------------------------------------------------------- cards owed, pending cards


def test_cards_still_owed_during_a_flip_three() -> None:
    path = FIXTURES / "base" / "014-set-aside-freeze-then-flip-three.jsonl"
    owed = [[(o.player, o.cards, o.reason) for o in view(path, at).cards_owed or []] for at in (7, 8, 9, 10)]
    assert owed == [
        [("Cem", 3, "for a Flip Three")],
        [("Cem", 2, "for a Flip Three")],
        [("Cem", 1, "for a Flip Three")],
        [],  # the three cards are in; the set-aside Freeze waits for its target
    ]
    after_hit = view(log(game(), rnd(1), card("Ben", "5"), card("Cem", "6"), card("Ana", "7"), hit("Ben")), 5)
    assert [(o.player, o.cards, o.reason) for o in after_hit.cards_owed or []] == [("Ben", 1, "after their hit")]


def test_set_aside_cards_of_a_flip_three_are_pending() -> None:
    path = FIXTURES / "base" / "014-set-aside-freeze-then-flip-three.jsonl"
    during = view(path, 8)
    assert [(p.card, p.holder, p.set_aside, p.may_go_to) for p in during.pending or []] == [("freeze", "Cem", True, ["Ana", "Ben", "Cem"])]
    resolving = view(path, 10)
    assert [(p.card, p.set_aside) for p in resolving.pending or []] == [("freeze", False), ("flip_three", True)]


def test_assign_first_set_aside_card_reaches_only_its_named_recipient() -> None:
    path = FIXTURES / "base" / "019-assign-first-recipient-out-discarded.jsonl"
    naming = view(path, 10)  # Cem names a recipient for the first set-aside card
    assert [(p.card, p.set_aside) for p in naming.pending or []] == [("flip_three", False), ("freeze", True)]
    named = view(path, 12)  # both named, to Ana; the Flip Three acts on Ana first
    assert [(p.card, p.may_go_to) for p in named.pending or []] == [("freeze", ["Ana"])]


def test_vengeance_set_aside_cards_say_whom_they_may_reach() -> None:
    path = FIXTURES / "vengeance" / "008-flip-four-set-aside-in-order.jsonl"
    table = view(path, 9)
    assert [(o.player, o.cards, o.reason) for o in table.cards_owed or []] == [("Cem", 2, "for a Flip Four")]
    assert [(p.card, p.holder, p.set_aside, p.may_go_to) for p in table.pending or []] == [("-2", "Cem", True, ["Ana", "Ben", "Cem"])]
    steal = view(path, 12)
    assert [(p.card, p.set_aside, p.may_go_to) for p in steal.pending or []] == [("steal", False, ["Ana", "Ben"])]


# --------------------------------------------------------------------------- With a Vengeance rows


def test_vengeance_rows_say_who_holds_the_zero() -> None:
    path = FIXTURES / "vengeance" / "021-zero-stolen-holder-changes.jsonl"
    before, after = view(path, 8), view(path, 9)  # Cem steals Ben's Zero on event 9
    assert own_fields(before.players[1]) == {"holds_the_zero": True} and before.players[1].notes == ["The Zero: must hit"]
    assert own_fields(after.players[1]) == {"holds_the_zero": False} and after.players[1].notes == []
    assert after.players[2].numbers == ["8", "0"] and after.players[2].notes == ["The Zero: must hit"]


def test_vengeance_statuses_have_no_freeze() -> None:
    legend = find_kit("vengeance").view.status_legend()
    assert "frozen" not in legend and "actions and modifiers still reach them" in legend["stayed"]
    assert "frozen" in find_kit("flip7").view.status_legend()


def test_a_card_the_deck_order_does_not_name_comes_last_and_empty_entries_are_left_out() -> None:
    from adjudicator.table import _in_deck_order

    pile = {"joker": 1, "second_chance": 1, "5": 2, "0": 0}
    assert list(_in_deck_order(find_ruleset("flip7"), pile).items()) == [("5", 2), ("second_chance", 1), ("joker", 1)]


# --------------------------------------------------------------------------- the JSON, pinned

#: Fixtures whose every table is pinned (by digest): a Freeze, Second Chances, Flip Three's set-aside
#: and assign-first cards, a Flip Four's set-aside cards, The Zero changing hands, Brutal mode.
PINNED = (
    "base/001-spec-example.jsonl", "base/008-second-chance-saves-on-hit.jsonl", "base/014-set-aside-freeze-then-flip-three.jsonl",
    "base/020-assign-first-nested.jsonl", "vengeance/008-flip-four-set-aside-in-order.jsonl",
    "vengeance/021-zero-stolen-holder-changes.jsonl", "vengeance/039-brutal-flip7-plus-15.jsonl",
)


def test_every_table_of_the_pinned_fixtures_gives_the_same_json(snapshot) -> None:
    """The table view's JSON (keys, their order, values) after every event, as a digest per table;
    ``test_the_table_json_at_telling_moments`` shows the whole JSON where a digest would hide it."""
    digests = {}
    for name in PINNED:
        tables = replay_timeline((FIXTURES / name).read_text(encoding="utf-8")).to_dict()["tables"]
        digests[name] = [hashlib.sha256(json.dumps(t).encode()).hexdigest()[:16] for t in tables]
    assert digests == snapshot


@pytest.mark.parametrize(
    ("name", "at"),
    [("base/001-spec-example.jsonl", 7), ("base/020-assign-first-nested.jsonl", 10), ("vengeance/021-zero-stolen-holder-changes.jsonl", 8),
     ("vengeance/008-flip-four-set-aside-in-order.jsonl", 10), ("vengeance/039-brutal-flip7-plus-15.jsonl", 18)],
)
def test_the_table_json_at_telling_moments(name: str, at: int, snapshot) -> None:
    assert json.loads(json.dumps(table_at((FIXTURES / name).read_text(encoding="utf-8"), at).to_dict())) == snapshot


def test_a_table_view_read_back_from_its_json_keeps_each_rulesets_row_model() -> None:
    for name, at in (("base/001-spec-example.jsonl", 7), ("vengeance/021-zero-stolen-holder-changes.jsonl", 8)):
        table = table_at((FIXTURES / name).read_text(encoding="utf-8"), at)
        again = TableView.model_validate(table.to_dict())
        assert [type(p) for p in again.players] == [type(p) for p in table.players] != [TablePlayer] * len(table.players)
        assert again.to_dict() == table.to_dict()


# --------------------------------------------------------------------------- the pages' sentences (issue 29)


def told(source: str | Path, at: int, lang: str = "en") -> dict[str, object]:
    """The sentences of the table after event ``at``, as the timeline tells them in ``lang``."""
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    return replay_timeline(text, langs=(lang,)).to_dict()["tables"][at]["told"][lang]


def test_a_table_is_told_only_when_a_language_is_asked() -> None:
    text = (FIXTURES / "base/001-spec-example.jsonl").read_text(encoding="utf-8")
    assert "told" not in table_at(text, 7).to_dict() and "told" not in replay_timeline(text).to_dict()["tables"][7]
    both = replay_timeline(text, langs=("en", "de")).to_dict()
    assert list(both["tables"][7]["told"]) == ["en", "de"] and list(both["events"][7]["told"]) == ["en", "de"]


@pytest.mark.parametrize(
    ("lang", "why", "status", "event"),
    [("en", "frozen by Cem's Freeze (event 4)", "frozen", "Cem gives Freeze to Ben"),
     ("de", "von Cem eingefroren (Freeze) (Ereignis 4)", "eingefroren", "Cem gibt Freeze an Ben")],
)
def test_who_froze_whom_is_told_by_the_base_kit_in_both_languages(lang: str, why: str, status: str, event: str) -> None:
    said = told(FIXTURES / "base/001-spec-example.jsonl", 7, lang)
    ben = said["seats"][1]  # type: ignore[index]
    assert (ben["why"], ben["status"]) == (why, status) and "notes" not in ben  # the note would repeat the why
    assert told(FIXTURES / "base/001-spec-example.jsonl", 4, lang)["event"] == event
    waiting = {"en": "it is Ana's turn to hit or stay", "de": "Ana ist dran: „noch eine“ oder „Stopp“"}[lang]
    assert said["waiting"] == waiting  # the "next" line: in English the engine's own description
    assert said["cards"]["freeze"] == {"label": "Freeze", "kind": "action", "kind_label": "action" if lang == "en" else "Aktion"}  # type: ignore[index]


def test_the_score_is_worked_out_in_words_with_the_modifiers() -> None:
    said = told(FIXTURES / "base/001-spec-example.jsonl", 10)
    ana = said["seats"][0]  # type: ignore[index]
    assert ana["score"] == "11 × 2 = 22"  # Ana: x2, then an 11
    bust = told(log(game(), rnd(1), card("Ben", "5"), card("Cem", "6"), card("Ana", "7"), hit("Ben"), card("Ben", "5")), 6, "de")
    assert bust["seats"][1] == {"status": "verzockt", "why": "verzockt: eine zweite 5 (Ereignis 6)", "score": "verzockt: 0"}  # type: ignore[index]
    assert bust["event"] == "5 an Ben: Ben hat sich verzockt"


def test_a_held_second_chance_is_told_and_drawn_as_a_held_card() -> None:
    text = log(game(), rnd(1), card("Ben", "second_chance"))
    said = told(text, 2, "de")
    assert said["seats"][1] == {"notes": ["hält eine Second Chance"]}  # type: ignore[index]
    assert view(text, 2).players[1].held == ["second_chance"] and said["cards"]["second_chance"]["kind"] == "action"  # type: ignore[index]


def test_vengeance_tells_its_own_verbs_and_score_steps() -> None:
    text = (FIXTURES / "vengeance/021-zero-stolen-holder-changes.jsonl").read_text(encoding="utf-8")
    timeline = replay_timeline(text, langs=("en", "de")).to_dict()
    verbs = [e["told"] for e in timeline["events"] if e["type"] == "target"]
    assert any(" steals " in said["en"] and " weg" in said["de"] for said in verbs), verbs
    assert all("gives Steal" not in said["en"] for said in verbs)  # a card taken is told by what it did
    four = replay_timeline((FIXTURES.parent / "logs" / "vengeance-4-players.jsonl").read_bytes(), langs=("en",)).to_dict()
    kinds = {card: told["kind"] for table in four["tables"] for card, told in table["told"]["en"]["cards"].items()}
    assert (kinds["-6"], kinds["unlucky_7"], kinds["13"]) == ("modifier", "number", "number")  # a special number is a number
    assert "Cem swaps Ana's 11 with Ben's 12" in [e["told"]["en"] for e in four["events"]]
    zero = [s["score"] for t in timeline["tables"] for s in t["told"]["de"]["seats"] if "The Zero ohne Flip 7" in s.get("score", "")]
    assert zero, "The Zero's step told in German"


def test_the_told_tables_of_the_pinned_fixtures(snapshot) -> None:
    """Every sentence the pages show for a base and a Vengeance game, in both languages."""
    shown = {}
    for name in ("base/001-spec-example.jsonl", "vengeance/021-zero-stolen-holder-changes.jsonl"):
        timeline = replay_timeline((FIXTURES / name).read_text(encoding="utf-8"), langs=("en", "de")).to_dict()
        shown[name] = {"events": [e["told"] for e in timeline["events"]], "tables": [t["told"] for t in timeline["tables"]]}
    assert shown["base/001-spec-example.jsonl"]["events"][4]["en"] == "Cem gives Freeze to Ben"
    assert shown == snapshot


# --------------------------------------------------------------------------- a ruleset of the tests' own


def test_a_test_only_ruleset_tells_its_own_cards_status_option_and_mode() -> None:
    from adjudicator.rulesets import registered
    from tests.adjudicator.rulesets.meadow import KIT, log_text

    with registered(KIT):
        timeline = replay_timeline(log_text(), langs=("en", "de")).to_dict()
    assert timeline["verdict"]["valid"], timeline["verdict"]["violations"]
    events = [e["told"] for e in timeline["events"]]
    assert events[10] == {"en": "Ben pokes 8 out of Ana's row", "de": "Ben stupst 8 aus der Reihe von Ana"}
    cem = timeline["tables"][14]["told"]
    assert cem["en"]["seats"][2] == {"status": "napping", "why": "sent to sleep by Ben's Nap (event 5)", "notes": ["snores softly"], "score": "5 + 5 (sunshine) → 10"}
    assert cem["de"]["seats"][2]["why"] == "von Ben schlafen geschickt (Nap) (Ereignis 5)"
    assert cem["de"]["cards"]["nap"] == {"label": "Nap", "kind": "action", "kind_label": "Aktion"}
    table = timeline["tables"][14]
    assert table["ruleset_mode"] == "sunny" and table["players"][2]["held"] == ["nap"]
