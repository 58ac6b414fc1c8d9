"""`flip7 simulate`: play realistic games from a shuffled deck and write them as flip7-log/1 logs."""

from __future__ import annotations

import functools
import inspect
import json
import sys
import time
from enum import Enum, StrEnum
from pathlib import Path
from typing import Annotated, Any, get_args

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from adjudicator.rulesets import RULESETS
from adjudicator.simulate import (
    CLAIMS,
    DEFAULT_STRATEGIES,
    GameOptions,
    SimulationError,
    StrategyError,
)
from adjudicator.simulate import (
    simulate as simulate_games,
)
from adjudicator.simulate.play import MAX_ROUNDS
from cli.common import err_console, fail

#: The --claims choices: the simulator's own list.
Claims = Enum("Claims", [(c, c) for c in CLAIMS], type=str)  # type: ignore[misc]


def simulate(
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games to play.")] = 1,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats per game: 3–18 per deck.")] = 4,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the run; the same seed gives the same logs.")] = 0,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Folder to write <game-id>.jsonl into (created if missing). Without it the logs go to standard output, one after another."),
    ] = None,
    strategy: Annotated[
        str,
        typer.Option(
            "--strategy", metavar="LIST", show_default=False,
            help="Comma-separated strategies, one per seat, repeated around the table: threshold[:N], cautious[:P], random[:P], aware[:P], "
            f"each optionally @smart or @random targeting. Default: {DEFAULT_STRATEGIES.replace(',', ', ')} (without the spaces).",
        ),
    ] = DEFAULT_STRATEGIES,
    claims: Annotated[Claims, typer.Option("--claims", help="Score and end claims: right ones, deliberately wrong ones (for testing), or none.")] = Claims("right"),
    ruleset: Annotated[str, typer.Option("--ruleset", help=f"The ruleset: {' or '.join(RULESETS)}.")] = "flip7",
    target: Annotated[int, typer.Option("--target", min=1, help="Total that ends the game.")] = 200,
    rounds: Annotated[int | None, typer.Option("--rounds", min=1, help="Play exactly this many rounds instead of playing to the target.")] = None,
    decks: Annotated[int, typer.Option("--decks", min=1, help="Number of decks shuffled together (94 cards each; 108 in vengeance).")] = 1,
    id_prefix: Annotated[
        str,
        typer.Option("--id-prefix", help="Start of every game id: <prefix>-s<seed>-<settings hash>-<number>."),
    ] = "sim",
    unique_names: Annotated[
        bool,
        typer.Option("--unique-names", help="Seat players of its own in every game (Ana.3f9c01ab), as a platform's logs have them, instead of the same names in every game."),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON: without --out an array of the games (id, how each ended, its events); with --out what was written.")
    ] = False,
    **ruleset_options: Any,
) -> None:
    """Play games from a shuffled deck and write them as flip7-log/1 logs.

    Every move is checked by the same rules as `flip7 check`, so the logs are valid (except for
    claims made wrong on purpose with --claims wrong).
    """
    own = {name: value.value if isinstance(value, Enum) else value for name, value in ruleset_options.items()}
    rules = RULESETS.get(ruleset)
    if rules is not None and players > rules.players_per_deck * decks:  # said with this command's options
        needed = -(-players // rules.players_per_deck)
        fail(f"cannot simulate this game: {decks} deck(s) seat at most {rules.players_per_deck * decks} players; "
             f"--players {players} needs --decks {needed}.")
    options = GameOptions(ruleset=ruleset, target=target, rounds=rounds, decks=decks, **own)
    try:
        run = simulate_games(games, players, seed=seed, strategies=strategy, options=options, claims=claims.value, id_prefix=id_prefix, unique_names=unique_names)
    except (SimulationError, StrategyError) as exc:
        fail(str(exc))
    console = err_console()
    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    show_progress = games >= 2 and console.is_terminal
    if out is None:
        # the logs are the output: the bar takes over standard output only when both share the terminal
        with Progress(*columns, console=console, transient=True, disable=not show_progress, redirect_stdout=sys.stdout.isatty()) as progress:
            task = progress.add_task("games", total=games)
            for number, game in enumerate(run):
                if as_json:  # one array, written game by game (nothing kept)
                    item = json.dumps({**_ended(game), "events": [json.loads(line) for line in game.lines()]}, ensure_ascii=False)
                    sys.stdout.write(("[\n" if number == 0 else ",\n") + item)
                else:
                    sys.stdout.write(game.text())
                progress.advance(task)
        if as_json:
            sys.stdout.write("\n]\n")
        sys.stdout.flush()
        return
    if out.exists() and not out.is_dir():
        fail(f"{out} exists and is not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create the folder {out}: {exc.strerror or exc}")
    started = time.perf_counter()
    finished = stalled = 0
    written: list[dict[str, Any]] = []
    with Progress(*columns, console=console, transient=True, disable=not show_progress) as progress:
        task = progress.add_task("games", total=games)
        for game in run:
            path = out / f"{game.game_id}.jsonl"
            try:
                path.write_text(game.text(), encoding="utf-8", newline="\n")
            except OSError as exc:
                fail(f"cannot write {path}: {exc.strerror or exc}")
            finished += game.finished
            stalled += game.stalled
            if as_json:
                written.append({**_ended(game), "file": str(path)})
            progress.advance(task)
    seconds = time.perf_counter() - started
    extra = f", {stalled} stalled (no card left anywhere)" if stalled else ""
    capped = games - finished - stalled
    if capped and rounds is None:
        extra += f", {capped} stopped unfinished after {MAX_ROUNDS} rounds"
    if as_json:
        typer.echo(json.dumps({"folder": str(out), "games": written, "finished": finished, "stalled": stalled, "seconds": round(seconds, 3)}, ensure_ascii=False, indent=2))
        return
    console.print(f"wrote {games} log{'s' if games != 1 else ''} to {out} ({finished} finished{extra}) in {seconds:.1f} s", soft_wrap=True)


def _ended(game: Any) -> dict[str, Any]:
    """How a simulated game ended, for ``--json``: its id, finished or stalled, winner, totals, rounds."""
    return {"id": game.game_id, "finished": game.finished, "stalled": game.stalled, "winner": game.winner, "totals": game.totals, "rounds": game.rounds}


def _choices(option: str, choices: list[str]) -> type[StrEnum]:
    """The choices of an option's flag, as typer takes them (an enumeration)."""
    return StrEnum(option.title().replace("_", ""), {choice: choice for choice in choices})  # type: ignore[return-value]


def option_flags() -> list[inspect.Parameter]:
    """A flag for each registered ruleset's own game options, from its options model: a switch for a
    yes-or-no option (``--brutal``), a choice for the others (``--edition first``)."""
    flags: dict[str, inspect.Parameter] = {}
    for name, rules in RULESETS.items():
        for option, info in rules.game_event.options().items():
            if option in flags:
                continue
            flag = f"--{option.replace('_', '-')}"
            default = info.get_default(call_default_factory=True)
            described = f" {info.description[0].upper()}{info.description[1:]}." if info.description else ""
            text = f"Game option {option} ({name} only).{described}"
            kind: Any = bool
            value = default
            if info.annotation is not bool:  # a choice among the model's values
                choices = [str(choice) for choice in get_args(info.annotation)]
                kind = _choices(option, choices)
                value = kind(default)
            annotation = Annotated[kind, typer.Option(flag, help=text)]
            flags[option] = inspect.Parameter(option, inspect.Parameter.KEYWORD_ONLY, default=value, annotation=annotation)
    return list(flags.values())


def _command() -> Any:
    """``simulate`` with the rulesets' option flags in its signature (what typer reads)."""
    signature = inspect.signature(simulate, eval_str=True)
    fixed = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    names = {p.name for p in fixed}
    flags = [flag for flag in option_flags() if flag.name not in names]

    @functools.wraps(simulate)
    def command(**given: Any) -> None:
        simulate(**given)

    params = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in fixed]
    at = next(i for i, p in enumerate(params) if p.name == "target")  # the rulesets' options before --target
    parameters = [*params[:at], *flags, *params[at:]]
    command.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": None}
    return command


def register(app: typer.Typer) -> None:
    """Add `simulate` to the app."""
    app.command(name="simulate")(_command())
