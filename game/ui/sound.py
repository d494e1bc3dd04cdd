"""Sound effects: a small player over ``pygame.mixer`` that falls silent when there is no audio.

The sounds are WAV files in ``assets/sounds/`` made by ``tools/make_sounds.py``. When the mixer
cannot start (no audio device, a missing SDL audio driver, a missing file), the player still
accepts every call and simply plays nothing, so the game runs the same without sound.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

from game.resources import resource_path

SOUNDS = ("shuffle", "draw", "place", "meld", "invalid", "your_turn", "round_won", "timer_warning", "click")
"""Every sound the game can play, by name."""

MIXER_SETTINGS = {"frequency": 44100, "size": -16, "channels": 2, "buffer": 512}


def sound_path(name: str) -> str:
    """Path of the WAV file of sound ``name``."""
    return str(resource_path("assets", "sounds", f"{name}.wav"))


class SoundPlayer:
    """Plays the named sound effects at one volume, or nothing when disabled or without audio."""

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)
        self._sounds: dict[str, Any] = {}
        self.available = _start_mixer()
        if self.available:
            self._load_all()

    def play(self, name: str) -> None:
        """Play sound ``name`` (one of ``SOUNDS``). Unknown names raise ``ValueError``."""
        if name not in SOUNDS:
            raise ValueError(f"unknown sound: {name!r}")
        if not self.enabled or self.volume <= 0:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        with contextlib.suppress(Exception):
            sound.set_volume(self.volume)
            sound.play()

    def set_enabled(self, on: bool) -> None:
        """Turn every sound on or off; turning off also stops what is playing."""
        self.enabled = bool(on)
        if not self.enabled and self.available:
            with contextlib.suppress(Exception):
                pygame.mixer.stop()

    def set_volume(self, volume: float) -> None:
        """Set the volume, from 0 (silent) to 1 (full); values outside are clamped."""
        self.volume = _clamp(volume)

    def _load_all(self) -> None:
        for name in SOUNDS:
            try:
                self._sounds[name] = pygame.mixer.Sound(sound_path(name))
            except Exception:  # a missing or unreadable file just stays silent
                continue


def close_audio() -> None:
    """Halt every sound, then close the audio device; nothing when it is not open.

    A sound that ends while pygame closes the mixer calls back into Python from SDL's audio
    thread, which then waits for the interpreter lock that the closing thread holds: the game
    would hang on its way out. Halting the channels first (pygame lets go of the lock while it
    does, and runs their end callbacks there) leaves the audio thread nothing to call back about.
    """
    if pygame.mixer.get_init() is None:
        return
    with contextlib.suppress(Exception):
        pygame.mixer.stop()
        pygame.mixer.quit()


def _start_mixer() -> bool:
    """Start the mixer if it is not running; False (never an exception) when it cannot."""
    try:
        if pygame.mixer.get_init() is None:
            pygame.mixer.init(**MIXER_SETTINGS)
        return pygame.mixer.get_init() is not None
    except Exception:  # no device, no driver, or no mixer module at all
        return False


def _clamp(volume: float) -> float:
    try:
        return min(1.0, max(0.0, float(volume)))
    except (TypeError, ValueError):
        return 0.8
