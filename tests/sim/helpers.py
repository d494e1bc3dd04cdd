"""Helpers of the simulator's tests: the command's printed summary without its clock readings."""

from __future__ import annotations

import re

from game.sim.__main__ import main

CLOCK = [
    (re.compile(r", decision median .*$"), ""),
    (re.compile(r", [\d.]+ s \([\d.]+ games/s\)"), ""),
]


def without_clock(text: str) -> list[str]:
    """The summary's lines with the decision times and the elapsed time taken out (those are
    read from the clock; everything else follows from the seed)."""
    lines = []
    for line in text.splitlines():
        for pattern, replacement in CLOCK:
            line = pattern.sub(replacement, line)
        lines.append(line)
    return lines


def summary(capsys, argv: list[str]) -> tuple[int, list[str]]:
    """Run ``python -m game.sim`` with ``argv`` in this process: its exit status and its summary
    without clock readings."""
    code = main(argv)
    return code, without_clock(capsys.readouterr().out)
