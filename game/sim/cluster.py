"""A run's games as Ray tasks (``--ray [ADDRESS]``), on a local Ray instance or a cluster.

Ray is an optional dependency (``pip install "rami[cluster]"``). Without an address a local
Ray instance with ``jobs`` processors is started for the run and stopped after it; with one, the
run joins that cluster (``ray://host:10001`` through Ray Client, or ``host:6379`` / ``auto`` from
a node of it) and ships this package, and the modules of the ``py:`` bots, to its workers
(Ray's ``py_modules``), so the nodes need Ray and Python, not Rami. Each task plays a chunk of
games (``parallel.play_specs``) and returns their reports; the run adds them up in its order, as
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
from game.sim.parallel import chunk_size, play_specs
from game.sim.runner import SimReport
from game.sim.schedule import GameSpec

INSTALL_HINT = 'Ray is not installed: pip install "rami[cluster]" (or pip install ray)'


class RayMissing(RuntimeError):
    """``--ray`` was asked for and Ray cannot be imported."""


def import_ray() -> ModuleType:
    """The ``ray`` module; raises ``RayMissing`` with the line to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise RayMissing(INSTALL_HINT) from None


def shipped_modules(names: list[str]) -> list[ModuleType]:
    """What a remote cluster's workers need to import: this package and the top-level module
    (or package) of each ``py:`` bot outside it."""
    modules: dict[str, ModuleType] = {game.__name__: game}
    for name in names:
        if name.startswith("py:"):
            top = name[3:].partition(":")[0].split(".")[0]
            if top not in modules and getattr(sys.modules.get(top), "__file__", None):
                modules[top] = sys.modules[top]
    return list(modules.values())


def on_ray(
    game_name: str, args: argparse.Namespace, specs: list[GameSpec], address: str, jobs: int
) -> Iterator[SimReport]:
    """The reports of ``specs``' games, played as Ray tasks, as they finish. Joins the cluster
    at ``address`` (``""``: a local instance of ``jobs`` processors, started here); closing the
    iterator cancels the tasks left and leaves Ray. A Ray instance already started in this
    process (``ray.init`` by the caller) is used as it is and left running."""
    ray = import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING}
        if address:
            names = sorted({name for spec in specs for name in spec.names})
            options["runtime_env"] = {"py_modules": shipped_modules(names)}
            ray.init(address=address, **options)
        else:
            ray.init(num_cpus=jobs, **options)
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
