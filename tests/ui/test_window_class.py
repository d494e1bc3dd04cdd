"""The window's class is "rami" however the game starts, and the menu entries say so.

Importing pygame under X11 sets ``SDL_VIDEO_X11_WMCLASS`` to the script's name (``__main__.py``
under ``python -m game``), which SDL then gives the window as its class: the desktop could not
match the window to its menu entry (``StartupWMClass``) and showed a second, anonymous icon.
"""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui.app import WINDOW_CLASS, App, LaunchOptions, configure_platform

ROOT = Path(__file__).resolve().parents[2]


def desktop_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


@pytest.fixture
def pygame_default_class(monkeypatch) -> str:
    """The environment as ``import pygame`` leaves it on an X11 desktop."""
    name = os.path.basename(sys.argv[0])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", name)
    return name


def test_the_class_pygame_sets_on_import_is_replaced(pygame_default_class):
    assert pygame_default_class != WINDOW_CLASS
    configure_platform()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == WINDOW_CLASS == "rami"


def test_with_no_class_in_the_environment_the_game_sets_it(monkeypatch):
    # Wayland without XWayland: pygame sets nothing, SDL's Wayland driver reads the same variable.
    monkeypatch.delenv("SDL_VIDEO_X11_WMCLASS", raising=False)
    configure_platform()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "rami"


def test_a_class_the_person_chose_is_kept(monkeypatch):
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my-rummy")
    configure_platform()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "my-rummy"


def test_the_app_names_its_window_before_the_display_starts(pygame_default_class, storage):
    # Tests and tools make an App without going through the command line.
    app = App(LaunchOptions(lang="fr", storage=storage))
    try:
        assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "rami"
        assert os.environ["SDL_APP_NAME"] == "Rami"
        assert pygame.display.get_caption()[0] == "Rami"
    finally:
        app.shutdown()


def test_the_menu_entry_names_the_same_class():
    entry = desktop_entry(ROOT / "linux" / "rami.desktop")
    assert entry["StartupWMClass"] == WINDOW_CLASS
    assert entry["Icon"] == "rami" and entry["Exec"].split()[0] == "rami"


# Under a real X server (Xvfb), when the machine has one ---------------------------------------

OPEN_THE_WINDOW = """
import subprocess
import pygame  # sets the class to "-c", the script's name, as it does for __main__.py
from game.ui.app import App, LaunchOptions, configure_platform, quit_pygame

configure_platform()  # what game.__main__.main does first
app = App(LaunchOptions(lang="en", size=(1024, 600)))
pygame.display.flip()
pygame.event.pump()
window = pygame.display.get_wm_info()["window"]
print(subprocess.run(["xprop", "-id", str(window), "WM_CLASS"], capture_output=True, text=True).stdout)
app.shutdown()
"""


@pytest.fixture
def x_display():
    """A virtual X screen; skipped where Xvfb or xprop is not installed."""
    if not (shutil.which("Xvfb") and shutil.which("xprop")):
        pytest.skip("needs Xvfb and xprop (apt-get install xvfb x11-utils)")
    ready, writer = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(writer), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(writer,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(writer)
    with os.fdopen(ready, "rb") as answer:
        number = answer.readline().strip().decode()  # written once the server accepts clients
    try:
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait()


def test_the_window_on_an_x_server_has_the_class_rami(x_display, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEO_X11_WMCLASS"}
    env.update(
        DISPLAY=x_display,
        SDL_VIDEODRIVER="x11",
        SDL_AUDIODRIVER="dummy",
        RAMI_USER_DIR=str(tmp_path),
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        [sys.executable, "-c", OPEN_THE_WINDOW],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert 'WM_CLASS(STRING) = "rami", "rami"' in done.stdout
