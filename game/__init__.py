"""Rami: a desktop collection of rummy games.

Layers, with dependencies pointing one way (ui -> ai -> engine):

- ``game.engine``: the rules of the three games, pure Python.
- ``game.ai``: computer players, which see only their seat's view.
- ``game.ui``: the pygame-ce interface (scenes, art, sound, drag and drop).
- ``game.i18n``: the French and English catalogues and plural rules.
"""

__version__ = "1.0.0"
