"""`flip7 record`: record a game as it is played, typing the table notation line by line.

Each line is judged as soon as it is entered: kept (its events appended to the log file at once,
flushed and synced, so a crash loses nothing) or refused with the reason `flip7 check` would give.
`undo` forgets the last event; `show` prints the table; `help` lists the commands; an empty line
or Ctrl-D ends. Re-running on the same file carries on where it stopped.
"""

from __future__ import annotations

import json
import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from adjudicator.errors import Flip7Error, RuleViolation
from adjudicator.live.record import Recorder
from adjudicator.messages import glossary
from cli.check import EXIT_VALID, EXIT_VIOLATIONS
from cli.common import describe_os_error, fail

COMMANDS = {"undo", "show", "help", "quit", "log"}
HELP = (
    "Type the notation (docs/notation.md), one line at a time: 'game kitchen; players Ana Ben Cem; dealer Ana',\n"
    "'round 1', 'Ben 8', 'Cem freeze>Ben', 'Cem hit 12', 'Ana stay'. Commands: undo (forget the last event),\n"
    "show (the table), log (the last events), help, quit (or Ctrl-D)."
)
_DE = glossary("de")
#: The frame around what the recorder says (what is owed and the refusals come in the language from it).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "help": HELP, "carrying_on": "carrying on {log} ({n} events)", "recording": "recording to {log}", "setup": "Start with the setup line.",
        "commands": "(help: commands)", "next": "next", "nothing_to_undo": "nothing to undo", "undone": "undone", "refused": "refused",
        "kept_none": "kept nothing", "kept_one": "kept event {first}", "kept_many": "kept events {first}-{last}",
        "row": "  {player}{status}: {cards}  round {round}, game {total}",
    },
    "de": {
        "help": (
            "Die Notation eingeben (docs/notation.md), eine Zeile nach der anderen: 'spiel küche; spieler Ana Ben Cem; geber Ana',\n"
            "'runde 1', 'Ben 8', 'Cem gibt freeze>Ben', 'Cem noch eine 12', 'Ana stopp'. Befehle: undo (das letzte Ereignis vergessen),\n"
            "show (der Tisch), log (die letzten Ereignisse), help, quit (oder Strg-D)."
        ),
        "carrying_on": "{log} wird fortgesetzt ({n} Ereignisse)", "recording": "Aufnahme in {log}", "setup": "Zuerst die Zeile mit der Vorbereitung.",
        "commands": "(help: Befehle)", "next": _DE["next"], "nothing_to_undo": "nichts zurückzunehmen", "undone": "zurückgenommen",
        "refused": "abgelehnt", "kept_none": "nichts behalten", "kept_one": _DE["event"] + " {first} behalten",
        "kept_many": _DE["events"] + " {first}-{last} behalten",
        "row": "  {player}{status}: {cards}  " + _DE["round"] + " {round}, " + _DE["game"] + " {total}",
    },
}


class Lang(StrEnum):
    en = "en"
    de = "de"


class LogFile:
    """The log being written: every kept event is appended, flushed and synced before the next prompt."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> list[str]:
        """The event lines already in the file (none if it does not exist)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        return [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]

    def append(self, lines: list[str]) -> None:
        """Add ``lines`` at the end, durably."""
        with self.path.open("a", encoding="utf-8") as out:
            out.write("".join(f"{line}\n" for line in lines))
            out.flush()
            os.fsync(out.fileno())

    def rewrite(self, lines: list[str]) -> None:
        """Replace the file by ``lines`` at once (an undo): written aside, then moved over it."""
        aside = self.path.with_name(self.path.name + ".tmp")
        with aside.open("w", encoding="utf-8") as out:
            out.write("".join(f"{line}\n" for line in lines))
            out.flush()
            os.fsync(out.fileno())
        os.replace(aside, self.path)


def _say(payload: dict[str, Any], text: str, as_json: bool) -> None:
    typer.echo(json.dumps(payload, ensure_ascii=False) if as_json else text)


