"""The sound player: plays with the dummy audio driver, stays silent without a mixer, never raises."""

from __future__ import annotations

import importlib.util
import random
import wave
from pathlib import Path

import pygame
import pytest

from game.ui import sound as sound_module
from game.ui.app import App, LaunchOptions
from game.ui.sound import SOUNDS, SoundPlayer, close_audio, sound_path

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.audio


@pytest.fixture
def fresh_mixer():
    """Each test starts and ends with the mixer stopped."""
    close_audio()
    yield
    close_audio()


class FakeSound:
    def __init__(self) -> None:
        self.played = 0
        self.volume = None

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        self.played += 1


def test_every_sound_file_is_short_small_cd_quality_mono():
    for name in SOUNDS:
        path = Path(sound_path(name))
        assert path.is_file(), name
        assert path.stat().st_size < 150_000, name
        with wave.open(str(path)) as wav:
            assert wav.getframerate() == 44100
            assert wav.getsampwidth() == 2
            assert wav.getnchannels() == 1
            seconds = wav.getnframes() / wav.getframerate()
            assert 0.01 < seconds < 1.5, name
            frames = wav.readframes(wav.getnframes())
        samples = memoryview(frames).cast("h")
        peak = max(abs(s) for s in samples)
        assert 0.2 * 32767 < peak < 0.8 * 32767, name  # audible but never at full scale
        assert abs(samples[0]) < 200 and abs(samples[-1]) < 200, name  # faded ends: no clicks


def test_sound_files_match_their_generator():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    make_sounds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_sounds)
    assert tuple(make_sounds.SOUNDS) == SOUNDS
    index = SOUNDS.index("click")
    samples = make_sounds.SOUNDS["click"](random.Random(1000 + index))
    with wave.open(sound_path("click")) as wav:
        stored = memoryview(wav.readframes(wav.getnframes())).cast("h")
    assert len(stored) == len(samples)
    assert all(abs(a - round(b * 32767)) <= 1 for a, b in zip(stored, samples, strict=True))


def test_plays_every_sound_with_the_dummy_driver(fresh_mixer):
    player = SoundPlayer(enabled=True, volume=0.5)
    assert player.available
    for name in SOUNDS:
        player.play(name)
    pygame.mixer.stop()


def test_play_uses_the_volume_and_respects_enabled(fresh_mixer):
    player = SoundPlayer(enabled=True, volume=0.5)
    fake = FakeSound()
    player._sounds["meld"] = fake
    player.play("meld")
    assert fake.played == 1 and fake.volume == 0.5
    player.set_volume(3)
    player.play("meld")
    assert fake.volume == 1.0
    player.set_enabled(False)
    player.play("meld")
    assert fake.played == 2
    player.set_enabled(True)
    player.set_volume(-1)
    player.play("meld")
    assert fake.played == 2  # volume 0 plays nothing
    player.set_volume(0.3)
    player.play("meld")
    assert fake.played == 3 and fake.volume == pytest.approx(0.3)


def test_unknown_sound_names_raise(fresh_mixer):
    player = SoundPlayer()
    with pytest.raises(ValueError):
        player.play("applause")


def test_silent_when_the_mixer_cannot_start(fresh_mixer, monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    player = SoundPlayer(enabled=True, volume=1.0)
    assert not player.available
    for name in SOUNDS:
        player.play(name)
    player.set_enabled(False)
    player.set_volume(0.2)
    player.set_enabled(True)
    player.play("click")


def test_silent_when_a_file_is_missing(fresh_mixer, monkeypatch, tmp_path):
    monkeypatch.setattr(sound_module, "sound_path", lambda name: str(tmp_path / f"{name}.wav"))
    player = SoundPlayer()
    assert player.available
    assert player._sounds == {}
    player.play("draw")


def test_bad_volume_values_fall_back(fresh_mixer):
    player = SoundPlayer(volume="loud")  # type: ignore[arg-type]
    assert player.volume == 0.8


def record_closing(monkeypatch) -> list[str]:
    """Record, in order, the calls that halt the sounds and close the mixer and pygame."""
    calls: list[str] = []

    def recorded(module, name: str, label: str) -> None:
        real = getattr(module, name)

        def call():
            calls.append(label)
            return real()

        monkeypatch.setattr(module, name, call)

    recorded(pygame.mixer, "stop", "halt the sounds")
    recorded(pygame.mixer, "quit", "close the mixer")
    recorded(pygame, "quit", "close pygame")
    return calls


def test_leaving_the_game_halts_the_sounds_before_closing_the_audio_device(storage, monkeypatch):
    """A sound ending while ``pygame.quit`` closes the mixer can hang the game on its way out
    (the audio thread waits for the interpreter lock): the sounds are halted first."""
    app = App(LaunchOptions(lang="en", storage=storage))
    app.start()
    app.sound.play("invalid")
    assert pygame.mixer.get_busy()
    calls = record_closing(monkeypatch)
    app.shutdown()
    # pygame.quit closes the mixer again on its own: harmless once nothing plays.
    assert calls[:3] == ["halt the sounds", "close the mixer", "close pygame"]
    assert pygame.mixer.get_init() is None


def test_leaving_without_sound_closes_pygame_only(storage, monkeypatch):
    app = App(LaunchOptions(lang="en", storage=storage))
    app.start()
    calls = record_closing(monkeypatch)
    app.shutdown()
    assert calls[0] == "close pygame" and "halt the sounds" not in calls
