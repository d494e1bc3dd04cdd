"""The README's code examples run as written."""

from __future__ import annotations

import pathlib
import re

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_the_readme_has_examples():
    assert len(python_blocks()) >= 2


def test_every_readme_example_runs():
    for block in python_blocks():
        exec(compile(block, "README.md", "exec"), {})


def test_the_readme_bot_plays_a_legal_move():
    namespace: dict = {}
    exec(compile(python_blocks()[-1], "README.md", "exec"), namespace)
    from game.engine import frustration

    state = frustration.new_game(3, seed=1)
    move = namespace["FirstLegalMove"]().choose(state.view(state.current_player))
    state.apply(move)
