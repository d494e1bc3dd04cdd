"""Benchmark commands: ``python -m game.bench NAME [options]`` (see ``game.bench.__main__``)."""
