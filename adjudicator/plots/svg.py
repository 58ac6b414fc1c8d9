"""Two small chart kinds drawn as standalone SVG text: bars (grouped, with ranges and marks) and lines.

No dependency and no I/O: a chart (``Chart``) is a pure function of its data. Its SVG scales to its container
(``viewBox`` with a width of 100 %), carries a ``<title>`` and ``<desc>`` for screen readers, and
every bar or point has a tooltip (``<title>``) with its exact value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

WIDTH = 640
HEIGHT = 360
_LEFT, _RIGHT, _TOP, _BOTTOM = 56, 16, 44, 72
_MAX_BAR = 96  # a lone bar stays a bar, not a wall
#: Colours that stay apart for the common colour-vision deficiencies (Okabe and Ito).
PALETTE = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#000000")
_FONT = "font-family=\"system-ui, sans-serif\""


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: its label under the axis, its value, and optionally a range (whisker) and a mark."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None
    mark: float | None = None  # a reference value drawn as a dashed tick across the bar
    note: str = ""  # added to the tooltip


@dataclass(frozen=True, slots=True)
class BarGroup:
    """Bars drawn side by side under one group label (a group with one bar is a plain bar chart)."""

    label: str
    bars: Sequence[Bar]


@dataclass(frozen=True, slots=True)
class Series:
    """One line of a line chart: a name for the legend and its (x, y) points."""

    name: str
    points: Sequence[tuple[float, float]]
    notes: Sequence[str] = field(default_factory=tuple)
    dashed: bool = False


def _fmt(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _nice_max(value: float) -> float:
    """A round axis maximum at or above ``value`` (1, 2, 2.5, 5 times a power of ten)."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if value <= step * power * (1 + 1e-9):
            return step * power
    return 10 * power  # pragma: no cover - the loop always returns


def _tick_count(y_max: float) -> int:
    """Grid steps that land on round numbers: 4 for 1 and 2 (× 10ⁿ), 5 for 2.5, 5 and 10."""
    lead = y_max / 10 ** math.floor(math.log10(y_max))
    return 4 if round(lead, 6) in (1.0, 2.0) else 5


@dataclass(frozen=True, slots=True)
class Chart:
    """A drawn chart: its title and description (for screen readers), height and SVG elements."""

    title: str
    description: str
    height: int
    body: str

    def svg(self) -> str:
        """The chart as a standalone SVG document that scales to its container."""
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {self.height}" width="100%" role="img" '
            f'aria-labelledby="t d" style="max-width:{WIDTH}px;height:auto;background:#fff" {_FONT} font-size="13">\n'
            f'<title id="t">{escape(self.title)}</title><desc id="d">{escape(self.description)}</desc>\n{self.body}\n</svg>\n'
        )


def stack(charts: Sequence[Chart], *, gap: int = 24) -> str:
    """Several charts one under the other in one SVG document (a report file)."""
    parts, y = [], 0
    for chart in charts:
        parts.append(f'<g transform="translate(0 {y})"><title>{escape(chart.title)}</title>\n{chart.body}\n</g>')
        y += chart.height + gap
    total = max(y - gap, 1)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {total}" width="{WIDTH}" height="{total}" '
        f'{_FONT} font-size="12">\n<rect width="100%" height="100%" fill="#fff"/>\n' + "\n".join(parts) + "\n</svg>\n"
    )


def axis_range(lowest: float, y_max: float) -> tuple[float, float]:
    """The y axis from ``lowest`` (0 unless a value is below 0) to ``y_max``, both on round steps:
    ``(0, y_max)`` as given when nothing is negative."""
    if lowest >= 0:
        return 0.0, y_max
    step = _nice_max((y_max - lowest) / 5)
    return step * math.floor(lowest / step + 1e-9), step * math.ceil(y_max / step - 1e-9)


