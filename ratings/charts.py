"""A rating history drawn as SVG on the server: no script, no library, readable on a phone.

Pure: numbers in, markup out (only numbers, letters and a few signs reach the markup, so nothing needs
escaping).
"""

from __future__ import annotations

from collections.abc import Sequence


def rating_chart_svg(points: Sequence[float], *, width: int = 320, height: int = 120, label: str = "") -> str:
    """A line of ratings after each game, starting from the rating before the first, with the
    lowest and highest values marked on the left."""
    if not points:
        return ""
    pad_left, pad, inner_w, inner_h = 38, 8, width - 38 - 8, height - 16
    low, high = min(points), max(points)
    if high - low < 20:  # keep small changes from looking dramatic
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    step = inner_w / max(1, len(points) - 1)

    def xy(i: int, value: float) -> tuple[float, float]:
        return pad_left + i * step, pad + inner_h * (1 - (value - low) / (high - low))

    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, v) for i, v in enumerate(points)))
    last_x, last_y = xy(len(points) - 1, points[-1])
    title = f"{label}: {points[0]:.0f} → {points[-1]:.0f}" if label else f"{points[0]:.0f} → {points[-1]:.0f}"
    title = "".join(c for c in title if c.isalnum() or c in " :→.-()")  # letters, numbers and these signs only
    return (
        f'<svg class="rating-chart" viewBox="0 0 {width} {height}" width="100%" role="img" '
        f'aria-label="{title}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{title}</title>"
        f'<line x1="{pad_left}" y1="{pad}" x2="{pad_left}" y2="{pad + inner_h}" stroke="#ddd6c8"/>'
        f'<line x1="{pad_left}" y1="{pad + inner_h}" x2="{width - pad}" y2="{pad + inner_h}" stroke="#ddd6c8"/>'
        f'<text x="{pad_left - 4}" y="{pad + 4}" font-size="10" text-anchor="end" fill="#6b7080">{high:.0f}</text>'
        f'<text x="{pad_left - 4}" y="{pad + inner_h}" font-size="10" text-anchor="end" fill="#6b7080">{low:.0f}</text>'
        f'<polyline points="{coords}" fill="none" stroke="#b5473a" stroke-width="2" stroke-linejoin="round"/>'
        f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="3" fill="#b5473a"/>'
        "</svg>"
    )
