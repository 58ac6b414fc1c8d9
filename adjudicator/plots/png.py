"""The figures as PNG: the SVG of ``adjudicator.plots`` rasterised with resvg (``resvg-py``, a
self-contained wheel: no system library, no browser).

Text is drawn with DejaVu Sans, shipped beside this module (``fonts/``, under the Bitstream Vera
licence in ``fonts/LICENSE``) and named as the SVG's generic ``sans-serif``: resvg would otherwise
look for Arial there, which a stock Debian machine (DejaVu only) does not have, and draw no text at
all. The machine's own fonts are still loaded, for the characters DejaVu lacks (names in other
scripts).
"""

from __future__ import annotations

from pathlib import Path

import resvg_py

#: PNG pixels per SVG unit: a 640-unit-wide figure becomes 1280 pixels, sharp on a phone or in print.
SCALE = 2.0
PNG_MEDIA_TYPE = "image/png"
#: The font every figure's text is drawn with, whatever the machine has.
FONT_FAMILY = "DejaVu Sans"
FONT_FILES = [str(p) for p in sorted((Path(__file__).resolve().parent / "fonts").glob("*.ttf"))]


def to_png(svg: str, *, scale: float = SCALE, system_fonts: bool = True) -> bytes:
    """The SVG document ``svg`` as PNG bytes, ``scale`` pixels per unit, on a white background.

    ``system_fonts=False`` uses the shipped font alone (as on a machine with no font installed)."""
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg, zoom=scale, background="#ffffff", font_files=FONT_FILES, skip_system_fonts=not system_fonts,
            font_family=FONT_FAMILY, sans_serif_family=FONT_FAMILY,
        )
    )
