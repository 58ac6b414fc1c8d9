"""`flip7 advise` and `flip7 analyze`: what each decision of a game was worth (docs/analysis.md)."""

from __future__ import annotations

import json
import sys
import textwrap
import time
from contextlib import AbstractContextManager
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from adjudicator.analysis.allowance import Allowance, allowed
from adjudicator.analysis.evaluate import BUDGET
from adjudicator.analysis.observe import Advice, log_lines
from adjudicator.analysis.observe import advise as advise_log
from adjudicator.analysis.observe import analyze as analyze_log
from adjudicator.analysis.observe import analyze2 as analyze2_log
from adjudicator.analysis.report import ANALYSIS_FORMAT, Analysis, analysis_schema
from adjudicator.analysis.report2 import ANALYSIS_FORMAT_2, Analysis2, analysis2_schema
from adjudicator.analysis.win import ANALYZE_SAMPLES as WIN_ANALYZE_SAMPLES
from adjudicator.analysis.win import MEASURED_ERROR, MODEL, STRATEGY
from adjudicator.analysis.win import SAMPLES as WIN_SAMPLES
from adjudicator.analysis.winreport import model_info
from adjudicator.errors import Flip7Error
from cli.common import err_console, fail, output_width
from cli.convert import Lang, read_text

ADVICE_FORMAT = "flip7-advice/1"
#: States one ``analyze`` decision may use (about 0.05 s each: a 100-decision game in seconds).
ANALYZE_BUDGET = 3_000
#: Seconds ``advise`` may take by default: its playouts stop then (an ordinary table needs well under
#: one, a 300-seat one makes fewer than 200 in them; a busy machine must not change a usual answer).
ADVISE_SECONDS = 10.0
#: Seconds ``analyze`` may take by default (a 200-round game takes about a minute and a half).
ANALYZE_SECONDS = 300.0

