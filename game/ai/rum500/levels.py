"""The built-in computer players of this game, by level (see ``game.ai.registry``)."""

LEVELS: dict[str, str] = {
    "random": "game.ai.rum500.random_bot:RandomBot",
    "easy": "game.ai.rum500.policy:EasyBot",
    "normal": "game.ai.rum500.policy:NormalBot",
    "hard": "game.ai.rum500.hard:HardBot",
    # Outside yardsticks (game.ai.baselines), not levels offered in the game.
    "baseline": "game.ai.baselines.rum500:Baseline",
    "baseline-strong": "game.ai.baselines.rum500_strong:StrongBaseline",
}
