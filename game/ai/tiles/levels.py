"""The built-in computer players of this game, by level (see ``game.ai.registry``)."""

LEVELS: dict[str, str] = {
    "random": "game.ai.tiles.random_bot:RandomBot",
}
