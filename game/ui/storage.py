"""Settings and the saved game, in the user's folders (platformdirs), written atomically.

A file that cannot be read is never fatal: the caller gets the defaults (or no saved game)
plus a problem code to report, and a broken save is set aside (renamed) so that it is kept for
inspection but never read again.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
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
        for name in ("sound", "four_colour", "colour_blind", "fullscreen"):
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
            return Settings.from_json(json.loads(path.read_text(encoding="utf-8"))), None
        except (OSError, UnicodeDecodeError, ValueError):
            self._set_aside(path)
            return Settings(), "settings_unreadable"

    def save_settings(self, settings: Settings) -> str | None:
        """Write the settings; returns a problem code when the disk refuses."""
        try:
            atomic_write_text(self.settings_path, json.dumps(settings.to_json(), indent=2))
        except OSError:
            return "settings_not_saved"
        return None

    # The game in progress -----------------------------------------------------------------
    def has_saved_game(self) -> bool:
        return self.save_path.exists()

    def load_game_data(self) -> tuple[Any | None, str | None]:
        """The saved game's JSON data, or ``None`` and a problem code (``save_unreadable``)."""
        path = self.save_path
        if not path.exists():
            return None, None
        try:
            return json.loads(path.read_text(encoding="utf-8")), None
        except (OSError, UnicodeDecodeError, ValueError):
            self.set_aside_save()
            return None, "save_unreadable"

    def save_game_data(self, data: Any) -> str | None:
        """Write the game in progress; returns a problem code when the disk refuses."""
        try:
            atomic_write_text(self.save_path, json.dumps(data, separators=(",", ":")))
        except OSError:
            return "save_failed"
        return None

    def delete_game(self) -> None:
        try:
            self.save_path.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass

    def set_aside_save(self) -> None:
        """Rename an unusable save so it is kept but never read again."""
        self._set_aside(self.save_path)

    @staticmethod
    def _set_aside(path: Path) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        with contextlib.suppress(OSError):
            os.replace(path, path.with_name(f"{path.stem}.unreadable-{stamp}{path.suffix}"))
