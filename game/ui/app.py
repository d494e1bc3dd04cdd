"""The application: the window, the main loop and the services every scene shares.

``App`` owns the window, the clock, the settings and their storage, the translator, the fonts,
the art and the sound, and the scene stack. The loop reads events, lets the scenes handle and
update, draws from the top opaque scene up, then the toasts, and flips, at 60 frames a second.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import Text, Translator, choose_language, system_language
from game.resources import resource_path
from game.ui import desktop, idle, second_copy, theme
from game.ui.scene import Scene, SceneStack
from game.ui.scenes import navigation
from game.ui.storage import Storage
from game.ui.text import Fonts
from game.ui.widgets import Toast

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

FPS = 60
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 600)
"""The smallest window the layouts are made for (netbook and small laptop screens)."""
WINDOW_SIZES = (
    (3840, 2400), (3840, 2160), (2560, 1600), (2560, 1440), (1920, 1200), (1920, 1080),
    (1680, 1050), (1600, 900), (1440, 900), (1366, 768), (1280, 800), (1280, 720),
)  # fmt: skip
"""The 16:10 and 16:9 sizes a first start chooses from, largest first."""


def fitting_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window size of a first start: the largest of ``WINDOW_SIZES`` within 90% of the
    desktop, never below ``MIN_SIZE`` (``DEFAULT_SIZE`` when the desktop is unknown)."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return DEFAULT_SIZE
    room = (desktop[0] * 0.9, desktop[1] * 0.9)
    for w, h in WINDOW_SIZES:
        if w <= room[0] and h <= room[1]:
            return w, h
    return MIN_SIZE


class LaunchOptions:
    """What the command line asked for. ``size`` is the window size; ``None``: the size the
    player left it at, or one that fits the screen. (A plain class: a dataclass costs about half
    a millisecond to define, before the title's first frame.)"""

    def __init__(
        self,
        lang: str | None = None,
        size: tuple[int, int] | None = DEFAULT_SIZE,
        fullscreen: bool | None = None,
        smoke_test: bool = False,
        smoke_frames: int = 360,
        first_frame_exit: bool = False,
        storage: Storage | None = None,
        first_scene: Callable[[App], Scene] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.lang = lang
        self.size = size
        self.fullscreen = fullscreen
        self.smoke_test = smoke_test
        self.smoke_frames = smoke_frames
        self.first_frame_exit = first_frame_exit
        self.storage = storage
        self.first_scene = first_scene
        self.extra = extra if extra is not None else {}

    def __repr__(self) -> str:
        return f"LaunchOptions({vars(self)!r})"


class App(navigation.NavigationServices):
    """The running game (see the module docstring)."""

    def __init__(self, options: LaunchOptions | None = None) -> None:
        self.options = options or LaunchOptions()
        # Only the window and the fonts before the first frame: the audio device opens right
        # after it (see run), and the sound player on first use in any case.
        name_the_window()  # before the display starts
        pygame.display.init()
        pygame.font.init()
        self.storage = self.options.storage or self._default_storage()
        migration_problem = self._tidy_folders() if self.storage.claimed else None
        self.settings, settings_problem = self.storage.load_settings()
        self.tr_ = Translator.from_folder(
            resource_path("locales"),
            choose_language(self.options.lang, self.settings.language, system_language),
        )
        self.toasts: list[Toast] = []
        self.clock = pygame.Clock()
        self.running = False
        self.frame_count = 0
        self._kept = self._picture_cache()
        self.pictures_later = False
        """A first start's title drew its first frame without the pictures not yet kept, and
        draws them on the next: they are kept once drawn (``keep_pictures``)."""
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
        if migration_problem:
            self.notify(self.tr(f"problem.{migration_problem}"), bad=True)
        self.tr_.on_change(self._language_changed)

    def _default_storage(self) -> Storage:
        """The user's folders; a throw-away folder for a smoke run, so that it never touches
        the player's settings or saved game (not even in a ``RAMI_USER_DIR`` folder). Either is
        claimed as the player's are (so that a smoke test of a build covers the lock)."""
        if self.options.smoke_test:
            import tempfile

            folder = tempfile.mkdtemp(prefix="rami-smoke-")
            self._throwaway_folder = folder
            storage = Storage(Path(folder), Path(folder))
        else:
            storage = Storage.default()
        storage.wait_for_claim()  # claimed once the first frame is on screen (claim_folders)
        return storage

    def _tidy_folders(self) -> str | None:
        """Before anything is written: remove the leftovers of killed writes and move the save
        of earlier versions into its slot; the problem code of that move, if any."""
        self.storage.clean_up()
        return self.storage.migrate_single_slot()

    def claim_folders(self) -> None:
        """Become the copy of the game that saves in the player's folders, or, when another copy
        already is, say that this one saves nothing (``game.ui.owner``). Once the first frame is
        on screen and before any input is read: nothing is written before it."""
        if self.storage.claimed:
            return
        if self.storage.claim():
            old_save = self.storage.save_path.exists()
            problem = self._tidy_folders()
            if problem:
                self.notify(self.tr(f"problem.{problem}"), bad=True)
            if old_save:
                self.scenes.layout(self.size)  # moved into its slot: "Continue" shows it
            return
        pygame.display.set_caption(self._caption())
        second_copy.say_so(self)

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

            self._art = Art(kept=self._kept)
        return self._art

    def _picture_cache(self) -> Any:
        """The pictures of the start kept between runs, in the user's cache folder (none for a
        smoke run, a screenshot run or a test's own storage without one; a read-only copy reads
        them but keeps none, see ``keep_pictures``)."""
        if self.storage.cache_dir is None:
            return None
        from game import __version__
        from game.ui import art
        from game.ui.picture_cache import PictureCache, code_files

        def sources() -> list[Path]:
            folders = [art.asset(), *(art.asset(name) for name in ("cards", "tiles", "ui", "fonts"))]
            assets = [path for folder in folders if folder.is_dir() for path in sorted(folder.iterdir())]
            return assets + code_files("game.ui.art", "game.ui.emblems")

        return PictureCache(self.storage.cache_dir / "pictures", __version__, sources)

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
        """Save the game in progress in its game's slot (after every move); a finished game
        leaves no save.

        The state is turned into JSON now; the file is written by a background thread, in
        order, so that the frame never waits for the disk. A lesson's game is never saved."""
        if not session.kept:
            return
        data = None if session.state.is_over else session.to_json()
        if self._saver is None:
            from concurrent.futures import ThreadPoolExecutor

            self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-save")
        self._writes.append(self._saver.submit(_write_save, self.storage, session.game, data))

    def flush_saves(self, wait: bool = True) -> None:
        """Wait until every save asked for is on the disk (``wait=False``: only those already
        written), and report a disk that refused."""
        if wait:
            for future in list(self._writes):
                future.result()
        for future in [f for f in self._writes if f.done()]:
            self._writes.remove(future)
            problem = future.result()
            if problem:
                self.notify(self.tr(f"problem.{problem}"), bad=True)

    def record_result(self, session: Any) -> None:
        """Count ``session``'s finished game in the record of play (nothing for a watched
        game nor a lesson); a record that cannot be read starts again, with a message."""
        from game.ui.stats import result_of

        if not session.kept:
            return

        result = result_of(session.game, session.state, [seat.kind for seat in session.seats])
        if result is None:
            return
        record, problem = self.storage.load_stats()
        record.add(session.game, *result)
        problem = self.storage.save_stats(record) or problem
        if problem:
            self.notify(self.tr(f"problem.{problem}"), bad=True)

    def delete_saved_game(self, game: str) -> None:
        """Forget ``game``'s saved game, after the writes already asked for."""
        self.flush_saves()
        self.storage.delete_game(game)

    def set_language(self, lang: str) -> None:
        """Switch the whole interface to ``lang`` at once and remember the choice."""
        self.settings.language = lang
        self.save_settings()
        self.tr_.set_language(lang)

    def _language_changed(self, lang: str) -> None:
        pygame.display.set_caption(self._caption())
        for toast in self.toasts:
            toast.text = self.tr_.refresh(toast.text)
        for scene in self.scenes:
            session = getattr(scene, "session", None)
            if session is not None and hasattr(session, "rename_default_seats"):
                session.rename_default_seats(lambda n: self.tr("setup.default_player", n=n))
        self.scenes.layout(self.size)

    def apply_sound_settings(self) -> None:
        self.sound.set_enabled(self.settings.sound)
        self.sound.set_volume(self.settings.volume)

    # Window -----------------------------------------------------------------------------
    def _window_size(self) -> tuple[int, int]:
        """The size asked on the command line, else the remembered one, else one that fits;
        never larger than the desktop (``game.ui.desktop``), never smaller than ``MIN_SIZE``."""
        if self.options.size is not None:
            size = self.options.size
        elif self.settings.window_size is not None:
            size = (self.settings.window_size[0], self.settings.window_size[1])
        else:
            screens = desktop.reported_sizes()
            size = fitting_size(screens[0] if screens else None)
        w, h = desktop.fit_size(size, desktop.desktop_sizes())
        return max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])

    def remember_window(self) -> None:
        """Keep the window's size and position for the next start (not in full screen)."""
        if self.settings.fullscreen or self.options.smoke_test or pygame.display.get_surface() is None:
            return
        self.settings.window_size = list(self.size)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                self.settings.window_position = list(pygame.Window.from_display_module().position)
        except (AttributeError, pygame.error):
            pass
        self.save_settings()

    def _caption(self) -> Text:
        """The window's title: "Rami", and "read-only" beside it in a copy that saves nothing."""
        read_only = self.storage.read_only and self.storage.claimed
        return self.tr("app.window_title_read_only" if read_only else "app.window_title")

    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption(self._caption())
        # Before the window opens: without an icon of its own, pygame loads its default one.
        with contextlib.suppress(pygame.error, FileNotFoundError):
            pygame.display.set_icon(self._window_icon())
        fullscreen = (
            self.options.fullscreen if self.options.fullscreen is not None else self.settings.fullscreen
        )
        return self._set_mode(fullscreen and not self.options.smoke_test)

    def _window_icon(self) -> pygame.Surface:
        """The window's icon (kept with the start's pictures: a BMP file reads much faster than
        the PNG asset decodes)."""

        def load() -> pygame.Surface:
            return pygame.image.load(str(resource_path("assets", "icon.png")))

        return load() if self._kept is None else self._kept.get("window-icon", None, load)

    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = self._window_size()
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
        try:  # the window manager then refuses to make it smaller
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                handle = pygame.Window.from_display_module()
                handle.minimum_size = MIN_SIZE
                position = self.settings.window_position
                if position is not None and self.options.size is None:
                    place = (position[0], position[1])
                    handle.position = desktop.fit_position(place, size, desktop.desktop_sizes())
                elif self.options.size is not None and not desktop.fits(self.options.size, size):
                    # Asked larger than the desktop: in its top left corner, whole.
                    handle.position = desktop.fit_position((0, 0), size, desktop.desktop_sizes())
        except (AttributeError, pygame.error, TypeError, ValueError):
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
        if self.open_shortcuts(event):
            return
        self.scenes.handle(event)

    def step(self, dt: float, draw: bool = True) -> None:
        """One frame: events, update, draw, flip (``draw=False``: a still frame, nothing
        drawn unless an event came)."""
        if not draw and pygame.event.peek():
            draw = True
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        self.scenes.update(dt)
        if self._writes:
            self.flush_saves(wait=False)
        self.toasts = [t for t in self.toasts if t.update(dt)]
        if not self.scenes.top:
            self.quit()
            return
        if not draw:
            return
        self.draw(self.window)
        pygame.display.flip()
        self.frame_count += 1

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every visible scene and the toasts onto ``surface``."""
        self.scenes.draw(surface)
        if self.storage.read_only and self.storage.claimed:
            second_copy.draw_mark(surface, self.fonts, self.scale, self.tr("owner.read_only"))
        for i, toast in enumerate(self.toasts):
            toast.draw(surface, self.fonts, self.scale, i)

    def start(self) -> None:
        """Push the first scene (the title, unless the launch options say otherwise)."""
        if self.options.first_scene is not None:
            self.scenes.reset(self.options.first_scene(self))
        else:
            self.back_to_title()
        if self.storage.read_only and self.storage.claimed:  # another copy owns the saves
            second_copy.say_so(self)

    def run(self) -> int:
        """The main loop; returns the process exit code."""
        self.start()
        self.running = True
        driver = None
        if self.options.smoke_test:
            from game.ui.smoke import SmokeDriver

            driver = SmokeDriver(self, self.options.smoke_frames)
        dt = 0.0
        shown = False  # the first frame is on screen
        still = 0  # frames in a row where nothing moved
        while self.running:
            if driver is not None:
                driver.before_frame()
            self.step(dt, draw=still < idle.QUIET_FRAMES)
            if self.options.first_frame_exit:
                if self.frame_count == 1 and not shown:
                    print("first frame", flush=True)  # read by python -m game.bench firstframe
                if not self.pictures_later:  # a first start: the title's pictures, to keep
                    self.quit()
            if self.frame_count == 1 and not shown:
                shown = True
                self.after_first_frame(sound=not self.options.first_frame_exit)
            still = 0 if driver is not None or idle.moving(self) else still + 1
            if still >= idle.QUIET_FRAMES:
                if idle.wait_for_event():
                    still = 0
                self.clock.tick()  # the sleep is not animation time
                dt = 1 / FPS
            else:
                dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
        if driver is not None:
            driver.finish()
        self.shutdown()
        return 0

    def after_first_frame(self, sound: bool = True) -> None:
        """What waits for the title to be on screen: the player's folders claimed, the pictures
        to keep for the next start, the audio device (unless ``sound`` is false, or the sound
        player already runs)."""
        self.claim_folders()
        if not self.pictures_later:
            self.keep_pictures()
        if sound and self._sound is None:
            self.apply_sound_settings()

    def keep_pictures(self) -> None:
        """Write the start's pictures to the cache folder for the next start (after the first
        frame, or once the title has drawn the pictures it put off, ``pictures_later``)."""
        self.pictures_later = False
        if self._kept is None:
            return
        if self.storage.read_only:  # another copy owns the folders, the cache too
            self._kept.open = False
        else:
            self._kept.save()

    def shutdown(self) -> None:
        self.remember_window()
        for scene in list(self.scenes):
            scene.leave()
        self.flush_saves()
        if self._saver is not None:
            self._saver.shutdown(wait=True)
        self.storage.release()
        quit_pygame()
        folder = getattr(self, "_throwaway_folder", None)
        if folder:
            import shutil

            shutil.rmtree(folder, ignore_errors=True)


def quit_pygame() -> None:
    """Close pygame, the audio device first (``sound.close_audio``: a sound ending during
    ``pygame.quit`` can hang it)."""
    from game.ui.sound import close_audio

    close_audio()
    pygame.quit()


def _write_save(storage: Storage, game: str, data: Any) -> str | None:
    """Write (or, for a finished game, delete) ``game``'s save; the problem code, if any."""
    if data is None:
        storage.delete_game(game)
        return None
    return storage.save_game_data(game, data)


WINDOW_CLASS = "rami"
"""The window's class (X11 ``WM_CLASS``, Wayland app id): the ``StartupWMClass`` of rami.desktop,
which lets the desktop match the window to its menu entry and icon."""


def name_the_window() -> None:
    """Give the window its class and application name (task bar, Alt-Tab, the desktop's
    grouping), before the display starts.

    SDL 2 reads the class from ``SDL_VIDEO_X11_WMCLASS`` when its video starts (its Wayland
    driver too); importing pygame has already set that variable to the name of the script
    (``__main__.py`` under ``python -m game``), so pygame's value is replaced. A class the
    person set in the environment before starting the game is kept."""
    if os.environ.get("SDL_VIDEO_X11_WMCLASS") in (None, os.path.basename(sys.argv[0])):
        os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
    os.environ.setdefault("SDL_APP_NAME", "Rami")


def configure_platform() -> None:
    """Settings that must be made before SDL starts (high-DPI awareness on Windows)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    name_the_window()
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    if sys.platform == "win32":
        try:
            import ctypes

            ctypes.windll.shcore.SetProcessDpiAwareness(2)
        except (AttributeError, OSError):
            pass
