"""The game tables.

Each game has its own package with the same role files (``scene``, ``model``, ``layout``,
``draw``, ``summary``) and declares itself in its ``__init__`` (``TABLE``, listed by
``game.ui.games``); ``base``, ``card_scene`` and the other modules here hold what several
tables share.
"""
