"""The application: the window, the main loop and the services every scene shares.

``App`` owns the window, the clock, the settings and their storage, the translator, the fonts,
the art and the sound, and the scene stack. The loop reads events, lets the scenes handle and
update, draws from the top opaque scene up, then the toasts, and flips, at 60 frames a second.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import Text, Translator, choose_language, system_language
from game.resources import resource_path
from game.ui import theme
from game.ui.scene import Scene, SceneStack
from game.ui.scenes import navigation
from game.ui.storage import Storage
from game.ui.text import Fonts
from game.ui.widgets import Toast

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

FPS = 60
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)


@dataclass
class LaunchOptions:
    """What the command line asked for."""

    lang: str | None = None
    size: tuple[int, int] = DEFAULT_SIZE
    fullscreen: bool | None = None
    smoke_test: bool = False
    smoke_frames: int = 360
    first_frame_exit: bool = False
    storage: Storage | None = None
    first_scene: Callable[[App], Scene] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class App:
    """The running game (see the module docstring)."""

    def __init__(self, options: LaunchOptions | None = None) -> None:
        self.options = options or LaunchOptions()
        # Only the window and the fonts before the first frame: the audio device opens right
        # after it (see run), and the sound player on first use in any case.
        pygame.display.init()
        pygame.font.init()
        self.storage = self.options.storage or self._default_storage()
        self.storage.clean_up()
        self.settings, settings_problem = self.storage.load_settings()
        self.tr_ = Translator.from_folder(
            resource_path("locales"),
            choose_language(self.options.lang, self.settings.language, system_language()),
        )
        self.toasts: list[Toast] = []
        self.clock = pygame.Clock()
        self.running = False
        self.frame_count = 0
        self.window = self._open_window()
        self._laid_out_size = self.window.get_size()
        self.fonts = Fonts()
        self._art: Any = None
        self._sound: Any = None
        self.scenes = SceneStack()
        self._saver: ThreadPoolExecutor | None = None  # started by the first save
        self._writes: list[Future] = []
        for problem in self.tr_.problems:
            self.notify(self.tr("problem.locale_unreadable", detail=problem), bad=True)
        if settings_problem:
            self.notify(self.tr(f"problem.{settings_problem}"), bad=True)
        self.tr_.on_change(self._language_changed)

    def _default_storage(self) -> Storage:
        """The user's folders; a throw-away folder for a smoke run, so that it never touches
        the player's settings or saved game (not even in a ``RAMI_USER_DIR`` folder)."""
        if self.options.smoke_test:
            import tempfile

            folder = tempfile.mkdtemp(prefix="rami-smoke-")
            self._throwaway_folder = folder
            return Storage(Path(folder), Path(folder))
        return Storage.default()

    # Services ---------------------------------------------------------------------------
    def tr(self, key: str, **params: Any) -> Text:
        """Shortcut for the translator's ``tr``."""
        return self.tr_.tr(key, **params)

    def tr_n(self, key: str, n: int, **params: Any) -> Text:
        """Shortcut for the translator's ``tr_n``."""
        return self.tr_.tr_n(key, n, **params)

    @property
    def lang(self) -> str:
        return self.tr_.lang

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    @property
    def scale(self) -> theme.Scale:
        return theme.Scale.for_size(self.size)

    @property
    def art(self) -> Any:
        """The card, tile and table art (``game.ui.art.Art``), loaded on first use."""
        if self._art is None:
            from game.ui.art import Art

            self._art = Art()
        return self._art

    @property
    def sound(self) -> Any:
        """The sound player (``game.ui.sound.SoundPlayer``), started on first use."""
        if self._sound is None:
            from game.ui.sound import SoundPlayer

            self._sound = SoundPlayer(enabled=self.settings.sound, volume=self.settings.volume)
        return self._sound

    def notify(self, text: Text, bad: bool = False, seconds: float = 4.0) -> None:
        """Show a short message above every scene."""
        self.toasts.append(Toast(text, seconds=seconds, bad=bad))
        del self.toasts[:-3]

    def save_settings(self) -> None:
        """Write the settings now (they are small); report a disk that refuses."""
        problem = self.storage.save_settings(self.settings)
        if problem:
            self.notify(self.tr(f"problem.{problem}"), bad=True)

    def save_session(self, session: Any) -> None:
        """Save the game in progress (after every move); a finished game leaves no save.

        The state is turned into JSON now; the file is written by a background thread, in
        order, so that the frame never waits for the disk."""
        data = None if session.state.is_over else session.to_json()
        if self._saver is None:
            from concurrent.futures import ThreadPoolExecutor

            self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-save")
        self._writes.append(self._saver.submit(self._write_save, data))

    def _write_save(self, data: Any) -> str | None:
        if data is None:
            self.storage.delete_game()
            return None
        return self.storage.save_game_data(data)

    def flush_saves(self) -> None:
        """Wait until every save asked for is on the disk."""
        for future in list(self._writes):
            future.result()
        self._report_saves()

    def _report_saves(self) -> None:
        for future in [f for f in self._writes if f.done()]:
            self._writes.remove(future)
            problem = future.result()
            if problem:
                self.notify(self.tr(f"problem.{problem}"), bad=True)

    def set_language(self, lang: str) -> None:
        """Switch the whole interface to ``lang`` at once and remember the choice."""
        self.settings.language = lang
        self.save_settings()
        self.tr_.set_language(lang)

    def _language_changed(self, lang: str) -> None:
        pygame.display.set_caption(self.tr("app.window_title"))
        for toast in self.toasts:
            toast.text = self.tr_.refresh(toast.text)
        self.scenes.layout(self.size)

    def apply_sound_settings(self) -> None:
        self.sound.set_enabled(self.settings.sound)
        self.sound.set_volume(self.settings.volume)

    # Navigation (what scenes ask for; ``navigation`` builds the scenes) ------------------
    def open_setup(self, game: str) -> None:
        navigation.open_setup(self, game)

    def open_settings(self) -> None:
        navigation.open_settings(self)

    def open_rules(self, game: str = "frustration") -> None:
        navigation.open_rules(self, game)

    def start_game(self, config: Any) -> None:
        navigation.start_game(self, config)

    def show_table(self, session: Any) -> None:
        navigation.show_table(self, session)

    def continue_saved_game(self) -> None:
        navigation.continue_saved_game(self)

    def back_to_title(self) -> None:
        navigation.back_to_title(self)

    def open_menu(self, table: Scene) -> None:
        navigation.open_menu(self, table)

    def hand_off(self, name: str, on_ready: Callable[[], None], game: str) -> None:
        navigation.hand_off(self, name, on_ready, game)

    # Window -----------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption(self.tr("app.window_title"))
        try:
            icon = pygame.image.load(str(resource_path("assets", "icon.png")))
            pygame.display.set_icon(icon)
        except (pygame.error, FileNotFoundError):
            pass
        fullscreen = (
            self.options.fullscreen if self.options.fullscreen is not None else self.settings.fullscreen
        )
        return self._set_mode(fullscreen and not self.options.smoke_test)

    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        w, h = self.options.size
        window = pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])), pygame.RESIZABLE)
        try:  # the window manager then refuses to make it smaller
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
        return window

    def _resized(self) -> None:
        """The window changed size: keep it at least ``MIN_SIZE``, forget the pictures drawn
        for the old size (every piece and background is drawn again at the new one, so the
        cache holds one size's worth, not one per size the window went through), lay out."""
        surface = pygame.display.get_surface()
        if surface is None:
            return
        w, h = surface.get_size()
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            # In a window or on a full screen smaller than the minimum (a small display): the
            # tables cannot be laid out smaller, so a window at the minimum it is.
            surface = pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])), pygame.RESIZABLE)
        if surface.get_size() != self._laid_out_size:
            self.forget_sized_pictures()
        self.window = surface
        self._laid_out_size = surface.get_size()
        self.scenes.layout(self.size)

    def forget_sized_pictures(self) -> None:
        """Drop every picture drawn for one window size: the art cache and the memoised
        drawings (``functools.lru_cache``) of the interface modules (shadows, racks, grids)."""
        if self._art is not None:
            self._art.clear()
        for name, module in list(sys.modules.items()):
            if module is None or not name.startswith("game.ui"):
                continue
            for value in list(vars(module).values()):
                if hasattr(value, "cache_info") and callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()

    def toggle_fullscreen(self) -> None:
        """Switch between a window and the full screen (F11), and remember it."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.save_settings()
        if not self.options.smoke_test:
            self.window = self._set_mode(self.settings.fullscreen)
        self.scenes.layout(self.size)

    # Loop -------------------------------------------------------------------------------
    def quit(self) -> None:
        """Leave the main loop at the end of this frame."""
        self.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED, pygame.VIDEORESIZE):
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        self.scenes.handle(event)

    def step(self, dt: float) -> None:
        """One frame: events, update, draw, flip."""
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        self.scenes.update(dt)
        if self._writes:
            self._report_saves()
        self.toasts = [t for t in self.toasts if t.update(dt)]
        if not self.scenes.top:
            self.quit()
            return
        self.draw(self.window)
        pygame.display.flip()
        self.frame_count += 1

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every visible scene and the toasts onto ``surface``."""
        self.scenes.draw(surface)
        for i, toast in enumerate(self.toasts):
            toast.draw(surface, self.fonts, self.scale, i)

    def start(self) -> None:
        """Push the first scene (the title, unless the launch options say otherwise)."""
        if self.options.first_scene is not None:
            self.scenes.reset(self.options.first_scene(self))
        else:
            navigation.back_to_title(self)

    def run(self) -> int:
        """The main loop; returns the process exit code."""
        self.start()
        self.running = True
        driver = None
        if self.options.smoke_test:
            from game.ui.smoke import SmokeDriver

            driver = SmokeDriver(self, self.options.smoke_frames)
        dt = 0.0
        while self.running:
            if driver is not None:
                driver.before_frame()
            self.step(dt)
            if self.options.first_frame_exit:
                print("first frame", flush=True)  # read by python -m game.bench firstframe
                self.quit()
            elif self.frame_count == 1 and self._sound is None:
                self.apply_sound_settings()  # the title is on screen: open the audio device now
            dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
        if driver is not None:
            driver.finish()
        self.shutdown()
        return 0

    def shutdown(self) -> None:
        for scene in list(self.scenes):
            scene.leave()
        self.flush_saves()
        if self._saver is not None:
            self._saver.shutdown(wait=True)
        pygame.quit()
        folder = getattr(self, "_throwaway_folder", None)
        if folder:
            import shutil

            shutil.rmtree(folder, ignore_errors=True)


def configure_platform() -> None:
    """Settings that must be made before SDL starts (high-DPI awareness on Windows)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    if sys.platform == "win32":
        try:
            import ctypes

            ctypes.windll.shcore.SetProcessDpiAwareness(2)
        except (AttributeError, OSError):
            pass
