"""Shared test setup: every test runs headless (SDL dummy drivers) with its own user folders.

Two loops (README, "Test"): CI runs every test, in parallel (``pytest -n auto``, pytest-xdist);
the everyday loop leaves out the tests marked ``slow`` (``-m "not slow"``): those that measure
a player's strength, play many whole games or compare exhaustively (the solver against a brute
force, ``legal_moves()`` against every move, a partial redraw against a full one).

Parallel workers share nothing in the user's folders: every test gets its own user folder
(``RAMI_USER_DIR``, so an ``App`` or a subprocess started without a storage of its own writes
there, picture cache included), and temporary files come from ``tmp_path``, which is per test
and per worker. Hypothesis keeps its examples in ``.hypothesis/`` one file per example, written
atomically, so workers may share it; under the ``ci`` profile it keeps none.

Hypothesis has two profiles: ``explore`` (the default, random examples, for local runs that look
for new failures) and ``ci`` (derandomized, so that a rare example never blocks a landing by
chance). ``.ci/run`` selects ``ci`` through ``HYPOTHESIS_PROFILE``; any failure found while
exploring becomes a fixed regression test.

A watchdog (pytest's ``faulthandler_timeout`` with ``faulthandler_exit_on_timeout``, in
pyproject.toml) ends the run when one test goes on for ten minutes: it prints every thread's
stack first, so that a hang (a deadlock, a wait that can never end) fails in minutes and says
where it stood, instead of holding the run until CI gives up on it. Under pytest-xdist the
worker running that test prints the stacks and ends; the test fails as "worker crashed". The
slowest test, ``test_example_beats_random[tiles]`` (slow), took 17 to 25 seconds in one process
on the loaded two-core machine (70 seconds at its busiest); the slowest everyday test about 11.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RAMI_BOT_WORKER", "thread")  # starts instantly; one test covers the process

settings.register_profile("explore")
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "explore"))


@pytest.fixture(autouse=True)
def own_user_folder(tmp_path_factory, monkeypatch):
    """A user folder of the test's own (``RAMI_USER_DIR``): nothing is shared between tests or
    parallel workers, and nothing reaches the real user's folders."""
    monkeypatch.setenv("RAMI_USER_DIR", str(tmp_path_factory.mktemp("user")))
