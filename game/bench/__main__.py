"""``python -m game.bench NAME [options]``: the project's benchmarks.

Each benchmark is a module ``game.bench.<name>`` with ``add_arguments(parser)`` and
``run(args) -> int``; its first docstring line is its help. Every value is checked as the
command line is read (``game.cli``): one that depends on another option (a player count and its
game) by the module's ``check_arguments(args)``, which returns what is wrong or ``None``. A bad
command line ends in one line and exit status 2, before anything runs.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

from game import cli

BENCHMARKS = ("bots", "firstframe", "frames", "gestures", "idle", "savefuzz", "solver")


def available() -> list[str]:
    """The benchmarks whose module is present."""
    return [name for name in BENCHMARKS if importlib.util.find_spec(f"game.bench.{name}") is not None]


def main(argv: list[str] | None = None) -> int:
    parser = cli.parser(prog="python -m game.bench", description="Rami's benchmarks")
    sub = parser.add_subparsers(dest="bench", required=True)
    modules, parsers = {}, {}
    for name in available():
        module = importlib.import_module(f"game.bench.{name}")
        modules[name] = module
        doc = (module.__doc__ or name).strip().splitlines()[0]
        parsers[name] = sub.add_parser(name, help=doc, description=doc)
        module.add_arguments(parsers[name])
    args = parser.parse_args(argv)
    module = modules[args.bench]
    problem = module.check_arguments(args) if hasattr(module, "check_arguments") else None
    if problem:
        parsers[args.bench].error(problem)
    return int(module.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
