"""Synthesise the game's sound effects into assets/sounds/ (WAV, 44.1 kHz, 16-bit, mono).

Run from the repository root:  python tools/make_sounds.py

Pure standard library (wave, math, random with a fixed seed): running it twice writes the same
bytes. Every sound is short and soft: gentle attacks, no hard clipping, peaks well below full
scale, and a few milliseconds of fade at both ends so nothing clicks.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 44100
PEAK = 0.62
"""Loudest sample of every sound, as a fraction of full scale."""
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def mix_into(target: Samples, source: Samples, at: float, gain: float = 1.0) -> None:
    """Add ``source`` into ``target`` starting ``at`` seconds in (``target`` grows if needed)."""
    start = round(at * RATE)
    if start + len(source) > len(target):
        target.extend([0.0] * (start + len(source) - len(target)))
    for i, value in enumerate(source):
        target[start + i] += value * gain


def tone(
    freq: float,
    seconds: float,
    partials: tuple[tuple[float, float], ...] = ((1, 1),),
    decay: float = 6.0,
    attack: float = 0.004,
) -> Samples:
    """A decaying tone: ``partials`` are (frequency ratio, amplitude); ``decay`` per second."""
    n = round(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        out.append(env * sum(a * math.sin(2 * math.pi * freq * r * t) for r, a in partials))
    return out


def noise(rng: random.Random, seconds: float, low: float, high: float) -> Samples:
    """White noise band-limited by a one-pole high-pass at ``low`` and low-pass at ``high`` Hz."""
    a_low = math.exp(-2 * math.pi * high / RATE)
    a_high = math.exp(-2 * math.pi * low / RATE)
    lp = hp_in = hp = 0.0
    out = []
    for _ in range(round(seconds * RATE)):
        x = rng.uniform(-1, 1)
        lp = (1 - a_low) * x + a_low * lp
        hp = a_high * (hp + lp - hp_in)
        hp_in = lp
        out.append(hp)
    return out


def shaped(samples: Samples, envelope: Callable[[float], float]) -> Samples:
    """Multiply by ``envelope(t)`` where t runs from 0 to 1 over the sound."""
    n = max(1, len(samples) - 1)
    return [s * envelope(i / n) for i, s in enumerate(samples)]


def finish(samples: Samples, peak: float = PEAK) -> Samples:
    """Normalise to ``peak``, soften the extremes and fade both ends over 3 ms."""
    top = max((abs(s) for s in samples), default=0.0) or 1.0
    out = [math.tanh(1.2 * s / top) / math.tanh(1.2) * peak for s in samples]
    fade = min(len(out) // 2, round(0.003 * RATE))
    for i in range(fade):
        k = i / fade
        out[i] *= k
        out[-1 - i] *= k
    return out


# ----------------------------------------------------------------------------- the sounds


def click(rng: random.Random) -> Samples:
    body = tone(1800, 0.03, ((1, 1), (2.3, 0.3)), decay=160)
    tick = shaped(noise(rng, 0.03, 2000, 9000), lambda t: math.exp(-t * 30))
    mix_into(body, tick, 0, 0.5)
    return finish(body, 0.42)


def draw(rng: random.Random) -> Samples:
    """A card slid off the pile: a short swish rising then fading."""
    swish = noise(rng, 0.2, 900, 6000)
    return finish(shaped(swish, lambda t: math.sin(math.pi * min(1.0, t * 1.6)) ** 2 * (1 - t) ** 0.5), 0.45)


def place(rng: random.Random) -> Samples:
    """A card laid on the cloth: a soft thump with a papery tap."""
    thump = tone(150, 0.11, ((1, 1), (1.5, 0.25)), decay=45, attack=0.002)
    tap = shaped(noise(rng, 0.05, 400, 4000), lambda t: math.exp(-t * 9))
    mix_into(thump, tap, 0, 0.8)
    mix_into(thump, tone(820, 0.04, ((1, 1), (2.4, 0.3)), decay=90, attack=0.001), 0, 0.35)
    return finish(thump, 0.55)


def shuffle(rng: random.Random) -> Samples:
    """A riffle shuffle: a run of small card flicks, quick in the middle, then the cards squared."""
    out = silence(0.95)
    t = 0.02
    count = 34
    for i in range(count):
        pace = 0.5 + 0.5 * math.cos(math.pi * (i / (count - 1) * 2 - 1))
        flick = shaped(noise(rng, 0.012, 1500, 8000), lambda x: math.exp(-x * 5))
        mix_into(out, flick, t, rng.uniform(0.55, 1.0))
        t += 0.028 - 0.012 * pace
    square = shaped(noise(rng, 0.14, 300, 2500), lambda x: math.sin(math.pi * x) ** 2)
    mix_into(out, square, t + 0.06, 0.9)
    mix_into(out, tone(120, 0.08, decay=50, attack=0.002), t + 0.16, 0.8)
    return finish(out, 0.5)


def meld(rng: random.Random) -> Samples:
    """A meld laid down: two bright, soft notes a fifth apart."""
    timbre = ((1, 1), (2, 0.35), (3, 0.12))
    out = tone(659.3, 0.5, timbre, decay=7)
    mix_into(out, tone(987.8, 0.45, timbre, decay=8), 0.075)
    return finish(out, 0.5)


def invalid(rng: random.Random) -> Samples:
    """Not allowed: a low, muted two-note fall (no buzz)."""
    timbre = ((1, 1), (2, 0.2), (3, 0.12))
    out = tone(349.2, 0.16, timbre, decay=16)
    mix_into(out, tone(293.7, 0.22, timbre, decay=14), 0.11)
    return finish(out, 0.5)


def your_turn(rng: random.Random) -> Samples:
    """Your turn: a small bell, two notes rising."""
    bell = ((1, 1), (2.76, 0.28), (5.4, 0.08))
    out = tone(784.0, 0.55, bell, decay=6)
    mix_into(out, tone(1046.5, 0.6, bell, decay=5.5), 0.13)
    return finish(out, 0.5)


def round_won(rng: random.Random) -> Samples:
    """End of a round: a rising major arpeggio settling on a chord."""
    timbre = ((1, 1), (2, 0.3), (3, 0.1), (4, 0.05))
    out = silence(1.2)
    notes = (523.3, 659.3, 784.0, 1046.5)
    for i, freq in enumerate(notes):
        mix_into(out, tone(freq, 0.9 if i == 3 else 0.5, timbre, decay=3.5 if i == 3 else 7), 0.11 * i, 0.8)
    for freq in notes[:3]:
        mix_into(out, tone(freq, 0.75, timbre, decay=4), 0.44, 0.35)
    return finish(out, 0.52)


def timer_warning(rng: random.Random) -> Samples:
    """Time is running out: a soft wooden tick-tock."""
    out = silence(0.36)
    wood = ((1, 1), (2.9, 0.25))
    mix_into(out, tone(1250, 0.09, wood, decay=55, attack=0.001), 0)
    mix_into(out, tone(940, 0.09, wood, decay=55, attack=0.001), 0.19)
    return finish(out, 0.5)


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "shuffle": shuffle,
    "draw": draw,
    "place": place,
    "meld": meld,
    "invalid": invalid,
    "your_turn": your_turn,
    "round_won": round_won,
    "timer_warning": timer_warning,
    "click": click,
}


def write_wav(path: Path, samples: Samples) -> None:
    data = array("h", (max(-32767, min(32767, round(s * 32767))) for s in samples))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for index, (name, make) in enumerate(SOUNDS.items()):
        write_wav(OUT / f"{name}.wav", make(random.Random(1000 + index)))
    print(f"{len(SOUNDS)} sounds written to {OUT}")


if __name__ == "__main__":
    main()
