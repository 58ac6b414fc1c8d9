"""``flip7 stats --plot FILE``: the statistics page's figures written to one SVG file, for reports."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from adjudicator.plots import FIGURES, FIGURES_BY_NAME, render_report
from adjudicator.store import Store
from cli.common import fail
from cli.remote import RemoteStore


def check_figures(names: list[str] | None) -> None:
    """End the command (exit 2) when ``--figure`` names a figure there is not."""
    unknown = [n for n in names or [] if n not in FIGURES_BY_NAME]
    if unknown:
        fail(f"--figure: no figure named {unknown[0]!r} (there are: {', '.join(FIGURES_BY_NAME)})")


def write_plot(store: Store | RemoteStore, path: str, *, names: list[str] | None, player: str | None, since: datetime | None) -> str:
    """Draw the figures (``names``, else all) over the store into ``path`` (``-``: standard output); say what was done."""
    figures = [FIGURES_BY_NAME[n] for n in names] if names else list(FIGURES)
    statistics = list(dict.fromkeys(f.statistic for f in figures))
    svg = render_report(figures, store.stats(player=player, since=since, names=statistics))
    if path == "-":
        return svg
    try:
        Path(path).write_text(svg, encoding="utf-8")
    except OSError as exc:
        fail(f"--plot: cannot write {path}: {exc.strerror or exc}")
    return f"wrote {len(figures)} figure(s) to {path}: {', '.join(f.name for f in figures)}"
