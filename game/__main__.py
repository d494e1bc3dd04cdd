"""Start Rami: ``python -m game [--lang fr|en] [--smoke-test] [--screenshot DIR] [--version]``.

Only what the title screen needs is imported before the first frame; the rest of the game (the
tables, the engines, the computer players) is imported when a screen first needs it.
"""

from __future__ import annotations

import argparse
import os
import sys

from game import __version__

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None
    return w, h


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rami", description="Rami: three rummy games.")
    parser.add_argument("--version", action="version", version=f"rami {__version__}")
    parser.add_argument(
        "--lang", choices=("en", "fr"), help="interface language (default: settings, then system)"
    )
    parser.add_argument(
        "--size",
        type=parse_size,
        default=None,
        help="window size, e.g. 1280x800 (default: the last size, or one that fits the screen)",
    )
    parser.add_argument("--fullscreen", action="store_true", default=None, help="start in full screen")
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="run the real main loop headless through the title screen and the language switch, then exit",
    )
    parser.add_argument("--smoke-frames", type=int, default=360, help=argparse.SUPPRESS)
    parser.add_argument("--first-frame-exit", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--screenshot", metavar="DIR", help="render every scene in both languages to PNG files"
    )
    parser.add_argument(
        "--screenshot-sizes",
        default="1280x800,1920x1080",
        help="sizes for --screenshot (comma-separated WIDTHxHEIGHT)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m game`` and of the ``rami`` command."""
    if getattr(sys, "frozen", False):  # computer players think in a worker process
        import multiprocessing

        multiprocessing.freeze_support()
    args = build_parser().parse_args(argv)

    if args.smoke_test or args.screenshot or args.first_frame_exit:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.ui.app import configure_platform

    configure_platform()
    try:
        if args.screenshot:
            from game.ui.screenshots import render_all

            sizes = [parse_size(s) for s in args.screenshot_sizes.split(",")]
            written = render_all(args.screenshot, sizes)
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
