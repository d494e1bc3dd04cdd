"""The progress bar of a simulation run, on standard error: games done, rate and time left.

Drawn by tqdm, and only when standard error is a terminal (a run piped to a file or started by
a test prints nothing there).
"""

from __future__ import annotations

import sys
from typing import Any, Protocol, TextIO


class Progress(Protocol):
    """What a run tells its progress bar."""

    def update(self, n: int = 1) -> Any:
        """``n`` more games are done."""

    def close(self) -> Any:
        """The run is over: take the bar off the terminal."""


class NoProgress:
    """The bar when standard error is not a terminal: nothing shown."""

    def update(self, n: int = 1) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to take off."""


def progress_bar(total: int, what: str = "game", stream: TextIO | None = None) -> Progress:
    """A bar counting ``total`` games on ``stream`` (standard error), with the rate and the
    time left; ``NoProgress`` when the stream is not a terminal."""
    stream = stream or sys.stderr
    if not stream.isatty():
        return NoProgress()
    try:
        from tqdm import tqdm
    except ImportError:  # an install that left the dependencies out: the run goes on, barless
        return NoProgress()
    return tqdm(total=total, unit=what, file=stream, dynamic_ncols=True, leave=False, smoothing=0.1)
