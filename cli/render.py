"""Readable terminal reports of verdicts and table states (rich tables)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.measure import Measurement
from rich.table import Table

from adjudicator.messages import glossary
from adjudicator.notation.words import STATEMENT_WORDS, normalise
from adjudicator.rules import Ruleset, find_ruleset
from adjudicator.rulesets import RULESETS
from adjudicator.table import EffectView, TableView, view_of
from cli.common import lays_out, say

#: Marks of the outcomes every ruleset shares; a ruleset marks its own (its view's ``outcome_marks``).
_SHARED_MARKS = {"busted": ("✗", "busted"), "flip7": ("★", "Flip 7"), "in": ("·", "still in at another's Flip 7"), "playing": ("…", "round not over")}


def _outcome_marks() -> dict[str, tuple[str, str]]:
    """Every outcome's mark and meaning: the shared ones and those of each registered ruleset."""
    marks = {"stayed": ("", "")}
    for rules in RULESETS.values():
        marks.update(view_of(rules).outcome_marks())
    return {**marks, **_SHARED_MARKS}
_MAX_SHOWN = 160


#: The game's words in German: the glossary every command and page shares.
_DE = glossary("de")

#: The reports' own words (``check``, ``show``, ``state``), per language; what the engine and the
#: referee say (violation messages, what an event did, what is owed) comes in that language from
#: the referee (``localize``) and is passed in.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "valid": "✓ valid", "violations_1": "✗ {n} violation", "violations_n": "✗ {n} violations", "events": "{n} events",
        "round": "round", "dealer": "dealer", "total": "total", "dealers": "dealers", "winner": "Winner",
        "not_finished": "The game is not finished.", "where": "line {line}", "event": "event {event}",
        "no_game": "No game has begun at this point.", "after": "after event {n}", "did": "Event {n} did: ",
        "next": "Next: ", "legal": "Legal now: ", "draw_pile": "Draw pile: ", "discard_pile": "Discard pile: ",
        "over": "The game is over: {winner} won.", "stopped": "The replay stopped at line {line} (event {event}): {code}",
        "player": "player", "status": "status", "numbers": "numbers", "modifiers": "modifiers", "notes": "notes",
        "in_round": "round {round}, dealt by {dealer}", "game_over": "the game is over after {n} rounds",
        "before_first": "before round 1: {dealer} deals first", "between": "between rounds ({n} finished): {dealer} deals round {next}",
        "cards_1": "{n} card", "cards_n": "{n} cards",
        "logs": "{n} logs: ", "count_valid": "valid", "count_with_violations": "with violations", "count_unreadable": "unreadable",
        "by_code": "violations by code: ",
    },
    "de": {
        "valid": "✓ gültig", "violations_1": "✗ {n} Verstoß", "violations_n": "✗ {n} Verstöße", "events": "{n} Ereignisse",
        "round": _DE["round"], "dealer": _DE["dealer"], "total": _DE["total"], "dealers": _DE["dealer"], "winner": _DE["winner"],
        "not_finished": "Das Spiel ist nicht zu Ende.", "where": "Zeile {line}", "event": "Ereignis {event}",
        "no_game": "An dieser Stelle hat noch kein Spiel begonnen.", "after": "nach Ereignis {n}", "did": "Ereignis {n}: ",
        "next": _DE["next"].capitalize() + ": ", "legal": "Erlaubt: ", "draw_pile": _DE["draw_pile"] + ": ", "discard_pile": _DE["discard_pile"] + ": ",
        "over": "Das Spiel ist vorbei: {winner} hat gewonnen.", "stopped": "Die Wiedergabe hielt bei Zeile {line} (Ereignis {event}) an: {code}",
        "player": _DE["player"], "status": "Status", "numbers": "Zahlen", "modifiers": "Modifikatoren", "notes": "Hinweise",
        "in_round": "Runde {round}, Geber {dealer}", "game_over": "das Spiel ist nach {n} Runden vorbei",
        "before_first": "vor Runde 1: {dealer} gibt zuerst", "between": "zwischen den Runden ({n} beendet): {dealer} gibt Runde {next}",
        "cards_1": "{n} Karte", "cards_n": "{n} Karten",
        "logs": "{n} Protokolle: ", "count_valid": _DE["valid"], "count_with_violations": "mit Regelverstößen", "count_unreadable": "unlesbar",
        "by_code": "Regelverstöße nach Code: ",
    },
}


def _w(lang: str, key: str, **params: Any) -> str:
    return WORDS[lang][key].format(**params)