#: Every phrase the two commands print, in English and German.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "to_move": "{player} to move: hit or stay?",
        "gives": "{player} gives {card} to one of:",
        "hit": "hit", "stay": "stay", "best": "best",
        "bust": "chance the next card busts", "advice": "Advice",
        "exact": "exact", "look_ahead": "look-ahead {n} cards deep (an estimate: look-aheads with this budget were measured up to {bound:.1f} points off)",
        "look_ahead_unmeasured": "look-ahead {n} cards deep (an estimate whose error was not measured)",
        "pile_end": "a search to the end of the draw pile; what the reshuffle after it would bring is left out (not exact)",
        "signs": "values: exact unless marked ≈ look-ahead (measured up to {bound} points off), ~ Monte Carlo (95% intervals in --json), * estimate",
        "monte_carlo": "Monte Carlo, {n} playouts per option with the rules' engine (95% intervals shown)",
        "estimate": "estimate (the ruleset's model; cards it cannot model left out)",
        "method": "method", "worth": "worth to {player}",
        "no_decisions": "No decisions to value.",
        "stopped": "The replay stopped at event {event} ({code}): decisions are valued up to it.",
        "summary": "Player summary", "player": "player", "decisions": "decisions", "given": "given away",
        "accuracy": "accuracy", "marks": "?! / ? / ??",
        "costly": "Costly decisions:", "none_costly": "none: no mistake or blunder.",
        "costly_one": "event {event}: {player} chose {choice} where {best} was best, giving away {loss:.2f} points ({mark}).",
        "inaccuracy": "inaccuracy", "mistake": "mistake", "blunder": "blunder",
        "win_note": "      to win the game: {choice} {p:.0f}% against {other} {q:.0f}%; the game score says {choice}",
        "legend": "marks: ?! inaccuracy (loss ≥ {i}), ? mistake (≥ {m}), ?? blunder (≥ {b}) in points of expected round score",
        "win_head": "Chance to win (model {model}):",
        "win_model": "model {model}: every player, this one included after the option, plays {strategy}; the rest of the round played out {n} times with the rules' engine from the real pile; later rounds drawn from simulated round scores (measured error: {error})",
        "win_option": "  {option:<10} {p:6.1f} %  [{low:.1f}, {high:.1f}]{best}",
        "win_advice": "The game says: {option} ({diff:+.1f} points of win chance, 95% interval [{low:+.1f}, {high:+.1f}])",
        "win_even": "The game says: either (the difference is within the playouts' noise)",
        "disagree": "round points say {round}; the game says {game}",
        "win_line": "      W: {values}  error {error:.1f}{mark}",
        "clinch": " (clinches the game: never marked)",
        "luck_head": "Luck per card (points of the receiver's win chance):",
        "win_summary": "By the chance to win (points)",
        "w_start": "start", "w_result": "result", "w_luck": "luck", "w_errors": "errors", "w_others": "others", "w_gap": "gap",
        "w_adjusted": "adj.", "w_accuracy": "acc.",
        "win_legend": "W marks: ?! inaccuracy (error ≥ {i}), ? mistake (≥ {m}), ?? blunder (≥ {b}) points of win chance, where the 95% interval excludes 0; result − start = luck − errors + others + gap; acc. = accuracy; adj. = result − luck (luck-adjusted)",
        "unmodelled": "No chance to win: {why}.",
        "why_no-table": "the model has no round-score table for this game",
        "why_no-game": "the log has no game line",
        "why_fixed-rounds": "a game of a fixed number of rounds is not modelled",
        "why_too-many-moves": "more moves than the 12 the model values",
        "why_no-time": "no time was left to value it (--timeout)",
        "why_not-asked": "not asked for (--win-samples 0)",
        "why_no-player": "that player is not in this game",
        "busted": "busted",
    },
    "de": {
        "to_move": "{player} ist am Zug: noch eine oder Stopp?",
        "gives": "{player} gibt {card} an einen von:",
        "hit": "noch eine", "stay": "Stopp", "best": "am besten",
        "bust": "Chance, mit der nächsten Karte verzockt zu sein", "advice": "Rat",
        "exact": "exakt", "look_ahead": "Vorausschau {n} Karten tief (eine Schätzung: Vorausschauen mit diesem Budget lagen gemessen bis zu {bound:.1f} Punkte daneben)",
        "look_ahead_unmeasured": "Vorausschau {n} Karten tief (eine Schätzung, deren Fehler nicht gemessen ist)",
        "pile_end": "eine Suche bis zum Ende des Nachziehstapels; was das Mischen danach brächte, fehlt (nicht exakt)",
        "signs": "Werte: exakt, außer ≈ Vorausschau (gemessen bis {bound} Punkte daneben), ~ Monte Carlo (95-%-Intervalle in --json), * Schätzung",
        "monte_carlo": "Monte Carlo, {n} Ausspielungen je Option mit der Regel-Engine (95-%-Intervalle angegeben)",
        "estimate": "Schätzung (Modell des Regelwerks; Karten, die es nicht abbildet, bleiben außen vor)",
        "method": "Methode", "worth": "Wert für {player}",
        "no_decisions": "Keine Entscheidungen zu bewerten.",
        "stopped": "Die Wiedergabe hielt bei Ereignis {event} an ({code}): bewertet ist bis dorthin.",
        "summary": "Zusammenfassung je Spieler", "player": "Spieler", "decisions": "Entscheidungen", "given": "verschenkt",
        "accuracy": "Genauigkeit", "marks": "?! / ? / ??",
        "costly": "Teure Entscheidungen:", "none_costly": "keine: kein Fehler.",
        "costly_one": "Ereignis {event}: {player} wählte {choice}, wo {best} am besten war, und verschenkte {loss:.2f} Punkte ({mark}).",
        "inaccuracy": "Ungenauigkeit", "mistake": "Fehler", "blunder": "grober Fehler",
        "win_note": "      Siegchance: {choice} {p:.0f} % gegen {other} {q:.0f} %; der Spielstand sagt {choice}",
        "legend": "Zeichen: ?! Ungenauigkeit (Verlust ≥ {i}), ? Fehler (≥ {m}), ?? grober Fehler (≥ {b}) in Punkten erwarteter Rundenwertung",
        "win_head": "Siegchance (Modell {model}):",
        "win_model": "Modell {model}: alle spielen, dieser Spieler nach der Option auch, {strategy}; der Rest der Runde {n}-mal mit der Regel-Engine vom echten Stapel ausgespielt; spätere Runden aus simulierten Rundenwertungen gezogen (gemessener Fehler: {error})",
        "win_option": "  {option:<10} {p:6.1f} %  [{low:.1f}, {high:.1f}]{best}",
        "win_advice": "Das Spiel sagt: {option} ({diff:+.1f} Prozentpunkte Siegchance, 95-%-Intervall [{low:+.1f}, {high:+.1f}])",
        "win_even": "Das Spiel sagt: beides gleich (der Unterschied liegt im Rauschen der Ausspielungen)",
        "disagree": "die Rundenpunkte sagen {round}; das Spiel sagt {game}",
        "win_line": "      S: {values}  Fehler {error:.1f}{mark}",
        "clinch": " (entscheidet das Spiel: nie markiert)",
        "luck_head": "Glück je Karte (Prozentpunkte Siegchance des Empfängers):",
        "win_summary": "Nach der Siegchance (Prozentpunkte)",
        "w_start": "Start", "w_result": "Ergebn.", "w_luck": "Glück", "w_errors": "Fehler", "w_others": "andere", "w_gap": "Lücke",
        "w_adjusted": "berein.", "w_accuracy": "Genau.",
        "win_legend": "S-Zeichen: ?! Ungenauigkeit (Fehler ≥ {i}), ? Fehler (≥ {m}), ?? grober Fehler (≥ {b}) Prozentpunkte Siegchance, wo das 95-%-Intervall 0 ausschließt; Ergebnis − Start = Glück − Fehler + andere + Lücke; Genau. = Genauigkeit; berein. = Ergebnis − Glück (um Glück bereinigt)",
        "unmodelled": "Keine Siegchance: {why}.",
        "why_no-table": "das Modell hat keine Tabelle der Rundenwertungen für dieses Spiel",
        "why_no-game": "dem Protokoll fehlt die game-Zeile",
        "why_fixed-rounds": "ein Spiel mit fester Rundenzahl bildet das Modell nicht ab",
        "why_too-many-moves": "mehr Züge als die 12, die das Modell bewertet",
        "why_no-time": "keine Zeit mehr, sie zu bewerten (--timeout)",
        "why_not-asked": "nicht verlangt (--win-samples 0)",
        "why_no-player": "dieser Spieler spielt hier nicht mit",
        "busted": "verzockt",
    },
}
MARK_SIGN = {"inaccuracy": "?!", "mistake": "?", "blunder": "??", None: ""}
#: How a decision's values were found, shown after its loss (an exact value has none).
METHOD_SIGN = {"exact": "", "look-ahead": "≈", "monte-carlo": "~", "estimate": "*"}


