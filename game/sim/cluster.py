"""A run's games as Ray tasks (``--ray [ADDRESS]``), on a local Ray instance or a cluster.

Ray is an optional dependency (``pip install "rami[cluster]"``). Without an address a local
Ray instance with ``jobs`` processors is started for the run and stopped after it; with one, the
run joins that cluster (``ray://host:10001`` through Ray Client, or ``host:6379`` / ``auto`` from
a node of it) and ships this package, and the modules of the ``py:`` bots, to its workers
(Ray's ``py_modules``), so the nodes need Ray and Python, not Rami. Each task plays a chunk of
games (``worker.play_specs``) and returns their reports; the run adds them up in its order, as
with worker processes, so the summary is the same.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import game
from game.sim.runner import SimReport
from game.sim.schedule import GameSpec
from game.sim.worker import chunk_size, play_specs

INSTALL_HINT = 'Ray is not installed: pip install "rami[cluster]" (or pip install ray)'


class ClusterError(RuntimeError):
    """``--ray`` cannot be had: Ray is not installed, or the cluster cannot be joined."""


def import_ray() -> ModuleType:
    """The ``ray`` module; raises ``ClusterError`` with the line to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ClusterError(INSTALL_HINT) from None


def shipped_modules(names: list[str]) -> list[str]:
    """What a remote cluster's workers need to import, as paths (Ray's ``py_modules``; Ray
    Client cannot send module objects): this package's folder, and the folder or file of the
    top-level module of each ``py:`` bot outside it."""
    modules: dict[str, str] = {game.__name__: game.__path__[0]}
    for name in names:
        if name.startswith("py:"):
            top = name[3:].partition(":")[0].split(".")[0]
            module = sys.modules.get(top)
            if top in modules or module is None:
                continue
            paths = list(getattr(module, "__path__", []))
            place = paths[0] if len(paths) == 1 else getattr(module, "__file__", None)
            if place:
                modules[top] = place
    return list(modules.values())


def join(ray: ModuleType, address: str, jobs: int, names: list[str]) -> None:
    """Start a local Ray instance of ``jobs`` processors (no ``address``) or join the cluster at
    ``address``, shipping the modules the bots ``names`` need; ``ClusterError`` on failure."""
    options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.ERROR}
    try:
        if address:
            ray.init(address=address, runtime_env={"py_modules": shipped_modules(names)}, **options)
        else:
            ray.init(num_cpus=jobs, **options)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ClusterError(f"cannot start or join {where}: {reason}") from None


def on_ray(
    game_name: str, args: argparse.Namespace, specs: list[GameSpec], address: str, jobs: int
) -> Iterator[SimReport]:
    """The reports of ``specs``' games, played as Ray tasks, as they finish. Joins the cluster
    at ``address`` (``""``: a local instance of ``jobs`` processors, started here); closing the
    iterator cancels the tasks left and leaves Ray. A Ray instance already started in this
    process (``ray.init`` by the caller) is used as it is and left running. Raises
    ``ClusterError`` when Ray is missing or the cluster cannot be joined."""
    ray = import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        join(ray, address, jobs, sorted({name for spec in specs for name in spec.names}))
    pending: list[Any] = []
    try:
        task = ray.remote(play_specs)
        workers = int(ray.cluster_resources().get("CPU", jobs))
        size = chunk_size(len(specs), workers)
        pending = [task.remote(game_name, args, specs[i : i + size]) for i in range(0, len(specs), size)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()
