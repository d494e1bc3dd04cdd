"""Computer players think off the frame loop, in a separate process.

A thread would not do: a bot computing in pure Python holds the interpreter lock, and every
time the drawing thread lets go of it (each blit does) it waits for its turn again, so frames
stretch to tens of milliseconds. A worker process thinks on the other core instead. The bot gets
its seat's view (a picklable snapshot) and answers with a move, which the table plays through the
engine like any other move. Bots live in the worker between calls, so they keep their memory.

If a process cannot be started (a sandbox, a broken install), a thread does the work instead.
``RAMI_BOT_WORKER=thread`` asks for the thread directly (the tests use it: it starts instantly).

The worker never outlives the game: a thread in it waits on the game process's sentinel (which
the operating system signals when the game ends, even when it is killed) and ends the worker at
once. The resource tracker that multiprocessing starts beside it ends on its own as soon as the
last process holding its pipe, the worker, is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from game.ai.base import BotProtocol
from game.ai.registry import make_bot
from game.engine.base import Move

# When the thread is used, hand the interpreter back to the drawing thread often.
if sys.getswitchinterval() > 0.002:
    sys.setswitchinterval(0.002)


@dataclass(frozen=True)
class BotSpec:
    """Which bot plays a seat: ``key`` names it for the life of a game (the table's id and the
    seat), so that the same bot object answers every call."""

    key: tuple
    game: str
    level: str
    seed: int


_bots: dict[tuple, BotProtocol] = {}


def choose(spec: BotSpec, view: Any) -> Move:
    """Runs in the worker: the move of ``spec``'s bot for ``view``."""
    bot = _bots.get(spec.key)
    if bot is None:
        bot = _bots[spec.key] = make_bot(spec.game, spec.level, spec.seed)
    return bot.choose(view)


def choose_once(game: str, level: str, seed: int, view: Any) -> Move:
    """Runs in the worker: the move a new ``level`` bot seeded ``seed`` makes for ``view`` (a
    hint: no bot is kept, so nothing it remembers changes the seats' own players)."""
    return make_bot(game, level, seed).choose(view)


def watch_parent() -> None:
    """Runs in the worker when it starts: end the worker as soon as the game process is gone.
    Ctrl+C in a terminal reaches every process of the game: the worker leaves it to the game,
    which closes (and the worker with it) without a traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait_then_exit() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=wait_then_exit, name="rami-parent-watch", daemon=True).start()


def forget(prefix: tuple) -> None:
    """Runs in the worker: drop the bots of a finished table."""
    for key in [k for k in _bots if k[: len(prefix)] == prefix]:
        del _bots[key]


class InlineExecutor:
    """Thinks at once, on the calling thread (``RAMI_BOT_WORKER=inline``): the gesture fuzzer
    uses it so that a seed always plays the same moves on the same frames."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args))
        except Exception as exc:  # reported through the future, as a worker would
            future.set_exception(exc)
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        """Nothing runs in the background (the executor's signature, kept for its callers)."""
        del wait, cancel_futures


class BotWorker:
    """The background worker for computer players (see the module docstring)."""

    def __init__(self, mode: str | None = None) -> None:
        mode = mode or os.environ.get("RAMI_BOT_WORKER", "process")
        self._executor: Any = None
        if mode == "process":
            if getattr(sys, "frozen", False):
                from game.frozen import prepare_spawn

                prepare_spawn()
            try:
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    max_workers=1, mp_context=context, initializer=watch_parent
                )
            except (OSError, ValueError, NotImplementedError):
                self._executor = None
        elif mode == "inline":
            self._executor = InlineExecutor()
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-bot")

    @property
    def in_process(self) -> bool:
        return isinstance(self._executor, ProcessPoolExecutor)

    def ask(self, spec: BotSpec, view: Any) -> Future[Move]:
        """Start thinking about ``view`` for the bot ``spec`` names."""
        try:
            return self._executor.submit(choose, spec, view)
        except (BrokenProcessPool, RuntimeError):
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-bot")
            return self._executor.submit(choose, spec, view)

    def ask_once(self, game: str, level: str, seed: int, view: Any) -> Future[Move]:
        """Start thinking about ``view`` with a new bot (see ``choose_once``)."""
        try:
            return self._executor.submit(choose_once, game, level, seed, view)
        except (BrokenProcessPool, RuntimeError):
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-bot")
            return self._executor.submit(choose_once, game, level, seed, view)

    def shutdown(self, forget_prefix: tuple | None = None) -> None:
        if forget_prefix is not None and not self.in_process:
            forget(forget_prefix)
        self._executor.shutdown(wait=False, cancel_futures=True)
