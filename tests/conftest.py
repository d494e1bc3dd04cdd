"""Shared test setup: every test runs headless (SDL dummy drivers) with its own user folders."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RAMI_BOT_WORKER", "thread")  # starts instantly; one test covers the process