def bounded(seconds: float | None = None) -> AbstractContextManager[Allowance | None]:
    """The ``with`` block's analysis within ``seconds`` of the wall clock (``ANALYZE_SECONDS``
    unless given): for an analysis a command runs without a ``--timeout`` of its own (``explain
    --costly``)."""
    return allowed(Allowance(ANALYZE_SECONDS if seconds is None else seconds, time.monotonic))


def _w(lang: str, key: str, **params: Any) -> str:
    return WORDS[lang][key].format(**params)


def _console() -> Console:
    """Standard output as wide as the terminal (or ``$COLUMNS``; ``PIPE_WIDTH`` in a pipe): lines are
    wrapped to it, never cut (rich does not wrap them again)."""
    return Console(soft_wrap=True, width=output_width(sys.stdout.isatty()), highlight=False)


def _fill(text: str, width: int) -> str:
    """``text`` wrapped at words to ``width`` (a word longer than a line is the only thing broken)."""
    return textwrap.fill(text, width, break_on_hyphens=False)


def _packed(head: str, items: list[str], width: int) -> list[str]:
    """``head`` and then ``items`` two spaces apart, wrapped between items at ``width``: each further
    line is indented to where the first item starts (an item is never split, nor dropped)."""
    lines = [head.rstrip()]
    indent = " " * min(len(head), max(0, width // 2))
    for item in items:
        joined = f"{lines[-1]}  {item}" if lines[-1].strip() else lines[-1] + item
        if len(joined) <= width or not lines[-1].strip():
            lines[-1] = joined
        else:
            lines.append(indent + item)
    return lines


def _option(lang: str, name: str) -> str:
    return _w(lang, name) if name in ("hit", "stay") else name


def advice_dict(advice: Advice) -> dict[str, Any]:
    """The ``flip7-advice/1`` JSON of an advice."""
    out: dict[str, Any] = {"format": ADVICE_FORMAT, "player": advice.player}
    if advice.turn is not None:
        solved = advice.turn.solved
        out |= {
            "kind": "turn", "hit": solved.hit, "stay": solved.stay, "best": advice.turn.best,
            "bust_chance": advice.turn.bust_chance, "method": solved.method, "horizon": solved.horizon,
            "error_bound": solved.bound, "pile_end": solved.pile_end,
        }
        if solved.intervals is not None:
            out |= {"interval": {k: list(v) for k, v in solved.intervals.items()}, "samples": solved.samples}
    else:
        assert advice.target is not None
        rated = advice.target
        out |= {
            "kind": "target", "card": rated.card, "best": advice.names[rated.best],
            "options": {advice.names[s]: v for s, v in rated.benefits.items()}, "method": rated.method,
        }
        if rated.moves:
            out |= {"moves": dict(rated.moves), "best_move": rated.best_move}
    if advice.win is not None:
        win = advice.win
        mine = win.mine()
        best = win.best
        others = [k for k in mine if k != best]
        diff = {k: [round(100 * x, 2) for x in win.valued.difference(best, k)] for k in others}
        out["win"] = {
            "model": model_info(win.samples).model_dump(),
            "options": {k: round(100 * v, 2) for k, v in mine.items()},
            "interval": {k: [round(100 * x, 2) for x in win.valued.interval(k)] for k in mine},
            "players": {k: {advice.names[i]: round(100 * x, 2) for i, x in enumerate(v)} for k, v in win.valued.chances.items()},
            "best": best, "difference": diff, "strategy_option": win.strategy_option, "measured_error": MEASURED_ERROR,
        }
    elif advice.unmodelled is not None:
        out["win"] = None
        out["win_unmodelled"] = advice.unmodelled
    return out


def _measured(lang: str) -> str:
    """The model's measured error in words (docs/analysis.md), or that it was not measured."""
    if MEASURED_ERROR is None:
        return "?" if lang == "en" else "?"
    return f"±{MEASURED_ERROR:.1f}"


def _print_win(console: Console, code: str, data: dict[str, Any], round_best: str | None) -> None:
    """The chance-to-win part of ``advise``'s answer."""
    win = data.get("win")
    if win is None:
        if data.get("win_unmodelled"):
            console.print(escape(_w(code, "unmodelled", why=_w(code, f"why_{data['win_unmodelled']}"))))
        return
    console.print(f"[bold]{escape(_w(code, 'win_head', model=MODEL))}[/]")
    best = win["best"]
    for option, p in sorted(win["options"].items(), key=lambda kv: -kv[1])[:20]:
        low, high = win["interval"][option]
        mark = f"  ({_w(code, 'best')})" if option == best else ""
        console.print(escape(_w(code, "win_option", option=_option(code, option), p=p, low=low, high=high, best=mark)))
    if win["difference"]:
        other, (low, high) = next(iter(win["difference"].items()))
        if low <= 0.0 <= high:
            console.print(f"[bold]{escape(_w(code, 'win_even'))}[/]")
        else:
            gap = win["options"][best] - win["options"][other]
            console.print(f"[bold]{escape(_fill(_w(code, 'win_advice', option=_option(code, best), diff=gap, low=low, high=high), console.width))}[/]")
            if round_best is not None and round_best != best and round_best in win["options"]:
                console.print(escape(_w(code, "disagree", round=_option(code, round_best), game=_option(code, best))), style="italic")
    info = win["model"]
    said = _w(code, "win_model", model=MODEL, strategy=STRATEGY, n=info["samples"], error=_measured(code))
    console.print(f"[dim]{escape(_fill(said, console.width))}[/]")


def _method(lang: str, method: str, horizon: int | None, samples: int | None = None, bound: float | None = None, pile_end: bool = False) -> str:
    if method == "monte-carlo":
        return _w(lang, "monte_carlo", n=samples)
    if method in ("exact", "estimate"):
        return _w(lang, method)
    if pile_end:
        return _w(lang, "pile_end")
    if bound is None:
        return _w(lang, "look_ahead_unmeasured", n=horizon)
    return _w(lang, "look_ahead", n=horizon, bound=bound)


def advise(
    position: Annotated[str, typer.Argument(help="A log (JSON Lines or notation) that stops at a decision, e.g. one `position` line; '-' reads standard input.", metavar="POSITION")],
    lang: Annotated[Lang, typer.Option("--lang", help="The language of the answer.")] = Lang.en,
    as_json: Annotated[bool, typer.Option("--json", help="Print the flip7-advice/1 JSON.")] = False,
    timeout: Annotated[float, typer.Option("--timeout", min=0.1, help="Seconds the advice may take: Monte Carlo playouts stop then (fewer of them, wider intervals).")] = ADVISE_SECONDS,
    win_samples: Annotated[int, typer.Option("--win-samples", min=0, help=f"Playouts of the round per option for the chance to win (model {MODEL}); 0: round values only.")] = WIN_SAMPLES,
) -> None:
    """Hit or stay? The round value of each option where the log stops (best play from there, drawing alone from the pile as it is), the bust chance, or the best recipient for a waiting card.

    Then each option's chance to win the game, under the model flip7-w1 (docs/analysis.md).

    Exit code 2: the log cannot be read, breaks a rule, or does not stop at a decision.
    """
    text = read_text(position)
    try:
        with bounded(timeout):
            advice = advise_log(text, BUDGET, win_samples=win_samples)
    except Flip7Error as exc:
        fail(f"{position}: {exc}")
    data = advice_dict(advice)
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    code = lang.value
    console = _console()
    if data["kind"] == "turn":
        console.print(f"[bold]{escape(_w(code, 'to_move', player=advice.player))}[/]")
        for name in ("hit", "stay"):
            if data[name] is not None:
                best = f"  ({_w(code, 'best')})" if data["best"] == name else ""
                spread = data.get("interval", {}).get(name)
                within = f"  [{spread[0]:.2f}, {spread[1]:.2f}]" if spread else ""
                console.print(f"  {_w(code, name):<10} {data[name]:8.3f}{within}{best}")
        console.print(f"  {_w(code, 'bust')}: {100 * data['bust_chance']:.1f} %")
        both = data["stay"] is not None and data["hit"] is not None
        margin = f" (+{abs(data['hit'] - data['stay']):.3f})" if both else ""
        console.print(f"[bold]{_w(code, 'advice')}:[/] {_w(code, data['best'])}{margin}")
    else:
        console.print(f"[bold]{escape(_w(code, 'gives', player=advice.player, card=data['card']))}[/] [dim]({escape(_w(code, 'worth', player=advice.player))})[/]")
        rows, top = (data["moves"], data["best_move"]) if data.get("moves") else (data["options"], data["best"])
        for name, worth in sorted(rows.items(), key=lambda kv: -kv[1])[:20]:
            best = f"  ({_w(code, 'best')})" if top == name else ""
            console.print(f"  {escape(name):<24} {worth:+8.3f}{best}")
        console.print(f"[bold]{_w(code, 'advice')}:[/] {escape(top)}")
    said = _method(code, data["method"], data.get("horizon"), data.get("samples"), data.get("error_bound"), bool(data.get("pile_end")))
    method = _fill(f"{_w(code, 'method')}: {said}", console.width)
    console.print(f"[dim]{escape(method)}[/]")
    round_best = data["best"] if data["kind"] == "turn" else (data.get("best_move") or data["best"])
    _print_win(console, code, data, round_best)


def _win_lines(d: Any, lang: str, width: int) -> list[tuple[str, str | None]]:
    """A decision's chance-to-win line, and the note where round points and the game disagree."""
    w = getattr(d, "win", None)
    if w is None:
        return []
    values = "  ".join(f"{_option(lang, k)} {v:.1f}%" for k, v in sorted(w.options.items(), key=lambda kv: -kv[1])[:6])
    mark = f" {MARK_SIGN[w.mark]}" if w.mark else ""
    if w.clinch:
        mark += _w(lang, "clinch")
    out: list[tuple[str, str | None]] = [(
        textwrap.fill(_w(lang, "win_line", values=values, error=w.error, mark=mark), width, subsequent_indent=" " * 9, break_on_hyphens=False),
        "bold" if w.mark in ("mistake", "blunder") else None,
    )]
    if getattr(d, "disagree", False):
        out.append(("      " + _w(lang, "disagree", round=_option(lang, d.best), game=_option(lang, w.best)), "italic"))
    return out


def _print_win_part(console: Console, result: Analysis2, lang: str) -> None:
    """Luck per card and the summary by the chance to win."""
    width = console.width
    if result.model is None:
        if result.unmodelled:
            console.print(escape(_w(lang, "unmodelled", why=_w(lang, f"why_{result.unmodelled}"))))
        return
    if result.cards:
        console.print(f"\n[bold]{escape(_w(lang, 'luck_head'))}[/]")
        by_round: dict[int, list[str]] = {}
        for c in result.cards:
            by_round.setdefault(c.round, []).append(f"{c.event} {c.player} {c.card} {c.luck.get(c.player, 0.0):+.1f}")
        for round_no, items in by_round.items():
            for line in _packed(f"  R{round_no}:", items, width):
                console.print(escape(line))
    console.print(f"\n[bold]{escape(_w(lang, 'win_summary'))}[/]")
    pw = max([8, *(len(p.player) for p in result.players)])
    keys = ("w_start", "w_result", "w_luck", "w_errors", "w_others", "w_gap", "w_accuracy", "w_adjusted")
    heads = [_w(lang, k)[:7] for k in keys]
    console.print(escape(f"  {'':<{pw}}" + "".join(f" {h:>7}" for h in heads)))
    for p in result.players:
        w = p.win
        if w is None:
            continue
        cells = (w.start, w.result, w.luck, w.errors, w.others, w.gap, w.accuracy, w.luck_adjusted)
        console.print(escape(f"  {p.player:<{pw}}" + "".join(f" {x:>7.1f}" for x in cells)))
    t = result.model.thresholds
    console.print(f"[dim]{escape(_fill(_w(lang, 'win_legend', i=t['inaccuracy'], m=t['mistake'], b=t['blunder']), width))}[/]")
    said = _w(lang, "win_model", model=result.model.name, strategy=result.model.strategy, n=result.model.samples, error=_measured(lang))
    console.print(f"[dim]{escape(_fill(said, width))}[/]")


def _print_analysis(result: Analysis | Analysis2, lang: str) -> None:
    console = _console()
    width = console.width
    if not result.decisions:
        console.print(_w(lang, "no_decisions"))
    name_width = max([10, *(len(d.player) for d in result.decisions)])
    for d in result.decisions:
        values = [f"{_option(lang, k)} {v:.2f}" for k, v in d.options.items()]
        bust = [f"{100 * d.bust_chance:.0f}%"] if d.bust_chance is not None else []
        card = f"{d.card}→" if d.card else ""
        head = f"{d.event:>4} R{d.round:<2} {d.player:<{name_width}} {card}{_option(lang, d.choice):<8} {MARK_SIGN[d.mark]:<2} {d.loss:5.2f}{METHOD_SIGN[d.method]}"
        for line in _packed(head, [*bust, *values], width):  # every option is printed, the best too
            console.print(escape(line), style="bold" if d.mark in ("mistake", "blunder") else None)
        if d.win_chance and d.win_best and d.win_best != d.best:  # the game score makes the round-value choice wrong
            other = d.best
            note = _w(lang, "win_note", choice=_option(lang, d.win_best), p=100 * d.win_chance[d.win_best],
                      other=_option(lang, other), q=100 * d.win_chance[other])
            console.print(escape(textwrap.fill(note, width, subsequent_indent=" " * 6, break_on_hyphens=False)), style="italic")
        for line, style in _win_lines(d, lang, width):
            console.print(escape(line), style=style)
    console.print(f"\n[bold]{escape(_w(lang, 'summary'))}[/]")
    player_width = max([12, *(len(p.player) for p in result.players)])
    console.print(f"  {_w(lang, 'player'):<{player_width}} {_w(lang, 'decisions'):>14} {_w(lang, 'given'):>11} {_w(lang, 'accuracy'):>11}  {_w(lang, 'marks')}")
    for p in result.players:
        console.print(escape(f"  {p.player:<{player_width}} {p.decisions:>14} {p.points_given_away:>11.2f} {p.accuracy:>11.1f}  {p.inaccuracies} / {p.mistakes} / {p.blunders}"))
    t = result.thresholds
    legend = _fill(_w(lang, "legend", i=t["inaccuracy"], m=t["mistake"], b=t["blunder"]), width)
    console.print(f"[dim]{escape(legend)}[/]")
    if any(d.method != "exact" for d in result.decisions):  # say which values are not exact
        bounds = [d.error_bound for d in result.decisions if d.error_bound is not None]
        bound = f"{max(bounds):.1f}" if bounds else "?"
        console.print(f"[dim]{escape(_fill(_w(lang, 'signs', bound=bound), width))}[/]")
    if isinstance(result, Analysis2):
        _print_win_part(console, result, lang)
    if result.stopped_by is not None:
        stopped = _fill(_w(lang, "stopped", event=result.stopped_by.event, code=result.stopped_by.code), width)
        console.print(f"[bold red]{escape(stopped)}[/]")


def analyze(
    game: Annotated[str | None, typer.Argument(help="A game log (JSON Lines or notation); '-' reads standard input.", metavar="GAME")] = None,
    player: Annotated[str | None, typer.Option("--player", help="Value only this player's decisions.")] = None,
    round_no: Annotated[int | None, typer.Option("--round", help="Value only this round's decisions.", min=1)] = None,
    lang: Annotated[Lang, typer.Option("--lang", help="The language of the report.")] = Lang.en,
    as_json: Annotated[bool, typer.Option("--json", help=f"Print the analysis as JSON ({ANALYSIS_FORMAT_2}; --format 1: {ANALYSIS_FORMAT}).")] = False,
    schema: Annotated[bool, typer.Option("--schema", help="Print the JSON Schema of the format and exit.")] = False,
    version: Annotated[int, typer.Option("--format", min=1, max=2, help=f"2: {ANALYSIS_FORMAT_2} (round values and the chance to win); 1: {ANALYSIS_FORMAT} (round values only).")] = 2,
    win_samples: Annotated[int, typer.Option("--win-samples", min=0, help=f"Playouts of the round per position for the chance to win (model {MODEL}); 0: none.")] = WIN_ANALYZE_SAMPLES,
    win: Annotated[bool, typer.Option("--win", help="Near the end of the game, also the chance to win after hit and after stay by whole-game playouts (slower; the /1 field win_chance).")] = False,
    timeout: Annotated[float, typer.Option("--timeout", min=0.1, help="Seconds the analysis may take; past them it stops (exit code 2): ask for one round or one player.")] = ANALYZE_SECONDS,
) -> None:
    """Value every decision of a game: bust chance, each option's round value, the choice, the points it gave away and a mark; then a summary per player.

    With each decision also each option's chance to win (model flip7-w1), the error and mark in win chance; the luck of every card; per player accuracy, luck and a luck-adjusted result.

    Exit code 0: analysed; 1: the game breaks a rule (analysed up to the first fatal violation); 2: it could not be read.
    """
    if schema:
        typer.echo(json.dumps(analysis_schema() if version == 1 else analysis2_schema(), ensure_ascii=False, indent=2))
        return
    if game is None:
        fail("give a GAME to analyse (or --schema)")
    text = read_text(game)
    try:
        lines = log_lines(text)
        progress = _progress(len(lines)) if sys.stderr.isatty() and not as_json else None
        try:
            with bounded(timeout):
                advance = progress.advance if progress else None
                result: Analysis | Analysis2
                if version == 1:
                    result = analyze_log(lines, player=player, round_no=round_no, budget=ANALYZE_BUDGET, progress=advance, win=win)
                else:
                    result = analyze2_log(
                        lines, player=player, round_no=round_no, budget=ANALYZE_BUDGET, progress=advance, win_samples=win_samples, win=win,
                    )
        finally:
            if progress:
                progress.close()
    except Flip7Error as exc:
        fail(f"{game}: {exc}")
    if player is not None and result.game is not None and player not in [p.player for p in result.players]:
        fail(f"{game}: no player {player!r} in this game")
    if player is not None:
        result.players = [p for p in result.players if p.player == player]
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        _print_analysis(result, lang.value)
    raise typer.Exit(0 if result.complete else 1)


class _progress:
    """A progress bar on standard error for long games (terminals only)."""

    def __init__(self, total: int) -> None:
        from rich.progress import Progress

        self.bar = Progress(console=err_console(), transient=True)
        self.task = self.bar.add_task("analysing", total=total)
        self.bar.start()

    def advance(self, index: int) -> None:
        self.bar.update(self.task, completed=index + 1)

    def close(self) -> None:
        self.bar.stop()


def costly_lines(decisions: list[dict[str, Any]], lang: str) -> list[str]:
    """``flip7 explain --costly``: a heading, then one sentence per costly decision."""
    lines = [_w(lang, "costly")]
    if not decisions:
        return [*lines, _w(lang, "none_costly")]
    for d in decisions:
        lines.append(_w(
            lang, "costly_one", event=d["event"], player=d["player"], choice=_option(lang, d["choice"]),
            best=_option(lang, d["best"]), loss=d["loss"], mark=_w(lang, d["mark"]),
        ))
    return lines


def register(app: typer.Typer) -> None:
    """Add `advise` and `analyze` to the app."""
    app.command()(advise)
    app.command()(analyze)
