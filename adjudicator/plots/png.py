"""The figures as PNG: the SVG of ``adjudicator.plots`` rasterised with resvg (``resvg-py``, a
self-contained wheel: no system library, no browser).

Text is drawn with the machine's fonts (resvg looks them up itself; Debian's ``fonts-dejavu-core``
comes with any desktop package, Chromium's included). On a machine with no font at all the
bars, lines and grid are still drawn, without their labels.
"""

from __future__ import annotations

import resvg_py

#: PNG pixels per SVG unit: a 640-unit-wide figure becomes 1280 pixels, sharp on a phone or in print.
SCALE = 2.0
PNG_MEDIA_TYPE = "image/png"


def to_png(svg: str, *, scale: float = SCALE) -> bytes:
    """The SVG document ``svg`` as PNG bytes, ``scale`` pixels per unit, on a white background."""
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=scale, background="#ffffff"))
