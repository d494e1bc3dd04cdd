"""The standalone executable's multiprocessing, set up only in the processes that use it.

The computer players think in a worker process (``game.ui.bots``), started with the "spawn"
method: in the executable, that runs the executable again, and so does multiprocessing's
resource tracker. PyInstaller's runtime hook for multiprocessing prepares for both at every
start, importing multiprocessing, subprocess and what they need (about 9 ms before the title's
first frame). ``build.spec`` leaves that hook out and its two parts run here instead, only where
they are needed:

- ``run_helper`` (first thing in ``main``): in a process started by multiprocessing (the worker:
  ``--multiprocessing-fork``; the resource tracker: ``-c "from multiprocessing..."``), do that
  process's work and exit; any other command line returns at once, importing nothing;
- ``prepare_spawn`` (before the worker is started): the main script of the executable is not a
  file the worker could read again, so multiprocessing must not look for it.
"""

from __future__ import annotations

import sys

HELPER_COMMANDS = (
    "from multiprocessing.resource_tracker import main",
    "from multiprocessing.forkserver import main",
    "import sys; from multiprocessing.forkserver import main",
)
"""The commands multiprocessing gives its helper processes (``-c COMMAND``)."""


def is_helper(argv: list[str]) -> bool:
    """True when ``argv`` is the command line of a process multiprocessing started."""
    return argv[1:2] == ["--multiprocessing-fork"] or "-c" in argv[1:]


def run_helper(argv: list[str]) -> None:
    """Do the work of the multiprocessing process ``argv`` names, then exit; return at once
    when ``argv`` is not one (the game's own command line)."""
    if not is_helper(argv):
        return
    if "-c" in argv[1:]:
        from subprocess import _args_from_interpreter_flags

        switch = argv.index("-c")
        command = argv[switch + 1] if len(argv) > switch + 1 else ""
        if set(argv[1:switch]) == set(_args_from_interpreter_flags()) and command.startswith(HELPER_COMMANDS):
            exec(command)  # the resource tracker or the fork server, as multiprocessing wrote it
            sys.exit()
        return
    import multiprocessing.spawn

    prepare_spawn()
    kwds: dict[str, int | None] = {}
    for arg in argv[2:]:
        name, value = arg.split("=")
        kwds[name] = None if value == "None" else int(value)
    multiprocessing.spawn.spawn_main(**kwds)
    sys.exit()


def prepare_spawn() -> None:
    """Before a process is spawned from the executable: multiprocessing must not try to run
    the executable's main script again in it (``ORIGINAL_DIR`` unset, as PyInstaller's hook
    does)."""
    import multiprocessing.process

    multiprocessing.process.ORIGINAL_DIR = None
