"""Settings and the saved game, in the user's folders (platformdirs), written atomically.

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
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "rami"
SETTINGS_FILE = "settings.json"
SAVE_FILE = "current-game.json"

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
    card_back: str = "blue"
    four_colour: bool = False
    colour_blind: bool = False
    fullscreen: bool = False
    double_click_discard: bool = False
    """A double-click on a card of the hand discards it (off: a discard is always a drag)."""

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from JSON data; raises ``ValueError`` when a value is unusable."""
        if not isinstance(data, dict):
            raise ValueError("settings: expected an object")
        settings = cls()
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                continue  # a setting from a newer version: ignored
            setattr(settings, key, value)
        settings.check()
        return settings

    def check(self) -> None:
        """Raise ``ValueError`` unless every value is one the game understands."""
        if self.language not in (None, "en", "fr"):
            raise ValueError(f"language {self.language!r}")
        for name in ("sound", "four_colour", "colour_blind", "fullscreen", "double_click_discard"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        if not isinstance(self.volume, (int, float)) or not 0 <= self.volume <= 1:
            raise ValueError("volume must be between 0 and 1")
        if self.animation_speed not in ANIMATION_SPEEDS:
            raise ValueError(f"animation_speed {self.animation_speed!r}")
        if self.computer_speed not in COMPUTER_SPEEDS:
            raise ValueError(f"computer_speed {self.computer_speed!r}")
        if self.card_back not in CARD_BACKS:
            raise ValueError(f"card_back {self.card_back!r}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


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

    def __init__(self, config_dir: Path, data_dir: Path) -> None:
        self.config_dir = Path(config_dir)
        self.data_dir = Path(data_dir)
        self._reported: set[str] = set()
        """Write problems already reported (each once until a write succeeds again)."""
        self._ignored_save: tuple[int, int] | None = None
        """Size and modification time of an unreadable save that could not be set aside."""

    @classmethod
    def default(cls) -> Storage:
        override = os.environ.get("RAMI_USER_DIR")
        if override:
            return cls(Path(override), Path(override))
        return cls(
            Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        )

    @property
    def settings_path(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def save_path(self) -> Path:
        return self.data_dir / SAVE_FILE

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

    def _write(self, problem: str, write: Callable[[], None]) -> str | None:
        """Run ``write``; ``problem`` when it fails and was not already reported since the last
        write that worked, else ``None``."""
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
        a write); returns what was removed. Called once at start, before anything is written."""
        removed = []
        for folder in {self.config_dir, self.data_dir}:
            for name in (SETTINGS_FILE, SAVE_FILE):
                try:
                    leftovers = list(folder.glob(f".{name}.*{TMP_SUFFIX}"))
                except OSError:
                    continue
                for path in leftovers:
                    with contextlib.suppress(OSError):
                        path.unlink()
                        removed.append(path)
        return removed

    # The game in progress -----------------------------------------------------------------
    def has_saved_game(self) -> bool:
        """True when there is a saved game that was not found unreadable in this run."""
        return self.save_path.exists() and not self._is_ignored(self.save_path)

    def load_game_data(self) -> tuple[Any | None, str | None]:
        """The saved game's JSON data, or ``None`` and a problem code (``save_unreadable``, or
        ``save_unreadable_kept`` when the folder refused to set it aside)."""
        path = self.save_path
        if not path.exists() or self._is_ignored(path):
            return None, None
        try:
            return read_json(path), None
        except (OSError, ValueError):
            return None, self.set_aside_save()

    def save_game_data(self, data: Any) -> str | None:
        """Write the game in progress; returns a problem code when the disk refuses (once in a
        row: the next failure is reported again only after a write has worked)."""
        text = json.dumps(data, separators=(",", ":"))
        return self._write("save_failed", lambda: atomic_write_text(self.save_path, text))

    def delete_game(self) -> None:
        try:
            self.save_path.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass

    def set_aside_save(self) -> str:
        """Rename an unusable save so it is kept but never read again; returns the problem code
        to show: ``save_unreadable`` (set aside) or ``save_unreadable_kept`` (the folder refused:
        the file stays where it is and is ignored until the game is started again)."""
        if self._set_aside(self.save_path):
            return "save_unreadable"
        self._ignored_save = _signature(self.save_path)
        return "save_unreadable_kept"

    def _is_ignored(self, path: Path) -> bool:
        return self._ignored_save is not None and _signature(path) == self._ignored_save

    @staticmethod
    def _set_aside(path: Path) -> bool:
        """Rename ``path`` to a name no file has yet; ``False`` when it could not be done."""
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
