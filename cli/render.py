"""Readable terminal reports of verdicts and table states (rich tables)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.measure import Measurement
from rich.table import Table

from adjudicator.cards import CARD_LABELS
from adjudicator.rules import Ruleset, find_ruleset
from adjudicator.table import TableView

_OUTCOME_MARK = {"stayed": "", "frozen": " ❄", "busted": " ✗", "flip7": " ★", "in": " ·", "playing": " …"}
_MAX_SHOWN = 160


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


def render_verdict(verdict: Mapping[str, Any], console: Console, source_lines: Mapping[int, str] | None = None, name: str | None = None) -> None:
    """Print a verdict for people: a header, round-by-round scores, totals, winner, violations.

    ``source_lines`` maps line numbers to their text so each violation shows its offending line.
    """
    title = verdict.get("game") or "(no game id)"
    head = f"[bold]{escape(str(title))}[/]" + (f"  [dim]{escape(name)}[/]" if name else "")
    if verdict["valid"]:
        console.print(f"{head}  [bold green]✓ valid[/]  [dim]{verdict['events']} events[/]")
    else:
        count = len(verdict["violations"])
        console.print(f"{head}  [bold red]✗ {count} violation{'s' if count != 1 else ''}[/]  [dim]{verdict['events']} events[/]")
    rounds = verdict.get("rounds") or []
    totals = verdict.get("totals") or {}
    if rounds:
        players = list(totals) or list(rounds[0]["players"])
        table = _rounds_by_player_columns(rounds, totals, players)
        if Measurement.get(console, console.options.update_width(10_000), table).maximum <= console.width:
            console.print(table)
        else:  # too many players for the width: players down the side, rounds across, in slices that fit
            _print_rounds_across(rounds, totals, players, console)
        console.print("[dim]❄ frozen  ✗ busted  ★ Flip 7  · still in at another's Flip 7  … round not over[/]")
    if verdict.get("finished"):
        console.print(f"Winner: [bold]{escape(str(verdict['winner']))}[/]")
    elif verdict.get("game") is not None:
        console.print("[dim]The game is not finished.[/]")
    for v in verdict["violations"]:
        console.print(
            f"[red]line {v['line']}[/] (event {v['event']}) [bold]{v['code']}[/] [dim]\\[{v['rule']}][/]: {escape(v['message'])}",
            soft_wrap=True,
        )
        text = (source_lines or {}).get(v["line"])
        if text is not None:
            shown = text if len(text) <= _MAX_SHOWN else text[:_MAX_SHOWN] + f"… ({len(text)} characters)"
            console.print(f"    [dim]{v['line']:>5} |[/] {escape(shown)}", soft_wrap=True)
    console.print()


def _score_cell(rnd: Mapping[str, Any], player: str) -> str:
    entry = rnd["players"].get(player, {})
    return f"{entry.get('score', '')}{_OUTCOME_MARK.get(entry.get('outcome', ''), '')}"


def _rounds_by_player_columns(rounds: list[Any], totals: Mapping[str, int], players: list[str]) -> Table:
    """One row per round, one column per player, totals last: the usual layout."""
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("round", justify="right")
    table.add_column("dealer")
    for player in players:
        table.add_column(escape(player), justify="right")
    for rnd in rounds:
        table.add_row(str(rnd["round"]), escape(rnd["dealer"]), *(_score_cell(rnd, p) for p in players))
    table.add_section()
    table.add_row("total", "", *[f"[bold]{totals.get(p, 0)}[/]" for p in players])
    return table


#: Columns a round takes in the transposed layout (a score, a mark, the gap).
_ROUND_WIDTH = 7


def _print_rounds_across(rounds: list[Any], totals: Mapping[str, int], players: list[str], console: Console) -> None:
    """One row per player, one column per round, as many rounds per slice as the width holds; the
    dealers are named under each slice, the totals come with the last one."""
    name_width = min(24, max(6, *(len(p) for p in players)))
    per_slice = max(1, (console.width - name_width - 8) // _ROUND_WIDTH)
    for start in range(0, len(rounds), per_slice):
        part = rounds[start : start + per_slice]
        last = start + per_slice >= len(rounds)
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        table.add_column("player", max_width=name_width, no_wrap=True, overflow="ellipsis")
        for rnd in part:
            table.add_column(f"r{rnd['round']}", justify="right", no_wrap=True)
        if last:
            table.add_column("total", justify="right", no_wrap=True)
        for player in players:
            cells = [_score_cell(rnd, player) for rnd in part]
            table.add_row(escape(player), *cells, *([f"[bold]{totals.get(player, 0)}[/]"] if last else []))
        console.print(table)
        dealers = ", ".join(f"r{rnd['round']} {rnd['dealer']}" for rnd in part)
        console.print(f"[dim]dealers: {escape(dealers)}[/]", soft_wrap=True)


def render_state(view: TableView, console: Console) -> None:
    """Print the table as it stood after an event: who deals, the rows (with what the ruleset says
    about each), whose move and what is legal, cards still owed and set aside, the piles."""
    if view.game is None:
        console.print("No game has begun at this point.")
    else:
        rules = find_ruleset(str(view.ruleset))
        console.print(f"[bold]{escape(view.game)}[/] after event {view.after_event}: {escape(_where(view))}", soft_wrap=True)
        show_notes = any(p.notes for p in view.players)
        table = Table(header_style="bold", box=None, pad_edge=False)
        for col in ("player", "status", "numbers", "modifiers", *(("notes",) if show_notes else ()), "round", "total"):
            table.add_column(col, justify="right" if col in ("round", "total") else "left")
        for p in view.players:
            table.add_row(
                escape(p.name), str(p.status or "-"), escape(_cards(rules, p.numbers)), escape(_cards(rules, p.modifiers)),
                *((escape("; ".join(p.notes)),) if show_notes else ()),
                "" if p.round_score is None else str(p.round_score), str(p.total),
            )
        console.print(table)
        legend = rules.status_legend()
        shown = list(dict.fromkeys(p.status for p in view.players if p.status and p.status in legend))
        if shown:
            console.print("[dim]" + escape(" · ".join(f"{s}: {legend[s]}" for s in shown)) + "[/]")
        if view.waiting_for is not None:
            console.print(f"Next: {escape(view.waiting_for.description)}.")
        moves = [_move_text(m) for m in view.legal_moves or []]
        if moves:
            console.print("Legal now: " + escape(", ".join(moves)))
        for owed in view.cards_owed or []:
            console.print(f"Still owed: {escape(owed.player)} takes {_count(owed.cards)} more {escape(owed.reason)}.")
        for pending in view.pending or []:
            if pending.set_aside:
                reach = ", ".join(pending.may_go_to) or "nobody (it would be discarded)"
                console.print(f"Set aside: {escape(pending.holder)}'s {escape(rules.card_name(pending.card))}, if used now: {escape(reach)}.")
        if view.set_aside:
            console.print("In play: " + escape(_cards(rules, view.set_aside, ", ")))
        console.print(f"Draw pile: {_count(view.draw_pile_size or 0)}" + escape(_pile(rules, view.draw_pile)))
        discards = view.discard_pile or {}
        if discards:
            console.print(f"Discard pile: {_count(sum(discards.values()))}" + escape(_pile(rules, discards)))
        if view.finished:
            console.print(f"The game is over: {escape(str(view.winner))} won.")
    stop = view.stopped_by
    if stop:
        console.print(f"[red]The replay stopped at line {stop.line} (event {stop.event}): {stop.code}[/]: {escape(stop.message)}", soft_wrap=True)


def _where(view: TableView) -> str:
    """Where the game stands and who deals: "round 2, dealt by Ben", "before round 1: Ana deals"."""
    if view.round:
        return f"round {view.round}, dealt by {view.dealer}"
    if view.finished:
        return f"the game is over after {view.rounds_finished} rounds"
    nxt = (view.rounds_finished or 0) + 1
    if nxt == 1:
        return f"before round 1: {view.next_dealer} deals first"
    return f"between rounds ({view.rounds_finished} finished): {view.next_dealer} deals round {nxt}"


def _count(cards: int) -> str:
    return f"{cards} card{'s' if cards != 1 else ''}"


def _cards(rules: Ruleset, cards: list[str], sep: str = " ") -> str:
    """Cards by the names players use ("The Zero", "Unlucky 7"); separated by commas once a name has a space."""
    names = [rules.card_name(c) for c in cards]
    if any(" " in n for n in names):
        sep = ", "
    return sep.join(names) or "-"


def _pile(rules: Ruleset, pile: Mapping[str, int] | None) -> str:
    """``: 0×1, 1×1, …, Freeze×2`` in the order the view gives (the ruleset's deck order)."""
    return (": " + ", ".join(f"{rules.card_name(c)}×{k}" for c, k in pile.items())) if pile else ""


def _move_text(move: Mapping[str, Any]) -> str:
    kind = move["type"]
    if kind == "target":
        card = CARD_LABELS.get(move["card"], move["card"])
        if "other" in move:  # a card of one row for a card of another
            return f"{move['player']} {card}s {move['target']}'s {move['target_card']} with {move['other']}'s {move['other_card']}"
        if "target_card" in move:  # a card taken from (or thrown out of) a row
            return f"{move['player']} {card}s {move['target']}'s {move['target_card']}"
        return f"{move['player']} gives {card} to {move['target']}"
    if kind == "round":
        return f"round {move['round']} (dealer {move['dealer']})"
    if kind in ("hit", "stay"):
        return f"{move['player']} {kind}s"
    return kind
