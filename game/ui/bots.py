"""Computer players think off the frame loop: one worker thread asks the bot for its move.

The bot gets its seat's view (a snapshot), so the table can keep drawing while it thinks; the
scene polls the answer each frame and plays it through the engine like any other move.
"""

from __future__ import annotations

import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game.ai.base import Bot
from game.engine.base import Move

# Hand the interpreter back to the drawing thread often while a bot computes.
if sys.getswitchinterval() > 0.002:
    sys.setswitchinterval(0.002)


class BotWorker:
    """One background thread for computer players (see the module docstring)."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-bot")
        self._lock = threading.Lock()

    def ask(self, bot: Bot, view: Any) -> Future[Move]:
        """Start ``bot.choose(view)`` in the background."""
        return self._executor.submit(self._choose, bot, view)

    def _choose(self, bot: Bot, view: Any) -> Move:
        with self._lock:
            return bot.choose(view)

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
