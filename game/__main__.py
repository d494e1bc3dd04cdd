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
from typing import TYPE_CHECKING

from game import __version__

if TYPE_CHECKING:
    import argparse

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def read_size(text: str) -> tuple[int, int] | None:
    """``"1280x800"`` as ``(1280, 800)``; ``None`` when it is not ``WIDTHxHEIGHT``."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        return None
    return w, h


def parse_size(text: str) -> tuple[int, int]:
    size = read_size(text)
    if size is None:
        import argparse

        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}")
    return size


DEFAULTS = {
    "lang": None,
    "size": None,
    "fullscreen": None,
    "smoke_test": False,
    "smoke_frames": 360,
    "first_frame_exit": False,
    "screenshot": None,
    "screenshot_sizes": "1280x800,1920x1080",
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
        if name == "size":
            values[name] = read_size(value)
        elif name == "smoke_frames":
            values[name] = int(value) if value.isdigit() else None
        elif name != "lang" or value in ("en", "fr"):
            values[name] = value
        else:
            return None
        if values[name] is None:
            return None
    return SimpleNamespace(**values)


def build_parser() -> argparse.ArgumentParser:
    import argparse

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
    if getattr(sys, "frozen", False):  # the computer players' worker process, if this is it
        from game.frozen import run_helper

        run_helper(sys.argv)
    args = quick_parse(sys.argv[1:] if argv is None else argv) or build_parser().parse_args(argv)

    if args.smoke_test or args.screenshot or args.first_frame_exit:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.ui.app import configure_platform

    configure_platform()
    try:
        if args.screenshot:
            from game.showcase.screenshots import render_all

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
