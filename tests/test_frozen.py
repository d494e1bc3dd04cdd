"""The executable's multiprocessing helpers (``game.frozen``): a helper process's command line
is recognised and run, the game's own command line returns at once without multiprocessing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game import frozen


@pytest.mark.parametrize(
    "argv",
    [
        ["rami", "--multiprocessing-fork", "tracker_fd=5", "pipe_handle=7"],
        ["rami", "-B", "-S", "-I", "-c", "from multiprocessing.resource_tracker import main;main(5)"],
    ],
)
def test_multiprocessings_command_lines_are_helpers(argv):
    assert frozen.is_helper(argv)


@pytest.mark.parametrize(
    "argv", [["rami"], ["rami", "--size", "1280x800", "--lang", "fr"], ["rami", "--smoke-test"]]
)
def test_the_games_command_line_returns_without_importing_multiprocessing(argv):
    code = f"import sys; from game import frozen; frozen.run_helper({argv!r}); print('multiprocessing' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_the_resource_trackers_command_runs_and_exits():
    flags = subprocess._args_from_interpreter_flags()
    command = "from multiprocessing.resource_tracker import main; import builtins; builtins.RAMI_RAN = 1"
    with pytest.raises(SystemExit):
        frozen.run_helper(["rami", *flags, "-c", command])
    import builtins

    assert builtins.__dict__.pop("RAMI_RAN") == 1


def test_another_command_is_not_run():
    frozen.run_helper(["rami", "-c", "import builtins; builtins.RAMI_RAN = 1"])
    import builtins

    assert "RAMI_RAN" not in builtins.__dict__
