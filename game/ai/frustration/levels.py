"""The built-in computer players of this game, by level (see ``game.ai.registry``)."""

LEVELS: dict[str, str] = {
    "random": "game.ai.frustration.random_bot:RandomBot",
    "easy": "game.ai.frustration.bots:EasyBot",
    "normal": "game.ai.frustration.bots:NormalBot",
    "hard": "game.ai.frustration.bots:HardBot",
    # Outside yardsticks (game.ai.baselines), not levels offered in the game.
    "baseline": "game.ai.baselines.frustration:Baseline",
    "baseline-strong": "game.ai.baselines.frustration_strong:StrongBaseline",
}
