"""``python -m game.bench NAME [options]``: the project's benchmarks.

Each benchmark is a module ``game.bench.<name>`` with ``add_arguments(parser)`` and
``run(args) -> int``; its first docstring line is its help.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys

BENCHMARKS = ("bots", "firstframe", "frames", "gestures", "idle", "savefuzz", "solver")


def available() -> list[str]:
    """The benchmarks whose module is present."""
    return [name for name in BENCHMARKS if importlib.util.find_spec(f"game.bench.{name}") is not None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description="Rami's benchmarks")
    sub = parser.add_subparsers(dest="bench", required=True)
    modules = {}
    for name in available():
        module = importlib.import_module(f"game.bench.{name}")
        modules[name] = module
        doc = (module.__doc__ or name).strip().splitlines()[0]
        module.add_arguments(sub.add_parser(name, help=doc, description=doc))
    args = parser.parse_args(argv)
    return int(modules[args.bench].run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