def _table_text(recorder: Recorder, lang: str = "en") -> str:
    from adjudicator.table import describe_table

    view = describe_table(recorder.table.state, len(recorder.lines), None)
    rules = recorder.table.state.rules
    words = glossary(lang, *([rules.messages] if rules is not None else []))  # a status in the game's words
    rows = []
    for p in view.players:
        cards = " ".join([*p.numbers, *p.modifiers]) or "-"
        status = f" ({words.get(p.status, p.status)})" if p.status and p.status != "active" else ""
        score = p.round_score if p.round_score is not None else "-"
        rows.append(WORDS[lang]["row"].format(player=p.name, status=status, cards=cards, round=score, total=p.total))
    return "\n".join(rows)


def record(
    log: Annotated[Path, typer.Argument(help="The log to write (JSON Lines). An existing log is carried on.", metavar="LOG")],
    lang: Annotated[Lang, typer.Option("--lang", help="Language of the refusals and of what is owed.")] = Lang.en,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line entered, for machines.")] = False,
) -> None:
    """Record a game line by line in the table notation; each line is judged as it is typed.

    A legal line is written to LOG at once (a crash loses nothing); an illegal one is refused with its rule and reason and not written. Commands: undo, show, log, help, quit. Exit code 0: every line entered was kept; 1: some line was refused (as flip7 check for a log with violations); 2: LOG cannot be read or written, or holds a refused event.
    """
    file = LogFile(log)
    try:
        existing = file.read()
        recorder = Recorder(existing, lang=lang.value)
    except OSError as exc:
        fail(describe_os_error(str(log), exc))
    except (RuleViolation, Flip7Error) as exc:
        fail(f"{log}: the log already holds an event the rules refuse ({exc}); check it with 'flip7 check'")
    interactive = sys.stdin.isatty()
    if interactive:
        import readline  # noqa: F401 (line editing and history for input())
    said = WORDS[lang.value]
    nxt = "\n  " + said["next"] + ": "
    if not as_json:
        start = said["carrying_on"].format(log=log, n=len(existing)) if existing else said["recording"].format(log=log)
        typer.echo(f"{start}. {recorder.owed() if existing else said['setup']}  {said['commands']}")
    refused = 0
    while True:
        try:
            text = input("> " if interactive else "")
        except EOFError:
            break
        text = text.strip()
        if not text:
            if interactive:
                continue
            break
        word = text.lower()
        if word in COMMANDS:
            if word == "quit":
                break
            if word == "help":
                _say({"help": HELP}, said["help"], as_json)
            elif word == "show":
                _say({"owed": recorder.owed(), "events": len(recorder.lines)}, _table_text(recorder, lang.value) + nxt + recorder.owed(), as_json)
            elif word == "log":
                last = recorder.lines[-8:]
                first = len(recorder.lines) - len(last)
                _say({"events": [json.loads(x) for x in last]}, "\n".join(f"  {first + i}: {x}" for i, x in enumerate(last)), as_json)
            else:
                undone = recorder.undo()
                if undone is None:
                    _say({"undone": None}, said["nothing_to_undo"], as_json)
                    continue
                try:
                    file.rewrite(recorder.lines)
                except OSError as exc:
                    fail(describe_os_error(str(log), exc))
                _say({"undone": json.loads(undone), "owed": recorder.owed()}, f"{said['undone']}: {undone}{nxt}{recorder.owed()}", as_json)
            continue
        outcome = recorder.enter(text)
        if not outcome.ok:
            rule = f" [{outcome.refused.rule}, {outcome.refused.code}]" if outcome.refused is not None else ""
            payload: dict[str, Any] = {"kept": [], "refused": {"code": outcome.refused.code, "rule": outcome.refused.rule, "event": outcome.refused_index} if outcome.refused else None,
                       "error": outcome.message, "owed": recorder.owed()}
            _say(payload, f"{said['refused']}{rule}: {outcome.message}{nxt}{recorder.owed()}", as_json)
            refused += 1
            continue
        try:
            file.append([line for _, line in outcome.kept])
        except OSError as exc:
            fail(describe_os_error(str(log), exc))
        kept = [i for i, _ in outcome.kept]
        span = said["kept_none"] if not kept else said["kept_one" if len(kept) == 1 else "kept_many"].format(first=kept[0], last=kept[-1])
        _say({"kept": [json.loads(line) for _, line in outcome.kept], "owed": recorder.owed()}, f"{span}; {said['next']}: {recorder.owed()}", as_json)
    raise typer.Exit(EXIT_VIOLATIONS if refused else EXIT_VALID)


def register(app: typer.Typer) -> None:
    """Add `record` to the app."""
    app.command()(record)
