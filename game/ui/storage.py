"""Settings and the saved games, in the user's folders (platformdirs), written atomically.

Each game (Frustration, 500 Rum, tiles) has its own save slot (``saved-<game>.json``), kept
until that game ends or the player deletes it. The single slot of earlier versions
(``current-game.json``) is moved into its game's slot at start (``migrate_single_slot``).

A file that cannot be read is never fatal: the caller gets the defaults (or no saved game)
plus a problem code to report, and a broken save is set aside (renamed, under a name no other
set-aside file has) so that it is kept for inspection but never read again. When the folder
refuses the rename, the problem code says so, and the file is ignored for the rest of the run.

A disk that refuses to write is reported once, not after every move: the next problem is
reported again only after a write has succeeded. Temporary files left by a run that was killed
in the middle of a write are removed at the next start (``clean_up``).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.ui.games import GAMES

APP_NAME = "rami"
SETTINGS_FILE = "settings.json"
STATS_FILE = "statistics.json"
"""The record of play (``game.ui.stats``), in the data folder."""
SETUP_FILE = "last-setup.json"
"""The last choices of the new-game screen, per game (``load_setups``)."""
SAVE_FILE = "current-game.json"
"""The one save slot of earlier versions: moved into its game's slot at start."""


def slot_file(game: str) -> str:
    """The file name of ``game``'s save slot."""
    return f"saved-{game}.json"


ANIMATION_SPEEDS = ("instant", "fast", "normal", "slow")
COMPUTER_SPEEDS = ("fast", "normal", "slow")
CARD_BACKS = ("blue", "red")
MAX_DEPTH = 32
"""Deepest nesting of lists and objects a settings or save file may have (a real save has 6)."""
TMP_SUFFIX = ".tmp"


@dataclass
class Settings:
    """What the player chose in the settings screen, kept between runs."""

    language: str | None = None
    sound: bool = True
    volume: float = 0.7
    animation_speed: str = "normal"
    computer_speed: str = "normal"
    coach: bool = False
    """After a person's turn, a note when the normal level would clearly have done better
    (``game.ui.tables.coach``; lessons turn it on for their table whatever this says)."""
    card_back: str = "blue"
    four_colour: bool = False
    colour_blind: bool = False
    fullscreen: bool = False
    double_click_discard: bool = False
    """A double-click on a card of the hand discards it (off: a discard is always a drag)."""
    watched_goes_on: bool = True
    """A game of computer players only deals its next round by itself after a pause (off: its
    round summary waits for "Next round")."""
    window_size: list[int] | None = None
    """The window's last size (``None`` until the player has run the game once)."""
    window_position: list[int] | None = None
    """Where the window last was on the desktop (``None``: where the system puts it)."""
    lessons_offered: list[str] = field(default_factory=list)
    """The games whose lesson was offered on their first start ("Learn to play first?"), once each."""

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from JSON data; raises ``ValueError`` (a ``SaveError``) unless the data fits
        the settings' shape (``game.ui.file_shapes.settings``). A setting of a newer version is ignored."""
        _check_settings(data)
        settings = cls()
        for name in (f.name for f in fields(cls)):
            if name in data:
                setattr(settings, name, data[name])
        return settings

    def check(self) -> None:
        """Raise ``ValueError`` unless every value is one the game understands."""
        _check_settings(self.to_json())

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _check_settings(data: Any) -> None:
    """Raise ``SaveError`` (a ``ValueError``) unless ``data`` fits the settings' shape
    (``game.ui.file_shapes.settings``; the validator is imported once there is a file to check)."""
    from game.ui import file_shapes

    shape = file_shapes.settings(ANIMATION_SPEEDS, COMPUTER_SPEEDS, CARD_BACKS)
    file_shapes.check(shape, data, "settings")


