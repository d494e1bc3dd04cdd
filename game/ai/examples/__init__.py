"""Example bots, one per game, each under 60 lines: the worked examples of ``docs/bots.md``."""
