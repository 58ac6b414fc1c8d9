"""``flip7 stats --plot FILE``: the statistics page's figures in one file, SVG or PNG, for reports."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from adjudicator.plots import DECISIONS_STATISTIC, FIGURES, FIGURES_BY_NAME, RULESETS_STATISTIC, figures_present, render_report
from adjudicator.plots.png import to_png
from adjudicator.store import Store
from cli.common import fail
from cli.remote import RemoteStore


def check_figures(names: list[str] | None) -> None:
    """End the command (exit 2) when ``--figure`` names a figure there is not."""
    unknown = [n for n in names or [] if n not in FIGURES_BY_NAME]
    if unknown:
        fail(f"--figure: no figure named {unknown[0]!r} (there are: {', '.join(FIGURES_BY_NAME)})")


#: What ``--plot`` writes, by the file name's ending.
PLOT_FORMATS = (".svg", ".png")


def check_plot_path(path: str) -> None:
    """End the command (exit 2) when ``--plot`` names a file of a kind it does not write (a
    ``.pdf`` would otherwise get SVG inside)."""
    if path != "-" and not path.lower().endswith(PLOT_FORMATS):
        suffix = Path(path).suffix or "(no ending)"
        fail(f"--plot: {path}: only .svg and .png files are written, not {suffix} (for a PDF, convert the SVG, e.g. with a browser's print)")


def write_plot(
    store: Store | RemoteStore, path: str, *, names: list[str] | None, player: str | None, since: datetime | None, ruleset: str | None = None,
    lang: str = "en",
) -> str:
    """Draw the figures over the store into ``path``: SVG, or PNG when it ends in ``.png`` (``-``:
    SVG on standard output), labelled in ``lang``; say what was done. Without ``names``, every figure of the games
    counted (a Vengeance figure only where Vengeance games are); with them, exactly those."""
    figures = [FIGURES_BY_NAME[n] for n in names] if names else list(FIGURES)
    statistics = list(dict.fromkeys([*(f.statistic for f in figures), RULESETS_STATISTIC, DECISIONS_STATISTIC]))
    results = store.stats(player=player, since=since, names=statistics, ruleset=ruleset)
    if not names:
        by_name = {r.statistic.name: r for r in results}
        figures = figures_present(figures, by_name[RULESETS_STATISTIC], by_name[DECISIONS_STATISTIC])
    svg = render_report(figures, results, lang)
    if path == "-":
        return svg
    try:
        if path.lower().endswith(".png"):
            Path(path).write_bytes(to_png(svg))
        else:
            Path(path).write_text(svg, encoding="utf-8")
    except OSError as exc:
        fail(f"--plot: cannot write {path}: {exc.strerror or exc}")
    if lang == "de":
        return f"{len(figures)} Abbildung{'en' if len(figures) != 1 else ''} nach {path} geschrieben: {', '.join(f.name for f in figures)}"
    return f"wrote {len(figures)} figure{'s' if len(figures) != 1 else ''} to {path}: {', '.join(f.name for f in figures)}"
