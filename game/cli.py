"""Checked values for the command lines of the game and its benchmarks.

Every option's value is checked where the command line is read: a check returns the value
(converted) or raises ``ValueError`` with a short reason, and ``arg(check)`` makes it an
``argparse`` type. A parser from ``parser()`` ends a bad command line with one line on the
error stream (what is wrong, and where to read the help) and exit status 2, never a traceback.

The checks import nothing heavy (not even ``argparse``): the game's own quick reading of a plain
command line (``game.__main__.quick_parse``) uses them before its first frame.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse

MAX_SIDE = 100_000
"""The largest window side a command line may ask for (the window is then fitted to the desktop)."""
PICTURE_SIDE = 8192
"""The largest side of a window drawn off screen (screenshots, benchmarks): 256 MB of pixels."""


def whole(lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
    """A check for a whole number within ``[lo, hi]`` (either end open when ``None``)."""

    def check(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise ValueError(f"expected a whole number{_range(lo, hi)}, got {text!r}") from None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise ValueError(f"expected a whole number{_range(lo, hi)}, got {text!r}")
        return value

    check.__name__ = "whole number"
    return check


def decimal(lo: float | None = None, hi: float | None = None, above: float | None = None):
    """A check for a finite number within ``[lo, hi]`` (and greater than ``above``)."""
    words = (
        _range(lo, hi)
        if above is None
        else f" greater than {above:g}" + _range(None, hi).replace(" of", " and")
    )

    def check(text: str) -> float:
        try:
            value = float(text.strip())
        except ValueError:
            raise ValueError(f"expected a number{words}, got {text!r}") from None
        if (
            not math.isfinite(value)
            or (lo is not None and value < lo)
            or (hi is not None and value > hi)
            or (above is not None and value <= above)
        ):
            raise ValueError(f"expected a number{words}, got {text!r}")
        return value

    check.__name__ = "number"
    return check


def window_size(hi: int = MAX_SIDE) -> Callable[[str], tuple[int, int]]:
    """A check for ``WIDTHxHEIGHT``, each side a whole number from 1 to ``hi``."""

    def check(text: str) -> tuple[int, int]:
        parts = text.strip().lower().split("x")
        try:
            w, h = (int(p) for p in parts)
        except ValueError:
            raise ValueError(f"expected WIDTHxHEIGHT (such as 1280x800), got {text!r}") from None
        if not (1 <= w <= hi and 1 <= h <= hi):
            raise ValueError(f"expected WIDTHxHEIGHT with each side from 1 to {hi}, got {text!r}")
        return w, h

    check.__name__ = "size"
    return check


def window_sizes(hi: int = MAX_SIDE) -> Callable[[str], list[tuple[int, int]]]:
    """A check for a comma-separated list of ``WIDTHxHEIGHT`` (at least one)."""
    one = window_size(hi)

    def check(text: str) -> list[tuple[int, int]]:
        sizes = [one(part) for part in text.split(",") if part.strip()]
        if not sizes:
            raise ValueError(f"expected sizes such as 1280x800,1920x1080, got {text!r}")
        return sizes

    check.__name__ = "sizes"
    return check


def one_of_each(choices: Iterable[str]) -> Callable[[str], list[str]]:
    """A check for a comma-separated list whose items are all among ``choices``."""
    allowed = tuple(choices)

    def check(text: str) -> list[str]:
        items = [part.strip() for part in text.split(",") if part.strip()]
        wrong = [item for item in items if item not in allowed]
        if not items or wrong:
            raise ValueError(f"expected a comma-separated list of {', '.join(allowed)}, got {text!r}")
        return items

    check.__name__ = "list"
    return check


def writable_folder(text: str) -> Path:
    """A folder files can be written into: made if need be, and tried with a temporary file
    (the only sure test on every system, whatever its permissions and read-only disks)."""
    import tempfile

    folder = Path(text).expanduser()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise ValueError(f"cannot write into the folder {text!r}: {exc.strerror or exc}") from None
    return folder


def executable_file(text: str) -> Path:
    """An existing file this user may run."""
    path = Path(text).expanduser()
    if not path.is_file() or not os.access(path, os.X_OK):
        raise ValueError(f"no program to run at {text!r}")
    return path


def arg(check: Callable[[str], Any]) -> Callable[[str], Any]:
    """``check`` as an ``argparse`` type: its reason becomes the error message."""
    import argparse

    def convert(text: str) -> Any:
        try:
            return check(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = check.__name__
    return convert


def parser(**kwargs: Any) -> argparse.ArgumentParser:
    """An ``argparse.ArgumentParser`` (and its subcommands' parsers) whose errors are one line
    and exit status 2."""
    return _one_line_parser()(**kwargs)


@cache
def _one_line_parser() -> type:
    import argparse

    class OneLineParser(argparse.ArgumentParser):
        """Errors in one line, with where to find the help, and exit status 2."""

        def error(self, message: str) -> Any:
            self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    return OneLineParser


def _range(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo:g} to {hi:g}"
    if lo is not None:
        return f" of at least {lo:g}"
    if hi is not None:
        return f" of at most {hi:g}"
    return ""