def _outcome_meaning(outcome: str, meaning: str, lang: str) -> str:
    """What an outcome mark means, in ``lang`` (German: the referee's word for the outcome)."""
    if lang == "en":
        return meaning
    from adjudicator.referee import Note, render  # the referee's words, only when asked for them

    try:
        return render(Note(f"outcome_{outcome}"), lang, {})
    except (KeyError, ValueError):
        return meaning


#: Shown in place of a line the reader did not keep whole (over its length limit).
LINE_NOT_SHOWN = "(line too long to show)"


def offending_lines(lines: Iterable[object], wanted: set[int] | frozenset[int]) -> dict[int, str]:
    """The text of the lines numbered ``wanted`` (1-based), read no further than the last of them.

    ``lines`` are a log's lines in order (``str`` or the readers' line objects); an empty text
    (a line too long to keep) is shown as ``LINE_NOT_SHOWN``.
    """
    shown: dict[int, str] = {}
    if not wanted:
        return shown
    last = max(wanted)
    for line_no, text in enumerate(lines, 1):
        if line_no in wanted:
            shown[line_no] = str(text) or LINE_NOT_SHOWN
        if line_no >= last:
            break
    return shown


def written_game_id(lines: Iterable[str]) -> str | None:
    """The id a log's ``game`` line is written with, read from the line itself (JSON Lines or the
    notation's setup), for a header when the line was refused and the verdict's ``game`` is null."""
    for text in lines:
        stripped = str(text).strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("{"):
            try:
                event = json.loads(stripped)
            except ValueError:
                return None
            found = event.get("id") if isinstance(event, dict) and event.get("type") == "game" else None
            return found if isinstance(found, str) and found else None
        words = stripped.split(";", 1)[0].split(None, 1)
        return words[1].strip().strip('"') or None if len(words) == 2 and STATEMENT_WORDS.get(normalise(words[0])) == "game" else None
    return None


def render_verdict(
    verdict: Mapping[str, Any], console: Console, source_lines: Mapping[int, str] | None = None, name: str | None = None,
    ruleset: str | None = None, written_id: str | None = None, lang: str = "en",
) -> None:
    """Print a verdict for people: a header, round-by-round scores, totals, winner, violations.

    ``source_lines`` maps line numbers to their text so each violation shows its offending line;
    ``ruleset`` (``vengeance (brutal)``, see ``ruleset_label``) follows the game id in the header;
    ``written_id`` (``written_game_id``) stands in for the id of a refused game line; ``lang`` is
    the language of the report's own words (the messages are the verdict's).
    """
    title = verdict.get("game") or written_id or "(no game id)"
    head = f"[bold]{escape(str(title))}[/]" + (f"  {escape(ruleset)}" if ruleset else "") + (f"  [dim]{escape(name)}[/]" if name else "")
    events = _w(lang, "events", n=verdict["events"])
    if verdict["valid"]:
        console.print(f"{head}  [bold green]{_w(lang, 'valid')}[/]  [dim]{events}[/]")
    else:
        count = len(verdict["violations"])
        console.print(f"{head}  [bold red]{_w(lang, 'violations_1' if count == 1 else 'violations_n', n=count)}[/]  [dim]{events}[/]")
    rounds = verdict.get("rounds") or []
    totals = verdict.get("totals") or {}
    if rounds:
        players = list(totals) or list(rounds[0]["players"])
        table = _rounds_by_player_columns(rounds, totals, players, lang)
        if Measurement.get(console, console.options.update_width(10_000), table).maximum <= console.width:
            console.print(table)
        else:  # too many players for the width: players down the side, rounds across, in slices that fit
            _print_rounds_across(rounds, totals, players, console, lang)
        legend = _legend(rounds, lang)
        if legend:
            console.print(f"[dim]{legend}[/]")
    if verdict.get("finished"):
        console.print(f"{_w(lang, 'winner')}: [bold]{escape(str(verdict['winner']))}[/]")
    elif verdict.get("game") is not None:
        console.print(f"[dim]{_w(lang, 'not_finished')}[/]")
    for v in verdict["violations"]:
        where = _w(lang, "where", line=v["line"])
        say(console, f"[red]{where}[/] ({_w(lang, 'event', event=v['event'])}) [bold]{v['code']}[/] [dim]\\[{v['rule']}][/]: ", v["message"])
        text = (source_lines or {}).get(v["line"])
        if text is not None:
            shown = text if len(text) <= _MAX_SHOWN else text[:_MAX_SHOWN] + f"… ({len(text)} characters)"
            _print_source(console, v["line"], shown)
    console.print()


