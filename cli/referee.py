"""`flip7 settle` and `flip7 explain`: rulings with their reasons, and the game told move by move."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from adjudicator.errors import Flip7Error
from adjudicator.referee import explain as explain_log
from adjudicator.referee import render
from adjudicator.referee import settle as settle_log
from adjudicator.referee.catalogue import Note
from cli.common import err_console, fail, quiet_on_closed_pipe
from cli.convert import Lang, read_text

EXIT_VALID, EXIT_VIOLATIONS = 0, 1


WIDTH = 80


def _console() -> Console:
    return quiet_on_closed_pipe(Console(soft_wrap=True, width=WIDTH, highlight=False))


def _say(console: Console, text: str, indent: int = 2, first: str | None = None, style: str | None = None) -> None:
    """Print ``text`` wrapped at 80 columns with a hanging indent (``first`` replaces the first indent)."""
    lead = " " * indent
    wrapped = textwrap.fill(text, WIDTH, initial_indent=first if first is not None else lead, subsequent_indent=lead, break_on_hyphens=False)
    console.print(wrapped, markup=False, style=style)


def _t(key: str, lang: str, **params: Any) -> str:
    return render(Note(key, params), lang, {})


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _players(console: Console, players: list[Mapping[str, Any]], lang: str, title: str) -> None:
    if not players:
        return
    console.print(f"\n[bold]{escape(title)}[/]")
    width = max(len(p["name"]) for p in players)
    for p in players:
        _say(console, f"{p['score']:>4}  {p['breakdown']}", width + 10, first=f"  {p['name'].ljust(width)}  ")
        for line in [p["why"], *p.get("saves", [])]:
            _say(console, _cap(line), width + 10, style="dim")


def _violation(console: Console, v: Mapping[str, Any], lang: str) -> None:
    console.print(f"\n[bold red]{escape(v['code'])}[/] [dim]{escape(v['rule'])}, {escape(_t('event', lang, n=v['event']))}{escape(_t('line', lang, n=v['line']))}[/]")
    _say(console, _cap(v["message"] if lang == "en" else v["summary"]))
    for fact in v["facts"]:
        _say(console, _cap(fact), 4, first="  - ")
    _say(console, v["rule_text"], style="italic")
    if v["legal_instead"]:
        _say(console, _t("legal", lang, moves=", ".join(v["legal_instead"])))


def settle(
    file: Annotated[str, typer.Argument(help="A log in JSON Lines or the notation; '-' (default) reads standard input.", metavar="[FILE|-]")] = "-",
    lang: Annotated[Lang, typer.Option("--lang", help="The language of the ruling.")] = Lang.en,
    as_json: Annotated[bool, typer.Option("--json", help="Print the settlement JSON (verdict and ruling).")] = False,
) -> None:
    """Answer a table dispute as a referee: what happened, who is out and why, every score worked out, and the rule behind any violation.

    Exit code 0: the log follows the rules; 1: it breaks one; 2: it could not be read.
    """
    text = read_text(file)
    try:
        result = settle_log(text, lang.value)
    except Flip7Error as exc:
        fail(f"{file}: {exc}")
    verdict, ruling = result["verdict"], result["ruling"]
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
        raise typer.Exit(EXIT_VALID if verdict["valid"] else EXIT_VIOLATIONS)
    console = _console()
    code = lang.value
    heading = _t("h_ruling", code)
    first, *rest = textwrap.wrap(f"{heading}: {ruling['summary']}", WIDTH, subsequent_indent="  ", break_on_hyphens=False)
    console.print(f"[bold]{escape(heading)}[/]{escape(first[len(heading):])}")
    for line in rest:
        console.print(line, markup=False)
    for v in ruling["violations"]:
        _violation(console, v, code)
    if ruling["story"]:
        title = _t("h_story", code) + (f" ({_t('h_round', code, round=ruling['round'])})" if ruling["round"] else "")
        console.print(f"\n[bold]{escape(title)}[/]")
        for sentence in ruling["story"]:
            _say(console, sentence)
    if ruling["round"]:
        _players(console, ruling["players"], code, f"{_t('h_out', code)}, {_t('h_scores', code)} ({_t('h_round', code, round=ruling['round'])})")
    if verdict["totals"]:
        console.print()
        _say(console, _t("totals", code, totals=[f"{n} {t}" for n, t in verdict["totals"].items()]), 0)
    raise typer.Exit(EXIT_VALID if verdict["valid"] else EXIT_VIOLATIONS)


def explain(
    file: Annotated[str, typer.Argument(help="A log in JSON Lines or the notation; '-' reads standard input.", metavar="FILE")],
    at: Annotated[int | None, typer.Option("--at", help="Tell events 0 … N only (the game line is event 0).", min=0)] = None,
    round_no: Annotated[int | None, typer.Option("--round", help="Tell only this round.", min=1)] = None,
    lang: Annotated[Lang, typer.Option("--lang", help="The language of the story.")] = Lang.en,
    as_json: Annotated[bool, typer.Option("--json", help="Print the explanation JSON.")] = False,
    costly: Annotated[bool, typer.Option("--costly", help="Also name the costly decisions (mistakes and blunders, see flip7 analyze).")] = False,
) -> None:
    """Tell the game move by move: every ruling the engine applied, the bust chance at every hit, and each score worked out.

    Exit code 0: what is told follows the rules; 1: it breaks one (as flip7 check); 2: the log could not be read.
    """
    if at is not None and round_no is not None:
        fail("use --at or --round, not both")
    text = read_text(file)
    try:
        result = explain_log(text, lang.value, at=at, round_no=round_no)
    except Flip7Error as exc:
        fail(f"{file}: {exc}")
    if costly:
        result["costly"] = _costly(text, round_no, at)
    # check's exit codes, for the events told (all of them, events 0 … --at, or one --round)
    exit_code = EXIT_VIOLATIONS if any("violation" in entry for entry in result["events"]) else EXIT_VALID
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
        raise typer.Exit(exit_code)
    if round_no is not None and not result["events"]:
        err_console().print(f"[bold red]error:[/] {escape(file)}: no round {round_no} in this log")
        raise typer.Exit(2)
    console = _console()
    code = lang.value
    for entry in result["events"]:
        where = f"{entry['event']:>4} "
        for sentence in entry["text"]:
            _say(console, sentence, 5, first=where)
            where = "     "
        if "violation" in entry:
            _violation(console, entry["violation"], code)
    if at is not None:
        _players(console, result["players"], code, f"{_t('h_out', code)}, {_t('h_scores', code)}")
    if costly:
        from cli.analysis import costly_lines

        heading, *sentences = costly_lines(result["costly"], code)
        console.print(f"\n[bold]{escape(heading)}[/]")
        for sentence in sentences:
            _say(console, sentence, 4, first="  - ")
    raise typer.Exit(exit_code)


def _costly(text: str, round_no: int | None, at: int | None) -> list[dict[str, Any]]:
    """The mistakes and blunders of the part of the game told (``flip7 analyze``'s decisions)."""
    from adjudicator.analysis.observe import analyze
    from cli.analysis import ANALYZE_BUDGET, bounded

    try:
        with bounded():  # as long as `flip7 analyze` may take
            found = analyze(text, round_no=round_no, budget=ANALYZE_BUDGET)
    except Flip7Error as exc:
        fail(f"{exc}")
    return [d.model_dump(mode="json") for d in found.decisions
            if d.mark in ("mistake", "blunder") and (at is None or d.event <= at)]


def register(app: typer.Typer) -> None:
    """Add `settle` and `explain` to the app."""
    app.command()(settle)
    app.command()(explain)
