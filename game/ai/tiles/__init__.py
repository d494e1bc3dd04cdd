"""Computer players for the tile game."""

from .solver import best_play

__all__ = ["best_play"]
