"""A ruleset's options model is the one definition of its options: a new kit with an option of
its own (the Ladder of ``test_third_ruleset`` with ``short``, a yes-or-no option, and ``rungs``, a
choice) gets it read strictly from the game line, refused in other rulesets' games, written and
read by the notation, listed in the log's JSON Schema, labelled by its mode and offered as a
``flip7 simulate`` flag, with no shared file changed."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import ClassVar, Literal

import pytest
import typer
from pydantic import Field
from typer.testing import CliRunner

from adjudicator.events import GameEvent
from adjudicator.notation import jsonl_to_notation, parse_notation
from adjudicator.replay import check_log, ruleset_label
from adjudicator.rulesets import Kit, event_json_schema, registered
from adjudicator.simulate import GameOptions, play_game
from adjudicator.state import Ruleset
from cli import simulate
from tests.adjudicator.rulesets.test_third_ruleset import Ladder


class LadderOptions(GameEvent):
    """The Ladder's game line: ``short`` and ``rungs`` besides the shared options."""

    short: bool = Field(False, description="a shorter ladder")
    rungs: Literal["all", "odd"] = Field("all", description="which rungs count")
    modes: ClassVar[tuple[str, ...]] = ("short",)


class OptionedLadder(Ladder):
    """The Ladder, with an options model of its own."""

    game_event = LadderOptions


@pytest.fixture
def ladder() -> Iterator[Ruleset]:
    with registered(Kit(rules=OptionedLadder())) as rules:
        yield rules


def _game(**options: object) -> str:
    return json.dumps({"type": "game", "id": "l", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana", **options})


def test_the_game_line_is_read_with_the_kits_model(ladder: Ruleset) -> None:
    verdict = check_log(_game(ruleset="ladder", short=True, rungs="odd") + "\n")
    assert verdict.violations == []
    wrong = check_log(_game(ruleset="ladder", rungs="even") + "\n").violations
    assert [(v.code, v.rule) for v in wrong] == [("bad_event", "setup.game")]
    assert "game option 'rungs'" in wrong[0].message and "'all' or 'odd'" in wrong[0].message


def test_other_rulesets_refuse_the_option(ladder: Ruleset) -> None:
    refused = check_log(_game(ruleset="vengeance", rungs="odd") + "\n").violations
    assert [(v.code, v.rule) for v in refused] == [("bad_event", "setup.game")]
    assert "'rungs' is not an option of the vengeance ruleset" in refused[0].message
    # and the Ladder refuses theirs, as the default check_options words it
    theirs = check_log(_game(ruleset="ladder", brutal=True) + "\n").violations
    assert "'brutal' is not an option of the ladder ruleset" in theirs[0].message
    # at its default another ruleset's option is no option at all
    assert check_log(_game(ruleset="ladder", brutal=False) + "\n").violations == []


def test_notation_schema_label_and_simulator_derive_from_it(ladder: Ruleset) -> None:
    line = _game(ruleset="ladder", short=True, rungs="odd")
    text = jsonl_to_notation([line])
    assert "short" in text and "rungs odd" in text
    back = parse_notation(text)
    assert back.errors == []
    event = next(entry.event for entry in back.entries if entry.event is not None)
    assert event.option_values() == {"short": True, "rungs": "odd"}  # type: ignore[union-attr]
    properties = event_json_schema()["$defs"]["GameEvent"]["properties"]
    assert properties["rungs"]["enum"] == ["all", "odd"] and "(ladder only)" in properties["short"]["description"]
    assert ruleset_label(json.loads(line)) == "ladder (short)"
    game = play_game("l", "threshold:20", random.Random(1), players=3, options=GameOptions(ruleset="ladder", rungs="odd"))
    assert game.events[0].option_values() == {"short": False, "rungs": "odd"}


def test_simulate_has_a_flag_per_option(ladder: Ruleset) -> None:
    app = typer.Typer()
    simulate.register(app)  # the flags are the registry's when the command is built
    runner = CliRunner()
    shown = runner.invoke(app, ["--help"], terminal_width=80)
    assert "--rungs" in shown.output and "--short" in shown.output
    done = runner.invoke(app, ["--ruleset", "ladder", "--short", "--rungs", "odd", "--players", "3", "--seed", "2"])
    assert done.exit_code == 0, done.output
    head = json.loads(done.output.splitlines()[0])
    assert (head["ruleset"], head["short"], head["rungs"]) == ("ladder", True, "odd")
    # a wrong choice is the command line's error, not a traceback
    assert runner.invoke(app, ["--ruleset", "ladder", "--rungs", "even"]).exit_code == 2
