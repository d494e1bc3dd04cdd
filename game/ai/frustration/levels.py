"""The built-in computer players of this game, by level (see ``game.ai.registry``)."""

LEVELS: dict[str, str] = {
    "random": "game.ai.frustration.random_bot:RandomBot",
    "easy": "game.ai.frustration.bots:EasyBot",
    "normal": "game.ai.frustration.bots:NormalBot",
    "hard": "game.ai.frustration.bots:HardBot",
    # An outside yardstick (game.ai.baselines), not a level offered in the game.
    "baseline": "game.ai.baselines.frustration:Baseline",
}
