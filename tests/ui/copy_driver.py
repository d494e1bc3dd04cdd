"""One copy of the game in a process of its own, driven line by line from its standard input
(``python -m tests.ui.copy_driver``), for the tests of two copies on one user folder.

It starts the real ``App`` on the user's folders (``RAMI_USER_DIR``), headless, exactly as
``python -m game`` does, then answers each command with one line:

- ``who``: ``owner`` or ``read-only``;
- ``watch``: start a Frustration game of computer players (saved after every move);
- ``continue``: resume the saved Frustration game (the Continue list's button);
- ``play N``: run frames until N more moves were played (each one saved, by the owner);
- ``arrange``: save the table as a change of arrangement does (sorting a hand saves the table);
- ``settings``: change the language and the volume, remember the window, reset the statistics;
- ``quit``: close the window (the shutdown runs) and exit.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("RAMI_BOT_WORKER", "thread")


def main() -> int:
    from game.ui import sound
    from game.ui.app import App, LaunchOptions
    from game.ui.session import GameConfig, Seat
    from game.ui.tables import turns
    from game.ui.tables.base import TableScene

    sound._start_mixer = lambda: False
    turns.THINK_DELAY = {"fast": 0.0, "normal": 0.0, "slow": 0.0}
    app = App(LaunchOptions(lang="en", size=(1280, 800)))
    app.settings.animation_speed = "instant"
    app.start()
    app.running = True
    app.step(1 / 60)
    app.after_first_frame(sound=False)  # as App.run does: the folders are claimed now
    saves = [0]
    save_session = app.save_session

    def counted(session) -> None:
        saves[0] += 1
        save_session(session)

    app.save_session = counted  # type: ignore[method-assign]
    while app.scenes.top is not None and type(app.scenes.top).__name__ == "ConfirmScene":
        app.scenes.pop()  # the read-only copy's question: it stays, to act
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "who":
            reply = "read-only" if app.storage.read_only else "owner"
        elif command == "watch":
            seats = [Seat("Ada", "easy"), Seat("Bruno", "easy"), Seat("Chloé", "easy")]
            app.start_game(GameConfig("frustration", seats, seed=7))
            reply = "watching"
        elif command == "continue":
            app.continue_saved_game("frustration")
            reply = "table" if isinstance(app.scenes.top, TableScene) else "title"
        elif command == "play":
            target = saves[0] + int(words[1])
            for _ in range(20_000):
                if saves[0] >= target:
                    break
                top = app.scenes.top
                if hasattr(top, "next_round"):  # a round's summary: on to the next round
                    top.next_round()
                app.step(0.05)
            app.flush_saves()
            reply = f"saved {saves[0]}"
        elif command == "arrange":
            app.save_session(app.scenes.find(TableScene).session)
            app.flush_saves()
            reply = "arranged"
        elif command == "settings":
            app.set_language("fr")
            app.settings.volume = 0.1
            app.save_settings()
            app.remember_window()
            app.storage.reset_stats()
            reply = "changed"
        elif command == "quit":
            app.quit()
            app.shutdown()
            print("bye", flush=True)
            return 0
        else:
            reply = f"unknown command {command}"
        print(reply, flush=True)
    app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
