"""Issue 23, item 13: the did-you-mean work is bounded, whatever the names' length and number."""

from __future__ import annotations

import json

from adjudicator.nearest import MAX_CHARS, MAX_CHOICES, nearest
from adjudicator.replay import check_log


def test_a_close_name_is_still_suggested() -> None:
    assert nearest("Anna", ["Ana", "Ben", "Cem"]) == "Ana"
    assert nearest("Zed", ["Ana", "Ben"]) is None


def test_long_names_are_compared_by_their_ends_only() -> None:
    names = [f"{i:03d}" + "x" * 197 for i in range(150)]
    assert nearest("007" + "x" * 500 + "y", names) == names[7]  # whole names come back


def test_long_names_that_differ_only_at_their_ends_are_told_apart() -> None:
    """Before, only the first 40 characters were compared: every name below was the same to it
    and the hint named the first player, whatever was meant."""
    names = ["n" * 190 + f"{i:03d}" for i in range(150)]
    hint = nearest("n" * 190 + "077", names)
    assert hint == names[77]


def test_only_the_first_choices_are_compared() -> None:
    names = [f"p{i}" for i in range(MAX_CHOICES)] + ["Wanted"]
    assert nearest("Wanted", names) is None  # past the bound: no hint, but no cost either
    assert len("x" * MAX_CHARS) == MAX_CHARS


def test_the_probes_check_log_gives_a_verdict_with_a_hint() -> None:
    """150 long names and one unknown one (the 30 KB body that froze the server)."""
    players = [f"{i:03d}" + "n" * 190 for i in range(150)]
    game = {"type": "game", "id": "g", "players": players, "dealer": players[0], "decks": 10}
    unknown = "000" + "n" * 189 + "X"
    text = json.dumps(game) + "\n" + '{"type":"round","round":1}\n' + json.dumps({"type": "card", "player": unknown, "card": "8"}) + "\n"
    violation = check_log(text).to_dict()["violations"][0]
    assert violation["code"] == "unknown_player"
    assert "was probably meant" in violation["message"]
