"""The built-in computer players of this game, by level (see ``game.ai.registry``)."""

LEVELS: dict[str, str] = {
    "random": "game.ai.tiles.random_bot:RandomBot",
    "easy": "game.ai.tiles.players:EasyBot",
    "normal": "game.ai.tiles.players:NormalBot",
    "hard": "game.ai.tiles.hard:HardBot",
    # Outside yardsticks (game.ai.baselines), not levels offered in the game.
    "baseline": "game.ai.baselines.tiles:Baseline",
    "baseline-strong": "game.ai.baselines.tiles_strong:StrongBaseline",
}