def _frame(title: str, description: str, body: list[str], y_label: str, y_max: float, x_label: str, *, y_min: float = 0.0) -> Chart:
    plot_h = HEIGHT - _TOP - _BOTTOM
    parts = [f'<text x="{WIDTH / 2}" y="20" text-anchor="middle" font-size="16" font-weight="600">{escape(title)}</text>']
    ticks = _tick_count(y_max) if y_min == 0 else round((y_max - y_min) / _nice_max((y_max - y_min) / 5))
    for i in range(ticks + 1):  # grid and y ticks
        value = y_min + (y_max - y_min) * i / ticks
        y = _TOP + plot_h - plot_h * i / ticks
        parts.append(f'<line x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" fill="#333">{escape(_fmt(value))}</text>')
    parts.append(
        f'<text transform="translate(14 {_TOP + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle" fill="#333">{escape(y_label)}</text>'
    )
    parts.append(f'<text x="{(_LEFT + WIDTH - _RIGHT) / 2}" y="{HEIGHT - 8}" text-anchor="middle" fill="#333">{escape(x_label)}</text>')
    parts.extend(body)
    zero = _TOP + plot_h + plot_h * y_min / (y_max - y_min)  # the axis line is at 0, below 0 only where values are
    parts.append(f'<line x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{_fmt(round(zero, 1))}" y2="{_fmt(round(zero, 1))}" stroke="#333"/>')
    return Chart(title, description, HEIGHT, "\n".join(parts))


#: What a figure with nothing to draw says (``empty=`` of the charts: in the figure's language).
NO_DATA = "No data yet: no stored game counts for this figure."


def _empty(title: str, description: str, empty: str = NO_DATA) -> Chart:
    body = (
        f'<text x="{WIDTH / 2}" y="28" text-anchor="middle" font-size="15" font-weight="600">{escape(title)}</text>'
        f'<text x="{WIDTH / 2}" y="72" text-anchor="middle" fill="#555">{escape(empty)}</text>'
    )
    return Chart(title, description, 110, body)


def _legend(names: Sequence[tuple[str, str, bool]]) -> list[str]:
    parts: list[str] = []
    x: float = _LEFT
    for name, colour, dashed in names:
        dash = ' stroke-dasharray="5 3"' if dashed else ""
        parts.append(f'<line x1="{x}" x2="{x + 18}" y1="34" y2="34" stroke="{colour}" stroke-width="3"{dash}/>')
        parts.append(f'<text x="{x + 22}" y="38" fill="#333">{escape(name)}</text>')
        x += 40 + 7.5 * len(name)  # DejaVu Sans at 13 px: about 7.5 units a character
    return parts