def _print_source(console: Console, line: int, text: str) -> None:
    """An offending line under its violation, ``NNNNN | text``: in a laid-out console (``lays_out``)
    folded to the width, each further piece under the ``|``, since a log line has no words to wrap at."""
    lead = f"    {line:>5} | "
    room = console.width - len(lead)
    pieces = [text[i:i + room] for i in range(0, len(text), room)] if lays_out(console) and room >= 20 else [text]
    for number, piece in enumerate(pieces or [""]):
        shown_lead = lead if number == 0 else " " * (len(lead) - 2) + "| "
        console.print(f"[dim]{escape(shown_lead[:-1])}[/] {escape(piece)}", soft_wrap=True)


def _legend(rounds: list[Any], lang: str = "en") -> str:
    """The marks used in ``rounds``, explained (only marks that occur: a Vengeance game has no ❄;
    a round with none has no legend)."""
    used = {entry.get("outcome") for rnd in rounds for entry in rnd["players"].values()}
    return "  ".join(
        f"{mark} {_outcome_meaning(outcome, meaning, lang)}" for outcome, (mark, meaning) in _outcome_marks().items() if mark and outcome in used
    )


def _score_cell(rnd: Mapping[str, Any], player: str) -> str:
    entry = rnd["players"].get(player, {})
    mark = _outcome_marks().get(entry.get("outcome", ""), ("", ""))[0]
    return f"{entry.get('score', '')}{' ' + mark if mark else ''}"


def _rounds_by_player_columns(rounds: list[Any], totals: Mapping[str, int], players: list[str], lang: str = "en") -> Table:
    """One row per round, one column per player, totals last: the usual layout."""
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column(_w(lang, "round"), justify="right")
    table.add_column(_w(lang, "dealer"))
    for player in players:
        table.add_column(escape(player), justify="right")
    for rnd in rounds:
        table.add_row(str(rnd["round"]), escape(rnd["dealer"]), *(_score_cell(rnd, p) for p in players))
    table.add_section()
    table.add_row(_w(lang, "total"), "", *[f"[bold]{totals.get(p, 0)}[/]" for p in players])
    return table


#: Columns a round takes in the transposed layout (a score, a mark, the gap).
_ROUND_WIDTH = 7


