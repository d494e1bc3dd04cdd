"""One short seeded game per game and computer level, printed as JSON: the moves in order and the
final state. ``tests/test_reproducible.py`` runs it under two string-hash seeds and compares."""

from __future__ import annotations

import hashlib
import json
import sys

from game.ai.registry import available_levels, make_bot
from game.engine import frustration, rum500, tiles

SHORT = {
    "frustration": lambda: frustration.Options(final_contract=2),
    "rum500": lambda: rum500.Options(target=60),
    "tiles": lambda: tiles.Options(rounds=1, opening_min=0),
}
MODULES = {"frustration": frustration, "rum500": rum500, "tiles": tiles}
MOVE_CAP = 3000


def unhurried(bot):
    """``bot`` with a safety net no decision of these short games reaches: 500 Rum's hard player
    also stops at a processor-time limit, which a busy machine could reach in one process and
    not in the other (a difference this check is not about)."""
    if hasattr(bot, "time_limit"):
        bot.time_limit = 30.0
    return bot


def play(game: str, level: str, seed: int = 3) -> dict:
    """A 3-player game where every seat is ``level``; its moves and final state."""
    players = 3
    state = MODULES[game].new_game(players, SHORT[game](), seed=seed)
    bots = [unhurried(make_bot(game, level, seed * 10 + seat)) for seat in range(players)]
    moves = []
    while not state.is_over and len(moves) < MOVE_CAP:
        seat = state.current_player
        move = bots[seat].choose(state.view(seat))
        moves.append(repr(move))
        state.apply(move)
    final = json.dumps(state.to_json(), sort_keys=True)
    return {"moves": moves, "state": hashlib.sha256(final.encode()).hexdigest()}


def main(games: list[str]) -> None:
    out = {}
    for game in games:
        for level in available_levels(game):
            out[f"{game}/{level}"] = play(game, level)
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:] or list(MODULES))
