"""Shared test setup: every test runs headless (SDL dummy drivers) with its own user folders.

Hypothesis has two profiles: ``explore`` (the default, random examples, for local runs that look
for new failures) and ``ci`` (derandomized, so that a rare example never blocks a landing by
chance). ``.ci/run`` selects ``ci`` through ``HYPOTHESIS_PROFILE``; any failure found while
exploring becomes a fixed regression test.

A watchdog (pytest's ``faulthandler_timeout`` with ``faulthandler_exit_on_timeout``, in
pyproject.toml) ends the run when one test goes on for ten minutes: it prints every thread's
stack first, so that a hang (a deadlock, a wait that can never end) fails in minutes and says
where it stood, instead of holding the run until CI gives up on it. The slowest test takes
about 13 seconds on a loaded two-core machine.
"""

from __future__ import annotations

import os

from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RAMI_BOT_WORKER", "thread")  # starts instantly; one test covers the process

settings.register_profile("explore")
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "explore"))
