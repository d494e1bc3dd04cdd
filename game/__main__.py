"""Start Rami: ``python -m game [--lang fr|en] [--smoke-test] [--screenshot DIR] [--version]``.

Only what the title screen needs is imported before the first frame; the rest of the game (the
tables, the engines, the computer players) is imported when a screen first needs it. Even the
command line's parser waits: the usual command lines (none, or options spelt out in full) are
read by ``quick_parse``, and ``argparse`` (with its help, its errors and its abbreviations) reads
everything else.
"""

from __future__ import annotations

import os
import sys
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from game import __version__, cli

if TYPE_CHECKING:
    import argparse

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


DEFAULTS = {
    "lang": None,
    "size": None,
    "fullscreen": None,
    "smoke_test": False,
    "smoke_frames": 360,
    "first_frame_exit": False,
    "screenshot": None,
    "screenshot_sizes": [(1280, 800), (1920, 1080)],
}
"""What ``build_parser`` gives for an empty command line (a test checks they agree)."""
_FLAGS = {
    "--fullscreen": "fullscreen",
    "--smoke-test": "smoke_test",
    "--first-frame-exit": "first_frame_exit",
}
_VALUES = {
    "--lang": "lang",
    "--size": "size",
    "--smoke-frames": "smoke_frames",
    "--screenshot": "screenshot",
    "--screenshot-sizes": "screenshot_sizes",
}
_CHECKS = {
    "size": cli.window_size(),
    "smoke_frames": cli.whole(1),
    "screenshot": cli.writable_folder,
    "screenshot_sizes": cli.window_sizes(cli.PICTURE_SIDE),
}
"""How each option's value is checked (``game.cli``), by both readings of the command line."""


def quick_parse(argv: list[str]) -> SimpleNamespace | None:
    """The options of a plain command line (every option spelt out in full, values valid, as a
    separate word) as ``build_parser`` reads them; ``None`` for anything else (help, version,
    abbreviations, ``--opt=value``, mistakes), which is left to ``argparse``."""
    values = dict(DEFAULTS)
    words = iter(argv)
    for word in words:
        if word in _FLAGS:
            values[_FLAGS[word]] = True
            continue
        name = _VALUES.get(word)
        value = next(words, None)
        if name is None or value is None or value.startswith("-"):
            return None
        if name == "lang" and value not in ("en", "fr"):
            return None
        try:
            values[name] = _CHECKS[name](value) if name in _CHECKS else value
        except ValueError:
            return None
    return SimpleNamespace(**values)


def build_parser() -> argparse.ArgumentParser:
    import argparse

    parser = cli.parser(prog="rami", description="Rami: three rummy games.")
    parser.add_argument("--version", action="version", version=f"rami {__version__}")
    parser.add_argument(
        "--lang", choices=("en", "fr"), help="interface language (default: settings, then system)"
    )
    parser.add_argument(
        "--size",
        type=cli.arg(_CHECKS["size"]),
        default=None,
        help="window size, e.g. 1280x800 (default: the last size, or one that fits the screen; "
        "never larger than the screen)",
    )
    parser.add_argument("--fullscreen", action="store_true", default=None, help="start in full screen")
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="run the real main loop headless through the title screen and the language switch, then exit",
    )
    parser.add_argument(
        "--smoke-frames", type=cli.arg(_CHECKS["smoke_frames"]), default=360, help=argparse.SUPPRESS
    )
    parser.add_argument("--first-frame-exit", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--screenshot",
        metavar="DIR",
        type=cli.arg(_CHECKS["screenshot"]),
        help="render every scene in both languages to PNG files",
    )
    parser.add_argument(
        "--screenshot-sizes",
        type=cli.arg(_CHECKS["screenshot_sizes"]),
        default=DEFAULTS["screenshot_sizes"],
        help="sizes for --screenshot (comma-separated WIDTHxHEIGHT)",
    )
    return parser


def close_on_interrupt() -> Any:
    """Ctrl+C in the terminal (SIGINT) closes the game as its window's close button does: the
    main loop ends and the shutdown runs (the window remembered, the saves written). Before the
    window is open it ends the start, quietly (``main`` catches the ``KeyboardInterrupt``).
    Returns the handler it replaces."""
    import signal

    def interrupted(_signum: int, _frame: object) -> None:
        pygame = sys.modules.get("pygame")
        try:
            if pygame is not None and pygame.display.get_init():
                pygame.event.post(pygame.event.Event(pygame.QUIT))
                return
        except (AttributeError, RuntimeError, getattr(pygame, "error", RuntimeError)):
            pass
        raise KeyboardInterrupt

    return signal.signal(signal.SIGINT, interrupted)


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m game`` and of the ``rami`` command."""
    if getattr(sys, "frozen", False):  # the computer players' worker process, if this is it
        from game.frozen import run_helper

        run_helper(sys.argv)
    args = quick_parse(sys.argv[1:] if argv is None else argv) or build_parser().parse_args(argv)
    import signal

    previous = close_on_interrupt()
    try:
        return start(args)
    except KeyboardInterrupt:  # Ctrl+C before the window was open: nothing to close
        return 130
    finally:
        signal.signal(signal.SIGINT, previous)


def start(args: SimpleNamespace | argparse.Namespace) -> int:
    """Run what the command line asked for: the game, a smoke test or the screenshots."""
    if args.smoke_test or args.screenshot or args.first_frame_exit:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.ui.app import configure_platform

    configure_platform()
    try:
        if args.screenshot:
            from game.showcase.screenshots import render_all

            written = render_all(args.screenshot, args.screenshot_sizes)
            print(f"{len(written)} screenshots written to {args.screenshot}")
            return 0
        from game.ui.app import App, LaunchOptions

        options = LaunchOptions(
            lang=args.lang,
            size=args.size,
            fullscreen=args.fullscreen,
            smoke_test=args.smoke_test,
            smoke_frames=args.smoke_frames,
            first_frame_exit=args.first_frame_exit,
        )
        code = App(options).run()
        if args.smoke_test:
            print("smoke test passed")
        return code
    except Exception:
        import traceback

        traceback.print_exc()
        return 1


if __name__ == "__main__":
    sys.exit(main())