def json_depth(data: Any) -> int:
    """How deeply lists and objects nest in ``data`` (a number is 0, ``[]`` is 1), without
    recursion, so that any depth the JSON reader accepted can be measured."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            depth += 1
            deepest = max(deepest, depth)
            stack.extend((v, depth) for v in value)
    return deepest


def read_json(path: Path) -> Any:
    """The JSON data in ``path``; raises ``OSError`` when it cannot be read and ``ValueError``
    when it is not JSON, nests too deeply (``MAX_DEPTH``) or is not text."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except RecursionError as exc:
        raise ValueError(f"{path.name}: nested too deeply") from exc
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path.name}: not text") from exc
    if json_depth(data) > MAX_DEPTH:
        raise ValueError(f"{path.name}: nested too deeply")
    return data


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file."""
    import tempfile  # only when something is written (not before the title's first frame)

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class Storage:
    """Where settings and the saved game live. ``RAMI_USER_DIR`` (tests, portable installs)
    puts both in one folder instead of the platform's configuration and data folders."""

    def __init__(self, config_dir: Path, data_dir: Path, cache_dir: Path | None = None) -> None:
        self.config_dir = Path(config_dir)
        self.data_dir = Path(data_dir)
        self.cache_dir = Path(cache_dir) if cache_dir is not None else None
        """Where pictures kept between runs go (``game.ui.picture_cache``); ``None``: nowhere."""
        self._reported: set[str] = set()
        """Write problems already reported (each once until a write succeeds again)."""
        self._ignored: dict[Path, tuple[int, int] | None] = {}
        """Size and modification time of each unreadable save that could not be set aside."""
        self.read_only = False
        """True when another copy of the game owns these folders (``claim``), or until this one
        has claimed them (``wait_for_claim``): nothing is written, renamed or removed, and an
        unreadable file is left where it is."""
        self._owner: Any = None
        self._unclaimed: list[Path] | None = None
        """Unreadable files found before ``claim``: set aside by it, if this copy owns the folders."""

    def wait_for_claim(self) -> None:
        """Write nothing until ``claim`` (the game claims the player's folders only once its
        first frame is on screen: the lock's library takes a while to import)."""
        self.read_only = True
        self._unclaimed = []

    def claim(self) -> bool:
        """Become the one copy of the game that writes in these folders (``game.ui.owner``); when
        another copy already is, this one is read-only for good. Returns ``not read_only``."""
        from game.ui.owner import Ownership

        self._owner = Ownership(self.data_dir)
        self.read_only = not self._owner.claim()
        unclaimed, self._unclaimed = self._unclaimed or [], None
        for path in unclaimed:
            if not self.read_only and not self._set_aside(path):
                self._ignored[path] = _signature(path)
        return not self.read_only

    @property
    def claimed(self) -> bool:
        """False while the folders wait for ``claim`` (see ``wait_for_claim``)."""
        return self._unclaimed is None

    def release(self) -> None:
        """Let another copy of the game own these folders (at the end of the run)."""
        if self._owner is not None:
            self._owner.release()

    @classmethod
    def default(cls) -> Storage:
        override = os.environ.get("RAMI_USER_DIR")
        if override:
            return cls(Path(override), Path(override), Path(override) / "cache")
        import platformdirs  # only where the platform's folders are used

        return cls(
            Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)),
        )

    @property
    def settings_path(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def save_path(self) -> Path:
        """The single save slot of earlier versions (see ``migrate_single_slot``)."""
        return self.data_dir / SAVE_FILE

    def slot_path(self, game: str) -> Path:
        """Where ``game``'s saved game lives."""
        if game not in GAMES:
            raise ValueError(f"no save slot for {game!r}")
        return self.data_dir / slot_file(game)

    # Settings --------------------------------------------------------------------------
    def load_settings(self) -> tuple[Settings, str | None]:
        """The saved settings, or the defaults and a problem code (``settings_unreadable``)."""
        path = self.settings_path
        if not path.exists():
            return Settings(), None
        try:
            return Settings.from_json(read_json(path)), None
        except (OSError, ValueError):
            self._set_aside(path)
            return Settings(), "settings_unreadable"

    def save_settings(self, settings: Settings) -> str | None:
        """Write the settings; returns a problem code when the disk refuses (once in a row)."""
        text = json.dumps(settings.to_json(), indent=2)
        return self._write("settings_not_saved", lambda: atomic_write_text(self.settings_path, text))

    # The record of play ---------------------------------------------------------------------
    @property
    def stats_path(self) -> Path:
        return self.data_dir / STATS_FILE

    def load_stats(self) -> tuple[Any, str | None]:
        """The record of play (``game.ui.stats.Record``), or an empty one and a problem code
        (``stats_unreadable``: the file did not fit its schema and was set aside)."""
        from game.engine.errors import SaveError
        from game.ui.stats import Record

        path = self.stats_path
        if not path.exists():
            return Record(), None
        try:
            return Record.from_json(read_json(path)), None
        except (OSError, ValueError, SaveError):
            self._set_aside(path)
            return Record(), "stats_unreadable"

    def save_stats(self, record: Any) -> str | None:
        """Write the record of play; a problem code when the disk refuses (once in a row)."""
        text = json.dumps(record.to_json(), indent=1)
        return self._write("stats_not_saved", lambda: atomic_write_text(self.stats_path, text))

    def reset_stats(self) -> None:
        """Forget the record of play (after the player confirmed)."""
        if self.read_only:
            return
        with contextlib.suppress(OSError):
            self.stats_path.unlink()

    # The new-game screen's last choices ----------------------------------------------------
    def load_setups(self) -> dict[str, Any]:
        """The last choices of the new-game screen per game (``{}`` when there are none, or when
        the file cannot be read or does not fit ``game.ui.file_shapes.SETUPS``: it is then set
        aside and the screen starts from the defaults; the setup screen takes each value only if
        it is one of the game's choices)."""
        path = self.config_dir / SETUP_FILE
        if not path.exists():
            return {}
        from game.ui import file_shapes

        try:
            data = read_json(path)
            file_shapes.check(file_shapes.SETUPS, data, "last setup")
        except (OSError, ValueError):  # a SaveError too: the file does not fit its shape
            self._set_aside(path)
            return {}
        return data

    def save_setups(self, setups: dict[str, Any]) -> str | None:
        """Write the new-game screen's last choices (a problem code when the disk refuses)."""
        text = json.dumps(setups, indent=1, ensure_ascii=False)
        path = self.config_dir / SETUP_FILE
        return self._write("settings_not_saved", lambda: atomic_write_text(path, text))

    def _write(self, problem: str, write: Callable[[], None]) -> str | None:
        """Run ``write``; ``problem`` when it fails and was not already reported since the last
        write that worked, else ``None``. A read-only copy writes nothing (and reports nothing:
        it says once, on screen, that it saves nothing)."""
        if self.read_only:
            return None
        try:
            write()
        except OSError:
            if problem in self._reported:
                return None
            self._reported.add(problem)
            return problem
        self._reported.discard(problem)
        return None

    # Leftovers --------------------------------------------------------------------------------
    def clean_up(self) -> list[Path]:
        """Remove the temporary files of writes that never finished (the game was killed during
        a write); returns what was removed. Called once at start, before anything is written (not
        by a read-only copy: those of the owner may be its writes in progress)."""
        removed: list[Path] = []
        if self.read_only:
            return removed
        prefixes = tuple(
            f".{name}." for name in (SETTINGS_FILE, SETUP_FILE, STATS_FILE, SAVE_FILE, *map(slot_file, GAMES))
        )
        for folder in {self.config_dir, self.data_dir}:
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            for name in names:  # ".<file>.<anything>.tmp", as atomic_write_text names them
                prefix = next((p for p in prefixes if name.startswith(p)), None)
                if (
                    prefix is None
                    or not name.endswith(TMP_SUFFIX)
                    or len(name) < len(prefix) + len(TMP_SUFFIX)
                ):
                    continue
                with contextlib.suppress(OSError):
                    (folder / name).unlink()
                    removed.append(folder / name)
        return removed

    # The games in progress (one slot per game) --------------------------------------------
    def migrate_single_slot(self) -> str | None:
        """Move the save of earlier versions (one slot for every game) into its game's slot.

        Called once at start. A file that cannot be read, names no known game, or whose game
        already has a save of its own, is set aside (kept, never read again); returns the
        problem code to show then, else ``None`` (a read-only copy leaves it to the owner)."""
        old = self.save_path
        if self.read_only or not old.exists():
            return None
        try:
            data = read_json(old)
        except (OSError, ValueError):
            data = None
        game = data.get("game") if isinstance(data, dict) else None
        if game in GAMES and not self.slot_path(game).exists():
            try:
                os.replace(old, self.slot_path(game))
                return None
            except OSError:
                pass
        if self._set_aside(old):
            return "save_unreadable"
        self._ignored[old] = _signature(old)
        return "save_unreadable_kept"

    def saved_games(self) -> list[str]:
        """The games that have a save not found unreadable in this run, in the list's order."""
        return [g for g in GAMES if self.has_saved_game(g)]

    def has_saved_game(self, game: str | None = None) -> bool:
        """True when ``game`` (any game when ``None``) has a save not found unreadable."""
        if game is None:
            return bool(self.saved_games())
        path = self.slot_path(game)
        return path.exists() and not self._is_ignored(path)

    def last_played(self, game: str) -> float | None:
        """When ``game``'s save was last written (seconds since the epoch), or ``None``."""
        try:
            return self.slot_path(game).stat().st_mtime
        except OSError:
            return None

    def load_game_data(self, game: str) -> tuple[Any | None, str | None]:
        """``game``'s saved JSON object, or ``None`` and a problem code (``save_unreadable``, or
        ``save_unreadable_kept`` when the folder refused to set it aside): a file that is not
        JSON, or whose JSON is not an object, is set aside."""
        path = self.slot_path(game)
        if not path.exists() or self._is_ignored(path):
            return None, None
        try:
            data = read_json(path)
        except (OSError, ValueError):
            return None, self.set_aside_save(game)
        if not isinstance(data, dict):  # ``null`` too: a saved game is always an object
            return None, self.set_aside_save(game)
        return data, None

    def save_game_data(self, game: str, data: Any) -> str | None:
        """Write ``game``'s game in progress; returns a problem code when the disk refuses
        (once in a row: the next failure is reported again only after a write has worked)."""
        text = json.dumps(data, separators=(",", ":"))
        path = self.slot_path(game)
        return self._write("save_failed", lambda: atomic_write_text(path, text))

    def delete_game(self, game: str) -> None:
        """Forget ``game``'s saved game (it ended, or the player deleted it)."""
        if self.read_only:
            return
        with contextlib.suppress(OSError):
            self.slot_path(game).unlink()

    def set_aside_save(self, game: str) -> str:
        """Rename ``game``'s unusable save so it is kept but never read again; returns the
        problem code to show: ``save_unreadable`` (set aside) or ``save_unreadable_kept`` (the
        folder refused: the file stays where it is and is ignored until the next start)."""
        path = self.slot_path(game)
        if self._set_aside(path):
            return "save_unreadable"
        self._ignored[path] = _signature(path)
        return "save_unreadable_kept"

    def _is_ignored(self, path: Path) -> bool:
        return path in self._ignored and _signature(path) == self._ignored[path]

    def _set_aside(self, path: Path) -> bool:
        """Rename ``path`` to a name no file has yet; ``False`` when it could not be done (or
        this copy is read-only: before ``claim``, the file is set aside by it)."""
        if self.read_only:
            if self._unclaimed is not None and path not in self._unclaimed:
                self._unclaimed.append(path)
            return False
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1, 1000):
            suffix = "" if n == 1 else f"-{n}"
            target = path.with_name(f"{path.stem}.unreadable-{stamp}{suffix}{path.suffix}")
            if target.exists():
                continue
            try:
                # A hard link fails when the name is taken, so an earlier file is never replaced.
                os.link(path, target)
            except FileExistsError:
                continue
            except OSError:
                # No hard links on this disk, or the folder refuses: a plain rename.
                try:
                    os.replace(path, target)
                except OSError:
                    return False
                return True
            try:
                path.unlink()
            except OSError:
                with contextlib.suppress(OSError):
                    target.unlink()
                return False
            return True
        return False


def _signature(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns
