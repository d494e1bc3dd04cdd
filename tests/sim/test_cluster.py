"""What ``--ray`` needs that can be checked without a cluster: the modules shipped to a remote
cluster's workers, and a clear message when Ray is missing."""

from __future__ import annotations

import sys
from pathlib import Path

import game
from game.sim.__main__ import main
from game.sim.cluster import shipped_modules


def test_the_package_and_the_bots_modules_are_shipped_as_paths(tmp_path, monkeypatch):
    (tmp_path / "lonebot.py").write_text("class Bot:\n    def choose(self, view): ...\n")
    (tmp_path / "botpack").mkdir()
    (tmp_path / "botpack" / "__init__.py").write_text("")
    (tmp_path / "botpack" / "deep.py").write_text("class Bot:\n    def choose(self, view): ...\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("lonebot", "botpack", "botpack.deep"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    __import__("lonebot")
    __import__("botpack.deep")
    names = ["hard", "py:lonebot:Bot", "py:botpack.deep:Bot", "py:game.ai.examples.rum500:ExampleBot"]
    shipped = shipped_modules(names)
    assert shipped == [game.__path__[0], str(tmp_path / "lonebot.py"), str(tmp_path / "botpack")]
    assert all(isinstance(path, str) and Path(path).exists() for path in shipped)


def test_without_ray_the_command_says_how_to_install_it(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    assert main(["tiles", "--players", "easy,random", "--games", "2", "--rounds", "1", "--ray"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (
        'python -m game.sim: error: Ray is not installed: pip install "rami[cluster]" (or pip install ray)'
    )
