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
def test_a_plain_command_line_reads_as_argparse_reads_it(parts):
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
