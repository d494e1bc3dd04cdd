"""Computer players think in a worker process and answer with legal moves."""

from __future__ import annotations

from game.engine import frustration, rum500, tiles
from game.ui.bots import BotSpec, BotWorker


def test_the_worker_process_answers_legal_moves_for_every_game():
    worker = BotWorker("process")
    try:
        assert worker.in_process
        for module, game in ((frustration, "frustration"), (rum500, "rum500"), (tiles, "tiles")):
            state = module.new_game(2, seed=3)
            for _ in range(6):
                seat = state.current_player
                move = worker.ask(BotSpec(("t", game, seat), game, "random", 1), state.view(seat)).result(
                    timeout=60
                )
                state.apply(move)  # raises IllegalMove if the worker answered nonsense
    finally:
        worker.shutdown()


def test_a_thread_can_stand_in_for_the_process():
    worker = BotWorker("thread")
    try:
        assert not worker.in_process
        state = frustration.new_game(3, seed=5)
        move = worker.ask(BotSpec(("t", 0), "frustration", "random", 1), state.view(0)).result(timeout=10)
        assert move in state.legal_moves()
    finally:
        worker.shutdown(forget_prefix=("t",))