def bar_chart(
    title: str,
    description: str,
    groups: Sequence[BarGroup],
    *,
    y_label: str,
    x_label: str,
    y_max: float | None = None,
    mark_label: str | None = None,
    legend: Sequence[tuple[str, str, bool]] = (),
    empty: str = NO_DATA,
) -> Chart:
    """Bars in groups (one colour per position in a group), with optional whiskers and dashed marks.

    Values below 0 (Brutal's round scores) extend the axis below 0; ``legend`` adds entries (name,
    colour, dashed) to the legend line at the top."""
    if not any(group.bars for group in groups):
        return _empty(title, description, empty)
    top = max(max(b.value, b.high or 0, b.mark or 0) for g in groups for b in g.bars)
    bottom = min(min(b.value, b.low or 0, b.mark or 0) for g in groups for b in g.bars)
    y_min, y_max = axis_range(bottom, y_max or _nice_max(top))
    plot_w, plot_h = WIDTH - _LEFT - _RIGHT, HEIGHT - _TOP - _BOTTOM
    n_bars = sum(len(g.bars) for g in groups) + (len(groups) - 1)  # one bar's gap between groups
    slot = plot_w / max(n_bars, 1)
    width = min(max(slot * 0.8, 1.0), _MAX_BAR)

    def y_of(v: float) -> float:
        return _TOP + plot_h - plot_h * (max(y_min, min(v, y_max)) - y_min) / (y_max - y_min)

    body: list[str] = []
    position = 0
    last_label_end = -math.inf
    for g, group in enumerate(groups):
        start = position
        colour = PALETTE[4] if g % 2 and len(group.bars) > 1 else PALETTE[0]  # neighbouring groups told apart
        for bar in group.bars:
            x = _LEFT + slot * position + (slot - width) / 2
            tip = f"{group.label} {bar.label}: {_fmt(bar.value)}{' ' + bar.note if bar.note else ''}".strip()
            body.append(
                f'<rect x="{x:.1f}" y="{min(y_of(bar.value), y_of(0)):.1f}" width="{width:.1f}" height="{abs(y_of(0) - y_of(bar.value)):.1f}" '
                f'fill="{colour}"><title>{escape(tip)}</title></rect>'
            )
            middle = x + width / 2
            if bar.low is not None and bar.high is not None:
                body.append(
                    f'<path d="M{middle:.1f} {y_of(bar.low):.1f}V{y_of(bar.high):.1f}M{middle - 4:.1f} {y_of(bar.low):.1f}h8'
                    f'M{middle - 4:.1f} {y_of(bar.high):.1f}h8" stroke="#222" stroke-width="1.5" fill="none"/>'
                )
            if bar.mark is not None:
                body.append(
                    f'<line x1="{x - 2:.1f}" x2="{x + width + 2:.1f}" y1="{y_of(bar.mark):.1f}" y2="{y_of(bar.mark):.1f}" '
                    'stroke="#222" stroke-width="2" stroke-dasharray="4 2"/>'
                )
            if len(group.bars) > 1 and slot >= 14:
                body.append(f'<text x="{middle:.1f}" y="{_TOP + plot_h + 14}" text-anchor="middle" font-size="10" fill="#333">{escape(bar.label)}</text>')
            position += 1
        centre = _LEFT + slot * (start + position) / 2
        label = group.label if len(group.bars) > 1 else group.bars[0].label
        row = 30 if len(group.bars) > 1 else 16
        half = 3.4 * len(label)  # about half the label's width at 12 px
        if centre - half < last_label_end:  # would overlap the previous label: one line lower
            row += 13
        else:
            last_label_end = centre + half
        body.append(f'<text x="{centre:.1f}" y="{_TOP + plot_h + row}" text-anchor="middle" fill="#333">{escape(label)}</text>')
        position += 1
    entries = [*legend, *([(mark_label, "#222", True)] if mark_label else [])]
    if entries:
        body.extend(_legend(entries))
    return _frame(title, description, body, y_label, y_max, x_label, y_min=y_min)


def line_chart(
    title: str,
    description: str,
    series: Sequence[Series],
    *,
    y_label: str,
    x_label: str,
    y_max: float | None = None,
    empty: str = NO_DATA,
) -> Chart:
    """Lines with dots over a numeric x axis (integer ticks), one colour per series, with a legend."""
    points = [p for s in series for p in s.points]
    if not points:
        return _empty(title, description, empty)
    y_max = y_max or _nice_max(max(y for _, y in points))
    x_min, x_max = min(x for x, _ in points), max(x for x, _ in points)
    span = (x_max - x_min) or 1
    plot_w, plot_h = WIDTH - _LEFT - _RIGHT - 20, HEIGHT - _TOP - _BOTTOM

    def xy(x: float, y: float) -> tuple[float, float]:
        return _LEFT + 10 + plot_w * (x - x_min) / span, _TOP + plot_h - plot_h * max(0.0, min(y, y_max)) / y_max

    body: list[str] = []
    for x in sorted({x for x, _ in points}):
        px, _ = xy(x, 0)
        body.append(f'<text x="{px:.1f}" y="{_TOP + plot_h + 16}" text-anchor="middle" fill="#333">{escape(_fmt(x))}</text>')
    for i, s in enumerate(series):
        colour = PALETTE[i % len(PALETTE)]
        coords = [xy(x, y) for x, y in s.points]
        dash = ' stroke-dasharray="6 4"' if s.dashed else ""
        path = " ".join(f"{'M' if j == 0 else 'L'}{px:.1f} {py:.1f}" for j, (px, py) in enumerate(coords))
        body.append(f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="2.5"{dash}/>')
        for j, ((px, py), (x, y)) in enumerate(zip(coords, s.points, strict=True)):
            note = s.notes[j] if j < len(s.notes) else ""
            tip = f"{s.name} at {_fmt(x)}: {_fmt(y)}{' (' + note + ')' if note else ''}"
            body.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="4" fill="{colour}"><title>{escape(tip)}</title></circle>')
    body.extend(_legend([(s.name, PALETTE[i % len(PALETTE)], s.dashed) for i, s in enumerate(series)]))
    return _frame(title, description, body, y_label, y_max, x_label)
