"""Every value says how it was found: exact, or a look-ahead with the error measured for it, or a
search that reached the end of the draw pile (issue 31: the outputs never claim more than is known)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from adjudicator.rulesets.base.analysis import LOOK_AHEAD_ERROR
from adjudicator.rulesets.base.cards import deck_counts
from cli.main import app

runner = CliRunner()


def _position(rows: dict[str, list[str]], pile: dict[str, int], stayed: tuple[str, ...] = ()) -> str:
    """A position at Ben's turn whose draw pile is ``pile`` (every other card in the discard pile);
    the players in ``stayed`` have stayed."""
    discards = deck_counts()
    for row in rows.values():
        for card in row:
            discards[card] -= 1
    for card, copies in pile.items():
        discards[card] -= copies
    game = {"type": "game", "id": "labels", "players": ["Ada", "Ben", "Cy"], "dealer": "Ada"}
    start = {"type": "position", "round": 1, "dealer": "Ada", "players": {name: {"row": row} | ({"out": "stayed"} if name in stayed else {}) for name, row in rows.items()},
             "turn": "Ben", "discards": [card for card, n in discards.items() for _ in range(n)]}
    return json.dumps(game) + "\n" + json.dumps(start) + "\n"


EMPTY = {"Ada": [], "Ben": [], "Cy": []}
#: Ben alone (the others stayed) with the rest of the deck, Freeze and Flip Three his to take: too
#: large for advise's exact methods (the full deck without them is exact now: 22.2504034).
_REST = deck_counts()
_REST["5"] -= 1
_REST["3"] -= 1
ALONE_DECK = _position({"Ada": ["5"], "Ben": [], "Cy": ["3"]}, _REST, stayed=("Ada", "Cy"))
#: Ben holds 10 8 12 and the draw pile is one Second Chance.
LAST_CARD = _position({"Ada": ["5"], "Ben": ["10", "8", "12"], "Cy": ["3"]}, {"second_chance": 1})


def test_a_look_ahead_says_the_error_measured_for_it() -> None:
    bound = dict(LOOK_AHEAD_ERROR)[10_000]
    data = json.loads(runner.invoke(app, ["advise", "-", "--json"], input=ALONE_DECK).stdout)
    assert data["method"] == "look-ahead" and data["error_bound"] == bound and data["pile_end"] is False
    en = runner.invoke(app, ["advise", "-"], input=ALONE_DECK).stdout
    de = runner.invoke(app, ["advise", "-", "--lang", "de"], input=ALONE_DECK).stdout
    assert f"measured up to {bound:.1f} points off" in " ".join(en.split())
    assert f"bis zu {bound:.1f} Punkte daneben" in " ".join(de.split())
    assert "a few tenths" not in en and "einige Zehntel" not in de


def test_a_pile_that_runs_out_is_labelled_not_exact() -> None:
    data = json.loads(runner.invoke(app, ["advise", "-", "--json"], input=LAST_CARD).stdout)
    assert data["stay"] == 30.0 and data["method"] == "look-ahead" and data["pile_end"] is True
    assert data["error_bound"] is None  # what the reshuffle brings is not bounded
    en = " ".join(runner.invoke(app, ["advise", "-"], input=LAST_CARD).stdout.split())
    de = " ".join(runner.invoke(app, ["advise", "-", "--lang", "de"], input=LAST_CARD).stdout.split())
    assert "what the reshuffle after it would bring is left out (not exact)" in en
    assert "was das Mischen danach brächte, fehlt (nicht exakt)" in de


def test_analyze_marks_every_value_that_is_not_exact() -> None:
    game = open("logs/3-players.jsonl", encoding="utf-8").read()
    en = runner.invoke(app, ["analyze", "-", "--round", "1"], input=game, env={"COLUMNS": "80"})  # an 80-column terminal
    de = runner.invoke(app, ["analyze", "-", "--round", "1", "--lang", "de"], input=game, env={"COLUMNS": "80"})
    data = json.loads(runner.invoke(app, ["analyze", "-", "--round", "1", "--json"], input=game).stdout)
    ahead = [d for d in data["decisions"] if d["method"] == "look-ahead"]
    assert ahead and all(d["error_bound"] == dict(LOOK_AHEAD_ERROR)[3_000] for d in ahead)
    lines = [line for line in en.stdout.splitlines() if " R1 " in line]
    assert sum("≈" in line for line in lines) == len(ahead)
    assert "values: exact unless marked ≈ look-ahead (measured up to" in " ".join(en.stdout.split())
    assert "Werte: exakt, außer ≈ Vorausschau (gemessen bis" in " ".join(de.stdout.split())
    assert max(len(line) for line in (en.stdout + de.stdout).splitlines()) <= 80
