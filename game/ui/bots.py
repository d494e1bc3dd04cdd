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
from game.engine.events import PublicEvent
from game.engine.games import game_info

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


TURN_CAP = 80
"""The most moves a look-ahead plays in one turn (a bot's turn takes a dozen at most)."""

TURN_PHASES = ("draw", "play", "discard")
"""The phases of a seat's own turn, in every game (``claim`` is another seat's chance)."""


@dataclass(frozen=True)
class Step:
    """One move of a turn: the ``move`` (``None`` for a person's action, read from the log), the
    seat's ``view`` it was chosen from, and the public ``events`` it made."""

    move: Move | None
    view: Any
    events: tuple[PublicEvent, ...]


@dataclass(frozen=True)
class TurnPlay:
    """A turn as a bot would play it from a view (``play_turn``): its ``steps``, the seat's view
    ``after`` them, and ``blind``: True when it stopped at a draw of a hidden piece with the turn
    still going on (the rest depends on a piece nobody has seen)."""

    steps: tuple[Step, ...]
    after: Any
    blind: bool


def blind_draw(event: PublicEvent) -> bool:
    """True for a draw whose piece the others do not see (from the stock or the pool)."""
    return event.kind == "exchange" or (event.kind == "draw" and event.source in ("stock", "pool"))


def play_turn(game: str, level: str, seed: int, view: Any) -> TurnPlay:
    """Runs in the worker: the rest of the turn a new ``level`` bot seeded ``seed`` plays from
    ``view`` (its seat's, on its turn), on a game guessed from the view (the engine package's
    ``guessed``), up to the end of the turn or a draw of a hidden piece after which
    the turn goes on."""
    state = game_info(game).module.guessed(view, seed)
    bot = make_bot(game, level, seed)
    seat = view.seat
    steps: list[Step] = []
    while len(steps) < TURN_CAP and state.current_player == seat and state.phase in TURN_PHASES:
        before = state.view(seat)
        move = bot.choose(before)
        state.apply(move)
        events = tuple(e for e in state.log[len(before.log) :] if e.seat == seat)
        steps.append(Step(move, before, events))
        if any(blind_draw(e) for e in events) and state.current_player == seat:
            return TurnPlay(tuple(steps), state.view(seat), True)
    return TurnPlay(tuple(steps), state.view(seat), False)


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
        return self._submit(choose, spec, view)

    def ask_once(self, game: str, level: str, seed: int, view: Any) -> Future[Move]:
        """Start thinking about ``view`` with a new bot (see ``choose_once``)."""
        return self._submit(choose_once, game, level, seed, view)

    def ask_turn(self, game: str, level: str, seed: int, view: Any) -> Future[TurnPlay]:
        """Start playing the rest of ``view``'s turn with a new bot (see ``play_turn``)."""
        return self._submit(play_turn, game, level, seed, view)

    def _submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        try:
            return self._executor.submit(fn, *args)
        except (BrokenProcessPool, RuntimeError):
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-bot")
            return self._executor.submit(fn, *args)

    def shutdown(self, forget_prefix: tuple | None = None) -> None:
        if forget_prefix is not None and not self.in_process:
            forget(forget_prefix)
        self._executor.shutdown(wait=False, cancel_futures=True)
