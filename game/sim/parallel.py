"""Play a run's games in this process, in worker processes (``--jobs N``) or as Ray tasks
(``--ray``, ``game.sim.cluster``), with the same summary whichever plays them.

Every game is described by its ``GameSpec`` alone (its deal and seat names; the seeds follow
from them), so a worker needs only the game's name, the parsed command line and the spec. The
reports of the games come back in any order and are added up in the run's order
(``runner.combine``). Workers ignore Ctrl+C: the interrupt reaches this process, which stops
the workers and keeps the games already finished.
"""

from __future__ import annotations

import argparse
import multiprocessing
import signal
import time
from collections.abc import Iterator

from game.sim.progress import progress_bar
from game.sim.runner import MAX_VIOLATIONS, SimReport, combine
from game.sim.schedule import GameSpec
from game.sim.worker import play_spec

START_METHOD: str | None = None
"""The start method of the worker processes: ``None`` for the platform's own (``fork`` or
``forkserver`` on Linux, ``spawn`` on macOS and Windows); everything a worker needs is sent to
it, so any method plays the same games."""


def _play_task(task: tuple[str, argparse.Namespace, GameSpec]) -> SimReport:
    return play_spec(*task)


def _ignore_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_process(game: str, args: argparse.Namespace, specs: list[GameSpec]) -> Iterator[SimReport]:
    """The games played one after another in this process."""
    for spec in specs:
        yield play_spec(game, args, spec)


def in_workers(game: str, args: argparse.Namespace, specs: list[GameSpec], jobs: int) -> Iterator[SimReport]:
    """The games played by ``jobs`` worker processes (the platform's start method, so this
    works with ``spawn`` too), as they finish; closing the iterator stops the workers."""
    tasks = [(game, args, spec) for spec in specs]
    context = multiprocessing.get_context(START_METHOD)
    with context.Pool(min(jobs, len(tasks)), initializer=_ignore_interrupt) as pool:
        yield from pool.imap_unordered(_play_task, tasks)


def enough(parts: dict[int, SimReport], violating: list[int]) -> bool:
    """True when the run's report can no longer change: the ``MAX_VIOLATIONS``-th violation
    (in the run's order) is in, and so is every game before it."""
    if len(violating) < MAX_VIOLATIONS:
        return False
    last = sorted(violating)[MAX_VIOLATIONS - 1]
    return all(i in parts for i in range(last))


def play_all(
    game: str,
    args: argparse.Namespace,
    specs: list[GameSpec],
    jobs: int = 1,
    ray: str | None = None,
) -> SimReport:
    """Play ``specs`` (one process when ``jobs`` is 1, else ``jobs`` workers; Ray tasks when
    ``ray`` is given: ``""`` for a local Ray instance of ``jobs`` processors, else the address of
    a cluster) with a progress bar, and add up their reports in the run's order. Ctrl+C stops the
    run: the report then holds the games finished and says it was interrupted."""
    if ray is not None:
        from game.sim.cluster import on_ray

        results = on_ray(game, args, specs, ray, jobs)
    elif jobs > 1 and len(specs) > 1:
        results = in_workers(game, args, specs, jobs)
    else:
        results = in_process(game, args, specs)
    parts: dict[int, SimReport] = {}
    violating: list[int] = []
    interrupted = False
    bar = progress_bar(len(specs))
    started = time.perf_counter()
    try:
        for part in results:
            index = part.records[0].index
            parts[index] = part
            if part.violations:
                violating.append(index)
            bar.update(1)
            if enough(parts, violating):
                break
    except KeyboardInterrupt:
        interrupted = True
        # a second Ctrl+C while the workers are stopped would end in a traceback
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    finally:
        close = getattr(results, "close", None)
        if close:
            close()
        bar.close()
    if interrupted:
        signal.signal(signal.SIGINT, previous)
    report = combine((parts[i] for i in sorted(parts)), len(specs))
    report.elapsed = time.perf_counter() - started
    report.interrupted = interrupted
    return report