def _print_rounds_across(rounds: list[Any], totals: Mapping[str, int], players: list[str], console: Console, lang: str = "en") -> None:
    """One row per player, one column per round, as many rounds per slice as the width holds; the
    dealers are named under each slice, the totals come with the last one."""
    name_width = min(24, max(6, *(len(p) for p in players)))
    per_slice = max(1, (console.width - name_width - 8) // _ROUND_WIDTH)
    for start in range(0, len(rounds), per_slice):
        part = rounds[start : start + per_slice]
        last = start + per_slice >= len(rounds)
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        table.add_column(_w(lang, "player"), max_width=name_width, no_wrap=True, overflow="ellipsis")
        for rnd in part:
            table.add_column(f"r{rnd['round']}", justify="right", no_wrap=True)
        if last:
            table.add_column(_w(lang, "total"), justify="right", no_wrap=True)
        for player in players:
            cells = [_score_cell(rnd, player) for rnd in part]
            table.add_row(escape(player), *cells, *([f"[bold]{totals.get(player, 0)}[/]"] if last else []))
        console.print(table)
        dealers = ", ".join(f"r{rnd['round']} {rnd['dealer']}" for rnd in part)
        console.print(f"[dim]{_w(lang, 'dealers')}: {escape(dealers)}[/]", soft_wrap=True)


def render_state(view: TableView, console: Console, lang: str = "en", told: Mapping[str, Any] | None = None) -> None:
    """Print the table as it stood after an event: who deals, the rows (with what the ruleset says
    about each), whose move and what is legal, cards still owed and set aside, the piles.

    ``lang`` is the language of the report's words; ``told`` holds what the referee says in that
    language in place of the view's English: ``did`` (sentences), ``next``, ``legal`` (statements)
    and ``stopped`` (the message)."""
    told = told or {}
    if view.game is None:
        console.print(_w(lang, "no_game"))
    else:
        rules = find_ruleset(str(view.ruleset))
        console.print(f"[bold]{escape(view.game)}[/] {_w(lang, 'after', n=view.after_event)}: {escape(_where(view, lang))}")
        did = told["did"] if "did" in told else [t for t in (_effect_text(e, rules) for e in view.effects or []) if t]
        if did:
            joined = " ".join(did) if "did" in told else "; ".join(did) + "."
            console.print(_w(lang, "did", n=view.after_event) + escape(joined))
        # a row's notes: the view's (English), or what the referee says in the asked language
        said: Mapping[str, list[str]] = told["notes"] if "notes" in told else {p.name: p.notes for p in view.players}
        table = _rows_table(view, rules, notes=True, lang=lang, said=said)
        if Measurement.get(console, console.options.update_width(10_000), table).maximum <= console.width:
            console.print(table)
        else:  # too wide with the notes beside the rows: the notes go under the table
            console.print(_rows_table(view, rules, notes=False, lang=lang, said=said))
            for p in view.players:
                if said.get(p.name):
                    console.print(f"{escape(p.name)}: {escape('; '.join(said[p.name]))}")
        legend = view_of(rules).status_legend() if lang == "en" else {}  # other languages name the status itself
        shown = list(dict.fromkeys(p.status for p in view.players if p.status and p.status in legend))
        if shown:
            console.print("[dim]" + escape(" · ".join(f"{s}: {legend[s]}" for s in shown)) + "[/]")
        if "next" in told:
            if told["next"]:
                console.print(_w(lang, "next") + escape(told["next"]))
        elif view.waiting_for is not None:
            console.print(f"Next: {escape(view.waiting_for.description)}.")
        moves = told["legal"] if "legal" in told else _legal_text(view.legal_moves or [], rules)
        if moves:
            sep = "; " if any("," in m or ":" in m for m in moves) else ", "  # grouped targets hold commas themselves
            console.print(_w(lang, "legal") + escape(sep.join(moves)))
        if lang == "en":  # in another language the owed cards are in what comes next
            for owed in view.cards_owed or []:
                if owed.action_card is None:  # the one card of a hit: the Next line says so
                    continue
                console.print(f"Still owed: {escape(owed.player)} takes {_count(owed.cards)} more {escape(owed.reason)}.")
            for pending in view.pending or []:
                if pending.set_aside:
                    reach = ", ".join(pending.may_go_to) or "nobody (it would be discarded)"
                    console.print(f"Set aside: {escape(pending.holder)}'s {escape(rules.card_name(pending.card))}, if used now: {escape(reach)}.")
            if view.set_aside:
                console.print("In play: " + escape(_cards(rules, view.set_aside, ", ")))
        console.print(_w(lang, "draw_pile") + _count(view.draw_pile_size or 0, lang) + escape(_pile(rules, view.draw_pile)))
        discards = view.discard_pile or {}
        if discards:
            console.print(_w(lang, "discard_pile") + _count(sum(discards.values()), lang) + escape(_pile(rules, discards)))
        if view.finished:
            console.print(escape(_w(lang, "over", winner=view.winner)))
    stop = view.stopped_by
    if stop:
        message = told.get("stopped") or stop.message
        console.print(f"[red]{escape(_w(lang, 'stopped', line=stop.line, event=stop.event, code=stop.code))}[/]: {escape(message)}", soft_wrap=True)


def _effect_text(e: EffectView, rules: Ruleset) -> str | None:
    """One thing the event did, in a few words (``EffectView``); None for what the rest of the
    view says already (the scores of a round just ended are in the rows' totals)."""
    name = rules.card_name
    card = name(e.card) if e.card is not None else ""
    cards = ", ".join(name(c) for c in e.cards or [])
    match e.effect:
        case "placed":
            return f"{card} to {e.player}'s row"
        case "kept":
            return f"{e.player} keeps {card}"
        case "busted":
            return f"{e.player} busts with {card}"
        case "saved":
            return f"{e.player}'s {name(e.cover or '')} cancels the {card}"
        case "put_out":
            return f"{e.player} {rules.status_words.get(e.status or '', e.status)}" + (f" by {e.by}" if e.by else "")
        case "wiped":
            return f"{card} clears {cards} from {e.player}'s row" if cards else None
        case "moved":
            where = f"to {e.to}'s row" if e.to is not None else "to the discard pile"
            return f"{name(e.action or '')}: {e.source}'s {card} {where}"
        case "given":
            return f"{e.holder} gives {card} to {e.to}"
        case "draws_owed":
            return f"{e.player} owes {_count(e.n or 0)} for {name(e.action_card or '')}"
        case "set_aside":
            return f"{card} set aside"
        case "aside_done":
            return f"set-aside {cards} {e.fate}"
        case "awaits":
            return f"{e.player} must choose for {card}"
        case "discarded":
            return f"{card} discarded unused"
        case "stayed":
            return f"{e.player} stays"
        case "flip7":
            return f"{e.player} makes Flip 7"
        case "round_ended":
            return f"round {e.round} ends" + (f" with {e.flip7_player}'s Flip 7" if e.flip7_player else "")
    return None


def _rows_table(view: TableView, rules: Ruleset, *, notes: bool, lang: str = "en", said: Mapping[str, list[str]] | None = None) -> Table:
    """One line per player in seating order; a notes column when ``notes`` and some row has one
    (``said``: each player's notes, the view's when not given)."""
    said = said if said is not None else {p.name: p.notes for p in view.players}
    notes = notes and any(said.get(p.name) for p in view.players)
    table = Table(header_style="bold", box=None, pad_edge=False)
    for col in ("player", "status", "numbers", "modifiers", *(("notes",) if notes else ()), "round", "total"):
        table.add_column(_w(lang, col), justify="right" if col in ("round", "total") else "left")
    sep = _separator(rules, [c for p in view.players for c in (*p.numbers, *p.modifiers)])
    for p in view.players:
        table.add_row(
            escape(p.name), escape(_status(p.status, lang)), escape(_cards(rules, p.numbers, sep)), escape(_cards(rules, p.modifiers, sep)),
            *((escape("; ".join(said.get(p.name, []))),) if notes else ()),
            "" if p.round_score is None else str(p.round_score), str(p.total),
        )
    return table


def _status(status: str | None, lang: str) -> str:
    """A row's status as the rows table shows it: the view's word, or in another language the
    referee's word for that outcome (a player still in "spielt noch")."""
    if not status or lang == "en":
        return str(status or "-")
    return _outcome_meaning("playing" if status == "active" else status, status, lang)


def _where(view: TableView, lang: str = "en") -> str:
    """Where the game stands and who deals: "round 2, dealt by Ben", "before round 1: Ana deals"."""
    if view.round:
        return _w(lang, "in_round", round=view.round, dealer=view.dealer)
    if view.finished:
        return _w(lang, "game_over", n=view.rounds_finished)
    nxt = (view.rounds_finished or 0) + 1
    if nxt == 1:
        return _w(lang, "before_first", dealer=view.next_dealer)
    return _w(lang, "between", n=view.rounds_finished, dealer=view.next_dealer, next=nxt)


def _count(cards: int, lang: str = "en") -> str:
    return _w(lang, "cards_1" if cards == 1 else "cards_n", n=cards)


def _separator(rules: Ruleset, cards: list[str]) -> str:
    """A space between cards, or a comma once some card's name has a space ("The Zero")."""
    return ", " if any(" " in rules.card_name(c) for c in cards) else " "


def _cards(rules: Ruleset, cards: list[str], sep: str) -> str:
    """Cards by the names players use ("The Zero", "Unlucky 7"), or "-" for none."""
    return sep.join(rules.card_name(c) for c in cards) or "-"


def _pile(rules: Ruleset, pile: Mapping[str, int] | None) -> str:
    """``: 0×1, 1×1, …, Freeze×2`` in the order the view gives (the ruleset's deck order)."""
    return (": " + ", ".join(f"{rules.card_name(c)}×{k}" for c, k in pile.items())) if pile else ""


def _legal_text(moves: list[dict[str, Any]], rules: Ruleset) -> list[str]:
    """The legal moves in words, the ``target`` events of one card grouped: "Cem gives Freeze to
    Ana, Ben", "Cem plays Steal on one card of: Ana's 9, -2; Ben's 5" (a Swap lists the rows once,
    not every pair)."""
    parts: list[str] = []
    groups: dict[tuple[str, str, str], dict[str, list[str]]] = {}
    for move in moves:
        if move["type"] != "target":
            parts.append(_move_text(move))
            continue
        shape = "two" if "other" in move else "one" if "target_card" in move else "give"
        rows = groups.setdefault((move["player"], move["card"], shape), {})
        named = [(move["target"], move.get("target_card")), (move.get("other"), move.get("other_card"))]
        for who, taken in named:
            if who is None:
                continue
            cards = rows.setdefault(who, [])
            if taken is not None and taken not in cards:
                cards.append(taken)
    for (player, card, shape), rows in groups.items():
        name = rules.card_name(card)
        if shape == "give":
            parts.append(f"{player} gives {name} to {', '.join(rows)}")
            continue
        listed = "; ".join(f"{who}'s {', '.join(rules.card_name(c) for c in taken)}" for who, taken in rows.items())
        how = "one card of" if shape == "one" else "two cards of different rows, from"
        parts.append(f"{player} plays {name} on {how}: {listed}")
    return parts


def _move_text(move: Mapping[str, Any]) -> str:
    kind = move["type"]
    if kind == "round":
        return f"round {move['round']} (dealer {move['dealer']})"
    if kind in ("hit", "stay"):
        return f"{move['player']} {kind}s"
    return kind
