"""The game's command line: the quick reading of plain command lines gives what argparse gives,
and leaves everything else (help, abbreviations, mistakes) to argparse."""

from __future__ import annotations

import itertools

import pytest

from game.__main__ import DEFAULTS, build_parser, quick_parse

WORDS = [
    [],
    ["--fullscreen"],
    ["--smoke-test"],
    ["--first-frame-exit"],
    ["--lang", "fr"],
    ["--lang", "en"],
    ["--size", "1280x800"],
    ["--size", "1024X600"],
    ["--smoke-frames", "40"],
    ["--screenshot", "shots"],
    ["--screenshot-sizes", "800x600,1024x768"],
]


def test_the_defaults_are_argparses():
    assert vars(build_parser().parse_args([])) == DEFAULTS


@pytest.mark.parametrize("parts", list(itertools.combinations(WORDS, 3)) + [(w,) for w in WORDS])
def test_a_plain_command_line_reads_as_argparse_reads_it(parts, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where --screenshot makes its folder
    argv = [word for part in parts for word in part]
    quick = quick_parse(argv)
    assert quick is not None
    assert vars(quick) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["-h"],
        ["--version"],
        ["--lang=fr"],
        ["--lan", "fr"],
        ["--lang", "de"],
        ["--lang"],
        ["--size", "big"],
        ["--size", "1280x800x2"],
        ["--smoke-frames", "many"],
        ["--screenshot", "--lang"],
        ["somewhere"],
        ["--"],
    ],
)
def test_anything_else_is_left_to_argparse(argv):
    assert quick_parse(argv) is None


# Bad values: every one is refused where the command line is read, in one line, exit status 2.


@pytest.fixture
def nothing_starts(monkeypatch):
    """Neither the game nor the screenshots run: a command line that gets past its reading fails."""
    import game.showcase.screenshots
    import game.ui.app

    def started(*args, **kwargs):
        raise AssertionError("the command line was taken")

    monkeypatch.setattr(game.ui.app, "App", started)
    monkeypatch.setattr(game.showcase.screenshots, "render_all", started)


def a_file(tmp_path) -> str:
    path = tmp_path / "a-file"
    path.write_text("not a folder", encoding="utf-8")
    return str(path)


BAD_GAME_LINES = [
    lambda tmp: ["--size", "0x600"],
    lambda tmp: ["--size", "1280x0"],
    lambda tmp: ["--size", "200000x800"],
    lambda tmp: ["--size", "big"],
    lambda tmp: ["--size=-1280x800"],
    lambda tmp: ["--smoke-frames", "0"],
    lambda tmp: ["--smoke-test", "--smoke-frames", "-3"],
    lambda tmp: ["--smoke-frames", "many"],
    lambda tmp: ["--lang", "de"],
    lambda tmp: ["--screenshot", a_file(tmp)],
    lambda tmp: ["--screenshot", a_file(tmp) + "/inside"],
    lambda tmp: ["--screenshot", str(tmp / "shots"), "--screenshot-sizes", "800x600,big"],
    lambda tmp: ["--screenshot", str(tmp / "shots"), "--screenshot-sizes", "0x0"],
    lambda tmp: ["--screenshot", str(tmp / "shots"), "--screenshot-sizes", ","],
    lambda tmp: ["--screenshot", str(tmp / "shots"), "--screenshot-sizes", "99999x99999"],
]


@pytest.mark.parametrize("line", BAD_GAME_LINES)
def test_a_bad_value_on_the_games_command_line_is_one_line_and_status_2(
    line, tmp_path, capsys, nothing_starts
):
    from game.__main__ import main

    argv = line(tmp_path)
    assert quick_parse(argv) is None  # left to argparse, which refuses it
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("rami: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_a_screenshot_folder_that_cannot_be_written_is_refused_by_a_real_process(tmp_path):
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "game", "--screenshot", a_file(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "cannot write into the folder" in done.stderr
    assert done.stdout == ""


def test_a_plain_screenshot_line_makes_its_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = quick_parse(["--screenshot", "shots/here"])
    assert args is not None and (tmp_path / "shots" / "here").is_dir()
