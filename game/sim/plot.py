"""A tournament's picture (``--plot FILE.png``): the ratings with their 95% intervals beside
the head-to-head table as a heat map. Drawn with matplotlib, an optional dependency
(``pip install "rami[plot]"``), on its file-only backend; written atomically.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
from pathlib import Path

from game.sim.tournament import Standings

INSTALL_HINT = '--plot needs matplotlib: pip install "rami[plot]" (or pip install matplotlib)'


def check_plot_target(path: Path) -> str | None:
    """Why the picture could not be written to ``path`` (checked before the games are played),
    or ``None``: matplotlib missing, no such folder, or a format matplotlib does not write."""
    if not path.parent.is_dir():
        return f"--plot: no folder {path.parent}"
    if path.suffix.lower() not in (".png", ".svg", ".pdf"):
        return f"--plot: {path.name} should end in .png, .svg or .pdf"
    if importlib.util.find_spec("matplotlib") is None:
        return INSTALL_HINT
    return None


def draw(result: Standings, title: str, path: Path) -> None:
    """Draw ``result`` into ``path`` (its format from its suffix), through a temporary file in
    the same folder so that a reader never sees half a picture."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    order = sorted(range(len(result.players)), key=lambda i: result.ratings[i].rating)
    names = [result.players[i] for i in order]
    figure, (left, right) = pyplot.subplots(
        1, 2, figsize=(12, 2.2 + 0.8 * len(names)), gridspec_kw={"width_ratios": [1.3, 1]}
    )
    values = [result.ratings[i].rating for i in order]
    low = [values[k] - result.ratings[i].low for k, i in enumerate(order)]
    high = [result.ratings[i].high - values[k] for k, i in enumerate(order)]
    left.errorbar(values, range(len(names)), xerr=[low, high], fmt="o", capsize=4, color="#1f5f99")
    left.set_yticks(range(len(names)), names)
    left.axvline(1500, color="#999999", linewidth=0.8, linestyle="--")
    left.set_xlabel("rating (Elo scale, average 1500) with its 95% interval")
    left.grid(axis="x", alpha=0.3)

    top = list(reversed(order))
    grid = [[result.head_to_head.get((i, j)) for j in top] for i in top]
    shares = [[float("nan") if h is None else h.score for h in row] for row in grid]
    image = right.imshow(shares, cmap="RdYlGn", vmin=0, vmax=1)
    for r, row in enumerate(grid):
        for c, h in enumerate(row):
            text = "-" if h is None else f"{100 * h.score:.0f}%"
            right.text(c, r, text, ha="center", va="center", fontsize=10)
    labels = [result.players[i] for i in top]
    right.set_xticks(range(len(top)), labels, rotation=30, ha="right")
    right.set_yticks(range(len(top)), labels)
    right.set_title("row player's share against the column player", fontsize=10)
    figure.colorbar(image, ax=right, fraction=0.046, pad=0.04)
    figure.suptitle(title, fontsize=11)
    figure.tight_layout()
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=path.suffix, dir=path.parent)
    os.close(handle)
    try:
        figure.savefig(temporary, dpi=110, format=path.suffix[1:].lower())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    finally:
        pyplot.close(figure)
